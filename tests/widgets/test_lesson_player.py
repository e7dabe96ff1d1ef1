"""The lesson player, driven from Python (no browser): the messages its JavaScript sends go to
:meth:`LessonPlayer.handle`, and the JSON state it draws is checked.

A learner finishes "Covering a card" (R11, a copy of the seed lesson) with one wrong answer (the
lesson's sentence for it), a second wrong answer (the sentence and the hint), the
right answer, a cover made by clicking the play table, Yes/No and cards picked on the
table; the progress is saved after every solved step and shown on the menu, also by
a new player that loads it.  Three wrong tries show the answer (the step is not
solved).  The ``play`` step opens a whole game on the play table and is done when the
game ends.  Only the learner's hand is face up, and no text is Python or a developer's
word.
"""

import json
import re
import sys
from pathlib import Path

import pytest

import durak_lab
from durak_lab.engine.cards import CardSet
from durak_lab.lessons import Progress, course_ids, load_lesson
from durak_lab.text.explain import RULE_TITLES
from durak_lab.text.messages import MESSAGES
from durak_lab.widgets import LessonPlayer
from durak_lab.widgets.lessons.player import TABLE_EXPORT, front_end
from durak_lab.widgets.lessons.table import LessonTable

sys.path.insert(0, str(Path(__file__).parent))
from test_play_table import Player, developer_words  # noqa: E402  (the play table's own test player)


# Copies of the seed lessons (kept by the lesson tests), so that a teacher may edit the course's files.
FIXTURES = Path(__file__).resolve().parents[1] / "lessons" / "fixtures"
LESSONS = [load_lesson(FIXTURES / f"{name}.json") for name in ("cards", "covering", "throwing-in")]


def lesson(lesson_id: str):
    return next(L for L in LESSONS if L.id == lesson_id)


@pytest.fixture
def progress_path(tmp_path):
    return str(tmp_path / "progress.json")


@pytest.fixture
def player(progress_path):
    return LessonPlayer(lessons=LESSONS, progress_path=progress_path, speed="instant")


def send(player: LessonPlayer, msg: dict) -> dict:
    st = player.handle(msg)
    json.dumps(st)  # JSON-able
    assert developer_words(st) == [], developer_words(st)
    return st


def table_msg(player: LessonPlayer, msg: dict) -> dict:
    return send(player, {"do": "table", "msg": msg})


def saved(path: str) -> Progress:
    return Progress.load(path)


def item(state: dict, lesson_id: str) -> dict:
    return next(i for i in state["menu"]["lessons"] if i["id"] == lesson_id)


def hidden_cards_shown(player: LessonPlayer) -> list:
    """Cards of other seats' hands that the state shows (they must stay face down)."""
    table: LessonTable = player.control.table
    p = table.session.position
    text = json.dumps(player.state["table"]["hand"] + player.state["table"]["seats"], ensure_ascii=False)
    return [str(c) for s in range(p.players) if s != table.learner
            for c in CardSet(p.hands[s]) if re.search(rf"(?<![0-9]){re.escape(str(c))}", text)]


def test_the_menu_lists_the_course_with_rules_and_progress_bars(player):
    st = player.state
    assert st["view"] == "menu" and st["menu"]["title"] == "Learn Durak"
    ids = [i["id"] for i in st["menu"]["lessons"]]
    assert ids == ["cards", "covering", "throwing-in"]
    course_menu = LessonPlayer(progress_path=player.progress.path).state["menu"]  # the course by default
    assert [i["id"] for i in course_menu["lessons"]] == course_ids()
    covering = item(st, "covering")
    assert covering["title"] == "Covering a card"
    assert covering["rules"] == [{"id": "R11", "title": f"R11: {RULE_TITLES['R11']}"}]
    assert covering["percent"] == 0 and covering["progress"] == "0 of 5 exercises solved"
    assert covering["open"] == "Open the lesson: Covering a card"
    assert st["menu"]["overall"] == f"You have finished 0 of {len(ids)} lessons."


def test_a_learner_finishes_covering_wrong_then_hint_then_right(player, progress_path):
    st = send(player, {"do": "open", "lesson": "covering"})
    assert st["view"] == "lesson" and st["lesson"]["step_text"] == "Step 1 of 6"
    assert st["lesson"]["kind"] == "read" and st["lesson"]["done"] and st["table"] is None
    st = send(player, {"do": "next"})

    # step 2 (cards, R11): click every card that beats 10♦
    assert st["lesson"]["step_text"] == "Step 2 of 6" and not st["lesson"]["done"]
    assert st["table"]["me"]["name"] == "P2 (you)" and st["table"]["frame"] == "lesson"
    assert hidden_cards_shown(player) == []
    st = table_msg(player, {"do": "card", "card": "9♦"})
    assert [c["card"] for c in st["table"]["hand"] if c.get("selected")] == ["9♦"]
    st = send(player, {"do": "check"})
    assert st["lesson"]["feedback_kind"] == "wrong"
    assert "9♦ is a diamond, but it is lower than 10♦." in st["lesson"]["feedback"]
    assert not saved(progress_path).fraction(lesson("covering"))
    st = send(player, {"do": "check"})  # the same wrong pick again: the sentence and the hint
    assert st["lesson"]["feedback_kind"] == "hint"
    first = "9♦ is a diamond, but it is lower than 10♦."
    assert st["lesson"]["feedback"].startswith(first) and len(st["lesson"]["feedback"]) > len(first) + 5
    assert not st["lesson"]["done"]
    table_msg(player, {"do": "card", "card": "9♦"})  # put it back
    for card in ("J♦", "A♦", "6♥"):
        table_msg(player, {"do": "card", "card": card})
    st = send(player, {"do": "check"})
    assert st["lesson"]["feedback_kind"] == "right" and st["lesson"]["done"]
    assert st["lesson"]["explain"].startswith("J♦ and A♦ are higher diamonds")
    assert saved(progress_path).fraction(lesson("covering")) == pytest.approx(1 / 5)
    st = send(player, {"do": "next"})

    # step 3 (move): cover 7♦ by clicking 9♦ on the table; a Take first is wrong, with its sentence
    assert st["lesson"]["kind"] == "move"
    assert [a["do"] for a in st["table"]["actions"]] == ["take"]
    st = table_msg(player, {"do": "take"})
    assert st["lesson"]["feedback_kind"] == "wrong"
    assert "You do not have to take" in st["lesson"]["feedback"]
    assert st["table"]["table"][0]["cover"] is None  # nothing was played
    st = table_msg(player, {"do": "card", "card": "9♦"})
    assert st["lesson"]["feedback_kind"] == "right"
    assert st["table"]["table"][0]["cover"]["card"] == "9♦"  # the right move is now on the table
    assert st["table"]["actions"] == []
    st = send(player, {"do": "next"})

    # steps 4 and 5 (yes-no)
    assert [o["label"] for o in st["lesson"]["answer"]["options"]] == ["Yes", "No"]
    st = send(player, {"do": "answer", "value": True})
    assert st["lesson"]["feedback_kind"] == "right"
    st = send(player, {"do": "next"})
    st = send(player, {"do": "answer", "value": False})
    assert st["lesson"]["feedback_kind"] == "right"
    st = send(player, {"do": "next"})

    # step 6 (cards from the table)
    assert st["lesson"]["next"] == "Finish the lesson"
    table_msg(player, {"do": "target", "card": "7♠"})
    st = send(player, {"do": "check"})
    assert st["lesson"]["feedback_kind"] == "right"
    st = send(player, {"do": "next"})
    assert st["view"] == "done"
    assert st["end"]["title"] == "You finished the lesson “Covering a card”."
    assert st["end"]["score"] == "You solved 5 of 5 exercises without seeing the answer."
    assert st["end"]["next_id"] == "throwing-in"

    st = send(player, {"do": "menu"})
    covering = item(st, "covering")
    assert covering["percent"] == 100 and covering["done"] and covering["badge"] == "Done ✓"
    assert covering["progress"] == "5 of 5 exercises solved, 3 at the first try"
    assert covering["first_percent"] == 60
    marks = saved(progress_path).marks("covering")
    assert [marks[i].first_try for i in (1, 2, 3, 4, 5)] == [False, False, True, True, True]
    assert [marks[i].tries for i in (1, 2, 3, 4, 5)] == [3, 2, 1, 1, 1]
    assert all(marks[i].hints == 0 and marks[i].seconds >= 0 for i in (1, 2, 3, 4, 5))
    assert st["menu"]["overall"].startswith("You have finished 1 of ")
    # a new player loads the progress from the file
    again = LessonPlayer(lessons=LESSONS, progress_path=progress_path)
    assert item(again.state, "covering")["percent"] == 100
    assert saved(progress_path).lesson_done(lesson("covering"))


def test_three_wrong_tries_show_the_answer_and_the_step_is_not_solved(player, progress_path):
    send(player, {"do": "open", "lesson": "covering"})
    send(player, {"do": "next"})
    table_msg(player, {"do": "card", "card": "K♠"})
    kinds = [send(player, {"do": "check"})["lesson"]["feedback_kind"] for _ in range(3)]
    st = player.state
    assert kinds == ["wrong", "hint", "shown"]
    assert st["lesson"]["feedback"].endswith("The right cards: 6♥ J♦ A♦.")
    assert all(c in st["lesson"]["feedback"] for c in ("J♦", "A♦", "6♥"))
    assert st["lesson"]["done"] and st["lesson"]["explain"]
    assert saved(progress_path).fraction(lesson("covering")) == 0
    # a fourth click changes nothing; Next goes on
    assert send(player, {"do": "check"})["lesson"]["feedback"] == st["lesson"]["feedback"]
    assert send(player, {"do": "next"})["lesson"]["kind"] == "move"


def test_the_hint_button_and_a_check_with_no_card(player):
    send(player, {"do": "open", "lesson": "covering"})
    send(player, {"do": "next"})
    st = send(player, {"do": "check"})
    assert st["lesson"]["feedback"] == MESSAGES["learn-cards-empty"] and st["lesson"]["tries"] == 0
    st = send(player, {"do": "hint"})
    assert st["lesson"]["feedback_kind"] == "hint" and st["lesson"]["feedback"]


def test_seat_and_choice_steps(player):
    st = send(player, {"do": "open", "lesson": "cards"})
    st = send(player, {"do": "next"})
    assert st["lesson"]["kind"] == "choice"
    assert [o["value"] for o in st["lesson"]["answer"]["options"]] == ["32", "36", "52"]
    st = send(player, {"do": "answer", "value": "36"})
    assert st["lesson"]["feedback_kind"] == "right"
    st = send(player, {"do": "next"})
    st = send(player, {"do": "answer", "value": "5"})
    assert "Close, but each player gets one card more than that." in st["lesson"]["feedback"]
    while st["lesson"]["kind"] != "seat":
        st = send(player, {"do": "next"}) if st["lesson"]["done"] else send(player, {"do": "answer", "value": "6"})
        if st["lesson"]["kind"] == "cards" and not st["lesson"]["done"]:
            for card in ("A♥", "Q♥"):
                table_msg(player, {"do": "card", "card": card})
            st = send(player, {"do": "check"})
    assert [s["value"] for s in st["lesson"]["answer"]["seats"]] == ["P1", "P2"]
    # show "all": every hand is written beside its seat
    assert st["table"]["seats"][0]["known"].startswith("Cards: ")
    st = send(player, {"do": "answer", "value": "P2"})
    assert st["lesson"]["feedback_kind"] == "right"


def test_the_play_step_is_a_whole_game_done_when_it_ends(player, progress_path):
    L = lesson("throwing-in")
    send(player, {"do": "open", "lesson": "throwing-in"})
    player.control._go(len(L.steps) - 1)  # straight to the last step, the game
    st = player.handle({"do": "noop"})
    assert st["lesson"]["kind"] == "play" and not st["lesson"]["done"]
    assert st["table"]["frame"] == "play" and st["table"]["settings"]["values"]["seed"] == "7"
    assert st["table"]["seats"][0]["name"] == "P2 (random bot)"

    class Through:
        """The play table inside the player, as the play table's test player drives it."""

        @property
        def state(self):
            return player.state["table"]

        def handle(self, msg):
            return table_msg(player, msg)["table"]

    Player(Through()).to_the_end()
    st = player.state
    assert st["lesson"]["done"] and st["lesson"]["feedback_kind"] == "right"
    assert st["table"]["review"]  # the play table's own review of the game
    assert len(L.steps) - 1 in saved(progress_path).done("throwing-in")
    st = send(player, {"do": "next"})
    assert st["view"] == "done"


def test_bad_messages_change_nothing_and_say_no_traceback(player):
    before = player.state
    for msg in ({"do": "open", "lesson": "juggling"}, {"do": "next"}, {"do": "answer", "value": "P9"},
                {"do": "table", "msg": "card"}, {"do": 7}, {}):
        st = send(player, msg)
        assert st["view"] == "menu" and st["menu"] == before["menu"]
    send(player, {"do": "open", "lesson": "covering"})
    send(player, {"do": "next"})
    hand = player.state["table"]["hand"]
    st = send(player, {"do": "answer", "value": "P9"})  # not an answer of a cards step
    assert st["lesson"]["tries"] == 0 and st["lesson"]["feedback"] == ""
    st = table_msg(player, {"do": "card", "card": "Z9"})
    assert st["table"]["hand"] == hand and st["lesson"]["tries"] == 0
    st = table_msg(player, {"do": "new"})  # the play table's other buttons do nothing in a lesson
    assert st["lesson"]["step_text"] == "Step 2 of 6"


def test_learn_returns_the_player_and_the_front_end_joins_the_play_table():
    assert "learn" in durak_lab.__all__
    js, css = front_end()
    assert js.count("export default") == 1 and js.rstrip().endswith("export default { render: renderLesson };")
    table_js = (Path(durak_lab.__file__).parent / "widgets" / "static" / "play_table.js").read_text("utf-8")
    assert TABLE_EXPORT in table_js and js.startswith(table_js.split(TABLE_EXPORT)[0])
    assert ".dl-play-table" in css and ".dl-lesson-player" in css
    assert LessonPlayer._esm == js
    for name in ("dl-lp-feedback", "dl-lp-next", "dl-lp-hint", "dl-lp-back", "dl-lp-check", "dl-lp-choice",
                 "progressbar", "aria-live"):
        assert name in js, name
    assert max(len(line) for line in js.splitlines()) <= 120


def test_every_learn_sentence_is_said_by_the_players_code():
    package = Path(durak_lab.__file__).parent
    keys = {k for k in MESSAGES if k.startswith("learn-")}
    source = "".join(p.read_text("utf-8") for p in (package / "widgets" / "lessons").glob("*.py"))
    used = set(re.findall(r'say\(\s*"([a-z0-9-]+)"', source))
    assert keys - used == set()


def test_learn_opens_a_lesson_at_once_and_takes_a_list_of_lessons(progress_path):
    player = durak_lab.learn(lesson="throwing-in", progress_path=progress_path)
    assert isinstance(player, LessonPlayer)
    assert player.state["view"] == "lesson" and player.state["lesson"]["id"] == "throwing-in"
    mine = LessonPlayer(lessons=[lesson("covering")], progress_path=progress_path)
    assert [i["id"] for i in mine.state["menu"]["lessons"]] == ["covering"]
    assert mine.state["menu"]["title"] == "Learn Durak"
    st = send(mine, {"do": "open", "lesson": "covering"})
    for _ in range(5):
        st = send(mine, {"do": "next"})  # Next does nothing until the step is answered
    assert st["lesson"]["step_text"] == "Step 2 of 6"


def test_a_broken_progress_file_is_said_on_the_menu_and_then_replaced(progress_path):
    Path(progress_path).write_text("{not json", encoding="utf-8")
    player = LessonPlayer(lessons=LESSONS, progress_path=progress_path)
    assert player.state["menu"]["warning"]
    assert developer_words(player.state) == []


def test_an_illegal_click_in_a_move_step_says_the_engines_reason_and_plays_nothing(player):
    send(player, {"do": "open", "lesson": "covering"})
    send(player, {"do": "next"})
    player.control._go(2)  # the move step: cover 7♦ (R11)
    st = table_msg(player, {"do": "card", "card": "K♠"})
    assert st["lesson"]["kind"] == "move" and st["lesson"]["feedback_kind"] == "wrong"
    assert "K♠" in st["lesson"]["feedback"] and "7♦" in st["lesson"]["feedback"]
    assert st["table"]["table"][0]["cover"] is None and st["lesson"]["tries"] == 1
    st = table_msg(player, {"do": "card", "card": "Q♦"})  # allowed, but not the lesson's answer
    assert st["lesson"]["feedback"].startswith("Q♦ beats it, but a lower diamond does the job too.")
    assert st["lesson"]["feedback_kind"] == "hint" and st["table"]["table"][0]["cover"] is None


def test_a_progress_file_that_cannot_be_written_is_said_and_the_lesson_goes_on(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text('{"format": "durak-lab-progress/2", "lessons": {}}', encoding="utf-8")
    path.chmod(0o444)  # a teacher made it read-only: it is never replaced
    player = LessonPlayer(lessons=LESSONS, progress_path=str(path))
    send(player, {"do": "open", "lesson": "cards"})
    send(player, {"do": "next"})
    st = send(player, {"do": "answer", "value": "36"})
    assert st["lesson"]["feedback_kind"] == "right"
    assert st["lesson"]["feedback"].endswith(MESSAGES["learn-not-saved"])
    assert player.progress.fraction(lesson("cards")) > 0  # kept in memory
    assert path.read_text(encoding="utf-8") == '{"format": "durak-lab-progress/2", "lessons": {}}'
    assert send(player, {"do": "next"})["lesson"]["step_text"] == "Step 3 of 6"
    st = send(player, {"do": "menu"})
    assert st["student"]["save_failed"] and MESSAGES["learn-not-saved"] in st["menu"]["warning"]
    copy = json.loads(player.saved["text"])  # the download holds what could not be saved
    assert copy["lessons"]["cards"]["1"]["solved"] is True


def test_the_lesson_player_shares_the_play_tables_base_styles():
    """The host, the theme's colours, the box and the font are written once, in play_table.css, for
    both widgets; lesson_player.css (loaded after it) adds only its own."""
    import re
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "durak_lab" / "widgets" / "static"
    table = (static / "play_table.css").read_text("utf-8")
    lesson = (static / "lesson_player.css").read_text("utf-8")
    assert re.search(r"\.dl-play-table,\s*\.dl-lesson-player\s*\{[^}]*--dl-accent: #1565c0;[^}]*font-size: 14px;", table)
    assert re.search(r"\.dl-pt-host,\s*\.dl-lp-host\s*\{\s*container-type: inline-size;", table)
    for shared in ("--dl-fg:", "--dl-bg:", "--dl-bg2:", "--dl-line:", "--dl-accent:", "--dl-gold:", "font-family:",
                   "container-type:", "max-width: 1100px"):
        assert shared not in lesson, shared
    from durak_lab.widgets.lessons.player import front_end
    css = front_end()[1]
    assert css.index(".dl-lesson-player {") > css.index(".dl-play-table,\n.dl-lesson-player {")
