"""Puzzles as a lesson (durak_lab.lessons.puzzle_lesson): "find the best move" steps the lesson player
plays as they are; a wrong move is told why it is worse, with the figures; the answer is explained."""

from __future__ import annotations

import pytest

from durak_lab.analysis.puzzles import THEMES, check_answer, shipped_puzzles
from durak_lab.lessons import Attempt, LessonError, load_lesson, puzzle_lesson
from durak_lab.lessons.puzzles import PUZZLE_LIMIT, spread, theme_name
from durak_lab.text.catalogue import say, using
from durak_lab.text.narrate import value_words


def test_a_lesson_of_the_shipped_puzzles():
    L = puzzle_lesson()
    assert L.id == "puzzles" and L.title == say("puzzles-lesson-title") and L.exercises == PUZZLE_LIMIT
    assert L.steps[0].kind == "read" and L.steps[0].text == say("puzzles-intro")
    zs = spread(shipped_puzzles(), PUZZLE_LIMIT)
    assert zs[0] == shipped_puzzles()[0] and zs[-1] == shipped_puzzles()[-1]  # the easiest to the hardest
    for step, z in zip(L.steps[1:], zs):
        assert step.kind == "move" and step.seat == z.seat and step.position == z.position
        assert [str(m) for m in step.answers] == [str(m) for m in z.answers]
        assert set(step.feedback) == {str(m) for m in z.wrong_moves}
        assert step.show == "seat"  # seen from the seat's view: the other hands face down
    assert load_lesson(L.to_dict()).to_dict() == L.to_dict()  # a checked lesson, as a file would be


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_makes_a_lesson_of_its_puzzles(theme):
    L = puzzle_lesson(theme=theme, limit=4)
    assert L.id == f"puzzles-{theme}" and L.title == say("puzzles-lesson-title-theme", theme=theme_name(theme))
    assert L.exercises == 4
    assert all(theme_name(theme) in s.text for s in L.steps[1:])


def test_right_and_wrong_answers_get_the_figures():
    exact = next(z for z in shipped_puzzles() if z.exact)
    sampled = next(z for z in shipped_puzzles() if not z.exact)
    for z in (exact, sampled):
        step = puzzle_lesson([z]).steps[1]
        wrong = z.wrong_moves[0]
        verdict = Attempt(step).answer(wrong)
        assert not verdict.right and verdict.sentence == step.feedback[str(wrong)]
        right = Attempt(step).answer(z.answers[0])
        assert right.right and right.done and right.explain == step.explain
        assert check_answer(z, z.answers[0]) and not check_answer(z, wrong)
    step = puzzle_lesson([exact]).steps[1]
    best = value_words(round(exact.best[0] * 2) - 1)
    assert best in step.feedback[str(exact.wrong_moves[0])] and best in step.explain
    step = puzzle_lesson([sampled]).steps[1]
    c = sampled.figures_of(sampled.wrong_moves[0])[0]
    assert f"{int(c * 100 + 0.5)}%" in step.feedback[str(sampled.wrong_moves[0])]
    assert f"{int(sampled.best[0] * 100 + 0.5)}%" in step.explain


def test_the_third_wrong_try_shows_the_answer_and_a_hint_comes_before():
    z = next(z for z in shipped_puzzles() if len(z.wrong_moves) >= 3)
    step = puzzle_lesson([z]).steps[1]
    a = Attempt(step)
    a.answer(z.wrong_moves[0])
    second = a.answer(z.wrong_moves[1])
    assert second.hint == say(f"puzzles-hint-{z.themes[0]}") if z.themes else say("puzzles-hint-any")
    third = a.answer(z.wrong_moves[2])
    assert third.done and third.shown and not a.solved


def test_the_lesson_in_another_language():
    L = puzzle_lesson(theme="take", limit=2, lang="he")
    with using("he"):
        assert L.title == say("puzzles-lesson-title-theme", theme=say("puzzles-theme-take"))
        assert L.steps[0].text == say("puzzles-intro")
    assert L.title != puzzle_lesson(theme="take", limit=2).title


def test_an_unknown_theme_or_nothing_to_play_is_a_lesson_error():
    with pytest.raises(LessonError) as caught:
        puzzle_lesson(theme="chess")
    assert caught.value.field == "theme"
    with pytest.raises(LessonError) as caught:
        puzzle_lesson([])
    assert caught.value.field == "theme"
    with pytest.raises(LessonError):
        puzzle_lesson(limit=0)
    assert puzzle_lesson(limit=None).exercises == len(shipped_puzzles())


def test_the_lesson_player_plays_it(tmp_path):
    import durak_lab

    L = puzzle_lesson(theme="endgame", limit=2)
    player = durak_lab.learn(lessons=[L], progress_path=str(tmp_path / "progress.json"))
    assert [item["id"] for item in player.state["menu"]["lessons"]] == [L.id]


def test_every_theme_has_its_name_and_hint_in_the_catalogue():
    from durak_lab.analysis.puzzles import THEMES
    from durak_lab.lessons import puzzles as P
    from durak_lab.text.messages import MESSAGES

    assert set(P._THEME_KEYS) == set(P._HINT_KEYS) == set(THEMES)
    assert set(P._THEME_KEYS.values()) | set(P._HINT_KEYS.values()) <= set(MESSAGES)
