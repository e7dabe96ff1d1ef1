"""What the lesson player does with a click, and what it shows: the player's logic without a browser.

:class:`LessonControl` holds the course (a list of
:class:`~durak_lab.lessons.Lesson`), the learner's
:class:`~durak_lab.lessons.Progress` and where the learner is: the menu, a step
of a lesson, or the lesson's end.  :meth:`LessonControl.handle` takes one
message of the player's JavaScript and :meth:`LessonControl.state` gives the
JSON-able picture it draws.  A step with a position shows it on the play table
(:class:`~durak_lab.widgets.lesson_table.LessonTable`, its state under
``"table"``); a ``play`` step opens a whole game there
(:class:`~durak_lab.widgets.play_control.TableControl`).  Every answer is checked
by :class:`~durak_lab.lessons.Attempt`; the progress is saved after every solved
step.  Every sentence that is not the lesson's own text comes from
:func:`~durak_lab.text.messages.say`.

Messages (``{"do": …}``): ``open`` (``lesson``: its id), ``menu``, ``next``,
``hint``, ``answer`` (``value``: a seat "P2", ``true``/``false``, an option),
``check`` (the picked cards), ``table`` (``msg``: a message of the play table's
JavaScript, for the table of the step).

Standard library only.

>>> import tempfile, os
>>> c = LessonControl(progress_path=os.path.join(tempfile.mkdtemp(), "progress.json"))
>>> c.state()["view"], len(c.state()["menu"]["lessons"]) >= 3
('menu', True)
>>> c.handle({"do": "open", "lesson": c.lessons[0].id})["lesson"]["step_text"]
'Step 1 of ...'
"""

from __future__ import annotations

import logging
import os
from typing import Any, Optional, Sequence

from ..engine.errors import DurakError
from ..engine.moves import Move, seat_text
from ..lessons import Attempt, Lesson, Progress, course, course_title
from ..text.explain import RULE_TITLES
from ..text.messages import say
from .lesson_table import LessonTable
from .play_control import TableControl, plain_reason
from .play_settings import Settings

__all__ = ["LessonControl"]

_log = logging.getLogger(__name__)

#: What a click on the table does in each kind of step.
_TABLE_MODE = {"move": "move", "cards": "cards"}


def _plain(text: Optional[str]) -> str:
    """A sentence of the engine or the lesson without rule ids ("… (R11)."): the learner sees words."""
    return plain_reason(text) if text else ""


def _rule_json(rule: str) -> dict:
    title = RULE_TITLES.get(rule, "")
    return {"id": rule, "title": say("learn-rule-title", rule=rule, title=title) if title else rule}


class LessonControl:
    """The lesson player's logic: the menu, the steps of a lesson, the tries, the progress.

    ``lessons`` is the course (default: :func:`durak_lab.lessons.course`);
    ``progress_path`` the learner's progress file (default: the one of
    :meth:`Progress.load <durak_lab.lessons.Progress.load>`); ``speed`` the bots'
    speed in a ``play`` step.
    """

    def __init__(self, lessons: Optional[Sequence[Lesson]] = None, progress_path: Optional[str] = None,
                 speed: str = "normal") -> None:
        self.lessons = list(course() if lessons is None else lessons)
        self.title = course_title() if lessons is None else say("learn-course-title")
        self.progress = Progress.load(progress_path)
        self.speed = speed
        self.serial = 0
        self.table_id = 0
        self.lesson: Optional[Lesson] = None
        self.index = 0
        self.finished = False
        self.last_lesson = ""
        self.not_saved = ""  # said when the progress file cannot be written
        self.table: Any = None
        self.attempt: Optional[Attempt] = None
        self._clear_step()

    # ------------------------------------------------------------ where the learner is
    def _clear_step(self) -> None:
        self.feedback = ("", "")
        self.explain = ""
        self.done = False
        self.solved_now = False

    @property
    def step(self) -> Any:
        return self.lesson.steps[self.index] if self.lesson is not None and not self.finished else None

    def _lesson(self, lesson_id: str) -> Lesson:
        for item in self.lessons:
            if item.id == lesson_id:
                return item
        raise KeyError(lesson_id)

    def open(self, lesson_id: str) -> None:
        """Open a lesson at its first step."""
        self.lesson = self._lesson(lesson_id)
        self.last_lesson = lesson_id
        self.finished = False
        self._go(0)

    def _go(self, index: int) -> None:
        self.index = index
        self._clear_step()
        step = self.step
        self.attempt = Attempt(step) if step.is_exercise else None
        self.table = None
        if step.kind == "play":
            settings = Settings.of(speed=self.speed, **dict(step.play))
            self.table = TableControl(settings)
            self.feedback = ("info", say("learn-play-now"))
        elif step.position is not None:
            self.table = LessonTable(step.position, step.seat if step.seat is not None else 0,
                                     mode=_TABLE_MODE.get(step.kind, "look"), on_move=self._answer,
                                     pick_from=step.pick_from, show_all=step.show == "all")
        if step.kind == "read":
            self.done = True
        self.table_id += 1

    def menu(self) -> None:
        """Back to the lessons."""
        self.lesson, self.table, self.attempt, self.finished = None, None, None, False
        self._clear_step()
        self.table_id += 1

    # ------------------------------------------------------------ messages from the browser
    def handle(self, msg: dict) -> dict:
        """Do what one message of the player's JavaScript asks; return the new :meth:`state`.

        No error escapes: a learner never sees a traceback.
        """
        try:
            what = str(msg.get("do", ""))
            if what == "open":
                self.open(str(msg.get("lesson", "")))
            elif what == "menu":
                self.menu()
            elif self.step is None:
                pass  # the rest needs a step
            elif what == "next":
                self._next()
            elif what == "hint":
                self._hint()
            elif what == "answer" and self.step.kind in ("seat", "yes-no", "choice"):
                self._answer(msg.get("value"))
            elif what == "check":
                self._check()
            elif what == "table" and self.table is not None and isinstance(msg.get("msg"), dict):
                self.table.handle(msg["msg"])
                self._after_table()
        except KeyError:
            _log.debug("lesson player: no lesson %r", msg.get("lesson"))
        except Exception:  # noqa: BLE001 - a learner must never see a traceback
            _log.exception("lesson player: unexpected error")
            self.feedback = ("wrong", say("learn-error"))
        return self.state()

    def _next(self) -> None:
        step = self.step
        if not self.done:
            return
        if step.kind == "read":
            self._mark(True)
        if self.index + 1 < len(self.lesson.steps):
            self._go(self.index + 1)
        else:
            self.finished = True
            self.table, self.attempt = None, None
            self._clear_step()
            self.table_id += 1

    def _hint(self) -> None:
        step = self.step
        text = self.attempt.hint_text() if self.attempt is not None else step.hint
        self.feedback = ("hint", _plain(text) or say("learn-no-hint"))

    def _answer(self, value: Any) -> None:
        """Check one try (a move from the table, a seat, yes or no, an option)."""
        if self.attempt is None or self.done:
            return
        step = self.step
        if step.kind == "seat" and isinstance(value, str):
            value = value.strip().upper()
        if step.kind == "yes-no" and not isinstance(value, bool):
            value = str(value).lower() in ("yes", "true")
        verdict = self.attempt.answer(value)
        self._verdict(verdict, value)

    def _check(self) -> None:
        if self.attempt is None or self.done or self.step.kind != "cards":
            return
        picked = list(self.table.chosen) if isinstance(self.table, LessonTable) else []
        if not picked:
            self.feedback = ("info", say("learn-cards-empty"))
            return
        self._verdict(self.attempt.answer(picked), picked)

    def _verdict(self, verdict: Any, value: Any) -> None:
        if isinstance(self.table, LessonTable):
            self.table._tell("", "")  # the table's own word on the last click gives way to the verdict
        parts = [_plain(verdict.sentence) or (say("learn-right") if verdict.right else "")]
        if verdict.shown:
            parts.append(_plain(verdict.shown))
        elif not verdict.right and verdict.hint:
            parts.append(_plain(verdict.hint))
        if not verdict.counted:
            kind = "info"
        elif verdict.right:
            kind = "right"
        else:
            kind = "shown" if verdict.shown else ("hint" if verdict.hint else "wrong")
        self.feedback = (kind, " ".join(p for p in parts if p))
        if verdict.done:
            self.done = True
            self.explain = _plain(verdict.explain or self.step.explain)
            if isinstance(self.table, LessonTable):
                if verdict.right and isinstance(value, Move):
                    self.table.play_move(value)
                else:
                    self.table.freeze()
            self._mark(bool(verdict.right))

    def _after_table(self) -> None:
        step = self.step
        if step.kind == "play" and not self.done and self.table.session.is_over:
            self.done = True
            self.feedback = ("right", say("learn-play-done"))
            self._mark(True)

    def _mark(self, solved: bool) -> None:
        """Note the step in the learner's progress and save it; a file that cannot be written is
        said once, beside the feedback, and the progress is kept in memory."""
        self.solved_now = solved
        self.progress.mark(self.lesson.id, self.index, solved=solved)
        try:
            self.progress.save()
        except (OSError, DurakError) as err:
            _log.warning("lesson player: the progress could not be saved: %s", err)
            self.not_saved = say("learn-not-saved", name=os.path.basename(self.progress.path))

    # ------------------------------------------------------------ what the browser draws
    def state(self) -> dict:
        """The JSON-able picture of the player for the JavaScript."""
        self.serial += 1
        view = "menu" if self.lesson is None else ("done" if self.finished else "lesson")
        table = self.table.state() if self.table is not None else None
        if table is not None and not isinstance(self.table, LessonTable):
            table["frame"] = "play"  # a whole game: the play table with all its tools
        return {
            "serial": self.serial, "view": view, "table_id": self.table_id, "table": table,
            "download": dict(self.table.download) if isinstance(self.table, TableControl) else {},
            "menu": self._menu_json(), "lesson": self._lesson_json() if view == "lesson" else None,
            "end": self._end_json() if view == "done" else None, "last_lesson": self.last_lesson,
            "labels": _LABELS,
        }

    def _numbers(self, lesson: Lesson) -> tuple:
        """(exercises solved, exercises, fraction done) of a lesson."""
        total = lesson.exercises
        fraction = float(self.progress.fraction(lesson))
        return round(fraction * total), total, fraction

    def _menu_json(self) -> dict:
        items = []
        for item in self.lessons:
            solved, total, fraction = self._numbers(item)
            done = bool(self.progress.done(item.id)) and bool(self.progress.lesson_done(item))
            if total:
                text = say("learn-progress", solved=solved, total=total)
            else:
                text = say("learn-progress-read") if done else say("learn-progress-none")
            items.append({
                "id": item.id, "title": item.title, "summary": item.summary,
                "open": say("learn-open", title=item.title),
                "rules": [_rule_json(r) for r in item.rules], "percent": round(100 * fraction),
                "progress": text, "bar_label": say("learn-progress-label", title=item.title), "done": done,
                "badge": say("learn-lesson-done") if done else ("" if fraction else say("learn-lesson-new")),
            })
        finished = sum(1 for i in items if i["done"])
        return {"title": self.title, "intro": say("learn-menu-intro"), "lessons": items,
                "overall": say("learn-overall", done=finished, total=len(items)),
                "percent": round(100 * finished / len(items)) if items else 0,
                "empty": "" if items else say("learn-no-lessons"), "warning": self.progress.warning or ""}

    def _lesson_json(self) -> dict:
        step = self.step
        n = len(self.lesson.steps)
        kind, text = self.feedback
        if not text and step.kind == "read":
            kind, text = "info", say("learn-read-next")
        answer: dict = {"kind": step.kind, "enabled": not self.done}
        if step.kind == "seat" and step.position is not None:
            answer["seats"] = [{"value": seat_text(s), "label": seat_text(s)} for s in range(step.position.players)]
        elif step.kind == "yes-no":
            answer["options"] = [{"value": True, "label": say("learn-yes")},
                                 {"value": False, "label": say("learn-no")}]
        elif step.kind == "choice":
            answer["options"] = [{"value": o, "label": o} for o in step.options]
        return {
            "id": self.lesson.id, "title": self.lesson.title, "index": self.index, "steps": n,
            "step_text": say("learn-step", step=self.index + 1, steps=n), "kind": step.kind, "text": step.text,
            "rules": [_rule_json(r) for r in step.rules], "answer": answer,
            "feedback": " ".join(t for t in (text, self.not_saved) if t), "feedback_kind": kind,
            "explain": self.explain if self.done else "",
            "done": self.done, "can_hint": step.is_exercise and not self.done,  # a game has the table's Hint
            "tries": self.attempt.tries if self.attempt is not None else 0,
            "next": say("learn-finish") if self.index + 1 == n else say("learn-next"),
        }

    def _end_json(self) -> dict:
        solved, total, _ = self._numbers(self.lesson)
        at = self.lessons.index(self.lesson)
        after = self.lessons[at + 1] if at + 1 < len(self.lessons) else None
        return {"id": self.lesson.id, "title": say("learn-finished", title=self.lesson.title),
                "score": say("learn-finished-score", solved=solved, total=total) if total else "",
                "next_id": after.id if after else "",
                "next": say("learn-next-lesson", title=after.title) if after else say("learn-all-done")}


#: The fixed words of the player (buttons, group labels), by message key.
_LABELS = {
    "learn-back": say("learn-back"),
    "learn-hint": say("learn-hint"),
    "learn-check": say("learn-check"),
    "learn-answer-label": say("learn-answer-label"),
    "learn-seat-label": say("learn-seat-label"),
    "learn-options-label": say("learn-options-label"),
    "learn-table-label": say("learn-table-label"),
    "learn-lessons-label": say("learn-lessons-label"),
    "learn-rules": say("learn-rules"),
    "learn-overall-label": say("learn-overall-label"),
}
