"""A class's progress for the teacher: read from the server's class folder and handed-in files, merged per
student, per lesson solved and at the first try, the most missed exercises, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json

import pytest

from durak_lab.lessons import Progress, course, read_class
from durak_lab.lessons.class_report import CSV_FIELDS

AT = "2026-12-04T10:00:00Z"


@pytest.fixture
def room(tmp_path):
    """Three students on a server: Ann right at once, Boris right at the second try, Cleo shown the answer."""
    folder = tmp_path / "durak-lab-class"
    for name, first, solved in (("Ann", True, True), ("Boris", False, True), ("Cleo", False, False)):
        p = Progress.for_student(name, str(folder))
        p.mark("cards", 2, solved=solved, first_try=first, tries=1 if first else 3, hints=0 if first else 1,
               seconds=60, at=AT)
        p.save()
    return folder


def test_each_student_each_lesson(room):
    report = read_class([room])
    assert report.students == ["Ann", "Boris", "Cleo"] and report.problems == []
    rows = {(r.student, r.lesson): r for r in report.rows()}
    assert len(rows) == 3 * len(course())
    ann, boris, cleo = (rows[(n, "cards")] for n in ("Ann", "Boris", "Cleo"))
    assert (ann.exercises, ann.finished, ann.solved, ann.first_try, ann.hints, ann.minutes) == (4, 1, 1, 1, 0, 1.0)
    assert (boris.solved, boris.first_try, boris.hints) == (1, 0, 1)
    assert (cleo.finished, cleo.solved, cleo.first_try) == (1, 0, 0) and cleo.last == AT
    summary = {s.student: s for s in report.summary()}
    assert summary["Ann"].first_share == 1.0 and summary["Boris"].first_share == 0.0
    assert summary["Ann"].lessons == sum(1 for lesson in course() if lesson.exercises)


def test_the_most_missed_exercise_comes_first(room):
    p = Progress.for_student("Ann", str(room))
    p.mark("covering", 1, first_try=False, tries=2, at=AT)
    p.save()
    missed = read_class([room]).missed()
    assert [(m.lesson, m.step, m.finished, m.missed, m.shown) for m in missed] == [
        ("covering", 1, 1, 1, 0), ("cards", 2, 3, 2, 1)]
    assert missed[1].title == "The cards"


def test_handed_in_files_join_the_servers_and_merge_per_student(room, tmp_path):
    handed = tmp_path / "handed-in"
    handed.mkdir()
    copy = Progress(student="ann")  # Ann's download from home: another exercise
    copy.mark("cards", 3, first_try=True, at=AT)
    (handed / "durak-lab-progress-ann.json").write_text(copy.dumps(), encoding="utf-8")
    nameless = Progress()  # a file without a name: named by its file
    nameless.mark("cards", 2, at=AT)
    (handed / "durak-lab-progress-dora.json").write_text(nameless.dumps(), encoding="utf-8")
    (handed / "durak-game-7.json").write_text('{"format": "durak-lab/1"}', encoding="utf-8")  # not progress
    (handed / "notes.json").write_text("{not json", encoding="utf-8")  # passed over: not a progress file
    (handed / "durak-lab-progress-eve.json").write_text("{not json", encoding="utf-8")
    (handed / "future.json").write_text('{"format": "durak-lab-progress/9"}', encoding="utf-8")
    report = read_class([room, handed])
    assert report.students == ["Ann", "Boris", "Cleo", "dora"]
    assert report.progress["Ann"].done("cards") == {2, 3}
    assert sorted(p.rsplit("/", 1)[-1] for p, _ in report.problems) == ["durak-lab-progress-eve.json",
                                                                      "future.json"]


def test_csv_and_json(room):
    report = read_class([room])
    rows = list(csv.DictReader(io.StringIO(report.csv_text())))
    assert tuple(rows[0]) == CSV_FIELDS and len(rows) == 3 * len(course())
    ann = next(r for r in rows if r["student"] == "Ann" and r["lesson"] == "cards")
    assert (ann["solved"], ann["first_try"], ann["exercises"]) == ("1", "1", "4")
    data = json.loads(json.dumps(report.to_json()))
    assert [s["student"] for s in data["students"]] == ["Ann", "Boris", "Cleo"]
    assert data["missed"][0]["lesson"] == "cards" and data["problems"] == []


def test_the_text_report_lists_students_started_lessons_and_what_is_missed(room):
    text = read_class([room]).text()
    lines = text.splitlines()
    assert lines[0].split()[0] == "Student" and lines[1].startswith("Ann ")
    assert any(line.startswith("Ann") and "1/4 (1)" in line for line in lines)
    assert "The cards, step 3: 2 of 3 not right at the first try, 1 saw the answer" in text
    assert "covering" not in text  # a lesson nobody started has no column


def test_guess_the_move_scores(tmp_path):
    p = Progress.for_student("Ann", str(tmp_path))
    p.mark_guess("EX-ZH-BOUT", 1, True, first_try=True, at=AT)
    p.mark_guess("EX-ZH-BOUT", 2, True, first_try=False, at=AT)
    p.save()
    [row] = read_class([tmp_path]).guesses()
    assert tuple(row) == ("Ann", "EX-ZH-BOUT", 2, 2, 1)
