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
  seating order from the leader, each throwing in or passing.  Every attacker who
  holds cards and has not passed is asked, whether or not he holds a rank of the
  table (he then passes): skipping him would tell the others what he holds (R3).

In attack by turns (R12, HE "תקיפה לפי התור") the attacker whose turn it is
plays on until he passes ("I am finished"); then the next attacker's turn begins
(``Rules.turns_direction``).  Every attacker whose turn came earlier keeps the
right to stop the current one and attack himself: under the free protocol he
may cut in with a card at any moment, and is never made to decline after each
card.  The sequential protocol, which must ask one seat at a time, offers that
right each time a turn ends: before the next attacker begins (and before the
bout ends) every earlier attacker holding cards is asked in order, leader first,
whether he cuts in.  A cut-in gives the turn to the one who cut in; when he is
finished the turns go on from him.  So in attack by turns ``passed`` holds who
has stopped (and, of the earlier attackers, who has let the play go on since
the last turn ended); a cover does not lapse it, a take does (the turns start
again from the leader, R18).

Otherwise ``pass`` means "nothing more from me for now" and lapses when any card is
played.  A bout ends by itself (bito, or the pick-up after a take) once every
attacker who could still legally add a card has passed since the last card; a
player who cannot add anything never has to pass to end it (R16).  (So the end of
a bout still tells that the attackers not yet asked hold none of the table's
ranks; records written so far rely on this ending.)  After the bout every
hand is refilled (R19), players out of cards leave once the talon is empty
(R28) and the next bout starts (R17, R18).  In attack by turns the bout ends
once no attacker can add, or once every turn is over and every attacker who
could add has let it end since the last turn ended (a record must write those
passes: nothing is put into its moves on load, see :mod:`~durak_lab.engine.records`).

This module holds :class:`Position` itself (construction, value semantics),
:func:`check_cards` and :func:`iter_game`.  Its fields and their types are
declared once in :mod:`~durak_lab.engine.state.fields`, the base of every part;
the rules engine is in those parts, one module each: :mod:`~durak_lab.engine.state.seats` (simple
queries, the attackers, the room on the table, whose turn; the base of the three others),
:mod:`~durak_lab.engine.state.movegen` (the legal moves), :mod:`~durak_lab.engine.state.checks`
(why a move is illegal) and :mod:`~durak_lab.engine.state.playing` (playing a move, the
end of a bout, drawing, and :class:`~durak_lab.engine.state.playing.Event`).

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
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Sequence, Union

from ._constants import _DRAW_ATTACK, _HL_START, _TIE_ALL, BIG
from ..cards import (SUIT_MASKS, SUIT_SYMBOLS, Card, CardSet, cards_of, parse_suit, popcount, rank_of,
                    suit_of)
from .checks import MoveChecks
from ..errors import PositionError
from ..reading import brief
from .fields import FIELDS, Entry, PositionFields
from .movegen import MoveGeneration
from ..moves import Move, parse_seat, seat_text
from .playing import Event, Playing
from .validate import validate_position
from ..rules import Rules, TrumpSwap

if TYPE_CHECKING:
    from ..view import PlayerView

__all__ = ["Position", "Event", "BIG"]

_new = object.__new__

#: Who declares a redeal (R4), see :meth:`Position.deal`: None/False (nobody), True (every hand that
#: may), ``f(seat, hand) -> bool``, or the declaring seats in order.
Declare = Union[None, bool, Callable[[int, CardSet], bool], Sequence[int]]

#: Cards as :meth:`Position.start` takes them: a CardSet, a mask, a text, or card ids and texts.
Cards = Union[CardSet, int, str, Iterable[Union[int, str]]]


def _mask(cards: Cards) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, str):
        return CardSet.parse(cards).mask
    if isinstance(cards, int):
        return cards
    return CardSet(cards).mask


class _Draft(PositionFields):
    """A position being built: the same storage, writable.  ``_make`` turns it into a Position."""

    __slots__ = ()


def _suit_number(trump: object) -> int:
    """A suit given as a number, 0 to 3 (♠ ♥ ♦ ♣); else :class:`PositionError` quoting it briefly."""
    if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump < 4:
        return trump
    raise PositionError(f"trump: {brief(trump)} is not a suit: write ♠ ♥ ♦ ♣ or 0 to 3")


class Position(MoveGeneration, MoveChecks, Playing):
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
    tuple of durak seats, empty for a draw); ``sent_back`` (pushing durak, R12, R31: the cards the
    defender sent back in this bout, which may not be pushed again in it).
    """

    __slots__ = ()  # the fields and their types: :class:`~durak_lab.engine.state.fields.PositionFields`

    # ------------------------------------------------------------ construction
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable; play() returns a new one")

    @classmethod
    def _make(cls, rules: Rules, trump: int, trump_card: int, hands: tuple[int, ...], talon: tuple[Card, ...],
              discard: int, table: tuple[Entry, ...], leader: int, defender: int, taking: bool, passed: int,
              first_limit: bool, start_hand: int, attack_order: tuple[int, ...], known: tuple[int, ...],
              shown_used: int, swap_open: bool, in_bout: int, result: Optional[tuple[int, ...]],
              att: Optional[tuple[int, ...]] = None, sent_back: int = 0) -> Position:
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
        p.sent_back = sent_back if rules.pushing else 0
        p._hash = None
        p._att = att
        p._room = None
        p._tm = None
        p._tr = None
        # The draft becomes the immutable value in place (one slot layout, no copy); the type checker
        # cannot follow a change of class, hence the two ignores.
        p.__class__ = Position  # type: ignore[assignment]
        return p  # type: ignore[return-value]

    def _replace(self, **changes: object) -> Position:
        d: dict[str, Any] = {k: getattr(self, k) for k in FIELDS}
        d.update(changes)
        return Position._make(**d)

    @classmethod
    def start(cls, rules: Rules, hands: Sequence[Cards], talon: Union[str, Sequence[Union[int, str]]] = (),
              trump_card: Union[str, int, None] = None, trump: Union[str, int, None] = None,
              discard: Optional[Cards] = 0, attacker: Union[int, str, None] = None,
              known: Optional[Sequence[Cards]] = None, first_bout: bool = True) -> Position:
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
        deck = rules.all_cards
        try:
            suit = None if trump is None else (parse_suit(trump) if isinstance(trump, str) else _suit_number(trump))
            tc = Card(trump_card) if trump_card is not None else (tl[-1] if tl else -1)
            if trump_card is None and tc >= 52 and suit is not None:
                tc = -1  # doker: only jokers left under the talon: no trump card, the dealer showed trump (R5)
        except PositionError:
            raise
        except ValueError as err:
            raise PositionError(f"trump: {err}") from None
        if tc >= 52:
            raise PositionError(f"trump_card: a joker ({tc}) has no suit and cannot be the trump card (doker)")
        if tc >= 0:
            if not tl or tl[-1] != tc:
                raise PositionError(f"talon: the trump card {tc} must be the talon's last card")
            tsuit = suit_of(tc)
            if suit is not None and suit != tsuit:
                raise PositionError(f"trump: {SUIT_SYMBOLS[suit]} contradicts the trump card {tc}")
        elif suit is None:
            raise PositionError("trump: give the trump card or, with no talon, the trump suit")
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
            six = tsuit * 13 + rules.swap_rank - 2
            if tc != six and (rules.trump_swap is TrumpSwap.ANY or rank_of(tc) == 14):
                swap_open = any(h >> six & 1 for h in hm)
        return validate_position(p._replace(defender=defender, start_hand=popcount(hm[defender]),
                                            swap_open=swap_open, in_bout=p._active_mask()))

    @classmethod
    def deal(cls, rules: Rules, seed: Union[int, random.Random, None] = None,
             attacker: Optional[int] = None, declare: Declare = None) -> "Position":
        """A shuffled deal (R3), deterministic for a seed; the first leader by R7.

        Six players on 36 cards leave no talon: the dealer shows the last card
        dealt, which fixes trump and is public (R5).  With ``rules.redeal`` a
        player dealt 5 cards of one suit or 6 of one colour *may* declare it,
        and then the cards, all but the trump card, are dealt again (R4).  Who
        declares is ``declare``: None or False, nobody; True, every such hand
        (how a seeded record without ``start.redeal`` was dealt); a function
        ``declare(seat, hand) -> bool`` asked for each such hand in seat order
        (the hand a :class:`~durak_lab.engine.cards.CardSet`) until one says yes;
        or the declaring seats, one per redeal, in order (what a record stores).
        :meth:`deal_declared` also returns who declared.  ``attacker`` overrides
        R7 (later games of a match lead by R8, see :mod:`durak_lab.engine.match`).

        >>> p = Position.deal(Rules(players=3), seed=7)
        >>> [len(CardSet(h)) for h in p.hands], len(p.talon)
        ([6, 6, 6], 18)
        >>> Position.deal(Rules(players=3), seed=7) == p
        True
        """
        return cls.deal_declared(rules, seed, attacker, declare)[0]

    @classmethod
    def deal_declared(cls, rules: Rules, seed: Union[int, random.Random, None] = None,
                      attacker: Optional[int] = None, declare: Declare = None) -> tuple[Position, tuple[int, ...]]:
        """:meth:`deal` and the seats that declared a redeal (R4), one per redeal, in order.

        A player who holds five trumps may well keep them: the choice is his.

        >>> r = Rules(players=4, redeal=True)
        >>> Position.deal(r, 29).hand(2)            # six red cards: P3 may declare
        CardSet('7♥ Q♥ A♥ 7♦ J♦ A♦')
        >>> Position.deal_declared(r, 29)[1], Position.deal_declared(r, 29, declare=True)[1]
        ((), (2,))
        >>> asked = []
        >>> keep = Position.deal_declared(r, 29, declare=lambda seat, hand: asked.append(seat) or False)
        >>> asked, keep[0] == Position.deal(r, 29)
        ([2], True)
        >>> Position.deal(r, 29, declare=[2]) == Position.deal(r, 29, declare=True)
        True
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = cards_of(rules.all_cards)
        rng.shuffle(deck)
        n, h = rules.players, rules.hand_size
        trump_card: Optional[Card] = deck[n * h] if rules.has_talon else None
        if trump_card is not None and trump_card >= 52:
            # doker: a joker is never the trump card; the first card after it that is no joker is turned
            # (none: the jokers stay in the talon and the dealer shows trump as with no talon, R5)
            trump_card = next((c for c in deck[n * h:] if c < 52), None)
        rest = [c for c in deck if c != trump_card]
        named = None if declare is None or isinstance(declare, bool) or callable(declare) else tuple(declare)
        if named and not rules.redeal:
            raise PositionError("a redeal was declared, but these rules have no redeal (R4: set redeal)")
        declared: list[int] = []
        for _ in range(1000):
            hands = [sum(1 << c for c in rest[i * h:(i + 1) * h]) for i in range(n)]
            if not rules.redeal or declare is None or declare is False:
                break
            who = None
            for i, m in enumerate(hands):
                if not _redeal_hand(m):
                    continue
                if named is not None:
                    yes = len(declared) < len(named) and named[len(declared)] == i
                else:
                    yes = declare is True or bool(declare(i, CardSet(m)))  # type: ignore[operator]
                if yes:
                    who = i
                    break
            if who is None:
                break
            declared.append(who)
            rng.shuffle(rest)
        if named is not None and tuple(declared) != named:
            bad = named[len(declared)]
            raise PositionError(f"P{bad + 1} cannot declare redeal "
                                f"{len(declared) + 1}: that hand has no 5 cards of one suit nor 6 of one colour (R4)")
        talon = rest[n * h:] + ([trump_card] if trump_card is not None else [])
        known = [0] * n
        if trump_card is None:
            shown = rest[n * h - 1]  # the dealer's last card, shown to fix trump (R5)
            if shown >= 52:  # doker: not a joker, the dealer's last card dealt that is no joker
                shown = next(c for c in reversed(rest[:n * h]) if c < 52)
            trump = suit_of(shown)
            known[n - 1] |= 1 << shown
        else:
            trump = suit_of(trump_card)
        return (cls.start(rules, hands, talon, trump_card=trump_card,
                          trump=None if trump_card is not None else trump, known=known, attacker=attacker),
                tuple(declared))

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
    def _key(self) -> tuple[object, ...]:
        return (self.trump, self.trump_card, self.hands, self.talon, self.discard, self.table,
                self.leader, self.defender, self.taking, self.passed, self.first_limit,
                self.start_hand, self.attack_order, self.known, self.shown_used, self.swap_open,
                self.in_bout, self.result, self.sent_back)

    def __copy__(self) -> "Position":
        return self  # immutable: a copy is the same value

    def __deepcopy__(self, memo: dict) -> "Position":
        return self

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
        from ..notation import position_text

        return position_text(self)

    def __repr__(self) -> str:
        return f"Position.parse('{self}')"

    @classmethod
    def parse(cls, text: str) -> "Position":
        """The position of a one-line text form (see :mod:`durak_lab.engine.notation`)."""
        from ..notation import parse_position

        return parse_position(text)

    def _repr_html_(self) -> str:  # pragma: no cover - presentation layer
        from ...display.render import position_html

        return position_html(self)

    # ------------------------------------------------------------ convenience
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` knows: a :class:`~durak_lab.engine.view.PlayerView` (for bots and probabilities)."""
        from ..view import view_of

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


def check_cards(rules: Rules, groups: Sequence[tuple[str, int]], hint: str = "") -> None:
    """Every card of the deck exactly once across ``groups`` of ``(name, mask)``; else PositionError.

    >>> check_cards(Rules(deck=20), [("hands.P1", CardSet.parse("10♠").mask)])
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.PositionError: cards missing: J♠ Q♠ K♠ A♠ 10♥ J♥ Q♥ K♥ A♥ 10♦ J♦ Q♦ K♦ A♦ 10♣ J♣ Q♣ K♣ A♣
    """
    deck = rules.all_cards
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
