"""A lesson built from a played game: "what would you play here?" at each move of one seat.

:func:`lesson_from_record` walks a ``durak-lab/1`` record and makes one ``move`` step of
every position where the chosen seat played, with the move played as the answer.  Moves
without a choice (the seat had one legal move) are left out, and so are moves the record
marks illegal.  The lesson is checked like a hand-written one; a teacher can then edit
its JSON (:meth:`~durak_lab.lessons.format.Lesson.dump`): add answers, a hint, feedback.

Standard library only.

>>> from durak_lab.engine.records import load_example
>>> L = lesson_from_record(load_example("EX-ZH-BOUT"), seat="P2")
>>> L.id, [s.kind for s in L.steps], [str(m) for m in L.steps[1].answers]
('ex-zh-bout-p2', ['read', 'move'], ['P2 attack 10♦'])
"""

from __future__ import annotations

import os
import re
from typing import Optional, Union

from ..engine.errors import RecordError
from ..engine.moves import parse_seat, seat_text
from ..engine.notation import position_text
from ..engine.records.record import Record, load_record
from ..text.explain import RULE_TITLES, describe_move, explain_move
from ..text.messages import say
from .errors import LessonError
from .format import FORMAT, Lesson, load_lesson

__all__ = ["lesson_from_record", "record_and_seat"]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "game"


def record_and_seat(record: Union[Record, str, os.PathLike, dict], seat: Union[int, str]) -> tuple:
    """``(record, seat)``: the record loaded (:func:`~durak_lab.engine.records.load_record` reads a path,
    a JSON text or a dict) and the seat (``"P2"`` or 0-based) as a 0-based number of its game; a
    :class:`~durak_lab.lessons.errors.LessonError` (field ``seat``) for a seat the game has not."""
    if not isinstance(record, Record):
        record = load_record(record)
    n = record.start.players
    try:
        s = parse_seat(seat, n) if isinstance(seat, str) else int(seat)
    except (ValueError, TypeError) as err:
        raise LessonError("seat", str(err)) from None
    if not 0 <= s < n:
        raise LessonError("seat", f"the game has seats P1 to P{n}")
    return record, s


def _rule_key(rule: str) -> int:
    return int(rule[1:])


def lesson_from_record(record: Union[Record, str, os.PathLike, dict], seat: Union[int, str] = "P1", *,
                       lesson_id: Optional[str] = None, title: Optional[str] = None,
                       limit: Optional[int] = 20, skip_forced: bool = True) -> Lesson:
    """A checked lesson of the moves ``seat`` played in ``record``.

    ``record``: a :class:`~durak_lab.engine.records.Record` or what
    :func:`~durak_lab.engine.records.load_record` reads (a path, a JSON text, a dict);
    ``seat``: ``"P2"`` or 0-based; ``lesson_id`` (default: from the record's id and the
    seat), ``title``; ``limit``: at most this many move steps (None: all);
    ``skip_forced``: leave out moves where the seat had no other legal move.
    Raises :class:`~durak_lab.lessons.errors.LessonError` when the seat makes no move to ask
    about (field ``seat``) and :class:`~durak_lab.engine.errors.RecordError` for a bad record.
    """
    record, s = record_and_seat(record, seat)
    p = record.start
    who = seat_text(s)
    steps: list = [{"kind": "read", "text": say("lesson-record-intro", seat=who), "position": position_text(p),
                    "seat": who}]
    rules: set = set()
    for j, rm in enumerate(record.moves):
        if rm.illegal:
            continue
        m = rm.move
        if p.why_illegal(m) is not None:
            raise RecordError(f"moves[{j}]", f"{m} is not legal here, and the record does not mark it illegal")
        if m.seat == s and (not skip_forced or len(p.legal_moves(s)) > 1) and (limit is None or len(steps) <= limit):
            rule = explain_move(p, m).rule
            step = {"kind": "move", "text": say("lesson-record-step", seat=who), "position": position_text(p),
                    "seat": who, "answers": [str(m)],
                    "explain": rm.say or say("lesson-record-played", seat=who, move=describe_move(p, m))}
            if rule in RULE_TITLES:
                step["rules"] = [rule]
                rules.add(rule)
            steps.append(step)
        p = p.play(m)
    if len(steps) == 1:
        raise LessonError("seat", f"{who} makes no move with a choice in this game")
    base = record.id or "game"
    data = {
        "format": FORMAT,
        "id": lesson_id or _slug(f"{base}-{who}"),
        "title": title or say("lesson-record-title", seat=who),
        "rules": sorted(rules, key=_rule_key),
        "summary": say("lesson-record-summary", seat=who),
        "steps": steps,
    }
    if record.title:
        data["_from"] = record.title
    return load_lesson(data)
