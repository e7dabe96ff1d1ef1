"""What a learner has done in the lessons and in Guess the move, and how well: one JSON file a student.

The file (format ``durak-lab-progress/2``) keeps, for every exercise finished, a
*mark*: whether it was solved (answered right before the answer was shown) and how
the first meeting with it went::

    {"format": "durak-lab-progress/2",
     "student": "Ann",
     "lessons": {"covering": {
         "2": {"solved": true, "first_try": false, "tries": 2, "hints": 1,
               "seconds": 41.5, "at": "2026-12-04T10:15:02Z", "times": 1}}},
     "guesses": {"EX-ZH-BOUT": {
         "3": {"solved": true, "first_try": true, "tries": 1, "hints": 0,
               "seconds": 6.0, "at": "2026-12-04T10:31:40Z", "times": 1}}}}

Keys of ``lessons`` are lesson ids, then step numbers (0 = the first step); keys of
``guesses`` are worked examples (or record titles), then the frame of the move
guessed.  In a mark, ``first_try`` is whether the first time this exercise was
finished it was right at the first try, with no hint; ``tries``, ``hints`` and
``seconds`` (from opening the step to finishing it) are of that first time, and
``at`` is when it was (UTC).  ``times`` counts how often it was finished.  A field
that is not known is ``null`` (a mark read from a ``durak-lab-progress/1`` file,
which kept only ``done`` and ``solved`` step lists: it is read as such, and saved
as version 2).

Two copies of one student's progress (two tabs, a server's file and the browser's
copy) **merge** without losing anything (:meth:`Progress.merge`): solved stays
solved, ``times`` is the larger count, and the first meeting is the earlier one.
Merging is order-free (the same result whatever comes first, and merging twice
changes nothing), so :meth:`Progress.save` can always read the file again under
a lock (:func:`durak_lab.session.store.locked`), merge what another kernel saved,
and write the whole in one step.

A missing file is an empty progress.  A file is read as every reader of the package
reads what people hand it (:func:`read_progress_file`, :mod:`durak_lab.engine.reading`):
decoded by its byte-order mark (UTF-8, UTF-16, UTF-32), else as UTF-8, and bounded
(a megabyte, JSON nested 32 levels, numbers of 40 digits).  A file that cannot be
read (not JSON, another format, too large, nested too deep, a number too long, not
text in those encodings) does not stop the learner: :meth:`Progress.load` starts
fresh and sets ``warning`` to a sentence saying so, and the next :meth:`Progress.save`
moves the old file to a numbered backup (``progress.broken-1.json``, ``-2`` …)
instead of overwriting it.  With ``strict=True`` it raises :class:`ProgressError`.
A file that may not be written (read-only, a folder that cannot be made) raises
:class:`ProgressError` on save; the progress stays in memory.

:meth:`Progress.for_student` is the progress of one student of a class (see
:mod:`durak_lab.session.students`).

Standard library only.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "progress.json")
>>> p = Progress.load(path)
>>> p.mark("covering", 1, first_try=True, tries=1, hints=0, seconds=8.0)
>>> p.mark("covering", 2, first_try=False, tries=3, hints=1, seconds=30.0)
>>> p.mark("covering", 3, solved=False, first_try=False, tries=3, hints=0, seconds=12.0)
>>> p.save()
>>> q = Progress.load(path)
>>> sorted(q.done("covering")), sorted(q.solved("covering")), sorted(q.first_try("covering"))
([1, 2, 3], [1, 2], [1])
>>> q.fraction("covering"), q.fraction("covering", first_try=True)
(0.4, 0.2)
"""

from __future__ import annotations

import datetime
import json
import math
import os
from typing import Any, Dict, NamedTuple, Optional, Union

from ..engine.errors import DurakError
from ..engine.reading import check_value, load_json, read_text_file
from ..session.store import StoreError, keep_aside, locked, write_text
from ..session.students import student_folder
from ..text.messages import say
from .format import Lesson

__all__ = ["Progress", "ProgressError", "Mark", "GuessScore", "PROGRESS_FORMAT", "PROGRESS_FORMATS",
           "DEFAULT_PATH", "PROGRESS_FILE", "now_text", "read_progress_file"]

#: The format string of a progress file written now.
PROGRESS_FORMAT = "durak-lab-progress/2"
#: Every format string :meth:`Progress.load` reads.
PROGRESS_FORMATS = ("durak-lab-progress/1", PROGRESS_FORMAT)
#: The file name used when no path is given (one learner, the notebook's folder).
DEFAULT_PATH = "durak-lab-progress.json"
#: The name of the progress file in a student's folder.
PROGRESS_FILE = "progress.json"

_MARK_FIELDS = ("solved", "first_try", "tries", "hints", "seconds", "at", "times")


class ProgressError(DurakError, ValueError):
    """A progress file that cannot be read (with ``strict=True``) or written, or a bad mark.
    ``why``: what went wrong, in a few words (a file's reason, for the learner's sentence)."""

    def __init__(self, message: str, why: str = "") -> None:
        super().__init__(message)
        self.why = why or message


def _unreadable(where: str, problem: str) -> ProgressError:
    """How the bounded readers (:mod:`durak_lab.engine.reading`) fail on a progress file."""
    return ProgressError(f"{where}: {problem}" if where else problem, problem)


def read_progress_file(path: Union[str, os.PathLike]) -> Any:
    """The JSON value of the file ``path``, read as every reader of the package reads
    (:mod:`durak_lab.engine.reading`): decoded by its byte-order mark, else as UTF-8; refused
    past a megabyte, 32 levels of nesting or a number of 40 digits, and when it is not JSON,
    with a :class:`ProgressError` saying why.  ``OSError`` (no such file …) is left to the
    caller.  Whether the value is progress is :meth:`Progress.from_dict`'s question.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "progress.json")
    >>> with open(path, "wb") as fh:
    ...     _ = fh.write('{"format": "durak-lab-progress/2"}'.encode("utf-16"))
    >>> read_progress_file(path)
    {'format': 'durak-lab-progress/2'}
    >>> with open(path, "w", encoding="utf-8") as fh:
    ...     _ = fh.write("[" * 100_000 + "]" * 100_000)
    >>> read_progress_file(path)
    Traceback (most recent call last):
    ...
    durak_lab.lessons.progress.ProgressError: nested more than 32 levels deep
    """
    text = read_text_file(path, _unreadable)  # at most MAX_FILE_BYTES, decoded by its byte-order mark
    try:
        return load_json(text, _unreadable)
    except json.JSONDecodeError as err:
        raise ProgressError(f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})") from None


def now_text() -> str:
    """The time now, UTC, as a mark's ``at`` keeps it (``2026-12-04T10:15:02Z``)."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class Mark(NamedTuple):
    """One finished exercise (see the module docstring); ``None`` where a field is not known."""

    solved: bool
    first_try: Optional[bool] = None
    tries: Optional[int] = None
    hints: Optional[int] = None
    seconds: Optional[float] = None
    at: Optional[str] = None
    times: int = 1

    def _first(self) -> tuple:
        """The fields of the first meeting, in the order that picks the earlier of two marks:
        a known time before an unknown one, then the earlier time; the rest only to make
        the choice the same whatever order two marks come in."""
        return (self.at is None, self.at or "", self.first_try is None, not self.first_try,
                -1 if self.tries is None else self.tries, -1 if self.hints is None else self.hints,
                -1.0 if self.seconds is None else self.seconds)

    def join(self, other: "Mark") -> "Mark":
        """Both marks in one: solved if either is, the larger ``times``, the earlier first meeting.

        >>> a = Mark(False, False, 3, 0, 20.0, "2026-12-04T10:00:00Z")
        >>> b = Mark(True, True, 1, 0, 5.0, "2026-12-04T11:00:00Z", times=2)
        >>> a.join(b) == b.join(a) == Mark(True, False, 3, 0, 20.0, "2026-12-04T10:00:00Z", 2)
        True
        """
        first = min(self, other, key=Mark._first)
        return first._replace(solved=self.solved or other.solved, times=max(self.times, other.times))

    def to_json(self) -> dict:
        return dict(zip(_MARK_FIELDS, self))


class GuessScore(NamedTuple):
    """Guess the move on one record: the moves finished, those guessed (not shown), and
    those guessed at the first try."""

    moves: int
    guessed: int
    first_try: int


Key = Union[str, Lesson]


def _lesson_of(lesson: Key) -> Lesson:
    if isinstance(lesson, Lesson):
        return lesson
    from .syllabus import lesson as course_lesson

    return course_lesson(lesson)


def _check_mark_args(lesson_id: Any, step_index: Any) -> None:
    if not isinstance(lesson_id, str) or not lesson_id:
        raise ProgressError(f"{lesson_id!r} is not a lesson id")
    if isinstance(step_index, bool) or not isinstance(step_index, int) or step_index < 0:
        raise ProgressError(f"{step_index!r} is not a step number")


class Progress:
    """A learner's progress through the lessons and Guess the move (see the module docstring)."""

    def __init__(self, path: Union[str, os.PathLike, None] = None, student: Optional[str] = None) -> None:
        self.path = os.fspath(path) if path is not None else DEFAULT_PATH
        self.student = student
        self.warning: Optional[str] = None
        self._lessons: Dict[str, Dict[int, Mark]] = {}
        self._guesses: Dict[str, Dict[int, Mark]] = {}

    # ------------------------------------------------------------ loading and saving
    @classmethod
    def load(cls, path: Union[str, os.PathLike, None] = None, strict: bool = False,
             student: Optional[str] = None) -> "Progress":
        """The progress saved at ``path``: empty if there is no file; see the module docstring
        for a file that cannot be read."""
        p = cls(path, student=student)
        p._read_file(strict)
        return p

    @classmethod
    def for_student(cls, name: str, folder: Optional[str] = None) -> "Progress":
        """The progress of the student ``name`` in the class folder ``folder`` (default: see
        :func:`durak_lab.session.students.class_folder`).

        >>> import tempfile
        >>> p = Progress.for_student("Ann", tempfile.mkdtemp())
        >>> p.student, p.path.endswith("ann-49915e0d/progress.json")
        ('Ann', True)
        """
        return cls.load(os.path.join(student_folder(name, folder), PROGRESS_FILE), student=name)

    def _read_file(self, strict: bool) -> bool:
        """Merge what the file holds; False (and the warning set) if it cannot be read."""
        if not os.path.exists(self.path):
            return True
        try:
            other = Progress.from_dict(read_progress_file(self.path))
        except (OSError, ValueError) as err:  # ProgressError is a ValueError
            if strict:
                raise ProgressError(f"{self.path}: cannot read the progress: {err}") from None
            self.warning = say("lesson-progress-broken")
            return False
        self.merge(other)
        if self.student is None:
            self.student = other.student
        return True

    @classmethod
    def from_dict(cls, data: Any, path: Union[str, os.PathLike, None] = None) -> "Progress":
        """The progress a JSON value holds (a file's, or the copy a browser keeps); a
        :class:`ProgressError` naming what is wrong.  A value built in Python (the browser's copy)
        is bounded as a file's JSON is (:func:`~durak_lab.engine.reading.check_value`).

        >>> Progress.from_dict({"format": PROGRESS_FORMAT, "lessons": {"x": {"1": {"solved": True,
        ...                     "tries": 10 ** 5000}}}})
        Traceback (most recent call last):
        ...
        durak_lab.lessons.progress.ProgressError: a number of more than 40 digits: no game needs one
        """
        check_value(data, _unreadable)
        p = cls(path)
        if not isinstance(data, dict) or data.get("format") not in PROGRESS_FORMATS:
            raise ProgressError(f"not a progress file ({' or '.join(PROGRESS_FORMATS)})")
        if data["format"] == PROGRESS_FORMATS[0]:
            p._lessons = _read_v1(data)
            return p
        student = data.get("student")
        if student is not None and not isinstance(student, str):
            raise ProgressError("student must be a name")
        p.student = student
        p._lessons = _read_marks(data.get("lessons", {}), "lessons")
        p._guesses = _read_marks(data.get("guesses", {}), "guesses")
        return p

    def to_dict(self) -> dict:
        """The JSON value of the file."""
        out: dict = {"format": PROGRESS_FORMAT}
        if self.student is not None:
            out["student"] = self.student
        out["lessons"] = _marks_json(self._lessons)
        out["guesses"] = _marks_json(self._guesses)
        return out

    def dumps(self) -> str:
        """The file's text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    def refresh(self) -> None:
        """Merge what another tab or kernel has saved since (the file as it is now)."""
        try:
            with locked(self.path):
                self._read_file(strict=False)
        except StoreError:
            pass

    def save(self, path: Union[str, os.PathLike, None] = None) -> None:
        """Merge the file as it is now (another tab's work) and write the whole to ``path``
        (default: where it was loaded from) in one step; a :class:`ProgressError` if the file
        cannot be written (the progress stays in memory)."""
        if path is not None:
            self.path = os.fspath(path)
        try:
            with locked(self.path):
                if not self._read_file(strict=False):
                    keep_aside(self.path)
                write_text(self.path, self.dumps())
        except StoreError as err:
            raise ProgressError(f"{self.path}: cannot save the progress: {err.why}", err.why) from None

    # ------------------------------------------------------------ marking
    def mark(self, lesson_id: str, step_index: int, solved: bool = True, *, first_try: Optional[bool] = None,
             tries: Optional[int] = None, hints: Optional[int] = None, seconds: Optional[float] = None,
             at: Optional[str] = None) -> None:
        """Step ``step_index`` of lesson ``lesson_id`` is finished; ``solved``: right before the
        answer was shown; the rest: how it went (see :class:`Mark`)."""
        _check_mark_args(lesson_id, step_index)
        self._add(self._lessons, lesson_id, step_index, solved, first_try, tries, hints, seconds, at)

    def mark_guess(self, record_id: str, frame: int, guessed: bool, *, first_try: Optional[bool] = None,
                   tries: Optional[int] = None, seconds: Optional[float] = None, at: Optional[str] = None) -> None:
        """A move of Guess the move is finished: ``guessed`` (or shown), ``first_try`` (the first
        pick was the move).

        >>> p = Progress()
        >>> p.mark_guess("EX-ZH-BOUT", 1, True, first_try=False, tries=2)
        >>> p.mark_guess("EX-ZH-BOUT", 2, True, first_try=True, tries=1)
        >>> p.guess_score("EX-ZH-BOUT")
        GuessScore(moves=2, guessed=2, first_try=1)
        """
        _check_mark_args(record_id, frame)
        self._add(self._guesses, record_id, frame, guessed, first_try, tries, 0, seconds, at)

    def _add(self, table: dict, key: str, index: int, solved: bool, first_try: Optional[bool],
             tries: Optional[int], hints: Optional[int], seconds: Optional[float], at: Optional[str]) -> None:
        new = Mark(bool(solved), None if first_try is None else bool(first_try), tries, hints,
                   None if seconds is None else round(float(seconds), 1), at or now_text(), 1)
        _check_mark(new, f"{key}.{index}")
        marks = table.setdefault(key, {})
        old = marks.get(index)
        marks[index] = new if old is None else old.join(new)._replace(times=old.times + 1)

    def merge(self, other: "Progress") -> None:
        """Add another copy of this student's progress (see the module docstring)."""
        for mine, theirs in ((self._lessons, other._lessons), (self._guesses, other._guesses)):
            for key, marks in theirs.items():
                have = mine.setdefault(key, {})
                for index, mark in marks.items():
                    have[index] = mark if index not in have else have[index].join(mark)

    # ------------------------------------------------------------ asking
    def marks(self, lesson_id: str) -> Dict[int, Mark]:
        """The marks of a lesson, by step."""
        return dict(self._lessons.get(lesson_id, {}))

    def lesson_ids(self) -> list:
        """The lessons with at least one mark."""
        return sorted(self._lessons)

    def done(self, lesson_id: str) -> set:
        """The finished steps of a lesson (indexes)."""
        return set(self._lessons.get(lesson_id, {}))

    def solved(self, lesson_id: str) -> set:
        """The steps of a lesson answered right before the answer was shown."""
        return {i for i, m in self._lessons.get(lesson_id, {}).items() if m.solved}

    def first_try(self, lesson_id: str) -> set:
        """The steps of a lesson answered right at the first try, with no hint, the first time."""
        return {i for i, m in self._lessons.get(lesson_id, {}).items() if m.first_try}

    def lesson_done(self, lesson: Key) -> bool:
        """Whether every exercise of the lesson (an id of the course, or a Lesson) is finished."""
        L = _lesson_of(lesson)
        done = self.done(L.id)
        return all(s.index in done for s in L.steps if s.is_exercise)

    def fraction(self, lesson: Key, first_try: bool = False) -> float:
        """The share of the lesson's exercises solved (``first_try``: solved at the first try),
        0.0 to 1.0 (1.0 for a lesson without any)."""
        L = _lesson_of(lesson)
        indexes = [s.index for s in L.steps if s.is_exercise]
        if not indexes:
            return 1.0
        good = self.first_try(L.id) if first_try else self.solved(L.id)
        return sum(1 for i in indexes if i in good) / len(indexes)

    def guess_ids(self) -> list:
        """The records of Guess the move with at least one move finished."""
        return sorted(self._guesses)

    def guess_marks(self, record_id: str) -> Dict[int, Mark]:
        """The marks of Guess the move on one record, by frame."""
        return dict(self._guesses.get(record_id, {}))

    def guess_score(self, record_id: str) -> GuessScore:
        """Guess the move on one record: moves finished, guessed, guessed at the first try."""
        marks = self._guesses.get(record_id, {}).values()
        return GuessScore(len(marks), sum(1 for m in marks if m.solved), sum(1 for m in marks if m.first_try))

    def last_at(self) -> Optional[str]:
        """When the student last finished anything (UTC text), or None."""
        times = [m.at for table in (self._lessons, self._guesses) for marks in table.values()
                 for m in marks.values() if m.at]
        return max(times) if times else None

    def reset(self, lesson_id: Optional[str] = None) -> None:
        """Forget one lesson's progress, or everything (in memory: a save merges the file back)."""
        if lesson_id is None:
            self._lessons.clear()
            self._guesses.clear()
        else:
            self._lessons.pop(lesson_id, None)

    def __repr__(self) -> str:
        who = f" of {self.student}" if self.student else ""
        return f"<Progress{who} {self.path}: {len(self._lessons)} lessons>"


# ---------------------------------------------------------------- reading and writing marks
def _marks_json(table: Dict[str, Dict[int, Mark]]) -> dict:
    return {key: {str(i): marks[i].to_json() for i in sorted(marks)} for key, marks in sorted(table.items()) if marks}


def _step_numbers(values: Any, where: str) -> set:
    if not isinstance(values, list) or not all(isinstance(i, int) and not isinstance(i, bool) and i >= 0
                                               for i in values):
        raise ProgressError(f"{where} must be a list of step numbers")
    return set(values)


def _read_v1(data: dict) -> Dict[str, Dict[int, Mark]]:
    """A ``durak-lab-progress/1`` file: ``{"lessons": {id: {"done": [..], "solved": [..]}}}``."""
    lessons = data.get("lessons", {})
    if not isinstance(lessons, dict):
        raise ProgressError("lessons must be an object")
    out: Dict[str, Dict[int, Mark]] = {}
    for key, entry in lessons.items():
        if not isinstance(entry, dict):
            raise ProgressError(f"lessons.{key} must be an object")
        done = _step_numbers(entry.get("done", []), f"lessons.{key}.done")
        solved = _step_numbers(entry.get("solved", []), f"lessons.{key}.solved")
        out[key] = {i: Mark(i in solved) for i in sorted(done | solved)}
    return out


def _check_mark(mark: Mark, where: str) -> None:
    def number(value: Any, kind: type) -> bool:
        return value is None or (isinstance(value, (int, float) if kind is float else int)
                                 and not isinstance(value, bool) and value >= 0
                                 and (kind is not float or math.isfinite(value)))

    if not isinstance(mark.solved, bool) or not (mark.first_try is None or isinstance(mark.first_try, bool)):
        raise ProgressError(f"{where}: solved and first_try must be true or false")
    if not (number(mark.tries, int) and number(mark.hints, int) and number(mark.seconds, float)):
        raise ProgressError(f"{where}: tries, hints and seconds must be numbers from 0")
    if not (isinstance(mark.times, int) and not isinstance(mark.times, bool) and mark.times >= 1):
        raise ProgressError(f"{where}: times must be a number from 1")
    if mark.at is not None and (not isinstance(mark.at, str) or len(mark.at) > 40):
        raise ProgressError(f"{where}: at must be a time")


def _read_marks(table: Any, name: str) -> Dict[str, Dict[int, Mark]]:
    if not isinstance(table, dict):
        raise ProgressError(f"{name} must be an object")
    out: Dict[str, Dict[int, Mark]] = {}
    for key, marks in table.items():
        if not isinstance(marks, dict):
            raise ProgressError(f"{name}.{key} must be an object")
        got: Dict[int, Mark] = {}
        for index, value in marks.items():
            where = f"{name}.{key}.{index}"
            if not (isinstance(index, str) and index.isdigit()):
                raise ProgressError(f"{where}: {index!r} is not a step number")
            if not isinstance(value, dict) or "solved" not in value:
                raise ProgressError(f"{where} must be an object with solved")
            mark = Mark(**{k: value.get(k, Mark._field_defaults.get(k)) for k in _MARK_FIELDS})
            _check_mark(mark, where)
            got[int(index)] = mark
        out[key] = got
    return out
