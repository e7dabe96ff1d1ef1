"""The evaluator (durak_lab.analysis.evaluation): exact where every card is known, the same as the
solver; sampled elsewhere, with honest figures; a function of the seat's view alone; reproducible."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from durak_lab.analysis.evaluation import Evaluation, MoveValue, evaluate, wilson
from durak_lab.analysis.evaluation.calibration import apply_knots, isotonic
from durak_lab.analysis.sampling import iter_worlds
from durak_lab.analysis.solver import Solver
from durak_lab.engine.errors import KernelUnsupported
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from solver_oracle import deal as endgame_deal

PRESETS = ("podkidnoy", "classic", "perevodnoy", "perevodnoy_show", "neighbours", "by_turns", "he_hand",
           "simple", "finnish", "pairs", "pairs_he", "unlimited")


def _public(ev: Evaluation) -> dict:
    j = ev.to_json()
    j.pop("seconds")
    return j


def _played(rules: Rules, seed: int, moves: int) -> Position:
    """A position after up to ``moves`` random moves of a seeded deal."""
    rng = random.Random(seed)
    p = Position.deal(rules, seed=seed)
    for _ in range(moves):
        if p.result is not None:
            break
        legal = p.view(p.to_act()).legal
        nxt = p.play(legal[rng.randrange(len(legal))])
        if nxt.result is not None:
            break
        p = nxt
    return p


@pytest.mark.parametrize("preset", ("podkidnoy", "classic", "perevodnoy"))
def test_open_endgames_are_exact_and_agree_with_the_solver(preset):
    rng = random.Random(7)
    rules = Rules.preset(preset, players=2)
    solver = Solver()
    checked = 0
    while checked < 15:
        p = endgame_deal(rules, rng.randrange(1, 5), rng.randrange(1, 5), rng, first_bout=False)
        ev = evaluate(p, open=True, playouts=50, rng=1)
        assert ev.exact and ev.worlds == 0 and ev.playouts == 0
        want = {str(m): v for m, v in solver.move_values(p)}
        got = {str(m.move): round(m.chance * 2) - 1 for m in ev.moves}
        assert got == want
        assert ev.chance == (max(want.values()) + 1) / 2
        assert {str(m) for m in ev.best} == {m for m, v in want.items() if v == max(want.values())}
        assert ev.interval == (ev.chance, ev.chance)
        checked += 1


@pytest.mark.parametrize("preset,players", [("podkidnoy", 2), ("perevodnoy", 2), ("podkidnoy", 4), ("pairs", 4),
                                            ("classic", 6), ("neighbours", 3), ("finnish", 3)])
def test_sampled_figures_are_consistent(preset, players):
    p = _played(Rules.preset(preset, players=players), seed=players * 11, moves=8)
    ev = evaluate(p, playouts=300, rng=2, calibrated=False)
    assert not ev.exact and ev.mode == "view"
    legal = p.view(p.to_act()).legal
    assert sorted(str(m.move) for m in ev.moves) == sorted(str(m) for m in legal)
    for m in ev.moves + (ev.value,):
        assert abs(m.win + m.draw + m.lose - 1) < 1e-9
        lo, hi = m.interval
        assert 0 <= lo <= m.chance <= hi <= 1
        assert m.playouts == sum(m.counts) > 0
    shares = [m.chance for m in ev.moves]
    assert shares == sorted(shares, reverse=True)  # the mover's best first
    assert ev.best == (ev.moves[0].move,) and ev.value.counts == ev.moves[0].counts
    assert ev.playouts >= 300 and ev.worlds >= 300 // len(legal)


def test_more_playouts_narrow_the_interval():
    p = Position.deal(Rules.preset("podkidnoy"), seed=3)
    widths = []
    for n in (120, 1200):
        ev = evaluate(p, playouts=n, rng=5, calibrated=False)
        widths.append(ev.interval[1] - ev.interval[0])
    assert widths[1] < widths[0] / 2


def test_a_seed_and_a_playout_count_give_the_same_figures():
    p = _played(Rules.preset("perevodnoy", players=3), seed=4, moves=5)
    assert _public(evaluate(p, playouts=200, rng=9)) == _public(evaluate(p, playouts=200, rng=9))
    assert _public(evaluate(p, playouts=200, rng=9)) != _public(evaluate(p, playouts=200, rng=10))


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(PRESETS), players=st.integers(2, 6), seed=st.integers(0, 10**6),
       moves=st.integers(0, 30), data=st.data())
def test_the_view_mode_sees_only_what_the_seat_knows(preset, players, seed, moves, data):
    """Dealing the seat's unseen cards differently (the same view) changes nothing it says."""
    rules = Rules.preset(preset)
    players = min(max(players, rules.players if preset.startswith("pairs") else 2), 6)
    if rules.teams and players % rules.teams:
        players = 4
    rules = Rules.preset(preset, players=players)
    p = _played(rules, seed, moves)
    if p.result is not None or p.swap_open:
        return
    seat = data.draw(st.integers(0, players - 1))
    view = p.view(seat)
    other = next(iter_worlds(view, random.Random(seed + 1), max_attempts=None))
    assert other.view(seat) == view
    a = evaluate(p, seat, playouts=40, rng=3, exact_nodes=2000)
    b = evaluate(other, seat, playouts=40, rng=3, exact_nodes=2000)
    assert _public(a) == _public(b)


def test_a_seat_not_to_act_gets_the_position_but_no_moves():
    p = Position.deal(Rules.preset("podkidnoy", players=3), seed=8)
    other = (p.to_act() + 1) % 3
    ev = evaluate(p, other, playouts=90, rng=1)
    assert ev.seat == other and ev.to_act == p.to_act() and ev.moves == () and ev.best == ()
    assert ev.value.playouts >= 90 and abs(ev.win + ev.draw + ev.lose - 1) < 1e-9


def test_the_open_mode_sees_everything_and_varies_its_playouts():
    p = Position.deal(Rules.preset("podkidnoy"), seed=12)
    ev = evaluate(p, open=True, playouts=400, rng=1, exact_nodes=0, calibrated=False)
    assert ev.mode == "open" and ev.worlds == 1 and not ev.exact
    assert any(0 < m.chance < 1 for m in ev.moves)  # the noisy playouts differ


def test_bad_requests_raise_clear_errors():
    p = Position.deal(Rules.preset("podkidnoy"), seed=1)
    with pytest.raises(ValueError, match="budget"):
        evaluate(p, budget=0)
    with pytest.raises(ValueError, match="playouts"):
        evaluate(p, playouts=0)
    with pytest.raises(ValueError, match="open"):
        evaluate(p.view(0), open=True)
    with pytest.raises(KernelUnsupported):
        evaluate(Position.deal(Rules.preset("pushing"), seed=1), playouts=10)


def test_a_finished_game_is_its_result():
    p = Position.start(Rules(players=2), ["7♦", "8♦"], trump="♠", discard="rest", attacker=0, first_bout=False)
    over = p.play("P1 attack 7♦").play("P2 take")
    ev = evaluate(over, 0)
    assert ev.exact and ev.to_act is None and (ev.win, ev.lose) == (1.0, 0.0)
    assert evaluate(over, 1).lose == 1.0


def test_the_json_contract():
    p = Position.deal(Rules.preset("podkidnoy"), seed=2)
    j = evaluate(p, playouts=100, rng=0).to_json()
    assert set(j) >= {"seat", "to_act", "exact", "outcome", "interval", "worlds", "moves", "best"}
    assert j["seat"] == "P1" or j["seat"].startswith("P")
    assert set(j["outcome"]) == {"win", "draw", "lose"} and len(j["interval"]) == 2
    for m in j["moves"]:
        assert set(m) >= {"move", "win", "draw", "lose", "interval", "exact"}
        assert isinstance(m["move"], str) and isinstance(m["exact"], bool)
    assert j["best"] == [j["moves"][0]["move"]]


def test_wilson_and_calibration_maps():
    assert wilson(0.0, 10)[0] == 0.0 and 0 < wilson(0.0, 10)[1] < 0.35
    knots = isotonic([(x / 100, (x * 7919 % 100) / 100) for x in range(100)], bins=10)
    ys = [y for _, y in knots]
    assert ys == sorted(ys)
    xs = [i / 50 for i in range(51)]
    mapped = [apply_knots(knots, x) for x in xs]
    assert mapped == sorted(mapped) and all(0 <= y <= 1 for y in mapped)
    assert apply_knots((), 0.3) == 0.3


def test_calibration_keeps_the_order_of_the_moves():
    p = Position.deal(Rules.preset("podkidnoy"), seed=6)
    raw = evaluate(p, playouts=600, rng=4, calibrated=False)
    cal = evaluate(p, playouts=600, rng=4)
    assert [str(m.move) for m in raw.moves] == [str(m.move) for m in cal.moves]
    assert [m.counts for m in raw.moves] == [m.counts for m in cal.moves]
    assert isinstance(cal.value, MoveValue)
