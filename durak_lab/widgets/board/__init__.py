"""The analysis board: :class:`AnalysisBoard` (the widget), :class:`BoardControl` (its clicks, without a
browser), :func:`board_state` (its picture for the page) and :class:`SetupPanel` (a position set up by
clicking, with the cards one does not know left unknown)."""

from .control import BoardControl, BoardError
from .setup import SetupError, SetupPanel
from .state import board_state
from .widget import AnalysisBoard

__all__ = ["AnalysisBoard", "BoardControl", "BoardError", "board_state", "SetupPanel", "SetupError"]
