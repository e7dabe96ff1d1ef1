"""Cards, suits, ranks and sets of cards (R1).

A card is a small int, ``suit * 13 + (rank - 2)``: one numbering for every deck
size, so the 36-card deck (6–A) and the 52-card deck (2–A) are bit masks over the
same ids.  :class:`Card` is an ``int`` that prints as ``10♦``; :class:`CardSet` is
a set of cards held in one int mask.  "Which cards beat X under trump T" is a
precomputed mask (:func:`beaters`).

Doker (HE "דוקר", R1) adds up to two jokers, ids 52 (the black joker ``BJ``) and
53 (the red joker ``RJ``), beyond every suit: a joker has no rank of 2..A (its
:attr:`Card.rank` is 15 or 16, matching no other card) and suit 4 (no suit).
``JK``, ``Joker`` and ``🃏`` read as a joker; in a :class:`CardSet` text a
second plain joker is the other one.  :data:`BEATERS` lets a joker cover every
card (the other joker too) and nothing else cover a joker.

Standard library only.

>>> CardSet.parse("JK 🃏 A♠"), Card("RJ").name
(CardSet('A♠ BJ RJ'), 'red joker')
>>> beats(Card("JK"), Card("A♠"), trump=SPADES), beats(Card("A♠"), Card("JK"), trump=SPADES)
(True, False)
>>> Card.parse("10D"), Card.parse("td"), Card.parse("🃇")
(Card('10♦'), Card('10♦'), Card('7♦'))
>>> str(Card.parse("Q♡"))
'Q♥'
>>> hand = CardSet.parse("6♠ 7♥ Q♦")
>>> hand
CardSet('6♠ 7♥ Q♦')
>>> Card.parse("7♥") in hand, len(hand)
(True, 3)
>>> beats(Card.parse("8♠"), Card.parse("10♦"), trump=SPADES)
True
"""

from __future__ import annotations

from typing import Iterable, Iterator, Union

from .errors import CardError

__all__ = [
    "SPADES", "HEARTS", "DIAMONDS", "CLUBS", "SUITS", "SUIT_SYMBOLS", "SUIT_NAMES",
    "RANKS", "RANK_NAMES", "Card", "CardSet", "card", "cards_of", "deck_mask",
    "beats", "beaters", "suit_of", "rank_of", "rank_text", "parse_suit",
    "ranks_mask", "same_ranks", "iter_bits", "popcount", "SUIT_MASKS", "RANK_MASKS", "CARDS", "BEATERS",
    "JOKERS", "JOKER_MASK", "JOKER_MASKS", "is_joker",
]

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
#: The canonical suit symbols, by suit number.
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
#: The suits' English names (plural), by suit number.
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_LETTERS = ("S", "H", "D", "C")
#: Ranks 2..14; 11 = J, 12 = Q, 13 = K, 14 = A.
RANKS = tuple(range(2, 15))
RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
_TEXT_RANK = {v: k for k, v in _RANK_TEXT.items()} | {"T": 10}

#: The jokers of doker (R1): 52 the black joker, 53 the red joker.
JOKERS = (52, 53)
#: The mask of both jokers.
JOKER_MASK = 3 << 52
#: JOKER_MASKS[n] is the mask of a deck's ``n`` jokers (0, 1 or 2).
JOKER_MASKS = (0, 1 << 52, 3 << 52)
_JOKER_TEXT = ("BJ", "RJ")
_JOKER_NAMES = ("black joker", "red joker")
#: Texts read as a joker: the first one, or in a CardSet text the next one not yet given.
_JOKER_ANY = {"JK", "JOKER", "🃏", "★", "*"}
_JOKER_PARSE = {"BJ": 52, "RJ": 53, "🃏": 52, "🂿": 53, "🃟": 53, "JK1": 52, "JK2": 53}

_SUIT_PARSE = {
    "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
    "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS,
    "S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
}

#: Mask of the 13 cards of each suit.
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)
#: Mask of the 4 cards of each rank, indexed by rank (2..14); a joker is a rank of its own (15, 16).
RANK_MASKS = (0, 0) + tuple(sum(1 << (13 * s + r - 2) for s in SUITS) for r in RANKS) + (1 << 52, 1 << 53)
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_LOW13 = (1 << 13) - 1


def suit_of(c: int) -> int:
    """The suit number of card id ``c`` (4 for a joker, which has no suit).

    >>> suit_of(Card.parse("7♦")) == DIAMONDS
    True
    """
    return c // 13


def rank_of(c: int) -> int:
    """The rank (2..14) of card id ``c``; 15 and 16 for the jokers, which match no other card.

    >>> rank_of(Card.parse("A♣")), rank_of(Card.parse("RJ"))
    (14, 16)
    """
    return c % 13 + 2 if c < 52 else c - 37


def is_joker(c: int) -> bool:
    """Is card id ``c`` a joker (doker, R1)?

    >>> is_joker(Card("JK")), is_joker(Card("A♠"))
    (True, False)
    """
    return c >= 52


def rank_text(rank: int) -> str:
    """``'10'``, ``'J'``… for a rank number (``'joker'`` for a joker's 15 or 16).

    >>> rank_text(12), rank_text(15)
    ('Q', 'joker')
    """
    return "joker" if rank in (15, 16) else _RANK_TEXT[rank]


def parse_suit(text: str) -> int:
    """A suit from ``♠``, ``♤``, ``S`` or ``s`` (any of the four).

    >>> parse_suit("♡") == HEARTS
    True
    """
    key = text.strip().replace("\ufe0f", "").upper()
    if key not in _SUIT_PARSE:
        raise CardError(f"{text!r} is not a suit: write ♠ ♥ ♦ ♣ or S H D C", facts={"text": text, "case": "suit"})
    return _SUIT_PARSE[key]


def _glyph_card(ch: str) -> int | None:
    """The card of a Unicode playing-card glyph (U+1F0A1…), or None."""
    cp = ord(ch)
    if not 0x1F0A1 <= cp <= 0x1F0DE:
        return None
    suit, offset = divmod(cp - 0x1F0A0, 16)
    ranks = {1: 14, 11: 11, 13: 12, 14: 13} | {n: n for n in range(2, 11)}
    if offset not in ranks or suit > 3:
        return None
    return suit * 13 + ranks[offset] - 2


def _parse_card_id(text: str) -> int:
    raw = text
    t = text.strip().replace("\ufe0f", "")
    j = t.upper()
    if j in _JOKER_PARSE:
        return _JOKER_PARSE[j]
    if j in _JOKER_ANY:
        return 52
    if len(t) == 1:
        got = _glyph_card(t)
        if got is not None:
            return got
    if len(t) >= 2:
        rank_part, suit_part = t[:-1].upper(), t[-1].upper()
        if rank_part in _TEXT_RANK and suit_part in _SUIT_PARSE:
            return _SUIT_PARSE[suit_part] * 13 + _TEXT_RANK[rank_part] - 2
    raise CardError(
        f"{raw!r} is not a card: write a rank (2-10, J, Q, K, A; T for ten) and a suit "
        "(♠ ♥ ♦ ♣ or S H D C), e.g. 10♦ or TD", facts={"text": raw}
    )


class Card(int):
    """One card: an ``int`` id that prints as ``10♦`` and parses many spellings.

    ``Card(x)`` accepts an id (0..51), a text (``"10♦"``, ``"TD"``, ``"td"``,
    ``"10♢"``, ``"🃊"``) or a Card.

    >>> c = Card("QH")
    >>> c, c.rank, c.suit == HEARTS, c.name
    (Card('Q♥'), 12, True, 'queen of hearts')
    >>> Card(int(c)) is c
    True
    """

    __slots__ = ()

    def __new__(cls, value: Union[int, str, "Card"]) -> "Card":
        if isinstance(value, str):
            return _CARDS[_parse_card_id(value)]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 54:
            raise CardError(f"{value!r} is not a card id (0..51, jokers 52 and 53)")
        if type(value) is Card:
            return value
        try:
            return _CARDS[value]
        except (NameError, IndexError):
            return int.__new__(cls, value)

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read a card from text; raise :class:`CardError` quoting it if it is not one."""
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card text")
        return _CARDS[_parse_card_id(text)]

    @property
    def rank(self) -> int:
        """Rank 2..14 (J=11, Q=12, K=13, A=14); 15 and 16 for the jokers."""
        return self % 13 + 2 if self < 52 else self - 37

    @property
    def suit(self) -> int:
        """Suit number: 0 ♠, 1 ♥, 2 ♦, 3 ♣; 4 for a joker (no suit)."""
        return self // 13

    @property
    def joker(self) -> bool:
        """Is this card a joker (doker, R1)?"""
        return self >= 52

    @property
    def mask(self) -> int:
        """This card as a one-bit mask."""
        return 1 << self

    @property
    def name(self) -> str:
        """The card in words, a text alternative: ``'10 of diamonds'``."""
        if self >= 52:
            return _JOKER_NAMES[self - 52]
        r = self.rank
        return f"{RANK_NAMES.get(r, str(r))} of {SUIT_NAMES[self.suit]}"

    def text(self, ascii: bool = False) -> str:
        """Canonical text ``10♦``, or ``TD`` with ``ascii=True``."""
        if ascii and self < 52:
            r = self.rank
            return ("T" if r == 10 else _RANK_TEXT[r]) + SUIT_LETTERS[self.suit]
        return _STR[self]

    def __str__(self) -> str:
        return _STR[self]

    def __repr__(self) -> str:
        return f"Card('{_STR[self]}')"

    def __format__(self, spec: str) -> str:
        return format(_STR[self], spec)

    def _repr_svg_(self) -> str:  # pragma: no cover - drawn by the presentation layer
        from ..display.render import card_svg  # lazy: the core never loads the renderer

        return card_svg(self)


_STR = tuple(_RANK_TEXT[i % 13 + 2] + SUIT_SYMBOLS[i // 13] for i in range(52)) + _JOKER_TEXT
_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(54))
#: Every card by id: ``CARDS[i] is Card(i)``.
CARDS = _CARDS


def card(text: Union[str, int]) -> Card:
    """Shorthand for :class:`Card`.

    >>> card("A♠")
    Card('A♠')
    """
    return Card(text)


def iter_bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first.

    >>> list(iter_bits(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: Number of cards in a mask (``int.bit_count``, Python 3.10+): ``popcount(0b1011) == 3``.
popcount = int.bit_count


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask as a list, in id order (by suit, then rank).

    >>> cards_of(CardSet.parse("7♥ 6♠").mask)
    [Card('6♠'), Card('7♥')]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def deck_mask(lowest_rank: int = 6) -> int:
    """All cards from ``lowest_rank`` to the ace, in every suit.

    >>> popcount(deck_mask(6)), popcount(deck_mask(2)), popcount(deck_mask(9))
    (36, 52, 24)
    """
    if not 2 <= lowest_rank <= 14:
        raise CardError(f"lowest rank {lowest_rank!r} is not a rank (2..14)")
    per_suit = ((1 << 13) - 1) & ~((1 << (lowest_rank - 2)) - 1)
    return per_suit * _SPREAD


def ranks_mask(mask: int) -> int:
    """Every card (all four suits) of each rank present in ``mask``.

    >>> CardSet(ranks_mask(CardSet.parse("7♥").mask))
    CardSet('7♠ 7♥ 7♦ 7♣')
    """
    return ((mask | mask >> 13 | mask >> 26 | mask >> 39) & _LOW13) * _SPREAD


def same_ranks(mask: int) -> int:
    """The set of ranks of ``mask`` as a 13-bit mask (bit r-2 for rank r).

    >>> same_ranks(CardSet.parse("7♥ 7♣").mask) == 1 << 5
    True
    """
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & _LOW13


def _beaters_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for trump in SUITS:
        row = []
        for c in range(52):
            s, r = divmod(c, 13)
            higher = SUIT_MASKS[s] & ~((1 << (c + 1)) - 1)
            row.append((higher if s == trump else higher | SUIT_MASKS[trump]) | JOKER_MASK)
        row += [1 << 53, 1 << 52]  # doker: "הג'וקר שורף כל קלף", a joker burns any card, the other joker too
        table.append(tuple(row))
    return tuple(table)


#: BEATERS[trump][card] is the mask of every card that beats ``card`` (R11); a joker beats all (doker).
BEATERS = _beaters_table()


def beaters(c: int, trump: int) -> int:
    """Mask of the cards that beat card ``c`` when ``trump`` is trump (R11).

    A higher card of the same suit beats it; any trump beats a non-trump; a
    trump is beaten only by a higher trump.  A joker beats any card (doker).

    >>> CardSet(beaters(Card("Q♠"), SPADES))
    CardSet('K♠ A♠ BJ RJ')
    >>> CardSet(beaters(Card("Q♠"), SPADES) & deck_mask(6))
    CardSet('K♠ A♠')
    """
    return BEATERS[trump][c]


def beats(cover: int, attack: int, trump: int) -> bool:
    """Does ``cover`` beat ``attack`` under ``trump`` (R11)?

    >>> beats(Card("3♥"), Card("Q♦"), HEARTS), beats(Card("9♦"), Card("10♦"), HEARTS)
    (True, False)
    """
    return bool(BEATERS[trump][attack] >> cover & 1)


class CardSet:
    """An immutable set of cards stored in one int mask.

    Iterates in id order (suit by suit, low to high), prints as ``7♥ Q♦``,
    supports ``in``, ``len``, ``|``, ``&``, ``-`` and equality with other sets.

    >>> a = CardSet.parse("6♠ 7♥"); b = CardSet.parse("7♥ Q♦")
    >>> a | b, a & b, a - b
    (CardSet('6♠ 7♥ Q♦'), CardSet('7♥'), CardSet('6♠'))
    >>> CardSet.parse("")
    CardSet('')
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Union[int, Iterable[Union[int, str]], "CardSet"] = 0) -> None:
        if isinstance(cards, CardSet):
            m = cards.mask
        elif isinstance(cards, int) and not isinstance(cards, bool):
            if cards < 0 or cards >> 54:
                raise CardError(f"{cards!r} is not a card mask")
            m = cards
        elif isinstance(cards, str):
            m = CardSet.parse(cards).mask
        elif isinstance(cards, bool):
            raise TypeError(f"{cards!r} is not a set of cards")
        else:
            m = 0
            for c in cards:
                m |= 1 << Card(c)
        object.__setattr__(self, "mask", m)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> "CardSet":
        """Read cards separated by spaces or commas; a card twice is an error.

        >>> CardSet.parse("10D, js")
        CardSet('J♠ 10♦')
        """
        m = 0
        for tok in text.replace(",", " ").split():
            c: int = Card.parse(tok)
            if c == 52 and m >> 52 & 1 and tok.strip().upper() in _JOKER_ANY:
                c = 53  # "JK JK": the two jokers
            if m >> c & 1:
                raise CardError(f"{tok!r} appears twice in {text!r}", facts={"text": tok, "case": "twice"})
            m |= 1 << c
        return cls(m)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return popcount(self.mask)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __contains__(self, c: object) -> bool:
        if isinstance(c, str):
            c = Card.parse(c)
        return isinstance(c, int) and 0 <= c < 54 and bool(self.mask >> c & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask | CardSet(other).mask)

    def __and__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask & CardSet(other).mask)

    def __sub__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask & ~CardSet(other).mask)

    def __str__(self) -> str:
        return " ".join(_STR[c] for c in iter_bits(self.mask))

    def __repr__(self) -> str:
        return f"CardSet('{self}')"

    def of_suit(self, suit: int) -> "CardSet":
        """The cards of one suit.

        >>> CardSet.parse("6♠ 7♥ Q♠").of_suit(SPADES)
        CardSet('6♠ Q♠')
        """
        return CardSet(self.mask & SUIT_MASKS[suit])

    def _repr_svg_(self) -> str:  # pragma: no cover - drawn by the presentation layer
        from ..display.render import cards_svg

        return cards_svg(list(self))
