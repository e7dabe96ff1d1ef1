"""The numbers the game-AI adapters share (``durak_lab.rl.encoding``): every legal move of every
rules has one action number that reads back as that move; the mask marks exactly the legal moves;
an observation holds what its seat knows and nothing else (re-dealing the cards the seat cannot see
changes nothing); the layout's parts hold what the table says they hold."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy")

from durak_lab.engine.cards import iter_bits
from durak_lab.engine.moves import Move
from durak_lab.engine.partial import Partial
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.rl.encoding import (ActionCodec, ActionError, deck_cards, observation_layout, observation_size,
                                   observe, returns_of)

from helpers import CONFIGS, any_rules


def positions(rules: Rules, seed: int, limit: int = 400):
    """The positions of a random game under the sequential protocol (one seat acts at a time)."""
    rng = random.Random(seed)
    p = Position.deal(rules, rng)
    for _ in range(limit):
        yield p
        if p.result is not None:
            return
        p = p.play_unchecked(rng.choice(p.sequential_moves()))


def check_actions(codec: ActionCodec, p: Position) -> None:
    moves = p.sequential_moves()
    numbers = [codec.action(m, p.table) for m in moves]
    assert len(set(numbers)) == len(moves), "two legal moves share a number"
    assert all(0 <= a < codec.size for a in numbers)
    assert [codec.move(a, p.to_act(), p.table) for a in numbers] == moves
    mask = codec.mask(moves, p.table)
    assert mask.dtype == np.int8 and mask.shape == (codec.size,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(numbers)
    assert list(codec.legal_actions(moves, p.table).values()) == [m for _, m in sorted(zip(numbers, moves))]


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_every_legal_move_has_a_number_that_reads_back(preset, players):
    rules = Rules.preset(preset, players=players)
    codec = ActionCodec(rules)
    for seed in range(2):
        for p in positions(rules, seed):
            if p.result is None:
                check_actions(codec, p)


@settings(max_examples=40)
@given(rules=any_rules(), seed=st.integers(0, 2 ** 32))
def test_every_legal_move_of_any_rules_has_a_number(rules, seed):
    codec = ActionCodec(rules)
    for p in positions(rules, seed, limit=150):
        if p.result is None:
            check_actions(codec, p)


def test_the_numbering_of_the_36_card_deck():
    codec = ActionCodec(Rules.preset("podkidnoy", players=2))
    assert codec.size == 2 + 2 * 9 * 15 + 36 * 36 + 3 * 36
    assert codec.action(Move.parse("P1 take")) == 0 and codec.action(Move.parse("P2 pass")) == 1
    seven_h = codec.action(Move.parse("P1 attack 7♥"))
    sevens = codec.action(Move.parse("P1 attack 7♥ 7♣"))
    assert seven_h != sevens and codec.move(sevens, 3) == Move.parse("P4 attack 7♥ 7♣")
    cover = codec.action(Move.parse("P2 cover 7♥ with 9♥"))
    assert codec.starts["cover"] <= cover < codec.starts["show"]
    assert codec.move(cover, 1) == Move.parse("P2 cover 7♥ with 9♥")
    assert codec.describe(cover) == "cover 7♥ with 9♥"
    assert codec.move(codec.starts["transfer"], 0) == Move.parse("P1 transfer 6♠")


def test_moves_without_a_number_are_refused_by_name():
    codec = ActionCodec(Rules.preset("podkidnoy", players=2))
    with pytest.raises(ActionError, match="no choose"):
        codec.action(Move.parse("P2 choose 7♥ 9♣"))  # podkidnoy has no choice (R13)
    with pytest.raises(ActionError, match="not in this deck"):
        codec.action(Move.parse("P1 attack 2♥"))  # the 36-card deck starts at the six
    with pytest.raises(ActionError, match="one rank"):
        codec.action(Move("attack", 0, (Move.parse("P1 attack 7♥").card, Move.parse("P1 attack 8♥").card)))
    for bad in (-1, codec.size):
        with pytest.raises(ActionError, match="between 0 and"):
            codec.move(bad, 0)


def test_a_choice_is_numbered_by_the_places_of_the_uncovered_cards():
    rules = Rules.preset("unlimited_choice")
    p = Position.start(rules, ["7♦ 7♣ 7♠ 7♥ 8♦", "Q♦ A♣ 9♠"], trump="♥", discard="rest", attacker=0)
    for m in ("P1 attack 7♦", "P1 attack 7♣", "P1 attack 7♠", "P1 attack 7♥"):
        p = p.play(m)  # the free protocol: the attacker lays them one after another
    codec = ActionCodec(rules)
    chooses = [m for m in p.sequential_moves() if m.kind == "choose"]
    assert len(chooses) == 4  # three of the four sevens (R13)
    check_actions(codec, p)
    # the uncovered cards in card order are 7♠ 7♥ 7♦ 7♣: bits 0, 1, 2 name the first three
    assert codec.move(codec.starts["choose"] + 0b0111, 1, p.table) == Move.parse("P2 choose 7♠ 7♥ 7♦")
    with pytest.raises(ActionError, match="beyond the 4 uncovered"):
        codec.move(codec.starts["choose"] + 0b10000, 1, p.table)
    with pytest.raises(ActionError, match="uncovered cards of the table"):
        codec.action(chooses[0])  # no table given


def test_jokers_have_numbers():
    rules = Rules.preset("doker", players=2)
    codec = ActionCodec(rules)
    jokers = [c for c in deck_cards(rules) if c >= 52]
    assert len(jokers) == 2
    for j in jokers:
        m = Move("attack", 0, (j,))
        assert codec.move(codec.action(m), 0) == m


@pytest.mark.parametrize("preset,players", [(p, n) for p, n in CONFIGS if n <= 6])
def test_an_observation_is_a_function_of_what_the_seat_knows(preset, players):
    """The property of views, for the vectors: the cards a seat cannot see, dealt again in any
    way that fits what it knows, give the same observation; and the vector changes when the seat's
    own hand does (it is not blind)."""
    rules = Rules.preset(preset, players=players)
    rng = random.Random(f"{preset} {players}")
    checked = 0
    for i, p in enumerate(positions(rules, seed=players)):
        if i % 7:
            continue
        for seat in range(players):
            obs = observe(p.view(seat))
            for k in range(2):
                other = Partial.seen_from(p, seat).deal(rng)
                assert np.array_equal(observe(other.view(seat)), obs), (str(p), seat)
            checked += 1
    assert checked >= players


def test_the_layout_holds_the_view():
    rules = Rules.preset("perevodnoy", players=3)
    lay = observation_layout(rules)
    deck = deck_cards(rules)
    p = next(q for i, q in enumerate(positions(rules, seed=4)) if i >= 9 and q.table)
    for seat in range(3):
        v = p.view(seat)
        obs = observe(v)
        assert obs.shape == (observation_size(rules),) and obs.dtype == np.float32
        assert obs.min() >= 0.0 and obs.max() <= 1.0
        assert [deck[i] for i in np.flatnonzero(obs[lay["hand"]])] == list(iter_bits(v.hand_mask))
        assert [deck[i] for i in np.flatnonzero(obs[lay["discard"]])] == list(iter_bits(v.discard))
        on_table = sorted(int(deck[i]) for part in ("attacks_open", "attacks_covered", "covers")
                          for i in np.flatnonzero(obs[lay[part]]))
        assert on_table == sorted(list(iter_bits(v.table_cards())))
        # per-seat parts are counted from the observer: its own hand size first
        assert obs[lay["hand_sizes"]][0] * len(deck) == pytest.approx(len(v.hand))
        rel = (v.defender - seat) % 3
        assert np.flatnonzero(obs[lay["defender"]]).tolist() == [rel]
        assert obs[lay["trump_suit"]].tolist() == [float(s == v.trump) for s in range(4)]
        known = obs[lay["known"]].reshape(2, len(deck))
        for k in (1, 2):
            other = (seat + k) % 3
            assert [deck[i] for i in np.flatnonzero(known[k - 1])] == list(iter_bits(v.known[other]))


def test_observe_fills_a_given_vector():
    rules = Rules.preset("podkidnoy", players=2)
    p = Position.deal(rules, 3)
    out = np.full(observation_size(rules), 7.0, dtype=np.float32)
    assert observe(p.view(1), out=out) is out
    assert np.array_equal(out, observe(p.view(1)))


def test_returns():
    assert returns_of((0,), 2) == [-1.0, 1.0]
    assert returns_of((), 3) == [0.0, 0.0, 0.0]
    assert returns_of((1, 3), 4) == [1.0, -1.0, 1.0, -1.0]
    assert returns_of(None, 2) == [0.0, 0.0]
