"""``durak-lab lessons``: the course's lessons; check lesson files; build a lesson from a game.

``durak-lab lessons [--json]``
    list the course: id, title, rule ids, number of exercises, one lesson a line; with
    ``--json`` a list of objects ``{"id", "title", "rules", "exercises", "steps", "summary"}``.
``durak-lab lessons check FILE…``
    read and check lesson files with the engine: one ``FILE: ok`` line each; a bad one
    gets a line on stderr naming the file and the field (``covering.json: steps[3].answers[0]:
    …``).
``durak-lab lessons from-record EX-ID|FILE [--seat P1] [--out FILE] [--id ID] [--title T] [--limit N]``
    a lesson of the moves one seat played in a record (:mod:`durak_lab.lessons.from_record`),
    written to ``--out`` (or printed).
``durak-lab lessons mistakes EX-ID|FILE [--seat P1] [--out FILE] [--id ID] [--title T] [--playouts N] [--seed S]``
    review the game for the seat and make a lesson of its mistakes: "find a better move" at
    each (:mod:`durak_lab.lessons.mistakes`); exit status 1 (and a sentence) when the seat
    made none.

Exit status: 0; 2 for a lesson that fails its check, a bad record or bad arguments.

Standard library and the durak_lab core only.

>>> main(["--json"])  # doctest: +ELLIPSIS
[
  {
    "id": ...
]
0
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any, Optional, Sequence, TextIO

from .commands import int_in, positive_int, resolve, run_standalone
from .console import write_line
from ..engine.errors import RecordError
from ..engine.reading import load_json, read_text_file
from ..engine.moves import seat_text
from ..lessons import (COURSE_FORMAT, LessonError, NoMistakes, course, in_language, lesson_from_record, load_lesson,
                        mistakes_lesson)
from ..text.catalogue import language, say

__all__ = ["add_parser", "run", "main"]

PROG = "durak-lab lessons"


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the course as a JSON list")
    sub = p.add_subparsers(dest="lessons_command", metavar="ACTION")
    c = sub.add_parser("check", help="check lesson files with the engine",
                       description="Read lesson files (durak-lab-lesson/1) and check every answer with the "
                       "engine. Exit status 0: all are ok; 2: one or more are not (stderr names the file and "
                       "the field).")
    c.add_argument("files", nargs="+", metavar="FILE")
    r = sub.add_parser("from-record", help="build a lesson from a played game",
                       description="A lesson of the moves one seat played in a worked example or a record "
                       "file: 'what would you play here?' at each of them.")
    r.add_argument("record", metavar="EX-ID|FILE")
    r.add_argument("--seat", default="P1", help="whose moves to ask about (default P1)")
    r.add_argument("--out", metavar="FILE", help="write the lesson here (default: print it)")
    r.add_argument("--id", dest="lesson_id", help="the lesson's id (default: from the record and the seat)")
    r.add_argument("--title", help="the lesson's title")
    r.add_argument("--limit", type=positive_int, default=20, help="at most this many moves (default 20)")
    m = sub.add_parser("mistakes", help="turn a player's mistakes in a game into exercises",
                       description="Review a worked example or a record file for one seat, and build a lesson "
                       "of its mistakes and blunders: 'find a better move' at each, the review's better moves "
                       "as the answers. Exit status 0; 1 when the seat made no mistake; 2 for a bad record.")
    m.add_argument("record", metavar="EX-ID|FILE")
    m.add_argument("--seat", default="P1", help="whose mistakes (default P1)")
    m.add_argument("--out", metavar="FILE", help="write the lesson here (default: print it)")
    m.add_argument("--id", dest="lesson_id", help="the lesson's id (default: from the record and the seat)")
    m.add_argument("--title", help="the lesson's title")
    m.add_argument("--playouts", type=positive_int, help="playouts a choice (the same on every machine; default: "
                   "half a CPU second a choice)")
    m.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="the review's random seed (default 0)")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``lessons`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ap.parse_args(["lessons", "check", "a.json", "b.json"]).files
    ['a.json', 'b.json']
    """
    p = sub.add_parser("lessons", help="list the course's lessons, check lesson files, build one from a game",
                       description="The lessons of the course; 'check FILE…' checks lesson files with the "
                       "engine; 'from-record' builds a lesson from a played game; 'mistakes' one of a "
                       "player's mistakes in a game.")
    _arguments(p)
    return p


def _list(as_json: bool, out: TextIO, err: TextIO) -> int:
    try:
        code = language()
        lessons = [in_language(L, code) for L in course()]  # titles in the chosen language (--lang)
    except LessonError as e:
        write_line(err, f"{PROG}: {e}")
        return 2
    if as_json:
        write_line(out, json.dumps([{"id": L.id, "title": L.title, "rules": list(L.rules), "exercises": L.exercises,
                                     "steps": len(L.steps), "summary": L.summary} for L in lessons],
                                   ensure_ascii=False, indent=2))
        return 0
    width = max(len(L.id) for L in lessons)
    for L in lessons:
        write_line(out, f"{L.id:<{width}}  {L.title}  ({' '.join(L.rules) or say('lessons-no-rules')}; "
                        f"{_exercises(L.exercises)})")
    return 0


def _exercises(n: int) -> str:
    return say("lessons-exercises", count=n)


def _is_course_index(name: str) -> bool:
    try:  # read as every lesson file is: bounded, decoded by its byte-order mark
        data = load_json(read_text_file(name, LessonError), LessonError)
    except (OSError, ValueError):  # LessonError is a ValueError; load_lesson then says what is wrong
        return False
    return isinstance(data, dict) and data.get("format") == COURSE_FORMAT


def _check(files: Sequence[str], out: TextIO, err: TextIO) -> int:
    bad = 0
    for name in files:
        try:
            if _is_course_index(name):
                lessons = course(os.path.dirname(os.path.abspath(name)))
                write_line(out, f"{name}: ok (a course of {len(lessons)} lessons, "
                                f"{_exercises(sum(L.exercises for L in lessons))})")
                continue
            L = load_lesson(os.fspath(name))
        except LessonError as e:
            write_line(err, f"{PROG} check: {e if e.source else f'{name}: {e}'}")
            bad += 1
            continue
        write_line(out, f"{name}: ok ({L.id}: {len(L.steps)} steps, {_exercises(L.exercises)})")
    return 2 if bad else 0


def _from_record(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        record = resolve(ns.record)
        L = lesson_from_record(record, ns.seat, lesson_id=ns.lesson_id, title=ns.title, limit=ns.limit)
    except (RecordError, LessonError) as e:
        write_line(err, f"{PROG} from-record: {e}")
        return 2
    return _write_lesson(L, ns.out, "from-record", out, err)


def _mistakes(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        record = resolve(ns.record)
        L = mistakes_lesson(record, ns.seat, lesson_id=ns.lesson_id, title=ns.title, playouts=ns.playouts,
                            rng=ns.seed)
    except NoMistakes as e:
        write_line(out, say("lesson-mistakes-none", seat=seat_text(e.seat)))
        return 1
    except (RecordError, LessonError) as e:
        write_line(err, f"{PROG} mistakes: {e}")
        return 2
    return _write_lesson(L, ns.out, "mistakes", out, err)


def _write_lesson(L: Any, path: Optional[str], action: str, out: TextIO, err: TextIO) -> int:
    """Write lesson ``L`` to ``path`` (or print it); the exit status."""
    if path:
        try:
            L.dump(path)
        except OSError as e:
            write_line(err, f"{PROG} {action}: cannot write {path}: {e.strerror or e}")
            return 2
        write_line(out, f"{path}: {L.id}, {_exercises(L.exercises)}")
    else:
        write_line(out, L.dump())
    return 0


def run(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the parsed ``lessons`` subcommand; return the exit status."""
    action = getattr(ns, "lessons_command", None)
    if action == "check":
        return _check(ns.files, out, err)
    if action == "from-record":
        return _from_record(ns, out, err)
    if action == "mistakes":
        return _mistakes(ns, out, err)
    return _list(ns.json, out, err)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m durak_lab.cli.lessons …``: the subcommand on its own."""
    import sys

    return run_standalone(PROG, "The lessons of the course; check lesson files; build a lesson from a game.",
                          _arguments, lambda ns: run(ns, sys.stdout, sys.stderr), argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
