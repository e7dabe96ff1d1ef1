"""Learn Durak in the notebook: lessons with exercises, checked by the engine.

The face of the folder: :mod:`.player` (:class:`LessonPlayer`, the widget), :mod:`.control` (what a
click does, without a browser) and :mod:`.table` (a lesson's position on the play table).
"""

from .player import LessonPlayer, front_end

__all__ = ["LessonPlayer", "front_end"]
