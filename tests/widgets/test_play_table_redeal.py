"""The play table asks about a redeal (R4) with two buttons; both answers work, bots decide alone."""

import pytest

pytest.importorskip("anywidget")

from durak_lab.engine.state import Position  # noqa: E402
from durak_lab.widgets.play.control import Settings, TableControl  # noqa: E402
from durak_lab.widgets.play.table import PlayTable  # noqa: E402

SEED = 90  # P1 is dealt 9♠ Q♠ K♠ 6♣ J♣ K♣: six black cards
ASK = "P1, you have 6 black cards. You may ask for a new deal. Do you want new cards?"


def table(**kw) -> TableControl:
    return TableControl(Settings.of(vs="tips", seed=SEED, redeal=True, speed="instant", **kw))


def test_R4_the_table_shows_the_hand_and_asks():
    st = table().state()
    assert st["status"] == ASK and st["acting"] == "you" and not st["bot"]
    assert st["feedback"] == ASK and st["feedback_kind"] == "guide"  # beside the buttons too
    assert [(a["do"], a["label"]) for a in st["actions"]] == [("redeal", "Yes, new cards"),
                                                              ("keep", "No, keep my cards")]
    assert sorted(c["card"] for c in st["hand"]) == sorted("9♠ Q♠ K♠ 6♣ J♣ K♣".split())


def test_R4_yes_deals_again_and_the_saved_record_keeps_it(tmp_path):
    t = TableControl(Settings.of(vs="tips", seed=SEED, redeal=True, speed="instant"), save_dir=str(tmp_path))
    st = t.handle({"do": "redeal"})
    assert st["said"][0] == "P1 asks for a new deal. All cards but the trump card are dealt again."
    assert st["status"] != ASK and all(a["do"] not in ("redeal", "keep") for a in st["actions"])
    assert t.session.position == Position.deal(t.session.rules, SEED, declare=[0])
    assert t.session.record().to_dict()["start"] == {"seed": SEED, "redeal": ["P1"]}


def test_R4_no_keeps_the_cards():
    t = table()
    st = t.handle({"do": "keep"})
    assert st["said"][0] == "You keep your cards." and st["status"] != ASK
    assert t.session.position == Position.deal(t.session.rules, SEED, declare=[])
    assert t.handle({"do": "redeal"})["said"][0] == "You keep your cards."  # a late click changes nothing


def test_R4_a_move_before_the_answer_is_refused_in_plain_words():
    t = table()
    st = t.handle({"do": "card", "card": "9♠"})
    assert st["feedback"] == "First answer the question about a new deal, P1."
    assert t.session.redeal_seat == 0 and t.session.moves == []


def test_R4_pass_and_play_keeps_the_hand_face_down_until_shown():
    t = table(humans=2)
    st = t.state()
    assert st["hand"] == [] and st["reveal"] and st["actions"] == []
    st = t.handle({"do": "reveal"})
    assert st["hand"] and [a["do"] for a in st["actions"]] == ["redeal", "keep"]


def test_R4_play_table_widget_option():
    w = PlayTable(seed=SEED, redeal=True, speed="instant")
    assert w.state["status"] == ASK
    assert w.handle({"do": "keep"})["said"][0] == "You keep your cards."
    assert PlayTable(seed=SEED, speed="instant").state["status"] != ASK  # without the option: no question
