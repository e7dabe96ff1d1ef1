"""Flat Monte Carlo over worlds: every move in each world, then a playout to the game's end.

:func:`flat_search` is the search the search bot plays with and the evaluator
reports (:mod:`durak_lab.analysis.evaluation`): in each world every root move in
turn, then the rest of the game played out by the greedy policy of the lean
kernel (:func:`~durak_lab.engine.kernel.rollout.greedy_run`: the lowest card,
no trump throw-ins while the talon lasts, the cheapest cover, else take).  The
moves meet the same worlds, so their difference is not the luck of the worlds.
For each move it counts the games its seat's side won, drew and lost (R27 to
R29).

With one world only (an open position, every card known), the greedy playouts
would all be the same game; there the playout policy plays a random legal move
one time in ``noise`` (:func:`noisy_greedy`), so that the playouts differ and
the counts say how robust the move is to small slips of either side.

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.engine.kernel import check_rules, kernel_move, kernel_state
>>> from durak_lab.analysis.evaluation.worlds import kernel_worlds
>>> p = Position.deal(Rules.preset("podkidnoy"), seed=3)
>>> moves = [kernel_move(m) for m in p.view(p.to_act()).legal]
>>> counts = flat_search(check_rules(p.rules), kernel_worlds(p.view(p.to_act()), random.Random(1)), moves,
...                      p.to_act(), 60, random.Random(2))
>>> sum(sum(c) for c in counts.values()) >= 60, all(len(c) == 3 for c in counts.values())
(True, True)
"""

from __future__ import annotations

import random
import time
from typing import Callable, Iterator, Optional

from ...engine.kernel.core import greedy
from ...engine.kernel.fields import RESULT
from ...engine.kernel.loop import run
from ...engine.kernel.rollout import greedy_run
from .worlds import outcome_index

__all__ = ["PLAYOUT_MOVES", "flat_search", "noisy_greedy"]

#: A playout stops after this many moves and counts as a draw (three or more players can hand the
#: same cards round the table for ever, and the greedy policy never varies its play).
PLAYOUT_MOVES = 1000


def noisy_greedy(noise: int) -> Callable:
    """The kernel's greedy policy, but a random legal move one time in ``noise`` (a policy for
    :func:`~durak_lab.engine.kernel.loop.run`: ``choose(moves, trump, talon_left, rng)``).

    >>> import random
    >>> pick = noisy_greedy(2)
    >>> sorted({pick([1, 2, 3, 4], 0, False, random.Random(s)) for s in range(40)}) != [4]
    True
    """
    def choose(moves: list, trump: int, talon_left: bool, rng: random.Random) -> int:
        if len(moves) > 1 and rng.randrange(noise) == 0:
            return moves[rng.randrange(len(moves))]
        return greedy(moves, trump, talon_left, rng)
    return choose


def flat_search(cfg: tuple, worlds: Iterator, root_moves: list, seat: int, playouts: int,
                rng: random.Random, deadline: Optional[float] = None,
                policy: Optional[Callable] = None) -> dict:
    """``{kernel move: [won, drawn, lost]}`` for ``seat``, from ``playouts`` playouts in all (or fewer
    past ``deadline``, a :func:`time.process_time`; at least one world is always played).

    ``worlds``: kernel states to play (:func:`~durak_lab.analysis.evaluation.worlds.kernel_worlds`,
    or one state again and again); ``root_moves``: the kernel moves of the seat to act in them;
    ``policy``: None for the greedy playouts on the kernel's fast loops, else a policy for the
    listing loop (:func:`noisy_greedy`).  With no root move (the seat to act is not known in
    every world), each world is simply played out from where it stands, under the key ``-1``.
    """
    keys = root_moves or [-1]
    counts = {m: [0, 0, 0] for m in keys}
    done = 0
    while done < playouts:
        if deadline is not None and done and time.process_time() > deadline:
            break
        w = next(worlds)
        for m in keys:
            if m == -1:
                f, moves = w, bool(w[RESULT] is None)
            else:
                f = run(cfg, w, 1, m, None, None, False)[0]  # (the next moves unlisted)
                moves = f[RESULT] is None
            if moves:
                if policy is None:
                    f = greedy_run(cfg, f, PLAYOUT_MOVES)[0]
                else:
                    f = run(cfg, f, PLAYOUT_MOVES, policy, rng, None)[0]
            counts[m][outcome_index(f[RESULT], seat)] += 1
        done += len(keys)
    return counts
