"""The kernel's fast loop: uniform random play to the end of the game, without listing the moves.

:func:`random_run` plays exactly the games :func:`durak_lab.engine.kernel.loop.run`
plays with its random policy (and the reference benchmark plays with
``Position``): at every step it draws ``int(rng.random() * len(moves))`` and
takes that move of the list ``run`` would build, but it counts the moves
instead of listing them (the k-th set bit of a mask is the k-th card move,
and a pass or a take is told from the draw before it is made an ``int``),
and it is laid out bout by bout: the lead, then defence,
throw-ins and passes until the bout ends.  Two players have a loop of their
own, :func:`durak_lab.engine.kernel.two.two_run`; three to six players the one
here.  With three or more, the attackers are walked in
order once per card played: the first who can add is asked, and each one
before him who holds cards passes first, one draw each (R3, R12); the seats
still in after the talon is gone give the next leader, defender and the end
of the game by table (R25, R27 to R29); the moves are counted once a bout
(the cards played, the take, the passes).  ``fast_agrees`` in
:mod:`durak_lab.engine.kernel.check` proves both play the benchmark's games.

Standard library only.
"""

from __future__ import annotations

from itertools import compress

from ..cards import BEATERS
from .config import (CAP, CAP_FIRST, CARRY, HAND_SIZE, LISTING_LOOP, NEIGHBOURS, NO_THROW, ORDERS, PLAYERS, TAKE_NONE,
                     TEAMS, TRANSFER, TWO_LOOP, loop_for)
from .loop import COVER_BASE, DRAW, RANKBITS, TRANSFER_BASE, _next_seat
from .two import two_run

__all__ = ["random_run"]


def random_run(cfg: tuple, st: tuple, rng) -> tuple:
    """Play from the fields ``st`` of a settled state to the end, uniformly at random with ``rng.random``.

    Returns ``(fields, steps)``: the fields of the final state and the number of moves played.
    Rules only the listing loop plays (:func:`~durak_lab.engine.kernel.config.loop_for`) raise
    ValueError.
    """
    loop = loop_for(cfg)
    if loop == LISTING_LOOP:
        raise ValueError("random_run plays one-card leads, the 'current' hand limit, the 'limit' after-take rule "
                         "and the clockwise draw only (see config.loop_for)")
    return two_run(cfg, st, rng) if loop == TWO_LOOP else _run_multi(cfg, st, rng)


_TABLES: dict = {}
#: By a card's bit: the cards that beat it (by trump, R11) and the cards of its rank.
_BEAT_OF_BIT = tuple({1 << c: b for c, b in enumerate(row)} for row in BEATERS)
RANK_OF_BIT = {1 << c: r for c, r in enumerate(RANKBITS)}


def _seat_tables(n: int, teams: int) -> tuple:
    """By the mask of the seats still in (talon empty): the next seat clockwise, the next opponent
    (``_next_seat``, R25, R28) and the result if the game is over (R27, R29), else None."""
    t = _TABLES.get((n, teams))
    if t is None:
        nxt, opp, res = [], [], []
        for lm in range(1 << n):
            hs = [lm >> x & 1 for x in range(n)]
            nxt.append(tuple(_next_seat(hs, False, n, x, 0) for x in range(n)))
            opp.append(tuple(_next_seat(hs, False, n, x, teams) for x in range(n)))
            live = [x for x in range(n) if hs[x]]
            r = None
            if teams:
                groups = {x % teams for x in live}
                if len(groups) <= 1:
                    r = tuple(x for x in range(n) if x % teams in groups)
            elif len(live) <= 1:
                r = tuple(live)
            res.append(r)
        t = _TABLES[n, teams] = (tuple(nxt), tuple(opp), tuple(res))
    return t


def _start(talon: tuple, hands: tuple, known: tuple, atk: tuple, cov: tuple) -> tuple:
    """The loops' working fields: the hands, what is known and the attack cards as lists, the masks of
    the first i cards of the talon, the table's cards, its uncovered cards and its ranks."""
    pre = [0]
    acc = 0
    for c in talon:
        acc |= 1 << c
        pre.append(acc)
    covered = tm = 0
    for x in cov:
        covered |= 1 << (x & 63)
        tm |= 1 << (x >> 6 & 63)  # (with the partner's cover, R26, who covered: x >> 12)
    um = 0
    for x in atk:
        tm |= 1 << (x & 63)
        if not covered >> (x & 63) & 1:
            um |= 1 << (x & 63)
    trm = ((tm | tm >> 13 | tm >> 26 | tm >> 39) & 8191) * (1 | 1 << 13 | 1 << 26 | 1 << 39)
    return list(hands), list(known), list(atk), pre, tm, um, trm


def _listed(h: int, atk: list, um: int, beat: tuple, mt: int) -> list:
    """The defender's moves on several uncovered cards, as the listing loop lists them: the covers
    of each uncovered card in table order (R11), the transfers with the cards of ``mt`` (R20), the take."""
    moves = []
    for x in atk:
        a = x & 63
        if um >> a & 1:
            m = h & beat[a]
            b = COVER_BASE + (a << 6)
            while m:
                low = m & -m
                moves.append(b + low.bit_length() - 1)
                m ^= low
    while mt:
        low = mt & -mt
        moves.append(TRANSFER_BASE + low.bit_length() - 1)
        mt ^= low
    moves.append(0)
    return moves


def _run_multi(cfg: tuple, st: tuple, rng) -> tuple:
    """:func:`random_run` for three to six players."""
    n, hs, cap, capfirst, carry = cfg[PLAYERS], cfg[HAND_SIZE], cfg[CAP], cfg[CAP_FIRST], cfg[CARRY]
    take_none, transfer, neigh, nothrow = cfg[TAKE_NONE], cfg[TRANSFER], cfg[NEIGHBOURS], cfg[NO_THROW]
    teams, orders = cfg[TEAMS], cfg[ORDERS]
    rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result = st[:15]
    hands, known, atk, pre, tm, um, trm = _start(talon, hands, known, atk, cov)
    beat = BEATERS[trump]
    beatb = _BEAT_OF_BIT[trump]
    nt = len(talon)
    tp = 0
    nu = um.bit_count()
    na = len(atk)
    lim = capfirst if first else cap
    rand = rng.random
    draw = DRAW[n]
    nxt_of, opp_of, over = _seat_tables(n, teams)
    full = (1 << n) - 1
    seatbits = tuple(1 << x for x in range(n))
    adds = not nothrow and not take_none
    # the attackers who passed (R12) in a state in the middle of a bout: not asked again until a card
    # is played (the defender's move, when he is to act, plays one)
    skip = 0 if um and not taking else passed
    started = bool(atk)  # a state in the middle of a bout: go on from there
    # moves are counted at the end of each bout: the cards played, the take, the passes as they come
    steps = -(tm.bit_count() + taking)
    while result is None:  # one bout per pass
        order = orders[leader][d]
        if not started:  # the lead (R10): the k-th card of the leader's hand
            m = hands[leader]
            r = rand() * m.bit_count()
            if r >= 1:
                k = int(r)
                while k:
                    m &= m - 1
                    k -= 1
            bit = m & -m
            hands[leader] ^= bit
            um = tm = bit
            nu = na = 1
            trm = RANK_OF_BIT[bit]
        started = False
        while not taking:  # the defender acts on uncovered cards; all covered, the attackers may add
            h = hands[d]
            if not h:
                end = 1
                break
            if nu == 1:  # covers (R11) in card order, transfers (R20), take (R15)
                m = h & beatb[um]
                cnt = m.bit_count()
                mt = 0
                if transfer and na == 1:
                    mt = h & trm
                    if mt:
                        nxt = opp_of[full][d] if tp < nt else _next_seat(hands, False, n, d, teams)
                        if nxt < 0 or lim <= 1 or hands[nxt].bit_count() <= 1:
                            mt = 0
                if mt:
                    ct = mt.bit_count()
                    k = int(rand() * (cnt + ct + 1))
                    if k < cnt:
                        while k:
                            m &= m - 1
                            k -= 1
                    else:
                        if k == cnt + ct:
                            taking = True
                            break
                        k -= cnt
                        while k:
                            mt &= mt - 1
                            k -= 1
                        bit = mt & -mt
                        hands[d] = h ^ bit
                        # the table lists the lead and the transfers only: the cards the listed
                        # defence (several uncovered) and the return of uncovered cards look at
                        atk = [um.bit_length() - 1 | leader << 6, bit.bit_length() - 1 | d << 6]
                        um |= bit
                        nu = na = 2
                        tm |= bit
                        if nxt == leader:
                            leader = d
                        d = nxt
                        order = orders[leader][d]
                        continue
                else:
                    r = rand() * (cnt + 1)
                    if r >= cnt:
                        taking = True
                        break
                    if r >= 1:
                        k = int(r)
                        while k:
                            m &= m - 1
                            k -= 1
                bit = m & -m
                hands[d] = h ^ bit
                um = nu = 0
                tm |= bit
                trm |= RANK_OF_BIT[bit]
                continue
            if nu:  # several uncovered cards (after a transfer): list the moves in table order
                mt = 0
                if transfer and nu == na and trm.bit_count() == 4:
                    nxt = _next_seat(hands, tp < nt, n, d, teams)
                    if nxt >= 0 and lim > na and hands[nxt].bit_count() > na:
                        mt = h & trm
                moves = _listed(h, atk, um, beat, mt)
                code = moves[int(rand() * len(moves))]
                if code >= COVER_BASE:
                    a = (code - COVER_BASE) >> 6
                    c = code & 63
                    hands[d] ^= 1 << c
                    um ^= 1 << a
                    nu -= 1
                    tm |= 1 << c
                    trm |= RANKBITS[c]
                elif code:  # transfer: the attack passes on with one more card (R20-R23)
                    bit = 1 << (code - TRANSFER_BASE)
                    hands[d] ^= bit
                    atk.append(code - TRANSFER_BASE | d << 6)
                    um |= bit
                    nu += 1
                    na += 1
                    tm |= bit
                    if nxt == leader:
                        leader = d
                    d = nxt
                    order = orders[leader][d]
                else:
                    taking = True
                    break
                continue
            # every card is covered: the attackers may add (R12), while the limits leave room (R13)
            if na >= lim or nothrow:
                end = 1
                break
            # walk the attackers in order: the first who can add is asked (he adds or passes); every
            # attacker before him who holds cards and has not passed is asked in turn first, and passes
            # (R3, R12: a list of one move, one draw); a pass walks on, a card ends the walk
            walk = _neighbours(order, hands, tp < nt, n, d) if neigh else order
            if skip:
                walk = tuple(x for x in walk if not skip >> x & 1)
                skip = 0
            np = 0
            for s in walk:
                hx = hands[s]
                m = hx & trm
                if m:
                    if np:
                        steps += np
                        for _ in range(np):
                            rand()
                        np = 0
                    cnt = m.bit_count()
                    r = rand() * (cnt + 1)
                    if r >= cnt:
                        steps += 1
                        continue
                    if r >= 1:
                        k = int(r)
                        while k:
                            m &= m - 1
                            k -= 1
                    bit = m & -m
                    hands[s] = hx ^ bit
                    um = bit
                    nu = 1
                    na += 1
                    tm |= bit
                    break
                if hx:
                    np += 1
            else:  # nobody adds: bito (R16)
                end = 1
                break
        if taking:  # the attackers may add to the cards the defender takes (R18), up to the limits
            end = 0
            room = lim - na
            r2 = hands[d].bit_count() - nu
            if r2 < room:
                room = r2
            if room > 0 and adds:
                walk = ask = _neighbours(order, hands, tp < nt, n, d) if neigh else order
                if skip:
                    walk = tuple(x for x in walk if not skip >> x & 1)
                    skip = 0
                while True:  # walks as above; each card starts a new walk, until the room is used up
                    np = 0
                    for s in walk:
                        hx = hands[s]
                        m = hx & trm
                        if m:
                            if np:
                                steps += np
                                for _ in range(np):
                                    rand()
                                np = 0
                            cnt = m.bit_count()
                            r = rand() * (cnt + 1)
                            if r >= cnt:
                                steps += 1
                                continue
                            if r >= 1:
                                k = int(r)
                                while k:
                                    m &= m - 1
                                    k -= 1
                            bit = m & -m
                            hands[s] = hx ^ bit
                            um |= bit
                            nu += 1
                            na += 1
                            tm |= bit
                            break
                        if hx:
                            np += 1
                    else:
                        break
                    room -= 1
                    if not room:
                        break
                    if neigh and not hands[s]:
                        ask = _neighbours(order, hands, tp < nt, n, d)
                    walk = ask
        # ---------------------------------------------------------------- the end of the bout (R16-R19)
        steps += tm.bit_count() + 1 - end  # every card played is a move, and so is a take
        if end:
            if um:  # uncovered cards go back to their owners (R13)
                for x in atk:
                    c = x & 63
                    if um >> c & 1:
                        hands[x >> 6] |= 1 << c
                        known[x >> 6] |= 1 << c
                        tm ^= 1 << c
            discard |= tm
        else:
            hands[d] |= tm
            known[d] |= tm
        if tp < nt:  # the draw (R19)
            for x in draw[leader][d]:
                k = hs - hands[x].bit_count()
                if k > 0:
                    e = tp + k
                    if e >= nt:
                        hands[x] |= pre[nt] ^ pre[tp]
                        tp = nt
                        break
                    hands[x] |= pre[e] ^ pre[tp]
                    tp = e
            if tp >= nt and tc >= 0:
                for x in range(n):
                    if hands[x] >> tc & 1:
                        known[x] |= 1 << tc
        if first and (end or not carry):
            first = False
            lim = cap
        taking = False
        if tp < nt:
            # everyone is in the game while the talon lasts; the next seat is an opponent (R25)
            if not end:
                d = d + 1 if d + 1 < n else 0
            leader = d
            d = d + 1 if d + 1 < n else 0
            continue
        # the talon is empty: players out (R28), the end of the game (R27, R29)
        lm = sum(compress(seatbits, hands))
        result = over[lm]
        if result is not None:
            break
        if not (end and hands[d]):
            leader = nxt_of[lm][d]
        else:
            leader = d
        d = opp_of[lm][leader]
    # the loop ends with the game, the table empty: no covers to report
    return ((rules, trump, tc, hands, talon[tp:], discard, [], (), leader, d, False, 0, first,
             known, result, 0, 0, (), 0), steps)


def _neighbours(order: tuple, hands: list, tl: bool, n: int, d: int) -> tuple:
    """The attackers of ``order`` who may add when only the defender's neighbours may (R12): the
    nearest seats on either side still in the game."""
    left = right = -1
    for i in range(1, n):
        y = (d + i) % n
        if tl or hands[y]:
            left = y
            break
    for i in range(1, n):
        y = (d - i) % n
        if tl or hands[y]:
            right = y
            break
    return tuple(x for x in order if x == left or x == right)
