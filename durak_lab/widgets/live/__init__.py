"""The live helper: follow a real game at the kitchen table from your seat, by clicks
(:class:`LiveHelper`, its model :class:`LiveControl`)."""

from .control import LiveControl, LivePageError
from .state import live_state
from .widget import LiveHelper

__all__ = ["LiveHelper", "LiveControl", "LivePageError", "live_state"]
