"""The stepper's "Open a saved game": a record file chosen in the FileUpload opens in the stepper
(the worked examples stay in the list), a file that is not a record gets one plain sentence, and
"Saved games" lists the record files of a folder.  The upload widget's value is fed as ipywidgets
8.1 delivers it from the browser: a tuple of dicts whose ``content`` is a ``memoryview``."""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

import ipywidgets as widgets
import pytest

from durak_lab.engine.records import load_record
from durak_lab.engine.rules import Rules
from durak_lab.session import PlaySession
from durak_lab.text.messages import MESSAGES
from durak_lab.widgets.stepper import EXAMPLE_ORDER, Stepper
from durak_lab.widgets.stepper.open_game import saved_games

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session"))
from test_learner_sentences import check  # noqa: E402


def chosen(name: str, data: bytes, content=memoryview) -> tuple:
    """The value a FileUpload gets when the learner chooses one file (ipywidgets 8.1)."""
    return ({"name": name, "type": "application/json", "size": len(data), "content": content(data),
             "last_modified": datetime(2026, 5, 4, tzinfo=timezone.utc)},)


def saved_game(seed: int = 12, moves: int = 5) -> str:
    """A record as the play table's Save game writes it: a few moves of a game against the tips bot."""
    s = PlaySession(Rules.preset("podkidnoy", players=2), ["human", "tips"], seed=seed)
    while len(s.moves) < moves and not s.is_over:
        if s.bot_to_act() is not None:
            s.bot_move()
        else:
            s.play(s.legal()[0])
    return s.record().dump() + "\n"


def test_contract_the_upload_button():
    s = Stepper("EX-ZH-BOUT")
    up = s.opener.upload
    assert isinstance(up, widgets.FileUpload) and "dl-open-game" in up._dom_classes
    assert up.description == "Open a saved game" and ".json" in up.accept and not up.multiple
    assert up.tooltip and up in s.children[0].children  # in the first row of controls
    assert s.opener.saved in s.children[0].children and "dl-saved-games" in s.opener.saved._dom_classes


@pytest.mark.parametrize("content", [memoryview, bytes])
def test_an_uploaded_saved_game_opens_and_the_examples_stay(content):
    text = saved_game()
    rec = load_record(text)
    s = Stepper("EX-ZH-BOUT")
    before = [key for _, key in s.example.options]
    s.opener.upload.value = chosen("durak-game-12.json", text.encode("utf-8"), content)
    assert s.record == rec and s.index == 0 and s.message.value == ""
    assert s.example.label == f"durak-game-12.json — {rec.title}"
    assert [key for _, key in s.example.options][:len(before)] == before  # the worked examples stay
    assert len(s.example.options) == len(before) + 1
    assert s.step_label.value == f"Step 0 of {len(s.frames) - 1}"
    s.next()
    assert str(s.frame.move) == str(rec.moves[0].move) and str(rec.moves[0].move) in s.move_line.value
    assert s.opener.upload.value == ()  # ready for the next file
    s.opener.upload.value = chosen("durak-game-12.json", text.encode("utf-8"))  # the same file again
    assert len(s.example.options) == len(before) + 1 and s.index == 0
    s.example.value = EXAMPLE_ORDER[0]  # and the examples are still there to choose
    assert s.record.id == EXAMPLE_ORDER[0]


def test_a_worked_example_file_selects_that_example():
    ex = Path(__file__).resolve().parents[2] / "durak_lab" / "engine" / "examples" / "EX-KO-1.json"
    s = Stepper("EX-ZH-BOUT")
    n = len(s.example.options)
    s.opener.upload.value = chosen("EX-KO-1.json", ex.read_bytes())
    assert s.record.id == "EX-KO-1" and len(s.example.options) == n


BAD_FILES = {
    "not JSON": (b"hello, this is a letter", "open-not-record"),
    "a path": (b"README.md", "open-not-record"),
    "bad JSON": (b'{"format": "durak-lab/1", "rules": {', "open-not-record"),
    "a list": (b"[1, 2, 3]", "open-not-record"),
    "another format": (b'{"format": "durak-lab-lesson/1", "id": "x"}', "open-not-record"),
    "no format": (b'{"rules": {}, "start": {"seed": 1}}', "open-not-record"),
    "not UTF-8": (b'{"title": "\xff\xfe"}', "open-not-record"),
    "empty": (b"", "open-not-record"),
    "bad rules": (b'{"format": "durak-lab/1", "rules": {"players": 9}, "start": {"seed": 1}}', "open-bad-rules"),
    "bad start": (b'{"format": "durak-lab/1", "rules": {}, "start": {"seed": "x"}}', "open-bad-start"),
    "bad move": (b'{"format": "durak-lab/1", "rules": {}, "start": {"seed": 1}, "moves": ["P1 take", "P9 fly"]}',
                 "open-bad-move"),
    "unknown key": (b'{"format": "durak-lab/1", "rules": {}, "start": {"seed": 1}, "colour": "red"}', "open-bad"),
}


@pytest.mark.parametrize("what", list(BAD_FILES))
def test_a_file_that_is_not_a_record_gets_a_plain_sentence(what):
    data, key = BAD_FILES[what]
    s = Stepper("EX-KO-1")
    options = list(s.example.options)
    s.opener.upload.value = chosen("my file.json", data)
    fields = {"name": "my file.json"} | ({"number": 2} if key == "open-bad-move" else {})
    sentence = MESSAGES[key].format(**fields)
    assert sentence in s.message.value.replace("&#x27;", "'") and s.message.layout.display is None
    check([sentence], what)
    for word in ("JSON", "line 1", "column", "moves[", "rules.", "start.", "Traceback", "Error", "UTF-8"):
        assert word not in s.message.value, (what, word)
    assert s.record.id == "EX-KO-1" and list(s.example.options) == options  # the stepper as it was
    assert s.opener.upload.value == ()


def test_a_record_the_rules_disagree_with_opens_and_says_so():
    data = b'{"format": "durak-lab/1", "rules": {}, "start": {"seed": 1}, "moves": ["P2 take"]}'
    s = Stepper("EX-KO-1")
    s.opener.upload.value = chosen("odd.json", data)
    assert s.example.label == "odd.json"
    assert "disagree at move 1" in s.message.value


def test_every_open_sentence_is_plain():
    check([text.format(name="x.json", number=3) for key, text in MESSAGES.items() if key.startswith("open-")],
          "open-")


def test_saved_games_lists_the_record_files_of_a_folder(tmp_path):
    (tmp_path / "durak-game-12.json").write_text(saved_game(), "utf-8")
    (tmp_path / "durak-game-7.json").write_text(saved_game(7, 3), "utf-8")
    (tmp_path / "lesson.json").write_text('{"format": "durak-lab-lesson/1"}', "utf-8")
    (tmp_path / "broken.json").write_text('{"format": "durak-lab/1", "rules": {', "utf-8")
    (tmp_path / "notes.txt").write_text("durak-lab/1", "utf-8")
    assert [name for name, _ in saved_games(tmp_path)] == ["durak-game-12.json", "durak-game-7.json"]
    assert saved_games(tmp_path / "missing") == []

    s = Stepper("EX-KO-1", folder=tmp_path)
    saved = s.opener.saved
    assert saved.layout.display is None and saved.description == "Saved games"
    assert [label for label, _ in saved.options] == ["choose one", "durak-game-12.json", "durak-game-7.json"]
    saved.value = str(tmp_path / "durak-game-7.json")
    assert s.record == load_record(tmp_path / "durak-game-7.json") and s.index == 0
    assert s.example.label.startswith("durak-game-7.json — ")
    (tmp_path / "durak-game-12.json").unlink()  # gone since the list was read
    saved.value = str(tmp_path / "durak-game-12.json")
    assert "durak-game-12.json cannot be opened" in s.message.value
    s.opener.refresh()
    assert [label for label, _ in saved.options] == ["choose one", "durak-game-7.json"]


def test_no_saved_games_no_list(tmp_path):
    assert Stepper("EX-KO-1", folder=tmp_path).opener.saved.layout.display == "none"
    assert Stepper("EX-KO-1", folder=None).opener.saved.layout.display == "none"


def test_saved_games_lists_the_students_own_games(tmp_path):
    """Once the browser names the student, "Saved games" lists the games they saved at the play table."""
    from durak_lab.widgets import PlayTable, Stepper

    room = tmp_path / "class"
    PlayTable(seed=4, student="Ann", class_dir=str(room)).handle({"do": "save"})
    s = Stepper("EX-KO-1", folder=None)
    s.guess.class_dir = str(room)
    assert s.opener.saved.layout.display == "none"
    s.guess.student.name = "Ann"
    names = [label for label, path in s.opener.saved.options if path]
    assert len(names) == 1 and names[0].startswith("durak-game-4-")
    s.opener.saved.value = s.opener.saved.options[1][1]
    assert s.record.title.startswith("A game at the play table")  # the saved game is open
    s.close()
