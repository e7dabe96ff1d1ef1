"""The seat checks about the end of a bout: ``draws-first``, ``draws-last`` (R19) and
``next-defender`` (R17, R18), computed by finishing the bout with the engine, on concrete
positions; a teacher's ``answer`` that disagrees is refused; the drawing lesson uses them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.lessons import Attempt, LessonError, lesson, load_lesson
from durak_lab.lessons.compute import CheckError, draw_seats, seat_answer
from durak_lab.text.messages import say

REPO = Path(__file__).resolve().parents[2]


def start(hands, talon, moves=(), players=None, **rules):
    rules = Rules(players=players or len(hands), **rules)
    p = Position.start(rules, hands, talon=talon, trump_card=talon.split()[-1] if talon else None,
                       trump=None if talon else "♥", discard="rest", attacker=0)
    for m in moves:
        p = p.play(m)
    return p


def answers(p, how):
    return (seat_answer(p, "draws-first", how), seat_answer(p, "draws-last", how))


# ---------------------------------------------------------------- R19: the order of the draws

# EX-ZH-BOUT shape, 4 players: P1 leads against P2, P3 and P4 throw in
FOUR = ["7♦ 9♠ 9♦", "8♦ 8♠ 8♣ A♥ K♥", "7♣ 10♣ J♣", "7♠ Q♣ K♣"]
FOUR_MOVES = ["P1 attack 7♦", "P4 attack 7♠", "P3 attack 7♣", "P2 cover 7♦ with 8♦", "P2 cover 7♠ with 8♠"]
LONG_TALON = "6♠ 10♠ J♠ Q♠ A♠ 6♥ 7♥ 9♥ 10♥ J♥ 6♦ 10♦ J♦ Q♦ K♦ 8♥"


def test_R19_bito_leader_first_then_the_other_attackers_clockwise_defender_last():
    p = start(FOUR, LONG_TALON, FOUR_MOVES)
    assert draw_seats(p, "bito") == [0, 2, 3, 1]  # P1, P3, P4, P2
    assert answers(p, "bito") == (0, 1)


def test_R19_the_check_does_not_change_the_position():
    p = start(FOUR, LONG_TALON, FOUR_MOVES)
    before = (p.hands, p.talon, p.table)
    draw_seats(p, "bito")
    draw_seats(p, "take")
    assert (p.hands, p.talon, p.table) == before


def test_R19_after_a_take_the_defender_also_draws_last():
    p = start(["7♦ 9♠ 6♣ K♣ A♠ 6♠", "6♦ 8♠ 10♣", "8♣ 9♦ J♠ 10♠"], "Q♦ K♦ A♦ J♦ 10♦ 8♥",
              ["P1 attack 7♦"])
    assert draw_seats(p, "take") == [0, 2, 1]
    assert answers(p, "take") == (0, 1)


def test_R19_a_defender_holding_more_than_six_after_the_take_draws_nothing():
    p = start(["7♦ 9♠ 6♣ K♣ A♠ 6♠", "6♦ 8♠ 10♣ J♣ Q♠ K♠", "8♣ 9♦ J♠ 10♠"], "Q♦ K♦ A♦ 8♥",
              ["P1 attack 7♦"])
    assert draw_seats(p, "take") == [0, 2]
    assert answers(p, "take") == (0, 2)  # P3 draws last, not P2


def test_R19_a_leader_with_six_or_more_draws_nothing_so_the_next_attacker_draws_first():
    p = start(["7♦ 9♠ 6♣ K♣ A♠ 6♠ 7♠", "Q♦ 8♠ 10♣", "8♣ 9♦ J♠ 10♠"], "J♦ 10♦ A♦ 8♥",
              ["P1 attack 7♦"])
    assert answers(p, "bito") == (2, 1)  # P1 keeps 6 cards: P3 draws first, P2 last


def test_R19_when_the_talon_runs_out_the_last_to_draw_is_not_the_defender():
    p = start(["7♦ 9♠ 6♣ K♣ A♠", "Q♦ 8♠ 10♣ J♣ Q♠ K♠", "8♣ 9♦ J♠ 10♠ 6♦"], "A♦ K♦ 8♥",
              ["P1 attack 7♦"])
    assert draw_seats(p, "bito") == [0, 2]
    assert answers(p, "bito") == (0, 2)


def test_R19_bito_lets_the_defender_cover_what_is_still_uncovered():
    p = start(FOUR, LONG_TALON, FOUR_MOVES[:3])  # three attack cards, none covered yet
    assert p.uncovered()
    assert draw_seats(p, "bito") == [0, 2, 3, 1]


def test_R19_he_attack_order_draws_in_the_order_they_attacked():
    short = "6♠ 10♠ J♠ Q♠ A♠ 8♥"  # P1 needs 4, the next attacker gets the last 2
    he = start(FOUR, short, FOUR_MOVES, draw_order="attack_order")
    usual = start(FOUR, short, FOUR_MOVES)
    assert he.attack_order == (0, 3, 2)
    assert draw_seats(he, "bito") == [0, 3] and seat_answer(he, "draws-last", "bito") == 3
    assert draw_seats(usual, "bito") == [0, 2] and seat_answer(usual, "draws-last", "bito") == 2
    assert draw_seats(start(FOUR, LONG_TALON, FOUR_MOVES, draw_order="attack_order"), "bito") == [0, 3, 2, 1]


def test_R19_two_players_attacker_first_defender_last():
    p = start(["7♦ 9♠ 6♣", "Q♦ 8♠ 10♣"], "J♦ 10♦ A♦ K♦ 8♥", ["P1 attack 7♦"])
    assert draw_seats(p, "bito") == [0, 1]


@pytest.mark.parametrize("how, problem", [
    ("bito", "cannot beat every attack card"),
    ("stop", "not how a bout ends"),
])
def test_a_bout_that_cannot_end_so_is_a_check_error(how, problem):
    p = start(["7♦ 9♠ 6♣", "6♦ 8♠ 10♣"], "J♦ 10♦ A♦ K♦ 8♥", ["P1 attack 7♦"])
    with pytest.raises(CheckError, match=problem):
        draw_seats(p, how)


def test_no_draws_is_a_check_error():
    no_talon = start(["7♦ 9♠", "Q♦ 8♠"], "", ["P1 attack 7♦"])
    with pytest.raises(CheckError, match="talon is empty"):
        seat_answer(no_talon, "draws-first", "bito")
    full = start(["7♦ 9♠ 6♣ K♣ A♠ 6♠ 7♠", "Q♦ 8♠ 10♣ J♣ Q♠ K♠ A♣"], "J♦ 8♥", ["P1 attack 7♦"])
    with pytest.raises(CheckError, match="every hand holds 6 cards or more"):
        seat_answer(full, "draws-last", "bito")
    equal = start(FOUR, LONG_TALON, FOUR_MOVES, draw_order="equal")
    with pytest.raises(CheckError, match="no first or last"):
        seat_answer(equal, "draws-first", "bito")
    with pytest.raises(CheckError, match="table is empty"):
        seat_answer(start(FOUR, LONG_TALON), "draws-first", "bito")


# ---------------------------------------------------------------- R17, R18: the next defender

def test_R17_after_bito_the_defender_leads_against_the_player_on_their_left():
    p = start(FOUR, LONG_TALON, FOUR_MOVES)
    assert (seat_answer(p, "next-leader", "bito"), seat_answer(p, "next-defender", "bito")) == (1, 2)


def test_R18_after_a_take_the_player_left_of_the_defender_leads_against_their_left():
    p = start(FOUR, LONG_TALON, FOUR_MOVES)
    assert (seat_answer(p, "next-leader", "take"), seat_answer(p, "next-defender", "take")) == (2, 3)


# ---------------------------------------------------------------- the validator and the tries

POSITION = {"hands": ["7♦ 9♠ 6♣ K♣ A♠", "Q♦ 8♠ 10♣ J♣ Q♠ K♠", "8♣ 9♦ J♠ 10♠ 6♦"], "trump_card": "8♥",
            "talon": "A♦ K♦ 8♥", "discard": "rest", "attacker": "P1", "moves": ["P1 attack 7♦"]}

EMPTY_TALON = {"hands": ["7♦ 9♠", "Q♦ 8♠"], "trump": "♥", "discard": "rest", "attacker": "P1",
               "moves": ["P1 attack 7♦"]}


def seat_lesson(**step):
    base = {"kind": "seat", "text": "Who?", "position": POSITION, "hint": "h", "explain": "e", "rules": ["R19"]}
    return {"format": "durak-lab-lesson/1", "id": "draws", "title": "Draws", "rules": ["R19"],
            "summary": "Draws.", "steps": [{**base, **step}]}


def test_the_engine_answer_is_the_steps_answer():
    s = load_lesson(seat_lesson(check="draws-last", **{"if": "bito"})).steps[0]
    assert (s.answer, s.check, s.bout_end) == (2, "draws-last", "bito")
    assert load_lesson(seat_lesson(check="draws-first", answer="P1", **{"if": "bito"})).steps[0].answer == 0


@pytest.mark.parametrize("step, field, problem", [
    ({"check": "draws-last", "if": "bito", "answer": "P2"}, "steps[0].answer",
     "the engine finds P3 for 'draws-last' (if bito), not P2"),
    ({"check": "draws-first", "if": "take", "answer": "P3"}, "steps[0].answer",
     "the engine finds P1 for 'draws-first' (if take), not P3"),
    ({"check": "next-defender", "if": "bito", "answer": "P1"}, "steps[0].answer",
     "the engine finds P3 for 'next-defender' (if bito), not P1"),
    ({"check": "draws-first"}, "steps[0].if", "missing: say how the bout ends"),
    ({"check": "draws-last", "if": "later"}, "steps[0].if", "missing: say how the bout ends"),
    ({"check": "leader", "if": "bito"}, "steps[0].if", "only a check about the end of the bout"),
    ({"check": "draws-first", "if": "bito", "position": EMPTY_TALON}, "steps[0].check", "the talon is empty"),
    ({"check": "draws-first", "if": "take", "position": {**POSITION, "moves": []}}, "steps[0].check",
     "the table is empty"),
])
def test_a_wrong_answer_or_a_missing_if_is_refused_where_it_is(step, field, problem):
    data = seat_lesson(**step)
    with pytest.raises(LessonError) as err:
        load_lesson(data)
    assert err.value.field == field and problem in err.value.problem


def test_a_wrong_seat_gets_a_sentence_then_the_hint_then_the_answer():
    s = load_lesson({**seat_lesson(check="draws-last", **{"if": "bito"}),
                     "steps": [{"kind": "seat", "text": "Who?", "position": POSITION, "check": "draws-last",
                                "if": "bito"}]}).steps[0]
    a = Attempt(s)
    v = a.answer("P2")
    assert not v.right and v.sentence == say("lesson-seat-draws-last", seat="P2") == "P2 does not draw last."
    v = a.answer("P1")
    assert v.hint == say("lesson-hint-seat-draws-last", hand=6)
    assert a.answer("P1").shown == "The answer is P3."


def test_the_hints_made_by_the_engine_fit_the_check():
    he = {**POSITION, "rules": "podkidnoy,draw_order=attack_order"}
    for check, pos, hint in [("draws-first", POSITION, say("lesson-hint-seat-draws-first", hand=6)),
                             ("draws-last", POSITION, say("lesson-hint-seat-draws-last", hand=6)),
                             ("next-defender", POSITION, say("lesson-hint-seat-next-defender")),
                             ("draws-last", he, say("lesson-hint-seat-draws-attack-order"))]:
        data = seat_lesson(check=check, position=pos, **{"if": "bito"})
        del data["steps"][0]["hint"]
        assert Attempt(load_lesson(data).steps[0]).hint_text() == hint


# ---------------------------------------------------------------- the drawing lesson and the tutorial

def test_the_drawing_lesson_checks_r19_with_the_engine_on_real_positions():
    L = lesson("drawing")
    r19 = [s for s in L.steps if s.is_exercise and "R19" in s.rules]
    assert len(r19) >= 6
    assert all(s.kind == "seat" and s.check in ("draws-first", "draws-last") for s in r19)
    assert all(s.position.talon and s.position.players in (3, 4) for s in r19)
    assert {s.bout_end for s in r19} == {"bito", "take"}
    # one exercise where the defender is not the last to draw, one after a take that skips the defender
    assert any(s.check == "draws-last" and s.answer != s.position.defender for s in r19 if s.bout_end == "bito")
    assert any(s.check == "draws-last" and s.answer != s.position.defender for s in r19 if s.bout_end == "take")
    # HE's order and the standard order give different answers on the same cards
    he = [s for s in r19 if s.position.rules.draw_order.value == "attack_order"]
    assert he
    same = [s for s in r19 if s.position.hands == he[0].position.hands and s is not he[0]]
    assert same and same[0].answer != he[0].answer
    assert not [s for s in L.steps if s.kind == "choice"]


def test_the_tutorials_end_of_bout_example_and_its_error_are_real():
    text = (REPO / "tutorials" / "writing_lessons.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```json\n(.*?)```", text, re.S) if "draws-last" in b)
    step = json.loads(block)
    lesson_data = {"format": "durak-lab-lesson/1", "id": "t", "title": "T", "summary": "T.", "steps": [step]}
    assert load_lesson(lesson_data).steps[0].answer == 2
    step["answer"] = "P2"
    with pytest.raises(LessonError) as err:
        load_lesson(lesson_data)
    quoted = re.search(r"with `(the engine finds [^`]*)`", text).group(1)
    assert err.value.problem == quoted
