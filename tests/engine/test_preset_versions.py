"""The presets' meaning is versioned in records (``rules.presets``): a record written before the presets
were checked against their sources (version 1, no ``presets`` key) replays as it was played."""

from __future__ import annotations

import pytest

from durak_lab.engine.errors import RecordError
from durak_lab.engine.game import Game
from durak_lab.engine.records import load_record, record_from_game, replay
from durak_lab.engine.rules import PRESET_CHANGES, PRESETS, PRESETS_VERSION, Rules, preset_fields


def test_a_record_without_presets_means_the_version_1_preset():
    old = load_record({"format": "durak-lab/1", "rules": {"preset": "perevodnoy", "players": 3},
                       "start": {"seed": 4}})
    new = load_record({"format": "durak-lab/1", "rules": {"preset": "perevodnoy", "presets": 2, "players": 3},
                       "start": {"seed": 4}})
    assert old.rules.first_bout_limit == 5 and new.rules.first_bout_limit is None  # R14
    assert old.rules == Rules.preset("perevodnoy", players=3, first_bout_limit=5)
    assert new.rules == Rules.preset("perevodnoy", players=3)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_round_trips_and_an_unchanged_one_writes_no_version(name):
    rules = Rules.preset(name)
    game = Game(_start(rules))
    rec = record_from_game(game, preset=name)
    data = rec.to_dict()
    changed = any(name in c for c in PRESET_CHANGES.values())
    assert ("presets" in data["rules"]) == changed
    assert load_record(data).rules == rules


def test_a_version_1_record_written_again_keeps_its_rules():
    v1 = load_record({"format": "durak-lab/1", "rules": {"preset": "doker", "players": 3}, "start": {"seed": 2}})
    again = load_record(v1.to_dict())
    assert again.rules == v1.rules and not again.rules.take_unbeaten and again.rules.draw_order.value == "clockwise"
    assert again.to_dict()["rules"]["presets"] == PRESETS_VERSION


def test_the_shipped_examples_still_replay():
    from durak_lab.engine.records import example_ids, load_example

    for ex in example_ids():
        assert replay(load_example(ex)).ok, ex


@pytest.mark.parametrize("bad", [0, 3, "2", 2.0, True, None])
def test_a_bad_presets_version_is_named(bad):
    with pytest.raises(RecordError) as info:
        load_record({"format": "durak-lab/1", "rules": {"preset": "finnish", "presets": bad}, "start": {"seed": 1}})
    assert "rules.presets" in str(info.value)


def test_preset_fields_of_every_version():
    for name in PRESETS:
        assert Rules(**preset_fields(name)) == Rules.preset(name)
        Rules(**preset_fields(name, 1))  # every old meaning is still valid rules
    assert preset_fields("finnish", 1)["draw_order"] == "clockwise"


def _start(rules: Rules):
    from durak_lab.engine.state import Position

    return Position.deal(rules, 1)


def test_pushing_games_saved_under_version_1_replay_as_played():
    """Pushing durak games saved before the sent-back card kept its owner's rights (version 1: the owner
    counted as passed, R12) replay with that reading; read under version 2 the same moves are refused."""
    import json
    from pathlib import Path

    saved = json.loads((Path(__file__).parent / "pushing_presets_v1_records.json").read_text("utf-8"))
    assert saved and all("presets" not in d["rules"] and d["rules"]["preset"] == "pushing" for d in saved)
    for data in saved:
        rec = load_record(data)
        assert rec.rules.sent_back_passes and replay(rec).ok
        assert any("challenge" in (m if isinstance(m, str) else m["move"]).split() for m in data["moves"])
        now = load_record({**data, "rules": {**data["rules"], "presets": PRESETS_VERSION}})
        assert not now.rules.sent_back_passes and not replay(now).ok
        again = load_record(rec.to_dict())
        assert again.rules == rec.rules and replay(again).ok


def test_sent_back_passes_is_a_rule_of_pushing_durak():
    from durak_lab.engine.errors import RulesError

    with pytest.raises(RulesError):
        Rules.preset("classic", sent_back_passes=True)
    assert not Rules.preset("pushing").sent_back_passes
