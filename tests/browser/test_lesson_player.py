"""The lesson player in a real browser: JupyterLab and Voila, at 1366×768 and at 800×900.

Each test opens ``notebooks/learn.ipynb`` as a new student (typing a new name in the
"Who are you?" form), and checks the menu (every lesson with its rules, the rule's title on hover, a progress bar at 0).
Then a learner opens "Covering a card": the first Durak word of its instruction is
underlined, has its meaning as title, is reached by Tab and shows the meaning while
focused (inside the widget); then the learner goes through the lesson by clicking: on the first
exercise a wrong card (the lesson's sentence for it), the Hint button (the hint), the
right cards (R11); a cover made by clicking a hand card on the play table; Yes and
No (one of them from the keyboard: Tab, Enter); cards picked on the table.  At the
end the menu shows the lesson done, its bar full, and the student's own progress file
on disk says so.  Nothing sticks out of the widget's box, every card has a text
alternative.  The time from a click to the feedback sentence is measured in the page
and reported.
"""

import json
import re
import time

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from durak_lab.lessons import course  # noqa: E402
from durak_lab.session.students import folder_name  # noqa: E402

from .test_play_table import _CONTRAST_JS, Table  # noqa: E402  (the play table's own test helpers)
from .jupyter_pages import (  # noqa: E402
    ClickTimer,
    lab_error_outputs,
    open_lab_notebook,
    open_voila,
    unexpected_page_errors,
    voila_error_outputs,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/learn.ipynb"
VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}
ROOT = ".dl-lesson-player"
MAX_HEIGHT = 620  # a step with its table at 1366×768: the instruction, the table and the buttons in view

# What sticks out of the player's box.
_OVERFLOW_JS = """(root) => {
  const r = root.getBoundingClientRect(), bad = [];
  for (const el of root.querySelectorAll('*')) {
    const b = el.getBoundingClientRect();
    if (!b.width && !b.height) continue;
    const shut = el.closest('details:not([open])');
    if (shut && shut !== el && !el.closest('summary')) continue;
    if (el.closest('.dl-lp-sr')) continue;  // the text for screen readers is clipped to 1 px
    if (b.left < r.left - 1 || b.right > r.right + 1)
      bad.push(`${el.tagName}.${el.className} ${Math.round(b.left)}-${Math.round(b.right)} `
               + `outside ${Math.round(r.left)}-${Math.round(r.right)}`);
  }
  return {bad, scroll: root.scrollWidth - root.clientWidth};
}"""


def say_who(page, root, student: str) -> None:
    """Type the student's name in the name form and press Enter (the form's submit)."""
    who = root.locator("form.dl-lp-who")
    expect(who).to_be_visible()
    expect(who.locator("h2")).to_have_text("Who are you?")
    name = who.locator("input.dl-lp-name")
    name.fill(student)
    name.press("Enter")


class Player:
    """The lesson player on a page, through its UI contract (see durak_lab/widgets/lessons/player.py)."""

    def __init__(self, page, student: str = ""):
        self.page = page
        self.root = page.locator(ROOT)
        expect(self.root).to_have_count(1, timeout=90_000)
        expect(self.root).to_have_attribute("data-view", re.compile("^(who|menu)$"), timeout=60_000)
        if student and self.data("view") == "who":
            say_who(page, self.root, student)
        expect(self.root).to_have_attribute("data-view", "menu", timeout=60_000)
        self.feedback = self.root.locator(".dl-lp-feedback")
        self.timer = ClickTimer(page, ROOT, watch=(".dl-lp-feedback",))

    def data(self, key: str) -> str:
        return self.root.get_attribute(f"data-{key}") or ""

    def click(self, locator, timed: bool = False) -> None:
        """Click and wait for the player to redraw (``timed``: measure the click to the feedback)."""
        serial = self.data("serial")
        if timed:
            self.timer.arm()
        locator.click()
        self.page.wait_for_function("([sel, s]) => document.querySelector(sel).dataset.serial !== s",
                                    arg=[ROOT, serial], timeout=30_000)
        if timed:
            self.timer.read()

    def step(self, number: int, kind: str) -> None:
        expect(self.root).to_have_attribute("data-step", str(number))
        expect(self.root).to_have_attribute("data-kind", kind)
        expect(self.root.locator(".dl-lp-step")).to_have_text(re.compile(rf"^Step {number} of \d+$"))

    def next(self) -> None:
        self.click(self.root.locator("button.dl-lp-next"))

    def hand_card(self, card: str):
        return self.root.locator(f'.dl-pt-hand button.dl-card[data-card="{card}"]')

    def table_card(self, card: str):
        return self.root.locator(f'.dl-pt-table button.dl-card[data-card="{card}"]')

    def check_layout(self, screenshot, suffix: str) -> float:
        """Nothing sticks out of the player's box; returns its height."""
        self.root.evaluate("el => el.scrollIntoView({block: 'start'})")
        self.page.wait_for_timeout(100)
        over = self.root.evaluate(_OVERFLOW_JS)
        assert over["bad"] == [] and over["scroll"] <= 0, over
        screenshot(self.root, suffix)
        return self.root.evaluate("el => el.getBoundingClientRect().height")


def check_menu(p: Player, screenshot, done: bool) -> None:
    items = p.root.locator("li.dl-lp-item")
    lessons = len(course())
    expect(items).to_have_count(lessons)
    covering = p.root.locator('li.dl-lp-item[data-lesson="covering"]')
    expect(covering.locator("button.dl-lp-open")).to_have_text("Covering a card")
    rule = covering.locator("abbr.dl-lp-rule").first
    expect(rule).to_have_text(re.compile(r"^R11"))
    expect(rule).to_have_attribute("title", re.compile(r"^R11: \w"))
    bar = covering.locator('.dl-lp-bar[role="progressbar"]')
    if done:
        expect(bar).to_have_attribute("aria-valuenow", "100")
        expect(covering).to_have_attribute("data-done", "true")
        expect(covering.locator(".dl-lp-progress")).to_have_text("5 of 5 exercises solved, 4 at the first try")
        expect(covering.locator(".dl-lp-badge")).to_have_text("Done ✓")
        expect(p.root.locator(".dl-lp-overall")).to_have_text(f"You have finished 1 of {lessons} lessons.")
        fill = bar.locator(".dl-lp-bar-fill").evaluate("el => el.getBoundingClientRect().width / "
                                                       "el.parentElement.getBoundingClientRect().width")
        assert fill > 0.95
    else:
        for i in range(lessons):
            expect(items.nth(i).locator(".dl-lp-bar")).to_have_attribute("aria-valuenow", "0")
        expect(p.root.locator(".dl-lp-overall")).to_have_text(f"You have finished 0 of {lessons} lessons.")
    p.check_layout(screenshot, "-menu-done" if done else "-menu")


# The meaning a focused glossary word shows (its ::after box), and whether the box stays in the player.
_TERM_BOX_JS = """(el) => {
  const after = getComputedStyle(el, '::after');
  const host = el.parentElement.getBoundingClientRect(), root = el.closest('.dl-lesson-player').getBoundingClientRect();
  const left = host.left + (parseFloat(after.left) || 0), width = parseFloat(after.width) || 0;
  return {content: after.content, display: after.display, width,
          inside: left >= root.left - 1 && left + width <= root.right + 1};
}"""


# The contrast (WCAG) of a focused glossary word's meaning box: its text on its own background.
_TERM_CONTRAST_JS = """(el) => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const after = getComputedStyle(el, '::after'), bg = rgb(after.backgroundColor);
  if (bg.length === 4 && bg[3] < 0.9) return 0;  // a see-through box does not count
  const a = lum(rgb(after.color).slice(0, 3)), b = lum(bg.slice(0, 3));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def term_box_contrast(p: Player) -> float:
    """Focus the instruction's first glossary word; the contrast of the meaning it shows."""
    term = p.root.locator(".dl-lp-text abbr.dl-term").first
    term.focus()
    ratio = term.evaluate(_TERM_CONTRAST_JS)
    assert ratio >= 4.5, f"the meaning of a focused word: contrast {ratio:.1f}"
    p.root.locator(".dl-lp-text").focus()
    return round(ratio, 1)


def check_glossary_word(p: Player, screenshot) -> None:
    """The instruction's first Durak word: underlined, its meaning as title, reached by Tab, shown on focus."""
    term = p.root.locator(".dl-lp-text abbr.dl-term").first
    expect(term).to_be_visible()
    expect(term).to_have_attribute("title", re.compile(r"^[A-Z“].{20,}"))
    expect(term).to_have_attribute("tabindex", "0")
    title = term.get_attribute("title")
    assert term.evaluate("el => getComputedStyle(el).textDecorationStyle") == "dotted"
    assert term.evaluate("el => getComputedStyle(el, '::after').content") in ("none", "normal")  # not yet focused
    p.root.locator(".dl-lp-text").focus()
    p.page.keyboard.press("Tab")  # the first word of the instruction is the next stop
    assert p.page.evaluate("() => document.activeElement.classList.contains('dl-term')")
    assert p.page.evaluate("() => document.activeElement.getAttribute('title')") == title
    box = term.evaluate(_TERM_BOX_JS)
    assert box["content"] == json.dumps(title, ensure_ascii=False), box
    assert box["width"] > 50 and box["inside"], box
    screenshot(p.root, "-term")
    p.root.locator(".dl-lp-text").focus()


def learn_covering(p: Player, screenshot) -> None:
    p.click(p.root.locator('li.dl-lp-item[data-lesson="covering"] button.dl-lp-open'))
    expect(p.root).to_have_attribute("data-view", "lesson")
    expect(p.root.locator(".dl-lp-title")).to_have_text("Covering a card")
    p.step(1, "read")
    check_glossary_word(p, screenshot)
    expect(p.root.locator("button.dl-lp-next")).to_be_enabled()
    p.next()

    # cards: every card that beats 10♦ (R11): first a wrong one, then a hint, then the right ones
    p.step(2, "cards")
    expect(p.root.locator(".dl-pt-hand")).to_have_attribute("aria-label", "Cards of P2 (you)")
    expect(p.root.locator(".dl-pt-felt .dl-pt-seat .dl-card")).to_have_count(0)  # the other hand face down
    card = p.hand_card("9♦")
    expect(card).to_have_attribute("aria-label", "9 of diamonds")
    p.click(card)
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(p.root.locator("button.dl-lp-next")).to_be_disabled()
    p.click(p.root.locator("button.dl-lp-check"), timed=True)
    expect(p.feedback).to_contain_text("9♦ is a diamond, but it is lower than 10♦.")
    expect(p.feedback).to_have_attribute("data-kind", "wrong")
    p.height = round(p.check_layout(screenshot, "-wrong"))
    if p.page.viewport_size["width"] == 1366:
        assert p.height <= MAX_HEIGHT, f"a step with its table is {p.height} px high"
    p.click(p.root.locator("button.dl-lp-hint"), timed=True)
    expect(p.feedback).to_have_attribute("data-kind", "hint")
    expect(p.feedback).not_to_be_empty()
    screenshot(p.root, "-hint")
    p.click(card)  # put 9♦ back
    for c in ("J♦", "A♦", "6♥"):
        p.click(p.hand_card(c))
    p.click(p.root.locator("button.dl-lp-check"), timed=True)
    expect(p.feedback).to_have_attribute("data-kind", "right")
    expect(p.root.locator(".dl-lp-explain")).to_contain_text("J♦ and A♦ are higher diamonds")
    screenshot(p.root, "-right")
    p.next()

    # move: cover 7♦ by clicking the hand card (it beats only one card: one click covers)
    p.step(3, "move")
    p.click(p.hand_card("9♦"), timed=True)
    expect(p.feedback).to_have_attribute("data-kind", "right")
    expect(p.root.locator('.dl-pt-table .dl-pt-cover[data-card="9♦"]')).to_have_count(1)
    p.next()

    # yes-no, by keyboard: Tab from the instruction to Yes, Enter
    p.step(4, "yes-no")
    p.root.locator(".dl-lp-text").focus()
    for _ in range(30):
        p.page.keyboard.press("Tab")
        if p.page.evaluate("() => document.activeElement && document.activeElement.dataset.value") == "true":
            break
    else:
        raise AssertionError("Tab never reached the Yes button")
    serial = p.data("serial")
    p.timer.arm()
    p.page.keyboard.press("Enter")
    p.page.wait_for_function("([sel, s]) => document.querySelector(sel).dataset.serial !== s", arg=[ROOT, serial])
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()

    p.step(5, "yes-no")
    p.click(p.root.locator('button.dl-lp-choice[data-value="false"]'), timed=True)
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()

    # cards on the table: the one still to beat
    p.step(6, "cards")
    p.click(p.table_card("7♠"))
    p.click(p.root.locator("button.dl-lp-check"), timed=True)
    expect(p.feedback).to_have_attribute("data-kind", "right")
    expect(p.root.locator("button.dl-lp-next")).to_have_text("Finish the lesson")
    p.next()

    expect(p.root).to_have_attribute("data-view", "done")
    expect(p.root.locator(".dl-lp-end-title")).to_have_text("You finished the lesson “Covering a card”.")
    expect(p.root.locator(".dl-lp-score")).to_have_text("You solved 5 of 5 exercises without seeing the answer.")
    screenshot(p.root, "-end")
    p.click(p.root.locator(".dl-lp-end button.dl-lp-back"))
    expect(p.root).to_have_attribute("data-view", "menu")


def play_throwing_in(p: Player, screenshot, report) -> None:
    """"Throwing in" (R12, R17, R18) by clicking, up to its last step: a whole game on the play table."""
    p.click(p.root.locator('li.dl-lp-item[data-lesson="throwing-in"] button.dl-lp-open'))
    p.step(1, "read")
    p.next()
    p.step(2, "read")
    p.next()
    p.step(3, "cards")
    for c in ("7♣", "9♠"):
        p.click(p.hand_card(c))
    p.click(p.root.locator("button.dl-lp-check"))
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()
    p.step(4, "yes-no")
    p.click(p.root.locator('button.dl-lp-choice[data-value="false"]'))
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()
    p.step(5, "move")  # any card P3 may throw in
    p.click(p.hand_card("8♠"))
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()
    p.step(6, "seat")
    expect(p.root.locator(".dl-pt-felt .dl-pt-known").first).to_contain_text("Cards: ")  # show: all
    p.click(p.root.locator('.dl-pt-felt .dl-pt-seat[data-seat="P2"]'))  # a click on the seat itself
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()
    p.step(7, "seat")
    p.click(p.root.locator('button.dl-lp-choice[data-value="P2"]'))  # wrong: P2 took
    expect(p.feedback).to_contain_text("A player who takes loses the lead: P2 does not lead next.")
    p.click(p.root.locator('button.dl-lp-choice[data-value="P3"]'))
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()
    p.step(8, "move")  # EX-HE-BOUT: P2 beats the thrown-in 10♥ with the Q♥ (R11), one click
    p.click(p.hand_card("Q♥"))
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()
    p.step(9, "cards")  # P3 may throw in only the Q♠ (R12)
    p.click(p.hand_card("Q♠"))
    p.click(p.root.locator("button.dl-lp-check"))
    expect(p.feedback).to_have_attribute("data-kind", "right")
    p.next()

    # the game: the play table with its tools; the bots at instant speed, from its settings
    p.step(10, "play")
    expect(p.root.locator(".dl-lp-table")).to_have_attribute("data-frame", "play")
    expect(p.root.locator("button.dl-lp-next")).to_be_disabled()
    t = Table(p.page)
    expect(t.button("dl-pt-hint")).to_be_visible()
    t.root.locator("details.dl-pt-settings summary").click()
    speed = t.root.get_by_label("Bot speed", exact=True)
    if speed.input_value() != "instant":  # the speed takes effect at once: wait for its redraw
        serial = t.data("serial")
        speed.select_option(value="instant")
        t.wait_redraw(serial)
    t.root.locator("details.dl-pt-settings summary").click()
    screenshot(p.root, "-play")
    turns = 0
    while t.wait_person() != "over":
        turns += 1
        assert turns < 300, "the game did not end"
        anyway = t.button("dl-pt-anyway")
        if anyway.is_visible():  # the coach is on in this step: a word before a doubtful move
            t.click(anyway)
        else:
            t.person_turn()
    expect(p.feedback).to_have_attribute("data-kind", "right")
    expect(p.root.locator("button.dl-lp-next")).to_be_enabled()
    p.next()
    expect(p.root).to_have_attribute("data-view", "done")
    p.click(p.root.locator(".dl-lp-end button.dl-lp-back"))
    item = p.root.locator('li.dl-lp-item[data-lesson="throwing-in"]')
    expect(item).to_have_attribute("data-done", "true")
    report(f"the play step: a whole game in {turns} turns of the learner")


MENU_TEXTS = (".dl-lp-course", ".dl-lp-intro", ".dl-lp-overall", "button.dl-lp-open", ".dl-lp-summary",
              ".dl-lp-rule", ".dl-lp-progress", ".dl-lp-badge")
STEP_TEXTS = (".dl-lp-title", ".dl-lp-step", ".dl-lp-text", ".dl-lp-feedback", "button.dl-lp-next",
              "button.dl-lp-back")


def contrast(p: Player, selectors) -> list:
    """The contrast ratios (WCAG) of the first element of each selector on its background."""
    out = []
    for sel in selectors:
        ratio = p.root.locator(sel).first.evaluate(_CONTRAST_JS)
        assert ratio >= 4.5, f"{sel}: contrast {ratio:.1f}"
        out.append(round(ratio, 1))
    return out


def check_themes(p: Player, screenshot, report) -> None:
    """The menu and a step (and a focused word's meaning) read well in JupyterLab's light and dark themes."""
    page = p.page
    ratios = {}
    for theme, light in (("JupyterLab Light", "true"), ("JupyterLab Dark", "false")):
        page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
        page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=30_000)
        page.wait_for_timeout(300)
        menu = contrast(p, MENU_TEXTS)
        p.click(p.root.locator('li.dl-lp-item[data-lesson="cards"] button.dl-lp-open'))
        p.step(1, "read")
        step = contrast(p, STEP_TEXTS) + [term_box_contrast(p)]
        if light == "false":
            screenshot(p.root, "-dark")
        p.click(p.root.locator(".dl-lp-lesson button.dl-lp-back"))
        ratios[theme] = {"menu": menu, "step": step}
    page.evaluate("window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'", timeout=30_000)
    report(f"JupyterLab: contrast of the lesson player's texts: {ratios}")


def _run(kind, page, viewport, notebook_root, screenshot, report):
    page.set_viewport_size(VIEWPORTS[viewport])
    student = f"Tester {kind} {viewport} {time.time_ns()}"  # a new student: no progress yet
    progress = notebook_root / "notebooks" / "durak-lab-class" / folder_name(student) / "progress.json"
    t0 = time.perf_counter()
    if kind == "lab":
        panel = open_lab_notebook(page, NOTEBOOK)
        where = "JupyterLab"
    else:
        open_voila(page, NOTEBOOK)
        where, panel = "Voila", None
    p = Player(page, student)
    check_menu(p, screenshot, done=False)
    learn_covering(p, screenshot)
    check_menu(p, screenshot, done=True)
    saved = json.loads(progress.read_text(encoding="utf-8"))
    assert "covering" in json.dumps(saved)
    report(f"{where} {viewport}: lesson player click to feedback: {p.timer.summary()}; "
           f"a step with its table is {p.height} px high")
    if kind == "lab" and viewport == "1366x768":
        check_themes(p, screenshot, report)
    if viewport == "1366x768":
        play_throwing_in(p, screenshot, report)
    if kind == "lab":
        assert lab_error_outputs(panel) == []
        assert unexpected_page_errors(page, known=()) == []
    else:
        assert voila_error_outputs(page) == []
        assert unexpected_page_errors(page) == []
    report(f"{where} {viewport}: the lesson player test took {time.perf_counter() - t0:.1f} s")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_lesson_player_in_lab(lab_page, viewport, notebook_root, screenshot, report):
    _run("lab", lab_page, viewport, notebook_root, screenshot, report)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_lesson_player_in_voila(voila_page, viewport, notebook_root, screenshot, report):
    _run("voila", voila_page, viewport, notebook_root, screenshot, report)
