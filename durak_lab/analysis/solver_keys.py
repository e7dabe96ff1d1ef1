"""The solver's bout-start keys and exact bounds: :func:`_canonical` (the canonical
transposition key of a bout start), :func:`_cover_order` (the covers a defender's search
tries) and :func:`_shed_bound` (the shedding bounds), for
:mod:`durak_lab.analysis.solver_search`.  Pure functions of bit masks (the kernel's
card layout: card ``13 * suit + rank``).

Standard library only.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..engine.cards import SUIT_MASKS
from .solver_model import _LOW13, _SPREAD

__all__: list = []


def _canonical(trump: int) -> Callable[[int, int, int], int]:
    """The key of a bout-start state: out-of-play ranks closed up, non-trump suits sorted.

    Closing up a rank that no card in play has keeps the order of the cards
    within each suit and which cards share a rank; sorting the three non-trump
    suits renames suits.  Neither changes a legal move or an outcome.  The ranks
    are closed up by runs: each run of ranks in play moves down by the number of
    ranks out of play below it (one mask and one shift per run, for all four
    suits at once; the runs are worked out once per set of ranks in play).

    >>> canon = _canonical(0)
    >>> canon(1 << 13, 1 << 14, 0) == canon(1 << 13, 1 << 16, 0)   # ♦6 v ♦7, or ♦6 v ♦9: the same
    True
    >>> canon(1 << 13, 1 << 26, 0) == canon(1 << 39, 1 << 26, 0)   # suits renamed
    True
    """
    ts = 13 * trump
    o0, o1, o2 = (13 * s for s in range(4) if s != trump)
    low13, spread = _LOW13, _SPREAD
    runs: dict = {}

    def runs_of(present: int) -> tuple:
        """``((mask over the four suits, shift), ...)`` for each run of ranks in play; () if
        no rank below the highest one in play is out of play (nothing to close up)."""
        out = []
        shift = i = 0
        while present >> i:
            if present >> i & 1:
                j = i
                while present >> j & 1:
                    j += 1
                out.append((((1 << j) - (1 << i)) * spread, shift))
                i = j
            else:
                shift += 1
                i += 1
        return tuple(out) if shift else ()

    def canon(a: int, d: int, x: int) -> int:
        m = low13
        allc = a | d
        present = (allc | allc >> 13 | allc >> 26 | allc >> 39) & m
        rs = runs.get(present)
        if rs is None:
            rs = runs[present] = runs_of(present)
        sh = x >> 1
        if rs:
            na = nd = 0
            if sh:
                ns = 0
                for msk, s in rs:
                    na |= (a & msk) >> s
                    nd |= (d & msk) >> s
                    ns |= (sh & msk) >> s
                sh = ns
            else:
                for msk, s in rs:
                    na |= (a & msk) >> s
                    nd |= (d & msk) >> s
            a, d = na, nd
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


def _shed_bound(beat: list, cyclic: bool, cap_first: int, cap_normal: int) -> Callable[[int, int, int], Optional[int]]:
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
