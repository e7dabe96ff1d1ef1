"""The exact endgame solver's search, with its transposition table.

Alpha-beta over the kernel's endgame model (:mod:`durak_lab.engine.kernel.endgame`,
through :mod:`durak_lab.analysis.solver.model`) for one (rules, trump) pair
(:class:`_Search`): two zero-window probes for the value, exact shortcuts at
a bout start (with the shedding bounds of :func:`_shed_bound`), the endgame
table's values (:mod:`durak_lab.analysis.solver.tables`), one cover per run of interchangeable cover cards, move
ordering, enhanced transposition cutoffs, canonical keys at the start of a bout
(:func:`~durak_lab.analysis.solver.keys._canonical`), repetitions on the current line with transfers, the node
limit, and the table's bound (:data:`MAX_TABLE`) with its thinning out; a
defender's choice inside a bout is not kept in the table.  The method is
described in the docstring of :mod:`durak_lab.analysis.solver`, whose
:class:`~durak_lab.analysis.solver.Solver` runs these searches.

What each idea saved, in positions and time, and the ideas tried and left out,
are measured in ``tests/benchmarks/README.md`` (section "The exact solver's
savings").

Standard library only.
"""

from __future__ import annotations

from typing import Callable, Optional

from ...engine.cards import SUIT_MASKS
from ...engine.rules import Rules
from .keys import _canonical, _closers, _cover_order, _shed_bound
from .moves import _attacker_moves
from .model import _LOW13, _NO_TAKE, _SPREAD, _Model, _model

__all__ = ["MAX_TABLE"]

_INF = 1 << 62
#: The default bound on a solver's transposition table, in entries (about 330 bytes each with
#: the canonical-key memo: some 650 MB at the bound).  Past it the table drops the positions
#: inside bouts (and, if that is not enough, everything) and refills.
MAX_TABLE = 2_000_000
_CHECK_EVERY = 65_536
_KNOWN = 10  # added to a next bout's known value in a list of successors (outcomes are -1, 0, +1)  # positions between two looks at the table's size


def _never(*_: int) -> Optional[int]:
    """The look-up of a table part that is not there (never called: no position is that small)."""
    return None


class _NodeLimit(Exception):
    """The search passed its node limit (the solver raises
    :class:`~durak_lab.analysis.solver.SearchLimitExceeded` for it)."""


# ---------------------------------------------------------------------------- the search
class _Search:
    """Alpha-beta over the fast model for one (rules, trump) pair, with its transposition table.

    The table maps a key to ``(lower bound, upper bound, index of the best move)``.
    """

    def __init__(self, rules: Rules, trump: int, max_table: Optional[int] = MAX_TABLE,
                 tables: Optional[tuple] = None) -> None:
        self.model = m = _model(rules, trump)
        # an endgame table: (values by canonical key, most cards in play they hold, None or the
        # DenseValues of the sizes above), or None
        self.tables = tables
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
        settle, take, transfer_options = m.settle, m.take, m.transfer_options
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
        # exact shortcuts at the start of a bout (see :func:`search`)
        cap_normal = rules.attack_limit if rules.attack_limit is not None else _INF
        cap_first = min(cap_normal, rules.first_bout_limit) if rules.first_bout_limit is not None else cap_normal
        shed_lead = lead if no_throw else _INF  # most cards the attacker can shed in one bout, by the lead

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
                cover_memo.clear()
                take_memo.clear()
                if len(tt) > cap // 2:
                    tt.clear()
                self.flushes += 1
            counter[1] = counter[2] if cap is None else min(counter[2], counter[0] + _CHECK_EVERY)

        # The memo maps a bout start's exact state (a, d, x) to what the search needs of it: its
        # value if a shortcut of quick() or the endgame table knows it (-1, 0 or +1), else its
        # canonical key (at least 2**13, the attacker holding a card).  The search and the
        # transposition cutoffs look each bout start up once, with a call only the first time.
        # With transfers a table's value is kept apart (exact, by canonical key) and given only
        # after the look for a repetition on the line: a line of best play that returns to one
        # of its positions scores a draw there, with or without tables, so a won line ends.
        tables = self.tables
        table_get: Callable[[int], Optional[int]] = tables[0].get if tables is not None else _never
        table_cards = tables[1] if tables is not None else -1
        dense = tables[2] if tables is not None and len(tables) > 2 else None
        dense_get: Callable[[int, int], Optional[int]] = _never

        def dense_first(k: int, n: int) -> Optional[int]:
            """The first look in the dense part: unpack it if still packed (see
            :mod:`durak_lab.analysis.solver.tables`), then look straight in the array."""
            nonlocal dense_get
            unpack = getattr(dense, "values", None)
            values = unpack() if unpack is not None else dense
            assert values is not None  # (dense_first is the look-up only with a dense part)
            dense_get = values.get
            return dense_get(k, n)

        if dense is not None:
            dense_get = dense_first
        dense_cards = dense.high if dense is not None else -1
        exact: dict = {}
        exact_get = exact.get
        self.exact = exact

        def bout_entry(a: int, d: int, x: int) -> int:
            """The memo's entry of a bout start met for the first time (see above)."""
            v = quick(a, d, x)
            if v is not None:
                return v
            if x:
                return canon_raw(a, d, x)
            allc = a | d
            present = (allc | allc >> 13 | allc >> 26 | allc >> 39) & low13
            f = closer_get(present)
            if f is None:
                f = closer_fns[present] = closer(present)
            k = f(a, d)
            n = pc(allc)
            if n <= table_cards:  # in the table: every position it covers, exact
                v = table_get(k)
            elif n <= dense_cards:  # in its dense part (None: not worked out)
                v = dense_get(k, n)
            else:
                return k
            if v is not None:
                if not cyclic:
                    return v
                exact[k] = v
            return k

        closer = _closers(trump)
        closer_fns: dict = {}  # the key functions by ranks in play, made by solver_keys
        closer_get = closer_fns.get

        NT = _NO_TAKE
        cover_memo: dict = {}  # the covers to try, by (covers, cards in play, trumps shown)
        cover_memo_get = cover_memo.get
        cover_order = _cover_order(trump)
        # the attacker's moves, best first (:mod:`durak_lab.analysis.solver.moves`)
        children, take_memo = _attacker_moves(m, rules, trump)
        self.cover_memo, self.take_memo = cover_memo, take_memo

        shed_bound = _shed_bound(beat, cyclic, cap_first, cap_normal)
        plain = (SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]) & ~tmask  # the non-trumps

        def quick(a: int, d: int, x: int) -> Optional[int]:
            """The exact value of a bout start for the attacker about to lead, if a shortcut knows it.

            One card left: it is led and the attacker is out; only a lone defender's card that
            beats it draws.  An attacker holding one rank only, with fewer cards than the
            defender and within the bout's limits, sheds them all (the lead, then throw-ins)
            while the defender keeps a card: a win.  With transfers the defender must hold no
            card of that rank: a transfer or a show (R20, R24) needs one while only that rank
            is on the table, and after the first cover there is none.  And the bounds of
            :func:`_shed_bound`: a defender who can beat none of the attacker's cards loses; a
            defender whose one card beats every attacker's card wins.
            """
            if not a & (a - 1):
                return 0 if not d & (d - 1) and d & beat[a.bit_length() - 1] else 1
            # (a defender with two cards or more, one a trump, against a non-trump beats a
            # card of the attacker's (R11): no shedding bound; the most common case, tested first)
            if not (d & (d - 1) and d & tmask and a & plain):
                v = shed_bound(a, d, x)
                if v is not None:
                    return v
            na = pc(a)
            if na < pc(d) and na <= (cap_first if x & 1 else cap_normal) and na <= shed_lead:
                rs = (a | a >> 13 | a >> 26 | a >> 39) & low13
                if not rs & (rs - 1) and not (cyclic and rs & (d | d >> 13 | d >> 26 | d >> 39)):
                    return 1
            return None

        def defend(a: int, d: int, tbl: int, unc: int, x: int, alpha: int, beta: int) -> int:
            """A defender's choice inside a bout (counted by its caller: :func:`search` at a lead
            or a throw-in, or this function before his next cover): the value for him,
            fail-soft within (alpha, beta).  The moves and their order are those a list of
            successors would hold (the first uncovered card covered: same-suit covers low to
            high, then trumps, one per run of interchangeable covers; transfers; the take), with
            the transposition cutoffs looked for while they are made, before any is searched.
            Never kept in the table: it is seldom met again (the covers come in one order), and
            leaving it out halves the table (see the measurements in ``tests/benchmarks/README.md``); the table
            is only a cache, so results stay exact."""
            t = unc & -unc
            bt = d & beat[t.bit_length() - 1]
            rest = unc ^ t
            xc = x & ~NT
            if bt & (bt - 1):
                ck = (bt, a | d | tbl, x >> 1)
                covers = cover_memo_get(ck)
                if covers is None:
                    covers = cover_memo[ck] = cover_order(bt, a | d | tbl, x >> 1)
            else:
                covers = (bt,) if bt else ()
            kids = []  # ints: a finished game's value for him; else (state..., he acts there)
            if rest:
                nb = beat[(rest & -rest).bit_length() - 1]
            else:  # the last uncovered card: may the attacker throw in after it (R12, R13)?
                # (room after the cover, R13: the defender keeps a card below, so only the
                # bout's limit counts; the table will hold pc(tbl) + 1 cards)
                rt = ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & low13) * spread \
                    if a and not no_throw and (cap_first if xc & 1 else cap_normal) > (pc(tbl) + 1) >> 1 else -1
                xe = xc ^ 1 if xc & 1 else xc  # a defended bout ends the first bout (R14)
            for c in covers:
                dc = d ^ c
                if not dc:  # his last card: the bout and the game end (R16, R28)
                    o = -settle(a, dc, tbl | c, rest, 0, xc)
                    if o >= beta:
                        return o
                    kids.append(o)
                elif rest:
                    # the next card too, or a dead end (no take half-way): left out
                    if dc & nb:
                        kids.append((a, dc, tbl | c, rest, 0, xc | NT, 2))  # (2: he covers again)
                elif rt >= 0 and a & (rt | spread << (c.bit_length() - 1) % 13):
                    kids.append((a, dc, tbl | c, 0, 0, xc, False))  # the attacker throws in or passes
                elif a:  # defended: he leads the next bout (R17)
                    k3 = (dc, a, xe)
                    v = memo_get(k3)
                    if v is None:
                        v = memo[k3] = bout_entry(dc, a, xe)
                    if v < 2:
                        if v >= beta:
                            return v
                        kids.append(v + _KNOWN)
                        continue
                    w = exact_get(v) if cyclic and v not in path else None
                    if w is not None:
                        if w >= beta:
                            return w
                    else:
                        ce = tt.get(v)
                        if ce is not None and ce[0] >= beta:
                            return ce[0]
                    kids.append((dc, a, 0, 0, 0, xe, True))
                else:  # the attacker is out and he holds cards (R28)
                    if -1 >= beta:
                        return -1
                    kids.append(-1)
            if not x & NT:
                if cyclic and tbl == unc and d & spread << (t.bit_length() - 1) % 13:
                    for _, _, succ in transfer_options(a, d, tbl, unc, x):
                        kids.append(succ[:6] + (False,))  # the attacker defends now
                succ = take(a, d, tbl, unc, x)
                if type(succ) is int:
                    if -succ >= beta:
                        return -succ
                    kids.append(-succ)
                else:
                    # (a state the attacker acts in: the model's take marks it so)
                    if not succ[2]:  # nobody throws in: the next bout, the attacker leads (R18)
                        k3 = (succ[0], succ[1], succ[5])
                        v = memo_get(k3)
                        if v is None:
                            v = memo[k3] = bout_entry(*k3)
                        if v < 2:
                            if -v >= beta:
                                return -v
                            kids.append(_KNOWN - v)
                        else:
                            w = exact_get(v) if cyclic and v not in path else None
                            if w is not None:
                                if -w >= beta:
                                    return -w
                            else:
                                ce = tt.get(v)
                                if ce is not None and -ce[1] >= beta:
                                    return -ce[1]
                            kids.append(succ)
                    else:
                        kids.append(succ)
            best = -2 if kids else -1  # no move: a dead end in a row of covers
            for ch in kids:
                if type(ch) is int:
                    if ch > 1:  # a next bout of known value (see search)
                        counter[0] += 1
                        if counter[0] > counter[1]:
                            checkpoint()
                        v = ch - _KNOWN
                    else:
                        v = ch
                else:
                    f = ch[6]
                    if not f:  # the attacker acts there
                        v = -search(ch[0], ch[1], ch[2], ch[3], ch[4], ch[5], -beta, -alpha)
                    elif f is True:  # he does (he leads the next bout)
                        v = search(ch[0], ch[1], ch[2], ch[3], ch[4], ch[5], alpha, beta)
                    else:  # he covers the next card: this function again, counted here
                        counter[0] += 1
                        if counter[0] > counter[1]:
                            checkpoint()
                        v = defend(ch[0], ch[1], ch[2], ch[3], ch[5], alpha, beta)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best

        def search(a: int, d: int, tbl: int, unc: int, tk: int, x: int, alpha: int, beta: int) -> int:
            """The value for the seat to act, fail-soft within (alpha, beta)."""
            counter[0] += 1
            if counter[0] > counter[1]:
                checkpoint()
            if tbl:
                if unc and not tk:  # a defender's choice: never kept in the table
                    return defend(a, d, tbl, unc, x, alpha, beta)
                key: tuple | int = (a, d, tbl, unc, tk, x)  # inside a bout: the state itself
            else:
                k3 = (a, d, x)
                bk = memo_get(k3)
                if bk is None:
                    bk = memo[k3] = bout_entry(a, d, x)
                if bk < 2:  # a shortcut's exact value
                    return bk
                if cyclic:
                    idx = path.get(bk)
                    if idx is not None:  # the position repeats on this line: endless play, a draw
                        if idx < low[0]:
                            low[0] = idx
                        return 0
                    v = exact_get(bk)
                    if v is not None:  # the endgame table's value
                        return v
                key = bk  # a bout start: its canonical key
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
            # enhanced transposition cutoff: a finished game or a next bout already known to cut
            # (after a lead, the next bouts of the leads nothing beats, taken at once); a next
            # bout whose value a shortcut or the endgame table knows stays in the list as that
            # value plus _KNOWN (searched without a call, still counted as a position)
            j = -1
            for ch in kids:
                j += 1
                if type(ch) is int:
                    if ch >= beta:
                        return ch
                    continue
                if ch[2]:  # probing successors within the bout costs more than it saves
                    continue
                k3 = (ch[0], ch[1], ch[5])
                ck = memo_get(k3)
                if ck is None:
                    ck = memo[k3] = bout_entry(*k3)
                if ck < 2:
                    v = -ck if ch[6] else ck
                    if v >= beta:
                        return v
                    kids[j] = v + _KNOWN
                    continue
                if cyclic:
                    v = exact_get(ck)
                    if v is not None and ck not in path:
                        if ch[6]:
                            v = -v
                        if v >= beta:
                            return v
                        continue
                ce = tt.get(ck)
                if ce is not None:
                    v = -ce[1] if ch[6] else ce[0]  # (a next bout: its attacker to act)
                    if v >= beta:
                        return v
            # the repetitions a result leans on: tracked where a result is kept (a defender's
            # choice inside a bout is not; the lowest repetition found below it simply stays in
            # low[0] for the node above)
            if cyclic:
                saved = low[0]
                low[0] = _INF
                threshold = len(path)
                if not tbl:
                    path[key] = threshold
            best = -2
            best_i = 0
            i = 0
            for ch in kids:
                if type(ch) is int:
                    if ch > 1:  # a next bout of known value (see above)
                        counter[0] += 1
                        if counter[0] > counter[1]:
                            checkpoint()
                        v = ch - _KNOWN
                    else:
                        v = ch
                else:
                    ca, cd, ct, cu, ck, cx, sw = ch
                    if cu and not ck:  # a defender's choice: searched by defend, counted here
                        counter[0] += 1
                        if counter[0] > counter[1]:
                            checkpoint()
                        if sw:  # (the same seat acts there)
                            v = defend(ca, cd, ct, cu, cx, alpha, beta)
                        else:
                            v = -defend(ca, cd, ct, cu, cx, -beta, -alpha)
                    elif sw:  # the other seat acts there
                        v = -search(ca, cd, ct, cu, ck, cx, -beta, -alpha)
                    else:
                        v = search(ca, cd, ct, cu, ck, cx, alpha, beta)
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
        self.shed_bound = shed_bound
        self.cover_order = cover_order
        self.quick = quick
        self.canon = canon_raw
        self.memo = memo

    def release(self) -> None:
        """Free the tables now.  The search closures refer to themselves (a recursive nested
        function), so without this only the cyclic garbage collector would free them, and
        the tables of many finished solves could pile up in memory until it runs."""
        self.tt.clear()
        self.memo.clear()
        self.cover_memo.clear()
        self.take_memo.clear()
        self.path.clear()
        self.exact.clear()

    def value(self, state: tuple[int, int, int, int, int, int], alpha: int = -1, beta: int = 1,
              history: tuple = ()) -> int:
        """The value of ``state`` for the seat to act; ``history`` lists bout-start keys
        already on the line (they count as repetitions)."""
        path = self.path
        for i, k in enumerate(history):
            path[k] = i
        self.low[0] = _INF
        try:
            if alpha == -1 and beta == 1:
                # two zero-window probes: "a loss?" then, if not, "a win?" (fail-soft: the first
                # may already prove a win; this order searched 1-2% fewer positions than the other)
                v = self.search(*state, -1, 0)
                if v < 0:
                    return -1
                if v > 0:
                    return 1
                return 1 if self.search(*state, 0, 1) > 0 else 0
            return self.search(*state, alpha, beta)
        finally:
            path.clear()

    def key(self, state: tuple) -> Optional[int]:
        """The repetition key of a bout-start state, else None."""
        return self.canon(state[0], state[1], state[5]) if not state[2] else None
