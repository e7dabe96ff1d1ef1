"""The board's thinking about one node, in passes the browser asks for: no thread, no waiting.

:class:`Thinking` evaluates one position for one seat, "from my seat" (the seat's
:class:`~durak_lab.engine.view.PlayerView` only: :func:`~durak_lab.analysis.evaluation.evaluate`
deals the hidden cards again and again) or with "all cards open".  Each :meth:`Thinking.step` is
one piece of work, a fraction of a second to two seconds of CPU:

1. a first pass at a small budget (:data:`FIRST_BUDGET`), so the first figure shows within a
   second of a click;
2. the best line: the solver's line of best play where the value is exact (nothing hidden:
   :func:`~durak_lab.analysis.solver.exact_move_values` move after move), else the evaluator's best
   move, again for up to :data:`LIKELY_PLIES` plies at a small budget, marked *likely*;
   "from my seat" the likely line stops before another seat's move (it would tell that seat's cards);
3. the tree of a small endgame (two players left, the talon empty, each hand of at most
   :data:`TREE_CARDS` cards, every card known to the seat): every line with its exact value, at most
   :data:`TREE_NODES` nodes;
4. refinement passes (:data:`BUDGETS`): more playouts, merged with the ones before, so each
   figure's 95% interval narrows; then the best line once more, from the sharpest figures, and
   :attr:`Thinking.done`.

The page asks for the next step with the node's serial; a step for a node that is no longer shown
is never run (the widget's control checks it).  :func:`trump_chances` gives the exact chances of
how many trumps each other seat and the talon hold, from the seat's view.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> p = Position.deal(Rules.preset("podkidnoy"), seed=5)
>>> t = Thinking(p, 0, playouts=300)
>>> t.step(); t.evaluation.exact, len(t.evaluation.moves) == len(p.view(0).legal), t.passes
(False, True, 1)
>>> t.step(); len(t.line), t.line_exact       # from P1's seat: P1's best move only
(1, False)
>>> while not t.done:
...     t.step()
>>> t.passes, t.evaluation.playouts >= 300 * t.passes
(11, True)
"""

from __future__ import annotations

import random
from collections import deque
from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple

from ...analysis.evaluation import Evaluation, MoveValue, evaluate, wilson
from ...analysis.evaluation.calibration import calibrate
from ...analysis.probability import trump_counts
from ...analysis.solver import exact_move_values, known_to, position_of_view
from ...engine.cards import popcount
from ...engine.errors import DurakError, KernelUnsupported
from ...engine.moves import Move
from ...engine.state.position import Position
from ...engine.view import PlayerView
from .lines import LinesError

__all__ = ["Thinking", "trump_chances", "FIRST_BUDGET", "BUDGETS", "LINE_BUDGET", "LIKELY_PLIES", "EXACT_PLIES",
           "TREE_CARDS", "TREE_NODES", "EXACT_NODES"]

#: The first pass's budget, in CPU seconds: the first figure within a second of a click.
FIRST_BUDGET = 0.25
#: The refinement passes' budgets, in CPU seconds, after the first one; then the thinking is done.  Each
#: is short, so that a click waits at most one of them before the kernel answers it.
BUDGETS = (0.3,) * 10
#: Each ply of a likely line (the evaluator's best move again), in CPU seconds.
LINE_BUDGET = 0.15
#: The most plies of a likely line, and of an exact one.
LIKELY_PLIES, EXACT_PLIES = 3, 12
#: The tree of a small endgame: at most this many cards in each hand, and this many nodes.
TREE_CARDS, TREE_NODES = 4, 300
#: The most positions one exact search of the line or the tree may visit.
EXACT_NODES = 40_000


def _whole(position: Position, seat: int, open: bool) -> Optional[Position]:
    """The whole position the seat may use: all of it when open, else the one its view determines."""
    if open:
        return position
    view = position.view(seat)
    return position_of_view(view) if known_to(view) else None


def _best_exact(position: Position) -> Optional[Tuple[Move, int]]:
    mover = position.to_act()
    if mover is None:
        return None
    values = exact_move_values(position, mover, max_nodes=EXACT_NODES)
    if not values:
        return None
    top = max(v for _, v in values)
    return next((m, v) for m, v in values if v == top)


class Thinking:
    """The paced evaluation of ``position`` for ``seat`` (see the module); ``open``: all cards open.

    ``seed``: the random numbers of every pass (a pass ``k`` uses ``seed + k``); ``playouts``: a fixed
    number of playouts per pass instead of the CPU budgets, so that the figures are the same on every
    machine (the tests use it).
    """

    def __init__(self, position: Position, seat: int, *, open: bool = False, seed: int = 0,
                 playouts: Optional[int] = None) -> None:
        players = position.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise LinesError("board-bad-seat", f"no such seat at {players} players", players=players)
        self.position = position
        self.seat = seat
        self.open = open
        self.seed = seed
        self.playouts = playouts
        self.passes = 0
        self.evaluation: Optional[Evaluation] = None
        self.line: List[Move] = []
        self.line_exact = False
        self.tree: Optional[dict] = None
        self.error: Optional[str] = None
        self._counts: Dict[Optional[str], list] = {}
        self._moves: Dict[str, Move] = {}
        self._plan = ["eval", "line", "tree"] + ["eval"] * len(BUDGETS) + ["line"]

    @property
    def done(self) -> bool:
        """Whether there is nothing more to do (an exact value needs no refinement)."""
        return not self._plan or self.error is not None

    @property
    def target(self) -> Any:
        """What is evaluated: the whole position (open) or the seat's view."""
        return self.position if self.open else self.position.view(self.seat)

    def step(self) -> None:
        """Do the next piece of work (nothing once :attr:`done`)."""
        if self.done:
            return
        what = self._plan.pop(0)
        try:
            if what == "eval":
                self._pass()
            elif what == "line":
                self._line()
            else:
                self._tree()
        except KernelUnsupported:
            self.error = "board-rules-unsupported"
        except (DurakError, ValueError, RecursionError):
            self.error = "board-think-failed"

    # ------------------------------------------------------------ the passes
    def _pass(self) -> None:
        budget = FIRST_BUDGET if self.passes == 0 else BUDGETS[min(self.passes - 1, len(BUDGETS) - 1)]
        ev = evaluate(self.target, self.seat, open=self.open, budget=budget, playouts=self.playouts,
                      rng=random.Random(self.seed + self.passes), calibrated=False)
        self.passes += 1
        if ev.exact or self.position.result is not None:
            self.evaluation = ev
            self._plan = [w for w in self._plan if w != "eval"]  # exact: nothing to refine
            return
        self._merge(ev)

    def _merge(self, ev: Evaluation) -> None:
        for mv in ev.moves:
            key = str(mv.move)
            self._moves[key] = mv.move
            got = self._counts.setdefault(key, [0, 0, 0])
            for i in range(3):
                got[i] += mv.counts[i]
        if not ev.moves:
            got = self._counts.setdefault(None, [0, 0, 0])
            for i in range(3):
                got[i] += ev.value.counts[i]
        p = self.position
        talon = len(p.talon)
        in_game = p.rules.players if talon else sum(1 for h in p.hands if h)

        def valued(move: Optional[Move], c: list) -> MoveValue:
            v = MoveValue(move, tuple(c))
            lo, hi = wilson(v.share, sum(c))
            return MoveValue(move, tuple(c), calibrated=tuple(calibrate(x, in_game, talon) for x in (v.share, lo, hi)))

        worlds = ev.worlds + (self.evaluation.worlds if self.evaluation is not None else 0)
        if None in self._counts:
            self.evaluation = Evaluation(self.seat, ev.to_act, ev.mode, valued(None, self._counts[None]),
                                         worlds=worlds, seconds=ev.seconds)
            return
        sign = 1 if ev.to_act == self.seat else -1
        values = [valued(self._moves[k], c) for k, c in self._counts.items() if k is not None]
        ordered = sorted(values, key=lambda v: -sign * v.share)
        top = ordered[0]
        self.evaluation = Evaluation(self.seat, ev.to_act, ev.mode, valued(None, list(top.counts)), tuple(ordered),
                                     (top.move,), worlds=worlds, seconds=ev.seconds)

    # ------------------------------------------------------------ the best line
    def _line(self) -> None:
        ev = self.evaluation
        if ev is None or self.position.result is not None or not ev.best:
            return
        whole = _whole(self.position, self.seat, self.open) if ev.exact else None
        if whole is not None:
            p, line = whole, []
            for _ in range(EXACT_PLIES):
                found = _best_exact(p)
                if found is None:
                    break
                line.append(found[0])
                p = p.play(found[0])
                if p.result is not None:
                    break
            if line:
                self.line, self.line_exact = line, True
                return
        p, line = self.position, [ev.best[0]]
        p = p.play(ev.best[0])
        for k in range(1, LIKELY_PLIES if self.open else 1):
            mover = p.to_act()
            if p.result is not None or mover is None:
                break
            nxt = evaluate(p, mover, open=True, budget=LINE_BUDGET,
                           playouts=None if self.playouts is None else max(30, self.playouts // 4),
                           rng=random.Random(self.seed + 100 + k))
            if not nxt.best:
                break
            line.append(nxt.best[0])
            p = p.play(nxt.best[0])
        self.line, self.line_exact = line, False

    # ------------------------------------------------------------ the tree of a small endgame
    def _tree(self) -> None:
        whole = _whole(self.position, self.seat, self.open)
        if whole is None or whole.talon or whole.result is not None:
            return
        holding = [h for h in whole.hands if h]
        if len(holding) != 2 or any(popcount(h) > TREE_CARDS for h in holding):
            return
        self.tree = self._tree_of(whole)

    def _tree_of(self, start: Position) -> dict:
        """The tree from ``start``, breadth first: every move of a node listed before any node below it,
        so that the moves at the top are all there when :data:`TREE_NODES` runs out; a node whose moves
        are not listed says ``"more"``."""
        root: dict = {"children": []}
        queue = deque([(start, root, 0)])
        budget = TREE_NODES
        while queue:
            p, node, depth = queue.popleft()
            if p.result is not None or p.to_act() is None:
                continue
            values = None
            if budget > 0 and depth < 2 * TREE_CARDS + 4:
                values = exact_move_values(p, self.seat, max_nodes=EXACT_NODES)
            if values is None or len(values) > budget:
                node["more"] = True
                continue
            budget -= len(values)
            sign = 1 if p.to_act() == self.seat else -1
            for move, value in sorted(values, key=lambda mv: -sign * mv[1]):
                child = {"move": move, "value": value, "children": []}
                node["children"].append(child)
                queue.append((p.play(move), child, depth + 1))
        return root


def trump_chances(view: PlayerView) -> List[Tuple[str, List[Tuple[int, Fraction]], Fraction]]:
    """``[(place, [(trumps, chance), …], expected), …]`` for every other seat (``"P2"``) and the talon
    (``"talon"``): how many trumps each holds, exactly, from ``view``'s seat (the cards it has seen).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["6♥ 7♦", "Q♦ 8♠"], talon=["K♣", "9♥"], trump_card="9♥",
    ...                    discard="rest")
    >>> trump_chances(p.view(1))          # P1 showed the 6♥ to lead (R7); the 9♥ lies face up
    [('P1', [(1, Fraction(1, 1))], Fraction(1, 1)), ('talon', [(1, Fraction(1, 1))], Fraction(1, 1))]
    """
    out = []
    for place, dist in trump_counts(view).items():
        pairs = sorted((int(k), Fraction(v)) for k, v in dist.items() if v)
        expected = sum((k * v for k, v in pairs), Fraction(0))
        out.append((str(place), pairs, expected))
    return out
