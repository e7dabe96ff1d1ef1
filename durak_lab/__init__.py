"""durak_lab: learn the card game Durak step by step.

The core names, all standard library only::

    Card, CardSet      cards and sets of cards (cards)
    Rules              every rule option of the four sources, with presets (rules)
    Move               a move and its text form (moves)
    Position           the immutable position and the rules engine (state)
    Game               a position with a move stack, play and undo (game)
    Match              several games, R8 and R30 (match)

>>> import durak_lab as dl
>>> g = dl.Game(dl.Position.start(dl.Rules(players=2), ["7♦ Q♥", "Q♦ 9♣"], trump="♥",
...                               discard="rest", attacker=0))
>>> _ = g.play("P1 attack 7♦"); _ = g.play("P2 cover 7♦ with Q♦"); _ = g.play("P1 attack Q♥")
>>> [str(m) for m in g.legal_moves()]
['P2 take']
"""

from .cards import Card, CardSet
from .errors import (CardError, DurakError, IllegalMoveError, MoveTextError, PositionError, Reason,
                     RecordError, RulesError)
from .game import Game
from .match import Match
from .moves import Move
from .rules import PRESETS, Rules
from .state import Event, Position

__version__ = "0.1.0"

__all__ = [
    "Card", "CardSet", "Rules", "PRESETS", "Move", "Position", "Event", "Game", "Match",
    "DurakError", "CardError", "RulesError", "MoveTextError", "PositionError", "IllegalMoveError",
    "RecordError", "Reason", "__version__",
]
