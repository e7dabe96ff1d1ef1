"""The lean kernel: the rules over ints and bit masks, for fast playouts (bots, samplers, benchmarks).

The reference engine (:class:`~durak_lab.engine.state.Position`) explains every
rejected move to a learner; the kernel plays the same games, fast.  A kernel
state (:class:`KState`) is a tuple of ints, card masks and small tuples; a
kernel move is an int (see :mod:`durak_lab.engine.kernel.loop`); the moves are
those of the sequential protocol (:meth:`Position.sequential_moves`, one seat
acts at a time), in the same order.  ``tests/engine/test_kernel.py`` plays
seeded random games through both and requires the same moves, events and
results at every step (``durak-lab bench --verify N`` runs a larger check).

Supported: every option of the presets in :data:`SUPPORTED_PRESETS` (2 to 6
players, any deck, any hand size, leads of one or several cards, attack and
first-bout limits, each of the three hand limits, throw-ins by all, by
neighbours, by turns (with the right to cut in, R12) or by nobody, every
after-take rule, transfers and the transfer by showing a trump (R24), teams
and the partner's cover (R26), every draw order but doker's (R19: FI's
``round`` too) and the ties ``no_durak`` and ``all_durak`` (R29)).
Not yet: the trump swap, the redeal, pushing durak (``pushing``), the
defender's choice (``choose``), more than six players, jokers, the ficus
finish, KO's ``tie='first_out'`` and doker's take of the unbeaten cards, forced
take and ``draw_order='defender_first'``.  These raise :class:`KernelUnsupported` naming the option, never
silently playing other rules.

The rules live in two places: the reference engine and this kernel.  The
kernel's two-player endgame model (:mod:`durak_lab.engine.kernel.endgame`,
the rules of an empty talon as closures over the hands and the table, which
the exact solver searches) is compiled from the configuration tuple of
:func:`check_rules` and names its moves by the kernel's codes (a transfer by
showing a trump is ``SHOW_BASE + card`` in both).
``tests/engine/test_kernel_endgame.py`` requires it to agree with this module
and with the reference engine move by move.  Playouts have loops of their
own, which play the listing loop's games with less work per move: uniformly
random ones (:mod:`durak_lab.engine.kernel.two`,
:mod:`durak_lab.engine.kernel.fast`) and greedy ones
(:mod:`durak_lab.engine.kernel.rollout`), each checked against it game for game.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> k = deal(Rules.preset("podkidnoy"), 1)
>>> [str(to_move(m)) for m in legal_moves(k)][:2]
['P1 attack 8♠', 'P1 attack 7♦']
>>> k2 = play(k, legal_moves(k)[0])
>>> to_position(k2) == Position.deal(Rules.preset("podkidnoy"), seed=1).play("P1 attack 8♠")
True
>>> playout(k, "random", random.Random(3)) in ((0,), (1,), ())
True
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple, Optional, Union

from ..cards import CARDS, SUIT_MASKS, deck_mask, rank_of, suit_of
from ..errors import IllegalMoveError, KernelUnsupported, Reason
from ..moves import ATTACK, COVER, PASS, SHOW, TAKE, TRANSFER, Move
from ..rules import HandLimit, Rules, Tie
from ..state.position import Position
from .config import LISTING_LOOP, TWO_LOOP, check_rules, loop_for
from .fields import FIELDS, RESULT, SHOWN
from .fast import random_run
from .two import deal_two, two_run
from .loop import (COVER_BASE, MULTI_ATTACK, MULTI_TRANSFER, PASS_CODE, SHOW_BASE, TAKE_CODE,
                          TRANSFER_BASE, run)

__all__ = ["KState", "SUPPORTED_PRESETS", "check_rules", "deal", "kernel_state", "from_fields",
           "to_position", "kernel_move", "to_move", "legal_moves", "play", "play_events", "to_act",
           "playout", "random_games", "greedy", "greedy_key"]

#: The presets the kernel plays (with any number of players the preset allows).
SUPPORTED_PRESETS = ("podkidnoy", "classic", "perevodnoy", "neighbours", "by_turns", "pairs_he", "he_hand",
                     "unlimited", "simple", "finnish", "pairs", "perevodnoy_show")


class KState(NamedTuple):
    """A kernel state: the fields of a settled position as ints, masks and tuples.

    ``hands``/``known``: card masks by seat; ``talon``: card ids, next first;
    ``atk``: the table's attack cards in order, ``card | owner << 6``;
    ``cov``: the covers, ``attack | cover << 6`` (in table order; with the partner's cover, R26,
    ``| seat << 12``, the seat that covered); ``result``:
    None while the game goes on, else the durak seats (empty for a draw);
    ``shown``: the mask of the trumps shown to transfer (R24), each once a game; ``order``: with
    the attack-order draw (R19), the seats in the order they attacked in this bout; ``in_bout``: with
    the all-durak tie (R29), the mask of the seats in the game when the bout began.
    """

    rules: Rules
    trump: int
    trump_card: int
    hands: tuple
    talon: tuple
    discard: int
    atk: tuple
    cov: tuple
    leader: int
    defender: int
    taking: bool
    passed: int
    first_limit: bool
    known: tuple
    result: Optional[tuple]
    start_hand: int = 0
    shown: int = 0
    order: tuple = ()
    in_bout: int = 0


def from_fields(f: tuple) -> KState:
    """The :class:`KState` of the fields a loop returns (:func:`~durak_lab.engine.kernel.loop.run`,
    :func:`~durak_lab.engine.kernel.rollout.greedy_run` …), in canonical form (what is known within
    the hands, the covers in table order): two loops reached the same state iff these are equal.

    >>> from durak_lab.engine.kernel.loop import run
    >>> k = deal(Rules.preset("podkidnoy"), 2)
    >>> fields, moves, steps = run(check_rules(k.rules), k, 0, None, None, None)
    >>> from_fields(fields) == k, steps
    (True, 0)
    """
    rules, trump, tc, hands, talon, discard, atk, cov, leader, d, taking, passed, first, known, result, sh = f[:SHOWN]
    if len(cov) > 1:
        where = {x & 63: i for i, x in enumerate(atk)}
        cov = sorted(cov, key=lambda x: where[x & 63])
    return KState(rules, trump, tc, tuple(hands), tuple(talon), discard, tuple(atk), tuple(cov), leader, d,
                  taking, passed, first, tuple(k & h for k, h in zip(known, hands)), result,
                  sh if rules.hand_limit is HandLimit.BOUT_START else 0, *f[SHOWN:FIELDS])


# ---------------------------------------------------------------------- the ends: Position and Move
def kernel_state(position: Position) -> KState:
    """The kernel state of a reference position (KernelUnsupported if the kernel cannot play it).

    >>> p = Position.deal(Rules.preset("perevodnoy", players=3), seed=4)
    >>> to_position(kernel_state(p)) == p
    True
    """
    check_rules(position.rules)
    if position.swap_open:
        raise KernelUnsupported("the kernel does not support an open trump swap (R6); use Position")
    atk = tuple(int(a) | o << 6 for a, _, o, _ in position.table)
    if position.rules.partner_covers:  # who covered: the defender or a partner (R26)
        cov = tuple(int(a) | int(c) << 6 | co << 12 for a, c, _, co in position.table if c >= 0)
    else:
        cov = tuple(int(a) | int(c) << 6 for a, c, _, _ in position.table if c >= 0)
    return KState(position.rules, position.trump, int(position.trump_card), position.hands,
                  tuple(int(c) for c in position.talon), position.discard, atk, cov, position.leader,
                  position.defender, position.taking, position.passed, position.first_limit,
                  position.known, position.result, position.start_hand, position.shown_used,
                  position.attack_order, position.in_bout)


def to_position(k: KState) -> Position:
    """The reference :class:`Position` of a kernel state (cover owner: the defender)."""
    covers = {x & 63: x >> 6 & 63 for x in k.cov}
    d = k.defender
    by = {x & 63: x >> 12 for x in k.cov} if k.rules.partner_covers else {x & 63: d for x in k.cov}
    table = tuple((CARDS[x & 63], CARDS[covers[x & 63]] if x & 63 in covers else -1, x >> 6,
                   by.get(x & 63, -1)) for x in k.atk)
    return Position._make(k.rules, k.trump, k.trump_card, tuple(k.hands), tuple(CARDS[c] for c in k.talon),
                          k.discard, table, k.leader, d, k.taking, k.passed, k.first_limit,
                          k.start_hand, k.order, tuple(k.known), k.shown, False, k.in_bout, k.result)


def kernel_move(move: Move) -> int:
    """The kernel int of a reference move.

    >>> kernel_move(Move.parse("P2 cover 7♦ with 10♦"))
    6370
    >>> to_move(6370)
    Move.parse('P2 cover 7♦ with 10♦')
    """
    base = move.seat << 12
    if move.kind == TAKE:
        return base + TAKE_CODE
    if move.kind == PASS:
        return base + PASS_CODE
    if len(move.cards) > 1 and move.kind in (ATTACK, TRANSFER):
        mask = sum(1 << int(c) for c in move.cards)
        return base + (MULTI_ATTACK if move.kind == ATTACK else MULTI_TRANSFER) + (mask << 16)
    if len(move.cards) != 1:
        raise KernelUnsupported(f"the kernel has no move {move}")
    c = int(move.cards[0])
    if move.kind == ATTACK:
        return base + c
    if move.kind == COVER and move.target is not None:
        return base + COVER_BASE + (int(move.target) << 6) + c
    if move.kind == TRANSFER:
        return base + TRANSFER_BASE + c
    if move.kind == SHOW:
        return base + SHOW_BASE + c
    raise KernelUnsupported(f"the kernel has no move {move}")


def to_move(k: int) -> Move:
    """The reference :class:`Move` of a kernel int."""
    s, code = k >> 12 & 15, k & 4095
    if code == MULTI_ATTACK or code == MULTI_TRANSFER:
        cards = tuple(CARDS[c] for c in range(52) if k >> 16 >> c & 1)
        return Move(ATTACK if code == MULTI_ATTACK else TRANSFER, s, cards)
    if code < 64:
        return Move(ATTACK, s, (CARDS[code],))
    if code >= COVER_BASE:
        return Move(COVER, s, (CARDS[code & 63],), CARDS[(code - COVER_BASE) >> 6])
    if code == TAKE_CODE:
        return Move(TAKE, s)
    if code == PASS_CODE:
        return Move(PASS, s)
    if code >= SHOW_BASE:
        return Move(SHOW, s, (CARDS[code - SHOW_BASE],))
    return Move(TRANSFER, s, (CARDS[code - TRANSFER_BASE],))


# ---------------------------------------------------------------------- one step at a time
def _state(x: Union[KState, Position]) -> KState:
    return kernel_state(x) if isinstance(x, Position) else x


def legal_moves(k: KState) -> list:
    """The legal moves of the seat to act, as kernel ints, in the order of ``sequential_moves``."""
    return run(check_rules(k.rules), k, 0, None, None, None)[1]


def to_act(k: KState) -> Optional[int]:
    """The seat to act (as :meth:`Position.to_act`), None when the game is over."""
    moves = legal_moves(k)
    return moves[0] >> 12 & 15 if moves else None


def play_events(k: KState, move: int) -> tuple:
    """The state after ``move`` (one of :func:`legal_moves`) and the events that followed it
    (see :func:`durak_lab.engine.kernel.loop.run`)."""
    events: list = []
    f, _, steps = run(check_rules(k.rules), k, 1, int(move), None, events)
    if steps != 1:
        raise _illegal(k, move)
    return from_fields(f), events


def _illegal(k: KState, move: int) -> IllegalMoveError:
    """Why ``move`` cannot be played in ``k``, in the reference engine's words."""
    p = to_position(k)
    if p.result is not None:
        return IllegalMoveError(Reason.GAME_OVER, "the game is over", facts={})
    m = to_move(move)
    err = p.why_illegal(m) if m.seat < p.players else None
    if err is None:
        t = p.to_act()
        assert t is not None  # the game goes on
        err = IllegalMoveError(Reason.NOT_YOUR_TURN, f"it is P{t + 1}'s turn, not P{m.seat + 1}'s", m,
                               facts={"case": "turn", "seat": m.seat, "turn": t})
    return err


def play(k: KState, move: int) -> KState:
    """The state after ``move``, one of :func:`legal_moves`; another move raises the reference
    engine's :class:`IllegalMoveError` (``k`` itself never changes: it is a tuple).

    >>> k = deal(Rules.preset("podkidnoy"), 1)
    >>> play(k, kernel_move(Move.parse("P2 take")))
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.IllegalMoveError: P2 take: there is no uncovered card: nothing to take
    """
    return play_events(k, move)[0]


# ---------------------------------------------------------------------- dealing and playouts
_DECKS: dict = {}
_BIT = tuple(1 << c for c in range(52))


def _deal_fields(rules: Rules, rng: random.Random) -> tuple:
    """The first state of a game dealt exactly as :meth:`Position.deal` deals it with ``rng``."""
    low = rules.lowest_rank
    ids = _DECKS.get(low)
    if ids is None:
        m = deck_mask(low)
        ids = _DECKS[low] = [c for c in range(52) if m >> c & 1]
    deck = list(ids)
    if _FAST_SHUFFLE and type(rng) is random.Random:
        _shuffle(deck, rng.getrandbits)
    else:
        rng.shuffle(deck)
    n, h = rules.players, rules.hand_size
    nh = n * h
    known = [0] * n
    if nh < len(deck):
        tc = deck[nh]
        rest = deck[:nh] + deck[nh + 1:]
        talon = tuple(rest[nh:]) + (tc,)
        trump = tc // 13
    else:
        tc = -1
        rest = deck
        talon = ()
        trump = rest[nh - 1] // 13
        known[n - 1] = 1 << rest[nh - 1]
    hands = [sum(map(_BIT.__getitem__, rest[i * h:(i + 1) * h])) for i in range(n)]
    allh = sum(hands)
    t = allh & SUIT_MASKS[trump]
    leader = 0
    if t:
        lowc = t & -t
        for i in range(n):
            if hands[i] & lowc:
                leader = i
                break
        if rules.show_lowest_trump:
            known[leader] |= lowc
    teams = rules.teams
    d = -1
    for i in range(1, n):
        s = (leader + i) % n
        if not teams or s % teams != leader % teams:
            d = s
            break
    return (rules, trump, tc, hands, talon, 0, (), (), leader, d, False, 0,
            bool(rules.first_bout_limit), known, None, hands[d].bit_count(), 0, (),
            (1 << n) - 1 if rules.tie is Tie.ALL_DURAK else 0)


_BITLEN = tuple(i.bit_length() for i in range(64))


def _shuffle(x: list, getrandbits) -> None:
    """``random.Random.shuffle`` of this Python, written out (the same permutation, without a method
    call per card); :data:`_FAST_SHUFFLE` says whether it was found to agree when the module loaded."""
    bl = _BITLEN
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bl[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _shuffle_agrees() -> bool:
    for seed in range(5):
        a, b = list(range(52)), list(range(52))
        random.Random(seed).shuffle(a)
        _shuffle(b, random.Random(seed).getrandbits)
        if a != b:
            return False
    return True


_FAST_SHUFFLE = _shuffle_agrees()


def deal(rules: Rules, seed: Union[int, random.Random, None] = None) -> KState:
    """A shuffled deal, the same as ``kernel_state(Position.deal(rules, seed))``."""
    check_rules(rules)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return from_fields(_deal_fields(rules, rng))


def _key(c: int, trump: int) -> int:
    return (c // 13 == trump) * 16 + c % 13


def greedy_key(card: int, trump: int) -> int:
    """How dear a card is to the greedy policy: its rank (R11), 16 more for a trump (a joker: 32 more).

    >>> from durak_lab.engine.cards import Card, HEARTS
    >>> greedy_key(Card("A♠"), HEARTS) < greedy_key(Card("6♥"), HEARTS)
    True
    """
    if card >= 52:
        return 48 + rank_of(card)
    return (suit_of(card) == trump) * 16 + rank_of(card) - 2


def greedy(moves: list, trump: int, talon_left: bool, rng: Optional[random.Random]) -> int:
    """A cheap policy: lead and throw in the lowest card, non-trumps first and no trump throw-ins while
    the talon lasts; defend with the cheapest card that beats; otherwise take (or pass).

    >>> to_move(greedy([kernel_move(Move.parse(t)) for t in ("P1 attack 9♥", "P1 attack 7♠")], 1, True, None))
    Move.parse('P1 attack 7♠')
    """
    best = -1
    bk = 99
    fallback = moves[-1]  # take, or pass
    lead = (fallback & 4095) < 64  # the lead lists only attacks
    for m in moves:
        code = m & 4095
        if code < 64:
            k = _key(code, trump)
            if k >= 16 and talon_left and not lead:
                continue  # no trump throw-ins while the talon lasts
        elif code >= COVER_BASE:
            k = _key(code & 63, trump)
        else:
            continue
        if k < bk:
            best, bk = m, k
    return best if best >= 0 else fallback


def playout(start: Union[KState, Position], policy: Union[str, Callable] = "random",
            rng: Optional[random.Random] = None) -> tuple:
    """Play to the end of the game; return the result as the engine gives it (durak seats, () for a draw).

    ``policy``: ``"random"`` (uniform over the legal moves), ``"greedy"`` (:func:`greedy`) or a
    function ``policy(moves, trump, talon_left, rng)`` returning one of the kernel moves.

    >>> k = deal(Rules.preset("perevodnoy", players=3), 5)
    >>> playout(k, "greedy") == playout(to_position(k), "greedy")
    True
    """
    k = _state(start)
    if rng is None:
        rng = random.Random()
    if policy == "random":
        choose = None
    elif policy == "greedy":
        choose = greedy
    elif callable(policy):
        choose = policy
    else:
        raise ValueError(f"policy: {policy!r} is not 'random', 'greedy' or a function")
    cfg = check_rules(k.rules)
    if choose is greedy:  # the loops made for the greedy policy: the same games, faster
        from .rollout import greedy_run  # (it imports this module)

        return greedy_run(cfg, k)[0][RESULT]
    loop = loop_for(cfg)
    if choose is None and loop != LISTING_LOOP:
        return (two_run if loop == TWO_LOOP else random_run)(cfg, k, rng)[0][RESULT]
    return run(cfg, k, -1, choose, rng, None)[0][RESULT]


def random_games(rules: Rules, n: int, seed: Union[int, random.Random] = 0) -> tuple:
    """Deal and play ``n`` uniformly random games from one ``random.Random(seed)``, exactly as
    ``durak-lab bench`` plays them with the reference engine; return ``(actions, results)``.
    Two players: :func:`~durak_lab.engine.kernel.two.deal_two` and
    :func:`~durak_lab.engine.kernel.two.two_run`, made for two.

    >>> actions, results = random_games(Rules.preset("podkidnoy"), 3, seed=1)
    >>> len(results), actions > 30
    (3, True)
    """
    cfg = check_rules(rules)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    actions = 0
    results = []
    loop = loop_for(cfg)
    if loop == TWO_LOOP:  # two players: the deal and the loop made for two
        shuffle = _shuffle if _FAST_SHUFFLE else None
        for _ in range(n):
            f, steps = two_run(cfg, deal_two(rules, rng, shuffle), rng)
            actions += steps
            results.append(f[RESULT])
        return actions, results
    for _ in range(n):
        if loop != LISTING_LOOP:
            f, steps = random_run(cfg, _deal_fields(rules, rng), rng)
        else:  # the bout-start and unlimited hand limits, seen ranks after a take …: the listing loop
            f, _, steps = run(cfg, _deal_fields(rules, rng), -1, None, rng, None)
        actions += steps
        results.append(f[RESULT])
    return actions, results
