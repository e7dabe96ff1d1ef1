"""The play table in a real browser: JupyterLab and Voila, at 1366×768 and at 800×900.

Each test opens ``notebooks/play.ipynb``, sets a seeded deal at "instant" bot speed
in the table's own settings, and plays a whole game against the tips bot by
clicking: each turn "Show my options", then the first lit card (an attack card on
the table first, then the hand card that covers it) or the one move button.  On the
way it checks that an illegal click shows its reason and changes nothing, that
Undo puts the table back, that a card can be played from the keyboard (Tab, Enter),
and at the end the review and Save game: the record on disk replays and opens in
the stepper.  Then pass and play with two people: every hand face down between
turns.  Tables of 4 and 6 players keep the seats in seating order round the table,
nothing sticks out of the widget's box, and the buttons are in view without
scrolling.  The time from a click on one's own card to the redraw, and from a bot's
turn to its move, is measured in the page and reported.
"""

import json
import re
import statistics
import time

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from durak_lab.engine.records import load_record, replay  # noqa: E402
from durak_lab.text.explain import result_sentence  # noqa: E402

from .jupyter_pages import (  # noqa: E402
    lab_error_outputs,
    open_lab_notebook,
    open_voila,
    unexpected_page_errors,
    voila_error_outputs,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/play.ipynb"
VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}
SEEDS = {("lab", "1366x768"): 12, ("lab", "800x900"): 13, ("voila", "1366x768"): 14, ("voila", "800x900"): 15}
MAX_HEIGHT = 700  # the whole table at 1366×768, settings closed
ROOT = ".dl-play-table"

# Every redraw, noted in the page: time, serial, tick, who acts; and every click on a hand card.
_WATCH_JS = """(root) => {
  window.__dlRenders = []; window.__dlCardClicks = [];
  const note = () => {
    const d = root.dataset, last = window.__dlRenders[window.__dlRenders.length - 1];
    if (!last || last.serial !== d.serial)
      window.__dlRenders.push({t: performance.now(), serial: d.serial, tick: +d.tick, acting: d.acting});
  };
  new MutationObserver(note).observe(root, {attributes: true, attributeFilter: ['data-serial']});
  note();
  document.addEventListener('click', e => {
    if (e.target.closest && e.target.closest('.dl-pt-hand .dl-card')) window.__dlCardClicks.push(performance.now());
  }, true);
}"""

# What sticks out of the table's box (closed <details> draw nothing and are skipped).
_OVERFLOW_JS = """(root) => {
  const r = root.getBoundingClientRect(), bad = [];
  for (const el of root.querySelectorAll('*')) {
    const b = el.getBoundingClientRect();
    if (!b.width && !b.height) continue;
    const shut = el.closest('details:not([open])');
    if (shut && shut !== el && !el.closest('summary')) continue;  // not drawn
    if (b.left < r.left - 1 || b.right > r.right + 1 || b.top < r.top - 1 || b.bottom > r.bottom + 1)
      bad.push(`${el.tagName}.${el.className} ${Math.round(b.left)}-${Math.round(b.right)} `
               + `${Math.round(b.top)}-${Math.round(b.bottom)} outside ${Math.round(r.left)}-${Math.round(r.right)}`);
  }
  return {bad, scroll: root.scrollWidth - root.clientWidth, box: [r.left, r.right, r.top, r.bottom].map(Math.round),
          open: [...root.querySelectorAll('details[open]')].map(d => d.className)};
}"""

# The contrast ratio (WCAG) of an element's text on the first opaque background behind it.
_CONTRAST_JS = """(el) => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  let bg = null;
  for (let n = el; n && !bg; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor), img = getComputedStyle(n).backgroundImage;
    if (img && img !== 'none') bg = [31, 107, 65];  // the felt
    else if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) bg = c.slice(0, 3);
  }
  const fg = rgb(getComputedStyle(el).color).slice(0, 3), a = lum(fg), b = lum(bg || [255, 255, 255]);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


class Table:
    """The play table on a page, through its UI contract (see durak_lab/widgets/play/table.py)."""

    def __init__(self, page):
        self.page = page
        self.root = page.locator(ROOT)
        expect(self.root).to_have_count(1, timeout=90_000)
        expect(self.root.locator(".dl-pt-status")).not_to_be_empty(timeout=60_000)
        self.hand = self.root.locator(".dl-pt-hand")
        self.feedback = self.root.locator(".dl-pt-feedback")
        self.status = self.root.locator(".dl-pt-status")

    def data(self, key: str) -> str:
        return self.root.get_attribute(f"data-{key}") or ""

    def wait_redraw(self, serial: str, timeout: float = 30_000) -> None:
        self.page.wait_for_function("([sel, s]) => document.querySelector(sel).dataset.serial !== s",
                                    arg=[ROOT, serial], timeout=timeout)

    def click(self, locator) -> None:
        """Click and wait for the table to redraw."""
        serial = self.data("serial")
        locator.click()
        self.wait_redraw(serial)

    def wait_person(self, timeout: float = 60_000) -> str:
        """Wait while the bots play (instant speed); return who acts then ("you" or "over")."""
        self.page.wait_for_function("sel => document.querySelector(sel).dataset.acting !== 'bot'", arg=ROOT,
                                    timeout=timeout)
        return self.data("acting")

    def snapshot(self) -> tuple:
        """What the table shows of the game (the hand, the table, the seats, the tick)."""
        return (self.hand.inner_text(), self.root.locator(".dl-pt-table").inner_text(),
                self.root.locator(".dl-pt-felt").inner_text(), self.data("tick"))

    def button(self, cls: str):
        return self.root.locator(f"button.{cls}")

    def new_game(self, **form) -> None:
        """Open Game settings, set the fields (by their labels), click New game, close the settings."""
        settings = self.root.locator("details.dl-pt-settings")
        settings.locator("summary").click()
        labels = {"seed": "Deal number (empty: a new deal)", "speed": "Bot speed", "players": "Players",
                  "humans": "People at this screen", "vs": "Bots", "seat": "Your seat", "preset": "Rules"}
        for name in ("preset", "players", "seat", "humans", "vs", "speed", "seed"):
            if name not in form:
                continue
            field = self.root.get_by_label(labels[name], exact=True)
            if name == "seed":
                field.fill(str(form[name]))
            elif name == "speed" and field.input_value() != str(form[name]):
                # the speed takes effect at once (a message, then a redraw): wait for that redraw,
                # or it could come after the click below and pass for the new game's
                serial = self.data("serial")
                field.select_option(value=str(form[name]))
                self.wait_redraw(serial)
            else:
                field.select_option(value=str(form[name]))
        # the new game's state, not any redraw: at the end of a game the review redraws the table
        # a decision at a time, and New game waits for the step under way
        tick = self.data("tick")
        self.click(self.button("dl-pt-new"))
        self.page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.tick !== t",
                                    arg=[ROOT, tick], timeout=30_000)
        settings.locator("summary").click()
        expect(settings).not_to_have_attribute("open", "")

    def options(self) -> None:
        self.click(self.button("dl-pt-options"))

    def person_turn(self, keyboard: bool = False) -> None:
        """One move by clicking what "Show my options" lights up (or the one move button)."""
        self.options()
        lit_table = self.root.locator(".dl-pt-table .dl-card.dl-playable")
        lit_hand = self.hand.locator(".dl-card.dl-playable")
        actions = self.root.locator(".dl-pt-actions button.dl-pt-action")
        if self.hand.locator(".dl-card.dl-selected").count():
            self.click(actions.filter(has_text=re.compile(r"^(Play|Transfer)$")).first)
        elif lit_table.count():
            target = lit_table.first.get_attribute("data-card")
            self.click(lit_table.first)
            expect(self.feedback).to_have_text(f"You picked {target}. Click a card of your hand that beats it.")
            self.click(self.hand.locator(".dl-card.dl-playable").first)
        elif lit_hand.count():
            if keyboard:
                self.play_by_keyboard(lit_hand.first.get_attribute("data-card"))
            else:
                self.click(lit_hand.first)
        else:
            self.click(actions.first)
        expect(self.root.locator('.dl-pt-feedback[data-kind="illegal"]')).to_have_count(0)

    def play_by_keyboard(self, card: str) -> None:
        """Tab from "Show my options" to ``card`` and press Enter."""
        self.button("dl-pt-options").focus()
        for _ in range(60):  # the Durak words of "what just happened" and the feedback are stops too
            self.page.keyboard.press("Tab")
            if self.page.evaluate("() => document.activeElement && document.activeElement.dataset.card") == card:
                break
        else:
            raise AssertionError(f"Tab never reached {card}")
        serial = self.data("serial")
        self.page.keyboard.press("Enter")
        self.wait_redraw(serial)
        expect(self.hand.locator(f'[data-card="{card}"]')).to_have_count(0)


def _medians(page) -> tuple:
    renders = page.evaluate("window.__dlRenders")
    clicks = page.evaluate("window.__dlCardClicks")
    to_redraw = [next(r["t"] for r in renders if r["t"] > t) - t for t in clicks
                 if any(r["t"] > t for r in renders)]
    bot = []
    for i, r in enumerate(renders):
        if r["acting"] == "bot" and (i == 0 or renders[i - 1]["tick"] != r["tick"]):
            nxt = next((s for s in renders[i + 1:] if s["tick"] > r["tick"]), None)
            if nxt is not None:
                bot.append(nxt["t"] - r["t"])
    return to_redraw, bot


def _summary(samples: list) -> str:
    if not samples:
        return "no samples"
    return f"median {statistics.median(samples):.0f} ms, max {max(samples):.0f} ms over {len(samples)}"


# The geometry of the table, read at one moment.
_GEOMETRY_JS = """(root) => {
  const rect = e => { const b = e.getBoundingClientRect(); return {x: b.left, y: b.top, w: b.width, h: b.height}; };
  const bar = document.querySelector('#jp-main-statusbar');
  const sel = '.dl-pt-tools button, .dl-pt-actions button, .dl-pt-hand button, button.dl-pt-new';
  return {
    root: rect(root), bottom: Math.min(window.innerHeight, bar ? bar.getBoundingClientRect().top : Infinity),
    buttons: [...root.querySelectorAll(sel)].map(b => ({...rect(b), text: b.textContent})),
    seats: [...root.querySelectorAll('.dl-pt-seat')].map(s => ({...rect(s), seat: s.dataset.seat,
                                                               order: +s.dataset.order, area: s.dataset.area})),
    table: rect(root.querySelector('.dl-pt-table')), hand: rect(root.querySelector('.dl-pt-hand')),
    players: +root.dataset.players, me: root.dataset.seat,
  };
}"""


def check_layout(t: Table, viewport: str, screenshot, suffix: str) -> float:
    """The table fits its box, the buttons are in view, the seats sit in seating order; returns its height."""
    t.wait_person()
    t.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    t.page.wait_for_timeout(150)
    over = t.root.evaluate(_OVERFLOW_JS)
    assert over["bad"] == [] and over["scroll"] <= 0, over
    g = t.root.evaluate(_GEOMETRY_JS)
    if viewport == "1366x768":
        assert g["root"]["h"] <= MAX_HEIGHT, f"the table is {g['root']['h']:.0f} px high"
    for b in g["buttons"]:
        assert 0 <= b["y"] and b["y"] + b["h"] <= g["bottom"], (b, g["bottom"])
    n, me, table = g["players"], int(g["me"][1:]) - 1, g["table"]
    assert len(g["seats"]) == n - 1
    tops = []
    for s in g["seats"]:
        assert s["seat"] == f"P{(me + s['order']) % n + 1}"
        if s["area"] == "left":
            assert s["order"] == 1 and s["x"] + s["w"] <= table["x"] + 1, (s, table)
        elif s["area"] == "right":
            assert s["order"] == n - 1 and s["x"] >= table["x"] + table["w"] - 1, (s, table)
        else:
            assert s["y"] + s["h"] <= table["y"] + 1, (s, table)
            tops.append(s)
    # across the top in seating order; on a narrow screen the top row wraps, so in reading order
    rows, bottom = [], None
    for s in sorted(tops, key=lambda s: s["y"]):  # seats whose boxes overlap vertically share a row
        if bottom is None or s["y"] >= bottom - 1:
            rows.append([])
            bottom = s["y"] + s["h"]
        rows[-1].append(s)
        bottom = max(bottom, s["y"] + s["h"])
    reading = [s["order"] for row in rows for s in sorted(row, key=lambda s: s["x"])]
    assert reading == sorted(s["order"] for s in tops)
    assert g["hand"]["y"] >= table["y"] + table["h"] - 1  # the person sits below the table
    screenshot(t.root, suffix)
    return g["root"]["h"]


def check_contrast(t: Table) -> list:
    """Contrast ratios of the status, a tool button, the felt's text and the feedback."""
    out = []
    for sel in (".dl-pt-status", ".dl-pt-tools button", ".dl-pt-bito", ".dl-pt-feedback", ".dl-pt-hand-head strong"):
        ratio = t.root.locator(sel).first.evaluate(_CONTRAST_JS)
        assert ratio >= 4.5, f"{sel}: contrast {ratio:.1f}"
        out.append(round(ratio, 1))
    return out


def play_the_table(page, where: str, seed: int, viewport: str, notebook_root, screenshot, report) -> None:
    t = Table(page)
    t.root.evaluate(_WATCH_JS)
    t.new_game(seed=seed, speed="instant", players=2, vs="tips", humans=1, seat=0)
    expect(t.root.locator(".dl-pt-said")).to_contain_text(f"New game (deal number {seed}).")
    expect(t.hand).to_have_attribute("aria-label", "Cards of P1 (you)")
    card = t.hand.locator("button.dl-card").first
    expect(card).to_have_attribute("aria-label", re.compile(r"^(\d+|Jack|Queen|King|Ace) of [a-z]+(, trump)?$"))
    expect(card.locator(".dl-pt-corner")).to_have_text(re.compile(r"^(\d+|[JQKA])[♠♥♦♣]$"))
    t.height = round(check_layout(t, viewport, screenshot, "-start"))

    illegal = undone = keyboard = False
    turns = 0
    while t.wait_person() != "over":
        turns += 1
        assert turns < 200, "the game did not end"
        if not undone and t.root.locator(".dl-pt-undo").is_enabled():
            before = t.snapshot()
            t.person_turn()
            t.wait_person()
            t.click(t.button("dl-pt-undo"))
            expect(t.feedback).to_have_text("Your last move is taken back.")
            after = t.snapshot()
            assert after[:3] == before[:3], (before, after)
            undone = True
            continue
        if not illegal:
            t.options()
            dim = t.hand.locator(".dl-card:not(.dl-playable)")
            if dim.count():
                before = t.snapshot()
                t.click(dim.first)
                expect(t.feedback).to_have_attribute("data-kind", "illegal")
                expect(t.feedback).to_contain_text("You can't do that: ")
                assert t.snapshot() == before
                screenshot(t.root, "-illegal")
                illegal = True
        lead = not keyboard and not t.root.locator(".dl-pt-table .dl-card").count()
        t.person_turn(keyboard=lead)
        keyboard = keyboard or lead
    assert illegal and undone and keyboard
    expect(t.status).to_have_text(re.compile(r"(not the durak|the durak this time|nobody is the durak)"))
    review = t.root.locator(".dl-pt-review")
    expect(review).to_contain_text("How the game went")
    t_end = time.perf_counter()
    expect(t.root.locator(".dl-pt-actions button")).to_have_count(0)
    screenshot(t.root, "-end")
    to_redraw, bot = _medians(page)
    report(f"{where} {viewport}: own card click to redraw: {_summary(to_redraw)}; "
           f"bot's turn to its move (instant): {_summary(bot)}")
    assert statistics.median(to_redraw) <= 1000  # the target is 150 ms; this only catches a hang

    # Save game: a record beside the notebook, and a download link with the same text (clicked while
    # the review is worked out, a decision per message: the table answers meanwhile)
    t_save = time.perf_counter()
    t.click(t.button("dl-pt-save"))
    # (no student named in this browser: beside the notebook, under the deal and the time)
    expect(t.feedback).to_contain_text(re.compile(r"The game is saved in durak-game-\d+-\d{8}-\d{6}(-\d+)?\.json\."))
    t_saved = time.perf_counter()
    # the review of the person's moves, in words: the accuracy, the labels counted, the key moments
    expect(review).to_contain_text(re.compile(r"P\d: accuracy \d+ out of 100\."), timeout=60_000)
    expect(review).to_have_attribute("aria-busy", "false")
    expect(review).not_to_contain_text("Looking at move")
    report(f"{where} {viewport}: the review at the end done {time.perf_counter() - t_end:.1f} s after the last "
           f"move; Save game answered in {t_saved - t_save:.2f} s meanwhile")
    screenshot(t.root, "-review")
    name = re.search(r"durak-game-\d+-\d{8}-\d{6}(-\d+)?\.json", t.feedback.inner_text()).group(0)
    link = t.root.locator("a.dl-pt-download")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("download", name)
    linked = page.evaluate("async a => await (await fetch(a.href)).text()", link.element_handle())
    path = notebook_root / "notebooks" / name
    assert path.read_text(encoding="utf-8") == linked
    result = replay(load_record(path))
    assert result.ok and result.game.is_over
    return t, name, result_sentence(result.position.result), len(result.record.moves)


def check_pass_and_play(t: Table, screenshot) -> None:
    t.new_game(seed=31, speed="instant", players=3, humans=2, seat=0)
    seen = 0
    for _ in range(6):
        if t.wait_person() == "over":
            break
        reveal = t.root.locator("button.dl-pt-reveal")
        expect(reveal).to_have_text(re.compile(r"^P\d, your turn: show my cards$"))
        seat = reveal.inner_text().split(",")[0]
        expect(t.hand.locator("button.dl-card")).to_have_count(0)
        expect(t.root.locator(".dl-pt-felt .dl-pt-seat .dl-card")).to_have_count(0)
        expect(t.hand).to_contain_text("cards, face down")
        if seen == 0:
            screenshot(t.root, "-pass-and-play-hidden")
        t.click(reveal)
        assert t.data("seat") == seat
        expect(t.hand).to_have_attribute("aria-label", f"Cards of {seat}")
        expect(t.hand.locator("button.dl-card").first).to_be_visible()
        t.person_turn()
        expect(t.hand.locator("button.dl-card")).to_have_count(0)
        seen += 1
    assert seen >= 2


def open_the_record_in_the_stepper(page, open_page, notebook_root, name: str, result: str, moves: int) -> None:
    """A small notebook beside the record opens it in the stepper: its moves and its result."""
    stem = name.removesuffix(".json").replace("-", "_")
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "open", "metadata": {},
                           "outputs": [], "source": ["from durak_lab.widgets import Stepper\n", "\n",
                                                     f"Stepper({name!r})"]}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (notebook_root / "notebooks" / f"{stem}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    open_page(page, f"notebooks/{stem}.ipynb")
    stepper = page.locator(".dl-stepper")
    expect(stepper).to_be_visible(timeout=90_000)
    expect(stepper.locator(".dl-title")).to_contain_text("A game at the play table (P1 human, P2 tips)")
    expect(stepper.locator(".dl-message")).to_be_hidden()
    stepper.get_by_role("button", name="End").click()
    expect(stepper.locator(".dl-result")).to_have_text(result)
    stepper.get_by_role("button", name="Start").click()
    stepper.get_by_role("button", name="Next").click()
    expect(stepper.locator(".dl-move")).to_contain_text(f"Move 1 of {moves}")


def check_big_tables(t: Table, viewport: str, screenshot) -> list:
    heights = []
    for players in (4, 6):
        t.new_game(players=players, humans=1, seat=0, seed=40 + players, speed="instant")
        expect(t.root.locator(".dl-pt-seat")).to_have_count(players - 1)
        heights.append(round(check_layout(t, viewport, screenshot, f"-{players}-players")))
    return heights


def _run(kind, page, viewport, notebook_root, screenshot, report):
    page.set_viewport_size(VIEWPORTS[viewport])
    seed = SEEDS[(kind, viewport)]
    t0 = time.perf_counter()
    if kind == "lab":
        panel = open_lab_notebook(page, NOTEBOOK)
        where = "JupyterLab"
    else:
        open_voila(page, NOTEBOOK)
        where, panel = "Voila", None
    t, name, result, moves = play_the_table(page, where, seed, viewport, notebook_root, screenshot, report)
    check_pass_and_play(t, screenshot)
    heights = [t.height] + check_big_tables(t, viewport, screenshot)
    report(f"{where} {viewport}: the table's height with 2, 4, 6 players: {heights} px")
    if kind == "lab" and viewport == "1366x768":
        ratios = {"light": check_contrast(t)}
        page.evaluate("window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
        try:
            page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=30_000)
            page.wait_for_timeout(300)
            ratios["dark"] = check_contrast(t)
            screenshot(t.root, "-dark")
        finally:
            page.evaluate("window.jupyterapp.commands.execute('apputils:change-theme', "
                          "{theme: 'JupyterLab Light'})")
            page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'", timeout=30_000)
        report(f"{where}: contrast of the table's texts (light, dark): {ratios}")
    if kind == "lab":
        assert lab_error_outputs(panel) == []
        assert unexpected_page_errors(page, known=()) == []
    else:
        assert voila_error_outputs(page) == []
        assert unexpected_page_errors(page) == []
    if viewport == "1366x768":
        opener = open_lab_notebook if kind == "lab" else open_voila
        open_the_record_in_the_stepper(page, opener, notebook_root, name, result, moves)
    report(f"{where} {viewport}: the play table test took {time.perf_counter() - t0:.1f} s")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_play_table_in_lab(lab_page, viewport, notebook_root, screenshot, report):
    _run("lab", lab_page, viewport, notebook_root, screenshot, report)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_play_table_in_voila(voila_page, viewport, notebook_root, screenshot, report):
    _run("voila", voila_page, viewport, notebook_root, screenshot, report)
