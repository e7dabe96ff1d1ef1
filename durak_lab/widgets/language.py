"""The language a widget speaks: what its state tells the browser, and the picker's choices.

Every widget words its sentences in the language the learner chose on it (its ``language``
option or its picker), else in :func:`durak_lab.set_language`'s; the browser is told the
language's code and direction, so a Hebrew page reads right to left.

Presentation layer (standard library and the text layer only).

>>> state = with_language({"status": "P1, your turn."})
>>> state["lang"], state["dir"], state["languages"][2]
('en', 'ltr', ['he', 'עברית'])
>>> browser_language(["de-DE", "he-IL", "en-US"]), browser_language(["de", 7])
('he', None)

A widget given no language, where nobody chose one (:func:`~durak_lab.text.catalogue.asked_language`
is None), asks the browser (``"auto_lang"`` in its state): the browser answers with its
``navigator.languages``, and the widget speaks the first one the catalogue holds.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional

from ..text.catalogue import LANGUAGES, LanguageError, catalogue, direction, language, language_code, using

__all__ = ["with_language", "worded_answer", "language_choices", "browser_language", "language_asked", "language_picker",
           "LANGUAGE_MESSAGES", "MAX_BROWSER_LANGUAGES"]

#: The front end's messages about the language: the picker's choice, and the browser's own languages.
LANGUAGE_MESSAGES = ("language", "browser-language")

#: How many of the browser's languages are looked at (a browser lists a handful).
MAX_BROWSER_LANGUAGES = 20


def language_choices() -> List[list]:
    """``[[code, the language's own name], …]``: each language named in itself, for a picker."""
    return [[code, catalogue(code).meta.get("name", code)] for code in LANGUAGES]


def with_language(state: dict, auto: bool = False) -> dict:
    """``state`` with the language it is worded in: ``lang``, ``dir`` and the picker's ``languages``;
    ``auto``: the widget asks the browser for its language (``auto_lang``)."""
    return {**state, "lang": language(), "dir": direction(), "languages": language_choices(), "auto_lang": auto}


def browser_language(names: Any) -> Optional[str]:
    """The first of the browser's languages (``["fi-FI", "en"]``) that the catalogue holds, or None."""
    if not isinstance(names, (list, tuple)):
        return None
    for name in names[:MAX_BROWSER_LANGUAGES]:
        if isinstance(name, str) and len(name) <= 40:
            try:
                return language_code(name)
            except LanguageError:
                continue
    return None


def language_asked(widget: Any, msg: dict) -> Optional[str]:
    """The language a front end's message asks ``widget`` to speak from now on, or None (no change):
    ``{"do": "language", "lang": "he"}`` (its picker), ``{"do": "browser-language", "langs": [...]}``
    (the browser's languages, heeded only while the widget asks for them).  Either ends the asking
    (the widget's ``_auto``): the browser is asked once, and a learner's pick stands.

    >>> class W: _auto = True
    >>> w = W(); language_asked(w, {"do": "browser-language", "langs": ["fi-FI"]}), w._auto
    ('fi', False)
    >>> language_asked(w, {"do": "browser-language", "langs": ["he"]})  # asked once: no more
    >>> language_asked(w, {"do": "language", "lang": "x"}) is None
    True
    """
    asked_browser = msg.get("do") == "browser-language"
    code = None
    if asked_browser and getattr(widget, "_auto", False):
        code = browser_language(msg.get("langs"))
    elif not asked_browser:
        try:
            code = language_code(str(msg.get("lang", "")))
        except LanguageError:
            return None
    widget._auto = False
    return code


def language_picker(on_pick: Callable[[str], None]) -> Any:
    """An ipywidgets Dropdown of the languages, each named in itself, set to the chosen language
    (CSS class ``dl-language``); choosing one calls ``on_pick(code)``.  For the ipywidgets widgets
    (the stepper, the cover widget …); the anywidget ones draw their own picker."""
    import ipywidgets as widgets  # the presentation layer's; imported here, so this module needs none

    choices = language_choices()
    picker = widgets.Dropdown(options=[(name, code) for code, name in choices], value=language(),
                              tooltip=" · ".join(name for _code, name in choices),
                              layout=widgets.Layout(width="auto", margin="2px 0 2px 18px"))
    picker.add_class("dl-language")
    picker.observe(lambda change: on_pick(change["new"]) if change.get("new") else None, names="value")
    return picker


def worded_answer(widget: Any, msg: Any, control: Any) -> dict:
    """The new state of a widget whose ``control`` holds its model (the analysis board's, the live
    helper's): a language message (:data:`LANGUAGE_MESSAGES`) changes ``widget.language`` and words the
    same picture anew; any other message goes to ``control.handle``; either is worded in the widget's
    language, with :func:`with_language`'s fields.

    >>> class Control:
    ...     def state(self): return {"n": 0}
    ...     def handle(self, msg): return {"n": 1}
    >>> class W: language, _auto = None, True
    >>> w = W()
    >>> worded_answer(w, {"do": "language", "lang": "fi"}, Control())["lang"], w.language
    ('fi', 'fi')
    >>> worded_answer(w, {"do": "go"}, Control())["n"], w.language
    (1, 'fi')
    """
    if isinstance(msg, dict) and msg.get("do") in LANGUAGE_MESSAGES:
        code = language_asked(widget, msg)
        if code is not None:
            widget.language = code
        with using(widget.language):
            return with_language(control.state(), widget._auto)
    with using(widget.language):
        return with_language(control.handle(msg), widget._auto)
