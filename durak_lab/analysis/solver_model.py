"""The exact endgame solver's domain and its fast model of the rules.

Which positions the solver plays (:func:`check_domain`, :func:`in_domain`), and
the rules compiled for one (rules, trump) pair into closures over bit masks
(:class:`_Model`): the moves of a state and their successors, as the search
uses them.  :func:`transitions` lists the model's moves from an engine
position, so that the tests can compare the model with the engine move by move.
The solver's public API, and what the model stands for, are in
:mod:`durak_lab.analysis.solver`; the search over the model is in
:mod:`durak_lab.analysis.solver_search`.

Standard library only.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from ..engine.cards import BEATERS, RANK_MASKS, cards_of, popcount
from ..engine.errors import SolverDomainError
from ..engine.moves import seat_text
from ..engine.rules import AfterTake, HandLimit, Rules, ThrowIn, Tie
from ..engine.state import Position

__all__ = ["check_domain", "in_domain", "transitions"]

_BIG = 1 << 30
_LOW13 = (1 << 13) - 1
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_NO_TAKE = 1 << 60  # in x: the defender is covering a row of cards and may not take now


# ---------------------------------------------------------------------------- domain
def check_domain(position: Position) -> None:
    """Raise :class:`~durak_lab.engine.errors.SolverDomainError` saying why the solver cannot play
    ``position``; return None if it can.

    >>> from durak_lab.engine.rules import Rules
    >>> try:
    ...     check_domain(Position.deal(Rules.preset("podkidnoy", players=2), seed=1))
    ... except SolverDomainError as err:
    ...     print(err)
    the talon still holds 24 cards: the solver needs an empty talon, where nothing is hidden (R19, R28)
    """
    r = position.rules
    if r.players != 2:
        raise SolverDomainError(f"the solver plays two players; this game has {r.players} (R2)")
    if position.talon:
        raise SolverDomainError(f"the talon still holds {len(position.talon)} cards: the solver needs an "
                                "empty talon, where nothing is hidden (R19, R28)")
    if position.result is not None:
        raise SolverDomainError(f"the game is over ({position.result_text()}): there is nothing to solve")
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
    if position.swap_open:
        raise SolverDomainError("the trump-card swap (R6) is still open; the solver starts after it")
    # doker (R1): the solver's masks hold the 52 cards of the four suits
    live = position.table_cards()
    for h in position.hands:
        live |= h
    if live >> 52:
        raise SolverDomainError("a joker is still in play (doker, R1): the solver knows only the 52 cards "
                                "of the four suits")
    if r.pushing:  # pushing durak (HE "דוראק דחיפות")
        raise SolverDomainError("pushing=True (pushing durak: any card may be laid and the defender may "
                                "challenge it, R12, R31) is outside the solver's domain")
    if r.ficus:  # the ficus finish (R28, HE "פתיחת הפיקוס"): the solver's model ends games by R28 alone
        raise SolverDomainError("ficus=True (the ficus finish, R28) is outside the solver's domain: its model "
                                "ends a game only when a hand is empty")
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


# ---------------------------------------------------------------------------- the fast model
#
# A state is six ints (a, d, tbl, unc, tk, x): the attacker's and the
# defender's hands, every card on the table, the uncovered attack cards,
# "the defender takes" (0/1), and x = first-bout flag | shown trumps << 1
# (| _NO_TAKE inside the search).  With two players the attacker is always
# the seat that does not defend.  Only settled states exist: the defender acts
# iff unc and not tk, else the attacker.  An outcome (a finished game) is an
# int for the roles of the bout that ended: +1 the attacker is safe and the
# defender durak, -1 the reverse, 0 nobody durak.  A successor is an outcome
# or a 7-tuple (state..., swapped): swapped says the roles changed hands.

class _Model:
    """The rules for one (rules, trump) pair, compiled into closures over ints."""

    def __init__(self, rules: Rules, trump: int) -> None:
        beat = BEATERS[trump]
        cap = rules.attack_limit if rules.attack_limit is not None else _BIG
        cap_normal = cap
        cap_first = min(cap, rules.first_bout_limit) if rules.first_bout_limit is not None else cap
        carry = rules.first_bout_carry
        bout_start = rules.hand_limit is HandLimit.BOUT_START
        after_none = rules.after_take is AfterTake.NONE
        after_seen = rules.after_take is AfterTake.SEEN_RANKS
        no_throw = rules.throw_in is ThrowIn.NONE
        lead = rules.lead if rules.lead is not None else _BIG
        transfer = rules.transfer
        show = rules.transfer_by_show
        low13, spread, rank_masks = _LOW13, _SPREAD, RANK_MASKS
        pc = int.bit_count
        big = _BIG

        def room(d: int, tbl: int, unc: int, tk: int, x: int) -> int:
            """How many more attack cards the table takes (R13, R14, R18)."""
            if tk and after_seen:
                return big
            nu = pc(unc)
            nt = pc(tbl)
            natt = (nt + nu) >> 1
            r = (cap_first if x & 1 else cap_normal) - natt
            if bout_start:  # the defender's hand at the start: now + the covers made since
                h = (pc(d) + ((nt - nu) >> 1) if tbl else pc(d)) - natt
            else:
                h = pc(d) - nu
            return h if h < r else r

        def end(a: int, d: int, tbl: int, defended: bool, x: int):
            """The bout ends (bito or pick-up, R17, R18): an outcome or the next bout."""
            if not defended:
                d |= tbl
            if x & 1 and (defended or not carry):
                x ^= 1
            if not a:
                return 0 if not d else 1
            if not d:
                return -1
            if defended:  # the defender leads next (R17)
                return (d, a, 0, 0, 0, x, True)
            return (a, d, 0, 0, 0, x, False)  # after a take the attacker leads again (R18)

        def settle(a: int, d: int, tbl: int, unc: int, tk: int, x: int):
            """After a card or a take: who acts, or the end of the bout (R16)."""
            if not tk:
                if not d:
                    return end(a, d, tbl, True, x)
                if unc:
                    return (a, d, tbl, unc, 0, x, False)
            elif after_none:
                return end(a, d, tbl, False, x)
            if a and not no_throw:
                if a & ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & low13) * spread \
                        and room(d, tbl, unc, tk, x) > 0:
                    return (a, d, tbl, unc, tk, x, False)
            return end(a, d, tbl, not tk, x)

        def attack_sets(cards: int, k_max: int) -> list:
            """Single cards, or sets of one rank of up to k_max cards (R10), as masks."""
            out = []
            if k_max == 1:
                while cards:
                    low = cards & -cards
                    out.append(low)
                    cards ^= low
                return out
            for rank in range(2, 15):
                group = [1 << c for c in cards_of(cards & rank_masks[rank])]
                for k in range(1, min(k_max, len(group)) + 1):
                    for combo in combinations(group, k):
                        out.append(sum(combo))
            return out

        def transfer_options(a: int, d: int, tbl: int, unc: int, x: int) -> list:
            """[(kind, cards mask, successor)] for transfers and shows (R20–R24)."""
            out = []
            if not (transfer and tbl == unc and a):
                return out
            rs = (unc | unc >> 13 | unc >> 26 | unc >> 39) & low13
            if rs & (rs - 1):
                return out
            natt = pc(unc)
            rank = rs.bit_length() + 1
            na = pc(a)
            k_max = min((cap_first if x & 1 else cap_normal) - natt, na - natt, lead)
            if k_max > 0:
                for c in attack_sets(d & rank_masks[rank], min(k_max, 4)):
                    out.append(("transfer", c, (d ^ c, a, tbl | c, unc | c, 0, x, True)))
            if show and na >= natt:
                sc = 1 << (trump * 13 + rank - 2)
                if d & sc and not (x >> 1) & sc:
                    out.append(("show", sc, (d, a, tbl, unc, 0, x | sc << 1, True)))
            return out

        self.rules, self.trump = rules, trump
        self.beat, self.lead, self.no_throw = beat, lead, no_throw
        self.room, self.end, self.settle = room, end, settle
        self.attack_sets, self.transfer_options = attack_sets, transfer_options


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
    m = _model(position.rules, position.trump)
    return list(_transitions(m, _state_of(position)))


def _transitions(m: _Model, s: tuple) -> Iterator[tuple]:
    a, d, tbl, unc, tk, x = s
    if not tbl:
        for c in m.attack_sets(a, min(m.lead, m.room(d, 0, 0, 0, x))):
            yield "attack", c, (a ^ c, d, c, c, 0, x, False)
        return
    if unc and not tk:
        u = unc
        while u:
            t = u & -u
            u ^= t
            b = d & m.beat[t.bit_length() - 1]
            while b:
                c = b & -b
                b ^= c
                yield "cover", (t, c), m.settle(a, d ^ c, tbl | c, unc ^ t, 0, x)
        yield from m.transfer_options(a, d, tbl, unc, x)
        yield "take", 0, m.settle(a, d, tbl, unc, 1, x)
        return
    k = min(m.lead, m.room(d, tbl, unc, tk, x))
    if k > 0 and not m.no_throw:
        rs = ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & _LOW13) * _SPREAD
        for c in m.attack_sets(a & rs, k):
            yield "attack", c, m.settle(a ^ c, d, tbl | c, unc | c, tk, x)
    yield "pass", 0, m.end(a, d, tbl, not tk, x)


_MODELS: dict = {}


def _model(rules: Rules, trump: int) -> _Model:
    key = (rules, trump)
    m = _MODELS.get(key)
    if m is None:
        if len(_MODELS) > 64:
            _MODELS.clear()
        m = _MODELS[key] = _Model(rules, trump)
    return m
