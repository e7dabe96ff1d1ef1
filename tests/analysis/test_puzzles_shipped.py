"""The shipped puzzles: at least 150, spanning two-player podkidnoy and perevodnoy and tables of 3–4,
with every theme; every exact answer re-solved, a sample of the others re-evaluated with a new seed
(bounded: the whole module takes well under a minute)."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from durak_lab.analysis.puzzles import THEMES, check_answer, exact_values, recheck, shipped_file, shipped_puzzles
from durak_lab.engine.notation import parse_rules_text

#: The sampled puzzles re-evaluated (with a seed the miner did not use), and their playouts a move.
SAMPLE, SAMPLE_PLAYOUTS = 12, 1500


@pytest.fixture(scope="module")
def puzzles():
    return shipped_puzzles()


def test_there_are_enough_puzzles_with_the_spread(puzzles):
    assert len(puzzles) >= 150
    kinds = Counter()
    for z in puzzles:
        rules = parse_rules_text(z.source.rules)
        kinds[(rules.short_name(), min(rules.players, 3))] += 1
        assert rules == z.position.rules
    assert kinds[("podkidnoy", 2)] >= 40 and kinds[("perevodnoy", 2)] >= 40 and kinds[("podkidnoy", 3)] >= 30
    assert {z.position.players for z in puzzles} >= {2, 3, 4}
    themes = Counter(t for z in puzzles for t in z.themes)
    assert all(themes[t] >= 15 for t in THEMES), themes
    exact = sum(z.exact for z in puzzles)
    assert exact >= 50 and len(puzzles) - exact >= 50
    stars = Counter(z.stars for z in puzzles)
    assert len(stars) >= 4 and all(z.rating is not None for z in puzzles)


def test_the_file_says_how_it_was_made(puzzles):
    f = shipped_file()
    assert f.made_by and all(c.startswith(("durak-lab puzzles mine --bots ", "durak-lab puzzles rate "))
                             for c in f.made_by)
    assert f.made_by[0].startswith("durak-lab puzzles mine")
    assert f.levels == ("beginner", "tips", "greedy", "endgame", "search", "expert")
    assert all([n for n, _ in z.misses] == list(f.levels) for z in puzzles)


def test_every_exact_puzzle_is_solved_again_and_lets_no_wrong_move_through(puzzles):
    t0 = time.process_time()
    exact = [z for z in puzzles if z.exact]
    for z in exact:
        values = exact_values(z)
        top = max(values.values())
        assert {m for m, v in values.items() if v == top} == {str(a) for a in z.answers}, z.id
        for m in z.position.view(z.seat).legal:
            assert check_answer(z, m, values) == (values[str(m)] == top), (z.id, str(m))
            assert values[str(m)] == round(z.figures_of(m)[0] * 2) - 1, (z.id, str(m))  # the stored figures
    assert time.process_time() - t0 < 30


def test_a_sample_of_the_sampled_puzzles_is_evaluated_again(puzzles):
    t0 = time.process_time()
    sampled = [z for z in puzzles if not z.exact]
    for z in random.Random(2024).sample(sampled, SAMPLE):
        found = recheck(z, playouts=SAMPLE_PLAYOUTS, seed=777)
        assert found.ok, (z.id, found.why)
        assert all(not check_answer(z, m) for m in z.wrong_moves)
    assert time.process_time() - t0 < 30


def test_sampled_answers_kept_the_margin(puzzles):
    for z in puzzles:
        if z.exact:
            continue
        low = min(z.figures_of(a)[1] for a in z.answers)
        assert all(z.figures_of(m)[2] <= low - 0.15 + 1e-3 for m in z.wrong_moves), z.id
        assert z.playouts >= 1000
