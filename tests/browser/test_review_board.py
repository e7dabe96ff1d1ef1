"""The review board in JupyterLab: the review runs with its progress bar, both charts draw, a click
on a point of the chart opens that move, "Go to" works from the keyboard, and the board fits at
800 px wide and at 1366×768.

One small generated notebook: the beginner against the greedy bot (seed 5), reviewed with few
playouts.  The click goes through the browser: the mouse on a slip's marker, plotly's click event,
the FigureWidget's message to Python, the stepper's move and the sentence back.
"""

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .jupyter_pages import lab_error_outputs, open_lab_notebook, unexpected_page_errors  # noqa: E402
from .test_layout_sizes import _CHART_WIDTHS_JS, _GEOMETRY_JS, SCROLLERS, VIEWPORTS, write_notebook  # noqa: E402

pytestmark = pytest.mark.browser

CODE = """from durak_lab.bots import BeginnerBot, GreedyBot, play_game
from durak_lab.engine import Rules
from durak_lab.widgets import ReviewBoard

game = play_game(Rules.preset("podkidnoy", players=2), [BeginnerBot(slip=0.7), GreedyBot()], seed=5)
ReviewBoard(game.record(), playouts=60, reading=False)
"""


def _measure(page, board, size, report, screenshot) -> list:
    """What sticks out of the board, and charts wider than the output area, at ``size``."""
    problems = []
    board.scroll_into_view_if_needed()
    geo = board.evaluate(_GEOMETRY_JS, list(SCROLLERS))
    charts = board.evaluate(_CHART_WIDTHS_JS)
    report(f"review board at {size}: {geo['width']}×{geo['height']} px in an output area {geo['area']} px "
           f"wide; charts {[c['width'] for c in charts]} px wide")
    if len(charts) != 2:
        problems.append(f"at {size}: {len(charts)} charts, not 2")
    for c in charts:
        if not c["traces"]:
            problems.append(f"at {size}: a chart is empty")
        if c["width"] > c["area"] + 1 or c["width"] < c["area"] - 40:  # fits, and fills the width
            problems.append(f"at {size}: a chart is {c['width']} px wide in an output area of {c['area']} px")
    if geo["out"] or geo["scrolling"]:
        problems.append(f"at {size}: {geo['outCount']} elements stick out {geo['out']}, "
                        f"scrolling sideways {geo['scrolling']}")
    screenshot(board, f"-{size}")
    return problems


def test_the_board_reviews_draws_opens_a_clicked_move_and_fits(lab_page, notebook_root, screenshot, report):
    # opened at 800 px wide (with the file browser open), then the file browser closed: the
    # chart must refit to its box without a window resize
    lab_page.set_viewport_size(VIEWPORTS["800x900"])
    panel = open_lab_notebook(lab_page, write_notebook(notebook_root, "review_board", CODE), timeout=240_000)
    board = panel.locator(".dl-review-board")
    expect(board).to_be_visible(timeout=60_000)
    expect(board.locator(".dl-review-status")).to_contain_text("Done:", timeout=120_000)
    advantage = board.locator(".dl-review-advantage .js-plotly-plot")
    loss = board.locator(".dl-review-loss .js-plotly-plot")
    expect(advantage.locator("g.scatterlayer g.trace").first).to_be_attached(timeout=60_000)
    expect(loss.locator("g.barlayer g.trace").first).to_be_attached(timeout=60_000)
    expect(advantage).to_contain_text("P1's chance of not being the durak")
    expect(loss).to_contain_text("Chance lost by each move")
    lab_page.evaluate("window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight()")
    lab_page.wait_for_timeout(2500)
    problems = _measure(lab_page, board, "800x900", report, screenshot)
    # a click on a slip's marker (the last trace: the biggest slips, here one at 100%) opens its move
    advantage.scroll_into_view_if_needed()
    point = advantage.locator("g.scatterlayer g.trace").last.locator("path.point").first
    expect(point).to_be_attached()
    box = point.bounding_box()
    move_line = board.locator(".dl-stepper .dl-move")
    before = move_line.text_content()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    lab_page.mouse.move(x - 20, y + 10)
    lab_page.mouse.move(x, y, steps=5)
    expect(advantage.locator("g.hoverlayer")).to_contain_text("chose to", timeout=30_000)
    lab_page.mouse.click(x, y)
    sentence = board.locator(".dl-review-sentence")
    expect(sentence).to_contain_text("chose to", timeout=30_000)
    expect(move_line).not_to_have_text(before or "", timeout=30_000)
    picked = board.locator(".dl-review-moves select")
    number = picked.evaluate("s => s.options[s.selectedIndex].text").split(":")[0]  # "move 38"
    expect(move_line).to_contain_text(number.replace("move", "Move"))
    screenshot(board, "-clicked")
    # "Go to" from the keyboard: focus the list, choose the first judged move
    picked.focus()
    lab_page.keyboard.press("Home")
    picked.select_option(index=1)
    expect(move_line).to_contain_text("Move 1 of", timeout=30_000)
    expect(sentence).to_contain_text("P1 chose to")
    lab_page.set_viewport_size(VIEWPORTS["1366x768"])
    lab_page.wait_for_timeout(2500)
    problems += _measure(lab_page, board, "1366x768", report, screenshot)
    assert lab_error_outputs(panel) == []
    assert unexpected_page_errors(lab_page, known=()) == []
    assert problems == [], "\n".join(problems)
