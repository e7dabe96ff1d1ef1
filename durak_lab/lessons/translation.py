"""A lesson in another language: its words in a file of their own, laid over the checked lesson.

A lesson file (``durak-lab-lesson/1``) holds its words in English beside the positions and the
answers the engine checks.  A translation is a *words file* that holds the words alone, step by
step, in the same order (format ``durak-lab-lesson-words/1``)::

    {"format": "durak-lab-lesson-words/1", "id": "bito", "lang": "he",
     "title": "…", "summary": "…",
     "steps": [{"text": "…"}, {"text": "…", "hint": "…", "explain": "…",
                "feedback": {"P1 take": "…", "does-not-beat": "…"}}, …]}

Each step has exactly the word keys of the English step (``text``, ``hint``, ``explain``,
``options``, ``feedback`` with the English file's feedback keys: moves, seats, cards, reason codes
and, for a choice, the English option it answers); a choice's ``options`` are translated in the
same order, and its answer is the translated option at the English answer's place.  Nothing the
engine checks is in a words file, so a translation can never change what is right.

The course's words files live beside the course, one folder per language
(``lessons/course/he/bito.json``, and ``lessons/course/he/course.json`` for the course's title,
format ``durak-lab-course-words/1``).  :func:`in_language` gives a lesson in a language
(English where no words file exists); :func:`words_of` gives the words file a translator starts
from.

Standard library only.

>>> from durak_lab.lessons import lesson
>>> words = words_of(lesson("bito"))
>>> words["format"], words["steps"][4]["options"]
('durak-lab-lesson-words/1', ['Yes, if the rank matches', 'No, the bout ends at once'])
>>> words["steps"][4]["options"] = ["Kyllä", "Ei"]
>>> words["steps"][4]["feedback"] = {"Yes, if the rank matches": "Ei voi."}
>>> fi = translated(lesson("bito"), words)
>>> fi.steps[4].options, fi.steps[4].answer, fi.steps[4].feedback
(('Kyllä', 'Ei'), 'Ei', {'Kyllä': 'Ei voi.'})
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Optional

from ..engine.reading import decode_text, load_json
from .errors import LessonError
from .format import Lesson, _feedback_key

__all__ = ["WORDS_FORMAT", "COURSE_WORDS_FORMAT", "words_of", "translated", "in_language", "course_title_in",
           "words_files"]

WORDS_FORMAT = "durak-lab-lesson-words/1"
COURSE_WORDS_FORMAT = "durak-lab-course-words/1"
_STEP_WORDS = ("text", "hint", "explain", "options", "feedback")


def words_of(lesson: Lesson) -> dict:
    """The words of ``lesson`` as a words file: what a translator translates (English, as it is)."""
    data = lesson.to_dict()
    steps = []
    for s in data["steps"]:
        one: dict = {k: s[k] for k in _STEP_WORDS if k in s}
        if "feedback" in one:
            one["feedback"] = dict(one["feedback"])
        if "options" in one:
            one["options"] = list(one["options"])
        steps.append(one)
    return {"format": WORDS_FORMAT, "id": lesson.id, "title": data["title"], "summary": data["summary"],
            "steps": steps}


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LessonError(where, "must be a non-empty text")
    return value


def translated(lesson: Lesson, words: Any, source: Optional[str] = None) -> Lesson:
    """``lesson`` with the words of the words file ``words`` (a dict); a :class:`LessonError` names
    what does not fit the English lesson (a step, an option, a feedback key missing or extra)."""
    try:
        return _translated(lesson, words)
    except LessonError as err:
        raise err.in_file(source) if source else err from None


def _translated(lesson: Lesson, words: Any) -> Lesson:
    english = words_of(lesson)
    if not isinstance(words, dict) or words.get("format") != WORDS_FORMAT:
        raise LessonError("format", f"must be {WORDS_FORMAT!r}")
    extra = set(words) - {"format", "id", "lang", "title", "summary", "steps"} - {k for k in words if k.startswith("_")}
    if extra:
        raise LessonError(sorted(extra)[0], "not a key of a words file; the keys are format, id, lang, title, "
                          "summary, steps")
    if words.get("id") != lesson.id:
        raise LessonError("id", f"must be {lesson.id!r}, the lesson these words translate")
    steps = words.get("steps")
    if not isinstance(steps, list) or len(steps) != len(lesson.steps):
        raise LessonError("steps", f"must be a list of {len(lesson.steps)} steps, as the lesson has")
    out = []
    for i, (step, ours, theirs) in enumerate(zip(lesson.steps, english["steps"], steps)):
        where = f"steps[{i}]"
        if not isinstance(theirs, dict) or set(theirs) != set(ours):
            have = sorted(theirs) if isinstance(theirs, dict) else []
            raise LessonError(where, f"must have the keys {', '.join(sorted(ours))}, not {', '.join(have) or 'none'}")
        change: dict = {"text": _text(theirs["text"], f"{where}.text")}
        for key in ("hint", "explain"):
            if key in ours:
                change[key] = _text(theirs[key], f"{where}.{key}")
        option_of: dict = {}
        if "options" in ours:
            opts = theirs["options"]
            if (not isinstance(opts, list) or len(opts) != len(ours["options"])
                    or len(set(opts)) != len(opts)):
                raise LessonError(f"{where}.options", f"must be {len(ours['options'])} different texts, in the "
                                  "order of the English options")
            option_of = {en: _text(o, f"{where}.options[{j}]") for j, (en, o) in enumerate(zip(ours["options"], opts))}
            change["options"] = tuple(opts)
            change["answer"] = option_of[step.answer]
        if "feedback" in ours:
            fb = theirs["feedback"]
            if not isinstance(fb, dict) or set(fb) != set(ours["feedback"]):
                raise LessonError(f"{where}.feedback", f"must have the keys of the English feedback: "
                                  f"{', '.join(sorted(ours['feedback']))}")
            players = step.position.players if step.position is not None else 2
            english_options = tuple(ours.get("options", ()))
            feedback = {}
            for k, v in fb.items():  # each key as the lesson read it, then the choice's option translated
                canon = _feedback_key(k, step.kind, players, english_options) or k
                feedback[option_of.get(canon, canon)] = _text(v, f"{where}.feedback.{k}")
            change["feedback"] = feedback
        out.append(dataclasses.replace(step, **change))
    return dataclasses.replace(lesson, title=_text(words.get("title"), "title"),
                               summary=_text(words.get("summary"), "summary"), steps=tuple(out))


def _course_folder() -> Any:
    from .syllabus import course_folder

    return course_folder()


def _read(path: Any) -> Any:
    return load_json(decode_text(path.read_bytes(), LessonError), LessonError)


@functools.lru_cache(maxsize=256)
def _words_file(code: str, name: str) -> Any:
    path = _course_folder() / code / name
    if not path.is_file():
        return None
    try:
        return _read(path)
    except LessonError as err:
        raise err.in_file(f"{code}/{name}") from None


def in_language(lesson: Lesson, code: str) -> Lesson:
    """``lesson`` worded in the language ``code``, if the course has its words file; else as it is.

    >>> from durak_lab.lessons import lesson
    >>> in_language(lesson("bito"), "en").title
    'The end of a bout'
    """
    if code == "en":
        return lesson
    words = _words_file(code, f"{lesson.id}.json")
    if words is None:
        return lesson
    return _translated_cached(lesson, code)


@functools.lru_cache(maxsize=512)
def _translated_cached(lesson: Lesson, code: str) -> Lesson:
    return translated(lesson, _words_file(code, f"{lesson.id}.json"), f"{code}/{lesson.id}.json")


def course_title_in(title: str, code: str) -> str:
    """The course's title in ``code``'s words (``course.json`` of its folder), else ``title``."""
    if code == "en":
        return title
    data = _words_file(code, "course.json")
    if data is None:
        return title
    if not isinstance(data, dict) or data.get("format") != COURSE_WORDS_FORMAT:
        raise LessonError("format", f"must be {COURSE_WORDS_FORMAT!r}", f"{code}/course.json")
    return _text(data.get("title"), "title")


def words_files(code: str) -> list:
    """The names of the words files the course has for ``code`` (``course.json`` not counted)."""
    folder = _course_folder() / code
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".json") and p.name != "course.json")
