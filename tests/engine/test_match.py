"""Matches: the next game's leader (R8) and the durak count (R30)."""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.errors import DurakError
from durak_lab.engine.match import Match, next_leader
from durak_lab.engine.rules import NextLeader, Rules


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


# ------------------------------------------------- R8 per source: who leads a later game

#: The preset names whose source is each of the four texts (R8 passage quoted in each test).
_FI_PRESETS = ("finnish", "pairs")
_HE_PRESETS = ("classic", "perevodnoy", "perevodnoy_show", "by_turns", "simple", "pairs_he", "he_hand",
               "unlimited", "doker", "pushing")
_ZH_PRESETS = ("podkidnoy", "neighbours")
# the defender chooses the cards to beat (R13): HE "התקפה בלתי מוגבלת" and the FI individual game
_HE_PRESETS += ("unlimited_choice",)
_FI_PRESETS += ("finnish_choice",)


def _later_game_leaders(rules, games=5, seed=11):
    """(the game's leader, the holder of its lowest trump, the last game's duraks) of games 2…"""
    rng = random.Random(seed)
    m = Match(rules, seed=seed)
    out = []
    for i in range(games):
        g = m.new_game()
        p = g.position
        trumps = [(c, s) for s in range(rules.players) for c in p.hand(s) if c.suit == p.trump]
        if i:
            out.append((p.leader, min(trumps)[1] if trumps else None, m.results[-1]))
        _play_out(g, rng)
        m.finish(g)
    return out


@pytest.mark.parametrize("name", _FI_PRESETS)
def test_R8_FI_every_game_starts_with_the_lowest_trump(name):
    # FI "Pelin aloittaa pelaaja, jolla on pienin valtti." (the player with the lowest trump
    # starts the game) -- "Pelin häviäjä toimii seuraavan jaon jakajana." (the loser deals the
    # next deal) names the dealer, not the leader.
    rules = Rules.preset(name)
    assert rules.next_leader is NextLeader.LOWEST_TRUMP
    assert next_leader(rules, (1,)) is None
    for leader, lowest, _ in _later_game_leaders(rules):
        if lowest is not None:
            assert leader == lowest


@pytest.mark.parametrize("name", _HE_PRESETS)
def test_R8_HE_usually_the_lowest_trump_leads_every_game(name):
    # HE "התור הראשון במשחק הוא בדרך כלל של השחקן שבידו הקוזיר הנמוך ביותר" (the first turn of the
    # game is usually the player holding the lowest trump) -- "אך בגרסאות מסוימות מתחיל השחקן שיושב
    # לימינו או לשמאלו (בהתאם לגרסה) של מי שהוכרז כ"דוראק" בסיבוב המשחק הקודם" (in some versions the
    # player to the right or left of the last durak starts): the options right_of_durak and
    # left_of_durak.  "ה"דוראק" אוסף את הקלפים ומחלקם לסיבוב הבא" (the durak deals) names the dealer.
    rules = Rules.preset(name)
    assert rules.next_leader is NextLeader.LOWEST_TRUMP
    for leader, lowest, _ in _later_game_leaders(rules, games=3):
        if lowest is not None:
            assert leader == lowest


@pytest.mark.parametrize("how,expected", [("right_of_durak", 1), ("left_of_durak", 3)])
def test_R8_HE_variants_right_or_left_of_the_last_durak(how, expected):
    # HE "לימינו או לשמאלו (בהתאם לגרסה) של מי שהוכרז כ"דוראק"": seat 2 was durak of 4
    rules = Rules.preset("classic", players=4, next_leader=how)
    assert next_leader(rules, (2,)) == expected


@pytest.mark.parametrize("name", _ZH_PRESETS)
def test_R8_ZH_later_games_start_left_of_the_last_durak(name):
    # ZH "持有最小将牌的人先开始。之后的局由上一局杜拉克左边的玩家开始。" (the holder of the lowest
    # trump starts; later games are started by the player to the left of the last durak)
    rules = Rules.preset(name, players=4)
    assert rules.next_leader is NextLeader.LEFT_OF_DURAK
    for leader, _, last in _later_game_leaders(rules, games=4):
        if last:
            assert leader == (min(last) + 1) % 4


def test_R8_KO_from_the_second_game_the_winner_leads():
    # KO "앞의 내용들은 첫 번째 판 기준으로, 두 번째 판부터는 승자가 선을 잡는다." (the above is for
    # the first game; from the second game the winner leads) -- two players, no preset
    rules = Rules(players=2, next_leader="winner")
    for leader, _, last in _later_game_leaders(rules, games=4):
        if last:
            assert leader == 1 - last[0]


def test_R8_every_preset_is_checked_against_its_source():
    from durak_lab.engine.rules import PRESETS
    assert set(PRESETS) == set(_FI_PRESETS + _HE_PRESETS + _ZH_PRESETS)
