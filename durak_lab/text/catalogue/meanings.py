"""Meanings a template takes: a suit, a rank, a colour, a list.  The words are the language's.

Code never words a meaning itself.  It passes the meaning (``Suit(1)``, ``Rank(12)``,
``Items([...], "and")``) and the template says which form it wants: ``{suit}`` the word's
plain form, ``{suit:one}`` one of them, ``{rank:other}`` several, ``{rank:a}`` with its
article, ``{suit:#count}`` the form whose number agrees with the field ``count`` (``gen#count`` a case of it) (the
forms are named by each language's ``words.json``; a form the word lacks falls back to the
part before the dot, then to ``name``).

Standard library only.

>>> from durak_lab.text.catalogue import say, using
>>> Suit(1).word("one"), Rank(14).word("a"), Rank(7).word("other")
('heart', 'an ace', '7s')
>>> with using("ru"):
...     Suit(0).word("gen.plural")
'пик'
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence, Tuple

from ...engine.cards import SUIT_SYMBOLS
from .languages import language
from .loading import CatalogueError, catalogue

__all__ = ["Meaning", "Suit", "Rank", "Colour", "Word", "Items", "Number", "SUIT_KEYS", "word_forms"]

#: The word keys of the suits, in the engine's order of suits (spades, hearts, diamonds, clubs).
SUIT_KEYS = ("suit.s", "suit.h", "suit.d", "suit.c")


def word_forms(key: str, code: Optional[str] = None) -> dict:
    """The forms of the word ``key`` in language ``code`` (the current one by default)."""
    words = catalogue(code or language()).words
    found = words.get(key)
    if found is None and (code or language()) != "en":
        found = catalogue("en").words.get(key)
    if found is None:
        raise CatalogueError(f"no word {key!r}")
    return found if isinstance(found, dict) else {"name": found}


def _pick(forms: dict, form: str) -> str:
    while form:
        if form in forms:
            return forms[form]
        form = form.rpartition(".")[0]
    return forms["name"]


class Meaning:
    """Something a template words in the chosen language: subclasses name their word's key."""

    __slots__ = ()

    def key(self) -> str:  # pragma: no cover - every subclass has its own
        raise NotImplementedError

    def word(self, form: str = "") -> str:
        """The word in the current language, in ``form`` (``""``: its plain form)."""
        return _pick(word_forms(self.key()), form)

    def __str__(self) -> str:
        return self.word()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.key() == self.key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.key()))


class Word(Meaning):
    """A word of ``words.json`` by its key (``Word("colour.red")``)."""

    __slots__ = ("_key",)

    def __init__(self, key: str) -> None:
        self._key = key

    def key(self) -> str:
        return self._key

    def __repr__(self) -> str:
        return f"Word({self._key!r})"


class Suit(Meaning):
    """A suit by the engine's index (0 spades, 1 hearts, 2 diamonds, 3 clubs; 4 or more: a joker)."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = int(index)

    def key(self) -> str:
        return SUIT_KEYS[self.index] if 0 <= self.index < 4 else "suit.joker"

    def word(self, form: str = "") -> str:
        """The suit's word in ``form``; the form ``symbol`` is its sign in every language (``♥``)."""
        if form == "symbol":
            return SUIT_SYMBOLS[self.index] if 0 <= self.index < 4 else "🃏"
        return super().word(form)

    def __repr__(self) -> str:
        return f"Suit({self.index})"


class Rank(Meaning):
    """A rank by its number (2 … 10, 11 jack, 12 queen, 13 king, 14 ace, 15 and 16 jokers)."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = int(value)

    def key(self) -> str:
        return f"rank.{self.value}" if self.value <= 14 else "rank.joker"

    def __repr__(self) -> str:
        return f"Rank({self.value})"


class Colour(Meaning):
    """A colour of the cards: ``"red"`` or ``"black"``."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = str(name)

    def key(self) -> str:
        return f"colour.{self.name}"

    def __repr__(self) -> str:
        return f"Colour({self.name!r})"


class Number(Meaning):
    """A whole number, in digits or (form ``words``) in words where the language has them."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = int(value)

    def key(self) -> str:
        return "numbers"

    def word(self, form: str = "") -> str:
        if form.startswith("words"):
            names = catalogue(language()).words.get("numbers") or []
            if 0 <= self.value < len(names):
                return names[self.value]
        return str(self.value)

    def __repr__(self) -> str:
        return f"Number({self.value})"


class Items:
    """A list said as a list: ``7♣, 8♣ and A♥`` (``how``: ``"and"`` or ``"or"``).

    Each item is text or a meaning; a form given to the list goes to each of its meanings
    (``{ranks:other}`` with ``Items([Rank(7), Rank(10)])`` says ``7s and 10s``).

    >>> str(Items(["7♣", "8♣", "A♥"])), str(Items(["take", "pass"], "or"))
    ('7♣, 8♣ and A♥', 'take or pass')
    """

    __slots__ = ("items", "how")

    def __init__(self, items: Iterable[Any], how: str = "and") -> None:
        self.items: Tuple[Any, ...] = tuple(items)
        self.how = how

    def word(self, form: str = "") -> str:
        words = [x.word(form) if isinstance(x, (Meaning, Items)) else str(x) for x in self.items]
        return join_list(words, self.how)

    def __str__(self) -> str:
        return self.word()

    def __len__(self) -> int:
        return len(self.items)

    def __repr__(self) -> str:
        return f"Items({list(self.items)!r}, {self.how!r})"


def join_list(words: Sequence[str], how: str = "and") -> str:
    """``words`` joined as the current language joins a list (CLDR's list patterns: ``two``, ``start``,
    ``middle``, ``end``).

    >>> join_list(["a", "b", "c", "d"]), join_list(["a", "b"], "or"), join_list(["a"])
    ('a, b, c and d', 'a or b', 'a')
    """
    words = [str(w) for w in words]
    if len(words) <= 1:
        return words[0] if words else ""
    pattern = word_forms(f"list.{how}")
    if len(words) == 2:
        return pattern["two"].format(words[0], words[1])
    text = pattern["end"].format(words[-2], words[-1])
    for w in reversed(words[1:-2]):
        text = pattern["middle"].format(w, text)
    return pattern["start"].format(words[0], text)
