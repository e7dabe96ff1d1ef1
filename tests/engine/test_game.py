"""Game: play, undo, errors leave it unchanged, sequential mode."""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.errors import DurakError, IllegalMoveError, MoveTextError, Reason
from durak_lab.engine.game import Game
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position


def _start() -> Position:
    return Position.start(Rules(players=3), ["7♥ 10♦ 6♠", "10♥ 8♠ Q♣", "8♣ 9♣ 9♦"], trump="♠",
                          discard="rest", attacker=0)


def test_play_records_steps_and_undo_restores_exactly():
    g = Game(_start())
    before = g.position
    g.play("P1 attack 7♥")
    g.play("P2 cover 7♥ with 10♥")
    assert [str(m) for m in g.moves] == ["P1 attack 7♥", "P2 cover 7♥ with 10♥"]
    assert g.steps[1].before.table_text() == "7♥"
    assert str(g.undo()) == "P2 cover 7♥ with 10♥"
    assert str(g.undo()) == "P1 attack 7♥"
    assert g.position == before and g.position is before
    with pytest.raises(DurakError):
        g.undo()


def test_illegal_move_leaves_the_game_unchanged():
    g = Game(_start())
    g.play("P1 attack 7♥")
    snapshot = (g.position, list(g.steps))
    with pytest.raises(IllegalMoveError) as err:
        g.play("P2 cover 7♥ with Q♣")
    assert err.value.reason is Reason.DOES_NOT_BEAT
    assert (g.position, g.steps) == snapshot
    with pytest.raises(MoveTextError):
        g.play("P2 cover 7♥ width Q♣")
    assert (g.position, g.steps) == snapshot
    assert g.why_illegal("P3 attack 9♦") is not None and "9" in g.why_illegal("P3 attack 9♦")


def test_sequential_game_only_lets_the_seat_to_act_move():
    g = Game(_start(), sequential=True)
    g.play("P1 attack 7♥")
    # P3 may throw in under the free protocol, but not now in sequential play
    assert g.position.is_legal("P3 pass")
    with pytest.raises(IllegalMoveError) as err:
        g.play("P3 pass")
    assert err.value.reason is Reason.NOT_YOUR_TURN
    # a sentence for a learner: whose turn it is, no word of the engine's protocols
    assert err.value.message == "it is P2's turn, not P3's"
    assert g.why_illegal("P3 pass") == "it is P2's turn, not P3's"
    assert {m.seat for m in g.legal_moves()} == {1}


def test_random_games_end_and_undo_all_the_way_back():
    rng = random.Random(5)
    g = Game.deal(Rules.preset("perevodnoy", players=4), rng)
    start = g.position
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    assert g.result is not None and len(g) > 10
    while len(g):
        g.undo()
    assert g.position == start
