"""A mutable game for people and widgets: a position plus a move stack.

:class:`Game` wraps the immutable :class:`~durak_lab.engine.state.Position`: ``play``
pushes, ``undo`` pops.  Undo keeps the previous value; nothing is deep-copied.
An illegal move raises :class:`~durak_lab.engine.errors.IllegalMoveError` and leaves
the game as it was.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> g = Game.deal(Rules(players=2), seed=3)
>>> first = g.legal_moves()[0]
>>> events = g.play(first)
>>> len(g), g.moves[-1] == first
(1, True)
>>> g.undo() == first, len(g)
(True, 0)
"""

from __future__ import annotations

import random
from typing import Iterable, NamedTuple, Optional, Union

from .errors import DurakError
from .moves import Move, seat_text
from .rules import Rules
from .state.position import Declare, Event, Position

__all__ = ["Game", "Step"]


class Step(NamedTuple):
    """One played move: the position before it, the move, what followed, the position after."""

    before: Position
    move: Move
    events: tuple
    after: Position


class Game:
    """A game in progress: ``position``, the ``steps`` played, ``play``/``undo``.

    With ``sequential=True`` only the seat :meth:`Position.to_act` may move.
    """

    def __init__(self, position: Position, sequential: bool = False) -> None:
        self.start = position
        self.position = position
        self.sequential = sequential
        self.steps: list[Step] = []

    @classmethod
    def deal(cls, rules: Rules, seed: Union[int, random.Random, None] = None,
             sequential: bool = False, declare: Declare = None) -> "Game":
        """A new game from a shuffled deal (see :meth:`Position.deal`; ``declare``: who declares an R4 redeal)."""
        return cls(Position.deal(rules, seed, declare=declare), sequential)

    # -------------------------------------------------------------- playing
    def play(self, move: Union[Move, str]) -> tuple[Event, ...]:
        """Play ``move`` (a :class:`Move` or its text); return the events that followed it."""
        if isinstance(move, str):
            move = Move.parse(move, self.position.players)
        after, events = self.position.play_events(move, self.sequential)
        ev = tuple(events)
        self.steps.append(Step(self.position, move, ev, after))
        self.position = after
        return ev

    def play_all(self, moves: Iterable[Union[Move, str]]) -> None:
        """Play several moves; on an illegal one the moves before it stay played."""
        for m in moves:
            self.play(m)

    def undo(self) -> Move:
        """Take back the last move and return it.

        >>> Game.deal(Rules(), seed=1).undo()
        Traceback (most recent call last):
        ...
        durak_lab.engine.errors.DurakError: there is no move to undo
        """
        if not self.steps:
            raise DurakError("there is no move to undo")
        step = self.steps.pop()
        self.position = step.before
        return step.move

    def why_illegal(self, move: Union[Move, str]) -> Optional[str]:
        """None if ``move`` may be played now, else the reason as a sentence."""
        if isinstance(move, str):
            try:
                move = Move.parse(move, self.position.players)
            except DurakError as err:
                return str(err)
        illegal = self.position.why_illegal(move)
        if illegal is not None:
            return illegal.message
        turn = self.position.to_act()  # None only once the game is over, and then every move is illegal
        if self.sequential and turn is not None and move.seat != turn:
            return f"it is {seat_text(turn)}'s turn, not {seat_text(move.seat)}'s"
        return None

    # -------------------------------------------------------------- queries
    def legal_moves(self) -> list[Move]:
        """The moves that may be played now (all seats, or the seat to act when sequential)."""
        if self.sequential:
            return self.position.sequential_moves()
        return self.position.legal_moves()

    @property
    def moves(self) -> list[Move]:
        """The moves played so far."""
        return [s.move for s in self.steps]

    @property
    def rules(self) -> Rules:
        return self.position.rules

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    @property
    def result(self) -> Optional[tuple]:
        """None while the game goes on; else the durak seats (empty for a draw)."""
        return self.position.result

    def __len__(self) -> int:
        return len(self.steps)

    def __repr__(self) -> str:
        return f"<Game {len(self.steps)} moves, {self.position.result_text()}>"
