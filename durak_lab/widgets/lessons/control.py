"""What the lesson player does with a click, and what it shows: the player's logic without a browser.

:class:`LessonControl` holds the course (a list of
:class:`~durak_lab.lessons.Lesson`), the learner's
:class:`~durak_lab.lessons.Progress` and where the learner is: the menu, a step
of a lesson, or the lesson's end.  :meth:`LessonControl.handle` takes one
message of the player's JavaScript and :meth:`LessonControl.state` gives the
JSON-able picture it draws.  A step with a position shows it on the play table
(:class:`~durak_lab.widgets.lessons.table.LessonTable`, its state under
``"table"``); a ``play`` step opens a whole game there
(:class:`~durak_lab.widgets.play.control.TableControl`).  Every answer is checked
by :class:`~durak_lab.lessons.Attempt`; the progress is saved after every solved
step.  Every sentence that is not the lesson's own text comes from
:func:`~durak_lab.text.messages.say`.

Who is learning: with neither ``progress_path`` nor ``student``, the player first
asks the student's name (the ``who`` view) and keeps the progress in that student's
own file in the class folder (:meth:`Progress.for_student
<durak_lab.lessons.Progress.for_student>`), so that students sharing one server never
see or overwrite each other's work.  The browser remembers the name and a copy of
the progress (:meth:`LessonControl.browser_copy`) and says them in its ``hello``
message when the page opens: the copy is merged in, which is how progress survives
a reload where the server's files do not last (JupyterLite, Binder).  Every mark
notes how the exercise went: right at the first try, the tries, the hints asked,
the time taken.

Messages (``{"do": …}``): ``hello`` (``student``: the name the browser remembers,
``copy``: its copy of the progress), ``student`` (``name``: typed in the ``who``
view), ``change`` (another student), ``open`` (``lesson``: its id), ``menu``, ``next``,
``hint``, ``answer`` (``value``: a seat "P2", ``true``/``false``, an option),
``check`` (the picked cards), ``table`` (``msg``: a message of the play table's
JavaScript, for the table of the step); and the practice from the student's own games
(:class:`~durak_lab.widgets.lessons.practice.GamesPractice`): ``mistakes`` (``game``, ``seat``),
``mistakes-step`` (one more decision judged: the ``reviewing`` view), ``mistakes-stop``.

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
import time
from typing import Any, Optional, Sequence

from ...engine.errors import DurakError
from ...engine.moves import Move, seat_text
from ...engine.reading import brief, shorten
from ...lessons import (Attempt, Lesson, LessonError, Progress, ProgressError, course, course_title, course_title_in,
                         in_language)
from ...text.catalogue import language
from ...session.students import StudentError, clean_name, folder_name
from ...text.explain import RULE_TITLES
from ...text.messages import say
from .practice import GamesPractice, PuzzlesPractice
from .table import LessonTable
from ..play.control import TableControl, plain_reason
from ..play.settings import Settings

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
                 speed: str = "normal", student: Optional[str] = None, class_dir: Optional[str] = None) -> None:
        self._course = lessons is None  # the shipped course: worded in the chosen language
        self._base = list(course() if lessons is None else lessons)
        self.lessons = list(self._base)
        self.title = ""
        self.class_dir = class_dir
        self.by_name = progress_path is None  # each student's own file, by name
        self.progress = Progress.load(progress_path) if progress_path is not None else Progress()
        self.needs_name = self.by_name
        self.who_error = ""
        self.pending = ""  # a lesson to open once the student has said who they are
        self.saved_serial = 0  # counts the saves, for the browser's copy
        self.save_failed = False
        self.practice = GamesPractice(class_dir)  # "Your games": the mistakes of a saved game
        self.puzzles = PuzzlesPractice()  # "Puzzles": positions mined from games
        if student is not None:
            self.set_student(student)
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
        if not self.needs_name:
            self.practice.set_student(self.progress.student)
        self.localize()

    def localize(self) -> None:
        """Word the lessons in the chosen language: the course's own translations
        (:func:`~durak_lab.lessons.in_language`); lessons given as a list stay as they are."""
        code = language()
        if self._course:
            self.lessons = [in_language(item, code) for item in self._base]
            self.title = course_title_in(course_title(), code)
        else:
            self.title = say("learn-course-title")
        self.puzzles.forget()  # made again in the new language when opened
        if self.lesson is not None:
            self.lesson = self._lesson(self.lesson.id)

    # ------------------------------------------------------------ where the learner is
    def _clear_step(self) -> None:
        self.feedback = ("", "")
        self.explain = ""
        self.done = False
        self.hints = 0
        self.opened = time.monotonic()

    # ------------------------------------------------------------ who is learning
    def set_student(self, name: str) -> None:
        """The student ``name`` is learning now: their own progress file in the class folder.
        A name with no letter or digit raises :class:`~durak_lab.session.students.StudentError`."""
        name = clean_name(name)
        self.progress = Progress.for_student(name, self.class_dir)
        self.needs_name, self.who_error = False, ""
        self.saved_serial += 1
        self.practice.set_student(self.progress.student)
        if self.pending:
            pending, self.pending = self.pending, ""
            self.open(pending)

    def change_student(self) -> None:
        """Another student sits down: back to the ``who`` view, nothing of the last one shown."""
        if not self.by_name:
            return
        self.menu()
        self.progress, self.needs_name, self.not_saved, self.save_failed = Progress(), True, "", False
        self.saved_serial += 1
        self.practice.set_student(None)

    def _hello(self, msg: dict) -> None:
        """The page has opened: the name and the copy of the progress its browser remembers."""
        name = msg.get("student")
        if self.needs_name and isinstance(name, str) and name.strip():
            try:
                self.set_student(name)
            except StudentError:
                return
        copy = msg.get("copy")
        if self.needs_name or not self.by_name or not isinstance(copy, dict):
            return
        try:
            theirs = Progress.from_dict(copy)
        except ProgressError:
            return
        if theirs.student is None or folder_name(theirs.student) != folder_name(self.progress.student or ""):
            return
        before = self.progress.to_dict()
        self.progress.merge(theirs)
        if self.progress.to_dict() != before:
            self._save()

    def browser_copy(self) -> dict:
        """What the browser keeps: the student's name, their folder's name (``key``), the
        progress file's text (to keep in the browser and to download) and the save count."""
        student = None if self.needs_name else self.progress.student
        return {"serial": self.saved_serial, "name": student or "", "by_name": self.by_name,
                "key": folder_name(student) if student else "",
                "file": f"durak-lab-progress-{folder_name(student)}.json" if student else "durak-lab-progress.json",
                "text": "" if self.needs_name else self.progress.dumps()}

    @property
    def step(self) -> Any:
        return self.lesson.steps[self.index] if self.lesson is not None and not self.finished else None

    def _lesson(self, lesson_id: str) -> Lesson:
        if not isinstance(lesson_id, str):  # a list or a huge number: no lesson has such an id
            raise LessonError("lesson", say("learn-no-such-lesson", lesson=brief(lesson_id),
                                            lessons=", ".join(item.id for item in self.lessons)))
        for item in self.lessons:
            if item.id == lesson_id:
                return item
        if lesson_id in self.practice.lessons:  # made here of the student's own game
            return self.practice.lessons[lesson_id]
        if isinstance(lesson_id, str) and lesson_id.split("-", 1)[0] == "puzzles":
            made = self.puzzles.lesson(lesson_id[len("puzzles-"):])
            if made is not None and made.id == lesson_id:
                return made
        shown = shorten(lesson_id)[1:-1]
        raise LessonError("lesson", say("learn-no-such-lesson", lesson=shown,
                                        lessons=", ".join(item.id for item in self.lessons)))

    def open(self, lesson_id: str) -> None:
        """Open a lesson at its first step (once the student has said who they are); a
        :class:`~durak_lab.lessons.LessonError` names the lessons when there is no such one."""
        if self.needs_name:
            self._lesson(lesson_id)
            self.pending = lesson_id
            return
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
            self.table = TableControl(settings, student=self.progress.student if self.by_name else None,
                                      class_dir=self.class_dir)
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
        if not self.needs_name:
            self.progress.refresh()  # what the student did in another tab meanwhile
            self.practice.refresh()  # and the games saved meanwhile

    # ------------------------------------------------------------ messages from the browser
    def handle(self, msg: dict) -> dict:
        """Do what one message of the player's JavaScript asks; return the new :meth:`state`.

        No error escapes: a learner never sees a traceback.
        """
        try:
            what = str(msg.get("do", ""))
            if what == "hello":
                self._hello(msg)
            elif what == "student":
                self._who(msg.get("name"))
            elif what == "change":
                self.change_student()
            elif self.needs_name:
                if what == "open":
                    self.open(str(msg.get("lesson", "")))
            elif what == "open":
                self.open(str(msg.get("lesson", "")))
            elif what == "menu":
                self.menu()
            elif what == "mistakes":
                self.menu()
                self.practice.start(msg.get("game"), msg.get("seat"))
            elif what == "mistakes-step":
                made = self.practice.step()
                if made is not None:
                    self.open(made.id)
            elif what == "mistakes-stop":
                self.practice.stop()
            elif what == "puzzles":
                made = self.puzzles.lesson(msg.get("theme", ""))
                if made is not None:
                    self.open(made.id)
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
        except (KeyError, LessonError):  # no such lesson: the menu stays as it is
            _log.debug("lesson player: no lesson %r", msg.get("lesson"))
        except Exception:  # noqa: BLE001 - a learner must never see a traceback
            _log.exception("lesson player: unexpected error")
            self.feedback = ("wrong", say("learn-error"))
        return self.state()

    def _who(self, name: Any) -> None:
        try:
            self.set_student(name if isinstance(name, str) else "")
        except StudentError:
            self.who_error = say("learn-who-bad")

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
        if not self.done:
            self.hints += 1
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
        a = self.attempt
        first = None if a is None else bool(solved and a.tries == 1 and self.hints == 0)
        self.progress.mark(self.lesson.id, self.index, solved=solved, first_try=first,
                           tries=None if a is None else a.tries, hints=None if a is None else self.hints,
                           seconds=time.monotonic() - self.opened)
        self._save()

    def _save(self) -> None:
        try:
            self.progress.save()
            self.save_failed, self.not_saved = False, ""
        except (OSError, DurakError) as err:
            _log.warning("lesson player: the progress could not be saved: %s", err)
            self.save_failed, self.not_saved = True, say("learn-not-saved")
        self.saved_serial += 1

    # ------------------------------------------------------------ what the browser draws
    def state(self) -> dict:
        """The JSON-able picture of the player for the JavaScript."""
        self.serial += 1
        view = "who" if self.needs_name else "reviewing" if self.practice.busy else (
            "menu" if self.lesson is None else ("done" if self.finished else "lesson"))
        table = self.table.state() if self.table is not None else None
        if table is not None and not isinstance(self.table, LessonTable):
            table["frame"] = "play"  # a whole game: the play table with all its tools
        return {
            "serial": self.serial, "view": view, "table_id": self.table_id, "table": table,
            "download": dict(self.table.download) if isinstance(self.table, TableControl) else {},
            "menu": self._menu_json(), "lesson": self._lesson_json() if view == "lesson" else None,
            "end": self._end_json() if view == "done" else None, "last_lesson": self.last_lesson,
            "who": self._who_json() if view == "who" else None, "student": self._student_json(),
            "labels": _labels(),
            "practice": self.practice.menu_json() if view == "menu" else None,
            "puzzles": self.puzzles.menu_json(self.progress) if view == "menu" and not self.needs_name else None,
            "reviewing": self.practice.reviewing_json() if view == "reviewing" else None,
        }

    def _who_json(self) -> dict:
        return {"title": say("learn-who-title"), "intro": say("learn-who-intro"), "label": say("learn-who-label"),
                "start": say("learn-who-start"), "error": self.who_error}

    def _student_json(self) -> dict:
        """The student line of the menu: who, "not you?", and the download of the progress."""
        name = "" if self.needs_name else (self.progress.student or "")
        return {"name": name, "hello": say("learn-who-hello", name=name) if name else "",
                "change": say("learn-who-change", name=name) if name and self.by_name else "",
                "download": say("learn-download"), "save_failed": self.save_failed}

    def _numbers(self, lesson: Lesson) -> tuple:
        """(exercises solved, exercises, fraction done, solved at the first try) of a lesson."""
        total = lesson.exercises
        fraction = float(self.progress.fraction(lesson))
        first = round(float(self.progress.fraction(lesson, first_try=True)) * total)
        return round(fraction * total), total, fraction, first

    def _menu_json(self) -> dict:
        items = []
        for item in self.lessons:
            solved, total, fraction, first = self._numbers(item)
            done = bool(self.progress.done(item.id)) and bool(self.progress.lesson_done(item))
            if total and solved:
                text = say("learn-progress-first", solved=solved, total=total, first=first)
            elif total:
                text = say("learn-progress", solved=solved, total=total)
            else:
                text = say("learn-progress-read") if done else say("learn-progress-none")
            items.append({
                "id": item.id, "title": item.title, "summary": item.summary,
                "open": say("learn-open", title=item.title),
                "rules": [_rule_json(r) for r in item.rules], "percent": round(100 * fraction),
                "progress": text, "bar_label": say("learn-progress-label", title=item.title), "done": done,
                "first_percent": round(100 * first / total) if total else 0,
                "badge": say("learn-lesson-done") if done else ("" if fraction else say("learn-lesson-new")),
            })
        finished = sum(1 for i in items if i["done"])
        return {"title": self.title, "intro": say("learn-menu-intro"), "lessons": items,
                "overall": say("learn-overall", done=finished, total=len(items)),
                "percent": round(100 * finished / len(items)) if items else 0,
                "empty": "" if items else say("learn-no-lessons"),
                "warning": " ".join(t for t in (self.progress.warning, self.not_saved) if t)}

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
            "file": (self.practice.lesson_file(self.lesson) if self.lesson.id in self.practice.lessons
                     and self.index == 0 else None),
        }

    def _end_json(self) -> dict:
        solved, total, _, first = self._numbers(self.lesson)
        own = self.lesson.id in self.practice.lessons or self.lesson.id in self.puzzles.lessons  # made here
        at = self.lessons.index(self.lesson) if not own else len(self.lessons)
        after = self.lessons[at + 1] if at + 1 < len(self.lessons) else None
        return {"id": self.lesson.id, "title": say("learn-finished", title=self.lesson.title),
                "score": say("learn-finished-score", solved=solved, total=total) if total else "",
                "first": say("learn-finished-first", first=first, total=total) if total else "",
                "next_id": after.id if after else "",
                "next": (say("learn-next-lesson", title=after.title) if after else
                         say("learn-puzzles-done") if self.lesson.id in self.puzzles.lessons else
                         say("learn-games-done") if own else say("learn-all-done")),
                "file": self.practice.lesson_file(self.lesson) if own else None}


def _labels() -> dict:
    """The fixed words of the player (buttons, group labels), by message key: said when the state
    is drawn, never at import."""
    return {
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
