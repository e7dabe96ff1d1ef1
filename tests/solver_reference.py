"""The exact endgame solver's search as it was before its node savings, kept as a reference.

tests/analysis/test_solver_reference.py compares the solver with it on many random endgames
(values of positions and of every move).  It is the earlier durak_lab/analysis/solver/search.py
unchanged but for this paragraph and its imports; it searches the same fast model.


Alpha-beta over the fast model of :mod:`durak_lab.analysis.solver.model` for one
(rules, trump) pair (:class:`_Search`): move ordering, enhanced transposition
cutoffs, canonical keys at the start of a bout (:func:`_canonical`), repetitions
on the current line with transfers, the node limit, and the table's bound
(:data:`MAX_TABLE`) with its thinning out.  The method is described in the
docstring of :mod:`durak_lab.analysis.solver`, whose
:class:`~durak_lab.analysis.solver.Solver` runs these searches.

Standard library only.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Optional

from durak_lab.engine.cards import SUIT_MASKS
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver.model import _LOW13, _NO_TAKE, _SPREAD, _Model, _model

__all__ = ["MAX_TABLE"]

_INF = 1 << 62
_FIRST = itemgetter(0)
#: The default bound on a solver's transposition table, in entries (about 330 bytes each with
#: the canonical-key memo: some 650 MB at the bound).  Past it the table drops the positions
#: inside bouts (and, if that is not enough, everything) and refills.
MAX_TABLE = 2_000_000
_CHECK_EVERY = 65_536  # positions between two looks at the table's size


class _NodeLimit(Exception):
    """The search passed its node limit (the solver raises
    :class:`~durak_lab.analysis.solver.SearchLimitExceeded` for it)."""


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
                raise _NodeLimit
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
