"""A table to play at: seats for people and bots, moves one at a time, undo, rematch, records.

What the play table (:mod:`durak_lab.widgets`) and ``durak-lab play`` drive.
Standard library only; imports the engine, analysis, bots and text.
"""

from .play import HUMAN, PlaySession, SessionError, seat_kinds

__all__ = ["HUMAN", "PlaySession", "SessionError", "seat_kinds"]
