"""The review of a game (durak_lab.analysis.evaluation.review): a won endgame thrown away is a mistake
or a blunder with a better move the solver confirms; the labels, the accuracy and the JSON contract."""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.evaluation.review import (BLUNDER, FORCED, LABELS, MISTAKE, ONLY, BEST, Review,
                                                  label_for, move_accuracy, review)
from durak_lab.analysis.solver import Solver
from durak_lab.engine.game import Game
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from solver_oracle import deal as endgame_deal


def _thrown_away(preset: str, seed: int, talon_card: bool):
    """A 2-player endgame won for the seat to act, its first move one that does not keep the win, then
    best play by both to the end: ``(game, the winning moves)``; None when the deal has no such move."""
    rng = random.Random(seed)
    rules = Rules.preset(preset, players=2)
    p = endgame_deal(rules, rng.randrange(2, 5), rng.randrange(2, 5), rng, first_bout=False)
    if talon_card:  # one card left in the talon, the face-up trump card everyone has seen (R3, R19)
        rest = [c for c in range(52) if p.discard >> c & 1 and c // 13 == p.trump]
        if not rest:
            return None
        card = rest[rng.randrange(len(rest))]
        hands = [h for h in p.hands]
        p = Position.start(rules, hands, trump=p.trump, talon=[card], trump_card=card,
                           discard="rest", attacker=p.leader, first_bout=False)
    solver = Solver()
    values = solver.move_values(p) if not p.talon else None
    from durak_lab.analysis.solver import exact_move_values
    values = exact_move_values(p, p.to_act(), max_nodes=200_000)
    if values is None:
        return None
    top = max(v for _, v in values)
    worse = [m for m, v in values if v < top]
    if top != 1 or not worse:
        return None
    game = Game(p)
    game.play(worse[0])
    while game.position.result is None:
        q = game.position
        vals = exact_move_values(q, q.to_act(), max_nodes=200_000)
        assert vals is not None
        game.play(max(vals, key=lambda mv: mv[1])[0])
    return game, {str(m) for m, v in values if v == top}


@pytest.mark.parametrize("preset,talon_card", [("podkidnoy", False), ("perevodnoy", False), ("classic", False),
                                               ("podkidnoy", True), ("perevodnoy", True)])
def test_a_won_endgame_thrown_away_is_a_mistake_with_a_confirmed_better_move(preset, talon_card):
    found = 0
    for seed in range(400):
        case = _thrown_away(preset, seed, talon_card)
        if case is None:
            continue
        game, winning = case
        r = review(game, playouts=200, rng=1)
        first = r.decisions[0]
        assert first.index == 0 and first.exact
        assert first.label in (MISTAKE, BLUNDER), (str(game.start), first)
        assert first.before == 1.0 and first.after < 1.0
        assert first.better and {str(m) for m in first.better} <= winning
        # every later move was best play: none is a mistake
        assert all(d.label not in (MISTAKE, BLUNDER) for d in r.decisions[1:])
        found += 1
        if found == 6:
            break
    assert found == 6


def test_a_game_between_bots_is_reviewed_move_by_move():
    from durak_lab.bots import GreedyBot, TipsBot
    from durak_lab.bots.tournament import play_game

    rules = Rules.preset("podkidnoy", players=2)
    g = play_game(rules, [TipsBot(), GreedyBot()], seed=3)
    game = Game(Position.deal(rules, g.seed))
    for m in g.moves:
        game.play(m)
    seen = []
    r = review(game, playouts=120, rng=0, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(g.moves), len(g.moves)) and len(seen) == len(g.moves)
    assert r.moves == len(g.moves) and r.result == game.position.result
    assert [d.index for d in r.decisions] == sorted(d.index for d in r.decisions)
    assert {d.label for d in r.decisions} <= set(LABELS)
    for d in r.decisions:
        assert 0 <= d.after <= 1 and 0 <= d.before <= 1 and d.loss >= 0
        assert (d.label == FORCED) == (d.options == 1)
        assert d.move.seat == d.seat
    for s in (0, 1):
        assert 0 <= r.accuracy[s] <= 100
        assert sum(r.labels[s].values()) == sum(d.seat == s for d in r.decisions)
    only_p2 = review(game, seat=1, playouts=120, rng=0)
    assert {d.seat for d in only_p2.decisions} == {1} and only_p2.players == (1,)
    # the JSON contract
    j = r.to_json()
    assert set(j) >= {"moves", "players"}
    for m in j["moves"]:
        assert set(m) >= {"index", "move", "seat", "before", "after", "loss", "label", "better", "exact"}
        assert m["label"] in LABELS and isinstance(m["better"], list)
    assert set(j["players"]) == {"P1", "P2"}
    assert set(j["players"]["P1"]) == {"accuracy", "labels"}
    assert all(i in {m["index"] for m in j["moves"]} for i in j["key_moments"])


def test_a_worked_example_record_is_reviewed():
    rec = load_example("EX-ZH-BOUT")
    r = review(rec, playouts=100, rng=2)
    assert isinstance(r, Review) and r.moves == len(rec.moves)
    assert r.decisions and all(d.index < len(rec.moves) for d in r.decisions)


def test_labels_follow_the_documented_thresholds():
    assert [label_for(x) for x in (0.0, 0.02, 0.03, 0.05, 0.06, 0.10, 0.11, 0.20, 0.21)] == [
        BEST, BEST, "good", "good", "inaccuracy", "inaccuracy", MISTAKE, MISTAKE, BLUNDER]
    assert label_for(0.0, others_lose=0.11) == ONLY and label_for(0.0, others_lose=0.10) == BEST
    assert label_for(0.25, margin=0.1) == MISTAKE
    assert move_accuracy(0) == 100 and move_accuracy(1) == 0
    assert move_accuracy(0.05) > move_accuracy(0.1) > move_accuracy(0.2)
