"""The stepper's language picker: the same game at the same step, worded in another language.

The picker ``dl-language`` is a Dropdown of the languages, each named in itself (English,
Русский, עברית …). Choosing one words the whole stepper anew: its controls, the examples'
names, the narration, the reasons and the rules' titles; the example, the step, the seat it is
seen by, the four-colour deck, **Judge** and the games opened from files stay as they were.
(Guess the move starts again: its panel is made anew.)  The controls are made anew, so a widget
around the stepper that watches them (the trumps widget) is told, with the new language's code,
through :attr:`Stepper.language_listeners`.

Presentation layer: needs ipywidgets 8.

>>> from durak_lab.widgets import Stepper
>>> s = Stepper("EX-ZH-BOUT", folder=None)
>>> s.next(); s.next()
>>> s.language_picker.value = "fi"
>>> s.index, s.step_label.value, s.next_button.description
(2, 'Askel 2/12', 'Seuraava')
>>> s.language_picker.value = "en"; s.step_label.value
'Step 2 of 12'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from ...engine.records.record import Record
from ...text.catalogue import direction, language, language_code, using
from ..language import language_picker as picker_of
from .view import close_tree, example_label

if TYPE_CHECKING:  # pragma: no cover
    from .widget import Stepper

__all__ = ["language_picker", "switch_language", "mark_direction"]


def language_picker(stepper: "Stepper") -> widgets.Dropdown:
    """The Dropdown that chooses ``stepper``'s language (its CSS class ``dl-language``)."""
    return picker_of(lambda code: switch_language(stepper, code))


def mark_direction(stepper: widgets.DOMWidget) -> None:
    """Give ``stepper`` the CSS class ``dl-rtl`` when the language in use reads right to left (Hebrew:
    cards and seats stay isolated), and take it away otherwise.

    >>> from durak_lab.text.catalogue import using
    >>> box = widgets.VBox()
    >>> with using("he"): mark_direction(box)
    >>> box._dom_classes
    ('dl-rtl',)
    >>> with using("en"): mark_direction(box)
    >>> box._dom_classes
    ()
    """
    if direction() == "rtl":
        stepper.add_class("dl-rtl")
    else:
        stepper.remove_class("dl-rtl")


def switch_language(stepper: "Stepper", code: str) -> None:
    """Word ``stepper`` in the language ``code``, keeping its game, its step and its settings."""
    code = language_code(code)
    with using(stepper.language):
        if code == language():
            return
    shown = stepper.example.value
    labels = dict((key, label) for label, key in stepper.example.options)
    opened = [(key, rec) for key, rec in stepper._records.items() if key.startswith("record-")]
    current = stepper._records.get(shown) if shown is not None else None
    index, viewer = stepper.index, stepper.viewer
    four, judge, folder = stepper.four_colour.value, stepper.judge.value, stepper.opener.folder
    old = list(stepper.children)

    stepper.language = code
    with using(code):
        # the game shown first (a file's game by its record), then the other games opened from files
        first = current if shown is not None and shown.startswith("record-") else shown
        stepper._build(first, four, viewer, judge, folder)
        for key, rec in opened:
            if rec is not current:
                stepper._add(rec, example_label(rec) if (rec.title or rec.id) else labels.get(key, key))
    close_tree(*old)
    if isinstance(first, Record) or shown is not None:
        stepper.go(min(index, len(stepper.frames) - 1))
    for listener in list(stepper.language_listeners):  # a widget around the stepper words itself anew
        listener(code)
