"""Transfer, perevodnoy (R20–R24)."""

from durak_lab.engine.cards import Card, CardSet, popcount
from durak_lab.engine.errors import Reason
from durak_lab.engine.rules import Rules

from helpers import assert_conserved, cs, ev, expect_illegal, hand, legal, play, rules, seq_legal, start

PER3 = ["7♣ 9♠ 10♠", "7♥ 7♦ 8♥ A♣", "J♠ Q♠ K♠ A♠ 8♣"]


def _per3():
    return start(rules("perevodnoy", players=3), PER3, trump="♥", attacker=0).play("P1 attack 7♣")


# ---------------------------------------------------------------- R20


def test_R20_the_defender_may_pass_the_attack_on_with_a_card_of_its_rank():
    p = _per3()
    assert legal(p, 1) == ["P2 cover 7♣ with 7♥", "P2 cover 7♣ with 8♥", "P2 cover 7♣ with A♣",
                           "P2 transfer 7♥", "P2 transfer 7♦", "P2 take"]
    q, events = p.play_events("P2 transfer 7♦")
    assert events == []
    assert (q.leader, q.defender) == (0, 2) and q.to_act() == 2
    assert q.table_text() == "7♣ 7♦"
    assert q.uncovered() == [Card("7♣"), Card("7♦")] and [e[2] for e in q.table] == [0, 1]
    assert hand(q, 1) == cs("7♥ 8♥ A♣")
    # the former defender is an attacker now and may throw in sevens
    assert list(q.attackers()) == [0, 1]
    assert "P2 attack 7♥" in legal(q)
    assert seq_legal(q) == ["P3 cover 7♣ with 8♣", "P3 take"]


def test_R20_a_transfer_needs_the_attack_rank():
    p = _per3()
    expect_illegal(p, "P2 transfer 8♥", Reason.TRANSFER_RANK, ["attack rank (7)", "R20"])
    expect_illegal(p, "P2 transfer 7♥ 7♦", Reason.TOO_MANY_LEAD_CARDS, ["R20"])
    expect_illegal(p, "P1 transfer 9♠", Reason.NOT_DEFENDER, ["P2"])
    expect_illegal(p, "P2 transfer 7♠", Reason.NOT_IN_HAND, ["7♠"])


def test_R20_no_transfer_without_the_option():
    p = start(Rules(players=3), PER3, trump="♥", attacker=0).play("P1 attack 7♣")
    assert not any(m.kind == "transfer" for m in p.legal_moves())
    expect_illegal(p, "P2 transfer 7♦", Reason.TRANSFER_OFF, ["perevodnoy", "R20"])


def test_R20_nothing_to_pass_on_before_the_lead():
    p = start(rules("perevodnoy", players=3), PER3, trump="♥", attacker=0)
    expect_illegal(p, "P2 transfer 7♦", Reason.NOTHING_TO_COVER)


def test_R20_finnish_several_cards_of_the_rank_at_once():
    r = rules("finnish", players=3)
    p = start(r, ["7♣ 9♠ 10♠", "7♥ 7♦ 8♥ A♣", "J♠ Q♠ K♠ A♠ 8♣ 9♣"], trump="♥", attacker=0)
    p = p.play("P1 attack 7♣")
    assert "P2 transfer 7♥ 7♦" in legal(p)
    q = p.play("P2 transfer 7♥ 7♦")
    assert q.defender == 2 and len(q.uncovered()) == 3


def test_R20_the_new_defender_may_pass_it_on_again():
    r = rules("perevodnoy", players=3)
    p = start(r, ["7♣ 9♠ 10♠ J♦", "7♦ 8♥ A♣", "7♠ Q♠ K♠ A♠"], trump="♥", attacker=0)
    p = play(p, "P1 attack 7♣", "P2 transfer 7♦")
    # P3 passes it on to P1, who holds 3 cards: enough for 3 attack cards (R22)
    assert "P3 transfer 7♠" in legal(p)
    q = p.play("P3 transfer 7♠")
    assert q.defender == 0 and len(q.table) == 3
    # the attack came round to its leader: the last transferrer leads now (R23)
    assert q.leader == 2 and q.leader != q.defender


def test_R20_after_a_transferred_bout_is_defended_the_last_defender_leads():
    r = rules("perevodnoy", players=3)
    p = start(r, ["7♣ 9♠ 10♠", "7♦ J♥ A♣", "8♣ 8♦ K♠ A♠ Q♥"], talon="6♠ 6♦ 6♣ 10♦ 10♣ J♣ 9♥",
              trump_card="9♥", attacker=0)
    p = play(p, "P1 attack 7♣", "P2 transfer 7♦", "P3 cover 7♣ with 8♣")
    q, events = p.play_events("P3 cover 7♦ with 8♦")
    # P1 and P2 hold no 7 or 8: bito; the leader P1 draws first, P2 next, the defender P3 gets none
    assert ev(events) == [("bito", cs("7♦ 8♦ 7♣ 8♣")), ("draw", 0, 4), ("draw", 1, 3), ("bout", 2, 0)]
    assert (q.leader, q.defender) == (2, 0)


def test_R20_after_a_transferred_bout_is_taken_the_player_left_of_the_last_defender_leads():
    p = _per3().play("P2 transfer 7♦")
    q, events = p.play_events("P3 take")
    # P2 still holds 7♥ and may add it before the pickup
    assert events == [] and legal(q) == ["P1 pass", "P2 attack 7♥", "P2 pass"]
    q, events = q.play_events("P2 attack 7♥")
    assert ev(events) == [("pickup", 2, cs("7♣ 7♦ 7♥")), ("bout", 0, 1)]


# ---------------------------------------------------------------- R21


def test_R21_no_transfer_once_a_card_is_covered():
    r = rules("finnish", players=3)
    p = start(r, ["7♣ 7♠ 9♠", "7♥ 8♣ 8♠ A♣", "J♠ Q♠ K♠ A♠ 8♦ 9♣"], trump="♥", attacker=0)
    p = play(p, "P1 attack 7♠ 7♣", "P2 cover 7♣ with 8♣")
    assert not any(m.kind == "transfer" for m in p.legal_moves())
    expect_illegal(p, "P2 transfer 7♥", Reason.TRANSFER_AFTER_COVER, ["covered", "R21"])


# ---------------------------------------------------------------- R22


def test_R22_no_transfer_to_a_player_holding_fewer_cards_than_the_attack():
    r = rules("perevodnoy", players=3)
    p = start(r, ["7♣ 9♠ 10♠", "7♥ 7♦ 8♥ A♣", "J♠"], trump="♥", attacker=0).play("P1 attack 7♣")
    assert not any(m.kind == "transfer" for m in p.legal_moves())
    err = expect_illegal(p, "P2 transfer 7♦", Reason.TRANSFER_NEXT_TOO_FEW,
                         ["P3 holds 1", "2 attack cards", "R22"])
    assert "7♦" in str(err)


def test_R22_just_enough_cards_is_enough():
    r = rules("perevodnoy", players=3)
    p = start(r, ["7♣ 9♠ 10♠", "7♥ 7♦ 8♥ A♣", "J♠ Q♠"], trump="♥", attacker=0).play("P1 attack 7♣")
    assert p.is_legal("P2 transfer 7♦")


# ---------------------------------------------------------------- R23


def test_R23_round_a_table_of_four_the_leader_may_end_up_defending():
    r = rules("perevodnoy", players=4)
    hands = ["7♣ 9♠ 10♠ J♦ Q♦", "7♥ 8♥ A♣ 6♣", "7♦ Q♠ K♠ A♠", "7♠ 6♦ 8♦ 9♦ 10♦"]
    p = start(r, hands, trump="♥", attacker=0)
    p = play(p, "P1 attack 7♣", "P2 transfer 7♥", "P3 transfer 7♦")
    assert (p.leader, p.defender) == (0, 3)
    q = p.play("P4 transfer 7♠")
    # four attack cards against the original leader; the last transferrer, P4, leads the bout now
    assert (q.leader, q.defender) == (3, 0)
    assert q.table_text() == "7♣ 7♥ 7♦ 7♠"
    assert legal(q, 0) == ["P1 cover 7♦ with J♦", "P1 cover 7♦ with Q♦", "P1 cover 7♠ with 9♠",
                           "P1 cover 7♠ with 10♠", "P1 take"]
    assert list(q.attackers()) == [3, 1, 2]
    q, events = q.play_events("P1 take")
    # nobody holds another 7: picked up at once; P2, left of P1, leads next
    assert ev(events) == [("pickup", 0, cs("7♣ 7♥ 7♦ 7♠")), ("bout", 1, 2)]
    assert_conserved(q)


# ---------------------------------------------------------------- R24


SHOW3 = ["7♣ 7♦ 9♠ 10♠", "7♥ A♣ K♣ Q♣", "8♣ 7♠ J♠ Q♠ K♠"]


def test_R24_the_defender_may_transfer_by_showing_a_trump_of_the_rank():
    p = start(rules("perevodnoy_show", players=3), SHOW3, trump="♥", attacker=0).play("P1 attack 7♣")
    assert "P2 show 7♥" in legal(p) and "P2 transfer 7♥" in legal(p)
    q, events = p.play_events("P2 show 7♥")
    assert events == [] and q.defender == 2 and q.table_text() == "7♣"
    assert "7♥" in hand(q, 1), "a shown trump stays in the hand"
    assert q.shown_used == Card("7♥").mask
    assert q.known[1] >> Card("7♥") & 1, "the shown card is public"
    assert_conserved(q)


def test_R24_each_trump_is_shown_only_once_per_game():
    p = start(rules("perevodnoy_show", players=3), SHOW3, trump="♥", attacker=0)
    p = play(p, "P1 attack 7♣", "P2 show 7♥", "P3 cover 7♣ with 8♣", "P1 pass", "P2 pass")
    assert (p.leader, p.defender) == (2, 0) and p.table == ()
    p = play(p, "P3 attack 7♠", "P1 transfer 7♦")
    assert p.defender == 1
    assert "P2 show 7♥" not in legal(p) and "P2 transfer 7♥" in legal(p)
    expect_illegal(p, "P2 show 7♥", Reason.SHOW_USED, ["7♥", "already been shown", "R24"])
    q = p.play("P2 transfer 7♥")
    assert q.defender == 2 and popcount(q.hands[1]) == 3


def test_R24_only_a_held_trump_of_the_attack_rank_is_shown():
    p = start(rules("perevodnoy_show", players=3), ["7♣ 9♠", "7♦ 7♥ A♣", "8♣ 7♠ J♠ Q♠"], trump="♥",
              attacker=0).play("P1 attack 7♣")
    expect_illegal(p, "P2 show 7♦", Reason.SHOW_NOT_TRUMP, ["trump (♥)", "R24"])
    expect_illegal(p, "P2 show 8♥", Reason.TRANSFER_RANK)
    q = start(rules("perevodnoy_show", players=3), ["7♣ 9♠", "7♦ 8♥ A♣", "8♣ 7♥ J♠ Q♠"], trump="♥",
              attacker=0).play("P1 attack 7♣")
    expect_illegal(q, "P2 show 7♥", Reason.NOT_IN_HAND, ["7♥"])


def test_R24_no_showing_without_the_option():
    p = _per3()
    expect_illegal(p, "P2 show 7♥", Reason.SHOW_OFF, ["R24"])
    assert CardSet(p.shown_used) == CardSet()
