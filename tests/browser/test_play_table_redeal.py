"""The play table's redeal question (R4) in a real browser (Voila, 1366×768 and 800×900).

A small notebook opens ``play(seed=90, redeal=True)``: deal 90 gives P1 six black
cards, so the table shows the hand and asks, with two buttons.  "Yes, new cards"
deals again (the status turns to the game, the said lines tell it); "New game"
(the same deal number from the settings) asks again, and "No, keep my cards" keeps
the hand shown with the question.  In pass and play (two people at one screen) the question
waits, face down, until P1 clicks "show my cards": before that no text on the page tells what
P1 holds.
"""

import json

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .jupyter_pages import open_voila, unexpected_page_errors, voila_error_outputs  # noqa: E402

pytestmark = pytest.mark.browser

ASK = "P1, you have 6 black cards. You may ask for a new deal. Do you want new cards?"
HAND = sorted("9♠ Q♠ K♠ 6♣ J♣ K♣".split())
VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}


def _notebook(notebook_root, humans: int = 1) -> str:
    name = "redeal_table.ipynb" if humans == 1 else f"redeal_table_{humans}.ipynb"
    cell = {"cell_type": "code", "execution_count": None, "id": "table", "metadata": {}, "outputs": [],
            "source": ["from durak_lab import play\n", "\n",
                       f"play(seed=90, redeal=True, speed='instant', humans={humans})"]}
    nb = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}}
    (notebook_root / "notebooks" / name).write_text(json.dumps(nb), encoding="utf-8")
    return f"notebooks/{name}"


def _hand(root) -> list:
    return sorted(root.locator(".dl-pt-hand .dl-card").evaluate_all("els => els.map(e => e.dataset.card)"))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_R4_redeal_question_in_voila(voila_page, viewport, notebook_root, screenshot):
    page = voila_page
    page.set_viewport_size(VIEWPORTS[viewport])
    open_voila(page, _notebook(notebook_root))
    root = page.locator(".dl-play-table")
    expect(root).to_be_visible(timeout=90_000)
    status = root.locator(".dl-pt-status")
    yes = root.locator('.dl-pt-actions button[data-do="redeal"]')
    no = root.locator('.dl-pt-actions button[data-do="keep"]')
    # the question, over the hand it speaks of
    expect(status).to_have_text(ASK)
    expect(yes).to_have_text("Yes, new cards")
    expect(no).to_have_text("No, keep my cards")
    expect(root).to_have_attribute("data-acting", "you")
    assert _hand(root) == HAND
    yes.scroll_into_view_if_needed()
    assert yes.is_visible() and no.is_visible()
    screenshot(root, f"-redeal-{viewport}")
    # yes: the cards are dealt again and the game starts
    tick = int(root.get_attribute("data-tick"))
    yes.click()
    expect(root.locator(".dl-pt-said")).to_contain_text("P1 asks for a new deal.")
    expect(status).not_to_have_text(ASK)
    expect(yes).to_have_count(0)
    assert int(root.get_attribute("data-tick")) > tick
    # the same deal again (New game keeps the deal number) asks again; no keeps the hand
    root.locator(".dl-pt-new").click()
    expect(status).to_have_text(ASK)
    assert _hand(root) == HAND
    no.focus()  # by keyboard this time
    page.keyboard.press("Enter")
    expect(root.locator(".dl-pt-said")).to_contain_text("You keep your cards.")
    expect(status).not_to_have_text(ASK)
    expect(no).to_have_count(0)
    assert voila_error_outputs(page) == []
    assert unexpected_page_errors(page) == []


def test_R4_pass_and_play_keeps_the_question_face_down_in_voila(voila_page, notebook_root, screenshot):
    page = voila_page
    page.set_viewport_size(VIEWPORTS["1366x768"])
    open_voila(page, _notebook(notebook_root, humans=2))
    root = page.locator(".dl-play-table")
    expect(root).to_be_visible(timeout=90_000)
    status = root.locator(".dl-pt-status")
    expect(status).to_have_text("P1, your turn.")
    reveal = root.locator(".dl-pt-reveal")
    expect(reveal).to_be_visible()
    assert _hand(root) == [] and root.locator('.dl-pt-actions button[data-do="redeal"]').count() == 0
    text = root.inner_text()
    assert "black" not in text and "new deal" not in text and not any(card in text for card in HAND), text
    screenshot(root, "-face-down")
    reveal.focus()  # the keyboard: show my cards
    page.keyboard.press("Enter")
    expect(status).to_have_text(ASK)
    assert _hand(root) == HAND
    expect(root.locator('.dl-pt-actions button[data-do="keep"]')).to_have_text("No, keep my cards")
    assert voila_error_outputs(page) == []
    assert unexpected_page_errors(page) == []
