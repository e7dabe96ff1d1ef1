"""What a person types at the table, read as a move (durak_lab.session.shorthand)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_lab.engine.errors import IllegalMoveError, MoveTextError, Reason
from durak_lab.engine.moves import COVER, TRANSFER, Move
from durak_lab.engine.state import Position
from durak_lab.session import PlaySession
from durak_lab.session.shorthand import card_letters, read_move, short_form

from helpers import assert_sentence, configs, rules, seeds, start


def read(text: str, p: Position, seat: int | None = None) -> str:
    """``text`` read for ``seat`` (default: the seat to act), as the move text."""
    return str(read_move(text, p.view(p.to_act() if seat is None else seat)))


def refused(text: str, p: Position, seat: int | None = None) -> str:
    """The reason ``text`` fits no move, checked to be one plain line."""
    with pytest.raises(MoveTextError) as info:
        read(text, p, seat)
    message = str(info.value)
    assert_sentence(message)
    return message


# Trump ♥; P1 leads; P2 holds two spades, a trump, a club.
TWO = ["7♠ 7♣ 9♦ 10♦", "9♠ K♠ 8♥ J♣ 6♦"]


def two(**kw) -> Position:
    return start(rules(players=2), TWO, trump="♥", first_bout=False, **kw)


# ---------------------------------------------------------------- leads and throw-ins
@pytest.mark.parametrize("text", ["7s", "7S", "7♠", "7♤", " 7s "])
def test_a_card_is_a_lead(text):
    assert read(text, two()) == "P1 attack 7♠"


@pytest.mark.parametrize("text", ["10d", "TD", "td", "10♦", "attack 10d", "lead 10d", "P1 attack 10♦", "p1 ATTACK td"])
def test_every_spelling_of_a_ten_and_the_full_text(text):
    assert read(text, two()) == "P1 attack 10♦"


def test_a_card_is_a_throw_in_once_the_bout_has_begun():
    p = two().play("P1 attack 7♠").play("P2 cover 7♠ with 9♠")
    assert read("7c", p) == "P1 attack 7♣"
    assert read("throw in 7c", p) == read("throw 7c", p) == "P1 attack 7♣"
    assert read("pass", p) == read("done", p) == read("DONE", p) == "P1 pass"


def test_several_cards_of_one_rank_lead_together():
    p = start(rules("simple", players=2), TWO, trump="♥", first_bout=False)
    assert read("7s 7c", p) == read("7c, 7s", p) == read("attack 7s 7c", p) == "P1 attack 7♠ 7♣"
    # two ranks: the engine says why not
    move = read_move("7s 9d", p.view(0))
    assert move == Move.parse("P1 attack 7♠ 9♦")
    assert p.why_illegal(move).reason is Reason.MIXED_RANKS


# ---------------------------------------------------------------- covering
def test_a_defender_covers_the_only_card_the_card_can_cover():
    p = two().play("P1 attack 7♠")
    assert read("9s", p) == "P2 cover 7♠ with 9♠"
    assert read("ks", p) == "P2 cover 7♠ with K♠"
    assert read("8h", p) == "P2 cover 7♠ with 8♥"
    assert read("take", p) == "P2 take"


def test_a_card_that_beats_nothing_is_the_cover_of_the_only_card_and_the_engine_says_why():
    p = two().play("P1 attack 7♠")
    move = read_move("jc", p.view(1))
    assert move == Move.parse("P2 cover 7♠ with J♣")
    assert p.why_illegal(move).message == "J♣ does not beat 7♠: cover with a higher spade or a trump (♥)"
    move = read_move("as", p.view(1))  # not in the hand
    assert p.why_illegal(move).reason is Reason.NOT_IN_HAND


def three_uncovered() -> Position:
    """P2 defends against 7♠ and 7♣ (P3 threw in), trump ♥."""
    p = start(rules(players=3), ["7♠ 9♦ 10♦", "9♠ K♠ 8♥ J♣ 6♦", "7♣ Q♦ A♦"], trump="♥", first_bout=False)
    return p.play("P1 attack 7♠").play("P3 attack 7♣")


def test_one_card_that_could_cover_two_cards_names_them_and_the_way_to_write_it():
    p = three_uncovered()
    assert p.to_act() == 1
    assert refused("8h", p) == "8h could cover 7♠ or 7♣: write '8h on 7♣'"
    assert refused("8♥", p) == "8♥ could cover 7♠ or 7♣: write '8♥ on 7♣'"
    assert read("8h on 7c", p) == read("7c 8h", p) == read("8h 7c", p) == "P2 cover 7♣ with 8♥"
    assert read("8h on 7s", p) == read("7s 8h", p) == "P2 cover 7♠ with 8♥"
    assert read("9s", p) == "P2 cover 7♠ with 9♠"
    assert read("jc", p) == "P2 cover 7♣ with J♣"


def test_the_long_forms_of_a_cover():
    p = three_uncovered()
    for text in ("cover 7c with 8h", "COVER 7♣ WITH 8♥", "beat 7c with 8h", "7c with 8h", "P2 cover 7♣ with 8♥",
                 "p2 beat 7c with 8h"):
        assert read(text, p) == "P2 cover 7♣ with 8♥", text


def test_a_card_that_beats_none_of_several_cards_says_so():
    p = three_uncovered()
    assert refused("6d", p) == "6d beats none of the cards to cover (7♠ 7♣)"


def perevodnoy() -> Position:
    """P2 defends against 7♠ in the transfer game: 7♦ transfers, 8♥ (trump) covers, 7♥ does both."""
    return start(rules("perevodnoy", players=3), ["7♠ 9♦", "7♦ 7♥ 8♥ J♣", "Q♦ A♦ 10♠"], trump="♥",
                 first_bout=False).play("P1 attack 7♠")


def test_a_card_of_the_attack_rank_transfers_when_that_is_its_only_reading():
    p = perevodnoy()
    assert read("7d", p) == read("transfer 7d", p) == "P2 transfer 7♦"
    assert read("8h", p) == "P2 cover 7♠ with 8♥"
    assert read("show 7h", p) == "P2 show 7♥"


def test_a_card_that_covers_or_transfers_asks_which():
    p = perevodnoy()
    assert refused("7h", p) == "7h could cover 7♠, or transfer the attack: write '7h on 7♠' or 'transfer 7h'"
    assert read("7h on 7s", p) == "P2 cover 7♠ with 7♥"
    assert read("transfer 7h", p) == "P2 transfer 7♥"


def test_two_cards_of_the_attack_rank_transfer_together():
    p = start(rules("finnish", players=3), ["7♠ 9♦", "7♦ 7♣ 8♥ J♣", "Q♦ A♦ 10♠ 2♣"], trump="♥",
              first_bout=False).play("P1 attack 7♠")
    assert read("7d 7c", p) == "P2 transfer 7♦ 7♣"


def test_a_transfer_the_rules_forbid_is_left_for_the_engine_to_explain():
    # 7♦ cannot cover 7♠, so it means the transfer; P3 holds one card, too few for two attack cards (R22)
    p = start(rules("perevodnoy", players=3), ["7♠ 9♦", "7♦ 8♥ J♣", "Q♦"], trump="♥",
              first_bout=False).play("P1 attack 7♠")
    move = read_move("7d", p.view(1))
    assert move == Move.parse("P2 transfer 7♦")
    assert p.why_illegal(move).reason is Reason.TRANSFER_NEXT_TOO_FEW


def test_the_partner_in_the_pairs_game_covers_with_a_short_form_too():
    p = start(rules("pairs"), ["7♠ 9♦", "8♠ 6♦", "A♦ 6♣", "9♠ J♣"], trump="♥", first_bout=False)
    p = p.play("P1 attack 7♠")
    assert p.to_act() == 1 and read("8s", p) == "P2 cover 7♠ with 8♠"
    assert read("pass", p) == "P2 pass"  # the defender leaves it to partner P4
    p = p.play("P2 pass")
    assert p.to_act() == 3 and read("9s", p) == "P4 cover 7♠ with 9♠"


def test_swap_is_the_lowest_trump_for_the_trump_card():
    r = rules(players=2, trump_swap="ace")
    p = Position.start(r, ["6♥ 7♠", "9♠ K♠"], talon=["Q♣", "A♥"], trump_card="A♥", discard="rest")
    assert p.to_act() == 0
    assert read("swap", p) == read("swap 6h", p) == "P1 swap 6♥"
    assert read("pass", p) == "P1 pass"


# ---------------------------------------------------------------- what fits no move
@pytest.mark.parametrize("text, why", [
    ("", "type a move, or help to see how"),
    ("   ", "type a move, or help to see how"),
    ("dance", "'dance' is not a card or a move: write a card like 7h, or take, pass or help"),
    ("go", "'go' is not a card or a move: write a card like 7h, or take, pass or help"),
    ("7x", "'7x' is not a card: write a rank (2-10, J, Q, K, A) and a suit (s h d c or ♠ ♥ ♦ ♣), like 7h or 10♦"),
    ("take 7s", "'take' needs no card: write just take"),
    ("pass now", "'pass' needs no card: write just pass"),
    ("transfer", "'transfer' needs a card, like 'transfer 7h'"),
    ("show", "'show' needs a card, like 'show 7h'"),
    ("show 7s 7c", "'show' takes one card, like 'show 7h'"),
    ("attack", "'attack' needs a card, like 'attack 7h'"),
    ("cover 7s", "write a cover as '9h on 7h' or 'cover 7h with 9h'"),
    ("7s 7s", "a card appears twice"),
])
def test_a_line_that_fits_no_move_says_what_is_wrong(text, why):
    assert refused(text, two()) == why


def test_a_defenders_pair_must_name_one_card_on_the_table():
    p = three_uncovered()
    assert refused("8h ks", p) == "neither 8h nor ks is on the table: write your card on the card it covers, " \
                                  "like '9♠ on 7♠'"
    assert refused("7s 7c", p) == "7s and 7c are both on the table: write your card on the card it covers, " \
                                  "like '9♠ on 7♠'"
    assert refused("8h 9s ks", p) == "cover one card at a time, like '9h on 7h'"


def test_a_full_move_text_that_is_wrong_says_so():
    p = two()
    message = refused("P1 atack 7s", p)
    assert "'atack' is not a move" in message
    assert refused("P9 take", p).startswith("'P9 take': ")


# ---------------------------------------------------------------- the session reads short forms
def test_the_session_reads_and_plays_short_forms():
    s = PlaySession(rules(players=2), ["human", "tips"], seed=6)
    s.run_bots()
    assert s.position.table_text() == "7♠"
    assert str(s.read("ks")) == "P1 cover 7♠ with K♠"
    with pytest.raises(IllegalMoveError) as info:
        s.play("7c")
    assert info.value.reason is Reason.DOES_NOT_BEAT
    said = s.play("ks")
    assert said[0] == "P1 covers 7♠ with K♠ (a higher spade)."


def test_card_letters():
    assert [card_letters(c) for c in read_move("7s 7c", two().view(0)).cards] == ["7s", "7c"]


# ---------------------------------------------------------------- every legal move, both ways
@st.composite
def positions(draw) -> Position:
    """A position of a seeded game after some random sequential moves, still going on."""
    preset, n = draw(configs)
    seed = draw(seeds)
    steps = draw(st.integers(min_value=0, max_value=80))
    rng = random.Random(seed)
    p = Position.deal(rules(preset, players=n), seed)
    for _ in range(steps):
        moves = p.sequential_moves()
        nxt = p.play_unchecked(moves[rng.randrange(len(moves))])
        if nxt.is_over:
            break
        p = nxt
    return p


@settings(max_examples=60, deadline=None)
@given(positions())
def test_every_legal_move_reads_back_from_its_text_and_its_shortest_form(p):
    view = p.view(p.to_act())
    assert list(view.legal) == p.sequential_moves()
    for m in view.legal:
        assert read_move(str(m), view) == m
        short = short_form(m, view)
        assert read_move(short, view) == m, (short, str(m))
        letters = short_form(m, view, letters=True)
        assert read_move(letters, view) == m, (letters, str(m))
        assert len(short) <= len(str(m))
        if m.kind == COVER:
            # the bare card exactly when no other legal move reads from it
            readings = [x for x in view.legal if (x.kind == COVER and x.cards[0] == m.cards[0])
                        or (x.kind == TRANSFER and x.cards == m.cards)]
            assert (short == str(m.cards[0])) == (len(readings) == 1), (short, str(m))


@settings(max_examples=60, deadline=None)
@given(positions(), st.text(alphabet="7kqjat10shdcp2 ♠♥♦♣onwithakeps,", max_size=20))
def test_any_line_is_a_move_or_a_plain_reason(p, text):
    try:
        move = read_move(text, p.view(p.to_act()))
    except MoveTextError as err:
        assert "\n" not in str(err) and str(err).strip()
        assert "None" not in str(err) and "Card(" not in str(err)
    else:
        assert isinstance(move, Move)
