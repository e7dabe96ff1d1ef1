"""Exact where reachable: one entry point for every position whose cards are all known.

:func:`exact_move_values` and :func:`exact_value` give the exact values (+1, 0, -1 for a
seat: its side is not the durak with best play, it is, or neither) of the positions the
exact searches reach, and None elsewhere:

* two players, or two left at a bigger table (the others out of cards, R28), with an
  empty talon: the endgame solver (:class:`~durak_lab.analysis.solver.Solver`, through
  :mod:`~durak_lab.analysis.solver.reduce` for a bigger table);
* two players with cards in the talon, whose order a :class:`Position` always holds: the
  search through the draws (:mod:`~durak_lab.analysis.solver.talon`), bounded by
  ``max_nodes`` (one or two cards are cheap; a full talon is out of reach).

None means: more than two players left with cards, rules outside the solver's domain
(:func:`check_exact_domain` says why), the game over, or the search passed ``max_nodes``.

What a seat knows: :func:`known_to` says whether its view determines the whole position
(nothing hidden: the talon empty or holding only the face-up trump card, R3, R19, and at
most one other hand with cards it cannot name, so two players left, R28), and
:func:`position_of_view` rebuilds the position then.  The bots play the exact values of
the rebuilt position (:mod:`durak_lab.bots.endgame`), and the analyser judges moves with
them (:mod:`durak_lab.analysis.analyser`).

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠",
...                    discard="rest", attacker=1, first_bout=False)
>>> [(str(m), v) for m, v in exact_move_values(p, 1)]
[('P2 attack 8♥', 1), ('P2 attack 7♦', -1)]
>>> exact_value(p, 0), exact_value(Position.deal(Rules.preset("podkidnoy", players=3), seed=1), 0) is None
(-1, True)
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ...engine.cards import popcount
from ...engine.errors import SolverDomainError
from ...engine.state.position import Position
from ...engine.view import PlayerView
from .endgame import SearchLimitExceeded, Solver, _score
from .model import check_domain
from .talon import TalonSearch, check_talon_domain

__all__ = ["EXACT_NODES", "exact_move_values", "exact_value", "check_exact_domain", "known_to", "position_of_view"]

#: The default bound on the positions one call of :func:`exact_move_values` or :func:`exact_value`
#: searches (the solver's and the search through the draws' together).
EXACT_NODES = 200_000


def check_exact_domain(position: Position) -> None:
    """Raise :class:`~durak_lab.engine.errors.SolverDomainError` saying why no exact search plays
    ``position``; return None if one does (see the module docstring).

    >>> from durak_lab.engine.rules import Rules
    >>> try:
    ...     check_exact_domain(Position.deal(Rules.preset("podkidnoy", players=4), seed=1))
    ... except SolverDomainError as err:
    ...     print(err)
    with 4 players every seat is in the game while the talon lasts (R28): the search through the draws plays two
    """
    if position.result is not None:
        raise SolverDomainError(f"the game is over ({position.result_text()}): there is nothing to solve")
    if position.talon:
        check_talon_domain(position)
    else:
        check_domain(position)


def exact_move_values(position: Position, seat: int, max_nodes: Optional[int] = EXACT_NODES,
                      solver: Optional[Solver] = None) -> Optional[list]:
    """[(move, value)] for every sequential legal move of the seat to act, value in {+1, 0, -1} for `seat`
    (+1: seat's side is not the durak with best play, -1: it is, 0: draw), or None when the
    position is outside the exact domain (more than two players left with cards, talon cards beyond
    what this handles, rules outside the solver's domain, game over) or the search passed max_nodes.
    Handles: two players or two left, empty talon; two players or two left, talon known (any length,
    bounded by max_nodes).

    ``max_nodes`` bounds the positions searched in all (None: only the solver's own bound);
    ``solver`` (default: a new one) keeps its tables for the next call.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=3), ["10♥ K♦", "", "Q♠ 8♦"], trump="♦",
    ...                    discard="rest", attacker=2, first_bout=False)   # P2 is out (R28)
    >>> [(str(m), v) for m, v in exact_move_values(p, 2)]
    [('P3 attack Q♠', 0), ('P3 attack 8♦', -1)]
    >>> [v for _, v in exact_move_values(p, 1)]   # the seat out is safe whatever happens
    [1, 1]
    """
    return _within(position, max_nodes, solver, lambda s: s.move_values(position, seat),
                   lambda t: t.move_values(position, seat))


def exact_value(position: Position, seat: int, max_nodes: Optional[int] = EXACT_NODES,
                solver: Optional[Solver] = None) -> Optional[int]:
    """The exact value of ``position`` for ``seat`` (+1, 0, -1 as in :func:`exact_move_values`), a
    finished game scored from its result; None outside the exact domain or past ``max_nodes``.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> exact_value(p, 0), exact_value(p.play("P1 attack 7♦").play("P2 take"), 1)
    (0, -1)
    """
    if position.result is not None:
        return _score(position.result, seat)
    return _within(position, max_nodes, solver, lambda s: s.value_for(position, seat),
                   lambda t: t.value(position, seat))


def _within(position: Position, max_nodes: Optional[int], solver: Optional[Solver],
            empty: Callable[[Solver], Any], talon: Callable[[TalonSearch], Any]) -> Any:
    """``empty(solver)`` for an empty talon, else ``talon(search through the draws)``, within
    ``max_nodes``; None outside the exact domain or past the budget."""
    try:
        check_exact_domain(position)
    except SolverDomainError:
        return None
    solver = solver if solver is not None else Solver()
    try:
        with solver._budget(max_nodes):
            if not position.talon:
                return empty(solver)
            return talon(TalonSearch(position.rules, solver, max_nodes))
    except SearchLimitExceeded:
        return None


# ---------------------------------------------------------------------------- what a seat knows
def _hidden_seats(view: PlayerView) -> list:
    """The other seats holding cards ``view``'s seat cannot name."""
    return [s for s in range(view.rules.players) if s != view.seat and view.hidden_count(s) > 0]


def known_to(view: PlayerView) -> bool:
    """Whether ``view`` determines the whole position: the talon empty or holding only the face-up
    trump card (R3, R19), and at most one other hand holding cards this seat cannot name (so two
    players, or two left at a bigger table, R28).  Then :func:`position_of_view` rebuilds it.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["7♦ 9♠", "6♥ K♠"], talon=["8♥"], trump_card="8♥",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> known_to(p.view(0)), known_to(Position.deal(Rules(players=2), seed=1).view(0))
    (True, False)
    """
    return not view.talon_hidden() and len(_hidden_seats(view)) <= 1


def position_of_view(view: PlayerView) -> Position:
    """The whole position behind ``view`` when nothing is hidden (:func:`known_to`): the hand with
    hidden cards holds every card this seat has not seen, the talon only the face-up trump card
    (R3, R19, R28).  Anything else raises ``ValueError``.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["7♦ 9♠", "6♥ K♠ 8♦"], talon=["8♥"], trump_card="8♥",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> position_of_view(p.view(0)) == p == position_of_view(p.view(1))
    True
    """
    if not known_to(view):
        raise ValueError("a view hides cards unless two players are left and the talon is empty or holds "
                         "only the face-up trump card")
    hidden = _hidden_seats(view)
    unseen = view.unseen_mask()
    hands = list(view.known)
    hands[view.seat] = view.hand_mask
    if hidden:
        hands[hidden[0]] |= unseen
    elif unseen:
        raise ValueError("the view's cards do not add up: unseen cards and no hand to hold them")
    if any(popcount(h) != n for h, n in zip(hands, view.hand_sizes)):
        raise ValueError("the view's cards do not add up to its hand sizes")
    tc = -1 if view.trump_card is None else int(view.trump_card)
    talon: tuple = (view.trump_card,) if view.talon_size else ()  # (known_to: only the face-up card)
    return Position._make(view.rules, view.trump, tc, tuple(hands), talon, view.discard, view.table,
                          view.leader, view.defender, view.taking, view.passed, view.first_limit,
                          view.start_hand, view.attack_order, view.known, view.shown_used,
                          view.swap_open, view.in_bout, view.result, sent_back=view.sent_back)
