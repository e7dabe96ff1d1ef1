"""A malformed lesson raises LessonError whose ``field`` names the JSON path of what is wrong, and whose
message names it too; the validator asks the engine about every answer (R11, R12, R7, R17, R18)."""

from __future__ import annotations

import json

import pytest

from durak_lab.engine.errors import DurakError
from durak_lab.lessons import FORMAT, LessonError, load_lesson

POSITION = {"hands": ["7♦ K♠", "9♦ Q♦ 8♠"], "trump": "♥", "discard": "rest", "moves": ["P1 attack 7♦"]}

GOOD = {
    "format": FORMAT, "id": "probe", "title": "Probe", "rules": ["R11"], "summary": "A lesson to break.",
    "_note": "comments start with an underscore",
    "steps": [
        {"kind": "read", "text": "Hello."},
        {"kind": "move", "text": "Cover it.", "position": POSITION, "answers": ["P2 cover 7♦ with 9♦"],
         "feedback": {"P2 take": "No need to take."}},
        {"kind": "cards", "text": "Beat it.", "position": POSITION, "check": {"beats": "7♦"},
         "answer": ["9♦", "Q♦"]},
        {"kind": "seat", "text": "Who defends?", "position": POSITION, "check": "defender", "answer": "P2"},
        {"kind": "yes-no", "text": "May P2 take?", "position": POSITION, "move": "P2 take", "answer": True},
        {"kind": "choice", "text": "Hand?", "options": ["5", "6"], "answer": "6", "check": {"rules": "hand"}},
        {"kind": "position-free", "text": "x"},
    ],
}
GOOD["steps"].pop()  # the last one is only a template for "bad kind" below


def good():
    return json.loads(json.dumps(GOOD))  # every step its own position (a deep copy would share them)


def test_the_probe_lesson_is_good():
    L = load_lesson(good())
    assert [s.kind for s in L.steps] == ["read", "move", "cards", "seat", "yes-no", "choice"]
    assert L.exercises == 5
    assert [str(c) for c in L.steps[2].answer] == ["9♦", "Q♦"]
    assert [str(c) for c in L.steps[2].pool] == ["8♠", "9♦", "Q♦"] and L.steps[1].pool == ()


def change(path, value):
    """A lesson with the value at ``path`` (a list of keys) replaced, or deleted when value is ...."""
    def make():
        data = good()
        node = data
        for key in path[:-1]:
            node = node[key]
        if value is ...:
            del node[path[-1]]
        else:
            node[path[-1]] = value
        return data
    return make


BAD = [
    # (name, make the data or text, the field LessonError names)
    ("bad JSON", lambda: '{"format": "durak-lab-lesson/1", "id": }', ""),
    ("a key twice", lambda: '{"id": "a", "id": "b"}', ""),
    ("not an object", lambda: "[1, 2]", ""),
    ("missing format", change(["format"], ...), "format"),
    ("other format", change(["format"], "durak-lab/1"), "format"),
    ("missing id", change(["id"], ...), "id"),
    ("bad id", change(["id"], "Covering Cards"), "id"),
    ("missing title", change(["title"], ...), "title"),
    ("missing summary", change(["summary"], ...), "summary"),
    ("empty steps", change(["steps"], []), "steps"),
    ("unknown top key", change(["colour"], "red"), "colour"),
    ("bad rule id", change(["rules"], ["R11", "R99"]), "rules[1]"),
    ("rule id in a step", change(["steps", 1, "rules"], ["X1"]), "steps[1].rules[0]"),
    ("bad kind", change(["steps", 0, "kind"], "dance"), "steps[0].kind"),
    ("missing text", change(["steps", 0, "text"], ...), "steps[0].text"),
    ("unknown step key", change(["steps", 1, "answer"], "P2 take"), "steps[1].answer"),
    ("missing position", change(["steps", 1, "position"], ...), "steps[1].position"),
    ("bad position text", change(["steps", 1, "position"], "rules=podkidnoy trump=X"), "steps[1].position"),
    ("bad example id", change(["steps", 1, "position"], {"example": "EX-NOPE", "after": 1}),
     "steps[1].position.example"),
    ("example after too far", change(["steps", 1, "position"], {"example": "EX-KO-1", "after": 99}),
     "steps[1].position.after"),
    ("unknown position key", change(["steps", 1, "position", "hand"], "7♦"), "steps[1].position.hand"),
    ("a card twice", change(["steps", 1, "position", "hands"], ["7♦ K♠", "7♦ Q♦"]), "steps[1].position.hands[1]"),
    ("bad card", change(["steps", 1, "position", "hands"], ["7♦ X9", "9♦ Q♦"]), "steps[1].position.hands[0]"),
    ("illegal position move", change(["steps", 1, "position", "moves"], ["P2 attack 9♦"]),
     "steps[1].position.moves[0]"),
    ("illegal answer (R11)", change(["steps", 1, "answers"], ["P2 cover 7♦ with 8♠"]), "steps[1].answers[0]"),
    ("unreadable answer", change(["steps", 1, "answers"], ["P2 cover 7♦"]), "steps[1].answers[0]"),
    ("answer of another seat", change(["steps", 1, "answers"], ["P2 cover 7♦ with 9♦", "P1 pass"]),
     "steps[1].answers[1]"),
    ("no answers", change(["steps", 1, "answers"], []), "steps[1].answers"),
    ("bad accept", change(["steps", 1, "accept"], "any"), "steps[1].accept"),
    ("bad feedback key", change(["steps", 1, "feedback"], {"P2 dance": "x"}), 'steps[1].feedback["P2 dance"]'),
    ("empty feedback", change(["steps", 1, "feedback"], {"P2 take": ""}), 'steps[1].feedback["P2 take"]'),
    ("feedback for another seat's move", change(["steps", 1, "feedback"], {"P1 pass": "x"}),
     'steps[1].feedback["P1 pass"]'),
    ("feedback for a card not in the hand", change(["steps", 2, "feedback"], {"A♣": "x"}),
     'steps[2].feedback["A♣"]'),
    ("feedback for a seat not at the table", change(["steps", 3, "feedback"], {"P5": "x"}),
     'steps[3].feedback["P5"]'),
    ("bad seat", change(["steps", 1, "seat"], "P7"), "steps[1].seat"),
    ("bad show", change(["steps", 1, "show"], "some"), "steps[1].show"),
    ("cards answer differs from check (R11)", change(["steps", 2, "answer"], ["9♦"]), "steps[2].answer"),
    ("cards answer not in the hand", change(["steps", 2, "answer"], ["9♦", "A♣"]), "steps[2].answer[1]"),
    ("cards bad check", change(["steps", 2, "check"], "pretty"), "steps[2].check"),
    ("cards throw-in without a table", change(["steps", 2, "position", "moves"], []), "steps[2].check"),
    ("cards bad from", change(["steps", 2, "from"], "talon"), "steps[2].from"),
    ("seat answer differs from check", change(["steps", 3, "answer"], "P1"), "steps[3].answer"),
    ("seat bad check", change(["steps", 3, "check"], "dealer"), "steps[3].check"),
    ("seat next-leader without if", change(["steps", 3, "check"], "next-leader"), "steps[3].if"),
    ("yes-no answer differs (R15)", change(["steps", 4, "answer"], False), "steps[4].answer"),
    ("yes-no missing move", change(["steps", 4, "move"], ...), "steps[4].move"),
    ("choice answer not an option", change(["steps", 5, "answer"], "7"), "steps[5].answer"),
    ("choice answer differs from the rules (R3)", change(["steps", 5, "options"], ["5", "7"]), "steps[5].answer"),
    ("choice bad rules option", change(["steps", 5, "check"], {"rules": "colour"}), "steps[5].check"),
    ("choice bad preset", change(["steps", 5, "preset"], "poker"), "steps[5].preset"),
]
# the throw-in case needs its own check
BAD[[b[0] for b in BAD].index("cards throw-in without a table")] = (
    "cards throw-in without a table",
    lambda: (lambda d: (d["steps"][2].update(check="throw-in", answer=[]), d["steps"][2]["position"].update(moves=[]),
                        d)[-1])(good()),
    "steps[2].check")


@pytest.mark.parametrize("name,make,field", BAD, ids=[b[0] for b in BAD])
def test_a_malformed_lesson_names_the_field(name, make, field):
    with pytest.raises(LessonError) as info:
        load_lesson(make())
    err = info.value
    assert err.field == field, str(err)
    assert isinstance(err, DurakError) and isinstance(err, ValueError)
    if field:
        assert str(err).startswith(field + ": ")
    assert err.problem and "Traceback" not in str(err)


def test_the_message_of_an_illegal_answer_gives_the_engines_reason():
    with pytest.raises(LessonError) as info:
        load_lesson(change(["steps", 1, "answers"], ["P2 cover 7♦ with 8♠"])())
    assert str(info.value) == ("steps[1].answers[0]: 'P2 cover 7♦ with 8♠' is not a legal move here: 8♠ does "
                               "not beat 7♦: cover with a higher diamond or a trump (♥)")


def test_a_file_error_names_the_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(change(["rules"], ["R0"])(), ensure_ascii=False), encoding="utf-8")
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    assert info.value.source == str(path) and info.value.field == "rules[0]"
    assert str(info.value).startswith(f"{path}: rules[0]: ")
    with pytest.raises(LessonError) as info:
        load_lesson(tmp_path / "missing.json")
    assert "cannot read" in str(info.value)


def test_positions_from_an_example_and_from_a_position_text():
    from durak_lab.engine.records import load_example

    data = change(["steps", 1, "position"], {"example": "EX-ZH-BOUT", "after": 1})()
    data["steps"][1]["answers"] = [str(m) for m in load_example("EX-ZH-BOUT").game_after(1).position.legal_moves(1)][:1]
    L = load_lesson(data)
    assert L.steps[1].position == load_example("EX-ZH-BOUT").game_after(1).position
    text = str(L.steps[2].position)
    data = change(["steps", 2, "position"], text)()
    assert load_lesson(data).steps[2].position == L.steps[2].position


def test_json_text_bytes_and_dict_give_the_same_lesson(tmp_path):
    text = json.dumps(good(), ensure_ascii=False)
    path = tmp_path / "probe.json"
    path.write_text(text, encoding="utf-8")
    a, b, c, d = load_lesson(text), load_lesson(text.encode("utf-8")), load_lesson(good()), load_lesson(str(path))
    assert a.to_dict() == b.to_dict() == c.to_dict() == d.to_dict() == good()
    assert load_lesson(a.dump()).to_dict() == good()


def test_default_seats():
    L = load_lesson(good())
    assert L.steps[0].seat is None and L.steps[0].position is None
    assert L.steps[1].seat == 1  # the seat of the first answer
    assert L.steps[3].seat == 1  # the seat to act


def test_wrong_answer_sentences_use_the_text_layers_learner_reason_when_there_is_one(monkeypatch):
    """An illegal move's sentence comes from durak_lab.text.learner_reason once the text layer has it."""
    import durak_lab.text as text
    from durak_lab.lessons import Attempt

    step = load_lesson(good()).steps[1]
    plain = Attempt(step).answer("P2 cover 7♦ with 8♠").sentence
    assert plain.startswith("8♠ does not beat 7♦")
    monkeypatch.setattr(text, "learner_reason", lambda err: f"Reason for {err.move}.", raising=False)
    assert Attempt(step).answer("P2 cover 7♦ with 8♠").sentence == "Reason for P2 cover 7♦ with 8♠."


JUNK = [None, 0, -1, 1.5, True, "", "x", "P9", "7♦", "R11", [], [None], ["x"], {}, {"x": 1}]


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _play_step():
    return {"kind": "play", "text": "Play.", "vs": ["random"], "players": 2, "preset": "podkidnoy", "seed": 1,
            "coach": True}


def _fuzz_base():
    data = good()
    data["steps"].append(_play_step())
    data["steps"].append({"kind": "seat", "text": "Next?", "position": dict(POSITION, moves=["P1 attack 7♦"]),
                          "check": "next-leader", "if": "take"})
    data["steps"].append({"kind": "cards", "text": "Uncovered?", "position": POSITION, "from": "table",
                          "check": "uncovered"})
    data["steps"].append({"kind": "read", "text": "Example.", "position": {"example": "EX-ZH-BOUT", "after": 2,
                                                                            "moves": []}})
    return data


def test_any_junk_value_anywhere_gives_a_lesson_or_a_lesson_error():
    """Every value of a lesson replaced by junk of every type: load_lesson returns or raises LessonError,
    never another exception."""
    base = _fuzz_base()
    load_lesson(base)
    count = 0
    for path in list(_paths(base))[1:]:
        for junk in JUNK:
            data = json.loads(json.dumps(base))
            node = data
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = junk
            try:
                load_lesson(data)
            except LessonError as err:
                assert err.field is not None and str(err)
            count += 1
    assert count > 1000
