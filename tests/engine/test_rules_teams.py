"""Team games: pairs and teams of three (R25–R27)."""

import pytest

from durak_lab.engine.errors import Reason, RulesError
from durak_lab.engine.rules import Rules

from helpers import assert_result_consistent, cs, ev, expect_illegal, legal, play, rules, seq_legal, start


# ---------------------------------------------------------------- R25: partners sit opposite


def test_R25_pairs_partners_sit_opposite():
    p = start(rules("pairs_he"), ["7♦", "8♦", "9♦", "10♦"], trump="♥", attacker=0)
    assert p.partners(0) == [2] and p.partners(1) == [3]
    assert p.partners(2) == [0] and p.partners(3) == [1]
    assert start(Rules(players=4), ["7♦", "8♦", "9♦", "10♦"], trump="♥", attacker=0).partners(0) == []


def test_R25_every_attack_goes_to_an_opponent_skipping_partners():
    r = rules("pairs_he")
    # P2 is out of cards (no talon): P1's next opponent is P4, not the partner P3
    p = start(r, ["7♦ 9♠", "", "7♣ 10♣", "8♦ J♣"], trump="♥", attacker=0)
    assert p.defender == 3
    p = start(r, ["7♦ 9♠", "8♦ J♣", "7♣ 10♣", "Q♦"], trump="♥", attacker=0)
    assert p.defender == 1


def test_R25_six_players_in_three_pairs():
    r = Rules(players=6, teams=3)
    hands = ["7♦ 9♠", "", "", "7♣ 10♣", "8♦ J♣", "Q♦ K♦"]
    p = start(r, hands, trump="♥", attacker=0)
    assert p.partners(0) == [3] and p.partners(4) == [1]
    assert p.defender == 4, "P2 and P3 are out; P4 is P1's partner"


def test_R25_six_players_in_two_teams_of_three():
    r = rules("pairs", players=6)
    p = start(r, ["7♦", "8♦", "9♦", "10♦", "J♦", "Q♦"], trump="♥", attacker=1)
    assert p.partners(1) == [3, 5] and p.defender == 2


# ---------------------------------------------------------------- R26: HE, no throw-in on a partner


def test_R26_a_partner_may_not_throw_in_against_their_partner():
    p = start(rules("pairs_he"), ["7♦ 9♠", "8♦ A♠ K♠", "7♠ 10♣", "7♣ J♣ Q♦"], trump="♥", attacker=0)
    p = p.play("P1 attack 7♦")
    assert list(p.attackers()) == [0, 2]
    expect_illegal(p, "P4 attack 7♣", Reason.NOT_AN_ATTACKER, ["own partner P2", "R26"])
    assert "P3 attack 7♠" in legal(p)
    assert legal(p, 3) == []


def test_R26_the_option_lets_partners_throw_in():
    r = rules("pairs_he", partner_throw_in=True)
    p = start(r, ["7♦ 9♠", "8♦ A♠ K♠", "7♠ 10♣", "7♣ J♣ Q♦"], trump="♥", attacker=0).play("P1 attack 7♦")
    assert list(p.attackers()) == [0, 2, 3]
    assert "P4 attack 7♣" in legal(p)


# ---------------------------------------------------------------- R26: FI pairs


PAIRS = ["7♦ 7♣ 9♠", "8♦ A♠ K♠", "7♠ 10♣", "8♣ J♣ Q♦"]


def test_R26_the_defenders_partner_may_cover_with_their_own_cards():
    p = start(rules("pairs"), PAIRS, trump="♥", attacker=0).play("P1 attack 7♦")
    assert legal(p, 3) == ["P4 cover 7♦ with Q♦", "P4 pass"]
    q = p.play("P4 cover 7♦ with Q♦")
    assert q.table_text() == "7♦/Q♦" and q.table[0][3] == 3
    assert cs("8♣ J♣") == str(q.hand(3))
    expect_illegal(p, "P4 take", Reason.NOT_DEFENDER, ["P2"])
    expect_illegal(p, "P3 cover 7♦ with 10♣", Reason.NOT_DEFENDER, ["P2", "R26"])


def test_R26_sequential_the_defender_first_then_after_a_pass_the_partner():
    p = start(rules("pairs"), PAIRS, trump="♥", attacker=0).play("P1 attack 7♦")
    assert p.to_act() == 1 and seq_legal(p) == ["P2 cover 7♦ with 8♦", "P2 take", "P2 pass"]
    q = p.play("P2 pass", sequential=True)
    assert q.to_act() == 3 and seq_legal(q) == ["P4 cover 7♦ with Q♦", "P4 pass"]
    expect_illegal(q, "P2 pass", Reason.ALREADY_PASSED)
    q = q.play("P4 pass", sequential=True)
    assert q.to_act() == 1 and seq_legal(q) == ["P2 cover 7♦ with 8♦", "P2 take"]


def test_R26_the_defender_may_pass_to_a_partner_with_cards_whether_or_not_he_can_cover():
    # R3: offering the pass only when the partner can cover would show the partner's hand
    p = start(rules("pairs"), ["7♦ 7♣ 9♠", "8♦ A♠ K♠", "7♠ 10♣", "8♣ J♣ 9♣"], trump="♥", attacker=0)
    p = p.play("P1 attack 7♦")
    assert "P2 pass" in legal(p) and legal(p, 3) == ["P4 pass"]
    q = p.play("P2 pass", sequential=True)
    assert q.to_act() == 3 and seq_legal(q) == ["P4 pass"]
    q = q.play("P4 pass", sequential=True)
    assert q.to_act() == 1 and seq_legal(q) == ["P2 cover 7♦ with 8♦", "P2 take"]
    # once the partner has passed, the defender covers or takes
    expect_illegal(p.play("P4 pass"), "P2 pass", Reason.CANNOT_PASS, ["partner has passed"])


def test_R26_up_to_twelve_attack_cards_two_attackers_two_defenders():
    hands = ["7♦ 7♣ 8♦ 8♣ 9♠", "8♥ A♦ K♦ Q♦ J♦", "7♠ 8♠ 7♥ 10♠", "A♣ K♣ Q♣ J♣ 10♦"]
    moves = ["P1 attack 7♦", "P2 cover 7♦ with 8♥", "P1 attack 7♣", "P1 attack 8♦", "P1 attack 8♣",
             "P3 attack 7♠", "P3 attack 8♠"]
    p = play(start(rules("pairs"), hands, trump="♥", attacker=0), *moves)
    assert len(p.table) == 6 and len(p.uncovered()) == 5
    # five uncovered against the pair's nine cards, six of twelve used: a seventh is fine
    assert p.room() == 4 and p.is_legal("P3 attack 7♥")
    assert len(p.play("P3 attack 7♥").table) == 7
    # HE pairs: the partner does not cover, so only the defender's own four cards count (R13)
    q = play(start(rules("pairs_he"), hands, trump="♥", attacker=0), *moves[:-1])
    expect_illegal(q, "P3 attack 8♠", Reason.DEFENDER_HAND_LIMIT, ["P2 holds 4"])


def test_R26_a_partner_who_covers_cannot_also_throw_in():
    # both at once left the partner to act with no legal move (a deadlock); the rules refuse it
    with pytest.raises(RulesError, match="partner_throw_in.*R26"):
        rules("pairs", partner_throw_in=True)


def test_R26_no_transfers_in_the_fi_pairs_game():
    with pytest.raises(RulesError, match="R26"):
        rules("pairs", transfer=True)
    p = start(rules("pairs"), ["7♦ 7♣ 9♠", "7♥ A♠ K♠", "7♠ 10♣", "8♣ J♣ Q♦"], trump="♥",
              attacker=0).play("P1 attack 7♦")
    expect_illegal(p, "P2 transfer 7♥", Reason.TRANSFER_OFF)


def test_R26_pairs_draw_leader_partner_defenders_partner_defender():
    hands = ["7♦ 9♠ 10♠", "8♦ A♠ K♠", "6♣ 10♣ J♠", "8♣ J♣ Q♦"]
    talon = "6♠ 6♦ 9♦ 9♣ J♥ Q♠ Q♥ K♦ A♦ K♣ A♣ 6♥"
    p = start(rules("pairs"), hands, talon=talon, trump_card="6♥", attacker=0).play("P1 attack 7♦")
    _, events = p.play_events("P4 cover 7♦ with Q♦")
    # P1 holds 2, P3 3, P4 2, P2 3: leader, leader's partner, defender's partner, defender
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("draw", 0, 4), ("draw", 2, 3), ("draw", 3, 4),
                          ("draw", 1, 1), ("bout", 1, 2)]


# ---------------------------------------------------------------- R27: the first pair out wins


def test_R27_the_first_pair_with_no_cards_wins_and_the_other_pair_loses():
    p = start(rules("pairs_he"), ["7♦", "8♦ A♠", "", "K♠ Q♣"], trump="♥", attacker=0)
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with 8♦")
    assert ev(events) == [("bito", cs("7♦ 8♦")), ("out", 0), ("over", (1, 3))]
    assert q.result == (1, 3) and q.result_text() == "P2 and P4 are durak"
    assert_result_consistent(q)


def test_R27_three_pairs_play_on_until_one_pair_is_left():
    r = Rules(players=6, teams=3)
    hands = ["7♦", "8♦ A♠", "", "", "K♠", "Q♣ J♣"]
    q, events = start(r, hands, trump="♥", attacker=0).play("P1 attack 7♦").play_events("P2 cover 7♦ with 8♦")
    # pair P1/P4 is out and safe; pairs P2/P5 and P3/P6 go on: P2 leads against P6, the next
    # opponent holding cards (P3 and P4 hold none, P5 is P2's partner)
    assert ev(events) == [("bito", cs("7♦ 8♦")), ("out", 0), ("bout", 1, 5)]
    assert q.result is None
