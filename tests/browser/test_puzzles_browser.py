"""Puzzles in a real browser: ``notebooks/puzzles.ipynb`` as a Voila app, at 1366×768 and at 800×900.

A new student opens the lesson player the notebook makes (a lesson of puzzles a theme), opens a
puzzle lesson, reads the first step, then solves the first puzzle by clicking: first a wrong move
(the sentence that says why it is worse, with the figures), then the answer (right, and the
explanation).  Every card has a text alternative and nothing sticks out of the player's box.
"""

import time

import pytest

expect = pytest.importorskip("playwright.sync_api").expect

from durak_lab.analysis.puzzles import THEMES  # noqa: E402
from durak_lab.engine.moves import ATTACK, COVER, PASS, TAKE  # noqa: E402
from durak_lab.lessons import puzzle_lesson  # noqa: E402

from .jupyter_pages import open_voila, voila_error_outputs  # noqa: E402
from .test_lesson_player import VIEWPORTS, Player  # noqa: E402  (the lesson player's own test helpers)

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/puzzles.ipynb"


def _clickable(move) -> bool:
    return move.kind in (COVER, TAKE, PASS) or (move.kind == ATTACK and len(move.cards) == 1)


def _lessons() -> list:
    """The lessons the notebook makes, in its order."""
    return [puzzle_lesson(limit=10)] + [puzzle_lesson(theme=t, limit=8) for t in THEMES]


def _chosen():
    """The first lesson whose first puzzle is a two-player game (podkidnoy or the transfer game),
    answered and missed by a click."""
    for L in _lessons():
        step = L.steps[1]
        wrong = [m for m in step.position.view(step.seat).legal if m not in step.answers and _clickable(m)]
        if step.position.rules.short_name() in ("podkidnoy", "perevodnoy") and step.position.players == 2 \
                and wrong and _clickable(step.answers[0]):
            return L, step, wrong[0]
    raise AssertionError("no puzzle lesson starts with a puzzle to click")


def _play(p: Player, move) -> None:
    """Make ``move`` on the lesson's table by clicking, as a learner does."""
    if move.kind == COVER:
        p.click(p.table_card(str(move.target)))
        p.click(p.hand_card(str(move.cards[0])), timed=True)
    elif move.kind == ATTACK:
        p.click(p.hand_card(str(move.cards[0])), timed=True)
    else:
        p.click(p.root.locator(f"button.dl-pt-{move.kind}"), timed=True)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_solve_a_puzzle_wrong_then_right_in_voila(voila_page, viewport, screenshot, report):
    page = voila_page
    page.set_viewport_size(VIEWPORTS[viewport])
    L, step, wrong = _chosen()
    open_voila(page, NOTEBOOK)
    p = Player(page, f"Puzzler {viewport} {time.time_ns()}")
    items = p.root.locator("li.dl-lp-item")
    expect(items).to_have_count(len(THEMES) + 1)
    p.click(p.root.locator(f'li.dl-lp-item[data-lesson="{L.id}"] button.dl-lp-open'))
    expect(p.root.locator(".dl-lp-title")).to_have_text(L.title)
    p.step(1, "read")
    expect(p.root.locator(".dl-lp-text")).to_contain_text(L.steps[0].text[:30])
    p.next()

    p.step(2, "move")
    expect(p.root.locator(".dl-lp-text")).to_contain_text(step.text[:20])
    expect(p.root.locator(".dl-pt-felt .dl-pt-seat .dl-card")).to_have_count(0)  # the other hands face down
    cards = p.root.locator(".dl-pt-hand button.dl-card")
    assert cards.count() == bin(step.position.hands[step.seat]).count("1")
    for i in range(cards.count()):
        assert cards.nth(i).get_attribute("aria-label"), "a card without a text alternative"
    _play(p, wrong)
    expect(p.feedback).to_have_attribute("data-kind", "wrong")
    expect(p.feedback).to_contain_text(step.feedback[str(wrong)])
    p.check_layout(screenshot, "-puzzle-wrong")
    _play(p, step.answers[0])
    expect(p.feedback).to_have_attribute("data-kind", "right")
    expect(p.root.locator(".dl-lp-explain")).to_contain_text(step.explain)
    expect(p.root.locator("button.dl-lp-next")).to_be_enabled()
    p.check_layout(screenshot, "-puzzle-right")
    assert voila_error_outputs(page) == []
    report(f"Voila {viewport}: a puzzle, click to feedback: {p.timer.summary()}")
