"""The fast loop (uniform random play without listing moves) plays what the listing loop plays.

Three to six players have a loop of their own (the attackers walked in order
once per card played, R3, R12; the next seats and the end of the game by table
of the seats still in, R25, R27-R29).  These tests start it in the middle of
bouts (after passes, during a take) and under options beyond the presets, and
compare it move for move with :func:`durak_lab.engine.kernel.loop.run` and the
reference benchmark.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.kernel import core as K
from durak_lab.engine.kernel.check import fast_agrees
from durak_lab.engine.kernel.fast import random_run
from durak_lab.engine.kernel.loop import run
from durak_lab.engine.rules import Rules

FAST = [("podkidnoy", n) for n in (2, 3, 4, 5, 6)] + [("perevodnoy", n) for n in (2, 3, 4, 5, 6)] + [
    ("neighbours", 4), ("neighbours", 5), ("classic", 3), ("pairs_he", 4), ("pairs_he", 6)]


@pytest.mark.parametrize("name, n", FAST, ids=[f"{a}-{b}p" for a, b in FAST])
def test_from_the_middle_of_a_bout_the_same_game_as_the_listing_loop(name, n):
    rules = Rules.preset(name, players=n)
    cfg = K.check_rules(rules)
    rng = random.Random(n * 1000 + len(name))
    started = with_passes = taking = 0
    for _ in range(60):
        k = K.deal(rules, rng)
        for _ in range(rng.randrange(1, 120)):  # stop anywhere: mid-bout, after passes, during a take
            if k.result is not None:
                break
            moves = K.legal_moves(k)
            k = K.play(k, moves[int(rng.random() * len(moves))])
        seed = rng.randrange(10**9)
        fast, steps = random_run(cfg, k, random.Random(seed))
        slow, _, slow_steps = run(cfg, k, -1, None, random.Random(seed), None)
        assert steps == slow_steps
        assert K.from_fields(fast) == K.from_fields(slow)  # same hands, discard, what is known, result (R27-R29)
        started += bool(k.atk)
        with_passes += bool(k.passed)
        taking += k.taking
    assert started > 10 and taking > 0 and (n == 2 or with_passes > 0)


OPTIONS = [{"attack_limit": 4}, {"first_bout_carry": True}, {"after_take": "none"}, {"throw_in": "none"},
           {"show_lowest_trump": False}, {"teams": 2, "players": 4, "partner_throw_in": True},
           {"teams": 3, "players": 6}, {"teams": 2, "players": 6, "partner_throw_in": True, "transfer": True},
           {"transfer": True, "throw_in": "neighbours", "players": 5},
           {"transfer": True, "after_take": "none", "players": 4},
           {"transfer": True, "attack_limit": 3, "players": 5, "first_bout_carry": True},
           {"deck": 52, "players": 6, "transfer": True}, {"deck": 24, "players": 3, "transfer": True}]


@pytest.mark.parametrize("changes", OPTIONS, ids=[",".join(f"{k}={v}" for k, v in c.items()) for c in OPTIONS])
def test_options_beyond_the_presets_play_the_benchmark_games(changes):
    rules = Rules(**{"players": 3, **changes})
    assert fast_agrees(rules, games=15, seed=31) == 15


def test_a_finished_game_plays_nothing():
    rules = Rules.preset("podkidnoy", players=4)
    k = K.deal(rules, 2)
    k = k._replace(result=(1,))
    fields, steps = random_run(K.check_rules(rules), k, random.Random(0))
    assert steps == 0 and fields[14] == (1,)
