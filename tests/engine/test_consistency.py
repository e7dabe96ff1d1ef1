"""A generic random-simulation consistency test, and one golden playthrough.

In the manner of OpenSpiel's ``random_sim_test``: seeded random games under the
sequential protocol, checking at every state that "who acts" and "what may be
played" agree.  The golden transcript pins the behaviour of one whole game.
"""

import random

import pytest

from durak_lab.engine.moves import Move, seat_text
from durak_lab.engine.state import Position

from helpers import assert_conserved, assert_result_consistent, rules

SIM_CONFIGS = [("podkidnoy", 2), ("podkidnoy", 6), ("classic", 3), ("perevodnoy", 4), ("perevodnoy_show", 3),
               ("neighbours", 6), ("by_turns", 5), ("simple", 3), ("pairs", 4), ("pairs_he", 6),
               ("finnish", 5), ("he_hand", 4), ("unlimited", 3)]
MAX_MOVES = 3000


def check_state(p):
    over = p.is_over
    assert (p.to_act() is None) == over
    assert (p.result is None) == (not over)
    seq = p.sequential_moves()
    assert bool(seq) == (not over)
    assert bool(p.legal_moves()) == (not over)
    if over:
        assert_result_consistent(p)
        return
    t = p.to_act()
    assert 0 <= t < p.players
    assert seq == p.legal_moves(t), "sequential moves are the free moves of the seat to act"
    for m in seq:
        assert m.seat == t
        assert Move.parse(str(m), p.players) == m
        after = p.play(m, sequential=True)      # never raises for a listed move
        assert_conserved(after)
    assert {m.seat for m in p.legal_moves()} >= {t}


@pytest.mark.parametrize("name,players", SIM_CONFIGS)
def test_random_simulation_sequential(name, players):
    for seed in range(10):
        p = Position.deal(rules(name, players=players), seed)
        rng = random.Random(seed)
        for _ in range(MAX_MOVES):
            check_state(p)
            if p.is_over:
                break
            moves = p.sequential_moves()
            p = p.play(moves[rng.randrange(len(moves))], sequential=True)
        assert p.is_over, f"{name}/{players} seed {seed} did not end within {MAX_MOVES} moves"


@pytest.mark.parametrize("name,players", SIM_CONFIGS)
def test_random_simulation_free(name, players):
    for seed in range(10):
        p = Position.deal(rules(name, players=players), seed)
        rng = random.Random(seed)
        for _ in range(MAX_MOVES):
            moves = p.legal_moves()
            assert bool(moves) == (not p.is_over)
            if p.is_over:
                assert_result_consistent(p)
                break
            for m in moves:
                p.play(m)                          # never raises for a listed move
            p = p.play(moves[rng.randrange(len(moves))])
            assert_conserved(p)
        assert p.is_over, f"{name}/{players} seed {seed} did not end within {MAX_MOVES} moves"


def test_positions_are_immutable_values():
    p = Position.deal(rules("podkidnoy", players=3), 7)
    with pytest.raises(AttributeError):
        p.leader = 0
    with pytest.raises(AttributeError):
        p.hands = ()
    assert Position.deal(rules("podkidnoy", players=3), random.Random(7)) == p
    assert {p: "start"}[Position.deal(rules("podkidnoy", players=3), 7)] == "start"
    assert p != Position.deal(rules("classic", players=3), 7), "the rules are part of the value"


# ---------------------------------------------------------------- golden playthrough


def _event_text(e):
    cards = " ".join(str(c) for c in e.cards)
    if e.kind == "bito":
        return f"bito {cards}"
    if e.kind in ("pickup", "draw", "return"):
        return f"{e.kind} {seat_text(e.seat)} {cards}"
    if e.kind == "out":
        return f"out {seat_text(e.seat)}"
    if e.kind == "bout":
        return f"bout {seat_text(e.seat)}>{seat_text(e.other)}"
    assert e.kind == "over"
    return "over " + (" ".join(seat_text(s) for s in e.losers) or "draw")


# podkidnoy, 3 players, seed 1, sequential protocol, always the first legal move.
# Reviewed by hand: trump ♦ (9♦ under the talon); P2 holds 6♦, the lowest trump, and
# leads against P3 (R7, R9); after a take the next leader is the taker's left neighbour and
# the taker draws last or not at all (R18, R19); the 9♦ is drawn last (R3); at most six attack
# cards a bout and never more uncovered cards than the defender holds (R13); P3 goes out with
# the talon empty (R28) and P1 ends up the durak.  Every attacker who holds cards and has not
# passed is asked in turn, whether or not he holds a rank of the table (R3): such an attacker
# passes (13 passes more than when he was skipped; the other 87 moves and the result are the same).
GOLDEN_HANDS = ["8♠ 7♦ 10♦ 6♣ 9♣ K♣", "7♥ 8♥ A♥ 6♦ J♦ Q♣", "7♠ J♠ 6♥ 8♣ J♣ A♣"]
GOLDEN_TALON = "10♥ A♦ 6♠ 7♣ 9♠ Q♠ K♦ 9♥ 8♦ Q♥ J♥ Q♦ 10♣ K♠ K♥ 10♠ A♠ 9♦"
GOLDEN = [
    ('P2 attack 7♥', []),
    ('P3 take', []),
    ('P2 pass', []),
    ('P1 attack 7♦', ['pickup P3 7♥ 7♦', 'draw P2 10♥', 'draw P1 A♦', 'bout P1>P2']),
    ('P1 attack 8♠', []),
    ('P2 cover 8♠ with 6♦', []),
    ('P1 attack 6♣', []),
    ('P2 cover 6♣ with J♦', []),
    ('P1 pass', []),
    ('P3 attack J♠', []),
    ('P2 take', []),
    ('P1 pass', []),
    ('P3 attack 6♥', []),
    ('P1 pass', []),
    ('P3 attack 8♣', []),
    ('P1 pass', []),
    ('P3 attack J♣', ['pickup P2 8♠ J♠ 6♥ 6♦ J♦ 6♣ 8♣ J♣', 'draw P1 6♠ 7♣', 'draw P3 9♠ Q♠', 'bout P3>P1']),
    ('P3 attack 7♠', []),
    ('P1 cover 7♠ with 10♦', []),
    ('P3 attack 7♥', []),
    ('P1 cover 7♥ with A♦', []),
    ('P3 attack 7♦', []),
    ('P1 take', []),
    ('P3 attack A♣', []),
    ('P3 pass', []),
    ('P2 attack 10♥', []),
    ('P3 pass', []),
    ('P2 attack A♥', ['pickup P1 7♠ 7♥ 10♥ A♥ 7♦ 10♦ A♦ A♣', 'draw P3 K♦ 9♥ 8♦ Q♥', 'bout P2>P3']),
    ('P2 attack 8♠', []),
    ('P3 cover 8♠ with 9♠', []),
    ('P2 attack 8♥', []),
    ('P3 cover 8♥ with 9♥', []),
    ('P2 attack 8♣', []),
    ('P3 cover 8♣ with 8♦', []),
    ('P2 pass', []),
    ('P1 attack 9♣', []),
    ('P3 cover 9♣ with K♦', []),
    ('P2 pass', []),
    ('P1 attack K♣', []),
    ('P3 take', ['pickup P3 8♠ 9♠ 8♥ 9♥ 8♦ K♦ 8♣ 9♣ K♣', 'bout P1>P2']),
    ('P1 attack 6♠', []),
    ('P2 cover 6♠ with J♠', ['bito 6♠ J♠', 'bout P2>P3']),
    ('P2 attack 6♥', []),
    ('P3 cover 6♥ with 8♥', []),
    ('P2 attack 6♦', []),
    ('P3 cover 6♦ with 8♦', []),
    ('P2 attack 6♣', []),
    ('P3 cover 6♣ with K♦', ['bito 6♥ 8♥ 6♦ 8♦ K♦ 6♣', 'draw P2 J♥ Q♦ 10♣', 'bout P3>P1']),
    ('P3 attack 8♠', []),
    ('P1 cover 8♠ with 7♦', []),
    ('P3 attack 8♣', []),
    ('P1 cover 8♣ with 10♦', []),
    ('P3 pass', []),
    ('P2 attack 10♣', []),
    ('P1 cover 10♣ with A♦', ['bito 8♠ 7♦ 10♦ A♦ 8♣ 10♣', 'draw P2 K♠', 'bout P1>P2']),
    ('P1 attack 7♠', []),
    ('P2 cover 7♠ with K♠', []),
    ('P1 attack 7♥', []),
    ('P2 cover 7♥ with J♥', []),
    ('P1 attack 7♣', []),
    ('P2 cover 7♣ with J♦', []),
    ('P1 pass', []),
    ('P3 attack K♣', []),
    ('P2 cover K♣ with Q♦', []),
    ('P1 pass', []),
    ('P3 attack Q♠', []),
    ('P2 take', []),
    ('P1 pass', []),
    ('P3 attack Q♥', ['pickup P2 7♠ Q♠ K♠ 7♥ J♥ Q♥ J♦ Q♦ 7♣ K♣', 'draw P1 K♥ 10♠ A♠', 'draw P3 9♦', 'bout P3>P1']),
    ('P3 attack 9♠', []),
    ('P1 cover 9♠ with 10♠', []),
    ('P3 attack 9♥', []),
    ('P1 cover 9♥ with 10♥', []),
    ('P3 attack 9♦', []),
    ('P1 take', []),
    ('P3 attack 9♣', ['pickup P1 9♠ 10♠ 9♥ 10♥ 9♦ 9♣', 'out P3', 'bout P2>P1']),
    ('P2 attack 7♠', []),
    ('P1 cover 7♠ with 9♠', []),
    ('P2 attack 7♥', []),
    ('P1 cover 7♥ with 9♥', []),
    ('P2 attack 7♣', []),
    ('P1 cover 7♣ with 9♦', ['bito 7♠ 9♠ 7♥ 9♥ 9♦ 7♣', 'bout P1>P2']),
    ('P1 attack 10♠', []),
    ('P2 cover 10♠ with Q♠', []),
    ('P1 attack 10♥', []),
    ('P2 cover 10♥ with J♥', ['bito 10♠ Q♠ 10♥ J♥', 'bout P2>P1']),
    ('P2 attack K♠', []),
    ('P1 cover K♠ with A♠', []),
    ('P2 attack K♣', []),
    ('P1 cover K♣ with A♣', ['bito K♠ A♠ K♣ A♣', 'bout P1>P2']),
    ('P1 attack K♥', []),
    ('P2 cover K♥ with J♦', ['bito K♥ J♦', 'bout P2>P1']),
    ('P2 attack Q♥', []),
    ('P1 cover Q♥ with A♥', []),
    ('P2 attack Q♦', []),
    ('P1 take', ['pickup P1 Q♥ A♥ Q♦', 'bout P2>P1']),
    ('P2 attack J♣', []),
    ('P1 cover J♣ with Q♦', []),
    ('P2 attack Q♣', []),
    ('P1 take', ['pickup P1 Q♦ J♣ Q♣', 'out P2', 'over P1']),
]


def test_golden_playthrough_podkidnoy_three_players_seed_1():
    p = Position.deal(rules("podkidnoy", players=3), 1)
    assert [str(p.hand(s)) for s in range(3)] == GOLDEN_HANDS
    assert " ".join(str(c) for c in p.talon) == GOLDEN_TALON
    assert (p.leader, p.defender) == (1, 2)
    transcript = []
    while not p.is_over and len(transcript) < MAX_MOVES:
        m = p.sequential_moves()[0]
        p, events = p.play_events(m, sequential=True)
        transcript.append((str(m), [_event_text(e) for e in events]))
    assert transcript == GOLDEN
    assert p.result == (0,) and p.result_text() == "P1 is durak"
