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
=========================  ==========================================

The state a run starts from and returns is a
:class:`~durak_lab.engine.kernel.KState`; the loop itself keeps the table as
three small lists (attack entries ``card | owner << 6`` in table order, cover
entries ``attack | cover << 6`` and the uncovered attack cards in table order)
and the masks of the table's cards and ranks.

Standard library only.
"""

from __future__ import annotations

from .cards import BEATERS, RANK_MASKS

__all__ = ["run", "TAKE_CODE", "PASS_CODE", "TRANSFER_BASE", "COVER_BASE"]

TRANSFER_BASE, TAKE_CODE, PASS_CODE, COVER_BASE = 64, 128, 129, 256
#: The four cards of the rank of each card id.
RANKBITS = tuple(RANK_MASKS[c % 13 + 2] for c in range(52))
#: Draw orders for more than 2 players (R19 clockwise): DRAW[n][leader][defender].
DRAW = {n: tuple(tuple(tuple([s for s in ((ld + i) % n for i in range(n)) if s != d] + [d])
                       for d in range(n)) for ld in range(n)) for n in range(3, 7)}


def _next_seat(hands: list, talon_left: bool, n: int, seat: int, teams: int) -> int:
    """The next seat clockwise still in the game (with ``teams``: the next opponent), or -1."""
    for i in range(1, n):
        s = (seat + i) % n
        if (talon_left or hands[s]) and (not teams or s % teams != seat % teams):
            return s
    return -1


def run(cfg: tuple, st: tuple, limit: int, choose, rng, events):
    """Play from state ``st`` (a KState) under ``cfg`` (see ``kernel._config``).

    ``limit``: stop after that many moves (-1: play to the end).  ``choose``:
    None for uniform random play with ``rng.random`` (the reference
    benchmark's draw: ``moves[int(rng.random() * len(moves))]``), else a
    function ``choose(moves, trump, talon_left, rng)`` returning one of
    ``moves``; an int ``choose`` is the one move to play (with ``limit`` 1).
    ``events``: None, or a list the bout ends are appended to as
    ``("bito",)``, ``("pickup", seat)``, ``("bout", leader, defender)`` and
    ``("over", losers)``.

    Returns ``(fields, moves, steps)``: the fields of the state reached, the
    legal moves there (``[]`` when the game is over) and the moves played.
    """
    n, hs, cap, capfirst, carry, take_none, transfer, neigh, nothrow, teams, ptin = cfg
    rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result = st
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
        tm |= 1 << (x >> 6)
    unc = []
    for x in atk:
        tm |= 1 << (x & 63)
        if not covered >> (x & 63) & 1:
            unc.append(x & 63)
    trm = ((tm | tm >> 13 | tm >> 26 | tm >> 39) & 8191) * (1 | 1 << 13 | 1 << 26 | 1 << 39)
    rand = rng.random if rng is not None else None
    steps = 0
    moves: list = []
    two = n == 2
    while result is None:
        # ---------------------------------------------------------- whose turn (to_act) and the moves
        if not atk:  # the lead (R10): one card of the leader's hand
            base = leader << 12
            moves = []
            m = hands[leader]
            while m:
                low = m & -m
                moves.append(base + low.bit_length() - 1)
                m ^= low
        else:
            end = -1  # -1: the bout goes on; 1: defended (bito); 0: the defender picks up
            s = -1
            if not taking:
                if not hands[d]:
                    end = 1
                elif unc:
                    s = d
            elif take_none:
                end = 0
            if s < 0 and end < 0:
                room = (capfirst if first else cap) - len(atk)
                r2 = hands[d].bit_count() - len(unc)
                if r2 < room:
                    room = r2
                if room > 0 and not nothrow:
                    if two:
                        x = 1 - d
                        if hands[x] & trm and not passed >> x & 1:
                            s = x
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
                        for i in range(n):
                            x = (leader + i) % n
                            if x == d or not hands[x] & trm or passed >> x & 1:
                                continue
                            if teams and not ptin and x % teams == d % teams:
                                continue
                            if neigh and x != left and x != right:
                                continue
                            s = x
                            break
                if s < 0:
                    end = 0 if taking else 1
            if end >= 0:
                # ------------------------------------------------------ the end of the bout (R16-R19)
                if end:
                    if unc:  # uncovered cards go back to their owners (R13)
                        for x in atk:
                            c = x & 63
                            if c in unc:
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
                if tp < nt:
                    for x in ((1 - d, d) if two else DRAW[n][leader][d]):
                        k = hs - hands[x].bit_count()
                        if k > 0 and tp < nt:
                            for c in talon[tp:tp + k]:
                                hands[x] |= 1 << c
                                tp += 1
                    if tp >= nt and tc >= 0:
                        for x in range(n):
                            if hands[x] >> tc & 1:
                                known[x] |= 1 << tc
                if first and (end or not carry):
                    first = False
                atk = []
                cov = []
                unc = []
                tm = trm = covered = passed = 0
                taking = False
                tl = tp < nt
                if not tl:  # players out (R28), the end of the game (R27, R29)
                    live = [x for x in range(n) if hands[x]]
                    if teams:
                        groups = {x % teams for x in live}
                        if len(groups) <= 1:
                            result = tuple(x for x in range(n) if x % teams in groups)
                    elif len(live) <= 1:
                        result = tuple(live)
                    if result is not None:
                        if events is not None:
                            events.append(("over", result))
                        break
                if end and (tl or hands[d]):
                    leader = d
                else:
                    leader = _next_seat(hands, tl, n, d, 0)
                d = _next_seat(hands, tl, n, leader, teams)
                if events is not None:
                    events.append(("bout", leader, d))
                continue
            base = s << 12
            moves = []
            if s == d:  # defence: covers (R11), transfers (R20-R23), take (R15)
                h = hands[d]
                for a in unc:
                    m = h & beat[a]
                    if m:
                        b = base + COVER_BASE + (a << 6)
                        while m:
                            low = m & -m
                            moves.append(b + low.bit_length() - 1)
                            m ^= low
                if transfer and not cov and trm.bit_count() == 4:
                    nxt = _next_seat(hands, tp < nt, n, d, teams)
                    if nxt >= 0:
                        na = len(atk)
                        if (capfirst if first else cap) > na and hands[nxt].bit_count() > na:
                            m = h & trm
                            while m:
                                low = m & -m
                                moves.append(base + TRANSFER_BASE + low.bit_length() - 1)
                                m ^= low
                moves.append(base + TAKE_CODE)
            else:  # a throw-in (R12): one card of a rank on the table, or pass
                m = hands[s] & trm
                while m:
                    low = m & -m
                    moves.append(base + low.bit_length() - 1)
                    m ^= low
                moves.append(base + PASS_CODE)
        if steps == limit:
            break
        # ------------------------------------------------------------------ choose and apply
        if choose is None:
            mv = moves[int(rand() * len(moves))]
        elif choose.__class__ is int:
            mv = choose
        else:
            mv = choose(moves, trump, tp < nt, rng)
        steps += 1
        code = mv & 4095
        s = mv >> 12
        if code < 64:  # attack
            bit = 1 << code
            hands[s] ^= bit
            atk.append(code | s << 6)
            unc.append(code)
            tm |= bit
            trm |= RANKBITS[code]
            passed = 0
        elif code >= COVER_BASE:
            a = (code - COVER_BASE) >> 6
            c = code & 63
            hands[s] ^= 1 << c
            unc.remove(a)
            cov.append(a | c << 6)
            covered |= 1 << a
            tm |= 1 << c
            trm |= RANKBITS[c]
            passed = 0
        elif code == PASS_CODE:
            passed |= 1 << s
        elif code == TAKE_CODE:
            taking = True
            passed = 0
        else:  # transfer (R20): the defender adds a card of the rank and passes the attack on
            c = code - TRANSFER_BASE
            hands[d] ^= 1 << c
            atk.append(c | d << 6)
            unc.append(c)
            tm |= 1 << c
            nxt = _next_seat(hands, tp < nt, n, d, teams)
            if nxt == leader:  # the attack came round to its leader (R23)
                leader = d
            d = nxt
            passed = 0
    return ((rules, trump, tc, hands, talon[tp:], discard, atk, cov, leader, d, taking, passed, first,
             known, result), moves if result is None else [], steps)
