"""The stepper's "Guess the move" in a real browser: JupyterLab and Voila, at 1366×768 and at 800×900.

A small notebook opens the stepper on EX-ZH-BOUT (P4 attacks P1, trump ♠). The test
switches guessing on from the keyboard, checks that the move ahead is hidden (Next
disabled, the description hidden), clicks a legal move that is not the source's
(P4 leads K♥: "allowed, but not the move in the source", the button disabled), then
picks the source's move P4 leads 7♥ from the keyboard: "Right", the stepper shows
move 1 and the score reads "1 of 1 guessed, 0 at the first try" (the wrong try counts apart);
then P1's cover, the source's move at the first try: "2 of 2 guessed, 1 at the first try". At both sizes the panel and its buttons
stay inside the stepper's box (in JupyterLab at 800 px wide, beside the file browser, the box is
about 370 px wide).
"""

import json
import re

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .jupyter_pages import lab_error_outputs, open_lab_notebook, open_voila, unexpected_page_errors, voila_error_outputs

pytestmark = pytest.mark.browser

VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}
NOTEBOOK = "notebooks/stepper_guess.ipynb"

_INSIDE_JS = """root => {
  const r = root.getBoundingClientRect();
  const out = [...root.querySelectorAll('.dl-guess, .dl-guess-choice, .dl-guess-show, .dl-guess-toggle')]
    .map(el => ({cls: el.className, ...el.getBoundingClientRect().toJSON()}))
    .filter(b => b.width > 0 && (b.left < r.left - 1 || b.right > r.right + 1));
  return {out, width: r.width};
}"""


def write_notebook(notebook_root) -> None:
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "guess", "metadata": {},
                           "outputs": [], "source": ["from durak_lab.widgets import Stepper\n", "\n",
                                                     "Stepper(\"EX-ZH-BOUT\")"]}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (notebook_root / "notebooks" / "stepper_guess.ipynb").write_text(json.dumps(notebook), encoding="utf-8")


def check_inside(root) -> None:
    geometry = root.evaluate(_INSIDE_JS)
    assert geometry["out"] == [], geometry


def guess_a_wrong_move_then_the_right_one(page, viewport: str, screenshot) -> None:
    root = page.locator(".dl-stepper")
    expect(root).to_be_visible(timeout=90_000)
    expect(root.locator(".dl-step-label")).to_have_text(re.compile(r"Step 0 of 12"))
    panel = root.locator(".dl-guess")
    expect(panel).to_be_hidden()
    toggle = root.get_by_role("button", name="Guess the move")
    toggle.focus()
    page.keyboard.press("Space")  # keyboard: the toggle is a real button
    expect(panel).to_be_visible()
    expect(root.get_by_role("button", name="Next")).to_be_disabled()  # the move ahead stays hidden
    expect(root.get_by_role("button", name="End")).to_be_disabled()
    expect(root.locator(".dl-narration")).to_contain_text("hidden while you guess")
    expect(root.locator(".dl-guess-score")).to_have_text("Nothing guessed yet")
    choices = panel.locator(".dl-guess-choice")
    expect(choices).to_have_count(6)  # P4 may lead any of its six cards (R10)
    expect(panel.locator(".dl-guess-seat").first).to_contain_text("P4 (attacker)")
    check_inside(root)

    wrong = panel.get_by_role("button", name="P4 leads K♥", exact=True)
    wrong.click()
    answer = panel.locator(".dl-guess-feedback [data-outcome]")
    expect(answer).to_have_attribute("data-outcome", "other")
    expect(answer).to_have_text("That move is allowed, but it is not the move in the source. Try another one, "
                                "or click “Show the move”.")
    expect(wrong).to_be_disabled()
    expect(root.locator(".dl-step-label")).to_have_text(re.compile(r"Step 0 of 12"))
    screenshot(root, "-wrong")

    right = panel.get_by_role("button", name="P4 leads 7♥", exact=True)
    right.focus()
    page.keyboard.press("Enter")
    expect(root.locator(".dl-step-label")).to_have_text(re.compile(r"Step 1 of 12"))
    expect(answer).to_have_attribute("data-outcome", "right")
    expect(answer).to_have_text("Right: that is the move in the source.")
    expect(root.locator(".dl-guess-score")).to_have_text("1 of 1 guessed, 0 at the first try")
    expect(root.locator(".dl-move")).to_contain_text("P4 attack 7♥")
    expect(root.locator(".dl-table .dl-table-cards .dl-card")).to_have_count(1)
    # the next question: P1 covers or takes, the others pass
    expect(panel.get_by_role("button", name="P1 covers 7♥ with 10♥", exact=True)).to_be_enabled()
    expect(choices).to_have_count(7)
    check_inside(root)
    screenshot(root, f"-right-{viewport}")
    # the next move at the first try: the choices are the same buttons, drawn again
    panel.get_by_role("button", name="P1 covers 7♥ with 10♥", exact=True).click()
    expect(root.locator(".dl-step-label")).to_have_text(re.compile(r"Step 2 of 12"))
    expect(answer).to_have_attribute("data-outcome", "right")
    expect(root.locator(".dl-guess-score")).to_have_text("2 of 2 guessed, 1 at the first try")
    expect(panel.get_by_role("button", name="P2 throws in 10♦", exact=True)).to_be_enabled()
    expect(panel.locator(".dl-guess-tried")).to_have_count(0)  # a reused button is no longer "tried"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_stepper_guess_the_move_in_lab(lab_page, viewport, notebook_root, screenshot):
    write_notebook(notebook_root)
    lab_page.set_viewport_size(VIEWPORTS[viewport])
    panel = open_lab_notebook(lab_page, NOTEBOOK)
    guess_a_wrong_move_then_the_right_one(lab_page, viewport, screenshot)
    assert lab_error_outputs(panel) == []
    assert unexpected_page_errors(lab_page, known=()) == []


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_stepper_guess_the_move_in_voila(voila_page, viewport, notebook_root, screenshot):
    write_notebook(notebook_root)
    voila_page.set_viewport_size(VIEWPORTS[viewport])
    open_voila(voila_page, NOTEBOOK)
    guess_a_wrong_move_then_the_right_one(voila_page, viewport, screenshot)
    assert voila_error_outputs(voila_page) == []
    assert unexpected_page_errors(voila_page) == []
