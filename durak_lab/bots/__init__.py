"""Bots that play from what their seat sees, and tournaments between them.

Standard library only; imports the engine and analysis.
"""

from .bots import (BOTS, TRUMP_COST, Bot, BotError, EndgameBot, RandomBot, TipsBot, card_cost, cheapest_cover,
                   position_of_view)
from .tournament import MAX_MOVES, GameResult, Tournament, deal_seeds, play_deals, play_game, round_robin, wilson

__all__ = [
    "Bot", "BotError", "RandomBot", "TipsBot", "EndgameBot", "BOTS", "TRUMP_COST", "card_cost", "cheapest_cover",
    "position_of_view", "MAX_MOVES", "GameResult", "Tournament", "deal_seeds", "play_deals", "play_game",
    "round_robin", "wilson",
]
