"""Cards, card sets and the beating relation (R1, R11), checked by brute force."""

import pytest

from durak_lab.engine.cards import (BEATERS, CLUBS, DIAMONDS, HEARTS, RANK_MASKS, SPADES, SUIT_MASKS, SUITS,
                             Card, CardSet, beaters, beats, card, cards_of, deck_mask, iter_bits,
                             parse_suit, popcount, rank_of, rank_text, ranks_mask, same_ranks, suit_of)
from durak_lab.engine.errors import CardError, DurakError
from durak_lab.engine.rules import Rules


# ---------------------------------------------------------------- R1: the deck


def test_R1_deck_36_is_six_to_ace_in_four_suits():
    deck = cards_of(deck_mask(6))
    assert len(deck) == 36
    assert {c.rank for c in deck} == set(range(6, 15))
    assert {c.suit for c in deck} == {SPADES, HEARTS, DIAMONDS, CLUBS}
    assert CardSet(deck_mask(6)) == CardSet.parse(
        " ".join(f"{r}{s}" for s in "♠♥♦♣" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")))


def test_R1_deck_52_is_two_to_ace_and_contains_the_36():
    assert popcount(deck_mask(2)) == 52
    assert deck_mask(6) & ~deck_mask(2) == 0
    assert {c.rank for c in cards_of(deck_mask(2))} == set(range(2, 15))


@pytest.mark.parametrize("size", range(20, 53, 4))
def test_R1_every_deck_size_matches_the_rules_lowest_rank(size):
    r = Rules(deck=size)
    m = deck_mask(r.lowest_rank)
    assert popcount(m) == size
    assert min(rank_of(c) for c in iter_bits(m)) == r.lowest_rank == 15 - size // 4
    assert max(rank_of(c) for c in iter_bits(m)) == 14


def test_R1_deck_mask_rejects_a_non_rank():
    for bad in (1, 15):
        with pytest.raises(CardError):
            deck_mask(bad)


def test_R1_ace_is_high_and_the_lowest_rank_low():
    assert beats(Card("A♦"), Card("K♦"), SPADES)
    assert not beats(Card("6♦"), Card("A♦"), SPADES)
    assert beats(Card("3♦"), Card("2♦"), SPADES)


# ---------------------------------------------------------------- Card


@pytest.mark.parametrize("text", ["10D", "10d", "TD", "td", "10♦", "10♢", "🃊", " 10♦ ", "10♦\ufe0f"])
def test_card_parses_every_spelling_of_ten_of_diamonds(text):
    c = Card.parse(text)
    assert c is Card("10♦")
    assert str(c) == "10♦" and repr(c) == "Card('10♦')"
    assert c.text(ascii=True) == "TD"


@pytest.mark.parametrize("text,want", [("AS", "A♠"), ("qh", "Q♥"), ("kc", "K♣"), ("jD", "J♦"),
                                       ("2♤", "2♠"), ("9♧", "9♣"), ("🂡", "A♠"), ("🂾", "K♥"),
                                       ("🃝", "Q♣"), ("🃇", "7♦"), ("🂫", "J♠")])
def test_card_parses_letters_hollow_suits_and_glyphs(text, want):
    assert str(Card.parse(text)) == want


@pytest.mark.parametrize("text", ["", " ", "X9", "1♦", "11D", "10", "♦", "10X", "🃠", "🂬", "10♦♦", "AA"])
def test_card_parse_rejects_bad_text_quoting_it(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, DurakError)


@pytest.mark.parametrize("value", [54, -1, True, 3.0, None])  # 52, 53: the jokers (doker)
def test_card_rejects_bad_ids(value):
    with pytest.raises(CardError):
        Card(value)


def test_card_parse_rejects_non_text():
    with pytest.raises(CardError):
        Card.parse(7)


def test_card_ids_rank_suit_and_names():
    c = Card("Q♥")
    assert int(c) == HEARTS * 13 + 12 - 2
    assert c.rank == 12 and c.suit == HEARTS
    assert rank_of(c) == 12 and suit_of(c) == HEARTS
    assert c.name == "queen of hearts" and Card("10♦").name == "10 of diamonds"
    assert c.mask == 1 << int(c)
    assert Card(int(c)) is c and Card(c) is c and card("QH") is c
    assert f"{c:>4}" == "  Q♥"
    assert rank_text(10) == "10" and rank_text(14) == "A"


def test_every_card_round_trips_through_both_text_forms():
    for i in range(52):
        c = Card(i)
        assert Card.parse(str(c)) is c
        assert Card.parse(c.text(ascii=True)) is c


def test_parse_suit_accepts_symbols_letters_and_hollow_symbols():
    for text, suit in [("♠", SPADES), ("s", SPADES), ("♡", HEARTS), ("H", HEARTS), ("♢", DIAMONDS),
                       ("d", DIAMONDS), ("♧", CLUBS), ("C", CLUBS)]:
        assert parse_suit(text) == suit
    with pytest.raises(CardError):
        parse_suit("X")


# ---------------------------------------------------------------- R11: who beats whom


def _naive_beats(cover, attack, trump):
    if cover.suit == attack.suit:
        return cover.rank > attack.rank
    return cover.suit == trump


def test_R11_beats_agrees_with_the_rule_for_every_pair_and_trump():
    for trump in SUITS:
        for a in range(52):
            want = 0
            for c in range(52):
                ok = _naive_beats(Card(c), Card(a), trump)
                assert beats(c, a, trump) is ok
                if ok:
                    want |= 1 << c
            # the jokers (doker, R1) beat every card besides: "הג'וקר שורף כל קלף"
            assert beaters(a, trump) == BEATERS[trump][a] == want | 3 << 52


def test_R11_trump_covered_only_by_higher_trump():
    assert CardSet(beaters(Card("Q♠"), SPADES) & deck_mask(2)) == CardSet.parse("K♠ A♠")
    assert not beats(Card("A♥"), Card("6♠"), SPADES)
    assert not beats(Card("6♠"), Card("7♠"), SPADES)


def test_R11_any_trump_beats_a_non_trump():
    assert beats(Card("6♠"), Card("A♦"), SPADES)
    assert CardSet(beaters(Card("K♦"), SPADES) & deck_mask(2)) == CardSet(SUIT_MASKS[SPADES]) | CardSet.parse("A♦")


def test_R11_other_non_trump_suit_never_beats():
    assert not beats(Card("A♣"), Card("6♦"), SPADES)


# ---------------------------------------------------------------- masks


def test_mask_helpers():
    assert list(iter_bits(0)) == [] and list(iter_bits(0b1011)) == [0, 1, 3]
    assert popcount(0) == 0 and popcount(deck_mask(2)) == 52
    assert popcount(RANK_MASKS[7]) == 4 and popcount(SUIT_MASKS[CLUBS]) == 13
    m = CardSet.parse("7♥ 9♣").mask
    assert CardSet(ranks_mask(m)) == CardSet.parse("7♠ 7♥ 7♦ 7♣ 9♠ 9♥ 9♦ 9♣")
    assert same_ranks(m) == (1 << 5) | (1 << 7)
    assert cards_of(CardSet.parse("A♣ 6♠").mask) == [Card("6♠"), Card("A♣")]


# ---------------------------------------------------------------- CardSet


def test_cardset_parse_print_and_round_trip():
    cs = CardSet.parse("Q♦, 7h  6S")
    assert str(cs) == "6♠ 7♥ Q♦" and repr(cs) == "CardSet('6♠ 7♥ Q♦')"
    assert CardSet.parse(str(cs)) == cs
    assert CardSet(str(cs)) == cs and CardSet(cs) == cs and CardSet(["6♠", 18, Card("Q♦")]) == cs
    assert list(cs) == [Card("6♠"), Card("7♥"), Card("Q♦")]
    assert CardSet.parse("") == CardSet() and not CardSet() and len(CardSet()) == 0


def test_cardset_set_operations_and_queries():
    a, b = CardSet.parse("6♠ 7♥"), CardSet.parse("7♥ Q♦")
    assert a | b == CardSet.parse("6♠ 7♥ Q♦")
    assert a & b == CardSet.parse("7♥")
    assert a - b == CardSet.parse("6♠")
    assert "7♥" in a and Card("6♠") in a and "Q♦" not in a and 99 not in a and None not in a
    assert CardSet.parse("6♠ 7♥ Q♠").of_suit(SPADES) == CardSet.parse("6♠ Q♠")
    assert (a == "6♠ 7♥") is False  # only card sets compare equal


def test_cardset_is_an_immutable_hashable_value():
    a = CardSet.parse("6♠ 7♥")
    with pytest.raises(AttributeError):
        a.mask = 0
    assert hash(a) == hash(CardSet.parse("7h 6s"))
    assert len({a, CardSet.parse("7♥ 6♠")}) == 1


def test_cardset_rejects_a_card_twice_and_bad_masks():
    with pytest.raises(CardError) as info:
        CardSet.parse("10♦ TD")
    assert "'TD'" in str(info.value)
    for bad in (-1, 1 << 54):  # bits 52, 53: the jokers (doker)
        with pytest.raises(CardError):
            CardSet(bad)
    with pytest.raises(CardError):
        CardSet.parse("6♠ X")
