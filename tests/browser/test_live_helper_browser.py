"""The live helper in a real browser: ``notebooks/live.ipynb`` as a Voila app, at 1366×768 and at 800×900.

The notebook opens two helpers.  On the first the test sets a game up by clicking (six cards, the
face-up trump card, who leads), then follows a bout as it would at a real table: P2's card clicked,
your moves valued, your cover played with the keyboard, P2 done, the card you drew clicked, and a
take-back.  The second is set up for four players of perevodnoy from P3's seat, where the trump the
leader showed is asked for (R7).  Every card has a text alternative and nothing sticks out of the
helper's box.  The time from the click on P2's card to the first figure of your chances is printed
(not asserted: the machine is shared).
"""

import re
import time

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .jupyter_pages import open_voila, voila_error_outputs  # noqa: E402
from .test_lesson_player import _OVERFLOW_JS  # noqa: E402  (what sticks out of a widget's box)

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/live.ipynb"
VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}


class Helper:
    """One live helper of the page, through its UI contract (durak_lab/widgets/live/widget.py)."""

    def __init__(self, page, index: int):
        self.page, self.index = page, index
        self.root = page.locator(".dl-live").nth(index)

    def data(self, key: str) -> str:
        return self.root.get_attribute(f"data-{key}") or ""

    def _redrawn(self, serial: str) -> None:
        self.page.wait_for_function("([i, s]) => document.querySelectorAll('.dl-live')[i].dataset.serial !== s",
                                    arg=[self.index, serial], timeout=30_000)

    def click(self, locator) -> None:
        serial = self.data("serial")
        locator.click()
        self._redrawn(serial)

    def press(self, locator, key: str) -> None:
        serial = self.data("serial")
        locator.focus()
        self.page.keyboard.press(key)
        self._redrawn(serial)

    def choose(self, select: str, value: str) -> None:
        serial = self.data("serial")
        self.root.locator(select).select_option(value)
        self._redrawn(serial)

    def settled(self, timeout: float = 90_000) -> None:
        expect(self.root).to_have_attribute("data-thinking", "no", timeout=timeout)

    def check(self, screenshot, suffix: str) -> None:
        cards = self.root.locator(".dl-card")
        for i in range(cards.count()):
            label = cards.nth(i).get_attribute("aria-label") or ""
            assert re.search(r"(of|trump|joker)", label, re.I), f"a card without a text alternative: {label!r}"
        self.root.evaluate("el => el.scrollIntoView({block: 'start'})")
        over = self.root.evaluate(_OVERFLOW_JS)
        assert over["bad"] == [] and over["scroll"] <= 0, over
        screenshot(self.root, suffix)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_live_helper_in_voila(voila_page, viewport, screenshot, report):
    page = voila_page
    page.set_viewport_size(VIEWPORTS[viewport])
    open_voila(page, NOTEBOOK)
    expect(page.locator(".dl-live")).to_have_count(2, timeout=90_000)
    first, four = Helper(page, 0), Helper(page, 1)

    # the setup by clicks: six cards, then the face-up trump card, then who leads
    expect(first.root).to_have_attribute("data-phase", "setup")
    deck = first.root.locator("button.dl-lv-deck-card")
    expect(deck).to_have_count(36)
    expect(first.root.locator("button.dl-lv-start")).to_be_disabled()
    for card in "6♠ 8♦ 9♦ J♣ Q♥ A♠".split():
        first.click(first.root.locator(f'button.dl-lv-deck-card[data-card="{card}"]'))
    expect(first.root.locator('button.dl-lv-deck-card[data-place="hand"]')).to_have_count(6)
    expect(first.root.locator(".dl-lv-picked")).to_have_text("You picked 6 of 6 cards.")
    first.click(first.root.locator('button.dl-lv-target[data-place="trump"]'))
    expect(first.root.locator('button.dl-lv-target[data-place="trump"]')).to_have_attribute("aria-pressed", "true")
    first.press(first.root.locator('button.dl-lv-deck-card[data-card="10♠"]'), "Enter")   # by the keyboard
    expect(first.root.locator('button.dl-lv-deck-card[data-card="10♠"]')).to_have_attribute(
        "aria-label", "10 of spades, trump: the face-up trump card")
    first.choose("select.dl-lv-leader", "P2")
    first.click(first.root.locator("button.dl-lv-start"))

    # P2 leads: what did P2 do? P2's card clicked
    expect(first.root).to_have_attribute("data-phase", "play")
    expect(first.root).to_have_attribute("data-waiting", "other")
    expect(first.root.locator(".dl-lv-prompt")).to_have_text("What did P2 do? Click the card P2 played, or a button.")
    p2 = first.root.locator('.dl-lv-seat-row[data-seat="P2"]')
    expect(p2.locator(".dl-card")).to_have_count(0)
    expect(p2.locator(".dl-lv-hidden")).to_have_attribute("data-count", "6")
    expect(first.root.locator("button.dl-lv-their-card")).to_have_count(29)   # not yours, not the face-up card
    expect(first.root.locator(".dl-lv-trumps")).to_contain_text("P2")
    t0 = time.perf_counter()
    first.root.locator('button.dl-lv-their-card[data-card="7♦"]').click()
    page.wait_for_function("() => { const r = document.querySelectorAll('.dl-live')[0];"
                           " return r.dataset.waiting === 'you' && r.querySelector('.dl-lv-sentence') !== null; }",
                           timeout=30_000)
    took = time.perf_counter() - t0
    expect(first.root.locator(".dl-lv-feedback")).to_have_text("Got it. P2: play 7♦.")
    expect(first.root.locator(".dl-lv-table .dl-card")).to_have_count(1)
    first.settled()
    moves = first.root.locator("button.dl-lv-my-move")
    expect(moves).to_have_count(5)
    expect(moves.locator(".dl-lv-value")).to_have_text([re.compile(r"\d+%|under 1%|over 99%")] * 5)
    expect(first.root.locator('button.dl-lv-my-move[data-best="yes"]')).to_have_count(1)
    expect(first.root.locator(".dl-lv-sentence")).to_contain_text(re.compile(r"P1 scores \d+%"))
    first.check(screenshot, "-your-move")

    # your cover, played with the keyboard; P2 is done; you drew K♥
    first.press(first.root.locator('button.dl-lv-my-move[data-move="P1 cover 7♦ with 9♦"]'), "Enter")
    expect(first.root).to_have_attribute("data-waiting", "other")
    first.click(first.root.locator('button.dl-lv-plain[data-move="P2 pass"]'))
    expect(first.root).to_have_attribute("data-waiting", "draw")
    expect(first.root.locator(".dl-lv-prompt")).to_have_text("Which cards did you draw? Click 1 card.")
    expect(first.root.locator("button.dl-lv-drew")).to_be_disabled()
    first.click(first.root.locator('button.dl-lv-draw-card[data-card="K♥"]'))
    expect(first.root.locator('button.dl-lv-draw-card[data-card="K♥"]')).to_have_attribute("aria-pressed", "true")
    first.click(first.root.locator("button.dl-lv-drew"))
    expect(first.root).to_have_attribute("data-waiting", "you")
    mine = first.root.locator('.dl-lv-seat-row[data-seat="P1"] .dl-card')
    expect(mine).to_have_count(6)
    expect(first.root.locator('.dl-lv-seat-row[data-seat="P1"] [data-card="K♥"]')).to_have_count(1)
    first.settled()
    first.check(screenshot, "-after-the-bout")
    # take back undoes the draw
    first.click(first.root.locator("button.dl-lv-undo"))
    expect(first.root).to_have_attribute("data-waiting", "draw")

    # four players of perevodnoy from P3's seat, P1 leading: the trump P1 showed is asked for (R7)
    expect(four.root.locator(".dl-lv-setup")).to_be_visible()
    expect(four.root.locator("select.dl-lv-players")).to_have_value("4")
    expect(four.root.locator("select.dl-lv-seat")).to_have_value("P3")
    expect(four.root.locator('button.dl-lv-target[data-place="shown"]')).to_have_text("Trump P1 showed")
    four.check(screenshot, "-four-setup")
    assert voila_error_outputs(page) == []
    report(f"Voila {viewport}: live helper, click on P2's card to the first figure of your chances: {took:.2f} s")
