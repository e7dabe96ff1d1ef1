"""A notebook widget: "can the defender cover everything?" for any table and hand.

:class:`CoverWidget` is an ipywidgets ``VBox``.  Type the attack cards
("7♥ 9♥ J♥") and the defender's hand, choose the trump, or pick a moment of a
worked example (its uncovered attack cards, the defender's hand and the trump
fill the fields); the answer updates at once: the plan's sentence
(:meth:`~durak_lab.graphs.CoverPlan.text`), the bipartite figure of
:func:`~durak_lab.plots.beats.cover_figure` and the same facts as a table
(:func:`~durak_lab.tables.learner.cover_words_table`, the text alternative).  Bad card text
shows a sentence, never a traceback, and leaves the last figure in place.

UI contract (CSS classes): the widget ``dl-cover-widget``; the Dropdown
"Example" ``dl-cover-example``; the Text fields "Attack" ``dl-cover-attack``
and "Hand" ``dl-cover-hand``; the Dropdown "Trump" ``dl-cover-trump``; the
answer ``dl-cover-answer``; the box around the figure ``dl-cover-figure``; the
table ``dl-cover-table``.

Presentation layer: needs ipywidgets 8 and plotly (FigureWidget, via anywidget).

>>> w = CoverWidget("7♥ 9♥ J♥", "10♥ A♠ 6♣", "♠")
>>> "three cards, two answers" in w.answer.value
True
>>> w.hand.value = "10♥ A♠ 6♣ Q♥"; "The defender can cover all three" in w.answer.value
True
"""

from __future__ import annotations

import html
import logging
from typing import Any, Optional

import ipywidgets as widgets
import plotly.graph_objects as go

from ..engine.cards import CardSet
from ..engine.errors import DurakError
from ..text.reasons import learner_error
from ..text.catalogue import Suit, language_code, using
from ..text.messages import say
from ..plots.beats import cover_figure
from .figure_box import replace_figure, show_figure, shown_figure_box
from .language import language_picker
from ..graphs.beats import CoverPlan, cover_plan, cover_plan_for, suit_number
from ..tables.learner import cover_words_table
from ..engine.records.record import load_example
from .stepper.widget import EXAMPLE_ORDER
from ..tables._pandas import needs_pandas

__all__ = ["CoverWidget", "example_moments", "OWN"]

#: The value of the Example choice "your own cards" (None would show an empty choice).
OWN = ""

_log = logging.getLogger(__name__)
_esc = html.escape


def example_moments(ids: Optional[tuple] = None) -> list:
    """The moments of the worked examples with an uncovered attack card: ``(label, (id, moves played))``.

    >>> example_moments(("EX-ZH-BOUT",))[0]
    ('EX-ZH-BOUT after move 1: P4 attack 7♥', ('EX-ZH-BOUT', 1))
    """
    out = []
    for ident in ids or EXAMPLE_ORDER:
        try:
            rec = load_example(ident)
            game = rec.new_game()
        except DurakError:  # pragma: no cover - the shipped examples are tested
            continue
        for k, rm in enumerate(rec.moves, 1):
            if rm.illegal:
                break
            try:
                game.play(rm.move)
            except DurakError:  # pragma: no cover
                break
            p = game.position
            if p.uncovered() and not p.taking:
                out.append((say("cover-moment", ident=ident, number=k, move=str(rm.move)), (ident, k)))
    return out


@needs_pandas
class CoverWidget(widgets.VBox):
    """Pick a table and a hand, choose the trump, and see whether the defender can cover everything.

    ``attack`` and ``hand``: card texts; ``trump``: a suit (``"♠"``, ``"S"`` or
    0–3).  :attr:`plan` is the :class:`~durak_lab.graphs.CoverPlan` shown
    (None while the input is bad).

    >>> w = CoverWidget()
    >>> w.attack.value = "7♥ X9"; w.plan is None, "is not a card" in w.answer.value
    (True, True)
    >>> w.select(("EX-ZH-BOUT", 3)); w.attack.value, w.hand.value, w.trump.value
    ('10♦', '8♠ Q♥ 7♣ 10♣ Q♣', 0)
    """

    def __init__(self, attack: str = "7♥ 9♥ J♥", hand: str = "10♥ A♠ 6♣", trump: Any = "♠",
                 language: Optional[str] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The language of the widget's words (None: durak_lab.set_language's); its picker changes it.
        self.language = language_code(language) if language is not None else None
        with using(self.language):
            self._build(attack, hand, trump)

    def _build(self, attack: str, hand: str, trump: Any) -> None:
        self.add_class("dl-cover-widget")
        self._quiet = False
        self._plan: Optional[CoverPlan] = None
        self.example = widgets.Dropdown(options=[("", OWN)], value=OWN,
                                        layout=widgets.Layout(width="min(calc(100% - 4px), 560px)"),
                                        style={"description_width": "initial"})
        self.example.add_class("dl-cover-example")
        self.attack = widgets.Text(value=attack, continuous_update=False,
                                   layout=widgets.Layout(width="min(calc(100% - 4px), 360px)"))
        self.attack.add_class("dl-cover-attack")
        self.hand = widgets.Text(value=hand, continuous_update=False,
                                 layout=widgets.Layout(width="min(calc(100% - 4px), 420px)"))
        self.hand.add_class("dl-cover-hand")
        self.trump = widgets.Dropdown(options=[(str(s), s) for s in range(4)], value=suit_number(trump),
                                      layout=widgets.Layout(width="180px"))
        self.trump.add_class("dl-cover-trump")
        self._label()  # every word of the controls, in the chosen language
        self.language_picker = language_picker(self.set_language)
        self.answer = widgets.HTML(value="")
        self.answer.add_class("dl-cover-answer")
        # a plain figure, shown through the notebook's plotly renderer, as wide as its box (the
        # defender's column stays in view); a FigureWidget does not always draw its figure
        # (see figure_box.shown_figure_box)
        self.figure = go.Figure()
        box, self._out = shown_figure_box("dl-cover-figure")
        self.table = widgets.HTML(value="")
        self.table.add_class("dl-cover-table")

        for w in (self.attack, self.hand, self.trump):
            w.observe(self._on_change, names="value")
        self.example.observe(self._on_example, names="value")
        self.children = [
            widgets.HBox([self.example, self.language_picker], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.attack, self.hand, self.trump], layout=widgets.Layout(flex_flow="row wrap")),
            self.answer, box, self.table,
        ]
        self.refresh()

    @property
    def plan(self) -> Optional[CoverPlan]:
        """The plan shown now, or None while the input is bad.

        >>> CoverWidget("7♥", "8♥", "♠").plan.full
        True
        """
        return self._plan

    def select(self, moment: Optional[tuple]) -> None:
        """Show a moment of a worked example, ``(id, moves played)``; None: back to "your own cards".

        >>> w = CoverWidget(); w.select(("EX-HE-BOUT", 3)); w.attack.value, w.trump.value
        ('10♥', 1)
        """
        if moment is None or moment == OWN:
            self.example.value = OWN
            return
        moment = (str(moment[0]).upper(), int(moment[1]))
        values = [v for _, v in self.example.options]
        if moment in values:
            if self.example.value == moment:
                self._load(moment)
            else:
                self.example.value = moment
        else:
            self._load(moment)

    def set_language(self, code: str) -> None:
        """Word the widget in the language ``code`` (the picker calls this): its labels, the examples'
        moments, the answer, the figure and the table; the cards typed and the trump stay.

        >>> w = CoverWidget("7♥", "8♥", "♠"); w.set_language("fi"); w.attack.description != "Attack"
        True
        """
        self.language = language_code(code)
        with using(self.language):
            self._quiet = True
            try:
                self._label()
                if self.language_picker.value != self.language:
                    self.language_picker.value = self.language
            finally:
                self._quiet = False
        self.refresh()

    def refresh(self) -> None:
        """Work out the answer for the fields' values and show it (the callbacks call this).

        >>> w = CoverWidget("7♥", "", "♥"); w.refresh(); "cannot be beaten" in w.answer.value
        True
        """
        with using(self.language):
            self._refresh()

    def _refresh(self) -> None:
        try:
            plan = cover_plan_for(self.hand.value, self.attack.value, self.trump.value)
        except DurakError as err:
            self._plan = None
            self._say(learner_error(err), alert=True)
            return
        except Exception:  # noqa: BLE001 - a learner must never see a traceback
            _log.debug("cover widget: unexpected error", exc_info=True)
            self._plan = None
            self._say(say("cover-error"), alert=True)
            return
        self._plan = plan
        self._say(plan.text())
        fig = cover_figure(plan)
        replace_figure(self.figure, fig)
        if hasattr(self, "_out"):
            show_figure(self._out, self.figure)
        # the table of words scrolls sideways inside its box when its columns do not fit
        self.table.value = (f'<div class="dl-scroll-x" style="overflow-x:auto;max-width:100%">'
                            f'{cover_words_table(plan).to_html()}</div>')

    # ---------------------------------------------------------------- internals
    def _label(self) -> None:
        """Word the controls in the chosen language: the examples' moments, the fields' names and
        hints, the suits; what is chosen and typed stays."""
        chosen, trump = self.example.value, self.trump.value
        self.example.options = [(say("cover-own"), OWN)] + example_moments()
        self.example.value = chosen
        self.example.description = say("cover-example")
        self.attack.description, self.attack.placeholder = say("cover-attack"), say("cover-attack-hint")
        self.hand.description, self.hand.placeholder = say("cover-hand"), say("cover-hand-hint")
        self.trump.options = [(say("cover-trump-option", suit=Suit(s)), s) for s in range(4)]
        self.trump.value = trump
        self.trump.description = say("cover-trump-choice")

    def _say(self, text: str, alert: bool = False) -> None:
        colour, role = ("#ef6c00", "alert") if alert else ("#2f8a56", "status")
        self.answer.value = (f'<div role="{role}" style="border-left:5px solid {colour};padding:6px 10px;'
                             f'font-size:15px;line-height:1.45">{_esc(text, quote=False)}</div>')

    def _load(self, moment: tuple) -> None:
        with using(self.language):
            self._load_moment(moment)

    def _load_moment(self, moment: tuple) -> None:
        ident, k = moment
        try:
            p = load_example(ident).game_after(k).position
        except (DurakError, IndexError) as err:
            self._say(say("cover-no-moment", ident=ident, number=k, why=learner_error(err)), alert=True)
            return
        plan = cover_plan(p)
        self._quiet = True
        try:
            self.attack.value = " ".join(str(c) for c in plan.attack)
            self.hand.value = str(CardSet(p.hands[p.defender]))
            self.trump.value = p.trump
        finally:
            self._quiet = False
        self.refresh()

    def _on_change(self, change: dict) -> None:
        if not self._quiet:
            if self.example.value != OWN:  # edited by hand: no longer the example's moment
                self.example.value = OWN
            self.refresh()

    def _on_example(self, change: dict) -> None:
        if change.get("new") not in (None, OWN):
            try:
                self._load(change["new"])
            except Exception:  # noqa: BLE001 - never a traceback
                _log.debug("cover widget: unexpected error", exc_info=True)
                with using(self.language):
                    self._say(say("cover-error-example"), alert=True)
