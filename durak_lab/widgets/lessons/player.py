"""Learn Durak in the notebook: lessons with exercises, checked by the engine.

:class:`LessonPlayer` is an anywidget over
:class:`~durak_lab.widgets.lessons.control.LessonControl`.  Python sends one JSON
trait, ``state``; the JavaScript draws it and sends each click back as a custom
message.  The front end is the play table's own (``static/play_table.js``, which
draws the seats, the table, the hand and the cards) followed by
``static/lesson_player.js`` (the menu and the lesson around it): anywidget's
``_esm`` is one module, so the two files are joined here, and the play table's
``export`` becomes a name the lesson player calls.  The styles are
``play_table.css`` and ``lesson_player.css``.

The menu lists the course's lessons: each one's title, the rules it teaches (rule
ids, their titles on hover), a progress bar and how many exercises are solved.  A
lesson shows "Step N of M", the instruction, the position on the play table (the
learner's hand face up, the others face down), and what the step asks for: a move
made by clicking the table, cards picked and then **Check**, a seat, **Yes** /
**No**, one of several answers.  After each try a sentence says what was right or
wrong: the first wrong try names the mistake, the second adds the hint, the third
shows the answer.  **Hint**, **Next**, **Back to the lessons**.  A ``play`` step is
a whole game on the play table; it is done when the game ends.  The progress is
saved to its file after every solved step and shown on the menu.

Who is learning: unless a ``student`` or a ``progress_path`` is given, the player
first asks the student's name (``who`` view); the browser remembers the name and a
copy of the progress (in its local storage), and each student's progress is kept in
a file of their own (see :class:`~durak_lab.widgets.lessons.control.LessonControl`).
The menu says who is learning, offers "Not Ann? Change", and a download of the
progress (to hand in, or to keep when the server cannot save it).

UI contract (for browser tests and styling):

* root ``div.dl-lesson-player`` with ``data-view`` (``who``, ``menu``, ``lesson``, ``done``),
  ``data-serial`` (counts the redraws), ``data-lesson`` (the open lesson's id),
  ``data-step`` (its step, 1 = the first), ``data-kind`` (the step's kind);
* the name ``form.dl-lp-who``: ``h2``, ``.dl-lp-who-intro``, ``input.dl-lp-name`` (with its
  ``label``), ``button.dl-lp-start`` (Enter in the name does the same), ``.dl-lp-who-error`` (a live region);
* the student line ``.dl-lp-student`` on the menu: ``.dl-lp-hello`` ("Hello, Ann!"),
  ``button.dl-lp-change``, ``a.dl-lp-download`` (``download``: the file name; it gets
  ``data-urgent`` when the progress could not be saved);
* the menu ``.dl-lp-menu``: ``h2`` the course title, ``.dl-lp-overall`` and its
  bar, ``ol.dl-lp-lessons`` of ``li.dl-lp-item`` (``data-lesson``, ``data-done``),
  each with ``button.dl-lp-open`` (the title), ``.dl-lp-summary``, ``.dl-lp-rules``
  of ``abbr.dl-lp-rule`` (``title``: the rule's title), the bar
  ``.dl-lp-bar[role=progressbar]`` (``aria-valuenow``: percent) and
  ``.dl-lp-progress`` ("4 of 5 exercises solved, 2 at the first try"), ``.dl-lp-badge``;
* the lesson ``.dl-lp-lesson``: ``button.dl-lp-back``, ``h2.dl-lp-title``,
  ``.dl-lp-step`` ("Step 2 of 5") and its bar, ``.dl-lp-text`` (the instruction),
  ``.dl-lp-table`` (the play table, ``div.dl-play-table`` inside it, ``data-frame``
  ``lesson`` or ``play``), ``.dl-lp-answer`` (group): ``button.dl-lp-choice`` with
  ``data-value`` (a seat, ``true``/``false``, an option), ``button.dl-lp-check``; in a seat
  step the other seats' boxes on the table (``.dl-pt-seat.dl-lp-seat-pick``) take a click too;
  ``.dl-lp-feedback`` (a live region, hidden when empty) with ``data-kind``
  (``right``, ``wrong``, ``hint``, ``shown``, ``info``); ``.dl-lp-explain``; in the
  instruction, the feedback and the explanation (and in the play table's own texts)
  the first use of each Durak word is ``abbr.dl-term`` with ``title`` (its meaning,
  also shown while it has the keyboard focus), ``tabindex="0"`` and ``data-term``;
  ``button.dl-lp-hint``, ``button.dl-lp-next`` (disabled until the step is done);
* the end ``.dl-lp-end``: ``.dl-lp-end-title``, ``.dl-lp-score``, ``.dl-lp-first``,
  ``button.dl-lp-next-lesson``, ``button.dl-lp-back``.

Messages: those of :class:`~durak_lab.widgets.lessons.control.LessonControl`;
:meth:`LessonPlayer.handle` takes the same dicts, which is how the tests learn.
The ``glossary`` trait, sent once, holds the words the JavaScript marks
(:func:`~durak_lab.text.glossary.glossary_json`); the play table of a step reads it too.

Presentation layer: needs anywidget and traitlets, neither pandas nor numpy.

>>> import tempfile, os
>>> player = LessonPlayer(progress_path=os.path.join(tempfile.mkdtemp(), "progress.json"))
>>> player.state["view"]
'menu'
>>> player.handle({"do": "open", "lesson": player.state["menu"]["lessons"][0]["id"]})["view"]
'lesson'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Sequence

import anywidget
import traitlets

from ...lessons import Lesson
from ...text.glossary import glossary_json
from ...text.catalogue import asked_language, language_code, using
from ..language import LANGUAGE_MESSAGES, language_asked, with_language
from .control import LessonControl

__all__ = ["LessonPlayer", "front_end"]

_STATIC = Path(__file__).parent.parent / "static"

#: The play table's export, which the joined module turns into a name the lesson player calls.
TABLE_EXPORT = "export default { render };"


def front_end() -> tuple:
    """The lesson player's JavaScript module and style sheet: the play table's, then its own.

    >>> js, css = front_end()
    >>> js.count("export default"), "const playTable = { render };" in js, ".dl-lesson-player" in css
    (1, True, True)
    """
    table_js = (_STATIC / "play_table.js").read_text("utf-8")
    if table_js.count(TABLE_EXPORT) != 1:
        raise RuntimeError("play_table.js must end with one line: " + TABLE_EXPORT)
    js = table_js.replace(TABLE_EXPORT, "const playTable = { render };") + "\n" + (
        _STATIC / "lesson_player.js").read_text("utf-8")
    css = (_STATIC / "play_table.css").read_text("utf-8") + "\n" + (_STATIC / "lesson_player.css").read_text("utf-8")
    return js, css


class LessonPlayer(anywidget.AnyWidget):
    """The lessons of the course, to click through: the menu, the steps, the exercises.

    ``lessons`` (default: the course of :func:`durak_lab.lessons.course`);
    ``student`` the learner's name, and ``class_dir`` the class folder where each
    student's progress is kept (see :mod:`durak_lab.session.students`): with neither
    ``student`` nor ``progress_path``, the player asks the learner's name first, and
    the browser remembers it.  ``progress_path``: one progress file instead, for a
    single learner.  ``speed`` the bots' speed in a lesson's game (``slow``,
    ``normal``, ``fast``, ``instant``); ``lesson`` the id of a lesson to open at once;
    ``language`` the language of its words (``"he"``; default: :func:`durak_lab.set_language`'s),
    which its picker changes.
    """

    _esm, _css = front_end()
    state = traitlets.Dict().tag(sync=True)
    glossary = traitlets.Dict().tag(sync=True)
    #: What the browser keeps of the student (:meth:`LessonControl.browser_copy`), sent after each save.
    saved = traitlets.Dict().tag(sync=True)

    def __init__(self, lessons: Optional[Sequence[Lesson]] = None, progress_path: Optional[str] = None,
                 speed: str = "normal", lesson: Optional[str] = None, student: Optional[str] = None,
                 class_dir: Optional[str] = None, language: Optional[str] = None, **kwargs: Any) -> None:
        self.language = language_code(language) if language is not None else None
        #: No language given nor chosen: the browser's language is asked for (``auto_lang``).
        self._auto = language is None and asked_language() is None
        with using(self.language):
            kwargs.setdefault("glossary", glossary_json())
            super().__init__(**kwargs)
            self.control = LessonControl(lessons, progress_path=progress_path, speed=speed, student=student,
                                         class_dir=class_dir)
            if lesson is not None:
                self.control.open(lesson)
            self.state = with_language(self.control.state(), self._auto)
        self.saved = self.control.browser_copy()
        self.on_msg(self._on_msg)

    @property
    def progress(self) -> Any:
        """The learner's :class:`~durak_lab.lessons.Progress`."""
        return self.control.progress

    def handle(self, msg: dict) -> dict:
        """Do what a message of the player's JavaScript asks; return the new state.

        ``{"do": "language", "lang": "he"}`` (the picker) words everything from then on in that language.
        """
        if msg.get("do") in LANGUAGE_MESSAGES:  # the picker, or the browser's languages: the game goes on
            code = language_asked(self, msg)
            if code is not None:
                self.language = code
            with using(self.language):
                self.control.localize()
                self.glossary = glossary_json()
                self.state = with_language(self.control.state(), self._auto)
            return self.state
        with using(self.language):
            self.state = with_language(self.control.handle(msg), self._auto)
        if self.control.saved_serial != self.saved.get("serial"):
            self.saved = self.control.browser_copy()
        return self.state

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.handle(content)
