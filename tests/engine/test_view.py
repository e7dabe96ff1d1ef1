"""A player's view holds what that seat knows and nothing more."""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.cards import CardSet, deck_mask, popcount
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.engine.view import view_of

from helpers import CONFIGS


def test_view_at_the_deal_R3_R7():
    p = Position.start(Rules(players=2), ["6♥ 7♦", "Q♦ 8♠"], talon=["K♣", "9♥"], trump_card="9♥",
                       discard="rest")
    v = view_of(p, 1)
    assert v.hand == CardSet.parse("Q♦ 8♠")
    assert v.hand_sizes == (2, 2) and v.talon_size == 2
    assert str(v.trump_card) == "9♥" and v.trump_card_holder is None
    assert v.known_in(0) == CardSet.parse("6♥")        # the lowest trump was shown (R7)
    assert v.unseen() == CardSet.parse("7♦ K♣")       # the face-up 9♥ is known to lie in the talon
    assert v.hidden_count(0) == 1 and v.talon_hidden() == 1
    assert v.legal_moves() == []                        # P2 defends; nothing on the table yet


def test_cards_picked_up_are_public_R18_and_trump_card_holder_R3():
    p = Position.start(Rules(players=2), ["7♦ Q♥ 6♠", "Q♦ 9♣ 6♣"], talon=["A♠", "9♥"], trump_card="9♥",
                       discard="rest", attacker=0)
    p = p.play("P1 attack 7♦").play("P2 cover 7♦ with Q♦").play("P1 attack Q♥").play("P2 take")
    v = view_of(p, 0)
    assert CardSet.parse("7♦ Q♦ Q♥") == v.known_in(1) & CardSet.parse("7♦ Q♦ Q♥")
    # P1 draws first (R19): both talon cards, the last the face-up 9♥, which everybody saw
    assert v.talon_size == 0 and v.trump_card_holder == 0
    assert "9♥" in view_of(p, 1).known_in(0)
    assert "A♠" not in view_of(p, 1).known_in(0)


@pytest.mark.parametrize("preset,players", CONFIGS[::3])
def test_unseen_cards_fill_exactly_the_hidden_places(preset, players):
    rng = random.Random(players)
    p = Position.deal(Rules.preset(preset, players=players), rng)
    for _ in range(120):
        if p.is_over:
            break
        for seat in range(players):
            v = p.view(seat)
            hidden = sum(v.hidden_count(s) for s in range(players)) + v.talon_hidden()
            assert popcount(v.unseen_mask()) == hidden
            assert v.unseen_mask() & v.hand_mask == 0
            assert v.unseen_mask() & ~p.rules.all_cards == 0  # the jokers too (doker)
            # the view never reveals another seat's unknown cards
            for s in range(players):
                if s != seat:
                    assert v.known[s] & ~p.hands[s] == 0
            assert set(v.legal_moves()) == set(p.legal_moves(seat))
            # the bout's public state, as the position holds it (R6, R13, R14, R19, R29)
            assert (v.first_limit, v.start_hand, v.attack_order, v.swap_open, v.in_bout) == \
                (p.first_limit, p.start_hand, p.attack_order, p.swap_open, p.in_bout)
        p = p.play(rng.choice(p.legal_moves()))


def test_views_are_hashable_values():
    p = Position.deal(Rules(players=3), seed=2)
    assert view_of(p, 0) == view_of(p, 0)
    assert len({view_of(p, 0), view_of(p, 0), view_of(p, 1)}) == 2


def test_the_first_bout_limit_shows_in_the_view_until_a_bout_ends_R14():
    p = Position.deal(Rules.preset("podkidnoy", players=2), seed=4)
    assert p.view(0).first_limit and p.view(1).first_limit
    while p.first_limit:
        p = p.play(p.sequential_moves()[-1])  # take or pass: the bout ends soon
    assert not p.view(0).first_limit and not p.view(1).first_limit
