"""A student's own games, and the exercises made of their mistakes, found one decision at a time.

The play table saves a student's games in their own folder (``<class folder>/<student>/games``,
see :mod:`durak_lab.session.students`).  :func:`student_games` lists them, newest first, as
:class:`OwnGame` s: the record, its title, how many moves, whether it is over, and the seats the
person played (the record's ``players``; a game saved before records said who played gives every
seat, and the learner picks theirs).

:class:`MistakeFinder` turns one of them into "learn from your mistakes": it reviews the
person's decisions **one per** :meth:`~MistakeFinder.step` (the table's own review,
:class:`~durak_lab.session.table_review.TableReview`, so the exercise's answers agree with what the
table said at the end of the game), so that a player without threads can show "Looking at move 3
of 12…" and stay responsive; then :meth:`~MistakeFinder.lesson` is the lesson of
:func:`~durak_lab.lessons.mistakes_lesson`, or :class:`~durak_lab.lessons.NoMistakes`.

Standard library only.

>>> import tempfile
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.session import PlaySession
>>> folder = tempfile.mkdtemp()
>>> s = PlaySession(Rules(players=2), ["human", "greedy"], seed=3)
>>> _ = s.save(os.path.join(student_folder("Ann", folder), "games", "g1.json"))
>>> [(g.file, g.people, g.moves) for g in student_games("Ann", folder)]
[('g1.json', (0,), 0)]
"""

from __future__ import annotations

import os
from typing import NamedTuple, Optional, Sequence

from ..engine.errors import DurakError, RecordError
from ..engine.game import Game
from ..engine.reading import read_text_file
from ..engine.records.record import FORMAT, Record, load_record
from ..session.coach import Coach
from ..session.students import student_folder
from ..session.table_review import TableReview, reviewable
from .format import Lesson
from .mistakes import mistakes_lesson

__all__ = ["OwnGame", "student_games", "games_in", "MistakeFinder", "MAX_GAMES", "MAX_GAME_BYTES"]

#: The most games listed (the newest).
MAX_GAMES = 30
#: A file larger than this is not a saved game.
MAX_GAME_BYTES = 2_000_000


class OwnGame(NamedTuple):
    """One saved game: ``file`` (its name), ``path``, the ``record``, ``moves`` (how many),
    ``over`` (whether the game ended), ``people`` (the seats the person may have played, in
    order: the record's people, else every seat) and ``modified`` (seconds since the epoch)."""

    file: str
    path: str
    record: Record
    moves: int
    over: bool
    people: tuple
    modified: float

    @property
    def known(self) -> bool:
        """Whether the record says which seats people played."""
        return bool(self.record.people())


def _game(path: str) -> Optional[OwnGame]:
    try:
        if not os.path.isfile(path) or os.path.getsize(path) > MAX_GAME_BYTES:
            return None
        text = read_text_file(path, RecordError)
        if FORMAT not in text[:4096] or not text.lstrip("\ufeff \t\r\n").startswith("{"):
            return None
        record = load_record(text)
        game = record.new_game()
        played = 0
        for rm in record.moves:
            if rm.illegal:
                break
            game.play(rm.move)
            played += 1
        modified = os.path.getmtime(path)
    except (OSError, DurakError, ValueError):
        return None
    people = record.people() or tuple(range(record.rules.players))
    return OwnGame(os.path.basename(path), path, record, played, game.is_over, people, modified)


def games_in(folder: str) -> list:
    """The saved games in ``folder`` that load and replay, newest first (at most :data:`MAX_GAMES`);
    empty when the folder cannot be read."""
    try:
        names = [n for n in os.listdir(folder) if n.lower().endswith(".json")]
    except OSError:
        return []
    paths = [os.path.join(folder, n) for n in names]
    try:
        paths.sort(key=lambda p: (-os.path.getmtime(p), os.path.basename(p)))
    except OSError:
        paths.sort()
    found = []
    for path in paths:
        game = _game(path)
        if game is not None:
            found.append(game)
            if len(found) == MAX_GAMES:
                break
    return found


def student_games(name: str, class_dir: Optional[str] = None) -> list:
    """The games ``name`` saved at the play table (their ``games`` folder), newest first."""
    return games_in(os.path.join(student_folder(name, class_dir), "games"))


class MistakeFinder:
    """The mistakes of ``seat`` in ``record``, found one decision per :meth:`step`.

    ``seed``: the deal's (default: the record's seed, else 0): the random numbers of each decision
    are the table's, so the same game gets the same review.  Raises
    :class:`~durak_lab.engine.errors.RecordError` for a record whose moves do not replay and
    ``ValueError`` for a seat that is not in the game.
    """

    def __init__(self, record: Record, seat: int, seed: Optional[int] = None, coach: Optional[Coach] = None) -> None:
        if not 0 <= seat < record.rules.players:
            raise ValueError(f"seat must be one of P1 to P{record.rules.players}")
        self.record = record
        self.seat = seat
        game = Game(record.start, sequential=True)
        for rm in record.moves:
            if rm.illegal:
                break
            game.play(rm.move)
        self.supported = reviewable(game)
        seed = record.seed if seed is None and record.seed is not None else (seed or 0)
        self._review = TableReview(game, [seat], seed, coach or Coach())

    @property
    def total(self) -> int:
        """The seat's decisions to judge (0 where the evaluator cannot play the rules)."""
        return self._review.total

    @property
    def done(self) -> int:
        """The decisions judged so far."""
        return self._review.done

    @property
    def finished(self) -> bool:
        return self._review.finished

    def step(self) -> bool:
        """Judge the next decision; return whether any is left."""
        return self._review.step()

    def lesson(self, *, lesson_id: Optional[str] = None, title: Optional[str] = None) -> Lesson:
        """The "find a better move" lesson, once every decision is judged (the rest are judged now);
        :class:`~durak_lab.lessons.NoMistakes` when the review found none."""
        review = self._review.run()
        return mistakes_lesson(self.record, self.seat, review, lesson_id=lesson_id, title=title)

