"""One Voila server for a class, in a real browser: each student's own progress.

Two students (two browsers: separate storage) open ``notebooks/learn.ipynb`` on one
server: each types a name once; what one solves never shows on the other's menu, and
each has a progress file of their own on the server.  The first student opens a
second tab: the browser remembers the name (no name form), the second tab shows the
first tab's work, and what each tab solves adds up on the server and on both menus.
"""

import json
import time

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from durak_lab.session.students import folder_name  # noqa: E402

from .conftest import VIEWPORT, _new_page  # noqa: E402
from .jupyter_pages import open_voila, unexpected_page_errors, voila_error_outputs  # noqa: E402
from .test_lesson_player import Player  # noqa: E402

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/learn.ipynb"


def _answer(p: Player, lesson: str, *values: str) -> None:
    """Open ``lesson``, click Next past its two first steps (read them), then answer each of
    ``values`` in turn, right at the first try."""
    p.click(p.root.locator(f'li.dl-lp-item[data-lesson="{lesson}"] button.dl-lp-open'))
    for n, value in enumerate(values):
        p.next()
        if n == 0:
            p.next()
        p.click(p.root.locator(f'button.dl-lp-choice[data-value="{value}"]'))
        expect(p.feedback).to_have_attribute("data-kind", "right")


def _progress_text(p: Player, lesson: str):
    return p.root.locator(f'li.dl-lp-item[data-lesson="{lesson}"] .dl-lp-progress')


def _menu(p: Player) -> None:
    p.click(p.root.locator(".dl-lp-lesson button.dl-lp-back"))
    expect(p.root).to_have_attribute("data-view", "menu")


def test_two_students_and_two_tabs_on_one_voila_server(browser, voila_url, notebook_root, report):
    stamp = time.time_ns()
    ann, boris = f"Ann {stamp}", f"Boris {stamp}"
    ctx_a, tab_1 = _new_page(browser, voila_url)
    ctx_b, page_b = _new_page(browser, voila_url)
    try:
        t0 = time.perf_counter()
        open_voila(tab_1, NOTEBOOK)
        a1 = Player(tab_1, ann)
        expect(a1.root.locator(".dl-lp-hello")).to_have_text(f"Hello, {ann}!")
        _answer(a1, "cards", "36")

        open_voila(page_b, NOTEBOOK)
        b = Player(page_b, boris)  # another browser: it asks the name again
        expect(b.root.locator(".dl-lp-hello")).to_have_text(f"Hello, {boris}!")
        expect(_progress_text(b, "cards")).to_have_text("0 of 4 exercises solved")
        expect(b.root.locator('li.dl-lp-item[data-lesson="cards"] .dl-lp-badge')).to_have_text("Not started")

        # Ann's second tab: the name is remembered, and the first tab's work is there
        tab_2 = ctx_a.new_page()
        tab_2.set_viewport_size(VIEWPORT)
        tab_2.js_errors = []
        tab_2.on("pageerror", lambda e: tab_2.js_errors.append(str(e)))
        open_voila(tab_2, NOTEBOOK)
        a2 = Player(tab_2)  # no name typed: the page must go to the menu by itself
        expect(a2.root.locator(".dl-lp-hello")).to_have_text(f"Hello, {ann}!")
        expect(_progress_text(a2, "cards")).to_have_text("1 of 4 exercises solved, 1 at the first try")
        _answer(a2, "cards", "36", "6")
        _menu(a2)
        expect(_progress_text(a2, "cards")).to_have_text("2 of 4 exercises solved, 2 at the first try")
        _menu(a1)  # the first tab's menu adds the second tab's work
        expect(_progress_text(a1, "cards")).to_have_text("2 of 4 exercises solved, 2 at the first try")
        b.click(b.root.locator('li.dl-lp-item[data-lesson="cards"] button.dl-lp-open'))
        _menu(b)  # Boris's menu, drawn again after Ann's saves, shows none of them
        expect(_progress_text(b, "cards")).to_have_text("0 of 4 exercises solved")

        room = notebook_root / "notebooks" / "durak-lab-class"
        saved_a = json.loads((room / folder_name(ann) / "progress.json").read_text(encoding="utf-8"))
        assert saved_a["student"] == ann and sorted(saved_a["lessons"]["cards"]) == ["0", "1", "2", "3"]
        assert not (room / folder_name(boris) / "progress.json").exists()  # Boris has solved nothing yet
        report(f"Voila: two students and two tabs on one server in {time.perf_counter() - t0:.1f} s")
        for page in (tab_1, tab_2, page_b):
            assert voila_error_outputs(page) == []
            assert unexpected_page_errors(page) == []
    finally:
        ctx_a.close()
        ctx_b.close()
