"""The course teaches every rule of the digest (R1–R31) with exercises the engine checks.

Every lesson of ``course.json`` loads through the real validator (so every move, card and
seat answer is checked by the engine), has at least one exercise, and every exercise has a
hint, an explanation and the rule ids it practises.  Each rule R1–R31 is named by some
lesson that has an exercise citing it.
"""

from __future__ import annotations

import json

import pytest

from durak_lab.lessons import course
from durak_lab.lessons.syllabus import course_folder

RULE_IDS = [f"R{i}" for i in range(1, 32)]


@pytest.fixture(scope="module")
def lessons() -> list:
    return course()


def test_every_lesson_file_is_in_the_course() -> None:
    folder = course_folder()
    index = json.loads((folder / "course.json").read_text(encoding="utf-8"))["lessons"]
    files = sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json") and p.name != "course.json")
    assert len(set(index)) == len(index), "a lesson is listed twice in course.json"
    assert sorted(index) == files, "course.json and the lesson files differ"


def test_every_lesson_has_an_exercise(lessons: list) -> None:
    empty = [L.id for L in lessons if not any(s.is_exercise for s in L.steps)]
    assert not empty, f"lessons without an exercise: {empty}"


def test_every_exercise_has_hint_explain_and_rules(lessons: list) -> None:
    missing = []
    for L in lessons:
        for s in L.steps:
            if s.is_exercise:
                for name in ("hint", "explain", "rules"):
                    if not getattr(s, name):
                        missing.append(f"{L.id} {s.where}: no {name}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_is_taught_with_an_exercise(lessons: list, rule: str) -> None:
    teaching = [L.id for L in lessons
                if rule in L.rules and any(s.is_exercise and rule in s.rules for s in L.steps)]
    assert teaching, f"{rule}: no lesson names it and has an exercise citing it"


def test_step_rules_are_among_the_lessons_rules(lessons: list) -> None:
    stray = [f"{L.id} {s.where}: {r}" for L in lessons for s in L.steps for r in s.rules if r not in L.rules]
    assert not stray, "step rule ids the lesson's rules do not list:\n" + "\n".join(stray)


def test_the_course_ends_with_a_whole_game_against_the_random_bot(lessons: list) -> None:
    last = lessons[-1]
    plays = [s for s in last.steps if s.kind == "play"]
    assert plays and plays[-1] is last.steps[-1]
    assert plays[-1].play["vs"] == ("random",)


def test_the_first_game_question_shows_the_deal_the_game_will_use(lessons: list) -> None:
    from durak_lab.engine import Position, Rules

    last = lessons[-1]
    play = [s for s in last.steps if s.kind == "play"][-1].play
    deal = Position.deal(Rules.preset(play["preset"], players=play["players"]), play["seed"])
    shown = [s for s in last.steps if s.position is not None]
    assert shown and all(s.position == deal for s in shown)


def _step(lesson_id: str, kind: str, n: int = 0):
    from durak_lab.lessons import lesson

    return [s for s in lesson(lesson_id).steps if s.kind == kind][n]


def test_what_the_explanations_say_happens_does_happen() -> None:
    # R29: covering the last card with the last card is a draw; taking instead makes P2 the durak (R28)
    s = _step("game-end", "move")
    assert s.position.play(s.answers[0]).result == ()
    assert s.position.play("P2 take").result == (1,)
    # R6: after the swap the 6♥ is the trump card and the ace is in P1's hand
    s = _step("trump-swap", "move")
    p = s.position.play(s.answers[0])
    assert str(p.hand(0)).count("A♥") == 1 and p.trump_card == p.trump * 13 + 4
    # R24: showing the 7♠ passes the attack to P3 and P2 keeps the card
    s = _step("show-trump", "move")
    p = s.position.play(s.answers[0])
    assert p.defender == 2 and "7♠" in str(p.hand(1))
    # R20: the transfer makes P1 defend against both 7s
    s = _step("transfer", "move")
    p = s.position.play(s.answers[0])
    assert p.defender == 0 and len(p.uncovered()) == 2
    # R16/R17: the last cover of EX-ZH-BOUT ends the bout, and P1 leads against P2
    s = _step("bito", "move")
    p = s.position.play(s.answers[0])
    assert not p.table and (p.leader, p.defender) == (0, 1)
