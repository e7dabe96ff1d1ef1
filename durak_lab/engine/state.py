"""Positions: the immutable, hashable state of a game, and its rules engine.

A :class:`Position` holds everything about a game at one moment: the hands, the
talon (next card first, the face-up trump card last), the discard, the table,
who leads and who defends, and the few facts a bout needs (has the defender
decided to take, who has passed since the last card).  It is a hashable value:
a dictionary key, a networkx node, a transposition-table entry.
``Position.play(move)`` returns the next position or raises
:class:`~durak_lab.engine.errors.IllegalMoveError` with a reason; the position itself
never changes.

Two protocols share one set of rules.

* **Free** (as the sources narrate it): any eligible seat may act at any moment:
  every attacker may throw in while the defender still thinks.
  :meth:`Position.legal_moves` lists every seat's legal moves.
* **Sequential** (for bots, the solver and game trees): exactly one seat acts at
  a time, :meth:`Position.to_act`; :meth:`Position.sequential_moves` lists its
  moves, which are exactly its free legal moves.  The defender acts while a card
  is uncovered; once all are covered (or the defender takes) the attackers act in
  seating order from the leader, each throwing in or passing.

``pass`` means "nothing more from me for now" and lapses when any card is
played.  A bout ends by itself (bito, or the pick-up after a take) once every
attacker who could still legally add a card has passed since the last card; a
player who cannot add anything never has to pass (R16).  After the bout every
hand is refilled (R19), players out of cards leave once the talon is empty
(R28) and the next bout starts (R17, R18).

Standard library only.

>>> from durak_lab.engine.cards import CardSet
>>> from durak_lab.engine.rules import Rules
>>> p = Position.start(Rules(players=2), ["7♦ 7♠", "Q♦ 9♣"], trump="♥", discard="rest", attacker=0)
>>> p = p.play("P1 attack 7♦").play("P2 cover 7♦ with Q♦")
>>> print(p.table_text())
7♦/Q♦
>>> p.to_act(), [str(m) for m in p.legal_moves()]
(0, ['P1 attack 7♠', 'P1 pass'])
>>> p = p.play("P1 pass")      # bito; the defender leads next (R17)
>>> p.leader, p.defender, p.table_text(), len(p.hand(0)), len(p.hand(1))
(1, 0, '', 1, 1)
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Iterable, Iterator, NamedTuple, Optional, Sequence, Union

from .cards import (BEATERS, CARDS, RANK_MASKS, SUIT_MASKS, SUIT_NAMES, SUIT_SYMBOLS, Card, CardSet,
                    cards_of, deck_mask, parse_suit, popcount, rank_of, rank_text, ranks_mask, suit_of)
from .errors import IllegalMoveError, PositionError, Reason
from .moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, parse_seat, seat_text
from .rules import AfterTake, DrawOrder, HandLimit, Rules, ThrowIn, Tie, TrumpSwap

__all__ = ["Position", "Event", "BIG"]

#: Shared move values: one attack move per seat and card, one pass and one take per seat.
_ATTACK1 = tuple(tuple(Move(ATTACK, s, (CARDS[c],)) for c in range(52)) for s in range(6))
_PASS = tuple(Move(PASS, s) for s in range(6))
_TAKE = tuple(Move(TAKE, s) for s in range(6))
_COVERS: dict = {}
_new = object.__new__

_FIELDS = ("rules", "trump", "trump_card", "hands", "talon", "discard", "table", "leader", "defender",
           "taking", "passed", "first_limit", "start_hand", "attack_order", "known", "shown_used",
           "swap_open", "in_bout", "result")

BIG = 1 << 30
_THROW_ALL, _THROW_NEIGH, _THROW_TURNS, _THROW_NONE = (
    ThrowIn.ALL, ThrowIn.NEIGHBOURS, ThrowIn.BY_TURNS, ThrowIn.NONE)

# Enum members as module constants: an ``is`` test against these is several times
# cheaper than the class attribute lookup in the engine's hot paths.
_HL_START, _HL_CURRENT = HandLimit.BOUT_START, HandLimit.CURRENT
_TAKE_NONE, _TAKE_SEEN = AfterTake.NONE, AfterTake.SEEN_RANKS
_DRAW_ATTACK, _DRAW_EQUAL = DrawOrder.ATTACK_ORDER, DrawOrder.EQUAL
_TIE_ALL = Tie.ALL_DURAK


class Event(NamedTuple):
    """Something that happens by itself after a move: the end of a bout and what follows.

    ``kind`` is one of ``"bito"`` (cards to the discard), ``"pickup"`` (the
    defender takes ``cards``), ``"return"`` (extra attack cards go back to their
    owner, R13 unlimited), ``"draw"`` (``seat`` draws ``cards`` from the talon),
    ``"out"`` (``seat`` has no cards and the talon is empty: safe, R28),
    ``"bout"`` (a new bout: ``seat`` leads against ``other``), ``"over"`` (the game
    ends; ``cards`` is empty and ``losers`` the durak seats, empty for a draw).
    """

    kind: str
    seat: int = -1
    cards: tuple = ()
    other: int = -1
    losers: tuple = ()

    def text(self) -> str:
        """A sentence for the event.

        >>> Event("draw", 3, (Card("K♦"),)).text()
        'P4 draws 1 card'
        """
        n = len(self.cards)
        cs = " ".join(str(c) for c in self.cards)
        if self.kind == "bito":
            return f"bito: {cs} go to the discard"
        if self.kind == "pickup":
            return f"{seat_text(self.seat)} picks up {cs}"
        if self.kind == "return":
            return f"{cs} go back to {seat_text(self.seat)}"
        if self.kind == "draw":
            return f"{seat_text(self.seat)} draws {n} card{'s' if n != 1 else ''}"
        if self.kind == "out":
            return f"{seat_text(self.seat)} has no cards left and is out"
        if self.kind == "bout":
            return f"{seat_text(self.seat)} leads against {seat_text(self.other)}"
        if self.kind == "over":
            if not self.losers:
                return "game over: a draw, there is no durak"
            who = " and ".join(seat_text(s) for s in self.losers)
            return f"game over: {who} {'is the' if len(self.losers) == 1 else 'are'} durak"
        return self.kind


def _mask(cards: Union[str, int, Iterable, CardSet]) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, str):
        return CardSet.parse(cards).mask
    if isinstance(cards, int):
        return cards
    return CardSet(cards).mask


class _Slots:
    """The storage of a position (see :class:`Position`)."""

    __slots__ = _FIELDS + ("_hash", "_att", "_room", "_tm", "_tr")


class _Draft(_Slots):
    """A position being built: the same storage, writable.  ``_make`` turns it into a Position."""

    __slots__ = ()


class Position(_Slots):
    """An immutable game position.  See the module docstring.

    Fields (all read-only): ``rules``; ``trump`` (suit); ``trump_card`` (card id
    or -1 when there is none, R5); ``hands`` (tuple of card masks by seat);
    ``talon`` (tuple of card ids, next to draw first); ``discard`` (mask);
    ``table`` (tuple of ``(attack, cover, attack_owner, cover_owner)``, cover -1
    while uncovered); ``leader``; ``defender``; ``taking``; ``passed`` (seat
    mask); ``first_limit`` (the first-bout limit R14 applies); ``start_hand``
    (the defender's hand at the start of the bout, R13 'bout_start');
    ``attack_order`` (seats in the order they attacked); ``known`` (per seat,
    the cards everyone knows are in that hand: picked up, shown, the trump card
    drawn); ``shown_used`` (trumps already shown to transfer, R24);
    ``swap_open`` (the R6 swap may still happen); ``in_bout`` (seats holding
    cards when the bout began); ``result`` (None while the game goes on, else a
    tuple of durak seats, empty for a draw).
    """

    __slots__ = ()

    rules: Rules
    trump: int
    trump_card: int
    hands: tuple
    talon: tuple
    discard: int
    table: tuple
    leader: int
    defender: int
    taking: bool
    passed: int
    first_limit: bool
    start_hand: int
    attack_order: tuple
    known: tuple
    shown_used: int
    swap_open: bool
    in_bout: int
    result: Optional[tuple]

    # ------------------------------------------------------------ construction
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable; play() returns a new one")

    @classmethod
    def _make(cls, rules, trump, trump_card, hands, talon, discard, table, leader, defender, taking,
              passed, first_limit, start_hand, attack_order, known, shown_used, swap_open, in_bout,
              result, att=None) -> "Position":
        # ``att``: the attackers (see :meth:`attackers`) when the caller knows them unchanged
        p = _new(_Draft)
        p.rules = rules
        p.trump = trump
        p.trump_card = trump_card
        p.hands = hands
        p.talon = talon
        p.discard = discard
        p.table = table
        p.leader = leader
        p.defender = defender
        p.taking = taking
        p.passed = passed
        p.first_limit = first_limit
        p.start_hand = start_hand if rules.hand_limit is _HL_START else 0
        p.attack_order = attack_order if rules.draw_order is _DRAW_ATTACK else ()
        p.known = known
        p.shown_used = shown_used
        p.swap_open = swap_open
        p.in_bout = in_bout if rules.tie is _TIE_ALL else 0
        p.result = result
        p._hash = None
        p._att = att
        p._room = None
        p._tm = None
        p._tr = None
        p.__class__ = Position
        return p

    def _replace(self, **kw) -> "Position":
        d = {k: getattr(self, k) for k in _FIELDS}
        d.update(kw)
        return Position._make(**d)

    @classmethod
    def start(cls, rules: Rules, hands: Sequence, talon: Union[str, Sequence] = (),
              trump_card: Union[str, int, None] = None, trump: Union[str, int, None] = None,
              discard: Union[str, Sequence, int, None] = 0, attacker: Union[int, str, None] = None,
              known: Optional[Sequence] = None, first_bout: bool = True) -> "Position":
        """A position at the start of a bout from explicit cards.

        ``hands``: one card collection per seat; ``talon``: next card first, the
        face-up ``trump_card`` last (omit ``trump_card`` and give ``trump`` when
        the talon is empty or there is no trump card); ``discard``: cards out of
        the game, or ``"rest"`` for every card not listed elsewhere; ``attacker``:
        the leader (default: the holder of the lowest trump, R7).  With
        ``first_bout`` the first-bout limit (R14) applies to this bout.

        >>> p = Position.start(Rules(players=2), ["6♥ 7♦", "Q♦ 8♠"], trump="♥", discard="rest")
        >>> p.leader, p.defender, len(CardSet(p.discard))
        (0, 1, 32)
        """
        n = rules.players
        if len(hands) != n:
            raise PositionError(f"hands: {len(hands)} hands given for {n} players")
        try:
            hm = tuple(_mask(h) for h in hands)
            tl = tuple(Card(c) for c in (talon.split() if isinstance(talon, str) else talon))
        except ValueError as err:
            raise PositionError(str(err)) from None
        deck = deck_mask(rules.lowest_rank)
        try:
            suit = None if trump is None else (parse_suit(trump) if isinstance(trump, str) else int(trump))
            tc = Card(trump_card) if trump_card is not None else (tl[-1] if tl else -1)
        except ValueError as err:
            raise PositionError(f"trump: {err}") from None
        if tc >= 0:
            if not tl or tl[-1] != tc:
                raise PositionError(f"talon: the trump card {tc} must be the talon's last card")
            tsuit = suit_of(tc)
            if suit is not None and suit != tsuit:
                raise PositionError(f"trump: {SUIT_SYMBOLS[suit]} contradicts the trump card {tc}")
        elif suit is None:
            raise PositionError("trump: give the trump card or, with no talon, the trump suit")
        elif not 0 <= suit < 4:
            raise PositionError(f"trump: {trump!r} is not a suit")
        else:
            tsuit = suit
        if len(set(tl)) != len(tl):
            raise PositionError("talon: a card appears twice")
        tmask = sum(1 << c for c in tl)
        if isinstance(discard, str) and discard.strip().lower() == "rest":
            held = tmask
            for h in hm:
                held |= h
            dm = deck & ~held
        else:
            dm = _mask(discard or 0)
        groups = [(f"hands.{seat_text(i)}", h) for i, h in enumerate(hm)]
        check_cards(rules, groups + [("talon", tmask), ("discard", dm)], hint=" (use discard 'rest')")
        kn = tuple(_mask(k) & hm[i] for i, k in enumerate(known)) if known else (0,) * n
        if isinstance(attacker, str):
            try:
                attacker = parse_seat(attacker, n)
            except ValueError as err:
                raise PositionError(f"attacker: {err}") from None
        if attacker is None:
            attacker = cls._lowest_trump_holder(rules, hm, tsuit)
            if attacker is None:
                attacker = 0
        if not 0 <= attacker < n:
            raise PositionError(f"attacker: no seat {attacker + 1}")
        if rules.show_lowest_trump and first_bout:  # R7: shown at the first lead of a game
            low = cls._lowest_trump(hm, tsuit)
            if low is not None and hm[attacker] >> low & 1:
                kn = tuple(k | (1 << low if i == attacker else 0) for i, k in enumerate(kn))
        p = cls._make(rules, tsuit, tc, hm, tl, dm, (), attacker, attacker, False, 0,
                      bool(first_bout and rules.first_bout_limit), 0, (), kn, 0, False, 0, None)
        if not p._active(attacker):
            raise PositionError(f"attacker: {seat_text(attacker)} has no cards")
        defender = p._next_opponent(attacker)
        if defender is None:
            raise PositionError("no opponent left to defend: the game is already over")
        swap_open = False
        if rules.trump_swap is not TrumpSwap.OFF and tc >= 0 and first_bout:
            six = tsuit * 13 + rules.lowest_rank - 2
            if tc != six and (rules.trump_swap is TrumpSwap.ANY or rank_of(tc) == 14):
                swap_open = any(h >> six & 1 for h in hm)
        return p._replace(defender=defender, start_hand=popcount(hm[defender]), swap_open=swap_open,
                          in_bout=p._active_mask())

    @classmethod
    def deal(cls, rules: Rules, seed: Union[int, random.Random, None] = None,
             attacker: Optional[int] = None) -> "Position":
        """A shuffled deal (R3), deterministic for a seed; the first leader by R7.

        Six players on 36 cards leave no talon: the dealer shows the last card
        dealt, which fixes trump and is public (R5).  With ``rules.redeal`` a
        hand of 5 cards of one suit or 6 of one colour is declared and the
        cards, all but the trump card, are dealt again (R4).  ``attacker``
        overrides R7 (later games of a match lead by R8, see :mod:`durak_lab.engine.match`).

        >>> p = Position.deal(Rules(players=3), seed=7)
        >>> [len(CardSet(h)) for h in p.hands], len(p.talon)
        ([6, 6, 6], 18)
        >>> Position.deal(Rules(players=3), seed=7) == p
        True
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = cards_of(deck_mask(rules.lowest_rank))
        rng.shuffle(deck)
        n, h = rules.players, rules.hand_size
        trump_card: Optional[Card] = deck[n * h] if rules.has_talon else None
        rest = [c for c in deck if c != trump_card]
        for _ in range(1000):
            hands = [sum(1 << c for c in rest[i * h:(i + 1) * h]) for i in range(n)]
            if not (rules.redeal and any(_redeal_hand(m) for m in hands)):
                break
            rng.shuffle(rest)
        talon = rest[n * h:] + ([trump_card] if trump_card is not None else [])
        known = [0] * n
        if trump_card is None:
            shown = rest[n * h - 1]  # the dealer's last card, shown to fix trump (R5)
            trump = suit_of(shown)
            known[n - 1] |= 1 << shown
        else:
            trump = suit_of(trump_card)
        return cls.start(rules, hands, talon, trump_card=trump_card,
                         trump=None if trump_card is not None else trump, known=known, attacker=attacker)

    @staticmethod
    def _lowest_trump(hands: Sequence[int], trump: int) -> Optional[int]:
        allh = 0
        for m in hands:
            allh |= m
        t = allh & SUIT_MASKS[trump]
        if not t:
            return None
        return (t & -t).bit_length() - 1

    @classmethod
    def _lowest_trump_holder(cls, rules: Rules, hands: Sequence[int], trump: int) -> Optional[int]:
        low = cls._lowest_trump(hands, trump)
        if low is None:
            return None
        for i, m in enumerate(hands):
            if m >> low & 1:
                return i
        return None

    # ------------------------------------------------------------ value semantics
    def _key(self) -> tuple:
        return (self.trump, self.trump_card, self.hands, self.talon, self.discard, self.table,
                self.leader, self.defender, self.taking, self.passed, self.first_limit,
                self.start_hand, self.attack_order, self.known, self.shown_used, self.swap_open,
                self.in_bout, self.result)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash(self._key())
            object.__setattr__(self, "_hash", h)
        return h

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self is other or (self._key() == other._key() and self.rules == other.rules)

    def __str__(self) -> str:
        from .notation import position_text

        return position_text(self)

    def __repr__(self) -> str:
        return f"Position.parse('{self}')"

    @classmethod
    def parse(cls, text: str) -> "Position":
        """The position of a one-line text form (see :mod:`durak_lab.engine.notation`)."""
        from .notation import parse_position

        return parse_position(text)

    def _repr_html_(self) -> str:  # pragma: no cover - presentation layer
        from ..display.render import position_html

        return position_html(self)

    # ------------------------------------------------------------ simple queries
    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        """Has the game ended (R28, R29)?"""
        return self.result is not None

    def hand(self, seat: int) -> CardSet:
        """The cards of one seat.

        >>> Position.deal(Rules(), seed=1).hand(0)
        CardSet('8♠ 7♦ 10♦ 6♣ 9♣ K♣')
        """
        return CardSet(self.hands[seat])

    def table_cards(self) -> int:
        """Mask of every card on the table."""
        m = self._tm
        if m is None:
            m = 0
            for a, c, _, _ in self.table:
                m |= 1 << a
                if c >= 0:
                    m |= 1 << c
            object.__setattr__(self, "_tm", m)
        return m

    def _table_ranks(self) -> int:
        """Every card of a rank on the table (what may be thrown in, R12), cached."""
        m = self._tr
        if m is None:
            m = ranks_mask(self.table_cards())
            object.__setattr__(self, "_tr", m)
        return m

    def uncovered(self) -> list[Card]:
        """The attack cards not yet covered, in the order they were played."""
        return [Card(a) for a, c, _, _ in self.table if c < 0]

    def table_text(self) -> str:
        """The table as ``7♥/10♥ 10♦/8♠ 8♣`` (attack/cover).

        >>> Position.deal(Rules(), seed=1).table_text()
        ''
        """
        return " ".join(f"{Card(a)}/{Card(c)}" if c >= 0 else str(Card(a)) for a, c, _, _ in self.table)

    def _team(self, seat: int) -> int:
        t = self.rules.teams
        return seat % t if t else seat

    def partners(self, seat: int) -> list[int]:
        """The seats of ``seat``'s team other than itself (empty without teams)."""
        t = self.rules.teams
        if not t:
            return []
        return [s for s in range(self.players) if s != seat and s % t == seat % t]

    def _active(self, seat: int) -> bool:
        return bool(self.hands[seat]) or bool(self.talon)

    def _active_mask(self) -> int:
        m = 0
        for s in range(self.players):
            if self.hands[s] or self.talon:
                m |= 1 << s
        return m

    def active_seats(self) -> list[int]:
        """Seats still in the game: holding cards, or anyone while the talon lasts (R28)."""
        return [s for s in range(self.players) if self._active(s)]

    def _next_opponent(self, seat: int) -> Optional[int]:
        return _next_seat(self.hands, self.talon, self.rules.players, seat, self.rules.teams)

    def _next_active(self, seat: int) -> Optional[int]:
        n = self.players
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.hands[s] or self.talon:
                return s
        return None

    def _defending_seats(self) -> list[int]:
        d = self.defender
        if not self.rules.partner_covers:
            return [d]
        return [d] + [s for s in self._clockwise_from(d) if s != d and self._team(s) == self._team(d)
                      and self.hands[s]]

    def _clockwise_from(self, seat: int) -> list[int]:
        n = self.players
        return [(seat + i) % n for i in range(n)]

    def attackers(self) -> tuple:
        """Seats that may throw in this bout, in order from the leader (R12, R25, R26).

        The defender never; in a team game not the defender's partners unless
        ``partner_throw_in``; with 'neighbours' only the defender's two
        neighbours; with 'none' nobody.  Players out of cards are left out.
        """
        att = self._att
        if att is None:
            att = tuple(self._attackers())
            object.__setattr__(self, "_att", att)
        return att

    def _attackers(self) -> list[int]:
        r = self.rules
        if r.throw_in is _THROW_NONE:
            return []
        d = self.defender
        if r.players == 2:  # the common case, fast: the other player, if they hold cards
            return [1 - d] if self.hands[1 - d] else []
        t = r.teams
        out = []
        for s in self._clockwise_from(self.leader):
            if s == d or not self.hands[s]:
                continue
            if t and s % t == d % t and not r.partner_throw_in:
                continue
            out.append(s)
        if r.throw_in is _THROW_NEIGH:
            left = self._next_active(d)
            right = None
            n = self.players
            for i in range(1, n):
                s = (d - i) % n
                if self.hands[s] or self.talon:
                    right = s
                    break
            out = [s for s in out if s == left or s == right]
        return out

    def _cap(self) -> int:
        r = self.rules
        cap = r.attack_limit if r.attack_limit is not None else BIG
        if self.first_limit and r.first_bout_limit is not None:
            cap = min(cap, r.first_bout_limit)
        return cap

    def room(self) -> int:
        """How many more attack cards the table takes now (R13, R14, R18).

        >>> Position.deal(Rules(), seed=1).room()   # first bout: 5 (R14)
        5
        """
        room = self._room
        if room is None:
            room = self._compute_room()
            object.__setattr__(self, "_room", room)
        return room

    def _compute_room(self) -> int:
        r = self.rules
        if self.taking and r.after_take is _TAKE_SEEN:
            return BIG
        n_att = len(self.table)
        cap = r.attack_limit if r.attack_limit is not None else BIG
        if self.first_limit and r.first_bout_limit is not None and r.first_bout_limit < cap:
            cap = r.first_bout_limit
        room = cap - n_att
        hl = r.hand_limit
        if hl is _HL_CURRENT:
            unc = 0
            for e in self.table:
                if e[1] < 0:
                    unc += 1
            hand = popcount(self.hands[self.defender])
            if r.partner_covers and not self.taking:
                for s in self._defending_seats()[1:]:
                    hand += popcount(self.hands[s])
            room = min(room, hand - unc)
        elif hl is _HL_START:
            start = self.start_hand if self.table else popcount(self.hands[self.defender])
            room = min(room, start - n_att)
        return room

    def _can_add(self, seat: int) -> bool:
        return bool(self.hands[seat] & self._table_ranks()) and self.room() > 0

    def _turns_thrower(self) -> Optional[int]:
        """'attack by turns' (R12): the first attacker in order who has not passed and can add."""
        for s in self.attackers():
            if not self.passed >> s & 1 and self._can_add(s):
                return s
        return None

    def swap_holder(self) -> Optional[int]:
        """Who may make the R6 swap now (holder of the lowest trump), or None."""
        if not self.swap_open:
            return None
        six = self.trump * 13 + self.rules.lowest_rank - 2
        for s in range(self.players):
            if self.hands[s] >> six & 1:
                return s
        return None

    # ------------------------------------------------------------ whose turn
    def to_act(self) -> Optional[int]:
        """The one seat that acts now under the sequential protocol (None when over).

        >>> Position.deal(Rules(players=3), seed=7).to_act()
        2
        """
        if self.result is not None:
            return None
        if self.swap_open:
            return self.swap_holder()
        table = self.table
        if not table:
            return self.leader
        if not self.taking:
            for e in table:
                if e[1] < 0:
                    if self.rules.partner_covers:
                        d = self.defender
                        if not self.passed >> d & 1:
                            return d
                        for s in self._defending_seats()[1:]:
                            if not self.passed >> s & 1:
                                return s
                        return d
                    return self.defender
        if self.room() > 0:
            tr = self._table_ranks()
            passed = self.passed
            hands = self.hands
            for s in self.attackers():
                if not passed >> s & 1 and hands[s] & tr:
                    return s
        return self.defender  # not reached once the bout has settled

    # ------------------------------------------------------------ legal moves
    def legal_moves(self, seat: Optional[int] = None) -> list[Move]:
        """Every legal move under the free protocol, or only ``seat``'s.

        >>> p = Position.start(Rules(players=2), ["7♦ 7♣", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> [str(m) for m in p.legal_moves()]
        ['P1 attack 7♦', 'P1 attack 7♣']
        """
        if self.result is not None:
            return []
        seats = range(self.players) if seat is None else (seat,)
        out: list[Move] = []
        for s in seats:
            self._moves_of(s, out)
        return out

    def sequential_moves(self) -> list[Move]:
        """The legal moves of :meth:`to_act`, the sequential protocol.

        >>> p = Position.deal(Rules(players=2), seed=3)
        >>> all(m.seat == p.to_act() for m in p.sequential_moves())
        True
        """
        s = self.to_act()
        if s is None:
            return []
        out: list[Move] = []
        self._moves_of(s, out)
        return out

    def _moves_of(self, s: int, out: list) -> None:
        r = self.rules
        hand = self.hands[s]
        if self.swap_open and s == self.swap_holder():
            out.append(Move(SWAP, s, (CARDS[self.trump * 13 + r.lowest_rank - 2],)))
            out.append(_PASS[s])
        table = self.table
        d = self.defender
        if not table:  # the lead (R10)
            if s != self.leader or not hand:
                return
            cards = hand
        elif s == d or (r.partner_covers and s in self._defending_seats()):
            if self.taking:
                return
            beat = BEATERS[self.trump]
            cache = _COVERS
            unc = False
            for a, c, _, _ in table:
                if c >= 0:
                    continue
                unc = True
                m = hand & beat[a]
                while m:
                    low = m & -m
                    key = (s * 52 + a) * 52 + low.bit_length() - 1
                    mv = cache.get(key)
                    if mv is None:
                        mv = cache[key] = Move(COVER, s, (CARDS[low.bit_length() - 1],), CARDS[a])
                    out.append(mv)
                    m ^= low
            if not unc:
                return
            if s == d:
                if r.transfer:
                    self._transfers(s, out)
                out.append(_TAKE[s])
                if r.partner_covers and not self.passed >> s & 1:
                    if any(not self.passed >> p & 1 and self._covers_any(p)
                           for p in self._defending_seats()[1:]):
                        out.append(_PASS[s])
            elif not self.passed >> s & 1:
                out.append(_PASS[s])
            return
        else:  # a throw-in (R12)
            if self.passed >> s & 1:
                return
            if self.taking and r.after_take is _TAKE_NONE:
                return
            if s not in self.attackers():
                return
            if r.throw_in is _THROW_TURNS and self._turns_thrower() != s:
                return
            cards = hand & self._table_ranks()
        lead = r.lead
        k_max = self.room()
        if lead is not None and lead < k_max:
            k_max = lead
        if k_max == 1:  # the common case, inline: single cards
            row = _ATTACK1[s]
            m = cards
            while m:
                low = m & -m
                out.append(row[low.bit_length() - 1])
                m ^= low
        elif k_max > 0:
            self._attack_sets(s, cards, k_max, out)
        if table:
            out.append(_PASS[s])

    def _covers_any(self, s: int) -> bool:
        beat = BEATERS[self.trump]
        h = self.hands[s]
        return any(h & beat[a] for a, c, _, _ in self.table if c < 0)

    @staticmethod
    def _attack_sets(s: int, cards: int, k_max: int, out: list) -> None:
        """Attacks of 1 to ``k_max`` (at least 2) cards of one rank from ``cards`` (R10); single
        cards alone are listed inline by :meth:`_moves_of`."""
        mine = []
        for rank in range(2, 15):
            group = cards_of(cards & RANK_MASKS[rank])
            for k in range(1, min(k_max, len(group)) + 1):
                for combo in combinations(group, k):
                    mine.append(Move(ATTACK, s, combo))
        mine.sort(key=lambda m: m.cards)
        out.extend(mine)

    def _transfers(self, s: int, out: list) -> None:
        r = self.rules
        if not r.transfer or any(c >= 0 for _, c, _, _ in self.table):
            return
        ranks = {rank_of(a) for a, _, _, _ in self.table}
        if len(ranks) != 1:
            return
        rank = ranks.pop()
        nxt = self._next_opponent(s)
        if nxt is None:
            return
        n_att = len(self.table)
        k_max = min(self._cap() - n_att, popcount(self.hands[nxt]) - n_att,
                    r.lead if r.lead is not None else BIG)
        group = cards_of(self.hands[s] & RANK_MASKS[rank])
        for k in range(1, min(k_max, len(group)) + 1):
            for combo in combinations(group, k):
                out.append(Move(TRANSFER, s, combo))
        if r.transfer_by_show and popcount(self.hands[nxt]) >= n_att:
            c = self.trump * 13 + rank - 2
            if self.hands[s] >> c & 1 and not self.shown_used >> c & 1:
                out.append(Move(SHOW, s, (Card(c),)))

    # ------------------------------------------------------------ checking
    def why_illegal(self, move: Union[Move, str]) -> Optional[IllegalMoveError]:
        """None if ``move`` is legal (free protocol), else the error saying why.

        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> p = p.play("P1 attack 7♦")
        >>> print(p.why_illegal("P2 cover 7♦ with 8♠").message)
        8♠ does not beat 7♦: cover with a higher diamond or a trump (♥)
        """
        if isinstance(move, str):
            move = Move.parse(move, self.players)
        try:
            self._check(move)
        except IllegalMoveError as err:
            return err
        return None

    def is_legal(self, move: Union[Move, str]) -> bool:
        """Is ``move`` legal now (free protocol)?"""
        return self.why_illegal(move) is None

    def _fail(self, reason: Reason, msg: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(reason, msg, move)

    def _check(self, m: Move) -> None:
        r = self.rules
        F = self._fail
        if not isinstance(m, Move):
            raise TypeError(f"{m!r} is not a Move")
        if self.result is not None:
            raise F(Reason.GAME_OVER, "the game is over", m)
        s = m.seat
        who = seat_text(s) if 0 <= s < self.players else f"P{s + 1}"
        if not 0 <= s < self.players:
            raise F(Reason.NO_SUCH_SEAT, f"there is no seat {who} in a {self.players}-player game", m)
        hand = self.hands[s]
        kind = m.kind
        cards = m.cards
        cm = 0
        for c in cards:
            if cm >> c & 1:
                raise F(Reason.DUPLICATE_CARD, f"{Card(c)} is named twice", m)
            cm |= 1 << c
        if kind != SHOW and cm & ~hand:
            raise F(Reason.NOT_IN_HAND, f"{who} does not hold {CardSet(cm & ~hand)}", m)
        if kind == SWAP:
            if r.trump_swap is TrumpSwap.OFF:
                raise F(Reason.SWAP_OFF, "these rules have no trump-card swap (R6)", m)
            six = self.trump * 13 + r.lowest_rank - 2
            if not self.swap_open:
                raise F(Reason.SWAP_NOT_NOW, "the trump card can be swapped only before the first lead "
                        "(R6)", m)
            if len(cards) != 1 or cards[0] != six:
                raise F(Reason.SWAP_NOT_NOW, f"only the lowest trump, {Card(six)}, can be swapped for "
                        f"the trump card {Card(self.trump_card)} (R6)", m)
            return
        if kind == PASS and self.swap_open and s == self.swap_holder() and not self.table:
            return
        table = self.table
        d = self.defender
        if kind == ATTACK:
            if not cards:
                raise F(Reason.NOT_IN_HAND, "an attack needs a card", m)
            if s == d:
                raise F(Reason.DEFENDER_CANNOT_ATTACK, f"{who} is the defender and cannot attack", m)
            ranks = {rank_of(c) for c in cards}
            if len(ranks) > 1:
                raise F(Reason.MIXED_RANKS, "several cards in one attack must all have one rank (R10)", m)
            k = len(cards)
            if r.lead is not None and k > r.lead:
                if r.lead == 1:
                    raise F(Reason.TOO_MANY_LEAD_CARDS, "these rules allow one card at a time (R10)", m)
                raise F(Reason.TOO_MANY_LEAD_CARDS, f"these rules allow at most {r.lead} cards at once "
                        "(R10)", m)
            if not table:
                if s != self.leader:
                    raise F(Reason.NOT_LEADER, f"{seat_text(self.leader)} leads this bout, not {who}", m)
            else:
                if r.throw_in is _THROW_NONE:
                    raise F(Reason.NO_THROW_IN, "in these rules nobody throws in: the lead is the whole "
                            "attack (R12)", m)
                if self.taking and r.after_take is _TAKE_NONE:
                    raise F(Reason.NO_THROW_IN_AFTER_TAKE, "once the defender takes, nothing more may be "
                            "added (R18)", m)
                if s not in self.attackers():
                    if r.teams and self._team(s) == self._team(d):
                        raise F(Reason.NOT_AN_ATTACKER, f"{who} may not throw in against their own "
                                f"partner {seat_text(d)} (R26)", m)
                    if r.throw_in is _THROW_NEIGH:
                        raise F(Reason.NOT_AN_ATTACKER, f"only the defender's neighbours may throw in, "
                                f"and {who} is not one (R12)", m)
                    raise F(Reason.NOT_AN_ATTACKER, f"{who} is not attacking in this bout", m)
                rank = ranks.pop()
                if not RANK_MASKS[rank] & self.table_cards():
                    on = sorted({rank_of(c) for c in cards_of(self.table_cards())})
                    raise F(Reason.RANK_NOT_ON_TABLE, f"no {rank_text(rank)} is on the table: throw in "
                            f"only ranks already there ({', '.join(rank_text(x) for x in on)}) (R12)", m)
                if r.throw_in is _THROW_TURNS:
                    t = self._turns_thrower()
                    if t != s:
                        raise F(Reason.NOT_ATTACKERS_TURN, f"attack by turns: {seat_text(t)} throws in now, "
                                f"{who} waits until they stop (R12)" if t is not None else
                                "attack by turns: nobody may throw in now (R12)", m)
                if self.passed >> s & 1:
                    raise F(Reason.ALREADY_PASSED, f"{who} has passed: a pass holds until the next card "
                            "is played", m)
            room = self.room()
            if k > room:
                self._limit_error(m, k, room)
            return
        if kind == COVER:
            if s != d and not (r.partner_covers and s in self._defending_seats()):
                raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} covers"
                        + (" (and their partner, R26)" if r.partner_covers else ""), m)
            if not table:
                raise F(Reason.NOTHING_TO_COVER, "there is nothing on the table to cover", m)
            if self.taking:
                raise F(Reason.ALREADY_TAKING, f"{seat_text(d)} has decided to take and covers no more (R15)",
                        m)
            a = m.target
            entry = next((e for e in table if e[0] == a), None)
            if entry is None:
                raise F(Reason.NOT_ON_TABLE, f"{a} is not an attack card on the table", m)
            if entry[1] >= 0:
                raise F(Reason.ALREADY_COVERED, f"{a} is already covered by {Card(entry[1])}", m)
            if len(cards) != 1:
                raise F(Reason.NOT_IN_HAND, "a cover is one card", m)
            c = cards[0]
            if not BEATERS[self.trump][a] >> c & 1:
                raise F(Reason.DOES_NOT_BEAT, self._no_beat_text(c, a), m)
            return
        if kind == TAKE:
            if s != d:
                raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} takes", m)
            if self.taking:
                raise F(Reason.ALREADY_TAKING, f"{who} is already taking", m)
            if not any(c < 0 for _, c, _, _ in table):
                raise F(Reason.NOTHING_TO_TAKE, "there is no uncovered card: nothing to take", m)
            return
        if kind in (TRANSFER, SHOW):
            if kind == TRANSFER and not r.transfer:
                raise F(Reason.TRANSFER_OFF, "these rules have no transfer (perevodnoy, R20)", m)
            if kind == SHOW and not r.transfer_by_show:
                raise F(Reason.SHOW_OFF, "these rules have no transfer by showing a trump (R24)", m)
            if s != d:
                raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} can pass the attack on", m)
            if not table:
                raise F(Reason.NOTHING_TO_COVER, "there is no attack to pass on", m)
            if self.taking:
                raise F(Reason.ALREADY_TAKING, f"{who} has decided to take", m)
            if any(c >= 0 for _, c, _, _ in table):
                raise F(Reason.TRANSFER_AFTER_COVER, "once a card is covered the attack can no longer be "
                        "passed on (R21)", m)
            ranks = {rank_of(a) for a, _, _, _ in table}
            rank = next(iter(ranks))
            if len(ranks) != 1 or any(rank_of(c) != rank for c in cards) or not cards:
                raise F(Reason.TRANSFER_RANK, f"to pass the attack on, lay a card of the attack rank "
                        f"({rank_text(rank)}) (R20)", m)
            k = len(cards) if kind == TRANSFER else 0
            if kind == TRANSFER and r.lead is not None and k > r.lead:
                raise F(Reason.TOO_MANY_LEAD_CARDS, f"at most {r.lead} card(s) at once (R10, R20)", m)
            if kind == SHOW:
                c = cards[0]
                if len(cards) != 1 or suit_of(c) != self.trump:
                    raise F(Reason.SHOW_NOT_TRUMP, f"only a trump ({SUIT_SYMBOLS[self.trump]}) of the attack "
                            f"rank can be shown to pass the attack on (R24)", m)
                if not hand >> c & 1:
                    raise F(Reason.NOT_IN_HAND, f"{who} does not hold {Card(c)}", m)
                if self.shown_used >> c & 1:
                    raise F(Reason.SHOW_USED, f"{Card(c)} has already been shown once this game; now it "
                            "passes the attack on only by being played (R24)", m)
            nxt = self._next_opponent(s)
            n_att = len(table) + k
            if nxt is None or popcount(self.hands[nxt]) < n_att:
                held = popcount(self.hands[nxt]) if nxt is not None else 0
                raise F(Reason.TRANSFER_NEXT_TOO_FEW, f"{seat_text(nxt) if nxt is not None else 'nobody'} "
                        f"holds {held} card(s), fewer than the {n_att} attack cards (R22)", m)
            if n_att > self._cap():
                raise F(Reason.BOUT_LIMIT, f"the bout would have {n_att} attack cards, more than the limit "
                        f"of {self._cap()} (R13, R14)", m)
            return
        if kind == PASS:
            if not table:
                raise F(Reason.CANNOT_PASS, f"{seat_text(self.leader)} must lead a card: the bout has not "
                        "begun", m)
            if self.passed >> s & 1:
                raise F(Reason.ALREADY_PASSED, f"{who} has already passed since the last card", m)
            if s == d or (r.partner_covers and s in self._defending_seats()):
                if not r.partner_covers or self.taking or not any(c < 0 for _, c, _, _ in table):
                    raise F(Reason.CANNOT_PASS, f"the defender {who} covers, transfers or takes; "
                            "passing is for attackers", m)
                if s == d and not any(not self.passed >> p & 1 and self._covers_any(p)
                                      for p in self._defending_seats()[1:]):
                    raise F(Reason.CANNOT_PASS, f"{who}'s partner cannot cover: cover or take", m)
                return
            if self.taking and r.after_take is _TAKE_NONE:
                raise F(Reason.CANNOT_PASS, "the defender is picking up", m)
            if s not in self.attackers():
                raise F(Reason.NOT_AN_ATTACKER, f"{who} is not attacking in this bout", m)
            if r.throw_in is _THROW_TURNS and self._turns_thrower() != s:
                raise F(Reason.NOT_ATTACKERS_TURN, "attack by turns: it is not your turn to throw in (R12)",
                        m)
            return
        raise F(Reason.NOT_IN_HAND, f"unknown move kind {kind!r}", m)

    def _limit_error(self, m: Move, k: int, room: int) -> None:
        r = self.rules
        n_att = len(self.table)
        cap = self._cap()
        if n_att + k > cap:
            first = " in the first bout (R14)" if self.first_limit and cap == r.first_bout_limit else " (R13)"
            raise IllegalMoveError(Reason.BOUT_LIMIT, f"at most {cap} attack cards in a bout{first}; "
                                   f"{n_att} already on the table", m)
        if r.hand_limit is _HL_START:
            raise IllegalMoveError(Reason.DEFENDER_HAND_LIMIT, f"the attack may not exceed the "
                                   f"{self.start_hand} cards the defender held when the bout began (R13)", m)
        d = self.defender
        raise IllegalMoveError(Reason.DEFENDER_HAND_LIMIT, f"{seat_text(d)} holds "
                               f"{popcount(self.hands[d])} card(s): uncovered attack cards may not "
                               "outnumber them (R13)", m)

    def _no_beat_text(self, c: int, a: int) -> str:
        t = self.trump
        ts = SUIT_SYMBOLS[t]
        if suit_of(a) == t:
            return f"{Card(c)} does not beat {Card(a)}: a trump is covered only by a higher trump (R11)"
        suit_word = SUIT_NAMES[suit_of(a)][:-1]
        return f"{Card(c)} does not beat {Card(a)}: cover with a higher {suit_word} or a trump ({ts})"

    # ------------------------------------------------------------ playing
    def play(self, move: Union[Move, str], sequential: bool = False) -> "Position":
        """The position after ``move``; raises IllegalMoveError (this position is unchanged).

        With ``sequential=True`` only the seat :meth:`to_act` may move.
        """
        return self.play_events(move, sequential)[0]

    def play_events(self, move: Union[Move, str], sequential: bool = False) -> tuple["Position", list]:
        """Like :meth:`play`, also returning the :class:`Event` list (bito, draws, …)."""
        if isinstance(move, str):
            move = Move.parse(move, self.players)
        self._check(move)
        if sequential:
            t = self.to_act()
            if move.seat != t:
                raise IllegalMoveError(Reason.NOT_YOUR_TURN, f"it is {seat_text(t)}'s turn, not "
                                       f"{seat_text(move.seat)}'s", move)
        events: list = []
        return self.play_unchecked(move, events), events

    def play_unchecked(self, m: Move, events: Optional[list] = None) -> "Position":
        """Apply a move taken from :meth:`legal_moves` without checking it again (fast path).

        With a list as ``events``, the :class:`Event` s that follow the move are
        appended to it, as :meth:`play_events` returns them.

        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> str(p.play_unchecked(p.sequential_moves()[0]).uncovered()[0])
        '7♦'
        """
        r = self.rules
        s = m.seat
        kind = m.kind
        hands = self.hands
        known = self.known
        table = self.table
        if kind == PASS:
            if self.swap_open and not table:
                return self._replace(swap_open=False)
            return Position._make(r, self.trump, self.trump_card, hands, self.talon, self.discard, table,
                                  self.leader, self.defender, self.taking, self.passed | 1 << s,
                                  self.first_limit, self.start_hand, self.attack_order, known,
                                  self.shown_used, self.swap_open, self.in_bout, None, self._att)._settle(events)
        if kind == TAKE:
            return Position._make(r, self.trump, self.trump_card, hands, self.talon, self.discard, table,
                                  self.leader, self.defender, True, 0, self.first_limit, self.start_hand,
                                  self.attack_order, known, self.shown_used, self.swap_open, self.in_bout,
                                  None, self._att)._settle(events)
        cm = 0
        for c in m.cards:
            cm |= 1 << c
        if kind == SWAP:
            six = m.cards[0]
            tc = self.trump_card
            hl = list(hands)
            hl[s] = hl[s] & ~(1 << six) | 1 << tc
            kn = list(known)
            kn[s] = kn[s] & ~(1 << six) | 1 << tc
            talon = self.talon[:-1] + (CARDS[six],)
            return self._replace(hands=tuple(hl), known=tuple(kn), talon=talon, trump_card=CARDS[six],
                                 swap_open=False)
        if kind != SHOW:
            hands = hands[:s] + (hands[s] & ~cm,) + hands[s + 1:]
            if known[s] & cm:
                known = known[:s] + (known[s] & ~cm,) + known[s + 1:]
        leader = self.leader
        d = self.defender
        order = self.attack_order
        start_hand = self.start_hand
        in_bout = self.in_bout
        swap_open = self.swap_open
        shown_used = self.shown_used
        if kind == ATTACK:
            if len(m.cards) == 1:
                new = ((m.cards[0], -1, s, -1),)
            else:
                new = tuple((c, -1, s, -1) for c in m.cards)
            if not table:
                order = (s,)
                start_hand = popcount(self.hands[d])
                if r.tie is _TIE_ALL:
                    in_bout = self._active_mask()
                swap_open = False
            elif s not in order:
                order = order + (s,)
            table = table + new
        elif kind == COVER:
            a = m.target
            c = m.cards[0]
            i = 0
            for e in table:
                if e[0] == a:
                    table = table[:i] + ((a, c, e[2], s),) + table[i + 1:]
                    break
                i += 1
        else:  # TRANSFER, SHOW
            nxt = self._next_opponent(d)
            if kind == TRANSFER:
                table = table + tuple((c, -1, d, -1) for c in m.cards)
            else:
                shown_used |= cm
                known = known[:s] + (known[s] | cm,) + known[s + 1:]
            if d not in order:
                order = order + (d,)
            if nxt == leader:  # the attack came round to its leader (R23): the transferrer leads now
                leader = d
            d = nxt
            start_hand = popcount(hands[d])
        p = Position._make(r, self.trump, self.trump_card, hands, self.talon, self.discard, table,
                           leader, d, self.taking, 0, self.first_limit, start_hand, order, known, shown_used,
                           swap_open, in_bout, None,
                           self._att if kind != TRANSFER and kind != SHOW and hands[s] else None)
        if kind == ATTACK and not self.taking and hands[d]:
            return p  # a new uncovered card for a defender holding cards: the bout goes on (R16)
        return p._settle(events)

    def _settle(self, events: Optional[list]) -> "Position":
        """End the bout if nobody can or will act in it any more (R16)."""
        table = self.table
        if not table:
            return self
        r = self.rules
        d = self.defender
        if not self.taking:
            unc = False
            for e in table:
                if e[1] < 0:
                    unc = True
                    break
            if not self.hands[d]:
                if not unc:
                    return self._end_bout(True, events)
                if not r.partner_covers or not any(self.hands[p] for p in self._defending_seats()):
                    return self._end_bout(True, events)  # extras go back (R13 unlimited)
            if unc:
                return self
        elif r.after_take is _TAKE_NONE:
            return self._end_bout(False, events)
        if self.room() > 0:
            tr = self._table_ranks()
            passed = self.passed
            for s in self.attackers():
                if not passed >> s & 1 and self.hands[s] & tr:
                    return self
        return self._end_bout(not self.taking, events)

    def _end_bout(self, defended: bool, events: Optional[list]) -> "Position":
        r = self.rules
        n = r.players
        hands = list(self.hands)
        known = list(self.known)
        discard = self.discard
        d = self.defender
        tm = self.table_cards()
        if defended:
            bito = 0
            for a, c, owner, _ in self.table:
                if c >= 0:
                    bito |= 1 << a | 1 << c
                else:  # an extra card beyond what the defender could beat goes back (R13)
                    hands[owner] |= 1 << a
                    known[owner] |= 1 << a
                    if events is not None:
                        events.append(Event("return", owner, (Card(a),)))
            discard |= bito
            if events is not None:
                events.append(Event("bito", -1, tuple(cards_of(bito))))
        else:
            hands[d] |= tm
            known[d] |= tm
            if events is not None:
                events.append(Event("pickup", d, tuple(cards_of(tm))))
        # drawing (R19)
        talon = self.talon
        if talon:
            hs = r.hand_size
            order = self._draw_order()
            pos = 0
            nt = len(talon)
            if r.draw_order is _DRAW_EQUAL:
                got: dict = {}
                while pos < nt:
                    need = [s for s in order if popcount(hands[s]) < hs]
                    if not need:
                        break
                    s = min(need, key=lambda x: popcount(hands[x]))
                    hands[s] |= 1 << talon[pos]
                    got.setdefault(s, []).append(talon[pos])
                    pos += 1
                if events is not None:
                    for s in order:
                        if s in got:
                            events.append(Event("draw", s, tuple(got[s])))
            else:
                for s in order:
                    k = hs - popcount(hands[s])
                    if k <= 0 or pos >= nt:
                        continue
                    take = talon[pos:pos + k]
                    pos += len(take)
                    for c in take:
                        hands[s] |= 1 << c
                    if events is not None:
                        events.append(Event("draw", s, tuple(take)))
            if pos >= nt and self.trump_card >= 0:
                # whoever drew the face-up trump card holds it in public view
                for s in range(n):
                    if hands[s] >> self.trump_card & 1:
                        known[s] |= 1 << self.trump_card
            talon = talon[pos:]
        first_limit = self.first_limit
        if first_limit and (defended or not r.first_bout_carry):
            first_limit = False
        hands_t = tuple(hands)
        known_t = tuple(known)
        # players out (R28) and the end of the game (R27, R29)
        if not talon:
            was = 0
            if events is not None or r.tie is _TIE_ALL:
                was = self.in_bout if self.in_bout else self._active_mask_before()
            if events is not None:
                for s in range(n):
                    if was >> s & 1 and not hands[s]:
                        events.append(Event("out", s))
            t = r.teams
            groups = {s % t for s in range(n) if hands[s]} if t else [s for s in range(n) if hands[s]]
            if len(groups) <= 1:
                if groups:
                    g = next(iter(groups))
                    losers = tuple(s for s in range(n) if (s % t == g if t else s == g))
                elif r.tie is _TIE_ALL:
                    losers = tuple(s for s in range(n) if was >> s & 1)
                else:
                    losers = ()
                if events is not None:
                    events.append(Event("over", losers=losers))
                return Position._make(r, self.trump, self.trump_card, hands_t, talon, discard, (),
                                      self.leader, d, False, 0, first_limit, 0, (), known_t,
                                      self.shown_used, False, 0, losers)
        # the next bout (R17, R18)
        if defended and (hands[d] or talon):
            leader = d
        else:
            leader = _next_seat(hands_t, talon, n, d, 0)
        defender = _next_seat(hands_t, talon, n, leader, r.teams)
        in_bout = 0
        if r.tie is _TIE_ALL:
            in_bout = sum(1 << x for x in range(n) if hands[x] or talon)
        p = Position._make(r, self.trump, self.trump_card, hands_t, talon, discard, (), leader, defender,
                           False, 0, first_limit, popcount(hands[defender]), (), known_t, self.shown_used,
                           False, in_bout, None)
        if events is not None:
            events.append(Event("bout", leader, (), defender))
        return p

    def _active_mask_before(self) -> int:
        m = 0
        for s in range(self.players):
            if self.hands[s] or any(e[2] == s or e[3] == s for e in self.table) or s == self.defender:
                m |= 1 << s
        return m

    def _draw_order(self) -> list[int]:
        n = self.players
        d = self.defender
        if n == 2:
            return [1 - d, d]
        rest = [(self.leader + i) % n for i in range(n)]
        rest = [s for s in rest if s != d]
        if self.rules.draw_order is _DRAW_ATTACK:
            first = [s for s in self.attack_order if s != d]
            rest = first + [s for s in rest if s not in first]
        return rest + [d]

    # ------------------------------------------------------------ convenience
    def view(self, seat: int):
        """What ``seat`` knows: a :class:`~durak_lab.engine.view.PlayerView` (for bots and probabilities)."""
        from .view import view_of

        return view_of(self, seat)

    def card_count(self) -> int:
        """All cards: hands + table + talon + discard (the deck size while cards are conserved)."""
        total = sum(popcount(h) for h in self.hands) + popcount(self.table_cards())
        return total + len(self.talon) + popcount(self.discard)

    def result_text(self) -> str:
        """``'P3 is durak'``, ``'draw'`` or ``'the game goes on'``."""
        if self.result is None:
            return "the game goes on"
        if not self.result:
            return "draw: nobody is durak"
        names = " and ".join(seat_text(s) for s in self.result)
        return f"{names} {'is' if len(self.result) == 1 else 'are'} durak"


def check_cards(rules: Rules, groups: Sequence[tuple], hint: str = "") -> None:
    """Every card of the deck exactly once across ``groups`` of ``(name, mask)``; else PositionError.

    >>> check_cards(Rules(deck=20), [("hands.P1", CardSet.parse("10♠").mask)])
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.PositionError: cards missing: J♠ Q♠ K♠ A♠ 10♥ J♥ Q♥ K♥ A♥ 10♦ J♦ Q♦ K♦ A♦ 10♣ J♣ Q♣ K♣ A♣
    """
    deck = deck_mask(rules.lowest_rank)
    seen = 0
    for where, m in groups:
        if m & seen:
            twice = CardSet(m & seen)
            raise PositionError(f"{where}: {twice} appear{'s' if len(twice) == 1 else ''} twice")
        seen |= m
    if seen & ~deck:
        raise PositionError(f"{CardSet(seen & ~deck)} are not in a {rules.deck}-card deck")
    if seen != deck:
        raise PositionError(f"cards missing: {CardSet(deck & ~seen)}{hint}")


def _next_seat(hands: tuple, talon: tuple, n: int, seat: int, teams: int) -> Optional[int]:
    """The next seat clockwise from ``seat`` still in the game; with ``teams``, the next opponent."""
    for i in range(1, n):
        s = (seat + i) % n
        if (hands[s] or talon) and (not teams or s % teams != seat % teams):
            return s
    return None


def _redeal_hand(mask: int) -> bool:
    """R4: 5 cards of one suit, or 6 of one colour."""
    s = [popcount(mask & SUIT_MASKS[i]) for i in range(4)]
    black, red = s[0] + s[3], s[1] + s[2]
    return max(s) >= 5 or black >= 6 or red >= 6


def iter_game(position: Position, moves: Iterable[Union[Move, str]]) -> Iterator[Position]:
    """The positions after each of ``moves``.

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    >>> [q.table_text() for q in iter_game(p, ["P1 attack 7♦", "P2 cover 7♦ with Q♦"])]
    ['7♦', '']
    """
    for m in moves:
        position = position.play(m)
        yield position
