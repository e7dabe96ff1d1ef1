"""Tournaments (durak_lab.bots.tournament): seeded and repeatable, every bot in every seat, counts
that add up, bad bots named, endless games stopped, records that replay; and the tables
and charts built on them (durak_lab.tables.tournament, durak_lab.plots.tournament)."""

import random
from dataclasses import dataclass

import pytest

from durak_lab.bots import BotError, EndgameBot, RandomBot, TipsBot
from durak_lab.engine.cards import Card, beats
from durak_lab.engine.moves import Move
from durak_lab.engine.records import load_record, replay
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.bots.tournament import deal_seeds, play_deals, play_game, round_robin, wilson

from helpers import CONFIGS, rules


@pytest.fixture(scope="module")
def two():
    return round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=40, seed=7)


def test_the_same_seed_gives_the_same_games(two):
    again = round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=40, seed=7)
    assert again.games == two.games
    other = round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=40, seed=8)
    assert {g.seed for g in other.games}.isdisjoint({g.seed for g in two.games})


def test_each_deal_is_played_with_the_seats_swapped(two):
    by_deal = {}
    for g in two.games:
        by_deal.setdefault(g.deal, []).append(g)
    assert sorted(by_deal) == list(range(40))
    for games in by_deal.values():
        assert [g.seats for g in games] == [("tips", "random"), ("random", "tips")]
        assert len({g.seed for g in games}) == 1
        assert games[0].game().start == games[1].game().start == Position.deal(Rules(players=2), games[0].seed)


def test_standings_add_up_and_rank_the_fewest_duraks_first(two):
    rows = two.standings()
    assert [r["bot"] for r in rows] == ["tips", "random"]        # R30: the fewest duraks win
    assert all(r["games"] == 80 for r in rows)
    assert sum(r["duraks"] for r in rows) == sum(len(g.losers) for g in two.games)
    draws = sum(g.draw for g in two.games)
    assert all(r["draws"] == draws for r in rows)
    for r in rows:
        assert r["low"] <= r["durak_rate"] <= r["high"]
    assert rows[0]["high"] < rows[1]["low"]                      # the tips beat random play clearly


def test_two_player_games_have_one_durak_or_none(two):
    assert all(len(g.losers) <= 1 and not g.unfinished for g in two.games)


def test_head_to_head_is_symmetric(two):
    h = {(r["bot"], r["opponent"]): r for r in two.head_to_head()}
    assert set(h) == {("tips", "random"), ("random", "tips")}
    a, b = h["tips", "random"], h["random", "tips"]
    assert a["wins"] == b["losses"] and a["losses"] == b["wins"] and a["draws"] == b["draws"]
    assert a["wins"] + a["losses"] + a["draws"] == a["games"] == 80


def test_the_endgame_solver_beats_the_bot_it_starts_from():
    from durak_lab.bots import GreedyBot

    for base in (TipsBot(), GreedyBot()):
        t = round_robin(Rules(players=2), [base, EndgameBot(base=base)], deals=30, seed=3)
        h = {(r["bot"], r["opponent"]): r for r in t.head_to_head()}
        assert h["endgame", base.name]["wins"] > h["endgame", base.name]["losses"]


def test_four_players_rotate_round_the_table():
    lineup = [TipsBot(), RandomBot(), TipsBot(name="tips-Q", keep_rank=12), RandomBot(name="random-2")]
    t = play_deals(Rules(players=4), lineup, deals=3, seed=1)
    assert len(t) == 12
    for deal in range(3):
        games = [g for g in t.games if g.deal == deal]
        for seat in range(4):
            assert sorted(g.seats[seat] for g in games) == sorted(b.name for b in lineup)
    rows = t.seat_rows()
    assert len(rows) == 48 and sum(r["durak"] for r in rows) == sum(len(g.losers) for g in t.games)


def test_round_robin_plays_every_group_that_fills_the_table():
    bots = [TipsBot(), RandomBot(), TipsBot(name="tips-Q", keep_rank=12), RandomBot(name="random-2")]
    t = round_robin(Rules(players=3), bots, deals=2, seed=1)
    assert len(t) == 4 * 2 * 3                                  # C(4, 3) groups, 2 deals, 3 rotations
    assert {frozenset(g.seats) for g in t.games} == {frozenset(c) for c in
                                                      [("tips", "random", "tips-Q"), ("tips", "random", "random-2"),
                                                       ("tips", "tips-Q", "random-2"),
                                                       ("random", "tips-Q", "random-2")]}


@pytest.mark.parametrize("name,n", CONFIGS, ids=[f"{c}-{n}" for c, n in CONFIGS])
def test_every_preset_and_player_count_plays_to_the_end(name, n):
    lineup = [TipsBot() if s % 2 == 0 else RandomBot() for s in range(n)]
    t = play_deals(rules(name, players=n), lineup, deals=1, seed=n, rotate=False)
    g = t.games[0]
    assert not g.unfinished
    final = g.game().position
    assert final.result == g.losers


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="names must differ"):
        round_robin(Rules(players=2), [TipsBot(), TipsBot()], deals=1)
    with pytest.raises(ValueError, match="cannot fill 3 seats"):
        round_robin(Rules(players=3), [TipsBot(), RandomBot()], deals=1)
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        play_game(Rules(players=3), [TipsBot(), RandomBot()], seed=1)
    with pytest.raises(ValueError, match="at least 1"):
        play_deals(Rules(players=2), [TipsBot(), RandomBot()], deals=0)


@dataclass
class Cheater:
    """Covers with a card that does not beat the attack card, when it holds one."""

    name: str = "cheater"

    def choose(self, view, rng):
        for a, c, _, _ in view.table:
            if c < 0 and view.seat == view.defender:
                for x in view.hand:
                    if not beats(x, a, view.trump):
                        return Move.parse(f"P{view.seat + 1} cover {Card(a)} with {x}")
        return view.legal[0]


def test_a_bot_playing_an_illegal_move_is_named_with_the_reason():
    with pytest.raises(BotError) as err:
        for seed in range(20):
            play_game(Rules(players=2), [RandomBot(), Cheater()], seed=seed)
    assert "bot 'cheater' in seat P2 chose P2 cover" in str(err.value)
    assert "does not beat" in str(err.value)


def test_a_bot_returning_no_move_is_named():
    @dataclass
    class Lazy:
        name: str = "lazy"

        def choose(self, view, rng):
            return None

    with pytest.raises(BotError, match=r"bot 'lazy' in seat P2 chose None: a NoneType, not a Move"):
        play_game(Rules(players=2), [Lazy(), Lazy()], seed=0)


def test_a_game_past_max_moves_stops_as_an_unfinished_draw():
    g = play_game(Rules(players=2), [RandomBot(), RandomBot()], seed=1, max_moves=10)
    assert g.unfinished and g.draw and g.losers == () and len(g.moves) == 10
    t = play_deals(Rules(players=2), [TipsBot(), RandomBot()], deals=2, seed=1, max_moves=10)
    assert all(r["draws"] == 4 for r in t.standings())


def test_a_game_is_a_record_that_replays_to_the_same_result():
    g = play_game(Rules.preset("perevodnoy", players=3), [TipsBot(), RandomBot(), EndgameBot()], seed=11)
    rec = load_record(g.record().dump())
    result = replay(rec)
    assert result.rejected is None and result.position.result == g.losers
    assert [m for m in rec.moves] and len(rec.moves) == len(g.moves)


def test_deal_seeds_and_wilson():
    assert deal_seeds(3, 5) == deal_seeds(3, 5) != deal_seeds(4, 5)
    low, high = wilson(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962     # the textbook values
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_bots_get_only_their_own_view():
    seen = []

    @dataclass
    class Spy:
        name: str = "spy"

        def choose(self, view, rng):
            seen.append(view)
            assert isinstance(rng, random.Random)
            return view.legal[0]

    play_game(Rules(players=2), [Spy(), RandomBot()], seed=2)
    assert seen and all(v.seat == 0 and v.to_act == 0 for v in seen)
    assert not any(hasattr(v, "hands") or hasattr(v, "talon") for v in seen)


# ---------------------------------------------------------------- tables and charts


def test_tables_hold_the_tournament(two):
    from durak_lab.tables.tournament import games_table, head_to_head_table, seats_table, standings_table

    games = games_table(two)
    assert len(games) == 80 and list(games["P1"][:2]) == ["tips", "random"]
    assert (games["durak"] != "").sum() == sum(1 for g in two.games if g.losers)
    seats = seats_table(two)
    assert len(seats) == 160
    rate = seats.groupby("bot")["durak"].mean()
    st = standings_table(two).set_index("bot")
    assert rate["tips"] == pytest.approx(st.loc["tips", "durak_rate"])
    h2h = head_to_head_table(two)
    assert h2h.loc["tips", "random"] == pytest.approx(st.loc["tips", "durak_rate"])
    assert h2h.isna().loc["tips", "tips"]


def test_head_to_head_needs_two_players():
    from durak_lab.tables.tournament import head_to_head_table

    t = play_deals(Rules(players=3), [TipsBot(), RandomBot(), RandomBot(name="r2")], deals=1)
    with pytest.raises(ValueError, match="two-player"):
        head_to_head_table(t)


def test_charts_show_the_rates_and_intervals(two):
    from durak_lab.plots.tournament import head_to_head_figure, standings_figure
    from durak_lab.tables.tournament import standings_table

    st = standings_table(two)
    fig = standings_figure(two)
    bar = fig.data[0]
    assert list(bar.x) == list(st["bot"]) and list(bar.y) == pytest.approx(list(st["durak_rate"]))
    assert list(bar.error_y.array) == pytest.approx(list(st["high"] - st["durak_rate"]))
    assert "durak in" in bar.hovertext[0] and "80 games" in fig.layout.title.text
    heat = head_to_head_figure(two)
    assert heat.data[0].type == "heatmap" and "against random" in heat.data[0].hovertext[0][1]


# ---------------------------------------------------------------- executors: the same games anywhere


def _summary(t):
    return [(g.deal, g.seed, g.rotation, g.seats, g.losers, tuple(map(str, g.moves)), g.unfinished) for g in t.games]


def _lineup():
    from durak_lab.bots import GreedyBot, SearchBot

    return [SearchBot(iterations=25, name="search"), GreedyBot(), EndgameBot(max_nodes=400)]


def test_in_process_runs_jobs_at_once_and_hands_back_errors():
    from durak_lab.bots.tournament import InProcess

    assert InProcess().submit(divmod, 7, 2).result() == (3, 1)
    with pytest.raises(ZeroDivisionError):
        InProcess().submit(divmod, 1, 0).result()


def test_a_process_pool_plays_the_same_games_as_one_process():
    from concurrent.futures import ProcessPoolExecutor

    from durak_lab.bots.tournament import InProcess

    r = rules("podkidnoy")
    here = round_robin(r, _lineup(), deals=4, seed=5, executor=InProcess())
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = round_robin(r, _lineup(), deals=4, seed=5, executor=pool)
    default = round_robin(r, _lineup(), deals=4, seed=5)   # 24 games: all local cores
    assert len(here) == 24
    assert _summary(here) == _summary(there) == _summary(default)


def test_a_game_does_not_depend_on_the_games_before_it():
    # fresh bots every game: the last game of a tournament, played alone by new bots, is the same game
    from durak_lab.bots.tournament import InProcess

    r = rules("podkidnoy")
    t = play_deals(r, _lineup()[:2], deals=3, seed=9, executor=InProcess())
    last = t.games[-1]
    lineup = _lineup()[:2]
    seated = [lineup[(j - last.rotation) % 2] for j in range(2)]
    alone = play_game(r, seated, last.seed, deal=last.deal, rotation=last.rotation)
    assert alone.seats == last.seats and alone.moves == last.moves and alone.losers == last.losers


def test_a_dask_cluster_plays_the_same_games():
    # a LocalCluster on 127.0.0.1, its client's executor
    import distributed

    from durak_lab.bots.tournament import InProcess

    r = rules("perevodnoy", players=3)
    bots = _lineup()
    here = round_robin(r, bots, deals=2, seed=3, executor=InProcess())
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        there = round_robin(r, bots, deals=2, seed=3, executor=client.get_executor())
    assert len(here) == 6
    assert _summary(here) == _summary(there)
