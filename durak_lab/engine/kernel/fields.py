"""The kernel's state as the loops pass it: one flat tuple whose fields have names.

The loops (:func:`durak_lab.engine.kernel.loop.run`, the fast loops and the greedy rollouts) take and
return a state as a plain tuple of nineteen fields, in the order of
:class:`~durak_lab.engine.kernel.core.KState`'s fields.  Each field's index is named once below, so
a reader writes ``f[RESULT]``, never ``f[14]``; a loop unpacks the fields it needs into local names
before its hot loop.  The state stays a plain tuple: a NamedTuple made the loops measurably slower.

Standard library only.

>>> from durak_lab.engine.kernel.core import KState, deal
>>> from durak_lab.engine.rules import Rules
>>> k = deal(Rules.preset("podkidnoy"), 2)
>>> k[RESULT] is None, len(k[HANDS]), k[DEFENDER] == k.defender, FIELDS == len(KState._fields)
(True, 2, True, True)
"""

__all__ = ["RULES", "TRUMP", "TRUMP_CARD", "HANDS", "TALON", "DISCARD", "ATK", "COV", "LEADER", "DEFENDER", "TAKING",
           "PASSED", "FIRST_LIMIT", "KNOWN", "RESULT", "START_HAND", "SHOWN", "ORDER", "IN_BOUT", "FIELDS"]

RULES = 0        #: the rules (:class:`~durak_lab.engine.rules.Rules`, R1 to R31)
TRUMP = 1        #: the trump suit, 0 to 3 (R5)
TRUMP_CARD = 2   #: the face-up trump card under the talon, -1 for none (R5)
HANDS = 3        #: each seat's hand, a card mask (R3)
TALON = 4        #: the talon's cards, the next to draw first (R19)
DISCARD = 5      #: the bito pile, a card mask (R17)
ATK = 6          #: the table's attack cards in order, ``card | owner << 6`` (R9, R12)
COV = 7          #: the covers, ``attack | cover << 6`` (``| seat << 12`` with the partner's cover, R26) (R11)
LEADER = 8       #: the seat who led the bout (R9)
DEFENDER = 9     #: the seat who defends (R11)
TAKING = 10      #: the defender has said he takes (R18)
PASSED = 11      #: the seats that passed since the last card, a mask (R12)
FIRST_LIMIT = 12  #: the first bout's limit holds (R14)
KNOWN = 13       #: each seat's cards known to all, a card mask (R7, R18, R24)
RESULT = 14      #: None while the game goes on, else the durak seats (empty for a draw) (R28, R29)
START_HAND = 15  #: the defender's hand at the bout's start, with the bout-start hand limit (R13)
SHOWN = 16       #: the trumps shown to transfer, a card mask, each once a game (R24)
ORDER = 17       #: with the attack-order draw, the seats in the order they attacked (R19)
IN_BOUT = 18     #: with the all-durak tie, the seats in the game when the bout began, a mask (R29)
FIELDS = 19      #: the number of fields
