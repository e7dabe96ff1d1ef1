"""The lesson player's practice from a student's own games: "Practise my mistakes".

:class:`GamesPractice` lists the games the student saved at the play table
(:func:`~durak_lab.lessons.own_games.student_games`), newest first, each with a button "Practise
my mistakes" (or, for a game saved before records said who played, "I was P1", "I was P2" …).
A click starts a :class:`~durak_lab.lessons.own_games.MistakeFinder`: the player's JavaScript then
asks for one decision at a time (``{"do": "mistakes-step"}``) and shows "Looking at move 3 of
12…" meanwhile, so the page never freezes.  When the review is done the mistakes become a lesson
of "find a better move" steps (:func:`~durak_lab.lessons.mistakes_lesson`) which the player opens
like any other; its file (``durak-lab-lesson/1``) can be downloaded to keep or to give the class.

Messages: ``mistakes`` (``game``: the file's name, ``seat``: "P2"), ``mistakes-step``,
``mistakes-stop``.

:class:`PuzzlesPractice` is the menu's **Puzzles**: positions mined from games where one move is
clearly best (:mod:`durak_lab.analysis.puzzles`), a lesson a theme (and one of every theme), each
from the easiest to the hardest (:func:`~durak_lab.lessons.puzzles.puzzle_lesson`); the progress
of each is kept like a lesson's.  Message: ``puzzles`` (``theme``: a theme, or ``""`` for the mix).

Standard library only.
"""

from __future__ import annotations

import logging
from typing import Any, Optional

from ...engine.errors import DurakError
from ...engine.moves import parse_seat, seat_text
from ...analysis.puzzles import THEMES, shipped_puzzles
from ...lessons import Lesson, LessonError, NoMistakes
from ...lessons.puzzles import puzzle_lesson, theme_name
from ...lessons.own_games import MistakeFinder, OwnGame, student_games
from ...text.messages import say

__all__ = ["GamesPractice", "PuzzlesPractice"]

_log = logging.getLogger(__name__)


class GamesPractice:
    """A student's saved games, and the mistakes lesson made of one of them, a decision at a time.

    ``student``: whose games (None: no list); ``class_dir``: the class folder.
    """

    def __init__(self, class_dir: Optional[str] = None) -> None:
        self.class_dir = class_dir
        self.student: Optional[str] = None
        self.finder: Optional[MistakeFinder] = None
        self.game: Optional[OwnGame] = None
        self.notice = ""  # said on the menu: no mistake found, the game cannot be reviewed
        self.lessons: dict = {}  # the lessons made here, by id: the player opens them
        self._games: Optional[list] = None

    # ------------------------------------------------------------ the list
    def set_student(self, student: Optional[str]) -> None:
        self.student = student
        self.stop()
        self.notice = ""
        self._games = None

    def refresh(self) -> None:
        """Look at the student's folder again (a game saved in another tab meanwhile)."""
        self._games = None

    def games(self) -> list:
        if self.student is None:
            return []
        if self._games is None:
            self._games = student_games(self.student, self.class_dir)
        return self._games

    # ------------------------------------------------------------ the review, a decision at a time
    @property
    def busy(self) -> bool:
        """Whether a review is under way."""
        return self.finder is not None

    def start(self, file: Any, seat: Any) -> None:
        """Begin reviewing ``seat``'s decisions in the saved game ``file``."""
        self.notice = ""
        game = next((g for g in self.games() if g.file == file), None)
        if game is None or not isinstance(seat, str):
            self.notice = say("learn-games-broken")
            return
        try:
            s = parse_seat(seat, game.record.rules.players)
            finder = MistakeFinder(game.record, s)
        except (DurakError, ValueError):
            self.notice = say("learn-games-broken")
            return
        if not finder.supported:
            self.notice = say("learn-games-cannot")
            return
        if not finder.total:
            self.notice = say("learn-games-nothing", seat=seat_text(s))
            return
        self.game, self.finder = game, finder

    def stop(self) -> None:
        self.finder, self.game = None, None

    def step(self) -> Optional[Lesson]:
        """Judge one more decision; once all are judged, the lesson made of the mistakes (None
        meanwhile, and when there is none: then :attr:`notice` says so)."""
        finder = self.finder
        if finder is None:
            return None
        if finder.step():
            return None
        game = self.game
        self.stop()
        assert game is not None
        try:
            lesson = finder.lesson(lesson_id=_lesson_id(game, finder.seat))
        except NoMistakes as err:
            self.notice = say("lesson-mistakes-none", seat=seat_text(err.seat))
            return None
        except DurakError:
            _log.exception("lesson player: the mistakes of %s could not be made a lesson", game.file)
            self.notice = say("learn-games-broken")
            return None
        self.lessons[lesson.id] = lesson
        return lesson

    # ------------------------------------------------------------ what the browser draws
    def reviewing_json(self) -> Optional[dict]:
        """The "Looking at move 3 of 12…" view while a review is under way."""
        f = self.finder
        if f is None or self.game is None:
            return None
        shown = min(f.done + 1, f.total)
        return {"title": say("learn-games-reviewing", title=_title(self.game)),
                "text": say("rv-thinking", done=shown, total=f.total),
                "percent": round(100 * f.done / f.total) if f.total else 100,
                "stop": say("learn-games-stop"), "serial": f.done}

    def menu_json(self) -> dict:
        """The "Your games" part of the menu."""
        items = []
        for g in self.games():
            title = _title(g)
            details = say("learn-games-details", count=g.moves,
                          state=say("learn-games-over") if g.over else say("learn-games-unfinished"))
            if g.known:
                buttons = [{"seat": seat_text(s), "text": say("learn-games-practise"),
                            "label": say("learn-games-practise-label", title=title)} for s in g.people[:1]]
                ask = ""
            else:
                buttons = [{"seat": seat_text(s), "text": say("learn-games-seat", seat=seat_text(s)),
                            "label": say("learn-games-seat-label", seat=seat_text(s), title=title)}
                           for s in g.people]
                ask = say("learn-games-which")
            items.append({"file": g.file, "title": title, "details": details, "ask": ask, "buttons": buttons})
        return {"title": say("learn-games-title"), "intro": say("learn-games-intro"), "games": items,
                "empty": "" if items else say("learn-games-empty"), "notice": self.notice,
                "shown": self.student is not None}

    @staticmethod
    def lesson_file(lesson: Lesson) -> dict:
        """The download of a lesson made here: its file's name, its text and the link's words."""
        return {"name": f"{lesson.id}.json", "text": lesson.dump() + "\n", "label": say("learn-games-save")}


def _title(game: OwnGame) -> str:
    return game.record.title or game.file


def _lesson_id(game: OwnGame, seat: int) -> str:
    stem = game.file[:-5] if game.file.lower().endswith(".json") else game.file
    return f"mistakes-{stem}-{seat_text(seat)}".lower()


class PuzzlesPractice:
    """The menu's puzzles: one lesson a theme and one of every theme, made when first opened."""

    def __init__(self) -> None:
        self.lessons: dict = {}  # by id, made in the language of the moment they were opened
        self._counts: Optional[dict] = None

    def counts(self) -> dict:
        """How many shipped puzzles each theme has (read once)."""
        if self._counts is None:
            found = shipped_puzzles()
            self._counts = {t: sum(1 for z in found if t in z.themes) for t in THEMES}
            self._counts[""] = len(found)
        return self._counts

    @staticmethod
    def lesson_id(theme: str) -> str:
        return f"puzzles-{theme}" if theme else "puzzles"

    def lesson(self, theme: Any) -> Optional[Lesson]:
        """The lesson of ``theme`` ("" for every theme); None for a theme there is none of."""
        if not isinstance(theme, str) or (theme and theme not in THEMES):
            return None
        key = self.lesson_id(theme)
        if key not in self.lessons:
            try:
                self.lessons[key] = puzzle_lesson(theme=theme or None)
            except LessonError:
                return None
        return self.lessons[key]

    def forget(self) -> None:
        """Another language: the lessons are made again in it when next opened."""
        self.lessons.clear()

    def menu_json(self, progress: Any) -> dict:
        """The "Puzzles" part of the menu: a button a theme, with how many are solved."""
        counts = self.counts()
        items = []
        for theme in ("",) + tuple(THEMES):
            if not counts.get(theme):
                continue
            name = say("learn-puzzles-all") if not theme else theme_name(theme)
            made = self.lessons.get(self.lesson_id(theme))
            solved = 0
            total = made.exercises if made is not None else 0
            if made is not None:
                solved = round(float(progress.fraction(made)) * total)
            items.append({"theme": theme, "name": name, "label": say("learn-puzzles-open", theme=name),
                          "progress": say("learn-progress", solved=solved, total=total) if total else "",
                          "percent": round(100 * solved / total) if total else 0})
        return {"title": say("learn-puzzles-title"), "intro": say("learn-puzzles-intro"), "themes": items}
