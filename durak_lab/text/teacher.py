"""The teacher's words that are more than one message: a class game's result.

Standard library only.
"""

from __future__ import annotations

from .catalogue import say

__all__ = ["class_result_words"]

_RESULT_KEYS = {"not durak": "class-result-not-durak", "durak": "class-result-durak", "draw": "class-result-draw",
                "unfinished": "class-result-unfinished"}


def class_result_words(result: str) -> str:
    """The words for a class game's result (see :class:`durak_lab.session.class_deal.ClassGame`).

    >>> class_result_words("not durak")
    'not the durak'
    """
    return say(_RESULT_KEYS[result])
