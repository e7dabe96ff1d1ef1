"""The play table and the lessons in the languages of the sources, in a real browser (Voila).

* Hebrew and Chinese, at 1366×768 and at 800×900: a whole game played by clicks (each turn
  "Show my options", then what it lights up, or the one move button); the table's words read
  right to left in Hebrew (``dir="rtl"``), the card texts and seat names inside a sentence are
  isolated (``<bdi>``) so they never reverse, and the felt keeps its geometry (the next player
  sits on your left in every language: every source plays clockwise); no English sentence is
  left on the table; nothing sticks out of the table's box.
* The language picker turns an English table into Hebrew and back, the game going on.
* The lesson player in Hebrew and Chinese: the menu and a lesson's first steps in that language.
* Every language's words and cards render with real glyphs (no "tofu" box): each is drawn
  on a canvas and compared with the drawing of a character no font has; a screenshot of the
  table in each of the six languages goes to the test output folder.
"""

import re
from pathlib import Path

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .jupyter_pages import open_voila, unexpected_page_errors, voila_error_outputs  # noqa: E402
from .jupyter_pages import write_notebook as write_page  # noqa: E402

from durak_lab.lessons.translation import words_files  # noqa: E402

pytestmark = pytest.mark.browser

VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}
ROOT = ".dl-play-table"

#: Latin words a non-English table may show: seat names, card ranks, the name of the game.
ALLOWED_LATIN = re.compile(r"^(P\d+|[JQKA]|10|Durak|Lab)$")

#: A sample of each language's own script, and of the card suits, for the glyph check.
SAMPLES = {"en": "Trump ♠♥♦♣", "ru": "Козырь ♠♥♦♣", "he": "שליט ♠♥♦♣", "ko": "트럼프 스페이드 ♠♥♦♣",
           "zh": "将牌 黑桃 红心 ♠♥♦♣", "fi": "Valtti ärä ♠♥♦♣"}

# Whether each character of a text is drawn with a real glyph: its canvas picture differs from
# the picture of U+E000 (a private-use character no font draws, so it gets the "missing" box).
_GLYPHS_JS = """(text) => {
  const c = document.createElement('canvas'); c.width = 64; c.height = 64;
  const g = c.getContext('2d');
  const picture = (ch) => { g.clearRect(0, 0, 64, 64); g.font = '40px sans-serif'; g.fillText(ch, 4, 48);
                            return Array.from(g.getImageData(0, 0, 64, 64).data).join(','); };
  const missing = picture('\\ue000');
  return [...text].filter((ch) => ch.trim()).filter((ch) => picture(ch) === missing);
}"""

# What the table shows as words: the visible text of its status, what just happened, the
# feedback, the buttons and the seats (the closed settings and the picker excluded).
_WORDS_JS = """(root) => {
  const parts = [];
  for (const el of root.querySelectorAll('.dl-pt-status, .dl-pt-said, .dl-pt-feedback, .dl-pt-talk, '
      + '.dl-pt-actions, .dl-pt-tools, .dl-pt-seat, .dl-pt-trump, .dl-pt-talon, .dl-pt-bito, .dl-pt-review, '
      + '.dl-pt-hand-head, .dl-pt-footer button, summary')) {
    if (el.offsetParent !== null) parts.push(el.innerText);
  }
  return parts.join('\\n');
}"""


def write_notebook(root: Path, name: str, code: str) -> str:
    return write_page(root, f"notebooks/lang_{name}.ipynb", code)


def english_words(text: str) -> list:
    """Latin words of three letters or more that are not seat names, ranks or the game's name."""
    return sorted({w for w in re.findall(r"[A-Za-z]{2,}\w*", text) if not ALLOWED_LATIN.match(w)})


def wait_person(page, timeout: float = 60_000) -> str:
    page.wait_for_function("sel => document.querySelector(sel).dataset.acting !== 'bot'", arg=ROOT,
                           timeout=timeout)
    return page.locator(ROOT).get_attribute("data-acting")


def click(page, locator) -> None:
    serial = page.locator(ROOT).get_attribute("data-serial")
    locator.click()
    page.wait_for_function("([sel, s]) => document.querySelector(sel).dataset.serial !== s", arg=[ROOT, serial],
                           timeout=30_000)


def play_by_clicks(page) -> int:
    """Play the person's moves until the game ends; return the number of turns."""
    root = page.locator(ROOT)
    turns = 0
    while wait_person(page) != "over":
        turns += 1
        assert turns < 200, "the game did not end"
        click(page, root.locator("button.dl-pt-options"))
        lit_table = root.locator(".dl-pt-table .dl-card.dl-playable")
        lit_hand = root.locator(".dl-pt-hand .dl-card.dl-playable")
        actions = root.locator(".dl-pt-actions button.dl-pt-action")
        if root.locator(".dl-pt-hand .dl-card.dl-selected").count():
            click(page, actions.first)
        elif lit_table.count():
            click(page, lit_table.first)
            click(page, root.locator(".dl-pt-hand .dl-card.dl-playable").first)
        elif lit_hand.count():
            click(page, lit_hand.first)
        else:
            click(page, actions.first)
        expect(root.locator('.dl-pt-feedback[data-kind="illegal"]')).to_have_count(0)
    return turns


def sticking_out(root) -> list:
    return root.evaluate("""el => { const box = el.getBoundingClientRect(); const out = [];
      for (const n of el.querySelectorAll('*')) { if (n.closest('details:not([open]) > :not(summary)')) continue;
        const r = n.getBoundingClientRect(); if (!r.width) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1) out.push(n.className || n.tagName); }
      return out; }""")


@pytest.mark.parametrize("code", ["he", "zh"])
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_game_in_the_language_of_a_source(voila_page, notebook_root, code, viewport, screenshot, report):
    page = voila_page
    page.set_viewport_size(VIEWPORTS[viewport])
    name = write_notebook(notebook_root, f"play_{code}",
                          f"import durak_lab\ndurak_lab.play(vs='tips', seed=31, speed='instant', language='{code}')")
    open_voila(page, name)
    root = page.locator(ROOT)
    expect(root).to_have_count(1, timeout=90_000)
    expect(root).to_have_attribute("lang", code)
    expect(root).to_have_attribute("dir", "rtl" if code == "he" else "ltr")
    # the felt keeps its geometry in Hebrew too: the next player (P2) on your left or across the top
    assert root.locator(".dl-pt-felt").evaluate("el => getComputedStyle(el).direction") == "ltr"
    turns = play_by_clicks(page)
    words = root.evaluate(_WORDS_JS)
    assert english_words(words) == [], words
    assert root.locator(".dl-pt-said bdi, .dl-pt-status bdi").count() > 0  # cards and seats isolated
    if code == "he":
        assert root.locator(".dl-pt-status").evaluate("el => getComputedStyle(el).direction") == "rtl"
    assert sticking_out(root) == []
    assert page.evaluate(_GLYPHS_JS, words) == []
    screenshot(root, f"-{code}")
    assert voila_error_outputs(page) == [] and unexpected_page_errors(page) == []
    report(f"a game in {code} at {viewport}: {turns} turns by clicks, no English word left")


def test_the_picker_changes_the_language_and_the_game_goes_on(voila_page, notebook_root, screenshot):
    page = voila_page
    page.set_viewport_size(VIEWPORTS["1366x768"])
    open_voila(page, write_notebook(notebook_root, "picker",
                                    "import durak_lab\ndurak_lab.play(vs='tips', seed=8, speed='instant', "
                                    "language='en')"))
    root = page.locator(ROOT)
    expect(root).to_have_attribute("lang", "en", timeout=90_000)
    wait_person(page)
    click(page, root.locator("button.dl-pt-options"))
    hand = root.locator(".dl-pt-hand .dl-card").count()
    tick = root.get_attribute("data-tick")
    serial = root.get_attribute("data-serial")
    root.locator("select.dl-pt-language").select_option("he")
    page.wait_for_function("([sel, s]) => document.querySelector(sel).dataset.serial !== s", arg=[ROOT, serial])
    expect(root).to_have_attribute("dir", "rtl")
    assert root.get_attribute("data-tick") == tick and root.locator(".dl-pt-hand .dl-card").count() == hand
    assert english_words(root.locator(".dl-pt-status").inner_text()) == []
    screenshot(root, "-picked-he")
    root.locator("select.dl-pt-language").select_option("en")
    expect(root).to_have_attribute("dir", "ltr")
    expect(root.locator(".dl-pt-status")).to_contain_text("your turn")


@pytest.mark.parametrize("code", ["en", "ru", "he", "ko", "zh", "fi"])
def test_every_language_renders_with_real_glyphs(voila_page, notebook_root, code, screenshot):
    page = voila_page
    page.set_viewport_size(VIEWPORTS["1366x768"])
    open_voila(page, write_notebook(notebook_root, f"glyphs_{code}",
                                    f"import durak_lab\ndurak_lab.play(vs='tips', seed=5, language='{code}')"))
    root = page.locator(ROOT)
    expect(root).to_have_attribute("lang", code, timeout=90_000)
    assert page.evaluate(_GLYPHS_JS, SAMPLES[code]) == []
    assert page.evaluate(_GLYPHS_JS, root.inner_text()) == []
    screenshot(root, f"-{code}")


@pytest.mark.parametrize("code", ["he", "zh"])
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_lesson_in_the_language_of_a_source(voila_page, notebook_root, code, viewport, screenshot):
    """The lesson player in the language: its own words always, and the lesson's texts where the course
    has that language's words files (a lesson not yet translated shows its English text)."""
    page = voila_page
    page.set_viewport_size(VIEWPORTS[viewport])
    open_voila(page, write_notebook(notebook_root, f"lesson_{code}",
                                    "from durak_lab.widgets import LessonPlayer\n"
                                    f"LessonPlayer(lesson='covering', progress_path='lang-{code}.json', "
                                    f"language='{code}')"))
    root = page.locator(".dl-lesson-player")
    expect(root).to_have_attribute("lang", code, timeout=90_000)
    expect(root).to_have_attribute("dir", "rtl" if code == "he" else "ltr")
    lesson = root.locator(".dl-lp-lesson")
    expect(lesson).to_be_visible(timeout=60_000)
    chrome = "\n".join(lesson.locator("button, .dl-lp-step").all_inner_texts())
    assert english_words(chrome) == [], chrome
    text = lesson.inner_text()
    if words_files(code):
        assert english_words(text) == [], text
    assert page.evaluate(_GLYPHS_JS, text) == []
    screenshot(root, f"-lesson-{code}")
    assert voila_error_outputs(page) == [] and unexpected_page_errors(page) == []


#: The move text (a public contract, the same in every language): its words may appear in a move line.
MOVE_WORDS = {"attack", "cover", "with", "take", "pass", "transfer", "show", "swap", "choose", "challenge", "on"}


@pytest.mark.parametrize("code", ["he", "zh"])
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_stepper_in_the_language_of_a_source(voila_page, notebook_root, code, viewport, screenshot):
    page = voila_page
    page.set_viewport_size(VIEWPORTS[viewport])
    open_voila(page, write_notebook(notebook_root, f"stepper_{code}",
                                    "from durak_lab.widgets import Stepper\n"
                                    f"Stepper('EX-ZH-BOUT', language='{code}')"))
    root = page.locator(".dl-stepper")
    expect(root).to_have_count(1, timeout=90_000)
    if code == "he":
        expect(root).to_have_class(re.compile(r"\bdl-rtl\b"))
    next_button = root.locator(".dl-next button, button.dl-next").first
    for _ in range(4):
        label = root.locator(".dl-step-label").inner_text()
        next_button.click()
        expect(root.locator(".dl-step-label")).not_to_have_text(label)
    text = root.locator(".dl-commentary").inner_text() + "\n" + root.locator(".dl-step-label").inner_text()
    left = [w for w in english_words(text) if w.lower() not in MOVE_WORDS]
    assert left == [], text
    assert page.evaluate(_GLYPHS_JS, text) == []
    screenshot(root, f"-stepper-{code}")
    assert voila_error_outputs(page) == [] and unexpected_page_errors(page) == []


@pytest.mark.parametrize("widget", ["table", "lessons"])
def test_a_widget_given_no_language_speaks_the_browsers(browser, voila_url, notebook_root, widget, screenshot):
    """Nobody chose a language (no ``set_language``, no ``DURAK_LAB_LANG``): the table and the lesson
    player speak the first language of the browser's that the catalogue holds (here de, then fi)."""
    make = ("durak_lab.play(vs='tips', seed=8, speed='instant')" if widget == "table"
            else "durak_lab.learn(progress_path='auto-lang.json')")
    name = write_notebook(notebook_root, f"auto_{widget}",
                          "import os\nos.environ.pop('DURAK_LAB_LANG', None)\nos.environ['LANG'] = 'C.UTF-8'\n"
                          f"import durak_lab\n{make}")
    ctx = browser.new_context(base_url=voila_url, viewport=VIEWPORTS["1366x768"], locale="de-DE",
                              extra_http_headers={"Accept-Language": "de-DE,fi;q=0.8"})
    ctx.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'fi-FI', 'en']})")
    try:
        page = ctx.new_page()
        page.js_errors = []
        page.on("pageerror", lambda e: page.js_errors.append(str(e)))
        open_voila(page, name)
        root = page.locator(ROOT if widget == "table" else ".dl-lesson-player")
        expect(root).to_have_attribute("lang", "fi", timeout=90_000)
        if widget == "table":  # "P1, sinun vuorosi." (P1, your turn.)
            expect(root.locator(".dl-pt-status")).to_contain_text("vuoro")
        screenshot(root, f"-auto-{widget}")
        assert voila_error_outputs(page) == [] and unexpected_page_errors(page) == []
    finally:
        ctx.close()


def test_the_steppers_picker_words_it_anew_at_the_same_step(voila_page, notebook_root, screenshot):
    page = voila_page
    page.set_viewport_size(VIEWPORTS["800x900"])
    open_voila(page, write_notebook(notebook_root, "stepper_picker",
                                    "from durak_lab.widgets import Stepper\nStepper('EX-ZH-BOUT', language='en')"))
    root = page.locator(".dl-stepper")
    expect(root).to_have_count(1, timeout=90_000)
    next_button = root.locator(".dl-next button, button.dl-next").first
    for n in (1, 2, 3):
        next_button.click()
        expect(root.locator(".dl-step-label")).to_have_text(re.compile(rf"^Step {n} of \d+$"), timeout=30_000)
    root.locator(".dl-language select").select_option(label="עברית")
    expect(root).to_have_class(re.compile(r"\bdl-rtl\b"), timeout=30_000)
    # the new controls are drawn at step 0, then go to step 3: wait for the step, in Hebrew
    expect(root.locator(".dl-step-label")).to_have_text(re.compile(r"^(?!Step).*(?<!\d)3(?!\d)"), timeout=30_000)
    label = root.locator(".dl-step-label").inner_text()
    assert english_words(label) == [], label
    text = root.locator(".dl-commentary").inner_text()
    assert [w for w in english_words(text) if w.lower() not in MOVE_WORDS] == [], text
    screenshot(root, "-stepper-picked-he")
    root.locator(".dl-language select").select_option(label="English")
    expect(root.locator(".dl-step-label")).to_have_text(re.compile(r"^Step 3 of \d+$"), timeout=30_000)
    expect(root).not_to_have_class(re.compile(r"\bdl-rtl\b"), timeout=30_000)
    assert voila_error_outputs(page) == [] and unexpected_page_errors(page) == []
