"""The live helper follows a real game from one seat: whatever the random deal of the hidden cards,
the seat's view is the real game's view, move after move (issue 38, step 4).

The real game is played by the engine with its own cards (seeded, random legal moves); the live
game is told only what the seat sees: its hand, the face-up trump card, the leader, every move, and
the cards it draws.  Where the live game asks an attacker who in the real game had nothing to throw
in (the engine ended the real bout by itself), the person says "P2 pass", as at a real table."""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.cards import Card, CardSet
from durak_lab.engine.errors import IllegalMoveError, PositionError
from durak_lab.engine.hidden import exchange
from durak_lab.engine.rules import Rules
from durak_lab.engine.state.position import Position
from durak_lab.session.live import LiveError, LiveGame

CASES = [("podkidnoy", 2), ("podkidnoy", 3), ("podkidnoy", 4), ("perevodnoy", 2), ("perevodnoy", 3)]


def follow(preset: str, players: int, seed: int, seat: int, live_seed: int, max_moves: int = 400):
    rules = Rules.preset(preset, players=players)
    real = Position.deal(rules, seed)
    rng = random.Random(seed * 7 + 1)
    face = real.talon[-1] if real.talon else None
    live = LiveGame(rules, seat, list(CardSet(real.hands[seat])), face, leader=real.leader,
                    shown=next(iter(CardSet(real.known[real.leader]))) if real.known[real.leader] else None,
                    seed=live_seed)
    checked = 0
    for _ in range(max_moves):
        if real.result is not None:
            break
        moves = real.sequential_moves()
        m = rng.choice(moves)
        before = real
        real = real.play(m)
        # the live game: the move, passes where the real engine ended the bout by itself, the draw
        live.move(m)
        guard = 0
        # (the seat itself too: in the real game nobody could add, so the engine ended the bout; the
        # live game asks each attacker in turn, the seat included, and at the table each says "pass")
        while live.position.table and not real.table and live.to_draw == 0 and live.position.result is None:
            t = live.position.to_act()
            assert t is not None and guard < 3 * players, "the bout never ends"
            live.move(f"P{t + 1} pass")
            guard += 1
        if live.to_draw:
            got = CardSet(real.hands[seat] & ~before.hands[seat] & ~before.table_cards())
            live.drew(list(got))
        assert live.view == real.view(seat), f"move {checked}: {m}"
        checked += 1
    return checked, live, real


@pytest.mark.parametrize("preset, players", CASES)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_live_view_is_the_real_view_whatever_the_deal_of_the_hidden_cards(preset, players, seed):
    seat = seed % players
    n1, live1, real = follow(preset, players, seed, seat, live_seed=10)
    n2, live2, _ = follow(preset, players, seed, seat, live_seed=99)
    assert n1 == n2 > 5
    assert live1.view == live2.view == real.view(seat)
    assert live1.position.result == real.result


def test_a_move_the_rules_forbid_changes_nothing():
    g = LiveGame(Rules(players=2), 0, "6♠ 8♦ 9♦ J♣ Q♥ A♠", "10♠", leader=1, seed=3)
    before = g.position
    with pytest.raises(IllegalMoveError):
        g.move("P1 attack 8♦")  # P2 leads
    assert g.position is before and g.history == []
    g.move("P2 attack 7♦")
    after_attack = g.position
    with pytest.raises(IllegalMoveError) as err:
        g.move("P1 cover 7♦ with J♣")  # a club does not beat a diamond
    assert err.value.reason.value == "does-not-beat"
    assert g.position is after_attack and len(g.history) == 1
    # another seat's illegal move with a card the deal had put elsewhere: still nothing changes
    with pytest.raises(IllegalMoveError):
        g.move("P2 attack K♥")  # P2 has led; a K is not on the table
    assert g.position is after_attack


def test_cards_the_seat_has_seen_cannot_be_in_another_hand():
    g = LiveGame(Rules(players=2), 0, "6♠ 8♦ 9♦ J♣ Q♥ A♠", "10♠", leader=1, seed=3)
    for text, key in (("P2 attack 8♦", "live-seen-card"),   # my own card
                      ("P2 attack 10♠", "live-seen-card")):  # the face-up trump card
        with pytest.raises(LiveError) as err:
            g.move(text)
        assert err.value.key == key
        assert err.value.sentence()  # a catalogue sentence, not English glued in code
    g.move("P2 attack 7♦")
    g.move("P1 cover 7♦ with 9♦")
    with pytest.raises(LiveError) as err:
        g.move("P2 attack 9♦")  # on the table now
    assert err.value.key == "live-seen-card"


def test_the_draw_must_be_said_before_the_next_move_and_be_cards_one_could_draw():
    g = LiveGame(Rules(players=2), 0, "6♠ 8♦ 9♦ J♣ Q♥ A♠", "10♠", leader=1, seed=1)
    for m in ("P2 attack 7♦", "P1 cover 7♦ with 9♦", "P2 pass"):
        g.move(m)
    assert g.to_draw == 1 and g.waiting_for() == "you"
    with pytest.raises(LiveError) as err:
        g.move("P1 attack 8♦")
    assert err.value.key == "live-draw-first"
    for cards, key in ((["K♥", "K♦"], "live-draw-count"), (["7♦"], "live-seen-card"), (["8♦"], "live-seen-card"),
                       (["10♠"], "live-face-card"), ("nonsense", "live-bad-cards")):
        with pytest.raises(LiveError) as err:
            g.drew(cards)
        assert err.value.key == key, cards
        assert g.to_draw == 1
    g.drew(["K♥"])
    assert "K♥" in str(g.view.hand) and g.to_draw == 0
    g.undo()
    assert g.to_draw == 1
    g.undo()
    g.undo()
    g.undo()
    assert g.position.table == () and g.waiting_for() == "P2"
    with pytest.raises(LiveError):
        g.undo()


@pytest.mark.parametrize("kwargs, key", [
    (dict(hand="6♠ 8♦ 9♦", trump_card="10♠"), "live-hand-size"),
    (dict(hand="6♠ 6♠ 9♦ J♣ Q♥ A♠", trump_card="10♠"), "live-hand-size"),
    (dict(hand="6♠ 8♦ 9♦ J♣ Q♥ A♠", trump_card="6♠"), "live-twice"),
    (dict(hand="2♠ 8♦ 9♦ J♣ Q♥ A♠", trump_card="10♠"), "live-not-in-deck"),
    (dict(hand="6♠ 8♦ 9♦ J♣ Q♥ A♠", trump_card="10♠", leader=5), "live-bad-seat"),
    (dict(hand="6♠ 8♦ 9♦ J♣ Q♥ A♠", trump_card="10♠", talon=40), "live-talon-size"),
    (dict(hand="6♠ 8♦ 9♦ J♣ Q♥ A♠", trump_card="10♠", leader=0, shown="7♠"), "live-not-yours"),
])
def test_a_start_that_cannot_be_says_what_is_wrong(kwargs, key):
    with pytest.raises(LiveError) as err:
        LiveGame(Rules(players=2), 0, **kwargs)
    assert err.value.key == key
    assert err.value.sentence()


def test_exchange_keeps_what_everyone_knows():
    p = Position.deal(Rules(players=3), 5)
    view = [p.view(s) for s in range(3)]
    a = next(iter(CardSet(p.hands[1] & ~p.known[1])))
    b = p.talon[0]
    q = exchange(p, a, b)
    assert q.view(0) == view[0]  # P1 saw neither card
    assert Card(b) in CardSet(q.hands[1]) and q.talon[0] == a
    with pytest.raises(PositionError):
        exchange(p, p.talon[-1], a)  # the face-up trump card


def test_the_helper_evaluates_from_the_seats_view_alone():
    rules = Rules(players=2)
    real = Position.deal(rules, 8)
    face = real.talon[-1]
    shown = next(iter(CardSet(real.known[real.leader])), None)
    figures = []
    for live_seed in (1, 2):
        g = LiveGame(rules, 1, list(CardSet(real.hands[1])), face, leader=real.leader, shown=shown, seed=live_seed)
        ev = g.evaluate(playouts=200, seed=5)
        assert ev is not None and ev.seat == 1
        figures.append(ev.to_json())
    for f in figures:
        f.pop("seconds")
    assert figures[0] == figures[1]  # the random deal of the hidden cards does not show through
