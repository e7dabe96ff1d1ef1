"""Handed-in files read within bounds: an upload too large, nested 100,000 levels deep, holding a number of
5,000 digits, or in Latin-1 is not kept and is listed with a plain reason, never a RecursionError, ValueError
or UnicodeDecodeError; a UTF-16 or UTF-8-with-BOM file of good progress is kept as UTF-8 and read."""

from __future__ import annotations

import datetime
import json

from durak_lab.engine.reading import MAX_FILE_BYTES
from durak_lab.lessons import Progress
from durak_lab.widgets import TeacherView

NOW = datetime.datetime(2026, 12, 4, tzinfo=datetime.timezone.utc)
PROGRESS = '{"format": "durak-lab-progress/2", "student": "Zoé", "lessons": %s}'
BAD = {
    "huge": ((PROGRESS % "{}" + " " * MAX_FILE_BYTES).encode("utf-8"), "larger than"),
    "deep": ((PROGRESS % ("[" * 100_000 + "]" * 100_000)).encode("utf-8"), "nested more than 32 levels"),
    "digits": ((PROGRESS % ("7" * 5000)).encode("utf-8"), "more than 40 digits"),
    "latin-1": ((PROGRESS % "{}").encode("latin-1"), "not UTF-8 text"),
}


def _item(name: str, data: bytes) -> dict:
    return {"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
            "last_modified": NOW}


def test_bad_uploads_are_not_kept_and_say_why_good_ones_with_a_byte_order_mark_are_read(tmp_path):
    folder = tmp_path / "class"
    ann = Progress.for_student("Ann", str(folder))
    ann.mark("cards", 2, first_try=True)
    ann.save()
    view = TeacherView(str(folder))
    boris, cleo = Progress(student="Boris"), Progress(student="Cleo")
    boris.mark("cards", 3, first_try=True)
    cleo.mark("cards", 2, first_try=False)
    view.upload.value = tuple(_item(f"durak-lab-progress-{kind}.json", data) for kind, (data, _) in BAD.items()) + (
        _item("durak-lab-progress-boris.json", boris.dumps().encode("utf-16")),
        _item("durak-lab-progress-cleo.json", b"\xef\xbb\xbf" + cleo.dumps().encode("utf-8")))
    assert view.report.students == ["Ann", "Boris", "Cleo"]
    kept = folder / "handed-in"
    assert sorted(p.name for p in kept.iterdir()) == ["durak-lab-progress-boris.json", "durak-lab-progress-cleo.json"]
    assert json.loads((kept / "durak-lab-progress-boris.json").read_bytes().decode("utf-8"))["student"] == "Boris"
    reasons = dict(view.report.problems)
    assert sorted(reasons) == sorted(f"durak-lab-progress-{kind}.json" for kind in BAD)
    for kind, (_, why) in BAD.items():
        reason = reasons[f"durak-lab-progress-{kind}.json"]
        assert why in reason and "Error" not in reason, reason
        assert f"durak-lab-progress-{kind}.json" in view.problems.value
