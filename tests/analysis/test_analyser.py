"""The game analyser (durak_lab.analysis.analyser): verdicts checked against the retrograde oracle of
tests/test_solver.py, free-protocol moves, records, limits and reports."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_lab.analysis.analyser import BEST, MISTAKE, UNKNOWN, analyse_game, analyse_moves, analyse_record
from durak_lab.engine.errors import IllegalMoveError, SolverDomainError
from durak_lab.engine.game import Game
from durak_lab.engine.records import load_example, load_record, record_from_game
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import Solver
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position

from solver_oracle import Oracle, rule_key, score


def start(preset: str, hands: list, trump: str, attacker: int, **changes) -> Position:
    return Position.start(Rules.preset(preset, players=2, **changes), hands, trump=trump, discard="rest",
                          attacker=attacker, first_bout=False)


def oracle_value(oracle: Oracle, p: Position, seat: int) -> int:
    if p.result is not None:
        return score(p.result, seat)
    v = oracle.values[oracle.index[rule_key(p)]]
    return v if p.to_act() == seat else -v


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["podkidnoy", "perevodnoy"]), st.integers(1, 3), st.integers(1, 3),
       st.randoms(use_true_random=False), st.booleans())
def test_verdicts_agree_with_the_oracle(preset, n, m, rng, free):
    p = random_endgame(Rules.preset(preset, players=2), n, m, rng)
    oracle = Oracle(p)
    moves, q = [], p
    while q.result is None and len(moves) < 40:
        options = q.legal_moves() if free else q.sequential_moves()
        mv = options[rng.randrange(len(options))]
        moves.append(mv)
        q = q.play(mv)
    a = analyse_moves(p, moves)
    assert a.first == 0 and len(a.verdicts) == len(moves) and a.final == q
    q = p
    for v, mv in zip(a.verdicts, moves):
        after = q.play(mv)
        assert v.move == mv and v.seat == mv.seat and v.in_turn == (q.to_act() == mv.seat)
        if rule_key(q) in oracle.index and (after.result is not None or rule_key(after) in oracle.index):
            assert v.before == oracle_value(oracle, q, v.seat)
            assert v.after == oracle_value(oracle, after, v.seat)
        assert v.verdict == (MISTAKE if v.after < v.before else BEST)
        if v.verdict == MISTAKE:
            keeps = [o for o in (q.sequential_moves() if v.in_turn else q.legal_moves(v.seat))
                     if Solver().value_for(q.play(o), v.seat) >= v.before]
            assert list(v.better) == keeps
            if v.in_turn:
                assert v.better  # the value of a position is kept by some move
        else:
            assert v.better == ()
        q = after


def test_a_mistake_names_the_moves_that_keep_the_result():
    p = start("podkidnoy", ["6♦ 10♦ 10♣", "8♥ 7♦"], "♠", 1)
    a = analyse_moves(p, ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦",
                          "P2 take"])
    first = a.verdicts[0]
    assert (first.verdict, first.before, first.after) == (MISTAKE, 1, -1)
    assert [str(m) for m in first.better] == ["P2 attack 8♥"] and first.is_mistake and not first.forced
    assert [v.verdict for v in a.verdicts[1:]] == [BEST] * 5
    assert a.verdicts[4].forced and "the only move" in a.verdicts[4].text()
    assert a.mistakes == [first]
    text = a.text()
    assert text.splitlines()[0] == "0 moves before the talon ran out; judged from move 1 on."
    assert "mistakes: P2 1" in text and text.endswith("result: P2 is durak")


def test_moves_out_of_turn_are_judged_against_the_seats_own_moves():
    p = start("podkidnoy", ["7♦ 7♣ 9♠", "8♦ 10♣ J♥"], "♥", 0)
    # P1 throws in the 7♣ before P2 has covered the 7♦: legal in the free protocol, out of turn
    a = analyse_moves(p, ["P1 attack 7♦", "P1 attack 7♣", "P1 pass"])
    lead, early, pass_ = a.verdicts
    assert lead.in_turn and not early.in_turn and not pass_.in_turn
    assert pass_.verdict == BEST and pass_.before == pass_.after  # a pass out of turn changes nothing
    q = p.play("P1 attack 7♦")
    assert early.options == len(q.legal_moves(0))
    oracle = Oracle(p)
    assert early.before == oracle_value(oracle, q, 0)
    assert early.after == Solver().value_for(q.play("P1 attack 7♣"), 0)


def test_moves_before_the_talon_runs_out_are_counted_not_judged():
    rng = random.Random(6)
    g = Game.deal(Rules.preset("podkidnoy", players=2), seed=6)
    while not g.is_over:
        moves = g.position.sequential_moves()
        g.play(moves[rng.randrange(len(moves))])
    a = analyse_game(g, max_nodes=200000)
    first = next(i for i, s in enumerate(g.steps) if not s.before.talon)
    assert a.first == first and len(a.verdicts) == len(g.moves) - first
    assert [v.index for v in a.verdicts] == list(range(first, len(g.moves)))
    assert a.final == g.position and a.result_text() == g.position.result_text()
    assert f"{first} moves before the talon ran out; judged from move {first + 1} on." in a.text()
    # the same game as a record
    rec = record_from_game(g, seed=6)
    assert analyse_record(load_record(rec.dump())).verdicts == a.verdicts
    json.dumps(a.to_dict())
    assert [r["move #"] for r in a.rows()] == [v.index + 1 for v in a.verdicts]


def test_a_record_stops_at_a_move_marked_illegal():
    rec = load_record({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
                       "start": {"trump": "♠", "hands": {"P1": ["7♦", "9♣"], "P2": ["8♦", "6♥"]},
                                 "discard": "rest", "attacker": "P1", "first_bout": False},
                       "moves": ["P1 attack 7♦", {"move": "P1 attack 9♣", "illegal": True}, "P2 take"]})
    a = analyse_record(rec)
    assert len(a.moves) == 1 and len(a.verdicts) == 1


def test_games_the_solver_cannot_play_are_refused():
    # a bigger table is judged once two are left with an empty talon (R28): this bout never gets there
    a = analyse_record(load_example("EX-ZH-BOUT"))
    assert a.first is None and a.verdicts == ()
    assert a.text().startswith("Two players were never left with an empty talon with the game still on")
    p = start("podkidnoy", ["7♦", "8♦"], "♠", 0, tie="all_durak")
    with pytest.raises(SolverDomainError, match="all_durak"):
        analyse_moves(p, ["P1 attack 7♦"])
    # a deal whose talon never runs out in the moves given: nothing judged, nothing refused
    g = Game.deal(Rules.preset("podkidnoy", players=2), seed=1)
    g.play(g.legal_moves()[0])
    a = analyse_game(g)
    assert a.first is None and a.verdicts == () and "never ran out" in a.text()
    with pytest.raises(IllegalMoveError):
        analyse_moves(start("podkidnoy", ["7♦", "8♦"], "♠", 0), ["P2 attack 8♦"])


def test_a_search_limit_gives_unknown_verdicts():
    p = random_endgame(Rules.preset("podkidnoy", players=2), 6, 6, random.Random(11))
    mv = p.sequential_moves()[0]
    a = analyse_moves(p, [mv], max_nodes=10)
    assert a.verdicts[0].verdict == UNKNOWN and a.verdicts[0].before is None
    assert "not judged" in a.verdicts[0].text() and a.mistakes == []
