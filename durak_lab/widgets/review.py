"""The review board: a game's review as two charts and the game itself, one click apart.

:class:`ReviewBoard` is an ipywidgets ``VBox``.  It reviews a game
(:func:`~durak_lab.analysis.evaluation.review.review`: every choice judged by the
evaluator) while a progress bar shows how far it got, then shows

* each player's accuracy and the key moments, in words (:func:`~durak_lab.text.review.review_lines`);
* the chance of not being the durak move by move (:func:`~durak_lab.plots.review.advantage_figure`),
  a plotly ``FigureWidget``: **clicking a point opens that move** in the stepper below and
  shows its sentence;
* "Go to": every judged move in a list, the keyboard's way to the same (and the text
  alternative of the charts); the sentence about the move shown (``role="status"``);
* the stepper (:class:`~durak_lab.widgets.stepper.Stepper`) on the game: stepping through it
  also shows the sentence of each judged move;
* the chance each move gave away (:func:`~durak_lab.plots.review.loss_figure`).

**When the review runs.**  A review takes a while (``budget`` CPU seconds a choice, or
``playouts``), so by default it starts when the board is first shown in a notebook (the
last line of a cell, or ``display(board)``): the board is on the screen and its progress
bar moves.  :meth:`ReviewBoard.run` runs it at once (a test, a board inside another box);
``review=`` shows a review already made.

Only one chart is a ``FigureWidget`` (it must send clicks back); the other is a plain figure
in an ``Output`` (:mod:`~durak_lab.widgets.figure_box`): several ``FigureWidget`` s in one
widget do not all draw.  The ``FigureWidget`` is fitted to the board's width by
:mod:`~durak_lab.widgets.refit` (plotly draws it 700 px wide before it is on the page).

UI contract (CSS classes): the board ``dl-review-board``; the progress bar
``dl-review-progress`` and its words ``dl-review-status``; the summary
``dl-review-summary``; the box of the advantage chart ``dl-review-advantage``; the box of the
loss chart ``dl-review-loss``; the Dropdown "Go to" ``dl-review-moves``; the sentence
``dl-review-sentence``; the stepper ``dl-stepper``, whose language picker ``dl-language`` words
the whole board (``language``: its first language, default :func:`durak_lab.set_language`'s).

Presentation layer: needs ipywidgets 8 and plotly (FigureWidget, via anywidget); no pandas, no numpy.

>>> from durak_lab.engine.records import load_example
>>> b = ReviewBoard(load_example("EX-KO-2"), playouts=40, reading=False)
>>> b.review is None, b.status.value
(True, 'The review starts when the board is shown.')
>>> b.run(); b.progress.value == b.progress.max, b.status.value.startswith("Done:")
(True, True)
"""

from __future__ import annotations

import html
import random
from typing import Any, Optional, Union

import ipywidgets as widgets
import plotly.graph_objects as go

from ..analysis.evaluation.review import REVIEW_BUDGET, Review, review as review_game
from ..engine.errors import DurakError
from ..engine.game import Game
from ..engine.moves import seat_text
from ..engine.records.record import Record, load_example, load_record, record_from_game
from ..plots.review import advantage_figure, loss_figure
from ..text.catalogue import language_code, using
from ..text.messages import say
from ..text.narrate import move_words
from ..text.reasons import learner_error
from ..text.review import decision_sentence, label_words, review_lines
from .figure_box import show_figure, shown_figure_box
from .refit import Refit, responsive
from .stepper.view import close_tree
from .stepper.widget import Stepper

__all__ = ["ReviewBoard"]

_esc = html.escape
#: The value of "Go to" while no move is chosen.
NONE = -1


def _as_record(game: Any) -> Record:
    """A :class:`Record` of ``game``: a record, a worked example's id, a record file's path, a
    :class:`Game`, or a tournament's game (anything with ``record()``)."""
    if isinstance(game, Record):
        return game
    if isinstance(game, Game):
        return record_from_game(game)
    if isinstance(game, str):
        return load_example(game) if game.strip().upper().startswith("EX-") else load_record(game)
    if callable(getattr(game, "record", None)):
        return game.record()
    raise TypeError(f"cannot review a {type(game).__name__}: give a Record, a Game or a worked example's id")


class ReviewBoard(widgets.VBox):
    """Review a game and step through it (see the module's text).

    ``game``: a :class:`~durak_lab.engine.records.Record` (or a worked example's id, a record
    file, a :class:`~durak_lab.engine.game.Game`, a tournament's game); ``review``: its review,
    if already made; ``seat``: judge that seat's choices only (default: every seat's) and chart
    its chance (default: P1's); ``budget``: CPU seconds per choice; ``playouts``: a fixed
    number of playouts per choice instead (the same figures on every machine); ``open``:
    judge with every card known; ``reading``: read the other players' moves, as the expert
    does; ``rng``: the seed; ``wait``: start the review when the board is first shown (False:
    at once).

    :attr:`review` is the :class:`~durak_lab.analysis.evaluation.review.Review` (None until it
    ran); :meth:`show_move` opens a move of the game.
    """

    def __init__(self, game: Any, review: Optional[Review] = None, seat: Optional[int] = None, *,
                 budget: float = REVIEW_BUDGET, playouts: Optional[int] = None, open: bool = False,
                 reading: bool = True, rng: Union[random.Random, int, None] = 0, wait: bool = True,
                 language: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The language of the board's words (None: durak_lab.set_language's); the stepper's picker changes it.
        self.language = language_code(language) if language is not None else None
        with using(self.language):
            self._build(game, review, seat, budget, playouts, open, reading, rng)
        if review is None and not wait:
            self.run()

    def _build(self, game: Any, review: Optional[Review], seat: Optional[int], budget: float,
               playouts: Optional[int], open: bool, reading: bool, rng: Union[random.Random, int, None]) -> None:
        self.add_class("dl-review-board")
        self.record = _as_record(game)
        self._seat = seat
        self._options: dict[str, Any] = dict(budget=budget, playouts=playouts, open=open, reading=reading, rng=rng)
        self._review: Optional[Review] = None
        self._decisions: dict = {}
        self._quiet = False
        self._shapes: list = []
        self.advantage: Optional[go.FigureWidget] = None
        self.loss = go.Figure()

        self.title = widgets.HTML(f"<h3 style='margin:4px 0'>{_esc(say('rvb-title'))}</h3>")
        self.progress = widgets.IntProgress(value=0, min=0, max=max(1, len(self.record.moves)),
                                            description="", layout=widgets.Layout(width="min(100%, 320px)"))
        self.progress.add_class("dl-review-progress")
        self.status = widgets.Label(value=say("rvb-waiting"))
        self.status.add_class("dl-review-status")
        self.summary = widgets.HTML(layout=widgets.Layout(display="none"))
        self.summary.add_class("dl-review-summary")
        self.how = widgets.HTML(layout=widgets.Layout(display="none"))
        self._advantage_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self._advantage_box.add_class("dl-review-advantage")
        self._refit = Refit()
        loss_box, self._loss_out = shown_figure_box("dl-review-loss")
        loss_box.layout.display = "none"
        self._loss_box = loss_box
        self.moves = widgets.Dropdown(options=[(say("rvb-pick"), NONE)], value=NONE, description=say("rvb-moves"),
                                      disabled=True, layout=widgets.Layout(width="min(calc(100% - 4px), 560px)"),
                                      style={"description_width": "initial"})
        self.moves.add_class("dl-review-moves")
        self.sentence = widgets.HTML(value="")
        self.sentence.add_class("dl-review-sentence")
        self.stepper = Stepper(self.record, folder=None, language=self.language)
        self.stepper.language_listeners.append(self._on_language)
        self._fit_stepper()

        self.moves.observe(self._on_pick, names="value")
        self.children = [
            self.title,
            widgets.HBox([self.progress, self.status], layout=widgets.Layout(flex_flow="row wrap",
                                                                             align_items="center")),
            self.summary, self.how, self._advantage_box, self.moves, self.sentence, self.stepper, self._loss_box,
            self._refit,
        ]
        if review is not None:
            self._show_review(review)

    def _fit_stepper(self) -> None:
        """The stepper as the board wants it: one game (no list, no files), its steps watched."""
        for w in (self.stepper.example, self.stepper.opener.upload, self.stepper.opener.saved):
            w.layout.display = "none"  # the board shows one game
        self.stepper.step_label.observe(self._on_step, names="value")

    def _on_language(self, code: str) -> None:
        """The stepper's picker chose ``code``: its controls are new, and every word of the board too."""
        self.language = code
        self._fit_stepper()
        with using(code):
            self.title.value = f"<h3 style='margin:4px 0'>{_esc(say('rvb-title'))}</h3>"
            self.moves.description = say("rvb-moves")
            if self._review is not None:
                self._show_review(self._review)
            elif self.progress.value == 0:
                self.status.value = say("rvb-waiting")
                self._quiet = True
                try:
                    self.moves.options = [(say("rvb-pick"), NONE)]
                    self.moves.value = NONE
                finally:
                    self._quiet = False

    # ---------------------------------------------------------------- public API
    @property
    def review(self) -> Optional[Review]:
        """The review shown (None until it ran)."""
        return self._review

    @property
    def seat(self) -> int:
        """The seat whose chance the first chart shows (0-based)."""
        return self._seat if self._seat is not None else 0

    def run(self) -> None:
        """Run the review now (nothing if it already ran), the progress bar following it.

        >>> from durak_lab.engine.records import load_example
        >>> b = ReviewBoard(load_example("EX-KO-1"), playouts=20, reading=False); b.run()
        >>> b.status.value, b.moves.options[1][0]
        ('Done: 2 choices judged.', 'move 1: P2 play 7♦ (best move)')
        """
        if self._review is not None:
            return
        with using(self.language):
            try:
                r = review_game(self.record, self._seat, progress=self._on_progress, **self._options)
            except DurakError as err:  # rules the evaluator does not play: say why, keep the stepper
                self.status.value = say("rvb-cannot", why=learner_error(err))
                return
            self._show_review(r)

    def show_move(self, index: int) -> None:
        """Open the game's move ``index`` (0-based) in the stepper and show its sentence.

        >>> from durak_lab.engine.records import load_example
        >>> b = ReviewBoard(load_example("EX-KO-2"), playouts=20, reading=False, wait=False)
        >>> b.show_move(2); b.stepper.frame.step, b.moves.value
        (2, 2)
        """
        try:
            frame = self.stepper.frame_of_move(index)
        except ValueError:
            return
        self.stepper.go(frame)
        with using(self.language):
            self._sync()

    def close(self) -> None:
        """Close the board and every widget inside (the stepper's too)."""
        self.stepper.close()
        if self.advantage is not None:
            self.advantage.close()
        close_tree(self)

    # ---------------------------------------------------------------- showing
    def _ipython_display_(self) -> None:
        """Show the board, then run the review (its progress bar moves on the screen)."""
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)
        self.run()

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        self.status.value = say("rv-thinking", done=done, total=total)

    def _show_review(self, r: Review) -> None:
        self._review = r
        self._decisions = {d.index: d for d in r.decisions}
        self.progress.value = self.progress.max
        n = len(r.decisions)
        self.status.value = say("rvb-done-one") if n == 1 else say("rvb-done", count=n)
        lines = review_lines(r)
        self.summary.value = (f"<div style='line-height:1.5'><b>{_esc(lines[0])}</b><br>"
                              + "<br>".join(_esc(line) for line in lines[1:]) + "</div>")
        self.summary.layout.display = None
        self.how.value = f"<i>{_esc(say('rvb-how'))}</i>"
        self.how.layout.display = None
        players = self.record.rules.players
        # drawn at plotly's 700 px before it is on the page: refitted to its box (see refit)
        self.advantage = responsive(go.FigureWidget(advantage_figure(r, self.seat, players=players)))
        self._shapes = list(self.advantage.layout.shapes)  # the 50% line
        for trace in self.advantage.data:
            trace.on_click(self._on_click)
        self._advantage_box.children = [self.advantage]
        self._refit.now()
        self.loss = loss_figure(r)
        self._loss_box.layout.display = None
        show_figure(self._loss_out, self.loss)
        options = [(say("rvb-pick"), NONE)] + [
            (say("rvb-option", number=d.index + 1, seat=seat_text(d.seat), move=move_words(d.move),
                 label=label_words(d.label)), d.index) for d in r.decisions]
        self._quiet = True
        try:
            self.moves.options = options
            self.moves.value = NONE
        finally:
            self._quiet = False
        self.moves.disabled = not r.decisions
        self._sync()

    def _sync(self) -> None:
        """The sentence, the "Go to" choice and the chart's marker of the move the stepper shows."""
        frame = self.stepper.frame
        index = frame.step if frame.kind in ("move", "rejected") else None
        d = self._decisions.get(index) if index is not None else None
        if d is not None:
            text = decision_sentence(d)
        elif index is not None and self._review is not None:
            text = say("rvb-no-choice", number=index + 1)
        else:
            text = ""
        self.sentence.value = (f'<div role="status" aria-live="polite" style="border-left:5px solid #4C78A8;'
                               f'padding:6px 10px;font-size:15px;margin:4px 0">{_esc(text)}</div>' if text else "")
        self._quiet = True
        try:
            self.moves.value = d.index if d is not None else NONE
        finally:
            self._quiet = False
        if self.advantage is not None:
            mark = [] if d is None else [dict(type="line", x0=d.index + 1, x1=d.index + 1, y0=0, y1=100,
                                              line=dict(color="#333", dash="dash", width=1.5))]
            self.advantage.layout.shapes = self._shapes + mark

    # ---------------------------------------------------------------- callbacks
    def _on_click(self, trace: Any, points: Any, _state: Any) -> None:
        """A click on a point of the advantage chart: open its move (the point's ``customdata``)."""
        if not points.point_inds or trace.customdata is None:
            return
        self.show_move(int(trace.customdata[points.point_inds[0]]))

    def _on_pick(self, change: dict) -> None:
        if not self._quiet and change.get("new") not in (None, NONE):
            self.show_move(change["new"])

    def _on_step(self, _change: dict) -> None:
        if not self._quiet and self._review is not None:
            with using(self.language):
                self._sync()
