"""The exact endgame solver (durak_lab.analysis.solver) against a plain oracle written over the engine.

The oracle (tests/solver_oracle.py) is a retrograde analysis over every position
reachable from the root through ``Position.sequential_moves()`` and
``play_unchecked()``; see its docstring.  Besides agreeing with it on thousands
of random small endgames of many rule variants, the solver's fast model is
checked move by move against the engine on whole random games.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from durak_lab.engine.cards import CardSet, deck_mask
from durak_lab.engine.errors import DurakError, SolverDomainError
from durak_lab.engine.moves import Move
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import (DRAW, LOSS, MAX_TABLE, WIN, SearchLimitExceeded, Solver, check_domain, in_domain,
                              solve, solve_value, transitions, value_for)
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position
from solver_oracle import Oracle, deal, minimax, rule_key, score

# ---------------------------------------------------------------- positions

PODKIDNOY_LIKE = [("podkidnoy", {}), ("classic", {}), ("by_turns", {}), ("neighbours", {}), ("simple", {}),
                  ("he_hand", {}), ("podkidnoy", {"attack_limit": 2}), ("podkidnoy", {"after_take": "none"}),
                  ("podkidnoy", {"after_take": "seen_ranks"}), ("podkidnoy", {"throw_in": "none"}),
                  ("podkidnoy", {"first_bout_limit": 2, "first_bout_carry": True}),
                  ("classic", {"deck": 24}), ("podkidnoy", {"lead": None})]
PEREVODNOY_LIKE = [("perevodnoy", {}), ("perevodnoy_show", {}), ("finnish", {}),
                   ("perevodnoy", {"after_take": "none"}), ("perevodnoy", {"hand_limit": "bout_start"}),
                   ("perevodnoy", {"first_bout_limit": 2}), ("perevodnoy", {"lead": 2}),
                   ("perevodnoy", {"attack_limit": 3, "after_take": "seen_ranks"})]


@st.composite
def endgames(draw, variants):
    """A two-player empty-talon position: a deal of 1–4 cards each (1–3 where moves multiply),
    then up to 3 random moves, sequential or free protocol (so mid-bout positions too)."""
    preset, changes = draw(st.sampled_from(variants))
    rules = Rules.preset(preset, players=2, **changes)
    rng = draw(st.randoms(use_true_random=False))
    top = 3 if rules.transfer_by_show or rules.lead != 1 else 4
    n, m = draw(st.integers(1, top)), draw(st.integers(1, top))
    p = deal(rules, n, m, rng, first_bout=draw(st.booleans()))
    for _ in range(draw(st.integers(0, 3))):
        if p.result is not None:
            break
        moves = p.sequential_moves() if draw(st.booleans()) else p.legal_moves()
        p = p.play_unchecked(moves[rng.randrange(len(moves))])
    assume(p.result is None and in_domain(p))
    return p


def check_against_oracle(p: Position, sample: random.Random) -> None:
    try:
        oracle = Oracle(p)
    except OverflowError:
        assume(False)
    for tables in (True, False):  # with the endgame tables, and the search alone
        check_solver_against_oracle(p, oracle, Solver(tables=tables), sample)


def check_solver_against_oracle(p: Position, oracle: Oracle, solver: Solver, sample: random.Random) -> None:
    # the root: value, every move's value, the best moves, a line that ends as promised
    s = solver.solve(p)
    assert s.value == oracle.values[0]
    assert [(str(m), v) for m, v in s.move_values] == [(str(m), v) for m, v in oracle.move_values()]
    assert set(s.best_moves) == {m for m, v in oracle.move_values() if v == s.value}
    q = p
    for mv in s.pv:
        q = q.play(mv, sequential=True)
    if s.pv_repeats:
        assert s.value == DRAW and q.result is None
    else:
        assert q.result is not None and score(q.result, s.seat) == s.value
    # many more endgames: positions reachable from the root, mid-bout ones included
    picks = sample.sample(range(1, len(oracle.positions)), min(12, len(oracle.positions) - 1))
    for j in picks:
        assert solver.value(oracle.positions[j]) == oracle.values[j], oracle.positions[j]


# ---------------------------------------------------------------- agreement with the oracle


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(endgames(PODKIDNOY_LIKE), st.randoms(use_true_random=False))
def test_agrees_with_the_oracle_podkidnoy_variants(p, sample):
    check_against_oracle(p, sample)


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(endgames(PEREVODNOY_LIKE), st.randoms(use_true_random=False))
def test_agrees_with_the_oracle_perevodnoy_variants(p, sample):
    check_against_oracle(p, sample)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(["podkidnoy", "perevodnoy"]), st.integers(1, 4), st.integers(1, 4),
       st.randoms(use_true_random=False))
def test_agrees_with_plain_minimax_and_the_oracle(preset, n, m, rng):
    """Plain minimax over sequential_moves()/play_unchecked(), at the root and after every move."""
    if preset == "perevodnoy":  # minimax without memory: few cards
        n, m = min(n, 3), min(m, 2)
    p = deal(Rules.preset(preset, players=2), n, m, rng, first_bout=False)
    oracle = Oracle(p)
    solver = Solver(tables=rng.random() < 0.5)
    assert solver.value(p) == minimax(p) == oracle.values[0]
    for mv, v in solver.move_values(p):
        child = p.play_unchecked(mv)
        if child.result is None:
            mm = minimax(child) if child.to_act() == p.to_act() else -minimax(child)
            assert v == mm


def test_agrees_with_the_oracle_on_a_thousand_seeded_endgames():
    """Plain podkidnoy and perevodnoy, 1–4 cards each, values at the root and along the way."""
    rng = random.Random(2024)
    compared = 0
    for i in range(1000):
        rules = Rules.preset("podkidnoy" if i % 2 else "perevodnoy", players=2)
        top = 4 if i % 2 else 3
        p = deal(rules, rng.randint(1, top), rng.randint(1, top), rng, first_bout=False)
        oracle = Oracle(p)
        solver = Solver(tables=i % 4 < 2)  # each preset with the endgame tables and without
        for j in [0] + rng.sample(range(len(oracle.positions)), min(2, len(oracle.positions))):
            assert solver.value(oracle.positions[j]) == oracle.values[j]
            compared += 1
    assert compared > 2000


# ---------------------------------------------------------------- the fast model is the engine


def engine_successor(child: Position, attacker: int) -> object:
    """An engine position in the fast model's terms, relative to the bout that was played."""
    if child.result is not None:
        if not child.result:
            return 0
        return -1 if attacker in child.result else 1
    unc = 0
    for a, c, _, _ in child.table:
        if c < 0:
            unc |= 1 << a
    d = child.defender
    x = (1 if child.first_limit else 0) | child.shown_used << 1
    return (child.hands[1 - d], child.hands[d], child.table_cards(), unc, 1 if child.taking else 0, x,
            (1 - d) != attacker)


def fast_move(m: Move) -> tuple:
    mask = sum(1 << c for c in m.cards)
    if m.kind == "cover":
        return "cover", (1 << m.target, mask)
    if m.kind in ("take", "pass"):
        return m.kind, 0
    return m.kind, mask


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PODKIDNOY_LIKE + PEREVODNOY_LIKE), st.integers(2, 7), st.integers(2, 7),
       st.randoms(use_true_random=False))
def test_fast_model_moves_and_successors_are_the_engines(variant, n, m, rng):
    """Move by move through whole random games: the same moves, the same next positions."""
    preset, changes = variant
    rules = Rules.preset(preset, players=2, **changes)
    p = deal(rules, n, m, rng, first_bout=rng.random() < 0.5)
    steps = 0
    for _ in range(500):  # random perevodnoy play may go round for a while
        if p.result is not None:
            break
        attacker = 1 - p.defender
        fast = {(kind, cards): succ for kind, cards, succ in transitions(p)}
        engine = {fast_move(mv): engine_successor(p.play_unchecked(mv), attacker) for mv in p.sequential_moves()}
        assert fast == engine, str(p)
        steps += 1
        mvs = p.sequential_moves()
        p = p.play_unchecked(mvs[rng.randrange(len(mvs))])
    assert steps >= 2


# ---------------------------------------------------------------- values, moves, lines


def start(preset: str, hands: list, trump: str, attacker: int, **changes) -> Position:
    return Position.start(Rules.preset(preset, players=2, **changes), hands, trump=trump, discard="rest",
                          attacker=attacker, first_bout=False)


def test_last_card_led_and_covered_with_the_last_card_is_a_draw():
    p = start("podkidnoy", ["7♦", "8♦"], "♠", 0)
    s = solve(p)
    assert (s.value, s.result, s.pv_text()) == (DRAW, "draw", "P1 attack 7♦; P2 cover 7♦ with 8♦")
    assert s.position is p and s.seat == 0


def test_the_value_is_for_the_seat_asked():
    p = start("podkidnoy", ["6♦ 10♦ 10♣", "8♥ 7♦"], "♠", 1)
    assert solve(p).value == WIN and solve(p, seat=0).value == LOSS
    assert solve(p, seat=0).best_moves == solve(p).best_moves
    assert value_for(p, 1) == WIN and value_for(p, 0) == LOSS
    assert solve_value(p) == WIN
    done = p.play("P2 attack 8♥").play("P1 take").play("P2 attack 7♦").play("P1 cover 7♦ with 10♦")
    assert done.result == (0,) and value_for(done, 0) == LOSS and value_for(done, 1) == WIN


def test_every_move_gets_its_value_and_the_worse_ones_are_named():
    p = start("perevodnoy", ["10♠ Q♥ 7♣", "7♠ 6♥ J♥"], "♥", 0)
    s = solve(p)
    assert s.value == WIN
    assert {str(m): v for m, v in s.move_values} == {"P1 attack 10♠": DRAW, "P1 attack Q♥": LOSS,
                                                    "P1 attack 7♣": WIN}
    assert [str(m) for m in s.best_moves] == ["P1 attack 7♣"]
    assert s.value_of("P1 attack Q♥") == LOSS
    with pytest.raises(ValueError):
        s.value_of("P2 take")
    text = s.text()
    assert "P1 to act: win" in text and "P1 attack 10♠ (draw)" in text and "P1 attack Q♥ (loss)" in text


def test_to_dict_is_the_cli_json():
    s = solve(start("podkidnoy", ["6♦ 10♦ 10♣", "8♥ 7♦"], "♠", 1))
    d = json.loads(json.dumps(s.to_dict(), ensure_ascii=False))
    assert d["value"] == 1 and d["best_moves"] == ["P2 attack 8♥"]
    assert d["pv"] == ["P2 attack 8♥", "P1 take", "P2 attack 7♦", "P1 cover 7♦ with 10♦"]
    assert isinstance(d["nodes"], int) and d["nodes"] > 0
    assert d["seat"] == "P2" and d["result"] == "win" and d["moves"]["P2 attack 7♦"] == -1


def test_endless_play_in_perevodnoy_is_a_draw_and_the_line_says_it_repeats():
    p = start("perevodnoy", ["7♠ K♥ K♦ J♣", "K♠ J♥ 7♣"], "♣", 1)
    s = solve(p)
    assert s.value == DRAW and s.pv_repeats
    assert s.pv_text() == ("P2 attack K♠; P1 transfer K♥; P2 cover K♠ with 7♣; P2 take; "
                           "P1 attack K♦; P2 transfer K♥; P1 cover K♦ with J♣; P1 take")
    # the line comes back to where it started, exactly
    assert rule_key(s.pv_positions[-1]) == rule_key(p)
    assert "repeats" in s.text()
    oracle = Oracle(p)
    assert oracle.values[0] == DRAW and oracle.cyclic()


def test_without_transfers_no_position_repeats():
    """The termination argument of the module docstring, checked on small games."""
    rng = random.Random(5)
    for preset in ("podkidnoy", "classic", "he_hand", "simple"):
        for _ in range(25):
            oracle = Oracle(deal(Rules.preset(preset, players=2), rng.randint(2, 4), rng.randint(2, 4), rng,
                                 first_bout=False))
            assert not oracle.cyclic()


def test_a_reused_solver_gives_the_same_answers_as_fresh_ones():
    rng = random.Random(9)
    solver = Solver()
    for i in range(40):
        rules = Rules.preset("perevodnoy" if i % 3 == 0 else "podkidnoy", players=2)
        p = random_endgame(rules, 4, 4, rng)
        assert solver.value(p) == Solver().value(p)
        assert solver.solve(p).move_values == solve(p).move_values


def test_solves_six_plus_six_and_the_line_is_legal():
    rng = random.Random(3)
    for preset in ("podkidnoy", "perevodnoy"):
        for _ in range(3):
            p = random_endgame(Rules.preset(preset, players=2), 6, 6, rng)
            s = solve(p)
            q = p
            for mv in s.pv:
                q = q.play(mv, sequential=True)
            assert s.pv_repeats or score(q.result, s.seat) == s.value


def test_node_limit_raises_and_the_solver_stays_usable():
    p = start("podkidnoy", ["6♥ 7♥ 8♥ 9♥ 10♣", "6♠ 7♠ 8♠ 9♠ J♣"], "♦", 0)
    solver = Solver(max_nodes=5)
    with pytest.raises(SearchLimitExceeded, match="more than 5 positions"):
        solver.solve(p)
    assert isinstance(SearchLimitExceeded("x"), DurakError)
    solver.max_nodes = None
    assert solver.solve(p).move_values == solve(p).move_values


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_a_bounded_table_is_thinned_out_when_full_and_the_answers_stay_exact(monkeypatch, preset):
    import durak_lab.analysis.solver.search as search_module

    monkeypatch.setattr(search_module, "_CHECK_EVERY", 64)  # look at the table's size often
    rng = random.Random(11)
    rules = Rules.preset(preset, players=2)
    flushed = 0
    for _ in range(6):
        p = random_endgame(rules, 6, 6, rng)
        free = Solver(max_table=None)
        tight = Solver(max_table=50)
        assert tight.solve(p).move_values == free.solve(p).move_values
        assert free.flushes == 0
        flushed += tight.flushes
        # the bound holds, give or take the positions searched between two looks
        assert tight.table_size <= 50 + 64 * 2
    assert flushed > 0
    with pytest.raises(ValueError, match="max_table must be at least 1"):
        Solver(max_table=0)


def test_the_default_table_bound_leaves_ordinary_searches_alone():
    p = random_endgame(Rules.preset("podkidnoy", players=2), 6, 6, random.Random(5))
    solver = Solver()
    s = solver.solve(p)
    assert solver.flushes == 0 and 0 < solver.table_size <= s.nodes
    assert solver.max_table == MAX_TABLE


def test_a_finished_solver_frees_its_tables_without_waiting_for_the_garbage_collector():
    import gc

    p = random_endgame(Rules.preset("podkidnoy", players=2), 5, 5, random.Random(2))
    solver = Solver()
    solver.solve(p)
    (search,) = solver._searches.values()
    tt, memo = search.tt, search.memo
    assert tt and memo
    enabled = gc.isenabled()
    gc.disable()
    try:
        del solver, search  # the search closures still refer to themselves: only a cycle is left
        assert not tt and not memo
    finally:
        if enabled:
            gc.enable()
    assert solve(p).move_values  # and the module function, which makes its own solver, still works


# ---------------------------------------------------------------- the domain


def test_domain_errors_say_why():
    deal4 = Position.deal(Rules.preset("podkidnoy", players=4), seed=1)
    cases = [
        (deal4, "two players"),
        (Position.start(Rules.preset("podkidnoy", players=3), ["7♦", "8♦", "9♦"], trump="♠", discard="rest",
                        attacker=0), "held by 3 of the 3 players"),
        (Position.deal(Rules.preset("podkidnoy", players=2), seed=1), "talon still holds 24 cards"),
        (start("podkidnoy", ["7♦", "8♦"], "♠", 0, tie="all_durak"), "tie='all_durak'"),
        (start("unlimited", ["7♦", "8♦"], "♠", 0), "hand_limit='none'"),
        (start("podkidnoy", ["7♦", "8♦"], "♠", 0).play("P1 attack 7♦").play("P2 cover 7♦ with 8♦"),
         "the game is over"),
    ]
    for p, words in cases:
        with pytest.raises(SolverDomainError, match=words.replace("(", r"\(")) as info:
            solve(p)
        assert isinstance(info.value, ValueError) and isinstance(info.value, DurakError)
        assert not in_domain(p)
        with pytest.raises(SolverDomainError):
            check_domain(p)
        with pytest.raises(SolverDomainError):
            transitions(p)


def test_a_hand_written_position_breaking_the_hand_limit_is_refused():
    text = ("rules=podkidnoy,players=2 trump=♠ card=- hands=7♣|8♦ talon=- discard=" +
            ".".join(str(c) for c in CardSet(deck_mask(6)) if str(c) not in ("7♣", "8♦", "9♦", "10♦")) +
            " table=9♦@P1,10♦@P1 lead=P1 def=P2")
    p = Position.parse(text)
    with pytest.raises(SolverDomainError, match="hand limit"):
        solve(p)



@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "perevodnoy_show"])
def test_the_bout_value_of_a_kernel_state_is_the_solvers_value(preset):
    """Solver.bout_value (the bots' searches ask it of lean-kernel states) gives each seat the value
    the solver gives it of the same position; outside a bout start with nothing hidden it refuses."""
    from durak_lab.engine.kernel import kernel_state
    rng = random.Random(f"bout value {preset}")
    solver = Solver()
    for _ in range(30):
        p = random_endgame(Rules.preset(preset, players=2), rng.randint(1, 5), rng.randint(1, 5), rng)
        k = kernel_state(p)
        for seat in (0, 1):
            assert solver.bout_value(k, seat) == Solver().value_for(p, seat)
    inside = start("podkidnoy", ["7♦ 9♣", "8♦ 6♥"], "♠", 0).play("P1 attack 7♦")
    for p, words in ((inside, "start of a bout"), (Position.deal(Rules.preset("podkidnoy", players=2), seed=1),
                                                   "empty talon"),
                     (Position.deal(Rules.preset("podkidnoy", players=3), seed=1), "two players")):
        with pytest.raises(SolverDomainError, match=words):
            solver.bout_value(kernel_state(p), 0)
    big = start("podkidnoy", ["6♥ 7♥ 8♥ 9♥ 10♣", "6♠ 7♠ 8♠ 9♠ J♣"], "♦", 0)
    with pytest.raises(SearchLimitExceeded, match="more than 3 positions"):
        Solver(tables=False).bout_value(kernel_state(big), 0, max_nodes=3)
