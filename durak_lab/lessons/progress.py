"""What a learner has done in the lessons, kept in a small JSON file beside the notebook.

The file (default ``durak-lab-progress.json`` in the current folder, which in Jupyter is
the notebook's folder) looks like::

    {"format": "durak-lab-progress/1",
     "lessons": {"covering": {"done": [1, 2, 3], "solved": [1, 3]}}}

``done``: the steps finished (answered right, or the answer was shown); ``solved``: the
steps answered right before the answer was shown.  A solved step stays solved.

A missing file is an empty progress.  A file that cannot be read (not JSON, another
format) does not stop the learner: :meth:`Progress.load` starts fresh and sets
``warning`` to a sentence saying so, and the first :meth:`Progress.save` moves the old
file aside (``durak-lab-progress.broken.json``) instead of overwriting it.  With
``strict=True`` it raises :class:`ProgressError` instead.

Standard library only.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "progress.json")
>>> p = Progress.load(path)
>>> p.mark("covering", 1)
>>> p.mark("covering", 2, solved=False)
>>> p.save()
>>> q = Progress.load(path)
>>> sorted(q.done("covering")), sorted(q.solved("covering")), q.fraction("covering")
([1, 2], [1], 0.2)
"""

from __future__ import annotations

import json
import os
from typing import Optional, Union

from ..engine.errors import DurakError
from ..text.messages import say
from .format import Lesson

__all__ = ["Progress", "ProgressError", "PROGRESS_FORMAT", "DEFAULT_PATH"]

#: The format string of a progress file.
PROGRESS_FORMAT = "durak-lab-progress/1"
#: The file name used when no path is given.
DEFAULT_PATH = "durak-lab-progress.json"


class ProgressError(DurakError, ValueError):
    """A progress file that cannot be read (raised only with ``strict=True``)."""


def _lesson_of(lesson: Union[str, Lesson]) -> Lesson:
    if isinstance(lesson, Lesson):
        return lesson
    from .course import lesson as course_lesson

    return course_lesson(lesson)


class Progress:
    """A learner's progress through the lessons (see the module docstring)."""

    def __init__(self, path: Union[str, os.PathLike, None] = None) -> None:
        self.path = os.fspath(path) if path is not None else DEFAULT_PATH
        self.warning: Optional[str] = None
        self._lessons: dict = {}
        self._broken = False

    # ------------------------------------------------------------ loading and saving
    @classmethod
    def load(cls, path: Union[str, os.PathLike, None] = None, strict: bool = False) -> "Progress":
        """The progress saved at ``path``: empty if there is no file; see the module docstring
        for a file that cannot be read."""
        p = cls(path)
        if not os.path.exists(p.path):
            return p
        try:
            with open(p.path, encoding="utf-8") as fh:
                data = json.load(fh)
            p._lessons = _read(data)
        except (OSError, ValueError, UnicodeDecodeError) as err:
            if strict:
                raise ProgressError(f"{p.path}: cannot read the progress: {err}") from None
            p._lessons = {}
            p._broken = True
            p.warning = say("lesson-progress-broken", name=os.path.basename(p._broken_path()))
        return p

    def _broken_path(self) -> str:
        root, ext = os.path.splitext(self.path)
        return f"{root}.broken{ext or '.json'}"

    def to_dict(self) -> dict:
        """The JSON value of the file."""
        return {"format": PROGRESS_FORMAT,
                "lessons": {k: {"done": sorted(v["done"]), "solved": sorted(v["solved"])}
                            for k, v in sorted(self._lessons.items())}}

    def save(self, path: Union[str, os.PathLike, None] = None) -> None:
        """Write the progress to ``path`` (default: where it was loaded from)."""
        if path is not None:
            self.path = os.fspath(path)
        if self._broken and os.path.exists(self.path):
            os.replace(self.path, self._broken_path())
        self._broken = False
        tmp = self.path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(self.to_dict(), fh, ensure_ascii=False, indent=1)
            fh.write("\n")
        os.replace(tmp, self.path)

    # ------------------------------------------------------------ marking and asking
    def mark(self, lesson_id: str, step_index: int, solved: bool = True) -> None:
        """Step ``step_index`` of lesson ``lesson_id`` is finished; ``solved``: right before the
        answer was shown."""
        if not isinstance(lesson_id, str) or not lesson_id:
            raise ProgressError(f"{lesson_id!r} is not a lesson id")
        if isinstance(step_index, bool) or not isinstance(step_index, int) or step_index < 0:
            raise ProgressError(f"{step_index!r} is not a step number")
        entry = self._lessons.setdefault(lesson_id, {"done": set(), "solved": set()})
        entry["done"].add(step_index)
        if solved:
            entry["solved"].add(step_index)

    def done(self, lesson_id: str) -> set:
        """The finished steps of a lesson (indexes)."""
        return set(self._lessons.get(lesson_id, {}).get("done", ()))

    def solved(self, lesson_id: str) -> set:
        """The steps of a lesson answered right before the answer was shown."""
        return set(self._lessons.get(lesson_id, {}).get("solved", ()))

    def lesson_done(self, lesson: Union[str, Lesson]) -> bool:
        """Whether every exercise of the lesson (an id of the course, or a Lesson) is finished."""
        L = _lesson_of(lesson)
        done = self.done(L.id)
        return all(s.index in done for s in L.steps if s.is_exercise)

    def fraction(self, lesson: Union[str, Lesson]) -> float:
        """The share of the lesson's exercises solved, 0.0 to 1.0 (1.0 for a lesson without any)."""
        L = _lesson_of(lesson)
        indexes = [s.index for s in L.steps if s.is_exercise]
        if not indexes:
            return 1.0
        solved = self.solved(L.id)
        return sum(1 for i in indexes if i in solved) / len(indexes)

    def reset(self, lesson_id: Optional[str] = None) -> None:
        """Forget one lesson's progress, or everything."""
        if lesson_id is None:
            self._lessons.clear()
        else:
            self._lessons.pop(lesson_id, None)

    def __repr__(self) -> str:
        return f"<Progress {self.path}: {len(self._lessons)} lessons>"


def _read(data: object) -> dict:
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        raise ValueError(f"not a {PROGRESS_FORMAT} file")
    lessons = data.get("lessons", {})
    if not isinstance(lessons, dict):
        raise ValueError("lessons must be an object")
    out = {}
    for key, entry in lessons.items():
        if not isinstance(entry, dict):
            raise ValueError(f"lessons.{key} must be an object")
        steps = {}
        for part in ("done", "solved"):
            values = entry.get(part, [])
            if not isinstance(values, list) or not all(isinstance(i, int) and not isinstance(i, bool) and i >= 0
                                                       for i in values):
                raise ValueError(f"lessons.{key}.{part} must be a list of step numbers")
            steps[part] = set(values)
        steps["done"] |= steps["solved"]
        out[key] = steps
    return out
