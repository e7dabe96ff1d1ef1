"""Who played each seat of a record: the optional ``players`` object of ``durak-lab/1``.

A saved game says which seats were people and which were bots, so that a person's own moves can
be found again (to review them, or to make exercises of their mistakes)::

    "players": {"P1": {"kind": "person", "name": "Dana"},
                "P2": {"kind": "bot", "level": "expert"}}

Every key is optional: a seat not listed is unknown, and ``name`` and ``level`` may be left
out.  ``kind`` is ``"person"`` or ``"bot"``; ``level`` (a bot's level, such as ``"expert"``)
belongs to a bot.  Anything else is a :class:`~durak_lab.engine.errors.RecordError` naming its
path.

Standard library only.

>>> ps = parse_players({"P2": {"kind": "bot", "level": "greedy"}, "P1": {"kind": "person"}}, 2)
>>> ps
((0, Player(kind='person', name=None, level=None)), (1, Player(kind='bot', name=None, level='greedy')))
>>> players_json(ps)
{'P1': {'kind': 'person'}, 'P2': {'kind': 'bot', 'level': 'greedy'}}
>>> parse_players({"P1": {"kind": "ghost"}}, 2)
Traceback (most recent call last):
...
durak_lab.engine.errors.RecordError: players.P1.kind: "ghost" is not a kind of player: write "person" or "bot"
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from ..errors import MoveTextError, RecordError
from ..moves import parse_seat, seat_text

__all__ = ["Player", "PERSON", "BOT", "parse_players", "players_json", "MAX_NAME"]

PERSON = "person"
BOT = "bot"
#: The longest name or level, in characters.
MAX_NAME = 100
_KEYS = ("kind", "name", "level")


class Player(NamedTuple):
    """Who played a seat: ``kind`` ``"person"`` or ``"bot"``, a ``name``, a bot's ``level``."""

    kind: str
    name: Optional[str] = None
    level: Optional[str] = None

    def to_json(self) -> dict:
        """The seat's object in ``players``."""
        out: dict = {"kind": self.kind}
        if self.name is not None:
            out["name"] = self.name
        if self.level is not None:
            out["level"] = self.level
        return out


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RecordError(where, "must be a non-empty string")
    if len(value) > MAX_NAME:
        raise RecordError(where, f"longer than {MAX_NAME} characters")
    return value


def parse_players(value: Any, players: int) -> tuple:
    """The ``players`` object read: ``((seat, Player), …)`` in seat order."""
    if not isinstance(value, dict):
        raise RecordError("players", "must be an object such as {\"P1\": {\"kind\": \"person\"}}")
    out = {}
    for key, item in value.items():
        where = f"players.{key}" if isinstance(key, str) and key.isidentifier() else f"players[{key!r}]"
        try:
            seat = parse_seat(key, players)
        except MoveTextError:
            raise RecordError(where, f"not a seat of a {players}-player game (P1 to P{players})") from None
        if not isinstance(item, dict):
            raise RecordError(where, "must be an object such as {\"kind\": \"bot\", \"level\": \"expert\"}")
        for k in item:
            if k not in _KEYS:
                raise RecordError(f"{where}.{k}" if isinstance(k, str) else where,
                                  f"unknown key (allowed: {', '.join(_KEYS)})")
        kind = item.get("kind")
        if kind not in (PERSON, BOT):
            shown = f'"{kind}"' if isinstance(kind, str) and len(kind) <= 40 else "this"
            raise RecordError(f"{where}.kind", f"{shown if 'kind' in item else 'missing:'} "
                              f"{'is not a kind of player: ' if 'kind' in item else ''}write \"person\" or \"bot\"")
        name = _text(item["name"], f"{where}.name") if "name" in item else None
        level = _text(item["level"], f"{where}.level") if "level" in item else None
        if level is not None and kind != BOT:
            raise RecordError(f"{where}.level", "a level belongs to a bot")
        if seat in out:
            raise RecordError(where, f"{seat_text(seat)} is listed twice")
        out[seat] = Player(kind, name, level)
    return tuple(sorted(out.items()))


def players_json(players: tuple) -> dict:
    """``players`` as the record's JSON object."""
    return {seat_text(s): p.to_json() for s, p in players}
