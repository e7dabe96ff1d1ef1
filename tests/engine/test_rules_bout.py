"""A bout: lead, cover, throw-ins, limits, take, bito and drawing (R10–R19)."""

import pytest

from durak_lab.engine.cards import Card, CardSet, popcount
from durak_lab.engine.errors import KernelUnsupported, Reason
from durak_lab.engine.game import Game
from durak_lab.engine.kernel import check_rules
from durak_lab.engine.rules import DrawOrder, Rules

from helpers import (assert_conserved, cs, ev, expect_illegal, hand, kinds, legal, play, rules, seq_legal,
                     start)

# A roomy 2-player position, trump ♥, no talon (every other card is in the discard).
TWO = ["7♦ 7♣ 9♠ Q♠ K♣", "6♦ 8♦ Q♦ 6♥ 9♣ A♠ 10♠"]


# ---------------------------------------------------------------- R10: the lead


def test_R10_the_lead_is_one_card_by_default():
    p = start(Rules(players=2), TWO, trump="♥")
    assert legal(p) == ["P1 attack 9♠", "P1 attack Q♠", "P1 attack 7♦", "P1 attack 7♣", "P1 attack K♣"]
    assert seq_legal(p) == legal(p) and p.to_act() == 0
    expect_illegal(p, "P1 attack 7♦ 7♣", Reason.TOO_MANY_LEAD_CARDS, ["one card", "R10"])


def test_R10_simple_durak_leads_one_card_or_two_of_a_rank():
    p = start(rules("simple", players=2), ["7♦ 7♣ 7♠ 9♠", "8♦ 9♦ 10♦ J♦ Q♦ K♦"], trump="♥")
    assert legal(p) == ["P1 attack 7♠", "P1 attack 7♠ 7♦", "P1 attack 7♠ 7♣", "P1 attack 9♠",
                        "P1 attack 7♦", "P1 attack 7♦ 7♣", "P1 attack 7♣"]
    expect_illegal(p, "P1 attack 7♠ 7♦ 7♣", Reason.TOO_MANY_LEAD_CARDS, ["at most 2"])
    expect_illegal(p, "P1 attack 7♦ 9♠", Reason.MIXED_RANKS, ["one rank", "R10"])
    q = p.play("P1 attack 7♦ 7♣")
    assert q.uncovered() == [Card("7♦"), Card("7♣")]


def test_R10_finnish_leads_any_number_of_one_rank():
    p = start(rules("finnish", players=2), ["7♦ 7♣ 7♠ 9♠", "8♦ 9♦ 10♦ J♦ Q♦ K♦"], trump="♥")
    assert "P1 attack 7♠ 7♦ 7♣" in legal(p)
    q = p.play("P1 attack 7♠ 7♦ 7♣")
    assert len(q.table) == 3 and q.to_act() == 1
    expect_illegal(p, "P1 attack 7♦ 9♠", Reason.MIXED_RANKS)


def test_R10_only_the_leader_leads():
    p = start(Rules(players=3), ["7♦ 9♠", "Q♦ 8♠", "10♣ 7♣"], trump="♥", attacker=0)
    expect_illegal(p, "P3 attack 7♣", Reason.NOT_LEADER, ["P1 leads"])
    expect_illegal(p, "P2 attack 8♠", Reason.DEFENDER_CANNOT_ATTACK, ["P2", "defender"])
    expect_illegal(p, "P1 attack K♠", Reason.NOT_IN_HAND, ["K♠"])
    expect_illegal(p, "P1 pass", Reason.CANNOT_PASS, ["must lead"])
    expect_illegal(p, "P2 take", Reason.NOTHING_TO_TAKE)
    assert legal(p, 1) == [] and legal(p, 2) == []


# ---------------------------------------------------------------- R11: covering


def test_R11_each_attack_card_is_covered_by_a_higher_card_of_its_suit_or_a_trump():
    p = start(Rules(players=2), TWO, trump="♥").play("P1 attack 7♦")
    assert legal(p, 1) == ["P2 cover 7♦ with 6♥", "P2 cover 7♦ with 8♦", "P2 cover 7♦ with Q♦", "P2 take"]
    assert seq_legal(p) == legal(p, 1) and p.to_act() == 1


def test_R11_a_lower_card_of_the_suit_does_not_beat():
    p = start(Rules(players=2), TWO, trump="♥").play("P1 attack 7♦")
    err = expect_illegal(p, "P2 cover 7♦ with 6♦", Reason.DOES_NOT_BEAT, ["6♦", "7♦", "higher diamond", "♥"])
    assert err.message == "6♦ does not beat 7♦: cover with a higher diamond or a trump (♥)"
    expect_illegal(p, "P2 cover 7♦ with 9♣", Reason.DOES_NOT_BEAT, ["9♣", "7♦"])
    expect_illegal(p, "P2 cover 7♦ with A♠", Reason.DOES_NOT_BEAT, ["A♠", "7♦"])


def test_R11_trump_covered_only_by_higher_trump():
    p = start(Rules(players=2), ["8♥ 9♠", "6♥ 10♥ A♠ 9♣"], trump="♥").play("P1 attack 8♥")
    assert legal(p, 1) == ["P2 cover 8♥ with 10♥", "P2 take"]
    err = expect_illegal(p, "P2 cover 8♥ with 6♥", Reason.DOES_NOT_BEAT, ["6♥", "8♥", "higher trump", "R11"])
    assert "higher trump" in err.message
    expect_illegal(p, "P2 cover 8♥ with A♠", Reason.DOES_NOT_BEAT, ["A♠", "8♥"])


def test_R11_several_attack_cards_are_covered_one_by_one():
    p = start(rules("simple", players=2), ["7♦ 7♣ 9♠", "8♦ 8♣ 6♥ 10♠"], trump="♥").play("P1 attack 7♦ 7♣")
    assert legal(p) == ["P2 cover 7♦ with 6♥", "P2 cover 7♦ with 8♦", "P2 cover 7♣ with 6♥",
                        "P2 cover 7♣ with 8♣", "P2 take"]
    p = p.play("P2 cover 7♣ with 6♥")
    assert p.uncovered() == [Card("7♦")] and p.table_text() == "7♦ 7♣/6♥"
    expect_illegal(p, "P2 cover 7♣ with 8♣", Reason.ALREADY_COVERED, ["7♣", "6♥"])
    expect_illegal(p, "P2 cover 7♦ with 6♥", Reason.NOT_IN_HAND, ["6♥"])
    expect_illegal(p, "P2 cover 9♦ with 10♠", Reason.NOT_ON_TABLE, ["9♦"])
    expect_illegal(p, "P1 cover 7♦ with 9♠", Reason.NOT_DEFENDER, ["P2"])


def test_R11_nothing_to_cover_on_an_empty_table():
    p = start(Rules(players=2), TWO, trump="♥")
    expect_illegal(p, "P2 cover 7♦ with 8♦", Reason.NOTHING_TO_COVER)


def test_R31_wrong_cover_is_rejected_and_nothing_changes():
    # ZH: a wrong cover must be taken back; the engine refuses it outright
    p = start(Rules(players=2), TWO, trump="♥").play("P1 attack 7♦")
    g = Game(p)
    before = g.position
    expect_illegal(p, "P2 cover 7♦ with 6♦", Reason.DOES_NOT_BEAT, ["6♦", "7♦"])
    assert g.why_illegal("P2 cover 7♦ with 6♦") == (
        "6♦ does not beat 7♦: cover with a higher diamond or a trump (♥)")
    assert g.position is before and len(g) == 0
    # covering with a trump while holding the suit is allowed (ZH FAQ), only unwise
    assert p.is_legal("P2 cover 7♦ with 6♥")


# ---------------------------------------------------------------- R12: throw-ins

THREE = ["7♦ 7♠ 9♠", "Q♦ 8♠ A♥ K♥ 8♦", "7♣ 10♣"]


def test_R12_throw_in_ranks_already_on_the_table_attack_or_cover():
    p = play(start(Rules(players=2), TWO, trump="♥"), "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    # 7 (attack card) and Q (cover card) are on the table: Q♠ and 7♣ may follow, any suit
    assert legal(p) == ["P1 attack Q♠", "P1 attack 7♣", "P1 pass"]
    err = expect_illegal(p, "P1 attack K♣", Reason.RANK_NOT_ON_TABLE, ["no K is on the table", "7, Q", "R12"])
    assert "K♣" in str(err)
    expect_illegal(p, "P1 attack 9♠", Reason.RANK_NOT_ON_TABLE, ["no 9"])
    q = p.play("P1 attack Q♠")
    assert q.table_text() == "7♦/Q♦ Q♠" and q.uncovered() == [Card("Q♠")]


def test_R12_everyone_but_the_defender_throws_in():
    p = start(Rules(players=3), THREE, trump="♥", attacker=0).play("P1 attack 7♦")
    assert list(p.attackers()) == [0, 2]
    # free protocol: the third player may throw in while 7♦ is still uncovered
    assert "P3 attack 7♣" in legal(p) and "P1 attack 7♠" in legal(p)
    expect_illegal(p, "P2 attack 8♠", Reason.DEFENDER_CANNOT_ATTACK)
    q = p.play("P3 attack 7♣")
    assert q.uncovered() == [Card("7♦"), Card("7♣")] and [e[2] for e in q.table] == [0, 2]


def test_R12_sequential_the_defender_answers_before_anyone_throws_in():
    p = start(Rules(players=3), THREE, trump="♥", attacker=0).play("P1 attack 7♦")
    assert p.to_act() == 1
    assert seq_legal(p) == ["P2 cover 7♦ with K♥", "P2 cover 7♦ with A♥", "P2 cover 7♦ with 8♦",
                            "P2 cover 7♦ with Q♦", "P2 take"]
    expect_illegal(p, "P3 attack 7♣", Reason.NOT_YOUR_TURN, ["P2's turn"], sequential=True)
    q = p.play("P2 cover 7♦ with Q♦", sequential=True)
    # then the attackers, in seating order from the leader
    assert q.to_act() == 0 and seq_legal(q) == ["P1 attack 7♠", "P1 pass"]
    q = q.play("P1 pass", sequential=True)
    assert q.to_act() == 2 and seq_legal(q) == ["P3 attack 7♣", "P3 pass"]


def test_R12_neighbours_only_the_defenders_two_neighbours_throw_in():
    r = rules("neighbours", players=5)
    p = start(r, ["7♦ 9♠", "Q♦ 8♠ A♥ K♥", "7♣ 10♣", "7♠ J♣", "6♣ 8♣"], trump="♥", attacker=0)
    p = p.play("P1 attack 7♦")
    assert list(p.attackers()) == [0, 2]
    expect_illegal(p, "P4 attack 7♠", Reason.NOT_AN_ATTACKER, ["neighbours", "P4", "R12"])
    assert "P3 attack 7♣" in legal(p) and legal(p, 3) == [] and legal(p, 4) == []


def test_R12_by_turns_the_leader_throws_in_first_then_the_next_in_seating_order():
    r = rules("by_turns", players=3)
    p = play(start(r, THREE, trump="♥", attacker=0), "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    assert legal(p) == ["P1 attack 7♠", "P1 pass"]
    err = expect_illegal(p, "P3 attack 7♣", Reason.NOT_ATTACKERS_TURN, ["P1 throws in now", "R12"])
    assert "P3" in err.message
    expect_illegal(p, "P3 pass", Reason.NOT_ATTACKERS_TURN)
    q = p.play("P1 pass")
    # P3's turn; the leader keeps the right to cut in (see test_rules_by_turns.py)
    assert legal(q) == ["P1 attack 7♠", "P3 attack 7♣", "P3 pass"] and q.to_act() == 2
    q = play(q, "P3 attack 7♣", "P2 cover 7♣ with K♥")
    assert q.to_act() == 2 and legal(q) == ["P1 attack 7♠", "P3 pass"]


def test_R12_by_turns_a_leader_who_cannot_add_is_asked_and_passes_R3():
    # skipping him would tell P3 that P1 holds no 7 and no queen: he is asked and passes
    r = rules("by_turns", players=3)
    p = play(start(r, ["7♦ 9♠", "Q♦ 8♠ A♥", "7♣ 10♣"], trump="♥", attacker=0),
             "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    assert legal(p) == ["P1 pass"] and p.to_act() == 0
    expect_illegal(p, "P3 attack 7♣", Reason.NOT_ATTACKERS_TURN, ["P1 throws in now"])
    assert legal(p.play("P1 pass")) == ["P3 attack 7♣", "P3 pass"]


def test_R12_by_turns_a_record_written_when_such_a_leader_was_skipped_is_reported_not_mended():
    # the loader no longer puts the leader's pass in: the record names the move the rules refuse, and
    # the same game with the pass written replays
    from durak_lab.engine.records import load_record, replay

    def record(moves):
        return load_record({"format": "durak-lab/1", "rules": {"preset": "by_turns", "players": 3},
                            "start": {"trump": "♥", "hands": {"P1": ["7♦", "9♠"], "P2": ["Q♦", "8♠", "A♥"],
                                                               "P3": ["7♣", "10♣"]},
                                      "discard": "rest", "attacker": "P1"},
                            "moves": moves})
    res = replay(record(["P1 attack 7♦", "P2 cover 7♦ with Q♦", "P3 attack 7♣"]))
    assert not res.ok and res.problem.startswith("moves[2]: P3 attack 7♣ is illegal")
    res = replay(record(["P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 attack 7♣"]))
    assert res.ok and res.position.table_text() == "7♦/Q♦ 7♣"


def test_R12_simple_durak_nobody_throws_in_and_the_covered_lead_ends_the_bout():
    r = rules("simple", players=3)
    p = start(r, THREE, talon="6♠ 6♦ 6♣ 8♥", trump_card="8♥", attacker=0).play("P1 attack 7♦")
    assert list(p.attackers()) == []
    expect_illegal(p, "P3 attack 7♣", Reason.NO_THROW_IN, ["nobody throws in", "R12"])
    q, events = p.play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("draw", 0, 4), ("bout", 1, 2)]
    assert q.table == () and (q.leader, q.defender) == (1, 2)


def test_R12_a_pass_holds_until_the_next_card():
    p = play(start(Rules(players=3), THREE, trump="♥", attacker=0),
             "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass")
    expect_illegal(p, "P1 attack 7♠", Reason.ALREADY_PASSED, ["passed"])
    expect_illegal(p, "P1 pass", Reason.ALREADY_PASSED)
    assert legal(p) == ["P3 attack 7♣", "P3 pass"]
    p = p.play("P3 attack 7♣")
    assert "P1 attack 7♠" in legal(p)


# ---------------------------------------------------------------- R13: limits

# P1 builds 6♠/7♠ 7♦/8♦ 8♣/9♣ 9♠/10♠ 10♦/J♦ and throws in J♣, still holding J♠ and Q♠.
CHAIN_ATT = "6♠ 7♦ 8♣ 9♠ 10♦ J♣ J♠ Q♠"
CHAIN_DEF = "7♠ 8♦ 9♣ 10♠ J♦ Q♣ A♣ K♠ A♦"
CHAIN = ["P1 attack 6♠", "P2 cover 6♠ with 7♠", "P1 attack 7♦", "P2 cover 7♦ with 8♦",
         "P1 attack 8♣", "P2 cover 8♣ with 9♣", "P1 attack 9♠", "P2 cover 9♠ with 10♠",
         "P1 attack 10♦", "P2 cover 10♦ with J♦", "P1 attack J♣"]


def test_R13_at_most_six_attack_cards_in_a_bout():
    p = play(start(rules("classic", players=2), [CHAIN_ATT, CHAIN_DEF], trump="♥"), *CHAIN)
    assert len(p.table) == 6 and p.room() == 0
    err = expect_illegal(p, "P1 attack J♠", Reason.BOUT_LIMIT, ["at most 6", "6 already", "R13"])
    assert "first bout" not in err.message
    assert legal(p, 0) == ["P1 pass"]


def test_R16_the_bout_ends_when_six_cards_are_covered():
    p = play(start(rules("classic", players=2), [CHAIN_ATT, CHAIN_DEF], trump="♥"), *CHAIN)
    q, events = p.play_events("P2 cover J♣ with Q♣")
    # P1 still holds J♠ and Q♠, but the sixth covered card closes the bout
    assert ev(events) == [("bito", cs("6♠ 7♠ 7♦ 8♦ 8♣ 9♣ 9♠ 10♠ 10♦ J♦ J♣ Q♣")), ("bout", 1, 0)]
    assert q.table == () and hand(q, 0) == "J♠ Q♠"


def test_R13_uncovered_never_exceed_defender_hand():
    p = start(Rules(players=2), ["7♦ 7♣ 7♠ 9♠", "8♦ 8♣"], trump="♥").play("P1 attack 7♦")
    assert p.room() == 1
    p = p.play("P1 attack 7♣")           # two uncovered against two cards
    assert p.room() == 0 and legal(p, 0) == ["P1 pass"]
    err = expect_illegal(p, "P1 attack 7♠", Reason.DEFENDER_HAND_LIMIT, ["P2 holds 2", "R13"])
    assert "uncovered" in err.message
    p = p.play("P2 cover 7♦ with 8♦")    # one uncovered against one card: still full
    assert p.room() == 0
    expect_illegal(p, "P1 attack 7♠", Reason.DEFENDER_HAND_LIMIT, ["P2 holds 1"])


def test_R13_bout_start_limit_is_the_defenders_hand_when_the_bout_began():
    # he_hand: no fixed limit of 6, but never more attack cards than the defender held at the start
    r = rules("he_hand", players=2)
    att = "6♠ 7♦ 8♣ 9♠ 10♦ J♣ Q♠ Q♥"
    dfn = "7♠ 8♦ 9♣ 10♠ J♦ Q♣ K♠"          # seven cards: seven attack cards at most
    p = play(start(r, [att, dfn], trump="♦"), *CHAIN, "P2 cover J♣ with Q♣", "P1 attack Q♠")
    assert len(p.table) == 7 and p.start_hand == 7 and p.room() == 0
    err = expect_illegal(p, "P1 attack Q♥", Reason.DEFENDER_HAND_LIMIT, ["7 cards", "began", "R13"])
    assert "Q♥" in str(err)


def test_R13_unlimited_the_defender_beats_what_he_can_and_the_rest_go_back():
    r = rules("unlimited", players=3)
    p = start(r, ["7♦ 7♣ 7♠ 9♠", "8♦ 8♣", "7♥ 10♣ J♣"], talon="6♠ 6♦ 6♣ K♦ K♣ 6♥", trump_card="6♥")
    p = play(p, "P1 attack 7♦", "P1 attack 7♣", "P1 attack 7♠", "P3 attack 7♥")
    assert len(p.uncovered()) == 4 and popcount(p.hands[1]) == 2     # more than P2 holds
    q, events = p.play("P2 cover 7♦ with 8♦").play_events("P2 cover 7♣ with 8♣")
    assert ev(events) == [("return", 0, "7♠"), ("return", 2, "7♥"), ("bito", cs("7♦ 8♦ 7♣ 8♣")),
                          ("draw", 0, 4), ("draw", 2, 2), ("out", 1), ("bout", 2, 0)]
    assert "7♠" in hand(q, 0) and "7♥" in hand(q, 2)
    assert q.known[0] >> Card("7♠") & 1 and q.known[2] >> Card("7♥") & 1
    assert_conserved(q)


# ---------------------------------------------------------------- R14: the first bout

SEVENS = ["7♦ 7♣ 7♠ 7♥ 9♠ 9♦", "8♦ 8♣ 8♠ 9♥ 10♥ J♥ Q♥"]
FIVE = ["P1 attack 7♦", "P2 cover 7♦ with 8♦", "P1 attack 7♣", "P2 cover 7♣ with 8♣", "P1 attack 7♠",
        "P2 cover 7♠ with 8♠", "P1 attack 7♥", "P2 cover 7♥ with 9♥", "P1 attack 9♠"]


def test_R14_first_bout_limit_five():
    p = start(Rules(players=2), SEVENS, trump="♥")
    assert p.first_limit and p.room() == 5
    p = play(p, *FIVE)
    assert len(p.table) == 5 and p.room() == 0
    err = expect_illegal(p, "P1 attack 9♦", Reason.BOUT_LIMIT, ["at most 5", "first bout", "R14"])
    assert "9♦" in str(err)
    # the fifth covered card closes the bout although P1 still holds 9♦
    q, events = p.play_events("P2 cover 9♠ with 10♥")
    assert kinds(events) == ["bito", "bout"] and not q.first_limit
    # without the first-bout rule the sixth card is fine
    assert play(start(rules("classic", players=2), SEVENS, trump="♥"), *FIVE).is_legal("P1 attack 9♦")


def _first_bout_taken(carry):
    r = Rules(players=2, first_bout_carry=carry)
    p = start(r, ["7♦ 7♣ 7♠ 8♥ 9♠ 9♦", "8♦ 8♣ 8♠ 10♥ J♥ Q♥"],
              talon="6♦ 6♣ 10♦ 10♣ Q♠ K♦ A♠ 6♠ 9♥", trump_card="9♥")
    # the defender takes; P1 could throw in more sevens but stops
    p = play(p, "P1 attack 7♦", "P2 take")
    q, events = p.play_events("P1 pass")
    assert ev(events) == [("pickup", 1, "7♦"), ("draw", 0, 1), ("bout", 0, 1)]
    return q


def test_R14_first_bout_limit_five_carry_over():
    # HE: the defender took in the first bout, so the 5-card limit holds for the next bout too
    p = _first_bout_taken(carry=True)
    assert (p.leader, p.defender) == (0, 1) and p.first_limit and p.room() == 5
    p = play(p, "P1 attack 7♣", "P2 cover 7♣ with 8♣")
    assert p.room() == 4
    # a defended bout lifts it
    p = p.play("P1 pass")
    assert not p.first_limit and p.room() == 6


def test_R14_without_carry_over_the_limit_ends_with_the_first_bout():
    p = _first_bout_taken(carry=False)
    assert (p.leader, p.defender) == (0, 1) and not p.first_limit and p.room() == 6


# ---------------------------------------------------------------- R15: taking


def test_R15_the_defender_may_take_even_when_able_to_cover():
    p = start(Rules(players=2), TWO, trump="♥").play("P1 attack 7♦")
    assert "P2 cover 7♦ with 8♦" in legal(p) and "P2 take" in legal(p)
    p = p.play("P2 take")
    assert p.taking
    # the attacker may still throw in a seven; until then nothing is picked up
    assert legal(p) == ["P1 attack 7♣", "P1 pass"] and seq_legal(p) == legal(p)
    expect_illegal(p, "P2 cover 7♦ with 8♦", Reason.ALREADY_TAKING, ["take", "R15"])
    expect_illegal(p, "P2 take", Reason.ALREADY_TAKING)
    expect_illegal(p, "P2 pass", Reason.CANNOT_PASS)
    q, events = p.play_events("P1 pass")
    assert ev(events) == [("pickup", 1, "7♦"), ("bout", 0, 1)]
    assert "7♦" in hand(q, 1)


def test_R15_only_the_defender_takes_and_only_an_uncovered_card():
    p = start(Rules(players=3), THREE, trump="♥", attacker=0).play("P1 attack 7♦")
    expect_illegal(p, "P3 take", Reason.NOT_DEFENDER, ["P2"])
    p = p.play("P2 cover 7♦ with Q♦")
    expect_illegal(p, "P2 take", Reason.NOTHING_TO_TAKE, ["nothing to take"])


# ---------------------------------------------------------------- R16, R17: the end of a bout


def test_R16_bito_once_every_attacker_who_could_add_has_passed():
    p = play(start(Rules(players=3), THREE, trump="♥", attacker=0), "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    q, events = p.play_events("P1 pass")
    assert events == [] and q.table_text() == "7♦/Q♦"          # P3 still holds a seven
    assert q.to_act() == 2
    q, events = q.play_events("P3 pass")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("bout", 1, 2)]


def test_R16_a_player_who_cannot_add_never_has_to_pass():
    p = start(Rules(players=3), ["7♦ 9♠", "Q♦ 8♠ A♥ K♥", "10♣ J♣"], trump="♥", attacker=0)
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("bout", 1, 2)]


def test_R16_the_bout_ends_at_once_when_the_defender_has_no_cards():
    # ZH: the defender covered everything and holds nothing: the bout ends although P1 holds a 7
    p = start(Rules(players=2), ["7♦ 7♣ 9♠", "8♦"], talon="6♠ 6♦ 6♣ 8♣ 9♣ 8♥", trump_card="8♥")
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with 8♦")
    assert ev(events) == [("bito", cs("7♦ 8♦")), ("draw", 0, 4), ("draw", 1, 2), ("bout", 1, 0)]
    assert q.table == () and popcount(q.hands[0]) == 6 and popcount(q.hands[1]) == 2


def test_R17_defended_cards_go_to_the_discard_and_the_defender_leads_next():
    p = start(Rules(players=3), ["7♦ 9♠ 6♣", "Q♦ 8♠ A♥ K♥", "10♣ J♣"], trump="♥", attacker=0)
    before = p.discard
    q = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    assert q.discard == before | CardSet.parse("7♦ Q♦").mask
    assert (q.leader, q.defender) == (1, 2) and q.to_act() == 1 and not q.taking
    assert not q.first_limit
    assert legal(q) == ["P2 attack 8♠", "P2 attack K♥", "P2 attack A♥"]


# ---------------------------------------------------------------- R18: taking the table


def test_R18_the_defender_picks_up_attack_and_cover_cards_and_loses_the_lead():
    p = start(Rules(players=3), ["7♦ 7♣ 9♠", "Q♦ 8♠ A♥ K♥", "10♣ J♣ 6♣"], trump="♥", attacker=0)
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 attack 7♣")
    q, events = p.play_events("P2 take")      # nobody holds a 7 or a Q: picked up at once
    assert ev(events) == [("pickup", 1, cs("7♦ Q♦ 7♣")), ("bout", 2, 0)]
    assert hand(q, 1) == cs("8♠ A♥ K♥ 7♦ Q♦ 7♣")
    assert CardSet(q.known[1]) == CardSet.parse("7♦ Q♦ 7♣"), "picked-up cards are public"
    assert (q.leader, q.defender) == (2, 0)


def test_R18_two_players_after_a_take_the_same_attacker_leads_again():
    # EX-KO-2: Q♥ thrown in, the defender takes, the attacker draws first and leads again
    p = start(Rules(players=2), ["7♦ Q♥ 8♠ 9♠ 10♠ J♠", "Q♦ 8♣ 9♣ 10♣ J♣ K♣"],
              talon="6♠ 6♦ A♣ 6♥", trump_card="6♥")
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 attack Q♥")
    assert legal(p, 1) == ["P2 take"]
    q, events = p.play_events("P2 take")
    assert ev(events) == [("pickup", 1, cs("7♦ Q♦ Q♥")), ("draw", 0, 2), ("bout", 0, 1)]
    assert (q.leader, q.defender) == (0, 1) and popcount(q.hands[1]) == 8


def test_R18_a_take_stands_after_a_throw_in():
    # the defender who has decided to take covers no more, even after new cards arrive
    p = start(Rules(players=3), ["7♦ 7♣ 9♠", "8♦ K♠ A♠", "7♠ 9♦"], trump="♥", attacker=0)
    p = play(p, "P1 attack 7♦", "P2 take", "P3 attack 7♠")
    assert p.taking
    assert legal(p) == ["P1 attack 7♣", "P1 pass", "P3 pass"]
    expect_illegal(p, "P2 cover 7♠ with K♠", Reason.ALREADY_TAKING)
    q, events = p.play_events("P1 attack 7♣")   # three uncovered against three cards: full
    assert ev(events) == [("pickup", 1, cs("7♠ 7♦ 7♣")), ("bout", 2, 0)]
    assert hand(q, 1) == cs("K♠ A♠ 7♠ 8♦ 7♦ 7♣")


def test_R18_attackers_may_throw_in_before_the_pickup_within_the_limit():
    p = start(Rules(players=3), ["7♦ 7♣ 9♠", "Q♦ 8♠", "7♠ 7♥ 6♣"], trump="♦", attacker=0)
    p = play(p, "P1 attack 7♦", "P2 take")
    assert p.room() == 1                         # P2 holds two cards, one uncovered already
    assert p.to_act() == 0 and seq_legal(p) == ["P1 attack 7♣", "P1 pass"]
    assert legal(p, 2) == ["P3 attack 7♠", "P3 attack 7♥", "P3 pass"]
    q, events = p.play_events("P3 attack 7♠")   # full: picked up at once, P1 keeps 7♣
    assert ev(events) == [("pickup", 1, cs("7♠ 7♦")), ("bout", 2, 0)]
    assert "7♣" in hand(q, 0)


def test_R18_seen_ranks_after_a_take_any_number_of_cards_of_ranks_seen():
    # EX-HE-TAKE: trump ♠, the defender holds 3 cards and the limit is the defender's hand
    r = rules("he_hand", players=3)
    p = start(r, ["6♦ 7♣ Q♥ 9♥", "7♦ Q♣ 8♥", "6♣ Q♠ 7♥ 6♥ A♥"], trump="♠", attacker=0)
    p = play(p, "P1 attack 6♦", "P3 attack 6♣", "P2 cover 6♦ with 7♦", "P2 cover 6♣ with Q♣", "P3 attack Q♠")
    assert p.room() == 0 and len(p.table) == 3
    expect_illegal(p, "P1 attack 7♣", Reason.DEFENDER_HAND_LIMIT)
    p = p.play("P2 take")
    assert p.taking and p.room() > 10
    # now the attackers add all their 6s, 7s and Qs, beyond the defender's hand
    p = play(p, "P1 attack 7♣", "P1 attack Q♥", "P3 attack 7♥")
    q, events = p.play_events("P3 attack 6♥")
    assert ev(events)[0] == ("pickup", 1, cs("6♦ 7♦ 6♣ Q♣ Q♠ 7♣ Q♥ 7♥ 6♥"))
    assert popcount(q.hands[1]) == 10 and hand(q, 0) == "9♥" and hand(q, 2) == "A♥"


def test_R18_after_take_none_the_defender_picks_up_at_once():
    r = Rules(players=3, after_take="none")
    p = start(r, ["7♦ 7♣ 9♠", "Q♦ 8♠ A♣", "7♠ 6♣"], trump="♥", attacker=0).play("P1 attack 7♦")
    q, events = p.play_events("P2 take")
    assert ev(events) == [("pickup", 1, "7♦"), ("bout", 2, 0)]


# ---------------------------------------------------------------- R19: drawing

ZH_HANDS = ["10♥ 8♠ Q♣ A♣ K♥ 6♦", "10♦ J♠ K♠ A♥ 6♣ 9♦", "8♣ A♠ K♣ 6♥ 9♣ J♦", "7♥ 6♠ J♣ 9♥ A♦ K♦"]
ZH_TALON = "7♠ 7♦ 7♣ 10♠ 10♣ J♥ 9♠"


def test_R19_draw_leader_first_then_clockwise_defender_last():
    # EX-ZH-BOUT shape: P4 attacks P1, P2 and P3 throw in, bito; P4, P2, P3 draw, P1 last
    p = start(Rules(players=4), ZH_HANDS, talon=ZH_TALON, trump_card="9♠", attacker=None)
    assert (p.leader, p.defender) == (3, 0)
    p = play(p, "P4 attack 7♥", "P1 cover 7♥ with 10♥", "P2 attack 10♦", "P1 cover 10♦ with 8♠",
             "P3 attack 8♣")
    assert p.talon == tuple(Card(c) for c in ZH_TALON.split()), "nobody draws during a bout"
    q, events = p.play_events("P1 cover 8♣ with Q♣")
    assert ev(events) == [("bito", cs("7♥ 10♥ 10♦ 8♠ 8♣ Q♣")), ("draw", 3, 1), ("draw", 1, 1),
                          ("draw", 2, 1), ("draw", 0, 3), ("bout", 0, 1)]
    assert [e.cards for e in events if e.kind == "draw"] == [
        (Card("7♠"),), (Card("7♦"),), (Card("7♣"),), (Card("10♠"), Card("10♣"), Card("J♥"))]
    assert q.talon == (Card("9♠"),) and [popcount(h) for h in q.hands] == [6, 6, 6, 6]


def test_R19_when_the_talon_runs_short_the_defender_goes_without():
    p = start(Rules(players=3), ["7♦ 9♠ 6♣", "Q♦ 8♠ A♥ K♥", "10♣ J♣"], talon="6♠ 8♥", trump_card="8♥",
              attacker=0)
    q, events = play(p, "P1 attack 7♦").play_events("P2 cover 7♦ with Q♦")
    # P1 (2 cards) takes both; P3 and P2 get nothing; the talon is empty, nobody is out yet
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("draw", 0, 2), ("bout", 1, 2)]
    assert q.talon == () and popcount(q.hands[0]) == 4


def test_R19_a_player_holding_six_or_more_draws_nothing():
    p = start(Rules(players=2), ["7♦ 8♠ 9♠ 10♠ J♠ A♠ K♠", "Q♦ 8♣ 9♣ 10♣ J♣ K♣"],
              talon="6♠ 6♦ A♣ 6♥", trump_card="6♥")
    q, events = play(p, "P1 attack 7♦").play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("draw", 1, 1), ("bout", 1, 0)]
    assert popcount(q.hands[0]) == 6


def test_R19_attack_order_draws_in_the_order_they_attacked():
    talon = "6♠ 10♠ J♠ Q♠ A♠ 6♥ 7♥ 9♥ 10♥ J♥ 6♦ 10♦ J♦ Q♦ K♦ 8♥"
    hands = ["7♦ 9♠ 9♦", "8♦ 8♠ 8♣ A♥ K♥", "7♣ 10♣ J♣", "7♠ Q♣ K♣"]
    moves = ["P1 attack 7♦", "P4 attack 7♠", "P3 attack 7♣", "P2 cover 7♦ with 8♦", "P2 cover 7♠ with 8♠"]
    p = play(start(Rules(players=4, draw_order="attack_order"), hands, talon=talon, trump_card="8♥"), *moves)
    assert p.attack_order == (0, 3, 2)
    _, events = p.play_events("P2 cover 7♣ with 8♣")
    assert [(e.seat, len(e.cards)) for e in events if e.kind == "draw"] == [(0, 4), (3, 4), (2, 4), (1, 4)]
    # the usual order is clockwise from the leader
    p = play(start(Rules(players=4), hands, talon=talon, trump_card="8♥"), *moves)
    _, events = p.play_events("P2 cover 7♣ with 8♣")
    assert [(e.seat, len(e.cards)) for e in events if e.kind == "draw"] == [(0, 4), (2, 4), (3, 4), (1, 4)]


def test_R19_round_FI_after_a_take_the_taker_draws_in_his_turn_clockwise():
    """FI: "Nostovuoro kiertää myötäpäivään. Torjutun hyökkäyksen jälkeen kaataja nostaa aina viimeisenä"
    (the draw goes round clockwise; after a repelled attack the defender always draws last)."""
    assert Rules.preset("finnish").draw_order is DrawOrder.ROUND
    assert Rules.preset("finnish_choice").draw_order is DrawOrder.ROUND
    assert Rules.preset("pairs").draw_order is DrawOrder.CLOCKWISE  # FI pairs name their own order (R26)
    assert "Nostovuoro kiertää myötäpäivään" in Rules.field_doc("draw_order")
    talon = "6♠ 10♠ J♠ Q♠ A♠ 6♥ 7♥ 9♥ 8♥"
    hands = ["7♦ 9♠ 9♦", "8♦ K♥", "7♣ 10♣ J♣", "7♠ Q♣ K♣"]
    r = Rules(players=4, draw_order="round")
    p = play(start(r, hands, talon=talon, trump_card="8♥", attacker=0), "P1 attack 7♦", "P2 take")
    q, events = p, []
    while q.table:
        q, more = q.play_events(f"P{q.to_act() + 1} pass")
        events += more
    # P2 took one card and holds 3: he draws in his turn, after P1 and before P3 and P4
    assert [(e.seat, len(e.cards)) for e in events if e.kind == "draw"] == [(0, 4), (1, 3), (2, 2)]
    # the usual order: the taker last, and the talon runs out before him
    p = play(start(Rules(players=4), hands, talon=talon, trump_card="8♥", attacker=0), "P1 attack 7♦", "P2 take")
    events = []
    while p.table:
        p, more = p.play_events(f"P{p.to_act() + 1} pass")
        events += more
    assert [(e.seat, len(e.cards)) for e in events if e.kind == "draw"] == [(0, 4), (2, 3), (3, 2)]
    # after a defence the defender still draws last
    long = "6♠ 10♠ J♠ Q♠ A♠ 6♥ 7♥ 9♥ 10♥ J♥ Q♥ 6♦ 10♦ J♦ Q♦ 8♥"
    d = play(start(r, hands, talon=long, trump_card="8♥", attacker=0), "P1 attack 7♦")
    q, events = d.play_events("P2 cover 7♦ with 8♦")
    while q.table:
        q, more = q.play_events(f"P{q.to_act() + 1} pass")
        events += more
    assert [(e.seat, len(e.cards)) for e in events if e.kind == "draw"] == [(0, 4), (2, 3), (3, 3), (1, 5)]


def test_R19_defender_first_doker_a_full_defence_draws_first():
    """HE doker: "אם אחד השחקנים שרף את כל הקלפים,חיב לקחת ראשון שישה קלפים מהקופה" (one who burned all
    the cards takes six cards from the talon first): after a bout he beat in full the defender draws first."""
    assert Rules.preset("doker").draw_order is DrawOrder.DEFENDER_FIRST
    talon = "6♠ 10♠ J♠ Q♠ 8♥"
    hands = ["7♦ 9♠", "8♦ K♥ 2♣", "7♣ 10♣ J♣"]
    r = Rules(players=3, deck=52, draw_order="defender_first")
    q, events = play(start(r, hands, talon=talon, trump_card="8♥", attacker=0), "P1 attack 7♦").play_events(
        "P2 cover 7♦ with 8♦")
    while q.table:
        q, more = q.play_events(f"P{q.to_act() + 1} pass")
        events += more
    assert [(e.seat, len(e.cards)) for e in events if e.kind == "draw"] == [(1, 4), (0, 1)]
    # after a take the defender draws last, as usual
    p = play(start(r, hands, talon=talon, trump_card="8♥", attacker=0), "P1 attack 7♦", "P2 take")
    events = []
    while p.table:
        p, more = p.play_events(f"P{p.to_act() + 1} pass")
        events += more
    assert [(e.seat, len(e.cards)) for e in events if e.kind == "draw"][0][0] == 0
    with pytest.raises(KernelUnsupported, match="defender_first"):
        check_rules(r)


def test_R19_equal_draw_makes_hands_as_equal_as_possible():
    talon = "6♠ 6♦ 6♣ 8♥"
    hands = ["7♦ 9♠ 10♠", "Q♦ K♦ J♦ A♥ K♥ 8♠", "10♣ J♣ 9♣ K♣"]
    p = play(start(Rules(players=3, draw_order="equal"), hands, talon=talon, trump_card="8♥"), "P1 attack 7♦")
    q, events = p.play_events("P2 cover 7♦ with Q♦")
    # P1 has 2, P3 4, P2 5: P1 gets 2, then P1 (first in order) and P3 one each
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("draw", 0, 3), ("draw", 2, 1), ("bout", 1, 2)]
    assert [popcount(h) for h in q.hands] == [5, 5, 5]
