"""What a puzzle is: a position, the seat to act, the answers, and the figures that make them right.

A :class:`Puzzle` is a position where one move (or a few moves that are the same up to
equivalent cards) is clearly best for the seat to act, seen from that seat's view:

* ``position``: the position (its one-line text, :mod:`durak_lab.engine.notation`, is what a
  file holds); ``seat``: the seat to act, 0-based (``"P1"`` in a file);
* ``answers``: the moves that solve it; ``exact``: whether the figures are the exact solver's
  (then a move is right exactly when its value is the best value, see
  :func:`~durak_lab.analysis.puzzles.check.check_answer`);
* ``moves``: every legal move of the seat with its figures ``(chance, low, high)``, best first
  (a chance of not being the durak, a draw counting half, with its 95% range; exact figures
  are a point, 1, 1/2 or 0), so a lesson can say why a wrong move is worse;
* ``themes`` (:mod:`~durak_lab.analysis.puzzles.themes`), ``rating`` and ``stars`` and the
  bot levels' ``misses`` (:mod:`~durak_lab.analysis.puzzles.rating`);
* ``source``: where it came from (:class:`Source`: the rules, the bots and the deal's seed, or
  a record, and the index of the move in the game).

Standard library only.

>>> from durak_lab.engine.moves import Move
>>> s = Source("podkidnoy,players=2", 7, 31, bots=("greedy", "tips"))
>>> s.to_json()
{'rules': 'podkidnoy,players=2', 'move': 31, 'bots': ['greedy', 'tips'], 'seed': 7}
>>> Source.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...engine.moves import seat_text
from ...engine.notation import position_text
from ...engine.state.position import Position

__all__ = ["Puzzle", "Source"]


@dataclass(frozen=True)
class Source:
    """Where a puzzle was found: ``rules`` (the rules text of the game), ``seed`` (the deal's seed, or
    None), ``move`` (the 0-based index of the decision in the game's moves), ``bots`` (the bot in
    each seat, weakest level names, or ``()`` for a record), ``record`` (the record's id or title,
    or None for a game the bots played here)."""

    rules: str
    seed: Optional[int]
    move: int
    bots: tuple = ()
    record: Optional[str] = None

    def to_json(self) -> dict:
        """The ``source`` object of a puzzle file."""
        out: dict = {"rules": self.rules, "move": self.move}
        if self.bots:
            out["bots"] = list(self.bots)
        if self.seed is not None:
            out["seed"] = self.seed
        if self.record is not None:
            out["record"] = self.record
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Source":
        """The inverse of :meth:`to_json` (for data already checked by the reader)."""
        return cls(data["rules"], data.get("seed"), data["move"], tuple(data.get("bots", ())), data.get("record"))


@dataclass(frozen=True)
class Puzzle:
    """A puzzle (see the module docstring).  ``moves`` is a tuple of ``(move, chance, low, high)``,
    best first; ``misses`` a tuple of ``(level, miss rate)``, weakest level first; ``playouts`` the
    playouts a move behind sampled figures (0 when exact); ``rating`` None until rated."""

    id: str
    position: Position
    seat: int
    answers: tuple
    themes: tuple
    exact: bool
    moves: tuple
    source: Source
    playouts: int = 0
    rating: Optional[int] = None
    stars: Optional[int] = None
    misses: tuple = ()
    tries: int = 0

    @property
    def position_text(self) -> str:
        """The position's one-line text."""
        return position_text(self.position)

    @property
    def best(self) -> tuple:
        """``(chance, low, high)`` of the best answer."""
        return self.moves[0][1:]

    @property
    def next_best(self) -> tuple:
        """``(chance, low, high)`` of the best move that is not an answer."""
        right = {str(m) for m in self.answers}
        return next(v[1:] for v in self.moves if str(v[0]) not in right)

    def figures_of(self, move: Any) -> Optional[tuple]:
        """``(chance, low, high)`` of ``move`` (a :class:`Move` or its text), or None if it is not listed."""
        text = str(move)
        return next((v[1:] for v in self.moves if str(v[0]) == text), None)

    @property
    def wrong_moves(self) -> tuple:
        """The seat's legal moves that are not answers, best first."""
        right = {str(m) for m in self.answers}
        return tuple(v[0] for v in self.moves if str(v[0]) not in right)

    @property
    def talon(self) -> int:
        """Cards left in the talon."""
        return len(self.position.talon)

    def with_rating(self, rating: int, stars: int, misses: tuple, tries: int) -> "Puzzle":
        """The same puzzle, rated."""
        return Puzzle(self.id, self.position, self.seat, self.answers, self.themes, self.exact, self.moves,
                      self.source, self.playouts, rating, stars, tuple(misses), tries)

    def to_json(self) -> dict:
        """The puzzle's object in a ``durak-lab-puzzles/1`` file (see :mod:`~durak_lab.analysis.puzzles.format`)."""
        out: dict = {
            "id": self.id,
            "position": self.position_text,
            "seat": seat_text(self.seat),
            "answers": [str(m) for m in self.answers],
            "themes": list(self.themes),
            "exact": self.exact,
            "figures": {"best": _r(self.best[0]), "next": _r(self.next_best[0]), "playouts": self.playouts,
                        "moves": {str(m): [_r(c), _r(lo), _r(hi)] for m, c, lo, hi in self.moves}},
        }
        if self.rating is not None:
            out["rating"] = {"elo": self.rating, "stars": self.stars, "tries": self.tries,
                             "misses": {name: _r(rate) for name, rate in self.misses}}
        out["source"] = self.source.to_json()
        return out

    def __repr__(self) -> str:
        answers = ", ".join(str(m) for m in self.answers)
        return f"<Puzzle {self.id}: {seat_text(self.seat)} to find {answers}>"


def _r(x: float) -> float:
    return round(float(x), 4)

