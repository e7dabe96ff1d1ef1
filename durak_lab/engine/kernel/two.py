"""The kernel's two-player fast loop: uniform random play to the end of a game of two.

:func:`two_run` plays exactly the games
:func:`durak_lab.engine.kernel.fast.random_run` plays for two players (and so
the games of the reference benchmark, ``Position.sequential_moves`` with the
draw ``int(rng.random() * len(moves))`` at every step), with less work per
move, because with two players

* the attacker is always the seat that is not defending (``1 - d``): the
  loop keeps the two hands as two local ints, ``ha`` (the attacker's) and
  ``hd`` (the defender's), and swaps them when the roles swap (a bito, R16,
  or a transfer, R20); no seat lists, orders or lists of hands;
* the attacker is the only one who throws in (R12), so a pass ends the bout;
  throw-ins come only when every card is covered, or after a take;
* several uncovered cards happen only after transfers (the lead and the
  cards passed on, in order, kept in the short list ``seq``), so the one-card
  defence (the common case) needs no table list at all;
* the table is a few masks: ``um`` (uncovered attack cards), ``tm`` (all
  table cards), ``trm`` (every card of the ranks on the table) and ``xd`` (the
  attack cards the defender laid himself, by transfers: the only cards whose
  owner is not the attacker, needed when uncovered cards go back, R13).

Fewer calls per move: lookups by card bit replace ``bit_length`` calls
(``_BEAT[trump][1 << a]`` is the mask of the cards beating ``a``,
``_RANK[1 << c]`` the four cards of ``c``'s rank); the hand sizes are two
counters, ``ca`` and ``cd``; the draw ``x = rng.random() * len(moves)`` stays
a float, compared with the counts of the kinds of move and counted down by
``1.0`` to find the card (exact: no ``int()``); moves are counted, never
listed.  :func:`deal_two` deals the same first state as
``kernel._deal_fields`` (the same shuffle, bit for bit) with fewer steps.
``tests/engine/test_kernel_two.py`` checks both against the reference engine,
the listing loop (the same final states) and ``random_run``.

Standard library only.

>>> from durak_lab.engine.kernel.core import check_rules, _deal_fields, from_fields
>>> from durak_lab.engine.kernel.loop import run
>>> import random
>>> from durak_lab.engine.rules import Rules
>>> rules = Rules.preset("perevodnoy")
>>> st = _deal_fields(rules, random.Random(4))
>>> deal_two(rules, random.Random(4)) == st  # (rng.shuffle: the same deal)
True
>>> fields, steps = two_run(check_rules(rules), st, random.Random(9))
>>> listed, _, listed_steps = run(check_rules(rules), st, -1, None, random.Random(9), None)
>>> steps == listed_steps and from_fields(fields) == from_fields(listed)
True
>>> from durak_lab.engine.kernel.fields import RESULT
>>> fields[RESULT] in ((0,), (1,), ())  # the durak: seat 0, seat 1, or nobody (a draw)
True
"""

from __future__ import annotations

import random
from itertools import accumulate
from operator import or_

from ..cards import BEATERS, SUIT_MASKS, deck_mask
from .config import CAP, CAP_FIRST, CARRY, HAND_SIZE, NO_THROW, TAKE_NONE, TRANSFER, TWO_LOOP, loop_for
from .loop import RANKBITS

__all__ = ["two_run", "deal_two", "supports"]

#: _BEAT[trump][1 << a]: the cards that beat card ``a`` (R11), by the card's bit.
_BEAT = tuple({1 << c: BEATERS[t][c] for c in range(52)} for t in range(4))
#: _RANK[1 << c]: the four cards of the rank of card ``c``.
_RANK = {1 << c: RANKBITS[c] for c in range(52)}
_BIT = tuple(1 << c for c in range(52))


def supports(cfg: tuple) -> bool:
    """Whether :func:`two_run` plays the configuration ``cfg`` (``kernel.check_rules``): two players,
    one-card leads, the 'current' hand limit and the 'limit' after-take rule, and none of the options
    only the listing loop plays (:func:`~durak_lab.engine.kernel.config.loop_for`; attack by turns is
    the attacker alone with two players)."""
    return loop_for(cfg) == TWO_LOOP


def two_run(cfg: tuple, st: tuple, rng) -> tuple:
    """Play from the fields ``st`` of a settled two-player state to the end, uniformly at random with
    ``rng.random``; return ``(fields, steps)`` exactly as ``kernel_fast.random_run`` does."""
    if not supports(cfg):
        raise ValueError("two_run plays two players, one-card leads, the 'current' hand limit and the "
                         "'limit' after-take rule only")
    hs, cap, capfirst, carry = cfg[HAND_SIZE], cfg[CAP], cfg[CAP_FIRST], cfg[CARRY]
    take_none, transfer, nothrow = cfg[TAKE_NONE], cfg[TRANSFER], cfg[NO_THROW]
    rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result = st[:15]
    known = list(known)
    beat = _BEAT[trump]
    rank = _RANK
    nt = len(talon)
    pre = list(accumulate(map(_BIT.__getitem__, talon), or_, initial=0))  # the first i cards of the talon
    tp = 0
    hd = hands[d]
    ha = hands[1 - d]
    cd = hd.bit_count()
    ca = ha.bit_count()
    lim = capfirst if first else cap
    tr1 = transfer and lim > 1  # a one-card attack may be passed on (R20, R22)
    rand = rng.random
    steps = 0
    seq: list = []  # the attack cards in table order, kept only after a transfer
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
        seq = [1 << (x & 63) for x in atk]
        nu = um.bit_count()
        na = len(atk)
        trm = ((tm | tm >> 13 | tm >> 26 | tm >> 39) & 8191) * (1 | 1 << 13 | 1 << 26 | 1 << 39)
        # the attacker may not throw in: no throw-ins, he passed, or a take under 'none' (R18)
        blocked = nothrow or passed >> (1 - d) & 1 or (taking and take_none)
        dfn = not taking and um and hd  # the defender is to act
        lead_next = False
    else:
        lead_next = True
    while result is None:  # one bout per pass
        if lead_next:  # the lead (R10): one card of the attacker's hand
            m = ha
            x = rand() * ca
            while x >= 1.0:  # the int(x)-th card (x - 1.0 is exact: no int() needed)
                m &= m - 1
                x -= 1.0
            bit = m & -m
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
            if dfn:  # the defender acts until he takes or every card is covered
                while True:
                    if nu == 1:  # one uncovered card: cover it (R11), pass it on (R20) or take (R15)
                        m = hd & beat[um]
                        if tr1 and na == 1 and ca > 1 and hd & trm:  # R22: the next player holds 2+ cards
                            mt = hd & trm
                            cnt = m.bit_count()
                            ct = mt.bit_count()
                            x = rand() * (cnt + ct + 1)
                            steps += 1
                            if x >= cnt:
                                if x < cnt + ct:  # transfer
                                    x -= cnt
                                    while x >= 1.0:
                                        mt &= mt - 1
                                        x -= 1.0
                                    bit = mt & -mt
                                    hd ^= bit
                                    cd -= 1
                                    seq = [um, bit]
                                    xd = tm ^ xd  # the attacker's cards: the new defender laid them
                                    um |= bit
                                    tm |= bit
                                    nu += 1
                                    na += 1
                                    ha, hd, ca, cd = hd, ha, cd, ca
                                    d = 1 - d
                                    continue
                                taking = True
                                if take_none:
                                    blocked = True
                                break
                        elif m:
                            cnt = m.bit_count()
                            x = rand() * (cnt + 1)
                            steps += 1
                            if x >= cnt:  # take
                                taking = True
                                if take_none:
                                    blocked = True
                                break
                        else:  # nothing beats it: a list of one move, the take
                            rand()
                            steps += 1
                            taking = True
                            if take_none:
                                blocked = True
                            break
                        while x >= 1.0:
                            m &= m - 1
                            x -= 1.0
                        bit = m & -m
                        hd ^= bit
                        cd -= 1
                        um = nu = 0
                        tm |= bit
                        trm |= rank[bit]
                        break
                    # several uncovered cards (after transfers): the covers in table order, the
                    # transfers, the take; counted, then the chosen one found
                    cnt = 0
                    for b in seq:
                        if um & b:
                            cnt += (hd & beat[b]).bit_count()
                    if transfer and nu == na and trm.bit_count() == 4 and lim > na and ca > na:
                        mt = hd & trm
                        ct = mt.bit_count()
                    else:
                        ct = 0
                    x = rand() * (cnt + ct + 1)
                    steps += 1
                    if x < cnt:  # a cover
                        for b in seq:
                            if um & b:
                                m = hd & beat[b]
                                k = m.bit_count()
                                if x < k:
                                    break
                                x -= k
                        while x >= 1.0:
                            m &= m - 1
                            x -= 1.0
                        bit = m & -m
                        hd ^= bit
                        cd -= 1
                        tm |= bit
                        um ^= b
                        nu -= 1
                        trm |= rank[bit]
                        if nu and cd:
                            continue
                        break
                    if x >= cnt + ct:  # take
                        taking = True
                        if take_none:
                            blocked = True
                        break
                    x -= cnt  # a transfer
                    while x >= 1.0:
                        mt &= mt - 1
                        x -= 1.0
                    bit = mt & -mt
                    hd ^= bit
                    cd -= 1
                    seq.append(bit)
                    xd = tm ^ xd
                    um |= bit
                    tm |= bit
                    nu += 1
                    na += 1
                    ha, hd, ca, cd = hd, ha, cd, ca
                    d = 1 - d
            # the attacker throws in (R12) or passes; the bout ends when he cannot or will not (R16)
            if not blocked:
                m = ha & trm
                if m:
                    room = lim - na
                    r2 = cd - nu
                    if r2 < room:
                        room = r2
                    if room > 0:
                        cnt = m.bit_count()
                        x = rand() * (cnt + 1)
                        steps += 1
                        if x < cnt:
                            while x >= 1.0:
                                m &= m - 1
                                x -= 1.0
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
            tr1 = transfer and lim > 1
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


# ---------------------------------------------------------------------- the deal
_DECKS: dict = {}
def deal_two(rules, rng: random.Random, shuffle=None) -> tuple:
    """The first state of a two-player game, the same fields as ``kernel._deal_fields(rules, rng)``
    (the same shuffle, the same use of ``rng``), for ``rules`` of two players.  ``shuffle``:
    ``kernel._shuffle`` (``random.Random.shuffle`` written out; only where it was found to agree),
    or None for ``rng.shuffle``."""
    if rules.players != 2:
        raise ValueError("deal_two deals for two players")
    low = rules.lowest_rank
    ids = _DECKS.get(low)
    if ids is None:
        m = deck_mask(low)
        ids = _DECKS[low] = [c for c in range(52) if m >> c & 1]
    deck = list(ids)
    if shuffle is not None and type(rng) is random.Random:
        shuffle(deck, rng.getrandbits)
    else:
        rng.shuffle(deck)
    h = rules.hand_size
    nh = h + h
    bit = _BIT.__getitem__
    h0 = sum(map(bit, deck[:h]))
    h1 = sum(map(bit, deck[h:nh]))
    k0 = k1 = 0
    if nh < len(deck):
        tc = deck[nh]
        talon = tuple(deck[nh + 1:]) + (tc,)
        trump = tc // 13
    else:  # no talon: the dealer's last card fixes trump and is public (R5)
        tc = -1
        talon = ()
        trump = deck[nh - 1] // 13
        k1 = 1 << deck[nh - 1]
    t = (h0 | h1) & SUIT_MASKS[trump]
    leader = 0
    if t:  # the lowest trump leads (R9)
        lowc = t & -t
        if not h0 & lowc:
            leader = 1
        if rules.show_lowest_trump:
            if leader:
                k1 |= lowc
            else:
                k0 |= lowc
    return (rules, trump, tc, [h0, h1], talon, 0, (), (), leader, 1 - leader, False, 0,
            bool(rules.first_bout_limit), [k0, k1], None, (h0 if leader else h1).bit_count(), 0, (), 0)
