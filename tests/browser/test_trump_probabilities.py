"""The trump-probabilities notebook in JupyterLab: its charts render and its widget steps.

Opens ``notebooks/04_trump_probabilities.ipynb``, runs every cell, and checks
that no cell failed, that every plotly chart drew its SVG (four figures shown
with ``fig.show()`` and the widget's three), and that the widget answers a
click: Next moves it to the first move, the Viewpoint dropdown changes whose
view the caption names and the table shows (the other hand face down), and its
charts redraw.
"""

import re

import pytest

expect = pytest.importorskip("playwright.sync_api").expect


from .jupyter_pages import assert_lab_page_clean, run_lab_notebook_with_charts

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/04_trump_probabilities.ipynb"


def test_trump_notebook_runs_draws_its_charts_and_the_widget_steps(lab_page, screenshot):
    panel, _ = run_lab_notebook_with_charts(lab_page, NOTEBOOK, charts=7, timeout=240_000)
    widget = panel.locator(".dl-trumps")
    expect(widget).to_be_visible(timeout=60_000)
    caption = widget.locator(".dl-trump-caption")
    expect(caption).to_contain_text("At the start", timeout=60_000)
    expect(caption).to_contain_text("seen from P2")
    widget.locator(".dl-stepper").get_by_role("button", name="Next").click()
    expect(caption).to_contain_text(re.compile(r"After move 1: P2 attack 7♦"), timeout=30_000)
    widget.get_by_label("Viewpoint").select_option(label="P1")
    expect(caption).to_contain_text("seen from P1", timeout=30_000)
    # the table as P1 sees it: P2's hand face down, P1's own cards face up
    table = widget.locator(".dl-stepper .dl-table")
    expect(table).to_contain_text("5 cards, hidden", timeout=30_000)
    expect(table.locator("svg.dl-card-back").first).to_be_attached()
    expect(widget.locator(".dl-trump-summary table")).to_contain_text("talon")
    for chart in (".dl-trump-bars", ".dl-trump-heatmap", ".dl-trump-course"):
        expect(widget.locator(f"{chart} .js-plotly-plot svg.main-svg").first).to_be_visible(timeout=30_000)
        screenshot(widget.locator(chart), "-" + chart.strip(".").replace("dl-trump-", ""))
    screenshot(lab_page)
    assert_lab_page_clean(lab_page, panel)
