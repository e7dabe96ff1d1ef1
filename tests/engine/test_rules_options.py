"""The Rules value: validation, presets, replace, documentation of every option."""

import dataclasses
import re

import pytest

from durak_lab.engine.errors import DurakError, RulesError
from durak_lab.engine.rules import (PRESETS, AfterTake, DrawOrder, HandLimit, NextLeader, Rules, ThrowIn, Tie,
                             TrumpSwap, explain)

from helpers import CONFIGS


def test_defaults_are_the_zh_podkidnoy_standard():
    r = Rules()
    assert (r.deck, r.players, r.hand_size) == (36, 2, 6)
    assert r.throw_in is ThrowIn.ALL and r.lead == 1
    assert r.attack_limit == 6 and r.hand_limit is HandLimit.CURRENT
    assert r.first_bout_limit == 5 and r.first_bout_carry is False
    assert r.after_take is AfterTake.LIMIT and r.transfer is False and r.teams == 0
    assert r.draw_order is DrawOrder.CLOCKWISE and r.tie is Tie.NO_DURAK
    assert r.trump_swap is TrumpSwap.OFF and r.show_lowest_trump and not r.redeal
    assert Rules.preset("podkidnoy") == r


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_builds_and_round_trips_through_a_dict(name):
    r = Rules.preset(name)
    assert r.to_dict(name) == {"preset": name}
    assert Rules.from_dict(r.to_dict(name)) == r
    assert Rules.from_dict(r.to_dict()) == r
    assert r.short_name() == name
    for key, value in PRESETS[name].items():
        got = getattr(r, key)
        assert (got.value if hasattr(got, "value") else got) == value


def test_presets_state_the_variants_of_the_sources():
    assert Rules.preset("perevodnoy").transfer is True
    show = Rules.preset("perevodnoy_show")
    assert show.transfer and show.transfer_by_show
    assert Rules.preset("neighbours").throw_in is ThrowIn.NEIGHBOURS
    assert Rules.preset("by_turns").throw_in is ThrowIn.BY_TURNS
    simple = Rules.preset("simple")
    assert simple.throw_in is ThrowIn.NONE and simple.lead == 2 and simple.after_take is AfterTake.NONE
    pairs = Rules.preset("pairs")
    assert (pairs.players, pairs.teams, pairs.partner_covers, pairs.attack_limit) == (4, 2, True, 12)
    assert not pairs.transfer
    he_pairs = Rules.preset("pairs_he")
    assert he_pairs.teams == 2 and not he_pairs.partner_throw_in and not he_pairs.partner_covers
    fi = Rules.preset("finnish")
    assert fi.deck == 52 and fi.lead is None and fi.transfer
    he = Rules.preset("he_hand")
    assert he.hand_limit is HandLimit.BOUT_START and he.after_take is AfterTake.SEEN_RANKS
    assert he.attack_limit is None
    assert Rules.preset("unlimited").hand_limit is HandLimit.NONE


#: R14 by the source each preset names: five in the first bout is ZH's standard; HE's basic limit is six
#: ("היא שישה קלפים"), five an option it names ("התקפה ראשונה - חמישה קלפים"); FI names six.
FIRST_BOUT_BY_SOURCE = {"podkidnoy": 5, "neighbours": 5}


@pytest.mark.parametrize("name", list(PRESETS))
def test_R14_every_presets_first_bout_limit_follows_the_source_it_names(name):
    assert Rules.preset(name).first_bout_limit == FIRST_BOUT_BY_SOURCE.get(name)


def test_R14_the_zh_perevodnoy_variant_is_the_preset_with_five_and_left_of_the_durak():
    zh = Rules.preset("perevodnoy", first_bout_limit=5, next_leader="left_of_durak")
    assert zh.transfer and zh.first_bout_limit == 5 and zh == Rules(transfer=True)


def test_every_preset_allows_some_player_counts_between_two_and_eight():
    for name in PRESETS:
        counts = [n for (p, n) in CONFIGS if p == name]
        assert counts, name
        assert all(2 <= n <= 8 for n in counts)
    assert [n for (p, n) in CONFIGS if p == "pairs"] == [4, 6]
    assert [n for (p, n) in CONFIGS if p == "podkidnoy"] == [2, 3, 4, 5, 6]   # 36 cards: 7 need 42 (R5)
    assert [n for (p, n) in CONFIGS if p == "doker"] == [2, 3, 4, 5, 6, 7, 8]


def test_unknown_preset_is_a_rules_error_listing_the_presets():
    with pytest.raises(RulesError) as info:
        Rules.preset("poker")
    assert "podkidnoy" in str(info.value)


@pytest.mark.parametrize("changes,field", [
    ({"players": 1}, "players"),
    ({"players": 9}, "players"),
    ({"players": 7}, "deck"),          # 7 hands of 6 on 36 cards: add the low ranks (R5)
    ({"players": 2.0}, "players"),
    ({"deck": 35}, "deck"),
    ({"deck": 16}, "deck"),
    ({"deck": 56}, "deck"),
    ({"deck": True}, "deck"),
    ({"hand_size": 0}, "hand_size"),
    ({"players": 6, "hand_size": 7}, "hand_size"),
    ({"lead": 0}, "lead"),
    ({"attack_limit": True}, "attack_limit"),
    ({"first_bout_limit": -1}, "first_bout_limit"),
    ({"transfer": 1}, "transfer"),
    ({"redeal": "yes"}, "redeal"),
    ({"players": 3, "teams": 2}, "teams"),
    ({"players": 4, "teams": 4}, "teams"),
    ({"players": 4, "teams": 1}, "teams"),
    ({"partner_covers": True}, "partner_covers"),
    ({"partner_throw_in": True}, "partner_throw_in"),
    ({"transfer_by_show": True}, "transfer_by_show"),
    ({"players": 4, "teams": 2, "partner_covers": True, "transfer": True}, "transfer"),
    ({"players": 4, "teams": 2, "partner_covers": True, "partner_throw_in": True}, "partner_throw_in"),
    ({"throw_in": "everyone"}, "throw_in"),
    ({"hand_limit": "big"}, "hand_limit"),
    ({"after_take": 3}, "after_take"),
    ({"draw_order": "random"}, "draw_order"),
    ({"next_leader": "loser"}, "next_leader"),
    ({"tie": "coin"}, "tie"),
    ({"trump_swap": "king"}, "trump_swap"),
    ({"jokers": 3}, "jokers"),
    ({"jokers": True}, "jokers"),
    ({"swap_six": "yes"}, "swap_six"),
    ({"take_unbeaten": 1}, "take_unbeaten"),
    ({"forced_take": 1}, "forced_take"),
    ({"forced_take": True, "choose": "limit"}, "forced_take"),
])
def test_contradictory_or_bad_options_raise_rules_error_naming_the_field(changes, field):
    with pytest.raises(RulesError) as info:
        Rules(**changes)
    msg = str(info.value)
    assert msg.startswith(field + ":"), msg
    assert isinstance(info.value, ValueError) and isinstance(info.value, DurakError)


def test_R2_player_count_message_cites_the_rule():
    with pytest.raises(RulesError, match=r"2 to 8 players \(R2, R5\)"):
        Rules(players=9)


def test_enum_options_accept_their_text_values():
    r = Rules(throw_in="neighbours", hand_limit="bout_start", after_take="seen_ranks",
              draw_order="attack_order", next_leader="winner", tie="all_durak", trump_swap="ace")
    assert r.throw_in is ThrowIn.NEIGHBOURS and r.hand_limit is HandLimit.BOUT_START
    assert r.after_take is AfterTake.SEEN_RANKS and r.draw_order is DrawOrder.ATTACK_ORDER
    assert r.next_leader is NextLeader.WINNER and r.tie is Tie.ALL_DURAK and r.trump_swap is TrumpSwap.ACE
    assert r == Rules(throw_in=ThrowIn.NEIGHBOURS, hand_limit=HandLimit.BOUT_START,
                      after_take=AfterTake.SEEN_RANKS, draw_order=DrawOrder.ATTACK_ORDER,
                      next_leader=NextLeader.WINNER, tie=Tie.ALL_DURAK, trump_swap=TrumpSwap.ACE)


def test_replace_revalidates_and_rejects_unknown_options():
    r = Rules.preset("perevodnoy", players=4)
    assert r.replace(players=5).players == 5 and r.replace(players=5).transfer
    assert r.players == 4  # the original is untouched
    with pytest.raises(RulesError):
        r.replace(players=7)
    with pytest.raises(RulesError):
        Rules.preset("perevodnoy_show").replace(transfer=False)  # showing is a kind of transfer (R24)
    with pytest.raises(RulesError) as info:
        r.replace(colour="red")
    assert "'colour' is not a rules option" in str(info.value)


def test_rules_is_frozen_and_hashable():
    r = Rules.preset("classic", players=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players = 4
    assert hash(r) == hash(Rules(players=3, first_bout_limit=None, next_leader="lowest_trump"))
    assert {r: 1}[Rules.preset("classic", players=3)] == 1
    assert r != Rules.preset("classic", players=4)


def test_from_dict_rejects_unknown_keys_and_non_objects():
    with pytest.raises(RulesError):
        Rules.from_dict({"preset": "podkidnoy", "colour": "red"})
    with pytest.raises(RulesError):
        Rules.from_dict(["podkidnoy"])
    assert Rules.from_dict({"players": 3}) == Rules(players=3)
    assert Rules.from_dict({"preset": "finnish", "players": 5}) == Rules.preset("finnish", players=5)


def test_to_dict_holds_plain_json_values():
    d = Rules.preset("he_hand", players=3).to_dict()
    assert d["hand_limit"] == "bout_start" and d["attack_limit"] is None and d["players"] == 3
    assert all(isinstance(v, (int, str, bool, type(None))) for v in d.values())


def test_every_option_states_its_rule_and_cites_a_rule_id():
    for f in dataclasses.fields(Rules):
        rule = Rules.field_rule(f.name)
        assert re.fullmatch(r"R([1-9]|[12][0-9]|3[01])", rule), (f.name, rule)
        assert len(Rules.field_doc(f.name).split()) >= 5
    text = explain(Rules())
    assert len(text.splitlines()) == len(dataclasses.fields(Rules))
    assert "throw_in = all  [R12]" in text


def test_R5_six_players_on_36_cards_leave_no_talon():
    assert not Rules(players=6).has_talon
    assert Rules(players=5).has_talon
    assert Rules(players=6, deck=52).has_talon


def test_lowest_rank_follows_the_deck_size():
    assert [Rules(deck=d).lowest_rank for d in (20, 24, 32, 36, 52)] == [10, 9, 7, 6, 2]


def test_a_huge_number_for_a_rule_is_a_rules_error_with_a_short_message():
    """Issue 35: Rules(players=10**5000) raised a bare ValueError (the repr of the number)."""
    from durak_lab.engine.errors import RulesError

    for value in (10 ** 5000, -10 ** 40):
        with pytest.raises(RulesError) as err:
            Rules(players=value)
        assert str(err.value).startswith("players: a number of more than 12 digits is not allowed")
    with pytest.raises(RulesError) as err:
        Rules(players="x" * 1000)
    assert len(str(err.value)) < 120


def test_the_take_unbeaten_passage_is_quoted_as_the_source_writes_it():
    """The HE source reads "והוסיפו לא" (a slip for "לו", to him); the field quotes it as written."""
    import dataclasses
    from pathlib import Path

    doc = {f.name: f.metadata for f in dataclasses.fields(Rules)}["take_unbeaten"]
    text = " ".join(str(v) for v in doc.values())
    passage = "אם אחד שרף והוסיפו לא והוא לא רוצה/יכול לשרוף הוא יכול לקחת רק מה שהוא לא שרף וקלפים נוספים"
    assert passage in text
    sources = Path(__file__).resolve().parents[2].parent / "shared" / "sources"
    if sources.is_dir():
        assert any(passage in p.read_text(encoding="utf-8") for p in sources.glob("*.txt"))
