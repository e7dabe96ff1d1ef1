"""The one-line position text: round trips on real games, typed errors on anything else."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from durak_lab.engine.errors import PositionError
from durak_lab.engine.notation import parse_position, parse_rules_text, position_text, rules_text
from durak_lab.engine.rules import PRESETS, Rules
from durak_lab.engine.state import Position

from helpers import CONFIGS


def _positions(preset: str, players: int, seed: int, limit: int = 400):
    rng = random.Random(seed)
    p = Position.deal(Rules.preset(preset, players=players), rng)
    yield p
    for _ in range(limit):
        if p.is_over:
            return
        p = p.play(rng.choice(p.legal_moves()))
        yield p


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_position_text_round_trips_through_whole_games(preset, players):
    for seed in range(1):
        for p in _positions(preset, players, seed, limit=250):
            text = position_text(p)
            q = parse_position(text)
            assert q == p and hash(q) == hash(p)
            assert position_text(q) == text
            assert "\n" not in text


def test_repr_pastes_back_into_python():
    p = next(iter(_positions("perevodnoy", 4, 3)))
    assert eval(repr(p), {"Position": Position}) == p
    assert repr(p).startswith("Position.parse('rules=perevodnoy,players=4 ")


def test_text_of_a_bout_in_progress_names_table_and_flags():
    p = Position.start(Rules(players=3), ["7♥ 10♦ 6♠", "10♥ 8♠ Q♣", "8♣ 9♣ 9♦"], trump="♠",
                       discard="rest", attacker=0)
    p = p.play("P1 attack 7♥").play("P2 cover 7♥ with 10♥").play("P1 attack 10♦")
    p = p.play("P3 pass")
    text = position_text(p)
    assert "table=7♥@P1>10♥@P2,10♦@P1" in text
    assert "passed=P3" in text and "first" in text.split()
    assert parse_position(text) == p


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_text_round_trips_every_preset(name):
    for changes in ({}, {"deck": 52}, {"first_bout_limit": None}, {"tie": "all_durak"}):
        try:
            r = Rules.preset(name, **changes)
        except ValueError:
            continue
        assert parse_rules_text(rules_text(r)) == r


@pytest.mark.parametrize("changes,words", [
    ({"tie": "first_out"}, "tie=first_out"),                                  # R28, R29 (KO)
    ({"deck": 52, "trump_swap": "ace", "swap_six": True}, "swap_six=True"),   # R6 (HE)
    ({"take_unbeaten": True, "forced_take": True}, "forced_take=True"),       # R15, R18 (HE doker)
    ({"draw_order": "round"}, "draw_order=round"),                            # R19 (FI)
    ({"draw_order": "defender_first"}, "draw_order=defender_first"),          # R19 (HE doker)
])
def test_rules_text_names_and_reads_the_new_options(changes, words):
    r = Rules.preset("classic", players=3, **changes)
    assert words in rules_text(r) and parse_rules_text(rules_text(r)) == r
    assert rules_text(Rules.preset("doker", players=3)) == "doker,players=3"  # the preset's own rules
    assert parse_rules_text("finnish,players=4").draw_order.value == "round"


@pytest.mark.parametrize("text,where", [
    ("rules=podkidnoy,players=2 trump=X", "trump"),
    ("rules=nosuch,players=2", "rules"),
    ("rules=podkidnoy,players=9", "rules"),
    ("rules=podkidnoy,players=2 trump=♠ card=- hands=6♠ talon=- discard=- table=- lead=P1 def=P2", "hands"),
    ("colour=red", "colour"),
])
def test_malformed_text_names_the_field(text, where):
    with pytest.raises(PositionError) as err:
        parse_position(text)
    assert where in str(err.value)


def test_missing_and_duplicated_cards_are_errors():
    p = Position.start(Rules(players=2), ["7♦", "Q♦"], trump="♥", discard="rest", attacker=0)
    text = position_text(p)
    with pytest.raises(PositionError, match="missing"):
        parse_position(text.replace("hands=7♦|Q♦", "hands=-|Q♦"))
    with pytest.raises(PositionError, match="twice"):
        parse_position(text.replace("hands=7♦|Q♦", "hands=7♦|Q♦.7♦"))


_valid = [position_text(p) for p in _positions("perevodnoy_show", 3, 11, 60)]


@given(st.text(max_size=200))
def test_fuzz_any_text_parses_and_round_trips_or_raises_position_error(text):
    try:
        p = parse_position(text)
    except PositionError:
        return
    assert parse_position(position_text(p)) == p


@given(st.sampled_from(_valid), st.integers(0, 10_000),
       st.text(max_size=8) | st.text("0123456789", min_size=4300, max_size=5000))
def test_fuzz_mutated_positions(text, where, junk):
    tokens = text.split(" ")
    i = where % len(tokens)
    key, eq, value = tokens[i].partition("=")
    cut = where % (len(value) + 1)
    tokens[i] = key + eq + value[:cut] + junk + value[cut:]
    mutated = " ".join(tokens)
    try:
        p = parse_position(mutated)
    except PositionError:
        return
    assert parse_position(position_text(p)) == p
