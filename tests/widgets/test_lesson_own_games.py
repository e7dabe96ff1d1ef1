"""The lesson player's "Your games": a student's saved games listed newest first, and "Practise my
mistakes" reviewing the person's decisions one message at a time, then opening the lesson made of
them (issue 38, learn from your mistakes).  No browser: the control's messages, as the page sends them."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_lesson_player import LESSONS  # noqa: E402
from test_play_table import developer_words  # noqa: E402

from durak_lab.engine.records import load_record  # noqa: E402
from durak_lab.lessons import load_lesson  # noqa: E402
from durak_lab.session.students import student_folder  # noqa: E402
from durak_lab.widgets import LessonPlayer  # noqa: E402

START = {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, "discard": "rest",
         "attacker": "P2", "first_bout": False}
#: P2 leads 7♦ where 8♥ keeps a win (the mistakes lesson's own example): a blunder
BLUNDER = ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦", "P2 take"]
#: P2 leads 8♥ and wins: no mistake
CLEAN = ["P2 attack 8♥", "P1 take", "P2 attack 7♦"]


def save_game(room: str, name: str, file: str, moves: list, players=None, title=None, rules=None) -> str:
    folder = os.path.join(student_folder(name, room), "games")
    os.makedirs(folder, exist_ok=True)
    data = {"format": "durak-lab/1", "rules": rules or {"preset": "podkidnoy", "players": 2}, "start": START,
            "moves": moves}
    if players is not None:
        data["players"] = players
    if title is not None:
        data["title"] = title
    path = os.path.join(folder, file)
    load_record(data)  # a record that reads
    Path(path).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


PEOPLE = {"P1": {"kind": "bot", "level": "greedy"}, "P2": {"kind": "person"}}


@pytest.fixture
def room(tmp_path):
    return str(tmp_path / "class")


def send(player, msg):
    return player.handle(msg)


def review_until_done(player, st, limit=50):
    seen = []
    while st["view"] == "reviewing" and limit:
        seen.append(st["reviewing"]["text"])
        st = send(player, {"do": "mistakes-step"})
        limit -= 1
    return st, seen


def test_a_mistake_in_a_saved_game_comes_back_as_an_exercise(room):
    save_game(room, "Ann", "blunder.json", BLUNDER, PEOPLE, title="My game against the greedy bot")
    player = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann", speed="instant")
    st = player.state
    practice = st["practice"]
    assert practice["title"] == "Your games" and practice["empty"] == ""
    [game] = practice["games"]
    assert game["title"] == "My game against the greedy bot" and game["details"] == "6 moves, finished"
    assert game["ask"] == "" and game["buttons"] == [
        {"seat": "P2", "text": "Practise my mistakes",
         "label": "Practise my mistakes in My game against the greedy bot"}]

    st = send(player, {"do": "mistakes", "game": "blunder.json", "seat": "P2"})
    assert st["view"] == "reviewing"
    assert st["reviewing"]["title"] == "Looking for your mistakes in My game against the greedy bot"
    st, seen = review_until_done(player, st)
    assert seen[0] == "Looking at move 1 of 3…" and len(seen) == 3  # P2 decided three times
    assert st["view"] == "lesson" and st["lesson"]["kind"] == "read"
    kept = st["lesson"]["file"]
    assert kept["name"] == "mistakes-blunder-p2.json" and kept["label"] == "Save these exercises as a file"
    assert load_lesson(kept["text"]).id == "mistakes-blunder-p2"  # the download is a lesson file that loads
    assert developer_words(st) == []

    st = send(player, {"do": "next"})
    assert st["lesson"]["kind"] == "move" and "move 1 here was a mistake" in st["lesson"]["text"]
    st = send(player, {"do": "table", "msg": {"do": "card", "card": "7♦"}})  # the move of the game
    assert st["lesson"]["feedback_kind"] != "right"
    assert st["lesson"]["feedback"].startswith("That is the move played in the game")
    st = send(player, {"do": "table", "msg": {"do": "card", "card": "8♥"}})
    assert st["lesson"]["feedback_kind"] == "right" and st["lesson"]["done"]
    st = send(player, {"do": "next"})
    assert st["view"] == "done" and st["end"]["next_id"] == ""
    assert st["end"]["next"] == "Well done! Play another game, save it, and practise again."
    assert st["end"]["file"]["name"] == "mistakes-blunder-p2.json"
    # the progress of the exercise is the student's own, like a lesson's
    assert player.control.progress.fraction(player.control.lesson) == 1


def test_a_game_with_no_mistake_says_so_on_the_menu(room):
    save_game(room, "Ann", "clean.json", CLEAN, PEOPLE)
    player = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann")
    st = send(player, {"do": "mistakes", "game": "clean.json", "seat": "P2"})
    st, _ = review_until_done(player, st)
    assert st["view"] == "menu"
    assert st["practice"]["notice"] == ("P2 made no mistake in this game that the review found: "
                                        "there is nothing to practise.")


def test_a_game_saved_before_records_said_who_played_asks_which_seat(room):
    save_game(room, "Ann", "old.json", BLUNDER)
    player = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann")
    [game] = player.state["practice"]["games"]
    assert game["ask"] == "Which seat was yours?"
    assert [b["text"] for b in game["buttons"]] == ["I was P1", "I was P2"]
    st = send(player, {"do": "mistakes", "game": "old.json", "seat": "P2"})
    st, _ = review_until_done(player, st)
    assert st["view"] == "lesson"


def test_stop_and_bad_messages_change_nothing_and_say_no_traceback(room):
    save_game(room, "Ann", "blunder.json", BLUNDER, PEOPLE)
    player = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann")
    st = send(player, {"do": "mistakes", "game": "blunder.json", "seat": "P2"})
    st = send(player, {"do": "mistakes-stop"})
    assert st["view"] == "menu" and st["practice"]["notice"] == ""
    for msg in ({"do": "mistakes", "game": "nope.json", "seat": "P2"},
                {"do": "mistakes", "game": "blunder.json", "seat": "P9"},
                {"do": "mistakes", "game": ["x"], "seat": 3}):
        st = send(player, msg)
        assert st["view"] == "menu" and st["practice"]["notice"] == "This game could not be opened."
    st = send(player, {"do": "mistakes-step"})  # nothing under way: nothing happens
    assert st["view"] == "menu"
    assert developer_words(st) == []


def test_rules_the_review_cannot_play_and_a_seat_with_no_decision(room):
    save_game(room, "Ann", "push.json", [], {"P1": {"kind": "person"}},
              rules={"preset": "pushing", "players": 2})
    save_game(room, "Ann", "short.json", ["P2 attack 8♥"], {"P1": {"kind": "person"}})
    player = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann")
    st = send(player, {"do": "mistakes", "game": "push.json", "seat": "P1"})
    assert st["practice"]["notice"] == "The review cannot look at games with these rules yet."
    st = send(player, {"do": "mistakes", "game": "short.json", "seat": "P1"})
    assert st["practice"]["notice"] == ("P1 made no choice of their own in this game: "
                                        "there is nothing to look at.")


def test_only_the_students_own_games_newest_first_and_not_before_a_name(room):
    save_game(room, "Ann", "a.json", CLEAN, PEOPLE, title="first")
    later = save_game(room, "Ann", "b.json", CLEAN, PEOPLE, title="second")
    os.utime(later, (2_000_000_000, 2_000_000_000))
    Path(student_folder("Ann", room), "games", "junk.json").write_text("{not json", encoding="utf-8")
    save_game(room, "Boris", "c.json", CLEAN, PEOPLE, title="Boris's")
    player = LessonPlayer(lessons=LESSONS, class_dir=room)
    assert player.state["view"] == "who" and player.state["practice"] is None
    st = send(player, {"do": "student", "name": "Ann"})
    assert [g["title"] for g in st["practice"]["games"]] == ["second", "first"]
    st = send(player, {"do": "change"})
    st = send(player, {"do": "student", "name": "Cleo"})
    assert st["practice"]["games"] == [] and st["practice"]["empty"] == "Games you save at the play table show up here."
    # a game saved meanwhile (another tab) shows when the menu is drawn again
    save_game(room, "Cleo", "new.json", CLEAN, PEOPLE, title="new")
    st = send(player, {"do": "menu"})
    assert [g["title"] for g in st["practice"]["games"]] == ["new"]


def test_puzzles_by_theme_open_in_the_player_and_count_as_progress(room):
    player = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann")
    puzzles = player.state["puzzles"]
    assert puzzles["title"] == "Puzzles"
    themes = {t["theme"]: t for t in puzzles["themes"]}
    assert themes[""]["name"] == "A mix of everything" and "take" in themes
    assert themes["take"]["name"] == "When to take" and themes["take"]["progress"] == ""
    st = send(player, {"do": "puzzles", "theme": "take"})
    assert st["view"] == "lesson" and st["lesson"]["id"] == "puzzles-take" and st["lesson"]["kind"] == "read"
    st = send(player, {"do": "next"})
    assert st["lesson"]["kind"] == "move"
    lesson = player.control.lesson
    step = lesson.steps[1]
    # a wrong move: its sentence; the answer: right
    wrong = next(m for m in step.position.view(step.seat).legal if m not in step.answers)
    control = player.control
    control._answer(wrong)  # what the table hands the lesson when that move is clicked
    st = control.state()
    assert st["lesson"]["feedback_kind"] != "right" and st["lesson"]["feedback"].startswith("Not this one.")
    control._answer(step.answers[0])
    st = control.state()
    assert st["lesson"]["feedback_kind"] == "right" and st["lesson"]["explain"].startswith("Yes!")
    st = send(player, {"do": "menu"})
    [t] = [t for t in st["puzzles"]["themes"] if t["theme"] == "take"]
    assert t["progress"] == f"1 of {lesson.exercises} exercises solved"
    st = send(player, {"do": "puzzles", "theme": "nope"})  # no such theme: nothing opens
    assert st["view"] == "menu"
    assert developer_words(st) == []
    assert str(wrong) in step.feedback
