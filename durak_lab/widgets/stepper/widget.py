"""Step through a worked example, or any game record, in a notebook widget.

:class:`Stepper` is an ipywidgets ``VBox``: choose an example, then go
Start / Back / Next / End (or type a step number) and watch the table change.
Each step shows the table (:func:`durak_lab.display.render.position_html`), the
narration, the rule ids it illustrates, what each player may do now and why
(:mod:`durak_lab.text.explain`), the result, the engine's reason when the rules
reject a move, and on request the passage of the original source.  A move that
ends a bout is followed by a frame for each thing that follows (bito, each
draw, the next bout: :mod:`durak_lab.text.frames`).

The HTML of every frame is built when an example is chosen, so a click only
swaps strings.  Errors reach the learner as sentences, never as tracebacks.

UI contract (CSS classes, for browser tests and styling): the stepper
``dl-stepper``; the Dropdown "Example" ``dl-example`` (labels such as "EX-ZH-BOUT
— a full 4-player bout"); the Buttons "Start", "Back", "Next", "End"
``dl-start``, ``dl-back``, ``dl-next``, ``dl-end``; the step box "Step"
``dl-step`` (0 is the start position); the label "Step 3 of 12"
``dl-step-label``; ``dl-narration`` (the first use of each Durak word an
``abbr.dl-term``, each rule id an ``abbr.dl-rule``, their meaning as ``title``),
``dl-table``, ``dl-rules`` (e.g. "R11
R12"), ``dl-legal``, ``dl-result``, ``dl-reason``, ``dl-source``; messages
``dl-message``; the Dropdown "Seen by" ``dl-seen-by`` ("everyone": every hand
face up; "P1" …: that seat's view, the other hands face down:
:mod:`durak_lab.widgets.stepper.seen_by`); the Checkbox
"Judge the endgame moves (exact solver)" ``dl-judge``, which adds the verdict
``dl-verdict`` (``data-verdict`` best, mistake or unknown) to each move of a
two-player game played once the talon is empty (:mod:`durak_lab.widgets.stepper.judge`); the
language picker ``dl-language`` (:mod:`durak_lab.widgets.stepper.language`).
Start and Back are disabled on the first frame, Next and End on the last.

Layout (:data:`~durak_lab.widgets.stepper.view.STEPPER_CSS`): the controls, then ``dl-view``:
the commentary ``dl-commentary`` (``dl-move`` and ``dl-narration``; it scrolls when long) beside
``dl-table`` on a wide screen, above it on a narrow one, so that Next and the whole table are on
the screen together at 1366×768 and at 800 px wide; a table narrower than 900 px is drawn smaller,
and one narrower than 560 px puts the seats in one row that wraps, P1, P2, ... in order.

"Open a saved game" ``dl-open-game`` and "Saved games" ``dl-saved-games`` open a record file
(:mod:`durak_lab.widgets.stepper.open_game`).  :meth:`Stepper.close` closes every widget inside.

"Guess the move" (:mod:`durak_lab.widgets.stepper.guess`, the logic in
:mod:`durak_lab.session.guess`): the ToggleButton "Guess the move"
``dl-guess-toggle`` shows the panel ``dl-guess`` (hidden while off): the
answer to the last guess ``dl-guess-feedback`` (a ``role="status"`` element
``dl-guess-answer`` with ``data-outcome`` right, other, illegal or shown); the
prompt ``dl-guess-prompt``; the choices ``dl-guess-choices``, one
``dl-guess-seat`` per player (a bold heading such as "P1 (defender)", then one
Button ``dl-guess-choice`` per move, named in plain words, e.g. "P1 covers 7♦
with Q♦"; a legal move already tried is disabled and ``dl-guess-tried``); the
Button "Show the move" ``dl-guess-show``; the score ``dl-guess-score`` ("4 of 6
guessed, 3 at the first try").  While guessing, Next and End are disabled until
the move ahead is answered, and the description (frame 0) and the source text
are hidden, as they tell the moves.

Presentation layer: needs ipywidgets 8.

>>> s = Stepper("EX-ZH-BOUT")
>>> s.step_label.value, s.next_button.disabled, s.back_button.disabled
('Step 0 of 12', False, True)
>>> s.next(); s.narration.value.count("7♥") > 0, s.step_label.value
(True, 'Step 1 of 12')
"""

from __future__ import annotations

import html
import os
from typing import Any, Optional, Union

import ipywidgets as widgets

from ...engine.errors import DurakError, RecordError
from ...text.explain import result_sentence
from ...text.frames import Frame, frames_of
from ...text.glossary import GLOSSARY_CSS, glossary_html
from ...text.messages import say
from ...text.catalogue import language_code, using
from ...text.reasons import Told, learner_error
from ...engine.records.record import Record, load_example, load_record
from ...display.render import position_html
from .errors import _disagreement, _guard, _why
from .guess import GuessPanel
from .judge import JUDGE_NODES, judge_moves
from .language import language_picker, mark_direction
from .open_game import OpenPanel
from .seen_by import seen_by_dropdown, set_viewer, sync_seen_by
from .view import (EXAMPLE_ORDER, SOURCES, STEPPER_CSS, _View, _legal_html, _move_line, _ordered_ids,
                           _source_html, _title_html, button as _button, close_tree, example_label,
                           html_box as _html, rule_tags)

__all__ = ["Stepper", "EXAMPLE_ORDER", "SOURCES", "example_label", "JUDGE_NODES"]

_esc = html.escape

Example = Union[str, Record, "os.PathLike[str]", None]



class Stepper(widgets.VBox):
    """A widget that steps through a worked example or a game record.

    ``example`` is a worked-example id (``"EX-ZH-BOUT"``, any case), a
    :class:`~durak_lab.engine.records.Record`, the path of a record file, or None for
    the first example of :data:`EXAMPLE_ORDER`.  A bad id or file shows a
    message and the first example.  ``four_colour`` draws the four-colour deck.
    ``viewer`` (a 0-based seat, or None for all hands face up) shows the game
    as that seat sees it: the other hands face down, and only that seat's own
    possible moves (the others' depend on cards it cannot see).  ``judge``
    ticks **Judge**: every move of a two-player game played once the talon is
    empty gets the exact solver's verdict (:mod:`durak_lab.analysis.analyser`).
    ``folder`` is where "Saved games" looks for record files (the working folder: beside the
    notebook; None: no list).

    Frame 0 is the start position; :meth:`next`, :meth:`back`, :meth:`start`,
    :meth:`end` and :meth:`go` move through :attr:`frames`; :attr:`frame` is
    the frame shown, :attr:`index` its number.

    >>> s = Stepper("ex-he-push")
    >>> s.end(); s.frame.kind, "The rules do not allow “P3 attack Q♦”" in s.reason.value
    ('rejected', True)
    >>> s.select("EX-KO-1"); s.index, len(s.frames)
    (0, 3)
    """

    def __init__(self, example: Example = None, four_colour: bool = False, viewer: Optional[int] = None,
                 judge: bool = False, folder: Union[str, "os.PathLike[str]", None] = ".",
                 language: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The language of the stepper's words (None: durak_lab.set_language's); every callback uses it.
        self.language = language_code(language) if language is not None else None
        #: Called with the new code after the picker words the stepper anew (its controls are new).
        self.language_listeners: list = []
        with using(self.language):
            self._build(example, four_colour, viewer, judge, folder)

    def _build(self, example: Example, four_colour: bool, viewer: Optional[int], judge: bool,
               folder: Union[str, "os.PathLike[str]", None]) -> None:
        self.add_class("dl-stepper")
        mark_direction(self)
        self._viewer = viewer
        self._verdicts: dict = {}
        self._records: dict = {}
        options = []
        for ident in _ordered_ids():
            try:
                rec = load_example(ident)
            except DurakError:  # pragma: no cover - the shipped examples are tested
                continue
            self._records[ident] = rec
            options.append((example_label(rec), ident))
        self._frames: list = []
        self._views: list = []
        self._index = 0
        self._quiet = False
        self._record: Optional[Record] = None
        self._message_text = ""

        self.example = widgets.Dropdown(options=options, description=say("stepper-example"),
                                        layout=widgets.Layout(width="min(calc(100% - 4px), 640px)"),
                                        style={"description_width": "initial"})
        self.example.add_class("dl-example")
        self.four_colour = widgets.Checkbox(value=bool(four_colour), description=say("stepper-four-colour"),
                                            indent=False, layout=widgets.Layout(width="auto"))
        self.four_colour.add_class("dl-four-colour")
        self.seen_by = seen_by_dropdown()
        self.judge = widgets.Checkbox(value=bool(judge), description=say("stepper-judge"),
                                      indent=False, layout=widgets.Layout(width="auto", margin="2px 0 2px 18px"))
        self.judge.add_class("dl-judge")
        self.language_picker = language_picker(self)
        self.title = _html("dl-title")
        self.start_button = _button(say("stepper-start"), "step-backward", say("stepper-start-tip"), "dl-start")
        self.back_button = _button(say("stepper-back"), "chevron-left", say("stepper-back-tip"), "dl-back")
        self.next_button = _button(say("stepper-next"), "chevron-right", say("stepper-next-tip"), "dl-next")
        self.end_button = _button(say("stepper-end"), "step-forward", say("stepper-end-tip"), "dl-end")
        self.step = widgets.BoundedIntText(value=0, min=0, max=0, description=say("stepper-step-box"),
                                           layout=widgets.Layout(width="150px"),
                                           style={"description_width": "initial"})
        self.step.add_class("dl-step")
        self.step_label = widgets.Label(value="")
        self.step_label.add_class("dl-step-label")
        self.move_line = _html("dl-move")
        self.narration = _html("dl-narration")
        self.table = _html("dl-table", margin="2px 0")
        self.rules = _html("dl-rules")
        self.result = _html("dl-result")
        self.reason = _html("dl-reason")
        self.legal = _html("dl-legal")
        self.show_source = widgets.Checkbox(value=False, description=say("stepper-show-source"), indent=False)
        self.show_source.add_class("dl-show-source")
        self.source = _html("dl-source", display="none")
        self.message = _html("dl-message", display="none")
        self.guess = GuessPanel(self)
        self.opener = OpenPanel(self, folder)
        self.guess.student.observe(lambda change: self.opener.set_student(change["new"], self.guess.class_dir),
                                   names="name")  # the browser names the student: their saved games too

        self.example.observe(self._on_example, names="value")
        self.four_colour.observe(self._on_four_colour, names="value")
        self.seen_by.observe(self._on_seen_by, names="value")
        self.judge.observe(self._on_judge, names="value")
        self.start_button.on_click(self._on_start)
        self.back_button.on_click(self._on_back)
        self.next_button.on_click(self._on_next)
        self.end_button.on_click(self._on_end)
        self.step.observe(self._on_step, names="value")
        self.show_source.observe(self._on_show_source, names="value")

        def heading(words: str, before: str = "") -> widgets.HTML:
            return widgets.HTML(f"{before}<b>{_esc(words)}</b>")

        # the commentary beside the table (wide) or above it (narrow): see STEPPER_CSS
        commentary = widgets.VBox([self.move_line, self.narration])
        commentary.add_class("dl-commentary")
        self._view_box = widgets.HBox([commentary, self.table])
        self._view_box.add_class("dl-view")
        self.children = [
            widgets.HBox([self.example, self.four_colour, self.seen_by, self.judge, self.guess.toggle,
                          self.opener.upload, self.opener.saved, self.language_picker],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.title,
            widgets.HBox([self.start_button, self.back_button, self.next_button, self.end_button, self.step,
                          self.step_label], layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.message,
            self._view_box,
            self.guess.box,
            widgets.HBox([heading(say("stepper-rules-head")), self.rules,
                          heading(say("stepper-result-head"), "&#160;&#160;"), self.result],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="baseline")),
            self.reason,
            heading(say("stepper-legal-head")),
            self.legal,
            self.show_source,
            self.source,
            widgets.HTML(f"<style>{GLOSSARY_CSS}{STEPPER_CSS}</style>",  # the words' look, the layout
                         layout=widgets.Layout(display="none")),
        ]
        self._open(example, initial=True)

    # ---------------------------------------------------------------- public API
    @property
    def viewer(self) -> Optional[int]:
        """The seat whose view is shown (0-based), or None: every hand face up.

        >>> s = Stepper("EX-KO-1"); s.end()
        >>> "K♦" in s.table.value, "J♠" in s.table.value   # P1 holds the K♦, P2 the J♠
        (True, True)
        >>> s.viewer = 1; "K♦" in s.table.value, "J♠" in s.table.value, "seen by P2" in s.table.value
        (False, True, True)
        >>> s.viewer = None; "K♦" in s.table.value
        True
        """
        return self._viewer

    @viewer.setter
    def viewer(self, seat: Optional[int]) -> None:
        set_viewer(self, seat)  # the picker, the guess panel and every frame follow (.seen_by)

    @property
    def frames(self) -> list:
        """Every frame of the record shown (:class:`~durak_lab.text.frames.Frame`), frame 0 the start.

        >>> [f.kind for f in Stepper("EX-KO-1").frames]
        ['start', 'move', 'move']
        """
        return list(self._frames)

    @property
    def frame(self) -> Frame:
        """The frame shown now.

        >>> s = Stepper("EX-KO-1"); s.next(); str(s.frame.move)
        'P2 attack 7♦'
        """
        return self._frames[self._index]

    @property
    def index(self) -> int:
        """The number of the frame shown now (0 is the start position).

        >>> Stepper("EX-KO-1").index
        0
        """
        return self._index

    @property
    def record(self) -> Optional[Record]:
        """The record shown.

        >>> Stepper("EX-KO-1").record.id
        'EX-KO-1'
        """
        return self._record

    @property
    def verdicts(self) -> dict:
        """With **Judge** ticked: ``{move index: MoveVerdict}`` for the moves played once the
        talon was empty (:mod:`durak_lab.analysis.analyser`); else empty.

        >>> s = Stepper("EX-KO-1", judge=True); s.verdicts   # the talon is full: nothing to judge
        {}
        """
        return dict(self._verdicts)

    def frame_of_move(self, step: int) -> int:
        """The number of the frame that shows the record's move ``step`` (0-based).

        >>> s = Stepper("EX-ZH-BOUT"); s.frame_of_move(0), s.frame_of_move(5)
        (1, 6)
        """
        for i, f in enumerate(self._frames):
            if f.kind in ("move", "rejected") and f.step == step:
                return i
        raise ValueError(f"the record has no move {step + 1}")

    def go(self, i: int) -> None:
        """Show frame ``i`` (clamped to the first and the last frame).

        >>> s = Stepper("EX-ZH-BOUT"); s.go(99); s.index
        12
        """
        if not self._frames:
            return
        self._index = max(0, min(int(i), len(self._frames) - 1))
        self._show()

    def next(self) -> None:
        """One frame forward (nothing at the last frame).

        >>> s = Stepper("EX-KO-1"); s.next(); s.next(); s.next(); s.index, s.next_button.disabled
        (2, True)
        """
        self.go(self._index + 1)

    def back(self) -> None:
        """One frame back (nothing at the start).

        >>> s = Stepper("EX-KO-1"); s.back(); s.index, s.back_button.disabled
        (0, True)
        """
        self.go(self._index - 1)

    def start(self) -> None:
        """Go to the start position, frame 0.

        >>> s = Stepper("EX-KO-1"); s.end(); s.start(); s.step_label.value
        'Step 0 of 2'
        """
        self.go(0)

    def end(self) -> None:
        """Go to the last frame.

        >>> s = Stepper("EX-ZH-BOUT"); s.end(); s.frame.text
        'P1 leads against P2.'
        """
        self.go(len(self._frames) - 1)

    def select(self, example: Example) -> None:
        """Show another example: an id, a :class:`~durak_lab.engine.records.Record` or a record file's path.

        A bad id or file leaves the stepper as it was and shows a message.

        >>> s = Stepper("EX-KO-1"); s.select("EX-NOPE"); s.record.id, "no such" in s.message.value
        ('EX-KO-1', True)
        """
        self._open(example, initial=False)

    @_guard
    def open_record(self, rec: Record, name: str = "") -> None:
        """Show ``rec``, a record opened from the file ``name``: it joins the Example list (once)
        and its start is shown.

        >>> from durak_lab.engine.records import load_record
        >>> rec = load_record('{"format": "durak-lab/1", "rules": {}, "start": {"seed": 4}, "title": "My game"}')
        >>> s = Stepper("EX-KO-1"); s.open_record(rec, "my-game.json"); s.example.label, s.index
        ('my-game.json — My game', 0)
        >>> n = len(s.example.options); s.open_record(rec, "my-game.json"); len(s.example.options) == n
        True
        """
        key = next((k for k, known in self._records.items() if known is rec or known == rec), None)
        if key is None:
            if name and (rec.title or rec.id):
                label = say("stepper-label", ident=name, title=rec.title or rec.id)
            else:
                label = name or example_label(rec)
            key = self._add(rec, label)
        if self.example.value == key:
            self._load(key)
        else:
            self.example.value = key  # the observer loads it

    def close(self) -> None:
        """Close the stepper and every widget in it (children, layouts, styles, spare buttons).

        >>> from ipywidgets.widgets.widget import _instances
        >>> before = len(_instances); s = Stepper("EX-KO-1"); s.close(); len(_instances) == before
        True
        """
        for panel in (getattr(self, "guess", None), getattr(self, "opener", None)):  # also from __del__
            if panel is not None:
                panel.close()
        close_tree(self)

    # ---------------------------------------------------------------- loading
    @_guard
    def _open(self, example: Example, initial: bool) -> None:
        try:
            key = self._key_for(example)
        except DurakError as err:
            self._tell(learner_error(err))
            if initial and self.example.options:
                self._quiet = True
                try:
                    self.example.value = self.example.options[0][1]
                finally:
                    self._quiet = False
                self._load(self.example.value, keep_message=True)
            return
        if self.example.value == key:
            self._load(key)
        else:
            self.example.value = key  # the observer loads it

    def _key_for(self, example: Example) -> str:
        if example is None:
            if not self._records:  # pragma: no cover
                raise Told(say("stepper-no-examples"))
            return next(iter(self._records))
        if isinstance(example, Record):
            for key, rec in self._records.items():
                if rec is example or rec == example:
                    return key
            return self._add(example, example_label(example))
        text = os.fspath(example)
        wanted = text.strip().upper()
        for key in self._records:
            if key.upper() == wanted:
                return key
        if wanted.startswith("EX-") and not os.path.exists(text):
            raise Told(say("stepper-no-example", name=text))
        try:
            rec = load_record(text)
        except RecordError as err:
            raise Told(say("stepper-bad-record", name=text, why=_why(err))) from None
        return self._add(rec, example_label(rec) if (rec.title or rec.id) else os.path.basename(text))

    def _add(self, rec: Record, label: str) -> str:
        key = f"record-{len(self._records)}"
        self._records[key] = rec
        self._quiet = True
        try:
            self.example.options = list(self.example.options) + [(label, key)]
        finally:
            self._quiet = False
        return key

    def _load(self, key: str, keep_message: bool = False) -> None:
        with using(self.language):
            self._load_record(key, keep_message)

    def _load_record(self, key: str, keep_message: bool) -> None:
        rec = self._records[key]
        frames = frames_of(rec)
        self._record = rec
        self._frames = frames
        sync_seen_by(self)
        self.guess.load(frames)
        self._verdicts, note = judge_moves(self._record, self._frames) if self.judge.value else ({}, "")
        self._views = [self._view(f) for f in frames]
        self._index = 0
        self.title.value = _title_html(rec)
        self.source.value = _source_html(rec)
        if not keep_message:
            self._tell("")
        problem = next((f.problem for f in frames if f.problem), None)
        if problem:
            self._tell(_disagreement(problem), keep=True)
        elif note:
            self._tell(note)
        self._quiet = True
        try:
            self.step.max = len(frames) - 1
            self.step.value = 0
        finally:
            self._quiet = False
        self._show()

    def _view(self, f: Frame) -> _View:
        four = self.four_colour.value
        viewer = self._viewer if self._record is not None and self._viewer is not None \
            and self._viewer < self._record.rules.players else None
        table = position_html(f.snapshot, viewer=viewer, last=f.last, four_colour=four)
        rules = rule_tags(f.rule_ids, style="")
        reason = ""
        if f.reason:
            reason = (f'<div role="status" style="border-left:5px solid #c62828;padding:6px 10px;font-size:15px;'
                      f'font-weight:600">{_esc(f.reason)}</div>')
        return _View(table, f'<div style="border-left:5px solid #2f8a56;padding:6px 10px;font-size:16px;'
                            f'line-height:1.45">{glossary_html(f.text, rules=True)}</div>',
                     _move_line(f, len(self._record.moves) if self._record else 0, self._verdicts.get(f.step)
                                if f.kind == "move" else None), rules, _legal_html(f, viewer),
                     _esc(result_sentence(f.snapshot.result)), reason)

    # ---------------------------------------------------------------- showing
    def _redraw(self) -> None:
        """Build every frame's HTML anew (the viewer, the deck or the verdicts changed) and show it."""
        if self._frames:
            self._views = [self._view(f) for f in self._frames]
            self._show()

    def _show(self) -> None:
        with using(self.language):  # also when called from Python (go, next …), not from a click
            self._draw()

    def _draw(self) -> None:
        i = self._index
        last = len(self._frames) - 1
        v = self._views[i]
        self.table.value = v.table
        self.narration.value = v.narration
        self.move_line.value = v.move
        self.rules.value = v.rules
        self.legal.value = v.legal
        self.result.value = v.result
        self.reason.value = v.reason
        self.reason.layout.display = None if v.reason else "none"
        self.step_label.value = say("stepper-step", index=i, last=last)
        self.start_button.disabled = self.back_button.disabled = i == 0
        self.next_button.disabled = self.end_button.disabled = i == last
        if self.step.value != i:
            self._quiet = True
            try:
                self.step.value = i
            finally:
                self._quiet = False
        self.guess.show(i)

    def _tell(self, text: str, keep: bool = False) -> None:
        """Show a message to the learner (empty: hide it)."""
        if keep and self._message_text and text:
            text = self._message_text + " " + text
        self._message_text = text
        self.message.value = (f'<div role="alert" style="border-left:5px solid #ef6c00;padding:6px 10px;'
                              f'font-size:15px">{_esc(text)}</div>' if text else "")
        self.message.layout.display = None if text else "none"

    # ---------------------------------------------------------------- callbacks
    @_guard
    def _on_example(self, change: dict) -> None:
        if not self._quiet and change.get("new") is not None:
            self._load(change["new"])

    @_guard
    def _on_seen_by(self, change: dict) -> None:
        if not self._quiet and change.get("new") is not None:
            self.viewer = None if change["new"] < 0 else change["new"]

    @_guard
    def _on_judge(self, change: dict) -> None:
        if self._frames:
            self._verdicts, note = judge_moves(self._record, self._frames) if self.judge.value else ({}, "")
            self._tell(note)
            self._redraw()

    @_guard
    def _on_four_colour(self, change: dict) -> None:
        self._redraw()

    @_guard
    def _on_start(self, _button: widgets.Button) -> None:
        self.start()

    @_guard
    def _on_back(self, _button: widgets.Button) -> None:
        self.back()

    @_guard
    def _on_next(self, _button: widgets.Button) -> None:
        if not self.next_button.disabled:  # disabled also while a guess hides the move ahead
            self.next()

    @_guard
    def _on_end(self, _button: widgets.Button) -> None:
        if not self.end_button.disabled:
            self.end()

    @_guard
    def _on_step(self, change: dict) -> None:
        if not self._quiet and change.get("new") is not None:
            self.go(change["new"])

    @_guard
    def _on_show_source(self, change: dict) -> None:
        self.source.layout.display = None if change.get("new") else "none"
