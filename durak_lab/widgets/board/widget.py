"""The analysis board in the notebook: open a game or a position, try moves, see how good each is.

:class:`AnalysisBoard` is an anywidget.  Python owns the board (a
:class:`~durak_lab.widgets.board.control.BoardControl`) and sends the browser one JSON trait,
``state`` (:func:`~durak_lab.widgets.board.state.board_state`): "from my seat" exactly what that seat
knows.  The JavaScript (``static/analysis_board.js``, styled by ``static/analysis_board.css``) draws it
and sends each click back as a custom message.  The thinking is paced by the browser: after each
redraw that says ``thinking``, it asks for one more piece (``{"do": "think", "node": id}``), so the
first figure shows within a second of a click, the figures sharpen while one looks, and no thread
is needed (JupyterLab, Voila and JupyterLite alike).

UI contract (for browser tests and styling):

* root ``div.dl-board`` with ``data-serial``, ``data-node`` (the node shown), ``data-ply``,
  ``data-mode`` (``seat`` or ``open``), ``data-seat`` ("P1") and ``data-thinking`` (``yes``/``no``);
* ``.dl-bd-open`` (details "Open"): ``select.dl-bd-example`` and ``select.dl-bd-game`` with
  ``button.dl-bd-open-go``, ``input.dl-bd-file`` (a record file from the computer);
* ``.dl-bd-modes``: ``button.dl-bd-mode`` with ``data-mode`` ``seat``/``open`` (``aria-pressed``),
  ``select.dl-bd-seat``; ``select.dl-language``;
* ``.dl-bd-felt``: ``.dl-bd-seat-row`` per seat (``data-seat``, ``data-role``, class ``dl-acting``)
  with its face-up ``button.dl-card`` s (``data-card``, ``aria-label``) and ``.dl-bd-hidden`` (a count);
  ``.dl-bd-table`` pairs; ``.dl-bd-talon`` (the trump card and counts); ``.dl-bd-status``;
* ``.dl-bd-nav``: ``button.dl-bd-nav-btn`` with ``data-do`` ``start``/``back``/``forward``/``end``
  (the arrow keys, Home and End do the same while the board has the focus);
* ``.dl-bd-eval`` (``aria-live``): ``.dl-bd-sentence``, ``.dl-bd-bar`` with ``data-outcome``
  segments; ``.dl-bd-moves``: ``button.dl-bd-move`` (``data-move``, ``data-best``) each with its
  ``.dl-bd-value``; ``.dl-bd-best-line``; ``.dl-bd-trumps``; ``.dl-bd-tree`` (nested ``details``);
* ``.dl-bd-lines``: the main line and its variations, ``button.dl-bd-node`` (``data-node``,
  ``aria-current``); ``.dl-bd-comment`` (``textarea`` and ``button.dl-bd-comment-save``);
  ``button.dl-bd-delete``, ``button.dl-bd-promote``; ``button.dl-bd-save`` and ``a.dl-bd-download``;
* ``.dl-bd-feedback`` (live) with ``data-kind`` (``illegal``, ``info``);
* ``details.dl-bd-setup`` ("Set up a position"): the selects ``.dl-bd-setup-preset``, ``-players``,
  ``-seat``, ``-leader``, ``-defender``, ``-suit``; ``button.dl-bd-setup-target`` (``data-place``: "P1" …,
  ``attack``, ``cover``, ``discard``, ``trump``, ``unknown``; ``aria-pressed``); the deck as
  ``button.dl-bd-setup-card`` (``data-card``, ``data-place``, ``aria-label`` "6 of hearts: P1's hand");
  ``.dl-bd-setup-count`` per other seat (``data-seat``) with ``button.dl-bd-setup-less``/``-more`` and an
  ``output``; ``.dl-bd-setup-counts`` (the talon, the cards not placed); ``button.dl-bd-setup-analyse``,
  ``-clear``, ``-from``.

Messages (``{"do": …}``; :meth:`AnalysisBoard.handle` takes the same dicts): ``go`` (``node``),
``start``, ``back``, ``forward``, ``end``, ``play`` (``move``: its text), ``delete``, ``promote``,
``comment`` (``text``), ``mode`` (``open``: true/false), ``seat`` (``seat``: "P2"), ``think``
(``node``), ``open`` (``example``, ``game`` or ``upload``: ``{"name", "content"}``), ``save``,
``hello`` (``student``), ``language`` / ``browser-language``; the setup's ``setup-target`` (``place``),
``setup-card`` (``card``), ``setup-hidden`` (``seat``, ``count``), ``setup-roles`` (``leader``,
``defender``), ``setup-seat`` (``seat``), ``setup-suit`` (``suit``: 0 to 3), ``setup-rules`` (``preset``,
``players``), ``setup-clear``, ``setup-from-board`` and ``setup-analyse``
(:mod:`durak_lab.widgets.board.setup`).

Presentation layer: needs anywidget and traitlets, neither pandas nor numpy.

>>> b = AnalysisBoard("EX-KO-1", at=1, playouts=60)
>>> b.state["ply"], b.state["seat"], [m["move"] for m in b.state["moves"]]   # the game's next move: P1's
(1, 'P2', ['P1 cover 7♦ with Q♦'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Union

import anywidget
import traitlets

from ...engine.records import Record
from ...text.catalogue import asked_language, language_code, using
from ..language import with_language, worded_answer
from .control import BoardControl

__all__ = ["AnalysisBoard"]

_STATIC = Path(__file__).parent.parent / "static"


class AnalysisBoard(anywidget.AnyWidget):
    """The analysis board (see the module): ``what`` to open (a record, an example's id such as
    ``"EX-KO-1"``, a position, a position text, with ``?N`` for unknown cards, or None for a new deal),
    ``at`` (the main line's move to show first), ``seat`` (whose knowledge counts), ``open`` (all cards
    open), ``language``; the other options are :class:`~durak_lab.widgets.board.control.BoardControl`'s."""

    _esm = _STATIC / "analysis_board.js"
    _css = _STATIC / "analysis_board.css"
    state = traitlets.Dict().tag(sync=True)
    download = traitlets.Dict().tag(sync=True)

    def __init__(self, what: Any = None, *, at: Optional[int] = None, seat: Union[int, str, None] = None,
                 open: bool = False, language: Optional[str] = None, seed: int = 0,
                 playouts: Optional[int] = None, save_dir: Optional[str] = None, student: Optional[str] = None,
                 class_dir: Optional[str] = None, **kwargs: Any) -> None:
        self.language = language_code(language) if language is not None else None
        self._auto = language is None and asked_language() is None
        with using(self.language):
            super().__init__(**kwargs)
            self.control = BoardControl(what, at=at, seat=seat, open=open, seed=seed, playouts=playouts,
                                        save_dir=save_dir, student=student, class_dir=class_dir)
            self.state = with_language(self.control.state(), self._auto)
        self.on_msg(self._on_msg)

    def handle(self, msg: dict) -> dict:
        """Do what a message of the page asks (see the module's list); return the new state."""
        state = worded_answer(self, msg, self.control)
        if self.control.download != self.download:
            self.download = dict(self.control.download)
        self.state = state
        return state

    def record(self) -> Record:
        """The lines as a ``durak-lab/1`` record, variations and comments in it (see
        :meth:`BoardControl.record <durak_lab.widgets.board.control.BoardControl.record>`)."""
        return self.control.record()

    def save(self, path: str) -> str:
        """Write :meth:`record` to ``path`` (a new name if it is taken); return the path written."""
        from ...session.store import write_new

        return write_new(path, self.record().dump() + "\n")

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.handle(content)
