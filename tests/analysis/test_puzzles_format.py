"""The puzzle file (durak-lab-puzzles/1): it round-trips, and every malformed part is refused with a
typed error naming its JSON path (and the file)."""

from __future__ import annotations

import copy
import json

import pytest

from durak_lab.analysis.puzzles import (FORMAT, MAX_PUZZLE_BYTES, PuzzleError, PuzzleFile, Settings, Source,
                                        dump_puzzles, judge, load_puzzles, merge, mine_bots, puzzles_json, rate)
from durak_lab.bots import BOTS
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position


class First:
    name = "first"

    def choose(self, view, rng):
        return view.legal[0]


@pytest.fixture(scope="module")
def data():
    p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest", attacker=1,
                       first_bout=False)
    tiny = rate(judge(p, "tiny", Source("podkidnoy,players=2", None, 0)), {"first": First}, tries=2)
    more = mine_bots(Rules(players=2), [BOTS["greedy"], BOTS["tips"]], games=3, seed=1, settings=Settings(playouts=300))
    assert any(not z.exact for z in more)
    return PuzzleFile((tiny,) + tuple(more), ("durak-lab puzzles mine --bots greedy,tips",), ("first",))


def _bad(obj, field, words=""):
    with pytest.raises(PuzzleError) as caught:
        load_puzzles(obj)
    assert caught.value.field == field, str(caught.value)
    assert words in caught.value.problem, caught.value.problem
    assert isinstance(caught.value, ValueError)
    return caught.value


def test_a_file_round_trips(data, tmp_path):
    path = tmp_path / "p.json"
    dump_puzzles(data, path)
    back = load_puzzles(str(path))
    assert back.made_by == data.made_by and back.levels == data.levels
    assert [z.to_json() for z in back.puzzles] == [z.to_json() for z in data.puzzles]
    assert [z.position for z in back.puzzles] == [z.position for z in data.puzzles]
    assert load_puzzles(puzzles_json(data)).to_json() == data.to_json() == load_puzzles(data.to_json()).to_json()
    text = path.read_text(encoding="utf-8")
    assert text.count("\n{\"id\"") == len(data.puzzles)  # one puzzle a line
    assert load_puzzles(text.encode("utf-16")).to_json() == data.to_json()  # decoded by its byte-order mark
    assert load_puzzles("\ufeff" + text).to_json() == data.to_json()


def test_the_figures_and_rating_read_back(data):
    z = load_puzzles(data.to_json()).puzzles[0]
    assert z.id == "tiny" and z.exact and z.best == (1.0, 1.0, 1.0) and z.next_best == (0.0, 0.0, 0.0)
    assert z.rating == 600 and z.stars == 1 and z.misses == (("first", 0.0),) and z.tries == 2
    assert z.source == Source("podkidnoy,players=2", None, 0)


def _one(data, **changes):
    obj = copy.deepcopy(data.to_json())
    obj["puzzles"] = [obj["puzzles"][0]]
    for key, value in changes.items():
        if value is None:
            del obj["puzzles"][0][key]
        else:
            obj["puzzles"][0][key] = value
    return obj


def test_the_top_level_is_checked(data):
    _bad({"puzzles": []}, "format", "missing")
    _bad({"format": "durak-lab-puzzles/2", "puzzles": []}, "format", "must be")
    _bad({"format": FORMAT}, "puzzles", "missing")
    _bad({"format": FORMAT, "puzzles": {}}, "puzzles", "list")
    _bad({"format": FORMAT, "puzzles": [], "colour": 1}, "colour", "not a key")
    _bad({"format": FORMAT, "puzzles": [], "made_by": "x"}, "made_by", "list")
    assert load_puzzles({"format": FORMAT, "puzzles": [], "_note": "a comment"}).puzzles == ()
    _bad("[1, 2", "", "not JSON")
    _bad('{"format": "durak-lab-puzzles/1", "format": "x", "puzzles": []}', "", "twice")
    _bad(b"\xe9", "", "UTF-8")
    _bad("[]", "", "object")
    _bad('{"a":' * 40 + "1" + "}" * 40, "", "nested")
    _bad(42, "", "not int")


def test_each_part_of_a_puzzle_is_checked(data):
    z = data.to_json()["puzzles"][0]
    _bad(_one(data, id="Not A Slug"), "puzzles[0].id", "not an id")
    _bad(_one(data, position=None), "puzzles[0].position", "missing")
    _bad(_one(data, position="rules=podkidnoy hands=ZZ"), "puzzles[0].position")
    _bad(_one(data, seat="P1"), "puzzles[0].seat", "not the seat to act")
    _bad(_one(data, seat="P9"), "puzzles[0].seat")
    _bad(_one(data, answers=[]), "puzzles[0].answers", "one or more")
    _bad(_one(data, answers=["P2 attack 9♥"]), "puzzles[0].answers[0]", "not a legal move")
    _bad(_one(data, answers=["P2 attack 8♥", "P2 attack 8♥"]), "puzzles[0].answers[1]", "twice")
    _bad(_one(data, answers=["P2 fly"]), "puzzles[0].answers[0]")
    _bad(_one(data, themes=["chess"]), "puzzles[0].themes[0]", "not a theme")
    _bad(_one(data, themes=["endgame", "endgame"]), "puzzles[0].themes", "twice")
    _bad(_one(data, exact="yes"), "puzzles[0].exact", "true or false")
    _bad(_one(data, source={"rules": "podkidnoy,players=2"}), "puzzles[0].source.move", "missing")
    _bad(_one(data, source={"rules": "chess", "move": 0}), "puzzles[0].source.rules")
    _bad(_one(data, rating={**z["rating"], "stars": 6}), "puzzles[0].rating.stars", "from 1 to 5")
    _bad(_one(data, rating={**z["rating"], "misses": {"first": 2}}), "puzzles[0].rating.misses.first", "chance")
    _bad(_one(data, extra=1), "puzzles[0].extra", "not a key")
    obj = copy.deepcopy(data.to_json())
    obj["puzzles"][1]["id"] = obj["puzzles"][0]["id"]
    _bad(obj, "puzzles[1].id", "puzzles[0] too")


def test_the_figures_must_make_the_answers_the_best(data):
    z = data.to_json()["puzzles"][0]
    fig = z["figures"]
    _bad(_one(data, figures={**fig, "moves": {"P2 attack 8♥": [1.0, 1.0, 1.0]}}), "puzzles[0].figures.moves",
         "without figures")
    _bad(_one(data, figures={**fig, "moves": {**fig["moves"], "P2 take": [0, 0, 0]}}),
         'puzzles[0].figures.moves["P2 take"]', "not a legal move")
    _bad(_one(data, figures={**fig, "moves": {**fig["moves"], "P2 attack 7♦": [1.0, 1.0, 1.0]}}),
         "puzzles[0].figures.next")
    _bad(_one(data, figures={**fig, "moves": {**fig["moves"], "P2 attack 7♦": [0.3, 0.3, 0.3]}}),
         'puzzles[0].figures.moves["P2 attack 7♦"]', "a point")
    _bad(_one(data, figures={**fig, "best": 0.9}), "puzzles[0].figures.best", "best answer")
    _bad(_one(data, figures={**fig, "playouts": 10}), "puzzles[0].figures.playouts", "exact")
    _bad(_one(data, answers=["P2 attack 8♥", "P2 attack 7♦"]), "puzzles[0].figures.moves", "every legal move")
    sampled = next(i for i, p in enumerate(data.puzzles) if not p.exact)
    obj = copy.deepcopy(data.to_json())
    obj["puzzles"] = [obj["puzzles"][sampled]]
    m = next(iter(obj["puzzles"][0]["figures"]["moves"]))
    obj["puzzles"][0]["figures"]["moves"][m] = [0.5, 0.6, 0.7]
    _bad(obj, f'puzzles[0].figures.moves[{json.dumps(m, ensure_ascii=False)}]', "in its range")
    obj["puzzles"][0]["figures"]["moves"][m] = [float("nan"), 0, 1]
    _bad(json.dumps(obj), "", "not a JSON number")


def test_a_file_error_names_the_file_and_a_large_file_is_refused(data, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_one(data, seat="P1"), ensure_ascii=False), encoding="utf-8")
    err = _bad(str(bad), "puzzles[0].seat")
    assert err.source == str(bad) and str(err).startswith(str(bad))
    err = _bad(str(tmp_path / "missing.json"), "", "cannot read it")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_PUZZLE_BYTES + 1))
    _bad(str(big), "", "larger than")


def test_merge_keeps_the_first_of_an_id_and_every_command(data):
    both = merge([data, PuzzleFile(data.puzzles[:1], ("second",))])
    assert len(both.puzzles) == len(data.puzzles) and both.made_by == data.made_by + ("second",)
