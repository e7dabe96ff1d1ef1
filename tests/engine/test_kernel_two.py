"""The two-player fast loop (``kernel_two``) plays exactly the games of the reference engine.

``two_run`` must play, for every two-player configuration the fast loop
accepts, the same uniformly random games as ``Position.sequential_moves``
with the benchmark's draw (``int(rng.random() * len(moves))``): the same
number of actions and the same result (the durak, R27, R29), the same
final state as the listing loop (``kernel_loop.run``, checked move by move
against ``Position`` in test_kernel.py) and the same actions and result as
``kernel_fast.random_run``.  ``deal_two`` deals the same
first state as ``kernel._deal_fields``.  Options covered: transfers
(R20-R23), attack and first-bout limits (R12, R14), no throw-ins, throw-ins
by neighbours or by turns (the same with two players), the 'none'
after-take rule (R18), other decks and hand sizes, no talon (R5).
"""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.kernel import core as K
from durak_lab.engine.kernel.check import fast_agrees, reference_game
from durak_lab.engine.kernel.fast import random_run
from durak_lab.engine.kernel.loop import run
from durak_lab.engine.kernel.two import deal_two, supports, two_run
from durak_lab.engine.rules import Rules


def _presets():
    for name in K.SUPPORTED_PRESETS:
        try:
            rules = Rules.preset(name, players=2)
        except ValueError:  # pairs need 4 or 6 players
            continue
        if supports(K.check_rules(rules)):
            yield name, rules


PRESETS2 = list(_presets())
OPTIONS = [{"attack_limit": 4}, {"first_bout_carry": True}, {"after_take": "none"}, {"throw_in": "none"},
           {"transfer": True, "attack_limit": 2}, {"transfer": True, "first_bout_limit": None},
           {"transfer": True, "after_take": "none"}, {"deck": 52}, {"deck": 24, "transfer": True},
           {"deck": 52, "hand_size": 8, "transfer": True}, {"deck": 24, "hand_size": 12},
           {"show_lowest_trump": False}]


def test_the_main_two_player_presets_take_the_two_player_loop():
    assert {"podkidnoy", "perevodnoy", "classic", "neighbours", "by_turns"} <= {n for n, _ in PRESETS2}


@pytest.mark.parametrize("name, rules", PRESETS2, ids=[n for n, _ in PRESETS2])
def test_300_games_per_preset_as_the_reference_engine(name, rules):
    ref = random.Random(300)
    got = random.Random(300)
    cfg = K.check_rules(rules)
    for g in range(300):
        actions, result = reference_game(rules, ref)
        f, steps = two_run(cfg, deal_two(rules, got, K._shuffle), got)
        assert (steps, f[14]) == (actions, result), f"{name} game {g}"
        assert f[14] in ((0,), (1,), ())


@pytest.mark.parametrize("name, rules", PRESETS2, ids=[n for n, _ in PRESETS2])
def test_random_games_and_fast_agrees_use_it(name, rules):
    assert fast_agrees(rules, games=40, seed=11) == 40


@pytest.mark.parametrize("changes", OPTIONS, ids=[",".join(f"{k}={v}" for k, v in o.items()) for o in OPTIONS])
def test_options_play_the_same_games_and_end_in_the_same_state(changes):
    rules = Rules(players=2, **changes)
    cfg = K.check_rules(rules)
    assert supports(cfg)
    assert fast_agrees(rules, games=30, seed=5) == 30
    ra, rb = random.Random(8), random.Random(8)
    for g in range(300):  # the whole final state, as the listing loop leaves it
        st = K._deal_fields(rules, ra)
        assert deal_two(rules, rb, K._shuffle) == st, f"deal {g}"
        f, _, steps = run(cfg, st, -1, None, ra, None)
        f2, steps2 = two_run(cfg, st, rb)
        assert (steps2, K.from_fields(f2)) == (steps, K.from_fields(f)), f"game {g}"
        f3, steps3 = random_run(cfg, st, random.Random(g))
        f2, steps2 = two_run(cfg, st, random.Random(g))
        assert (steps2, f2[14]) == (steps3, f3[14]), f"game {g}"
    assert ra.random() == rb.random()  # the generator is left where the reference leaves it


def test_it_resumes_in_the_middle_of_a_bout():
    # states after a few steps of the listing loop: a lead on the table, covers, takes, transfers
    for name in ("podkidnoy", "perevodnoy"):
        rules = Rules.preset(name, players=2)
        cfg = K.check_rules(rules)
        for seed in range(150):
            rng = random.Random(seed)
            k = K.deal(rules, rng)
            for _ in range(rng.randrange(1, 40)):
                moves = K.legal_moves(k)
                if not moves:
                    break
                k = K.play(k, moves[int(rng.random() * len(moves))])
            f, steps = two_run(cfg, k, random.Random(seed))
            f2, _, steps2 = run(cfg, k, -1, None, random.Random(seed), None)
            assert (steps, K.from_fields(f)) == (steps2, K.from_fields(f2)), f"{name} seed {seed}"
            f3, steps3 = random_run(cfg, k, random.Random(seed))
            assert (steps, f[14]) == (steps3, f3[14])
            assert K.playout(k, "random", random.Random(seed)) == f[14]


def test_other_configurations_are_refused():
    with pytest.raises(ValueError, match="two players"):
        two_run(K.check_rules(Rules.preset("podkidnoy", players=3)), K.deal(Rules.preset("podkidnoy", players=3), 1),
                random.Random(1))
    with pytest.raises(ValueError, match="two players"):
        deal_two(Rules.preset("podkidnoy", players=3), random.Random(1))
    assert not supports(K.check_rules(Rules.preset("unlimited", players=2)))  # R14: no hand limit
