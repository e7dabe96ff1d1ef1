"""The JupyterLite site (``bash .ci/lite DIR``) in headless Chromium, with no server but a static one.

The site in ``DURAK_LITE_SITE`` is served from 127.0.0.1 by a plain static file server
(``http.server`` in a thread, with the MIME types browsers insist on: ``.wasm`` as
``application/wasm``, ``.mjs`` as JavaScript). Every request to another host is aborted
and recorded; each test asserts there was none, so the site works offline and fetches
nothing from a CDN. Then, with Python running in the browser (Pyodide):

* the start notebook runs every cell without an error, and its stepper steps;
* the play table (``durak_lab.play()``) plays a few moves against a bot by clicking, and the
  expert bot's time a move in the browser is printed;
* the lesson player (``durak_lab.learn()``) takes an answer to an exercise (R11);
* the trump notebook (its browser copy, without pandas) draws a plotly chart;
* notebooks 02 and 03 and the tutorials' notebooks run every cell, and 02 and 03 draw
  their charts (plotly and networkx load on their first import);
* every relative link of the site's notebooks and pages resolves to a file the site lists
  and serves, and a click on a link of the start notebook opens the glossary in the
  markdown viewer and the rules summary in the HTML viewer.

The time from opening a notebook to its first cell's output is printed (with the
other figures at the end of the run), and for the play notebook the time to a table
whose cards can be clicked (figures to read, never asserted). Without ``DURAK_LITE_SITE`` the tests skip;
``.ci/run`` builds the site first and sets it, so in CI they run.
"""

import functools
import http.server
import json
import os
import re
import threading
import time
from pathlib import Path

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from .conftest import VIEWPORT  # noqa: E402
from .jupyter_pages import (  # noqa: E402
    KERNEL_READY_JS,
    expect_plotly_charts,
    lab_error_outputs,
    wait_lab_cells_done,
)
from .test_lesson_player import Player  # noqa: E402  (the lesson player's own test helpers)
from .test_play_table import Table  # noqa: E402  (the play table's own test helpers)

pytestmark = [pytest.mark.browser, pytest.mark.lite]

SITE_ENV = "DURAK_LITE_SITE"
# The play table is playable: its hand's cards are buttons one can click.
PLAYABLE = ".dl-play-table .dl-pt-hand button.dl-card:enabled"
BOOT_TIMEOUT = 180_000  # Pyodide's start and the preloaded wheels, on a busy 2-core machine
MIME = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
    ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
    ".ipynb": "application/json", ".css": "text/css", ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


# ------------------------------------------------------------------ the site and its server
@pytest.fixture(scope="module")
def lite_site() -> Path:
    value = os.environ.get(SITE_ENV)
    if not value:
        pytest.skip(f"no JupyterLite site: build one with `bash .ci/lite DIR` and set {SITE_ENV}=DIR "
                    "(.ci/run does both)")
    site = Path(value)
    # Set but not built is a failure, not a skip: in CI the variable names a site just built.
    assert (site / "jupyter-lite.json").is_file(), f"{SITE_ENV}={value} holds no JupyterLite site"
    return site


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def log_message(self, *args) -> None:  # quiet: pytest shows what the test asserts
        pass


@pytest.fixture(scope="module")
def lite_url(lite_site) -> str:
    """Base URL of a static file server of the site on a free port of 127.0.0.1."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(lite_site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def _offline_page(browser, lite_url: str, **context):
    """A fresh context and page on the site; requests to other hosts are aborted and listed in
    ``page.foreign``.  ``context``: more options of the browser context (a locale …)."""
    ctx = browser.new_context(base_url=lite_url, viewport=VIEWPORT, **context)
    foreign = []

    def refuse(route):
        foreign.append(route.request.url)
        route.abort()

    # Only requests to other hosts are intercepted (the pattern goes to the browser), so
    # the site's own hundreds of files load at full speed.
    ctx.route(re.compile(rf"^(?!{re.escape(lite_url)}/)"), refuse)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    page.foreign = foreign
    return ctx, page


@pytest.fixture
def lite_page(lite_url, browser):
    """A fresh page (fresh browser storage) on the site; requests to other hosts are aborted.

    ``lite_url`` comes first: without a site the test skips before Chromium starts.

    ``page.foreign`` lists the URLs of those requests.
    """
    ctx, page = _offline_page(browser, lite_url)
    yield page
    ctx.close()


@pytest.fixture
def finnish_lite_page(lite_url, browser):
    """As :func:`lite_page`, in a browser whose languages are German, then Finnish."""
    ctx, page = _offline_page(browser, lite_url, locale="fi-FI")
    ctx.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'fi-FI', 'en']})")
    yield page
    ctx.close()


def open_lite_notebook(page, name: str, report, ready=None) -> object:
    """Open ``name`` in the site's JupyterLab, wait for the Pyodide kernel, run every cell.

    Reports the seconds from opening the page to the first cell's output (the first
    usable cell) and to the last cell done; with ``ready`` (a CSS selector inside the
    notebook), also to the first visible element it selects. These are figures to
    read, never asserted. Returns the notebook panel's locator.
    """
    t0 = time.perf_counter()
    page.goto(f"/lab/index.html?path={name}")
    # With request routing on, the page's clock (wait_for_function) must do the waiting.
    page.wait_for_function(KERNEL_READY_JS, timeout=BOOT_TIMEOUT, polling=250)
    t_kernel = time.perf_counter() - t0
    title = page.evaluate("window.jupyterapp.shell.currentWidget.context.path")
    assert title == name, f"JupyterLite opened {title!r}, not {name!r}"
    panel = page.locator(f'[id="{page.evaluate("window.jupyterapp.shell.currentWidget.node.id")}"]')
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(panel.locator(".jp-CodeCell .jp-OutputArea-output").first).to_be_visible(timeout=BOOT_TIMEOUT)
    t_first = time.perf_counter() - t0
    t_ready = None
    if ready is not None:
        expect(panel.locator(ready).first).to_be_visible(timeout=BOOT_TIMEOUT)
        t_ready = time.perf_counter() - t0
    wait_lab_cells_done(panel, timeout=BOOT_TIMEOUT)
    t_all = time.perf_counter() - t0
    ready_text = f"{ready} visible {t_ready:.1f} s, " if ready is not None else ""
    report(f"lite {name}: kernel ready {t_kernel:.1f} s, first cell output {t_first:.1f} s, "
           f"{ready_text}all cells {t_all:.1f} s after opening the page")
    assert lab_error_outputs(panel) == []
    return panel


def assert_offline(page) -> None:
    assert page.foreign == [], f"the site asked other hosts for {page.foreign}"
    assert page.js_errors == []


# ------------------------------------------------------------------ the tests
def test_start_notebook_and_stepper(lite_page, report):
    page = lite_page
    panel = open_lite_notebook(page, "00_start_here.ipynb", report)
    # the first cell draws a card
    expect(panel.locator(".jp-CodeCell").first.locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"]')
           ).to_be_visible()
    stepper = panel.locator(".dl-stepper")
    expect(stepper).to_have_count(1)
    label = stepper.locator(".dl-step-label")
    expect(label).to_have_text(re.compile(r"^Step 0 of \d+$"))
    stepper.locator("button.dl-next").click()
    expect(label).to_have_text(re.compile(r"^Step 1 of \d+$"), timeout=15_000)
    expect(stepper.locator(".dl-move")).not_to_have_text("The start position")
    assert_offline(page)


def test_play_table_against_a_bot(lite_page, report):
    page = lite_page
    # The start time a class waits for: from opening the page to a table whose cards can be clicked.
    open_lite_notebook(page, "play.ipynb", report, ready=PLAYABLE)
    t = Table(page)
    t.new_game(seed=7, speed="instant", players=2, vs="tips", humans=1, seat=0)
    moves = 0
    while moves < 4 and t.wait_person() == "you":
        before = t.snapshot()
        t.person_turn()
        moves += 1
        assert t.snapshot() != before
    assert moves >= 3, f"only {moves} moves before the game ended"
    expect(t.root.locator(".dl-pt-said")).not_to_be_empty()
    assert_offline(page)


def test_the_expert_bots_move_time_in_the_browser(lite_page, report):
    """The time the strongest bot takes a move with Python in the browser (Pyodide), measured at the
    play table from a click to the person's next turn: a figure to read, never asserted."""
    page = lite_page
    open_lite_notebook(page, "play.ipynb", report, ready=PLAYABLE)
    t = Table(page)
    t.new_game(seed=7, speed="instant", players=2, vs="expert", humans=1, seat=0)
    bot_moves, seconds, slowest = 0, 0.0, 0.0
    t.wait_person(timeout=180_000)
    for _ in range(16):
        if t.data("acting") != "you":
            break
        tick = int(t.data("tick"))
        t.person_turn()
        t0 = time.perf_counter()
        acting = t.wait_person(timeout=180_000)
        took = time.perf_counter() - t0
        made = int(t.data("tick")) - tick - 1  # the person's move counts one change, each bot move one
        if made > 0:
            bot_moves += made
            seconds += took
            slowest = max(slowest, took / made)
        if acting != "you":
            break
    assert bot_moves >= 3, f"the expert made only {bot_moves} moves"
    report(f"lite expert bot: {bot_moves} moves, {1000 * seconds / bot_moves:.0f} ms a move "
           f"(slowest turn {1000 * slowest:.0f} ms a move), from a click to the person's next turn")
    assert_offline(page)


def test_lesson_exercise(lite_page, report):
    page = lite_page
    open_lite_notebook(page, "learn.ipynb", report)
    p = Player(page, "Lite Student")  # a new browser: the player asks the name first
    p.click(p.root.locator('li.dl-lp-item[data-lesson="covering"] button.dl-lp-open'))
    expect(p.root.locator(".dl-lp-title")).to_have_text("Covering a card")
    p.step(1, "read")
    p.next()
    # every card that beats 10♦ (R11): J♦ and A♦ (higher diamonds) and 6♥ (a trump)
    p.step(2, "cards")
    for card in ("J♦", "A♦", "6♥"):
        p.click(p.hand_card(card))
    p.click(p.root.locator("button.dl-lp-check"))
    expect(p.feedback).to_have_attribute("data-kind", "right")
    expect(p.root.locator(".dl-lp-explain")).to_contain_text("J♦ and A♦ are higher diamonds")
    assert_offline(page)
    # The progress lives in the browser's storage: after a reload the name is remembered (no
    # name form) and the lesson shows the exercise solved.
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" (the notebook has new outputs)
    open_lite_notebook(page, "learn.ipynb", report)
    again = Player(page)
    expect(again.root.locator(".dl-lp-hello")).to_have_text("Hello, Lite Student!")
    covering = again.root.locator('li.dl-lp-item[data-lesson="covering"]')
    expect(covering.locator(".dl-lp-progress")).to_have_text("1 of 5 exercises solved, 1 at the first try")
    assert_offline(page)


def test_trump_notebook_draws_a_plotly_chart(lite_page, report):
    page = lite_page
    panel = open_lite_notebook(page, "04_trump_probabilities.ipynb", report)
    plots = panel.locator(".js-plotly-plot")
    expect(plots.first).to_be_visible(timeout=60_000)
    expect(plots.first.locator("svg.main-svg").first).to_be_visible()
    expect(plots.first).to_contain_text("How many trumps are where?")
    # the parts that need pandas are left out with a plain sentence, not an error
    expect(panel.locator(".jp-Notebook")).to_contain_text("In the browser version this part is left out")
    assert_offline(page)


@pytest.mark.parametrize("name, charts", [
    ("02_attack_and_defence.ipynb", 7),
    ("03_game_tree_and_endgames.ipynb", 5),
    ("tutorials/01_rules_step_by_step.ipynb", 0),
    ("tutorials/02_what_each_player_sees.ipynb", 0),
    ("puzzles.ipynb", 0),
    ("analysis_board.ipynb", 0),
    ("live.ipynb", 0),
])
def test_more_notebooks_run_every_cell(lite_page, report, name, charts):
    """The site's other notebooks run; 02 and 03 draw their plotly charts, whose modules import plotly
    and networkx inside durak_lab (loaded on that first import, .ci/lite_sitecustomize.py)."""
    page = lite_page
    panel = open_lite_notebook(page, name, report)
    if charts:
        expect_plotly_charts(panel, count=charts, timeout=60_000)
    assert_offline(page)


# ------------------------------------------------------------------ the site's links
def _site_listing(site: Path) -> dict:
    """Every path the site's contents API lists (``api/contents/**/all.json``): its model."""
    listed = {}
    for index in sorted((site / "api" / "contents").rglob("all.json")):
        folder = json.loads(index.read_text(encoding="utf-8"))
        listed[folder["path"]] = {"type": folder["type"]}
        for item in folder["content"]:
            listed[item["path"]] = {"type": item["type"]}
    return listed


def test_every_relative_link_of_the_site_opens_a_page_it_holds(lite_site):
    """Every relative link in the notebooks and the markdown and HTML pages of the built site
    resolves to a file the site lists (its contents API) and serves (``files/``), not a folder."""
    from test_links import broken_links, document_links  # the repository's own link reader

    listed = _site_listing(lite_site)
    files = lite_site / "files"
    for path, model in listed.items():
        if model["type"] != "directory":
            assert (files / path).is_file(), f"the site lists {path} but does not serve it"

    def fetch(path: str, content: bool):
        model = listed.get(path)
        if model is None or model["type"] == "directory":  # a folder link opens nothing in JupyterLab
            return None
        if content:
            text = (files / path).read_text(encoding="utf-8")
            model = dict(model, content=json.loads(text) if model["type"] == "notebook" else text)
        return model

    pages = [path for path, model in listed.items() if model["type"] != "directory"
             and path.endswith((".ipynb", ".md", ".html"))]
    assert {"00_start_here.ipynb", "tutorials/glossary.md", "tutorials/rules_summary.html",
            "tutorials/teacher_guide.md"} <= set(pages)
    links = [link for path in sorted(pages)
             for link in document_links(path, (files / path).read_text(encoding="utf-8"))]
    assert len(links) > 40
    assert broken_links(links, fetch) == []


def test_a_link_of_the_start_notebook_opens_its_page(lite_page):
    """Clicking a link in the start notebook's markdown opens the page: the glossary in
    JupyterLite's markdown viewer, the rules summary in its HTML viewer."""
    page = lite_page
    page.goto("/lab/index.html?path=00_start_here.ipynb")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget "
                           "&& window.jupyterapp.shell.currentWidget.context.path === '00_start_here.ipynb'",
                           timeout=BOOT_TIMEOUT, polling=250)
    current = "window.jupyterapp.shell.currentWidget.context.path"
    panel_id = page.evaluate("window.jupyterapp.shell.currentWidget.node.id")
    panel = page.locator(f'[id="{panel_id}"]')
    panel.get_by_role("link", name="the glossary", exact=True).click()
    page.wait_for_function(f"() => {current} === 'tutorials/glossary.md'", timeout=30_000, polling=250)
    viewer = page.locator(f'[id="{page.evaluate("window.jupyterapp.shell.currentWidget.node.id")}"]')
    expect(viewer.locator(".jp-RenderedMarkdown h2", has_text="bito")).to_be_visible()

    page.evaluate("id => window.jupyterapp.shell.activateById(id)", panel_id)  # back to the notebook
    panel.get_by_role("link", name="the rules summary", exact=True).click()
    page.wait_for_function(f"() => {current} === 'tutorials/rules_summary.html'", timeout=30_000, polling=250)
    frame = page.locator(f'[id="{page.evaluate("window.jupyterapp.shell.currentWidget.node.id")}"] iframe')
    expect(frame).to_be_visible()
    expect(frame.content_frame.locator("body")).to_contain_text("R11")
    assert_offline(page)


def test_the_play_table_speaks_the_browsers_language(finnish_lite_page, report):
    """Nobody chose a language in the browser's Python: the table speaks the browser's (Finnish)."""
    page = finnish_lite_page
    panel = open_lite_notebook(page, "play.ipynb", report, ready=PLAYABLE)
    table = panel.locator(".dl-play-table")
    expect(table).to_have_attribute("lang", "fi", timeout=30_000)
    expect(table.locator(".dl-pt-status")).to_contain_text("vuoro")  # "P1, sinun vuorosi."
    assert_offline(page)


def test_a_languages_own_notebook_opens_in_its_language(lite_page, report):
    """The Hebrew lessons notebook: the lesson player in Hebrew, right to left."""
    page = lite_page
    panel = open_lite_notebook(page, "he/learn.ipynb", report)
    player = panel.locator(".dl-lesson-player")
    expect(player).to_have_attribute("lang", "he", timeout=30_000)
    expect(player).to_have_attribute("dir", "rtl")
    assert_offline(page)
