"""The error of a lesson that is not well formed: :class:`LessonError`.

Standard library only.
"""

from __future__ import annotations

from typing import Optional

from ..engine.errors import DurakError

__all__ = ["LessonError"]


class LessonError(DurakError, ValueError):
    """A lesson that is not well formed or whose answers the engine does not confirm.

    ``field`` is the JSON path of what is wrong (``"steps[3].answers[0]"``; ``""`` when
    the text is not JSON at all), ``problem`` what is wrong with it, ``source`` the file
    (or None).

    >>> err = LessonError("steps[0].text", "missing")
    >>> str(err), err.field
    ('steps[0].text: missing', 'steps[0].text')
    """

    def __init__(self, field: str, problem: str, source: Optional[str] = None) -> None:
        self.field = field
        self.problem = problem
        self.source = source
        text = f"{field}: {problem}" if field else problem
        super().__init__(f"{source}: {text}" if source else text)

    def in_file(self, source: str) -> "LessonError":
        """The same error, naming the file ``source``.

        >>> str(LessonError("id", "missing").in_file("covering.json"))
        'covering.json: id: missing'
        """
        return LessonError(self.field, self.problem, source)
