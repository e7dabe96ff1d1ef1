"""A known talon solved through the draws (durak_lab.analysis.solver.talon), the one entry point for
exact values (durak_lab.analysis.solver.exact) and what a seat's view determines.

The search through the draws is compared with a retrograde analysis over reference-engine positions
(tests/solver_oracle.py, positions told apart by their talon too): two players, 2–4 cards a hand, one
to three cards in the talon (the last the face-up trump card), hands of 2, 3, 4 or 6 (so the talon
lasts one bout or several, R19), in podkidnoy, classic and perevodnoy, every seat, at the root and at
positions reached from it (inside bouts too).
"""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.solver import (EXACT_NODES, SearchLimitExceeded, Solver, TalonSearch, check_exact_domain,
                                       exact_move_values, exact_value, known_to, position_of_view, talon_move_values,
                                       talon_value)
from durak_lab.engine.cards import cards_of, deck_mask
from durak_lab.engine.errors import SolverDomainError
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from solver_oracle import Oracle, score, talon_key


def deal_talon(rules: Rules, n: int, m: int, t: int, rng: random.Random) -> Position:
    """Hands of ``n`` and ``m`` cards, a talon of ``t`` (its last card the face-up trump card), the rest
    discarded."""
    deck = cards_of(deck_mask(rules.lowest_rank))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:n + m])]
    talon = deck[n + m:n + m + t]
    return Position.start(rules, hands=hands, talon=talon, trump_card=talon[-1], discard="rest",
                          attacker=rng.randrange(2), first_bout=rng.random() < 0.3)


def oracle_value(oracle: Oracle, j: int, seat: int) -> int:
    return oracle.values[j] if oracle.positions[j].to_act() == seat else -oracle.values[j]


CASES = [("podkidnoy", 4, 4, 3), ("classic", 4, 4, 3), ("perevodnoy", 3, 3, 2)]


@pytest.mark.parametrize("preset,top,top_m,top_t", CASES)
def test_talon_values_agree_with_retrograde_analysis(preset, top, top_m, top_t):
    rng = random.Random(f"talon {preset}")
    checked = 0
    while checked < 20:
        rules = Rules.preset(preset, players=2, hand_size=rng.choice([2, 3, 4, 6]))
        p = deal_talon(rules, rng.randint(2, top), rng.randint(2, top_m), rng.randint(1, top_t), rng)
        try:
            oracle = Oracle(p, limit=6000, key=talon_key)
        except OverflowError:
            continue
        checked += 1
        solver = Solver(tables=rng.random() < 0.5)
        search = TalonSearch(rules, solver)
        for seat in (0, 1):
            assert talon_value(p, seat, solver) == exact_value(p, seat) == oracle_value(oracle, 0, seat)
            want = [(str(m), v if p.to_act() == seat else -v) for m, v in oracle.move_values()]
            assert [(str(m), v) for m, v in talon_move_values(p, seat, solver)] == want
            assert [(str(m), v) for m, v in exact_move_values(p, seat)] == want
        for j in rng.sample(range(len(oracle.positions)), min(20, len(oracle.positions))):
            q = oracle.positions[j]
            for seat in (0, 1):
                got = search.value(q, seat) if q.talon else solver.value_for(q, seat)
                assert got == oracle_value(oracle, j, seat), (q, seat)


def test_talon_values_agree_through_several_draws_and_transfers_by_showing():
    """Hands of two: the talon lasts several bouts; the trump shown to transfer (R24) is remembered."""
    rng = random.Random("small hands")
    checked = 0
    while checked < 6:
        preset = ("podkidnoy", "perevodnoy_show", "by_turns")[checked % 3]
        rules = Rules.preset(preset, players=2, hand_size=2)
        p = deal_talon(rules, 2, 2, rng.randint(2, 4), rng)
        try:
            oracle = Oracle(p, limit=6000, key=talon_key)
        except OverflowError:
            continue
        checked += 1
        for seat in (0, 1):
            assert exact_value(p, seat) == oracle_value(oracle, 0, seat)
            want = [(str(m), v if p.to_act() == seat else -v) for m, v in oracle.move_values()]
            assert [(str(m), v) for m, v in exact_move_values(p, seat)] == want


def test_a_search_past_its_budget_raises_or_gives_none():
    p = deal_talon(Rules.preset("podkidnoy", players=2), 6, 6, 6, random.Random(3))
    with pytest.raises(SearchLimitExceeded, match="more than 50 positions"):
        talon_value(p, 0, max_nodes=50)
    assert exact_move_values(p, 0, max_nodes=50) is None and exact_value(p, 1, max_nodes=50) is None
    big = random_endgame(Rules.preset("podkidnoy", players=2), 8, 8, random.Random(4))
    solver = Solver(tables=False)
    assert exact_move_values(big, 0, max_nodes=10, solver=solver) is None
    assert solver.nodes <= 10 + 1  # the budget bounds every probe together


def test_exact_values_where_reachable_and_none_elsewhere():
    rng = random.Random(5)
    p = random_endgame(Rules.preset("perevodnoy", players=2), 4, 4, rng)
    assert exact_move_values(p, 1) == Solver().move_values(p, 1)
    assert exact_value(p, 0) == Solver().value_for(p, 0)
    three = Position.start(Rules.preset("podkidnoy", players=3), ["10♥ K♦", "", "Q♠ 8♦"], trump="♦",
                           discard="rest", attacker=2, first_bout=False)
    assert exact_move_values(three, 2) == Solver().move_values(three, 2)
    # outside: more than two with cards, a talon at a bigger table, rules outside, the game over
    for q, words in ((Position.start(Rules.preset("podkidnoy", players=3), ["7♦", "8♦", "9♦"], trump="♠",
                                     discard="rest", attacker=0), "held by 3 of the 3"),
                     (Position.deal(Rules.preset("podkidnoy", players=4), seed=1), "while the talon lasts"),
                     (deal_talon(Rules.preset("podkidnoy", players=2, tie="all_durak"), 2, 2, 1, rng), "all_durak"),
                     (deal_talon(Rules.preset("unlimited", players=2), 2, 2, 1, rng), "hand_limit"),
                     (deal_talon(Rules.preset("podkidnoy", players=2, draw_order="defender_first"), 2, 2, 1, rng),
                      "defender_first")):
        with pytest.raises(SolverDomainError, match=words):
            check_exact_domain(q)
        assert exact_move_values(q, 0) is None and exact_value(q, 0) is None
    over = Position.start(Rules(players=2), ["7♦", "8♦"], trump="♠", discard="rest", attacker=0,
                          first_bout=False).play("P1 attack 7♦").play("P2 take")
    assert exact_move_values(over, 0) is None and exact_value(over, 0) == score(over.result, 0) == 1
    assert EXACT_NODES > 0


# ---------------------------------------------------------------- what a seat knows

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_view_that_determines_the_position_rebuilds_it(players):
    """Along random games: known_to at every seat iff nothing is hidden from it; the rebuilt position is
    the position itself; the exact values are found from the view wherever they are reachable."""
    rules = Rules.preset("perevodnoy" if players == 3 else "podkidnoy", players=players)
    seen = {"talon": 0, "trump only": 0, "empty": 0}
    for seed in range(6):
        rng = random.Random(seed)
        p = Position.deal(rules, seed)
        while p.result is None:
            holding = [s for s in range(players) if p.hands[s]]
            for seat in range(players):
                v = p.view(seat)
                others = [s for s in holding if s != seat and p.hands[s] & ~p.known[s]]
                nothing_hidden = (not p.talon or p.talon == (p.trump_card,)) and len(others) <= 1
                assert known_to(v) == nothing_hidden
                if nothing_hidden:
                    assert position_of_view(v) == p
                    seen["trump only" if p.talon else "empty"] += 1
                else:
                    seen["talon"] += 1
                    with pytest.raises(ValueError, match="hides cards"):
                        position_of_view(v)
            moves = p.sequential_moves()
            p = p.play(moves[rng.randrange(len(moves))])
    assert seen["empty"] and seen["talon"]


def test_the_trump_card_alone_in_the_talon_is_known_to_both():
    # the face-up trump card is the talon's last card (R3): both hands and the talon are known
    p = deal_talon(Rules.preset("podkidnoy", players=2), 5, 6, 1, random.Random(8))
    for seat in (0, 1):
        v = p.view(seat)
        assert known_to(v) and position_of_view(v) == p
        values = exact_move_values(position_of_view(v), p.to_act())
        assert values is not None and [m for m, _ in values] == p.sequential_moves()
    two = deal_talon(Rules.preset("podkidnoy", players=2), 5, 5, 2, random.Random(8))
    assert not known_to(two.view(0)) and not known_to(two.view(1))
