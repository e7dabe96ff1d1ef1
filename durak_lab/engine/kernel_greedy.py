"""The kernel's greedy playout for two players: the bots' rollouts, with less work per move.

:func:`greedy_two` plays a game of two to the end with the kernel's
:func:`~durak_lab.engine.kernel.greedy` policy for both seats, and ends in
exactly the state the listing loop reaches with it
(``kernel_loop.run(cfg, st, -1, greedy, rng, None)``): the same final fields
and the same number of moves.  The search bots (:mod:`durak_lab.bots.search`)
spend nearly all their time in such playouts.

The greedy policy (Zarlykov 2023) needs no list of moves, because each of its
choices is the lowest card of a mask (a card's cost: its rank, plus 16 for a
trump; equal costs go to the lowest card id, the first the listing loop lists):

* **lead** (R10): the lowest non-trump of the hand, else its lowest trump;
* **defence** (R11, R15): the lowest card of the led suit that beats the
  card, else the lowest trump that does, else the take; the greedy policy
  never transfers (R20), so the defender faces one uncovered card at a time;
* **throw-in** (R12): the lowest card of a rank on the table, no trump while
  the talon lasts, else the pass.

The rest (the room on the table, R13; the end of the bout, the draw and the
end of the game, R16 to R19, R27 to R29) is
:func:`~durak_lab.engine.kernel_two.two_run`'s, for the same two-player
configurations (:func:`~durak_lab.engine.kernel_two.supports`).  A state
whose defender faces several uncovered cards (after a transfer of the bot's
own, the root of a search) goes to the listing loop.
``tests/engine/test_kernel_greedy.py`` checks every final state against the
listing loop.

Standard library only.

>>> import random
>>> from durak_lab.engine.kernel import _pack, check_rules, deal, greedy
>>> from durak_lab.engine.kernel_loop import run
>>> from durak_lab.engine.rules import Rules
>>> rules = Rules.preset("podkidnoy")
>>> k = deal(rules, 7)
>>> fields, steps = greedy_two(check_rules(rules), k)
>>> listed, _, listed_steps = run(check_rules(rules), k, -1, greedy, random.Random(0), None)
>>> _pack(fields) == _pack(listed) and steps == listed_steps
True
"""

from __future__ import annotations

from .cards import SUIT_MASKS
from .kernel_loop import run
from .kernel_two import _BEAT, _BIT, _RANK, supports

__all__ = ["greedy_two", "supports"]

_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_ALL = (1 << 52) - 1


def _greedy_listed(cfg: tuple, st: tuple) -> tuple:
    """The listing loop's greedy playout, as ``(fields, steps)``."""
    from .kernel import greedy  # (kernel imports this module's neighbours: imported when needed)
    fields, _, steps = run(cfg, st, -1, greedy, None, None)
    return fields, steps


def greedy_two(cfg: tuple, st: tuple) -> tuple:
    """Play from the fields ``st`` of a settled two-player state to the end with the greedy policy
    for both seats; return ``(fields, steps)``, the final fields as
    :func:`~durak_lab.engine.kernel_two.two_run` gives them and the moves played.

    >>> from durak_lab.engine.kernel import check_rules, deal
    >>> from durak_lab.engine.rules import Rules
    >>> fields, steps = greedy_two(check_rules(Rules.preset("perevodnoy")), deal(Rules.preset("perevodnoy"), 3))
    >>> fields[14] in ((0,), (1,), ()), steps > 0
    (True, True)
    """
    if not supports(cfg):
        raise ValueError("greedy_two plays two players, one-card leads, the 'current' hand limit and the "
                         "'limit' after-take rule only")
    hs, cap, capfirst, carry, take_none, transfer, nothrow = cfg[1], cfg[2], cfg[3], cfg[4], cfg[5], cfg[6], cfg[8]
    rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result = st[:15]
    beat = _BEAT[trump]
    rank = _RANK
    plain = _ALL ^ SUIT_MASKS[trump]  # the non-trumps
    spread = _SPREAD
    nt = len(talon)
    bit_of = _BIT
    tp = 0
    hd = hands[d]
    ha = hands[1 - d]
    cd = hd.bit_count()
    ca = ha.bit_count()
    lim = capfirst if first else cap
    steps = 0
    if atk:  # the game resumes in the middle of a bout
        covered = tm = 0
        for x in cov:
            covered |= 1 << (x & 63)
            tm |= 1 << (x >> 6)
        um = xd = 0
        for x in atk:
            tm |= 1 << (x & 63)
            if not covered >> (x & 63) & 1:
                um |= 1 << (x & 63)
            if x >> 6 == d:
                xd |= 1 << (x & 63)
        nu = um.bit_count()
        na = len(atk)
        dfn = not taking and um and hd  # the defender is to act
        if dfn and nu > 1:  # several cards to cover (after a transfer): the listing loop
            return _greedy_listed(cfg, st)
        trm = ((tm | tm >> 13 | tm >> 26 | tm >> 39) & 8191) * spread
        # the attacker may not throw in: no throw-ins, he passed, or a take under 'none' (R18)
        blocked = nothrow or passed >> (1 - d) & 1 or (taking and take_none)
        lead_next = False
    else:
        lead_next = True
    known = list(known)
    pre = [0] * (nt + 1)  # the first i cards of the talon
    acc = 0
    for i, c in enumerate(talon):
        acc |= bit_of[c]
        pre[i + 1] = acc
    while result is None:  # one bout per pass
        if lead_next:  # the lead (R10): the lowest non-trump, else the lowest trump
            m = ha & plain
            if m:
                r = (m | m >> 13 | m >> 26 | m >> 39) & 8191
                m &= (r & -r) * spread
                bit = m & -m
            else:
                bit = ha & -ha
            ha ^= bit
            ca -= 1
            um = tm = bit
            nu = na = 1
            xd = 0
            trm = rank[bit]
            steps += 1
            blocked = nothrow
            dfn = cd
        lead_next = True
        while True:  # the bout, move by move
            if dfn:  # one uncovered card: the cheapest cover (R11), else the take (R15)
                steps += 1
                m = hd & beat[um]
                if m:
                    p = m & plain
                    bit = p & -p if p else m & -m
                    hd ^= bit
                    cd -= 1
                    um = nu = 0
                    tm |= bit
                    trm |= rank[bit]
                else:
                    taking = True
                    if take_none:
                        blocked = True
            # the attacker throws in (R12) or passes; the bout ends when he cannot (R16)
            if not blocked:
                m = ha & trm
                if m:
                    room = lim - na
                    r2 = cd - nu
                    if r2 < room:
                        room = r2
                    if room > 0:
                        steps += 1
                        if tp < nt:  # no trump throw-ins while the talon lasts
                            m &= plain
                        if m:
                            p = m & plain
                            if p:
                                r = (p | p >> 13 | p >> 26 | p >> 39) & 8191
                                p &= (r & -r) * spread
                                bit = p & -p
                            else:
                                bit = m & -m
                            ha ^= bit
                            ca -= 1
                            um |= bit
                            tm |= bit
                            nu += 1
                            na += 1
                            dfn = not taking
                            continue
            break
        # ---------------------------------------------------------------- the end of the bout (R16-R19)
        if taking:
            hd |= tm
            cd += na + na - nu  # the attack cards and their covers
            known[d] |= tm
        else:
            if um:  # uncovered cards go back to their owners (R13)
                mine = um & xd
                if mine:
                    hd |= mine
                    known[d] |= mine
                mine = um ^ mine
                if mine:
                    ha |= mine
                    known[1 - d] |= mine
                tm ^= um
                ca = ha.bit_count()
                cd = hd.bit_count()
            discard |= tm
        if tp < nt:  # the draw (R19): the attacker first, the defender last
            if ca < hs:
                e = tp + hs - ca
                if e > nt:
                    e = nt
                ha |= pre[e] ^ pre[tp]
                ca += e - tp
                tp = e
            if cd < hs and tp < nt:
                e = tp + hs - cd
                if e > nt:
                    e = nt
                hd |= pre[e] ^ pre[tp]
                cd += e - tp
                tp = e
            if tp >= nt and tc >= 0:
                if ha >> tc & 1:
                    known[1 - d] |= 1 << tc
                elif hd >> tc & 1:
                    known[d] |= 1 << tc
        if first and (not taking or not carry):
            first = False
            lim = cap
        if tp >= nt and not (ca and cd):  # the talon is empty and a player is out (R27, R29)
            h0 = hd if d == 0 else ha
            if not h0:
                result = (1,) if ha or hd else ()
            else:
                result = (0,)
            break
        if not taking:  # bito: the defender leads next (R16)
            ha, hd, ca, cd = hd, ha, cd, ca
            d = 1 - d
        taking = False
    hands = [hd, ha] if d == 0 else [ha, hd]
    # the loop ends with the game, the table empty: no covers to report
    return ((rules, trump, tc, hands, talon[tp:], discard, [], (), 1 - d, d, False, 0, first,
             known, result, 0, 0, (), 0), steps)
