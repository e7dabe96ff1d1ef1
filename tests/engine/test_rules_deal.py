"""Cards and deal, who starts: rules R1–R9 on dealt and hand-built positions."""

import pytest

from durak_lab.engine.cards import HEARTS, Card, CardSet, deck_mask, popcount, suit_of
from durak_lab.engine.errors import PositionError, Reason, RulesError
from durak_lab.engine.game import Game
from durak_lab.engine.rules import NextLeader, Rules
from durak_lab.engine.state import Position

from helpers import assert_conserved, ev, expect_illegal, legal, play, rules, seq_legal, start


def _all_cards(p):
    m = p.discard | p.table_cards()
    for h in p.hands:
        m |= h
    for c in p.talon:
        m |= 1 << c
    return m


# ---------------------------------------------------------------- R1, R2, R3: the deal


@pytest.mark.parametrize("deck", [36, 52, 24])
def test_R1_a_deal_uses_exactly_the_deck(deck):
    r = Rules(deck=deck, players=3)
    p = Position.deal(r, seed=11)
    assert _all_cards(p) == deck_mask(r.lowest_rank)
    assert_conserved(p)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_R2_two_to_six_players_are_dealt_six_cards_each(n):
    p = Position.deal(Rules(players=n), seed=n)
    assert p.players == n
    assert [popcount(h) for h in p.hands] == [6] * n
    assert len(p.talon) == 36 - 6 * n


def test_R3_the_next_card_is_the_trump_card_at_the_bottom_of_the_talon():
    for seed in range(20):
        p = Position.deal(Rules(players=4), seed)
        assert p.talon[-1] == p.trump_card
        assert p.trump == suit_of(p.trump_card)
        assert len(p.talon) == 12 and p.discard == 0 and p.table == ()


def test_R3_a_deal_is_deterministic_for_a_seed():
    r = Rules(players=3)
    assert Position.deal(r, 5) == Position.deal(r, 5)
    assert hash(Position.deal(r, 5)) == hash(Position.deal(r, 5))
    assert any(Position.deal(r, 5) != Position.deal(r, s) for s in range(6, 9))


def test_R3_the_trump_card_is_drawn_last_and_then_known_to_all():
    r = Rules(players=2)
    p = start(r, ["7♦ 8♦ 9♦ 10♦ J♦ Q♦", "7♣ 8♣ 9♣ 10♣ J♣ Q♣"], talon="K♠ K♣ 9♥", trump_card="9♥")
    assert p.trump == HEARTS and p.trump_card == Card("9♥")
    p, events = p.play_events("P1 attack 7♦")
    p, events = p.play_events("P2 take")
    # the attacker draws first: K♠ (the next card), then nobody else needs cards
    assert ev(events) == [("pickup", 1, "7♦"), ("draw", 0, 1), ("bout", 0, 1)]
    assert events[1].cards == (Card("K♠"),)
    assert p.talon == (Card("K♣"), Card("9♥"))
    p, events = play(p, "P1 attack 8♦").play_events("P2 take")
    assert events[1].cards == (Card("K♣"),)
    p, events = play(p, "P1 attack 9♦").play_events("P2 take")
    assert events[1].cards == (Card("9♥"),) and p.talon == ()
    assert Card("9♥") in p.hand(0)
    assert p.known[0] >> Card("9♥") & 1, "whoever drew the face-up trump card holds it in public view"


def test_R3_start_checks_the_cards():
    r = Rules(players=2)
    with pytest.raises(PositionError, match="hands"):
        Position.start(r, ["7♦"], trump="♥", discard="rest")
    with pytest.raises(PositionError, match="twice"):
        Position.start(r, ["7♦ 8♦", "7♦"], trump="♥", discard="rest")
    with pytest.raises(PositionError, match="last card"):
        Position.start(r, ["7♦", "8♦"], talon="9♥ 10♣", trump_card="9♥", discard="rest")
    with pytest.raises(PositionError, match="contradicts"):
        Position.start(r, ["7♦", "8♦"], talon="9♥", trump="♠", discard="rest")
    with pytest.raises(PositionError, match="missing"):
        Position.start(r, ["7♦", "8♦"], trump="♥")
    with pytest.raises(PositionError, match="not in a 36-card deck"):
        Position.start(r, ["2♦", "8♦"], trump="♥", discard="rest")
    with pytest.raises(PositionError, match="trump"):
        Position.start(r, ["7♦", "8♦"], discard="rest")
    with pytest.raises(PositionError, match="no cards"):
        Position.start(r, ["", "8♦ 9♦"], trump="♥", discard="rest", attacker=0)
    with pytest.raises(PositionError):
        Position.start(r, ["7♦", "8♦"], trump="♥", discard="rest", attacker=2)


# ---------------------------------------------------------------- R4: redeal


def _redeal_shape(mask):
    suits = [popcount(mask & (((1 << 13) - 1) << (13 * s))) for s in range(4)]
    return max(suits) >= 5 or suits[0] + suits[3] >= 6 or suits[1] + suits[2] >= 6


def test_R4_when_every_player_declares_no_hand_of_five_of_a_suit_or_six_of_a_colour_stays():
    plain, redeal = Rules(players=4), Rules(players=4, redeal=True)
    redealt = 0
    for seed in range(60):
        p, q = Position.deal(plain, seed), Position.deal(redeal, seed, declare=True)
        assert not any(_redeal_shape(h) for h in q.hands)
        assert q.trump_card == p.trump_card, "the trump card is not dealt again"
        assert_conserved(q)
        if any(_redeal_shape(h) for h in p.hands):
            redealt += 1
            assert q.hands != p.hands
        else:
            assert (q.hands, q.talon, q.trump) == (p.hands, p.talon, p.trump)
    assert redealt > 0


# HE "הוא יכול להכריז על כך ואז מתבצעת חלוקה מחדש של כל הקלפים- לא כולל הקוזיר" (he *may* declare
# it, and then all the cards are dealt again, not the trump card): declaring is the player's choice.
_R4 = Rules(players=4, redeal=True)
_R4_SEED = 29  # P3 is dealt 7♥ Q♥ A♥ 7♦ J♦ A♦: six red cards


def test_R4_redeal_is_a_choice_nobody_declares_unless_asked():
    p = Position.deal(_R4, _R4_SEED)
    plain = Position.deal(Rules(players=4), _R4_SEED)
    assert (p.hands, p.talon, p.trump_card) == (plain.hands, plain.talon, plain.trump_card)
    assert _redeal_shape(p.hands[2]), "P3 may declare but was not asked"
    assert Position.deal_declared(_R4, _R4_SEED) == (p, ())


def test_R4_the_player_is_asked_with_his_own_hand_and_may_keep_it():
    asked = []

    def keep(seat, hand):
        asked.append((seat, str(hand)))
        return False

    p, declared = Position.deal_declared(_R4, _R4_SEED, declare=keep)
    assert asked == [(2, "7♥ Q♥ A♥ 7♦ J♦ A♦")] and declared == ()
    assert p == Position.deal(_R4, _R4_SEED)


def test_R4_a_declared_redeal_deals_all_cards_but_the_trump_card_again():
    before = Position.deal(_R4, _R4_SEED)
    p, declared = Position.deal_declared(_R4, _R4_SEED, declare=lambda seat, hand: seat == 2)
    assert declared == (2,) and p.hands != before.hands
    assert p.trump_card == before.trump_card
    assert_conserved(p)
    assert p == Position.deal(_R4, _R4_SEED, declare=[2]) == Position.deal(_R4, _R4_SEED, declare=True)


def test_R4_only_a_lopsided_hand_may_declare_and_only_with_the_option():
    with pytest.raises(PositionError, match="P1 cannot declare"):
        Position.deal(_R4, _R4_SEED, declare=[0])
    with pytest.raises(PositionError, match="no redeal"):
        Position.deal(Rules(players=4), _R4_SEED, declare=[2])


def test_R4_a_match_asks_its_players_and_keeps_who_declared():
    from durak_lab.engine.match import Match
    m = Match(_R4, seed=_R4_SEED, declare=lambda seat, hand: True)
    g = m.new_game()
    assert g.position == Position.deal(_R4, _R4_SEED, declare=True)
    assert m.declared == [(2,)]
    assert Match(_R4, seed=_R4_SEED).new_game().position == Position.deal(_R4, _R4_SEED)


def test_R4_records_store_the_declarations_and_old_seeded_records_deal_as_before():
    from durak_lab.engine.records import load_record, record_from_game
    old = {"format": "durak-lab/1", "rules": {"redeal": True, "players": 4}, "start": {"seed": _R4_SEED}}
    rec = load_record(old)  # written before start.redeal: every hand that could declare did
    assert rec.start == Position.deal(_R4, _R4_SEED, declare=True) and rec.to_dict()["start"] == {"seed": 29}
    kept = load_record({**old, "start": {"seed": _R4_SEED, "redeal": []}})
    assert kept.start == Position.deal(_R4, _R4_SEED)
    declared = load_record({**old, "start": {"seed": _R4_SEED, "redeal": ["P3"]}})
    assert declared.start == rec.start
    assert load_record(declared.dump()).to_dict()["start"] == {"seed": 29, "redeal": ["P3"]}
    g = Game.deal(_R4, _R4_SEED, declare=[2])
    out = record_from_game(g, seed=_R4_SEED, redeal=[2])
    assert out.to_dict()["start"] == {"seed": 29, "redeal": ["P3"]} and load_record(out.dump()).start == g.start
    assert record_from_game(Game.deal(_R4, _R4_SEED), seed=_R4_SEED).to_dict()["start"]["redeal"] == []
    from durak_lab.engine.errors import RecordError
    for bad, where in [({"seed": 29, "redeal": ["P1"]}, "start.redeal"), ({"seed": 29, "redeal": "P3"}, "start.redeal"),
                       ({"seed": 29, "redeal": ["P9"]}, "start.redeal[0]")]:
        with pytest.raises(RecordError) as info:
            load_record({**old, "start": bad})
        assert info.value.where == where
    with pytest.raises(RecordError) as info:
        load_record({**old, "rules": {"players": 4}, "start": {"seed": 29, "redeal": []}})
    assert info.value.where == "start.redeal"


# ---------------------------------------------------------------- R5: no talon


def test_R5_six_players_on_36_cards_have_no_talon_and_a_shown_trump():
    for seed in range(10):
        p = Position.deal(Rules(players=6), seed)
        assert p.talon == () and p.trump_card == -1
        assert [popcount(h) for h in p.hands] == [6] * 6
        # the dealer (P6) showed their last card; its suit is trump and it stays public
        dealer_known = [c for c in CardSet(p.known[5]) if c.suit == p.trump]
        assert dealer_known and all(c in p.hand(5) for c in dealer_known)


def test_R5_a_position_without_talon_needs_the_trump_suit():
    r = Rules(players=2)
    p = start(r, ["7♦", "8♦"], trump="♣")
    assert p.trump_card == -1 and p.trump == 3 and p.talon == ()


# ---------------------------------------------------------------- R6: the ace-trump swap


def _swap_position(trump_swap="ace", trump_card="A♥", attacker=None):
    r = Rules(players=2, trump_swap=trump_swap)
    return start(r, ["6♥ 7♦ 8♦ 9♦ 10♦ J♦", "7♣ 8♣ 9♣ 10♣ J♣ Q♣"], talon=f"K♠ {trump_card}",
                 trump_card=trump_card, attacker=attacker)


def test_R6_the_holder_of_the_trump_six_may_swap_it_for_the_face_up_ace():
    p = _swap_position()
    assert p.swap_open and p.swap_holder() == 0 and p.to_act() == 0
    assert "P1 swap 6♥" in legal(p) and "P1 pass" in legal(p)
    q, events = p.play_events("P1 swap 6♥")
    assert events == []
    assert q.hand(0) == CardSet.parse("A♥ 7♦ 8♦ 9♦ 10♦ J♦")
    assert q.talon == (Card("K♠"), Card("6♥")) and q.trump_card == Card("6♥") and q.trump == HEARTS
    assert not q.swap_open and q.leader == 0
    assert q.known[0] >> Card("A♥") & 1 and not q.known[0] >> Card("6♥") & 1
    expect_illegal(q, "P1 swap A♥", Reason.SWAP_NOT_NOW)
    expect_illegal(q, "P1 swap 6♥", Reason.NOT_IN_HAND, ["6♥"])
    assert_conserved(q)


def test_R6_the_swap_holder_may_decline_and_the_swap_closes_with_the_first_lead():
    p = _swap_position()
    q = p.play("P1 pass")
    assert not q.swap_open and q.table == () and q.to_act() == 0
    expect_illegal(q, "P1 swap 6♥", Reason.SWAP_NOT_NOW, ["R6"])
    q = p.play("P1 attack 7♦")
    assert not q.swap_open
    expect_illegal(q, "P1 swap 6♥", Reason.SWAP_NOT_NOW)


def test_R6_only_the_six_is_swapped():
    p = _swap_position()
    err = expect_illegal(p, "P1 swap 7♦", Reason.SWAP_NOT_NOW)
    assert "6♥" in err.message and "A♥" in err.message


def test_R6_ace_rule_needs_an_ace_and_any_rule_takes_any_trump_card():
    assert not _swap_position("ace", "K♥").swap_open
    p = _swap_position("any", "K♥")
    assert p.swap_open and "P1 swap 6♥" in legal(p)
    assert p.play("P1 swap 6♥").hand(0) == CardSet.parse("K♥ 7♦ 8♦ 9♦ 10♦ J♦")


def test_R6_swap_six_on_52_cards_the_trump_six_not_the_lowest_trump_is_swapped():
    """HE "רשאי השחקן שבידו קלף שש מסדרת הקוזיר, להחליף את השש באס" (the holder of the trump six may
    swap the six for the ace): on 52 cards the lowest trump is the 2; with swap_six it is the six."""
    hands = ["2♥ 7♦ 8♦ 9♦ 10♦ J♦", "6♥ 8♣ 9♣ 10♣ J♣ Q♣"]
    plain = start(Rules(players=2, deck=52, trump_swap="ace"), hands, talon="K♠ A♥", trump_card="A♥")
    assert plain.swap_holder() == 0 and "P1 swap 2♥" in legal(plain)  # the lowest trump, by default
    r = Rules(players=2, deck=52, trump_swap="ace", swap_six=True)
    assert Rules.field_rule("swap_six") == "R6" and "קלף שש מסדרת הקוזיר" in Rules.field_doc("swap_six")
    p = start(r, hands, talon="K♠ A♥", trump_card="A♥")
    assert p.swap_open and p.swap_holder() == 1 and p.to_act() == 1
    assert seq_legal(p) == ["P2 swap 6♥", "P2 pass"]
    err = expect_illegal(p, "P1 swap 2♥", Reason.SWAP_NOT_NOW, ["6♥"])
    assert err.facts["case"] == "card" and err.facts["card"] == Card("6♥")
    q = p.play("P2 swap 6♥")
    assert q.trump_card == Card("6♥") and Card("A♥") in q.hand(1)
    assert Position.parse(str(q)) == q and "swap_six=True" in str(q)
    # the option needs a swap and a deck that holds the sixes
    with pytest.raises(RulesError, match="swap_six"):
        Rules(deck=52, swap_six=True)
    with pytest.raises(RulesError, match="swap_six"):
        Rules(deck=32, trump_swap="ace", swap_six=True)
    # the kernel refuses the swap; its endgame model plays what follows it
    from durak_lab.engine.kernel.endgame import endgame_config
    assert endgame_config(r)


def test_R6_no_swap_without_the_option():
    p = _swap_position("off")
    assert not p.swap_open and p.swap_holder() is None
    expect_illegal(p, "P1 swap 6♥", Reason.SWAP_OFF, ["R6"])


def test_R6_sequential_the_swap_holder_acts_before_the_lead():
    # a later game: P2 leads although P1 holds the six; P1 is asked first
    p = _swap_position(attacker=1)
    assert p.leader == 1 and p.swap_holder() == 0
    assert p.to_act() == 0 and seq_legal(p) == ["P1 swap 6♥", "P1 pass"]
    expect_illegal(p, "P2 attack 7♣", Reason.NOT_YOUR_TURN, sequential=True)
    q = p.play("P1 pass", sequential=True)
    assert q.to_act() == 1 and seq_legal(q)[0] == "P2 attack 7♣"
    q = p.play("P1 swap 6♥", sequential=True)
    assert q.to_act() == 1 and q.hand(0).mask >> Card("A♥") & 1


# ---------------------------------------------------------------- R7: the first leader


def test_R7_the_holder_of_the_lowest_trump_leads_and_shows_it():
    # EX-KO-DEAL: the trump card is 9♥; the player holding 6♥ shows it and leads
    r = Rules(players=2)
    p = start(r, ["7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♥ 7♦ 8♦ 9♦ 10♦ J♦"], talon="K♠ 9♥", attacker=None)
    assert p.leader == 1 and p.defender == 0 and p.to_act() == 1
    assert CardSet(p.known[1]) == CardSet.parse("6♥")
    assert CardSet(p.known[0]) == CardSet()


def test_R7_without_the_six_the_seven_of_trumps_leads_and_so_on():
    r = Rules(players=3)
    p = start(r, ["7♥ 8♣", "8♥ 9♣", "10♥ 6♣"], talon="K♠ 9♥", attacker=None)
    assert p.leader == 0
    p = start(r, ["9♦ 8♣", "8♥ 9♣", "10♥ 6♣"], talon="K♠ 9♥", attacker=None)
    assert p.leader == 1 and CardSet(p.known[1]) == CardSet.parse("8♥")


def test_R7_four_players_the_lowest_trump_leads_against_the_left_neighbour():
    # EX-ZH-OPEN: trump card 9♠, P4 holds 6♠ and attacks P1
    r = Rules(players=4)
    p = start(r, ["7♠ 7♥", "8♠ 8♥", "10♠ 8♣", "6♠ 7♣"], talon="A♦ 9♠", attacker=None)
    assert (p.leader, p.defender, p.to_act()) == (3, 0, 3)
    assert legal(p) == ["P4 attack 6♠", "P4 attack 7♣"]


def test_R7_the_shown_card_is_not_public_without_the_option():
    r = Rules(players=2, show_lowest_trump=False)
    p = start(r, ["6♥ 8♣", "7♥ 9♣"], talon="K♠ 9♥", attacker=None)
    assert p.leader == 0 and p.known == (0, 0)


def test_R7_every_deal_starts_with_the_lowest_trump_in_hand():
    for n in (2, 3, 4, 5, 6):
        for seed in range(8):
            p = Position.deal(Rules(players=n), seed)
            trumps = [(c, s) for s in range(n) for c in p.hand(s) if c.suit == p.trump]
            if trumps:
                assert p.leader == min(trumps)[1]
                assert p.known[p.leader] >> min(trumps)[0] & 1


# ---------------------------------------------------------------- R8: later games


def test_R8_a_later_game_may_name_its_leader_and_the_option_states_the_variants():
    # there is no match API yet: the caller chooses the leader of a later game
    r = Rules(players=3, next_leader="right_of_durak")
    p = start(r, ["6♥ 8♣", "7♥ 9♣", "10♥ 6♣"], talon="K♠ 9♥", attacker=2)
    assert p.leader == 2 and p.defender == 0
    assert p.known[2] == 0, "the lowest trump is shown only by its holder when they lead"
    assert {v.value for v in NextLeader} == {"left_of_durak", "right_of_durak", "winner", "lowest_trump"}
    assert Rules.field_rule("next_leader") == "R8"
    assert Rules().next_leader is NextLeader.LEFT_OF_DURAK


# ---------------------------------------------------------------- R9: the defender sits left


@pytest.mark.parametrize("attacker,defender", [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_R9_the_defender_is_the_attackers_left_neighbour(attacker, defender):
    r = Rules(players=4)
    p = start(r, ["7♠ 7♥", "8♠ 8♥", "10♠ 8♣", "6♠ 7♣"], talon="A♦ 9♠", attacker=attacker)
    assert p.defender == defender
    assert p.to_act() == attacker
    assert all(m.seat == attacker for m in p.legal_moves())


def test_R9_a_player_out_of_cards_is_skipped():
    r = Rules(players=4)
    p = start(r, ["7♠ 7♥", "", "10♠ 8♣", "6♠ 7♣"], trump="♥", attacker=0)
    assert p.defender == 2
    p = start(r, ["7♠ 7♥", "9♦", "10♠ 8♣", ""], trump="♥", attacker=2)
    assert p.defender == 0


def test_R9_after_a_defended_bout_the_defender_attacks_their_own_left_neighbour():
    r = Rules(players=3)
    p = start(r, ["7♦ 9♠", "Q♦ 8♠", "10♣ J♣"], trump="♥", attacker=0)
    # nobody holds a 7 or a Q: the bout ends with the cover, nobody has to pass (R16)
    p, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", "7♦ Q♦"), ("bout", 1, 2)]
    assert (p.leader, p.defender) == (1, 2)


def test_game_deal_wraps_position_deal():
    g = Game.deal(Rules(players=3), seed=7)
    assert g.position == Position.deal(Rules(players=3), 7)
    assert g.rules == Rules(players=3) and not g.is_over and g.result is None and len(g) == 0
    assert rules("podkidnoy", players=3) == g.rules


def test_R6_a_swap_refused_for_a_trump_card_that_is_no_ace_says_so():
    # HE "במידה ובקופה קוזר אס ובידו של המתמודד 6 קוזר למתמודד הזכות להחליפם" (if the talon shows
    # an ace of trumps and the player holds the trump six, he may swap them): with 'ace' a king
    # refuses the swap because it is no ace, not because the first lead has passed
    p = _swap_position("ace", "K♥")
    err = expect_illegal(p, "P1 swap 6♥", Reason.SWAP_NOT_NOW, ["K♥", "not an ace", "R6"])
    assert "first lead" not in err.message
    assert err.facts == {"case": "not-ace", "seat": 0, "trump_card": Card("K♥")}


def test_R6_a_swap_refused_when_the_face_up_card_is_the_lowest_trump_says_so():
    r = Rules(players=2, trump_swap="any")
    p = start(r, ["A♥ 7♦ 8♦ 9♦ 10♦ J♦", "7♣ 8♣ 9♣ 10♣ J♣ Q♣"], talon="K♠ 6♥", trump_card="6♥")
    err = expect_illegal(p, "P1 swap A♥", Reason.SWAP_NOT_NOW, ["6♥", "nothing to swap"])
    assert err.facts["case"] == "lowest"
    # after a swap the face-up card is the six: a second swap gives the same true reason
    q = _swap_position().play("P1 swap 6♥")
    assert expect_illegal(q, "P1 swap A♥", Reason.SWAP_NOT_NOW).facts["case"] == "lowest"


def test_R6_a_swap_refused_without_a_face_up_trump_card_says_so():
    r = Rules(players=2, hand_size=18, deck=36, trump_swap="any")
    p = Position.deal(r, 3)
    six = next(c for c in p.hand(0) | p.hand(1) if c.suit == p.trump and c.rank == 6)
    holder = 0 if six in p.hand(0) else 1
    err = expect_illegal(p, f"P{holder + 1} swap {six}", Reason.SWAP_NOT_NOW, ["no face-up trump card"])
    assert err.facts["case"] == "no-trump-card"


def test_R6_after_the_first_lead_the_swap_is_refused_as_late():
    p = _swap_position().play("P1 attack 7♦")
    err = expect_illegal(p, "P1 swap 6♥", Reason.SWAP_NOT_NOW, ["before the first lead"])
    assert err.facts["case"] == "late"
