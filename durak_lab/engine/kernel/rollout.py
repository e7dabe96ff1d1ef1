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
:func:`~durak_lab.engine.kernel.two.two_run`'s, for the same two-player
configurations (:func:`~durak_lab.engine.kernel.two.supports`).  A state
whose defender faces several uncovered cards (after a transfer of the bot's
own, the root of a search) goes to the listing loop.
``tests/engine/test_kernel_greedy.py`` checks every final state against the
listing loop.

Standard library only.

>>> import random
>>> from durak_lab.engine.kernel.core import from_fields, check_rules, deal, greedy
>>> from durak_lab.engine.kernel.loop import run
>>> from durak_lab.engine.rules import Rules
>>> rules = Rules.preset("podkidnoy")
>>> k = deal(rules, 7)
>>> fields, steps = greedy_two(check_rules(rules), k)
>>> listed, _, listed_steps = run(check_rules(rules), k, -1, greedy, random.Random(0), None)
>>> from_fields(fields) == from_fields(listed) and steps == listed_steps
True
"""

from __future__ import annotations

from itertools import compress

from ..cards import SUIT_MASKS
from .config import (CAP, CAP_FIRST, CARRY, HAND_SIZE, MATES, MULTI_LOOP, NEIGHBOURS, NO_THROW, ORDERS, PLAYERS,
                     TAKE_NONE, TEAMS, TRANSFER, TWO_LOOP, loop_for)
from .fast import _BEAT_OF_BIT, RANK_OF_BIT, _neighbours, _seat_tables, _start
from .loop import DRAW, run
from .core import greedy
from .two import _BEAT, _BIT, _RANK, supports

__all__ = ["greedy_run", "greedy_two", "greedy_multi", "supports", "supports_multi"]

_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
_ALL = (1 << 52) - 1


def _cheapest(cards: int, plain: int) -> int:
    """The greedy policy's card among ``cards`` (one bit): the lowest non-trump (``plain``: the
    non-trumps), the lowest suit on equal ranks, else the lowest trump.

    >>> from durak_lab.engine.cards import CardSet
    >>> plain = _ALL ^ SUIT_MASKS[1]                     # trump ♥
    >>> str(CardSet(_cheapest(CardSet.parse("9♠ 7♦ 7♣ 6♥").mask, plain)))
    '7♦'
    >>> str(CardSet(_cheapest(CardSet.parse("Q♥ 6♥").mask, plain)))
    '6♥'
    """
    p = cards & plain
    if p:
        r = (p | p >> 13 | p >> 26 | p >> 39) & 8191
        p &= (r & -r) * _SPREAD
        return p & -p
    return cards & -cards


def _greedy_listed(cfg: tuple, st: tuple, limit: int = -1) -> tuple:
    """The listing loop's greedy playout, as ``(fields, steps)`` (None the result when stopped at
    ``limit`` moves)."""
    fields, _, steps = run(cfg, st, limit, greedy, None, None)
    return fields, steps


def greedy_two(cfg: tuple, st: tuple) -> tuple:
    """Play from the fields ``st`` of a settled two-player state to the end with the greedy policy
    for both seats; return ``(fields, steps)``, the final fields as
    :func:`~durak_lab.engine.kernel.two.two_run` gives them and the moves played.

    >>> from durak_lab.engine.kernel import check_rules, deal
    >>> from durak_lab.engine.rules import Rules
    >>> fields, steps = greedy_two(check_rules(Rules.preset("perevodnoy")), deal(Rules.preset("perevodnoy"), 3))
    >>> from durak_lab.engine.kernel.fields import RESULT
    >>> fields[RESULT] in ((0,), (1,), ()), steps > 0
    (True, True)
    """
    if not supports(cfg):
        raise ValueError("greedy_two plays two players, one-card leads, the 'current' hand limit and the "
                         "'limit' after-take rule only")
    hs, cap, capfirst, carry = cfg[HAND_SIZE], cfg[CAP], cfg[CAP_FIRST], cfg[CARRY]
    take_none, transfer, nothrow = cfg[TAKE_NONE], cfg[TRANSFER], cfg[NO_THROW]
    rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result = st[:15]
    beat = _BEAT[trump]
    rank = _RANK
    plain = _ALL ^ SUIT_MASKS[trump]  # the non-trumps
    cheapest = _cheapest
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
            bit = cheapest(ha, plain)
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
                            bit = cheapest(m, plain)
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


def greedy_multi(cfg: tuple, st: tuple, limit: int = -1) -> tuple:
    """:func:`greedy_two` for three to six players, under the rules the fast loop plays
    (:func:`supports_multi`): the attackers asked in turn walk as in
    :func:`~durak_lab.engine.kernel.fast.random_run` (R12: the first who can add is asked, those
    before him who hold cards pass), each adding its cheapest card or passing.  Under the partner's
    cover (R26, pairs) a defender who cannot cover passes the card on to his partner, as the
    greedy policy's last listed move, and takes once the partners have passed too.

    With three players or more, greedy players can hand the same cards round the table for
    ever.  ``limit`` (-1: none) stops the game unfinished (``fields[RESULT]`` None, the state where
    the bout of the ``limit``-th move ended) where the listing loop, given the same ``limit``,
    stops it unfinished too: at the end of every bout with more moves played than ``limit``.

    >>> from durak_lab.engine.kernel.core import from_fields, check_rules, deal, greedy
    >>> from durak_lab.engine.rules import Rules
    >>> rules = Rules.preset("podkidnoy", players=4)
    >>> fields, steps = greedy_multi(check_rules(rules), deal(rules, 2))
    >>> listed, _, listed_steps = run(check_rules(rules), deal(rules, 2), -1, greedy, None, None)
    >>> from_fields(fields) == from_fields(listed) and steps == listed_steps
    True
    """
    if not supports_multi(cfg):
        raise ValueError("greedy_multi plays three to six players under the rules of the fast loop only")
    return _multi(cfg, st, limit)


def _multi(cfg: tuple, st: tuple, limit: int) -> tuple:
    """:func:`greedy_multi`, unchecked (:func:`greedy_run` has asked already)."""
    n, hs, cap, capfirst, carry = cfg[PLAYERS], cfg[HAND_SIZE], cfg[CAP], cfg[CAP_FIRST], cfg[CARRY]
    take_none, transfer, neigh, nothrow = cfg[TAKE_NONE], cfg[TRANSFER], cfg[NEIGHBOURS], cfg[NO_THROW]
    teams, orders, mates = cfg[TEAMS], cfg[ORDERS], cfg[MATES]
    rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result = st[:15]
    hands, known, atk, pre, tm, um, trm = _start(talon, hands, known, atk, cov)
    beatb = _BEAT_OF_BIT[trump]
    plain = _ALL ^ SUIT_MASKS[trump]
    cheapest = _cheapest
    nt = len(talon)
    tp = 0
    nu = um.bit_count()
    na = len(atk)
    if nu > 1 and not taking:  # several cards to cover (after a transfer): the listing loop
        return _greedy_listed(cfg, st, limit)
    lim = capfirst if first else cap
    draw = DRAW[n]
    nxt_of, opp_of, over = _seat_tables(n, teams)
    seatbits = tuple(1 << x for x in range(n))
    adds = not nothrow and not take_none
    # the attackers who passed (R12) in a state in the middle of a bout: not asked again until a card
    # is played (the defender's move, when he is to act, plays one)
    skip = 0 if um and not taking else passed
    # the defending seats who passed the cover on (R26): while a card is uncovered, the passes are theirs
    dpass = passed if um and not taking and mates else 0
    started = bool(atk)  # a state in the middle of a bout: go on from there
    # moves are counted at the end of each bout: the cards played, the take, the passes as they come
    steps = -(tm.bit_count() + taking)
    while result is None:  # one bout per pass
        order = orders[leader][d]
        if not started:  # the lead (R10): the lowest non-trump, else the lowest trump
            bit = cheapest(hands[leader], plain)
            hands[leader] ^= bit
            um = tm = bit
            nu = na = 1
            trm = RANK_OF_BIT[bit]
        started = False
        while not taking:  # the defender acts on the uncovered card; all covered, the attackers may add
            h = hands[d]
            if nu:  # the cheapest cover (R11), else the take (R15); the greedy policy never transfers
                s = d
                if mates:  # the partner's cover (R26)
                    if not h and not any(hands[x] for x in mates[d]):
                        end = 1  # (the uncovered cards wait for a partner who holds cards)
                        break
                    # the defender passed it on: the first partner with cards who has not passed acts
                    if dpass >> d & 1:
                        for x in mates[d]:
                            if hands[x] and not dpass >> x & 1:
                                s = x
                                break
                        h = hands[s]
                elif not h:
                    end = 1
                    break
                m = h & beatb[um]
                if not m:
                    # the greedy policy's last move: the pass to a partner who holds cards and has not
                    # passed (R26), else the take
                    if mates and (s != d or not dpass >> d & 1 and any(hands[x] and not dpass >> x & 1
                                                                       for x in mates[d])):
                        dpass |= 1 << s
                        steps += 1
                        continue
                    taking = True
                    dpass = 0
                    break
                p = m & plain
                bit = p & -p if p else m & -m
                hands[s] = h ^ bit
                um = nu = dpass = 0
                tm |= bit
                trm |= RANK_OF_BIT[bit]
                continue
            if not h:
                end = 1
                break
            # every card is covered: the attackers may add (R12), while the limits leave room (R13)
            if na >= lim or nothrow:
                end = 1
                break
            walk = _neighbours(order, hands, tp < nt, n, d) if neigh else order
            if skip:
                walk = tuple(x for x in walk if not skip >> x & 1)
                skip = 0
            np = 0
            for s in walk:
                hx = hands[s]
                m = hx & trm
                if m:
                    steps += np
                    np = 0
                    if tp < nt:  # no trump throw-ins while the talon lasts
                        m &= plain
                    if not m:  # he passes
                        steps += 1
                        continue
                    bit = cheapest(m, plain)
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
                            steps += np
                            np = 0
                            if tp < nt:
                                m &= plain
                            if not m:
                                steps += 1
                                continue
                            bit = cheapest(m, plain)
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
        atk = []  # (only the returns of uncovered cards above read it: after a lead, no transfer)
        if tp < nt:
            # everyone is in the game while the talon lasts; the next seat is an opponent (R25)
            if not end:
                d = d + 1 if d + 1 < n else 0
            leader = d
            d = d + 1 if d + 1 < n else 0
            if 0 <= limit < steps:
                break
            continue
        # the talon is empty: players out (R28), the end of the game (R27, R29)
        lm = sum(compress(seatbits, hands))
        result = over[lm]
        if 0 <= limit < steps:  # past the limit within this bout: unfinished
            result = None
            break
        if result is not None:
            break
        if not (end and hands[d]):
            leader = nxt_of[lm][d]
        else:
            leader = d
        d = opp_of[lm][leader]
    # the loop ends with the game (or the limit), the table empty: no covers to report
    return ((rules, trump, tc, hands, talon[tp:], discard, [], (), leader, d, False, 0, first,
             known, result, 0, 0, (), 0), steps)


def supports_multi(cfg: tuple) -> bool:
    """Whether :func:`greedy_multi` plays the configuration ``cfg``: three to six players under the
    rules of :func:`~durak_lab.engine.kernel.fast.random_run`
    (:func:`~durak_lab.engine.kernel.config.loop_for`), the partner's cover (R26) besides.

    >>> from durak_lab.engine.kernel import check_rules
    >>> from durak_lab.engine.rules import Rules
    >>> supports_multi(check_rules(Rules.preset("pairs"))), supports_multi(check_rules(Rules.preset("podkidnoy")))
    (True, False)
    """
    return loop_for(cfg, greedy=True) == MULTI_LOOP


def greedy_run(cfg: tuple, st: tuple, limit: int = -1) -> tuple:
    """The greedy playout of a settled state to the end as ``(fields, steps)``: :func:`greedy_two`,
    :func:`greedy_multi` or, for the rules neither plays, the listing loop; ``limit`` as in
    :func:`greedy_multi` (two greedy players always finish: no transfer, so every bout makes
    progress; the listing loop stops at the ``limit``-th move).

    >>> from durak_lab.engine.kernel import check_rules, deal
    >>> from durak_lab.engine.rules import Rules
    >>> rules = Rules.preset("pairs", players=4)          # the partner's cover (R26)
    >>> from durak_lab.engine.kernel.fields import RESULT
    >>> greedy_run(check_rules(rules), deal(rules, 1))[0][RESULT] in ((0, 2), (1, 3), ())
    True
    """
    loop = loop_for(cfg, greedy=True)
    if loop == TWO_LOOP:
        return greedy_two(cfg, st)
    if loop == MULTI_LOOP:
        return _multi(cfg, st, limit)
    return _greedy_listed(cfg, st, limit)
