"""The fields of a position, declared once: the base every part of :class:`Position` builds on.

:class:`PositionFields` holds the storage of a position (its ``__slots__``: the
fields and a few caches) and states the type of each field, so that each part of
the engine (:mod:`.seats`, :mod:`.movegen`, :mod:`.checks`, :mod:`.playing`)
type-checks on its own.  It also declares, for the type checker only, the three
methods a part calls that another module defines: the constructor
``_make``/``_replace`` (:mod:`.position`) and the move check ``_check``
(:mod:`.checks`).  At run time it adds nothing but the slots: no method, no
``__dict__``, so a position stays small and its fields are read at slot speed.

Standard library only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from ..cards import Card
    from ..moves import Move
    from ..rules import Rules
    from .position import Position

__all__ = ["FIELDS", "PositionFields", "Entry"]

#: The fields of a position, in the order :meth:`Position._make` takes them.
FIELDS = ("rules", "trump", "trump_card", "hands", "talon", "discard", "table", "leader", "defender",
          "taking", "passed", "first_limit", "start_hand", "attack_order", "known", "shown_used",
          "swap_open", "in_bout", "result", "sent_back")

#: One place on the table: ``(attack, cover, attack_owner, cover_owner)``, cover and its owner -1
#: while the attack card is uncovered.
Entry = tuple[int, int, int, int]


class PositionFields:
    """The storage of a position and the types of its fields (see :class:`Position` for their meaning)."""

    __slots__ = FIELDS + ("_hash", "_att", "_room", "_tm", "_tr")

    rules: Rules
    trump: int
    trump_card: int
    hands: tuple[int, ...]
    talon: tuple[Card, ...]
    discard: int
    table: tuple[Entry, ...]
    leader: int
    defender: int
    taking: bool
    passed: int
    first_limit: bool
    start_hand: int
    attack_order: tuple[int, ...]
    known: tuple[int, ...]
    shown_used: int
    swap_open: bool
    in_bout: int
    result: Optional[tuple[int, ...]]
    sent_back: int
    # caches, None until first asked: the hash, the attackers, the room, the table's cards and ranks
    _hash: Optional[int]
    _att: Optional[tuple[int, ...]]
    _room: Optional[int]
    _tm: Optional[int]
    _tr: Optional[int]

    if TYPE_CHECKING:
        # Defined in other modules of this folder; declared here so that each part type-checks on its own.
        @classmethod
        def _make(cls, rules: Rules, trump: int, trump_card: int, hands: tuple[int, ...],
                  talon: tuple[Card, ...], discard: int, table: tuple[Entry, ...], leader: int, defender: int,
                  taking: bool, passed: int, first_limit: bool, start_hand: int, attack_order: tuple[int, ...],
                  known: tuple[int, ...], shown_used: int, swap_open: bool, in_bout: int,
                  result: Optional[tuple[int, ...]], att: Optional[tuple[int, ...]] = None,
                  sent_back: int = 0) -> Position: ...

        def _replace(self, **changes: object) -> Position: ...

        def _check(self, m: Move) -> None: ...
