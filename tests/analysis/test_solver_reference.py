"""The exact endgame solver against its earlier search (tests/solver_reference.py).

The node savings of the search (exact shortcuts at a bout start, zero-window
probes, one cover per run of interchangeable covers) must not change a value:
on random podkidnoy and perevodnoy endgames of 2+2 to 5+5 cards, the value of
the position and of every move is the earlier search's, the best moves are the
moves of the best value, and the line of best play is legal and ends as the
value says (R28, R29).
"""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.solver import DRAW, Solver
from durak_lab.analysis.solver.model import _state_of
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.rules import Rules
from solver_oracle import score
from solver_reference import _Search as _ReferenceSearch


def reference_value(searches: dict, p, seat: int) -> int:
    """The earlier search's value of ``p`` for ``seat`` (a finished game: its result)."""
    if p.result is not None:
        return score(p.result, seat)
    key = (p.rules, p.trump)
    if key not in searches:
        searches[key] = _ReferenceSearch(p.rules, p.trump, max_table=None)
    v = searches[key].value(_state_of(p))
    return v if p.to_act() == seat else -v


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_values_and_move_values_are_the_earlier_searchs(preset):
    rng = random.Random(f"reference:{preset}")
    rules = Rules.preset(preset, players=2)
    compared = 0
    for i in range(120):
        n = 2 + i % 4
        p = random_endgame(rules, n, n, rng)
        # a mid-bout position too, a few random moves in
        for _ in range(rng.randrange(3)):
            moves = p.sequential_moves()
            q = p.play_unchecked(moves[rng.randrange(len(moves))])
            if q.result is not None:
                break
            p = q
        searches: dict = {}
        s = Solver().solve(p)
        mover = p.to_act()
        assert s.value == reference_value(searches, p, mover), str(p)
        for mv, v in s.move_values:
            assert v == reference_value(searches, p.play_unchecked(mv), mover), (str(p), str(mv))
            compared += 1
        assert set(s.best_moves) == {mv for mv, v in s.move_values if v == s.value}
        assert s.value == max(v for _, v in s.move_values)
        q = p
        for mv in s.pv:
            q = q.play(mv, sequential=True)  # raises if a move of the line is illegal
        if s.pv_repeats:
            assert s.value == DRAW and q.result is None
        else:
            assert q.result is not None and score(q.result, s.seat) == s.value
    assert compared > 300
