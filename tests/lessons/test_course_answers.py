"""Every exercise of the course, answered through :class:`~durak_lab.lessons.Attempt`.

The right answer is judged right at the first try, and every wrong answer the lesson
writes feedback for (a move, a card, a seat, an option, yes or no) is judged wrong with
exactly that sentence: so no feedback key is dead and no "wrong" answer is in fact right.
"""

from __future__ import annotations

import pytest

from durak_lab.engine import Card, Move, attack, cover, transfer
from durak_lab.lessons import Attempt, answer_of, course
from durak_lab.text.messages import say

EXERCISES = [(L.id, s) for L in course() for s in L.steps if s.is_exercise]


@pytest.mark.parametrize("lesson_id, step", EXERCISES, ids=[f"{i}-{s.index}" for i, s in EXERCISES])
def test_the_right_answer_is_right(lesson_id: str, step) -> None:
    v = Attempt(step).answer(answer_of(step))
    assert v.right and v.done, f"{lesson_id} {step.where}: {v.sentence}"
    assert v.sentence == say("lesson-right")


def _illegal_move_with_reason(step, reason: str):
    """A move of the step's seat with one of its cards that the engine refuses for ``reason``."""
    p, seat = step.position, step.seat
    for c in p.hand(seat):
        tries = [attack(seat, c), transfer(seat, c)] + [cover(seat, u, c) for u in p.uncovered()]
        for m in tries:
            err = p.why_illegal(m)
            if err is not None and err.reason.value == reason and str(m) not in step.feedback:
                return m
    return None


def _wrong_answer(step, key: str):
    """The answer that the feedback ``key`` is written for."""
    if step.kind == "move":
        try:
            return Move.parse(key, step.position.players)
        except ValueError:
            return _illegal_move_with_reason(step, key)
    if step.kind == "cards":
        right = set(step.answer)
        c = Card(key)
        return sorted(right - {c}) if c in right else sorted(right | {c})
    if step.kind == "yes-no":
        if key in ("yes", "no"):
            return key == "yes"
        err = step.position.why_illegal(step.move)  # a reason code: said when "yes" is wrong
        wrong = not step.answer
        ok = err is not None and err.reason.value == key and ("yes" if wrong else "no") not in step.feedback
        return wrong if ok else None
    return key  # seat or choice


FEEDBACK = [(L.id, s, k) for L in course() for s in L.steps if s.is_exercise for k in s.feedback]


@pytest.mark.parametrize("lesson_id, step, key", FEEDBACK,
                         ids=[f"{i}-{s.index}-{k}" for i, s, k in FEEDBACK])
def test_each_feedback_is_said_for_its_wrong_answer(lesson_id: str, step, key: str) -> None:
    answer = _wrong_answer(step, key)
    assert answer is not None, f"{lesson_id} {step.where}: no answer gets the feedback {key!r}"
    v = Attempt(step).answer(answer)
    assert not v.right, f"{lesson_id} {step.where}: {key} is judged right"
    assert v.sentence == step.feedback[key]


def test_a_reason_code_feedback_is_said_for_an_illegal_move() -> None:
    # taking, step 1: you cannot beat the Q♥; any card you try gets the lesson's sentence
    step = next(s for L in course() if L.id == "taking" for s in L.steps if s.kind == "move")
    v = Attempt(step).answer("P1 cover Q♥ with K♦")
    assert not v.right and v.sentence == step.feedback["does-not-beat"]
