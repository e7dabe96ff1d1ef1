"""The engine's side of ``durak-engine/1``: :func:`serve` plays a bot of this package over a pair
of text streams, the way ``durak-lab engine --bot NAME`` does on standard input and output.

It is also the model for an engine written in another language: read a line, answer
``name``/``ok`` to the greeting and to ``newgame``, keep the last ``view`` and the ``moved``
lines, and answer ``go`` with ``move`` and a move text.

>>> import io, json
>>> from durak_lab.bots import GreedyBot
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.engine.view_json import view_to_json
>>> p = Position.deal(Rules(players=2), 3)
>>> s = p.to_act()
>>> host = io.StringIO("\\n".join([
...     "durak-engine 1",
...     "newgame " + json.dumps({"rules": Rules(players=2).to_dict(), "seat": f"P{s + 1}", "seed": 1}),
...     "view " + json.dumps(view_to_json(p.view(s))),
...     "go 500",
...     "quit"]) + "\\n")
>>> out = io.StringIO()
>>> serve(GreedyBot(), host, out)
0
>>> out.getvalue().splitlines()[:3], out.getvalue().splitlines()[3].startswith(f"move P{s + 1} attack")
(['name greedy', 'ok', 'ok'], True)

Standard library only.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any, Optional, TextIO

from ...engine.errors import DurakError
from ...engine.moves import Move
from ...engine.view import PlayerView
from ...engine.view_json import view_from_json
from ..base import Bot
from .wire import MAX_LINE, PROTOCOL, VERSION, line, split

__all__ = ["serve", "THINK_SHARE"]

#: The share of a ``go`` command's time a search bot of this package thinks (CPU time), the rest
#: left for the answer to travel.
THINK_SHARE = 0.7


class _Game:
    """One game's state on the engine's side: the bot's fresh copy, its random numbers, the seat's
    last view and the history of (view before a move, move) the reading bots take."""

    def __init__(self, bot: Bot, seed: int):
        self.bot = copy.deepcopy(bot)
        self.rng = random.Random(seed)
        self.view: Optional[PlayerView] = None
        self.history: list = []
        self.pending: Optional[Move] = None
        self.timed = dataclasses.is_dataclass(bot) and any(f.name == "seconds" for f in dataclasses.fields(bot))
        self.own_seconds = getattr(bot, "seconds", None)

    def player(self, ms: int) -> Any:
        """The bot, its thinking capped to the time of ``go`` where it has a ``seconds`` field."""
        if self.timed:
            limit = max(0.001, ms / 1000 * THINK_SHARE)
            own = self.own_seconds
            self.bot.seconds = limit if own is None else min(own, limit)
        return self.bot


def serve(bot: Bot, stdin: TextIO, stdout: TextIO) -> int:
    """Play ``bot`` over the protocol: commands from ``stdin``, answers to ``stdout``; return 0 at
    ``quit`` or at the end of the input.  A command it cannot follow gets an ``error`` line (for
    ``go``, the host counts it as the bot's loss) and the engine goes on."""

    def send(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    game: Optional[_Game] = None
    for raw in stdin:
        if len(raw) > MAX_LINE:
            send(line("error", f"a line of {len(raw)} characters is too long"))
            continue
        word, arg = split(raw)
        try:
            if word == "durak-engine":
                if arg != VERSION:
                    send(line("error", f"this engine speaks {PROTOCOL}, not version {arg!r}"))
                    continue
                send(line("name", bot.name or type(bot).__name__))
                send("ok")
            elif word == "isready":
                send("readyok")
            elif word == "newgame":
                data = json.loads(arg)
                seed = data.get("seed", 0) if isinstance(data, dict) else 0
                game = _Game(bot, seed if isinstance(seed, int) and not isinstance(seed, bool) else 0)
                send("ok")
            elif word == "view":
                if game is None:
                    raise ValueError("a view before newgame")
                view = view_from_json(json.loads(arg))
                if game.pending is not None and game.view is not None:
                    game.history.append((game.view, game.pending))
                game.pending, game.view = None, view
            elif word == "moved":
                if game is None or game.view is None:
                    raise ValueError("a move before the first view")
                game.pending = Move.parse(arg, game.view.rules.players)
            elif word == "go":
                if game is None or game.view is None:
                    raise ValueError("go before a view")
                ms = int(arg)
                if ms < 1:
                    raise ValueError(f"{ms} ms is no time to think")
                player = game.player(ms)
                if getattr(player, "reads_history", False):
                    move = player.choose(game.view, game.rng, history=tuple(game.history))
                else:
                    move = player.choose(game.view, game.rng)
                send(line("move", move))
            elif word == "gameover":
                game = None
            elif word == "quit":
                return 0
            elif word:
                send(line("error", f"{word[:40]!r} is not a command of {PROTOCOL}"))
        except (ValueError, DurakError) as err:  # json's errors are ValueErrors too
            send(line("error", f"{word}: {str(err)[:300]}"))
    return 0
