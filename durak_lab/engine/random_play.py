"""Random positions and games: material for the solver's benchmark, the analyser and tests.

Standard library only. Every function takes its seed or an explicit ``random.Random``.
"""

from __future__ import annotations

import random

from .cards import SUIT_SYMBOLS, cards_of
from .game import Game
from .rules import Rules
from .state.position import Position

__all__ = ["random_endgame", "random_game"]


def random_endgame(rules: Rules, n: int, m: int, rng: random.Random) -> Position:
    """A two-player position with an empty talon: ``n`` and ``m`` random cards, a random trump
    suit, a random attacker, every other card in the discard (no first-bout limit).

    >>> p = random_endgame(Rules.preset("podkidnoy", players=2), 4, 4, random.Random(7))
    >>> len(p.hand(0)), len(p.hand(1)), len(p.talon), p.first_limit
    (4, 4, 0, False)
    """
    deck = cards_of(rules.all_cards)
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:n + m])]
    return Position.start(rules, hands=hands, trump=SUIT_SYMBOLS[rng.randrange(4)], discard="rest",
                          attacker=rng.randrange(2), first_bout=False)


def random_game(rules: Rules, seed: int) -> Game:
    """A whole game from a seeded deal, every move chosen uniformly at random from the
    sequential moves (material for :mod:`durak_lab.analysis.analyser`: random play makes mistakes).

    >>> g = random_game(Rules.preset("podkidnoy", players=2), seed=6)
    >>> g.is_over, len(g.moves), g.result
    (True, 50, (1,))
    """
    rng = random.Random(seed)
    game = Game.deal(rules, seed=seed)
    while not game.is_over:
        moves = game.position.sequential_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game
