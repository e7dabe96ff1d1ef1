"""What one player knows: a player's view of a position.

A :class:`PlayerView` holds only what the seat can see or has been shown: its
own hand; the table; the discard; the face-up trump card and, once drawn, who
holds it; the cards everyone knows to be in each hand (picked up in a take,
shown as the lowest trump at the start, shown to transfer, the trump card
drawn); every hand's size; the talon's size; whose turn it is and the moves
this seat may make.  Bots and the probability engine consume views, never the
full position.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["6♥ 7♦", "Q♦ 8♠"], talon=["K♣", "9♥"], trump_card="9♥",
...                    discard="rest")
>>> v = view_of(p, 1)
>>> v.hand, v.hand_sizes, v.talon_size, v.trump_card
(CardSet('8♠ Q♦'), (2, 2), 2, Card('9♥'))
>>> v.known_in(0)           # P1 showed the lowest trump to lead (R7)
CardSet('6♥')
>>> v.unseen()              # where this seat does not know the card's place
CardSet('7♦ K♣')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from .cards import Card, CardSet, popcount
from .moves import Move
from .rules import Rules

if TYPE_CHECKING:
    from .state import Position

__all__ = ["PlayerView", "view_of"]


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a position (immutable, hashable).

    Masks are card bit masks (see :mod:`durak_lab.engine.cards`); ``known`` has one
    mask per seat of the cards publicly known to be in that hand.  The bout's
    public state is there too: ``first_limit`` (the first-bout limit holds,
    R14), ``start_hand`` (the defender's hand at the bout's start, R13),
    ``attack_order`` (who attacked first, R19), ``swap_open`` (the trump-six
    swap may still happen, R6) and ``in_bout`` (the seats still in the game's
    last bouts, R29, as a bit mask) and ``sent_back`` (pushing durak: the cards the defender sent back
    in this bout, R12, R31), as the position holds them.
    """

    seat: int
    rules: Rules
    trump: int
    trump_card: Optional[Card]
    trump_card_holder: Optional[int]
    hand_mask: int
    table: tuple
    discard: int
    known: tuple
    hand_sizes: tuple
    talon_size: int
    leader: int
    defender: int
    taking: bool
    passed: int
    shown_used: int
    to_act: Optional[int]
    legal: tuple
    result: Optional[tuple]
    first_limit: bool = False
    start_hand: int = 0
    attack_order: tuple = ()
    swap_open: bool = False
    in_bout: int = 0
    sent_back: int = 0

    @property
    def hand(self) -> CardSet:
        """This seat's own cards."""
        return CardSet(self.hand_mask)

    def known_in(self, seat: int) -> CardSet:
        """Cards everyone knows ``seat`` holds (for this seat: what the others know of its hand)."""
        return CardSet(self.known[seat])

    def table_cards(self) -> int:
        """Mask of the cards on the table."""
        m = 0
        for a, c, _, _ in self.table:
            m |= 1 << a
            if c >= 0:
                m |= 1 << c
        return m

    def unseen_mask(self) -> int:
        """Cards whose place this seat does not know: in other hands (not known) or in the talon."""
        deck = self.rules.all_cards
        seen = self.hand_mask | self.table_cards() | self.discard
        for s, k in enumerate(self.known):
            if s != self.seat:
                seen |= k
        if self.trump_card is not None and self.trump_card_holder is None and self.talon_size:
            seen |= 1 << self.trump_card  # the face-up card lies under the talon
        return deck & ~seen

    def unseen(self) -> CardSet:
        """:meth:`unseen_mask` as a :class:`CardSet`."""
        return CardSet(self.unseen_mask())

    def hidden_count(self, seat: int) -> int:
        """How many of ``seat``'s cards this seat cannot name."""
        if seat == self.seat:
            return 0
        return self.hand_sizes[seat] - popcount(self.known[seat])

    def talon_hidden(self) -> int:
        """Talon cards this seat cannot name (all but the face-up trump card)."""
        face_up = self.trump_card is not None and self.trump_card_holder is None and self.talon_size > 0
        return self.talon_size - (1 if face_up else 0)

    def legal_moves(self) -> list[Move]:
        """The moves this seat may make now (free protocol)."""
        return list(self.legal)


def view_of(position: Position, seat: int) -> PlayerView:
    """The view of ``position`` from ``seat`` (0-based)."""
    p = position
    tc = Card(p.trump_card) if p.trump_card >= 0 else None
    holder = None
    if tc is not None and not p.talon:
        for s, h in enumerate(p.hands):
            if h >> tc & 1:
                holder = s
        if holder is None:
            # played or discarded: nobody holds it any more
            holder = None
    return PlayerView(
        seat=seat, rules=p.rules, trump=p.trump, trump_card=tc, trump_card_holder=holder,
        hand_mask=p.hands[seat], table=p.table, discard=p.discard, known=p.known,
        hand_sizes=tuple(popcount(h) for h in p.hands), talon_size=len(p.talon), leader=p.leader,
        defender=p.defender, taking=p.taking, passed=p.passed, shown_used=p.shown_used,
        to_act=p.to_act(), legal=tuple(p.legal_moves(seat)), result=p.result, first_limit=p.first_limit,
        start_hand=p.start_hand, attack_order=p.attack_order, swap_open=p.swap_open, in_bout=p.in_bout,
        sent_back=p.sent_back)
