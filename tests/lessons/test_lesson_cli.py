"""``durak-lab lessons``: the course as text and JSON, ``check`` (exit 0 with ok lines; 2 naming the file
and the field), ``from-record`` (a lesson file that ``check`` accepts)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from durak_lab.cli import main
from durak_lab.lessons import course

REPO = Path(__file__).resolve().parents[2]
COURSE = REPO / "durak_lab" / "lessons" / "course"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_lessons_lists_the_course(capsys):
    code, out, err = run(capsys, "lessons")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(course())
    assert [line.split()[0] for line in lines] == [L.id for L in course()]
    for line, L in zip(lines, course()):
        assert L.title in line and " ".join(L.rules) in line and f"{L.exercises} exercise" in line


def test_lessons_json_shape(capsys):
    code, out, _ = run(capsys, "lessons", "--json")
    assert code == 0
    data = json.loads(out)
    assert [d["id"] for d in data] == [L.id for L in course()]
    for d, L in zip(data, course()):
        assert {"id", "title", "rules", "exercises"} <= set(d)
        assert d["title"] == L.title and d["rules"] == list(L.rules) and d["exercises"] == L.exercises
        assert isinstance(d["exercises"], int)


def test_check_good_files(capsys):
    files = sorted(str(p) for p in COURSE.glob("*.json"))
    code, out, err = run(capsys, "lessons", "check", *files)
    assert code == 0 and err == ""
    assert len(out.splitlines()) == len(files)
    assert all(": ok (" in line for line in out.splitlines())


def test_check_a_bad_file_names_file_and_field(capsys, tmp_path):
    data = json.loads((COURSE / "covering.json").read_text(encoding="utf-8"))
    data["steps"][2]["answers"] = ["P2 cover 7♦ with 6♠"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    good = str(COURSE / "cards.json")
    code, out, err = run(capsys, "lessons", "check", good, str(bad))
    assert code == 2
    assert out.splitlines() == [f"{good}: ok (cards: 6 steps, 4 exercises)"]
    assert err.strip() == (f"durak-lab lessons check: {bad}: steps[2].answers[0]: 'P2 cover 7♦ with 6♠' is not a "
                           "legal move here: 6♠ does not beat 7♦: cover with a higher diamond or a trump (♥)")
    code, _, err = run(capsys, "lessons", "check", str(tmp_path / "none.json"))
    assert code == 2 and "none.json" in err


def test_check_bad_json(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\": ", encoding="utf-8")
    code, _, err = run(capsys, "lessons", "check", str(bad))
    assert code == 2 and f"{bad}: not JSON" in err


def test_from_record_writes_a_lesson_that_checks(capsys, tmp_path):
    out_file = tmp_path / "zh.json"
    code, out, err = run(capsys, "lessons", "from-record", "EX-ZH-BOUT", "--seat", "P2", "--out", str(out_file))
    assert code == 0 and err == "" and str(out_file) in out
    assert json.loads(out_file.read_text(encoding="utf-8"))["id"] == "ex-zh-bout-p2"
    code, out, _ = run(capsys, "lessons", "check", str(out_file))
    assert code == 0 and "ok" in out
    code, out, _ = run(capsys, "lessons", "from-record", "EX-ZH-BOUT", "--seat", "P2")
    assert code == 0 and json.loads(out)["format"] == "durak-lab-lesson/1"


def test_from_record_errors_exit_2(capsys):
    code, _, err = run(capsys, "lessons", "from-record", "EX-NOPE")
    assert code == 2 and "EX-NOPE" in err
    code, _, err = run(capsys, "lessons", "from-record", "EX-ZH-BOUT", "--seat", "P9")
    assert code == 2 and "seat" in err


def test_as_a_module():
    proc = subprocess.run([sys.executable, "-m", "durak_lab", "lessons", "--json"], cwd=REPO, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)[0]["id"] == "cards"


def test_the_wheel_ships_the_course_files():
    """pyproject's package data covers every course file (a wheel built from it was checked to hold them)."""
    from fnmatch import fnmatch

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = data["tool"]["setuptools"]["package-data"]["durak_lab"]
    for p in COURSE.glob("*.json"):
        rel = p.relative_to(REPO / "durak_lab").as_posix()
        assert any(fnmatch(rel, g) for g in globs), rel


def test_the_tutorials_example_lesson_checks(tmp_path, capsys):
    """tutorials/writing_lessons.md: its example lesson loads, and its sample error is the real one."""
    import re

    from durak_lab.lessons import Attempt, load_lesson

    text = (REPO / "tutorials" / "writing_lessons.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    L = load_lesson(block)
    assert L.id == "first-cover" and L.exercises == 3
    assert [str(c) for c in L.steps[1].answer] == ["6♥", "9♦", "Q♦"]
    assert "8♠" in Attempt(L.steps[2]).answer("P2 cover 7♦ with 8♠").sentence
    data = json.loads(block)
    data["steps"][2]["answers"] = ["P2 cover 7♦ with 8♠"]
    path = tmp_path / "first-cover.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, _, err = run(capsys, "lessons", "check", str(path))
    assert code == 2
    sample = re.search(r"^durak-lab lessons check: first-cover\.json: (.*)$", text, re.M).group(1)
    assert err.strip() == f"durak-lab lessons check: {path}: {sample}"
