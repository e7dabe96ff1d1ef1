"""Two hidden cards trade places: what a real game told us replaces what a dealt stand-in guessed.

When a person follows a real game from their seat (the live helper of
:mod:`durak_lab.session.live`), the engine plays a whole position whose hidden cards were dealt at
random: the other hands and the talon.  When the real game shows a card (P2 plays 9♣, the person
draws 7♥) that the stand-in put somewhere else, :func:`exchange` swaps it with a card that the
stand-in put where the real one came from.  Nothing public changes: both cards must be hidden
(in a hand, not known to be there, or in the talon but not the face-up trump card), so every seat's
knowledge, every hand's size and the talon's size stay as they were.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["6♥ 7♦", "Q♦ 8♠"], talon=["K♣", "9♥"], trump_card="9♥",
...                    discard="rest")
>>> q = exchange(p, Card("Q♦"), Card("K♣"))
>>> str(CardSet(q.hands[1])), [str(c) for c in q.talon]
('8♠ K♣', ['Q♦', '9♥'])
>>> place_of(q, Card("Q♦")), place_of(q, Card("7♦")), place_of(q, Card("A♠"))
('talon', 0, 'discard')
>>> exchange(p, Card("6♥"), Card("K♣"))   # P1 showed 6♥, the lowest trump (R7): everyone knows it
Traceback (most recent call last):
...
durak_lab.engine.errors.PositionError: 6♥ is known to be in P1's hand: it cannot trade places
"""

from __future__ import annotations

from typing import Union

from .cards import Card, CardSet
from .errors import PositionError
from .moves import seat_text
from .state.position import Position

__all__ = ["exchange", "place_of"]


def place_of(position: Position, card: Card) -> Union[int, str]:
    """Where ``card`` is: a seat (0-based), ``"talon"``, ``"table"`` or ``"discard"``."""
    bit = 1 << card
    for seat, hand in enumerate(position.hands):
        if hand & bit:
            return seat
    if card in position.talon:
        return "talon"
    if position.table_cards() & bit:
        return "table"
    return "discard"


def _hidden(position: Position, card: Card) -> Union[int, str]:
    where = place_of(position, card)
    if where in ("table", "discard"):
        raise PositionError(f"{card} is {'on the table' if where == 'table' else 'out of the game'}: "
                            "it cannot trade places")
    if isinstance(where, int) and position.known[where] & (1 << card):
        raise PositionError(f"{card} is known to be in {seat_text(where)}'s hand: it cannot trade places")
    if where == "talon" and position.talon and position.talon[-1] == card and position.trump_card == card:
        raise PositionError(f"{card} is the face-up trump card under the talon: it cannot trade places")
    return where


def exchange(position: Position, a: Union[Card, str], b: Union[Card, str]) -> Position:
    """``position`` with the hidden cards ``a`` and ``b`` in each other's places (see the module).

    Raises :class:`~durak_lab.engine.errors.PositionError` when either card is not hidden: on the
    table, out of the game, known to be in its hand, or the face-up trump card.
    """
    a, b = Card(a), Card(b)
    pa, pb = _hidden(position, a), _hidden(position, b)
    if a == b or (isinstance(pa, int) and pa == pb):
        return position  # the same card, or both in one hand: nothing moves
    hands = list(position.hands)
    talon = list(position.talon)
    at = {c: talon.index(c) for c, where in ((a, pa), (b, pb)) if where == "talon"}  # before any change
    for card, old, new in ((a, pa, b), (b, pb, a)):
        if isinstance(old, int):
            hands[old] = hands[old] & ~(1 << card) | (1 << new)
        else:
            talon[at[card]] = new
    # two talon cards trade their order: which one is drawn first changes
    return position._replace(hands=tuple(hands), talon=tuple(talon))
