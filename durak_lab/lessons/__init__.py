"""Lessons with exercises: JSON files a teacher writes, every answer checked by the engine.

A lesson (format ``durak-lab-lesson/1``) is a JSON object::

    {"format": "durak-lab-lesson/1", "id": "covering", "title": "Covering a card",
     "rules": ["R11"], "summary": "How the defender beats an attack card.", "steps": [ … ]}

``id`` is a lower-case slug (``[a-z0-9-]``), ``rules`` are rule ids R1–R31, ``summary``
one plain sentence.  Unknown keys are an error (typo protection), except keys that start
with ``_`` (comments: ``"_note": "…"``).

**Positions.**  A step that shows cards has ``"position"``: a one-line position text
(:mod:`durak_lab.engine.notation`); ``{"example": "EX-ZH-BOUT", "after": 2}`` (a worked
example after 2 moves); or the arguments of :meth:`Position.start
<durak_lab.engine.state.Position.start>`: ``{"rules": "podkidnoy,players=2", "hands":
["7♦ 7♠", "Q♦ 8♥"], "trump": "♥", "talon": "…", "trump_card": "9♥", "discard": "rest",
"attacker": "P1", "first_bout": true, "moves": ["P1 attack 7♦"]}`` (``rules`` defaults to
podkidnoy with one seat per hand; each of ``moves`` must be legal).  ``"seat": "P2"`` says
whose eyes the learner looks through (default: the seat of the first answer of a move
step, the seat of the move a yes-no step asks about, else the seat to act); ``"show": "all"`` shows every hand face up.

**Steps.**  Every step has ``kind`` and ``text``; exercises may add ``hint`` (said with
the second wrong try; made from the engine if absent), ``explain`` (said once the step is
done), ``rules`` and ``feedback`` (wrong answer → its sentence; the key is a move text, a
card, a seat, an engine reason code such as ``"rank-not-on-table"``, ``"yes"``/``"no"``
or an option, as fits the kind):

=========  =================================================================================
``read``   text, maybe a position; Next.  Not an exercise.
``move``   the learner moves as ``seat``; ``answers``: the moves that count (each legal);
           ``"accept": "legal"``: any legal move counts but those ``feedback`` names.
``cards``  the learner picks cards of the hand (or ``"from": "table"``); ``answer`` (cards)
           and/or ``check``: ``{"beats": "10♦"}``, ``"playable"``, ``"throw-in"``,
           ``"trumps"``, ``"covers"`` (hand), ``{"beats": …}``, ``"uncovered"``, ``"trumps"``,
           ``"illegal"`` (table; pushing durak: the uncovered cards that break R12, which the
           defender may send back, R31).  Both given: they must agree.
``seat``   the learner picks a seat; ``check``: ``"to-act"``, ``"leader"``, ``"defender"``,
           ``"lowest-trump"``, ``"durak"``, or one about the end of the bout, with ``"if":
           "bito"`` or ``"take"``: ``"next-leader"``, ``"next-defender"`` (R17, R18),
           ``"draws-first"``, ``"draws-last"`` (the first / last seat to draw from the
           talon, R19); and/or ``answer`` (``"P2"``).
``yes-no`` "may this ``move`` be played?"; the engine decides, an ``answer`` must agree.
``choice`` ``options`` and ``answer``; ``check`` ``{"rules": "hand"}`` (a rules option,
           for the ``preset`` and ``players`` of the step) must give the answer.
``play``   a whole game: ``vs`` (bot levels), ``players``, ``preset``, ``seed``, ``coach``.
=========  =================================================================================

**The end of a bout.**  For those four checks the engine finishes the bout on a copy of
the position: with ``"bito"`` the defender covers what is still uncovered and the others
pass, with ``"take"`` the defender takes and the others pass; then the draws are read from
the engine's events.  So ``"draws-last"`` is the defender only if cards are left for the
defender: a seat with 6 cards or more draws nothing, and drawing stops when the talon is
empty.  The order follows the step's rules (``"rules": "podkidnoy,draw_order=attack_order"``:
the attackers in the order they attacked; ``draw_order=equal`` has no first or last).

**Tries.**  The first wrong answer gets a sentence made for that mistake, the second also
the hint, the third shows the answer (:mod:`durak_lab.lessons.check`).  The course is
``course/course.json`` (:mod:`durak_lab.lessons.syllabus`), progress a JSON file beside the
notebook (:mod:`durak_lab.lessons.progress`); :func:`mistakes_lesson` turns a player's mistakes in
a game into "find a better move" exercises (:mod:`durak_lab.lessons.mistakes`), and
:mod:`durak_lab.lessons.own_games` finds a student's saved games and their mistakes, a decision at a time; :func:`lesson_from_record` builds a lesson
from a played game.

Standard library only; imports the engine, text and session layers.

>>> L = load_lesson('''{
...   "format": "durak-lab-lesson/1", "id": "first-cover", "title": "A first cover",
...   "rules": ["R11"], "summary": "Beat a diamond with a higher diamond.",
...   "steps": [
...     {"kind": "read", "text": "A higher card of the same suit beats a card."},
...     {"kind": "move", "text": "Cover the 7♦ with the cheapest card that beats it.",
...      "position": {"hands": ["7♦ K♠", "9♦ Q♦ 8♠"], "trump": "♥", "discard": "rest",
...                   "moves": ["P1 attack 7♦"]},
...      "answers": ["P2 cover 7♦ with 9♦"], "hint": "Use the lowest diamond that beats it."}
...   ]}''')
>>> L.exercises, L.steps[1].seat
(1, 1)
>>> a = Attempt(L.steps[1])
>>> a.answer("P2 cover 7♦ with 8♠").sentence
'8♠ does not beat 7♦: cover with a higher diamond or with a trump (a heart).'
>>> a.answer("P2 cover 7♦ with 9♦").right, a.solved
(True, True)
"""

from .check import MAX_TRIES, AnswerError, Attempt, Verdict, answer_of
from .syllabus import COURSE_FORMAT, course, course_ids, course_title, lesson
from .errors import LessonError
from .format import EXERCISE_KINDS, FORMAT, KINDS, Lesson, Step, load_lesson
from .from_record import lesson_from_record
from .mistakes import MISTAKE_LABELS, NoMistakes, mistakes_lesson
from .puzzles import puzzle_lesson
from .own_games import MistakeFinder, OwnGame, games_in, student_games
from .progress import DEFAULT_PATH, PROGRESS_FORMAT, Progress, ProgressError
from .class_report import ClassReport, read_class
from .translation import WORDS_FORMAT, course_title_in, in_language, translated, words_of

__all__ = ["Lesson", "Step", "LessonError", "load_lesson", "course", "lesson", "course_title", "course_ids",
           "Attempt", "Verdict", "AnswerError", "answer_of", "MAX_TRIES", "Progress", "ProgressError",
           "lesson_from_record", "FORMAT", "COURSE_FORMAT", "PROGRESS_FORMAT", "DEFAULT_PATH", "KINDS",
           "EXERCISE_KINDS", "ClassReport", "read_class", "WORDS_FORMAT", "course_title_in", "in_language",
           "translated", "words_of", "mistakes_lesson", "MISTAKE_LABELS", "NoMistakes",
           "MistakeFinder", "OwnGame", "games_in", "student_games", "puzzle_lesson"]
