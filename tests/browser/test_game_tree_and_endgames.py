"""The game-tree notebook in JupyterLab: it runs and its tree figures render.

Opens ``notebooks/03_game_tree_and_endgames.ipynb``, runs every cell, and checks
that no cell failed, that each of its five tree figures drew its SVG with points
and lines, that the legend names the line of best play and the values, that
hovering a position shows it in words, and that the stepper with Judge ticked
shows the solver's verdict on a move.
"""

import pytest

expect = pytest.importorskip("playwright.sync_api").expect


from .jupyter_pages import assert_lab_page_clean, run_lab_notebook_with_charts

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/03_game_tree_and_endgames.ipynb"


def test_game_tree_notebook_runs_and_draws_its_trees(lab_page, screenshot):
    panel, plots = run_lab_notebook_with_charts(lab_page, NOTEBOOK, charts=5, timeout=180_000)
    for i in range(5):
        plot = plots.nth(i)
        expect(plot.locator("g.scatterlayer g.trace").first).to_be_attached(timeout=30_000)
        expect(plot.locator("g.legend")).to_contain_text("line of best play")
    first = plots.nth(0)
    expect(first).to_contain_text("a win for P2 with best play")
    expect(first.locator("g.legend")).to_contain_text("win for P2")
    expect(first.locator("g.legend")).to_contain_text("P2 to act")
    first.scroll_into_view_if_needed()
    hover = first.locator("g.hoverlayer")
    # a move: its invisible hover point on the line of best play names it and its value
    first.locator("g.scatterlayer g.trace path.point").first.hover(force=True)
    expect(hover).to_contain_text("P2 attack 8♥ · value for P2: win · best move", timeout=30_000)
    # a position: a visible point names who acts, the cards and the value
    point = first.locator('g.scatterlayer g.trace path.point[style*="stroke-width: 1px"]').first
    expect(point).to_be_visible(timeout=30_000)
    point.hover(force=True)
    expect(hover).to_contain_text("ply ", timeout=30_000)
    expect(hover).to_contain_text("value for P2", timeout=30_000)
    screenshot(first, "-tree")
    expect(panel).to_contain_text("positions searched")
    expect(panel).to_contain_text("mistake, the win becomes a draw")
    # the stepper with Judge ticked opens at P2's first mistake and judges the next move too
    stepper = panel.locator(".dl-stepper")
    expect(stepper.locator(".dl-judge input")).to_be_checked()
    verdict = stepper.locator(".dl-move .dl-verdict")
    expect(verdict).to_have_attribute("data-verdict", "mistake")
    expect(verdict).to_contain_text("mistake, the win becomes a draw")
    stepper.get_by_role("button", name="Next").click()
    expect(stepper.locator(".dl-move")).not_to_contain_text("the win becomes a draw", timeout=30_000)
    screenshot(stepper, "-judge")
    screenshot(lab_page)
    assert_lab_page_clean(lab_page, panel)
