"""Reading a language's catalogue from its data files, once, the first time it is needed.

Each language is a folder ``durak_lab/text/locales/<code>/`` of JSON files, one per family of
keys (``table.json`` the play table, ``reasons.json`` refused moves, ``lessons.json`` …), plus:

- ``meta.json``: the language's own name, its direction (``"ltr"`` or ``"rtl"``), its plural
  categories;
- ``words.json``: the words templates take as meanings, each with its forms (a suit, a rank, a
  colour: ``{"name": "spades", "one": "spade"}``), how a list is joined, numbers in words.

A message is a template (``"{seat}, your turn."``) or, where a number changes the words, one
template per plural category of the language (``{"one": "1 card", "other": "{count} cards"}``),
chosen by the field named in ``"by"`` (``count`` when it is left out).

Why JSON and not gettext's ``.po``: the catalogue must load in JupyterLite with the standard
library alone (``gettext`` reads only compiled ``.mo`` files, and Babel is not there); a message
here takes named meanings with grammatical forms (a suit in the genitive plural, a rank with its
article), which ``.po``'s one-integer plural cannot express; and translation platforms read
nested JSON of this shape (i18next-style plural objects) as well as they read ``.po``.

Standard library only.
"""

from __future__ import annotations

import json
import threading
from importlib.resources import files
from typing import Any, Dict, Tuple

from .languages import LANGUAGES, PLURAL_CATEGORIES, LanguageError, language_code

__all__ = ["Catalogue", "catalogue", "FAMILIES", "CatalogueError"]

#: The families of keys: one data file each.  A key lives in exactly one of them.
FAMILIES = ("table", "narration", "reasons", "errors", "review", "lessons", "player", "stepper", "teacher", "widgets",
            "explain", "figures", "glossary", "terms", "sheet", "examples", "puzzles", "board", "live")

_lock = threading.Lock()
_loaded: Dict[str, "Catalogue"] = {}


class CatalogueError(LanguageError):
    """A locale's data that does not fit the catalogue (a programming or translation error)."""


class Catalogue:
    """One language's messages, words and facts, as read from its files."""

    def __init__(self, code: str, meta: dict, messages: dict, words: dict, families: Dict[str, tuple]) -> None:
        self.code = code
        self._families = families
        self.meta = meta
        self.messages = messages
        self.words = words
        self.direction: str = meta.get("dir", "ltr")
        self.plurals: Tuple[str, ...] = tuple(PLURAL_CATEGORIES[code])

    def family(self, name: str) -> dict:
        """The messages of one family (one data file), by key: ``catalogue("en").family("reasons")``."""
        return {key: self.messages[key] for key in self._families.get(name, ())}

    def __repr__(self) -> str:
        return f"<Catalogue {self.code}: {len(self.messages)} messages>"


def _read(code: str, name: str) -> Any:
    path = files("durak_lab.text") / "locales" / code / f"{name}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        return json.loads(text)
    except ValueError as err:
        raise CatalogueError(f"locales/{code}/{name}.json is not JSON: {err}") from None


def _check_message(code: str, key: str, value: Any, plurals: Tuple[str, ...]) -> None:
    if isinstance(value, str):
        return
    if not isinstance(value, dict) or "other" not in value:
        raise CatalogueError(f"{code}: message {key!r} must be a text or plural forms with 'other'")
    for form, text in value.items():
        if form == "by":
            if not isinstance(text, str):
                raise CatalogueError(f"{code}: message {key!r}: 'by' names a field")
        elif form not in plurals or not isinstance(text, str):
            raise CatalogueError(f"{code}: message {key!r}: {form!r} is not a plural category of {code} "
                                 f"({', '.join(plurals)})")


def _load(code: str) -> Catalogue:
    meta = _read(code, "meta")
    if not isinstance(meta, dict):
        raise CatalogueError(f"the catalogue has no language {code!r}")
    plurals = tuple(PLURAL_CATEGORIES[code])
    messages: dict = {}
    families: Dict[str, tuple] = {}
    for family in FAMILIES:
        table = _read(code, family)
        if table is None:
            continue
        if not isinstance(table, dict):
            raise CatalogueError(f"locales/{code}/{family}.json must hold an object of keys")
        for key, value in table.items():
            if key in messages:
                raise CatalogueError(f"{code}: message {key!r} is in two files")
            _check_message(code, key, value, plurals)
            messages[key] = value
        families[family] = tuple(table)
    words = _read(code, "words")
    if not isinstance(words, dict):
        raise CatalogueError(f"locales/{code}/words.json is missing")
    return Catalogue(code, meta, messages, words, families)


def catalogue(code: str) -> Catalogue:
    """The catalogue of the language ``code``, read from its files the first time.

    >>> catalogue("en").direction, catalogue("he").direction
    ('ltr', 'rtl')
    """
    code = language_code(code)
    found = _loaded.get(code)
    if found is None:
        with _lock:
            found = _loaded.get(code)
            if found is None:
                found = _loaded[code] = _load(code)
    return found


def available() -> Tuple[str, ...]:
    """The languages whose files are present (all of :data:`LANGUAGES` in a full install)."""
    return tuple(code for code in LANGUAGES if _read(code, "meta") is not None)
