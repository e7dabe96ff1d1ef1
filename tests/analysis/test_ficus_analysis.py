"""Analysis under the ficus finish (Rules.ficus, HE "פתיחת הפיקוס"): what supports it, what refuses it.

The sampler, the probabilities and the inference work on Position and its views, so they play
the option as the engine does; the exact solver's own model of the rules ends a game only when a
hand is empty, so it refuses the option with SolverDomainError naming it, and so does the
analyser, which judges moves with the solver (the endgame bot then plays its base bot's move:
tests/engine/test_rules_ficus.py plays every bot level through)."""

import random

import pytest

from durak_lab.analysis import analyse_record, sample_worlds, solve, trump_count_distribution
from durak_lab.engine.errors import SolverDomainError
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

FICUS = Rules(ficus=True)


def test_sampled_worlds_keep_the_option_and_agree_with_the_view():
    p = Position.deal(FICUS, seed=4)
    view = p.view(0)
    worlds = sample_worlds(view, 20, random.Random(1))
    assert worlds and all(w.rules.ficus and w.view(0) == view for w in worlds)
    assert sum(trump_count_distribution(view, 1).values()) == pytest.approx(1)


def test_the_solver_refuses_the_option_by_name():
    p = load_example("EX-HE-FICUS").game_after(2).position
    with pytest.raises(SolverDomainError, match="ficus"):
        solve(p)


def test_the_analyser_refuses_the_option_by_name():
    with pytest.raises(SolverDomainError, match="ficus"):
        analyse_record(load_example("EX-HE-FICUS"))
