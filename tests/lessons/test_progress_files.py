"""Progress files read within bounds: a file too large, nested 100,000 levels deep, holding a number of 5,000
digits, or in Latin-1 is a broken file (kept as a numbered backup, the progress starts fresh; strict: a typed
error), never a RecursionError, ValueError or UnicodeDecodeError; a UTF-16 or UTF-8-with-BOM file of good
progress loads; the teacher's class report lists each bad file with a plain reason and reads the rest."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lesson_helpers import assert_learner_sentence  # noqa: E402

from durak_lab.engine.reading import MAX_FILE_BYTES  # noqa: E402
from durak_lab.lessons import PROGRESS_FORMAT, Progress, ProgressError, read_class  # noqa: E402
from durak_lab.session.store import backups_of  # noqa: E402

AT = "2026-12-04T10:00:00Z"


def _good(student: str = "Ann") -> Progress:
    p = Progress(student=student)
    p.mark("cards", 2, first_try=True, tries=1, hints=0, seconds=20.0, at=AT)
    return p


def _huge() -> bytes:
    """Good progress, padded past the bound with blanks: too large, whatever it holds."""
    return (_good().dumps() + " " * MAX_FILE_BYTES).encode("utf-8")


def _deep() -> bytes:
    return ('{"format": "%s", "lessons": {"cards": %s}}' % (PROGRESS_FORMAT, "[" * 100_000 + "]" * 100_000)
            ).encode("utf-8")


def _digits() -> bytes:
    return ('{"format": "%s", "lessons": {"cards": {"2": {"solved": true, "tries": %s}}}}'
            % (PROGRESS_FORMAT, "7" * 5000)).encode("utf-8")


def _latin1() -> bytes:
    return json.dumps(_good("Zoé").to_dict(), ensure_ascii=False).encode("latin-1")


BAD = {"huge": (_huge, "larger than"), "deep": (_deep, "nested more than 32 levels"),
       "digits": (_digits, "more than 40 digits"), "latin-1": (_latin1, "not UTF-8 text")}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_file_is_a_broken_file_kept_aside_and_started_over(tmp_path, kind):
    make, _ = BAD[kind]
    path = tmp_path / "progress.json"
    data = make()
    path.write_bytes(data)
    p = Progress.load(path)
    assert p.lesson_ids() == [] and p.student is None
    assert_learner_sentence(p.warning, kind)
    p.mark("cards", 1, at=AT)
    p.save()
    kept = tmp_path / "progress.broken-1.json"
    assert backups_of(path) == [str(kept)] and kept.read_bytes() == data  # the old file, byte for byte
    again = Progress.load(path)
    assert again.warning is None and again.solved("cards") == {1}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_strict_refuses_a_bad_file_with_a_typed_error_saying_why(tmp_path, kind):
    make, why = BAD[kind]
    path = tmp_path / "progress.json"
    path.write_bytes(make())
    with pytest.raises(ProgressError) as info:
        Progress.load(path, strict=True)
    assert str(path) in str(info.value) and why in str(info.value) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le-bom", "utf-16-be-bom", "utf-8-sig", "utf-32"])
def test_good_progress_with_a_byte_order_mark_loads_and_is_saved_as_utf_8(tmp_path, encoding):
    text = _good().dumps()
    if encoding.endswith("-bom"):
        codec = encoding[:-len("-bom")]
        data = "\ufeff".encode(codec) + text.encode(codec)
    else:
        data = text.encode(encoding)
    path = tmp_path / "progress.json"
    path.write_bytes(data)
    p = Progress.load(path, strict=True)
    assert p.warning is None and p.student == "Ann" and p.first_try("cards") == {2}
    assert p.marks("cards")[2].at == AT
    p.mark("cards", 3, at=AT)
    p.save()
    assert backups_of(path) == []  # read, not kept aside
    saved = json.loads(path.read_bytes().decode("utf-8"))  # written as UTF-8 without a mark
    assert saved["format"] == PROGRESS_FORMAT and sorted(saved["lessons"]["cards"]) == ["2", "3"]


def test_the_browser_copy_is_bounded_as_a_file_is():
    copy = _good().to_dict()
    copy["lessons"]["cards"]["2"]["tries"] = 10 ** 5000
    with pytest.raises(ProgressError, match="more than 40 digits"):
        Progress.from_dict(copy)
    deep: list = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(ProgressError, match="nested more than 32 levels"):
        Progress.from_dict({"format": PROGRESS_FORMAT, "student": deep})


def test_the_class_report_lists_each_bad_file_with_a_plain_reason_and_reads_the_rest(tmp_path):
    room = tmp_path / "class"
    ann = Progress.for_student("Ann", str(room))
    ann.merge(_good())
    ann.save()
    handed = tmp_path / "handed-in"
    handed.mkdir()
    for kind, (make, _) in BAD.items():
        (handed / f"durak-lab-progress-{kind}.json").write_bytes(make())
    (handed / "durak-lab-progress-boris.json").write_bytes(_good("Boris").dumps().encode("utf-16"))
    (handed / "durak-lab-progress-cleo.json").write_bytes(b"\xef\xbb\xbf" + _good("Cleo").dumps().encode())
    (handed / "notes.json").write_bytes(_deep())  # not named as progress: passed over, as bad JSON is
    report = read_class([room, handed])
    assert report.students == ["Ann", "Boris", "Cleo"]
    assert report.progress["Boris"].first_try("cards") == {2}
    reasons = {Path(f).name: why for f, why in report.problems}
    assert sorted(reasons) == sorted(f"durak-lab-progress-{kind}.json" for kind in BAD)
    for kind, (_, why) in BAD.items():
        reason = reasons[f"durak-lab-progress-{kind}.json"]
        assert why in reason and "Error" not in reason and "Traceback" not in reason, reason
