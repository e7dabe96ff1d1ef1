"""Puzzles as a lesson: "find the best move" in positions mined from games.

:func:`puzzle_lesson` turns puzzles (:mod:`durak_lab.analysis.puzzles`; by default the shipped
ones, :func:`~durak_lab.analysis.puzzles.shipped_puzzles`, easiest first) into a checked
``durak-lab-lesson/1`` lesson that the lesson player plays as it is
(``durak_lab.learn(lessons=[puzzle_lesson()])``): a ``read`` step that says what a puzzle is,
then one ``move`` step a puzzle, seen through the eyes of the seat to act (``limit`` of them, from
the easiest to the hardest).

* **answers**: the puzzle's answers (the moves of the best exact value, or the evaluator's
  clearly best move);
* **feedback**: every other legal move of the seat gets a sentence saying why it is worse,
  with the figures: "a draw, where the best move wins" when exact, else the chances of not
  being the durak as percentages;
* **explain**: why the answer is right, with the same figures; **hint**: what the puzzle's first
  theme is about.

Every sentence comes from the catalogue (family ``puzzles``), in the language chosen when the
lesson is made (``lang``).

Standard library only.

>>> L = puzzle_lesson(theme="take", limit=3)
>>> L.id, L.exercises, [s.kind for s in L.steps]
('puzzles-take', 3, ['read', 'move', 'move', 'move'])
>>> step = L.steps[1]
>>> all(str(m) in step.feedback for m in step.position.view(step.seat).legal if m not in step.answers)
True
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..analysis.puzzles import THEMES, Puzzle, shipped_puzzles
from ..engine.moves import seat_text
from ..text.catalogue import Items, using
from ..text.messages import say
from ..text.narrate import move_words, value_words
from ..text.review import percent
from .errors import LessonError
from .format import FORMAT, Lesson, load_lesson

__all__ = ["puzzle_lesson", "theme_name", "spread", "PUZZLE_LIMIT", "THEME_RULES"]

#: The puzzles a lesson holds by default.
PUZZLE_LIMIT = 10

#: The rules each theme is about (rule ids R1–R31), listed by the steps of that theme.
THEME_RULES = {"endgame": ("R28",), "counting": ("R28",), "throw-in": ("R12",), "take": ("R15",),
               "trumps": ("R11",), "transfer": ("R20",)}

#: The catalogue's key of each theme's name and of its hint, written whole (a key is found by its text).
_THEME_KEYS = {"endgame": "puzzles-theme-endgame", "counting": "puzzles-theme-counting",
               "throw-in": "puzzles-theme-throw-in", "take": "puzzles-theme-take",
               "trumps": "puzzles-theme-trumps", "transfer": "puzzles-theme-transfer"}
_HINT_KEYS = {"endgame": "puzzles-hint-endgame", "counting": "puzzles-hint-counting",
              "throw-in": "puzzles-hint-throw-in", "take": "puzzles-hint-take",
              "trumps": "puzzles-hint-trumps", "transfer": "puzzles-hint-transfer"}


def theme_name(theme: str) -> str:
    """A theme's name for learners (``"endgame"`` → ``"The endgame"``).

    >>> theme_name("take"), theme_name("throw-in")
    ('When to take', 'Throwing in')
    """
    if theme not in THEMES:
        raise LessonError("theme", f"{theme!r} is not a theme; the themes are {', '.join(THEMES)}")
    return say(_THEME_KEYS[theme])


def _value(chance: float) -> int:
    return 1 if chance > 0.75 else (-1 if chance < 0.25 else 0)


def _feedback(z: Puzzle, move: object) -> str:
    figures = z.figures_of(move)
    assert figures is not None  # every legal move has figures (the reader checks it)
    if z.exact:
        return say("puzzles-worse-exact", value=value_words(_value(figures[0])), best=value_words(_value(z.best[0])))
    return say("puzzles-worse", chance=percent(figures[0]), best=percent(z.best[0]))


def _explain(z: Puzzle) -> str:
    move = move_words(z.answers[0])
    if z.exact:
        return say("puzzles-explain-exact", move=move, best=value_words(_value(z.best[0])),
                   next=value_words(_value(z.next_best[0])))
    return say("puzzles-explain", move=move, best=percent(z.best[0]), next=percent(z.next_best[0]))


def _step(z: Puzzle, number: int, total: int) -> dict:
    who = seat_text(z.seat)
    themes = [theme_name(t) for t in z.themes]
    text = say("puzzles-step", number=number, total=total, seat=who) if not themes else \
        say("puzzles-step-themes", number=number, total=total, seat=who, themes=Items(themes))
    step = {"kind": "move", "text": text, "position": z.position_text, "seat": who,
            "answers": [str(m) for m in z.answers],
            "feedback": {str(m): _feedback(z, m) for m in z.wrong_moves},
            "explain": _explain(z),
            "hint": say(_HINT_KEYS[z.themes[0]]) if z.themes else say("puzzles-hint-any")}
    rules = sorted({r for t in z.themes for r in THEME_RULES[t]}, key=lambda r: int(r[1:]))
    if rules:
        step["rules"] = rules
    return step


def puzzle_lesson(puzzles: Optional[Iterable[Puzzle]] = None, *, theme: Optional[str] = None,
                  title: Optional[str] = None, lesson_id: Optional[str] = None, limit: Optional[int] = PUZZLE_LIMIT,
                  lang: Optional[str] = None) -> Lesson:
    """A checked lesson of "find the best move" steps, one a puzzle (see the module docstring).

    ``puzzles``: the puzzles, in order (default: the shipped ones, easiest first); ``theme``: only
    those of this theme (:data:`~durak_lab.analysis.puzzles.THEMES`); ``limit``: at most this many,
    evenly spaced from the first to the last (:func:`spread`; None: all); ``title``, ``lesson_id`` (default ``puzzles`` or ``puzzles-THEME``); ``lang``: the
    language of its words (default: the chosen one).  A :class:`~durak_lab.lessons.errors.LessonError`
    (field ``theme``) for an unknown theme or no puzzle to play.
    """
    with using(lang):
        return _lesson(puzzles, theme, title, lesson_id, limit)


def spread(puzzles: Sequence[Puzzle], limit: int) -> list:
    """At most ``limit`` of ``puzzles``, evenly spaced from the first to the last (of puzzles sorted
    easiest first: a ladder from the easiest to the hardest).

    >>> spread(list("abcdefghij"), 4), spread(list("abc"), 5), spread(list("abc"), 1)
    (['a', 'd', 'g', 'j'], ['a', 'b', 'c'], ['a'])
    """
    n = len(puzzles)
    if n <= limit:
        return list(puzzles)
    if limit == 1:
        return [puzzles[0]]
    return [puzzles[round(i * (n - 1) / (limit - 1))] for i in range(limit)]


def _lesson(puzzles: Optional[Iterable[Puzzle]], theme: Optional[str], title: Optional[str],
            lesson_id: Optional[str], limit: Optional[int]) -> Lesson:
    if theme is not None:
        theme_name(theme)  # an unknown theme is an error
    chosen = [z for z in (shipped_puzzles() if puzzles is None else puzzles) if theme is None or theme in z.themes]
    if limit is not None:
        if limit < 1:
            raise LessonError("limit", f"must be at least 1, not {limit}")
        chosen = spread(chosen, limit)
    if not chosen:
        raise LessonError("theme", "no puzzle to play" + (f" with the theme {theme!r}" if theme else ""))
    n = len(chosen)
    steps: list = [{"kind": "read", "text": say("puzzles-intro")}]
    steps += [_step(z, i + 1, n) for i, z in enumerate(chosen)]
    rules = sorted({r for s in steps for r in s.get("rules", ())}, key=lambda r: int(r[1:]))
    data = {
        "format": FORMAT,
        "id": lesson_id or ("puzzles" if theme is None else f"puzzles-{theme}"),
        "title": title or (say("puzzles-lesson-title") if theme is None
                           else say("puzzles-lesson-title-theme", theme=theme_name(theme))),
        "rules": rules,
        "summary": say("puzzles-lesson-summary", count=n),
        "steps": steps,
    }
    return load_lesson(data)
