"""Moves and their text form: canonical output, lenient input, typed errors."""

import pytest

from durak_lab.engine.cards import Card
from durak_lab.engine.errors import DurakError, MoveTextError
from durak_lab.engine.moves import (ATTACK, COVER, KINDS, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, attack, cover,
                             moves_text, parse_seat, pass_, seat_text, show, swap, take, transfer)


@pytest.mark.parametrize("text", [
    "P1 attack 7♥", "P4 attack 7♥ 7♣", "P1 cover 7♥ with 10♥", "P2 transfer 7♦", "P2 transfer 7♠ 7♦",
    "P3 show 7♠", "P1 take", "P6 pass", "P2 swap 6♥",
])
def test_canonical_text_round_trips(text):
    m = Move.parse(text)
    assert str(m) == text
    assert Move.parse(str(m)) == m
    assert repr(m) == f"Move.parse('{text}')"


@pytest.mark.parametrize("text,want", [
    ("p1 COVER 7h WITH th", "P1 cover 7♥ with 10♥"),
    ("P4 attack 7C 7H", "P4 attack 7♥ 7♣"),           # cards sorted by id
    ("P2 lead 🃇", "P2 attack 7♦"),
    ("P3 throw TD", "P3 attack 10♦"),
    ("P1 beat 6♢ with 9♢", "P1 cover 6♦ with 9♦"),
    ("  p2   TAKE  ", "P2 take"),
    ("P1 Transfer 7s 7d", "P1 transfer 7♠ 7♦"),
])
def test_lenient_input_gives_canonical_output(text, want):
    assert str(Move.parse(text)) == want


def test_move_fields_and_helpers():
    m = Move.parse("P1 cover 7♥ with 10♥")
    assert (m.kind, m.seat, m.cards, m.target, m.card) == (COVER, 0, (Card("10♥"),), Card("7♥"), Card("10♥"))
    assert attack(3, "7♣", "7♥") == Move.parse("P4 attack 7♥ 7♣") == Move(ATTACK, 3, (Card("7♥"), Card("7♣")))
    assert cover(1, "6♦", "10♦") == Move.parse("P2 cover 6♦ with 10♦")
    assert transfer(1, "7♦") == Move(TRANSFER, 1, (Card("7♦"),))
    assert show(1, "7♠") == Move(SHOW, 1, (Card("7♠"),))
    assert take(0) == Move(TAKE, 0) and take(0).card is None and take(0).target is None
    assert pass_(5) == Move(PASS, 5)
    assert swap(1, "6♥") == Move(SWAP, 1, (Card("6♥"),))
    assert moves_text([take(0), pass_(1)]) == "P1 take; P2 pass"
    assert KINDS[:7] == (ATTACK, COVER, TRANSFER, SHOW, TAKE, PASS, SWAP)  # new kinds only appended
    assert "choose" in KINDS[7:]  # the defender chooses the cards to beat (R13)
    assert "challenge" in KINDS[7:]  # pushing durak (R31)


def test_moves_are_hashable_values():
    assert len({Move.parse("P1 attack 7♥"), Move.parse("p1 attack 7h"), attack(0, "7♥")}) == 1
    assert Move.parse("P1 attack 7♥") != Move.parse("P2 attack 7♥")


def test_seats():
    assert seat_text(0) == "P1" and seat_text(5) == "P6"
    assert parse_seat("p4") == 3 and parse_seat(" P6 ") == 5
    for bad in ("P0", "P9", "Q1", "P", "1", "P-1", "P1.0"):  # P7, P8: seven and eight players (R2, R5)
        with pytest.raises(MoveTextError):
            parse_seat(bad)
    with pytest.raises(MoveTextError):
        parse_seat("P5", players=4)


@pytest.mark.parametrize("text,fragment", [
    ("", "seat and a verb"),
    ("P1", "seat and a verb"),
    ("P9 take", "not a seat"),
    ("P2 dance", "'dance' is not a move"),
    ("P1 take 7♥", "takes no cards"),
    ("P1 pass now", "takes no cards"),
    ("P1 cover 7♥ 10♥", "cover 7♥ with 10♥"),
    ("P1 cover 7♥ by 10♥", "cover 7♥ with 10♥"),
    ("P1 attack", "needs a card"),
    ("P1 show 7♠ 7♥", "exactly one card"),
    ("P1 swap 6♥ 6♦", "exactly one card"),
    ("P1 attack 7♥ 7h", "twice"),
    ("P1 attack X9", "'X9' is not a card"),
    ("P1 cover 7♥ with 1♥", "'1♥' is not a card"),
])
def test_bad_text_raises_movetexterror_naming_the_problem(text, fragment):
    with pytest.raises(MoveTextError) as info:
        Move.parse(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, DurakError)


def test_seat_beyond_the_player_count_is_rejected():
    assert Move.parse("P4 take", players=4).seat == 3
    with pytest.raises(MoveTextError):
        Move.parse("P5 take", players=4)


def test_non_text_is_rejected():
    with pytest.raises(MoveTextError):
        Move.parse(None)


@pytest.mark.parametrize("text", ["P² take", "P1² take", "P¹ pass"])
def test_non_decimal_digits_in_a_seat_raise_movetexterror(text):
    # str.isdigit() accepts superscripts that int() cannot read
    with pytest.raises(MoveTextError):
        Move.parse(text)
