"""A class's progress for its teacher: who did what, at the first try or not, and what most students miss.

:func:`read_class` reads the progress files of a class: the class folder of a
server (one folder a student, ``progress.json`` in each; see
:mod:`durak_lab.session.students`), or a folder of files the students handed in
(the "Download my progress" file of the lesson player, from JupyterLite or any
server), or both.  Every ``*.json`` file whose format is a progress format is read,
as the progress store reads one (:func:`~durak_lab.lessons.progress.read_progress_file`:
bounded, decoded by its byte-order mark); other JSON files (saved games, lessons)
are passed over; a progress file that cannot be read (not JSON, too large, nested
too deep, a number too long, not UTF-8, UTF-16 or UTF-32 text) is listed in
:attr:`ClassReport.problems` with the reason, and the rest is read.  Two files of one student (the server's and a handed-in copy) are
merged, as two tabs are (:meth:`Progress.merge <durak_lab.lessons.Progress.merge>`).

:class:`ClassReport` gives one row a student and lesson (:meth:`ClassReport.rows`:
exercises finished, solved, solved at the first try, hints asked, minutes), a
summary a student (:meth:`ClassReport.summary`), the exercises most students
missed at the first try (:meth:`ClassReport.missed`), Guess the move's scores,
and the same as CSV (:meth:`ClassReport.write_csv`), JSON
(:meth:`ClassReport.to_json`) and a plain text table (:meth:`ClassReport.text`).

Standard library only.

>>> import os, tempfile
>>> from durak_lab.lessons import Progress
>>> room = tempfile.mkdtemp()
>>> ann = Progress.for_student("Ann", room)
>>> ann.mark("cards", 2, first_try=True, tries=1, hints=0, seconds=20)
>>> ann.mark("cards", 3, first_try=False, tries=2, hints=1, seconds=40)
>>> ann.save()
>>> boris = Progress.for_student("Boris", room)
>>> boris.mark("cards", 3, first_try=False, tries=3, hints=0, seconds=30)
>>> boris.save()
>>> report = read_class([room])
>>> report.students
['Ann', 'Boris']
>>> [(r.student, r.solved, r.first_try) for r in report.rows() if r.lesson == "cards"]
[('Ann', 2, 1), ('Boris', 1, 0)]
>>> m = report.missed()[0]
>>> (m.lesson, m.step, m.finished, m.missed)
('cards', 3, 2, 2)
"""

from __future__ import annotations

import csv
import io
import os
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, TextIO, Union

from ..session.students import StudentError, clean_name, student_key
from ..text.messages import say
from .syllabus import course
from .format import Lesson
from .progress import PROGRESS_FORMATS, Progress, ProgressError, read_progress_file

__all__ = ["ClassReport", "LessonRow", "StudentSummary", "Missed", "GuessRow", "read_class", "CSV_FIELDS"]

#: The columns of :meth:`ClassReport.write_csv`, in order.
CSV_FIELDS = ("student", "lesson", "title", "exercises", "finished", "solved", "first_try", "hints", "minutes",
              "last")


class LessonRow(NamedTuple):
    """One student in one lesson: exercises in it, finished, solved (before the answer was
    shown), solved at the first try with no hint, hints asked, minutes spent, last time."""

    student: str
    lesson: str
    title: str
    exercises: int
    finished: int
    solved: int
    first_try: int
    hints: int
    minutes: float
    last: str


class StudentSummary(NamedTuple):
    """One student over the course: lessons finished, exercises solved, at the first try, and
    the share of the finished ones that were right at the first try (0.0 to 1.0)."""

    student: str
    lessons_done: int
    lessons: int
    solved: int
    first_try: int
    exercises: int
    first_share: float
    minutes: float
    last: str


class Missed(NamedTuple):
    """An exercise of the course: how many students finished it, how many of them were not
    right at the first try (``missed``), and how many saw the answer (``shown``)."""

    lesson: str
    title: str
    step: int
    finished: int
    missed: int
    shown: int


class GuessRow(NamedTuple):
    """Guess the move: one student on one record."""

    student: str
    record: str
    moves: int
    guessed: int
    first_try: int


def _progress_files(paths: Iterable[Union[str, "os.PathLike[str]"]]) -> List[str]:
    out: List[str] = []
    for path in paths:
        path = os.fspath(path)
        if os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out.extend(os.path.join(folder, f) for f in sorted(files)
                           if f.endswith(".json") and not f.startswith(".") and ".broken-" not in f)
        else:
            out.append(path)
    return out


def _name_for(path: str, progress: Progress) -> str:
    if progress.student:
        return progress.student
    base = os.path.basename(path)
    if base in ("progress.json", "durak-lab-progress.json"):
        base = os.path.basename(os.path.dirname(os.path.abspath(path)))
    stem = os.path.splitext(base)[0]
    return stem.removeprefix("durak-lab-progress-") or stem


def read_class(paths: Sequence[Union[str, "os.PathLike[str]"]], lessons: Optional[Sequence[Lesson]] = None
               ) -> "ClassReport":
    """The progress of every student in the folders and files ``paths`` (see the module docstring);
    ``lessons``: the course to report on (default: :func:`durak_lab.lessons.course`)."""
    by_key: Dict[str, Progress] = {}
    names: Dict[str, str] = {}
    problems: List[tuple] = []
    for path in _progress_files(paths):
        try:
            data = read_progress_file(path)  # bounded, decoded by its byte-order mark
        except FileNotFoundError:
            problems.append((path, say("class-problem-missing")))
            continue
        except (OSError, ProgressError) as err:
            if "progress" in os.path.basename(path):
                problems.append((path, str(err) if isinstance(err, ProgressError)
                                 else say("class-problem-not-json", kind=type(err).__name__)))
            continue
        fmt = data.get("format") if isinstance(data, dict) else None
        if not (isinstance(fmt, str) and fmt.startswith("durak-lab-progress/")):
            continue  # a saved game, a lesson, another file
        if fmt not in PROGRESS_FORMATS:
            problems.append((path, say("class-problem-newer", version=fmt)))
            continue
        try:
            progress = Progress.from_dict(data, path)
        except ProgressError as err:
            problems.append((path, str(err)))
            continue
        name = _name_for(path, progress)
        try:
            key = student_key(name)
            name = clean_name(name)
        except StudentError:
            key, name = name, name
        if key in by_key:
            by_key[key].merge(progress)
        else:
            by_key[key], names[key] = progress, name
    students = {names[k]: by_key[k] for k in sorted(by_key, key=lambda k: (names[k].casefold(), k))}
    return ClassReport(students, problems, list(course() if lessons is None else lessons))


class ClassReport:
    """The progress of a class (see the module docstring): ``progress`` by student name,
    ``problems`` (file, reason) for files that could not be read, ``lessons`` the course."""

    def __init__(self, progress: Dict[str, Progress], problems: List[tuple], lessons: List[Lesson]) -> None:
        self.progress = progress
        self.problems = problems
        self.lessons = lessons

    @property
    def students(self) -> List[str]:
        """The students' names, in alphabetical order."""
        return list(self.progress)

    def _lesson_row(self, name: str, lesson: Lesson) -> LessonRow:
        p = self.progress[name]
        exercises = [s.index for s in lesson.steps if s.is_exercise]
        marks = p.marks(lesson.id)
        mine = [marks[i] for i in exercises if i in marks]
        seconds = sum(m.seconds or 0.0 for m in marks.values())
        last = max((m.at for m in marks.values() if m.at), default="")
        return LessonRow(name, lesson.id, lesson.title, len(exercises), len(mine), sum(1 for m in mine if m.solved),
                         sum(1 for m in mine if m.first_try), sum(m.hints or 0 for m in mine), round(seconds / 60, 1),
                         last)

    def rows(self) -> List[LessonRow]:
        """One row a student and lesson of the course, students in order, lessons in the course's order."""
        return [self._lesson_row(name, lesson) for name in self.progress for lesson in self.lessons]

    def summary(self) -> List[StudentSummary]:
        """One row a student, over the whole course."""
        out = []
        for name in self.progress:
            rows = [self._lesson_row(name, lesson) for lesson in self.lessons]
            finished = sum(r.finished for r in rows)
            first = sum(r.first_try for r in rows)
            done = sum(1 for r in rows if r.exercises and r.finished == r.exercises)
            out.append(StudentSummary(name, done, sum(1 for r in rows if r.exercises), sum(r.solved for r in rows),
                                      first, sum(r.exercises for r in rows), first / finished if finished else 0.0,
                                      round(sum(r.minutes for r in rows), 1), self.progress[name].last_at() or ""))
        return out

    def missed(self, limit: Optional[int] = None) -> List[Missed]:
        """The course's exercises that students finished, most missed at the first try first
        (then most shown, then in the course's order); ``limit`` the number to give."""
        found = []
        order = 0
        for lesson in self.lessons:
            for step in lesson.steps:
                if not step.is_exercise:
                    continue
                order += 1
                marks = [m for p in self.progress.values() for i, m in p.marks(lesson.id).items() if i == step.index]
                if not marks:
                    continue
                missed = sum(1 for m in marks if m.first_try is False)
                shown = sum(1 for m in marks if not m.solved)
                found.append((-missed / len(marks), -missed, -shown, order,
                              Missed(lesson.id, lesson.title, step.index, len(marks), missed, shown)))
        found.sort(key=lambda t: t[:4])
        out = [t[-1] for t in found if t[-1].missed or t[-1].shown]
        return out if limit is None else out[:limit]

    def guesses(self) -> List[GuessRow]:
        """Guess the move: one row a student and record."""
        return [GuessRow(name, record, *p.guess_score(record))
                for name, p in self.progress.items() for record in p.guess_ids()]

    # ------------------------------------------------------------ exports
    def write_csv(self, out: TextIO) -> None:
        """The rows (:data:`CSV_FIELDS`) as CSV, with a header line."""
        w = csv.writer(out, lineterminator="\n")
        w.writerow(CSV_FIELDS)
        for r in self.rows():
            w.writerow(list(r))

    def csv_text(self) -> str:
        """:meth:`write_csv` as a string."""
        buf = io.StringIO()
        self.write_csv(buf)
        return buf.getvalue()

    def to_json(self) -> Dict[str, Any]:
        """Everything as one JSON-able object: ``students`` (summaries), ``rows``, ``missed``,
        ``guesses`` and ``problems``."""
        return {"students": [r._asdict() for r in self.summary()], "rows": [r._asdict() for r in self.rows()],
                "missed": [m._asdict() for m in self.missed()], "guesses": [g._asdict() for g in self.guesses()],
                "problems": [{"file": f, "why": w} for f, w in self.problems]}

    def text(self, width: int = 12) -> str:
        """A plain text report: a line a student (lessons finished, exercises solved, at the first
        try, minutes, last seen), a grid of the lessons anyone has started (solved/exercises, and
        at the first try in brackets), the most missed exercises, the files that could not be read."""
        def table(head: list, rows: list) -> list:
            widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
            return ["  ".join(str(x).ljust(w) for x, w in zip(row, widths)).rstrip() for row in [head] + rows]

        lines = table([say("class-col-student"), say("class-col-lessons"), say("class-col-solved"),
                       say("class-col-first"), say("class-col-minutes"), say("class-col-last")],
                      [[s.student, f"{s.lessons_done}/{s.lessons}", f"{s.solved}/{s.exercises}",
                        f"{s.first_try} ({round(100 * s.first_share)}%)", f"{s.minutes:g}",
                        s.last.replace("T", " ").rstrip("Z")] for s in self.summary()])
        rows = {(r.student, r.lesson): r for r in self.rows()}
        started = [lesson for lesson in self.lessons if any(s.is_exercise for s in lesson.steps)
                   and any(rows[(name, lesson.id)].finished for name in self.progress)]
        if started:
            grid = [[name] + [say("class-cell", solved=r.solved, first=r.first_try, total=r.exercises)
                              if r.finished else "-" for r in (rows[(name, lesson.id)] for lesson in started)]
                    for name in self.progress]
            lines += [""] + table([say("class-col-student")] + [lesson.id[:width] for lesson in started], grid)
            lines += ["", say("class-cell-key")]
        missed = self.missed(limit=10)
        if missed:
            lines += ["", say("class-missed-head")]
            lines += ["  " + say("class-missed", title=m.title, step=m.step + 1, missed=m.missed,
                                 finished=m.finished, shown=m.shown) for m in missed]
        if self.problems:
            lines.append("")
            lines += [say("class-problem", file=path, why=why) for path, why in self.problems]
        return "\n".join(lines)
