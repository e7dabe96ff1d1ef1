"""The evaluator: how good a position is for a seat, and each legal move, at any point of a game.

:func:`evaluate` works in two modes:

* **from a seat's view** (``open=False``, the default): what the seat cannot see
  (the other hands, the talon's order) is dealt again and again from what it has
  seen (:func:`~durak_lab.analysis.evaluation.worlds.kernel_worlds`; with a
  ``reading`` of the other players' moves, the worlds keep what they said, as
  the expert bot reads them);
* **open** (``open=True``, "double dummy"): every hand and the talon's order are
  known, as in a finished game's record.

**Exact wherever exact is reachable**, and marked so (``exact``): two players
left with an empty talon (at any table size), and a talon whose cards are all
known (the face-up trump card alone, seen by everyone; or any talon in the
open mode) searched through the draws, within a share of the budget
(:func:`~durak_lab.analysis.solver.exact_move_values`).  Elsewhere the figures
are a flat Monte Carlo search (:func:`~durak_lab.analysis.evaluation.playouts.flat_search`,
the search bot's search): every legal move in each world, then the game played
out by the greedy policy; each figure has its 95% interval and the worlds and
playouts behind it (:class:`~durak_lab.analysis.evaluation.result.Evaluation`).

**Budget.**  ``budget`` CPU seconds (:data:`DEFAULT_BUDGET`, about a second on a
laptop); ``playouts`` fixes the number of playouts instead, so that a seeded
evaluation gives the same figures on every machine.  The exact search gets at most
``EXACT_NODES_PER_SECOND * budget`` positions (or ``exact_nodes``).

Rules the lean kernel does not play (pushing durak, the defender's choice, a
joker…) and an open trump swap (R6) raise
:class:`~durak_lab.engine.errors.KernelUnsupported`.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.deal(Rules.preset("podkidnoy"), seed=5)
>>> e = evaluate(p, playouts=400, rng=1)
>>> e.mode, e.exact, e.seat == p.to_act(), len(e.moves) == len(p.view(p.to_act()).legal)
('view', False, True, True)
>>> abs(e.win + e.draw + e.lose - 1) < 1e-9, e.interval[0] <= e.chance <= e.interval[1]
(True, True)
>>> q = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
...                    attacker=1, first_bout=False)
>>> x = evaluate(q)                  # nothing hidden: the exact solver (R19, R28)
>>> x.exact, x.win, [str(m) for m in x.best]
(True, 1.0, ['P2 attack 8♥'])
"""

from __future__ import annotations

import itertools
import random
import time
from typing import Any, Iterator, Optional, Union

from ...engine.errors import KernelUnsupported
from ...engine.kernel.core import check_rules, kernel_move, kernel_state
from ...engine.state.position import Position
from ...engine.view import PlayerView
from ..solver import exact_move_values, known_to, position_of_view
from .calibration import calibrate
from .playouts import flat_search, noisy_greedy
from .result import EXACT_COUNTS, Evaluation, MoveValue, wilson
from .worlds import kernel_worlds, outcome_index

__all__ = ["DEFAULT_BUDGET", "EXACT_NODES_PER_SECOND", "MAX_PLAYOUTS", "OPEN_NOISE", "evaluate"]

#: The default budget, in CPU seconds.
DEFAULT_BUDGET = 1.0
#: The exact search's positions per second of budget (about a third of the budget on a laptop).
EXACT_NODES_PER_SECOND = 60_000
#: At most this many playouts, whatever the budget.
MAX_PLAYOUTS = 500_000
#: In the open mode's playouts, a random move one time in this many (:func:`noisy_greedy`).
OPEN_NOISE = 7


def _rng(rng: Union[random.Random, int, None]) -> random.Random:
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def _finished(seat: int, to_act: Optional[int], mode: str, result: Optional[tuple], t0: float) -> Evaluation:
    counts = [0, 0, 0]
    counts[outcome_index(result, seat)] = 1
    return Evaluation(seat, to_act, mode, MoveValue(None, tuple(counts), exact=True),
                      seconds=time.process_time() - t0)


def _exact(position: Position, seat: int, mode: str, nodes: int, t0: float) -> Optional[Evaluation]:
    """The exact evaluation of a position whose every card is known, or None (outside the exact
    domain, or past ``nodes`` positions)."""
    values = exact_move_values(position, seat, max_nodes=nodes)
    if values is None:
        return None
    mover = position.to_act()
    sign = 1 if mover == seat else -1
    ordered = sorted(values, key=lambda mv: -sign * mv[1])  # the mover's best first (a stable sort)
    top = ordered[0][1]
    moves = tuple(MoveValue(m, EXACT_COUNTS[v], exact=True) for m, v in ordered)
    best = tuple(m for m, v in ordered if v == top)
    return Evaluation(seat, mover, mode, MoveValue(None, EXACT_COUNTS[top], exact=True), moves, best,
                      seconds=time.process_time() - t0)


class _Counted:
    """An iterator of worlds that counts how many were dealt."""

    def __init__(self, source: Iterator) -> None:
        self.source = source
        self.n = 0

    def __iter__(self) -> "_Counted":
        return self

    def __next__(self) -> Any:
        self.n += 1
        return next(self.source)


def evaluate(target: Union[Position, PlayerView], seat: Optional[int] = None, *, open: bool = False,
             budget: float = DEFAULT_BUDGET, playouts: Optional[int] = None, reading: Optional[Any] = None,
             rng: Union[random.Random, int, None] = None, exact_nodes: Optional[int] = None,
             calibrated: bool = True) -> Evaluation:
    """Evaluate ``target`` for ``seat`` (default: the seat to act); see the module's text.

    ``target``: a :class:`~durak_lab.engine.state.Position` (its ``seat``'s view is evaluated, or
    the whole position with ``open``) or a :class:`~durak_lab.engine.view.PlayerView` (its own
    seat's view).  ``reading``: what the other seats' moves said
    (:class:`~durak_lab.analysis.inference.reading.Reading`, read up to the view).  ``rng``: a
    ``random.Random`` or a seed.  ``calibrated``: turn the playouts' shares into chances with the
    calibration maps (:mod:`~durak_lab.analysis.evaluation.calibration`); False gives the shares.
    """
    t0 = time.process_time()
    if budget <= 0:
        raise ValueError(f"budget must be a positive number of seconds, not {budget}")
    if playouts is not None and playouts < 1:
        raise ValueError(f"playouts must be at least 1, not {playouts}")
    rng = _rng(rng)
    if isinstance(target, PlayerView):
        if open:
            raise ValueError("a seat's view hides cards: open evaluation needs the whole position")
        view: Optional[PlayerView] = target
        position: Optional[Position] = None
        if seat is not None and seat != target.seat:
            raise ValueError(f"this view is P{target.seat + 1}'s, not P{seat + 1}'s")
        seat = target.seat
        rules, to_act, result = target.rules, target.to_act, target.result
    else:
        position = target
        to_act, result, rules = position.to_act(), position.result, position.rules
        if seat is None:
            seat = to_act if to_act is not None else 0
        if not 0 <= seat < rules.players:
            raise ValueError(f"seat must be one of P1 to P{rules.players}, not P{seat + 1}")
        view = None if open else position.view(seat)
    mode = "open" if open else "view"
    if result is not None or to_act is None:
        return _finished(seat, None, mode, result, t0)
    nodes = exact_nodes if exact_nodes is not None else int(EXACT_NODES_PER_SECOND * budget)
    whole = position if open else (position_of_view(view) if view is not None and known_to(view) else None)
    if whole is not None and nodes > 0:
        found = _exact(whole, seat, mode, nodes, t0)
        if found is not None:
            return found
    cfg = check_rules(rules)  # KernelUnsupported for the rules the kernel does not play
    if (view.swap_open if view is not None else position is not None and position.swap_open):
        raise KernelUnsupported("the trump-card swap (R6) is still open; the kernel starts after it")
    if open:
        assert position is not None
        legal = tuple(position.sequential_moves())
        worlds = _Counted(itertools.repeat(kernel_state(position)))
        policy = noisy_greedy(OPEN_NOISE)
    else:
        assert view is not None
        legal = view.legal if to_act == seat else ()
        worlds = _Counted(kernel_worlds(view, rng, reading=reading))
        policy = None
    root = [kernel_move(m) for m in legal]
    if playouts is None:
        deadline: Optional[float] = t0 + budget
        cap = MAX_PLAYOUTS
    else:
        deadline, cap = None, playouts
    counts = flat_search(cfg, worlds, root, seat, cap, rng, deadline, policy)
    if view is not None:
        talon, sizes = view.talon_size, view.hand_sizes
    else:
        assert position is not None
        talon, sizes = len(position.talon), tuple(bin(h).count("1") for h in position.hands)
    in_game = rules.players if talon else sum(1 for n in sizes if n)

    def valued(move: Any, c: Any) -> MoveValue:
        v = MoveValue(move, tuple(c))
        if not calibrated:
            return v
        lo, hi = wilson(v.share, sum(c))
        return MoveValue(move, tuple(c), calibrated=tuple(calibrate(x, in_game, talon) for x in (v.share, lo, hi)))

    n_worlds = 1 if open else worlds.n
    if not root:
        return Evaluation(seat, to_act, mode, valued(None, counts[-1]), worlds=n_worlds,
                          seconds=time.process_time() - t0)
    sign = 1 if to_act == seat else -1
    values = [valued(m, counts[k]) for m, k in zip(legal, root)]
    ordered = sorted(values, key=lambda v: -sign * v.share)
    top = ordered[0]
    return Evaluation(seat, to_act, mode, valued(None, top.counts), tuple(ordered), (top.move,),
                      worlds=n_worlds, seconds=time.process_time() - t0)
