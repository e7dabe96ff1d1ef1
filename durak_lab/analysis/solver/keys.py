"""The solver's bout-start keys and exact bounds: :func:`_canonical` (the canonical
transposition key of a bout start), :func:`_cover_order` (the covers a defender's search
tries) and :func:`_shed_bound` (the shedding bounds), for
:mod:`durak_lab.analysis.solver.search`.  Pure functions of bit masks (the kernel's
card layout: card ``13 * suit + rank``).

Standard library only.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from ...engine.cards import SUIT_MASKS
from .model import _LOW13, _SPREAD

__all__: list = []


def _canonical(trump: int) -> Callable[[int, int, int], int]:
    """The key of a bout-start state: out-of-play ranks closed up, non-trump suits sorted.

    Closing up a rank that no card in play has keeps the order of the cards
    within each suit and which cards share a rank; sorting the three non-trump
    suits renames suits.  Neither changes a legal move or an outcome.  The ranks
    are closed up by runs: each run of ranks in play moves down by the number of
    ranks out of play below it (one mask and one shift per run, for all four
    suits at once).  With ``x = 0`` (no first bout, no trump shown) the work is
    done by the function :func:`_closers` makes for the ranks in play.

    >>> canon = _canonical(0)
    >>> canon(1 << 13, 1 << 14, 0) == canon(1 << 13, 1 << 16, 0)   # ♦6 v ♦7, or ♦6 v ♦9: the same
    True
    >>> canon(1 << 13, 1 << 26, 0) == canon(1 << 39, 1 << 26, 0)   # suits renamed
    True
    """
    ts = 13 * trump
    o0, o1, o2 = (13 * s for s in range(4) if s != trump)
    low13 = _LOW13
    closer = _closers(trump)

    def canon(a: int, d: int, x: int) -> int:
        m = low13
        allc = a | d
        present = (allc | allc >> 13 | allc >> 26 | allc >> 39) & m
        if not x:
            return closer(present)(a, d)
        sh = x >> 1
        runs = _all_runs(present)
        if runs[-1][1]:  # a rank out of play below one in play: every run closed up, the
            na = nd = ns = 0  # trumps shown outside them dropped
            for msk, s in runs:
                na |= (a & msk) >> s
                nd |= (d & msk) >> s
                ns |= (sh & msk) >> s
            a, d, sh = na, nd, ns
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


_RUNS: dict = {}  # ranks in play -> every run of them (see _all_runs)


def _all_runs(present: int) -> tuple:
    """``((mask over the four suits, shift), ...)`` for every run of ranks in play, low to high:
    the shift is the number of ranks out of play below it (0 for a run at the bottom).  Worked
    out once per set of ranks and kept.

    >>> [(bin(m & _LOW13), s) for m, s in _all_runs(0b1101)]
    [('0b1', 0), ('0b1100', 1)]
    """
    out = _RUNS.get(present)
    if out is None:
        runs = []
        shift = i = 0
        while present >> i:
            if present >> i & 1:
                j = i
                while present >> j & 1:
                    j += 1
                runs.append((((1 << j) - (1 << i)) * _SPREAD, shift))
                i = j
            else:
                shift += 1
                i += 1
        out = _RUNS[present] = tuple(runs)
    return out


def _runs(present: int) -> tuple:
    """The runs of :func:`_all_runs` that move down (shift above 0).

    >>> [(bin(m & _LOW13), s) for m, s in _runs(0b1101)]   # ranks 0, 2, 3 in play: 2 and 3 move down one
    [('0b1100', 1)]
    """
    return tuple(run for run in _all_runs(present) if run[1])


_CLOSERS: dict = {}  # (trump, ranks in play) -> the key function of x = 0


def _closers(trump: int) -> Callable[[int], Callable[[int, int], int]]:
    """``closer(present)``: the key function ``f(a, d)`` (``x = 0``) of the bout starts whose
    ranks in play are ``present`` (13 bits), made once per (trump, ranks in play) and kept for
    the life of the process.

    The key is a hot spot of the solver (one per new bout start, some 150,000 in an 8+8
    solve), so each function is written out for its number of runs that move down: straight
    code with no loop and no lookups, its masks, shifts and the suits' places bound in the
    function (see :func:`_closer_maker`).  It returns exactly what the general path of
    :func:`_canonical` does.

    >>> f = _closers(0)(0b101)           # ranks 0 and 2 in play, trump ♠ (suit 0)
    >>> f(1 << 13, 1 << 15) == _canonical(0)(1 << 13, 1 << 15, 1) & ~(1 << 104)
    True
    """
    ts = 13 * trump
    o0, o1, o2 = (13 * s for s in range(4) if s != trump)
    got = _CLOSERS.get

    def closer(present: int) -> Callable[[int, int], int]:
        f = got((trump, present))
        if f is None:
            runs = _runs(present)
            keep = ~sum(m for m, _ in runs) & ((1 << 52) - 1)
            f = _CLOSERS[(trump, present)] = _closer_maker(len(runs))(
                keep, *(v for run in runs for v in run), o0, o1, o2, ts)
        return f

    return closer


_MAKERS: dict = {}  # runs that move -> the function that makes a key function


def _closer_maker(runs: int) -> Callable[..., Callable[[int, int], int]]:
    """``make(keep, m1, s1, ..., o0, o1, o2, ts)``: a key function for bout starts with ``runs``
    runs of ranks that move down (mask ``m``, shift ``s`` each; ``keep`` the ranks that stay),
    the non-trump suits at bits ``o0 < o1 < o2`` and the trump suit at ``ts``.  The maker's
    text is written and compiled once per number of runs; each key function it makes is a
    closure, made in a microsecond.

    >>> make = _closer_maker(1)      # ranks 0 and 2 in play: rank 2 moves down one (all suits)
    >>> key = make(_SPREAD, 0b100 * _SPREAD, 1, 13, 26, 39, 0)
    >>> key(1 << 13, 1 << 15) == _canonical(0)(1 << 13, 1 << 15, 0)
    True
    """
    make = _MAKERS.get(runs)
    if make is None:
        names = [f"m{i}, s{i}" for i in range(runs)]
        moved = "".join(f" | (v & m{i}) >> s{i}" for i in range(runs))
        close = (f"        a = a & keep{moved.replace('v', 'a')}\n"
                 f"        d = d & keep{moved.replace('v', 'd')}\n") if runs else ""
        src = (f"def make(keep, {''.join(n + ', ' for n in names)}o0, o1, o2, ts):\n"
               "    def key(a, d):\n"
               f"{close}"
               "        p0 = (a >> o0 & 8191) << 13 | d >> o0 & 8191\n"
               "        p1 = (a >> o1 & 8191) << 13 | d >> o1 & 8191\n"
               "        p2 = (a >> o2 & 8191) << 13 | d >> o2 & 8191\n"
               "        if p0 > p1:\n            p0, p1 = p1, p0\n"
               "        if p1 > p2:\n            p1, p2 = p2, p1\n"
               "        if p0 > p1:\n            p0, p1 = p1, p0\n"
               "        return (a >> ts & 8191) << 13 | d >> ts & 8191 | p0 << 26 | p1 << 52 | p2 << 78\n"
               "    return key\n")
        scope: dict = {}
        exec(compile(src, f"<bout-start keys: {runs} runs>", "exec"), scope)
        make = _MAKERS[runs] = scope["make"]
    return make


def _cover_order(trump: int) -> Callable[[int, int, int], tuple]:
    """The cover cards a defender's search tries, in order: ``cover_order(bt, pres, sh)`` for
    the covers ``bt``, the cards in play ``pres`` and the trumps shown ``sh``.

    Same-suit covers low to high, then trumps low to high (R11), each run of interchangeable
    covers by its lowest card only: a cover whose next lower card in play in its suit is also
    a cover, both the only cards in play of their ranks and neither shown, is as good as that
    card (the two never meet again: the cover is discarded or picked up with the other), and so,
    step by step, as good as the lowest card of the run.

    >>> order = _cover_order(0)                  # ♠ trump; ♥7 led against ♥8 ♥9 ♥10 ♠6
    >>> h = lambda r: 1 << (13 + r)              # ♥ of rank r (0 is the 2)
    >>> covers = h(6) | h(7) | h(8) | 1 << 4
    >>> order(covers, covers | h(5), 0) == (h(6), 1 << 4)
    True
    """
    tmask = SUIT_MASKS[trump]
    suit_masks = SUIT_MASKS
    spread = _SPREAD

    def cover_order(bt: int, pres: int, sh: int) -> tuple:
        keep = bt
        b = bt
        while b:
            c = b & -b
            b ^= c
            i = c.bit_length() - 1
            below = pres & suit_masks[i // 13] & (c - 1)
            if below:
                q = 1 << (below.bit_length() - 1)
                if q & bt and not (c | q) & sh:
                    rc = pres >> (i % 13) & spread
                    j = q.bit_length() - 1
                    rq = pres >> (j % 13) & spread
                    if not rc & (rc - 1) and not rq & (rq - 1):
                        keep ^= c
        out = []
        for b in (keep & ~tmask, keep & tmask):
            while b:
                c = b & -b
                b ^= c
                out.append(c)
        return tuple(out)

    return cover_order


def _shed_bound(beat: Sequence[int], cyclic: bool, cap_first: int, cap_normal: int) -> Callable[[int, int, int], Optional[int]]:
    """Two exact values of a bout start (the attacker to lead, at least two cards each way
    for the first), for the attacker, or None.

    *The defender beats nothing: +1.*  No card of the defender's beats any card of the
    attacker's (with transfers also: the attacker's cards of pairwise different ranks, none
    of a rank the defender holds).  Proof: the attacker leads one card a bout (R10; the
    table takes one, as the defender holds a card and the bout's limit is at least one),
    the non-trumps first, each suit low to high, then the trumps low to high, and never
    throws in.  The defender cannot cover (R11): his own cards beat nothing of the
    attacker's, and a card he picked up is an earlier lead, a non-trump lower than the
    attacker's cards left in its suit (and no trump), or a trump lower than the trumps
    left, when no non-trump is left.  Nor can he transfer or show (R20, R24): a transfer
    needs a card of the led rank, and neither his own ranks nor those of the leads he took
    are the led card's.  So he takes every bout, the attacker leads again (R18), one card
    fewer each bout, and goes out while the defender holds cards: the defender is durak
    (R28), the best the attacker can get.

    *One defender's card beats all: -1.*  The defender holds one card, which beats every
    card of the attacker's, and the attacker holds two or more.  The table takes one card
    only (R13: the defender's hand), whichever is led the defender covers it, goes out and
    the attacker holds a card: the attacker is durak, the worst he can get.

    Beating is monotone within a suit (a card that beats a card beats every lower card of
    its suit), so only the lowest (highest) attacker's card of each suit needs a look.
    """
    low13 = _LOW13
    sm = SUIT_MASKS[:4]
    pc = int.bit_count
    leads = min(cap_first, cap_normal) >= 1  # every bout's table takes a card

    def bound(a: int, d: int, x: int) -> Optional[int]:
        if not d & (d - 1):  # one defender's card: does it beat the highest of every suit?
            for m in sm:
                s = a & m
                if s and not d & beat[s.bit_length() - 1]:
                    return None
            return -1
        for m in sm:
            s = a & m
            if s and d & beat[(s & -s).bit_length() - 1]:
                return None
        if not leads:
            return None
        if cyclic:
            ra = (a | a >> 13 | a >> 26 | a >> 39) & low13
            if pc(ra) != pc(a) or ra & (d | d >> 13 | d >> 26 | d >> 39):
                return None
        return 1

    return bound
