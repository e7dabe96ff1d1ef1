"""The analyser judges every move made where the mover knows the whole position: two left at a bigger
table with an empty talon (R28), and two players with only the face-up trump card in the talon (R3,
R19).  Verdicts are checked against a retrograde analysis over reference-engine positions
(tests/solver_oracle.py)."""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.analyser import BEST, MISTAKE, analyse_game, analyse_moves
from durak_lab.analysis.solver import exact_value, holding_seats
from durak_lab.engine.cards import SUIT_SYMBOLS, cards_of, deck_mask
from durak_lab.engine.random_play import random_game
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from solver_oracle import Oracle, rule_key, score, talon_key


def oracle_value(oracle: Oracle, key, p: Position, seat: int) -> int:
    if p.result is not None:
        return score(p.result, seat)
    v = oracle.values[oracle.index[key(p)]]
    return v if p.to_act() == seat else -v


def check_verdicts(p: Position, oracle: Oracle, key, rng: random.Random, free: bool) -> None:
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
        assert v.move == mv and v.in_turn == (q.to_act() == mv.seat)
        if key(q) in oracle.index and (after.result is not None or key(after) in oracle.index):
            assert v.before == oracle_value(oracle, key, q, v.seat)
            assert v.after == oracle_value(oracle, key, after, v.seat)
        assert v.verdict == (MISTAKE if v.after < v.before else BEST)
        q = after


@pytest.mark.parametrize("preset,players", [("podkidnoy", 3), ("perevodnoy", 4), ("pairs_he", 4), ("by_turns", 5)])
def test_two_left_at_a_bigger_table_are_judged_against_the_oracle(preset, players):
    rules = Rules.preset(preset, players=players)
    rng = random.Random(f"analyse {preset} {players}")
    for _ in range(6):
        while True:
            seats = rng.sample(range(players), 2)
            if not rules.teams or seats[0] % rules.teams != seats[1] % rules.teams:
                break
        deck = cards_of(deck_mask(rules.lowest_rank))
        rng.shuffle(deck)
        hands = [0] * players
        hands[seats[0]] = sum(1 << c for c in deck[:rng.randint(1, 3)])
        hands[seats[1]] = sum(1 << c for c in deck[3:3 + rng.randint(1, 3)])
        p = Position.start(rules, hands, trump=SUIT_SYMBOLS[rng.randrange(4)], discard="rest",
                           attacker=seats[rng.randrange(2)], first_bout=False)
        check_verdicts(p, Oracle(p), rule_key, rng, free=rng.random() < 0.5)


def test_the_trump_card_alone_in_the_talon_is_judged_against_the_oracle():
    rng = random.Random("trump card alone")
    done = 0
    while done < 8:
        rules = Rules.preset(("podkidnoy", "perevodnoy")[done % 2], players=2, hand_size=rng.choice([2, 3]))
        deck = cards_of(deck_mask(rules.lowest_rank))
        rng.shuffle(deck)
        n, m = rng.randint(1, 3), rng.randint(1, 3)
        p = Position.start(rules, [sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:n + m])],
                           talon=[deck[n + m]], trump_card=deck[n + m], discard="rest", attacker=rng.randrange(2),
                           first_bout=False)
        try:
            oracle = Oracle(p, limit=4000, key=talon_key)
        except OverflowError:
            continue
        done += 1
        check_verdicts(p, oracle, talon_key, rng, free=rng.random() < 0.5)
    a = analyse_moves(p, [])
    assert a.first is None


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_games_at_bigger_tables_are_judged_once_two_are_left(players):
    games = 0
    for seed in range(40):
        g = random_game(Rules.preset("podkidnoy", players=players, hand_size=4), seed)
        positions = [s.before for s in g.steps]
        judged = [i for i, q in enumerate(positions)
                  if q.result is None and not q.talon and len(holding_seats(q)) <= 2]
        if not judged or sum(map(int.bit_count, positions[judged[0]].hands)) > 16:
            continue  # (random play often leaves big endgames: the small ones keep this test quick)
        games += 1
        a = analyse_game(g, max_nodes=50_000)
        assert [v.index for v in a.verdicts] == judged
        if judged:
            assert a.first == judged[0]
            assert a.text().startswith(f"{a.first} move{'s' if a.first != 1 else ''} before two players were left "
                                       "with an empty talon")
        for v in a.verdicts:
            if v.before is None:  # past the search limit
                continue
            assert v.before == exact_value(positions[v.index], v.seat, max_nodes=None)
            assert v.after == exact_value(positions[v.index].play(v.move), v.seat, max_nodes=None)
        if games == 4:
            break
    assert games == 4


def test_a_two_player_game_is_judged_from_the_trump_card_alone():
    # a game whose talon holds only the trump card at some point: judged from there on
    for seed in range(60):
        g = random_game(Rules.preset("podkidnoy", players=2), seed)
        positions = [s.before for s in g.steps]
        at = [i for i, q in enumerate(positions) if q.talon and q.talon == (q.trump_card,)]
        if at:
            break
    a = analyse_game(g, max_nodes=100_000)
    assert a.first == at[0] and a.verdicts[0].index == at[0]
    assert "before only the face-up trump card was left in the talon" in a.text()
    assert [v.index for v in a.verdicts] == list(range(at[0], len(g.moves)))
