"""Progress: saved as JSON beside the notebook with a format tag; a missing file is an empty progress;
a broken file starts fresh with a warning sentence and is kept aside, or raises with strict=True."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lesson_helpers import assert_learner_sentence  # noqa: E402

from durak_lab.lessons import DEFAULT_PATH, PROGRESS_FORMAT, Progress, ProgressError, lesson  # noqa: E402


def test_progress_round_trips(tmp_path):
    path = tmp_path / "p.json"
    p = Progress.load(path)
    assert p.warning is None and p.done("covering") == set()
    p.mark("covering", 1)
    p.mark("covering", 2, solved=False)
    p.mark("cards", 5)
    p.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"format": PROGRESS_FORMAT, "lessons": {"cards": {"done": [5], "solved": [5]},
                                                          "covering": {"done": [1, 2], "solved": [1]}}}
    q = Progress.load(path)
    assert q.to_dict() == p.to_dict()
    assert q.solved("covering") == {1} and q.done("covering") == {1, 2}


def test_a_solved_step_stays_solved(tmp_path):
    p = Progress(tmp_path / "p.json")
    p.mark("covering", 1)
    p.mark("covering", 1, solved=False)
    assert p.solved("covering") == {1}


def test_fraction_and_lesson_done():
    L = lesson("covering")
    exercises = [s.index for s in L.steps if s.is_exercise]
    p = Progress("unused.json")
    assert p.fraction("covering") == 0.0 and not p.lesson_done(L)
    for i in exercises[:-1]:
        p.mark("covering", i)
    p.mark("covering", exercises[-1], solved=False)
    assert p.lesson_done("covering")
    assert p.fraction(L) == pytest.approx((len(exercises) - 1) / len(exercises))


@pytest.mark.parametrize("text", ["{not json", "[]", json.dumps({"format": "other/1"}),
                                  json.dumps({"format": PROGRESS_FORMAT, "lessons": {"x": {"done": ["a"]}}}),
                                  "\udcff"])
def test_a_broken_file_starts_fresh_with_a_warning_and_is_kept_aside(tmp_path, text):
    path = tmp_path / "durak-lab-progress.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    p = Progress.load(path)
    assert p.done("x") == set() and p.to_dict()["lessons"] == {}
    assert_learner_sentence(p.warning, "warning")
    assert "durak-lab-progress.broken.json" in p.warning
    p.mark("cards", 1)
    p.save()
    assert (tmp_path / "durak-lab-progress.broken.json").read_text(encoding="utf-8", errors="surrogateescape") == text
    assert Progress.load(path).solved("cards") == {1}


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


@pytest.mark.parametrize("args", [("", 1), ("cards", -1), ("cards", True), ("cards", "1")])
def test_marking_needs_an_id_and_a_step_number(args):
    with pytest.raises(ProgressError):
        Progress("x.json").mark(*args)
