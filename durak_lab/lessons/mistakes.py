"""Learn from your mistakes: every mistake of a player in a reviewed game becomes "find a better move".

:func:`mistakes_lesson` reviews a ``durak-lab/1`` game for one seat
(:func:`~durak_lab.analysis.evaluation.review.review`: every choice judged by the evaluator,
from what the seat could see), then makes one ``move`` step of every decision the review
labels a mistake or a blunder: the position just before it, seen by the seat; the answers,
the moves the review found clearly better; the move played in the game, with what it cost,
as the feedback of a wrong answer; the review's sentence as the explanation.  The lesson is
checked like a hand-written one (``durak-lab-lesson/1``), so a teacher can keep it, edit it
and give it to the class; the lesson player plays it.

The answers are the review's, so the check of an answer is as good as the evaluator: exact
where the game is small enough for the solver (``exact`` in the review), else a move that
keeps clearly more chance (its margin of error taken off).

Standard library only.

>>> from durak_lab.engine.records import load_record
>>> game = load_record({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
...     "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, "discard": "rest",
...               "attacker": "P2", "first_bout": False},
...     "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦", "P2 take"]})
>>> L = mistakes_lesson(game, "P2")
>>> [s.kind for s in L.steps], [str(m) for m in L.steps[1].answers], list(L.steps[1].feedback)
(['read', 'move'], ['P2 attack 8♥'], ['P2 attack 7♦'])
"""

from __future__ import annotations

import random
import re
from typing import Any, Optional, Sequence, Union

from ..analysis.evaluation.review import BLUNDER, MISTAKE, REVIEW_BUDGET, Review, review as review_game
from ..engine.moves import seat_text
from ..engine.notation import position_text
from ..engine.records.record import Record
from ..text.messages import say
from ..text.review import decision_sentence, label_words
from .errors import LessonError
from .format import FORMAT, Lesson, load_lesson
from .from_record import record_and_seat

__all__ = ["mistakes_lesson", "MISTAKE_LABELS", "NoMistakes"]

#: The review's labels that make an exercise.
MISTAKE_LABELS = (MISTAKE, BLUNDER)


class NoMistakes(LessonError):
    """The review found no mistake of the seat: there is nothing to practise (``field`` ``seat``).
    ``seat`` names the seat; the learner's sentence is ``lesson-mistakes-none``."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        super().__init__("seat", f"{seat_text(seat)} made no mistake that the review found")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "game"


def mistakes_lesson(record: Union[Record, str, Any], seat: Union[int, str] = "P1", review: Optional[Review] = None,
                    *, labels: Sequence[str] = MISTAKE_LABELS, lesson_id: Optional[str] = None,
                    title: Optional[str] = None, budget: float = REVIEW_BUDGET, playouts: Optional[int] = None,
                    rng: Union[random.Random, int, None] = 0) -> Lesson:
    """A checked lesson of ``seat``'s mistakes in ``record``: "find a better move" at each.

    ``record``: a :class:`~durak_lab.engine.records.Record` or what
    :func:`~durak_lab.engine.records.load_record` reads; ``seat``: ``"P2"`` or 0-based;
    ``review``: a review of the game made already (else one is made for the seat, with
    ``budget`` CPU seconds or ``playouts`` a choice, and ``rng``); ``labels``: which of the
    review's labels make an exercise.  Raises :class:`NoMistakes` when there is none, a
    :class:`~durak_lab.lessons.errors.LessonError` for a bad seat and a
    :class:`~durak_lab.engine.errors.RecordError` for a bad record.
    """
    record, s = record_and_seat(record, seat)
    p = record.start
    if review is None:
        review = review_game(record, s, budget=budget, playouts=playouts, rng=rng)
    who = seat_text(s)
    wanted = {d.index: d for d in review.decisions if d.seat == s and d.label in labels and d.better}
    steps: list = [{"kind": "read", "text": say("lesson-mistakes-intro", seat=who), "position": position_text(p),
                    "seat": who}]
    for j, rm in enumerate(record.moves):
        if rm.illegal:
            break
        d = wanted.get(j)
        if d is not None:
            steps.append({
                "kind": "move", "text": say("lesson-mistakes-step", seat=who, number=j + 1),
                "position": position_text(p), "seat": who,
                "answers": [str(m) for m in d.better],
                "feedback": {str(d.move): say("lesson-mistakes-played", label=label_words(d.label))},
                "explain": decision_sentence(d),
            })
        p = p.play(rm.move)
    if len(steps) == 1:
        raise NoMistakes(s)
    data = {
        "format": FORMAT,
        "id": lesson_id or _slug(f"{record.id or 'game'}-{who}-mistakes"),
        "title": title or say("lesson-mistakes-title", seat=who),
        "rules": [],
        "summary": say("lesson-mistakes-summary", seat=who, count=len(steps) - 1),
        "steps": steps,
    }
    if record.title:
        data["_from"] = record.title
    return load_lesson(data)
