"""Durak for one learner as a Gymnasium environment: the other seats are played by bots.

``DurakEnv(preset="podkidnoy", players=2, seat=0, opponents="greedy")``: the agent plays ``seat``
(0-based; None for a seat drawn at each reset) against bots of :data:`durak_lab.bots.BOTS` (one
name for every other seat, or a list, one per other seat in seat order; bot objects work too).
The observation is the seat's vector (:func:`~durak_lab.rl.encoding.observe`), the action a number
of :class:`~durak_lab.rl.encoding.ActionCodec`, and ``info["action_mask"]`` marks the legal ones
(Gymnasium's convention for masks).  The reward is 0 until the game's end, then −1 if the agent is
the durak, +1 if not, 0 in a draw.  The bots move between the agent's moves; if the agent leaves
the game with no cards, the bots play it out within the same step.

An illegal action: with ``illegal="lose"`` (the default) the game ends there with −1 and
``info["illegal"]`` true; with ``illegal="raise"`` it raises
:class:`~durak_lab.rl.encoding.ActionError` and changes nothing.  ``reset(seed=…)`` deals a seeded
game and seeds the bots' choices, so a seed replays the same game for the same actions;
``reset(options={"deal": n})`` deals :meth:`Position.deal(rules, n) <durak_lab.engine.state.Position.deal>`,
the deal of that number in :func:`~durak_lab.bots.tournament.play_game`.  Gymnasium knows the
environment as ``"durak_lab/Durak-v0"`` once this module is imported
(``gymnasium.make("durak_lab.rl.single:durak_lab/Durak-v0", players=3)`` imports it).

>>> import numpy as np
>>> e = DurakEnv(players=2, opponents="greedy")
>>> obs, info = e.reset(seed=5)
>>> obs.shape, int(info["action_mask"].sum()) > 0
((344,), True)
>>> done = False
>>> while not done:
...     action = int(np.flatnonzero(info["action_mask"])[0])
...     obs, reward, terminated, truncated, info = e.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0), e.position.result is not None
(True, True)
"""

from __future__ import annotations

import copy
import random
from typing import Any, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import BOTS
from ..engine.rules import Rules
from ..engine.state.position import Position
from .aec import MAX_MOVES
from .encoding import ActionCodec, ActionError, observation_size, observe, returns_of, rules_of

__all__ = ["DurakEnv", "ENV_ID"]


def _bot(spec: Any) -> Any:
    if isinstance(spec, str):
        if spec not in BOTS:
            raise ValueError(f"opponents: no bot {spec!r}; the bots are {', '.join(sorted(BOTS))}")
        return BOTS[spec]()
    if not callable(getattr(spec, "choose", None)):
        raise ValueError(f"opponents: {spec!r} is neither a bot's name nor a bot (an object with choose)")
    return spec


class DurakEnv(gymnasium.Env):
    """One seat of Durak against bots (see the module)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, preset: str = "podkidnoy", players: Optional[int] = None, rules: Optional[Rules] = None,
                 seat: Optional[int] = 0, opponents: Union[str, Sequence[Any]] = "greedy", illegal: str = "lose",
                 max_moves: int = MAX_MOVES, render_mode: Optional[str] = None):
        rules = rules_of(preset, players, rules)
        n = rules.players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat: {seat!r} is not a seat from 0 to {n - 1} (or None for a random seat)")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal: {illegal!r}; say 'lose' or 'raise'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: this environment renders as text only ('ansi')")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) or not isinstance(opponents, Sequence) \
            else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"opponents: {len(specs)} given for {n - 1} other seats")
        self._bots = [_bot(s) for s in specs]
        self.rules, self.fixed_seat, self.illegal, self.max_moves = rules, seat, illegal, max_moves
        self.render_mode = render_mode
        self.codec = ActionCodec(rules)
        self.observation_space = spaces.Box(0.0, 1.0, (observation_size(rules),), np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self.seat = 0 if seat is None else seat
        self.position: Position = Position.deal(rules, 0)
        self.moves = 0
        self.lineup: list = []
        self._rng = random.Random(0)
        self._history: dict = {}
        self._lost_by_illegal = False

    # ------------------------------------------------------------ the game
    def _info(self, **extra: Any) -> dict:
        p = self.position
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if p.result is None and p.to_act() == self.seat:
            mask[list(self.codec.legal_of(p))] = 1
        return {"action_mask": mask, **extra}

    def _play(self, move: Any) -> None:
        p = self.position
        for seat, seen in self._history.items():
            seen.append((p.view(seat), move))
        self.position = p.play_unchecked(move)
        self.moves += 1

    def _bots_move(self) -> None:
        """The bots' moves until the agent's turn, the game's end or the move limit."""
        while self.position.result is None and self.moves < self.max_moves and self.position.to_act() != self.seat:
            p = self.position
            s = p.to_act()
            bot = self.lineup[s]
            view = p.view(s)
            move = bot.choose(view, self._rng, history=tuple(self._history[s])) if s in self._history \
                else bot.choose(view, self._rng)
            if move not in view.legal:
                raise ActionError(f"the bot {bot.name!r} in seat {s} chose {move}, which is not legal")
            self._play(move)

    def _finish(self) -> None:
        for bot in self.lineup:
            if bot is not None and callable(getattr(bot, "finish", None)):
                bot.finish(self.position.result)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        super().reset(seed=seed)
        n = self.rules.players
        self.seat = int(self.np_random.integers(n)) if self.fixed_seat is None else self.fixed_seat
        deal = (options or {}).get("deal")
        drawn = int(self.np_random.integers(2 ** 62))
        self.position = Position.deal(self.rules, drawn if deal is None else deal)
        self._rng = random.Random(int(self.np_random.integers(2 ** 62)))
        others = iter(copy.deepcopy(b) for b in self._bots)
        self.lineup = [None if s == self.seat else next(others) for s in range(n)]
        self._history = {s: [] for s, b in enumerate(self.lineup) if getattr(b, "reads_history", False)}
        self.moves = 0
        self._lost_by_illegal = False
        self._bots_move()
        return observe(self.position.view(self.seat)), self._info()

    def step(self, action: Any) -> tuple:
        p = self.position
        if p.result is not None or self.moves >= self.max_moves or self._lost_by_illegal:
            raise ActionError("the game is over: call reset() for a new one")
        legal = self.codec.legal_of(p)
        try:
            a = int(action)
        except (TypeError, ValueError):
            a = -1
        if a not in legal:
            if self.illegal == "raise":
                raise ActionError(f"action {action!r} is not a legal move now; legal: {sorted(legal)[:20]}")
            self._lost_by_illegal = True
            self._finish()
            return observe(p.view(self.seat)), -1.0, True, False, self._info(illegal=True)
        self._play(legal[a])
        self._bots_move()
        p = self.position
        terminated = p.result is not None
        truncated = not terminated and self.moves >= self.max_moves
        reward = returns_of(p.result, self.rules.players)[self.seat] if terminated else 0.0
        if terminated or truncated:
            self._finish()
        return observe(p.view(self.seat)), reward, terminated, truncated, self._info()

    def render(self) -> Optional[str]:
        return str(self.position) if self.render_mode == "ansi" else None


#: The environment's id in Gymnasium's registry.
ENV_ID = "durak_lab/Durak-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="durak_lab.rl.single:DurakEnv")
