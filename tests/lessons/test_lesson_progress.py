"""Progress: a versioned JSON file a student (durak-lab-progress/2); version 1 files still read; a missing
file is an empty progress; a broken file starts fresh with a warning and goes to a numbered backup, or
raises with strict=True; two copies merge without losing anything; a file that may not be written is
never replaced."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lesson_helpers import assert_learner_sentence  # noqa: E402

from durak_lab.lessons import DEFAULT_PATH, PROGRESS_FORMAT, Progress, ProgressError, lesson  # noqa: E402
from durak_lab.lessons.progress import Mark  # noqa: E402
from durak_lab.session.store import backups_of  # noqa: E402

AT = "2026-12-04T10:00:00Z"


def test_progress_round_trips(tmp_path):
    path = tmp_path / "p.json"
    p = Progress.load(path)
    assert p.warning is None and p.done("covering") == set()
    p.mark("covering", 1, first_try=True, tries=1, hints=0, seconds=4.25, at=AT)
    p.mark("covering", 2, solved=False, first_try=False, tries=3, hints=1, seconds=40, at=AT)
    p.mark("cards", 5, at=AT)
    p.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"format": PROGRESS_FORMAT, "guesses": {}, "lessons": {
        "cards": {"5": {"solved": True, "first_try": None, "tries": None, "hints": None, "seconds": None,
                        "at": AT, "times": 1}},
        "covering": {"1": {"solved": True, "first_try": True, "tries": 1, "hints": 0, "seconds": 4.2,
                           "at": AT, "times": 1},
                     "2": {"solved": False, "first_try": False, "tries": 3, "hints": 1, "seconds": 40.0,
                           "at": AT, "times": 1}}}}
    q = Progress.load(path)
    assert q.to_dict() == p.to_dict()
    assert q.solved("covering") == {1} and q.done("covering") == {1, 2} and q.first_try("covering") == {1}


def test_a_version_1_file_is_read_as_version_1_and_saved_as_version_2(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": "durak-lab-progress/1",
                                "lessons": {"covering": {"done": [1, 2], "solved": [1]}}}), encoding="utf-8")
    p = Progress.load(path)
    assert p.warning is None
    assert p.marks("covering") == {1: Mark(True), 2: Mark(False)}  # how the first try went is not known
    assert p.first_try("covering") == set() and p.solved("covering") == {1}
    p.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == PROGRESS_FORMAT == "durak-lab-progress/2"
    assert data["lessons"]["covering"]["1"]["first_try"] is None
    assert backups_of(path) == []


def test_a_solved_step_stays_solved_and_the_first_meeting_counts(tmp_path):
    p = Progress(tmp_path / "p.json")
    p.mark("covering", 1, solved=False, first_try=False, tries=3, at="2026-12-04T10:00:00Z")
    p.mark("covering", 1, solved=True, first_try=True, tries=1, at="2026-12-04T10:05:00Z")
    p.mark("covering", 1, solved=False, first_try=False, tries=3, at="2026-12-04T10:09:00Z")
    m = p.marks("covering")[1]
    assert m.solved and m.first_try is False and m.tries == 3 and m.times == 3
    assert p.first_try("covering") == set()


def test_fraction_and_lesson_done():
    L = lesson("covering")
    exercises = [s.index for s in L.steps if s.is_exercise]
    p = Progress("unused.json")
    assert p.fraction("covering") == 0.0 and not p.lesson_done(L)
    for i in exercises[:-1]:
        p.mark("covering", i, first_try=i == exercises[0])
    p.mark("covering", exercises[-1], solved=False)
    assert p.lesson_done("covering")
    assert p.fraction(L) == pytest.approx((len(exercises) - 1) / len(exercises))
    assert p.fraction(L, first_try=True) == pytest.approx(1 / len(exercises))


@pytest.mark.parametrize("text", ["{not json", "[]", json.dumps({"format": "other/1"}),
                                  json.dumps({"format": "durak-lab-progress/1", "lessons": {"x": {"done": ["a"]}}}),
                                  json.dumps({"format": PROGRESS_FORMAT, "lessons": {"x": {"1": {"tries": 2}}}}),
                                  json.dumps({"format": PROGRESS_FORMAT, "lessons": {"x": {"a": {"solved": True}}}}),
                                  json.dumps({"format": PROGRESS_FORMAT,
                                              "lessons": {"x": {"1": {"solved": True, "tries": -1}}}}),
                                  "\udcff", ""])
def test_a_broken_file_starts_fresh_with_a_warning_and_goes_to_a_numbered_backup(tmp_path, text):
    path = tmp_path / "durak-lab-progress.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    p = Progress.load(path)
    assert p.done("x") == set() and p.to_dict()["lessons"] == {}
    assert_learner_sentence(p.warning, "warning")
    p.mark("cards", 1)
    p.save()
    kept = tmp_path / "durak-lab-progress.broken-1.json"
    assert backups_of(path) == [str(kept)]
    assert kept.read_text(encoding="utf-8", errors="surrogateescape") == text
    assert Progress.load(path).solved("cards") == {1}


def test_every_backup_is_kept_up_to_the_bound(tmp_path):
    path = tmp_path / "p.json"
    for n in range(3):
        path.write_text(f"broken {n}", encoding="utf-8")
        p = Progress.load(path)
        p.mark("cards", 1)
        p.save()
    kept = backups_of(path)
    assert [Path(k).name for k in kept] == ["p.broken-1.json", "p.broken-2.json", "p.broken-3.json"]
    assert [Path(k).read_text(encoding="utf-8") for k in kept] == ["broken 0", "broken 1", "broken 2"]


def test_strict_raises_a_typed_error(tmp_path):
    path = tmp_path / "p.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ProgressError) as info:
        Progress.load(path, strict=True)
    assert str(path) in str(info.value) and isinstance(info.value, ValueError)


def test_the_default_path_is_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = Progress.load()
    assert p.path == DEFAULT_PATH == "durak-lab-progress.json"
    p.mark("cards", 1)
    p.save()
    assert (tmp_path / DEFAULT_PATH).exists()


def test_each_student_has_a_file_of_their_own(tmp_path):
    ann = Progress.for_student("Ann", str(tmp_path))
    ann.mark("cards", 1)
    ann.save()
    boris = Progress.for_student("Boris", str(tmp_path))
    assert boris.done("cards") == set() and boris.path != ann.path
    again = Progress.for_student(" ann ", str(tmp_path))  # the same student, however typed
    assert again.done("cards") == {1} and again.path == ann.path
    assert json.loads(Path(ann.path).read_text(encoding="utf-8"))["student"] == "Ann"


@pytest.mark.parametrize("args", [("", 1), ("cards", -1), ("cards", True), ("cards", "1")])
def test_marking_needs_an_id_and_a_step_number(args):
    with pytest.raises(ProgressError):
        Progress("x.json").mark(*args)


def test_a_missing_folder_is_made(tmp_path):
    p = Progress(tmp_path / "class" / "ann" / "p.json")
    p.mark("cards", 1)
    p.save()
    assert Progress.load(tmp_path / "class" / "ann" / "p.json").done("cards") == {1}


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_a_read_only_file_is_never_replaced(tmp_path):
    path = tmp_path / "p.json"
    p = Progress(path)
    p.mark("cards", 1)
    p.save()
    before = path.read_bytes()
    os.chmod(path, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    p.mark("cards", 2)
    with pytest.raises(ProgressError) as info:
        p.save()
    assert "read-only" in info.value.why and isinstance(info.value, ValueError)
    assert path.read_bytes() == before
    assert p.done("cards") == {1, 2}  # kept in memory
    assert [n for n in os.listdir(tmp_path) if n.endswith(".tmp")] == []


def test_two_tabs_merge_instead_of_erasing_each_other(tmp_path):
    path = tmp_path / "p.json"
    one, two = Progress.load(path), Progress.load(path)
    one.mark("cards", 1)
    one.save()
    two.mark("covering", 2)
    two.save()  # reads what the first tab saved, and keeps it
    assert Progress.load(path).done("cards") == {1} and Progress.load(path).done("covering") == {2}
    one.refresh()
    assert one.done("covering") == {2}


def test_guess_marks_are_kept_and_scored(tmp_path):
    p = Progress(tmp_path / "p.json")
    p.mark_guess("EX-ZH-BOUT", 1, True, first_try=False, tries=2)
    p.mark_guess("EX-ZH-BOUT", 2, True, first_try=True, tries=1)
    p.mark_guess("EX-ZH-BOUT", 4, False, first_try=False, tries=2)
    p.save()
    q = Progress.load(tmp_path / "p.json")
    assert tuple(q.guess_score("EX-ZH-BOUT")) == (3, 2, 1) and q.guess_ids() == ["EX-ZH-BOUT"]


# ---------------------------------------------------------------- merging is order-free
_marks = st.builds(
    Mark, solved=st.booleans(), first_try=st.none() | st.booleans(), tries=st.none() | st.integers(0, 5),
    hints=st.none() | st.integers(0, 3), seconds=st.none() | st.floats(0, 100).map(lambda x: round(x, 1)),
    at=st.none() | st.sampled_from(["2026-12-04T10:00:00Z", "2026-12-04T10:00:01Z", "2026-12-05T08:00:00Z"]),
    times=st.integers(1, 4))
_progress_values = st.dictionaries(st.sampled_from(["cards", "covering"]),
                                   st.dictionaries(st.integers(0, 4), _marks, max_size=3), max_size=2)


def _progress(table):
    p = Progress()
    p._lessons = {k: dict(v) for k, v in table.items()}
    return p


def _joined(*tables):
    p = Progress()
    for t in tables:
        p.merge(_progress(t))
    return p.to_dict()


@given(_progress_values, _progress_values, _progress_values)
def test_merging_is_commutative_associative_and_idempotent(a, b, c):
    assert _joined(a, b) == _joined(b, a)
    assert _joined(a, b, c) == _joined(c, b, a) == _joined(b, c, a)
    assert _joined(a, a) == _joined(a)
    ab = _joined(a, b)
    for key, marks in a.items():  # nothing is lost: every mark stays, solved stays solved
        for i, m in marks.items():
            got = ab["lessons"][key][str(i)]
            assert got["solved"] >= m.solved and got["times"] >= m.times


@given(_progress_values)
def test_a_progress_round_trips_through_json(a):
    p = _progress(a)
    assert Progress.from_dict(json.loads(p.dumps())).to_dict() == p.to_dict()
