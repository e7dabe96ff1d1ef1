"""The analysis board without a browser: :class:`BoardControl` and :class:`AnalysisBoard` driven by the
messages its page sends.

The property at the end is the board's promise "from my seat": the JSON the page receives depends
only on what the seat knows (R3).  The cards the seat cannot see are dealt again in every way the
seat cannot tell apart, and the state, after the same thinking, must be the same.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import durak_lab
from durak_lab.engine.errors import DurakError
from durak_lab.engine.partial import Partial
from durak_lab.engine.records import load_example, load_record
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.widgets.board import AnalysisBoard, BoardControl, BoardError

from helpers import CONFIGS, position_after

PARTIAL = ("rules=podkidnoy,players=2 trump=♠ card=9♠ hands=6♥.7♦.Q♦.A♦.8♣.K♣|?6 talon=?23.9♠ discard=- "
           "table=- lead=P1 def=P2")
ENDGAME = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest", attacker=1)


def _think(c: BoardControl, steps: int = 99) -> dict:
    state = c.state()
    for _ in range(steps):
        if not state["thinking"]:
            break
        state = c.handle({"do": "think", "node": state["node"]})
    return state


# ---------------------------------------------------------------- opening and moving through the lines
def test_a_worked_example_opens_at_a_move_and_the_buttons_walk_its_main_line():
    record = load_example("EX-KO-1")
    c = BoardControl("EX-KO-1", at=1, playouts=40)
    assert c.state()["ply"] == 1 and c.title == record.title
    assert [n["move"] for n in c.state()["lines"]] == [str(m.move) for m in record.moves]
    assert c.handle({"do": "end"})["ply"] == len(record.moves)
    assert c.handle({"do": "forward"})["ply"] == len(record.moves)  # nothing after the end: no change
    assert c.handle({"do": "start"})["ply"] == 0
    assert c.handle({"do": "back"})["ply"] == 0
    state = c.handle({"do": "go", "node": 2})
    assert state["ply"] == 2 and [n["current"] for n in state["lines"]] == [False, True]


def test_every_worked_example_opens_and_shows_its_last_position():
    from durak_lab.engine.records import example_ids

    for ex in example_ids():
        c = BoardControl(ex, playouts=20)
        state = c.handle({"do": "end"})
        assert state["ply"] == len(c.lines.main_line()), ex
        json.dumps(state)  # the page's state is JSON


def test_a_move_tried_becomes_a_variation_and_a_comment_stays_with_it(tmp_path):
    c = BoardControl(ENDGAME, open=True, save_dir=str(tmp_path), playouts=30)
    state = _think(c)
    assert state["evaluation"]["exact"] and state["tree"]
    first, second = [m["move"] for m in state["moves"]][:2]
    c.handle({"do": "play", "move": first})
    c.handle({"do": "comment", "text": "  the quiet lead  "})
    c.handle({"do": "back"})
    state = c.handle({"do": "play", "move": second})
    assert state["can"]["delete"] and state["can"]["promote"]
    assert len(state["lines"]) == 1 and state["lines"][0]["comment"] == "the quiet lead"
    assert [v[0]["move"] for v in state["lines"][0]["variations"]] == [second]
    # saved into the record: the variation and the comment, and read back the same
    state = c.handle({"do": "save"})
    assert state["feedback_kind"] == "info" and c.download["name"].endswith(".json")
    saved = load_record(str(tmp_path / c.download["name"]))
    assert saved.moves[0].comment == "the quiet lead"
    assert [str(line[0].move) for line in saved.moves[0].variations] == [second]
    again = BoardControl(saved, open=True, playouts=30)
    assert again.state()["lines"] == BoardControl(c.record(), open=True, playouts=30).state()["lines"]
    # promote the variation, then delete the other line
    c.handle({"do": "promote"})
    assert c.state()["lines"][0]["move"] == second
    c.handle({"do": "go", "node": next(n.id for n in c.lines.walk() if n.move is not None and str(n.move) == first)})
    state = c.handle({"do": "delete"})
    assert state["ply"] == 0 and len(state["lines"]) == 1 and state["lines"][0]["variations"] == []


def test_the_main_line_is_not_deleted_and_an_illegal_move_changes_nothing():
    c = BoardControl("EX-KO-1", at=1, open=True, playouts=30)
    before = c.state()
    state = c.handle({"do": "delete"})
    assert state["feedback_kind"] == "illegal" and state["lines"] == before["lines"]
    state = c.handle({"do": "play", "move": "P2 take"})  # P1 acts here
    assert state["feedback_kind"] == "illegal" and state["node"] == before["node"]
    assert "P1" in state["feedback"] or "turn" in state["feedback"].lower()


@pytest.mark.parametrize("msg", [None, 5, [], {}, {"do": 5}, {"do": "nope"}, {"do": "go", "node": "1"},
                                 {"do": "go", "node": True}, {"do": "go", "node": 10 ** 5000},
                                 {"do": "play", "move": "x" * 10_000}, {"do": "play", "move": ["P1 take"]},
                                 {"do": "play", "move": "P1 attack 7♦"}, {"do": "comment", "text": 10 ** 5000},
                                 {"do": "seat", "seat": 10 ** 5000}, {"do": "seat", "seat": [1]},
                                 {"do": "seat", "seat": "P9"}, {"do": "mode", "open": "yes"},
                                 {"do": "open", "example": "EX-NONE"}, {"do": "open", "game": "../x.json"},
                                 {"do": "open", "upload": {"name": "x", "content": [300, 1]}},
                                 {"do": "open", "upload": {"name": "x", "content": list(b"not json")}},
                                 {"do": "think", "node": 99}, {"do": "hello", "student": 7}])
def test_a_wrong_message_leaves_the_board_as_it_was_with_a_sentence_at_most(msg):
    c = BoardControl("EX-KO-1", at=1, playouts=30)
    before = c.state()
    state = c.handle(msg)
    assert state["node"] == before["node"] and state["lines"] == before["lines"] and state["seat"] == before["seat"]
    assert state["feedback_kind"] in ("", "illegal")
    assert len(state["feedback"]) < 400 and "Traceback" not in state["feedback"] and "Error" not in state["feedback"]


def test_a_record_file_uploaded_from_the_page_opens():
    text = load_example("EX-KO-2").dump()
    c = BoardControl(playouts=30)
    state = c.handle({"do": "open", "upload": {"name": "game.json", "content": list(text.encode("utf-8"))}})
    assert state["feedback_kind"] == "info" and len(state["lines"]) == len(load_example("EX-KO-2").moves)


# ---------------------------------------------------------------- a position with unknown cards
def test_a_position_with_unknown_cards_is_seen_only_from_the_seat_it_names():
    c = BoardControl(PARTIAL, playouts=40)
    state = _think(c, 2)
    assert state["seat"] == "P1" and state["seat_choices"] == ["P1"] and not state["open_allowed"]
    p2 = next(s for s in state["seats"] if s["seat"] == "P2")
    assert p2["cards"] == [] and p2["hidden"] == 6
    assert len(state["moves"]) == 6 and state["evaluation"]["sentence"].startswith("P1 scores")
    assert {t["place"] for t in state["trumps"]} == {"P2", "the talon"}
    assert c.handle({"do": "mode", "open": True})["mode"] == "seat"
    assert c.handle({"do": "seat", "seat": "P2"})["seat"] == "P1"
    with pytest.raises(BoardError):
        c.record()
    assert c.position_text() == PARTIAL


def test_a_position_naming_no_whole_hand_is_refused_with_a_typed_error():
    text = PARTIAL.replace("6♥.7♦.Q♦.A♦.8♣.K♣", "?6")
    with pytest.raises(BoardError) as err:
        BoardControl(text)
    assert isinstance(err.value, DurakError) and err.value.key == "board-no-named-seat"


def test_a_stale_think_for_a_node_no_longer_shown_does_nothing():
    c = BoardControl("EX-KO-1", playouts=30)
    c.handle({"do": "end"})
    t = c.thinking()
    c.handle({"do": "think", "node": 0})  # asked for the start, which is no longer shown
    assert t.passes == 0


# ---------------------------------------------------------------- the widget and its languages
def test_the_widget_speaks_the_chosen_language_and_hebrew_reads_right_to_left():
    b = durak_lab.board("EX-KO-1", at=1, playouts=30, language="he")
    assert b.state["dir"] == "rtl" and b.state["lang"] == "he"
    assert b.state["labels"]["back"] != "Back"
    b.handle({"do": "language", "lang": "fi"})
    assert b.state["lang"] == "fi" and b.state["dir"] == "ltr"


def test_board_saves_its_record_from_python(tmp_path):
    b = AnalysisBoard("EX-KO-1", playouts=30)
    path = b.save(str(tmp_path / "lines.json"))
    assert load_record(path).moves == load_example("EX-KO-1").moves


# ---------------------------------------------------------------- the property: from my seat, nothing hidden
@settings(max_examples=25, deadline=None)
@given(config=st.sampled_from([c for c in CONFIGS if c[0] in ("podkidnoy", "perevodnoy", "simple")]),
       seed=st.integers(0, 10 ** 6), steps=st.integers(0, 40), again=st.integers(0, 10 ** 6))
def test_R3_from_my_seat_the_page_never_depends_on_a_card_the_seat_cannot_see(config, seed, steps, again):
    preset, players = config
    p, rng = position_after(preset, players, seed, steps)
    seat = rng.randrange(players)
    q = Partial.seen_from(p, seat).world(seat, random.Random(again))  # the cards the seat cannot see, dealt again
    assert q.view(seat) == p.view(seat)
    shown = [_think(BoardControl(x, seat=seat, playouts=24), 2) for x in (p, q)]
    assert shown[0] == shown[1]
    # and the same position written as what the seat knows opens to the same page
    assert _think(BoardControl(str(Partial.seen_from(p, seat)), seat=seat, playouts=24), 2)["seats"] == shown[0]["seats"]


# ---------------------------------------------------------------- setting a position up by clicking
def _set_up(c: BoardControl, messages: list) -> dict:
    state = c.state()
    for msg in messages:
        state = c.handle(msg)
        assert state["feedback_kind"] != "illegal", (msg, state["feedback"])
    return state


def test_a_position_set_up_by_clicks_opens_from_my_seat_with_the_rest_unknown():
    c = BoardControl(playouts=30)  # a new deal of podkidnoy: the setup starts with its rules
    state = _set_up(c, [{"do": "setup-clear"}, {"do": "setup-target", "place": "P1"}]
                    + [{"do": "setup-card", "card": x} for x in "6♥ 7♦ Q♦ A♦ 8♣ K♣".split()]
                    + [{"do": "setup-target", "place": "trump"}, {"do": "setup-card", "card": "9♠"},
                       {"do": "setup-hidden", "seat": "P2", "count": 6}])
    su = state["setup"]
    assert su["talon"] == "Talon: 24 cards" and su["unknown"] == "Cards not placed: 29"
    assert [x["place"] for x in su["cards"] if x["card"] == "9♠"] == ["trump"] and su["suit_fixed"]
    state = c.handle({"do": "setup-analyse"})
    assert state["feedback_kind"] == "info" and state["seat"] == "P1" and not state["open_allowed"]
    assert c.position_text() == PARTIAL
    assert next(s for s in state["seats"] if s["seat"] == "P2")["hidden"] == 6


def test_a_card_clicked_twice_in_one_place_goes_back_to_unknown_and_one_trump_card_replaces_another():
    c = BoardControl(playouts=30)
    _set_up(c, [{"do": "setup-target", "place": "discard"}, {"do": "setup-card", "card": "A♠"},
                {"do": "setup-card", "card": "A♠"}, {"do": "setup-target", "place": "trump"},
                {"do": "setup-card", "card": "9♠"}, {"do": "setup-card", "card": "10♥"}])
    places = {x["card"]: x["place"] for x in c.state()["setup"]["cards"]}
    assert places["A♠"] == "unknown" and places["9♠"] == "unknown" and places["10♥"] == "trump"
    assert c.state()["setup"]["suit"] == 1


def test_the_board_position_copied_into_the_setup_comes_back_the_same():
    c = BoardControl(PARTIAL, playouts=30)
    c.handle({"do": "setup-from-board"})
    assert c.setup.text() == PARTIAL
    c.handle({"do": "setup-analyse"})
    assert c.position_text() == PARTIAL


@pytest.mark.parametrize("messages,key", [
    ([{"do": "setup-hidden", "seat": "P2", "count": 40}], "board-setup-too-many-hidden"),
    ([{"do": "setup-target", "place": "cover"}, {"do": "setup-card", "card": "10♠"}],
     "board-setup-cover-without-attack"),
    ([{"do": "setup-roles", "leader": "P2", "defender": "P2"}], "board-setup-same-seats"),
    ([{"do": "setup-target", "place": "trump"}, {"do": "setup-card", "card": "9♠"},
      {"do": "setup-target", "place": "P1"}, {"do": "setup-card", "card": "7♦"}], "board-setup-impossible"),
])
def test_a_setup_that_is_no_position_says_why_and_the_board_stays(messages, key):
    from durak_lab.text.messages import say

    c = BoardControl("EX-KO-1", playouts=30)
    before = c.state()
    c.handle({"do": "setup-clear"})
    for msg in messages:
        c.handle(msg)
    state = c.handle({"do": "setup-analyse"})
    assert state["feedback_kind"] == "illegal" and state["lines"] == before["lines"] and state["title"] == before["title"]
    facts = {"board-setup-too-many-hidden": {"count": 36}, "board-setup-impossible": {"why": "x"}}.get(key, {})
    assert state["feedback"].startswith(say(key, **facts)[:25])


@pytest.mark.parametrize("msg", [{"do": "setup-card", "card": "7x"}, {"do": "setup-card", "card": 10 ** 5000},
                                 {"do": "setup-card", "card": "2♠"},  # not in a 36-card deck
                                 {"do": "setup-target", "place": "P9"}, {"do": "setup-target", "place": ["x"]},
                                 {"do": "setup-hidden", "seat": "P1", "count": 3},  # my seat: its cards are named
                                 {"do": "setup-hidden", "seat": "P2", "count": -1},
                                 {"do": "setup-hidden", "seat": "P2", "count": 10 ** 5000},
                                 {"do": "setup-rules", "preset": "nope", "players": 2},
                                 {"do": "setup-rules", "preset": "podkidnoy", "players": 99},
                                 {"do": "setup-suit", "suit": 7}, {"do": "setup-seat", "seat": 3}])
def test_a_wrong_setup_message_is_a_sentence_and_changes_nothing(msg):
    c = BoardControl("EX-KO-1", playouts=30)
    c.handle({"do": "setup-target", "place": "P1"})
    c.handle({"do": "setup-card", "card": "7♦"})
    before = c.state()["setup"]
    state = c.handle(msg)
    assert state["feedback_kind"] == "illegal" and len(state["feedback"]) < 300
    assert state["setup"] == before


def test_the_saved_games_are_read_again_only_when_the_folder_changes(tmp_path, monkeypatch):
    """Every picture lists the saved games (each thinking step's too): the files are parsed once, and
    again only after a file is added or changed."""
    from durak_lab.widgets.board import control as board_control

    reads = []
    real = board_control.saved_games
    monkeypatch.setattr(board_control, "saved_games", lambda folder: reads.append(folder) or real(folder))
    c = BoardControl("EX-KO-1", playouts=20, save_dir=str(tmp_path))
    state = c.state()
    for _ in range(3):
        state = c.handle({"do": "think", "node": state["node"]})
    assert state["games"] == [] and len(reads) == 1
    c.handle({"do": "save"})
    state = c.state()
    assert len(state["games"]) == 1 and len(reads) == 2
    c.handle({"do": "think", "node": state["node"]})
    assert len(reads) == 2
