"""Two players left at a bigger table (durak_lab.analysis.solver.reduce): the two-player game they play.

The proof of the reduction is by play: along random games of 3 to 6 players under every preset
the kernel plays (and a few of 7 and 8), at every position where two are left with an empty talon (R28), the two-player
position has the same moves (mapped), every move leads to the same next position (the reduction
of the next one) or the same result, and one line played on in both games stays equal to the end.
Then the solver's values of such positions, for every seat, are compared with a retrograde
analysis and a plain minimax over the reference engine's own k-player positions.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.solver import (Solver, check_domain, check_rules_domain, holding_seats, reduce_position,
                                       solve, transitions, value_for)
from durak_lab.engine.cards import SUIT_SYMBOLS, cards_of
from durak_lab.engine.errors import SolverDomainError
from durak_lab.engine.kernel import SUPPORTED_PRESETS
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from solver_oracle import Oracle, minimax, rule_key, score


def _kernel_rules() -> list:
    """Every kernel preset with 3 to 6 players (those its deck and teams allow)."""
    out = []
    for preset in SUPPORTED_PRESETS:
        for n in range(3, 7):
            try:
                out.append(Rules.preset(preset, players=n))
            except Exception:  # e.g. teams of 2 need an even table (R25)
                pass
    return out


KERNEL_RULES = _kernel_rules()
#: The presets whose k-player endgame is a two-player game (all but the unlimited hand, R13), and seven
#: or eight players on 52 cards (R5), which the reference engine plays (the kernel does not).
REDUCIBLE = [r for r in KERNEL_RULES if r.hand_limit.value != "none"] + [
    Rules.preset("podkidnoy", players=7, deck=52), Rules.preset("perevodnoy", players=8, deck=52),
    Rules.preset("finnish", players=7), Rules.preset("pairs_he", players=8, deck=52)]


def two_left(p: Position) -> bool:
    """Two opponents hold cards, the talon is empty (R28): partners alone holding cards have lost (R27)."""
    live, t = holding_seats(p), p.rules.teams
    return p.result is None and not p.talon and len(live) == 2 and not (t and live[0] % t == live[1] % t)


def same(a: Position, b: Position) -> bool:
    """Equal positions but for the seats written as owners of the table's cards (the owner of a
    card matters only when cards go back to it, which these rules never do, R13)."""
    return (a._replace(table=tuple(e[:2] for e in a.table)) == b._replace(table=tuple(e[:2] for e in b.table)))


def check_step(p: Position) -> int:
    """At a position with two left: the same moves, and after each the same position or result."""
    red = reduce_position(p)
    small = red.position
    assert small.rules.players == 2 and small.rules.teams == 0
    moves = p.sequential_moves()
    assert [red.to_small(m) for m in moves] == small.sequential_moves()
    assert [red.to_big(m) for m in small.sequential_moves()] == moves
    assert red.seats[small.to_act()] == p.to_act()
    for m in moves:
        big, little = p.play(m), small.play(red.to_small(m))
        if big.result is not None or little.result is not None:
            assert big.result == red.big_result(little.result)
        else:
            assert same(reduce_position(big).position, little)
    return len(moves)


@pytest.mark.parametrize("rules", REDUCIBLE, ids=lambda r: f"{r.short_name()}-{r.players}")
def test_two_left_play_the_two_player_game_move_for_move(rules):
    steps = 0
    for seed in range(12):
        rng = random.Random(seed)
        p = Position.deal(rules, seed)
        line = None  # (reduction at the first position with two left, the two-player game played on)
        while p.result is None:
            if two_left(p):
                steps += check_step(p)
                if line is None:
                    line = (reduce_position(p), reduce_position(p).position)
                else:  # the one line, played in both games: still the same
                    assert same(reduce_position(p).position, line[1])
            moves = p.sequential_moves()
            m = moves[rng.randrange(len(moves))]
            p = p.play(m)
            if line is not None:
                line = (line[0], line[1].play(line[0].to_small(m), sequential=True))
        if line is not None:  # the same result at the end
            assert line[1].result is not None and p.result == line[0].big_result(line[1].result)
    assert steps > 0


def test_the_reduction_maps_seats_tables_and_results():
    # P1 leads his last card against P2; P3 is out: the bout is P1's and P2's, P1 to throw in nothing
    rules = Rules.preset("podkidnoy", players=3)
    p = Position.start(rules, ["7♦", "8♦ 9♣", ""], trump="♠", discard="rest", attacker=0, first_bout=False)
    q = p.play("P1 attack 7♦")
    red = reduce_position(q)
    assert red.seats == (0, 1) and red.position.table == q.table and red.position.leader == 0
    assert [str(m) for m in red.position.sequential_moves()] == [str(m) for m in q.sequential_moves()]
    # a seat that went out during the bout owns a card on the table: it counts as the attacker's
    r = Position.start(Rules.preset("podkidnoy", players=4), ["7♦", "8♦ 9♣ J♥", "7♣ 10♦", ""], trump="♠",
                       discard="rest", attacker=0, first_bout=False).play("P1 attack 7♦")
    r = r.play("P2 cover 7♦ with 8♦").play("P3 attack 7♣")
    assert holding_seats(r) == (1, 2)
    red = reduce_position(r)
    assert red.seats == (1, 2) and [e[2] for e in red.position.table] == [1, 1]
    assert red.position.leader == 1 and red.position.defender == 0
    # teams: the durak's partner loses with him (R27); a seat out of every side left is safe
    pairs = Rules.preset("pairs_he", players=6, teams=3)
    t = Position.start(pairs, ["", "7♦", "8♦", "", "", ""], trump="♠", discard="rest", attacker=1,
                       first_bout=False)
    red = reduce_position(t)
    assert red.big_result((0,)) == (1, 4) and red.big_result(()) == ()
    assert [red.small_seat(s) for s in range(6)] == [None, 0, 1, None, 0, 1]


@pytest.mark.parametrize("rules,words", [
    (Rules.preset("podkidnoy", players=3, tie="all_durak"), "all_durak"),
    (Rules.preset("unlimited", players=4), "go back"),
    (Rules.preset("unlimited_choice", players=3), "go back"),
    (Rules.preset("pushing", players=3), "challenged"),
])
def test_rules_whose_two_left_play_another_game_are_refused(rules, words):
    with pytest.raises(SolverDomainError, match=words):
        check_rules_domain(rules)
    p = Position.start(rules, ["7♦ 9♣", "", "8♦ 6♥"] + [""] * (rules.players - 3), trump="♠", discard="rest",
                       attacker=0, first_bout=False)
    with pytest.raises(SolverDomainError, match=words):
        check_domain(p)


def test_positions_without_two_left_are_refused_saying_why():
    rules = Rules.preset("podkidnoy", players=3)
    with pytest.raises(SolverDomainError, match="every seat is in the game until it is empty"):
        check_domain(Position.deal(rules, 1))
    three = Position.start(rules, ["7♦", "8♦", "9♦"], trump="♠", discard="rest", attacker=0, first_bout=False)
    with pytest.raises(SolverDomainError, match="held by 3 of the 3 players"):
        check_domain(three)
    # the partner's cover (R26): the defender has no cards, his partner still covers: three seats act
    pairs = Rules.preset("pairs")
    p = Position.start(pairs, ["7♦ 7♣ K♥", "8♦", "", "A♣ 6♥"], trump="♠", discard="rest", attacker=0,
                       first_bout=False).play("P1 attack 7♦").play("P1 attack 7♣").play("P2 cover 7♦ with 8♦")
    assert p.result is None and p.to_act() in (1, 3) and not p.hands[1]
    with pytest.raises(SolverDomainError, match="partner covers"):
        check_domain(p)


# ---------------------------------------------------------------- the solver on k-player positions

def on_side(rules: Rules, seat: int, player: int) -> bool:
    """Is ``seat`` ``player`` or, in a team game, his partner (R25, R27)?"""
    return seat == player or bool(rules.teams) and seat % rules.teams == player % rules.teams


def small_two_left(rng: random.Random, rules: Rules) -> Position:
    """Two opponents holding 1–4 cards at a table of ``rules.players`` (the others out), or three
    seats, one with a single card, played on at random until two are left (so bouts whose leader
    or a thrower-in went out during them); then up to three random moves."""
    n, t = rules.players, rules.teams
    top = 3 if rules.transfer or rules.lead != 1 else 4
    while True:
        seats = rng.sample(range(n), 3)
        if t and len({s % t for s in seats[:2]}) < 2:
            continue
        three = rng.random() < 0.4
        sizes = [rng.randint(1, top), rng.randint(1, top)] + ([1] if three else [])
        deck = cards_of(rules.all_cards)
        rng.shuffle(deck)
        hands = [0] * n
        k = 0
        for s, size in zip(seats, sizes):
            hands[s] = sum(1 << c for c in deck[k:k + size])
            k += size
        leader = seats[2] if three else seats[rng.randrange(2)]
        try:
            p = Position.start(rules, hands, trump=SUIT_SYMBOLS[rng.randrange(4)], discard="rest", attacker=leader,
                               first_bout=rng.random() < 0.3)
        except Exception:  # e.g. no opponent next to defend
            continue
        for _ in range(12 if three else rng.randint(0, 3)):
            if p.result is not None or (three and two_left(p) and rng.random() < 0.5):
                break
            moves = p.sequential_moves() if rng.random() < 0.7 else p.legal_moves()
            p = p.play(moves[rng.randrange(len(moves))])
        if two_left(p):
            try:
                check_domain(p)
            except SolverDomainError:
                continue
            return p


SMALL_RULES = [Rules.preset(name, players=n, **kw) for name, n, kw in (
    ("podkidnoy", 3, {}), ("podkidnoy", 5, {}), ("classic", 4, {}), ("perevodnoy", 3, {}), ("perevodnoy", 4, {}),
    ("neighbours", 4, {}), ("by_turns", 3, {}), ("by_turns", 5, {"turns_direction": "anticlockwise"}),
    ("pairs_he", 4, {}), ("pairs", 4, {}), ("pairs_he", 6, {"teams": 3}), ("he_hand", 3, {}), ("simple", 4, {}),
    ("finnish", 3, {}), ("perevodnoy_show", 3, {}), ("podkidnoy", 3, {"first_bout_limit": 2, "first_bout_carry": True}))]


@pytest.mark.parametrize("rules", SMALL_RULES, ids=lambda r: f"{r.short_name()}-{r.players}")
def test_solver_values_agree_with_retrograde_analysis_over_the_k_player_engine(rules):
    rng = random.Random(f"k-player {rules.short_name()} {rules.players}")
    solver = Solver(tables=rng.random() < 0.5)
    for _ in range(6):
        p = small_two_left(rng, rules)
        oracle = Oracle(p)
        live = holding_seats(p)
        mover = p.to_act()
        assert solver.value(p) == oracle.values[0]
        expect = [(str(m), v) for m, v in oracle.move_values()]
        assert [(str(m), v) for m, v in solver.move_values(p)] == expect
        other = live[1] if live[0] == mover else live[0]
        for seat in range(rules.players):
            # +1 on the mover's side, -1 on the other's, 0 out of every side left (then safe, R28)
            side = 1 if on_side(rules, seat, mover) else -1 if on_side(rules, seat, other) else 0
            want = side * oracle.values[0] if side else 1
            assert solver.value_for(p, seat) == value_for(p, seat) == want
            assert [v for _, v in solver.move_values(p, seat)] == [side * v if side else 1 for _, v in expect]
        s = solve(p)
        assert s.position is p and s.seat == mover and s.value == oracle.values[0]
        assert set(s.best_moves) == {m for m, v in oracle.move_values() if v == s.value}
        q = p
        for mv in s.pv:
            q = q.play(mv, sequential=True)
        assert s.pv_positions[-1] == q
        if s.pv_repeats:
            assert s.value == 0 and q.result is None
        else:
            assert q.result is not None and score(q.result, mover) == s.value
        assert transitions(p) == transitions(reduce_position(p).position)
        # a few positions further on, against the oracle's values there
        for j in rng.sample(range(1, len(oracle.positions)), min(6, len(oracle.positions) - 1)):
            assert solver.value(oracle.positions[j]) == oracle.values[j]


@pytest.mark.parametrize("rules", [Rules.preset("podkidnoy", players=4), Rules.preset("pairs_he"),
                                   Rules.preset("by_turns", players=3)], ids=lambda r: r.short_name())
def test_solver_values_agree_with_plain_minimax_over_the_k_player_engine(rules):
    rng = random.Random(f"minimax {rules.short_name()}")
    for _ in range(8):
        p = small_two_left(rng, rules)
        assert Solver().value(p) == minimax(p)
        for mv, v in Solver().move_values(p):
            child = p.play_unchecked(mv)
            if child.result is not None:
                assert v == score(child.result, p.to_act())
            else:
                assert v == (minimax(child) if child.to_act() == p.to_act() else -minimax(child))
    assert rule_key(p)  # (the oracle's key reads k-player positions as they are)


def test_bout_value_of_a_k_player_kernel_state_with_two_left():
    """Solver.bout_value reads a kernel state of a bigger table once two are left (R28), for every seat."""
    from durak_lab.engine.kernel import kernel_state

    rng = random.Random("bout value k players")
    solver = Solver()
    for rules in (Rules.preset("podkidnoy", players=4), Rules.preset("pairs_he"), Rules.preset("perevodnoy", players=3)):
        done = 0
        while done < 5:
            p = small_two_left(rng, rules)
            if p.table:
                continue
            done += 1
            k = kernel_state(p)
            for seat in range(rules.players):
                assert solver.bout_value(k, seat) == Solver().value_for(p, seat)
    three = Position.start(Rules.preset("podkidnoy", players=3), ["7♦", "8♦", "9♦"], trump="♠", discard="rest",
                           attacker=0, first_bout=False)
    with pytest.raises(SolverDomainError, match="two players left"):
        solver.bout_value(kernel_state(three), 0)
