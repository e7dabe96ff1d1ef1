"""Reading the other players: what their moves say about the cards they hold.

Every move is public: the cards laid, a take, a pass (R10 to R16).  A player
who follows a policy gives away something with each move.  This module reads
the moves as the greedy policy (:mod:`durak_lab.bots.greedy`) would have made
them, a simple model of a sensible player:

* a defender who **takes** (R15) held no card that beats an uncovered card
  (the greedy defender covers whenever it can);
* a **cover** (R11) with card ``y``: no cheaper card beat an uncovered card;
* a **lead** (R10) of card ``x``: no cheaper card at all (the lowest card, a
  trump last);
* a **throw-in** (R12) of ``x``: no cheaper card of a rank on the table (no
  trump while the talon lasts);
* an attacker who **passes** while the table has room (R13): no card of a
  rank on the table (no trump while the talon lasts).

Each such *fact* is a set of cards the player did not hold then.  Cards drawn
from the talon later (R19) may be among them, so a fact checks a hand held
now only for more such cards than were drawn since (the talon's shrinking is
an upper bound); cards everyone knows about (picked up, R18) are left out.
:class:`Reading` collects the facts from a seat's history (its view before
each move, and the move) and counts how far a world's hands break them
(:meth:`Reading.misfit`); the search bots keep a world with chance
``eps ** misfit`` (:func:`~durak_lab.bots.search.kernel_worlds`): every world
stays possible, the ones that fit the play become likelier.  The facts read
since the last draw (:meth:`Reading.excluded`) no drawn card can soften: the
search deals around them, each world keeping them exactly.

Everything here is a function of what the seat saw: its own views and the
public moves.

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 9♠", "8♦ 6♥ K♠"], trump="♥", discard="rest",
...                    talon=["A♣", "10♥"], trump_card="10♥", attacker=0, first_bout=False)
>>> from durak_lab.engine.cards import CardSet
>>> lead, take = Move.parse("P1 attack 9♠"), Move.parse("P2 take")
>>> q = p.play(lead)
>>> r = Reading.of([(p.view(0), lead), (q.view(0), take)], seat=0)
>>> r.facts[0][0], CardSet(r.facts[0][1])   # P2 took 9♠: it held no higher spade and no trump
(1, CardSet('K♠ 6♥'))
>>> r.misfit((q.hands[0], CardSet.parse("8♦ 6♥ K♠").mask), talon_size=2)   # a hand with both breaks it
2
>>> r.misfit((q.hands[0], CardSet.parse("8♦ 6♥ K♠").mask), talon_size=0)   # unless it drew them since
0
"""

from __future__ import annotations

import random
from typing import Optional, Sequence

from ..analysis.sampling import sample_world
from ..engine.cards import BEATERS, RANK_MASKS, SUIT_MASKS, popcount, rank_of
from ..engine.errors import DurakError
from ..engine.moves import ATTACK, COVER, PASS, TAKE, Move  # noqa: F401 (Move: the doctests)
from ..engine.view import PlayerView
from .greedy import greedy_key

__all__ = ["Reading", "greedy_facts"]

_CARDS = tuple(range(54))


def _cheaper(cards: int, key: int, trump: int) -> int:
    """The cards of ``cards`` the greedy policy ranks below ``key`` (cheaper to give away)."""
    out = 0
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if greedy_key(c, trump) < key:
            out |= low
    return out


def _table_ranks(view: PlayerView) -> int:
    """The mask of every card of a rank on the table (R12)."""
    ranks = 0
    for a, c, _, _ in view.table:
        ranks |= RANK_MASKS[rank_of(a)]
        if c >= 0:
            ranks |= RANK_MASKS[rank_of(c)]
    return ranks


def greedy_facts(view: PlayerView, move: Move) -> int:
    """The cards a player following the greedy policy did not hold when it made ``move`` (0: the
    move says nothing), read from ``view``, another seat's view just before the move.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.engine.cards import CardSet
    >>> p = Position.deal(Rules(players=2), seed=1)          # trump ♠; P2 sees its own hand:
    >>> p.view(1).hand
    CardSet('7♥ 8♥ A♥ 6♦ J♦ Q♣')
    >>> CardSet(greedy_facts(p.view(1), Move.parse("P1 attack 7♦")))   # a lead: nothing cheaper
    CardSet('6♥ 6♣')
    """
    trump = view.trump
    if move.seat == view.seat or view.rules.pushing:
        return 0
    unseen = view.rules.all_cards & ~view.hand_mask & ~view.table_cards() & ~view.discard
    if view.talon_size and view.trump_card is not None and view.trump_card_holder is None:
        unseen &= ~(1 << view.trump_card)  # face up under the talon (R7)
    uncovered = [a for a, c, _, _ in view.table if c < 0]
    if move.kind == TAKE:
        beat = 0
        for a in uncovered:
            beat |= BEATERS[trump][a]
        return beat & unseen
    if move.kind == COVER:
        beat = 0
        for a in uncovered:
            beat |= BEATERS[trump][a]
        return _cheaper(beat & unseen, greedy_key(move.cards[0], trump), trump)
    if move.kind == ATTACK and len(move.cards) == 1:
        if not view.table:
            return _cheaper(unseen, greedy_key(move.cards[0], trump), trump)
        allowed = _table_ranks(view)
        if view.talon_size:
            allowed &= ~SUIT_MASKS[trump]
        return _cheaper(allowed & unseen, greedy_key(move.cards[0], trump), trump)
    if move.kind == PASS and view.table and move.seat != view.defender:
        try:
            room = sample_world(view, random.Random(0)).room()
        except DurakError:
            return 0
        if room <= 0 or view.hand_sizes[view.defender] == 0:
            return 0
        allowed = _table_ranks(view)
        if view.talon_size:
            allowed &= ~SUIT_MASKS[trump]
        return allowed & unseen
    return 0


class Reading:
    """The facts a seat has read from the other seats' moves (see the module's text).

    ``facts``: ``(seat, cards it did not hold, talon size then)`` for every telling move.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.facts: list = []

    @classmethod
    def of(cls, history: Sequence, seat: int) -> "Reading":
        """The reading of a history: ``(view before the move, move)`` pairs, the views ``seat``'s."""
        r = cls(seat)
        for view, move in history:
            r.add(view, move)
        return r

    def add(self, view: PlayerView, move: Move) -> None:
        """Read one move, ``view`` being this seat's view just before it."""
        cards = greedy_facts(view, move)
        if cards:
            self.facts.append((move.seat, cards, view.talon_size))

    def excluded(self, talon_size: int, players: int) -> tuple:
        """A mask per seat of the cards its facts rule out now: the facts read since the last draw
        (the talon still ``talon_size`` cards), which no card drawn since can soften.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> from durak_lab.engine.cards import CardSet
        >>> p = Position.start(Rules(players=2), ["7♦ 9♠", "8♦ 6♥ K♠"], trump="♥", discard="rest",
        ...                    talon=["A♣", "10♥"], trump_card="10♥", attacker=0, first_bout=False)
        >>> lead = Move.parse("P1 attack 9♠")
        >>> r = Reading.of([(p.view(0), lead), (p.play(lead).view(0), Move.parse("P2 take"))], seat=0)
        >>> [str(CardSet(m)) for m in r.excluded(2, 2)], r.excluded(1, 2)
        (['', 'K♠ 6♥'], (0, 0))
        """
        out = [0] * players
        for seat, cards, talon_then in self.facts:
            if talon_then == talon_size:
                out[seat] |= cards
        return tuple(out)

    def misfit(self, hands: Sequence[int], talon_size: int, known: Optional[Sequence[int]] = None) -> int:
        """How many cards of ``hands`` (one mask per seat, as a world deals them now) break the facts:
        for each fact, the cards of that seat's hand it excludes, beyond the number of cards drawn
        since (and not counting cards everyone knows the seat holds, ``known``)."""
        total = 0
        for seat, cards, talon_then in self.facts:
            held = hands[seat] & cards
            if known is not None:
                held &= ~known[seat]
            if held:
                over = popcount(held) - (talon_then - talon_size)
                if over > 0:
                    total += over
        return total
