"""Which language the learner reads: :func:`set_language`, :func:`language`, :func:`using`.

Six languages are offered: English, and the languages of Durak's sources and home — Russian,
Hebrew, Korean, Chinese (simplified) and Finnish.  The language is chosen, most specific first:

1. inside ``with using("fi"):`` (one context: a thread, a task, a widget's redraw);
2. by :func:`set_language` (the whole kernel: ``durak_lab.set_language("he")``);
3. by the environment variable ``DURAK_LAB_LANG``;
4. by the system's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``);
5. English.

A widget that was given no language follows the learner's browser (its ``navigator.languages``)
when none of 1 to 3 chose one (:func:`asked_language` is None): on a class's shared server the
server's locale says nothing about the student.

A language is named by its code (``he``), or by a locale name (``he_IL.UTF-8``, ``zh-Hans-CN``,
``iw`` the old code of Hebrew): :func:`language_code` reads them all, and says which codes exist
when it cannot.

Standard library only.

>>> language_code("he_IL.UTF-8"), language_code("zh-Hans-CN"), language_code("FI")
('he', 'zh', 'fi')
>>> with using("ko"):
...     language()
'ko'
>>> language_code("klingon")
Traceback (most recent call last):
...
durak_lab.text.catalogue.languages.LanguageError: there is no language 'klingon': choose one of en, ru, he, ko, zh, fi
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from typing import Iterator, Optional

from ...engine.errors import DurakError
from ...engine.reading import brief

__all__ = ["LANGUAGES", "LanguageError", "language", "language_code", "set_language", "using", "system_language",
           "asked_language", "plural_category", "PLURAL_CATEGORIES"]

#: The languages the catalogue holds, English first.
LANGUAGES = ("en", "ru", "he", "ko", "zh", "fi")

#: Old or other codes of the same languages (ISO 639 changed Hebrew's; Chinese has script tags).
_ALIASES = {"iw": "he", "zh-hans": "zh", "zh-cn": "zh", "zh-sg": "zh", "kor": "ko", "rus": "ru", "fin": "fi",
            "heb": "he", "zho": "zh", "chi": "zh", "eng": "en"}

#: The plural categories each language has, as the Unicode CLDR gives them for whole numbers and
#: fractions: English and Finnish one/other, Russian one/few/many/other, Hebrew one/two/other,
#: Korean and Chinese other only.
PLURAL_CATEGORIES = {"en": ("one", "other"), "fi": ("one", "other"), "ru": ("one", "few", "many", "other"),
                     "he": ("one", "two", "other"), "ko": ("other",), "zh": ("other",)}


class LanguageError(DurakError, ValueError):
    """A language the catalogue does not hold (the message names the ones it does)."""


_chosen: Optional[str] = None
_context: contextvars.ContextVar = contextvars.ContextVar("durak_lab_language", default=None)


def language_code(name: str) -> str:
    """The catalogue's code for a language or locale name (``"he_IL.UTF-8"`` → ``"he"``).

    >>> language_code("ru_RU"), language_code("en-GB"), language_code("iw")
    ('ru', 'en', 'he')
    """
    if not isinstance(name, str) or not name.strip():
        raise LanguageError(f"there is no language {brief(name)}: choose one of {', '.join(LANGUAGES)}")
    text = name.strip().split(".")[0].split("@")[0].replace("_", "-").lower()
    if text in LANGUAGES:
        return text
    if text in _ALIASES:
        return _ALIASES[text]
    parts = text.split("-")
    if "-".join(parts[:2]) in _ALIASES:
        return _ALIASES["-".join(parts[:2])]
    if parts[0] in LANGUAGES:
        return parts[0]
    if parts[0] in _ALIASES:
        return _ALIASES[parts[0]]
    shown = name if len(name) <= 40 else name[:40] + "..."
    raise LanguageError(f"there is no language {shown!r}: choose one of {', '.join(LANGUAGES)}")


def system_language() -> str:
    """The language ``DURAK_LAB_LANG`` or the system's locale asks for, or ``"en"``.

    A locale the catalogue does not hold (``de_DE``, ``C``, ``POSIX``) gives English.
    """
    asked = os.environ.get("DURAK_LAB_LANG", "").strip()
    if asked:
        return language_code(asked)  # a wrong value here is the user's own choice: say so
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        for part in value.split(":"):
            try:
                return language_code(part)
            except LanguageError:
                continue
    return "en"


def asked_language() -> Optional[str]:
    """The language someone asked for (:func:`using`, :func:`set_language`, ``DURAK_LAB_LANG``), or
    None when only the system's locale or the default speaks: then a widget may follow the language
    of the learner's browser instead, the server's locale being nobody's choice on a shared server.

    >>> with using("ko"):
    ...     asked_language()
    'ko'
    """
    here = _context.get()
    if here is not None:
        return here
    if _chosen is not None:
        return _chosen
    asked = os.environ.get("DURAK_LAB_LANG", "").strip()
    return language_code(asked) if asked else None


def set_language(name: Optional[str]) -> str:
    """Choose the language of every sentence from now on; ``None`` goes back to the system's.

    Returns the code chosen.  The catalogue of a language is read the first time it is used.

    >>> set_language("fi")
    'fi'
    >>> language()
    'fi'
    >>> set_language(None) == system_language()
    True
    """
    global _chosen
    _chosen = None if name is None else language_code(name)
    return language()


def language() -> str:
    """The code of the language sentences are worded in now (see the module's order of choice)."""
    here = _context.get()
    if here is not None:
        return here
    if _chosen is not None:
        return _chosen
    return system_language()


@contextlib.contextmanager
def using(name: Optional[str]) -> Iterator[str]:
    """Word sentences in ``name`` inside the ``with`` block only (``None``: leave the language as it is).

    >>> with using("he"):
    ...     with using(None):
    ...         language()
    'he'
    """
    if name is None:
        yield language()
        return
    token = _context.set(language_code(name))
    try:
        yield _context.get()
    finally:
        _context.reset(token)


def plural_category(code: str, n: object) -> str:
    """The CLDR plural category of the number ``n`` in language ``code``.

    Whole numbers and fractions (a percentage like 2.5 is "other" in every language but Hebrew's
    and Russian's own rules, which this follows).

    >>> [plural_category("ru", n) for n in (1, 2, 5, 11, 21, 22, 25, 1.5)]
    ['one', 'few', 'many', 'many', 'one', 'few', 'many', 'other']
    >>> [plural_category("he", n) for n in (1, 2, 3, 10, 0)]
    ['one', 'two', 'other', 'other', 'other']
    >>> plural_category("en", 1), plural_category("fi", 0), plural_category("zh", 1)
    ('one', 'other', 'other')
    """
    if isinstance(n, bool) or not isinstance(n, (int, float)):
        raise TypeError(f"a plural needs a number, not {type(n).__name__}")
    whole = float(n).is_integer()
    i = abs(int(n))
    if code in ("en", "fi"):
        return "one" if whole and i == 1 else "other"
    if code == "he":
        if whole and i == 1:
            return "one"
        return "two" if whole and i == 2 else "other"
    if code == "ru":
        if not whole:
            return "other"
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    return "other"
