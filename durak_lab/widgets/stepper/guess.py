"""The stepper's "Guess the move" mode: the next move stays hidden, the learner picks it by clicking.

:class:`GuessPanel` belongs to a :class:`~durak_lab.widgets.stepper.Stepper`:
its toggle button **Guess the move** switches the mode on, and its panel then
offers, at every frame before a move of the example, the moves that may be
played, one button each in plain words ("P1 covers 7♦ with Q♦"), grouped by
player, and where the source shows an attempt the rules reject, that attempt
too.  A click is answered (:mod:`durak_lab.session.guess`, which holds the
logic): the source's move advances the stepper to it; another legal move may
be tried again once, then the answer names the source's move; the source's
illegal attempt says why the rules reject it.  **Show the move** gives up.
The score ("4 of 6 guessed, 3 at the first try") counts each move once; the
numbers are :meth:`Guesses.score() <durak_lab.session.guess.Guesses.score>`.
The panel makes its rows and choice buttons once and reuses them, so guessing
makes no new widgets: a kernel stays as fast at the fiftieth guess as at the first.

While guessing, Next and End wait until the move ahead is answered, and the
example's description and source text (which tell the moves) are hidden.

Each move answered is kept in the student's progress (:meth:`Progress.mark_guess
<durak_lab.lessons.Progress.mark_guess>`: guessed or shown, at the first try or
not), under the name the lessons left in this browser (a
:class:`~durak_lab.widgets.student_tag.StudentTag` in the panel reads it), so the
teacher's view shows Guess the move's first-guess scores.  With no name known,
nothing is kept.

Presentation layer: needs ipywidgets 8.

>>> from durak_lab.widgets.stepper import Stepper
>>> s = Stepper("EX-ZH-BOUT"); s.guess.toggle.value = True
>>> s.next_button.disabled, s.guess.score.value
(True, 'Nothing guessed yet')
>>> s.guess.button_for("P4 leads 7♥").click()
>>> s.index, s.guess.feedback_text, s.guess.score.value
(1, 'Right: that is the move in the source.', '1 of 1 guessed, 1 at the first try')
>>> s.guess.game.score()
Score(asked=1, guessed=1, first_try=1, shown=0)
"""

from __future__ import annotations

import html
import logging
from typing import TYPE_CHECKING, Any, Callable, Optional

import ipywidgets as widgets

from ...engine.errors import DurakError
from ...engine.moves import seat_text
from ...lessons.progress import Progress, ProgressError
from ...session.guess import Guesses, Outcome
from ...session.students import StudentError
from ...text.messages import say
from .view import button, close_tree, html_box
from ..student_tag import StudentTag

if TYPE_CHECKING:
    from .widget import Stepper

__all__ = ["GuessPanel"]

_log = logging.getLogger(__name__)
_esc = html.escape

#: The colour of the feedback's left border, by the kind of answer.
_COLOURS = {"right": "#2f8a56", "other": "#ef6c00", "illegal": "#c62828", "shown": "#6b6b6b"}


class GuessPanel:
    """The toggle, the choices, the feedback and the score of a stepper's guessing mode.

    :attr:`toggle` (a ToggleButton) and :attr:`box` (the panel, hidden while the
    mode is off) are the widgets the stepper lays out; :attr:`game` is the
    :class:`~durak_lab.session.guess.Guesses` of the record shown.
    """

    def __init__(self, stepper: "Stepper") -> None:
        self._stepper = stepper
        self.game = Guesses([])
        self.toggle = widgets.ToggleButton(value=False, description=say("guess-toggle"), icon="question",
                                           tooltip=say("guess-toggle-tip"),
                                           layout=widgets.Layout(width="auto", margin="2px 0 2px 18px"))
        self.toggle.add_class("dl-guess-toggle")
        self.prompt = html_box("dl-guess-prompt")
        self.choices = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.choices.add_class("dl-guess-choices")
        self.feedback = html_box("dl-guess-feedback", display="none")
        self.show_button = button(say("guess-show"), "eye", say("guess-show-tip"), "dl-guess-show")
        self.score = widgets.Label(value=self.game.score_text())
        self.score.add_class("dl-guess-score")
        self.student = StudentTag(label=say("guess-kept-for", name="{name}"))
        self.class_dir: Optional[str] = None  # the class folder (None: the default one)
        self.box = widgets.VBox([self.feedback, self.prompt, self.choices,
                                 widgets.HBox([self.show_button, self.score, self.student],
                                              layout=widgets.Layout(flex_flow="row wrap", align_items="center"))],
                                layout=widgets.Layout(display="none", width="100%", max_width="100%",
                                                      border="1px solid #9e9e9e", padding="4px 10px",
                                                      margin="4px 0"))
        self.box.add_class("dl-guess")
        self.feedback_text = ""
        self._built: Optional[tuple] = None  # (frame index, viewer) the choice buttons are built for
        self._buttons: list = []  # (Button, Choice): the choices shown now
        self._rows: list = []  # every seat row made so far (reused: a guess makes no new widgets)
        self._pool: list = []  # every choice button made so far (reused)
        self._keep = False
        self._kept: set = set()
        self.toggle.observe(self._guarded(self._on_toggle), names="value")
        self.show_button.on_click(self._guarded(self._on_show))

    # ---------------------------------------------------------------- the stepper calls these
    @property
    def on(self) -> bool:
        """Is the guessing mode on?"""
        return bool(self.toggle.value)

    def load(self, frames: list) -> None:
        """A new record: new questions, the score starts again."""
        self.game = Guesses(frames, self._viewer())
        self._kept = set()  # the record's moves noted in the student's progress
        self._forget()

    def set_viewer(self) -> None:
        """"Seen by" changed: guess only that seat's moves (or every seat's)."""
        self.game.viewer = self._viewer()
        self._built = None

    def show(self, index: int) -> None:
        """Bring the panel up to date with frame ``index`` (called after the stepper drew it)."""
        s = self._stepper
        if not self.on:
            self.box.layout.display = "none"
            return
        self.box.layout.display = None
        if not self._keep:
            self._say(None)
        q = self.game.question(index)
        self._build(index, q)
        if q is None:
            last = index >= len(s.frames) - 1
            self.prompt.value = _para(say("guess-end") if last else say("guess-wait"))
        elif not q.groups:
            self.prompt.value = _para(say("guess-not-yours", seat=seat_text(q.seat),
                                          viewer=seat_text(self.game.viewer or 0)))
        elif self.game.viewer is not None:
            self.prompt.value = _para(say("guess-prompt-yours", seat=seat_text(self.game.viewer)))
        else:
            self.prompt.value = _para(say("guess-prompt"))
        self.show_button.layout.display = None if q is not None else "none"
        self.score.value = self.game.score_text()
        # the move ahead stays hidden until it is answered
        if q is not None and self.game.answered(index) is None:
            s.next_button.disabled = True
        if any(self.game.question(j) is not None and self.game.answered(j) is None
               for j in range(index, len(s.frames))):
            s.end_button.disabled = True
        if index == 0:
            s.narration.value = _para(say("guess-hidden-start"), italic=True)
        s.source.layout.display = "none"

    def button_for(self, label: str) -> widgets.Button:
        """The choice button with these words (for tests and scripts)."""
        for b, c in self._buttons:
            if c.label == label:
                return b
        raise KeyError(f"no choice {label!r} now")

    @property
    def choice_labels(self) -> list:
        """The words of the choices offered now, player by player."""
        return [c.label for _, c in self._buttons]

    # ---------------------------------------------------------------- inside
    def _viewer(self) -> Optional[int]:
        s = self._stepper
        v = s.viewer
        return v if s.record is not None and v is not None and v < s.record.rules.players else None

    def _forget(self) -> None:
        self.game.reset()
        self._built = None
        self._say(None)

    def _guarded(self, handler: Callable) -> Callable:
        def run(*args: Any) -> None:
            try:
                handler(*args)
            except DurakError as err:
                _log.debug("guess: %s", err, exc_info=True)
                self._stepper._tell(say("guess-error"))
            except Exception:  # noqa: BLE001 - a learner must never see a traceback
                _log.debug("guess: unexpected error", exc_info=True)
                self._stepper._tell(say("guess-error"))
        return run

    def _build(self, index: int, q: Any) -> None:
        """Show the choices of frame ``index``'s question ``q`` in the pooled rows and buttons."""
        key = (index, self.game.viewer)
        if self._built != key:
            groups = q.groups if q is not None else ()
            self._buttons = []
            rows = []
            used = 0
            for n, (seat, heading, group) in enumerate(groups):
                row = self._row(n)
                row.children[0].value = f"<b>{_esc(heading)}</b>"
                buttons = [self._button(used + k) for k in range(len(group))]
                used += len(group)
                for b, c in zip(buttons, group):
                    b.description = b.tooltip = c.label
                    self._buttons.append((b, c))
                row.children[1].children = buttons
                rows.append(row)
            self.choices.children = rows
            self._built = key
        tried = set(self.game.tried(index))
        for b, c in self._buttons:
            b.disabled = c.move in tried
            if c.move in tried:
                b.add_class("dl-guess-tried")
            else:
                b.remove_class("dl-guess-tried")

    def _row(self, n: int) -> widgets.VBox:
        """The ``n``-th seat's row of choices (a heading, then its buttons), made once and reused."""
        while len(self._rows) <= n:
            head = widgets.HTML(value="", layout=widgets.Layout(width="100%"))
            row = widgets.VBox([head, widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))],
                               layout=widgets.Layout(margin="2px 0"))
            row.add_class("dl-guess-seat")
            self._rows.append(row)
        return self._rows[n]

    def _button(self, n: int) -> widgets.Button:
        """The ``n``-th choice button, made once and reused: a click answers the choice it shows now."""
        while len(self._pool) <= n:
            b = widgets.Button(description="", layout=widgets.Layout(width="auto", max_width="100%",
                                                                     margin="2px 6px 2px 0"))
            b.add_class("dl-guess-choice")
            b.on_click(self._guarded(self._on_choice))
            self._pool.append(b)
        return self._pool[n]

    def _keep_result(self) -> None:
        """Note the moves answered since the last note in the student's progress (nothing when no
        name is known; a file that cannot be written is left so: the score on screen stays right)."""
        name = self.student.name.strip()
        record = self._stepper.record
        new = [r for r in self.game.results() if r.step not in self._kept]
        if not name or not new or record is None:
            return
        try:
            progress = Progress.for_student(name, self.class_dir)
            key = record.id or record.title or "record"
            for r in new:
                progress.mark_guess(key, r.step, r.how == "guessed", first_try=r.first_try, tries=r.tries + 1)
            progress.save()
            self._kept.update(r.step for r in new)
        except (StudentError, ProgressError) as err:
            _log.warning("guess the move: the result could not be kept: %s", err)

    def close(self) -> None:
        """Close every widget of the panel, the choice buttons not shown now too."""
        close_tree(self.toggle, self.box, *self._rows, *self._pool)
        self._buttons = []

    def _on_choice(self, button: widgets.Button) -> None:
        for b, c in self._buttons:
            if b is button:
                self._answer(self.game.guess(self._stepper.index, c.move))
                return

    def _on_show(self, _button: widgets.Button) -> None:
        self._answer(self.game.give_up(self._stepper.index))

    def _answer(self, outcome: Outcome) -> None:
        s = self._stepper
        if outcome.counted:
            self._keep_result()
        self._say(outcome)
        self._keep = True
        try:
            if outcome.done:
                s.go(s.index + 1)
            else:
                self.show(s.index)
        finally:
            self._keep = False
        # keyboard users: the focus goes on to what comes next
        free = [b for b, _ in self._buttons if not b.disabled]
        if free:
            free[0].focus()
        elif not s.next_button.disabled:
            s.next_button.focus()
        else:
            self.toggle.focus()

    def _say(self, outcome: Optional[Outcome]) -> None:
        text = outcome.text if outcome is not None else ""
        self.feedback_text = text
        if not text:
            self.feedback.value = ""
            self.feedback.layout.display = "none"
            return
        colour = _COLOURS.get(outcome.kind, "#6b6b6b")  # type: ignore[union-attr]
        self.feedback.value = (f'<div role="status" class="dl-guess-answer" data-outcome="{_esc(outcome.kind)}" '
                               f'style="border-left:5px solid {colour};padding:6px 10px;font-size:15px;'
                               f'font-weight:600">{_esc(text)}</div>')
        self.feedback.layout.display = None

    def _on_toggle(self, change: dict) -> None:
        s = self._stepper
        on = bool(change.get("new"))
        self._forget()
        s.show_source.disabled = on
        s.show_source.tooltip = say("guess-hidden-source") if on else ""
        if not s.frames:
            return
        s.go(s.index)  # draws the frame again: with the panel, or as it was without it
        if not on:
            s.source.layout.display = None if s.show_source.value else "none"


def _para(text: str, italic: bool = False) -> str:
    style = ' style="font-style:italic"' if italic else ""
    return f"<div{style}>{_esc(text)}</div>"
