"""The language a widget speaks: what its state tells the browser, and the picker's choices.

Every widget words its sentences in the language the learner chose on it (its ``language``
option or its picker), else in :func:`durak_lab.set_language`'s; the browser is told the
language's code and direction, so a Hebrew page reads right to left.

Presentation layer (standard library and the text layer only).

>>> state = with_language({"status": "P1, your turn."})
>>> state["lang"], state["dir"], state["languages"][2]
('en', 'ltr', ['he', 'עברית'])
"""

from __future__ import annotations

from typing import List

from ..text.catalogue import LANGUAGES, catalogue, direction, language

__all__ = ["with_language", "language_choices"]


def language_choices() -> List[list]:
    """``[[code, the language's own name], …]``: each language named in itself, for a picker."""
    return [[code, catalogue(code).meta.get("name", code)] for code in LANGUAGES]


def with_language(state: dict) -> dict:
    """``state`` with the language it is worded in: ``lang``, ``dir`` and the picker's ``languages``."""
    return {**state, "lang": language(), "dir": direction(), "languages": language_choices()}
