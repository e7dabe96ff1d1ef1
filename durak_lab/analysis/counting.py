"""What one seat knows about where the cards are, and the exact counting on it.

:class:`Knowledge` is one seat's view in the form the counting needs: the places (every seat and
the talon), the cards known in each, the hidden slots and the unseen cards that fill them, every
assignment equally likely.  On it: hypergeometric count distributions (:func:`count_distribution`,
:func:`trump_counts`, :func:`joint_count_distribution`, :func:`expected_count`), the place of each
card (:func:`card_probabilities`) and the joint questions (:func:`prob_holds`, :func:`prob_can_beat`).
The model, and why it is exact, is described in :mod:`durak_lab.analysis.probability`, which also
names all of these.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> k = Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣")
>>> trump_counts(k)["P2"][0]                  # P2 holds none of the 7 unseen trumps: C(22, 6) / C(29, 6)
Fraction(3553, 22620)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb
from typing import Any, Iterable, Optional, Union

from ..engine.cards import BEATERS, SUIT_MASKS, Card, CardSet, cards_of, deck_mask, popcount
from ..engine.errors import PositionError
from ..engine.moves import seat_text
from ..engine.rules import Rules
from ..engine.view import PlayerView, view_of

__all__ = [
    "Knowledge", "TALON", "PlaceKey", "trump_mask", "count_distribution", "trump_count_distribution",
    "trump_counts", "expected_count", "joint_count_distribution", "card_probabilities", "prob_holds",
    "prob_can_beat", "cards_mask",
]

#: The label of the talon among the places.
TALON = "talon"

PlaceKey = Union[int, str]


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows about where the cards are, in the form the counting needs.

    ``labels`` names the places: every seat (``'P1'`` …) and the talon.  For each
    place, ``known`` is the mask of cards known to be there (the viewer's own
    hand; cards picked up or shown; the face-up trump card in the talon) and
    ``slots`` the number of its cards nobody but its holder can name.
    ``unseen`` is the mask of cards whose place is unknown; they fill the slots,
    every assignment equally likely.  ``table`` and ``discard`` are seen.
    ``viewer`` is the seat whose knowledge this is, or None before anyone has
    looked at a card (:meth:`at_deal`).  Immutable and hashable.

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=3), trump_card="9♥")
    >>> k.labels, k.slots, CardSet(k.known[-1])
    (('P1', 'P2', 'P3', 'talon'), (6, 6, 6, 17), CardSet('9♥'))
    """

    rules: Rules
    trump: int
    viewer: Optional[int]
    labels: tuple
    known: tuple
    slots: tuple
    unseen: int
    table: int = 0
    discard: int = 0

    def __post_init__(self) -> None:
        n = len(self.labels)
        if len(self.known) != n or len(self.slots) != n:
            raise PositionError("knowledge: one known mask and one slot count per place")
        if any(s < 0 for s in self.slots):
            raise PositionError(f"knowledge: negative hidden slots {self.slots}")
        if sum(self.slots) != popcount(self.unseen):
            raise PositionError(f"knowledge: {popcount(self.unseen)} unseen cards for "
                                f"{sum(self.slots)} hidden slots")
        seen = 0
        for m in self.known + (self.unseen, self.table, self.discard):
            if m & seen:
                raise PositionError(f"knowledge: {CardSet(m & seen)} in two places")
            seen |= m
        if seen != self.rules.all_cards:
            raise PositionError("knowledge: the places do not hold exactly the deck")

    # ------------------------------------------------------------ building
    @classmethod
    def from_view(cls, view: PlayerView, talon_known: int = 0) -> "Knowledge":
        """The knowledge of the seat of ``view``.

        ``talon_known``: unseen cards publicly known to lie in the talon, such
        as the trumps below the one shown at the deal
        (:func:`~durak_lab.analysis.probability.deal_talon_facts`).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.deal(Rules(players=2), seed=4)
        >>> k = Knowledge.from_view(p.view(1))
        >>> k.viewer, k.slots, popcount(k.unseen)     # P1 showed the lowest trump (R7)
        (1, (5, 0, 23), 28)
        """
        n = view.rules.players
        if talon_known & ~view.unseen_mask():
            raise PositionError(f"talon_known: {CardSet(talon_known & ~view.unseen_mask())} are not unseen")
        known = []
        slots = []
        for s in range(n):
            if s == view.seat:
                known.append(view.hand_mask)
                slots.append(0)
            else:
                known.append(view.known[s])
                slots.append(view.hidden_count(s))
        talon = talon_known
        if view.trump_card is not None and view.trump_card_holder is None and view.talon_size:
            talon |= 1 << view.trump_card
        known.append(talon)
        slots.append(view.talon_hidden() - popcount(talon_known))
        labels = tuple(seat_text(s) for s in range(n)) + (TALON,)
        return cls(view.rules, view.trump, view.seat, labels, tuple(known), tuple(slots),
                   view.unseen_mask() & ~talon_known, view.table_cards(), view.discard)

    @classmethod
    def from_position(cls, position: Any, seat: int, talon_known: int = 0) -> "Knowledge":
        """The knowledge of ``seat`` in ``position`` (its view; nothing hidden is used).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> Knowledge.from_position(Position.deal(Rules(players=4), seed=1), 2).slots   # P4 showed a trump
        (6, 6, 0, 5, 11)
        """
        return cls.from_view(view_of(position, seat), talon_known)

    @classmethod
    def at_deal(cls, rules: Rules, trump_card: Union[str, int, None] = None, hand: Any = None,
                seat: int = 0, trump: Union[str, int, None] = None) -> "Knowledge":
        """Right after the deal, before anyone shows a card: the classic deal-time questions.

        Only the face-up ``trump_card`` is seen; with ``hand`` (the cards of
        ``seat``) the seat has also looked at its own cards.  With no talon
        (R5) give the ``trump`` suit instead of a trump card.

        >>> from durak_lab.engine.rules import Rules
        >>> k = Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣")
        >>> k.viewer, k.slots
        (0, (0, 6, 23))
        """
        from ..engine.cards import parse_suit

        deck = rules.all_cards
        n = rules.players
        tc = Card(trump_card) if trump_card is not None else None
        if tc is not None:
            suit = tc.suit
            if not deck >> tc & 1:
                raise PositionError(f"trump_card: {tc} is not in a {rules.deck}-card deck")
            if not rules.has_talon:
                raise PositionError("trump_card: these rules deal every card: there is no trump card (R5)")
        elif trump is not None:
            suit = parse_suit(trump) if isinstance(trump, str) else int(trump)
            if rules.has_talon:
                raise PositionError("trump_card: name the face-up trump card under the talon")
        else:
            raise PositionError("trump_card: give the face-up trump card (or, with no talon, the trump suit)")
        talon_known = (1 << tc) if tc is not None else 0
        own = 0
        if hand is not None:
            own = CardSet(hand).mask if not isinstance(hand, int) else hand
            if own & ~deck or own & talon_known or popcount(own) != rules.hand_size:
                raise PositionError(f"hand: {CardSet(own & deck)} is not a hand of {rules.hand_size} "
                                    f"other cards of the deck")
            if not 0 <= seat < n:
                raise PositionError(f"seat: no seat {seat + 1}")
        viewer = seat if hand is not None else None
        known = tuple(own if s == viewer else 0 for s in range(n)) + (talon_known,)
        slots = tuple(0 if s == viewer else rules.hand_size for s in range(n))
        slots += (rules.deck - n * rules.hand_size - (1 if tc is not None else 0),)
        labels = tuple(seat_text(s) for s in range(n)) + (TALON,)
        return cls(rules, suit, viewer, labels, known, slots, deck & ~own & ~talon_known)

    # ------------------------------------------------------------ places
    def place(self, key: PlaceKey) -> int:
        """The index of a place: a seat number (0-based), ``'P2'``, or ``'talon'``.

        >>> from durak_lab.engine.rules import Rules
        >>> k = Knowledge.at_deal(Rules(players=3), "9♥")
        >>> k.place("p2"), k.place(1), k.place("talon")
        (1, 1, 3)
        """
        if isinstance(key, bool):
            raise PositionError(f"{key!r} is not a place")
        if isinstance(key, int):
            if 0 <= key < len(self.labels) - 1:
                return key
            raise PositionError(f"no seat {key + 1} in a {len(self.labels) - 1}-player game")
        if isinstance(key, str):
            wanted = key.strip().lower()
            for i, label in enumerate(self.labels):
                if label.lower() == wanted:
                    return i
        raise PositionError(f"{key!r} is not a place: write a seat (P1 …) or 'talon'")

    def others(self) -> tuple:
        """The labels of every place but the viewer's own seat: the places that hide cards.

        >>> from durak_lab.engine.rules import Rules
        >>> Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣").others()
        ('P2', 'talon')
        """
        return tuple(label for i, label in enumerate(self.labels) if i != self.viewer)

    @property
    def trumps(self) -> int:
        """Mask of every trump of the deck.

        >>> from durak_lab.engine.rules import Rules
        >>> CardSet(Knowledge.at_deal(Rules(deck=20), "A♣").trumps)
        CardSet('10♣ J♣ Q♣ K♣ A♣')
        """
        return trump_mask(self)


def _knowledge(k: Union[Knowledge, PlayerView]) -> Knowledge:
    if isinstance(k, Knowledge):
        return k
    if isinstance(k, PlayerView):
        return Knowledge.from_view(k)
    raise TypeError(f"{k!r} is neither a Knowledge nor a PlayerView")


def cards_mask(cards: Any) -> int:
    """The card mask of ``cards``: a mask (an int), one card, a card's or a set's text, or cards.

    >>> from durak_lab.engine.cards import Card
    >>> six, seven = Card.parse("6♠"), Card.parse("7♥")
    >>> cards_mask("7♥ 6♠") == cards_mask([six, seven]) == cards_mask(1 << six | 1 << seven)
    True
    >>> cards_mask(six) == 1 << six
    True
    """
    if isinstance(cards, int) and not isinstance(cards, Card):
        return cards
    if isinstance(cards, (Card, str)):
        return CardSet.parse(cards).mask if isinstance(cards, str) else 1 << cards
    return CardSet(cards).mask


def trump_mask(k: Union[Knowledge, PlayerView]) -> int:
    """Mask of the trumps of the deck.

    >>> from durak_lab.engine.rules import Rules
    >>> CardSet(trump_mask(Knowledge.at_deal(Rules(deck=24), "9♥")))
    CardSet('9♥ 10♥ J♥ Q♥ K♥ A♥')
    """
    k = _knowledge(k)
    return SUIT_MASKS[k.trump] & k.rules.all_cards


def _hypergeom(N: int, K: int, n: int) -> dict:
    """Distribution of the number of marked cards among ``n`` drawn from ``N`` with ``K`` marked."""
    total = comb(N, n)
    return {x: Fraction(comb(K, x) * comb(N - K, n - x), total)
            for x in range(max(0, n - (N - K)), min(K, n) + 1)}


def count_distribution(k: Union[Knowledge, PlayerView], place: PlaceKey, cards: Any) -> dict:
    """The distribution of how many of ``cards`` a place holds (known and hidden together).

    ``cards`` is a mask, a :class:`CardSet`, a card text or an iterable of cards.

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=2), "9♥")
    >>> count_distribution(k, "P1", "6♥ 7♥")     # neither, one or both of the two lowest trumps
    {0: Fraction(58, 85), 1: Fraction(174, 595), 2: Fraction(3, 119)}
    """
    k = _knowledge(k)
    i = k.place(place)
    m = cards_mask(cards)
    base = popcount(k.known[i] & m)
    dist = _hypergeom(popcount(k.unseen), popcount(k.unseen & m), k.slots[i])
    return {base + x: p for x, p in dist.items()}


def trump_count_distribution(k: Union[Knowledge, PlayerView], place: PlaceKey) -> dict:
    """The distribution of the number of trumps a place holds.

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=2), "9♥")
    >>> trump_count_distribution(k, "P1")[0]     # dealt no trump: C(27, 6) / C(35, 6)
    Fraction(2691, 14756)
    """
    k = _knowledge(k)
    return count_distribution(k, place, trump_mask(k))


def trump_counts(k: Union[Knowledge, PlayerView], places: Optional[Iterable[PlaceKey]] = None) -> dict:
    """``{label: distribution of its number of trumps}`` for every other seat and the talon.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> d = trump_counts(Position.deal(Rules(players=3), seed=2).view(0))
    >>> sorted(d), sum(d["talon"].values())
    (['P2', 'P3', 'talon'], Fraction(1, 1))
    """
    k = _knowledge(k)
    keys = k.others() if places is None else tuple(places)
    return {k.labels[k.place(p)]: trump_count_distribution(k, p) for p in keys}


def expected_count(k: Union[Knowledge, PlayerView], place: PlaceKey, cards: Any) -> Fraction:
    """The expected number of ``cards`` a place holds.

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=2), "9♥")
    >>> expected_count(k, "talon", trump_mask(k))   # the 9♥ and 23/35 of the other 8 trumps
    Fraction(219, 35)
    """
    k = _knowledge(k)
    i = k.place(place)
    m = cards_mask(cards)
    n_unseen = popcount(k.unseen)
    hidden = Fraction(popcount(k.unseen & m) * k.slots[i], n_unseen) if n_unseen else Fraction(0)
    return popcount(k.known[i] & m) + hidden


def joint_count_distribution(k: Union[Knowledge, PlayerView], cards: Any,
                             places: Optional[Iterable[PlaceKey]] = None) -> dict:
    """The joint distribution of how many of ``cards`` each place holds.

    Keys are tuples in the order of ``places`` (default: every place of
    ``k.labels``, the viewer's own seat included).  Multivariate
    hypergeometric over the hidden slots, shifted by the known cards; places
    left out are summed over.

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=2, deck=20, hand_size=3), "10♥", hand="J♥ Q♠ K♠")
    >>> joint_count_distribution(k, trump_mask(k), ["P2", "talon"])    # the J♥ mine, the 10♥ face up
    {(0, 4): Fraction(143, 280), (1, 3): Fraction(117, 280), (2, 2): Fraction(39, 560), (3, 1): Fraction(1, 560)}
    """
    k = _knowledge(k)
    idx = [k.place(p) for p in places] if places is not None else list(range(len(k.labels)))
    if len(set(idx)) != len(idx):
        raise PositionError("places: a place is named twice")
    m = cards_mask(cards)
    n_unseen = popcount(k.unseen)
    K = popcount(k.unseen & m)
    slots = [k.slots[i] for i in idx]
    rest = n_unseen - sum(slots)
    base = [popcount(k.known[i] & m) for i in idx]
    total = comb(n_unseen, K)
    out: dict = {}
    for xs in product(*[range(min(s, K) + 1) for s in slots]):
        left = K - sum(xs)
        if left < 0 or left > rest:
            continue
        ways = comb(rest, left)
        for s, x in zip(slots, xs):
            ways *= comb(s, x)
        if ways:
            out[tuple(b + x for b, x in zip(base, xs))] = Fraction(ways, total)
    return out


def card_probabilities(k: Union[Knowledge, PlayerView], cards: Any = None) -> dict:
    """For each card, the probability of each place: ``{Card: {label: Fraction}}``.

    Keys of each row: every label, then ``'table'`` and ``'discard'``; a row
    sums to 1.  ``cards`` defaults to every trump of the deck.  An unseen card
    lies in a place with probability ``slots / unseen`` (symmetry).

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣")
    >>> card_probabilities(k, "6♥")[Card("6♥")]
    {'P1': Fraction(0, 1), 'P2': Fraction(6, 29), 'talon': Fraction(23, 29), 'table': Fraction(0, 1), 'discard': Fraction(0, 1)}
    """
    k = _knowledge(k)
    m = trump_mask(k) if cards is None else cards_mask(cards)
    n_unseen = popcount(k.unseen)
    zero, one = Fraction(0), Fraction(1)
    keys = k.labels + ("table", "discard")
    out: dict = {}
    for c in cards_of(m):
        row = dict.fromkeys(keys, zero)
        if k.unseen >> c & 1:
            for label, s in zip(k.labels, k.slots):
                row[label] = Fraction(s, n_unseen)
        elif k.table >> c & 1:
            row["table"] = one
        elif k.discard >> c & 1:
            row["discard"] = one
        else:
            for label, known in zip(k.labels, k.known):
                if known >> c & 1:
                    row[label] = one
        out[c] = row
    return out


def prob_holds(k: Union[Knowledge, PlayerView], places: Union[PlaceKey, Iterable[PlaceKey]], cards: Any,
               at_least: int = 1) -> Fraction:
    """The probability that ``places`` together hold at least ``at_least`` of ``cards``.

    "Does P2 hold at least one trump?" is ``prob_holds(k, "P2", trump_mask(k))``.

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=3), "9♥", hand="6♠ 7♠ 8♠ 9♠ 10♠ J♠")
    >>> prob_holds(k, "P2", trump_mask(k))      # 1 - C(21, 6) / C(29, 6)
    Fraction(5009, 5655)
    >>> prob_holds(k, ["P2", "P3"], trump_mask(k), at_least=8)    # all 8 unseen trumps dealt
    Fraction(1, 8671)
    """
    k = _knowledge(k)
    keys = [places] if isinstance(places, (int, str)) else list(places)
    idx = sorted({k.place(p) for p in keys})
    m = cards_mask(cards)
    base = sum(popcount(k.known[i] & m) for i in idx)
    need = at_least - base
    if need <= 0:
        return Fraction(1)
    dist = _hypergeom(popcount(k.unseen), popcount(k.unseen & m), sum(k.slots[i] for i in idx))
    return sum((p for x, p in dist.items() if x >= need), Fraction(0))


def prob_can_beat(k: Union[Knowledge, PlayerView], card: Union[str, int],
                  seats: Optional[Iterable[PlaceKey]] = None) -> Fraction:
    """The probability that some seat holds a card that beats ``card`` (R11).

    "Can anyone still beat my K♠?"  ``seats`` defaults to every seat but the
    viewer's; a trump is beaten only by a higher trump, any other card by a
    higher card of its suit or any trump.

    >>> from durak_lab.engine.rules import Rules
    >>> k = Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣")
    >>> prob_can_beat(k, "A♣")      # does P2 hold a trump? 6 of 29 unseen cards, 7 of them trumps
    Fraction(19067, 22620)
    """
    k = _knowledge(k)
    c = Card(card)
    if seats is None:
        seats = [s for s in range(len(k.labels) - 1) if s != k.viewer]
    return prob_holds(k, list(seats), BEATERS[k.trump][c] & k.rules.all_cards)
