"""The end of the game: out, durak, draws (R28, R29) and the mistakes of R31.

R30 (counting durak games over a match) is not a rule of one position: it
belongs to the match module and its own tests.
"""

from durak_lab.engine.errors import Reason
from durak_lab.engine.game import Game
from durak_lab.engine.rules import Rules, Tie

from helpers import assert_result_consistent, cs, ev, expect_illegal, legal, play, seq_legal, start


# ---------------------------------------------------------------- R28


def test_R28_with_the_talon_empty_a_player_without_cards_is_out_and_skipped():
    p = start(Rules(players=3), ["7♦", "Q♦ 8♠ 9♣", "10♣ J♣ 6♠"], trump="♥", attacker=0)
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("out", 0), ("bout", 1, 2)]
    assert q.result is None and q.active_seats() == [1, 2]
    # P3 takes: the lead would pass to P3's left, P1, who is out, so P2 leads again against P3
    q, events = q.play("P2 attack 8♠").play_events("P3 take")
    assert ev(events) == [("pickup", 2, "8♠"), ("bout", 1, 2)]
    assert legal(q, 0) == [] and q.to_act() == 1


def test_R28_while_the_talon_lasts_an_empty_hand_draws_again():
    p = start(Rules(players=2), ["7♦", "Q♦ 8♠ 9♣"], talon="6♠ 6♦ 6♣ 8♥", trump_card="8♥")
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("draw", 0, 4), ("bout", 1, 0)]
    assert q.result is None and len(q.hand(0)) == 4


def test_R28_the_last_player_holding_cards_is_durak():
    p = start(Rules(players=3), ["7♦", "Q♦ 8♠", ""], trump="♥", attacker=0)
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("out", 0), ("over", (1,))]
    assert q.result == (1,) and q.is_over and q.result_text() == "P2 is durak"
    assert q.to_act() is None and q.legal_moves() == [] and q.sequential_moves() == []
    assert_result_consistent(q)


def test_R28_two_players_the_first_to_empty_the_hand_wins():
    # KO: P1 plays the last card; P2 cannot beat it and takes: P1 is out, P2 the durak
    p = start(Rules(players=2), ["A♥", "Q♦ 8♠"], trump="♥", attacker=0).play("P1 attack A♥")
    assert legal(p) == ["P2 take"]
    q, events = p.play_events("P2 take")
    assert ev(events) == [("pickup", 1, "A♥"), ("out", 0), ("over", (1,))]
    assert q.result == (1,)


def test_R28_nothing_can_be_played_once_the_game_is_over():
    p = start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", attacker=0)
    q = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    assert q.is_over
    expect_illegal(q, "P2 attack 8♠", Reason.GAME_OVER, ["over"])
    g = Game(q)
    assert g.is_over and g.result == (1,) and g.legal_moves() == []
    assert "durak" in repr(g)


# ---------------------------------------------------------------- R29


def test_R29_last_cards_go_at_once_no_durak():
    # the last defender covers the last attack card with their last card
    p = start(Rules(players=2), ["7♦", "Q♦"], trump="♥", attacker=0).play("P1 attack 7♦")
    q, events = p.play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("out", 0), ("out", 1), ("over", ())]
    assert q.result == () and q.is_over and q.result_text() == "draw: nobody is durak"
    assert events[-1].text() == "game over: a draw, there is no durak"
    assert_result_consistent(q)


def test_R29_three_players_a_draw_between_the_last_two():
    p = start(Rules(players=3), ["7♦ 8♠", "Q♦", "6♠"], trump="♥", attacker=0)
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    # P2 is out (talon empty); P1 and P3 go on, P3 leading as the next player after P2
    assert p.result is None and p.active_seats() == [0, 2]
    assert (p.leader, p.defender) == (2, 0)
    q, events = p.play("P3 attack 6♠").play_events("P1 cover 6♠ with 8♠")
    assert ev(events) == [("bito", cs("6♠ 8♠")), ("out", 0), ("out", 2), ("over", ())]
    assert q.result == ()


def test_R28_three_players_the_last_one_holding_cards_is_durak():
    p = start(Rules(players=3), ["7♦ 8♠", "Q♦", "10♣ 6♠"], trump="♥", attacker=0)
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦")
    q, events = p.play("P3 attack 6♠").play_events("P1 cover 6♠ with 8♠")
    # P1 covered with the last card; P3 still holds 10♣ and nothing to add: P3 is durak
    assert ev(events) == [("bito", cs("6♠ 8♠")), ("out", 0), ("over", (2,))]
    assert q.result == (2,)


def test_R29_all_durak_variant_the_last_ones_are_all_durak():
    r = Rules(players=2, tie="all_durak")
    assert r.tie is Tie.ALL_DURAK
    p = start(r, ["7♦", "Q♦"], trump="♥", attacker=0).play("P1 attack 7♦")
    q, events = p.play_events("P2 cover 7♦ with Q♦")
    assert ev(events)[-1] == ("over", (0, 1))
    assert q.result == (0, 1) and q.result_text() == "P1 and P2 are durak"


def test_R28_R29_first_out_KO_the_first_to_empty_the_hand_wins_a_simultaneous_finish():
    """KO: "가장 먼저 카드를 모두 비운 사람 또는 팀이 승리한다" (whoever first emptied all their cards
    wins): P1 laid his last card first, P2 beat it with his last: P2 is the durak, not a draw."""
    r = Rules(players=2, tie="first_out")
    assert r.tie is Tie.FIRST_OUT and "가장 먼저" in Rules.field_doc("tie")
    p = start(r, ["7♦", "Q♦"], trump="♥", attacker=0).play("P1 attack 7♦")
    q, events = p.play_events("P2 cover 7♦ with Q♦")
    assert ev(events) == [("bito", cs("7♦ Q♦")), ("out", 0), ("out", 1), ("over", (1,))]
    assert q.result == (1,) and q.result_text() == "P2 is durak"
    assert_result_consistent(q)
    # three players: P1 and P3 laid their last cards before P2 beat the last one
    r3 = Rules(players=3, tie="first_out")
    p3 = start(r3, ["7♦", "Q♦ 8♥", "7♣"], trump="♥", attacker=0)
    q3 = play(p3, "P1 attack 7♦", "P3 attack 7♣", "P2 cover 7♦ with Q♦", "P2 cover 7♣ with 8♥")
    assert q3.result == (1,)
    # not a simultaneous finish: the rule changes nothing (R28)
    s = start(r, ["7♦ 9♠", "Q♦"], trump="♥", attacker=0)
    assert play(s, "P1 attack 7♦", "P2 cover 7♦ with Q♦").result == (0,)


def test_R29_first_out_the_kernel_and_the_solver_refuse_it():
    import pytest

    from durak_lab.analysis.solver.model import check_rules_domain
    from durak_lab.engine.errors import KernelUnsupported, SolverDomainError
    from durak_lab.engine.kernel import check_rules

    with pytest.raises(KernelUnsupported, match="first_out"):
        check_rules(Rules(players=2, tie="first_out"))
    with pytest.raises(SolverDomainError, match="first_out"):
        check_rules_domain(Rules(players=2, tie="first_out"))


def test_R29_all_durak_counts_only_players_still_in_the_bout():
    r = Rules(players=3, tie="all_durak")
    p = start(r, ["7♦", "Q♦", ""], trump="♥", attacker=0).play("P1 attack 7♦")
    q, events = p.play_events("P2 cover 7♦ with Q♦")
    assert q.result == (0, 1), "P3 was out before the bout and is safe"


# ---------------------------------------------------------------- R31


def test_R31_wrong_cover_is_rejected():
    p = start(Rules(players=2), ["7♦ 9♠", "6♦ 8♦ 6♥ 9♣"], trump="♥", attacker=0).play("P1 attack 7♦")
    err = expect_illegal(p, "P2 cover 7♦ with 6♦", Reason.DOES_NOT_BEAT, ["6♦", "7♦"])
    assert "higher diamond" in err.message and "(♥)" in err.message
    expect_illegal(p, "P2 cover 7♦ with 9♣", Reason.DOES_NOT_BEAT, ["9♣", "7♦"])
    assert seq_legal(p) == ["P2 cover 7♦ with 6♥", "P2 cover 7♦ with 8♦", "P2 take"]


def test_R31_a_rank_not_on_the_table_is_rejected():
    # EX-HE-PUSH under the normal rules: 52 cards, trump ♥, A attacks B with 7♦, B covers with J♦,
    # C's Q♦ is refused (no Q on the table)
    r = Rules(deck=52, players=4)
    p = start(r, ["7♦ 7♠ 5♠", "J♦ 3♥ 2♣", "Q♦ 4♣", "9♣ 8♣"], trump="♥", attacker=0)
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with J♦")
    assert p.table_text() == "7♦/J♦"         # P1 still holds 7♠: the bout is open
    err = expect_illegal(p, "P3 attack Q♦", Reason.RANK_NOT_ON_TABLE, ["no Q", "7, J"])
    assert str(err).startswith("P3 attack Q♦: ")
