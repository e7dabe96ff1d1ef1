"""Step through a worked example, or any game record, in a notebook widget.

The face of the folder: :mod:`.widget` (:class:`Stepper`), :mod:`.view` (its drawing), :mod:`.guess`
("Guess the move"), :mod:`.open_game` ("Open a saved game"), :mod:`.judge` (the solver's verdicts on
endgame moves) and :mod:`.errors` (its errors as sentences).
"""

from .judge import JUDGE_NODES
from .widget import (
    Stepper, EXAMPLE_ORDER, SOURCES, example_label,
)

__all__ = ["Stepper", "EXAMPLE_ORDER", "SOURCES", "example_label", "JUDGE_NODES"]
