"""Matches: the next game's leader (R8) and the durak count (R30)."""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.errors import DurakError
from durak_lab.engine.match import Match, next_leader
from durak_lab.engine.rules import Rules


def _play_out(game, rng):
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("how,expected", [("left_of_durak", 3), ("right_of_durak", 1)])
def test_R8_next_leader_around_the_durak(how, expected):
    assert next_leader(Rules(players=4, next_leader=how), (2,)) == expected


def test_R8_after_a_draw_the_lowest_trump_leads_again():
    assert next_leader(Rules(players=3), ()) is None


def test_R8_KO_winner_leads():
    assert next_leader(Rules(players=2, next_leader="winner"), (0,)) == 1


def test_R8_match_deals_the_next_game_to_the_left_of_the_durak():
    rng = random.Random(1)
    m = Match(Rules(players=4), seed=9)
    for _ in range(4):
        g = m.new_game()
        if m.results:
            last = m.results[-1]
            if last:
                assert g.position.leader == (min(last) + 1) % 4
        _play_out(g, rng)
        m.finish(g)


def test_R30_standings_count_duraks_and_fewest_wins():
    rng = random.Random(2)
    m = Match(Rules(players=3), seed=3)
    for _ in range(6):
        g = m.new_game()
        _play_out(g, rng)
        m.finish(g)
    st = m.standings()
    assert sum(st.values()) == sum(len(r) for r in m.results)
    best = min(st.values())
    assert m.winners() == [s for s, c in st.items() if c == best]


def test_match_refuses_to_deal_over_an_unfinished_game():
    m = Match(Rules(players=2), seed=1)
    g = m.new_game()
    with pytest.raises(DurakError):
        m.new_game()
    with pytest.raises(DurakError):
        m.finish(g)
