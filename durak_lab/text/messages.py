"""The one place every sentence a learner reads comes from: :func:`say` (see :mod:`durak_lab.text.catalogue`).

Every sentence the play table, the coach, the lessons, the stepper and ``durak-lab`` show a
learner is a key of the catalogue, worded by the chosen language's data files and filled in
by :func:`say`.  This module keeps the name the package has always documented; the catalogue
is :mod:`durak_lab.text.catalogue`.

Standard library only.

>>> say("your-turn", seat="P1")
'P1, your turn.'
>>> say("bot-thinking", seat="P3")
'P3 is thinking…'
"""

from __future__ import annotations

from .catalogue import MESSAGES, MessageError, fields_of, say

__all__ = ["MESSAGES", "MessageError", "say", "fields_of"]
