"""The seat's view as JSON (``durak_lab.engine.view_json``): an exact round trip for every seat
of random games under any rules, and a typed error naming the field for a malformed object."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_lab.engine.errors import PositionError
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.engine.view_json import VIEW_FORMAT, view_from_json, view_to_json

from helpers import any_rules, seeds


@settings(max_examples=60, deadline=None)
@given(rules=any_rules(), seed=seeds, steps=st.integers(0, 80))
def test_every_view_of_a_random_game_round_trips_through_json_text(rules, seed, steps):
    p = Position.deal(rules, seed % 10_000)
    rng = random.Random(seed)
    for _ in range(steps):
        for seat in range(rules.players):
            v = p.view(seat)
            data = json.loads(json.dumps(view_to_json(v), ensure_ascii=False))
            assert view_from_json(data) == v
        if p.result is not None:
            break
        s = p.to_act()
        p = p.play(rng.choice(p.legal_moves(s)))


def test_the_view_holds_only_what_the_seat_knows():
    p = Position.deal(Rules(players=3), 7)
    seat = p.to_act()
    data = view_to_json(p.view(seat))
    assert data["format"] == VIEW_FORMAT and data["seat"] == f"P{seat + 1}"
    assert len(data["hand"]) == 6 and data["hand_sizes"] == [6, 6, 6]
    others = {str(c) for s in range(3) if s != seat for c in p.view(s).hand}
    others -= {c for k in data["known"] for c in k}
    assert others and not others & set(json.dumps(data, ensure_ascii=False).replace('"', " ").split())
    assert data["legal"] and all(m.startswith(f"P{seat + 1} ") for m in data["legal"])


@pytest.mark.parametrize("change, field", [
    ({"format": "durak-view/2"}, "format"),
    ({"seat": "P9"}, "seat"),
    ({"trump": "x"}, "trump"),
    ({"hand": ["6♠", "6♠"]}, "hand"),
    ({"hand": "6♠"}, "hand"),
    ({"table": [{"attack": "6♠"}]}, "table"),
    ({"known": [[]]}, "known"),
    ({"talon_size": -1}, "talon_size"),
    ({"taking": "no"}, "taking"),
    ({"legal": ["P1 dance"]}, "legal"),
    ({"rules": {"players": "two"}}, "rules"),
    ({"extra": 1}, "extra"),
])
def test_a_malformed_view_names_the_field(change, field):
    data = {**view_to_json(Position.deal(Rules(players=2), 1).view(0)), **change}
    with pytest.raises(PositionError, match=field):
        view_from_json(data)


def test_a_missing_field_is_named():
    data = view_to_json(Position.deal(Rules(players=2), 1).view(0))
    del data["discard"]
    with pytest.raises(PositionError, match="discard is missing"):
        view_from_json(data)
    with pytest.raises(PositionError, match="not an object"):
        view_from_json([1])
