"""Filling a message in: :func:`say`, the one function every sentence a learner reads comes from.

``say(key, **fields)`` finds ``key`` in the chosen language's catalogue (English where a
language lacks it), picks the plural form its number asks for, and fills the template's
fields: text as it is, numbers in digits, meanings (:mod:`.meanings`) in the form the template
names.  A key or fields that do not fit raise :class:`MessageError`, a programming error never
shown to a learner.

Standard library only.

>>> say("your-turn", seat="P1")
'P1, your turn.'
>>> say("cards-count", count=1), say("cards-count", count=3)
('1 card', '3 cards')
>>> from durak_lab.text.catalogue import using
>>> with using("ru"):
...     [counted(n, "cards") for n in (1, 3, 5)]
['1 карта', '3 карты', '5 карт']
>>> say("no-such-key")
Traceback (most recent call last):
...
durak_lab.text.catalogue.render.MessageError: no message 'no-such-key'
"""

from __future__ import annotations

import string
from typing import Any, Iterator, Mapping, Optional

from ...engine.errors import DurakError
from .languages import language, plural_category
from .loading import catalogue
from .meanings import Items, Meaning, Number, word_forms

__all__ = ["MessageError", "counted", "say", "fields_of", "template_of", "templates", "MESSAGES", "Worded", "direction"]


class MessageError(DurakError, KeyError):
    """A message key that does not exist, or fields that do not fit its template."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def _entry(key: str, code: str) -> Any:
    found = catalogue(code).messages.get(key)
    if found is None and code != "en":
        found = catalogue("en").messages.get(key)
    if found is None:
        raise MessageError(f"no message {key!r}")
    return found


def _texts(entry: Any) -> Iterator[str]:
    if isinstance(entry, str):
        yield entry
    else:
        yield from (text for form, text in entry.items() if form != "by")


def _names(text: str) -> Iterator[str]:
    for _, name, spec, _ in string.Formatter().parse(text):
        if name:
            yield name
        if spec and "#" in spec:
            yield spec.split("#", 1)[1]


def fields_of(key: str, code: Optional[str] = None) -> set:
    """The fields a message needs (in ``code``'s wording; the fields are the same in every language).

    >>> sorted(fields_of("illegal"))
    ['why']
    >>> sorted(fields_of("cards-count"))
    ['count']
    """
    entry = _entry(key, code or language())
    names = {name for text in _texts(entry) for name in _names(text)}
    if isinstance(entry, dict):
        names.add(entry.get("by", "count"))
    return names


def templates(key: str, code: Optional[str] = None) -> list:
    """Every template of ``key`` (one, or one per plural form): what a check of the words reads.

    >>> templates("cards-count")
    ['{count} card', '{count} cards']
    """
    return list(_texts(_entry(key, code or language())))


def template_of(key: str, fields: Mapping[str, Any], code: Optional[str] = None) -> str:
    """The template ``say`` would fill for ``key`` with ``fields`` (the plural form chosen).

    >>> template_of("cards-count", {"count": 1})
    '{count} card'
    """
    code = code or language()
    entry = _entry(key, code)
    if isinstance(entry, str):
        return entry
    by = entry.get("by", "count")
    value = fields.get(by)
    if isinstance(value, Items):
        value = len(value)
    category = plural_category(code, value) if isinstance(value, (int, float)) else "other"
    return entry.get(category, entry["other"])


def counted(n: float, noun: str, code: Optional[str] = None) -> str:
    """The number ``n`` with the counted ``noun`` of ``words.json`` (``count.<noun>``) in its plural form,
    or ``n`` in words (``noun`` ``"words"``): what a template's ``{held:cards}`` says.

    >>> counted(1, "cards"), counted(4, "cards"), counted(3, "words")
    ('1 card', '4 cards', 'three')
    >>> counted(22, "cards", "ru"), counted(2, "cards", "he")
    ('22 карты', 'שני קלפים')
    """
    code = code or language()
    if noun.startswith("words"):
        return Number(int(n)).word(noun) if float(n).is_integer() else str(n)
    forms = word_forms(f"count.{noun}", code)
    category = plural_category(code, n)
    text = forms.get(str(n)) or forms.get(category) or forms["other"]
    return text.format(n)


class _Filler(string.Formatter):
    def __init__(self, code: str, fields: Mapping[str, Any]) -> None:
        self.code = code
        self.fields = fields

    def format_field(self, value: Any, spec: str) -> str:
        form, _, agree = spec.partition("#")
        if agree:
            number = self.fields.get(agree)
            if isinstance(number, Items):
                number = len(number)
            category = plural_category(self.code, number) if isinstance(number, (int, float)) else "other"
            form = f"{form}.{category}" if form else category
        if isinstance(value, (Meaning, Items)):
            return value.word(form)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and form:
            return counted(value, form, self.code)
        if isinstance(value, (list, tuple)):
            return Items(value).word(form)
        if form and not isinstance(value, (int, float)):
            return str(value)  # a form asked of plain text: the text as it is
        return format(value, "" if agree else spec)


def say(key: str, /, **fields: Any) -> str:
    """The sentence ``key`` in the chosen language with its ``fields`` filled in.

    >>> say("illegal", why="9♠ does not beat 8♣.")
    "You can't do that: 9♠ does not beat 8♣."
    >>> say("illegal")
    Traceback (most recent call last):
    ...
    durak_lab.text.catalogue.render.MessageError: message 'illegal' needs why
    """
    code = language()
    need = fields_of(key, code)
    missing = need - set(fields)
    if missing:
        raise MessageError(f"message {key!r} needs {', '.join(sorted(missing))}")
    extra = set(fields) - need
    if extra:
        raise MessageError(f"message {key!r} has no field {', '.join(sorted(extra))}")
    return _Filler(code, fields).vformat(template_of(key, fields, code), (), fields)


def direction(code: Optional[str] = None) -> str:
    """``"rtl"`` for a language written right to left (Hebrew), else ``"ltr"``.

    >>> direction("he"), direction("zh")
    ('rtl', 'ltr')
    """
    return catalogue(code or language()).direction


class Worded(Mapping):
    """A table whose keys are sentences, worded in the chosen language each time it is read.

    Built from message keys at import without wording anything: ``Worded({"speed-slow": 1.0})``
    reads as ``{"slow": 1.0}`` in English and in the language chosen later in its own words.

    >>> table = Worded({"speed-slow": 1.0, "speed-fast": 0.2})
    >>> dict(table), table["slow"]
    ({'slow': 1.0, 'fast': 0.2}, 1.0)
    """

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = dict(values)

    def _now(self) -> dict:
        return {say(key): value for key, value in self._values.items()}

    def __getitem__(self, label: str) -> Any:
        return self._now()[label]

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return repr(self._now())


class _Messages(Mapping):
    """The chosen language's messages by key, read when asked (never at import)."""

    def _table(self) -> dict:
        return catalogue(language()).messages

    def __getitem__(self, key: str) -> Any:
        return _entry(key, language())

    def __contains__(self, key: object) -> bool:
        return key in catalogue("en").messages or key in self._table()

    def __iter__(self) -> Iterator[str]:
        return iter(catalogue("en").messages)

    def __len__(self) -> int:
        return len(catalogue("en").messages)

    def __repr__(self) -> str:
        return f"<messages of {language()!r}: {len(self)} keys>"


#: Every message by key, in the chosen language (a live view, read when asked).
MESSAGES: Mapping = _Messages()
