"""The trump widget, driven from Python: buttons, viewpoint and inference change what it shows."""

from __future__ import annotations

import pytest

from durak_lab.engine.game import Game
from durak_lab.analysis.inference import EpsilonModel, counting_knowledge, exact_posterior
from durak_lab.analysis.inference.evidence import observe
from durak_lab.analysis.probability import trump_counts
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.widgets.trumps import MODELS, TrumpWidget


def _bar_values(w, source):
    return [list(t.y) for t in w.bars.data if t.name == source]


def test_stepping_shows_the_numbers_of_each_move():
    rec = load_example("EX-KO-2")
    w = TrumpWidget(rec, seat=0, epsilon="1/10")
    assert "At the start" in w.caption.value and "seen from P1" in w.caption.value
    t = observe(rec, 0)
    for i in range(len(w.stepper.frames)):
        w.stepper.go(i)
        step = w.moves_played
        k = counting_knowledge(t, step)
        want = [[float(p) for p in d.values()] for d in trump_counts(k).values()]
        assert _bar_values(w, "the cards seen") == [pytest.approx(v) for v in want]
        post = exact_posterior(rec, 0, EpsilonModel("1/10"), upto=step)
        want = [[float(p) for p in d.values()] for d in post.trump_counts().values()]
        assert _bar_values(w, "how they play too") == [pytest.approx(v) for v in want]
        assert any(s.x0 == step for s in w.course.layout.shapes)
    assert "expected trumps" in w.summary.value and "<table>" in w.summary.value


def test_buttons_viewpoint_and_inference():
    w = TrumpWidget("EX-KO-2", seat=1, epsilon=None)
    assert w.viewpoint.value == 1 and w.inference.value is None
    assert {t.name for t in w.bars.data} == {"P1", "talon"}            # counting only: one series per place
    w.stepper.next_button.click()
    assert w.moves_played == 1
    w.stepper.end_button.click()
    end = w.moves_played
    w.stepper.back_button.click()
    assert w.moves_played <= end
    w.inference.value = MODELS["Also how they play: no odd moves"]
    assert {t.name for t in w.bars.data} == {"the cards seen", "how they play too"}
    assert w.stepper.viewer == 1 and "seen by P2" in w.stepper.table.value
    assert w.stepper.seen_by.layout.display == "none"  # the Viewpoint dropdown chooses instead
    w.viewpoint.value = 0
    assert "seen from P1" in w.caption.value
    assert w.stepper.viewer == 0 and "seen by P1" in w.stepper.table.value   # the table follows the viewpoint
    w.stepper.start_button.click()
    assert "At the start" in w.caption.value
    assert w.heatmap.data[0].type == "heatmap"
    assert w.message.layout.display == "none"


def test_another_example_and_a_game_with_more_players():
    w = TrumpWidget("EX-KO-1", epsilon="1/3")
    w.stepper.select("EX-ZH-BOUT")                                     # 4 players: sampled
    assert [label for label, _ in w.viewpoint.options] == ["P1", "P2", "P3", "P4"]
    w.stepper.go(3)
    assert "an estimate from" in w.caption.value
    g = Game.deal(Rules(players=3), seed=5)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    w = TrumpWidget(g, seat=2, n=150)
    assert w.viewpoint.value == 2 and len(w.stepper.frames) >= 5
