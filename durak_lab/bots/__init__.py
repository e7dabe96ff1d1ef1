"""Bots: players that choose a move from what their seat can see.

A bot is any object with a ``name`` and a method ``choose(view, rng) -> Move``
(the :class:`Bot` protocol).  It gets a :class:`~durak_lab.engine.view.PlayerView`:
its own hand, the table, the discard, the cards everyone knows to be in each
hand, the hand sizes and the talon's size (R3, R7, R18, R24), never another
hand or the talon's order; and an explicit ``random.Random`` for any choice
it makes by chance.  It returns one of ``view.legal``, the moves its seat may
make now under the sequential protocol.

The bots here:

* :class:`RandomBot`: a uniformly random legal move, the baseline.
* :class:`TipsBot`: the Chinese source's tips for beginners (see the digest's
  "Tips for beginners (ZH)"): attack with low cards and keep high ones for
  defence; keep trumps and cover with them only when you must; pairs are
  good for throwing in; taking is sometimes cheaper than a trump.
  Every threshold is a parameter, so a class can try variations.  In pushing
  durak (``Rules.pushing``) it never pushes a card that breaks R12 and always
  sends such a card back (R31); the random bot does both by chance.
* :class:`EndgameBot`: another bot's play until the talon is empty and two
  players are left; then nothing is hidden (R19, R28), and it plays a best
  move of the exact solver (:mod:`durak_lab.analysis.solver`), breaking ties with the
  other bot's choice.  A search past its node limit falls back to the other
  bot for that move.

Write your own by giving a class ``name`` and ``choose``; :mod:`durak_lab.bots.tournament`
plays bots against each other.

The modules: ``base`` (the protocol, :class:`BotError`, :class:`RandomBot`),
``tips`` (:class:`TipsBot` and the cheapest cover), ``endgame``
(:class:`EndgameBot`), ``tournament`` (games, duplicate deals, round robins).

Standard library only; imports the engine and analysis.

>>> sorted(BOTS)                       # the levels, each a factory
['endgame', 'random', 'tips']
>>> BOTS["tips"]().name
'tips'
"""

from .base import Bot, BotError, RandomBot
from .endgame import EndgameBot, position_of_view
from .tips import TRUMP_COST, TipsBot, card_cost, cheapest_cover
from .tournament import MAX_MOVES, GameResult, Tournament, deal_seeds, play_deals, play_game, round_robin, wilson

#: The bots by name, each a factory: ``BOTS["tips"]()``.
BOTS = {"random": RandomBot, "tips": TipsBot, "endgame": EndgameBot}

__all__ = [
    "Bot", "BotError", "RandomBot", "TipsBot", "EndgameBot", "BOTS", "TRUMP_COST", "card_cost", "cheapest_cover",
    "position_of_view", "MAX_MOVES", "GameResult", "Tournament", "deal_seeds", "play_deals", "play_game",
    "round_robin", "wilson",
]
