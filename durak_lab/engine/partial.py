"""Positions with unknown cards: what a person at a real table knows, in one line of text.

A player sees their own hand, the table, the cards gone to the discard and the face-up trump card,
but not the other hands nor the talon.  The position text (:mod:`~durak_lab.engine.notation`) says
so with ``?N``: N cards it does not name, in a hand (``hands=7♦.Q♦|K♠.?5``: P2 holds K♠, which
everyone saw him pick up, and five cards nobody named) or in the talon (``talon=?11.9♠``: eleven
cards, then the face-up 9♠ at the bottom).  The unknown cards are exactly the cards the text does
not name anywhere, so the discard must be listed (``discard=rest`` would leave nothing unknown).

A :class:`Partial` is such a position.  :meth:`Partial.deal` places the unknown cards at random and
gives a whole :class:`~durak_lab.engine.state.Position`; :meth:`Partial.view` gives the view of a
seat whose hand it names, the same whatever the deal, so that bots and the evaluator
(:func:`durak_lab.analysis.evaluation.evaluate`) can weigh it.  Standard library only.

>>> text = ("rules=podkidnoy,players=2 trump=♠ card=9♠ hands=6♥.7♦.Q♦.A♦.8♣.K♣|?6 talon=?23.9♠ "
...         "discard=- table=- lead=P1 def=P2")
>>> p = parse_partial(text)
>>> p.unknown_count, p.named_seats(), str(p) == text
(29, (0,), True)
>>> import random
>>> world = p.deal(random.Random(1))
>>> len(world.talon), world.talon[-1], len(world.hand(1))
(24, Card('9♠'), 6)
>>> p.fits(world)
True
>>> v = p.view(0)
>>> v.hand_sizes, v.talon_size, len(v.unseen())
((6, 6), 24, 29)
>>> p.view(1)
Traceback (most recent call last):
...
durak_lab.engine.errors.PositionError: hands.P2: 6 of P2's cards are unknown: only a seat whose hand the text names has a view
"""

from __future__ import annotations

import random
from typing import Optional, Union

from .cards import Card, CardSet, cards_of, popcount
from .errors import PositionError
from .moves import seat_text
from .rules import Rules
from .notation import PositionFields, make_position, position_text, read_fields
from .state.position import Position
from .view import PlayerView, view_of

__all__ = ["Partial", "parse_partial"]

#: How many deals :class:`Partial` tries when a dealt position is refused for a reason that may
#: depend on the deal (validation is structural, so the first deal nearly always stands).
_TRIES = 30


def _cards_text(mask: int) -> str:
    return ".".join(str(Card(c)) for c in cards_of(mask))  # in the order position texts write them


class Partial:
    """A position some of whose cards are unknown (see the module); read with :meth:`parse`.

    ``fields``: the text's fields (:class:`~durak_lab.engine.notation.PositionFields`);
    ``unknown``: the mask of the cards the text does not name.
    """

    __slots__ = ("fields", "unknown")

    def __init__(self, fields: PositionFields) -> None:
        f = fields
        if f.discard is None and (any(f.hand_unknown) or None in f.talon):
            raise PositionError("discard: with unknown cards, list the discard (rest would leave no card unknown)")
        listed = f.listed()
        self.fields = f
        self.unknown = 0 if f.discard is None else f.rules.all_cards & ~listed  # discard=rest takes the rest
        slots = sum(f.hand_unknown) + f.talon.count(None)
        if slots != popcount(self.unknown):
            raise PositionError(f"the unknown cards: the text leaves {slots} unknown (?N), but it does not name "
                                f"{popcount(self.unknown)} cards of the deck: they must agree")
        if f.trump_card >= 0 and self.unknown >> f.trump_card & 1:
            raise PositionError(f"card: the face-up {Card(f.trump_card)} is seen by everyone: name it where it "
                                "is (last in the talon, or in the hand that drew it)")
        for s, k in enumerate(f.known):
            if k & ~f.hands[s]:
                raise PositionError(f"known.{seat_text(s)}: known cards must be named in that hand")
        self.deal(random.Random(0))  # the first deal checks what depends on whole positions (roles, moves)

    @classmethod
    def parse(cls, text: str) -> "Partial":
        """The partial position of a text that may hold ``?N`` (see the module)."""
        return cls(read_fields(text, unknown=True))

    @classmethod
    def seen_from(cls, position: Position, seat: int) -> "Partial":
        """What ``seat`` (0-based) knows of ``position``: its own hand, the cards known to be in the
        others' hands, the face-up trump card; every other card unknown.

        >>> import random
        >>> from durak_lab.engine.rules import Rules
        >>> world = Position.deal(Rules(players=3), random.Random(4))
        >>> mine = Partial.seen_from(world, 1)
        >>> mine.fields.hand_unknown, mine.view(1, random.Random(9)) == world.view(1)   # P3 showed a trump
        ((6, 0, 5), True)
        """
        f = read_fields(position_text(position))
        known = position.known
        hands = tuple(h if s == seat else known[s] for s, h in enumerate(position.hands))
        unknown = tuple(0 if s == seat else popcount(h) - popcount(known[s]) for s, h in enumerate(position.hands))
        talon: tuple = tuple([None] * len(position.talon))
        if talon and position.trump_card >= 0 and position.talon[-1] == position.trump_card:
            talon = talon[:-1] + (position.talon[-1],)  # the face-up trump card under the talon
        return cls(f._replace(hands=hands, hand_unknown=unknown, talon=talon))

    @property
    def rules(self) -> Rules:
        """The rules (:class:`~durak_lab.engine.rules.Rules`)."""
        return self.fields.rules

    @property
    def unknown_count(self) -> int:
        """How many cards the text leaves unknown."""
        return popcount(self.unknown)

    def named_seats(self) -> tuple:
        """The seats (0-based) whose whole hand the text names: the seats that have a :meth:`view`."""
        return tuple(s for s, n in enumerate(self.fields.hand_unknown) if n == 0)

    def deal(self, rng: Union[random.Random, int, None] = None) -> Position:
        """A whole position: the unknown cards shuffled by ``rng`` (a seed, or a ``random.Random``) into
        the hands' and the talon's unknown places; :class:`PositionError` if no game can be in it."""
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        first: Optional[PositionError] = None
        for _ in range(_TRIES):
            cards = list(CardSet(self.unknown))
            rng.shuffle(cards)
            hands = []
            for h, n in zip(self.fields.hands, self.fields.hand_unknown):
                for c in cards[:n]:
                    h |= 1 << c
                del cards[:n]
                hands.append(h)
            talon = tuple(c if c is not None else Card(cards.pop()) for c in self.fields.talon)
            try:
                return make_position(self.fields, talon, tuple(hands))
            except PositionError as err:
                first = first or err
        assert first is not None
        raise first

    def fits(self, position: Position) -> bool:
        """Whether ``position`` agrees with every card the text names, and holds as many cards in each
        hand and in the talon (every position :meth:`deal` gives fits)."""
        f = self.fields
        if position.rules != f.rules or len(position.talon) != len(f.talon):
            return False
        for h, n, real in zip(f.hands, f.hand_unknown, position.hands):
            if real & h != h or popcount(real) != popcount(h) + n:
                return False
        if any(c is not None and c != r for c, r in zip(f.talon, position.talon)):
            return False
        return position.table == f.table and (f.discard is None or position.discard == f.discard)

    def view(self, seat: int, rng: Union[random.Random, int, None] = None) -> PlayerView:
        """What ``seat`` (0-based) knows here: its own hand, and every card the text names in the others'
        hands as known to be there.  The same for every deal ``rng`` gives (a property test proves it).
        ``seat`` must be one of :meth:`named_seats`."""
        f = self.fields
        if not 0 <= seat < f.rules.players:
            raise PositionError(f"seat: there is no seat {seat_text(seat)} among {f.rules.players} players")
        if f.hand_unknown[seat]:
            raise PositionError(f"hands.{seat_text(seat)}: {f.hand_unknown[seat]} of {seat_text(seat)}'s cards "
                                "are unknown: only a seat whose hand the text names has a view")
        return view_of(self.world(seat, rng), seat)

    def world(self, seat: int, rng: Union[random.Random, int, None] = None) -> Position:
        """A whole position that stands in for this one when seen from ``seat``: :meth:`deal`, with every
        card the text names in another hand marked as known to be there, so that its view from ``seat``
        is :meth:`view` (what an analysis board plays on: the stand-in cards are never shown)."""
        f = self.fields
        if not 0 <= seat < f.rules.players:
            raise PositionError(f"seat: there is no seat {seat_text(seat)} among {f.rules.players} players")
        known = tuple(k | (h if s != seat else 0) for s, (k, h) in enumerate(zip(f.known, f.hands)))
        return self.deal(rng if rng is not None else 0)._replace(known=known)

    def position(self) -> Position:
        """The whole position, when the text leaves no card unknown; else :class:`PositionError`."""
        if self.unknown:
            raise PositionError(f"{self.unknown_count} cards are unknown: deal them (Partial.deal) or view the "
                                "position from a seat (Partial.view)")
        return self.deal(0)

    def __str__(self) -> str:
        f = self.fields
        text = position_text(self.deal(0))
        hands = []
        for h, n in zip(f.hands, f.hand_unknown):
            parts = ([_cards_text(h)] if h else []) + ([f"?{n}"] if n else [])
            hands.append(".".join(parts) or "-")
        talon: list = []
        for c in f.talon:
            if c is None and talon and talon[-1][0] == "?":
                talon[-1] = f"?{int(talon[-1][1:]) + 1}"
            else:
                talon.append("?1" if c is None else str(c))
        out = []
        for token in text.split(" "):
            key = token.partition("=")[0]
            if key == "hands":
                token = "hands=" + "|".join(hands)
            elif key == "talon":
                token = "talon=" + (".".join(talon) or "-")
            out.append(token)
        return " ".join(out)

    def __repr__(self) -> str:
        return f"Partial.parse('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Partial) and self.fields == other.fields

    def __hash__(self) -> int:
        return hash(self.fields)


def parse_partial(text: str) -> Partial:
    """:meth:`Partial.parse`: the position of a text whose hands and talon may hold ``?N``."""
    return Partial.parse(text)
