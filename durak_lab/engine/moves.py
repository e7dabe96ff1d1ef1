"""Moves and their text form (a public contract: extend, never break).

A :class:`Move` is a small immutable value: a kind, a seat (0-based inside,
written ``P1``… outside), the cards it plays and, for a cover, the attack card
it covers.  Its text round-trips: ``Move.parse(str(m)) == m``.

=====================================  ===========================================
``P4 attack 7♥``                        lead or throw in (several cards only of one
                                        rank: ``P4 attack 7♥ 7♣``) (R10, R12)
``P1 cover 7♥ with 10♥``                cover an uncovered attack card (R11)
``P1 transfer 7♦``                      transfer by laying card(s) of the attack
                                        rank (R20)
``P1 show 7♠``                          transfer by showing a trump (R24)
``P1 take``                             the defender picks up the table (R15, R18)
``P2 pass``                             nothing more from me for now
``P2 swap 6♥``                          swap the trump six for the face-up ace (R6)
``P2 choose 7♥ 9♣``                     the defender names the uncovered cards he
                                        will beat; the other uncovered ones go back
                                        to the attackers who laid them (R13)
``P2 challenge Q♦``                     pushing durak only: the defender sends back
                                        an uncovered card that breaks R12 (R12, R31)
=====================================  ===========================================

Input is case-insensitive and accepts every card spelling of
:mod:`durak_lab.engine.cards`; output is canonical.

>>> m = Move.parse("p1 COVER 7h with th")
>>> m
Move.parse('P1 cover 7♥ with 10♥')
>>> str(m), m.seat, m.kind
('P1 cover 7♥ with 10♥', 0, 'cover')
>>> Move.parse(str(m)) == m
True
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Optional, Sequence, Union

from .cards import Card
from .errors import CardError, MoveTextError
from .reading import shorten

__all__ = [
    "Move", "ATTACK", "COVER", "TRANSFER", "SHOW", "TAKE", "PASS", "SWAP", "KINDS",
    "seat_text", "parse_seat", "attack", "cover", "transfer", "show", "take", "pass_", "swap",
    "CHOOSE", "choose", "CHALLENGE", "challenge",
]

ATTACK, COVER, TRANSFER, SHOW, TAKE, PASS, SWAP = (
    "attack", "cover", "transfer", "show", "take", "pass", "swap")
CHOOSE = "choose"  # the defender chooses the cards he beats (R13)
#: Pushing durak (Rules.pushing, R12, R31): the defender sends a card that breaks the rules back.
CHALLENGE = "challenge"
#: Every move kind, in the order legal moves are listed.
KINDS = (ATTACK, COVER, TRANSFER, SHOW, TAKE, PASS, SWAP, CHOOSE, CHALLENGE)
_ALIASES = {"lead": ATTACK, "throw": ATTACK, "beat": COVER}
#: The longest move text read: the longest move (a defender choosing a dozen cards) takes under 80.
MAX_MOVE_TEXT = 200


def seat_text(seat: int) -> str:
    """``'P1'`` for seat 0.

    >>> seat_text(3)
    'P4'
    """
    return f"P{seat + 1}"


def parse_seat(text: str, players: int = 8) -> int:
    """Seat number (0-based) from ``P1``…``P8`` (case-insensitive; at most 8 players, R2, R5).

    >>> parse_seat("p4"), parse_seat("P8")
    (3, 7)
    """
    t = text.strip().upper() if isinstance(text, str) else ""
    # a seat has a few digits: never ask int() for thousands of them (it refuses past 4,300)
    if len(t) >= 2 and t[0] == "P" and t[1:].isdecimal() and len(t[1:].lstrip("0")) <= 3:
        n = int(t[1:].lstrip("0") or "0")
        if 1 <= n <= players:
            return n - 1
    raise MoveTextError(f"{shorten(text) if isinstance(text, str) else repr(text)[:40]} is not a seat: "
                        f"write P1 to P{players}")


class Move(NamedTuple):
    """One move.  Build with :meth:`parse` or the helpers :func:`attack`, :func:`cover`…

    ``cards`` is a sorted tuple of :class:`~durak_lab.engine.cards.Card`; ``target`` is
    the attack card a cover covers (else ``None``).

    >>> attack(3, "7♣", "7♥")
    Move.parse('P4 attack 7♥ 7♣')
    """

    kind: str
    seat: int
    cards: tuple = ()
    target: Optional[Card] = None

    def __str__(self) -> str:
        head = f"P{self.seat + 1} {self.kind}"
        if self.kind == COVER:
            return f"{head} {self.target} with {self.cards[0]}"
        if self.cards:
            return head + " " + " ".join(str(c) for c in self.cards)
        return head

    def __repr__(self) -> str:
        return f"Move.parse('{self}')"

    @property
    def card(self) -> Optional[Card]:
        """The single card played, or None (``take``, ``pass``)."""
        return self.cards[0] if self.cards else None

    @classmethod
    def parse(cls, text: str, players: int = 8) -> "Move":
        """Read a move text; raise :class:`MoveTextError` naming what is wrong.

        >>> Move.parse("P2 pass")
        Move.parse('P2 pass')
        >>> Move.parse("P2 dance")
        Traceback (most recent call last):
        ...
        durak_lab.engine.errors.MoveTextError: 'P2 dance': 'dance' is not a move; use attack, cover, transfer, show, take, pass, swap, choose or challenge
        """
        if not isinstance(text, str):
            raise MoveTextError(f"{repr(text)[:40]} is not a move text")
        if len(text) > MAX_MOVE_TEXT:
            raise MoveTextError(f"{shorten(text)}: a move text of {len(text)} characters is too long "
                                f"(at most {MAX_MOVE_TEXT})")
        words = text.split()
        if len(words) < 2:
            raise MoveTextError(f"{text!r} is not a move: write a seat and a verb, e.g. 'P1 take'")
        try:
            seat = parse_seat(words[0], players)
        except MoveTextError as err:
            raise MoveTextError(f"{text!r}: {err}") from None
        verb = words[1].lower()
        verb = _ALIASES.get(verb, verb)
        rest = words[2:]
        try:
            if verb in (TAKE, PASS):
                if rest:
                    raise MoveTextError(f"{text!r}: '{verb}' takes no cards")
                return cls(verb, seat)
            if verb == COVER:
                low = [w.lower() for w in rest]
                if len(rest) != 3 or low[1] != "with":
                    raise MoveTextError(f"{text!r}: write 'P1 cover 7♥ with 10♥'")
                return cls(COVER, seat, (Card.parse(rest[2]),), Card.parse(rest[0]))
            if verb in (ATTACK, TRANSFER, SHOW, SWAP, CHOOSE, CHALLENGE):
                if not rest:
                    raise MoveTextError(f"{text!r}: '{verb}' needs a card")
                if verb in (SHOW, SWAP, CHALLENGE) and len(rest) != 1:
                    raise MoveTextError(f"{text!r}: '{verb}' takes exactly one card")
                cards = [Card.parse(w) for w in rest]
                if len(set(cards)) != len(cards):
                    raise MoveTextError(f"{text!r}: a card appears twice")
                return cls(verb, seat, tuple(sorted(cards)))
        except CardError as err:
            raise MoveTextError(f"{text!r}: {err}") from None
        raise MoveTextError(
            f"{text!r}: {words[1]!r} is not a move; use attack, cover, transfer, show, take, pass, swap, choose or "
            "challenge")


def _cards(cs: Iterable[Union[int, str]]) -> tuple:
    return tuple(sorted(Card(c) for c in cs))


def attack(seat: int, *cards: Union[int, str]) -> Move:
    """A lead or throw-in by ``seat`` (0-based).

    >>> str(attack(0, "6♦"))
    'P1 attack 6♦'
    """
    return Move(ATTACK, seat, _cards(cards))


def cover(seat: int, target: Union[int, str], card: Union[int, str]) -> Move:
    """``seat`` covers ``target`` with ``card``.

    >>> str(cover(1, "6♦", "10♦"))
    'P2 cover 6♦ with 10♦'
    """
    return Move(COVER, seat, (Card(card),), Card(target))


def transfer(seat: int, *cards: Union[int, str]) -> Move:
    """``seat`` transfers the attack by laying ``cards`` (R20)."""
    return Move(TRANSFER, seat, _cards(cards))


def show(seat: int, card: Union[int, str]) -> Move:
    """``seat`` transfers by showing the trump ``card`` (R24)."""
    return Move(SHOW, seat, (Card(card),))


def take(seat: int) -> Move:
    """The defender ``seat`` takes the table (R15)."""
    return Move(TAKE, seat)


def pass_(seat: int) -> Move:
    """``seat`` adds nothing more for now."""
    return Move(PASS, seat)


def swap(seat: int, card: Union[int, str]) -> Move:
    """``seat`` swaps ``card`` (the lowest trump) for the face-up trump card (R6)."""
    return Move(SWAP, seat, (Card(card),))


def choose(seat: int, *cards: Union[int, str]) -> Move:
    """The defender ``seat`` chooses the uncovered ``cards`` he will beat; the others go back (R13).

    >>> str(choose(1, "9♣", "7♥"))
    'P2 choose 7♥ 9♣'
    >>> Move.parse("p2 choose 9c 7h") == choose(1, "7♥", "9♣")
    True
    """
    return Move(CHOOSE, seat, _cards(cards))


def challenge(seat: int, card: Union[int, str]) -> Move:
    """The defender ``seat`` sends back ``card``, which breaks R12 (pushing durak, R31).

    >>> m = challenge(1, "Q♦")
    >>> str(m), Move.parse(str(m)) == m
    ('P2 challenge Q♦', True)
    """
    return Move(CHALLENGE, seat, (Card(card),))


def moves_text(moves: Sequence[Move]) -> str:
    """Moves joined by ``'; '``.

    >>> moves_text([take(0), pass_(1)])
    'P1 take; P2 pass'
    """
    return "; ".join(str(m) for m in moves)
