"""Positions with unknown cards (``?N`` in a hand or the talon): :mod:`durak_lab.engine.partial`.

A person at a real table knows their own hand, the table, the discard and the face-up trump card
(R5), and the cards others showed (R7 the lowest trump, R18 cards picked up, R24 trumps shown).
The position text says the rest is unknown; the view of the seat whose hand it names must not
depend on how the unknown cards are dealt (R3: a view holds only what the seat knows).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from durak_lab.cli import main as cli_main
from durak_lab.engine.cards import Card, popcount
from durak_lab.engine.errors import PositionError
from durak_lab.engine.partial import Partial, parse_partial
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from helpers import CONFIGS, position_after

DEAL = ("rules=podkidnoy,players=2 trump=♠ card=9♠ hands=6♥.7♦.Q♦.A♦.8♣.K♣|?6 talon=?23.9♠ "
        "discard=- table=- lead=P1 def=P2")
LATER = ("rules=podkidnoy,players=3 trump=♥ card=9♥ hands=7♦.Q♦.K♠|J♣.?3|?4 talon=?7.9♥ "
         "discard=6♠.7♠.8♠.9♠.10♠.J♠.Q♠.A♠.6♣.7♣.8♣.9♣.10♣.Q♣.K♣.A♣.6♦ table=- lead=P1 def=P2 known=-|J♣|-")


def test_the_deal_seen_from_P1_reads_and_round_trips():
    p = parse_partial(DEAL)
    assert str(p) == DEAL and parse_partial(str(p)) == p and Partial.parse(DEAL) == p
    assert p.unknown_count == 29 and p.named_seats() == (0,)
    assert p.fields.hand_unknown == (0, 6) and p.fields.talon[:-1] == (None,) * 23


def test_a_hand_may_name_some_cards_and_leave_the_rest_unknown():
    p = parse_partial(LATER)
    assert p.fields.hand_unknown == (0, 3, 4) and p.unknown_count == 3 + 4 + 7
    v = p.view(0)
    assert v.known[1] == 1 << Card("J♣") and v.hand_sizes == (3, 4, 4) and v.talon_size == 8
    assert Card("J♣") not in v.unseen() and len(v.unseen()) == 14


def test_deals_place_the_unknown_cards_by_the_seed_and_keep_every_named_card():
    p = parse_partial(LATER)
    worlds = [p.deal(random.Random(seed)) for seed in range(12)]
    assert all(p.fits(w) for w in worlds)
    assert p.deal(random.Random(3)) == worlds[3] and p.deal(3) == worlds[3]
    assert len({w.hands for w in worlds}) > 6  # the unknown cards really move
    for w in worlds:
        assert w.hands[0] == p.fields.hands[0] and w.hands[1] >> Card("J♣") & 1 and w.talon[-1] == Card("9♥")
        assert [popcount(h) for h in w.hands] == [3, 4, 4]


def test_fits_refuses_a_position_that_disagrees_with_a_named_card():
    p = parse_partial(LATER)
    w = p.deal(1)
    other = parse_partial(LATER.replace("J♣.?3", "?4").replace("known=-|J♣|-", "")).deal(2)
    assert p.fits(w)
    moved = w._replace(hands=(w.hands[1], w.hands[0], w.hands[2]))
    assert not p.fits(moved)
    assert p.fits(other) == bool(other.hands[1] >> Card("J♣") & 1 and other.hands[0] == w.hands[0])


def test_a_whole_position_text_still_reads_as_a_partial_with_nothing_unknown():
    text = ("rules=podkidnoy,players=2 trump=♥ card=- hands=7♦|Q♦ talon=- discard=rest table=- lead=P1 def=P2")
    p = parse_partial(text)
    assert p.unknown == 0 and p.named_seats() == (0, 1) and p.position() == Position.parse(text)


def test_the_whole_position_of_a_partial_is_refused_while_cards_are_unknown():
    with pytest.raises(PositionError, match="29 cards are unknown"):
        parse_partial(DEAL).position()


@pytest.mark.parametrize("text,words", [
    (DEAL.replace("discard=-", "discard=rest"), "discard: with unknown cards, list the discard"),
    (DEAL.replace("?23", "?22"), "the text leaves 28 unknown .*does not name 29"),
    (DEAL.replace("?6", "?7"), "leaves 30 unknown"),
    (DEAL.replace("talon=?23.9♠", "talon=?24"), "card: the face-up 9♠ is seen by everyone"),
    (DEAL.replace("?6", "?0"), r"hands.P2: \?0: write between \?1 and \?54"),
    (DEAL.replace("?6", "?99"), r"hands.P2: \?99: write between"),
    (DEAL.replace("?6", "?x"), r"hands.P2: '\?x' is not \?N"),
    (DEAL.replace("?6", "?" + "9" * 5000), "hands.P2: a number of more than 40 digits"),
    (DEAL.replace("discard=-", "discard=?2"), r"discard: unknown cards \(\?N\) stand only in hands and the talon"),
    (DEAL.replace("table=-", "table=?1@P1"), r"table\[0\]: unknown cards"),
    (DEAL + " known=-|K♠", "known.P2: known cards must be named in that hand"),
    (DEAL.replace("lead=P1 def=P2", "lead=P1 def=P1"), "def"),
])
def test_a_wrong_partial_text_is_a_position_error_naming_the_field(text, words):
    with pytest.raises(PositionError, match=words) as err:
        parse_partial(text)
    assert len(str(err.value)) < 300


def test_a_whole_position_reader_says_where_unknown_cards_are_read():
    with pytest.raises(PositionError, match=r"hands.P2: \?6 stands for unknown cards; a whole position names every "
                                            r"card \(read unknown cards with Partial.parse\)"):
        Position.parse(DEAL)
    with pytest.raises(PositionError, match=r"talon: \?23 stands for unknown cards"):
        Position.parse(DEAL.replace("?6", "K♠.A♠.6♠.7♠.8♠.10♠"))


def test_only_a_seat_whose_hand_is_named_has_a_view():
    p = parse_partial(LATER)
    with pytest.raises(PositionError, match="hands.P2: 3 of P2's cards are unknown"):
        p.view(1)
    with pytest.raises(PositionError, match="no seat P4 among 3"):
        p.view(3)


# ---------------------------------------------------------------- the property: a view hides the deal
@settings(max_examples=120, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10 ** 6), steps=st.integers(0, 80),
       deals=st.lists(st.integers(0, 10 ** 6), min_size=2, max_size=3))
def test_R3_what_a_seat_knows_read_back_gives_its_view_whatever_the_unknown_cards(config, seed, steps, deals):
    preset, players = config
    p, rng = position_after(preset, players, seed, steps)
    seat = rng.randrange(players)
    mine = Partial.seen_from(p, seat)
    assert mine.fits(p) and parse_partial(str(mine)) == mine
    assert seat in mine.named_seats()
    for d in deals:  # the view is the seat's view of the real position, whichever deal stands in
        assert mine.view(seat, random.Random(d)) == p.view(seat)
        assert mine.fits(mine.deal(random.Random(d)))
    if mine.unknown:
        with pytest.raises(PositionError, match="stands for unknown cards"):
            Position.parse(str(mine))


# ---------------------------------------------------------------- the command line
def test_eval_sees_a_partial_text_from_the_named_seat_and_its_json_does_not_depend_on_the_deal(capsys):
    assert cli_main(["eval", DEAL, "--playouts", "120", "--json"]) == 0
    first = capsys.readouterr().out
    assert '"seat": "P1"' in first and '"mode": "view"' in first
    # the same position with P2's and the talon's unknown cards named differently gives the same figures
    p = parse_partial(DEAL)
    seen = Partial.seen_from(p.deal(random.Random(77)), 0)
    assert seen == p
    assert cli_main(["eval", str(seen), "--playouts", "120", "--json"]) == 0
    assert _figures(capsys.readouterr().out) == _figures(first)


def _figures(out: str) -> dict:
    data = json.loads(out)
    data.pop("seconds")  # the time it took: the one field that differs between runs
    return data


@pytest.mark.parametrize("argv,words", [
    (["eval", DEAL, "--open"], "--open: the position leaves 29 cards unknown"),
    (["eval", DEAL, "--seat", "P2"], "--seat: P2's hand holds unknown cards: the position can be seen from P1 only"),
    (["eval", DEAL.replace("6♥.7♦.Q♦.A♦.8♣.K♣", "?6")], "the position names no seat's whole hand"),
    (["solve", DEAL], "stands for unknown cards"),
])
def test_the_commands_refuse_what_they_cannot_do_with_unknown_cards_in_one_line(capsys, argv, words):
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
