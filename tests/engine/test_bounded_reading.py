"""The readers of people's text bound what they read and fail with their own typed error.

The regressions are inputs the fuzzers found crashing the readers before: numbers of more than
4,300 digits (``int()`` refuses them with a ValueError of its own), JSON nested 100,000 levels
deep, files in UTF-16 or with a byte-order mark, Latin-1 files.
"""

from __future__ import annotations

import codecs
import json

import pytest
from hypothesis import given, settings, strategies as st

from durak_lab.engine.errors import MoveTextError, PositionError, RecordError
from durak_lab.engine.moves import Move, parse_seat
from durak_lab.engine.notation import parse_position, parse_rules_text
from durak_lab.engine.reading import MAX_DEPTH, MAX_FILE_BYTES, decode_text, load_json
from durak_lab.engine.records import Record, load_example, load_record

BIG = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000
RECORD = load_example("EX-KO-1").dump()  # with cards and Korean quotes: more than ASCII
SMALL = '{"format": "durak-lab/1", "rules": {"players": 2}, "start": {"seed": 3}, "moves": ["P1 take"]}'


# ---------------------------------------------------------------- move texts
@pytest.mark.parametrize("text", [f"P{BIG} take", "P1 attack " + "7h " * 3000, "P" + "0" * 5000 + "1 take",
                                  f"{BIG} take"])
def test_move_text_of_thousands_of_digits_is_a_move_text_error(text):
    with pytest.raises(MoveTextError) as err:
        Move.parse(text)
    assert len(str(err.value)) < 200


def test_a_seat_keeps_its_leading_zeros_and_refuses_thousands_of_digits():
    assert parse_seat("P01") == parse_seat("P0001") == 0
    with pytest.raises(MoveTextError, match="is not a seat"):
        parse_seat("P" + BIG)


@given(st.text(max_size=40) | st.builds(lambda d, w: f"P{d} {w}", st.text("0123456789", min_size=1,
                                                                               max_size=6000),
                                         st.sampled_from(["take", "pass", "attack 7h"])))
def test_fuzz_a_move_text_parses_and_round_trips_or_raises_move_text_error(text):
    try:
        m = Move.parse(text)
    except MoveTextError:
        return
    assert Move.parse(str(m)) == m


# ---------------------------------------------------------------- position texts
@pytest.mark.parametrize("text", [
    "rules=podkidnoy,players=" + BIG,
    "rules=podkidnoy,players=2,deck=" + BIG,
    "rules=podkidnoy,players=--5",
    "rules=podkidnoy,players=2 trump=♠ card=- hands=-|- talon=- discard=rest table=- lead=P1 def=P2 start=" + BIG,
    "rules=podkidnoy,players=2 trump=♠ card=- hands=-|- talon=- discard=rest table=-@P1 lead=P1 def=P2",
    "rules=podkidnoy,players=2 " + "x" * 20_000,
])
def test_position_text_of_thousands_of_digits_is_a_position_error(text):
    with pytest.raises(PositionError) as err:
        parse_position(text)
    assert len(str(err.value)) < 300


def test_rules_text_numbers_are_bounded():
    with pytest.raises(PositionError, match="more than 40 digits"):
        parse_rules_text("podkidnoy,players=" + BIG)


# ---------------------------------------------------------------- records
@pytest.mark.parametrize("text,problem", [
    (SMALL.replace('"players": 2', '"players": ' + BIG), "a number of more than 40 digits"),
    ('{"format": "durak-lab/1", "rules": {}, "start": {"seed": ' + BIG + "}}", "a number of more than 40 digits"),
    ('{"format": "durak-lab/1", "rules": ' + DEEP + "}", "nested more than 32 levels deep"),
    ('{"format": "durak-lab/1", "rules": {}, "start": {"seed": 1}, "moves": [' + DEEP + "]}", "nested more"),
])
def test_record_with_huge_numbers_or_deep_nesting_is_a_record_error(text, problem):
    with pytest.raises(RecordError, match=problem):
        load_record(text)
    with pytest.raises(RecordError, match=problem):
        load_record(text.encode("utf-8"))


def test_a_record_built_in_python_is_bounded_like_json_text():
    value = json.loads(RECORD)
    value["start"] = {"seed": 10 ** 5000}
    with pytest.raises(RecordError, match="more than 40 digits"):
        load_record(value)
    nested: list = []
    for _ in range(200):
        nested = [nested]
    value["moves"] = nested
    with pytest.raises(RecordError, match="nested more than"):
        load_record(value)


@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-16", "utf-16-be-bom", "utf-32"])
def test_record_files_are_decoded_by_their_byte_order_mark(tmp_path, codec):
    data = (codecs.BOM_UTF16_BE + RECORD.encode("utf-16-be")) if codec == "utf-16-be-bom" else RECORD.encode(codec)
    path = tmp_path / "game.json"
    path.write_bytes(data)
    assert load_record(str(path)) == load_record(RECORD)
    assert load_record(data) == load_record(RECORD)


def test_a_record_text_with_a_byte_order_mark_is_json():
    assert load_record("\ufeff" + RECORD) == load_record(RECORD)


def test_a_latin_1_record_file_gets_a_sentence_saying_how_to_save_it(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(RECORD.replace("EX-KO-1", "café").encode("utf-8").replace("é".encode("utf-8"), b"\xe9"))
    with pytest.raises(RecordError, match=r"not UTF-8 text \(byte 0xe9\): save the file as UTF-8"):
        load_record(str(path))
    path.write_bytes(SMALL.encode("utf-16-le"))  # no byte-order mark
    with pytest.raises(RecordError, match="UTF-16 without a byte-order mark"):
        load_record(str(path))


def test_a_record_file_larger_than_any_game_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        load_record(str(path))


def test_a_file_name_with_a_nul_character_is_a_record_error():
    with pytest.raises(RecordError, match="cannot read it"):
        load_record("game\x00.json")


# ---------------------------------------------------------------- the helpers and the fuzzers
def test_depth_bound_is_exact():
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert load_json(ok, RecordError) is not None
    with pytest.raises(RecordError):
        load_json("[" + ok + "]", RecordError)


_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5)
                       | st.sampled_from([10 ** 41, -(10 ** 60)])
                       | st.just(5000).map(lambda digits: 10 ** digits),  # repr() refuses it: never shown
                       lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=3), kids,
                                                                               max_size=3),
                       max_leaves=12)


@settings(max_examples=100)
@given(st.binary(max_size=300) | st.builds(lambda b, body: b + body, st.sampled_from(
    [codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE, b""]),
    st.binary(max_size=200)))
def test_fuzz_any_bytes_load_as_a_record_or_raise_record_error(data):
    try:
        assert isinstance(load_record(data), Record)
    except RecordError:
        pass


@given(_VALUES, st.integers(0, 60))
def test_fuzz_deep_or_huge_values_in_a_record_raise_record_error(value, depth):
    for _ in range(depth):
        value = [value]
    data = json.loads(RECORD)
    data["moves"] = value
    try:
        load_record(data)
    except RecordError:
        pass


def test_decode_text_refuses_a_broken_text_after_its_byte_order_mark():
    with pytest.raises(RecordError, match="not UTF-16 text"):
        decode_text(codecs.BOM_UTF16_LE + b"\x00\xd8", RecordError)
