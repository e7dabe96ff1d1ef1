"""The doors for the game-AI libraries (``durak_lab.rl``): each adapter passes its library's own
test (PettingZoo's ``api_test``, Gymnasium's ``check_env``, pyspiel's ``random_sim_test``) across
the presets and 2 to 6 players, plays the engine's very games, shows each seat what it knows and
nothing more, and handles an illegal action as documented."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from durak_lab.bots import GreedyBot, TipsBot, play_game  # noqa: E402
from durak_lab.engine.partial import Partial  # noqa: E402
from durak_lab.engine.rules import Rules  # noqa: E402
from durak_lab.engine.state import Position  # noqa: E402
from durak_lab.rl import aec, openspiel  # noqa: E402
from durak_lab.rl.encoding import ActionCodec, ActionError, observe  # noqa: E402
from durak_lab.rl.single import ENV_ID, DurakEnv  # noqa: E402

from helpers import CONFIGS  # noqa: E402

#: Every preset with 2 to 6 players (the issue's span).
SPAN = [(p, n) for p, n in CONFIGS if n <= 6]


# ---------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("preset,players", SPAN)
def test_pettingzoo_api_test(preset, players):
    api_test(aec.env(preset=preset, players=players, seed=players), num_cycles=300, verbose_progress=False)


def test_pettingzoo_plays_the_engines_game_and_shows_each_seat_its_view():
    rules = Rules.preset("perevodnoy", players=3)
    e = aec.raw_env(rules=rules)
    e.reset(seed=11)
    expected = Position.deal(rules, random.Random(11))
    assert e.position == expected
    rng = random.Random(5)
    p = expected
    steps = 0
    while e.agents:
        agent = e.agent_selection
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat == p.to_act()
        for other in range(3):  # every agent's observation is its own seat's view
            assert np.array_equal(e.observe(f"player_{other}")["observation"], observe(p.view(other)))
            assert e.observe(f"player_{other}")["action_mask"].any() == (other == seat)
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        move = e.codec.move(action, seat, p.table)
        assert move in p.sequential_moves()
        e.step(action)
        p = p.play(move, sequential=True)
        assert e.position == p
        steps += 1
    assert p.result is not None and steps > 20


def test_pettingzoo_rewards_at_the_end():
    e = aec.raw_env(preset="podkidnoy", players=2)
    e.reset(seed=2)
    total = {a: 0.0 for a in e.possible_agents}
    while e.agents:
        obs, reward, terminated, truncated, info = e.last()
        total[e.agent_selection] += reward
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[-1]))
    result = e.position.result
    want = {f"player_{s}": (0.0 if not result else (-1.0 if s in result else 1.0)) for s in range(2)}
    assert total == want


def test_pettingzoo_illegal_actions():
    raw = aec.raw_env(preset="podkidnoy", players=2)
    raw.reset(seed=4)
    before, agent = raw.position, raw.agent_selection
    mask = raw.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ActionError, match="not a legal move"):
        raw.step(illegal)
    assert raw.position == before and raw.agent_selection == agent  # nothing changed
    wrapped = aec.env(preset="podkidnoy", players=2)
    wrapped.reset(seed=4)
    agent = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert wrapped.terminations[agent] and wrapped.rewards[agent] == -1


def test_pettingzoo_truncates_long_games():
    e = aec.raw_env(preset="podkidnoy", players=2, max_moves=10)
    e.reset(seed=1)
    while not any(e.truncations.values()):
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.moves == 10 and all(e.truncations.values())


# ---------------------------------------------------------------- Gymnasium
@pytest.mark.parametrize("preset,players,opponents", [
    ("podkidnoy", 2, "greedy"), ("perevodnoy", 2, "tips"), ("perevodnoy", 3, ["greedy", "random"]),
    ("pairs", 4, "greedy"), ("doker", 3, "random"), ("pushing", 2, "tips"), ("classic", 6, "greedy")])
def test_gymnasium_check_env(preset, players, opponents):
    e = gymnasium.make(f"durak_lab.rl.single:{ENV_ID}", preset=preset, players=players, opponents=opponents,
                       seat=None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker's advice on render modes
        check_env(e.unwrapped)


def test_gymnasium_plays_the_games_of_play_game():
    """An agent that plays the greedy bot's moves from its observation's seat plays, against the
    greedy bot, the very game play_game plays between two greedy bots on that deal."""
    rules = Rules.preset("podkidnoy", players=2)
    for deal in (3, 8):
        e = DurakEnv(rules=rules, seat=1, opponents="greedy")
        obs, info = e.reset(seed=0, options={"deal": deal})
        mine, rng, done, reward = GreedyBot(), random.Random(0), False, 0.0
        while not done:
            move = mine.choose(e.position.view(1), rng)
            action = e.codec.action(move, e.position.table)
            assert info["action_mask"][action] == 1
            obs, reward, terminated, truncated, info = e.step(action)
            done = terminated or truncated
        game = play_game(rules, [GreedyBot(), GreedyBot()], deal)
        end = Position.deal(rules, deal)
        for move in game.moves:
            end = end.play(move, sequential=True)
        assert e.position == end and e.moves == len(game.moves)
        assert reward == (0.0 if not game.losers else (-1.0 if 1 in game.losers else 1.0))


def test_gymnasium_seeds_replay_and_illegal_actions():
    def run(seed):
        e = DurakEnv(preset="perevodnoy", players=3, opponents=["tips", "random"], seat=None)
        obs, info = e.reset(seed=seed)
        seen = [obs]
        done = False
        while not done:
            obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
            seen.append(obs)
            done = terminated or truncated
        return seen, reward, e.seat

    a, b = run(9), run(9)
    assert a[1:] == b[1:] and all(np.array_equal(x, y) for x, y in zip(a[0], b[0]))
    e = DurakEnv(players=2)
    obs, info = e.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = e.step(bad)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    with pytest.raises(ActionError, match="reset"):
        e.step(0)
    strict = DurakEnv(players=2, illegal="raise")
    strict.reset(seed=1)
    before = strict.position
    with pytest.raises(ActionError, match="not a legal move"):
        strict.step(bad)
    assert strict.position == before


def test_gymnasium_refuses_bad_options():
    for kwargs, words in [({"seat": 2}, "seat"), ({"opponents": "nobody"}, "no bot"),
                          ({"opponents": ["greedy", "tips"]}, "2 given for 1"), ({"illegal": "ignore"}, "illegal"),
                          ({"opponents": [object()]}, "neither")]:
        with pytest.raises(ValueError, match=words):
            DurakEnv(players=2, **kwargs)


def test_gymnasium_observations_hide_the_other_hands():
    """What the agent observes after each step is a function of its seat's knowledge."""
    e = DurakEnv(preset="podkidnoy", players=3, opponents=[TipsBot(), GreedyBot()], seat=0)
    obs, info = e.reset(seed=3)
    rng = random.Random(1)
    done = False
    while not done:
        p = e.position
        assert np.array_equal(obs, observe(Partial.seen_from(p, 0).deal(rng).view(0)))
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = terminated or truncated


# ---------------------------------------------------------------- OpenSpiel
@pytest.mark.parametrize("preset,players", [(p, n) for p, n in SPAN if n in (2, 3, 4)][::2] + [("classic", 6)])
def test_openspiel_random_sim_test(preset, players):
    openspiel.register()
    game = pyspiel.load_game("python_durak", {"preset": preset, "players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_deals_as_the_engine_and_observes_the_view():
    openspiel.register()
    openspiel.register()  # twice is harmless
    game = pyspiel.load_game("python_durak", {"preset": "perevodnoy", "players": 3})
    rules = Rules.preset("perevodnoy", players=3)
    assert game.num_players() == 3 and game.num_distinct_actions() == ActionCodec(rules).size
    state = game.new_initial_state()
    rng = random.Random(7)
    dealt = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0) and len(outcomes) == 36 - len(dealt)
        action = rng.choice([a for a, _ in outcomes])
        dealt.append(action)
        state.apply_action(action)
    # the engine's deal of that shuffle: the first 18 cards the hands, the next the talon, the trump card turned
    deck = game.deck
    assert [set(map(int, state.position.hand(s))) for s in range(3)] == \
        [{int(deck[a]) for a in dealt[6 * s:6 * s + 6]} for s in range(3)]
    assert int(state.position.trump_card) == int(deck[dealt[18]])
    while not state.is_terminal():
        player = state.current_player()
        for seat in range(3):
            assert np.array_equal(np.array(state.observation_tensor(seat), dtype=np.float32),
                                  observe(state.position.view(seat)))
        assert "P" in state.observation_string(player)
        assert all(state.legal_actions(seat) == [] for seat in range(3) if seat != player)
        state.apply_action(rng.choice(state.legal_actions()))
    result = state.position.result
    assert state.returns() == [0.0 if not result else (-1.0 if s in result else 1.0) for s in range(3)]


def test_openspiel_clone_is_independent():
    openspiel.register()
    game = pyspiel.load_game("python_durak", {"preset": "podkidnoy", "players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    copy = state.clone()
    state.apply_action(state.legal_actions()[0])
    assert copy.history() != state.history() and copy.position != state.position
