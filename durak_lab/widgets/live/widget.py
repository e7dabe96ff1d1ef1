"""The live helper in the notebook: follow a real game from your seat and see your chances.

:class:`LiveHelper` is an anywidget.  Python owns the game (a
:class:`~durak_lab.widgets.live.control.LiveControl` over a
:class:`~durak_lab.session.live.LiveGame`) and sends the browser one JSON trait, ``state``
(:func:`~durak_lab.widgets.live.state.live_state`): only what your seat knows.  The JavaScript
(``static/live_helper.js``, styled by ``static/live_helper.css``) draws it and sends each click back as
a custom message.  The thinking is paced by the browser, as on the analysis board: after a redraw that
says ``thinking`` it asks for one more piece (``{"do": "think", "key": …}``).

UI contract (for browser tests and styling):

* root ``div.dl-live`` with ``data-serial``, ``data-phase`` (``setup``/``play``), ``data-waiting``
  (``you``, ``other``, ``draw``, ``over`` or empty), ``data-asking`` ("P2") and ``data-thinking``
  (``yes``/``no``); ``select.dl-language``; ``.dl-lv-feedback`` (live) with ``data-kind``;
* the setup, ``.dl-lv-setup``: the selects ``.dl-lv-game``, ``.dl-lv-players``, ``.dl-lv-seat``,
  ``.dl-lv-leader``; ``button.dl-lv-target`` (``data-place`` ``hand``/``trump``/``shown``: the trump the leader showed, R7; ``aria-pressed``); the deck
  as ``button.dl-lv-deck-card`` (``data-card``, ``data-place`` ``hand``/``trump``/``shown``/empty, ``aria-label``);
  ``.dl-lv-picked``; ``button.dl-lv-start`` and ``button.dl-lv-clear``;
* the game: ``.dl-lv-prompt`` (``role=status``); ``.dl-lv-felt`` with ``.dl-lv-seat-row`` per seat
  (``data-seat``) and its ``.dl-card`` s and ``.dl-lv-hidden`` (``data-count``), ``.dl-lv-table``, ``.dl-lv-talon``; ``.dl-lv-who`` with
  ``button.dl-lv-who-seat`` (``data-seat``, ``aria-pressed``); ``.dl-lv-their-cards`` with
  ``button.dl-lv-their-card`` (``data-card``), ``button.dl-lv-plain`` and ``button.dl-lv-option``
  (``data-move``); ``.dl-lv-my-moves`` with ``button.dl-lv-my-move`` (``data-move``, ``data-best``) each
  with its ``.dl-lv-value``; ``.dl-lv-draw`` with ``button.dl-lv-draw-card`` (``data-card``,
  ``aria-pressed``) and ``button.dl-lv-drew``; ``.dl-lv-eval`` (``aria-live``) with ``.dl-lv-sentence`` and
  ``.dl-lv-bar``; ``.dl-lv-trumps``; ``button.dl-lv-undo`` and ``button.dl-lv-new``.

Messages (``{"do": …}``; :meth:`LiveHelper.handle` takes the same dicts): ``setup-rules`` (``preset``,
``players``), ``setup-seat`` / ``setup-leader`` (``seat``: "P2"), ``setup-target`` (``place``),
``setup-card`` (``card``), ``setup-clear``, ``start``; ``who`` (``seat``), ``card`` (``card``: the card the
asked seat played), ``move`` (``move``: its text), ``draw-card`` (``card``), ``drew``, ``undo``, ``think``
(``key``), ``new``; ``language`` / ``browser-language``.

Presentation layer: needs anywidget and traitlets, neither pandas nor numpy.

>>> w = LiveHelper(playouts=40)
>>> w.state["phase"], len(w.state["setup"]["cards"])
('setup', 36)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import anywidget
import traitlets

from ...text.catalogue import asked_language, language_code, using
from ..language import with_language, worded_answer
from .control import LiveControl

__all__ = ["LiveHelper"]

_STATIC = Path(__file__).parent.parent / "static"


class LiveHelper(anywidget.AnyWidget):
    """The live helper (see the module): ``preset``, ``players``, ``seat`` and ``leader`` preset the
    setup's choices; ``language``; ``seed`` and ``playouts`` are
    :class:`~durak_lab.widgets.live.control.LiveControl`'s."""

    _esm = _STATIC / "live_helper.js"
    _css = _STATIC / "live_helper.css"
    state = traitlets.Dict().tag(sync=True)

    def __init__(self, preset: str = "podkidnoy", players: int = 2, seat: int = 0, leader: int = 0, *,
                 language: Optional[str] = None, seed: int = 0, playouts: Optional[int] = None,
                 **kwargs: Any) -> None:
        self.language = language_code(language) if language is not None else None
        self._auto = language is None and asked_language() is None
        with using(self.language):
            super().__init__(**kwargs)
            self.control = LiveControl(preset, players, seat, leader, seed=seed, playouts=playouts)
            self.state = with_language(self.control.state(), self._auto)
        self.on_msg(self._on_msg)

    def handle(self, msg: dict) -> dict:
        """Do what a message of the page asks (see the module's list); return the new state."""
        self.state = worded_answer(self, msg, self.control)
        return self.state

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.handle(content)
