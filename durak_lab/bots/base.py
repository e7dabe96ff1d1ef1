"""What a bot is (:class:`Bot`: a ``name`` and ``choose(view, rng)``, seeing only its
seat's view; see :mod:`durak_lab.bots`), the error for a wrong choice, and the baseline bot:
:class:`RandomBot` plays a uniformly random legal move.

Standard library only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..engine.errors import DurakError
from ..engine.moves import Move
from ..engine.view import PlayerView

__all__ = ["Bot", "BotError", "RandomBot"]


class BotError(DurakError):
    """A bot chose a move that is not one of its legal moves (or chose nothing)."""


def _legal(bot: "Bot", view: PlayerView) -> tuple:
    """``view.legal``; a :class:`BotError` if the seat has no move to choose from."""
    if not view.legal:
        raise BotError(f"{bot.name}: seat P{view.seat + 1} has no move to make")
    return view.legal


@runtime_checkable
class Bot(Protocol):
    """What a bot is: a ``name`` and ``choose(view, rng)`` returning one of ``view.legal``.

    A bot may also read the game's public history: when it has a true attribute
    ``reads_history``, the tournament and the play table call
    ``choose(view, rng, history=…)`` with every move so far, each beside the bot's own view
    just before it (all a seat saw, nothing more)."""

    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        ...  # pragma: no cover - a protocol


@dataclass(frozen=True)
class RandomBot:
    """Plays a uniformly random legal move: the baseline every strategy should beat.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> v = Position.deal(Rules(players=2), seed=3).view(0)
    >>> RandomBot().choose(v, random.Random(0)) in v.legal
    True
    """

    name: str = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A move of ``view.legal`` drawn with ``rng``."""
        legal = _legal(self, view)
        return legal[rng.randrange(len(legal))]
