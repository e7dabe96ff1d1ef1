"""A match of several games: who leads each game (R7, R8) and the count of duraks (R30).

:class:`Match` deals game after game from one seeded ``random.Random``: the
first game is led by the holder of the lowest trump (R7); later games by the
rule ``Rules.next_leader`` (R8: left or right of the last durak, the winner in
the Korean two-player game, or the lowest trump again).  After each game,
:meth:`Match.finish` records the result; :meth:`Match.standings` counts every
seat's durak games and :meth:`Match.winners` names those with the fewest (R30).
With ``Rules.redeal`` (R4) each player dealt a lopsided hand decides whether to
declare a redeal: ``Match(rules, seed, declare=...)`` asks a function with the
seat and its own hand; :attr:`Match.declared` keeps who declared in each game.

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> m = Match(Rules(players=3), seed=4)
>>> for _ in range(3):
...     g = m.new_game()
...     rng = random.Random(len(m.results))
...     while not g.is_over:
...         _ = g.play(rng.choice(g.legal_moves()))
...     _ = m.finish(g)
>>> len(m.results), sum(m.standings().values()) <= 3
(3, True)
"""

from __future__ import annotations

import random
from typing import Optional, Union

from .errors import DurakError
from .game import Game
from .moves import seat_text
from .rules import NextLeader, Rules
from .state.position import Declare, Position

__all__ = ["Match", "next_leader"]


def next_leader(rules: Rules, losers: tuple, first_out: Optional[int] = None) -> Optional[int]:
    """The seat leading the next game after a game whose durak seats were ``losers`` (R8).

    None means "by the lowest trump" (R7): after a draw, or with
    ``next_leader='lowest_trump'``.  With several duraks (a team, or R29's
    all-durak tie) the first of them in seat order counts.  'winner' (KO, two
    players) is the seat that went out first, ``first_out``.

    >>> next_leader(Rules(players=4), (2,))           # ZH: left of the durak
    3
    >>> next_leader(Rules(players=4, next_leader="right_of_durak"), (0,))
    3
    >>> next_leader(Rules(players=2, next_leader="winner"), (1,), first_out=0)
    0
    """
    n = rules.players
    how = rules.next_leader
    if how is NextLeader.LOWEST_TRUMP or not losers:
        return None
    durak = min(losers)
    if how is NextLeader.LEFT_OF_DURAK:
        return (durak + 1) % n
    if how is NextLeader.RIGHT_OF_DURAK:
        return (durak - 1) % n
    if first_out is not None:
        return first_out
    winners = [s for s in range(n) if s not in losers]
    return winners[0] if winners else None


class Match:
    """Several games in a row with one set of rules (R8, R30)."""

    def __init__(self, rules: Rules, seed: Union[int, random.Random, None] = None,
                 declare: Declare = None) -> None:
        self.rules = rules
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        #: Who declares an R4 redeal (see :meth:`Position.deal <durak_lab.engine.state.Position.deal>`),
        #: e.g. ``lambda seat, hand: ...`` that asks the player; None: nobody.
        self.declare = declare
        #: The seats that declared a redeal in each game dealt, in order (R4).
        self.declared: list[tuple] = []
        #: The durak seats of each finished game (empty tuple: a draw).
        self.results: list[tuple] = []
        self._next: Optional[int] = None
        self._open = False

    def new_game(self, sequential: bool = False) -> Game:
        """Deal the next game; its leader follows R7 for the first game, R8 after."""
        if self._open:
            raise DurakError("finish the current game before dealing the next one")
        position, declared = Position.deal_declared(self.rules, self.rng, attacker=self._next, declare=self.declare)
        self.declared.append(declared)
        self._open = True
        return Game(position, sequential)

    def finish(self, game: Game) -> tuple:
        """Record a finished game; return its durak seats."""
        if not game.is_over:
            raise DurakError("the game is not over yet")
        losers = game.result
        assert losers is not None
        first_out = None
        for step in game.steps:
            for ev in step.events:
                if ev.kind == "out" and first_out is None:
                    first_out = ev.seat
        self.results.append(losers)
        self._next = next_leader(self.rules, losers, first_out)
        self._open = False
        return losers

    def standings(self) -> dict:
        """Each seat's number of durak games, ``{'P1': 0, 'P2': 2, ...}`` (R30)."""
        counts = {seat_text(s): 0 for s in range(self.rules.players)}
        for losers in self.results:
            for s in losers:
                counts[seat_text(s)] += 1
        return counts

    def winners(self) -> list[str]:
        """The seats with the fewest durak games (R30)."""
        st = self.standings()
        best = min(st.values())
        return [s for s, c in st.items() if c == best]

    @property
    def next_leader(self) -> Optional[int]:
        """Who leads the next game (None: the lowest trump, R7)."""
        return self._next
