"""The themes of a puzzle, each an exact test on the position, the seat and the answer.

A puzzle has every theme whose test holds (at least one, ``endgame`` or another, is not
required: a puzzle may have none).  ``L`` is the seat's legal moves, ``A`` the answers,
``O`` the other legal moves; a move *spends a trump* when one of its cards is of the trump suit.

==============  ===========================================================================
``endgame``      the talon is empty (R19, R28).
``counting``     the figures are exact, and another seat holds cards the seat has never seen
                 in that hand: it knows them only by counting the cards that left the game
                 (the discard, the table, its own hand); its view determines them all.
``throw-in``     the seat attacks a bout under way (the table holds cards) and may both throw
                 in a card and pass (R12): the answer adds a card, or declines to.
``take``         the seat defends and may both take and cover (R11, R15): take or cover.
``trumps``       the answers spend a trump while another legal move of the same kind spends
                 none; or the seat defends, and the answers (a take or a cover without a
                 trump) keep the trumps while a cover with a trump is legal.
``transfer``     a transfer is legal (perevodnoy, R20, R24): the answer transfers, or not.
==============  ===========================================================================

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.engine.moves import Move
>>> p = Position.start(Rules(players=2), ["7♦ 8♠", "9♦ 8♥ K♠"], trump="♥", discard="rest",
...                    attacker=0, first_bout=False).play("P1 attack 7♦")
>>> themes_of(p, 1, [Move.parse("P2 cover 7♦ with 9♦")])
('endgame', 'take', 'trumps')
"""

from __future__ import annotations

from typing import Sequence

from ...engine.cards import SUIT_MASKS
from ...engine.moves import ATTACK, COVER, PASS, SHOW, TAKE, TRANSFER, Move
from ...engine.state.position import Position

__all__ = ["THEMES", "themes_of", "spends_trump"]

#: Every theme, in the order a puzzle lists them.
THEMES = ("endgame", "counting", "throw-in", "take", "trumps", "transfer")


def spends_trump(move: Move, trump: int) -> bool:
    """Whether ``move`` plays a card of the trump suit ``trump``.

    >>> spends_trump(Move.parse("P1 cover 7♦ with 8♥"), 1), spends_trump(Move.parse("P1 take"), 1)
    (True, False)
    """
    mask = SUIT_MASKS[trump] if 0 <= trump < 4 else 0
    return any(mask >> c & 1 for c in move.cards)


def _counting(p: Position, seat: int, exact: bool) -> bool:
    if not exact:
        return False
    view = p.view(seat)
    return any(view.hidden_count(s) > 0 for s in range(p.players) if s != seat)


def themes_of(position: Position, seat: int, answers: Sequence[Move], exact: bool = False) -> tuple:
    """The themes of the puzzle ``position`` for ``seat`` with ``answers`` (see the module docstring);
    ``exact``: whether its figures are the solver's (needed for ``counting``)."""
    p = position
    legal = p.view(seat).legal
    right = {str(m) for m in answers}
    others = [m for m in legal if str(m) not in right]
    kinds = {m.kind for m in legal}
    found = []
    if not p.talon:
        found.append("endgame")
    if _counting(p, seat, exact):
        found.append("counting")
    if p.table and seat != p.defender and ATTACK in kinds and PASS in kinds:
        found.append("throw-in")
    defends = seat == p.defender
    if defends and TAKE in kinds and COVER in kinds:
        found.append("take")
    t = p.trump
    spend = all(spends_trump(a, t) for a in answers) and any(
        not spends_trump(o, t) and o.kind == answers[0].kind for o in others)
    keep = defends and all(a.kind in (TAKE, COVER) and not spends_trump(a, t) for a in answers) and any(
        o.kind == COVER and spends_trump(o, t) for o in others)
    if answers and (spend or keep):
        found.append("trumps")
    if TRANSFER in kinds or SHOW in kinds:
        found.append("transfer")
    return tuple(found)
