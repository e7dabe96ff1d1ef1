"""The analysis board: :class:`AnalysisBoard` (the widget), :class:`BoardControl` (its clicks, without a
browser) and :func:`board_state` (its picture for the page)."""

from .control import BoardControl, BoardError
from .state import board_state
from .widget import AnalysisBoard

__all__ = ["AnalysisBoard", "BoardControl", "BoardError", "board_state"]
