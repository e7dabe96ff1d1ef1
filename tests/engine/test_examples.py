"""The worked examples EX-… of the rules digest, shipped as records in durak_lab/engine/examples/.

Every example replays with no unexpected outcome, and the concrete facts its
source text states hold move by move (rule ids in the test names).
"""

import json
from importlib.resources import files
from pathlib import Path

import pytest

from durak_lab.engine.cards import Card, CardSet, HEARTS, SPADES, DIAMONDS, CLUBS
from durak_lab.engine.errors import Reason
from durak_lab.engine.moves import ATTACK, COVER, TRANSFER, Move
from durak_lab.engine.records import example_ids, load_example, load_record, replay

REPO = Path(__file__).resolve().parents[2]
# The four source texts, when a copy of the shared folder sits beside the repository.
SOURCES = REPO.parent / "shared" / "sources"
SOURCE_FILES = {"HE": "000_", "KO": "001_", "ZH": "002_", "FI": "003_"}

MUST = ["EX-KO-DEAL", "EX-KO-1", "EX-KO-2", "EX-ZH-OPEN", "EX-ZH-BOUT", "EX-HE-BOUT", "EX-HE-TAKE",
        "EX-HE-TRANSFER", "EX-HE-PUSH", "EX-HE-SIMPLE", "EX-FI-PAIRS"]

P1, P2, P3, P4 = 0, 1, 2, 3


def raw(ex_id):
    return json.loads((files("durak_lab.engine") / "examples" / f"{ex_id}.json").read_text(encoding="utf-8"))


def run(ex_id):
    result = replay(load_example(ex_id))
    assert result.ok, result.problem
    return result


def kinds(events):
    return [e.kind for e in events]


def draw_seats(events):
    return [e.seat for e in events if e.kind == "draw"]


# ------------------------------------------------------------ every example
def test_all_digest_examples_are_shipped():
    assert set(MUST) <= set(example_ids())


@pytest.mark.parametrize("ex_id", example_ids())
def test_example_replays_as_recorded(ex_id):
    result = replay(load_example(ex_id))
    assert result.ok, result.problem
    assert result.moves_applied >= 1
    # a replay stops only at a move marked illegal, and that is the last move
    if result.stopped_at is not None:
        assert result.stopped_at == len(result.record.moves) - 1
        assert result.record.moves[result.stopped_at].illegal
        assert result.rejected is not None


@pytest.mark.parametrize("ex_id", example_ids())
def test_example_is_documented(ex_id):
    rec = load_example(ex_id)
    assert rec.id == ex_id
    assert rec.title.startswith(ex_id + " — ")
    assert rec.description
    assert rec.source["id"] in SOURCE_FILES
    assert rec.source.get("section")
    assert rec.source.get("quote")
    assert rec.rule_ids
    assert rec.moves and all(m.say for m in rec.moves), "every move needs its narration"


@pytest.mark.parametrize("ex_id", example_ids())
def test_example_quote_is_verbatim_from_its_source(ex_id):
    if not SOURCES.is_dir():
        pytest.skip("the source texts are not beside the repository")
    src = load_example(ex_id).source
    (path,) = SOURCES.glob(SOURCE_FILES[src["id"]] + "*.txt")
    text = path.read_text(encoding="utf-8")
    quotes = src["quote"] if isinstance(src["quote"], list) else [src["quote"]]
    for quote in quotes:
        assert quote in text


@pytest.mark.parametrize("ex_id", example_ids())
def test_example_round_trips(ex_id):
    rec = load_example(ex_id)
    again = load_record(rec.dump())
    assert again == rec
    assert again.dump() == rec.dump()


# ------------------------------------------------------------ KO
def test_ex_ko_deal_holder_of_trump_six_leads_and_shows_it_R7():
    assert "attacker" not in raw("EX-KO-DEAL")["start"]  # the engine finds the leader (R7)
    rec = load_example("EX-KO-DEAL")
    p = rec.start
    assert rec.rules.players == 2 and rec.rules.deck == 36
    assert p.trump_card == Card("9♥") and p.talon[-1] == Card("9♥") and p.trump == HEARTS
    six = Card("6♥")
    holder = next(s for s in range(2) if six in p.hand(s))
    assert p.leader == holder and p.defender == 1 - holder
    assert six in CardSet(p.known[holder])  # shown: public knowledge
    assert not p.known[1 - holder]
    assert rec.moves[0].move.seat == holder and rec.moves[0].move.kind == ATTACK
    assert run("EX-KO-DEAL").position.table_text() == "7♦"


def test_ex_ko_1_cover_by_higher_card_of_suit_R11():
    result = run("EX-KO-1")
    assert result.record.start.trump == HEARTS
    assert [str(s.move) for s in result.steps] == ["P2 attack 7♦", "P1 cover 7♦ with Q♦"]
    assert result.steps[-1].table == "7♦/Q♦"
    assert result.events() == []  # the bout goes on: the attacker holds a Q


def test_ex_ko_2_defender_cannot_beat_trump_queen_takes_R11_R15():
    result = run("EX-KO-2")
    before_take = result.steps[2].position
    assert before_take.table_text() == "7♦/Q♦ Q♥"
    assert not [m for m in before_take.legal_moves(P1) if m.kind == COVER]  # no card to defend
    last = result.steps[-1]
    assert str(last.move) == "P1 take"
    assert last.events[0].kind == "pickup" and last.events[0].seat == P1
    assert set(last.events[0].cards) == {Card("7♦"), Card("Q♦"), Card("Q♥")}


def test_ex_ko_2_attacker_draws_first_and_leads_again_R18_R19():
    result = run("EX-KO-2")
    events = result.steps[-1].events
    assert kinds(events) == ["pickup", "draw", "bout"]
    assert draw_seats(events) == [P2]           # the attacker first; P1 holds 8 and draws nothing
    assert len(events[1].cards) == 2
    p = result.position
    assert len(p.hand(P2)) == 6 and len(p.hand(P1)) == 8
    assert (events[-1].seat, events[-1].other) == (P2, P1)  # the same attacker leads again (KO)
    assert (p.leader, p.defender) == (P2, P1)


# ------------------------------------------------------------ ZH
def test_ex_zh_open_lowest_trump_leads_against_left_neighbour_R7_R9():
    assert "attacker" not in raw("EX-ZH-OPEN")["start"]
    rec = load_example("EX-ZH-OPEN")
    p = rec.start
    assert rec.rules.players == 4 and p.trump_card == Card("9♠") and p.trump == SPADES
    assert Card("6♠") in p.hand(P4)
    assert (p.leader, p.defender) == (P4, P1)
    assert Card("6♠") in CardSet(p.known[P4])
    assert str(rec.moves[0].move) == "P4 attack 7♥"


def test_ex_zh_bout_moves_of_the_text_R11_R12():
    result = run("EX-ZH-BOUT")
    assert [str(s.move) for s in result.steps] == [
        "P4 attack 7♥", "P1 cover 7♥ with 10♥", "P2 attack 10♦", "P1 cover 10♦ with 8♠",
        "P3 attack 8♣", "P1 cover 8♣ with Q♣"]
    assert result.steps[-2].table == "7♥/10♥ 10♦/8♠ 8♣"
    # P1 holds no diamond above the 10 when covering the 10♦ with a trump
    before = result.steps[2].position
    assert not [c for c in before.hand(P1) if c.suit == DIAMONDS and c.rank > 10]
    # nothing happens by itself before the last cover
    assert all(not s.events for s in result.steps[:-1])


def test_ex_zh_bout_bito_then_draw_order_P4_P2_P3_P1_R17_R19():
    result = run("EX-ZH-BOUT")
    events = result.steps[-1].events
    assert kinds(events) == ["bito", "draw", "draw", "draw", "draw", "bout"]
    assert set(events[0].cards) == set(CardSet.parse("7♥ 10♥ 10♦ 8♠ 8♣ Q♣"))
    assert draw_seats(events) == [P4, P2, P3, P1]
    assert [len(e.cards) for e in events if e.kind == "draw"] == [1, 1, 1, 3]
    assert (events[-1].seat, events[-1].other) == (P1, P2)  # P1 leads next, against P2
    p = result.position
    assert all(len(p.hand(s)) == 6 for s in range(4))
    assert len(CardSet(p.discard)) == 6 and len(p.talon) == 6


def test_ex_zh_bout_nobody_could_throw_in_again_R16():
    result = run("EX-ZH-BOUT")
    before_last = result.steps[-2].position
    ranks = {7, 10, 8, 12}
    for seat in (P2, P3, P4):
        assert not [c for c in before_last.hand(seat) if c.rank in ranks], seat


# ------------------------------------------------------------ HE
def test_ex_he_bout_throw_ins_of_ranks_on_table_and_bout_stays_open_R11_R12():
    result = run("EX-HE-BOUT")
    p = result.position
    assert result.record.start.trump == HEARTS and result.record.rules.players == 3
    assert p.table_text() == "6♦/10♦ 10♥/Q♥"
    assert (p.leader, p.defender) == (P1, P2)
    assert result.events() == []
    throw_ins = [m for m in p.legal_moves() if m.kind == ATTACK]
    assert throw_ins and {m.seat for m in throw_ins} <= {P1, P3}
    assert all(m.cards[0].rank in (6, 10, 12) for m in throw_ins)


def test_ex_he_take_limit_is_defenders_hand_at_bout_start_R13():
    result = run("EX-HE-TAKE")
    rec = result.record
    assert rec.rules.hand_limit.value == "bout_start" and rec.start.trump == SPADES
    assert len(rec.start.hand(P2)) == 3 and (rec.start.leader, rec.start.defender) == (P1, P2)
    full = result.steps[4].position  # after the Q♠: three attack cards, as many as P2 held
    assert full.table_text() == "6♦/7♦ 6♣/Q♣ Q♠"
    err = full.why_illegal(Move.parse("P3 attack 7♣"))
    assert err is not None and err.reason is Reason.DEFENDER_HAND_LIMIT


def test_ex_he_take_attackers_add_all_matching_cards_after_take_R15_R18():
    result = run("EX-HE-TAKE")
    assert str(result.steps[5].move) == "P2 take"
    added = [s.move for s in result.steps[6:]]
    assert all(m.kind == ATTACK and m.cards[0].rank in (6, 7, 12) for m in added)
    last = result.steps[-1].events
    assert kinds(last) == ["pickup", "bout"]
    assert len(last[0].cards) == 9 and last[0].seat == P2
    p = result.position
    for seat in (P1, P3):  # no 6, 7 or Q left with the attackers
        assert not [c for c in p.hand(seat) if c.rank in (6, 7, 12)]
    assert len(p.hand(P2)) == 10
    assert (p.leader, p.defender) == (P3, P1)  # the defender's left neighbour leads (R18)


def test_ex_he_transfer_passes_attack_to_next_player_R20_R22():
    result = run("EX-HE-TRANSFER")
    rec = result.record
    assert rec.rules.transfer and rec.rules.players == 4
    assert rec.start.trump not in (HEARTS, CLUBS)
    assert (rec.start.leader, rec.start.defender) == (P3, P4)
    after_transfer = result.steps[1].position
    assert result.steps[1].move.kind == TRANSFER
    assert after_transfer.defender == P1 and after_transfer.table_text() == "7♣ 7♥"


def test_ex_he_transfer_then_cover_and_open_throw_ins_R12_R21():
    result = run("EX-HE-TRANSFER")
    p = result.position
    assert p.table_text() == "7♣/A♣ 7♥/10♥" and p.defender == P1
    assert not [m for m in p.legal_moves() if m.kind == TRANSFER]  # covered: no more transfers (R21)
    throwers = {m.seat for m in p.legal_moves() if m.kind == ATTACK}
    assert throwers == {P2, P3, P4}  # B, C and D may throw in 7s, 10s and aces
    assert all(m.cards[0].rank in (7, 10, 14) for m in p.legal_moves() if m.kind == ATTACK)


def test_ex_he_push_throw_in_of_rank_not_on_table_is_rejected_R12():
    result = run("EX-HE-PUSH")
    rec = result.record
    assert rec.rules.deck == 52 and rec.start.trump == HEARTS and rec.rules.players == 4
    assert result.moves_applied == 2 and result.stopped_at == 2
    step = result.rejected
    assert str(step.move) == "P3 attack Q♦"
    assert step.reason is Reason.RANK_NOT_ON_TABLE
    assert "Q" in step.message
    assert result.position.table_text() == "7♦/J♦"  # the game is unchanged by the rejected card
    assert Card("3♥") in rec.start.hand(P2) and "3♥" in step.say  # B's cover is only narrated


def test_ex_he_simple_lead_of_two_is_the_whole_attack_R10_R12():
    result = run("EX-HE-SIMPLE")
    first = result.steps[0].move
    assert first.kind == ATTACK and len(first.cards) == 2 and len({c.rank for c in first.cards}) == 1
    bito = result.steps[2].events
    assert kinds(bito) == ["bito", "draw", "draw", "bout"]
    assert draw_seats(bito) == [P1, P2]  # P3 holds six and draws nothing
    assert (bito[-1].seat, bito[-1].other) == (P2, P3)
    step = result.rejected
    assert step is not None and step.index == len(result.record.moves) - 1
    assert step.reason is Reason.NO_THROW_IN


def test_ex_he_simple_nobody_may_throw_in_R12():
    result = run("EX-HE-SIMPLE")
    p = result.position
    assert list(p.attackers()) == []
    assert not [m for m in p.legal_moves() if m.kind == ATTACK]


# ------------------------------------------------------------ FI
def test_ex_fi_pairs_defenders_partner_covers_with_own_cards_R26():
    result = run("EX-FI-PAIRS")
    rec = result.record
    assert rec.rules.teams == 2 and rec.rules.partner_covers and rec.rules.players == 4
    assert (rec.start.leader, rec.start.defender) == (P1, P2)
    partner_cover = result.steps[2].move
    assert partner_cover.seat == P4 and partner_cover.kind == COVER  # P2's partner, opposite
    assert partner_cover.cards[0] in rec.start.hand(P4)


def test_ex_fi_pairs_draw_order_leader_partner_defenders_partner_defender_R19_R26():
    result = run("EX-FI-PAIRS")
    events = result.steps[-1].events
    assert kinds(events)[0] == "bito" and kinds(events)[-1] == "bout"
    assert draw_seats(events) == [P1, P3, P4, P2]
    assert (events[-1].seat, events[-1].other) == (P2, P3)  # the defender leads next (R17)


def test_ex_fi_pairs_no_throw_in_against_own_partner_R26():
    result = run("EX-FI-PAIRS")
    open_bout = result.steps[3].position
    assert list(open_bout.attackers()) == [P1, P3]
