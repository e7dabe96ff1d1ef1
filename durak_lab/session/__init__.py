"""A table to play at: seats for people and bots, moves one at a time, undo, rematch, records.

What the play table (:mod:`durak_lab.widgets`) and ``durak-lab play`` drive; :func:`read_move`
reads what a person types (a move text or a short form such as ``9h on 7h``).
Standard library only; imports the engine, analysis, bots and text.
"""

from .play import HUMAN, PlaySession, SessionError, most_players, seat_kinds
from .shorthand import card_letters, read_move, short_form

__all__ = ["HUMAN", "PlaySession", "SessionError", "seat_kinds", "most_players", "read_move", "short_form", "card_letters"]
