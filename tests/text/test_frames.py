"""Display frames: a frame per move and per event, derived purely (durak_lab.text.frames).

The display between two engine positions (after the last cover, before the
bito; after P4's draw, before P2's…) is derived from the previous display and
the event's cards; after the last event of a move it must equal the engine's
position after the move.
"""

import json
import random

import pytest

from durak_lab.engine.cards import Card, cards_of
from durak_lab.text.frames import Snapshot, after_event, after_move, derive_step, frames_of, snapshot_of
from durak_lab.engine.moves import Move
from durak_lab.engine.records import example_ids, load_example, load_record, replay
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Event, Position

from helpers import CONFIGS, random_game, start

ZH_MOVES = ["P4 attack 7♥", "P1 cover 7♥ with 10♥", "P2 attack 10♦", "P1 cover 10♦ with 8♠", "P3 attack 8♣",
            "P1 cover 8♣ with Q♣"]


def table(s: Snapshot) -> list:
    return [(str(Card(a)),) + ((str(Card(c)),) if c >= 0 else ()) for a, c, _, _ in s.table]


def sizes(s: Snapshot) -> list:
    return [len(cards_of(h)) for h in s.hands]


# ---------------------------------------------------------------- EX-ZH-BOUT, frame by frame
def test_zh_bout_frames_in_order():
    frames = frames_of(load_example("EX-ZH-BOUT"))
    assert [f.kind for f in frames] == ["start"] + ["move"] * 6 + ["event"] * 6
    assert [str(f.move) for f in frames[1:7]] == ZH_MOVES
    assert [f.text for f in frames[7:]] == [
        "Bito: 8♠ 7♥ 10♥ 10♦ 8♣ Q♣ go to the discard.",
        "P4 draws 1 card.", "P2 draws 1 card.", "P3 draws 1 card.", "P1 draws 3 cards.",
        "P1 leads against P2."]
    assert [f.index for f in frames] == list(range(13))
    assert frames[0].text.startswith("The deal of EX-ZH-OPEN")  # the example's description
    assert frames[1].text.startswith("P4 (holder of the lowest trump, 6♠) leads the 7♥")


def test_zh_bout_tables_and_hands_frame_by_frame():
    s = [f.snapshot for f in frames_of(load_example("EX-ZH-BOUT"))]
    assert [table(x) for x in s[:7]] == [
        [], [("7♥",)], [("7♥", "10♥")], [("7♥", "10♥"), ("10♦",)], [("7♥", "10♥"), ("10♦", "8♠")],
        [("7♥", "10♥"), ("10♦", "8♠"), ("8♣",)], [("7♥", "10♥"), ("10♦", "8♠"), ("8♣", "Q♣")]]
    assert all(table(x) == [] for x in s[7:])
    # hand sizes P1..P4 and the talon, through the bito and the draws P4, P2, P3, P1 (R19)
    assert [(sizes(x), len(x.talon), len(cards_of(x.discard))) for x in s[6:]] == [
        ([3, 5, 5, 5], 12, 0),   # the last cover: six cards on the table
        ([3, 5, 5, 5], 12, 6),   # bito: all six to the discard (R17)
        ([3, 5, 5, 6], 11, 6),   # P4 draws K♦
        ([3, 6, 5, 6], 10, 6),   # P2 draws 7♠
        ([3, 6, 6, 6], 9, 6),    # P3 draws Q♦
        ([6, 6, 6, 6], 6, 6),    # P1 draws last
        ([6, 6, 6, 6], 6, 6),    # P1 leads against P2
    ]
    assert [(x.leader, x.defender) for x in s[11:]] == [(3, 0), (0, 1)]


def test_zh_bout_highlights_and_rules():
    frames = frames_of(load_example("EX-ZH-BOUT"))
    assert [list(map(str, f.last)) for f in frames[1:7]] == [["7♥"], ["10♥"], ["10♦"], ["8♠"], ["8♣"], ["Q♣"]]
    assert [list(map(str, f.last)) for f in frames[8:12]] == [["K♦"], ["7♠"], ["Q♦"], ["9♣", "10♠", "8♥"]]
    assert frames[3].rule_ids == ("R12",)
    assert frames[7].rule_ids == ("R16", "R17") and frames[8].rule_ids == ("R19",)
    assert frames[12].rule_ids == ("R17",)


def test_players_act_only_at_rest():
    rec = load_example("EX-ZH-BOUT")
    frames = frames_of(rec)
    after = replay(rec).position
    assert frames[0].position == rec.start
    assert all(f.position is not None for f in frames[:6])
    assert all(f.position is None for f in frames[6:12])  # the bout clears itself: nobody acts
    assert frames[12].position == after
    assert frames[12].snapshot == snapshot_of(after)


# ---------------------------------------------------------------- every example, every random game
@pytest.mark.parametrize("ex_id", example_ids())
def test_each_example_derived_display_matches_the_engine(ex_id):
    result = replay(load_example(ex_id))
    snap = snapshot_of(result.record.start)
    for step in result.steps:
        if step.rejected:
            break
        derived = derive_step(snap, step.move, step.events)
        assert len(derived) == 1 + len(step.events)
        assert derived[-1] == snapshot_of(step.position), (ex_id, step.index)
        snap = derived[-1]
    frames = frames_of(result)
    assert frames[-1].snapshot == snapshot_of(result.position)


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_random_games_derived_display_matches_the_engine(preset, players):
    rng = random.Random(f"frames-{preset}-{players}")
    for _ in range(2):
        p = Position.deal(Rules.preset(preset, players=players), seed=rng.randrange(10**6))
        for step in random_game(p, rng):
            derived = derive_step(snapshot_of(step.before), step.move, step.events)
            assert derived[-1] == snapshot_of(step.after), (str(step.move), [e.kind for e in step.events])
            if not step.events:
                assert derived[0] == snapshot_of(step.after)


def test_cards_are_conserved_in_every_frame():
    for ex_id in example_ids():
        for f in frames_of(load_example(ex_id)):
            s = f.snapshot
            masks = list(s.hands) + [s.discard] + [1 << c for c in s.talon]
            masks += [1 << a | (1 << c if c >= 0 else 0) for a, c, _, _ in s.table]
            total = 0
            for m in masks:
                assert not total & m, (ex_id, f.index)
                total |= m
            assert bin(total).count("1") == load_example(ex_id).start.card_count()


# ---------------------------------------------------------------- single steps
def test_after_event_moves_the_events_cards():
    p = start(Rules(players=2), ["7♦", "Q♦ 8♠"], talon=["K♣", "J♣", "9♥"], trump_card="9♥")
    s = after_move(snapshot_of(p), Move.parse("P1 attack 7♦"))
    assert table(s) == [("7♦",)] and sizes(s) == [0, 2]
    s = after_move(s, Move.parse("P2 cover 7♦ with Q♦"))
    assert table(s) == [("7♦", "Q♦")] and sizes(s) == [0, 1]
    s = after_event(s, Event("bito", -1, (Card("7♦"), Card("Q♦"))))
    assert table(s) == [] and len(cards_of(s.discard)) == 30 + 2
    s = after_event(s, Event("draw", 0, (Card("K♣"), Card("J♣"), Card("9♥"))))
    assert s.talon == () and sizes(s) == [3, 1]
    assert s.known[0] >> Card("9♥") & 1  # the face-up trump card was drawn in public view
    s = after_event(s, Event("bout", 1, (), 0))
    assert (s.leader, s.defender) == (1, 0)


def test_pickup_moves_the_table_into_the_defenders_hand():
    p = start(Rules(players=2), ["7♦ 7♣", "Q♦ 8♠"], trump="♥").play("P1 attack 7♦")
    s = after_move(snapshot_of(p), Move.parse("P2 take"))
    assert s.taking
    s = after_event(s, Event("pickup", 1, (Card("7♦"),)))
    assert table(s) == [] and not s.taking and sizes(s) == [1, 3]


def test_the_rejected_move_of_ex_he_push_keeps_the_table_and_gives_the_reason():
    frames = frames_of(load_example("EX-HE-PUSH"))
    assert [f.kind for f in frames] == ["start", "move", "move", "rejected"]
    last = frames[-1]
    assert str(last.move) == "P3 attack Q♦"
    assert last.snapshot == frames[-2].snapshot  # nothing changes
    assert last.reason == ("The rules do not allow “P3 attack Q♦”. The Q♦ matches no rank on the table: only 7s "
                           "and jacks may be thrown in.")  # the learner's words, no reason code, no rule id (R12)
    assert last.problem is None
    assert last.position is not None and last.position.why_illegal(last.move) is not None


def test_an_unexpected_illegal_move_is_a_rejected_frame_with_a_problem():
    data = json.loads(load_example("EX-KO-1").dump())
    data["moves"] = ["P2 attack 7♦", "P1 cover 7♦ with 9♠"]
    frames = frames_of(load_record(data))
    assert frames[-1].kind == "rejected"
    assert "9♠ does not beat 7♦" in frames[-1].reason
    assert "moves[1]" in frames[-1].problem


def test_a_wrong_expected_result_is_reported_on_the_last_frame():
    data = json.loads(load_example("EX-KO-1").dump())
    data["result"] = "P1"
    frames = frames_of(load_record(data))
    assert frames[-1].problem and "result" in frames[-1].problem
    assert all(f.problem is None for f in frames[:-1])
