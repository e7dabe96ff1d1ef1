"""Durak as an OpenSpiel game, ``python_durak``, for pyspiel's algorithms and tools.

:func:`register` registers the game with pyspiel (once; it is safe to call again); then
``pyspiel.load_game("python_durak", {"preset": "perevodnoy", "players": 3})`` loads it.  Parameters:
``preset`` (any of :data:`~durak_lab.engine.rules.PRESETS`, default ``"podkidnoy"``) and ``players``
(default 2).

* The deal is chance: one chance move a card, each card left equally likely, ``D`` moves in all
  (``D`` the deck's size); their order is the shuffled deck, dealt as
  :meth:`~durak_lab.engine.state.Position.deal` deals it (the hands, then the talon with the trump
  card turned up, R3–R5).  A chance outcome is the card's place in
  :func:`~durak_lab.rl.encoding.deck_cards`.
* Then the players move one at a time (the sequential protocol); an action is a number of
  :class:`~durak_lab.rl.encoding.ActionCodec`, written as its move text (``"P2 cover 7♥ with 9♥"``).
* The game is general-sum: −1 to the durak, +1 to the others, 0 to all in a draw, at the end.
* A player's observation (``observation_tensor``/``observation_string``) is what that seat knows
  (:func:`~durak_lab.rl.encoding.observe`); a public observer leaves the own-hand part empty.
  The information state (the whole history a seat saw) is not provided.

This is a Python game: OpenSpiel's algorithms that walk states one by one (MCTS, CFR on small
decks) run on it, slowly next to a game written in C++.

>>> import pyspiel
>>> register()
>>> game = pyspiel.load_game("python_durak", {"preset": "podkidnoy", "players": 2})
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.observation_tensor_size()
(1676, 36, 344)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])   # the deck in card order
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(1, 'P2 attack 6♥')
"""

from __future__ import annotations

import random
from typing import Optional

import numpy as np
import pyspiel

from ..engine.rules import Rules
from ..engine.state.position import Position
from .aec import MAX_MOVES
from .encoding import ActionCodec, deck_cards, observation_layout, observation_size, observe, returns_of

__all__ = ["GAME_TYPE", "DurakGame", "DurakState", "register"]

GAME_TYPE = pyspiel.GameType(
    short_name="python_durak",
    long_name="Durak (durak-lab)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"preset": "podkidnoy", "players": 2},
)


class _Shuffled(random.Random):
    """A ``random.Random`` whose shuffle lays the deck in a given order (the chance moves')."""

    def __init__(self, order: list):
        super().__init__(0)
        self.order = order

    def shuffle(self, x: list, *args: object) -> None:  # type: ignore[override]
        x[:] = self.order


class DurakGame(pyspiel.Game):
    """The game for one preset and number of players (see the module)."""

    def __init__(self, params: Optional[dict] = None):
        params = dict(params or {})
        preset, players = str(params.get("preset", "podkidnoy")), int(params.get("players", 2))
        self.rules = Rules.preset(preset, players=players)
        self.codec = ActionCodec(self.rules)
        self.deck = deck_cards(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size, max_chance_outcomes=len(self.deck), num_players=players,
            min_utility=-1.0, max_utility=1.0, max_game_length=len(self.deck) + MAX_MOVES)
        super().__init__(GAME_TYPE, info, {"preset": preset, "players": players})

    def new_initial_state(self) -> "DurakState":
        return DurakState(self)

    def make_py_observer(self, iig_obs_type: Optional[pyspiel.IIGObservationType] = None,
                         params: Optional[dict] = None) -> "DurakObserver":
        if params:
            raise ValueError(f"the observer takes no parameters; got {params}")
        return DurakObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class DurakState(pyspiel.State):
    """A state: the deal so far (chance), then the engine's position."""

    def __init__(self, game: DurakGame):
        super().__init__(game)
        self.rules, self.codec, self.deck = game.rules, game.codec, game.deck
        self.order: list = []
        self.position: Optional[Position] = None
        self.moves = 0

    def current_player(self) -> int:
        p = self.position
        if p is None:
            return int(pyspiel.PlayerId.CHANCE)
        if p.result is not None or self.moves >= MAX_MOVES:
            return int(pyspiel.PlayerId.TERMINAL)
        s = p.to_act()
        assert s is not None
        return s

    def _legal_actions(self, player: int) -> list:
        if self.position is None or player != self.position.to_act():
            return []  # a seat that is not to act has no move (the sequential protocol)
        return list(self.codec.legal_of(self.position))  # in number order

    def chance_outcomes(self) -> list:
        assert self.position is None
        dealt = set(self.order)
        left = [i for i in range(len(self.deck)) if self.deck[i] not in dealt]
        return [(i, 1.0 / len(left)) for i in left]

    def _apply_action(self, action: int) -> None:
        if self.position is None:
            self.order.append(self.deck[action])
            if len(self.order) == len(self.deck):
                self.position = Position.deal(self.rules, _Shuffled(self.order))
            return
        p = self.position
        move = self.codec.move(action, p.to_act(), p.table)
        self.position = p.play(move, sequential=True)
        self.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.deck[action]}"
        return str(self.codec.move(action, player, self.position.table if self.position is not None else ()))

    def is_terminal(self) -> bool:
        return self.position is not None and (self.position.result is not None or self.moves >= MAX_MOVES)

    def returns(self) -> list:
        return returns_of(self.position.result if self.position is not None else None, self.rules.players)

    def __str__(self) -> str:
        if self.position is None:
            return f"dealing: {' '.join(map(str, self.order))}"
        return str(self.position)


class DurakObserver:
    """The observer of pyspiel's Python interface: ``tensor`` and ``dict`` filled by :meth:`set_from`."""

    def __init__(self, game: DurakGame, iig_obs_type: pyspiel.IIGObservationType):
        if iig_obs_type.perfect_recall:
            raise ValueError("python_durak gives no information state (perfect recall): only observations")
        self.rules = game.rules
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(observation_size(game.rules), np.float32)
        self.dict = {name: self.tensor[part] for name, part in observation_layout(game.rules).items()}

    def set_from(self, state: DurakState, player: int) -> None:
        if state.position is None:
            self.tensor.fill(0.0)
            return
        observe(state.position.view(player), out=self.tensor)
        if not self.private:
            self.dict["hand"].fill(0.0)

    def string_from(self, state: DurakState, player: int) -> str:
        if state.position is None:
            return f"P{player + 1}: the cards are being dealt ({len(state.order)} of {len(state.deck)})"
        v = state.position.view(player)
        hand = " ".join(map(str, v.hand)) if self.private else f"{len(v.hand)} cards"
        table = " ".join(_card(a) + (f"/{_card(c)}" if c >= 0 else "") for a, c, _, _ in v.table) or "-"
        return (f"P{player + 1} hand={hand} table={table} talon={v.talon_size} trump={'♠♥♦♣'[v.trump]} "
                f"sizes={','.join(map(str, v.hand_sizes))} to_act={'-' if v.to_act is None else v.to_act + 1}")


def _card(c: int) -> str:
    from ..engine.cards import CARDS

    return str(CARDS[c])


_REGISTERED = False


def register() -> None:
    """Register ``python_durak`` with pyspiel (once)."""
    global _REGISTERED
    if not _REGISTERED and "python_durak" not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, DurakGame)
    _REGISTERED = True
