"""Opponent models for inference from play: the likelihood of a seat's action given its hand.

An opponent model is any callable ``likelihood(view_before, move, hand) -> float or Fraction``
(see :mod:`durak_lab.analysis.inference`); it may also offer ``relevant(view_before, move) -> mask``,
the cards whose presence can change the likelihood.  This module holds the type of such a model,
:class:`EpsilonModel` (an unusual voluntary action has likelihood ε), :func:`uninformative` (every
action has likelihood 1: card counting) and :func:`can_cover_all`, the covering test they use.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence, Union

from ...engine.cards import BEATERS, SUIT_MASKS, Card, CardSet, deck_mask, ranks_mask, suit_of  # noqa: F401
from ...engine.moves import COVER, PASS, TAKE, Move
from ...engine.view import PlayerView

__all__ = ["Number", "OpponentModel", "EpsilonModel", "uninformative", "can_cover_all"]

Number = Union[int, float, Fraction]
#: An opponent model: the likelihood of ``move`` by a seat holding ``hand``, in the situation ``view_before``.
OpponentModel = Callable[[PlayerView, Move, int], Number]


def can_cover_all(hand: int, attacks: Sequence[int], trump: int) -> bool:
    """Can ``hand`` cover every card of ``attacks``, each with its own card (R11)?

    >>> from durak_lab.engine.cards import HEARTS
    >>> can_cover_all(CardSet.parse("K♦ 7♥").mask, [Card("Q♦"), Card("9♠")], HEARTS)
    True
    >>> can_cover_all(CardSet.parse("K♦").mask, [Card("Q♦"), Card("9♠")], HEARTS)
    False
    """
    match: dict = {}  # cover card -> attack card

    def place(a: int, seen: set) -> bool:
        m = hand & BEATERS[trump][a]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if c in seen:
                continue
            seen.add(c)
            if c not in match or place(match[c], seen):
                match[c] = a
                return True
        return False

    return all(place(a, set()) for a in attacks)


def _rate(x: Any) -> Number:
    if isinstance(x, str):
        x = Fraction(x)
    if isinstance(x, bool) or not isinstance(x, (int, float, Fraction)):
        raise ValueError(f"{x!r} is not a probability")
    if not 0 <= x <= 1:
        raise ValueError(f"{x!r} is not a probability between 0 and 1")
    return Fraction(x) if isinstance(x, int) else x


@dataclass(frozen=True)
class EpsilonModel:
    """A simple opponent: an unusual voluntary action, when the usual one was possible, has likelihood ε.

    * ``take``: the defender takes although the hand could cover every
      uncovered card (R15): likelihood ``take`` (default ε), else 1;
    * ``trump_cover``: covers a non-trump with a trump although holding a
      higher card of its suit (R31): ``trump_cover`` (default ε), else 1;
    * ``decline``: an attacker passes although holding a card of a rank on the
      table, with room for it (R12): ``decline`` (default ε), else 1.

    Every other move has likelihood 1: it tells nothing.  ε = 1 makes the
    posterior the prior; ε = 0 turns the actions into certainties.  Give
    ``Fraction`` values (or texts such as ``"1/10"``) for exact posteriors.

    >>> from durak_lab.analysis.inference.evidence import ActionView
    >>> m = EpsilonModel("1/10", decline=1)
    >>> m.take, m.trump_cover, m.decline
    (Fraction(1, 10), Fraction(1, 10), Fraction(1, 1))
    """

    epsilon: Any = Fraction(1, 10)
    take: Any = None
    trump_cover: Any = None
    decline: Any = None

    def __post_init__(self) -> None:
        eps = _rate(self.epsilon)
        object.__setattr__(self, "epsilon", eps)
        for name in ("take", "trump_cover", "decline"):
            v = getattr(self, name)
            object.__setattr__(self, name, eps if v is None else _rate(v))

    def relevant(self, view: PlayerView, move: Move) -> int:
        """The cards whose presence in the mover's hand can change the likelihood of ``move``.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> v = p.play("P1 attack 7♦").view(0)
        >>> CardSet(EpsilonModel().relevant(v, Move.parse("P2 take")))
        CardSet('6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦')
        """
        deck = view.rules.all_cards
        if move.kind == TAKE:
            m = 0
            for a, c, _, _ in view.table:
                if c < 0:
                    m |= BEATERS[view.trump][a]
            return m & deck
        if move.kind == COVER and move.target is not None:
            a, c = move.target, move.cards[0]
            if suit_of(c) == view.trump and suit_of(a) != view.trump:
                return SUIT_MASKS[suit_of(a)] & BEATERS[view.trump][a] & deck
            return 0
        if move.kind == PASS and view.table and move.seat != view.defender:
            tm = view.table_cards()
            return ranks_mask(tm) & ~tm & deck
        return 0

    def __call__(self, view: PlayerView, move: Move, hand: int) -> Number:
        """The likelihood of ``move`` by a seat holding ``hand`` (a card mask).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> v = p.play("P1 attack 7♦").view(0)
        >>> m = EpsilonModel("1/5")
        >>> m(v, Move.parse("P2 take"), CardSet.parse("Q♦ 8♠").mask)   # could have covered with Q♦
        Fraction(1, 5)
        >>> m(v, Move.parse("P2 take"), CardSet.parse("6♦ 8♠").mask)   # could not
        Fraction(1, 1)
        """
        one = Fraction(1)
        if move.kind == TAKE:
            attacks = [a for a, c, _, _ in view.table if c < 0]
            if attacks and can_cover_all(hand, attacks, view.trump):
                return self.take
            return one
        if move.kind == COVER:
            return self.trump_cover if hand & self.relevant(view, move) else one
        if move.kind == PASS and view.table and move.seat != view.defender:
            room = getattr(view, "room", 1)
            attackers = getattr(view, "attackers", None)
            if room <= 0 or (attackers is not None and move.seat not in attackers):
                return one
            return self.decline if hand & self.relevant(view, move) else one
        return one


def uninformative(view: PlayerView, move: Move, hand: int) -> Number:
    """The opponent model of counting: every action has likelihood 1 (the posterior is the prior).

    >>> uninformative(None, Move.parse("P2 take"), 0)
    Fraction(1, 1)
    """
    return Fraction(1)


uninformative.relevant = lambda view, move: 0  # type: ignore[attr-defined]  # no card matters
