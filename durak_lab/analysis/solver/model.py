"""The exact endgame solver's domain, and its model of the rules (which is the kernel's).

Which positions the solver plays (:func:`check_domain`, :func:`in_domain`);
:func:`transitions`, the model's moves from an engine position, so that the
tests can compare the model with the engine move by move.  The model itself,
the rules compiled for one (rules, trump) pair into closures over bit masks
(the moves of a state and their successors, as the search uses them), is the
kernel's endgame model :class:`~durak_lab.engine.kernel.endgame.Endgame`,
built from the kernel's configuration: this module re-exports it as
``_Model`` / ``_model`` / ``_transitions`` with the constants ``_LOW13``,
``_SPREAD``, ``_NO_TAKE`` for :mod:`durak_lab.analysis.solver.search`.  The
solver's public API, and what the model stands for, are in
:mod:`durak_lab.analysis.solver`.

Standard library only.
"""

from __future__ import annotations

from ...engine.cards import popcount
from ...engine.errors import KernelUnsupported, SolverDomainError
from ...engine.kernel.endgame import LOW13 as _LOW13, NO_TAKE as _NO_TAKE, SPREAD as _SPREAD  # noqa: F401
from ...engine.kernel.endgame import Endgame, endgame_config, endgame_model, transitions_of
from ...engine.moves import seat_text
from ...engine.rules import HandLimit, Rules, Tie
from ...engine.state.position import Position
from .reduce import reduce_position, reduced_rules

__all__ = ["check_domain", "check_rules_domain", "in_domain", "transitions"]


# ---------------------------------------------------------------------------- domain
def check_rules_domain(rules: Rules) -> None:
    """Raise :class:`~durak_lab.engine.errors.SolverDomainError` saying why the solver cannot play
    games of ``rules`` (whatever the position); return None if it can.  With three or more
    players it plays the positions where two are left with an empty talon (R28), as the
    two-player game they have become (:func:`~durak_lab.analysis.solver.reduce.reduced_rules`).

    >>> check_rules_domain(Rules.preset("podkidnoy", players=3)) is None
    True
    >>> try:
    ...     check_rules_domain(Rules.preset("unlimited", players=2))
    ... except SolverDomainError as err:
    ...     print(err)
    hand_limit='none' (R13: an unlimited attack, extra cards go back to their owners) is outside the solver's domain; use 'current' or 'bout_start'
    """
    r = reduced_rules(rules)  # (more than two players: the game two left play, or why there is none)
    if r.players != 2:
        raise SolverDomainError(f"the solver plays two players; this game has {r.players} (R2)")
    if r.tie is Tie.FIRST_OUT:
        raise SolverDomainError("tie='first_out' (KO: the first out wins a simultaneous finish, R28) is "
                                "outside the solver's domain; the solver needs tie='no_durak' (R29)")
    if r.tie is not Tie.NO_DURAK:
        raise SolverDomainError("tie='all_durak' makes a simultaneous finish a loss for both players, so "
                                "the game is not won by one seat and lost by the other; the solver needs "
                                "tie='no_durak' (R29)")
    if r.hand_limit not in (HandLimit.CURRENT, HandLimit.BOUT_START):
        raise SolverDomainError("hand_limit='none' (R13: an unlimited attack, extra cards go back to their "
                                "owners) is outside the solver's domain; use 'current' or 'bout_start'")
    if r.choose.value != "off":
        raise SolverDomainError(f"choose={r.choose.value!r} (R13: the defender chooses the cards to beat, "
                                "the others go back) is outside the solver's domain; use choose='off'")
    if r.pushing:  # pushing durak (HE "דוראק דחיפות")
        raise SolverDomainError("pushing=True (pushing durak: any card may be laid and the defender may "
                                "challenge it, R12, R31) is outside the solver's domain")
    if r.ficus:  # the ficus finish (R28, HE "פתיחת הפיקוס"): the solver's model ends games by R28 alone
        raise SolverDomainError("ficus=True (the ficus finish, R28) is outside the solver's domain: its model "
                                "ends a game only when a hand is empty")
    try:  # the model's own configuration: it names any option the kernel's endgame model lacks
        endgame_config(r)
    except KernelUnsupported as err:
        raise SolverDomainError(f"{err} (the solver's model of the rules is the kernel's endgame model)") from err


def check_domain(position: Position) -> None:
    """Raise :class:`~durak_lab.engine.errors.SolverDomainError` saying why the solver cannot play
    ``position``; return None if it can.

    >>> from durak_lab.engine.rules import Rules
    >>> try:
    ...     check_domain(Position.deal(Rules.preset("podkidnoy", players=2), seed=1))
    ... except SolverDomainError as err:
    ...     print(err)
    the talon still holds 24 cards: the solver needs an empty talon, where nothing is hidden (R19, R28)
    >>> p = Position.start(Rules.preset("podkidnoy", players=3), ["7♦", "", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> check_domain(p) is None    # two players left, the talon empty (R28)
    True
    """
    r = position.rules
    check_rules_domain(r)
    if r.players != 2:  # two left at a bigger table: the two-player game they play (R28)
        check_domain(reduce_position(position).position)
        return
    if position.talon:
        raise SolverDomainError(f"the talon still holds {len(position.talon)} cards: the solver needs an "
                                "empty talon, where nothing is hidden (R19, R28)")
    if position.result is not None:
        raise SolverDomainError(f"the game is over ({position.result_text()}): there is nothing to solve")
    if position.swap_open:
        raise SolverDomainError("the trump-card swap (R6) is still open; the solver starts after it")
    # doker (R1): the solver's masks hold the 52 cards of the four suits
    live = position.table_cards()
    for h in position.hands:
        live |= h
    if live >> 52:
        raise SolverDomainError("a joker is still in play (doker, R1): the solver knows only the 52 cards "
                                "of the four suits")
    d = position.defender
    unc = sum(1 for e in position.table if e[1] < 0)
    held = popcount(position.hands[d])
    if unc > held and not position.taking:
        raise SolverDomainError(f"{seat_text(d)} faces {unc} uncovered cards with {held} in hand: the "
                                "attack breaks the hand limit (R13)")


def in_domain(position: Position) -> bool:
    """Can the solver play ``position``?  (:func:`check_domain` says why not.)

    >>> from durak_lab.engine.rules import Rules
    >>> in_domain(Position.deal(Rules.preset("podkidnoy", players=2), seed=1))
    False
    """
    try:
        check_domain(position)
    except SolverDomainError:
        return False
    return True


# ---------------------------------------------------------------------------- the model
# The rules live in the kernel: :mod:`durak_lab.engine.kernel.endgame` compiles them from the
# kernel's configuration (a state is (a, d, tbl, unc, tk, x), as described there).  The names
# the search imports from here:
_Model = Endgame
_model = endgame_model
_transitions = transitions_of


def _state_of(position: Position) -> tuple:
    """The fast state of a settled in-domain position (x without _NO_TAKE)."""
    unc = 0
    for a, c, _, _ in position.table:
        if c < 0:
            unc |= 1 << a
    d = position.defender
    x = (1 if position.first_limit else 0) | position.shown_used << 1
    return (position.hands[1 - d], position.hands[d], position.table_cards(), unc,
            1 if position.taking else 0, x)


def transitions(position: Position) -> list:
    """Every move of the fast model from ``position``, unpruned, as ``(kind, cards, successor)``.

    ``kind`` is ``attack``, ``cover``, ``transfer``, ``show``, ``take`` or
    ``pass``; ``cards`` a mask (for a cover, ``(attack card mask, cover card
    mask)``); ``successor`` an outcome for the roles of this bout (+1 the
    attacker safe, -1 the defender safe, 0 a draw) or ``(attacker hand,
    defender hand, table, uncovered, taking, x, swapped)``.  The tests compare
    this with :meth:`Position.sequential_moves` and :meth:`Position.play`
    move by move; the search uses the same rules, pruned.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> [(k, succ[6] if isinstance(succ, tuple) else succ) for k, _, succ in transitions(p)]
    [('attack', False)]
    >>> [(k, succ) for k, _, succ in transitions(p.play("P1 attack 7♦"))]
    [('cover', 0), ('take', 1)]
    """
    check_domain(position)
    position = reduce_position(position).position  # (two players left at a bigger table: their game)
    m = _model(position.rules, position.trump)
    return list(_transitions(m, _state_of(position)))
