"""The attack-and-defence notebook in JupyterLab: it runs, its charts render, its widget answers.

Opens ``notebooks/02_attack_and_defence.ipynb``, runs every cell, and checks that
no cell failed, that every plotly chart drew its SVG (seven figures shown with
``fig.show()`` and the cover widget's own), and that the cover widget answers
typed input (a hand that covers everything, then bad card text, which shows a
sentence and no traceback) and a moment of a worked example chosen from its list.
"""

import re

import pytest

expect = pytest.importorskip("playwright.sync_api").expect


from .jupyter_pages import assert_lab_page_clean, run_lab_notebook_with_charts

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/02_attack_and_defence.ipynb"


def test_attack_and_defence_notebook_runs_and_draws_its_charts(lab_page, screenshot):
    panel, _ = run_lab_notebook_with_charts(lab_page, NOTEBOOK, charts=8, timeout=180_000)
    widget = panel.locator(".dl-cover-widget")
    expect(widget).to_be_visible(timeout=60_000)
    answer = widget.locator(".dl-cover-answer")
    expect(answer).to_contain_text("three cards, two answers", timeout=30_000)
    expect(widget.locator(".dl-cover-figure .js-plotly-plot svg.main-svg").first).to_be_visible(timeout=30_000)
    hand = widget.get_by_label("Hand")
    hand.fill("10♥ A♠ 6♣ Q♥")
    hand.press("Enter")
    expect(answer).to_contain_text("The defender can cover all three attack cards", timeout=30_000)
    expect(widget.locator(".dl-cover-table table")).to_contain_text("Q♥")
    screenshot(widget, "-widget")
    hand.fill("10♥ Z9")
    hand.press("Enter")
    expect(answer).to_contain_text("“Z9” is not a card", timeout=30_000)
    expect(answer).not_to_contain_text("Traceback")
    widget.get_by_label("Example").select_option(label="EX-ZH-BOUT after move 5: P3 attack 8♣")
    expect(answer).to_contain_text("8♣ with 10♣", timeout=30_000)
    expect(hand).to_have_value("Q♥ 7♣ 10♣ Q♣")
    expect(widget.locator(".dl-cover-table table")).to_contain_text("8 of clubs", timeout=30_000)
    figure = widget.locator(".dl-cover-figure .js-plotly-plot")
    expect(figure).to_contain_text(re.compile(r"8♣\s*with 10♣"), timeout=30_000)  # the sentence under the title (wrapped to fit)
    expect(figure.locator("g.scatterlayer g.trace")).not_to_have_count(0)
    screenshot(widget, "-example")
    screenshot(lab_page)
    assert_lab_page_clean(lab_page, panel)
