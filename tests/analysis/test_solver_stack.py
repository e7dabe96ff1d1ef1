"""durak_lab/analysis/solver/stack.py: a deep call made from one large block of the frame stack."""

from __future__ import annotations

import platform
import random
import resource
import sys

import pytest

from durak_lab.analysis.solver import Solver
from durak_lab.analysis.solver.stack import RESERVED_SLOTS, run_deep
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.rules import Rules


def depth(n: int) -> int:
    return 0 if n == 0 else 1 + depth(n - 1)


def test_run_deep_is_the_call_itself():
    assert run_deep(lambda: depth(500)) == 500
    with pytest.raises(KeyError):
        run_deep(lambda: {}["missing"])


def test_the_launching_frame_reserves_its_block():
    from durak_lab.analysis.solver import stack as solver_stack

    assert solver_stack._launch.__code__.co_stacksize >= RESERVED_SLOTS


def faults_of(fn) -> int:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    fn()
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


@pytest.mark.skipif(platform.python_implementation() != "CPython" or sys.version_info[:2] != (3, 11),
                    reason="the frame stack's chunks are CPython 3.11's")
def test_a_deep_recursion_from_run_deep_maps_no_new_stack_chunks():
    """Going up and down across a chunk's edge maps and faults a chunk each time; from run_deep's
    block it does not: far fewer page faults for the same calls."""
    def churn() -> None:  # up and down through 300 frames: across a chunk's edge, wherever it is
        for k in range(3000):
            depth(k % 300)

    churn()  # warm: code objects, caches
    plain = min(faults_of(churn) for _ in range(3))
    deep = min(faults_of(lambda: run_deep(churn)) for _ in range(3))
    assert deep * 4 < plain, (plain, deep)


def test_a_solve_is_the_same_with_and_without_the_block():
    """The solver runs its searches through run_deep: the positions searched and the values are
    those of a plain call."""
    import durak_lab.analysis.solver.endgame as solver_module

    p = random_endgame(Rules.preset("podkidnoy", players=2), 6, 6, random.Random(3))
    with_block = Solver(max_table=None)
    got = with_block.solve(p)
    original = solver_module.run_deep
    solver_module.run_deep = lambda fn: fn()
    try:
        plain = Solver(max_table=None)
        want = plain.solve(p)
    finally:
        solver_module.run_deep = original
    assert (got.value, got.move_values, got.pv) == (want.value, want.move_values, want.pv)
    assert with_block.nodes == plain.nodes
