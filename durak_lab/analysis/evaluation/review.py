"""A review of any game: every decision judged by the evaluator, each player's accuracy, the key moments.

For every move of a recorded game whose mover had a choice, :func:`review`
evaluates the position just before it (:func:`~durak_lab.analysis.evaluation.evaluate`,
from the mover's own view by default, or with every card open) and compares the
move played with the best move, on the same worlds:

* ``before``: the mover's chance with the best move (a draw counting half);
* ``after``: the mover's chance with the move played;
* ``loss``: ``before - after``, the chance the move gave away.

**Labels**, on the chance lost (like lichess's, whose thresholds are drops of
the winning chance).  A sampled loss is first reduced by its margin of error (1.96
standard errors of the difference), so that the luck of the worlds alone never
makes a mistake; an exact loss (the solver's, 0, 1/2 or 1) is taken as it is:

========== ===========================================================
label      the move
========== ===========================================================
forced     was the only legal move
only       was best, and every other move loses more than 0.10
best       loses at most 0.02 (or is one of the evaluator's best moves)
good       loses at most 0.05
inaccuracy loses at most 0.10
mistake    loses at most 0.20
blunder    loses more than 0.20
========== ===========================================================

**Accuracy** of a player: the mean over its decisions (forced moves left out)
of lichess's accuracy of a move, ``103.1668 * exp(-0.04354 * lost) - 3.1669``
with ``lost`` the chance lost in percentage points (less its margin of error, as for
the labels), kept between 0 and 100.

**Key moments**: the mistakes and blunders, biggest loss first; or, in a game
without any, the decision that lost the most.

:meth:`Review.to_json` is the ``durak-lab review --json`` object, a public
contract (see the README).

Standard library only.

>>> from durak_lab.engine.records import load_record
>>> rec = load_record({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
...     "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, "discard": "rest",
...               "attacker": "P2", "first_bout": False},
...     "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦", "P2 take"]})
>>> r = review(rec)
>>> [(d.index, str(d.move), d.label, d.exact) for d in r.decisions][:2]
[(0, 'P2 attack 7♦', 'blunder', True), (1, 'P1 cover 7♦ with 10♦', 'only', True)]
>>> [str(m) for m in r.decisions[0].better]
['P2 attack 8♥']
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Union

from ...engine.moves import Move, seat_text
from ...engine.state.position import Position
from .evaluator import evaluate
from .result import Z95, Evaluation, MoveValue

__all__ = ["LABELS", "FORCED", "ONLY", "BEST", "GOOD", "INACCURACY", "MISTAKE", "BLUNDER", "THRESHOLDS",
           "REVIEW_BUDGET", "Decision", "Review", "review", "judge", "summarise", "label_for", "move_accuracy"]

FORCED, ONLY, BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = (
    "forced", "only", "best", "good", "inaccuracy", "mistake", "blunder")
#: Every label, best first.
LABELS = (BEST, ONLY, FORCED, GOOD, INACCURACY, MISTAKE, BLUNDER)
#: The most chance a move may lose and keep its label (above the last: a blunder).
THRESHOLDS = ((BEST, 0.02), (GOOD, 0.05), (INACCURACY, 0.10), (MISTAKE, 0.20))
#: Every other move loses more than this: the move played was the only one (``only``).
ONLY_MARGIN = 0.10
#: The review's budget per decision, in CPU seconds (a forced move gets a fifth of it).
REVIEW_BUDGET = 0.5


def move_accuracy(loss: float) -> float:
    """Lichess's accuracy of a move that lost ``loss`` of the chance (0–1), from 0 to 100.

    >>> round(move_accuracy(0.0), 1), round(move_accuracy(0.1), 1), round(move_accuracy(1.0), 1)
    (100.0, 63.6, 0.0)
    """
    if loss <= 0:
        return 100.0
    a = 103.1668 * math.exp(-0.04354 * loss * 100) - 3.1669
    return min(100.0, max(0.0, a))


def _margin(best: MoveValue, played: MoveValue) -> float:
    """1.96 standard errors of ``best.chance - played.chance`` (0 when both are exact)."""
    var = 0.0
    for v in (best, played):
        if not v.exact:
            n = sum(v.counts)
            if n:
                second = (v.counts[0] + v.counts[1] / 4) / n  # E[score^2], a draw scoring 1/2
                var += max(second - v.chance ** 2, 0.0) / n
            else:
                var += 0.25
    return Z95 * math.sqrt(var)


def label_for(loss: float, margin: float = 0.0, others_lose: Optional[float] = None) -> str:
    """The label of a move that lost ``loss`` (reduced by ``margin`` first); ``others_lose``: the
    least any other move loses (an ``only`` move when it is above :data:`ONLY_MARGIN`).

    >>> label_for(0.0, others_lose=0.5), label_for(0.01), label_for(0.07), label_for(0.5)
    ('only', 'best', 'inaccuracy', 'blunder')
    >>> label_for(0.07, margin=0.06)
    'best'
    """
    sure = max(0.0, loss - margin)
    for label, top in THRESHOLDS:
        if sure <= top:
            if label == BEST and others_lose is not None and others_lose > ONLY_MARGIN:
                return ONLY
            return label
    return BLUNDER


@dataclass(frozen=True)
class Decision:
    """One move judged (see the module's text).  ``index``: its place in the game (0-based);
    ``options``: the mover's legal moves; ``better``: moves that keep clearly more (best first);
    ``evaluation``: the evaluator's figures for the position before it."""

    index: int
    move: Move
    seat: int
    before: float
    after: float
    loss: float
    label: str
    better: tuple
    exact: bool
    options: int
    evaluation: Optional[Evaluation] = field(default=None, compare=False, repr=False)
    margin: float = 0.0

    @property
    def sure_loss(self) -> float:
        """The loss less its margin of error (what the label and the accuracy are judged on)."""
        return max(0.0, self.loss - self.margin)

    def as_json(self) -> dict:
        """The decision's entry in :meth:`Review.to_json`."""
        return {"index": self.index, "move": str(self.move), "seat": seat_text(self.seat),
                "before": round(self.before, 4), "after": round(self.after, 4), "loss": round(self.loss, 4),
                "label": self.label, "better": [str(m) for m in self.better], "exact": self.exact,
                "options": self.options}


@dataclass(frozen=True)
class Review:
    """The review of a game: its ``decisions`` (in order), each player's ``accuracy`` (0–100, None
    without a judged decision) and ``labels`` (how many of each), the ``key_moments`` (decision
    indexes into ``decisions``), the moves played ``moves`` and the game's ``result`` so far."""

    decisions: tuple
    players: tuple
    accuracy: dict
    labels: dict
    key_moments: tuple
    moves: int
    result: Optional[tuple]
    mode: str = "view"

    def to_json(self) -> dict:
        """The ``durak-lab review --json`` object (a public contract, see the README)::

            {"moves": [{"index": i, "move": "…", "seat": "P1", "before": p, "after": p, "loss": x,
                        "label": "best|good|inaccuracy|mistake|blunder|forced|only",
                        "better": ["…"], "exact": bool, "options": n}, …],
             "players": {"P1": {"accuracy": x, "labels": {"best": n, …}}, …},
             "key_moments": [i, …], "mode": "view" | "open", "result": ["P2"] | [] | null}

        ``key_moments`` are game move indexes (``index``).
        """
        return {
            "moves": [d.as_json() for d in self.decisions],
            "players": {seat_text(s): {"accuracy": None if self.accuracy[s] is None else round(self.accuracy[s], 1),
                                       "labels": dict(self.labels[s])} for s in self.players},
            "key_moments": [self.decisions[i].index for i in self.key_moments],
            "mode": self.mode,
            "result": None if self.result is None else [seat_text(s) for s in self.result],
        }


def judge(index: int, move: Move, seat: int, ev: Evaluation) -> Optional[Decision]:
    """The :class:`Decision` on ``move`` (the ``index``-th of the game, by ``seat``) from ``ev``, the
    evaluation of the position before it for ``seat``; None when ``move`` is not among its moves."""
    try:
        played = ev.move_value(move)
    except KeyError:
        return None
    options = len(ev.moves)
    top = ev.moves[0]
    before, after = top.chance, played.chance
    loss = max(0.0, before - after)
    if options == 1:
        label = FORCED
    elif move in ev.best:
        others = [max(0.0, before - m.chance) for m in ev.moves if m.move != move]
        label = label_for(0.0, others_lose=min(others))
    else:
        others = [max(0.0, before - m.chance) - _margin(top, m) for m in ev.moves if m.move != move]
        label = label_for(loss, _margin(top, played), min(others) if others else None)
    better: tuple = ()
    if label not in (FORCED, ONLY, BEST):
        better = tuple(m.move for m in ev.moves
                       if m.chance - after - _margin(m, played) > THRESHOLDS[0][1])[:3]
        if not better and label != GOOD:
            better = (top.move,)
    margin = 0.0 if label in (FORCED, ONLY, BEST) and move in ev.best else _margin(top, played)
    return Decision(index, move, seat, before, after, loss, label, better, played.exact and top.exact, options, ev,
                    margin)


def review(record: Any, seat: Optional[int] = None, *, budget: float = REVIEW_BUDGET, open: bool = False,
           playouts: Optional[int] = None, reading: bool = True, rng: Union[random.Random, int, None] = 0,
           progress: Optional[Callable[[int, int], None]] = None) -> Review:
    """Review a game: a ``durak-lab/1`` record (:class:`~durak_lab.engine.records.Record`), or a
    :class:`~durak_lab.engine.game.Game` (its start and moves).

    ``seat``: judge that seat's decisions only (default: every seat's); ``budget``: CPU seconds
    per decision (a forced move gets a fifth); ``playouts``: a fixed number of playouts per
    decision instead (the same figures on every machine); ``open``: judge with every card known
    (else from the mover's view, with a ``reading`` of the other players' moves, as the expert
    reads them); ``progress(done, total)``: called after each move.
    """
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    start: Position = record.start
    moves = [rm.move for rm in _until_illegal(record.moves)] if hasattr(record, "to_dict") else list(record.moves)
    readings = _readings(start, reading and not open)
    decisions = []
    position = start
    total = len(moves)
    for i, move in enumerate(moves):
        mover = move.seat
        if seat is None or mover == seat:
            options = len(position.view(mover).legal) if position.to_act() == mover else 0
            if options:
                share = budget if options > 1 else budget / 5
                n = playouts if playouts is None or options > 1 else max(1, playouts // 5)
                ev = evaluate(position, mover, open=open, budget=share, playouts=n, rng=rng,
                              reading=readings[mover] if readings else None)
                d = judge(i, move, mover, ev)
                if d is not None:
                    decisions.append(d)
        if readings:
            for s, r in enumerate(readings):
                r.add(position.view(s), move)
        position = position.play(move)
        if progress is not None:
            progress(i + 1, total)
    return summarise(tuple(decisions), start, len(moves), position.result, "open" if open else "view", seat)


def _until_illegal(record_moves: Any) -> list:
    out = []
    for rm in record_moves:
        if rm.illegal:
            break
        out.append(rm)
    return out


def _readings(start: Position, wanted: bool) -> Optional[list]:
    """One reading of the other players' moves per seat (None without ``wanted``)."""
    if not wanted:
        return None
    from ..inference.reading import Reading
    return [Reading(s) for s in range(start.rules.players)]


def summarise(decisions: tuple, start: Position, moves: int, result: Optional[tuple], mode: str,
              seat: Optional[int]) -> Review:
    """The :class:`Review` of judged ``decisions`` of a game from ``start`` (``moves`` played, ``result``
    so far): each player's accuracy and labels, the key moments; ``seat``: only that seat's."""
    players = tuple(range(start.rules.players)) if seat is None else (seat,)
    accuracy: dict = {}
    labels: dict = {}
    for s in players:
        mine = [d for d in decisions if d.seat == s]
        judged = [d for d in mine if d.label != FORCED]
        accuracy[s] = sum(move_accuracy(d.sure_loss) for d in judged) / len(judged) if judged else None
        labels[s] = {label: sum(d.label == label for d in mine) for label in LABELS}
    bad = sorted((i for i, d in enumerate(decisions) if d.label in (MISTAKE, BLUNDER)),
                 key=lambda i: (-decisions[i].loss, i))
    if not bad:
        judged_i = [i for i, d in enumerate(decisions) if d.label != FORCED and d.loss > 0]
        bad = sorted(judged_i, key=lambda i: (-decisions[i].loss, i))[:1]
    return Review(decisions, players, accuracy, labels, tuple(bad), moves, result, mode)

