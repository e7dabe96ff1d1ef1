"""Trump tables (pandas): the course of a game, one moment, the deal questions."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pandas as pd
import pytest

from durak_lab.engine.errors import PositionError
from durak_lab.analysis.inference.evidence import observe
from durak_lab.engine.game import Game
from durak_lab.analysis.inference import EpsilonModel, counting_knowledge, iter_exact_posteriors, posterior
from durak_lab.analysis.probability import Knowledge, fraction_text, trump_counts
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.tables.trumps import (COLUMNS, card_table, deal_questions, expected_trumps, side_by_side,
                                    trump_count_table, trump_course)


def _game(players: int, seed: int, moves: int, deck: int = 36) -> Game:
    g = Game.deal(Rules(players=players, deck=deck), seed=seed)
    rng = random.Random(seed)
    while not g.is_over and len(g) < moves:
        ms = g.legal_moves()
        g.play(ms[rng.randrange(len(ms))])
    return g


def test_course_counting_rows_are_the_exact_engine_at_every_step():
    g = _game(3, 5, 40)
    df = trump_course(g, seat=1)
    assert list(df.columns) == COLUMNS
    assert set(df["source"]) == {"counting"}
    assert sorted(df["step"].unique()) == list(range(len(g) + 1))
    t = observe(g, 1)
    for step in (0, 7, len(g)):
        want = trump_counts(counting_knowledge(t, step))
        part = df[df.step == step]
        for place, dist in want.items():
            rows = part[part.place == place].set_index("trumps")
            assert {int(x): r.exact for x, r in rows.iterrows()} == {x: fraction_text(p) for x, p in dist.items()}
    sums = df.groupby(["step", "source", "place"])["probability"].sum()
    assert (sums.round(12) == 1).all()
    assert (df[df.step > 0]["move"] != "").all() and (df[df.step == 0]["move"] == "").all()


def test_course_posterior_rows_two_players_are_exact():
    g = _game(2, 9, 30, deck=24)
    model = EpsilonModel("1/10")
    df = trump_course(g, seat=0, model=model)
    post = df[df.source == "posterior"]
    assert (post["stderr"] == 0).all() and post["exact"].notna().all()
    for p in iter_exact_posteriors(g, 0, model):
        part = post[post.step == p.step]
        for place, dist in p.trump_counts().items():
            got = part[part.place == place].set_index("trumps")["exact"].to_dict()
            assert got == {x: fraction_text(v) for x, v in dist.items()}


def test_course_posterior_rows_sampled_for_more_players():
    g = _game(4, 3, 24)
    df = trump_course(g, seat=2, model=EpsilonModel("1/5"), n=300, seed=4, every=8)
    post = df[df.source == "posterior"]
    assert sorted(post["step"].unique()) == sorted({0, 8, 16, 24, len(g)})
    assert post["exact"].isna().all() and (post["stderr"] > 0).any()
    sums = post.groupby(["step", "place"])["probability"].sum()
    assert (sums.round(9) == 1).all()
    again = trump_course(g, seat=2, model=EpsilonModel("1/5"), n=300, seed=4, every=8)
    pd.testing.assert_frame_equal(df, again)
    with pytest.raises(ValueError):
        trump_course(g, seat=2, every=0)


def test_expected_trumps_and_the_chance_of_at_least_one():
    df = trump_course(load_example("EX-KO-2"), seat=1)
    e = expected_trumps(df)
    for _, row in e.iterrows():
        part = df[(df.step == row.step) & (df.place == row.place) & (df.source == row.source)]
        assert row.expected == pytest.approx((part.trumps * part.probability).sum())
        assert row.p_any == pytest.approx(part[part.trumps > 0].probability.sum())


def test_one_moment_tables():
    k = Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣")
    t = trump_count_table(k)
    p2 = t[t.place == "P2"].set_index("trumps")["exact"]
    assert p2[0] == fraction_text(Fraction(comb(22, 6), comb(29, 6)))
    c = card_table(k, "6♥ 9♥ 7♥ A♠")
    assert list(c.columns) == ["P1", "P2", "talon", "table", "discard"]
    assert (c.sum(axis=1).round(12) == 1).all()
    assert c.loc["9♥", "talon"] == 1 and c.loc["7♥", "P1"] == 1
    ce = card_table(k, "6♥", exact=True)
    assert ce.loc["6♥", "P2"] == "6/29"
    with pytest.raises(TypeError):
        card_table("nonsense")
    # a view works as well as a knowledge
    g = Game.deal(Rules(players=3), seed=1)
    v = g.position.view(0)
    assert card_table(v).equals(card_table(Knowledge.from_view(v)))


def test_side_by_side_prior_and_posterior():
    rec = load_example("EX-KO-2")
    t = observe(rec, 0)
    prior = counting_knowledge(t, len(rec))
    same = posterior(rec, 0, EpsilonModel(1), rule_facts=False)
    s = side_by_side(prior, same)
    assert (s["prior"] - s["posterior"]).abs().max() < 1e-12
    moved = side_by_side(prior, posterior(rec, 0, EpsilonModel("1/10")))
    assert list(moved.columns) == ["place", "trumps", "prior", "posterior"]
    assert moved.groupby("place")["posterior"].sum().round(12).eq(1).all()


def test_deal_questions_exact_answers_and_simulation():
    t = deal_questions(Rules(players=2), n=3000, seed=2)
    by = t.set_index("question")
    assert by.loc["P1 is dealt no trump", "exact"] == fraction_text(Fraction(comb(27, 6), comb(35, 6)))
    # the face-up card is the trump six 1 time in 9; else 6 of the other 35 cards are P1's
    assert by.loc["P1 is dealt the lowest trump (the trump six on 36 cards)", "exact"] == "16/105"
    assert by.loc["the expected number of trumps in P1's hand", "exact"] == "48/35"
    assert (t["z"].abs() < 4).all()
    four = deal_questions(Rules(players=4), n=2000, seed=3).set_index("question")
    # with 4 players, each seat is equally likely to start
    starts = Fraction(four.loc["P1 holds the lowest trump dealt, and so starts (R7)", "exact"])
    nobody = Fraction(four.loc["no hand holds a trump", "exact"])
    assert starts == (1 - nobody) / 4
    with pytest.raises(PositionError):
        deal_questions(Rules(players=6))      # R5: every card is dealt
