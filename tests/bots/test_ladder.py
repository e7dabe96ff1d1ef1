"""The ladder (durak_lab.bots.ratings): meetings read from games, the Bradley–Terry fit against its own
likelihood equations and a brute-force search, the anchor, bootstrap intervals, executors."""

import math
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from durak_lab.bots import GreedyBot, RandomBot, TipsBot
from durak_lab.bots.ratings import ANCHOR_RATING, fit, ladder, meetings, rate
from durak_lab.bots.tournament import GameResult, InProcess, Tournament

from helpers import rules

ELO = 400 / math.log(10)


def game(seats, losers, deal=0):
    return GameResult(rules("podkidnoy", players=len(seats)), deal, deal, 0, tuple(seats), tuple(losers), ())


def test_meetings_of_two_and_of_more_players():
    # R28: the durak loses to every other player; R29: a draw is half a point each
    m = meetings([game("ab", (1,)), game("ba", (1,)), game("ab", ())])
    assert m == {("a", "b"): [1.5, 3]}
    m = meetings([game("abcd", (2,))])
    assert m[("a", "c")] == [1.0, 1] and m[("c", "d")] == [0.0, 1] and m[("a", "b")] == [0.5, 1]
    assert len(m) == 6


def _likelihood(pairs, bots, anchor, ratings):
    """The log-likelihood the fit maximises, with its virtual draws against the anchor."""
    p = {b: math.exp((r - ANCHOR_RATING) / ELO) for b, r in ratings.items()}
    extra = {(min(b, anchor), max(b, anchor)): [0.5, 1] for b in bots if b != anchor}
    total = 0.0
    for d in (pairs, extra):
        for (x, y), (sx, m) in d.items():
            q = p[x] / (p[x] + p[y])
            total += sx * math.log(q) + (m - sx) * math.log(1 - q)
    return total


def test_the_fit_solves_the_likelihood_equations_and_beats_every_nearby_rating():
    rng = random.Random(3)
    bots = ["a", "b", "c", "d"]
    pairs = {}
    for i, x in enumerate(bots):
        for y in bots[i + 1:]:
            m = rng.randrange(4, 30)
            pairs[(x, y)] = [rng.randrange(0, 2 * m + 1) / 2, m]
    r = fit(pairs, bots, anchor="b")
    assert r["b"] == ANCHOR_RATING
    # each bot's score equals its expected score (the virtual draws included)
    p = {b: math.exp((v - ANCHOR_RATING) / ELO) for b, v in r.items()}
    for b in bots:
        score = expected = 0.0
        for (x, y), (sx, m) in list(pairs.items()) + [((z, "b"), [0.5, 1]) for z in bots if z != "b"]:
            if b in (x, y):
                mine, other = (sx, y) if b == x else (m - sx, x)
                score += mine
                expected += m * p[b] / (p[b] + p[other])
        assert score == pytest.approx(expected, abs=1e-6)
    # brute force: no rating on a grid around the fit is more likely
    best = _likelihood(pairs, bots, "b", r)
    for who in ("a", "c", "d"):
        for step in (-40, -5, -0.5, 0.5, 5, 40):
            moved = dict(r)
            moved[who] += step
            assert _likelihood(pairs, bots, "b", moved) < best


def test_a_bot_that_never_lost_still_gets_a_finite_rating():
    r = fit({("a", "b"): [20.0, 20]}, ["a", "b"], anchor="b")
    assert math.isfinite(r["a"]) and r["a"] - r["b"] > 500


def test_the_anchor_must_be_one_of_the_bots():
    with pytest.raises(ValueError, match="anchor"):
        fit({}, ["a"], anchor="z")
    with pytest.raises(ValueError, match="no bot is named 'greedy'"):
        ladder(rules("podkidnoy"), [RandomBot(), TipsBot()], deals=1)


def test_a_ladder_orders_the_bots_and_brackets_each_rating():
    lad = ladder(rules("podkidnoy"), [RandomBot(), GreedyBot(), TipsBot()], deals=20, seed=4, boot=100,
                 executor=InProcess())
    rows = lad.rows()
    assert [row["bot"] for row in rows][-1] == "random"
    assert lad.rating("greedy") == ANCHOR_RATING == lad.interval("greedy")[0] == lad.interval("greedy")[1]
    for row in rows:
        assert row["low"] <= row["rating"] <= row["high"]
        assert row["games"] == 80  # 20 deals, twice each, against each of the two others
    assert lad.rating("random") < ANCHOR_RATING - 200
    # the same seed, the same intervals; another seed, other bootstrap draws
    again = rate(lad.tournament, "greedy", boot=100, seed=4)
    assert again.intervals == lad.intervals
    assert rate(lad.tournament, "greedy", boot=100, seed=5).intervals != lad.intervals
    assert rate(lad.tournament, "greedy", boot=0).interval("tips") == (lad.rating("tips"),) * 2


def test_the_ladder_is_the_same_on_a_process_pool():
    bots = [RandomBot(), GreedyBot(), TipsBot()]
    here = ladder(rules("podkidnoy", players=3), bots, deals=4, seed=2, boot=30, executor=InProcess())
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = ladder(rules("podkidnoy", players=3), bots, deals=4, seed=2, boot=30, executor=pool)
    assert here.ratings == there.ratings and here.intervals == there.intervals
    assert isinstance(here.tournament, Tournament) and len(here.tournament) == 12
