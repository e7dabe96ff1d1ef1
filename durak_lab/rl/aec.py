"""Durak as a PettingZoo AEC environment: every seat an agent, one acting at a time.

``env(preset="podkidnoy", players=2)`` is the environment with PettingZoo's usual wrappers (an
illegal action ends the game with −1 for the agent that made it; out-of-range actions and calls
out of order are refused); ``raw_env`` is the bare one, which raises
:class:`~durak_lab.rl.encoding.ActionError` for an illegal action and leaves the game unchanged.
The agents are ``player_0`` … (seat P1 is ``player_0``).  Each agent's observation is a dict:
``observation`` (the seat's vector, :func:`~durak_lab.rl.encoding.observe`) and ``action_mask``
(1 at each legal action; all 0 when it is not this agent's turn).  Actions are the numbers of
:class:`~durak_lab.rl.encoding.ActionCodec`.  Rewards come at the game's end (−1 the durak, +1
the others, 0 in a draw); a game longer than ``max_moves`` moves is truncated.  ``render()``
with ``render_mode="ansi"`` returns the whole position as text (every card: it is for the
person watching, not for an agent).

Seeds: ``reset(seed=…)`` deals a seeded game; ``reset()`` with no seed deals the next game of the
last seed's sequence.

>>> e = env(preset="podkidnoy", players=2)
>>> e.reset(seed=3)
>>> agent = e.agent_selection
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["observation"].shape, int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], (344,), True)
>>> import numpy as np
>>> while e.agents:
...     obs, reward, terminated, truncated, info = e.last()
...     legal = np.flatnonzero(obs["action_mask"])
...     e.step(None if terminated or truncated else int(legal[0]))
>>> e.unwrapped.position.result is not None
True
"""

from __future__ import annotations

import random
from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.rules import Rules
from ..engine.state.position import Position
from .encoding import ActionCodec, ActionError, observation_size, observe, returns_of, rules_of

__all__ = ["env", "raw_env", "MAX_MOVES"]

#: A game past this many moves is truncated (a Durak game takes about 40 to 200).
MAX_MOVES = 2000


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (see the module); ``kwargs`` go to :class:`raw_env`."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    """Durak for ``players`` seats under ``preset`` (or ``rules``, a :class:`~durak_lab.engine.rules.Rules`)."""

    metadata = {"render_modes": ["ansi"], "name": "durak_v0", "is_parallelizable": False}

    def __init__(self, preset: str = "podkidnoy", players: Optional[int] = None, rules: Optional[Rules] = None,
                 render_mode: Optional[str] = None, max_moves: int = MAX_MOVES, seed: Optional[int] = None):
        super().__init__()
        rules = rules_of(preset, players, rules)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: this environment renders as text only ('ansi')")
        self.rules, self.render_mode, self.max_moves = rules, render_mode, max_moves
        self.codec = ActionCodec(rules)
        n, size = rules.players, observation_size(rules)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._rng = random.Random(seed)
        self.position: Position = Position.deal(rules, self._rng)
        self.moves = 0
        self._reset_dicts()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _reset_dicts(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict = {a: {} for a in self.agents}
        s = self.position.to_act()
        self.agent_selection = self.possible_agents[s if s is not None else 0]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.position = Position.deal(self.rules, self._rng)
        self.moves = 0
        self._reset_dicts()

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        p = self.position
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if p.result is None and p.to_act() == seat:
            mask[list(self.codec.legal_of(p))] = 1
        return {"observation": observe(p.view(seat)), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        p = self.position
        legal = self.codec.legal_of(p)
        if action is None or int(action) not in legal:
            what = "no action" if action is None else f"action {int(action)}"
            raise ActionError(f"{what} is not a legal move of {agent} now; legal: {sorted(legal)[:20]}")
        self._cumulative_rewards[agent] = 0.0
        self.position = p = p.play_unchecked(legal[int(action)])
        self.moves += 1
        if p.result is not None:
            for a, r in zip(self.possible_agents, returns_of(p.result, self.rules.players)):
                self.rewards[a] = r
                self.terminations[a] = True
        elif self.moves >= self.max_moves:
            self.truncations = {a: True for a in self.agents}
        s = p.to_act()
        self.agent_selection = self.possible_agents[s] if s is not None else agent
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return str(self.position)

    def close(self) -> None:
        pass
