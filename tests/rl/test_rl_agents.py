"""The small learning agent of ``durak_lab.rl.agents``: untrained it plays at random; trained by
REINFORCE on the Gymnasium environment it beats the random level clearly; training and scoring
replay exactly for a seed; its features read only the observation and the action."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from durak_lab.engine.rules import Rules  # noqa: E402
from durak_lab.rl.agents import FEATURES, LinearAgent, evaluate, train  # noqa: E402
from durak_lab.rl.encoding import ActionCodec  # noqa: E402
from durak_lab.rl.single import DurakEnv  # noqa: E402


def test_training_beats_the_random_level():
    env = DurakEnv(preset="podkidnoy", players=2, opponents="random")
    agent = LinearAgent(env.codec)
    before = evaluate(env, agent, games=150, seed=5)
    assert before["low"] < 0.5 < before["high"]  # zero weights: a random player against a random player
    results = train(env, agent, episodes=1000, seed=1)
    assert len(results) == 1000 and np.mean(results[-200:]) > np.mean(results[:200])
    after = evaluate(env, agent, games=150, seed=5)
    assert after["low"] > 0.7, after  # the whole 95% interval well above a coin toss
    w = dict(zip(FEATURES, agent.weights))
    assert w["kind:take"] < 0 and w["trump"] < 0  # it learnt to avoid taking and to keep its trumps


def test_training_replays_for_a_seed():
    def run():
        env = DurakEnv(preset="perevodnoy", players=3, opponents=["random", "tips"])
        agent = LinearAgent(env.codec)
        results = train(env, agent, episodes=30, seed=4)
        return results, agent.weights.copy(), evaluate(env, agent, games=10, seed=2)

    a, b = run(), run()
    assert a[0] == b[0] and np.array_equal(a[1], b[1]) and a[2] == b[2]


def test_features_of_actions():
    rules = Rules.preset("podkidnoy", players=2)
    codec = ActionCodec(rules)
    agent = LinearAgent(codec)
    env = DurakEnv(rules=rules)
    obs, info = env.reset(seed=3)
    actions = np.flatnonzero(info["action_mask"])
    rows = agent.features(obs, actions)
    assert rows.shape == (len(actions), len(FEATURES))
    kinds = [FEATURES.index(f"kind:{codec.move(a, 0).kind}") for a in actions]
    assert all(rows[i, k] == 1.0 for i, k in enumerate(kinds))
    assert np.allclose(agent.probabilities(rows), 1 / len(actions))  # zero weights: uniform
