"""The loop of the lean kernel: the rules of a game as one function over ints and bit masks.

:func:`run` is the whole game engine of :mod:`durak_lab.engine.kernel` in one
function with local variables: it works out whose turn it is under the
sequential protocol (the same seat as :meth:`Position.to_act`), lists that
seat's legal moves in the reference engine's order, lets a policy choose one,
applies it, and ends the bout, draws and starts the next bout by itself (R16 to
R19, R27 to R29).  No ``Position`` or ``Move`` object is built inside the loop.

A kernel move is a small int: ``seat << 12 | code`` with ``code`` one of

=========================  ==========================================
``c``  (0..51)             attack (lead or throw in) card ``c``
``64 + c``                 transfer the attack with card ``c`` (R20)
``128``                    take (R15)
``129``                    pass
``256 + (a << 6) + c``     cover attack card ``a`` with card ``c`` (R11)
``130 + (mask << 16)``     attack with the cards of ``mask``, one rank (R10)
``131 + (mask << 16)``     transfer with the cards of ``mask`` (R20)
``192 + c``                transfer by showing trump ``c`` (R24)
=========================  ==========================================

(the seat of a move is ``move >> 12 & 15``).

This loop lists the moves (for the step API, the greedy policy and any policy
function); uniform random play, the benchmark's and the bots' cheapest
playout, runs in :func:`durak_lab.engine.kernel.fast.random_run`, which
counts the moves instead of listing them.  Both are checked against the
reference engine (:mod:`durak_lab.engine.kernel.check`).

The state a run starts from and returns is a
:class:`~durak_lab.engine.kernel.KState`; the loop itself keeps the table as
three small lists (attack entries ``card | owner << 6`` in table order, cover
entries ``attack | cover << 6``, with ``| seat << 12`` the seat that covered
under the partner's cover (R26), and the uncovered attack cards in table order)
and the masks of the table's cards and ranks.

Standard library only.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Callable, Optional, Union

from ..cards import BEATERS, RANK_MASKS
from .config import (CAP, CAP_FIRST, CARRY, DRAW_ATTACK_ORDER, DRAW_EQUAL, DRAW_ORDER, DRAW_ROUND, FIELDS, HAND_LIMIT,
                     HAND_SIZE, HL_BOUT_START, HL_CURRENT, HL_NONE, LEAD, MATES, NEIGHBOURS, NO_THROW, ORDERS,
                     PLAYERS, SEEN_RANKS, SHOW, TAKE_NONE, TEAMS, TIE_ALL, TRANSFER, TURNS)
from .fields import IN_BOUT, ORDER, SHOWN

__all__ = ["run", "TAKE_CODE", "PASS_CODE", "TRANSFER_BASE", "COVER_BASE", "MULTI_ATTACK", "MULTI_TRANSFER",
           "SHOW_BASE"]

TRANSFER_BASE, TAKE_CODE, PASS_CODE, COVER_BASE = 64, 128, 129, 256
#: Moves of several cards (R10, R20): the code, with the mask of the cards above bit 16.
MULTI_ATTACK, MULTI_TRANSFER = 130, 131
#: Transfer by showing a trump of the attack rank (R24): ``SHOW_BASE + card``.
SHOW_BASE = 192
#: The four cards of the rank of each card id.
RANKBITS = tuple(RANK_MASKS[c % 13 + 2] for c in range(52))
#: Draw orders (R19 clockwise: the leader, the other attackers, the defender last): DRAW[n][leader][defender].
DRAW = {n: tuple(tuple(tuple([s for s in ((ld + i) % n for i in range(n)) if s != d] + [d])
                       for d in range(n)) for ld in range(n)) for n in range(2, 7)}


#: A policy: ``choose(moves, trump, talon_left, rng)`` returns one of the kernel moves ``moves``.
Policy = Callable[[list, int, bool, Optional[random.Random]], int]
#: The fields of the configuration in the order :func:`run` unpacks them: the whole tuple at once,
#: the cheapest read of all, so this must be the order of the indexes (checked here, at import).
_ORDER = (PLAYERS, HAND_SIZE, CAP, CAP_FIRST, CARRY, TAKE_NONE, TRANSFER, NEIGHBOURS, NO_THROW, TEAMS, ORDERS,
          HAND_LIMIT, SEEN_RANKS, LEAD, MATES, SHOW, TURNS, DRAW_ORDER, TIE_ALL)
if _ORDER != tuple(range(FIELDS)):
    raise ImportError("loop.run unpacks the kernel configuration in another order than its indexes")


def _attack_sets(cards: int, kmax: int, base: int, multi: int) -> list:
    """Attacks of 1 to ``kmax`` cards of one rank from ``cards``, sorted by their cards, as
    :meth:`Position.sequential_moves` lists them (R10)."""
    found: list[tuple[int, ...]] = []
    for r in range(13):
        g = [c for c in (r, r + 13, r + 26, r + 39) if cards >> c & 1]
        for k in range(1, min(kmax, len(g)) + 1):
            found.extend(combinations(g, k))
    found.sort()
    return [base + c[0] if len(c) == 1 else base + multi + (sum(1 << x for x in c) << 16) for c in found]


def _next_seat(hands: list, talon_left: bool, n: int, seat: int, teams: int) -> int:
    """The next seat clockwise still in the game (with ``teams``: the next opponent), or -1."""
    for i in range(1, n):
        s = (seat + i) % n
        if (talon_left or hands[s]) and (not teams or s % teams != seat % teams):
            return s
    return -1


def _holder(ring: tuple, passed: int, hands: list) -> int:
    """Attack by turns (R12): the attacker whose turn it is (the first holding cards after the last
    one who stopped, in the order of the turns ``ring``), or -1 once every turn is over
    (as :meth:`Position._turns_holder`)."""
    last = -1
    for i, x in enumerate(ring):
        if passed >> x & 1:
            last = i
    for x in ring[last + 1:]:
        if hands[x]:
            return x
    return -1


def _no_rng() -> float:
    raise ValueError("uniform random play (choose None) needs an rng")


def run(cfg: tuple, st: tuple, limit: int, choose: Union[None, int, Policy], rng: Optional[random.Random],
        events: Optional[list], listed: bool = True) -> tuple[tuple, list, int]:
    """Play from state ``st`` (a KState) under ``cfg`` (:func:`~durak_lab.engine.kernel.config.check_rules`).

    ``limit``: stop after that many moves (-1: play to the end).  ``choose``:
    None for uniform random play with ``rng.random`` (the reference
    benchmark's draw: ``moves[int(rng.random() * len(moves))]``), else a
    function ``choose(moves, trump, talon_left, rng)`` returning one of
    ``moves``; an int ``choose`` is the one move to play (with ``limit`` 1),
    and nothing is played if it is not one of the legal moves.
    ``events``: None, or a list the bout ends are appended to, in the order
    of the reference engine's :class:`~durak_lab.engine.state.playing.Event` s:
    ``("bito",)`` or ``("pickup", seat)``, ``("draw", seat, cards)``,
    ``("out", seat)``, then ``("bout", leader, defender)`` or ``("over", losers)``.

    Returns ``(fields, moves, steps)``: the fields of the state reached, the
    legal moves there (``[]`` when the game is over) and the moves played.
    ``listed`` False: once ``limit`` moves are played, the moves of the state
    reached are not listed (``[]``; the game goes on while ``fields[RESULT]``
    is None): a search that plays one root move and then a playout of its own.
    """
    (n, hs, cap, capfirst, carry, take_none, transfer, neigh, nothrow, teams, orders, hl, seen, lead, mates, show,
     turns, dro, tie_all) = cfg  # every field, in the order of _ORDER
    hand_now = hl == HL_CURRENT  # uncovered cards never exceed the defender's hand (R13)
    hand_start = hl == HL_BOUT_START  # attack cards never exceed his hand at the bout's start (R13)
    hand_limit = hl != HL_NONE
    draw_equal = dro == DRAW_EQUAL  # one card at a time to the shortest hand (R19)
    draw_attack = dro == DRAW_ATTACK_ORDER  # the attackers in the order they attacked (R19)
    draw_round = dro == DRAW_ROUND  # FI: after a take the defender draws in his turn clockwise (R19)
    (rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result,
     sh) = st[:SHOWN]
    shown = st[SHOWN] if len(st) > SHOWN else 0  # the trumps shown to transfer (R24)
    order = st[ORDER] if len(st) > ORDER else ()  # who attacked, in order (the attack-order draw, R19)
    inb = st[IN_BOUT] if len(st) > IN_BOUT else 0  # who was in the bout when it began (the all-durak tie, R29)
    hands = list(hands)
    known = list(known)
    atk = list(atk)
    cov = list(cov)
    beat = BEATERS[trump]
    nt = len(talon)
    tp = 0
    covered = 0
    tm = 0
    for x in cov:
        covered |= 1 << (x & 63)
        tm |= 1 << (x >> 6 & 63)
    um = 0  # the uncovered attack cards
    for x in atk:
        tm |= 1 << (x & 63)
        if not covered >> (x & 63) & 1:
            um |= 1 << (x & 63)
    nu = um.bit_count()
    na = len(atk)
    trm = ((tm | tm >> 13 | tm >> 26 | tm >> 39) & 8191) * (1 | 1 << 13 | 1 << 26 | 1 << 39)
    lim = capfirst if first else cap
    rand = rng.random if rng is not None else _no_rng
    one: Optional[int] = None  # the one move to play
    policy: Optional[Policy] = None
    if choose is None:  # uniform random play, or only the legal moves (limit 0)
        pass
    elif isinstance(choose, int):
        one = choose
    else:
        policy = choose
    steps = 0
    moves: list = []
    two = n == 2
    s = nxt = -1
    # ph: 0 the lead, 1 the defender acts, 2 settle (end the bout or find who throws in), 3 s throws in
    ph = 0 if not atk else 2
    while result is None:  # (a finished game breaks out below)
        if ph == 2:  # ------------------------------------------------- does the bout go on? (R16)
            end = -1  # 1: defended (bito); 0: the defender picks up
            if not taking:
                if not hands[d] and (not um or not mates or not any(hands[x] for x in mates[d])):
                    end = 1  # (with the partner's cover, uncovered cards wait for a partner holding cards: R26)
                elif um:
                    ph = 1
            elif take_none:
                end = 0
            if ph == 2 and end < 0:
                if taking and seen:  # after a take, any number of cards of the ranks seen (R18)
                    room = 1 << 30
                else:
                    room = lim - na
                    if hand_now:  # uncovered cards never exceed the defender's hand (R13)
                        r2 = hands[d].bit_count() - nu
                        if mates and not taking:  # and the partners' hands, who may cover (R26)
                            for x in mates[d]:
                                r2 += hands[x].bit_count()
                    elif hand_start:  # attack cards never exceed his hand at the bout's start (R13)
                        r2 = sh - na
                    else:  # no hand limit: the extra cards go back (R13)
                        r2 = room
                    if r2 < room:
                        room = r2
                s = -1
                if room > 0 and not nothrow:
                    if two:
                        x = 1 - d
                        if hands[x] & trm and not passed >> x & 1:
                            s = x
                    elif turns:  # attack by turns (R12): on while someone can add and a turn is not over,
                        # or one who can add has not let the play go on; the first not passed acts
                        ring = orders[leader][d]
                        can = False
                        for x in ring:
                            if hands[x] & trm:
                                can = True
                                break
                        if can and (_holder(ring, passed, hands) >= 0 or
                                    any(hands[x] & trm and not passed >> x & 1 for x in ring)):
                            for x in ring:
                                if hands[x] and not passed >> x & 1:
                                    s = x
                                    break
                    else:
                        left = right = -1
                        if neigh:
                            tl = tp < nt
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
                        # the bout goes on while an attacker who has not passed can add; then every
                        # attacker who holds cards and has not passed is asked in turn, whether or not
                        # he can add (he passes if he cannot: R3, R12)
                        for x in orders[leader][d]:
                            if hands[x] and not passed >> x & 1 and (not neigh or x == left or x == right):
                                if s < 0:
                                    s = x
                                if hands[x] & trm:
                                    break
                        else:
                            s = -1
                if s < 0:
                    end = 0 if taking else 1
                else:
                    ph = 3
            if end >= 0:  # ------------------------------------------- the end of the bout (R16-R19)
                if tie_all and inb:  # who was in the bout when it began (R28, R29)
                    was = inb
                elif events is not None or tie_all:  # who was in the bout: may be out after it (R28)
                    was = 1 << d
                    for x in atk:
                        was |= 1 << (x >> 6)
                    if mates:  # a partner who covered (R26)
                        for x in cov:
                            was |= 1 << (x >> 12)
                    for x in range(n):
                        if hands[x]:
                            was |= 1 << x
                if end:
                    if um:  # uncovered cards go back to their owners (R13)
                        for x in atk:
                            c = x & 63
                            if um >> c & 1:
                                hands[x >> 6] |= 1 << c
                                known[x >> 6] |= 1 << c
                                tm ^= 1 << c
                    discard |= tm
                    if events is not None:
                        events.append(("bito",))
                else:
                    hands[d] |= tm
                    known[d] |= tm
                    if events is not None:
                        events.append(("pickup", d))
                t0 = tp
                if tp < nt and draw_equal:  # the equal draw (R19): one card at a time to the shortest hand
                    got: dict[int, list] = {}
                    seq = (1 - d, d) if two else DRAW[n][leader][d]
                    while tp < nt:
                        y = -1
                        k = hs
                        for x in seq:
                            c = hands[x].bit_count()
                            if c < k:
                                y, k = x, c
                        if y < 0:
                            break
                        hands[y] |= 1 << talon[tp]
                        got.setdefault(y, []).append(talon[tp])
                        tp += 1
                    if events is not None:
                        events.extend(("draw", x, tuple(got[x])) for x in seq if x in got)
                elif tp < nt:  # the draw (R19)
                    if two:
                        seq = (1 - d, d)
                    elif draw_attack:  # in the order they attacked, then the others, the defender last
                        seq = [x for x in order if x != d]
                        seq += [x for x in DRAW[n][leader][d] if x not in seq]
                    elif draw_round and not end:  # FI: the taker draws in his turn, clockwise from the leader
                        seq = [(leader + i) % n for i in range(n)]
                    else:
                        seq = DRAW[n][leader][d]
                    for x in seq:
                        k = hs - hands[x].bit_count()
                        if k > 0 and tp < nt:
                            got = talon[tp:tp + k]
                            for c in got:
                                hands[x] |= 1 << c
                                tp += 1
                            if events is not None:
                                events.append(("draw", x, got))
                if t0 < nt and tp >= nt and tc >= 0:  # the face-up trump card is drawn: public
                    for x in range(n):
                        if hands[x] >> tc & 1:
                            known[x] |= 1 << tc
                if first and (end or not carry):
                    first = False
                    lim = cap
                atk = []
                cov = []
                um = nu = na = tm = trm = covered = passed = 0
                taking = False
                order = ()
                tl = tp < nt
                if not tl:  # players out (R28), the end of the game (R27, R29)
                    if events is not None:
                        events.extend(("out", x) for x in range(n) if was >> x & 1 and not hands[x])
                    if two:
                        if not hands[0]:
                            result = (1,) if hands[1] else ()
                        elif not hands[1]:
                            result = (0,)
                    else:
                        live = [x for x in range(n) if hands[x]]
                        if teams:
                            groups = {x % teams for x in live}
                            if len(groups) <= 1:
                                result = tuple(x for x in range(n) if x % teams in groups)
                        elif len(live) <= 1:
                            result = tuple(live)
                    if result == () and tie_all:  # the last ones out together are all durak (R29)
                        result = tuple(x for x in range(n) if was >> x & 1)
                    if result is not None:
                        inb = 0
                        if events is not None:
                            events.append(("over", result))
                        break
                if end and (tl or hands[d]):
                    leader = d
                elif two:
                    leader = 1 - d
                else:
                    leader = _next_seat(hands, tl, n, d, 0)
                d = 1 - leader if two else _next_seat(hands, tl, n, leader, teams)
                sh = hands[d].bit_count()
                if tie_all:
                    inb = sum(1 << x for x in range(n) if tl or hands[x])
                if events is not None:
                    events.append(("bout", leader, d))
                ph = 0
        # ------------------------------------------------------------------ the moves of the seat to act
        moves = []
        if steps == limit and not listed:
            break
        if ph == 0:  # the lead (R10): one card of the leader's hand
            s = leader
            base = s << 12
            m = hands[s]
            km = 1
            if lead > 1:  # several cards of one rank (R10), within the room of the table (R13)
                km = min(lead, lim, hands[d].bit_count() if hand_limit else lead)
                if mates and hand_now:  # the partners' hands count (R26)
                    km = min(lead, lim, hands[d].bit_count() + sum(hands[x].bit_count() for x in mates[d]))
            if km > 1:
                moves = _attack_sets(m, km, base, MULTI_ATTACK)
            while km == 1 and m:
                low = m & -m
                moves.append(base + low.bit_length() - 1)
                m ^= low
        elif ph == 1:  # defence: covers (R11), transfers (R20-R23), take (R15)
            s = d
            if mates and passed >> d & 1:  # the partner's cover (R26): the defender passed, a partner acts
                for x in mates[d]:
                    if hands[x] and not passed >> x & 1:
                        s = x
                        break
            base = s << 12
            h = hands[s]
            if nu == 1:
                m = h & beat[um.bit_length() - 1]
                if m:
                    b = base + COVER_BASE + ((um.bit_length() - 1) << 6)
                    while m:
                        low = m & -m
                        moves.append(b + low.bit_length() - 1)
                        m ^= low
            else:
                for x in atk:
                    a = x & 63
                    if um >> a & 1:
                        m = h & beat[a]
                        b = base + COVER_BASE + (a << 6)
                        while m:
                            low = m & -m
                            moves.append(b + low.bit_length() - 1)
                            m ^= low
            if transfer and nu == na and trm.bit_count() == 4:
                nxt = -1
                tl = tp < nt
                for i in range(1, n):
                    y = (d + i) % n
                    if (tl or hands[y]) and (not teams or y % teams != d % teams):
                        nxt = y
                        break
                if nxt >= 0:
                    km = min(lim - na, hands[nxt].bit_count() - na, lead)
                    m = h & trm
                    if km == 1:
                        while m:
                            low = m & -m
                            moves.append(base + TRANSFER_BASE + low.bit_length() - 1)
                            m ^= low
                    elif km > 1:  # several cards of the rank (R20, R22)
                        g = [c for c in range(52) if m >> c & 1]
                        for k in range(1, min(km, len(g)) + 1):
                            for combo in combinations(g, k):
                                moves.append(base + TRANSFER_BASE + combo[0] if k == 1 else
                                             base + MULTI_TRANSFER + (sum(1 << c for c in combo) << 16))
                    # the trump of the rank, shown once a game: the table does not grow (R24)
                    if show and hands[nxt].bit_count() >= na:
                        c = trump * 13 + (atk[0] & 63) % 13
                        if h >> c & 1 and not shown >> c & 1:
                            moves.append(base + SHOW_BASE + c)
            if s == d:
                moves.append(base + TAKE_CODE)
                # the partner's cover (R26): the defender may pass it on while a partner who has not passed
                # holds cards, whether or not he can cover (R3)
                if mates and not passed >> d & 1 and any(hands[x] and not passed >> x & 1 for x in mates[d]):
                    moves.append(base + PASS_CODE)
            else:
                moves.append(base + PASS_CODE)
        else:  # a throw-in (R12): one card of a rank on the table, or pass
            base = s << 12
            m = hands[s] & trm
            if lead > 1 and room > 1:
                moves = _attack_sets(m, min(room, lead), base, MULTI_ATTACK)
            else:
                while m:
                    low = m & -m
                    moves.append(base + low.bit_length() - 1)
                    m ^= low
            moves.append(base + PASS_CODE)
        if steps == limit:
            break
        # ------------------------------------------------------------------ choose and apply
        if one is not None:
            if one not in moves:
                break  # not a legal move: nothing is played (steps stays 0)
            mv = one
        elif policy is None:
            mv = moves[int(rand() * len(moves))]
        else:
            mv = policy(moves, trump, tp < nt, rng)
        steps += 1
        code = mv & 4095
        if ph == 1:
            if code >= COVER_BASE:
                a = (code - COVER_BASE) >> 6
                c = code & 63
                hands[s] ^= 1 << c
                um ^= 1 << a
                nu -= 1
                cov.append(a | c << 6 | s << 12 if mates else a | c << 6)
                tm |= 1 << c
                trm |= RANKBITS[c]
                if turns:  # a cover changes no turn; once every turn is over, it lapses every pass (R12)
                    ring = orders[leader][d]
                    if _holder(ring, passed, hands) < 0:
                        passed = 0
                    else:
                        passed &= sum(1 << x for x in ring)
                else:
                    passed = 0
                ph = 1 if nu and hands[d] else 2
            elif code == TAKE_CODE:
                taking = True
                passed = 0
                ph = 2
            elif code == PASS_CODE:  # a defending seat passes the cover on (R26)
                passed |= 1 << s
                ph = 2
            else:  # transfer (R20): the defender adds card(s) of the rank and passes the attack on
                if SHOW_BASE <= code < COVER_BASE:  # or shows the trump of the rank, which he keeps (R24)
                    bit = 1 << (code - SHOW_BASE)
                    shown |= bit
                    known[d] |= bit
                else:
                    bit = mv >> 16 if code == MULTI_TRANSFER else 1 << (code - TRANSFER_BASE)
                    hands[d] ^= bit
                    m = bit
                    while m:
                        low = m & -m
                        atk.append(low.bit_length() - 1 | d << 6)
                        m ^= low
                    um |= bit
                    nu += bit.bit_count()
                    na += bit.bit_count()
                    tm |= bit
                if draw_attack and d not in order:
                    order += (d,)
                if nxt == leader:  # the attack came round to its leader (R23)
                    leader = d
                d = nxt
                sh = hands[d].bit_count()
                passed = 0
                ph = 1
        elif code == PASS_CODE:
            if turns:  # the attacker whose turn it is stops: the earlier ones are asked again (R12)
                ring = orders[leader][d]
                if s == _holder(ring, passed, hands):
                    passed = passed & ~sum(1 << x for x in ring) | 1 << s
                else:
                    passed |= 1 << s
            else:
                passed |= 1 << s
            ph = 2
        else:  # an attack: the lead or a throw-in
            throw = na > 0
            if not throw:
                if draw_attack:
                    order = (s,)
                if tie_all:  # who is in this bout (R29)
                    inb = sum(1 << x for x in range(n) if tp < nt or hands[x])
            elif draw_attack and s not in order:
                order += (s,)
            if not na:
                sh = hands[d].bit_count()
            if code == MULTI_ATTACK:
                bit = mv >> 16
                m = bit
                while m:
                    low = m & -m
                    atk.append(low.bit_length() - 1 | s << 6)
                    m ^= low
                code = (bit & -bit).bit_length() - 1
                nu += bit.bit_count()
                na += bit.bit_count()
            else:
                bit = 1 << code
                atk.append(code | s << 6)
                nu += 1
                na += 1
            hands[s] ^= bit
            um |= bit
            tm |= bit
            trm |= RANKBITS[code]
            passed = 0
            if turns and throw:  # a throw-in takes the turn, unless it was his last card (R12)
                if not hands[s]:
                    passed = 1 << s
                else:
                    for x in orders[leader][d]:
                        if x == s:
                            break
                        passed |= 1 << x
            ph = 1 if not taking and hands[d] else 2
    return ((rules, trump, tc, hands, talon[tp:], discard, atk, cov, leader, d, taking, passed, first,
             known, result, sh if result is None else 0, shown, order, inb), moves if result is None else [],
            steps)
