"""Pushing durak (HE "דוראק דחיפות", Rules.pushing): any card may be laid; the defender may challenge
a card that breaks R12 before covering it (it goes back to its owner); once covered it stands (R12, R31).
"""

import random

import pytest

from durak_lab.engine.cards import Card, CardSet
from durak_lab.engine.errors import IllegalMoveError, Reason, RulesError
from durak_lab.engine.game import Game
from durak_lab.engine.kernel import KernelUnsupported, check_rules
from durak_lab.engine.moves import CHALLENGE, KINDS, Move, challenge
from durak_lab.engine.records import load_example, load_record, replay
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

P1, P2, P3, P4 = 0, 1, 2, 3

# EX-HE-PUSH's start: 52 cards, trump ♥, A attacks B
HANDS = ["2♠ A♠ 5♦ 7♦ 9♣ K♣", "4♠ 10♠ Q♠ 3♥ J♦ 8♣", "9♠ 6♥ 2♦ Q♦ 3♣ J♣", "5♠ 10♥ 8♦ K♦ 7♣ A♣"]


def start(preset="pushing"):
    rules = Rules.preset(preset, deck=52, players=4)
    return Position.start(rules, HANDS, talon="6♣ 2♣ 4♥", trump_card="4♥", discard="rest", attacker=P1)


def pushed():
    """A leads 7♦, B covers with J♦, C pushes Q♦ (EX-HE-PUSH)."""
    return start().play("P1 attack 7♦").play("P2 cover 7♦ with J♦").play("P3 attack Q♦")


# ---------------------------------------------------------------- the option and the move
def test_R12_pushing_preset_and_its_validation():
    r = Rules.preset("pushing")
    assert r.pushing and r.throw_in.value == "all" and not r.transfer
    assert Rules.field_rule("pushing") == "R12"
    assert "דוראק דחיפות" in Rules.field_doc("pushing")
    assert not Rules().pushing  # the normal rules: off
    for bad in ({"transfer": True}, {"throw_in": "by_turns"}, {"throw_in": "none"}):
        with pytest.raises(RulesError, match="pushing"):
            Rules.preset("pushing", **bad)
    with pytest.raises(RulesError, match="pushing"):
        Rules(pushing="yes")


def test_R31_challenge_move_text_round_trips():
    m = Move.parse("p2 CHALLENGE qd")
    assert m == challenge(P2, "Q♦") and str(m) == "P2 challenge Q♦" and m.kind == CHALLENGE
    assert KINDS[-1] == CHALLENGE
    assert Move.parse(str(m)) == m
    from durak_lab.engine.errors import MoveTextError
    for bad in ("P2 challenge", "P2 challenge Q♦ 3♥"):
        with pytest.raises(MoveTextError):
            Move.parse(bad)


# ---------------------------------------------------------------- the source's example
def test_EX_HE_PUSH_normal_rules_still_reject_the_queen_R12():
    result = replay(load_example("EX-HE-PUSH"))
    assert result.ok and result.rejected.reason is Reason.RANK_NOT_ON_TABLE
    p = start("classic").play("P1 attack 7♦").play("P2 cover 7♦ with J♦")
    assert p.why_illegal("P3 attack Q♦").reason is Reason.RANK_NOT_ON_TABLE
    assert p.why_illegal("P2 challenge 7♦").reason is Reason.CHALLENGE_OFF
    assert not [m for m in p.legal_moves() if m.kind == CHALLENGE]
    assert p.pushed_cards() == []


def test_EX_HE_PUSH_HOUSE_covered_pushed_queen_stands_and_its_ranks_count_R12():
    result = replay(load_example("EX-HE-PUSH-HOUSE"))
    assert result.ok and result.stopped_at is None
    p = result.position
    assert p.table_text() == "7♦/J♦ Q♦/3♥ 3♣"
    assert p.pushed_cards() == []  # the 3♣ follows the rules: a 3 stands
    q = pushed().play("P2 cover Q♦ with 3♥")
    ranks = {c.rank for c in CardSet(q.standing_ranks() & q.table_cards())}
    assert ranks == {7, 11, 12, 3}  # queens and 3s now count as on the table
    assert q.why_illegal("P2 challenge Q♦").reason is Reason.CHALLENGE_NOT_UNCOVERED
    assert q.why_illegal("P2 challenge Q♦").facts["case"] == "covered"
    # under the normal rules the same table lets C throw in the 3♣ too
    assert Position.start(Rules.preset("classic", deck=52, players=4), HANDS, talon="6♣ 2♣ 4♥",
                          trump_card="4♥", discard="rest", attacker=P1) is not None


def test_EX_HE_PUSH_CHALLENGE_queen_goes_back_to_C_face_up_R31():
    result = replay(load_example("EX-HE-PUSH-CHALLENGE"))
    assert result.ok
    p = result.position
    assert p.table_text() == "7♦/J♦"
    assert Card("Q♦") in p.hand(P3) and Card("Q♦") in CardSet(p.known[P3])  # public now
    # the one consequence HE names: C picks it up; C keeps his rights under R12 (he has not passed)
    assert not p.passed >> P3 & 1
    assert p.sent_back == CardSet.parse("Q♦").mask
    err = p.why_illegal("P3 attack Q♦")  # but the Q♦ may not be pushed again in this bout
    assert err.reason is Reason.PUSH_SENT_BACK and err.facts["card"] == Card("Q♦")


def test_R31_challenge_returns_the_card_and_conserves_cards():
    p = pushed()
    assert p.pushed_cards() == [Card("Q♦")]
    assert challenge(P2, "Q♦") in p.legal_moves(P2)
    q = p.play("P2 challenge Q♦")
    assert len(q.hand(P3)) == 6 and q.table_text() == "7♦/J♦"
    assert q.defender == P2 and not q.taking
    total = sum(len(q.hand(s)) for s in range(4)) + len(q.talon) + len(CardSet(q.discard)) + 2
    assert total == 52


def test_R31_illegal_challenges_are_refused_and_the_game_is_unchanged():
    g = Game(pushed())
    before = g.position
    cases = {
        "P3 challenge Q♦": Reason.CHALLENGE_NOT_DEFENDER,  # not the defender
        "P2 challenge 7♦": Reason.CHALLENGE_NOT_UNCOVERED,  # covered
        "P2 challenge A♥": Reason.CHALLENGE_NOT_UNCOVERED,  # not on the table
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMoveError) as err:
            g.play(text)
        assert err.value.reason is reason and err.value.facts
        assert g.position is before
    # a card that follows the rules may not be sent back
    p = pushed().play("P4 attack 7♣")
    err = p.why_illegal("P2 challenge 7♣")
    assert err.reason is Reason.CHALLENGE_CARD_STANDS and err.facts["ranks"] == (7, 11)
    # too late once the defender takes
    t = pushed().play("P2 take")
    assert t.why_illegal("P2 challenge Q♦").reason is Reason.CHALLENGE_TAKING


def test_R12_the_owner_of_a_sent_back_card_keeps_his_throw_ins():
    """HE names one consequence of a challenge, "להרים אותה חזרה ליד" (pick it back up): C is not made
    to pass; he may throw in a jack (a jack stands), push another card, or pass (R12)."""
    p = pushed().play("P2 challenge Q♦")
    mine = {str(m) for m in p.legal_moves(P3)}
    assert {"P3 attack J♣", "P3 attack 9♠", "P3 pass"} <= mine and "P3 attack Q♦" not in mine
    q = p.play("P3 attack J♣")
    assert q.table_text() == "7♦/J♦ J♣" and q.pushed_cards() == []


def test_R12_a_sent_back_card_comes_back_once_its_rank_stands():
    p = pushed().play("P2 challenge Q♦").play("P3 attack 9♠")  # another push
    assert p.why_illegal("P3 attack Q♦").reason is Reason.PUSH_SENT_BACK
    q = p.play("P2 cover 9♠ with Q♠")  # the covered pair 9♠/Q♠ stands: queens are on the table
    assert q.is_legal("P3 attack Q♦") and q.sent_back  # by the rules now, not a push
    r = q.play("P3 attack Q♦")
    assert r.pushed_cards() == []
    assert r.why_illegal("P2 challenge Q♦").reason is Reason.CHALLENGE_CARD_STANDS


def test_R12_two_players_a_challenge_does_not_end_the_bout():
    """With two players the attacker who pushed is the only one to throw in: after the challenge he
    still throws in by R12, and the bout ends only when he passes or can add nothing."""
    rules = Rules.preset("pushing", players=2, deck=52)
    p = Position.start(rules, ["7♦ Q♦ J♣ 9♠", "J♦ 3♥ 8♣ K♠"], trump="♥", discard="rest", attacker=P1)
    p = p.play("P1 attack 7♦").play("P2 cover 7♦ with J♦").play("P1 attack Q♦").play("P2 challenge Q♦")
    assert p.table_text() == "7♦/J♦" and p.to_act() == P1 and not p.is_over
    assert {str(m) for m in p.sequential_moves()} == {"P1 attack J♣", "P1 attack 9♠", "P1 pass"}
    assert p.play("P1 attack J♣").table_text() == "7♦/J♦ J♣"
    bito = p.play("P1 pass")  # he may end it himself
    assert bito.table_text() == "" and bito.leader == P2 and bito.sent_back == 0


def test_R12_sent_back_cards_in_the_position_text_and_the_view():
    p = pushed().play("P2 challenge Q♦")
    text = str(p)
    assert " back=Q♦" in text and Position.parse(text) == p
    assert p.view(P4).sent_back == p.sent_back
    assert Position.parse(str(pushed())).sent_back == 0  # nothing sent back: no field
    from durak_lab.text import learner_reason
    words = learner_reason(p.why_illegal("P3 attack Q♦"))
    assert "Q♦" in words and "queen" in words and "R12" not in words


def test_R12_a_lead_card_stands_and_cannot_be_challenged():
    p = start().play("P1 attack 7♦")
    err = p.why_illegal("P2 challenge 7♦")
    assert err.reason is Reason.CHALLENGE_CARD_STANDS and err.facts["case"] == "lead"


def test_R12_a_pushed_card_lapses_no_pass_but_a_cover_does():
    p = start().play("P1 attack 7♦").play("P2 cover 7♦ with J♦").play("P1 pass")
    assert p.passed >> P1 & 1
    q = p.play("P3 attack Q♦")  # a push adds no rank: A's pass stands
    assert q.passed >> P1 & 1
    r = q.play("P2 cover Q♦ with 3♥")  # a cover lapses every pass (R16)
    assert not r.passed >> P1 & 1


def test_R13_pushed_cards_count_against_the_bout_limit():
    p = start().play("P1 attack 7♦")
    # the defender holds 6 cards: at most 6 uncovered (R13 current)
    for text in ("P3 attack 9♠", "P4 attack 5♠", "P3 attack 2♦", "P4 attack 8♦", "P1 attack 2♠"):
        p = p.play(text)
    err = p.why_illegal("P3 attack 6♥")
    assert err is not None and err.reason in (Reason.BOUT_LIMIT, Reason.DEFENDER_HAND_LIMIT)


def test_R12_after_a_take_throw_ins_follow_the_normal_rule():
    t = pushed().play("P2 take")
    assert t.why_illegal("P4 attack 5♠").reason is Reason.RANK_NOT_ON_TABLE
    assert t.is_legal("P4 attack 7♣")


def test_R12_normal_rules_unchanged_by_the_option():
    p = start("classic").play("P1 attack 7♦").play("P2 cover 7♦ with J♦")
    assert {str(m) for m in p.legal_moves(P3)} == {"P3 attack J♣", "P3 pass"}


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_R31_random_games_end_with_pushes_and_challenges(players):
    rules = Rules.preset("pushing", players=players)
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        p = Position.deal(rules, rng)
        for _ in range(5000):
            if p.is_over:
                break
            ms = p.sequential_moves()
            m = ms[int(rng.random() * len(ms))]
            if m.kind == CHALLENGE:
                seen.add("challenge")
            p = p.play(m)
        assert p.is_over
    assert "challenge" in seen


def test_R31_a_record_with_a_challenge_round_trips():
    rec = load_example("EX-HE-PUSH-CHALLENGE")
    again = load_record(rec.dump())
    assert again == rec and "P2 challenge Q♦" in rec.dump()


def test_kernel_refuses_pushing():
    with pytest.raises(KernelUnsupported, match="pushing"):
        check_rules(Rules.preset("pushing"))


def test_solver_refuses_pushing_and_the_observer_draws_no_R12_rule_facts():
    from durak_lab.analysis.inference.evidence import observe
    from durak_lab.analysis.solver.model import check_domain
    from durak_lab.engine.errors import SolverDomainError

    p = Position.start(Rules.preset("pushing"), ["7♦ 9♠", "J♦ 8♣"], trump="♥", discard="rest", attacker=0)
    with pytest.raises(SolverDomainError, match="pushing"):
        check_domain(p)
    t = observe(load_example("EX-HE-PUSH-CHALLENGE"), seat=1)
    assert not [f for f in t.facts if f.kind in ("lacks", "has")]  # any card may be laid: no rank facts


@pytest.mark.parametrize("name", ["random", "tips", "endgame"])
def test_R31_bots_play_whole_games_of_pushing_durak(name):
    from durak_lab.bots import BOTS, play_game

    rules = Rules.preset("pushing", players=3)
    for seed in range(2):
        res = play_game(rules, [BOTS[name]() for _ in range(3)], seed)
        assert res.game().is_over


def test_R31_the_tips_bot_sends_a_pushed_card_back_and_never_pushes():
    from durak_lab.bots import TipsBot
    from durak_lab.engine.view import view_of

    p = pushed()
    assert TipsBot().choose(view_of(p, P2), random.Random(0)) == challenge(P2, "Q♦")
    q = pushed().play("P2 challenge Q♦")  # C waits; D to think: 5♠ 8♦ K♦ 7♣ A♣, only the 7♣ stands
    m = TipsBot().choose(view_of(q, P4), random.Random(0))
    assert m.kind == "pass" or m.cards[0].rank in (7, 11)


def test_R31_challenge_typed_at_the_table():
    from durak_lab.session.shorthand import read_move, short_form

    p = pushed()
    v = p.view(P2)
    assert read_move("challenge qd", v) == challenge(P2, "Q♦")
    assert short_form(challenge(P2, "Q♦"), v) == "challenge Q♦"


def test_R31_the_sampler_keeps_a_sent_back_card_with_its_owner():
    from durak_lab.analysis.sampling import sample_worlds
    from durak_lab.engine.view import view_of

    p = load_example("EX-HE-PUSH-CHALLENGE").game_after(4).position
    worlds = sample_worlds(view_of(p, P2), 8, random.Random(1))
    assert all(Card("Q♦") in w.hand(P3) for w in worlds)  # public once sent back


def test_R31_the_sampled_posterior_runs_on_pushing_durak():
    from durak_lab.analysis.inference import EpsilonModel, sampled_posterior

    g = Game.deal(Rules.preset("pushing", players=4), seed=4)
    rng = random.Random(4)
    while not g.is_over and len(g) < 40:
        ms = g.legal_moves()
        g.play(ms[rng.randrange(len(ms))])
    post = sampled_posterior(g, 1, EpsilonModel("1/5"), n=50, rng=random.Random(1))
    for dist in post.trump_counts().values():
        assert sum(dist.values()) == pytest.approx(1)
