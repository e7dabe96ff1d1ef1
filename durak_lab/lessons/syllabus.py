"""The course: the lessons shipped with the package, in order.

``durak_lab/lessons/course/course.json`` lists the lesson ids in order::

    {"format": "durak-lab-course/1", "title": "Learn Durak", "lessons": ["cards", "covering", …]}

and each lesson is the file ``course/<id>.json`` beside it.  :func:`course` reads and
checks them all (once; later calls reuse them), :func:`lesson` gives one by id.  A
teacher's own course is a folder laid out the same way: ``course("my-course/")``.

Standard library only.

>>> "covering" in course_ids(), lesson("covering").rules
(True, ('R11',))
>>> lesson("juggling")
Traceback (most recent call last):
...
durak_lab.lessons.errors.LessonError: id: 'juggling' is not a lesson of the course; the lessons are ...
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any, Optional, Union

from ..engine.reading import decode_text, load_json
from .errors import LessonError
from .format import Lesson, load_lesson

__all__ = ["COURSE_FORMAT", "course", "lesson", "course_title", "course_ids", "course_folder"]

#: The format string of ``course.json``.
COURSE_FORMAT = "durak-lab-course/1"
_INDEX = "course.json"


def course_folder() -> Any:
    """The folder of the course files (an :mod:`importlib.resources` traversable)."""
    from importlib.resources import files

    return files("durak_lab.lessons") / "course"


def _read_index(folder: Any) -> dict:
    try:  # bounded and decoded by its byte-order mark, as every lesson file
        data = load_json(decode_text((folder / _INDEX).read_bytes(), LessonError), LessonError)
    except LessonError as err:
        raise err.in_file(_INDEX) from None
    except (OSError, json.JSONDecodeError) as err:
        raise LessonError("", f"cannot read the course index: {err}", _INDEX) from None
    if not isinstance(data, dict) or data.get("format") != COURSE_FORMAT:
        raise LessonError("format", f"must be {COURSE_FORMAT!r}", _INDEX)
    for key in data:
        if key not in ("format", "title", "lessons") and not key.startswith("_"):
            raise LessonError(key, "not a key of a course; the keys are format, title, lessons", _INDEX)
    if not isinstance(data.get("title"), str) or not data["title"].strip():
        raise LessonError("title", "must be a non-empty text", _INDEX)
    ids = data.get("lessons")
    if not isinstance(ids, list) or not ids or not all(isinstance(i, str) for i in ids):
        raise LessonError("lessons", "must be a non-empty list of lesson ids", _INDEX)
    seen = set()
    for j, i in enumerate(ids):
        if i in seen:
            raise LessonError(f"lessons[{j}]", f"{i!r} is listed twice", _INDEX)
        seen.add(i)
    return data


@functools.lru_cache(maxsize=8)
def _course(where: Optional[str] = None) -> tuple:
    folder = course_folder() if where is None else Path(where)
    data = _read_index(folder)
    out = []
    for j, lesson_id in enumerate(data["lessons"]):
        name = f"{lesson_id}.json"
        path = folder / name
        if not path.is_file():
            raise LessonError(f"lessons[{j}]", f"there is no lesson file {name}", _INDEX)
        try:
            one = load_lesson(path.read_bytes())  # decoded by its byte-order mark, else UTF-8
        except LessonError as err:
            raise err.in_file(name) from None
        if one.id != lesson_id:
            raise LessonError("id", f"the file {name} must have the id {lesson_id!r}, not {one.id!r}", name)
        out.append(one)
    return data["title"], tuple(out)


def _where(folder: Union[str, os.PathLike, None]) -> Optional[str]:
    return None if folder is None else os.path.abspath(os.fspath(folder))


def course(folder: Union[str, os.PathLike, None] = None) -> list:
    """Every lesson of the course, in order (a list of :class:`~durak_lab.lessons.format.Lesson`).

    ``folder``: a folder holding a ``course.json`` and its lesson files (default: the
    course shipped with the package).  A :class:`LessonError` names the file and the field
    of the first problem.
    """
    return list(_course(_where(folder))[1])


def course_title(folder: Union[str, os.PathLike, None] = None) -> str:
    """The course's title.

    >>> course_title()
    'Learn Durak'
    """
    return _course(_where(folder))[0]


def course_ids(folder: Union[str, os.PathLike, None] = None) -> list:
    """The lesson ids of the course, in order."""
    return [L.id for L in _course(_where(folder))[1]]


def lesson(lesson_id: str, folder: Union[str, os.PathLike, None] = None) -> Lesson:
    """The course's lesson ``lesson_id``; a :class:`LessonError` (field ``id``) if there is none."""
    for one in _course(_where(folder))[1]:
        if one.id == lesson_id:
            return one
    raise LessonError("id", f"{lesson_id!r} is not a lesson of the course; the lessons are "
                      f"{', '.join(course_ids(folder))}")
