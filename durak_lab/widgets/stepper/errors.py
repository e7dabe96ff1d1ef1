"""The stepper's errors as learner sentences: a guard for its callbacks and the words for a bad record.

Every callback of :class:`~durak_lab.widgets.stepper.Stepper` runs under :func:`_guard`, so
an error becomes a sentence in the stepper's message box, never a traceback;
:func:`_why` and :func:`_disagreement` turn a record's problem into the end of a sentence.

Presentation layer (learner-facing: standard library and the text layer only).
"""

from __future__ import annotations

import functools
import logging
import re
from typing import Any, Callable

from ...engine.errors import DurakError, RecordError  # noqa: F401 - RecordError: the doctest of _why
from ...text.catalogue import language, using
from ...text.messages import say
from ...text.reasons import learner_error, without_rule_ids

__all__: list = []

_log = logging.getLogger("durak_lab.widgets.stepper")  # the stepper's log, as before the split


def _guard(method: Callable) -> Callable:
    """Run a widget callback; show any error as a sentence in the stepper, never a traceback."""

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            with using(getattr(self, "language", None)):  # the stepper's own language, if it has one
                return method(self, *args, **kwargs)
        except DurakError as err:
            _log.debug("stepper: %s", err, exc_info=True)
            self._tell(learner_error(err))
        except Exception:  # noqa: BLE001 - a learner must never see a traceback
            _log.debug("stepper: unexpected error", exc_info=True)
            self._tell(say("stepper-error"))
        return None

    return run


def _why(err: Exception) -> str:
    """An error's words as the end of a sentence: no rule ids, a full stop.

    >>> _why(RecordError("rules.players", "9 is not allowed: Durak is for 2 to 6 players (R2)"))
    'rules.players: 9 is not allowed: Durak is for 2 to 6 players.'

    In another language, the error's words (English, for developers) give way to the learner's
    sentence for the error (:func:`~durak_lab.text.reasons.learner_error`).
    """
    if language() != "en":  # the error's own words are English, for developers: the learner's sentence
        return learner_error(err)
    text = without_rule_ids(str(err))
    return text if not text or text[-1] in ".!?" else text + "."


def _disagreement(problem: str) -> str:
    """The learner's sentence for a record the rules disagree with (``problem``: the replay's
    words for the developer, e.g. "moves[3]: … is rejected for …").

    >>> _disagreement("moves[1]: P1 cover 7♦ with 9♠ is illegal (cover-too-low): …")
    'This record and the rules disagree at move 2.'
    >>> _disagreement("result: the record expects [1], but after the moves the game goes on")
    'This record and the rules disagree about how the game ends.'
    """
    at = re.match(r"moves\[(\d+)\]", problem)
    if at:
        return say("stepper-disagree-move", number=int(at.group(1)) + 1)
    return say("stepper-disagree-end")
