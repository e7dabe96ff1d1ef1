"""What an evaluation says: the chances of each outcome, per position and per move, with intervals.

An :class:`Evaluation` is for one seat: ``win`` is the chance that its side is
not the durak, ``lose`` that it is, ``draw`` that nobody is (R27 to R29).  Its
*chance* is ``win + draw / 2``, what the searches maximise.  Each figure comes
with a 95% interval: from the playouts behind it (Wilson's score interval, which
stays inside 0–1 and is honest near the ends), or a single point where the
value is exact (the solver's, :func:`~durak_lab.analysis.solver.exact_move_values`).

:meth:`Evaluation.to_json` is the ``durak-lab eval --json`` object, a public
contract (see the README, "Evaluate a position").

Standard library only.

>>> e = MoveValue(None, (30, 10, 60), exact=False)
>>> e.win, e.draw, e.lose, round(e.chance, 2), [round(x, 3) for x in e.interval]
(0.3, 0.1, 0.6, 0.35, [0.264, 0.447])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional

from ...engine.moves import Move, seat_text

__all__ = ["Z95", "wilson", "MoveValue", "Evaluation", "EXACT_COUNTS"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054

#: The counts an exact value stands for: a win, a draw, a loss (one "playout" each, known for sure).
EXACT_COUNTS = {1: (1, 0, 0), 0: (0, 1, 0), -1: (0, 0, 1)}


def wilson(p: float, n: int, z: float = Z95) -> tuple:
    """Wilson's score interval ``(lo, hi)`` for a share ``p`` seen over ``n`` trials (``(0, 1)`` for none).

    >>> [round(x, 3) for x in wilson(0.5, 100)]
    [0.404, 0.596]
    >>> wilson(1.0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    z2 = z * z
    den = 1 + z2 / n
    mid = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass(frozen=True)
class MoveValue:
    """A move's worth to the evaluated seat: the games won, drawn and lost after it (``counts``) and
    whether that is exact (then ``counts`` is one of :data:`EXACT_COUNTS`).  ``move`` is None for
    the position itself.  ``calibrated``: the chance the playouts' share stands for, with its 95%
    interval ``(chance, lo, hi)`` (:mod:`~durak_lab.analysis.evaluation.calibration`), or None: then
    the chance is the share itself."""

    move: Optional[Move]
    counts: tuple
    exact: bool = False
    calibrated: Optional[tuple] = None

    @property
    def playouts(self) -> int:
        """The playouts behind the figures (0 when exact)."""
        return 0 if self.exact else sum(self.counts)

    def _share(self, i: int) -> float:
        n = sum(self.counts)
        return self.counts[i] / n if n else 0.0

    @property
    def share(self) -> float:
        """The playouts' share for the seat, a draw counting half (before calibration)."""
        return self._share(0) + self._share(1) / 2

    @property
    def draw(self) -> float:
        """The chance that nobody is the durak."""
        return self._share(1)

    @property
    def win(self) -> float:
        """The chance that the seat's side is not the durak."""
        if self.calibrated is None:
            return self._share(0)
        return _clip(self.calibrated[0] - self.draw / 2, 1 - self.draw)

    @property
    def lose(self) -> float:
        """The chance that the seat's side is the durak."""
        if self.calibrated is None:
            return self._share(2)
        return max(0.0, 1 - self.draw - self.win)

    @property
    def chance(self) -> float:
        """``win + draw / 2``: what the searches maximise."""
        return self.share if self.calibrated is None else self.calibrated[0]

    @property
    def interval(self) -> tuple:
        """The 95% interval of :attr:`chance` (a point when exact)."""
        if self.exact:
            return (self.chance, self.chance)
        if self.calibrated is not None:
            return (self.calibrated[1], self.calibrated[2])
        return wilson(self.chance, sum(self.counts))

    def interval_of(self, outcome: str) -> tuple:
        """The 95% interval of ``'win'``, ``'draw'`` or ``'lose'``."""
        p = getattr(self, outcome)
        if self.exact:
            return (p, p)
        if self.calibrated is None or outcome == "draw":
            return wilson(p, sum(self.counts))
        d = self.draw
        lo, hi = _clip(self.calibrated[1] - d / 2, 1 - d), _clip(self.calibrated[2] - d / 2, 1 - d)
        return (lo, hi) if outcome == "win" else (max(0.0, 1 - d - hi), max(0.0, 1 - d - lo))

    def as_json(self) -> dict:
        """The move's entry in :meth:`Evaluation.to_json`."""
        out: dict = {"move": str(self.move)} if self.move is not None else {}
        out.update(_outcome_json(self))
        out["interval"] = [_r(x) for x in self.interval]
        out["exact"] = self.exact
        out["playouts"] = self.playouts
        if not self.exact:
            out["share"] = _r(self.share)
        return out


def _clip(x: float, top: float = 1.0) -> float:
    return min(top, max(0.0, x))


def _r(x: float) -> float:
    return round(x, 4)


def _outcome_json(v: MoveValue) -> dict:
    return {"win": _r(v.win), "draw": _r(v.draw), "lose": _r(v.lose)}


@dataclass(frozen=True)
class Evaluation:
    """An evaluation of a position for ``seat`` (see the module's text).

    ``to_act``: the seat to act (None once the game is over); ``mode``: ``"view"`` (the hidden
    cards dealt from the seat's view) or ``"open"`` (every card known); ``value``: the position's
    worth, the value of a best move of the seat to act (or, when its moves are not known to the
    seat, the playouts from the position itself); ``moves``: every legal move of ``to_act``, best
    first, valued for ``seat``; ``best``: the moves the seat to act should choose (every move of
    the top exact value, else the one with the best chance); ``worlds``: the deals behind the
    figures (1 in open mode; 0 when exact); ``seconds``: the CPU time it took.
    """

    seat: int
    to_act: Optional[int]
    mode: str
    value: MoveValue
    moves: tuple = ()
    best: tuple = ()
    worlds: int = 0
    seconds: float = 0.0
    notes: tuple = field(default=(), compare=False)

    @property
    def exact(self) -> bool:
        """Whether the position's value is exact (the solver's)."""
        return self.value.exact

    @property
    def win(self) -> float:
        return self.value.win

    @property
    def draw(self) -> float:
        return self.value.draw

    @property
    def lose(self) -> float:
        return self.value.lose

    @property
    def chance(self) -> float:
        return self.value.chance

    @property
    def interval(self) -> tuple:
        return self.value.interval

    @property
    def playouts(self) -> int:
        """Every playout behind the evaluation, all moves together."""
        return sum(m.playouts for m in self.moves) or self.value.playouts

    def move_value(self, move) -> MoveValue:
        """The :class:`MoveValue` of ``move`` (a :class:`Move` or its text); KeyError if not listed."""
        text = str(move)
        for m in self.moves:
            if str(m.move) == text:
                return m
        raise KeyError(text)

    def to_json(self) -> dict:
        """The ``durak-lab eval --json`` object (a public contract, see the README)::

            {"seat": "P1", "to_act": "P1", "exact": bool, "mode": "view" | "open",
             "outcome": {"win": p, "draw": p, "lose": p}, "interval": [lo, hi],
             "intervals": {"win": [lo, hi], "draw": [lo, hi], "lose": [lo, hi]},
             "chance": p, "worlds": N, "playouts": N, "seconds": s,
             "moves": [{"move": "P1 attack 7♦", "win": p, "draw": p, "lose": p,
                        "interval": [lo, hi], "exact": bool, "playouts": N}, …],
             "best": ["P1 attack 7♦", …]}

        ``interval`` is that of the chance (win + draw / 2).
        """
        v = self.value
        return {
            "seat": seat_text(self.seat),
            "to_act": None if self.to_act is None else seat_text(self.to_act),
            "exact": v.exact,
            "mode": self.mode,
            "outcome": _outcome_json(v),
            "interval": [_r(x) for x in v.interval],
            "intervals": {k: [_r(x) for x in v.interval_of(k)] for k in ("win", "draw", "lose")},
            "chance": _r(v.chance),
            "worlds": self.worlds,
            "playouts": self.playouts,
            "seconds": round(self.seconds, 3),
            "moves": [m.as_json() for m in self.moves],
            "best": [str(m) for m in self.best],
        }
