"""``durak-lab class``: the class's progress at the terminal, as CSV and as JSON."""

from __future__ import annotations

import json

import pytest

from durak_lab.cli import main
from durak_lab.lessons import Progress


@pytest.fixture
def _run(capsys):
    def run(*args):
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def _room(tmp_path):
    folder = tmp_path / "class"
    for name in ("Ann", "Boris"):
        p = Progress.for_student(name, str(folder))
        p.mark("cards", 2, first_try=name == "Ann", tries=1, hints=0, seconds=30)
        p.save()
    return folder


def test_the_class_report_prints_a_line_a_student(tmp_path, _run):
    code, out, err = _run("class", str(_room(tmp_path)))
    assert code == 0 and err == ""
    assert out.splitlines()[1].startswith("Ann") and "1/4 (1)" in out and "1/4 (0)" in out


def test_csv_to_a_file_and_to_the_terminal(tmp_path, _run):
    folder = _room(tmp_path)
    code, out, _ = _run("class", str(folder), "--csv", str(tmp_path / "class.csv"))
    assert code == 0 and (tmp_path / "class.csv").read_text("utf-8").startswith("student,lesson,title,")
    code, out, _ = _run("class", str(folder), "--csv", "-")
    assert code == 0 and out.startswith("student,lesson,") and "Ann,cards,The cards,4,1,1,1," in out


def test_json(tmp_path, _run):
    code, out, _ = _run("class", str(_room(tmp_path)), "--json")
    data = json.loads(out)
    assert code == 0 and [s["student"] for s in data["students"]] == ["Ann", "Boris"]


def test_an_empty_folder_and_a_missing_one(tmp_path, _run):
    code, out, _ = _run("class", str(tmp_path))
    assert code == 1 and "No progress files found" in out
    code, _, err = _run("class", str(tmp_path / "nowhere"))
    assert code == 2 and "no such folder or file" in err


def test_class_deal_prints_a_code_that_the_play_table_takes(_run):
    code, out, _ = _run("class-deal", "--preset", "perevodnoy", "--players", "3", "--vs", "tips+expert",
                        "--seed", "77")
    assert code == 0 and out.splitlines()[0] == "perevodnoy-3-tips+expert-77"
    assert "Students type this code in Game settings" in out
    code, _, err = _run("class-deal", "--players", "9")
    assert code == 2 and "2 to 6 players, not 9" in err


def test_class_games_are_listed_after_the_report(tmp_path, _run):
    from durak_lab.widgets import PlayTable

    folder = _room(tmp_path)
    table = PlayTable(deal="podkidnoy-2-greedy-5", speed="instant", student="Ann", class_dir=str(folder))
    table.handle({"do": "save"})  # saved at the start: not finished
    code, out, _ = _run("class", str(folder))
    assert code == 0 and "Class deal podkidnoy-2-greedy-5" in out and "1. Ann: not finished" in out
    code, out, _ = _run("class", str(folder), "--json")
    assert json.loads(out)["class_games"][0]["student"] == "Ann"
