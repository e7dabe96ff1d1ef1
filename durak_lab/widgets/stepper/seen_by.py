"""The stepper's "Seen by" picker: whose view of the game the table shows.

The Dropdown ``dl-seen-by`` offers "everyone" (every hand face up) and one choice per seat of the
record shown (P1, P2 …: that seat's view, the other hands face down, and only that seat's own
possible moves).  Its choices follow the record (:func:`sync_seen_by`); choosing a seat sets
:attr:`Stepper.viewer <durak_lab.widgets.stepper.Stepper.viewer>` (:func:`set_viewer`), which draws
every frame anew.

Presentation layer: needs ipywidgets 8.

>>> from durak_lab.widgets import Stepper
>>> s = Stepper("EX-KO-1", folder=None)
>>> [label for label, _ in s.seen_by.options], s.seen_by.value
(['everyone (all hands face up)', 'P1', 'P2'], -1)
>>> s.seen_by.value = 1; s.viewer
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import ipywidgets as widgets

from ...engine.moves import seat_text
from ...text.messages import say

if TYPE_CHECKING:  # pragma: no cover
    from .widget import Stepper

__all__ = ["seen_by_dropdown", "sync_seen_by", "set_viewer"]

#: The value of the "everyone" choice (every hand face up).
EVERYONE = -1


def seen_by_dropdown() -> widgets.Dropdown:
    """The "Seen by" Dropdown (its CSS class ``dl-seen-by``), with "everyone" chosen.

    >>> seen_by_dropdown().options
    (('everyone (all hands face up)', -1),)
    """
    box = widgets.Dropdown(options=[(say("stepper-everyone"), EVERYONE)], value=EVERYONE,
                           description=say("stepper-seen-by"),
                           layout=widgets.Layout(width="auto", margin="2px 0 2px 18px"),
                           style={"description_width": "initial"})
    box.add_class("dl-seen-by")
    return box


def sync_seen_by(stepper: "Stepper") -> None:
    """The "Seen by" choices for the seats of ``stepper``'s record, showing its viewer (a seat the
    record does not have: "everyone"), without the change being taken as a click."""
    players = stepper.record.rules.players if stepper.record is not None else 0
    options = [(say("stepper-everyone"), EVERYONE)] + [(seat_text(s), s) for s in range(players)]
    viewer = stepper.viewer
    want = viewer if viewer is not None and viewer < players else EVERYONE
    quiet, stepper._quiet = stepper._quiet, True
    try:
        if list(stepper.seen_by.options) != options:
            stepper.seen_by.options = options
        stepper.seen_by.value = want
    finally:
        stepper._quiet = quiet


def set_viewer(stepper: "Stepper", seat: Optional[int]) -> None:
    """Show ``stepper``'s game as ``seat`` sees it (None: every hand face up): the picker, the guess
    panel and every frame follow."""
    if seat == stepper._viewer:
        return
    stepper._viewer = seat
    sync_seen_by(stepper)
    stepper.guess.set_viewer()
    stepper._redraw()
