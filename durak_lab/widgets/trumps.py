"""A notebook widget: step through a game and watch who holds the trumps, from any seat.

:class:`TrumpWidget` reuses the worked-examples :class:`~durak_lab.widgets.stepper.Stepper`
for the table, the narration and the Start / Back / Next / End buttons and
step box (the table as the viewpoint's seat sees it: the other hands face
down), and adds below it:

* a "Viewpoint" dropdown: whose knowledge (P1 …);
* a "Guess with" dropdown (the inference): counting only, or an ε opponent model
  (:class:`~durak_lab.analysis.inference.EpsilonModel`): ε = 1/10, 1/3, or 0 (certain),
  labelled in a learner's words ("Also how they play: 10% odd moves");
* the trump-count bars of every other hand and the talon (counting beside the
  posterior), the card × place heatmap of the trumps, the expected trumps
  move by move, and the same numbers as a table (the text alternative).  The charts are
  those of :mod:`durak_lab.plots.trumps` with the learner's words put in (sources, titles,
  axes, hover texts: chances in percent), see ``_bars_words`` and the two after it.

The numbers shown belong to the position after the record's move of the
current frame (a bout's draws are part of the move that ended it).  Two
players: the exact posterior; more: sampled (``n`` hypotheses, seeded).
Results are cached per record, seat and model, so stepping back is instant.

UI contract (CSS classes): the widget ``dl-trumps``; the Dropdowns
"Viewpoint" ``dl-viewpoint`` and "Guess with" ``dl-inference``; the figures
(boxes around them) ``dl-trump-bars``, ``dl-trump-heatmap``, ``dl-trump-course``; the table
``dl-trump-summary``; the caption ``dl-trump-caption``; messages ``dl-trump-message``.  The
stepper's language picker ``dl-language`` words the whole widget (``language``: its first
language, default :func:`durak_lab.set_language`'s).

Presentation layer: needs ipywidgets 8 and plotly (its charts are shown through the notebook's plotly renderer).

>>> w = TrumpWidget("EX-KO-2", seat=0)
>>> w.stepper.end(); "After move 4: P1 take" in w.caption.value
True
>>> w.viewpoint.value = 1; sorted({t.name for t in w.bars.data})
['how they play too', 'the cards seen']
>>> w.stepper.viewer, "seen by P2" in w.stepper.table.value
(1, True)
"""

from __future__ import annotations

import html
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional

import ipywidgets as widgets
import plotly.graph_objects as go

from ..engine.errors import DurakError
from ..analysis.inference.evidence import Timeline, observe
from ..analysis.inference.infer import EpsilonModel, Posterior, counting_knowledge, iter_exact_posteriors, sampled_posterior
from ..engine.moves import seat_text
from ..text.catalogue import Worded, language_code, using
from ..text.glossary import term_word
from ..text.messages import say
from ..text.reasons import learner_error
from ..plots.trumps import card_heatmap, course_lines, trump_bars
from .figure_box import show_figure, shown_figure_box
from ..analysis.probability import trump_counts
from ..engine.records.record import Record, record_from_game
from .stepper.widget import Stepper
from ..tables.trumps import COLUMNS, expected_trumps, trump_rows
from ..tables._pandas import needs_pandas

if TYPE_CHECKING:  # pandas is imported by the functions that build tables, so that importing
    import pandas as pd  # this module (and the plotly charts) needs no pandas (JupyterLite)

__all__ = ["TrumpWidget", "MODELS"]

#: The choices of the "Guess with" dropdown: label -> ε (None: counting only).
MODELS = Worded({"trumps-model-counting": None, "trumps-model-tenth": "1/10", "trumps-model-third": "1/3",
                 "trumps-model-certain": "0"})


def _replace(target: go.Figure, fig: go.Figure) -> None:
    """Put ``fig``'s traces and layout into ``target`` (the widget's figure, kept for its tests)."""
    with target.batch_update():
        target.data = []
        target.add_traces(list(fig.data))
        target.layout = fig.layout
        target.layout.width = None  # the chart takes its box's width, not plotly's 700 px
        target.layout.autosize = True


class _Course:
    """The posteriors of one record, seat and model, computed as they are asked for."""

    def __init__(self, timeline: Timeline, model: Any, n: int, seed: int) -> None:
        self.t = timeline
        self.model = model
        self.n = n
        self.seed = seed
        self.cache: dict = {}
        self._it = None
        self._next = 0

    def at(self, step: int) -> Posterior:
        if step in self.cache:
            return self.cache[step]
        t = self.t
        if t.players == 2:
            if self._it is None or self._next > step:
                self._it = iter_exact_posteriors(t, t.seat, self.model)
                self._next = 0
            while True:
                post = next(self._it)
                self._next = post.step + 1
                if post.step == step:
                    break
        else:
            rng = random.Random(self.seed * 1000 + step)
            post = sampled_posterior(None, t.seat, self.model, self.n, rng, upto=step, timeline=t)
        self.cache[step] = post
        return post


@needs_pandas
class TrumpWidget(widgets.VBox):
    """Step through a record and see the trump probabilities from a chosen seat.

    ``record``: a worked-example id, a :class:`~durak_lab.engine.records.Record`, a
    record file's path, or a :class:`~durak_lab.engine.game.Game`; ``seat``: the
    first viewpoint (0-based); ``epsilon``: the first inference choice (a key
    of :data:`MODELS` or an ε text such as ``"1/10"``, None for counting
    only); ``n`` and ``seed``: the sampled posterior for more than two players.

    >>> w = TrumpWidget("EX-ZH-BOUT", seat=2, epsilon=None, n=200)
    >>> w.viewpoint.options[2], w.inference.value
    (('P3', 2), None)
    """

    def __init__(self, record: Any = None, seat: int = 0, epsilon: Optional[str] = "1/10", n: int = 600,
                 seed: int = 0, language: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The language of the widget's words (None: durak_lab.set_language's); the stepper's picker changes it.
        self.language = language_code(language) if language is not None else None
        with using(self.language):
            self._build(record, seat, epsilon, n, seed)

    def _build(self, record: Any, seat: int, epsilon: Optional[str], n: int, seed: int) -> None:
        self.add_class("dl-trumps")
        if record is not None and not isinstance(record, (Record, str)):
            record = record_from_game(record)
        self.stepper = Stepper(record, viewer=seat, language=self.language)
        self.stepper.language_listeners.append(self._on_language)
        self.n = n
        self.seed = seed
        self._courses: dict = {}
        self._timelines: dict = {}
        self._visited: dict = {}
        style = {"description_width": "initial"}
        self.viewpoint = widgets.Dropdown(options=[], description=say("trumps-viewpoint"),
                                          style=style, layout=widgets.Layout(width="180px"))
        self.viewpoint.add_class("dl-viewpoint")
        eps_values = list(MODELS.values())
        first = MODELS.get(epsilon, epsilon) if epsilon is not None else None
        if first not in eps_values:
            first = "1/10"
        self.inference = widgets.Dropdown(options=list(MODELS.items()), value=first,
                                          description=say("trumps-inference"), style=style, layout=widgets.Layout(width="min(calc(100% - 4px), 420px)"))
        self.inference.add_class("dl-inference")
        self.caption = widgets.HTML()
        self.caption.add_class("dl-trump-caption")
        self.message = widgets.HTML(layout=widgets.Layout(display="none"))
        self.message.add_class("dl-trump-message")
        # plain figures, shown through the notebook's plotly renderer: several FigureWidgets in one
        # widget do not all draw (see figure_box.shown_figure_box)
        self.bars = go.Figure()
        self.heatmap = go.Figure()
        self.course = go.Figure()
        self._outs: list = []
        self.summary = widgets.HTML()
        self.summary.add_class("dl-trump-summary")
        boxes = []
        for fw, cls in ((self.bars, "dl-trump-bars"), (self.heatmap, "dl-trump-heatmap"),
                        (self.course, "dl-trump-course")):
            box, out = shown_figure_box(cls)  # the chart fits its box, and follows its width
            boxes.append(box)
            self._outs.append((out, fw))
        self.table_head = widgets.HTML(f"<b>{html.escape(say('trumps-table-head'))}</b>")
        self.children = [
            self.stepper,
            widgets.HBox([self.viewpoint, self.inference], layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.caption, *boxes, self.table_head, self.summary,
        ]
        self._fit_stepper()
        self.viewpoint.observe(self._on_change, names="value")
        self.inference.observe(self._on_change, names="value")
        self._seat_wanted = seat
        self.refresh()

    # ------------------------------------------------------------ state
    @property
    def record(self) -> Optional[Record]:
        """The record the stepper shows.

        >>> TrumpWidget("EX-KO-1", epsilon=None).record.id
        'EX-KO-1'
        """
        return self.stepper.record

    @property
    def moves_played(self) -> int:
        """How many of the record's moves the current frame has played.

        >>> w = TrumpWidget("EX-KO-1", epsilon=None); w.stepper.end(); w.moves_played
        2
        """
        frame = self.stepper.frame
        return frame.step + 1 if frame.kind != "rejected" else frame.step

    def _timeline(self, rec: Record, seat: int) -> Timeline:
        key = (id(rec), seat)
        if key not in self._timelines:
            self._timelines[key] = observe(rec, seat)
        return self._timelines[key]

    def _course(self, rec: Record, seat: int, eps: Optional[str]) -> Optional[_Course]:
        if eps is None:
            return None
        key = (id(rec), seat, eps)
        if key not in self._courses:
            self._courses[key] = _Course(self._timeline(rec, seat), EpsilonModel(Fraction(eps)), self.n, self.seed)
        return self._courses[key]

    # ------------------------------------------------------------ drawing
    def _fit_stepper(self) -> None:
        """The stepper as the widget wants it: its steps watched, its own "Seen by" hidden (the
        Viewpoint below chooses whose view it shows)."""
        self.stepper.seen_by.layout.display = "none"
        for w in (self.stepper.step_label, self.stepper.title, self.stepper.example):
            w.observe(self._on_change, names="value")

    def _on_language(self, code: str) -> None:
        """The stepper's picker chose ``code``: the stepper's controls are new, and every word here too."""
        self.language = code
        self._fit_stepper()
        with using(code):
            self.viewpoint.description = say("trumps-viewpoint")
            value = self.inference.value
            self.inference.unobserve(self._on_change, names="value")
            try:
                self.inference.options = list(MODELS.items())
                self.inference.value = value
            finally:
                self.inference.observe(self._on_change, names="value")
            self.inference.description = say("trumps-inference")
            self.table_head.value = f"<b>{html.escape(say('trumps-table-head'))}</b>"
        self.refresh()

    def _on_change(self, change: dict) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Recompute and redraw for the stepper's frame, the viewpoint and the inference chosen.

        Called by every change of the stepper or the dropdowns; a
        :class:`~durak_lab.engine.errors.DurakError` becomes a message, never a traceback.

        >>> w = TrumpWidget("EX-KO-1", epsilon=None); w.refresh(); w.message.value
        ''
        """
        with using(self.language):
            try:
                self._refresh()
                self._tell("")
            except DurakError as err:
                self._tell(learner_error(err))

    def _tell(self, text: str) -> None:
        self.message.value = (f'<div role="alert" style="border-left:5px solid #ef6c00;padding:6px 10px">'
                              f'{html.escape(text)}</div>' if text else "")
        self.message.layout.display = None if text else "none"

    def _refresh(self) -> None:
        rec = self.record
        if rec is None:  # pragma: no cover - the stepper always shows a record
            return
        players = rec.rules.players
        options = [(seat_text(s), s) for s in range(players)]
        if list(self.viewpoint.options) != options:
            wanted = self._seat_wanted if self._seat_wanted < players else 0
            self.viewpoint.unobserve(self._on_change, names="value")
            try:
                self.viewpoint.options = options
                self.viewpoint.value = wanted
            finally:
                self.viewpoint.observe(self._on_change, names="value")
        seat = self.viewpoint.value
        self._seat_wanted = seat
        self.stepper.viewer = seat  # the table as this seat sees it: the other hands face down
        eps = self.inference.value
        t = self._timeline(rec, seat)
        step = min(max(self.moves_played, 0), len(t.moves))
        prior = counting_knowledge(t, step)
        course = self._course(rec, seat, eps)
        post = course.at(step) if course is not None else None
        when = say("trumps-at-start") if step == 0 else say("trumps-after-move", number=step,
                                                             move=str(t.moves[step - 1]))
        how = "" if post is None else (say("trumps-exact") if post.exact else say("trumps-sampled", n=post.n))
        self.caption.value = (f"<b>{html.escape(when)}</b>"
                              f"{html.escape(say('trumps-seen-from', seat=seat_text(seat)) + how)}")
        who = seat_text(seat)
        title = say("trumps-bars-title", seat=who)
        if post is not None:  # two lines: in one, the title is wider than a chart 370 px wide
            title = f"{html.escape(title)}:<br>{html.escape(say('trumps-bars-both'))}"
        _replace(self.bars, _bars_words(trump_bars(prior, post, title=title), post is not None))
        heat = card_heatmap(post if post is not None else prior, title=say("trumps-heatmap-title", seat=who))
        _replace(self.heatmap, _heatmap_words(heat))
        _replace(self.course, _course_words(self._course_figure(rec, t, seat, eps, step, post)))
        for out, fig in getattr(self, "_outs", ()):
            show_figure(out, fig)
        self.summary.value = self._summary(prior, post)

    def _course_figure(self, rec: Record, t: Timeline, seat: int, eps: Optional[str], step: int,
                       post: Optional[Posterior]) -> go.Figure:
        import pandas as pd
        rows: list = []
        for s in range(len(t.moves) + 1):
            move = "" if s == 0 else str(t.moves[s - 1])
            rows += trump_rows(s, move, "counting", trump_counts(counting_knowledge(t, s)))
        key = (id(rec), seat, eps)
        seen = self._visited.setdefault(key, {})
        if post is not None:
            seen[step] = post
        for s, p in sorted(seen.items()):
            move = "" if s == 0 else str(t.moves[s - 1])
            rows += trump_rows(s, move, "posterior", p.trump_counts(), p.stderr)
        df = pd.DataFrame(rows, columns=COLUMNS)
        title = html.escape(say("trumps-course-title")) + (
            "" if post is None else f"<br><sup>{html.escape(say('trumps-course-note'))}</sup>")
        return course_lines(df, title=title, step=step)

    @staticmethod
    def _summary(prior: Any, post: Optional[Posterior]) -> str:
        import pandas as pd
        rows = trump_rows(0, "", "counting", trump_counts(prior))
        if post is not None:
            rows += trump_rows(0, "", "posterior", post.trump_counts(), post.stderr)
        e = expected_trumps(pd.DataFrame(rows, columns=COLUMNS))
        cols = (say("trumps-col-place"), say("trumps-col-source"), say("trumps-col-expected"), say("trumps-col-any"))
        head = ("<table><thead><tr>" + "".join(f"<th scope='col'>{html.escape(c)}</th>" for c in cols)
                + "</tr></thead><tbody>")
        body = "".join(f"<tr><td>{html.escape(_place_words(r.place))}</td><td>{html.escape(_source_words(r.source))}</td>"
                       f"<td>{r.expected:.2f}</td><td>{r.p_any:.0%}</td></tr>" for r in e.itertuples())
        return head + body + "</tbody></table>"


def _place_words(place: str) -> str:
    """A place of the charts in the language's words: a seat as it is, the talon, the table, the bito."""
    if place == "talon":
        return term_word("talon")
    if place == "discard":
        return term_word("bito")
    if place == "table":
        return say("trumps-place-table")
    return place


# ---------------------------------------------------------------- the charts in a learner's words
# The charts of durak_lab.plots.trumps speak the analyst's words (counting, posterior, probability,
# exact fractions in the hover text); the widget puts the learner's words in their place.

def _source_words(source: str) -> str:
    """A source of the tables ("counting", "posterior") in a learner's words.

    >>> _source_words("posterior"), _source_words("counting")
    ('how they play too', 'the cards seen')
    """
    return say("trumps-source-posterior") if source == "posterior" else say("trumps-source-counting")


def _bars_words(fig: go.Figure, both: bool) -> go.Figure:
    """The trump-count bars: the sources named in words, chances in percent."""
    for tr in fig.data:
        if both:
            tr.name = _source_words(tr.name)
        tr.hovertext = None
        tr.hoverinfo = None
        tr.hovertemplate = say("trumps-hover-bars", count="%{x}", chance="%{y:.0%}") + "<extra>%{fullData.name}</extra>"
    fig.update_xaxes(title_text=say("trumps-axis-number"))
    fig.update_yaxes(tickformat=".0%")
    for note in fig.layout.annotations:  # each place's panel is named by its place
        note.text = _place_words(note.text)
    if not both:
        for tr in fig.data:
            tr.name = _place_words(tr.name)
    fig.update_layout(yaxis_title=say("trumps-axis-chance"),
                      legend_title=say("trumps-legend-source") if both else say("trumps-legend-place"))
    return fig


def _heatmap_words(fig: go.Figure) -> go.Figure:
    """The card × place heatmap: axes in words, chances in percent (no fractions)."""
    fig.update_traces(hovertext=None, hoverinfo=None, colorbar_title=say("trumps-axis-chance"),
                      colorbar_tickformat=".0%",
                      hovertemplate=say("trumps-hover-card", card="%{y}", place="%{x}", chance="%{z:.0%}")
                      + "<extra></extra>")
    fig.update_layout(xaxis_title=say("trumps-axis-place"), yaxis_title=say("trumps-axis-card"))
    for tr in fig.data:  # the places in the language's words (the talon, the table, the bito)
        if tr.x is not None:
            tr.x = [_place_words(str(x)) for x in tr.x]
    return fig


def _course_words(fig: go.Figure) -> go.Figure:
    """The expected trumps move by move: each line named by its place and its source in words."""
    for tr in fig.data:
        place, _, source = tr.name.rpartition(" (")
        tr.name = f"{_place_words(place)} ({_source_words(source.rstrip(')'))})"
        tr.hovertext = None
        tr.hoverinfo = None
        tr.hovertemplate = say("trumps-hover-course", step="%{x}", expected="%{y:.1f}") + "<extra>%{fullData.name}</extra>"
    fig.update_layout(xaxis_title=say("trumps-axis-moves"), yaxis_title=say("trumps-axis-expected"),
                      legend_title=say("trumps-legend-place"))
    return fig

