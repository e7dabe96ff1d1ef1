"""The teacher's view: the class folder read into HTML tables, handed-in files added by an upload and kept,
a CSV download, a plain sentence when there is nothing yet."""

from __future__ import annotations

import base64
import datetime
import re

import durak_lab
from durak_lab.lessons import Progress
from durak_lab.widgets import TeacherView


NOW = datetime.datetime(2026, 12, 4, tzinfo=datetime.timezone.utc)


def _room(tmp_path):
    folder = tmp_path / "class"
    for name, first in (("Ann", True), ("Boris", False)):
        p = Progress.for_student(name, str(folder))
        p.mark("cards", 2, first_try=first, tries=1 if first else 2, hints=0, seconds=30)
        p.save()
    return folder


def test_the_lessons_table_has_a_row_a_student_and_a_cell_a_lesson(tmp_path):
    view = durak_lab.teacher(str(_room(tmp_path)))
    assert isinstance(view, TeacherView) and view.report.students == ["Ann", "Boris"]
    html = view.table.value
    assert re.search(r'<tr data-student="Ann">.*?<td data-lesson="cards" data-share="high">1/4 \(1\)</td>', html)
    assert re.search(r'<tr data-student="Boris">.*?<td data-lesson="cards" data-share="low">1/4 \(0\)</td>', html)
    assert "The cards, step 3" in view.missed.value
    assert "2 students" in view.count.value and view.problems.value == ""
    assert [view.tabs.get_title(i) for i in range(3)] == ["Lessons", "Hardest exercises", "Guess the move"]


def test_the_csv_download_holds_the_rows(tmp_path):
    view = TeacherView(str(_room(tmp_path)))
    data = re.search(r'href="data:text/csv;base64,([^"]+)"', view.csv.value).group(1)
    text = base64.b64decode(data).decode("utf-8")
    assert text.startswith("student,lesson,title,") and "Boris,cards,The cards,4,1,1,0,0,0.5," in text


def test_handed_in_files_are_read_and_kept(tmp_path):
    folder = _room(tmp_path)
    view = TeacherView(str(folder))
    cleo = Progress(student="Cleo")
    cleo.mark("cards", 3, first_try=True)
    view.upload.value = ({"name": "durak-lab-progress-cleo.json", "type": "application/json", "size": 1,
                          "content": memoryview(cleo.dumps().encode("utf-8")), "last_modified": NOW},
                         {"name": "broken.json", "type": "application/json", "size": 1,
                          "content": memoryview(b"{not json"), "last_modified": NOW})
    assert view.report.students == ["Ann", "Boris", "Cleo"]
    assert (folder / "handed-in" / "durak-lab-progress-cleo.json").exists()
    assert "broken.json" in view.problems.value
    again = TeacherView(str(folder))  # the handed-in folder is under the class folder: read next time too
    assert again.report.students == ["Ann", "Boris", "Cleo"]


def test_an_empty_class_says_where_progress_comes_from(tmp_path):
    view = TeacherView(str(tmp_path))
    assert "No progress files found" in view.count.value and "Nobody has played" in view.guesses.value
