"""Seven and eight players (R2, R5, HE "ריבוי שחקנים") and doker (HE "דוקר"): 52 cards and two jokers.

HE: "במקרים בהם משתתפים במשחק יותר משישה שחקנים, ניתן להוסיף את הקלפים בדרגות הנמוכות משש"
(with more than six players, add the ranks below six).  Doker: "יש את כל הקלפים כולל הג'וקר כך
שמספר השחקנים המרבי הוא שמונה" (all the cards, the joker included, so up to eight players);
"הג'וקר שורף כל קלף" (the joker burns any card); "משולבים חוקי דוראק העברות המיוחד והרגיל"
(transfers, normal and special).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_lab.bots import RandomBot, TipsBot
from durak_lab.bots.tournament import play_game
from durak_lab.engine.cards import JOKER_MASK, SPADES, Card, CardSet, beats, popcount
from durak_lab.engine.errors import IllegalMoveError, PositionError, Reason, RulesError
from durak_lab.engine.game import Game
from durak_lab.engine.kernel import KernelUnsupported, check_rules
from durak_lab.engine.moves import Move, parse_seat
from durak_lab.engine.records import load_record, record_from_game
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from helpers import start


# ---------------------------------------------------------------- R2, R5: seven and eight players
def test_R2_R5_eight_players_use_48_cards_of_52_leaving_a_4_card_talon():
    p = Position.deal(Rules(deck=52, players=8), seed=1)
    assert [popcount(h) for h in p.hands] == [6] * 8
    assert len(p.talon) == 4 and p.talon[-1] == p.trump_card
    assert p.card_count() == 52


def test_R5_seven_players_on_36_cards_name_the_fix():
    with pytest.raises(RulesError, match=r"^deck: 36 .*7 hands of 6 need 42 cards.*\(R5\): use deck=44, 48 or 52$"):
        Rules.preset("podkidnoy", players=7)
    assert Rules.preset("podkidnoy", players=7, deck=44).has_talon


def test_R5_eight_players_on_48_cards_have_no_talon_and_the_dealer_shows_trump():
    p = Position.deal(Rules(deck=48, players=8), seed=3)
    assert p.talon == () and p.trump_card == -1
    shown = CardSet(p.known[7])
    assert len(shown) == 1 and next(iter(shown)).suit == p.trump


def test_R2_nine_players_are_refused():
    with pytest.raises(RulesError, match=r"2 to 8 players \(R2, R5\)"):
        Rules(deck=52, players=9)


def test_R2_seat_P8_parses_and_P9_does_not():
    assert parse_seat("P8") == 7 and parse_seat("p7") == 6
    assert Move.parse("P8 attack 2♣") == Move.parse("p8 attack 2c", 8)
    with pytest.raises(ValueError, match="P1 to P8"):
        parse_seat("P9")


def test_R5_a_game_of_eight_is_played_and_its_record_round_trips():
    r = Rules.preset("podkidnoy", players=8, deck=52)
    res = play_game(r, [TipsBot()] * 4 + [RandomBot()] * 4, seed=5)
    assert not res.unfinished
    g = Game.deal(r, 5)
    for m in res.moves:
        g.play(m)
    rec = record_from_game(g, preset="podkidnoy", seed=5)
    assert load_record(rec.dump()) == rec


# ---------------------------------------------------------------- doker: the cards
def test_doker_preset_has_54_cards_transfers_and_up_to_eight_players():
    r = Rules.preset("doker", players=8)
    assert (r.deck, r.jokers, r.transfer, r.transfer_by_show, r.hand_size) == (52, 2, True, True, 6)
    assert popcount(r.all_cards) == 54
    p = Position.deal(r, seed=2)
    assert len(p.talon) == 6 and p.card_count() == 54


@pytest.mark.parametrize("text,card", [("JK", 52), ("Joker", 52), ("🃏", 52), ("BJ", 52), ("rj", 53),
                                       ("🂿", 53), ("JK2", 53)])
def test_doker_joker_spellings(text, card):
    assert Card.parse(text) == card


def test_doker_cardset_round_trips_with_jokers():
    s = CardSet.parse("JK JK 2♠ A♥")
    assert str(s) == "2♠ A♥ BJ RJ" and CardSet.parse(str(s)) == s
    assert Card(52).name == "black joker" and Card(53).text(ascii=True) == "RJ"
    assert CardSet(JOKER_MASK) == CardSet.parse("BJ RJ")


def test_doker_a_joker_beats_the_trump_ace_and_nothing_but_a_joker_beats_a_joker():
    assert beats(Card("JK"), Card("A♠"), trump=SPADES)
    assert not beats(Card("A♠"), Card("BJ"), trump=SPADES)
    assert beats(Card("RJ"), Card("BJ"), trump=SPADES)


def _doker(n=2):
    return Rules.preset("doker", players=n)


def test_doker_the_joker_covers_the_trump_ace_in_play():
    p = start(_doker(), ["A♠ A♥", "BJ 3♦"], trump="♠", attacker=0)
    q = p.play("P1 attack A♠").play("P2 cover A♠ with BJ")
    assert q.table_text() == "A♠/BJ"


def test_doker_a_led_joker_is_covered_only_by_the_other_joker_and_nothing_is_thrown_in_on_it():
    p = start(_doker(3), ["BJ 2♠", "A♠ K♠", "RJ 5♦"], trump="♠", attacker=0)
    q = p.play("P1 attack BJ")
    with pytest.raises(IllegalMoveError) as info:
        q.play("P2 cover BJ with A♠")
    assert info.value.reason is Reason.DOES_NOT_BEAT and q.table_text() == "BJ"
    assert {str(m) for m in q.legal_moves(1)} == {"P2 take"}          # no transfer on a joker (R20)
    assert not any(m.kind == "attack" for m in q.legal_moves(2))       # a joker has no rank to match (R12)
    r = start(_doker(3), ["BJ 2♠", "RJ K♠", "A♠ 5♦"], trump="♠", attacker=0).play("P1 attack BJ")
    assert "P2 cover BJ with RJ" in {str(m) for m in r.legal_moves(1)}


def test_doker_a_joker_is_not_a_trump_for_the_first_lead_R7():
    p = start(_doker(), ["BJ RJ 9♥", "7♠ 3♦"], trump="♠", attacker=None)
    assert p.leader == 1


def test_doker_a_joker_is_never_the_trump_card():
    r = _doker(2)
    for seed in range(300):
        p = Position.deal(r, seed)
        assert 0 <= p.trump_card < 52 and p.trump_card == p.talon[-1]
    with pytest.raises(PositionError, match="joker"):
        start(r, ["A♠", "2♠"], talon=["BJ"], trump_card="BJ")


@pytest.mark.parametrize("n", range(2, 9))
def test_doker_random_bots_play_whole_games_and_every_record_round_trips(n):
    r = _doker(n)
    for seed in range(3):
        res = play_game(r, [RandomBot()] * n, seed)
        assert not res.unfinished and res.losers is not None
        g = Game.deal(r, seed)
        for m in res.moves:
            g.play(m)
        rec = record_from_game(g, preset="doker", seed=seed)
        back = load_record(rec.dump())
        assert back == rec and back.game_after(len(rec)).position == g.position


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8))
def test_doker_property_cards_conserved_and_jokers_always_move_legally(seed, n):
    rng = random.Random(seed)
    p = Position.deal(_doker(n), seed)
    while p.result is None:
        assert p.card_count() == 54
        moves = p.sequential_moves()
        assert moves
        for m in moves:
            assert p.why_illegal(m) is None
            if m.kind in ("transfer", "show"):
                assert all(c < 52 for c in m.cards)
        p = p.play(moves[rng.randrange(len(moves))])


# ---------------------------------------------------------------- the lean kernel refuses
@pytest.mark.parametrize("rules,word", [(Rules(deck=52, players=7), "players=7"),
                                        (Rules(deck=52, jokers=2), "jokers=2")])
def test_R5_doker_the_kernel_refuses_seven_players_and_jokers(rules, word):
    with pytest.raises(KernelUnsupported, match=word):
        check_rules(rules)


def test_doker_R5_a_talon_of_jokers_only_has_no_trump_card_and_the_dealer_shows_trump():
    r = Rules(players=6, jokers=1)   # 36 cards and a joker: the talon is that one card
    for seed in range(50):
        p = Position.deal(r, seed)
        if p.talon == (52,):
            break
    else:
        raise AssertionError("no deal of 50 left the joker in the talon")
    assert p.trump_card == -1 and 0 <= p.trump < 4
    assert any(c.suit == p.trump for c in CardSet(p.known[5]))   # the dealer's shown card (R5)
    assert Position.parse(str(p)) == p


# ---------------------------------------------------------------- doker's house rules of a take
def test_R18_take_unbeaten_doker_the_beaten_pairs_are_burned_and_the_rest_picked_up():
    """HE doker: "הוא יכול לקחת רק מה שהוא לא שרף וקלפים נוספים" (he can take only what he did not
    burn, and further cards): the covered pair goes to the discard, the defender takes the rest."""
    r = _doker(3)
    assert r.take_unbeaten and Rules.field_rule("take_unbeaten") == "R18"
    assert "לקחת רק מה שהוא לא שרף" in Rules.field_doc("take_unbeaten")
    assert not Rules().take_unbeaten and not Rules.preset("classic").take_unbeaten
    p = start(r, ["7♦ J♣ 2♠", "J♦ 4♥ 8♣", "10♥ 5♣"], trump="♠", attacker=0)
    p = p.play("P1 attack 7♦").play("P2 cover 7♦ with J♦").play("P1 attack J♣")
    q, events = p.play_events("P2 take")
    while q.table and q.result is None:  # the attackers pass: the pickup (R18)
        q, more = q.play_events(f"P{q.to_act() + 1} pass")
        events += more
    kinds = [(e.kind, " ".join(str(c) for c in e.cards)) for e in events]
    assert ("bito", "7♦ J♦") in kinds and ("pickup", "J♣") in kinds
    assert q.hand(1) == CardSet.parse("J♣ 4♥ 8♣")
    assert Card("7♦") in CardSet(q.discard) and Card("J♦") in CardSet(q.discard)
    assert q.card_count() == 54 and q.leader == 2  # the taker still loses the lead (R18)
    # the normal rules: he picks up all three
    plain = start(Rules.preset("doker", players=3, take_unbeaten=False, forced_take=False),
                  ["7♦ J♣ 2♠", "J♦ 4♥ 8♣", "10♥ 5♣"], trump="♠", attacker=0)
    plain = plain.play("P1 attack 7♦").play("P2 cover 7♦ with J♦").play("P1 attack J♣").play("P2 take")
    while plain.table and plain.result is None:
        plain = plain.play(f"P{plain.to_act() + 1} pass")
    assert plain.hand(1) == CardSet.parse("7♦ J♦ J♣ 4♥ 8♣")


def test_R15_forced_take_doker_three_sixes_leave_the_defender_only_the_take():
    """HE doker: "אם התקיפו על המגן בשלוש שישיות ... המגן חייב לקחת את כל הקלפים" (attacked with three
    sixes, the defender must take all the cards), the covered pair too."""
    r = _doker(3)
    assert r.forced_take and Rules.field_rule("forced_take") == "R15"
    assert "בשלוש שישיות" in Rules.field_doc("forced_take")
    p = start(r, ["6♠ 6♦ 2♣", "7♠ 9♥ K♣ A♣", "6♣ 3♣"], trump="♥", attacker=0)
    p = p.play("P1 attack 6♠").play("P2 cover 6♠ with 7♠").play("P3 attack 6♣")
    assert not p.must_take() and p.is_legal("P2 cover 6♣ with 9♥")
    p = p.play("P1 attack 6♦")  # the third six
    assert p.must_take() and [str(m) for m in p.legal_moves(1)] == ["P2 take"]
    err = p.why_illegal("P2 cover 6♣ with 9♥")
    assert err.reason is Reason.MUST_TAKE and err.facts["case"] == "sixes"
    from durak_lab.text import learner_reason
    assert learner_reason(err) == "Three sixes were laid against P2, so P2 must take all the cards."
    q = p.play("P2 take")
    while q.table and q.result is None:
        q = q.play(f"P{q.to_act() + 1} pass")
    # every card, the burned-looking pair 6♠/7♠ too, although doker takes only the unbeaten ones otherwise
    assert q.hand(1) == CardSet.parse("6♠ 7♠ 6♣ 6♦ 9♥ K♣ A♣")


def test_R15_forced_take_doker_a_three_a_five_and_a_nine_and_a_transfer():
    r = _doker(3)
    p = start(r, ["3♦ 9♦ 2♣", "5♦ 9♣ K♣ 10♦", "5♣ J♥ Q♥"], trump="♥", attacker=0)
    p = p.play("P1 attack 3♦").play("P2 cover 3♦ with 5♦").play("P3 attack 5♣")  # a 3 and a 5
    p = p.play("P2 cover 5♣ with 9♣")
    assert not p.must_take() and p.table_text() == "3♦/5♦ 5♣/9♣"
    p = p.play("P1 attack 9♦")  # 3♦, 5♣ and 9♦ attack P2
    assert p.must_take()
    assert p.why_illegal("P2 cover 9♦ with 10♦").facts["case"] == "three-five-nine"
    # a transfer that completes three sixes: the next defender may only take (R15, R20)
    t = start(r, ["6♠ 2♣", "6♦ 9♦ K♣", "6♣ J♥ Q♥ 8♣"], trump="♥", attacker=0).play("P1 attack 6♠")
    t = t.play("P2 transfer 6♦")
    assert t.defender == 2 and not t.must_take()
    t3 = start(Rules.preset("doker", players=4), ["6♠ 2♣", "6♦ 9♦ K♣", "6♣ J♥ Q♥ 8♣", "7♣ 8♦ 9♠ 10♠"],
               trump="♥", attacker=0).play("P1 attack 6♠").play("P2 transfer 6♦").play("P3 transfer 6♣")
    assert t3.defender == 3 and t3.must_take()
    assert t3.why_illegal("P4 cover 6♠ with 9♠").reason is Reason.MUST_TAKE
    assert [str(m) for m in t3.legal_moves(3)] == ["P4 take"]


def test_R15_R18_the_kernel_and_the_options_refuse_what_they_do_not_play():
    for option in ("take_unbeaten", "forced_take"):
        with pytest.raises(KernelUnsupported, match=option):
            check_rules(Rules(**{option: True}))
    for bad in ({"pushing": True}, {"choose": "limit"}):
        with pytest.raises(RulesError, match="forced_take"):
            Rules(forced_take=True, **bad)
