"""The review's charts, built headless from real reviews of bot games: every point is a judged move.

A two-player game (the beginner against the greedy bot, seed 5) and a three-player one are
reviewed with few playouts (``reading=False``), once per module.  The advantage chart's line and
band follow the review's figures (the other seat's as the complement at two players, left out at
three), every slip point carries its move index and its sentence, and every y lies within 0–100;
the loss chart has one bar per judged move, in the panel of its seat, coloured by its label.
"""

from __future__ import annotations

import re

import pytest

go = pytest.importorskip("plotly.graph_objects")

from durak_lab.analysis.evaluation.review import BLUNDER, INACCURACY, MISTAKE, review  # noqa: E402
from durak_lab.bots import BeginnerBot, GreedyBot, play_game  # noqa: E402
from durak_lab.engine.rules import Rules  # noqa: E402
from durak_lab.plots import advantage_figure, loss_figure  # noqa: E402
from durak_lab.plots.review import LABEL_COLOURS, SLIPS, advantage_points  # noqa: E402
from durak_lab.text.messages import say  # noqa: E402
from durak_lab.text.review import decision_sentence, label_words  # noqa: E402


@pytest.fixture(scope="module")
def two():
    game = play_game(Rules.preset("podkidnoy", players=2), [BeginnerBot(slip=0.7), GreedyBot()], seed=5)
    return review(game.record(), playouts=60, reading=False, rng=0)


@pytest.fixture(scope="module")
def three():
    game = play_game(Rules.preset("podkidnoy", players=3), [BeginnerBot(slip=0.7), GreedyBot(), GreedyBot()], seed=4)
    return review(game.record(), playouts=30, reading=False, rng=0)


def _by_name(fig, name):
    return [t for t in fig.data if t.name == name]


def _every_y(fig):
    return [y for t in fig.data for y in (t.y or ())]


def test_the_games_have_slips_to_show(two, three):
    # guards the other tests: a game without slips would check nothing
    assert {d.label for d in two.decisions} & set(SLIPS)
    assert {d.label for d in three.decisions} & set(SLIPS)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_line_is_the_seats_chance_and_the_band_its_range(two, seat):
    fig = advantage_figure(two, seat)
    upper, lower, line = fig.data[:3]
    assert lower.name == say("chart-band") and lower.fill == "tonexty" and upper.showlegend is False
    assert line.name == say("chart-advantage-y", seat=f"P{seat + 1}")
    # two players: every judged move is on the line, the other seat's as the complement
    assert list(line.customdata) == [d.index for d in two.decisions]
    assert list(line.x) == [d.index + 1 for d in two.decisions]
    for d, y, lo, hi in zip(two.decisions, line.y, lower.y, upper.y):
        want = d.before if d.seat == seat else 1 - d.before
        assert y == pytest.approx(100 * want, abs=0.01)
        assert lo - 1e-6 <= y <= hi + 1e-6
        elo, ehi = d.evaluation.interval
        if d.seat == seat:
            assert (lo, hi) == pytest.approx((100 * elo, 100 * ehi), abs=0.01)
        else:
            assert (lo, hi) == pytest.approx((100 * (1 - ehi), 100 * (1 - elo)), abs=0.01)
    assert any(h > lo for lo, h in zip(lower.y, upper.y)), "a sampled figure has a range"
    assert list(upper.customdata) == list(lower.customdata) == list(line.customdata)
    assert all(0 <= y <= 100 for y in _every_y(fig))
    lo_axis, hi_axis = fig.layout.yaxis.range
    assert lo_axis < 0 and hi_axis > 100 and list(fig.layout.yaxis.tickvals) == [0, 25, 50, 75, 100]
    assert list(fig.layout.yaxis.ticktext) == ["0%", "25%", "50%", "75%", "100%"]


def test_every_slip_is_a_point_with_its_move_index_and_sentence(two):
    fig = advantage_figure(two, 0)
    by_index = {d.index: d for d in two.decisions}
    slips = [d for d in two.decisions if d.label in SLIPS]
    seen = []
    for label in SLIPS:
        traces = _by_name(fig, label_words(label))
        mine = [d for d in slips if d.label == label]
        assert len(traces) == (1 if mine else 0), label
        for t in traces:
            assert t.marker.color == LABEL_COLOURS[label]
            for index, x, y, hover in zip(t.customdata, t.x, t.y, t.hovertext):
                d = by_index[index]
                assert d.label == label and x == index + 1
                assert hover == decision_sentence(d)
                assert y == pytest.approx(100 * (d.before if d.seat == 0 else 1 - d.before), abs=0.01)
                seen.append(index)
    assert sorted(seen) == sorted(d.index for d in slips)


def test_the_hover_of_the_line_says_the_chance_and_the_move(two):
    line = advantage_figure(two, 0).data[2]
    for d, hover in zip(two.decisions, line.hovertext):
        assert f"move {d.index + 1}" in hover and decision_sentence(d) in hover
        assert "Move(" not in hover and "Decision(" not in hover
        assert re.search(r"\d\.\d", hover) is None  # chances as percentages, never 0.54


def test_three_players_show_only_the_seats_own_decisions(three):
    for seat in range(3):
        fig = advantage_figure(three, seat)
        line = fig.data[2]
        own = [d for d in three.decisions if d.seat == seat]
        assert own and list(line.customdata) == [d.index for d in own]
        assert list(line.y) == pytest.approx([100 * d.before for d in own], abs=0.01)
        assert all(0 <= y <= 100 for y in _every_y(fig))
        slips = [i for label in SLIPS for t in _by_name(fig, label_words(label)) for i in t.customdata]
        assert sorted(slips) == sorted(d.index for d in own if d.label in SLIPS)


def test_a_one_seat_review_needs_the_player_count_for_the_complement(two):
    game = play_game(Rules.preset("podkidnoy", players=2), [BeginnerBot(slip=0.7), GreedyBot()], seed=5)
    r1 = review(game.record(), seat=1, playouts=20, reading=False, rng=0)
    assert advantage_points(r1, 0) == []  # P1 was not judged, and the table's size is unknown
    assert len(advantage_points(r1, 0, players=2)) == len(r1.decisions)
    fig = advantage_figure(r1, 0)
    assert fig.layout.annotations[0].text == say("chart-no-decisions")


def test_the_titles_and_axes_come_from_say(two):
    fig = advantage_figure(two, 1)
    assert fig.layout.title.text == say("chart-advantage-title", seat="P2")
    assert fig.layout.xaxis.title.text == say("chart-move-x")
    assert fig.layout.yaxis.title.text == say("chart-advantage-y", seat="P2")
    loss = loss_figure(two)
    assert loss.layout.title.text == say("chart-loss-title")
    assert loss.layout.yaxis.title.text == loss.layout.yaxis2.title.text == say("chart-loss-y")


@pytest.mark.parametrize("which", ["two", "three"])
def test_the_loss_chart_has_a_bar_per_judged_move_in_its_seats_panel(which, request):
    r = request.getfixturevalue(which)
    fig = loss_figure(r)
    assert [a.text for a in fig.layout.annotations] == [f"P{s + 1}" for s in r.players]
    by_index = {d.index: d for d in r.decisions}
    seen = []
    for t in fig.data:
        assert t.type == "bar"
        row = int((t.yaxis or "y")[1:] or 1)
        for index, x, y, hover in zip(t.customdata, t.x, t.y, t.hovertext):
            d = by_index[index]
            assert d.seat == r.players[row - 1] and x == index + 1
            assert t.name == label_words(d.label) and t.marker.color == LABEL_COLOURS[d.label]
            assert y == pytest.approx(100 * d.sure_loss, abs=0.01) and 0 <= y <= 100
            assert hover.endswith(decision_sentence(d))
            seen.append(index)
    assert sorted(seen) == sorted(by_index)
    # a label is in the legend once, and only when it has a bar to see
    legend = [t.name for t in fig.data if t.showlegend is not False]
    assert len(legend) == len(set(legend))
    assert set(legend) == {label_words(d.label) for d in r.decisions if d.sure_loss > 0}
    for label in (INACCURACY, MISTAKE, BLUNDER):
        assert all(t.marker.pattern.shape for t in fig.data if t.name == label_words(label))
