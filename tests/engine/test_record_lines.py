"""The ``durak-lab/1`` record grows: comments on moves, variations (other lines, nested) and who
played each seat (``players``).  Old records read as before; new keys read back equal; a variation
whose move cannot be played there is an error naming the move's path."""

import json

import pytest

from durak_lab.engine.errors import RecordError
from durak_lab.engine.records import (BOT, PERSON, Player, Record, check_variations, load_example, load_record,
                                      replay, walk_variations)
from durak_lab.session import PlaySession
from durak_lab.engine.rules import Rules

START = {"trump": "♥", "hands": {"P1": ["7♦", "9♣", "10♠"], "P2": ["Q♦", "J♣"]}, "discard": "rest",
         "attacker": "P1", "first_bout": False}


def record(moves, **top):
    return {"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2}, "start": START,
            "moves": moves, **top}


def test_comment_and_variations_read_back_equal():
    data = record([{"move": "P1 attack 7♦", "comment": "the lowest first",
                    "variations": [["P1 attack 9♣", {"move": "P2 cover 9♣ with J♣", "comment": "beaten"}],
                                   ["P1 attack 10♠", "P2 take"]]},
                   "P2 cover 7♦ with Q♦"])
    rec = load_record(data)
    first = rec.moves[0]
    assert first.comment == "the lowest first"
    assert [[str(m.move) for m in line] for line in first.variations] == [
        ["P1 attack 9♣", "P2 cover 9♣ with J♣"], ["P1 attack 10♠", "P2 take"]]
    assert first.variations[0][1].comment == "beaten"
    again = load_record(rec.dump())
    assert again == rec
    assert json.loads(rec.dump())["moves"][0]["variations"][1] == ["P1 attack 10♠", "P2 take"]
    # the main line replays as before: variations are beside it, not in it
    result = replay(rec)
    assert result.ok and result.moves_applied == 2


def test_nested_variations_are_walked_depth_first_from_their_own_position():
    data = record(["P1 attack 7♦",
                   {"move": "P2 cover 7♦ with Q♦",
                    "variations": [[{"move": "P2 take", "variations": [["P2 cover 7♦ with Q♦", "P2 attack J♣"]]},
                                    "P1 attack 9♣"]]}])
    rec = load_record(data)
    walked = [(path, before.table_text(), [str(m.move) for m in line]) for path, before, line in walk_variations(rec)]
    assert walked == [
        ("moves[1].variations[0]", "7♦", ["P2 take", "P1 attack 9♣"]),
        ("moves[1].variations[0][0].variations[0]", "7♦", ["P2 cover 7♦ with Q♦", "P2 attack J♣"]),
    ]


@pytest.mark.parametrize("moves, where", [
    # the cover does not beat: named at its place in the variation
    ([{"move": "P1 attack 7♦", "variations": [["P1 attack 9♣", "P2 cover 9♣ with Q♦"]]}],
     "moves[0].variations[0][1]"),
    # a variation deeper in: its position is the one after the main line's first move
    (["P1 attack 7♦", {"move": "P2 cover 7♦ with Q♦", "variations": [["P1 attack 9♣"]]}],
     "moves[1].variations[0][0]"),
    # nested: the inner line is played from before the variation's move
    ([{"move": "P1 attack 7♦", "variations": [[{"move": "P1 attack 9♣", "variations": [["P2 take"]]}]]}],
     "moves[0].variations[0][0].variations[0][0]"),
])
def test_a_variation_that_cannot_be_played_names_its_move(moves, where):
    with pytest.raises(RecordError) as err:
        load_record(record(moves))
    assert err.value.where == where
    assert "illegal" in str(err.value)


@pytest.mark.parametrize("moves, where, words", [
    ([{"move": "P1 attack 7♦", "variations": []}], None, None),  # an empty list is allowed: no variations
    ([{"move": "P1 attack 7♦", "variations": [[]]}], "moves[0].variations", "non-empty"),
    ([{"move": "P1 attack 7♦", "variations": "P1 attack 9♣"}], "moves[0].variations", "list of lines"),
    ([{"move": "P1 attack 7♦", "comment": 7}], "moves[0].comment", "not a string"),
    ([{"move": "P1 attack 7♦", "comment": "x" * 2001}], "moves[0].comment", "longer"),
    ([{"move": "P1 attack 7♦", "variations": [[{"move": "P1 attack 9♣", "illegal": True}]]}],
     "moves[0].variations[0][0].illegal", "cannot be marked illegal"),
    ([{"move": "P1 attack A♦", "illegal": True, "variations": [["P1 attack 9♣"]]}],
     "moves[0].variations", "illegal move"),
    ([{"move": "P1 attack A♦", "illegal": True}, {"move": "P1 attack 7♦", "variations": [["P1 attack 9♣"]]}],
     "moves[0]", "marked illegal"),
])
def test_malformed_comments_and_variations(moves, where, words):
    if where is None:
        assert load_record(record(moves)).moves[0].variations == ()
        return
    with pytest.raises(RecordError) as err:
        load_record(record(moves))
    assert err.value.where == where
    assert words in str(err.value)


def test_players_round_trip_and_people():
    rec = load_record(record([], players={"P1": {"kind": "person", "name": "Dana"},
                                          "P2": {"kind": "bot", "level": "expert"}}))
    assert rec.people() == (0,)
    assert rec.player(0) == Player(PERSON, "Dana") and rec.player(1) == Player(BOT, level="expert")
    assert load_record(rec.dump()) == rec
    assert json.loads(rec.dump())["players"] == {"P1": {"kind": "person", "name": "Dana"},
                                                 "P2": {"kind": "bot", "level": "expert"}}


@pytest.mark.parametrize("players, where", [
    ([], "players"),
    ({"P3": {"kind": "person"}}, "players.P3"),
    ({"P1": "person"}, "players.P1"),
    ({"P1": {}}, "players.P1.kind"),
    ({"P1": {"kind": "alien"}}, "players.P1.kind"),
    ({"P1": {"kind": "person", "level": "expert"}}, "players.P1.level"),
    ({"P1": {"kind": "person", "name": ""}}, "players.P1.name"),
    ({"P1": {"kind": "person", "name": "x" * 101}}, "players.P1.name"),
    ({"P1": {"kind": "person", "age": 12}}, "players.P1.age"),
])
def test_malformed_players_name_their_path(players, where):
    with pytest.raises(RecordError) as err:
        load_record(record([], players=players))
    assert err.value.where == where


def test_old_records_read_as_before_with_no_players_and_no_variations():
    rec = load_example("EX-ZH-BOUT")
    assert rec.players == () and rec.people() == ()
    assert all(m.comment is None and m.variations == () for m in rec.moves)
    check_variations(rec)  # nothing to check
    assert "players" not in json.loads(rec.dump())


def test_the_play_table_saves_who_played_each_seat():
    session = PlaySession(Rules(players=3), ["human", "greedy", "random"], seed=4)
    rec = load_record(session.record().dump())
    assert rec.people() == (0,)
    assert [p.kind for _, p in rec.players] == [PERSON, BOT, BOT]
    assert [p.level for _, p in rec.players] == [None, "greedy", "random"]


def test_a_record_built_in_python_takes_players_as_a_mapping():
    base = load_record(record(["P1 attack 7♦"]))
    rec = Record(base.rules, base.start, base.moves, players={1: Player(BOT, level="greedy"), 0: (PERSON,)})
    assert rec.players == ((0, Player(PERSON)), (1, Player(BOT, level="greedy")))
