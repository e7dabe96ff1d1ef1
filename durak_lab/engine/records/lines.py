"""The variations of a record: other lines that could have been played, checked move by move.

A move of a ``durak-lab/1`` record may hold ``variations``: lines played instead of it, from the
position before it, whose moves may hold variations of their own (like the variations of a chess
game's notation).  :func:`check_variations` plays every line and raises
:class:`~durak_lab.engine.errors.RecordError` naming the first move that cannot be played there,
e.g. ``moves[4].variations[0][2]``; :func:`walk_variations` yields every line with the position
before it, for anything that shows or analyses them.

Standard library only.

>>> from durak_lab.engine.records import load_record
>>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "9♣"], "P2": ["Q♦"]}, "discard": "rest",
...               "attacker": "P1"},
...     "moves": [{"move": "P1 attack 7♦", "variations": [["P1 attack 9♣", "P2 take"]]}]})
>>> [(path, len(line), before.table_text() or 'empty') for path, before, line in walk_variations(rec)]
[('moves[0].variations[0]', 2, 'empty')]
>>> load_record({"format": "durak-lab/1", "rules": {"players": 2},
...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "9♣"], "P2": ["Q♦"]}, "discard": "rest",
...               "attacker": "P1"},
...     "moves": [{"move": "P1 attack 7♦", "variations": [["P1 attack 9♣", "P2 cover 9♣ with Q♦"]]}]})
Traceback (most recent call last):
...
durak_lab.engine.errors.RecordError: moves[0].variations[0][1]: P2 cover 9♣ with Q♦ is illegal (does-not-beat): Q♦ does not beat 9♣: cover with a higher club or a trump (♥)
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from ..errors import IllegalMoveError, RecordError
from ..state.position import Position

__all__ = ["check_variations", "walk_variations"]


def walk_variations(record: Any) -> Iterator[tuple]:
    """Every variation of ``record`` as ``(path, position, line)``, depth first: ``position`` is the
    position before the line, ``line`` its moves (a tuple of
    :class:`~durak_lab.engine.records.RecordMove`).

    Raises :class:`~durak_lab.engine.errors.RecordError` where a move cannot be played: in a
    variation, any move; in the main line, a move before the last variation."""
    yield from _walk(record.start, record.moves, "moves", False)


def _play(position: Position, rm: Any, where: str) -> Position:
    try:
        return position.play(rm.move)
    except IllegalMoveError as err:
        raise RecordError(where, f"{rm.move} is illegal ({err.reason.value}): {err.message}") from None


def _walk(position: Position, moves: Sequence[Any], path: str, variation: bool) -> Iterator[tuple]:
    # the main line is replay's to check past its last variation (nested ones lie inside a variation)
    last = max((i for i, rm in enumerate(moves) if rm.variations), default=-1)
    for i, rm in enumerate(moves):
        where = f"{path}[{i}]"
        for k, line in enumerate(rm.variations):
            line_path = f"{where}.variations[{k}]"
            yield line_path, position, line
            yield from _walk(position, line, line_path, True)
        if not variation and i >= last:
            return
        if rm.illegal:
            raise RecordError(where, "a variation after a move marked illegal cannot be played")
        position = _play(position, rm, where)


def check_variations(record: Any) -> None:
    """Play every variation of ``record``; RecordError names the first move that cannot be played."""
    for _ in walk_variations(record):
        pass
