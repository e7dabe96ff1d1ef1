"""Play Durak in the notebook: a table you click.

:class:`PlayTable` is an anywidget.  Python owns the game (a
:class:`~durak_lab.session.PlaySession`, through
:class:`~durak_lab.widgets.play.control.TableControl`) and sends the browser one
JSON trait, ``state``: exactly what the person at the screen may see, built from
their seat's view, so no other seat's hidden cards ever reach the page.  The
JavaScript (``static/play_table.js``, styled by ``static/play_table.css``) draws
it and sends each click back as a custom message.  Bot moves are paced in the
browser (a timer, then a message asking for the next bot move), so the table
works in JupyterLab, Voila and any kernel without threads.

How it plays: click a card of your hand to lead or throw it in (where the rules
allow several cards of one rank, click them all, then **Play**); to cover, click
the attack card on the table and then your card (or just your card when it
beats only one of them).  **Take**, **Done**, **Transfer**, **Show trump** and
**Swap trump six** appear only when that move is legal.  Where more cards lie than the defender has
to beat (R13, presets ``unlimited_choice`` and ``finnish_choice``), **Choose cards to beat** lets him
click the table cards he will beat, then **Beat these**; the others go back to the attackers.  **Show my options**
lights up the cards you may play, **Hint** names the move the evaluator rates best
for your seat's view and why (your chance of not being the durak with it and with the next
best move: :meth:`PlaySession.hint <durak_lab.session.PlaySession.hint>`), **Coach**
turns on a word before a move the evaluator judges a mistake, saying how much it costs
(**Play it anyway** / **Think again**).  At the end of the game the table reviews the people's
moves (accuracy, the labels counted, the key moments: :mod:`durak_lab.session.table_review`),
one decision per message from the browser, as the bots' moves are paced, so that it needs no
thread and the kernel answers clicks meanwhile; "Looking at move 3 of 21…" shows meanwhile.
An illegal click shows the engine's reason beside the table and changes nothing.

Seats: numbered clockwise (P1, P2 … on each one's left).  The person at the
screen sits at the bottom, the next seat clockwise (on their left) on the left,
then across the top from left to right, the last seat on the right; with two or
three players the others sit across the top (:func:`~.play_control.seat_areas`).
With several people at one screen (pass and play) every hand is face down
between turns; "P2, your turn: show my cards" turns up only that person's hand,
and the seat of the person who acts is drawn at the bottom.

UI contract (for browser tests and styling):

* root ``div.dl-play-table`` with ``data-tick`` (counts the game's changes),
  ``data-serial`` (counts the redraws), ``data-acting`` (``you``: a person acts,
  ``bot``, ``over``), ``data-players``, ``data-seat`` (the seat at the bottom,
  "P1");
* ``.dl-pt-status`` (role status): whose turn, or the result;
* ``.dl-pt-tools``: buttons ``.dl-pt-hint`` "Hint", ``.dl-pt-options`` "Show my
  options", ``.dl-pt-undo`` "Undo" (disabled when nothing can be undone),
  ``.dl-pt-coach`` "Coach" (``aria-pressed``);
* ``.dl-pt-felt``: the seats in ``.dl-pt-area-top``, ``.dl-pt-area-left`` and
  ``.dl-pt-area-right``, each a ``.dl-pt-seat`` with ``data-seat`` ("P2"),
  ``data-area``, ``data-order`` (1 = the next seat clockwise), ``data-role``
  (attacker, defender, out, durak, none) and class ``dl-acting``; the talon
  ``.dl-pt-talon`` with the trump card ``button.dl-pt-trump-card`` and
  ``.dl-pt-trump`` ("Trump: ♠ spades"); the table ``.dl-pt-table`` (group "Cards
  on the table") of ``.dl-pt-pair`` s, each ``button.dl-pt-attack`` and
  perhaps ``button.dl-pt-cover``; ``.dl-pt-bito``;
* every face-up card is ``button.dl-card`` with ``data-card`` ("7♥"),
  ``aria-label`` ("7 of hearts", "Queen of spades, trump"), its rank and suit as
  text, and the classes ``dl-red``/``dl-black``, ``dl-trump``, ``dl-playable``
  (lit by "Show my options"), ``dl-selected`` / ``dl-picked`` (also
  ``aria-pressed``), ``dl-new`` (the last move's cards);
* ``.dl-pt-said`` (a live region): what just happened; ``.dl-pt-feedback`` (live,
  hidden when empty) with ``data-kind`` (``illegal``, ``hint``, ``options``,
  ``info``, ``guide``: what to do now); in both, the first use of each Durak word
  is ``abbr.dl-term`` (``title``: its meaning, shown too while it has the focus;
  ``tabindex="0"``; ``data-term``: the glossary word, "trump card"); the coach's
  ``.dl-pt-coach-warning`` with ``.dl-pt-anyway`` and ``.dl-pt-again``; at the end
  ``.dl-pt-review`` (``aria-busy`` while the review is worked out: the state's ``reviewing`` is
  ``{"step": k, "total": n}`` until the last decision is judged);
* ``.dl-pt-actions`` (group "Your moves"): ``button.dl-pt-action`` with
  ``data-do`` ``play``, ``take``, ``pass``, ``transfer``, ``show``, ``swap``, ``choose`` (R13; while
  choosing, the picked table cards are ``dl-selected``),
  ``challenge`` ("Send back", pushing durak: then or before, a click on a table card), and
  ``.dl-pt-reveal`` (pass and play); while a person is asked about a redeal (R4,
  ``redeal``), ``.dl-pt-status`` holds the question and the actions are
  ``data-do`` ``redeal`` "Yes, new cards" and ``keep`` "No, keep my cards";
* ``.dl-pt-hand`` (group "Cards of P1 (you)", ``data-seat``): the cards, or
  backs and a count when face down;
* ``.dl-pt-footer``: ``.dl-pt-new`` "New game" (applies the settings),
  ``.dl-pt-rematch``, ``.dl-pt-save``, the link ``a.dl-pt-download`` to the saved
  record, ``details.dl-pt-settings`` (labelled fields: Bots, Rules, Players, Your
  seat, People at this screen, Deal number, Bot speed, Coach on; the speed and the
  coach change at once, the rest with New game) and ``details.dl-pt-log``.

Messages from the JavaScript (``{"do": …}``; :meth:`PlayTable.handle` takes the
same dicts, which is how the tests play): ``card`` and ``target`` (with
``card``: a click on a hand card, on a table card), ``play``, ``take``,
``pass``, ``transfer``, ``show``, ``swap``, ``choose``, ``challenge``, ``anyway``, ``again``, ``hint``,
``options``, ``coach`` (``on``), ``speed`` (``speed``), ``undo``, ``reveal``,
``bot`` (``tick``: the turn it asks for), ``review`` (``step``: the decisions judged when
it asked, ``tick``: the game's; the JavaScript sends one after each redraw until the review is
done), ``new`` (``settings``: the form's
values), ``rematch``, ``save``, ``redeal`` and ``keep`` (the answers to the R4 question).  A click counts only on a card the table shows, and
no move is taken while the acting person's cards are face down.  The ``download`` trait holds the last saved
record (``name``, ``text``) for the browser's download link; the ``glossary`` trait, sent
once, the words the JavaScript marks
(:func:`~durak_lab.text.glossary.glossary_json`: ``terms``, ``forms``, ``not_before``).

Presentation layer: needs anywidget and traitlets, neither pandas nor numpy.

>>> t = PlayTable(vs="tips", seed=5, speed="instant")
>>> t.state["status"], t.state["me"]["name"], [s["name"] for s in t.state["seats"]]
('P1, your turn.', 'P1 (you)', ['P2 (tips bot)'])
>>> card = t.state["hand"][0]["card"]
>>> t.handle({"do": "card", "card": card})["acting"]
'bot'
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Optional, Sequence, Union

import anywidget
import traitlets

from ...session import PlaySession
from ...text.glossary import glossary_json
from ...text.catalogue import asked_language, language_code, using
from ..language import LANGUAGE_MESSAGES, language_asked, with_language
from .control import TableControl
from .settings import Settings

__all__ = ["PlayTable"]

_log = logging.getLogger(__name__)
_STATIC = Path(__file__).parent.parent / "static"


class PlayTable(anywidget.AnyWidget):
    """A Durak table to play at: you against bots, or several people at one screen.

    ``vs`` is a bot level (``"random"``, ``"tips"``, ``"endgame"``) or one level per
    bot; ``players`` 2 to 6; ``preset`` a name of
    :data:`~durak_lab.engine.rules.PRESETS`; ``seat`` the person's seat (0-based, or
    ``"P2"``); ``seed`` the deal (None: a new one); ``coach`` turns the coach on;
    ``speed`` is how fast the bots play (``slow``, ``normal``, ``fast``,
    ``instant``); ``humans`` people share the screen (pass and play), seated
    clockwise from ``seat``.  ``save_dir`` is where **Save game** writes records
    (by default the ``games`` folder of the student, ``student`` or the name the lessons
    left in this browser, in the class folder ``class_dir``; with no name, the
    notebook's folder); every save has a name of its own and is written whole.  ``redeal`` turns on R4: a person dealt 5
    cards of one suit or 6 of one colour sees the hand and is asked whether to ask for
    a new deal (**Yes, new cards** / **No, keep my cards**); the bots declare unless
    they hold 3 trumps (:mod:`durak_lab.bots.redeal`).  ``language``: the language of the table's
    words (``"he"``; default: :func:`durak_lab.set_language`'s), which its picker changes.  ``deal``: a class deal code from the
    teacher (``podkidnoy-2-tips-4817``, see :mod:`durak_lab.session.class_deal`): everyone in the
    class plays the same cards against the same bots, at P1; it can also be typed in **Game
    settings**, and a game saved from it is found and compared by the teacher's view.
    """

    _esm = _STATIC / "play_table.js"
    _css = _STATIC / "play_table.css"
    state = traitlets.Dict().tag(sync=True)
    download = traitlets.Dict().tag(sync=True)
    glossary = traitlets.Dict().tag(sync=True)

    def __init__(self, vs: Union[str, Sequence[str]] = "tips", players: int = 2, preset: str = "podkidnoy",
                 seat: Union[int, str] = 0, seed: Optional[int] = None, coach: bool = False,
                 speed: str = "normal", humans: int = 1, save_dir: Optional[str] = None, redeal: bool = False,
                 student: Optional[str] = None, class_dir: Optional[str] = None, deal: Optional[str] = None,
                 language: Optional[str] = None, **kwargs: Any) -> None:
        self.language = language_code(language) if language is not None else None
        #: No language given nor chosen: the browser's language is asked for (``auto_lang``).
        self._auto = language is None and asked_language() is None
        with using(self.language):
            kwargs.setdefault("glossary", glossary_json())
            super().__init__(**kwargs)
            settings = Settings.of(vs=vs, players=players, preset=preset, seat=seat, seed=seed, coach=coach,
                                   speed=speed, humans=humans, redeal=redeal, deal=deal)
            self.control = TableControl(settings, save_dir=save_dir, student=student, class_dir=class_dir)
            self.state = with_language(self.control.state(), self._auto)
        self.on_msg(self._on_msg)

    @property
    def session(self) -> PlaySession:
        """The game being played."""
        return self.control.session

    def handle(self, msg: dict) -> dict:
        """Do what a message of the table's JavaScript asks (see the module's list); return the new state.

        >>> t = PlayTable(seed=5)
        >>> t.handle({"do": "undo"})["feedback"]
        'There is nothing to undo yet.'
        """
        if msg.get("do") in LANGUAGE_MESSAGES:  # the picker, or the browser's languages: the game goes on
            code = language_asked(self, msg)
            if code is not None:
                self.language = code
            with using(self.language):
                self.glossary = glossary_json()
                self.state = with_language(self.control.state(), self._auto)
            return self.state
        with using(self.language):
            state = with_language(self.control.handle(msg), self._auto)
        if self.control.download != self.download:
            self.download = dict(self.control.download)
        self.state = state
        return state

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.handle(content)
