"""The analysis layer on doker (HE "דוקר": 52 cards and two jokers, R1) and on seven and eight players (R5).

The sampler, the counting probabilities and the bots handle both; the solver refuses a position
with a joker still in play, and two-player analysis refuses more players, each with a typed error
naming why.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.probability import card_probabilities, trump_counts, who_starts
from durak_lab.analysis.sampling import agrees, sample_worlds
from durak_lab.analysis.solver.model import check_domain
from durak_lab.bots import EndgameBot, RandomBot, TipsBot
from durak_lab.bots.tournament import play_game
from durak_lab.engine.errors import SolverDomainError
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from helpers import assert_conserved, start


@pytest.mark.parametrize("preset,n", [("doker", 2), ("doker", 5), ("doker", 8), ("finnish", 7)])
def test_doker_R5_sampled_worlds_keep_the_jokers_and_agree_with_the_view(preset, n):
    p = Position.deal(Rules.preset(preset, players=n), seed=4)
    v = p.view(0)
    for w in sample_worlds(v, 20, random.Random(1)):
        assert agrees(w, v)
        assert_conserved(w)


@pytest.mark.parametrize("n", [2, 8])
def test_doker_probabilities_count_the_jokers_as_unseen_cards(n):
    v = Position.deal(Rules.preset("doker", players=n), seed=9).view(0)
    probs = card_probabilities(v, "BJ RJ")
    assert len(probs) == 2
    for c, row in probs.items():
        assert sum(row.values()) == 1
        assert (row["P1"] == 1) == (c in v.hand)
    assert trump_counts(v) and who_starts(v)


def test_doker_the_solver_refuses_a_live_joker_naming_it():
    # doker's jokers alone (its house rules of a take, R15 and R18, are the reference engine's alone)
    jokers = Rules.preset("doker", players=2, take_unbeaten=False, forced_take=False)
    p = start(jokers, ["BJ 7♠", "8♠ 9♥"], trump="♠", attacker=0)
    with pytest.raises(SolverDomainError, match="joker"):
        check_domain(p)


def test_doker_the_solver_refuses_the_preset_naming_its_take_rule():
    p = start(Rules.preset("doker", players=2), ["10♠ 7♠", "8♠ 9♥"], trump="♠", attacker=0)
    with pytest.raises(SolverDomainError, match="take_unbeaten"):
        check_domain(p)


@pytest.mark.parametrize("n", [2, 3, 7, 8])
def test_doker_every_bot_finishes_games(n):
    r = Rules.preset("doker", players=n)
    bots = [TipsBot(), RandomBot(), EndgameBot()]
    for seed in range(2):
        lineup = [bots[(i + seed) % 3] for i in range(n)]
        assert not play_game(r, lineup, seed).unfinished
