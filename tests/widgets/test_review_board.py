"""The review board, headless: it reviews a game with a progress bar, then a click on the chart, a
choice in "Go to" or a step of the stepper shows the same move and its sentence.

The game: the beginner against the greedy bot (seed 5), reviewed with few playouts and
``reading=False``.  A click is simulated by calling the chart's click handler with plotly's own
``Points``, as the FigureWidget does when a point is clicked in the browser.
"""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
go = pytest.importorskip("plotly.graph_objects")
pytest.importorskip("anywidget")

from plotly.callbacks import Points  # noqa: E402

from durak_lab.bots import BeginnerBot, GreedyBot, play_game  # noqa: E402
from durak_lab.engine.errors import KernelUnsupported  # noqa: E402
from durak_lab.engine.rules import Rules  # noqa: E402
from durak_lab.plots.review import SLIPS  # noqa: E402
from durak_lab.text.messages import say  # noqa: E402
from durak_lab.text.narrate import move_words  # noqa: E402
from durak_lab.text.review import decision_sentence, label_words  # noqa: E402
from durak_lab.widgets import ReviewBoard  # noqa: E402
from durak_lab.widgets import review as board_module  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
OPTIONS = dict(playouts=40, reading=False, rng=0)


@pytest.fixture(scope="module")
def record():
    return play_game(Rules.preset("podkidnoy", players=2), [BeginnerBot(slip=0.7), GreedyBot()], seed=5).record()


@pytest.fixture(scope="module")
def board(record):
    b = ReviewBoard(record, **OPTIONS)
    b.run()
    return b


def _click(b, trace, k):
    """What the FigureWidget does when point ``k`` of ``trace`` is clicked in the browser."""
    points = Points(point_inds=[k], xs=[trace.x[k]], ys=[trace.y[k]], trace_name=trace.name,
                    trace_index=list(b.advantage.data).index(trace))
    b._on_click(trace, points, None)


def test_the_board_waits_to_be_shown_then_the_progress_reaches_the_end(record):
    b = ReviewBoard(record, **OPTIONS)
    assert b.review is None and b.advantage is None
    assert b.status.value == say("rvb-waiting") and b.moves.disabled
    seen = []
    b.progress.observe(lambda change: seen.append(change["new"]), names="value")
    b.run()
    total = len(record.moves)
    assert b.progress.max == total and b.progress.value == total
    assert seen == list(range(1, total + 1))  # one step a move, in order
    r = b.review
    assert r is not None and b.status.value == say("rvb-done", count=len(r.decisions))
    assert isinstance(b.advantage, go.FigureWidget) and b.advantage in b._advantage_box.children
    assert b.moves.options[1:] == tuple(
        (say("rvb-option", number=d.index + 1, seat=f"P{d.seat + 1}", move=move_words(d.move),
             label=label_words(d.label)), d.index) for d in r.decisions)
    assert not b.moves.disabled and b.summary.layout.display is None
    assert "accuracy" in b.summary.value
    b.run()  # a second run does nothing
    assert b.review is r
    b.close()


def test_showing_the_board_runs_the_review(record, monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: shown.append((a, k)))
    b = ReviewBoard(record, **OPTIONS)
    b._ipython_display_()
    assert len(shown) == 1 and "application/vnd.jupyter.widget-view+json" in shown[0][0][0]
    assert shown[0][1] == {"raw": True}
    assert b.review is not None and b.progress.value == b.progress.max
    b.close()


def test_a_click_on_a_slip_opens_its_move_in_the_stepper(board):
    r = board.review
    slips = [t for t in board.advantage.data if t.name in {label_words(label) for label in SLIPS}]
    assert slips, "the game has slips to click"
    for trace in slips:
        for k, index in enumerate(trace.customdata):
            _click(board, trace, k)
            assert board.stepper.frame.kind == "move" and board.stepper.frame.step == index
            d = next(d for d in r.decisions if d.index == index)
            assert html.escape(decision_sentence(d)) in board.sentence.value
            assert 'role="status"' in board.sentence.value
            assert board.moves.value == index
            mark = board.advantage.layout.shapes[-1]
            assert mark.x0 == mark.x1 == index + 1
            assert len(board.advantage.layout.shapes) == 2  # the 50% line and the mark


def test_a_click_on_the_line_or_the_band_opens_that_move_too(board):
    for trace in board.advantage.data[:3]:
        k = len(trace.customdata) // 2
        _click(board, trace, k)
        assert board.stepper.frame.step == trace.customdata[k]
    before = board.stepper.index
    board._on_click(board.advantage.data[2], Points(), None)  # a click on nothing: nothing happens
    assert board.stepper.index == before


def test_go_to_and_the_stepper_show_the_same_move(board):
    r = board.review
    d = r.decisions[len(r.decisions) // 2]
    board.moves.value = d.index
    assert board.stepper.frame.step == d.index
    assert html.escape(decision_sentence(d)) in board.sentence.value
    board.stepper.next()  # the next frame: another move (judged or not) or what follows a bout
    frame = board.stepper.frame
    if frame.kind == "move":
        nxt = next((x for x in r.decisions if x.index == frame.step), None)
        want = decision_sentence(nxt) if nxt else say("rvb-no-choice", number=frame.step + 1)
        assert html.escape(want) in board.sentence.value
        assert board.moves.value == (nxt.index if nxt else -1)
    board.stepper.start()
    assert board.sentence.value == "" and board.moves.value == -1
    assert board.advantage.layout.shapes[-1].y0 == 50  # only the 50% line is left


def test_a_review_given_is_shown_at_once(board, record):
    b = ReviewBoard(record, review=board.review)
    assert b.review is board.review and b.progress.value == b.progress.max
    assert len(b.advantage.data) == len(board.advantage.data)
    b.close()


def test_a_seat_only_review_charts_that_seat(record):
    b = ReviewBoard(record, seat=1, wait=False, **OPTIONS)
    assert b.review.players == (1,) and b.seat == 1
    assert b.advantage.layout.title.text == say("chart-advantage-title", seat="P2")
    line = b.advantage.data[2]
    assert list(line.customdata) == [d.index for d in b.review.decisions]
    b.close()


def test_a_game_the_evaluator_cannot_play_says_why(record, monkeypatch):
    def refuse(*a, **k):
        raise KernelUnsupported("the trump-card swap (R6) is still open; the kernel starts after it")

    monkeypatch.setattr(board_module, "review_game", refuse)
    b = ReviewBoard(record, wait=False, **OPTIONS)
    assert b.review is None and b.status.value.startswith(say("rvb-cannot", why="")[:20])
    assert "Traceback" not in b.status.value and b.stepper.record is record
    b.close()


def test_the_board_takes_a_game_or_an_example(record):
    b = ReviewBoard("EX-KO-1", wait=False, **OPTIONS)
    assert b.record.id == "EX-KO-1" and len(b.review.decisions) == 2
    b.close()
    with pytest.raises(TypeError):
        ReviewBoard(42)


def test_closing_the_board_closes_every_widget(record, board):
    from ipywidgets.widgets.widget import _instances

    before = len(_instances)
    b = ReviewBoard(record, review=board.review)
    b.close()
    assert len(_instances) <= before


def test_the_board_imports_no_pandas():
    code = ("import sys; from durak_lab.widgets import ReviewBoard; "
            "b = ReviewBoard('EX-KO-1', playouts=10, reading=False, wait=False); "
            "print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
    source = (REPO / "durak_lab" / "widgets" / "review.py").read_text(encoding="utf-8")
    assert "import pandas" not in source and "import numpy" not in source
