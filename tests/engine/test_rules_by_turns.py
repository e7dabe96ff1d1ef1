"""Attack by turns (R12, HE "תקיפה לפי התור"): cutting in is a right, and the direction of the turns.

The passage (HE, source 000, "תקיפה לפי התור"):

    "התקיפה מתבצעת אך ורק על ידי התוקף המקורי. כאשר הוא מחליט שאינו מעוניין להמשיך את ההתקפה,
    השחקן הבא בתור (בדרך כלל היושב לימינו של התוקף) מתחיל לתקוף. כאשר הוא מסיים, השחקן הבא מתחיל,
    וכן הלאה. בכל שלב יש לתוקף המקורי זכות לעצור את התוקף הנוכחי ולתקוף בעצמו. לתוקף השני יש זכות
    לעצור את השלישי, וכן הלאה."

"Only the original attacker attacks.  When he decides not to go on, the next player in turn
(usually the one sitting to the attacker's right) starts attacking.  When he finishes, the next
one starts, and so on.  At any stage the original attacker has the right to stop the current
attacker and attack himself.  The second attacker has the right to stop the third, and so on."

So the attacker whose turn it is plays on until he stops (he plays two cards in a row although the
leader could add one), an earlier attacker may cut in at any time (a right: he is never made to
decline again after every card), and the direction of the turns is an option (``turns_direction``).
"""

import pytest

from durak_lab.engine.errors import Reason, RulesError
from durak_lab.engine.records import load_record, replay
from durak_lab.engine.rules import Rules, TurnsDirection

from helpers import ev, expect_illegal, legal, play, rules, seq_legal, start

# Three players, trump ♥: P1 leads and holds a second 7 all along (he could always add it); P2
# defends; P3 holds a 7 and a queen, to throw in one after the other.
THREE = ["7♦ 7♠ 9♠", "Q♦ Q♣ K♠ A♥ K♥ 8♦", "7♣ Q♠ 10♣"]


def _after_leader_stops(sequential: bool):
    p = start(rules("by_turns", players=3), THREE, trump="♥")
    return play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", sequential=sequential)


@pytest.mark.parametrize("sequential", [False, True])
def test_R12_HE_the_second_attacker_plays_two_cards_in_a_row_while_the_leader_could_add(sequential):
    # HE: "כאשר הוא מסיים, השחקן הבא מתחיל" - the next attacker attacks until *he* is finished
    p = _after_leader_stops(sequential)
    assert p.to_act() == 2 and seq_legal(p) == ["P3 attack Q♠", "P3 attack 7♣", "P3 pass"]
    p = play(p, "P3 attack 7♣", "P2 cover 7♣ with Q♣", sequential=sequential)
    # the leader still holds 7♠, which he could add; he is not asked, P3 plays on
    assert p.to_act() == 2 and seq_legal(p) == ["P3 attack Q♠", "P3 pass"]
    p = play(p, "P3 attack Q♠", "P2 cover Q♠ with K♠", sequential=sequential)
    assert p.table_text() == "7♦/Q♦ 7♣/Q♣ Q♠/K♠" and p.to_act() == 2


def test_R12_HE_the_leader_may_cut_in_at_any_stage_but_need_not_decline_again():
    # HE: "בכל שלב יש לתוקף המקורי זכות לעצור את התוקף הנוכחי ולתקוף בעצמו" - a right, not a duty
    p = play(_after_leader_stops(False), "P3 attack 7♣", "P2 cover 7♣ with Q♣")
    assert legal(p) == ["P1 attack 7♠", "P3 attack Q♠", "P3 pass"]   # P1 may cut in; no pass for him
    err = expect_illegal(p, "P1 pass", Reason.ALREADY_PASSED, ["cut in", "R12"])
    assert err.facts["case"] == "turns"
    # P1 stops P3 and attacks himself: the turn is his again
    q = play(p, "P1 attack 7♠", "P2 cover 7♠ with A♥")
    assert q.to_act() == 0 and seq_legal(q) == ["P1 pass"]
    expect_illegal(q, "P3 attack Q♠", Reason.NOT_ATTACKERS_TURN, ["P1 throws in now", "R12"])
    # when he is finished, the next one (P3) starts again
    q = q.play("P1 pass")
    assert q.to_act() == 2 and seq_legal(q) == ["P3 attack Q♠", "P3 pass"]


def test_R12_HE_the_sequential_protocol_offers_the_cut_in_when_a_turn_ends():
    # one seat acts at a time: the leader's right is offered each time a turn ends
    p = play(_after_leader_stops(True), "P3 attack 7♣", "P2 cover 7♣ with Q♣", sequential=True)
    p = p.play("P3 pass", sequential=True)
    assert p.to_act() == 0 and seq_legal(p) == ["P1 attack 7♠", "P1 pass"]
    # he lets it end: bito, as nobody else may add (R16, R17)
    q, events = p.play_events("P1 pass", sequential=True)
    assert ev(events)[0] == ("bito", "7♦ Q♦ 7♣ Q♣") and q.table == () and q.leader == 1
    # or he cuts in, and the turns go on from him
    q = play(p, "P1 attack 7♠", "P2 cover 7♠ with A♥", sequential=True)
    assert q.to_act() == 0


def test_R12_HE_the_bout_waits_for_a_turn_to_end_even_if_its_holder_cannot_add_R3():
    # P3 holds nothing of the table's ranks, but he is asked (a skip would tell what he holds); the
    # leader, who can add, is then asked again before the bout ends
    p = start(rules("by_turns", players=3), ["7♦ 7♠ 9♠", "Q♦ K♠ A♥ 8♦", "6♣ 10♣"], trump="♥")
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", sequential=True)
    assert p.to_act() == 2 and seq_legal(p) == ["P3 pass"]
    p = p.play("P3 pass", sequential=True)
    assert p.table and p.to_act() == 0 and seq_legal(p) == ["P1 attack 7♠", "P1 pass"]


# Four players, trump ♥: P1 leads, P2 defends; clockwise P3 then P4 attack after P1.
FOUR = ["7♦ 9♠", "Q♦ Q♣ K♠ A♥ K♥ J♦", "7♣ 10♠ K♣", "7♠ Q♠"]


def test_R12_HE_the_second_attacker_may_stop_the_third():
    # HE: "לתוקף השני יש זכות לעצור את השלישי, וכן הלאה"
    p = start(rules("by_turns", players=4), FOUR, trump="♥")
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass")
    assert p.to_act() == 2
    # the third may not stop the second
    expect_illegal(p, "P4 attack 7♠", Reason.NOT_ATTACKERS_TURN, ["P3 throws in now", "P4", "R12"])
    p = p.play("P3 pass")                          # the second stops: the third's turn
    assert legal(p, 3) == ["P4 attack 7♠", "P4 attack Q♠", "P4 pass"]
    p = play(p, "P4 attack 7♠", "P2 cover 7♠ with K♠")
    # the second (and the leader, who holds no 7 now) may stop him; the second does
    assert legal(p, 2) == ["P3 attack 7♣", "P3 attack K♣"]
    p = play(p, "P3 attack 7♣", "P2 cover 7♣ with Q♣")
    assert p.to_act() == 2 and legal(p, 3) == []   # P3's turn again; P4 waits until he stops
    p = p.play("P3 pass")
    assert p.to_act() == 0                         # a turn ended: the leader is asked first


def test_R12_HE_in_the_sequential_protocol_every_earlier_attacker_is_asked_in_order_when_a_turn_ends():
    p = start(rules("by_turns", players=4), FOUR, trump="♥")
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 pass", sequential=True)
    assert [p.to_act(), seq_legal(p)] == [0, ["P1 pass"]]   # may he stop P4 before P4 begins?
    p = play(p, "P1 pass", "P4 attack 7♠", "P2 cover 7♠ with K♠", sequential=True)
    assert p.to_act() == 3                         # P4 plays on: nobody earlier is asked
    p = p.play("P4 pass", sequential=True)
    assert [p.to_act(), seq_legal(p)] == [0, ["P1 pass"]]
    p = p.play("P1 pass", sequential=True)
    assert [p.to_act(), seq_legal(p)] == [2, ["P3 attack 7♣", "P3 attack K♣", "P3 pass"]]


def test_R12_after_a_take_the_turns_start_again_from_the_leader_R18():
    p = start(rules("by_turns", players=3), THREE, trump="♥")
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 attack 7♣", "P2 take")
    assert p.taking and p.to_act() == 0 and legal(p, 0) == ["P1 attack 7♠", "P1 pass"]


# ---------------------------------------------------------------- the direction of the turns


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("direction", ["clockwise", "anticlockwise"])
def test_R12_HE_the_direction_of_the_turns_is_an_option(players, direction):
    # HE: the next attacker is "בדרך כלל היושב לימינו של התוקף" (usually the one to the attacker's
    # right); the defender sits at the leader's left (R9), seat + 1
    r = rules("by_turns", players=players, turns_direction=direction)
    others = ["7♣", "7♥", "Q♣", "Q♠"][:players - 2]         # every other attacker could add a card
    p = start(r, ["7♦ 7♠", "Q♦ A♥ K♥ J♥ 10♥ 9♥"] + others, trump="♥")
    rest = list(range(2, players))
    order = [0] + (rest if direction == "clockwise" else rest[::-1])
    assert list(p.attackers()) == order
    p = play(p, "P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass")
    assert p.to_act() == order[1] and p._turns_holder() == order[1]
    assert legal(p, order[1]) == [f"P{order[1] + 1} attack {others[order[1] - 2]}", f"P{order[1] + 1} pass"]
    for s in order[2:]:
        assert legal(p, s) == []                                # they wait their turn
    assert r.turns_direction is TurnsDirection(direction)


def test_R12_the_direction_matters_only_in_attack_by_turns():
    with pytest.raises(RulesError, match="turns_direction.*by_turns.*R12"):
        Rules(players=4, turns_direction="anticlockwise")
    with pytest.raises(RulesError, match="turns_direction"):
        Rules.preset("by_turns", turns_direction="left")
    assert Rules.preset("by_turns").turns_direction is TurnsDirection.CLOCKWISE   # as records were written
    assert Rules.field_rule("turns_direction") == "R12"
    assert "לימינו" in Rules.field_doc("turns_direction") and "right" in Rules.field_doc("turns_direction")
    r = Rules.preset("by_turns", players=4, turns_direction="anticlockwise")
    assert Rules.from_dict(r.to_dict("by_turns")) == r
    assert r.to_dict("by_turns") == {"preset": "by_turns", "players": 4, "turns_direction": "anticlockwise"}


# ---------------------------------------------------------------- records of the earlier reading


def _old_record(moves):
    return {"format": "durak-lab/1", "rules": {"preset": "by_turns", "players": 3},
            "start": {"trump": "♥", "hands": {"P1": THREE[0].split(), "P2": THREE[1].split(),
                                              "P3": THREE[2].split()},
                      "discard": "rest", "attacker": "P1"},
            "moves": moves}


def test_R12_a_record_of_the_earlier_reading_is_not_rewritten_on_load_and_replay_names_the_move():
    # written when every card lapsed every pass: P1 said "pass" again before P3's second card.  Nothing
    # guesses on load any more: the record is read as written, and replay stops at the pass the rule
    # now refuses, naming it, as for a wrong move under any other preset
    moves = ["P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 attack 7♣", "P2 cover 7♣ with Q♣",
             {"move": "P1 pass", "say": "P1 keeps his 7♠."}, "P3 attack Q♠", "P2 cover Q♠ with K♠"]
    rec = load_record(_old_record(moves))
    assert [rm.to_json() for rm in rec.moves] == moves
    res = replay(rec)
    assert not res.ok and res.stopped_at == 5
    assert res.problem.startswith("moves[5]: P1 pass is illegal (already-passed)")


def test_R12_a_record_with_the_passes_written_in_replays():
    # the same game as the rule reads now: P1 keeps his right to cut in and is not asked after each card
    rec = load_record(_old_record(["P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 attack 7♣",
                                   "P2 cover 7♣ with Q♣",
                                   {"move": "P3 attack Q♠", "say": "P1 keeps his 7♠."},
                                   "P2 cover Q♠ with K♠"]))
    res = replay(rec)
    assert res.ok and res.position.table_text() == "7♦/Q♦ 7♣/Q♣ Q♠/K♠"


def test_R12_a_bout_that_ended_without_the_leader_asked_again_is_reported_not_mended():
    # then the bout ended once P1 and P3 had passed since the last card; now P1, who holds 7♠, is
    # asked again when P3's turn ends: the record must say so
    res = replay(load_record(_old_record(["P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 pass",
                                          "P2 attack 8♦"])))
    assert not res.ok and res.problem.startswith("moves[4]: P2 attack 8♦ is illegal")
    res = replay(load_record(_old_record(["P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 pass",
                                          "P1 pass", "P2 attack 8♦"])))
    assert res.ok and res.position.table_text() == "8♦" and res.position.defender == 2


def test_R12_an_attacker_skipped_before_the_cover_is_reported_not_mended():
    # written when an attacker holding none of the table's ranks was skipped: P3 threw in at once
    def record(moves):
        return load_record({"format": "durak-lab/1", "rules": {"preset": "by_turns", "players": 3},
                            "start": {"trump": "♥", "hands": {"P1": ["7♦", "9♠"], "P2": ["Q♦", "K♠", "A♥"],
                                                               "P3": ["7♣", "10♣"]},
                                      "discard": "rest", "attacker": "P1"},
                            "moves": moves})
    res = replay(record(["P1 attack 7♦", "P3 attack 7♣", "P2 cover 7♦ with Q♦"]))
    assert not res.ok and res.stopped_at == 1 and res.problem.startswith("moves[1]: P3 attack 7♣")
    res = replay(record(["P1 attack 7♦", "P1 pass", "P3 attack 7♣", "P2 cover 7♦ with Q♦"]))
    assert res.ok and res.position.table_text() == "7♦/Q♦ 7♣"


def test_R12_a_record_written_now_is_left_as_it_is():
    moves = ["P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 pass", "P3 attack 7♣", "P2 cover 7♣ with Q♣",
             "P3 pass", "P1 pass", "P2 attack 8♦"]
    rec = load_record(_old_record(moves))
    assert [str(m.move) for m in rec.moves] == moves and replay(rec).ok


# ---------------------------------------------------------------- views leak nothing (R3)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_R3_R12_a_view_shows_nothing_hidden_with_the_turns_either_way(players):
    from test_view_worlds import leaks
    for direction in ("clockwise", "anticlockwise"):
        found, compared = leaks(rules("by_turns", players=players, turns_direction=direction), seed=players)
        assert compared > 50 and not found, (direction, sorted(found))


def _earlier_records():
    import json
    from pathlib import Path
    return json.loads((Path(__file__).parent / "by_turns_earlier_records.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", _earlier_records(), ids=lambda c: f"{c['era'][:12]}-{len(c['record']['moves'])}")
def test_R12_whole_games_recorded_under_the_earlier_readings_replay_to_the_same_end(case):
    # random games of 3 to 5 players recorded by the engine of each earlier reading, with their last
    # position as that engine printed it, and the passes the rule now asks for written into the moves
    # (the loader no longer puts them in): the same cards go the same way, to the same result
    from durak_lab.engine.state import Position
    rec = load_record(case["record"])
    res = replay(rec)
    then = Position.parse(case["final"])
    assert res.ok and res.position.is_over
    assert (res.position.hands, res.position.discard, res.position.result) == (then.hands, then.discard,
                                                                                then.result)
