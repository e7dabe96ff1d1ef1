"""The exact endgame solver: two players, an empty talon, best play on both sides.

Once the talon is empty and two players are left, nothing is hidden: each
player can work out the other's hand from the discard.  Durak is then a game
of perfect information, and every position has an exact value with best play.
:func:`solve` finds it, with every best move, a principal variation and the
number of positions searched.

**Value.**  Always for one seat (by default the seat to act,
:meth:`Position.to_act <durak_lab.engine.state.Position.to_act>`):

* ``+1``, a win: that seat can force the other seat to be the durak (R28);
* ``-1``, a loss: the other seat can force this seat to be the durak;
* ``0``, a draw: neither can.  Either both go out at once and nobody is durak
  (R29, ``tie='no_durak'``), or, in perevodnoy only, the same position comes
  round again and again and the game never ends (a transfer and a take hand
  the cards back, e.g. ``P2 attack Q♠, P1 transfer Q♥, P2 take``): endless
  play counts as a draw, as in chess.  Without transfers every bout makes
  progress (a taken bout shrinks the attacker's hand, who leads again; a
  defended one the cards in play), so no position repeats.

The game is the engine's sequential protocol, exactly: the moves are
:meth:`Position.sequential_moves`, a pass ends the bout, a bout ends by itself
(R16).  The search runs on a fast model of the same rules (hands and table as
bit masks, no :class:`~durak_lab.engine.state.Position` objects).  The tests prove
the model equal to the engine move by move (:func:`transitions`) and compare
every result with a plain retrograde analysis over engine positions.

**Search.**  Alpha-beta with a transposition table and move ordering (lead and
cover low non-trumps first, transfers after covers, take and pass last; the
best move found before is tried first), and enhanced transposition cutoffs (a
move into a finished game or a next bout already known to refute the position
cuts before anything is searched).  At the start of a bout the table key
is canonical under two symmetries the rules cannot see: renaming the
non-trump suits, and closing up ranks that are out of play (R11 needs only
the order of cards within a suit and which cards are trumps; R12 and R20 only
which cards share a rank).  A defender facing several uncovered cards covers
them in one fixed order and does not take half-way: taking after some covers
picks up the same cards as taking at once, but leaves more ranks to throw in.
With transfers, a position that repeats on the current line scores 0, and
results that depended on such a repetition are not kept (the graph-history
problem), except the win and loss bounds no repetition can give.

**Domain.**  Two players (R2), an empty talon (R19), the game not over, rules
where a simultaneous finish is a draw (``tie='no_durak'``, R29) and the
defender's hand limits the attack (``hand_limit`` ``'current'`` or
``'bout_start'``, R13).  Every other option is supported: podkidnoy and
classic throw-ins (R12, any ``throw_in``, also ``'none'``), perevodnoy
transfers (R20–R22) and transfers by showing a trump (R24), multi-card leads
(R10), every ``after_take`` (R18), any ``attack_limit``, the first-bout limit
(R14), any deck.  Anything else raises
:class:`~durak_lab.engine.errors.SolverDomainError` saying why.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"],
...                    trump="♠", discard="rest", attacker=1, first_bout=False)
>>> s = solve(p)
>>> s.seat, s.value, s.result, [str(m) for m in s.best_moves]
(1, 1, 'win', ['P2 attack 8♥'])
>>> s.pv_text()
'P2 attack 8♥; P1 take; P2 attack 7♦; P1 cover 7♦ with 10♦'
>>> s.value_of("P2 attack 7♦")
-1
"""

from __future__ import annotations

import gc
import sys
from dataclasses import dataclass, field
from itertools import combinations
from operator import itemgetter
from typing import Callable, Iterator, Optional

from ..engine.cards import BEATERS, RANK_MASKS, SUIT_MASKS, cards_of, popcount
from ..engine.errors import DurakError, SolverDomainError
from ..engine.moves import Move, moves_text, seat_text
from ..engine.rules import AfterTake, HandLimit, Rules, ThrowIn, Tie
from ..engine.state import Position

__all__ = [
    "Solution", "Solver", "solve", "solve_value", "value_for", "check_domain", "in_domain",
    "SearchLimitExceeded", "WIN", "DRAW", "LOSS", "result_word", "transitions", "MAX_TABLE",
]

WIN, DRAW, LOSS = 1, 0, -1
_WORDS = {WIN: "win", DRAW: "draw", LOSS: "loss"}
_BIG = 1 << 30
_INF = 1 << 62
_LOW13 = (1 << 13) - 1
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_NO_TAKE = 1 << 60  # in x: the defender is covering a row of cards and may not take now
_FIRST = itemgetter(0)
_STACK = 100_000  # recursion limit while searching
#: The default bound on a solver's transposition table, in entries (about 330 bytes each with
#: the canonical-key memo: some 650 MB at the bound).  Past it the table drops the positions
#: inside bouts (and, if that is not enough, everything) and refills.
MAX_TABLE = 2_000_000
_CHECK_EVERY = 65_536  # positions between two looks at the table's size


class SearchLimitExceeded(DurakError):
    """The search needed more positions than the ``max_nodes`` it was given.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♥ 7♥ 8♥ 9♥", "6♠ 7♠ 8♠ 9♠"],
    ...                    trump="♦", discard="rest", attacker=0, first_bout=False)
    >>> solve(p, max_nodes=3)
    Traceback (most recent call last):
    ...
    durak_lab.analysis.solver.SearchLimitExceeded: the search needed more than 3 positions (max_nodes)
    """


def result_word(value: int) -> str:
    """``'win'``, ``'draw'`` or ``'loss'`` for a value +1, 0, -1.

    >>> result_word(-1)
    'loss'
    """
    return _WORDS[value]


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
    if position.swap_open:
        raise SolverDomainError("the trump-card swap (R6) is still open; the solver starts after it")
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


# ---------------------------------------------------------------------------- the search
class _Search:
    """Alpha-beta over the fast model for one (rules, trump) pair, with its transposition table.

    The table maps a key to ``(lower bound, upper bound, index of the best move)``.
    """

    def __init__(self, rules: Rules, trump: int, max_table: Optional[int] = MAX_TABLE) -> None:
        self.model = m = _model(rules, trump)
        self.tt: dict = {}
        self.path: dict = {}
        # positions searched, the next checkpoint, the node limit; the table's bound, times thinned out
        self.counter = [0, _INF, _INF]
        self.max_table = max_table
        self.flushes = 0
        self._build(m, rules, trump)

    def arm(self, max_nodes: Optional[int]) -> None:
        """Set the node limit of the next call (None: none) and the first checkpoint."""
        c = self.counter
        c[2] = _INF if max_nodes is None else c[0] + max_nodes
        c[1] = c[2] if self.max_table is None else min(c[2], c[0] + _CHECK_EVERY)

    def _build(self, m: _Model, rules: Rules, trump: int) -> None:
        beat, lead, no_throw = m.beat, m.lead, m.no_throw
        room, end, settle = m.room, m.end, m.settle
        attack_sets, transfer_options = m.attack_sets, m.transfer_options
        cyclic = rules.transfer
        tmask = SUIT_MASKS[trump]
        low13, spread = _LOW13, _SPREAD
        pc = int.bit_count
        tt, path, counter = self.tt, self.path, self.counter
        low = [_INF]
        self.low = low
        canon_raw = _canonical(trump)
        memo: dict = {}
        memo_get = memo.get

        def checkpoint() -> None:
            """Every so many positions (and at the node limit): stop at the limit, and thin the
            table out once it outgrows its bound (it is only a cache: results stay exact)."""
            if counter[0] > counter[2]:
                raise SearchLimitExceeded("")
            cap = self.max_table
            if cap is not None and len(tt) + len(memo) // 2 > cap:
                # keep the bout starts (canonical keys: each stands for a whole bout and all after
                # it); drop the positions inside bouts, and everything only if that is not enough
                for k in [k for k in tt if type(k) is tuple]:
                    del tt[k]
                memo.clear()
                if len(tt) > cap // 2:
                    tt.clear()
                self.flushes += 1
            counter[1] = counter[2] if cap is None else min(counter[2], counter[0] + _CHECK_EVERY)

        def canon(a: int, d: int, x: int) -> int:
            """The canonical key, remembered per exact state (ETC looks keys up before searching)."""
            k = (a, d, x)
            c = memo_get(k)
            if c is None:
                c = memo[k] = canon_raw(a, d, x)
            return c

        NT = _NO_TAKE
        first = _FIRST
        # lead order: non-trumps before trumps, low before high (ties: fewer possible covers first)
        lead_pri = [(50 if c // 13 == trump else 0) + 2 * (c % 13) for c in range(52)]

        def children(a: int, d: int, tbl: int, unc: int, tk: int, x: int) -> list:
            """The successors to search, best first (outcomes as ints, states as 7-tuples)."""
            if not tbl:  # the lead (R10): low non-trumps first, then low trumps
                k = lead
                r = room(d, 0, 0, 0, x)
                if r < k:
                    k = r
                out = []
                if k == 1:
                    m = a
                    while m:
                        c = m & -m
                        m ^= c
                        i = c.bit_length() - 1
                        out.append((lead_pri[i] + (1 if pc(d & beat[i]) > 1 else 0),
                                    (a ^ c, d, c, c, 0, x, False)))
                else:
                    for c in attack_sets(a, k):
                        i = (c & -c).bit_length() - 1
                        out.append((lead_pri[i] + (1 if pc(d & beat[i]) > 1 else 0),
                                    (a ^ c, d, c, c, 0, x, False)))
                out.sort(key=first)
                return [ch for _, ch in out]
            if unc and not tk:
                # the defender covers the first uncovered card: same-suit covers low to high, then
                # trumps low to high; then transfers; then the take
                t = unc & -unc
                bt = d & beat[t.bit_length() - 1]
                rest = unc ^ t
                xc = x & ~NT
                out = []
                for b in (bt & ~tmask, bt & tmask):
                    while b:
                        c = b & -b
                        b ^= c
                        dc = d ^ c
                        if rest and dc:
                            out.append((a, dc, tbl | c, rest, 0, xc | NT, False))
                        else:
                            out.append(settle(a, dc, tbl | c, rest, 0, xc))
                if not x & NT:
                    for _, _, succ in transfer_options(a, d, tbl, unc, x):
                        out.append(succ)
                    out.append(settle(a, d, tbl, unc, 1, x))
                return out
            # the attacker throws in (low non-trumps first; while the defender takes, low first) or passes
            k = lead
            r = room(d, tbl, unc, tk, x)
            if r < k:
                k = r
            out = []
            if k > 0 and not no_throw:
                rs = ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & low13) * spread
                for c in attack_sets(a & rs, k):
                    i = (c & -c).bit_length() - 1
                    out.append(((i % 13) if tk else lead_pri[i], settle(a ^ c, d, tbl | c, unc | c, tk, x)))
                if len(out) > 1:
                    out.sort(key=first)
            kids = [ch for _, ch in out]
            kids.append(end(a, d, tbl, not tk, x))
            return kids

        def search(a: int, d: int, tbl: int, unc: int, tk: int, x: int, alpha: int, beta: int) -> int:
            """The value for the seat to act, fail-soft within (alpha, beta)."""
            counter[0] += 1
            if counter[0] > counter[1]:
                checkpoint()
            if tbl:
                key = (a, d, tbl, unc, tk, x)
            else:
                key = canon(a, d, x)
                if cyclic:
                    idx = path.get(key)
                    if idx is not None:  # the position repeats on this line: endless play, a draw
                        if idx < low[0]:
                            low[0] = idx
                        return 0
            e = tt.get(key)
            hint = 0
            if e is not None:
                lo, hi, hint = e
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi = -1, 1
            a0 = alpha
            kids = children(a, d, tbl, unc, tk, x)
            if hint:
                kids.insert(0, kids.pop(hint))
            me_def = bool(unc) and not tk
            # enhanced transposition cutoff: a finished game or a next bout already known to cut
            # (after a lead every successor is inside the bout: nothing to probe)
            for ch in (kids if tbl else ()):
                if type(ch) is int:
                    if (-ch if me_def else ch) >= beta:
                        return -ch if me_def else ch
                    continue
                if ch[2]:  # probing successors within the bout costs more than it saves
                    continue
                ce = tt.get(canon(ch[0], ch[1], ch[5]))
                if ce is not None:
                    v = ce[0] if ((bool(ch[3]) and not ch[4]) != me_def) == ch[6] else -ce[1]
                    if v >= beta:
                        return v
            if cyclic:
                saved = low[0]
                low[0] = _INF
                threshold = len(path)
                if not tbl:
                    path[key] = threshold
            best = -2 if kids else -1  # no move: a defender's dead end in a row of covers
            best_i = 0
            i = 0
            for ch in kids:
                if type(ch) is int:
                    v = -ch if me_def else ch
                else:
                    ca, cd, ct, cu, ck, cx, sw = ch
                    if ((bool(cu) and not ck) != me_def) == sw:
                        v = search(ca, cd, ct, cu, ck, cx, alpha, beta)
                    else:
                        v = -search(ca, cd, ct, cu, ck, cx, -beta, -alpha)
                if v > best:
                    best = v
                    best_i = i
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
                i += 1
            if hint:
                best_i = hint if best_i == 0 else (best_i - 1 if best_i <= hint else best_i)
            if cyclic:
                dep = low[0]
                if not tbl:
                    del path[key]
                low[0] = dep if dep < saved else saved
                if dep < threshold:  # the result leaned on a repetition above: keep only sure bounds
                    if best == 1 and best >= beta:
                        tt[key] = (1, 1, best_i)
                    elif best == -1 and best <= a0:
                        tt[key] = (-1, -1, best_i)
                    return best
            if best <= a0:
                tt[key] = (lo, best, best_i)
            elif best >= beta:
                tt[key] = (best, hi, best_i)
            else:
                tt[key] = (best, best, best_i)
            return best

        self.search = search
        self.canon = canon
        self.memo = memo

    def release(self) -> None:
        """Free the tables now.  The search closures refer to themselves (a recursive nested
        function), so without this only the cyclic garbage collector would free them, and
        the tables of many finished solves could pile up in memory until it runs."""
        self.tt.clear()
        self.memo.clear()
        self.path.clear()

    def value(self, state: tuple, alpha: int = -1, beta: int = 1, history: tuple = ()) -> int:
        """The value of ``state`` for the seat to act; ``history`` lists bout-start keys
        already on the line (they count as repetitions)."""
        path = self.path
        for i, k in enumerate(history):
            path[k] = i
        self.low[0] = _INF
        try:
            return self.search(*state, alpha, beta)
        finally:
            path.clear()

    def key(self, state: tuple) -> Optional[tuple]:
        """The repetition key of a bout-start state, else None."""
        return self.canon(state[0], state[1], state[5]) if not state[2] else None


def _canonical(trump: int) -> Callable[[int, int, int], int]:
    """The key of a bout-start state: out-of-play ranks closed up, non-trump suits sorted.

    Closing up a rank that no card in play has keeps the order of the cards
    within each suit and which cards share a rank; sorting the three non-trump
    suits renames suits.  Neither changes a legal move or an outcome.
    """
    ts = 13 * trump
    o0, o1, o2 = (13 * s for s in range(4) if s != trump)
    low13, spread = _LOW13, _SPREAD
    holes: dict = {}

    def holes_of(present: int) -> tuple:
        out = []
        for i in range(present.bit_length() - 1, -1, -1):
            if not present >> i & 1:
                out.append((((1 << i) - 1) * spread, (low13 ^ ((1 << (i + 1)) - 1)) * spread))
        return tuple(out)

    def canon(a: int, d: int, x: int) -> int:
        m = low13
        allc = a | d
        present = (allc | allc >> 13 | allc >> 26 | allc >> 39) & m
        hs = holes.get(present)
        if hs is None:
            hs = holes[present] = holes_of(present)
        sh = x >> 1
        for lp, hp in hs:
            a = (a & lp) | (a & hp) >> 1
            d = (d & lp) | (d & hp) >> 1
            if sh:
                sh = (sh & lp) | (sh & hp) >> 1
        p0 = (a >> o0 & m) << 13 | (d >> o0 & m)
        p1 = (a >> o1 & m) << 13 | (d >> o1 & m)
        p2 = (a >> o2 & m) << 13 | (d >> o2 & m)
        if p0 > p1:
            p0, p1 = p1, p0
        if p1 > p2:
            p1, p2 = p2, p1
        if p0 > p1:
            p0, p1 = p1, p0
        return ((a >> ts & m) << 13 | (d >> ts & m) | p0 << 26 | p1 << 52 | p2 << 78
                | (x & 1) << 104 | (sh >> ts & m) << 105)

    return canon


# ---------------------------------------------------------------------------- public API
@dataclass(frozen=True)
class Solution:
    """The exact result of a position with best play.

    ``value`` is +1, 0 or -1 for ``seat`` (see the module docstring);
    ``move_values`` pairs every legal move (engine order) with its value for
    ``seat``; ``best_moves`` are the moves that keep ``value``; ``pv`` is a line
    of best play, to the end of the game or, for an endless draw, until a
    position of the line comes back (``pv_repeats``; "the same position" here
    also allows the non-trump suits renamed, see the module docstring);
    ``pv_positions`` are the positions along it; ``nodes`` counts the positions
    searched.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> s = solve(p)
    >>> s.value, s.result, s.pv_text()
    (0, 'draw', 'P1 attack 7♦; P2 cover 7♦ with 8♦')
    """

    position: Position
    seat: int
    value: int
    move_values: tuple
    best_moves: tuple
    pv: tuple
    nodes: int
    pv_repeats: bool = False
    pv_positions: tuple = field(default=(), repr=False, compare=False)

    @property
    def result(self) -> str:
        """``'win'``, ``'draw'`` or ``'loss'`` for :attr:`seat`.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solve(p).result, solve(p, seat=1).result
        ('draw', 'draw')
        """
        return _WORDS[self.value]

    def value_of(self, move: Move | str) -> int:
        """The value of one legal move for :attr:`seat`.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> s = solve(p)
        >>> s.value_of("P2 attack Q♠"), s.value_of("P2 attack 8♦")
        (0, -1)
        """
        if isinstance(move, str):
            move = Move.parse(move, self.position.players)
        for m, v in self.move_values:
            if m == move:
                return v
        raise ValueError(f"{move} is not a legal move here")

    def pv_text(self) -> str:
        """The principal variation as move texts joined by ``'; '``.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solve(p).pv_text()
        'P1 attack 7♦; P2 cover 7♦ with 8♦'
        """
        return moves_text(self.pv)

    def to_dict(self) -> dict:
        """``{"value", "best_moves", "pv", "nodes"}`` plus ``seat``, ``result``, ``moves`` and
        ``pv_repeats`` (JSON-ready).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> d = solve(p).to_dict()
        >>> d["value"], d["best_moves"], d["seat"]
        (0, ['P1 attack 7♦'], 'P1')
        """
        return {
            "value": self.value,
            "best_moves": [str(m) for m in self.best_moves],
            "pv": [str(m) for m in self.pv],
            "nodes": self.nodes,
            "seat": seat_text(self.seat),
            "result": self.result,
            "moves": {str(m): v for m, v in self.move_values},
            "pv_repeats": self.pv_repeats,
        }

    def text(self) -> str:
        """A few lines for people: the result, the best moves, the others, the line of play.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("perevodnoy", players=2), ["10♠ Q♥ 7♣", "7♠ 6♥ J♥"],
        ...                    trump="♥", discard="rest", attacker=0, first_bout=False)
        >>> print(solve(p).text())  # doctest: +ELLIPSIS
        P1 to act: win with best play (+1)
        best: P1 attack 7♣
        worse: P1 attack 10♠ (draw), P1 attack Q♥ (loss)
        line: P1 attack 7♣; P2 cover 7♣ with 6♥; P2 attack 7♠; P1 cover 7♠ with 10♠; P1 attack Q♥; P2 take
        positions searched: ...
        """
        sign = "+" if self.value > 0 else ""
        lines = [f"{seat_text(self.seat)} to act: {self.result} with best play ({sign}{self.value})"]
        lines.append("best: " + ", ".join(str(m) for m in self.best_moves))
        others = [f"{m} ({_WORDS[v]})" for m, v in self.move_values if v != self.value]
        if others:
            lines.append("worse: " + ", ".join(others))
        tail = " … and the position repeats: endless play, a draw" if self.pv_repeats else ""
        lines.append("line: " + (self.pv_text() or "-") + tail)
        lines.append(f"positions searched: {self.nodes}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


class Solver:
    """A reusable solver: keeps its transposition tables between calls (per rules and trump).

    ``max_nodes`` bounds the positions searched by each call; past it
    :class:`SearchLimitExceeded` is raised (the tables stay valid).
    ``max_table`` bounds each transposition table, in entries (default
    :data:`MAX_TABLE`, about 650 MB; None: no bound): a table that outgrows it
    drops its positions inside bouts (keeping the bout starts, each of which
    stands for everything after it), or everything if that is not enough, and
    the search goes on, exact but slower.  Only searches of several million
    positions reach the default.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("perevodnoy", players=2), ["7♦ 7♣", "7♥ 8♦"],
    ...                    trump="♠", discard="rest", attacker=0, first_bout=False)
    >>> solver = Solver()
    >>> solver.value(p), solver.value_for(p, 1)
    (1, -1)
    """

    def __init__(self, max_nodes: Optional[int] = None, max_table: Optional[int] = MAX_TABLE) -> None:
        if max_table is not None and max_table < 1:
            raise ValueError(f"max_table must be at least 1 (or None), not {max_table}")
        self.max_nodes = max_nodes
        self.max_table = max_table
        self._searches: dict = {}

    def __del__(self) -> None:
        for s in getattr(self, "_searches", {}).values():
            s.release()

    def _search(self, position: Position) -> _Search:
        key = (position.rules, position.trump)
        s = self._searches.get(key)
        if s is None:
            s = self._searches[key] = _Search(position.rules, position.trump, self.max_table)
        return s

    @property
    def table_size(self) -> int:
        """Entries in the transposition tables now (over all rules and trumps seen).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♣", "8♦ 6♥"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver(); _ = solver.value(p); solver.table_size > 0
        True
        """
        return sum(len(s.tt) for s in self._searches.values())

    @property
    def flushes(self) -> int:
        """How often a table outgrew ``max_table`` and was thinned out.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♥ 7♥ 8♥ 9♥", "6♠ 7♠ 8♠ 9♠"],
        ...                    trump="♦", discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver(); _ = solver.value(p); solver.flushes   # a small search: never
        0
        """
        return sum(s.flushes for s in self._searches.values())

    @property
    def nodes(self) -> int:
        """Positions searched so far by this solver, over all calls.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♣", "8♦ 6♥"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver()
        >>> solver.nodes, solver.value(p), solver.nodes > 0
        (0, 1, True)
        """
        return sum(s.counter[0] for s in self._searches.values())

    def _run(self, srch: _Search, fn: Callable[[], int]) -> int:
        """Run a search with the node limit, a deep enough stack and the cyclic GC paused."""
        c = srch.counter
        srch.arm(self.max_nodes)
        old_limit = sys.getrecursionlimit()
        gc_on = gc.isenabled()
        try:
            if old_limit < _STACK:  # lines of play can be long; Python 3.11 keeps these frames off the C stack
                sys.setrecursionlimit(_STACK)
            if gc_on:
                gc.disable()
            return fn()
        except SearchLimitExceeded:
            raise SearchLimitExceeded(f"the search needed more than {self.max_nodes} positions "
                                      "(max_nodes)") from None
        except RecursionError:
            srch.path.clear()
            raise SearchLimitExceeded(f"a line of play grew longer than {_STACK} moves") from None
        finally:
            if gc_on:
                gc.enable()
            if old_limit < _STACK:
                sys.setrecursionlimit(old_limit)
            c[1] = c[2] = _INF

    def _value(self, position: Position, alpha: int = -1, beta: int = 1, history: tuple = ()) -> int:
        srch = self._search(position)
        state = _state_of(position)
        return self._run(srch, lambda: srch.value(state, alpha, beta, history))

    def value(self, position: Position) -> int:
        """The value of ``position`` for the seat to act: +1 win, 0 draw, -1 loss.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> Solver().value(p)
        0
        """
        check_domain(position)
        return self._value(position)

    def value_for(self, position: Position, seat: int) -> int:
        """The value of ``position`` for ``seat``; a finished game is scored from its result.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> Solver().value_for(p.play("P1 attack 7♦").play("P2 take"), 0)
        1
        """
        if position.result is not None:
            return _score(position.result, seat)
        v = self.value(position)
        return v if position.to_act() == seat else -v

    def move_values(self, position: Position, seat: Optional[int] = None) -> list:
        """``[(move, value)]`` for every sequential move, values for ``seat`` (default: the mover).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> [(str(m), v) for m, v in Solver().move_values(p)]
        [('P2 attack Q♠', 0), ('P2 attack 8♦', -1)]
        """
        check_domain(position)
        mover = position.to_act()
        seat = mover if seat is None else seat
        return [(mv, self._child_value(position.play_unchecked(mv), seat))
                for mv in position.sequential_moves()]

    def solve(self, position: Position, seat: Optional[int] = None) -> Solution:
        """Solve ``position``: its value for ``seat`` (default: the seat to act), every move's
        value, the best moves and a principal variation (see :func:`solve`).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> s = Solver().solve(p)
        >>> s.result, [str(m) for m in s.best_moves], s.pv_text()
        ('draw', ['P2 attack Q♠'], 'P2 attack Q♠; P1 cover Q♠ with K♦; P1 attack 10♥; P2 cover 10♥ with 8♦')
        """
        check_domain(position)
        mover = position.to_act()
        assert mover is not None
        if seat is None:
            seat = mover
        before = self.nodes
        values = [(mv, self._child_value(position.play_unchecked(mv), mover))
                  for mv in position.sequential_moves()]
        best = max(v for _, v in values)
        best_moves = tuple(mv for mv, v in values if v == best)
        pv, positions, repeats = self._pv(position, mover, best)
        sign = 1 if seat == mover else -1
        return Solution(position, seat, sign * best, tuple((mv, sign * v) for mv, v in values),
                        best_moves, pv, self.nodes - before, repeats, positions)

    def _child_value(self, child: Position, seat: int, history: tuple = ()) -> int:
        """The exact value of ``child`` for ``seat``."""
        if child.result is not None:
            return _score(child.result, seat)
        v = self._value(child, history=history)
        return v if child.to_act() == seat else -v

    def _pv(self, position: Position, mover: int, value: int) -> tuple:
        """A line of best play: at each step the first move (engine order) that keeps the value,
        the positions of the line so far counting as repetitions (so a won line ends)."""
        srch = self._search(position)
        cyclic = position.rules.transfer
        history: list = []
        seen: set = set()

        def note(p: Position) -> bool:
            """Remember a bout-start position of the line; True if it was there before."""
            if not cyclic or p.table or p.result is not None:
                return False
            k = srch.key(_state_of(p))
            if k in seen:
                return True
            seen.add(k)
            history.append(k)
            return False

        line: list = []
        p = position
        positions = [p]
        repeats = note(p)
        while p.result is None and not repeats:
            act = p.to_act()
            want = value if act == mover else -value
            for mv in p.sequential_moves():
                child = p.play_unchecked(mv)
                if self._child_value(child, act, tuple(history)) >= want:
                    break
            else:  # pragma: no cover - the value is exact, so some move keeps it
                raise AssertionError("no move keeps the value")
            line.append(mv)
            p = child
            positions.append(p)
            repeats = note(p)
        return tuple(line), tuple(positions), repeats


def _score(result: tuple, seat: int) -> int:
    """+1 if ``seat`` is safe and someone else durak, 0 for no durak, -1 if ``seat`` is durak."""
    if not result:
        return DRAW
    return LOSS if seat in result else WIN


def solve(position: Position, seat: Optional[int] = None, max_nodes: Optional[int] = None) -> Solution:
    """Solve a two-player, empty-talon position exactly (see the module docstring).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♥ A♠", "7♥ 8♥"], trump="♠",
    ...                    discard="rest", attacker=1, first_bout=False)
    >>> s = solve(p)
    >>> s.seat, s.result, [str(m) for m in s.best_moves]
    (1, 'draw', ['P2 attack 7♥', 'P2 attack 8♥'])
    """
    return Solver(max_nodes=max_nodes).solve(position, seat)


def solve_value(position: Position, max_nodes: Optional[int] = None) -> int:
    """Just the value for the seat to act: faster than :func:`solve` (no move values, no line).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> solve_value(p)
    0
    """
    return Solver(max_nodes=max_nodes).value(position)


def value_for(position: Position, seat: int) -> int:
    """The value of ``position`` for ``seat`` (+1, 0, -1), also for a finished game.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> value_for(p, 1)
    0
    """
    return Solver().value_for(position, seat)
