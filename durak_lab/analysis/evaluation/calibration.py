"""From the playouts' share to a chance you can trust: the evaluator's calibration maps.

The playouts after each move are played by the greedy policy, which is weaker
than the players the evaluator advises: a position the greedy playouts nearly
always win can still be lost against a careful defender, and a lost-looking one
saved.  So the share of playouts won is not yet the chance of winning.  A
*calibration map* turns it into one: a monotone, piecewise-linear function fitted
on games in which every seat played the evaluator's own choices
(``durak-lab bench evaluation --fit``), by isotonic regression (the
pool-adjacent-violators algorithm, :func:`isotonic`) of how each game ended on
the share predicted at each decision.  A map is kept per number of players and
per phase of the game (the talon's size: :func:`phase_of`), since the
playouts' bias is not the same at the start and near the end.  Being monotone,
a map never changes which move is best; exact values are never mapped.

The fitted maps are :data:`~durak_lab.analysis.evaluation.calibration_table.MAPS`;
the figures before and after, on games the fit never saw, are in the README
("How far the evaluator can be trusted").

Standard library only.

>>> knots = isotonic([(0.1, 0.0), (0.2, 1.0), (0.3, 0.0), (0.9, 1.0)])
>>> [(round(x, 2), round(y, 2)) for x, y in knots]
[(0.1, 0.0), (0.25, 0.5), (0.9, 1.0)]
>>> round(apply_knots(knots, 0.5), 3), apply_knots(knots, 0.0), apply_knots(knots, 1.0)
(0.692, 0.0, 1.0)
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Iterable, Optional, Sequence

__all__ = ["PHASES", "phase_of", "isotonic", "apply_knots", "fit_maps", "map_for", "calibrate"]

#: The phases of a game a map is kept for: the talon holds more than 12 cards, 1 to 12, none.
PHASES = ("early", "late", "end")


def phase_of(talon_size: int) -> str:
    """The phase of a position with ``talon_size`` cards in the talon.

    >>> phase_of(24), phase_of(5), phase_of(0)
    ('early', 'late', 'end')
    """
    if talon_size > 12:
        return "early"
    return "late" if talon_size else "end"


def isotonic(points: Iterable[tuple], bins: int = 40) -> tuple:
    """The knots ``((x, y), …)`` of the isotonic regression of outcomes ``y`` (0–1) on predictions
    ``x``: the points sorted by ``x`` and grouped into about ``bins`` groups of equal size (the
    points of one prediction always in one group), then adjacent groups pooled while their means
    decrease (pool adjacent violators).

    >>> isotonic([(1.0, 0.0), (1.0, 1.0), (1.0, 1.0), (0.0, 0.0)], bins=4)
    ((0.0, 0.0), (1.0, 0.6666666666666666))
    """
    pts = sorted(points, key=lambda p: p[0])  # by the prediction only: equal ones keep their order
    if not pts:
        return ()
    size = max(1, -(-len(pts) // bins))
    blocks: list = []  # [sum x, sum y, n]; points of one prediction stay in one group
    last = None
    for x, y in pts:
        if blocks and (blocks[-1][2] < size or x == last):
            blocks[-1][0] += x
            blocks[-1][1] += y
            blocks[-1][2] += 1
        else:
            blocks.append([x, y, 1])
        last = x
    stack: list = []
    for b in blocks:
        stack.append(b)
        while len(stack) > 1 and stack[-2][1] / stack[-2][2] >= stack[-1][1] / stack[-1][2]:
            top = stack.pop()
            for k in range(3):
                stack[-1][k] += top[k]
    return tuple((sx / n, sy / n) for sx, sy, n in stack)


def apply_knots(knots: Sequence[tuple], x: float) -> float:
    """The map of ``knots`` at ``x``: linear between knots, flat beyond the first and the last (as
    isotonic regression is: no data says more there)."""
    if not knots:
        return x
    xs = [k[0] for k in knots]
    i = bisect_right(xs, x)
    if i <= 0:
        return knots[0][1]
    if i >= len(knots):
        return knots[-1][1]
    (x0, y0), (x1, y1) = knots[i - 1], knots[i]
    if x1 == x0:
        return y1
    return min(1.0, max(0.0, y0 + (y1 - y0) * (x - x0) / (x1 - x0)))


def fit_maps(rows: Iterable[tuple], bins: int = 40) -> dict:
    """``{(players, phase): knots}`` from rows ``(players, talon_size, predicted, outcome)``."""
    groups: dict = {}
    for players, talon, predicted, outcome in rows:
        groups.setdefault((players, phase_of(talon)), []).append((predicted, outcome))
    return {key: isotonic(pts, bins) for key, pts in sorted(groups.items())}


def map_for(players: int, talon_size: int, maps: Optional[dict] = None) -> tuple:
    """The knots for a position with ``players`` in the game (() when no map was fitted for that
    many: the share is then left as it is)."""
    if maps is None:
        from .calibration_table import MAPS
        maps = MAPS
    return maps.get((players, phase_of(talon_size)), ())


def calibrate(share: float, players: int, talon_size: int, maps: Optional[dict] = None) -> float:
    """The calibrated chance of a playout share.

    >>> calibrate(0.5, 2, 10, maps={}) == 0.5
    True
    """
    return apply_knots(map_for(players, talon_size, maps), share)
