"""Class games with one deal: a code names the rules, the players, the bots and the deal; every student
plays the same cards at P1; saved games carry the code and the teacher's view ranks them."""

from __future__ import annotations

import json
import random

import pytest

from durak_lab.lessons import Progress
from durak_lab.session.class_deal import ClassDeal, ClassDealError, class_games
from durak_lab.session.students import folder_name
from durak_lab.widgets import PlayTable, TeacherView
from durak_lab.widgets.play.settings import Settings


@pytest.mark.parametrize("code, why", [
    ("podkidnoy-2-tips", "four parts"), ("chess-2-tips-1", "'chess' is not a game"),
    ("podkidnoy-7-tips-1", "2 to 6 players, not 7"), ("pairs-3-tips-1", "4 players, not 3"),
    ("podkidnoy-2-wizard-1", "'wizard' is not a bot level"), ("podkidnoy-3-tips+tips+tips-1", "one for each"),
    ("podkidnoy-2-tips-x1", "not a number"), ("", "four parts")])
def test_a_bad_code_names_what_is_wrong(code, why):
    with pytest.raises(ClassDealError) as info:
        ClassDeal.parse(code)
    assert why in str(info.value) and isinstance(info.value, ValueError)


def test_a_class_deal_seats_as_many_as_the_play_table():
    """Seven and eight players where the deck deals them a full hand (R5): the play table's limit, one
    function for both."""
    from durak_lab.session import most_players

    for preset in ("finnish", "doker", "podkidnoy"):
        most = most_players(preset)
        assert ClassDeal.parse(f"{preset}-{most}-tips-12").players == most
        with pytest.raises(ClassDealError):
            ClassDeal.parse(f"{preset}-{most + 1}-tips-12")
    assert most_players("finnish") == 8
    table = PlayTable(deal="finnish-8-tips-12", speed="instant")
    assert table.session.game.position.players == 8


def test_new_codes_parse_back():
    rng = random.Random(5)
    for preset, players, vs in (("podkidnoy", 2, "tips"), ("perevodnoy", 3, ("tips", "expert")), ("pairs", 4, "tips")):
        deal = ClassDeal.new(preset, players, vs, rng=rng)
        assert ClassDeal.parse(deal.code) == deal and 1000 <= deal.seed < 10000


def test_every_student_gets_the_same_cards_at_p1():
    a = PlayTable(deal="perevodnoy-3-tips+greedy-4817", speed="instant")
    b = PlayTable(speed="instant")
    b.handle({"do": "new", "settings": {"class_deal": " Perevodnoy-3-TIPS+greedy-4817 ", "vs": "random"}})
    assert a.session.game.start == b.session.game.start
    assert [s["name"] for s in a.state["seats"]] == [s["name"] for s in b.state["seats"]]
    assert b.state["settings"]["values"]["class_deal"] == "perevodnoy-3-tips+greedy-4817"
    assert "Class deal perevodnoy-3-tips+greedy-4817" in b.state["feedback"]
    c = PlayTable(speed="instant")
    st = c.handle({"do": "new", "settings": {"class_deal": "nonsense"}})
    assert "“nonsense” is not a class deal code" in st["feedback"]
    st = c.handle({"do": "new", "settings": {"class_deal": "", "vs": "random"}})  # cleared: a usual game
    assert st["settings"]["values"]["class_deal"] == ""


def test_saved_class_games_are_found_and_ranked(tmp_path):
    room = tmp_path / "class"
    code = "podkidnoy-2-greedy-4817"
    for name, how in (("Ann", 0), ("Boris", -1)):
        Progress.for_student(name, str(room)).save()  # a student folder names its student
        table = PlayTable(deal=code, speed="instant", student=name, class_dir=str(room))
        session = table.session
        while not session.is_over:
            if session.human_to_act() is None:
                session.bot_move()
            else:
                moves = session.game.legal_moves()
                session.play(moves[how] if how < len(moves) else moves[0])
        table.handle({"do": "save"})
    PlayTable(seed=3, student="Cleo", class_dir=str(room)).handle({"do": "save"})  # not a class game
    games = class_games([str(room)])
    assert {g.student for g in games} == {"Ann", "Boris"} and {g.code for g in games} == {code}
    assert [g.place for g in games] == [1, 2]
    assert all(g.result in ("durak", "not durak", "draw") and g.moves > 0 for g in games)
    saved = json.loads(open(games[0].file, encoding="utf-8").read())
    assert saved["id"] == "class:" + code and folder_name(games[0].student) in games[0].file
    html = TeacherView(str(room)).games.value
    assert f'data-deal="{code}"' in html and html.count("<tr data-student=") == 2


def test_settings_of_a_deal():
    s = Settings.of(deal="pairs-4-tips-9")
    assert (s.preset, s.players, s.seat, s.humans, s.seed, s.vs) == ("pairs", 4, 0, 1, 9, ("tips",))
