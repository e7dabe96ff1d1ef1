"""The bots-and-tournaments notebook in JupyterLab: it runs, its three charts render, the bot game steps.

Opens ``notebooks/05_bots_and_tournaments.ipynb``, runs every cell, and checks
that no cell failed, that the standings bars, the head-to-head heatmap and the
ladder drew their SVG, that hovering a bar names the bot's durak count, and that
the stepper walks through the game the bots played.
"""

import pytest

expect = pytest.importorskip("playwright.sync_api").expect


from .jupyter_pages import assert_lab_page_clean, run_lab_notebook_with_charts

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/05_bots_and_tournaments.ipynb"


def test_bots_notebook_runs_draws_its_charts_and_steps_the_bot_game(lab_page, screenshot):
    panel, plots = run_lab_notebook_with_charts(lab_page, NOTEBOOK, charts=3, timeout=240_000)
    bars, heat, ladder = plots.nth(0), plots.nth(1), plots.nth(2)
    expect(bars.locator("g.barlayer g.trace path").first).to_be_attached(timeout=30_000)
    expect(bars).to_contain_text("How often each bot is the durak")
    expect(bars.locator("g.xtick")).to_have_count(3)
    expect(heat.locator("g.heatmaplayer, g.imagelayer").first).to_be_attached(timeout=30_000)
    expect(heat).to_contain_text("Head to head")
    # the ladder: one point per bot, the greedy bot's line at 1000
    expect(ladder).to_contain_text("The ladder")
    expect(ladder.locator("g.scatterlayer g.trace path.point")).to_have_count(6, timeout=30_000)
    expect(ladder).to_contain_text("greedy = 1000")
    bars.scroll_into_view_if_needed()
    bars.locator("g.barlayer g.trace path").first.hover(force=True)
    expect(bars.locator("g.hoverlayer")).to_contain_text("durak in", timeout=30_000)
    screenshot(bars, "-standings")
    # the stepper holds the game the bots played, move by move
    stepper = panel.locator(".dl-stepper")
    expect(stepper).to_contain_text("tips vs P2 random")
    move = stepper.locator(".dl-move")
    before = move.text_content()
    stepper.get_by_role("button", name="Next").click()
    expect(move).not_to_have_text(before or "", timeout=30_000)
    expect(move).to_contain_text("P")
    screenshot(stepper, "-stepper")
    assert_lab_page_clean(lab_page, panel)
