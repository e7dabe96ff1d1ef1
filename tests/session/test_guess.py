"""Guess the move (durak_lab.session.guess) on the worked examples: each branch of the answer, the
illegal attempts the sources show (R12 in EX-HE-PUSH and EX-HE-SIMPLE), and the score."""

import re

import pytest

from durak_lab.engine.records import example_ids, load_example
from durak_lab.session.guess import GuessError, Guesses, Score, move_words, reason_words
from durak_lab.text.frames import frames_of
from durak_lab.text.messages import MESSAGES

from test_learner_sentences import check


def guesses(ex_id: str, viewer=None) -> Guesses:
    return Guesses(frames_of(load_example(ex_id)), viewer=viewer)


def labels(q) -> list:
    return [c.label for c in q.choices]


# ---------------------------------------------------------------- the questions
def test_zh_bout_asks_for_each_of_its_six_moves_at_the_frame_before_it():
    g = guesses("EX-ZH-BOUT")
    asked = {i: g.question(i) for i in range(13) if g.question(i)}
    assert sorted(asked) == [0, 1, 2, 3, 4, 5]  # after move 6 the bout ends by itself: events, no move
    assert [str(q.source) for q in asked.values()] == [
        "P4 attack 7♥", "P1 cover 7♥ with 10♥", "P2 attack 10♦", "P1 cover 10♦ with 8♠", "P3 attack 8♣",
        "P1 cover 8♣ with Q♣"]
    for i, q in asked.items():
        assert q.answer == i + 1 and q.step == i and not q.illegal
        assert q.source in [c.move for c in q.choices]
        assert all(c.legal for c in q.choices)
        # every legal move of the position, each once (R11 covers, R12 throw-ins, R15 take, R16 pass)
        assert sorted(map(str, (c.move for c in q.choices))) == sorted(map(str, q.position.legal_moves()))


def test_choices_are_grouped_by_player_in_seating_order_from_the_attacker():
    q = guesses("EX-ZH-BOUT").question(1)  # P4 led the 7♥ against P1
    assert [(seat, heading) for seat, heading, _ in q.groups] == [
        (3, "P4 (attacker)"), (0, "P1 (defender)"), (1, "P2"), (2, "P3")]
    assert [c.label for c in q.groups[1][2]] == [
        "P1 covers 7♥ with 8♠", "P1 covers 7♥ with 10♥", "P1 covers 7♥ with Q♥", "P1 takes the cards"]


def test_the_illegal_attempt_of_the_source_is_a_choice_where_the_source_shows_it():
    g = guesses("EX-HE-PUSH")
    q = g.question(2)
    assert q.illegal and str(q.source) == "P3 attack Q♦"
    assert [(c.label, c.legal) for c in q.choices if c.seat == 2] == [
        ("P3 throws in J♣", True), ("P3 throws in Q♦", False), ("P3 passes", True)]
    assert [c for c in g.question(1).choices if not c.legal] == []  # only at the attempt itself
    # EX-HE-SIMPLE: in simple durak P1 may not throw in at all, so the attempt is P1's only choice
    q = guesses("EX-HE-SIMPLE").question(8)
    assert [(seat, [c.label for c in group]) for seat, _, group in q.groups] == [
        (2, ["P3 covers 9♥ with A♥", "P3 takes the cards"]), (0, ["P1 throws in 9♠"])]


def test_nothing_to_guess_between_moves_and_at_the_end():
    g = guesses("EX-ZH-BOUT")
    assert g.question(6) is None and g.question(7) is None and g.question(12) is None
    assert g.question(-1) is None and g.question(99) is None
    with pytest.raises(GuessError):
        g.guess(7, "P1 take")
    with pytest.raises(GuessError):
        g.give_up(12)


def test_a_move_that_is_not_offered_is_a_typed_error_and_changes_nothing():
    g = guesses("EX-ZH-BOUT")
    with pytest.raises(GuessError, match="not one of the moves"):
        g.guess(0, "P1 take")
    assert g.tried(0) == () and g.total == 0


# ---------------------------------------------------------------- the answers
def test_the_source_move_is_right_and_shown():
    g = guesses("EX-ZH-BOUT")
    o = g.guess(0, "P4 attack 7♥")
    assert (o.kind, o.text, o.done, o.counted) == ("right", "Right: that is the move in the source.", True, True)
    assert g.answered(0) == "guessed" and g.score_text() == "1 of 1 guessed, 1 at the first try"
    assert g.score() == (1, 1, 1, 0) and g.results()[0].first_try


def test_another_legal_move_gets_a_second_try_then_the_source_move():
    g = guesses("EX-ZH-BOUT")
    first = g.guess(1, "P1 take")  # R15: allowed, but P1 covers in the source
    assert first.kind == "other" and not first.done and not first.counted
    assert first.text == MESSAGES["guess-other"]
    assert "the source plays" not in first.text  # the answer is not given away on the first try
    assert g.tried(1) == (first.move,)
    second = g.guess(1, "P1 cover 7♥ with Q♥")
    assert second.kind == "other" and second.done and second.counted
    assert second.text == "That move is allowed, but the source plays this: P1 covers 7♥ with 10♥."
    assert g.answered(1) == "shown" and g.score_text() == "0 of 1 guessed" and g.tried(1) == ()


def test_a_wrong_try_then_the_right_one_counts_as_guessed():
    g = guesses("EX-ZH-BOUT")
    g.guess(2, "P2 pass")
    o = g.guess(2, "P2 attack 10♦")
    assert o.kind == "right" and o.counted and g.score_text() == "1 of 1 guessed, 0 at the first try"
    assert g.score() == (1, 1, 0, 0) and g.results() == ((2, "guessed", 1),)


def test_the_same_wrong_move_twice_is_one_try():
    g = guesses("EX-ZH-BOUT")
    g.guess(1, "P1 take")
    assert not g.guess(1, "P1 take").done


def test_giving_up_names_the_source_move():
    g = guesses("EX-ZH-BOUT")
    assert g.give_up(0).text == "The source plays this: P4 leads 7♥."
    g.guess(1, "P4 pass")
    o = g.give_up(1)
    assert (o.kind, o.move, o.done, o.counted) == ("shown", None, True, True)
    assert o.text == "That move is allowed, but the source plays this: P1 covers 7♥ with 10♥."
    assert g.score_text() == "0 of 2 guessed"


def test_the_illegal_attempt_says_why_the_rules_reject_it():
    g = guesses("EX-HE-PUSH")
    o = g.guess(2, "P3 attack Q♦")
    assert o.kind == "illegal" and o.done and o.counted
    q = g.question(2)
    err = q.position.why_illegal(q.source)
    assert err.reason.value == "rank-not-on-table"  # R12: no Q is on the table
    why = reason_words(err)
    assert why and o.text == f"That move is not allowed: {why} {MESSAGES['guess-illegal-source']}"
    assert "Q" in why and "rank-not-on-table" not in o.text
    assert g.score_text() == "1 of 1 guessed, 1 at the first try"  # it is the source's move
    g = guesses("EX-HE-SIMPLE")
    o = g.guess(8, "P1 attack 9♠")
    q = g.question(8)
    assert q.position.why_illegal(q.source).reason.value == "no-throw-in"  # simple durak: R12 does not apply
    assert o.kind == "illegal" and reason_words(q.position.why_illegal(q.source)) in o.text
    assert "no-throw-in" not in o.text


def test_the_reason_is_the_engine_message_as_a_sentence_until_the_text_layer_words_it():
    err = guesses("EX-HE-PUSH").question(2).position.why_illegal("P3 attack Q♦")
    try:
        from durak_lab.text import learner_reason
    except ImportError:
        assert reason_words(err) == "No Q is on the table: throw in only ranks already there (7, J) (R12)."
    else:
        assert reason_words(err) == learner_reason(err)


def test_a_legal_move_where_the_source_tries_an_illegal_one():
    g = guesses("EX-HE-PUSH")
    assert g.guess(2, "P3 attack J♣").kind == "other"
    assert g.give_up(2).text == "That move is allowed, but the source plays this: P3 throws in Q♦."


# ---------------------------------------------------------------- the score
def test_the_score_counts_each_move_once():
    g = guesses("EX-ZH-BOUT")
    g.guess(0, "P4 attack 7♥")                      # guessed
    g.guess(1, "P1 take"); g.guess(1, "P4 pass")     # shown after two tries
    g.give_up(2)                                     # shown
    g.guess(3, "P1 cover 10♦ with 8♠")              # guessed
    g.guess(4, "P3 pass"); g.guess(4, "P3 attack 8♣")  # guessed on the second try
    assert (g.guessed, g.first_try, g.total) == (3, 2, 5)
    assert g.score_text() == "3 of 5 guessed, 2 at the first try"
    assert g.score() == Score(asked=5, guessed=3, first_try=2, shown=2)
    assert [(r.step, r.how, r.tries) for r in g.results()] == [
        (0, "guessed", 0), (1, "shown", 2), (2, "shown", 0), (3, "guessed", 0), (4, "guessed", 1)]
    again = g.guess(0, "P4 attack 7♥")  # back at the start, the same move again: not counted
    assert again.kind == "right" and not again.counted and MESSAGES["guess-again"] in again.text
    g.give_up(3)
    assert g.score_text() == "3 of 5 guessed, 2 at the first try"
    g.reset()
    assert g.score_text() == "Nothing guessed yet" and g.answered(0) is None


def test_three_wrong_tries_are_kept_apart_from_the_first_try_score():
    """Three moves guessed after one wrong try each, three at the first try: "6 of 6 guessed" said
    too little; the first-try score counts them apart."""
    g = guesses("EX-ZH-BOUT")
    g.guess(0, "P4 attack K♥"); g.guess(0, "P4 attack 7♥")
    g.guess(1, "P1 take"); g.guess(1, "P1 cover 7♥ with 10♥")
    g.guess(2, "P2 pass"); g.guess(2, "P2 attack 10♦")
    g.guess(3, "P1 cover 10♦ with 8♠")
    g.guess(4, "P3 attack 8♣")
    g.guess(5, "P1 cover 8♣ with Q♣")
    assert g.score() == Score(asked=6, guessed=6, first_try=3, shown=0)
    assert g.score_text() == "6 of 6 guessed, 3 at the first try"
    assert [r.first_try for r in g.results()] == [False, False, False, True, True, True]


def test_seen_by_a_seat_guesses_only_its_own_moves():
    g = guesses("EX-ZH-BOUT", viewer=0)  # P1: the defender
    assert g.question(0).groups == ()       # P4 leads: P1 cannot see P4's cards
    assert not g.give_up(0).counted and g.total == 0
    q = g.question(1)
    assert [seat for seat, _, _ in q.groups] == [0]
    assert g.guess(1, "P1 cover 7♥ with 10♥").kind == "right"


# ---------------------------------------------------------------- the words
@pytest.mark.parametrize("ex_id", example_ids())
def test_every_choice_and_answer_is_plain_words(ex_id):
    g = guesses(ex_id)
    frames = frames_of(load_example(ex_id))
    lines, words = [], []
    for i in range(len(frames)):
        q = g.question(i)
        if q is None:
            continue
        lines += [heading for _, heading, _ in q.groups] + labels(q)
        words += labels(q)
        for c in q.choices:
            lines.append(g.guess(i, c.move).text)
            g.reset()
        lines.append(g.give_up(i).text)
        assert move_words(q.position, q.source) in lines[-1]
    check(lines + [g.score_text()], ex_id)
    # the choices are plain words, not the move text of records ("P1 cover 7♦ with Q♦")
    assert not [label for label in words if re.match(r"P\d (attack|cover|take|pass|transfer|show|swap)\b", label)]
