"""Lesson files are read as people save them, bounded, and every problem is a LessonError.

The regressions: ``durak-lab lessons check`` crashed on lesson files saved in UTF-16 or Latin-1 and
called a file with a byte-order mark "not JSON"; numbers of more than 4,300 digits and JSON nested
100,000 levels deep crashed the reader; and a lesson asking who acts in a position where nobody can
act (a dead end the position text used to accept) was checked "ok".
"""

from __future__ import annotations

import codecs
import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from durak_lab.cli import main
from durak_lab.lessons import Lesson, LessonError, load_lesson

COVERING = (Path(__file__).parent / "fixtures" / "covering.json").read_text(encoding="utf-8")
DEAD_END = ("rules=podkidnoy,players=2 trump=♠ card=- hands=8♠.9♥|10♦ talon=- discard=rest "
            "table=7♦@P1>Q♦@P2 lead=P1 def=P2 passed=P1")


def _check(capsys, *paths):
    code = main(["lessons", "check", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-16", "utf-16-le-bom", "utf-32"])
def test_lesson_files_are_decoded_by_their_byte_order_mark(capsys, tmp_path, codec):
    data = (codecs.BOM_UTF16_LE + COVERING.encode("utf-16-le")) if codec == "utf-16-le-bom" \
        else COVERING.encode(codec)
    path = tmp_path / "covering.json"
    path.write_bytes(data)
    code, out, err = _check(capsys, path)
    assert (code, err) == (0, "") and out.startswith(f"{path}: ok (covering:")
    assert load_lesson(data).to_dict() == load_lesson(COVERING).to_dict()


def test_a_latin_1_lesson_file_is_named_with_a_sentence(capsys, tmp_path):
    path = tmp_path / "covering.json"
    path.write_bytes(COVERING.replace("♥", "").replace("♦", "").replace("♠", "").replace("♣", "")
                     .replace("Covering a card", "Couvrir une carte: café").encode("latin-1"))
    code, out, err = _check(capsys, path)
    assert code == 2 and out == ""
    assert err.strip().endswith("not UTF-8 text (byte 0xe9): save the file as UTF-8")
    assert err.startswith(f"durak-lab lessons check: {path}: byte ")


@pytest.mark.parametrize("text,problem", [
    ('{"format": "durak-lab-lesson/1", "id": ' + "1" * 5000 + "}",
     "a number of more than 40 digits: no game needs one"),
    ("[" * 100_000 + "]" * 100_000, "nested more than 32 levels deep"),
    ('{"format": "durak-lab-lesson/1", "steps": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "nested more than 32 levels deep"),
])
def test_lesson_files_with_huge_numbers_or_deep_nesting_are_lesson_errors(capsys, tmp_path, text, problem):
    path = tmp_path / "lesson.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = _check(capsys, path)
    assert code == 2 and err.strip() == f"durak-lab lessons check: {path}: {problem}"
    with pytest.raises(LessonError, match=problem):
        load_lesson(text)


def test_a_lesson_asking_who_acts_where_nobody_can_act_fails_its_check(capsys, tmp_path):
    data = json.loads(COVERING)
    data["steps"].append({"kind": "seat", "text": "Who acts now?", "position": DEAD_END, "check": "to-act"})
    path = tmp_path / "covering.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, _, err = _check(capsys, path)
    assert code == 2
    where = f"steps[{len(data['steps']) - 1}].position"
    assert f"{where}: not a position text: table: P2 is to act but has no legal move" in err


def test_a_lesson_value_built_in_python_is_bounded_too():
    data = json.loads(COVERING)
    data["steps"][0]["_note"] = 10 ** 5000
    with pytest.raises(LessonError, match="more than 40 digits"):
        load_lesson(data)


@settings(max_examples=100)
@given(st.binary(max_size=200) | st.builds(lambda bom, text: bom + text.encode("utf-8"), st.sampled_from(
    [codecs.BOM_UTF8, b""]), st.text(max_size=60)))
def test_fuzz_any_bytes_load_as_a_lesson_or_raise_lesson_error(data):
    try:
        assert isinstance(load_lesson(data), Lesson)
    except LessonError:
        pass


_JUNK = st.none() | st.booleans() | st.integers() | st.text(max_size=6) | st.just(4400).map(lambda d: 10 ** d) \
    | st.lists(st.integers(), max_size=3) | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)


@settings(max_examples=60, deadline=None)
@given(junk=_JUNK, step=st.integers(0, 3), key=st.sampled_from(["position", "answer", "check", "seat", "text",
                                                                 "answers", "feedback", "kind"]))
def test_fuzz_a_lesson_with_a_wrong_value_anywhere_is_a_lesson_error(junk, step, key):
    data = copy.deepcopy(json.loads(COVERING))
    data["steps"][step][key] = junk
    try:
        load_lesson(data)
    except LessonError:
        pass
