"""The lesson player on one server for a class: it asks who is learning, keeps each student's progress in
a file of their own, merges the browser's copy, and two tabs of one student add up."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_lesson_player import LESSONS  # noqa: E402  (the test lessons: cards, covering, throwing-in)
from test_play_table import developer_words  # noqa: E402

from durak_lab.lessons import Progress  # noqa: E402
from durak_lab.session.students import folder_name  # noqa: E402
from durak_lab.widgets import LessonPlayer  # noqa: E402


def send(player, msg):
    return player.handle(msg)


def answer_cards_step_2(player):
    """Open "cards" and answer its second step right at the first try."""
    send(player, {"do": "open", "lesson": "cards"})
    send(player, {"do": "next"})
    return send(player, {"do": "answer", "value": "36"})


@pytest.fixture
def room(tmp_path):
    return str(tmp_path / "class")


def test_the_player_asks_who_is_learning_first_and_saves_nothing_before(room, tmp_path):
    player = LessonPlayer(lessons=LESSONS, class_dir=room, speed="instant")
    st = player.state
    assert st["view"] == "who" and st["who"]["title"] == "Who are you?" and st["student"]["name"] == ""
    assert developer_words(st) == []
    st = send(player, {"do": "open", "lesson": "cards"})  # nothing opens before a name
    assert st["view"] == "who"
    st = send(player, {"do": "student", "name": "   "})
    assert st["view"] == "who" and st["who"]["error"] == "Type a name with at least one letter or number."
    st = send(player, {"do": "student", "name": "Ann"})
    assert st["view"] == "lesson" and st["lesson"]["id"] == "cards"  # the lesson asked for before
    assert st["student"]["hello"] == "Hello, Ann!" and st["student"]["change"] == "Not Ann? Change"
    assert not (tmp_path / "durak-lab-progress.json").exists()


def test_two_students_on_one_server_never_see_each_others_work(room):
    ann = LessonPlayer(lessons=LESSONS, class_dir=room, speed="instant")
    boris = LessonPlayer(lessons=LESSONS, class_dir=room, speed="instant")
    send(ann, {"do": "hello", "student": "Ann", "copy": None})
    send(boris, {"do": "hello", "student": "Boris", "copy": None})
    assert answer_cards_step_2(ann)["lesson"]["feedback_kind"] == "right"
    st = send(boris, {"do": "menu"})
    cards = next(i for i in st["menu"]["lessons"] if i["id"] == "cards")
    assert cards["percent"] == 0 and cards["badge"] == "Not started"
    assert Progress.for_student("Boris", room).done("cards") == set()
    assert Progress.for_student("Ann", room).solved("cards") == {0, 1}
    assert sorted(p.name for p in Path(room).iterdir()) == sorted([folder_name("Ann"), folder_name("Boris")])


def test_one_student_in_two_tabs_adds_up(room):
    one = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann", speed="instant")
    two = LessonPlayer(lessons=LESSONS, class_dir=room, student="ann", speed="instant")
    answer_cards_step_2(one)
    send(two, {"do": "open", "lesson": "covering"})
    send(two, {"do": "next"})
    for card in ("J♦", "A♦", "6♥"):
        send(two, {"do": "table", "msg": {"do": "card", "card": card}})
    assert send(two, {"do": "check"})["lesson"]["feedback_kind"] == "right"
    saved = Progress.for_student("Ann", room)
    assert saved.solved("cards") == {0, 1} and saved.solved("covering") == {0, 1}
    st = send(one, {"do": "menu"})  # the menu shows the other tab's work
    covering = next(i for i in st["menu"]["lessons"] if i["id"] == "covering")
    assert covering["percent"] == 20


def test_the_browsers_copy_is_merged_and_kept(room):
    """JupyterLite, or a server whose files went: the browser's copy brings the progress back."""
    first = LessonPlayer(lessons=LESSONS, class_dir=room, speed="instant")
    send(first, {"do": "student", "name": "Ann"})
    answer_cards_step_2(first)
    copy = json.loads(first.saved["text"])
    assert first.saved["name"] == "Ann" and first.saved["key"] == folder_name("Ann")
    assert copy["student"] == "Ann" and copy["lessons"]["cards"]["1"]["first_try"] is True

    elsewhere = str(Path(room).parent / "fresh-server")
    again = LessonPlayer(lessons=LESSONS, class_dir=elsewhere, speed="instant")
    st = send(again, {"do": "hello", "student": "Ann", "copy": copy})
    cards = next(i for i in st["menu"]["lessons"] if i["id"] == "cards")
    assert st["view"] == "menu" and cards["percent"] > 0
    assert Progress.for_student("Ann", elsewhere).solved("cards") == {0, 1}  # and saved on this server

    other = LessonPlayer(lessons=LESSONS, class_dir=elsewhere, speed="instant")
    send(other, {"do": "hello", "student": "Boris", "copy": copy})  # Ann's copy is not Boris's
    assert Progress.for_student("Boris", elsewhere).done("cards") == set()
    bad = LessonPlayer(lessons=LESSONS, class_dir=elsewhere, speed="instant")
    st = send(bad, {"do": "hello", "student": "Cleo", "copy": {"format": "nonsense"}})
    assert st["view"] == "menu" and developer_words(st) == []


def test_not_you_forgets_the_student_on_this_page(room):
    player = LessonPlayer(lessons=LESSONS, class_dir=room, speed="instant")
    send(player, {"do": "student", "name": "Ann"})
    answer_cards_step_2(player)
    st = send(player, {"do": "change"})
    assert st["view"] == "who" and st["student"]["name"] == "" and player.saved["name"] == ""
    assert player.saved["text"] == ""
    st = send(player, {"do": "student", "name": "Boris"})
    cards = next(i for i in st["menu"]["lessons"] if i["id"] == "cards")
    assert cards["percent"] == 0


def test_a_given_student_or_progress_file_asks_no_name(room, tmp_path):
    assert LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann").state["view"] == "menu"
    single = LessonPlayer(lessons=LESSONS, progress_path=str(tmp_path / "p.json"))
    st = send(single, {"do": "hello", "student": "Ann", "copy": None})
    assert st["view"] == "menu" and st["student"]["change"] == ""
    assert single.saved["by_name"] is False


def test_hints_and_tries_are_kept_with_the_mark(room):
    player = LessonPlayer(lessons=LESSONS, class_dir=room, student="Ann", speed="instant")
    send(player, {"do": "open", "lesson": "cards"})
    send(player, {"do": "next"})
    send(player, {"do": "hint"})
    assert send(player, {"do": "answer", "value": "36"})["lesson"]["feedback_kind"] == "right"
    mark = Progress.for_student("Ann", room).marks("cards")[1]
    assert mark.solved and mark.first_try is False and mark.tries == 1 and mark.hints == 1
