"""Constants shared by the modules of the position engine (position, seats, movegen, checks, playing).

``BIG`` stands for "no limit" in the bout arithmetic.  The enum members of the
rules the engine tests most often are bound here as plain names: an ``is`` test
against a module global is several times cheaper than the class attribute lookup
in the engine's hot paths.  Every engine module imports the ones it needs with
``from ._constants import ...``, which makes them its own module globals.

Standard library only.
"""

from __future__ import annotations

from ..rules import AfterTake, Choose, DrawOrder, HandLimit, ThrowIn, Tie, TurnsDirection

__all__ = ["BIG"]

BIG = 1 << 30
_THROW_ALL, _THROW_NEIGH, _THROW_TURNS, _THROW_NONE = (
    ThrowIn.ALL, ThrowIn.NEIGHBOURS, ThrowIn.BY_TURNS, ThrowIn.NONE)
_TURNS_ANTI = TurnsDirection.ANTICLOCKWISE

# Enum members as module constants: an ``is`` test against these is several times
# cheaper than the class attribute lookup in the engine's hot paths.
_HL_START, _HL_CURRENT = HandLimit.BOUT_START, HandLimit.CURRENT
_TAKE_NONE, _TAKE_SEEN = AfterTake.NONE, AfterTake.SEEN_RANKS
_DRAW_ATTACK, _DRAW_EQUAL = DrawOrder.ATTACK_ORDER, DrawOrder.EQUAL
_DRAW_ROUND, _DRAW_DEF_FIRST = DrawOrder.ROUND, DrawOrder.DEFENDER_FIRST
_TIE_ALL, _TIE_FIRST = Tie.ALL_DURAK, Tie.FIRST_OUT
# the defender chooses the cards to beat (R13)
_CHOOSE_OFF, _CHOOSE_LIMIT = Choose.OFF, Choose.LIMIT
_HL_NONE = HandLimit.NONE
