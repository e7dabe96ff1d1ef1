"""A small learning agent for the Gymnasium environment: a linear policy trained by REINFORCE.

It is the smallest agent that learns something real in a minute on a laptop's CPU, with numpy
alone: each legal action gets a score, ``w · features(observation, action)``, and the agent plays
the softmax of the scores.  The features (:data:`FEATURES`) read only the observation and the
action's number (the move it stands for), never the engine's position:

* the kind of move (take, pass, attack, transfer, cover, show, swap, challenge, choose);
* for a move with cards: the rank of its (first) card, whether it is a trump, how many cards;
* for a cover: how far above the attack card it lies, and whether a trump covers a plain card;
* the talon's share of the deck, and the same times "a trump" (trumps matter more as the talon
  runs out).

:func:`train` plays ``episodes`` games and moves ``w`` along the policy gradient of each game's
result (−1, 0 or +1) minus a running baseline; :func:`evaluate` plays games without learning and
returns the agent's wins with a 95% interval.  Everything random takes a seed.

>>> from durak_lab.rl.single import DurakEnv
>>> env = DurakEnv(players=2, opponents="random")
>>> agent = LinearAgent(env.codec)
>>> history = train(env, agent, episodes=20, seed=1)
>>> len(history), agent.weights.shape
(20, (16,))
>>> score = evaluate(env, agent, games=10, seed=2)
>>> sorted(score)
['draws', 'games', 'high', 'losses', 'low', 'wins']
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy as np

from ..bots.tournament import wilson
from ..engine.cards import rank_of, suit_of
from ..engine.moves import KINDS, COVER
from .encoding import ActionCodec, observation_layout

__all__ = ["FEATURES", "LinearAgent", "train", "evaluate"]

#: The features of an action, in order (see the module).
FEATURES = tuple(f"kind:{k}" for k in KINDS) + ("rank", "trump", "cards", "cover_margin", "trump_on_plain",
                                                 "talon", "talon_x_trump")


class LinearAgent:
    """A softmax policy over the legal actions, linear in :data:`FEATURES` (``weights``, zeros at first:
    the untrained agent plays uniformly at random)."""

    def __init__(self, codec: ActionCodec, weights: Optional[np.ndarray] = None):
        self.codec = codec
        self.lay = observation_layout(codec.rules)
        self.weights = np.zeros(len(FEATURES)) if weights is None else np.asarray(weights, dtype=float)
        self._kind = {k: i for i, k in enumerate(KINDS)}
        self._cache: dict = {}

    def features(self, obs: np.ndarray, actions: np.ndarray, table: tuple = ()) -> np.ndarray:
        """One row of :data:`FEATURES` per action number in ``actions``, read from ``obs``."""
        trump = int(np.argmax(obs[self.lay["trump_suit"]]))
        talon = float(obs[self.lay["talon"]][0])
        rows = np.zeros((len(actions), len(FEATURES)))
        base = len(KINDS)
        for i, a in enumerate(actions):
            m = self.codec.move(int(a), 0, table)
            row = rows[i]
            row[self._kind[m.kind]] = 1.0
            if m.cards:
                c = m.cards[0]
                is_trump = c >= 52 or suit_of(c) == trump
                row[base] = (rank_of(c) - 6) / 8 if c < 52 else 1.25
                row[base + 1] = float(is_trump)
                row[base + 2] = len(m.cards) / 4
                row[base + 6] = talon * is_trump
            if m.kind == COVER and m.target is not None and m.target < 52 and m.cards[0] < 52:
                c, t = m.cards[0], m.target
                row[base + 3] = (rank_of(c) - rank_of(t)) / 8 if suit_of(c) == suit_of(t) else 0.0
                row[base + 4] = float(suit_of(c) == trump and suit_of(t) != trump)
            row[base + 5] = talon
        return rows

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        z = rows @ self.weights
        z = np.exp(z - z.max())
        return z / z.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator, table: tuple = ()) -> tuple:
        """``(action, features of the legal actions, their probabilities, the chosen row)``."""
        actions = np.flatnonzero(mask)
        rows = self.features(obs, actions, table)
        p = self.probabilities(rows)
        k = int(rng.choice(len(actions), p=p))
        return int(actions[k]), rows, p, k


def _episode(env: Any, agent: LinearAgent, rng: np.random.Generator, seed: int, learn: bool) -> tuple:
    obs, info = env.reset(seed=seed)
    grads = np.zeros_like(agent.weights)
    done, reward = False, 0.0
    while not done:
        table = env.position.table  # only a ``choose`` needs the table to be read
        action, rows, p, k = agent.act(obs, info["action_mask"], rng, table)
        if learn:
            grads += rows[k] - p @ rows
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return float(reward), grads


def train(env: Any, agent: LinearAgent, episodes: int, seed: int = 0, rate: float = 0.05,
          progress: Optional[Callable[[int, float], Any]] = None) -> list:
    """Train ``agent`` by REINFORCE for ``episodes`` games of ``env``; the results of the games.

    ``progress(episode, mean of the last 100 results)`` hears of every 100th game.
    """
    rng = np.random.default_rng(seed)
    results: list = []
    baseline = 0.0
    for i in range(episodes):
        reward, grads = _episode(env, agent, rng, seed * 1_000_003 + i, learn=True)
        agent.weights += rate * (reward - baseline) * grads
        baseline += 0.02 * (reward - baseline)
        results.append(reward)
        if progress is not None and (i + 1) % 100 == 0:
            progress(i + 1, float(np.mean(results[-100:])))
    return results


def evaluate(env: Any, agent: LinearAgent, games: int, seed: int = 0) -> dict:
    """Play ``games`` games without learning: wins, losses, draws and the share of wins' 95% interval."""
    rng = np.random.default_rng(seed)
    results = [_episode(env, agent, rng, 10 ** 9 + seed * 100_003 + i, learn=False)[0] for i in range(games)]
    wins, losses = sum(r > 0 for r in results), sum(r < 0 for r in results)
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "losses": losses, "draws": games - wins - losses, "low": low, "high": high}

