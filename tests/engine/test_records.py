"""Game records (durak-lab/1): loading, canonical dumping, errors with paths, replay semantics.

Malformed input of any kind raises RecordError naming the path of the wrong
value, never another exception; valid records round-trip.
"""

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_lab.engine.cards import Card, CardSet
from durak_lab.engine.errors import RecordError, Reason
from durak_lab.engine.game import Game
from durak_lab.engine.rules import PRESETS, Rules
from durak_lab.engine.state import Position
from durak_lab.engine.records import (Record, example_ids, load_example, load_record, record_from_game, replay,
                               result_value)


def small(**start_changes):
    """A small valid 2-player record: P1 attacks P2, everything else discarded."""
    start = {"trump": "♥", "hands": {"P1": ["7♦", "7♠", "9♣"], "P2": ["Q♦", "8♠", "6♣", "K♥"]},
             "discard": "rest", "attacker": "P1"}
    start.update(start_changes)
    return {"format": "durak-lab/1", "rules": {"preset": "classic", "players": 2}, "start": start,
            "moves": ["P1 attack 7♦", {"move": "P2 cover 7♦ with Q♦", "say": "a higher diamond"}]}


def zh():
    """The EX-ZH-BOUT record as a plain dict."""
    return load_example("EX-ZH-BOUT").to_dict()


def error_of(data):
    with pytest.raises(RecordError) as info:
        load_record(data)
    return info.value


# ------------------------------------------------------------ round trip
def test_load_dump_load_is_equal_for_a_small_record():
    rec = load_record(small())
    text = rec.dump()
    assert load_record(text) == rec
    assert load_record(json.loads(text)) == rec
    assert load_record(text).dump() == text


@pytest.mark.parametrize("ex_id", example_ids())
def test_examples_round_trip_through_dict_and_text(ex_id):
    rec = load_example(ex_id)
    assert load_record(rec.to_dict()) == rec
    assert load_record(json.dumps(rec.to_dict())) == rec
    assert load_record(rec.dump()).to_dict() == rec.to_dict()


def test_dump_writes_a_file_that_loads_back(tmp_path):
    rec = load_example("EX-KO-2")
    path = tmp_path / "ko2.json"
    rec.dump(path)
    assert load_record(path) == rec
    assert load_record(str(path)) == rec


def test_records_with_different_moves_are_not_equal():
    a = load_record(small())
    data = small()
    data["moves"] = data["moves"][:1]
    assert load_record(data) != a


def test_canonical_form_sorts_hands_and_keeps_talon_order():
    data = small()
    data["start"] = {"trump_card": "9♥", "hands": {"P2": ["Q♦", "8♠"], "P1": ["7♦", "7♠"]},
                     "talon": ["A♣", "6♦", "9♥"], "discard": "rest", "attacker": "P1"}
    out = load_record(data).to_dict()["start"]
    assert out["hands"] == {"P1": ["7♠", "7♦"], "P2": ["8♠", "Q♦"]}
    assert out["talon"] == ["A♣", "6♦", "9♥"] and out["trump_card"] == "9♥"


def test_card_spellings_are_read_and_written_canonically():
    data = small(hands={"P1": ["7d", "7S", "9♧"], "P2": ["QD", "8s", "6c", "kh"]})
    assert load_record(data) == load_record(small())
    assert load_record(data).to_dict()["start"]["hands"]["P1"] == ["7♠", "7♦", "9♣"]


# ------------------------------------------------------------ the start
def test_seeded_start_is_deterministic_and_is_position_deal():
    data = {"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 4}, "start": {"seed": 7}}
    a, b = load_record(data), load_record(json.dumps(data))
    assert a == b
    assert a.start == Position.deal(Rules.preset("podkidnoy", players=4), 7)
    other = dict(data, start={"seed": 8})
    assert load_record(other).start != a.start
    assert a.to_dict()["start"] == {"seed": 7}


def test_seeded_start_leader_by_lowest_trump_R7():
    rec = load_record({"format": "durak-lab/1", "rules": {"players": 3}, "start": {"seed": 11}})
    p = rec.start
    trumps = [(c.rank, s) for s in range(3) for c in p.hand(s) if c.suit == p.trump]
    if trumps:
        assert p.leader == min(trumps)[1]


def test_discard_rest_takes_every_unlisted_card():
    rec = load_record(small())
    assert len(CardSet(rec.start.discard)) == 36 - 7
    listed = set(CardSet.parse("7♦ 7♠ 9♣ Q♦ 8♠ 6♣ K♥"))
    explicit = [str(Card(i)) for i in range(52) if Card(i).rank >= 6 and Card(i) not in listed]
    assert load_record(small(discard=explicit)) == rec


def test_missing_attacker_means_lowest_trump_leads_R7():
    data = small()
    del data["start"]["attacker"]
    rec = load_record(data)
    assert rec.start.leader == 1  # P2 holds K♥, the only trump
    assert Card("K♥") in CardSet(rec.start.known[1])
    assert "attacker" not in rec.to_dict()["start"]


def test_first_bout_false_lifts_the_first_bout_limit_R14():
    data = small()
    data["rules"] = {"preset": "podkidnoy", "players": 2}
    assert load_record(data).start.room() == 4  # 5 in the first bout, but the defender holds 4
    data["start"]["hands"]["P2"] += ["A♠", "A♦", "10♣"]
    assert load_record(data).start.room() == 5
    data["start"]["first_bout"] = False
    rec = load_record(data)
    assert rec.start.room() == 6
    assert rec.to_dict()["start"]["first_bout"] is False


def test_known_cards_round_trip():
    data = small(known={"P2": ["8♠"]})
    rec = load_record(data)
    assert Card("8♠") in CardSet(rec.start.known[1])
    assert load_record(rec.dump()) == rec


def test_trump_card_and_trump_may_both_be_given_if_they_agree():
    data = small(trump_card="9♥", talon=["A♣", "9♥"])
    assert load_record(data).start.trump_card == Card("9♥")


# ------------------------------------------------------------ malformed records
def set_in(data, path, value):
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def del_in(data, path):
    node = data
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return data


BAD = [
    # (name, mutate(data) -> data, where, words in the problem)
    ("bad card", lambda d: set_in(d, ["start", "hands", "P2", 3], "X9"), "start.hands.P2[3]",
     "'X9' is not a card"),
    ("card not a string", lambda d: set_in(d, ["start", "hands", "P1", 0], 7), "start.hands.P1[0]", "not a card"),
    ("card outside the deck", lambda d: set_in(d, ["start", "hands", "P2", 2], "2♣"), "start.hands.P2[2]",
     "not in a 36-card deck"),
    ("unknown top key", lambda d: set_in(d, ["colour"], "red"), "colour", "unknown key"),
    ("unknown start key", lambda d: set_in(d, ["start", "colour"], "red"), "start.colour", "unknown key"),
    ("unknown rules key", lambda d: set_in(d, ["rules", "colour"], "red"), "rules.colour", "unknown key"),
    ("unknown move key", lambda d: set_in(d, ["moves", 1, "colour"], 1), "moves[1].colour", "unknown key"),
    ("unknown source key", lambda d: set_in(d, ["source"], {"id": "ZH", "page": 3}), "source.page",
     "unknown key"),
    ("odd key", lambda d: set_in(d, ["start", "my key"], 1), 'start["my key"]', "unknown key"),
    ("wrong format", lambda d: set_in(d, ["format"], "durak-lab/2"), "format", "not a known format"),
    ("no format", lambda d: del_in(d, ["format"]), "format", "missing"),
    ("no rules", lambda d: del_in(d, ["rules"]), "rules", "missing"),
    ("no start", lambda d: del_in(d, ["start"]), "start", "missing"),
    ("bad preset", lambda d: set_in(d, ["rules", "preset"], "klondike"), "rules.preset", "not a preset"),
    ("preset not a string", lambda d: set_in(d, ["rules", "preset"], 3), "rules.preset", "not a preset"),
    ("too many players", lambda d: set_in(d, ["rules", "players"], 9), "rules.players", "2 to 8"),
    ("players a string", lambda d: set_in(d, ["rules", "players"], "2"), "rules.players", "whole number"),
    ("bad enum option", lambda d: set_in(d, ["rules", "throw_in"], "sometimes"), "rules.throw_in",
     "not one of"),
    ("rules not an object", lambda d: set_in(d, ["rules"], "podkidnoy"), "rules", "object"),
    ("bad move text", lambda d: set_in(d, ["moves", 0], "P1 dance 7♦"), "moves[0]", "not a move"),
    ("bad move text in object", lambda d: set_in(d, ["moves", 1, "move"], "P2 cover 7♦"), "moves[1].move",
     "cover"),
    ("seat out of range", lambda d: set_in(d, ["moves", 0], "P3 attack 7♦"), "moves[0]", "not a seat"),
    ("move not text", lambda d: set_in(d, ["moves", 0], 5), "moves[0]", "neither"),
    ("move object without move", lambda d: set_in(d, ["moves", 1], {"say": "hi"}), "moves[1].move", "missing"),
    ("moves not a list", lambda d: set_in(d, ["moves"], "P1 attack 7♦"), "moves", "list"),
    ("illegal not a bool", lambda d: set_in(d, ["moves", 1, "illegal"], "yes"), "moves[1].illegal",
     "true or false"),
    ("unknown reason", lambda d: set_in(d, ["moves", 1], {"move": "P2 take", "illegal": True, "reason": "rude"}),
     "moves[1].reason", "not a reason"),
    ("reason not a string", lambda d: set_in(d, ["moves", 1], {"move": "P2 take", "illegal": True, "reason": [1]}),
     "moves[1].reason", "not a reason"),
    ("non-text key", lambda d: set_in(d, ["start", 3], 1), "start[3]", "unknown key"),
    ("reason on a legal move", lambda d: set_in(d, ["moves", 1], {"move": "P2 take", "reason": "game-over"}),
     "moves[1].reason", "illegal"),
    ("say not a string", lambda d: set_in(d, ["moves", 1, "say"], ["a"]), "moves[1].say", "not a string"),
    ("bad rule id", lambda d: set_in(d, ["rule_ids"], ["R12", "R99"]), "rule_ids[1]", "not a rule id"),
    ("bad cited rule", lambda d: set_in(d, ["moves", 1, "rules_cited"], ["twelve"]), "moves[1].rules_cited[0]",
     "not a rule id"),
    ("title not a string", lambda d: set_in(d, ["title"], 3), "title", "not a string"),
    ("source without id", lambda d: set_in(d, ["source"], {"section": "5"}), "source.id", "missing"),
    ("bad result", lambda d: set_in(d, ["result"], "P7"), "result", "seat"),
    ("bad result seat in list", lambda d: set_in(d, ["result"], ["P1", 3]), "result[1]", "not a seat"),
    ("talon without the trump card last", lambda d: set_in(set_in(d, ["start", "talon"], ["9♥", "A♣"]),
                                                          ["start", "trump_card"], "9♥"),
     "start.talon", "must end with the trump card 9♥"),
    ("trump card with empty talon", lambda d: set_in(d, ["start", "trump_card"], "9♥"), "start.talon",
     "must end with the trump card"),
    ("talon without trump card", lambda d: set_in(d, ["start", "talon"], ["A♣", "9♥"]), "start.trump_card",
     "missing"),
    ("no trump at all", lambda d: del_in(d, ["start", "trump"]), "start.trump", "missing"),
    ("bad trump suit", lambda d: set_in(d, ["start", "trump"], "X"), "start.trump", "not a suit"),
    ("trump contradicts trump card", lambda d: set_in(set_in(set_in(d, ["start", "talon"], ["A♣", "9♥"]),
                                                             ["start", "trump_card"], "9♥"), ["start", "trump"], "♠"),
     "start.trump", "contradicts"),
    ("cards missing", lambda d: del_in(d, ["start", "discard"]), "start", "cards missing"),
    ("bad discard", lambda d: set_in(d, ["start", "discard"], "everything"), "start.discard", "rest"),
    ("duplicated card", lambda d: set_in(d, ["start", "hands", "P2", 1], "7♠"), "start.hands.P2[1]",
     "appears twice (also at start.hands.P1[1])"),
    ("duplicated card in talon", lambda d: set_in(set_in(d, ["start", "talon"], ["7♦", "9♥"]),
                                                  ["start", "trump_card"], "9♥"),
     "start.talon[0]", "appears twice"),
    ("hand missing", lambda d: del_in(d, ["start", "hands", "P2"]), "start.hands", "no hand for P2"),
    ("seat beyond the players", lambda d: set_in(d, ["start", "hands", "P3"], []), "start.hands.P3",
     "not a seat"),
    ("same seat twice", lambda d: set_in(d, ["start", "hands", "p1"], []), "start.hands.p1", "twice"),
    ("hand not a list", lambda d: set_in(d, ["start", "hands", "P1"], "7♦ 7♠"), "start.hands.P1", "list"),
    ("hands not an object", lambda d: set_in(d, ["start", "hands"], [["7♦"]]), "start.hands", "object"),
    ("bad attacker", lambda d: set_in(d, ["start", "attacker"], "P5"), "start.attacker", "not a seat"),
    ("attacker without cards", lambda d: set_in(set_in(d, ["start", "hands", "P1"], []), ["moves"], []),
     "start.attacker", "no cards"),
    ("first_bout not a bool", lambda d: set_in(d, ["start", "first_bout"], "no"), "start.first_bout",
     "true or false"),
    ("known card not in hand", lambda d: set_in(d, ["start", "known"], {"P1": ["Q♦"]}), "start.known.P1[0]",
     "not in P1's hand"),
    ("seed with cards", lambda d: set_in(d, ["start", "seed"], 3), "start.trump", "not allowed with a seed"),
    ("seed not a number", lambda d: set_in(d, ["start"], {"seed": "7"}), "start.seed", "whole number"),
    ("seed a bool", lambda d: set_in(d, ["start"], {"seed": True}), "start.seed", "whole number"),
    ("start not an object", lambda d: set_in(d, ["start"], [1]), "start", "object"),
]


@pytest.mark.parametrize("name,mutate,where,words", BAD, ids=[b[0] for b in BAD])
def test_malformed_record_names_the_path(name, mutate, where, words):
    err = error_of(mutate(small()))
    assert err.where == where, str(err)
    assert words in err.problem, str(err)
    assert str(err).startswith(f"{where}: ")
    assert isinstance(err, ValueError)


def test_bad_card_message_matches_the_documented_form():
    data = zh()
    data["start"]["hands"]["P2"][3] = "X9"
    assert "hands.P2[3]: 'X9' is not a card" in str(error_of(data))


def test_bad_json_names_line_and_column():
    err = error_of('{"format": "durak-lab/1",\n  "rules": {,\n}')
    assert err.where == "line 2, column 13"
    assert "bad JSON" in err.problem


def test_duplicate_json_key_is_an_error():
    assert "twice" in str(error_of('{"format": "durak-lab/1", "format": "durak-lab/1"}'))


def test_nan_is_an_error():
    assert "NaN" in str(error_of('{"format": "durak-lab/1", "rules": {"players": NaN}, "start": {"seed": 1}}'))


def test_not_an_object():
    assert error_of([1, 2]).where == ""
    assert error_of(None).where == ""


def test_missing_file_is_a_record_error(tmp_path):
    err = error_of(tmp_path / "nope.json")
    assert "no such record file" in str(err)


def test_engine_errors_keep_a_start_path():
    data = small()
    data["start"]["hands"] = {"P1": [], "P2": []}
    data["moves"] = []
    err = error_of(data)
    assert err.where.startswith("start")


# ------------------------------------------------------------ replay
def test_replay_collects_tables_events_and_narration():
    result = replay(load_record(small()))
    assert result.ok and result.moves_applied == 2 and result.stopped_at is None
    assert [s.table for s in result.steps] == ["7♦", "7♦/Q♦"]
    assert [s.say for s in result.steps] == [None, "a higher diamond"]
    assert result.result is None


def test_replay_stops_at_an_expected_illegal_move():
    data = small()
    data["moves"] += [{"move": "P1 attack 9♣", "illegal": True, "reason": "rank-not-on-table"}, "P1 pass"]
    result = replay(load_record(data))
    assert result.ok and result.moves_applied == 2 and result.stopped_at == 2
    assert result.rejected.reason is Reason.RANK_NOT_ON_TABLE
    assert "no 9 is on the table" in result.rejected.message
    assert len(result.steps) == 3  # nothing after the stop


def test_replay_fails_at_an_unexpected_illegal_move():
    data = small()
    data["moves"] += ["P1 attack 9♣", "P1 pass"]
    result = replay(load_record(data))
    assert not result.ok and result.stopped_at == 2 and result.moves_applied == 2
    assert result.rejected.reason is Reason.RANK_NOT_ON_TABLE
    assert "moves[2]" in result.problem and "rank-not-on-table" in result.problem


def test_replay_fails_when_a_move_marked_illegal_is_legal():
    data = small()
    data["moves"] += [{"move": "P1 attack 7♠", "illegal": True}]
    result = replay(load_record(data))
    assert not result.ok and result.stopped_at == 2 and result.rejected is None
    assert "marked illegal" in result.problem
    assert result.moves_applied == 2  # the marked move is not played


def test_replay_fails_when_the_reason_differs():
    data = small()
    data["moves"] += [{"move": "P1 attack 9♣", "illegal": True, "reason": "bout-limit"}]
    result = replay(load_record(data))
    assert not result.ok and "rank-not-on-table" in result.problem


def test_replay_checks_the_expected_result():
    data = small()
    data["result"] = None
    assert replay(load_record(data)).ok
    data["result"] = "P2"
    result = replay(load_record(data))
    assert not result.ok and result.problem.startswith("result:")


def test_replay_of_a_finished_game_reports_the_durak():
    data = {"format": "durak-lab/1", "rules": {"preset": "classic", "players": 2},
            "start": {"trump": "♥", "hands": {"P1": ["7♦"], "P2": ["Q♦", "9♣"]}, "discard": "rest",
                      "attacker": "P1"},
            "moves": ["P1 attack 7♦", "P2 cover 7♦ with Q♦"], "result": "P2"}
    result = replay(load_record(data))
    assert result.ok and result.result == "P2"
    assert result.steps[-1].events[-1].kind == "over"
    data["result"] = ["P2"]
    assert replay(load_record(data)).ok


def test_result_value_forms():
    assert [result_value(r) for r in (None, (), (0,), (0, 2))] == [None, "draw", "P1", ["P1", "P3"]]


def test_game_after_steps_through_the_record():
    rec = load_example("EX-ZH-BOUT")
    assert rec.game_after(0).position == rec.start
    assert rec.game_after(3).position.table_text() == "7♥/10♥ 10♦"
    assert rec.game_after(6).position == replay(rec).position
    with pytest.raises(IndexError):
        rec.game_after(7)


# ------------------------------------------------------------ saving a game
def random_game(rules, seed, n_moves):
    rng = random.Random(seed)
    game = Game.deal(rules, seed=seed)
    for _ in range(n_moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 6), seed=st.integers(0, 10**6),
       n_moves=st.integers(0, 60))
def test_record_from_game_round_trips_and_replays(preset, players, seed, n_moves):
    base = PRESETS[preset]
    if "players" in base:
        players = base["players"]
    rules = Rules.preset(preset, players=players)
    game = random_game(rules, seed, n_moves)
    for rec in (record_from_game(game, preset=preset), record_from_game(game, seed=seed)):
        again = load_record(rec.dump())
        assert again == rec
        result = replay(again)
        assert result.ok, result.problem
        assert result.position == game.position


def test_record_from_game_of_a_whole_game_with_its_result():
    game = random_game(Rules(players=3), 5, 10_000)
    assert game.is_over
    rec = record_from_game(game, seed=5, expected_result=None)
    data = rec.to_dict()
    data["result"] = result_value(game.result)
    result = replay(load_record(data))
    assert result.ok and result.result == result_value(game.result)


def test_record_from_game_of_a_six_player_deal_keeps_the_shown_card_R5():
    game = Game.deal(Rules(players=6), seed=2)
    rec = record_from_game(game)
    assert "known" in rec.to_dict()["start"]
    assert load_record(rec.dump()).start == game.start


def test_record_from_game_rejects_a_wrong_seed():
    game = Game.deal(Rules(players=2), seed=2)
    with pytest.raises(RecordError):
        record_from_game(game, seed=3)


# ------------------------------------------------------------ fuzzing
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 60) | st.floats(allow_nan=False) | st.text(max_size=6)
    | st.sampled_from([10 ** 41, -(10 ** 45)]) | st.just(5000).map(lambda digits: 10 ** digits)
    | st.sampled_from(["P1", "P2", "7♥", "10♦", "rest", "♠", "podkidnoy", "durak-lab/1", "P1 take"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["format", "rules", "start", "moves", "hands", "talon", "seed", "P1", "P2", "preset",
                         "players", "trump", "trump_card", "move", "illegal", "say", "x"]) | st.text(max_size=4),
        children, max_size=5),
    max_leaves=25)


def load_or_error(value):
    try:
        rec = load_record(value)
    except RecordError as err:
        assert isinstance(err, ValueError) and str(err)
        return None
    assert isinstance(rec, Record)
    return rec


@given(JSON)
def test_fuzz_any_json_value_loads_or_raises_record_error(value):
    load_or_error(value)


@given(st.fixed_dictionaries({"format": st.just("durak-lab/1"), "rules": JSON, "start": JSON}, optional={
    "moves": JSON, "result": JSON, "source": JSON}))
def test_fuzz_record_shaped_values_load_or_raise_record_error(value):
    load_or_error(value)


@given(st.text(max_size=80) | st.builds(lambda a, b: a + b, st.text(max_size=20),
                                        st.text("0123456789[{\ufeff", min_size=4000, max_size=5000)))
def test_fuzz_json_text_loads_or_raises_record_error(text):
    load_or_error("{" + text)
    load_or_error(("{" + text).encode("utf-16"))  # bytes: decoded by their byte-order mark


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


EXAMPLE_DATA = {i: load_example(i).to_dict() for i in example_ids()}


@settings(max_examples=200)
@given(ex_id=st.sampled_from(sorted(EXAMPLE_DATA)), pick=st.randoms(use_true_random=False),
       garbage=JSON, drop=st.booleans())
def test_fuzz_mutated_examples_load_or_raise_record_error(ex_id, pick, garbage, drop):
    data = copy.deepcopy(EXAMPLE_DATA[ex_id])
    path = pick.choice([p for p in paths(data) if p])
    node = data
    for key in path[:-1]:
        node = node[key]
    if drop:
        del node[path[-1]]
    else:
        node[path[-1]] = garbage
    rec = load_or_error(data)
    if rec is not None:  # a valid record still round-trips and replays without crashing
        assert load_record(rec.dump()) == rec
        replay(rec)
