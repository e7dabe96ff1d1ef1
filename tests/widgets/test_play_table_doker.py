"""The play table at seven and eight seats (R2, R5) and with doker's jokers (HE "דוקר", R1)."""

from __future__ import annotations

import pytest

from durak_lab.display.render import card_svg
from durak_lab.engine.cards import Card
from durak_lab.widgets import PlayTable
from durak_lab.widgets.play.settings import Settings


def _joker_deal():
    for seed in range(40):
        t = PlayTable(preset="doker", players=8, vs="random", seed=seed, speed="instant")
        if any(c["card"] in ("BJ", "RJ") for c in t.state["hand"]):
            return t
    raise AssertionError("no deal of 40 gave P1 a joker")


def test_R5_doker_eight_seats_sit_round_the_table():
    t = PlayTable(preset="doker", players=8, vs="random", seed=1, speed="instant")
    seats = t.state["seats"]
    assert len(seats) == 7 and [s["area"] for s in seats] == ["left"] + ["top"] * 5 + ["right"]
    assert {s["seat"] for s in seats} == {f"P{i}" for i in range(2, 9)}


def test_doker_a_joker_in_hand_has_a_face_and_a_text_alternative():
    t = _joker_deal()
    joker = next(c for c in t.state["hand"] if c["card"] in ("BJ", "RJ"))
    assert joker["rank"] == "JK" and joker["suit"] == "★" and not joker["trump"]
    assert joker["label"] in ("Black joker", "Red joker")
    svg = card_svg(Card(joker["card"]))
    assert "JOKER"[0] in svg and ("red joker" in svg or "black joker" in svg)


@pytest.mark.parametrize("preset,want", [("podkidnoy", 6), ("finnish", 8), ("doker", 8)])
def test_R5_the_settings_form_keeps_the_players_the_deck_can_deal(preset, want):
    st = Settings.of(vs="random", players=2, preset="podkidnoy").from_form({"preset": preset, "players": "8"})
    assert st.players == want
    assert bool(st.notes) == (want < 8)
    assert st.rules().players == want
