"""The kernel's two-player endgame model: the rules once the talon is empty, as closures over ints.

The exact solver (:mod:`durak_lab.analysis.solver`) searches two-player
endgames: no talon, two hands, one bout after another.  This module compiles
the rules of such a game from the kernel's configuration (the tuple of
:func:`durak_lab.engine.kernel.check_rules`: the attack limits ``cap`` and
``capfirst``, ``carry``, ``take_none``, ``transfer``, ``nothrow``, the hand
limit ``hl``, ``seen``, ``lead``) into a few closures (:class:`Endgame`),
and names its moves by the kernel's move codes
(:mod:`durak_lab.engine.kernel.loop`), so that the rules live in two places
only: the reference engine (:class:`~durak_lab.engine.state.Position`) and the
kernel.  ``tests/engine/test_kernel_endgame.py`` plays seeded random games of
every preset the solver plays and requires, at every step after the talon is
empty, the same moves and the same next states from this model, from
:func:`durak_lab.engine.kernel.legal_moves` / :func:`~durak_lab.engine.kernel.play`
and from :meth:`Position.sequential_moves` / :meth:`Position.play`.

**The configuration.**  :func:`endgame_config` is the kernel's
``check_rules`` for a two-player endgame (a transfer by showing a trump,
R24, is the move :data:`~durak_lab.engine.kernel.loop.SHOW_BASE` ``+ card``
here as in the kernel's loop), and accepts a little more than ``check_rules``
does: the options that cannot matter once the talon is empty and two players
are left: the trump swap (R6: closed once the talon
is empty), the redeal (a deal-time rule) and jokers (doker, R1: the caller
makes sure none is still in play; the masks here hold the 52 cards of the four
suits).  It refuses what the kernel refuses otherwise, and the unlimited hand
(``hand_limit='none'``, R13), whose extra cards go back to their owners.

**A state** is six ints ``(a, d, tbl, unc, tk, x)``: the attacker's and the
defender's hands, every card on the table, the uncovered attack cards, "the
defender takes" (0/1), and ``x`` = first-bout flag (R14) | trumps shown
(R24) ``<< 1`` (the bit :data:`NO_TAKE` is left to the solver's search).  With
two players the attacker is always the seat that does not defend.  Only
settled states exist: the defender acts iff ``unc and not tk``, else the
attacker.  An outcome (a finished game) is an int for the roles of the bout
that ended: ``+1`` the attacker is safe and the defender durak, ``-1`` the
reverse, ``0`` nobody durak (R29, ``tie='no_durak'``).  A successor is an
outcome or a 7-tuple ``(state..., swapped)``: swapped says the roles changed
hands.

Standard library only.

>>> from durak_lab.engine import kernel
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.cards import CLUBS, CardSet
>>> m = Endgame(endgame_config(Rules.preset("podkidnoy", players=2)), CLUBS)
>>> a, d = CardSet.parse("7♦").mask, CardSet.parse("8♦").mask
>>> [(str(kernel.to_move(mv)), succ[6]) for mv, succ in successors(m, (a, d, 0, 0, 0, 0))]
[('P1 attack 7♦', False)]
>>> [(str(kernel.to_move(mv)), succ) for mv, succ in successors(m, (0, d, a, a, 0, 0), attacker=1)]
[('P1 cover 7♦ with 8♦', 0), ('P1 take', 1)]

(P2 attacks with the 7♦ as their last card; P1 covers it and nobody is durak, R29, or takes it and
is the durak: +1 for the attacker.)
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Iterator, Optional

from ..cards import BEATERS
from ..errors import KernelUnsupported
from .config import (CAP, CAP_FIRST, CARRY, HAND_LIMIT, HL_BOUT_START, HL_NONE, LEAD, NO_LIMIT, NO_THROW, SEEN_RANKS,
                     TAKE_NONE, TRANSFER, check_rules)
from .loop import (COVER_BASE, MULTI_ATTACK, MULTI_TRANSFER, PASS_CODE, RANKBITS, SHOW_BASE, TAKE_CODE,
                          TRANSFER_BASE)
from ..rules import DrawOrder, Rules, TrumpSwap

__all__ = ["Endgame", "endgame_config", "endgame_model", "successors", "transitions_of", "move_parts",
           "NO_TAKE", "LOW13", "SPREAD"]

#: The 13 rank bits of one suit, and the factor that copies them into the four suits.
LOW13 = (1 << 13) - 1
SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: A bit of ``x`` the model never sets: the solver's search marks with it "the defender is covering a
#: row of cards and may not take now".
NO_TAKE = 1 << 60

_CONFIGS: dict = {}


def endgame_config(rules: Rules) -> tuple:
    """``(cfg, show)``: the kernel's configuration tuple (:func:`~durak_lab.engine.kernel.check_rules`)
    for the two-player endgame of ``rules``, and whether a trump may be shown to transfer (R24).

    Accepts what ``check_rules`` refuses but cannot be met once the talon is empty (``trump_swap``, ``redeal``, ``jokers``,
    the draw order ``defender_first``);
    raises :class:`~durak_lab.engine.kernel.KernelUnsupported` naming any other option it lacks.

    >>> from durak_lab.engine.kernel.config import PLAYERS, TRANSFER
    >>> cfg, show = endgame_config(Rules.preset("perevodnoy_show", players=2))
    >>> cfg[PLAYERS], cfg[TRANSFER], show
    (2, True, True)
    >>> endgame_config(Rules.preset("podkidnoy", players=4))
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.KernelUnsupported: the endgame model plays two players, not 4; use Position
    """
    got = _CONFIGS.get(rules)
    if got is not None:
        return got
    if rules.players != 2:
        raise KernelUnsupported(f"the endgame model plays two players, not {rules.players}; use Position")
    plain = rules
    first = rules.draw_order is DrawOrder.DEFENDER_FIRST  # nobody draws once the talon is empty (R19)
    if rules.trump_swap is not TrumpSwap.OFF or rules.redeal or rules.jokers or first:
        plain = replace(rules, trump_swap=TrumpSwap.OFF, swap_six=False, redeal=False, jokers=0,
                        draw_order=DrawOrder.CLOCKWISE if first else rules.draw_order)
    cfg = check_rules(plain)
    if cfg[HAND_LIMIT] == HL_NONE:
        raise KernelUnsupported("the endgame model does not support hand_limit='none' (R13); use Position")
    got = _CONFIGS[rules] = (cfg, bool(rules.transfer_by_show))
    return got


class Endgame:
    """The two-player endgame rules for one (configuration, trump) pair, compiled into closures.

    ``config`` is :func:`endgame_config`'s ``(cfg, show)``; ``rules``, the rules it was made from
    (kept for the caller, never read).  Attributes: ``trump``, ``beat``
    (``BEATERS[trump]``), ``lead`` (most cards in a lead, R10), ``no_throw`` (R12), and the
    functions ``room``, ``end``, ``settle``, ``take`` (``settle`` for a take, shorter),
    ``attack_sets``, ``transfer_options`` (see each).
    """

    def __init__(self, config: tuple, trump: int, rules: Optional[Rules] = None) -> None:
        cfg, show = config
        beat = BEATERS[trump]
        cap_normal, cap_first, carry = cfg[CAP], cfg[CAP_FIRST], cfg[CARRY]
        after_none, transfer = cfg[TAKE_NONE], cfg[TRANSFER]
        no_throw = cfg[NO_THROW]
        bout_start = cfg[HAND_LIMIT] == HL_BOUT_START
        after_seen = cfg[SEEN_RANKS]
        lead = cfg[LEAD]
        low13, spread, rankbits = LOW13, SPREAD, RANKBITS
        pc = int.bit_count
        big = NO_LIMIT

        def room(d: int, tbl: int, unc: int, tk: int, x: int) -> int:
            """How many more attack cards the table takes (R13, R14, R18)."""
            if tk and after_seen:
                return big
            nu = pc(unc)
            nt = pc(tbl)
            natt = (nt + nu) >> 1
            r = (cap_first if x & 1 else cap_normal) - natt
            if bout_start:  # the defender's hand at the start: now + the covers made since
                h = (pc(d) + ((nt - nu) >> 1) if tbl else pc(d)) - natt
            else:
                h = pc(d) - nu
            return h if h < r else r

        def end(a: int, d: int, tbl: int, defended: bool, x: int):
            """The bout ends (bito or pick-up, R17, R18): an outcome or the next bout."""
            if not defended:
                d |= tbl
            if x & 1 and (defended or not carry):
                x ^= 1
            if not a:
                return 0 if not d else 1
            if not d:
                return -1
            if defended:  # the defender leads next (R17)
                return (d, a, 0, 0, 0, x, True)
            return (a, d, 0, 0, 0, x, False)  # after a take the attacker leads again (R18)

        def settle(a: int, d: int, tbl: int, unc: int, tk: int, x: int):
            """After a card or a take: who acts, or the end of the bout (R16)."""
            if not tk:
                if not d:
                    return end(a, d, tbl, True, x)
                if unc:
                    return (a, d, tbl, unc, 0, x, False)
            elif after_none:
                return end(a, d, tbl, False, x)
            if a and not no_throw:
                if a & ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & low13) * spread \
                        and room(d, tbl, unc, tk, x) > 0:
                    return (a, d, tbl, unc, tk, x, False)
            return end(a, d, tbl, not tk, x)

        if after_none or no_throw:
            def take(a: int, d: int, tbl: int, unc: int, x: int):
                """``settle(a, d, tbl, unc, 1, x)``: the defender takes (R15) and nobody throws in."""
                return end(a, d, tbl, False, x)
        else:
            def take(a: int, d: int, tbl: int, unc: int, x: int):
                """``settle(a, d, tbl, unc, 1, x)``, the same successor by a shorter way: the
                defender takes (R15); the attacker throws in while a card matches and the table
                has room (R12, R13, R18), else the bout ends and he leads again."""
                if a and a & ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & low13) * spread:
                    if after_seen:
                        return (a, d, tbl, unc, 1, x, False)
                    nu = pc(unc)
                    nt = pc(tbl)
                    natt = (nt + nu) >> 1
                    if bout_start:
                        h = pc(d) + ((nt - nu) >> 1) - natt
                    else:
                        h = pc(d) - nu
                    if h > 0 and (cap_first if x & 1 else cap_normal) > natt:
                        return (a, d, tbl, unc, 1, x, False)
                if x & 1 and not carry:
                    x ^= 1
                if not a:
                    return 1
                return (a, d | tbl, 0, 0, 0, x, False)

        def attack_sets(cards: int, k_max: int) -> list:
            """Single cards, or sets of one rank of up to k_max cards (R10), as masks."""
            out = []
            if k_max == 1:
                while cards:
                    low = cards & -cards
                    out.append(low)
                    cards ^= low
                return out
            for r in range(13):
                m = cards & rankbits[r]
                group = []
                while m:
                    low = m & -m
                    group.append(low)
                    m ^= low
                for k in range(1, min(k_max, len(group)) + 1):
                    for combo in combinations(group, k):
                        out.append(sum(combo))
            return out

        def transfer_options(a: int, d: int, tbl: int, unc: int, x: int) -> list:
            """[(kind, cards mask, successor)] for transfers and shows (R20–R24)."""
            out: list[tuple[str, int, tuple]] = []
            if not (transfer and tbl == unc and a):
                return out
            rs = (unc | unc >> 13 | unc >> 26 | unc >> 39) & low13
            if rs & (rs - 1):
                return out
            natt = pc(unc)
            r = rs.bit_length() - 1
            na = pc(a)
            k_max = min((cap_first if x & 1 else cap_normal) - natt, na - natt, lead)
            if k_max > 0:
                for c in attack_sets(d & rankbits[r], min(k_max, 4)):
                    out.append(("transfer", c, (d ^ c, a, tbl | c, unc | c, 0, x, True)))
            if show and na >= natt:
                sc = 1 << (trump * 13 + r)
                if d & sc and not (x >> 1) & sc:
                    out.append(("show", sc, (d, a, tbl, unc, 0, x | sc << 1, True)))
            return out

        self.rules, self.config, self.trump = rules, config, trump
        self.beat, self.lead, self.no_throw = beat, lead, no_throw
        self.room, self.end, self.settle, self.take = room, end, settle, take
        self.attack_sets, self.transfer_options = attack_sets, transfer_options


_MODELS: dict = {}


def endgame_model(rules: Rules, trump: int) -> Endgame:
    """The :class:`Endgame` of ``rules`` (two players) and ``trump``, made once and kept (a few dozen).

    >>> m = endgame_model(Rules.preset("perevodnoy", players=2), 0)
    >>> m is endgame_model(Rules.preset("perevodnoy", players=2), 0), m.lead, m.no_throw
    (True, 1, False)
    """
    key = (rules, trump)
    m = _MODELS.get(key)
    if m is None:
        if len(_MODELS) > 64:
            _MODELS.clear()
        m = _MODELS[key] = Endgame(endgame_config(rules), trump, rules)
    return m


def successors(m: Endgame, s: tuple, attacker: int = 0) -> Iterator[tuple]:
    """Every move from state ``s`` as ``(kernel move, successor)``, unpruned.

    The kernel move is ``seat << 12 | code`` (:mod:`durak_lab.engine.kernel.loop`), the seat
    being the one to act when ``attacker`` attacks; a show is ``SHOW_BASE + card``.  The moves
    are those of :func:`durak_lab.engine.kernel.legal_moves` (and :meth:`Position.sequential_moves`),
    in the model's order: leads and throw-ins by rank, covers by the attack card, then transfers,
    shows, the take or the pass.
    """
    a, d, tbl, unc, tk, x = s
    if not tbl:
        base = attacker << 12
        for c in m.attack_sets(a, min(m.lead, m.room(d, 0, 0, 0, x))):
            yield _attack_code(base, c, MULTI_ATTACK), (a ^ c, d, c, c, 0, x, False)
        return
    if unc and not tk:
        base = (1 - attacker) << 12
        settle, beat = m.settle, m.beat
        u = unc
        while u:
            t = u & -u
            u ^= t
            i = t.bit_length() - 1
            b = d & beat[i]
            code = base + COVER_BASE + (i << 6)
            while b:
                c = b & -b
                b ^= c
                yield code + c.bit_length() - 1, settle(a, d ^ c, tbl | c, unc ^ t, 0, x)
        for kind, c, succ in m.transfer_options(a, d, tbl, unc, x):
            if kind == "show":
                yield base + SHOW_BASE + c.bit_length() - 1, succ
            else:
                yield _attack_code(base + TRANSFER_BASE, c, MULTI_TRANSFER - TRANSFER_BASE), succ
        yield base + TAKE_CODE, settle(a, d, tbl, unc, 1, x)
        return
    base = attacker << 12
    k = min(m.lead, m.room(d, tbl, unc, tk, x))
    if k > 0 and not m.no_throw:
        rs = ((tbl | tbl >> 13 | tbl >> 26 | tbl >> 39) & LOW13) * SPREAD
        for c in m.attack_sets(a & rs, k):
            yield _attack_code(base, c, MULTI_ATTACK), m.settle(a ^ c, d, tbl | c, unc | c, tk, x)
    yield base + PASS_CODE, m.end(a, d, tbl, not tk, x)


def _attack_code(base: int, c: int, multi: int) -> int:
    """The kernel code of laying the cards of mask ``c``: one card, or ``multi`` with the mask."""
    if c & (c - 1):
        return base + multi + (c << 16)
    return base + c.bit_length() - 1


def move_parts(move: int) -> tuple:
    """``(kind, cards)`` of a kernel move, as the solver's transitions name it: ``cards`` a mask, for a
    cover ``(attack card mask, cover card mask)``, 0 for take and pass.

    >>> from durak_lab.engine import kernel
    >>> from durak_lab.engine.cards import CardSet
    >>> from durak_lab.engine.moves import Move
    >>> kind, (t, c) = move_parts(kernel.kernel_move(Move.parse("P2 cover 7♦ with 10♦")))
    >>> kind, str(CardSet(t)), str(CardSet(c))
    ('cover', '7♦', '10♦')
    >>> kind, c = move_parts(kernel.kernel_move(Move.parse("P1 show 7♠")))
    >>> kind, str(CardSet(c)), str(kernel.to_move(kernel.kernel_move(Move.parse("P1 show 7♠"))))
    ('show', '7♠', 'P1 show 7♠')
    """
    code = move & 4095
    if code == MULTI_ATTACK:
        return "attack", move >> 16
    if code == MULTI_TRANSFER:
        return "transfer", move >> 16
    if code < 64:
        return "attack", 1 << code
    if code >= COVER_BASE:
        return "cover", (1 << ((code - COVER_BASE) >> 6), 1 << (code & 63))
    if code == TAKE_CODE:
        return "take", 0
    if code == PASS_CODE:
        return "pass", 0
    if code >= SHOW_BASE:
        return "show", 1 << (code - SHOW_BASE)
    return "transfer", 1 << (code - TRANSFER_BASE)


def transitions_of(m: Endgame, s: tuple) -> Iterator[tuple]:
    """:func:`successors` as ``(kind, cards, successor)`` (see :func:`move_parts`), the solver's terms."""
    for mv, succ in successors(m, s):
        kind, cards = move_parts(mv)
        yield kind, cards, succ
