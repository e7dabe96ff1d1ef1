"""Learn from your mistakes in a real browser: a game a student saved comes back as an exercise.

The student's saved game (a blunder of theirs, P2 leading 7♦ where 8♥ keeps a win) is in their
folder of the class folder; in Voila, ``notebooks/learn.ipynb`` lists it under "Your games";
"Practise my mistakes" shows "Looking at move k of n…" while the review runs a decision per
message, then opens the exercise: the move of the game is refused with what it cost, the better
move is right.  At 1366×768 and at 800 px wide, by mouse and by keyboard.
"""

import json
import time
from pathlib import Path

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from durak_lab.engine.records import load_record  # noqa: E402
from durak_lab.session.students import student_folder  # noqa: E402

from .conftest import _new_page  # noqa: E402
from .jupyter_pages import open_voila, unexpected_page_errors, voila_error_outputs  # noqa: E402
from .test_lesson_player import Player  # noqa: E402

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/learn.ipynb"
SIZES = {"1366x768": {"width": 1366, "height": 768}, "800x900": {"width": 800, "height": 900}}
GAME = {"format": "durak-lab/1", "title": "My game against the greedy bot",
        "rules": {"preset": "podkidnoy", "players": 2},
        "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, "discard": "rest",
                  "attacker": "P2", "first_bout": False},
        "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦", "P2 take"],
        "players": {"P1": {"kind": "bot", "level": "greedy"}, "P2": {"kind": "person"}}}


def _save(notebook_root, student: str) -> None:
    path = Path(student_folder(student, str(notebook_root / "notebooks" / "durak-lab-class"))) / "games"
    path.mkdir(parents=True, exist_ok=True)
    load_record(GAME)
    (path / "greedy-game.json").write_text(json.dumps(GAME, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_saved_mistake_comes_back_as_an_exercise(browser, voila_url, notebook_root, report, size):
    student = f"Mia {size} {time.time_ns()}"
    _save(notebook_root, student)
    ctx, page = _new_page(browser, voila_url)
    try:
        page.set_viewport_size(SIZES[size])
        open_voila(page, NOTEBOOK)
        p = Player(page, student)
        games = p.root.locator(".dl-lp-practice")
        expect(games.locator("h3")).to_have_text("Your games")
        game = games.locator('li.dl-lp-game[data-game="greedy-game.json"]')
        expect(game.locator(".dl-lp-game-title")).to_have_text("My game against the greedy bot")
        expect(game.locator(".dl-lp-game-details")).to_have_text("6 moves, finished")
        fits = page.evaluate("(sel) => { const e = document.querySelector(sel); "
                             "return e.scrollWidth <= e.clientWidth + 1 }", ".dl-lp-practice")
        assert fits, f"Your games is wider than its box at {size}"

        button = game.locator("button.dl-lp-practise")
        expect(button).to_have_attribute("aria-label", "Practise my mistakes in My game against the greedy bot")
        t0 = time.perf_counter()
        if size == "800x900":  # by keyboard
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
        expect(p.root).to_have_attribute("data-view", "lesson", timeout=60_000)
        report(f"{size}: the review of 3 decisions and the exercise's first step in "
               f"{time.perf_counter() - t0:.1f} s")
        p.step(1, "read")
        expect(p.root.locator(".dl-lp-nav a.dl-lp-lesson-file")).to_have_text("Save these exercises as a file")
        expect(p.root.locator(".dl-lp-nav a.dl-lp-lesson-file")).to_have_attribute(
            "download", "mistakes-greedy-game-p2.json")
        p.next()
        p.step(2, "move")
        expect(p.root.locator(".dl-lp-text")).to_contain_text("move 1 here was a mistake")
        p.click(p.hand_card("7♦"))
        expect(p.feedback).to_contain_text("That is the move played in the game")
        expect(p.feedback).not_to_have_attribute("data-kind", "right")
        p.click(p.hand_card("8♥"))
        expect(p.feedback).to_have_attribute("data-kind", "right")
        p.next()
        expect(p.root).to_have_attribute("data-view", "done")
        expect(p.root.locator(".dl-lp-end .dl-lp-all-done")).to_have_text(
            "Well done! Play another game, save it, and practise again.")
        assert unexpected_page_errors(page) == []
        assert voila_error_outputs(page) == []
    finally:
        ctx.close()
