"""Positions: the immutable, hashable state of a game, and its rules engine.

The face of the folder: :class:`Position` (in :mod:`.position`), its parts one idea a module, all
built on :mod:`.fields` (the fields of a position and their types, declared once):
:mod:`.seats` (simple queries, the attackers, the room on the table, whose turn), :mod:`.movegen`
(the legal moves), :mod:`.checks` (why a move is illegal, one method per move kind) and :mod:`.playing`
(playing a move, the end of a bout, drawing, and :class:`Event`).

Standard library only.
"""

from .position import (
    Position, Event, BIG, check_cards, iter_game,
)

__all__ = ["Position", "Event", "BIG", "check_cards", "iter_game"]
