"""The rules of a game: one frozen value, one field per option of the sources.

The face of the folder: :mod:`.options` (:class:`Rules`, every option with the rule it states, and
:func:`explain`), :mod:`.choices` (the word values of options: :class:`ThrowIn`, :class:`Tie` …) and
:mod:`.presets` (:data:`PRESETS`, the named games, and their versions).  Standard library only.

>>> Rules.preset("perevodnoy", players=4).transfer
True
"""

from .choices import AfterTake, Choose, DrawOrder, HandLimit, NextLeader, ThrowIn, Tie, TrumpSwap, TurnsDirection
from .options import Rules, explain
from .presets import PRESET_CHANGES, PRESETS, PRESETS_VERSION, preset_fields

__all__ = [
    "Rules", "ThrowIn", "TurnsDirection", "HandLimit", "AfterTake", "DrawOrder", "NextLeader", "Tie",
    "TrumpSwap", "PRESETS", "explain", "Choose", "PRESETS_VERSION", "PRESET_CHANGES", "preset_fields",
]
