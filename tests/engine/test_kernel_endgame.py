"""The kernel's endgame model (the solver's rules) plays the same endgames as the kernel and the engine.

Seeded random two-player games of every preset the exact solver plays (and the
rule variants its tests use) are played with the reference engine until the
talon is empty; from then on, at every step (the leads, the covers and
transfers in the middle of a bout, the throw-ins after a take, R10-R24), the
endgame model's moves (:func:`~durak_lab.engine.kernel.endgame.successors`,
as kernel move codes) must be the reference engine's
``Position.sequential_moves()`` and the kernel's ``legal_moves``, and each
successor the state ``Position.play`` and ``kernel.play`` reach (with the
outcome when the game ends: R27-R29).  Where the kernel refuses a preset
(``perevodnoy_show``, ``doker``: transfer by showing a trump, R24) the model
is compared with the reference engine alone.  The ``doker`` preset's take of the
unbeaten cards (R18) and forced take (R15) are the reference engine's alone: its
jokers are compared with those two options off.  The orders may differ (the model
lists covers by attack card, the kernel by table order): the moves are
compared as sets, with no move listed twice.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.kernel import core as K
from durak_lab.engine.cards import deck_mask
from durak_lab.engine.errors import SolverDomainError
from durak_lab.engine.kernel.endgame import (SHOW_BASE, endgame_config, endgame_model, move_parts,
                                             successors)
from durak_lab.engine.kernel.loop import TAKE_CODE
from durak_lab.engine.moves import Move
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.analysis.solver.model import check_domain, in_domain

#: The presets the solver plays (two players), and rule variants of its tests (R10-R24).
SOLVER_PRESETS = ["podkidnoy", "classic", "perevodnoy", "perevodnoy_show", "neighbours", "by_turns", "simple",
                  "finnish", "he_hand"]
#: doker's jokers (R1) without its take of the unbeaten cards (R18) and its forced take (R15)
DOKER_JOKERS = {"take_unbeaten": False, "forced_take": False}
VARIANTS = [("podkidnoy", {"attack_limit": 2}), ("podkidnoy", {"after_take": "none"}),
            ("podkidnoy", {"after_take": "seen_ranks"}), ("podkidnoy", {"throw_in": "none"}),
            ("podkidnoy", {"first_bout_limit": 2, "first_bout_carry": True}), ("classic", {"deck": 24}),
            ("podkidnoy", {"lead": None}), ("perevodnoy", {"after_take": "none"}),
            ("perevodnoy", {"hand_limit": "bout_start"}), ("perevodnoy", {"first_bout_limit": 2}),
            ("perevodnoy", {"lead": 2}), ("perevodnoy", {"attack_limit": 3, "after_take": "seen_ranks"}),
            ("perevodnoy_show", {"lead": 2}), ("perevodnoy_show", {"hand_size": 3}), ("doker", DOKER_JOKERS)]
CASES = [(name, {}) for name in SOLVER_PRESETS] + VARIANTS
IDS = [name + "".join(f"-{k}={v}" for k, v in ch.items()) for name, ch in CASES]
GAMES = 25


def engine_state(p: Position) -> tuple:
    """A reference position in the model's terms: (attacker hand, defender hand, table, uncovered,
    taking, first-bout flag | shown trumps << 1)."""
    unc = 0
    for a, c, _, _ in p.table:
        if c < 0:
            unc |= 1 << a
    d = p.defender
    return (p.hands[1 - d], p.hands[d], p.table_cards(), unc, 1 if p.taking else 0,
            (1 if p.first_limit else 0) | p.shown_used << 1)


def engine_successor(child: Position, attacker: int):
    """The model's successor for a reference position reached by a move of the bout ``attacker`` led."""
    if child.result is not None:
        return 0 if not child.result else (-1 if attacker in child.result else 1)
    return engine_state(child) + ((1 - child.defender) != attacker,)


def kernel_successor(k: K.KState, attacker: int):
    """The model's successor for a kernel state reached by a move of the bout ``attacker`` led."""
    if k.result is not None:
        return 0 if not k.result else (-1 if attacker in k.result else 1)
    d = k.defender
    covered = {x & 63 for x in k.cov}
    tbl = unc = 0
    for x in k.atk:
        tbl |= 1 << (x & 63)
        if x & 63 not in covered:
            unc |= 1 << (x & 63)
    for x in k.cov:
        tbl |= 1 << (x >> 6)
    return (k.hands[1 - d], k.hands[d], tbl, unc, 1 if k.taking else 0,
            (1 if k.first_limit else 0) | k.shown << 1, (1 - d) != attacker)


def endgame_of(rules: Rules, seed: int):
    """Game ``seed`` played at random by the reference engine until the talon is empty, and its rng."""
    rng = random.Random(seed)
    p = Position.deal(rules, rng)
    while p.result is None and (p.talon or p.swap_open):
        moves = p.sequential_moves()
        p = p.play_unchecked(moves[rng.randrange(len(moves))])
    return p, rng


def check_step(p: Position, kernel_plays: bool) -> tuple:
    """Compare the model, the engine (and the kernel) at ``p``; return (the engine's moves, the model's)."""
    m = endgame_model(p.rules, p.trump)
    attacker = 1 - p.defender
    state = engine_state(p)
    model = list(successors(m, state, attacker))
    a, d, tbl, unc, tk, x = state
    if unc and not tk:  # the defender may take: the short way gives settle's successor (R15, R18)
        took = m.take(a, d, tbl, unc, x)
        assert took == m.settle(a, d, tbl, unc, 1, x) == dict(model)[((1 - attacker) << 12) + TAKE_CODE], f"{p}"
    found = dict(model)
    assert len(found) == len(model), f"a move listed twice: {p}"
    ref = p.sequential_moves()
    codes = [K.kernel_move(mv) for mv in ref]
    assert set(found) == set(codes) and len(codes) == len(found), (
        f"{p}\nengine {[str(mv) for mv in ref]}\nmodel {[str(K.to_move(c)) for c in found]}")
    for mv, code in zip(ref, codes):
        assert found[code] == engine_successor(p.play(mv, sequential=True), attacker), f"{p}\nafter {mv}"
    if kernel_plays:
        k = K.kernel_state(p)
        km = K.legal_moves(k)
        assert sorted(km) == sorted(found), f"{p}\nkernel {[str(K.to_move(c)) for c in km]}"
        for code in km:
            assert found[code] == kernel_successor(K.play(k, code), attacker), f"{p}\nafter {K.to_move(code)}"
    return ref, model


def kernel_plays(rules: Rules) -> bool:
    try:
        K.check_rules(rules)
    except K.KernelUnsupported:
        assert rules.transfer_by_show  # the only option of these presets the kernel lacks first
        return False
    return True


def play_through(p: Position, rng: random.Random, kernel: bool, counts: dict) -> None:
    """Compare at every step of a random game from ``p`` to its end (or a joker in play)."""
    for _ in range(300):  # random perevodnoy play may go round for a while
        if p.result is not None:
            return
        if not in_domain(p):  # doker: a joker still in play (R1), outside the model's 52 cards
            with pytest.raises(SolverDomainError, match="joker"):
                check_domain(p)
            return
        ref, model = check_step(p, kernel)
        counts["steps"] += 1
        counts["mid_bout"] += bool(p.table)
        counts["first_bout"] += p.first_limit
        counts["shows"] += sum(1 for code, _ in model if move_parts(code)[0] == "show")
        p = p.play(ref[rng.randrange(len(ref))], sequential=True)


@pytest.mark.parametrize("name,changes", CASES, ids=IDS)
def test_the_endgame_model_plays_the_kernels_and_the_engines_moves(name, changes):
    """Every step after the talon is empty, mid-bout included: same moves, same next states (R10-R29)."""
    rules = Rules.preset(name, players=2, **changes)
    counts = dict.fromkeys(("steps", "mid_bout", "first_bout", "shows"), 0)
    kernel = kernel_plays(rules)
    for seed in range(GAMES):
        p, rng = endgame_of(rules, seed)
        play_through(p, rng, kernel, counts)
    assert counts["steps"] > 4 * GAMES and counts["mid_bout"] > counts["steps"] // 3, counts
    if rules.transfer_by_show and name != "doker":
        assert counts["shows"] > 0  # the show (R24) was met and compared


@pytest.mark.parametrize("name,changes", CASES, ids=IDS)
def test_the_endgame_model_agrees_on_endgames_dealt_in_the_first_bout(name, changes):
    """Endgames dealt with an empty talon, 1-7 cards a hand, in the first bout half the time: the
    first-bout limit and its carry after a take (R14) are met too."""
    rules = Rules.preset(name, players=2, **changes)
    counts = dict.fromkeys(("steps", "mid_bout", "first_bout", "shows"), 0)
    kernel = kernel_plays(rules)
    rng = random.Random(name + repr(changes))
    deck = [c for c in range(52) if deck_mask(rules.lowest_rank) >> c & 1]
    for g in range(GAMES):
        rng.shuffle(deck)
        n, m = rng.randint(1, 7), rng.randint(1, 7)
        hands = [sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:n + m])]
        p = Position.start(rules, hands=hands, trump="♠♥♦♣"[rng.randrange(4)], discard="rest",
                           attacker=rng.randrange(2), first_bout=g % 2 == 0)
        play_through(p, rng, kernel, counts)
    assert counts["steps"] > 2 * GAMES and counts["mid_bout"] > counts["steps"] // 3, counts
    if rules.first_bout_limit is not None:
        assert counts["first_bout"] > GAMES // 2, counts


def test_the_kernel_names_a_show_by_its_code():
    """A show (R24) is ``SHOW_BASE + card``, both ways, and the model lists it for a perevodnoy_show defender."""
    assert K.kernel_move(Move.parse("P2 show 9♦")) == 1 << 12 | SHOW_BASE + int(Move.parse("P2 show 9♦").cards[0])
    assert K.to_move(K.kernel_move(Move.parse("P2 show 9♦"))) == Move.parse("P2 show 9♦")
    p = Position.start(Rules.preset("perevodnoy_show", players=2), ["9♥ 10♥ J♥", "9♦ 7♣"], trump="♦",
                       discard="rest", attacker=0, first_bout=False).play("P1 attack 9♥")
    moves = [str(K.to_move(c)) for c, _ in successors(endgame_model(p.rules, p.trump), engine_state(p), 0)]
    assert moves == ["P2 cover 9♥ with 9♦", "P2 transfer 9♦", "P2 show 9♦", "P2 take"]
    assert sorted(moves) == sorted(str(mv) for mv in p.sequential_moves())


def test_the_endgame_config_is_the_kernels_and_refuses_what_it_cannot_play():
    """The configuration is check_rules' tuple (plus the show flag); other players, the unlimited hand
    (R13) and pushing durak (R12) raise KernelUnsupported naming the option."""
    rules = Rules.preset("he_hand", players=2)
    assert endgame_config(rules) == (K.check_rules(rules), False)
    assert endgame_config(Rules.preset("doker", players=2, **DOKER_JOKERS))[1] is True
    for option in DOKER_JOKERS:  # doker's house rules of a take (R15, R18)
        with pytest.raises(K.KernelUnsupported, match=option):
            endgame_config(Rules.preset("doker", players=2, **{k: k == option for k in DOKER_JOKERS}))
    with pytest.raises(K.KernelUnsupported, match="two players"):
        endgame_config(Rules.preset("podkidnoy", players=3))
    with pytest.raises(K.KernelUnsupported, match="hand_limit='none'"):
        endgame_config(Rules.preset("unlimited", players=2))
    with pytest.raises(K.KernelUnsupported, match="pushing"):
        endgame_config(Rules.preset("pushing", players=2))
