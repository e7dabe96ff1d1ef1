"""Reading what people write: bounded sizes, text decoded by its byte-order mark, strict JSON.

Every reader of the package (records, lessons, the position text, the move text, the terminal)
takes text from people, and so from mistakes and from fuzzers.  Before the standard library
would fail in its own words (``int()`` of more than 4,300 digits, ``json``'s recursion, a
``UnicodeDecodeError``), these helpers refuse what no game needs (a file larger than
:data:`MAX_FILE_BYTES`, JSON nested deeper than :data:`MAX_DEPTH`, a number of more than
:data:`MAX_DIGITS` digits) and say so through ``fail(where, problem)``: each reader passes its own
typed error (:class:`~durak_lab.engine.errors.RecordError`, ``LessonError`` …), so nothing else
ever escapes.

Files are decoded by their byte-order mark: UTF-8 (``utf-8-sig``), UTF-16 and UTF-32 with a mark;
anything else must be UTF-8, and a file that is not gets a sentence saying how to save it.

Standard library only.

>>> from durak_lab.engine.errors import RecordError
>>> decode_text("\\ufeff{}".encode("utf-16"), RecordError)
'{}'
>>> decode_text("é".encode("latin-1"), RecordError)
Traceback (most recent call last):
...
durak_lab.engine.errors.RecordError: byte 1: not UTF-8 text (byte 0xe9): save the file as UTF-8
>>> load_json('{"seed": ' + "1" * 50 + '}', RecordError)
Traceback (most recent call last):
...
durak_lab.engine.errors.RecordError: a number of more than 40 digits: no game needs one
>>> load_json("[" * 50 + "]" * 50, RecordError)
Traceback (most recent call last):
...
durak_lab.engine.errors.RecordError: nested more than 32 levels deep
"""

from __future__ import annotations

import codecs
import json
import os
import reprlib
from typing import Any, Callable, Optional, Union

__all__ = ["MAX_FILE_BYTES", "MAX_DEPTH", "MAX_DIGITS", "Fail", "decode_text", "read_text_file", "load_json",
           "check_value", "whole_number", "check_length", "shorten", "brief", "unique_keys"]

#: The largest file a reader takes: a lesson or a record of a long game is a few kilobytes.
MAX_FILE_BYTES = 1 << 20
#: The deepest nesting of JSON a reader takes: records and lessons nest five or six levels.
MAX_DEPTH = 32
#: The most digits of a whole number anywhere (a seed of 128 bits has 39).
MAX_DIGITS = 40

#: How a reader fails: ``fail(where, problem)`` returns the reader's own typed error.
Fail = Callable[[str, str], Exception]

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def shorten(text: str, most: int = 40) -> str:
    """``text`` quoted, cut to ``most`` characters with ``...`` when longer: what a message shows.

    >>> shorten("P" + "1" * 100, 12)
    "'P111111...'"
    """
    quoted = repr(text)
    return quoted if len(quoted) <= most else quoted[:most - 4] + "...'"


def brief(value: Any, most: int = 40) -> str:
    """``value`` as a message quotes it: its ``repr`` cut to ``most`` characters, a whole number of more
    than :data:`MAX_DIGITS` digits named by its size (``repr()`` refuses past 4,300 digits), inside
    lists and dicts too.

    >>> brief("x" * 100, 12), brief(10 ** 5000), brief([1, 10 ** 5000])
    ("'xxx...xxxx'", 'a number of more than 40 digits', '[1, a number of more than 40 digits]')
    """
    class _Brief(reprlib.Repr):
        def repr_int(self, x: int, level: int) -> str:
            return "a number of more than 40 digits" if abs(x).bit_length() > 132 else repr(x)

    shown = _Brief()
    shown.maxstring = shown.maxother = shown.maxlong = most
    text = shown.repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def check_length(text: str, most: int, fail: Fail, where: str = "", what: str = "text") -> str:
    """``text`` if it has at most ``most`` characters, else ``fail``.

    >>> from durak_lab.engine.errors import RecordError
    >>> check_length("x" * 9, 8, RecordError, "moves[0]", "a move text")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: moves[0]: a move text of 9 characters is too long (at most 8)
    """
    if len(text) > most:
        raise fail(where, f"{what} of {len(text)} characters is too long (at most {most})")
    return text


def whole_number(text: str, fail: Fail, where: str = "", most: int = MAX_DIGITS) -> int:
    """The whole number ``text`` (ASCII digits, an optional ``-``) of at most ``most`` digits; else ``fail``.

    >>> whole_number("-12", ValueError)
    -12
    >>> from durak_lab.engine.errors import RecordError
    >>> whole_number("9" * 5000, RecordError, "start")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: start: a number of more than 40 digits: no game needs one
    """
    t = text.strip()
    digits = t[1:] if t[:1] == "-" else t
    if not (digits.isascii() and digits.isdigit()):
        raise fail(where, f"{shorten(text)} is not a whole number")
    if len(digits) > most:
        raise fail(where, f"a number of more than {most} digits: no game needs one")
    return int(t)


def decode_text(data: bytes, fail: Fail, where: str = "") -> str:
    """The text of ``data``: by its byte-order mark (UTF-8, UTF-16, UTF-32), else UTF-8; else ``fail``.

    >>> decode_text("\\ufeff7♦".encode("utf-8"), ValueError), decode_text("7♦".encode("utf-32"), ValueError)
    ('7♦', '7♦')
    """
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError as err:
                raise fail(where, f"byte {err.start + 1}: not {codec.upper()} text, though it starts "
                           f"with that byte-order mark: save the file as UTF-8") from None
            return text[1:] if text.startswith("\ufeff") else text
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise fail(where, f"byte {err.start + 1}: not UTF-8 text (byte 0x{data[err.start]:02x}): save the file "
                   "as UTF-8") from None
    if "\x00" in text:
        raise fail(where, "the text holds NUL characters: is it UTF-16 without a byte-order mark? Save the file "
                   "as UTF-8")
    return text


def read_text_file(path: Union[str, os.PathLike], fail: Fail, where: str = "",
                   most: int = MAX_FILE_BYTES) -> str:
    """The text of the file ``path`` (see :func:`decode_text`), refused past ``most`` bytes.

    ``OSError`` (no such file …) is left to the caller, who knows what the file was for.
    """
    with open(path, "rb") as fh:
        data = fh.read(most + 1)
    if len(data) > most:
        raise fail(where, f"the file is larger than {most:,} bytes: too large for what it holds")
    return decode_text(data, fail, where)


def _whole(fail: Fail) -> Callable[[str], int]:
    def parse_int(text: str) -> int:
        return whole_number(text, fail)
    return parse_int


def unique_keys(fail: Fail) -> Callable[[list], dict]:
    """An ``object_pairs_hook`` for :func:`load_json` that refuses a key written twice in one object
    (JSON would keep the last silently), failing with ``fail``.

    >>> load_json('{"a": 1, "a": 2}', ValueError, object_pairs_hook=unique_keys(ValueError))
    Traceback (most recent call last):
    ...
    ValueError: ('', 'the key "a" appears twice in one object')
    """
    def pairs_to_dict(pairs: list) -> dict:
        out: dict = {}
        for key, value in pairs:
            if key in out:
                raise fail("", f"the key {json.dumps(key, ensure_ascii=False)} appears twice in one object")
            out[key] = value
        return out
    return pairs_to_dict


def load_json(text: str, fail: Fail, *, most: int = MAX_FILE_BYTES, depth: int = MAX_DEPTH,
              object_pairs_hook: Optional[Callable[[list], Any]] = None,
              parse_constant: Optional[Callable[[str], Any]] = None) -> Any:
    """The JSON value of ``text``, bounded: at most ``most`` characters, ``depth`` levels and
    :data:`MAX_DIGITS` digits a number (see :func:`check_value`); a leading byte-order mark is skipped.

    Bad JSON raises :class:`json.JSONDecodeError`, which the caller words (it names a line and a column);
    anything past a bound raises ``fail``.

    >>> load_json('\\ufeff{"a": [1, 2]}', ValueError)
    {'a': [1, 2]}
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > most:
        raise fail("", f"a text of {len(text):,} characters is too large for what it holds (at most {most:,})")
    kwargs: dict = {"parse_int": _whole(fail)}
    if object_pairs_hook is not None:
        kwargs["object_pairs_hook"] = object_pairs_hook
    if parse_constant is not None:
        kwargs["parse_constant"] = parse_constant
    try:
        value = json.loads(text, **kwargs)
    except RecursionError:
        raise fail("", f"nested more than {depth} levels deep") from None
    return check_value(value, fail, depth)


def check_value(value: Any, fail: Fail, depth: int = MAX_DEPTH) -> Any:
    """``value`` (JSON data, also one built in Python) if it nests at most ``depth`` levels and holds no
    whole number of more than :data:`MAX_DIGITS` digits; else ``fail`` (walked without recursion).

    >>> from durak_lab.engine.errors import RecordError
    >>> check_value({"seed": 10 ** 50}, RecordError)
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: a number of more than 40 digits: no game needs one
    """
    big = 10 ** MAX_DIGITS
    stack = [(value, 1)]
    while stack:
        v, level = stack.pop()
        if isinstance(v, (dict, list, tuple)):
            if level > depth:
                raise fail("", f"nested more than {depth} levels deep")
            items = v.values() if isinstance(v, dict) else v
            stack.extend((x, level + 1) for x in items)
        elif isinstance(v, int) and not isinstance(v, bool) and not -big < v < big:
            raise fail("", f"a number of more than {MAX_DIGITS} digits: no game needs one")
    return value
