"""The course's lessons: every one loads and validates, and every expected answer is legal or true by
the engine, re-checked here without the validator (R1 R3 R7 R11 R12 R17 R18 …).  Every wrong answer
of every exercise gets a learner's sentence, and the tries run: wrong, wrong + hint, answer shown."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lesson_helpers import assert_learner_sentence, wrong_answers  # noqa: E402

from durak_lab.engine.cards import SUIT_MASKS, Card, beats, cards_of  # noqa: E402
from durak_lab.engine.moves import ATTACK, CHALLENGE, COVER, Move  # noqa: E402
from durak_lab.engine.rules import Rules  # noqa: E402
from durak_lab.lessons import Attempt, answer_of, course, course_ids, lesson, load_lesson  # noqa: E402

COURSE = Path(__file__).resolve().parents[2] / "durak_lab" / "lessons" / "course"
#: Copies of the three seed lessons, so that the tests of particular sentences do not depend on the
#: course's files, which teachers edit.
FIXTURES = Path(__file__).resolve().parent / "fixtures"
LESSONS = course()
STEPS = [(L.id, s.index) for L in LESSONS for s in L.steps if s.is_exercise]


def step_of(lesson_id, index):
    return lesson(lesson_id).steps[index]


def seed_step(lesson_id, index):
    return load_lesson(FIXTURES / f"{lesson_id}.json").steps[index]


def test_the_course_lists_every_lesson_file_once():
    index = json.loads((COURSE / "course.json").read_text(encoding="utf-8"))
    files = sorted(p.stem for p in COURSE.glob("*.json") if p.name != "course.json")
    assert sorted(index["lessons"]) == files
    assert course_ids() == index["lessons"]
    assert len(set(index["lessons"])) == len(index["lessons"])


@pytest.mark.parametrize("name", sorted(p.name for p in COURSE.glob("*.json") if p.name != "course.json"))
def test_every_lesson_file_loads_and_validates(name):
    L = load_lesson(COURSE / name)
    assert L.id == name[:-5]
    assert L.title and L.summary and L.steps
    assert L.exercises == sum(1 for s in L.steps if s.is_exercise)


def test_the_seed_lessons_use_every_step_kind():
    kinds = {s.kind for p in FIXTURES.glob("*.json") for s in load_lesson(p).steps}
    assert kinds >= {"read", "move", "cards", "seat", "yes-no", "choice", "play"}


def _engine_cards(step):
    """The right cards of a cards step, computed here from the engine's basic queries."""
    p, s, check = step.position, step.seat, step.check
    if step.pick_from == "table":
        pool = cards_of(p.table_cards())
        if check == "uncovered":
            return {Card(a) for a, c, _, _ in p.table if c < 0}
        if check == "illegal":  # R12, R31: the uncovered cards the defender may send back in pushing durak
            return {c for c in pool if p.is_legal(Move(CHALLENGE, p.defender, (c,)))}
    else:
        pool = cards_of(p.hands[s])
    if isinstance(check, dict):
        x = Card(check["beats"])
        return {c for c in pool if beats(c, x, p.trump)}
    if check == "trumps":
        return {c for c in pool if c.suit == p.trump}
    if check == "throw-in":  # R12: any card whose attack is legal while cards lie on the table
        assert p.table
        return {c for c in pool if p.is_legal(Move(ATTACK, s, (c,)))}
    if check == "covers":  # R11
        return {c for c in pool if any(p.is_legal(Move(COVER, s, (c,), t)) for t in p.uncovered())}
    if check == "playable":
        return {c for c in pool if any(c in m.cards for m in p.legal_moves(s))}
    raise AssertionError(check)


def _next_with_cards(p, seat):
    n = p.players
    s = (seat + 1) % n
    while not p.hands[s] and not p.talon and s != seat:
        s = (s + 1) % n
    return s


def _draws_by_rule(step):
    """R19 by hand: the hand sizes after the bout, then leader, other attackers, defender, until the talon ends."""
    p = step.position
    n, d = p.players, p.defender
    count = [len(cards_of(h)) for h in p.hands]
    if step.bout_end == "take":
        count[d] += len(cards_of(p.table_cards()))
    else:
        count[d] -= len(p.uncovered())  # the covers still to come
    clockwise = [(p.leader + i) % n for i in range(n) if (p.leader + i) % n != d]
    first = [s for s in p.attack_order if s != d] if p.rules.draw_order.value == "attack_order" else []
    order = first + [s for s in clockwise if s not in first] + [d]
    talon, seats = len(p.talon), []
    for s in order:
        k = min(max(0, p.rules.hand_size - count[s]), talon)
        if k:
            seats.append(s)
            talon -= k
    return seats


def _engine_seat(step):
    p, check = step.position, step.check
    if check in ("draws-first", "draws-last"):
        seats = _draws_by_rule(step)
        return seats[0] if check == "draws-first" else seats[-1]
    if check == "next-defender":  # R17/R18: the next leader attacks the player on their left
        leader = p.defender if step.bout_end == "bito" else _next_with_cards(p, p.defender)
        return _next_with_cards(p, leader)
    if check == "to-act":
        return p.to_act()
    if check == "leader":
        return p.leader
    if check == "defender":
        return p.defender
    if check == "lowest-trump":  # R7: the holder of the lowest trump
        trumps = [(c, seat) for seat, h in enumerate(p.hands) for c in cards_of(h & SUIT_MASKS[p.trump])]
        return min(trumps, key=lambda t: t[0].rank)[1]
    if check == "next-leader":
        n = p.players
        if step.bout_end == "bito":  # R17: the defender leads next
            return p.defender
        seat = (p.defender + 1) % n  # R18: the defender loses the lead; the next player leads
        while not p.hands[seat] and seat != p.defender:
            seat = (seat + 1) % n
        return seat
    if check == "durak":
        return p.result[0]
    raise AssertionError(check)


@pytest.mark.parametrize("lesson_id,index", STEPS)
def test_every_expected_answer_is_legal_or_true_by_the_engine(lesson_id, index):
    step = step_of(lesson_id, index)
    raw = lesson(lesson_id).to_dict()["steps"][index]
    p = step.position
    if step.kind == "move":
        for text in raw.get("answers", []):
            m = Move.parse(text, p.players)
            assert p.is_legal(m) and m.seat == step.seat, text
        if step.accept == "legal":
            assert p.legal_moves(step.seat)
    elif step.kind == "cards":
        if step.check is not None:
            assert set(step.answer) == _engine_cards(step)
        if "answer" in raw:
            assert set(step.answer) == {Card(c) for c in raw["answer"]}
    elif step.kind == "seat":
        if step.check is not None:
            assert step.answer == _engine_seat(step)
        if "answer" in raw:
            assert step.answer == int(raw["answer"][1:]) - 1
    elif step.kind == "yes-no":
        assert step.answer == p.is_legal(step.move)
        if "answer" in raw:
            assert raw["answer"] is step.answer
    elif step.kind == "choice":
        assert step.answer in step.options
        if step.check is not None:
            rules = Rules.preset(raw.get("preset", "podkidnoy"), **({"players": raw["players"]} if "players" in raw
                                                                    else {}))
            field = {"hand": "hand_size"}.get(step.check["rules"], step.check["rules"])
            assert str(getattr(rules, field)) == step.answer


@pytest.mark.parametrize("lesson_id,index", STEPS)
def test_every_wrong_answer_gets_a_learner_sentence(lesson_id, index):
    step = step_of(lesson_id, index)
    wrong = wrong_answers(step)
    assert wrong, "every exercise has wrong answers to test"
    for value in wrong:
        a = Attempt(step)
        v = a.answer(value)
        assert not v.right, value
        assert_learner_sentence(v.sentence, f"{lesson_id} {step.where} {value}")
        assert v.counted or v.sentence.startswith("In this exercise")
    a = Attempt(step)
    assert_learner_sentence(a.hint_text(), f"{lesson_id} {step.where} hint")
    assert_learner_sentence(a.shown_text(), f"{lesson_id} {step.where} shown")
    v = a.answer(answer_of(step))
    assert v.right and v.done and a.solved
    assert_learner_sentence(v.sentence, f"{lesson_id} {step.where} right")
    if v.explain is not None:
        assert_learner_sentence(v.explain, f"{lesson_id} {step.where} explain")


@pytest.mark.parametrize("lesson_id,index", [(i, j) for i, j in STEPS if step_of(i, j).kind != "yes-no"])
def test_the_tries_wrong_then_hint_then_the_answer_shown(lesson_id, index):
    step = step_of(lesson_id, index)
    wrong = [w for w in wrong_answers(step) if not (step.kind == "move" and w.seat != step.seat)]
    a = Attempt(step)
    first = a.answer(wrong[0])
    assert (first.right, first.hint, first.shown, first.done) == (False, None, None, False)
    second = a.answer(wrong[-1])
    assert second.hint and second.shown is None and not second.done
    third = a.answer(wrong[0])
    assert third.shown and third.done and third.hint
    assert a.tries == 3 and not a.solved
    assert a.answer(answer_of(step)) is third  # done: the last verdict again


def test_a_yes_no_question_shows_its_answer_after_one_wrong_try():
    step = seed_step("covering", 4)  # may P2 cover the trump 9♥ with A♠? no (R11)
    a = Attempt(step)
    v = a.answer(True)
    assert not v.right and v.done and v.shown == "The answer is no: it is not allowed."
    assert v.sentence == "An ace is high, but A♠ is not a trump: only a higher trump beats 9♥."
    assert not a.solved


def test_an_illegal_move_gets_the_engines_reason_and_a_legal_one_its_feedback():
    step = seed_step("covering", 2)  # cover 7♦: 9♦ is right (R11)
    a = Attempt(step)
    v = a.answer("P2 cover 7♦ with 6♠")
    assert v.sentence == "6♠ does not beat 7♦: cover with a higher diamond or with a trump (a heart)."
    assert a.answer("P2 cover 7♦ with 8♥").sentence.startswith("8♥ beats it, but a trump is worth keeping")
    assert a.tries == 2


def test_an_unreadable_move_or_another_seat_does_not_count_as_a_try():
    step = seed_step("covering", 2)
    a = Attempt(step)
    v = a.answer("P2 dance")
    assert not v.counted and a.tries == 0
    assert_learner_sentence(v.sentence, "unreadable")
    v = a.answer("P1 attack 8♠")
    assert not v.counted and v.sentence == "In this exercise you play as P2."


def test_cards_a_wrong_pick_is_named_and_a_missed_card_counted():
    step = seed_step("covering", 1)  # beats 10♦: J♦ A♦ 6♥ (R11)
    a = Attempt(step)
    assert a.answer(["J♦", "9♦"]).sentence == "9♦ is a diamond, but it is lower than 10♦."
    assert a.answer(["J♦", "7♣"]).sentence == "7♣ does not beat 10♦: it is not a diamond and not a trump."
    b = Attempt(step)
    assert b.answer(["J♦", "A♦"]).sentence == "One more card beats 10♦."
    assert Attempt(step).answer(["J♦"]).sentence == "2 more cards beat 10♦."


def test_a_throw_in_pick_gets_the_engines_reason():
    step = seed_step("throwing-in", 1)  # 7♦/9♦ on the table: 7♣ and 9♠ may go in (R12)
    v = Attempt(step).answer(["7♣", "9♠", "K♣"])
    assert_learner_sentence(v.sentence, "throw-in")
    assert "K" in v.sentence


def test_seat_questions_next_leader_after_bito_and_after_a_take():
    bito, take = seed_step("throwing-in", 4), seed_step("throwing-in", 5)
    assert (bito.answer, take.answer) == (1, 2)  # R17: the defender; R18: the player after the defender
    assert Attempt(take).answer("P2").sentence == "A player who takes loses the lead: P2 does not lead next."
    assert Attempt(bito).answer(0).sentence == "P1 does not lead the next bout."


def test_R31_the_illegal_check_finds_the_pushed_card_and_none_under_normal_rules():
    from durak_lab.engine.records import load_example
    from durak_lab.lessons.compute import right_cards

    p = load_example("EX-HE-PUSH-HOUSE").game_after(3).position
    assert [str(c) for c in right_cards(p, 1, "illegal", "table")] == ["Q♦"]
    q = load_example("EX-HE-PUSH").game_after(2).position  # the normal rules: nothing illegal stands
    assert right_cards(q, 1, "illegal", "table") == ()
    assert "spot-the-illegal-card" in course_ids()
