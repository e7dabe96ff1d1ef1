"""The probability figures, built headless: their data are the engine's numbers."""

from __future__ import annotations

import random

import plotly.graph_objects as go
import pytest

from durak_lab.engine.game import Game
from durak_lab.analysis.inference import EpsilonModel, posterior, sampled_posterior
from durak_lab.analysis.probability import Knowledge, card_probabilities, trump_counts
from durak_lab.plots.trumps import PALETTE, card_heatmap, course_lines, trump_bars
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.tables.trumps import expected_trumps, trump_course


def _k():
    return Knowledge.at_deal(Rules(players=3), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣")


def test_trump_bars_show_the_distributions():
    k = _k()
    fig = trump_bars(k)
    assert isinstance(fig, go.Figure)
    want = trump_counts(k)
    assert [t.name for t in fig.data] == list(want)
    for trace in fig.data:
        dist = want[trace.name]
        assert list(trace.x) == list(dist)
        assert list(trace.y) == pytest.approx([float(p) for p in dist.values()])
        assert all("trump" in h for h in trace.hovertext)
    assert fig.layout.title.text and fig.layout.xaxis.title.text and fig.layout.yaxis.title.text


def test_trump_bars_prior_beside_posterior():
    rec = load_example("EX-KO-2")
    post = posterior(rec, 0, EpsilonModel("1/10"))
    fig = trump_bars(post.knowledge, post)
    places = list(post.trump_counts())
    assert len(fig.data) == 2 * len(places)
    for trace in fig.data:
        assert trace.marker.color == PALETTE[trace.name]
    posterior_traces = [t for t in fig.data if t.name == "posterior"]
    for place, trace in zip(places, posterior_traces):
        assert list(trace.y) == pytest.approx([float(p) for p in post.trump_counts()[place].values()])
    assert [a.text for a in fig.layout.annotations] == places
    # a sampled posterior draws the same way, with its standard errors in the hover text
    g = Game.deal(Rules(players=3), seed=3)
    sp = sampled_posterior(g, 0, n=200, rng=random.Random(1))
    fig = trump_bars(sp.knowledge, sp)
    assert any("±" in h for t in fig.data if t.name == "posterior" for h in t.hovertext)


def test_card_heatmap_cells_are_card_probabilities():
    k = _k()
    fig = card_heatmap(k)
    hm = fig.data[0]
    assert hm.type == "heatmap" and hm.zmin == 0 and hm.zmax == 1
    probs = card_probabilities(k)
    assert list(hm.y) == [str(c) for c in probs]
    assert list(hm.x) == ["P1", "P2", "P3", "talon", "table", "discard"]
    for i, row in enumerate(probs.values()):
        assert list(hm.z[i]) == pytest.approx([float(v) for v in row.values()])
    assert "9♥ in talon: 1.000 = 1" in [h for row in hm.hovertext for h in row]
    post = posterior(load_example("EX-KO-1"), 1, EpsilonModel("1/10"))
    fig = card_heatmap(post, "A♠ K♠ Q♠")
    assert list(fig.data[0].y) == ["Q♠", "K♠", "A♠"]


def test_course_lines_follow_the_expected_counts():
    rec = load_example("EX-KO-2")
    df = trump_course(rec, seat=0, model=EpsilonModel("1/10"))
    fig = course_lines(df, step=2)
    e = expected_trumps(df)
    names = sorted(t.name for t in fig.data)
    assert names == ["P2 (counting)", "P2 (posterior)", "talon (counting)", "talon (posterior)"]
    for trace in fig.data:
        place, source = trace.name[:-1].split(" (")
        part = e[(e.place == place) & (e.source == source)]
        assert list(trace.x) == part.step.tolist()
        assert list(trace.y) == pytest.approx(part.expected.tolist())
        assert trace.line.dash == ("solid" if source == "counting" else "dash")
    assert any(s.type == "line" and s.x0 == 2 for s in fig.layout.shapes)
    g = Game.deal(Rules(players=4), seed=2)
    rng = random.Random(2)
    while len(g) < 10:
        ms = g.legal_moves()
        g.play(ms[rng.randrange(len(ms))])
    fig = course_lines(trump_course(g, 0, EpsilonModel("1/5"), n=150, every=5))
    assert any(t.error_y and t.error_y.visible for t in fig.data)
