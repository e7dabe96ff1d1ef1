"""Writing to a terminal that may not show every character (card suits, Hebrew…), and reading
lines of bounded length from it.

Standard library only.

>>> import io
>>> buf = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
>>> write_line(buf, "10♦"); _ = buf.seek(0); buf.read()
'10\\\\u2666\\n'
"""

from __future__ import annotations

from typing import Optional, TextIO

__all__ = ["write_line", "read_line", "MAX_LINE"]

#: The longest line a command reads from a person: a move text takes under 80 characters.
MAX_LINE = 500


def write_line(stream: TextIO, text: str) -> None:
    """Write ``text`` and a newline, escaping what the stream's encoding cannot show."""
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        enc = getattr(stream, "encoding", None) or "ascii"
        stream.write((text + "\n").encode(enc, "backslashreplace").decode(enc))


def read_line(stream: TextIO, most: int = MAX_LINE) -> Optional[str]:
    """The next line of ``stream`` without its end, or None at the end of the input.

    A line longer than ``most`` characters is read to its end (so the next line starts fresh) and
    returned cut to ``most + 1`` characters: the caller sees that it is too long without ever holding
    all of it.

    >>> import io
    >>> s = io.StringIO("take\\r\\n" + "x" * 10_000 + "\\npass\\n")
    >>> read_line(s), len(read_line(s)), read_line(s), read_line(s)
    ('take', 501, 'pass', None)
    """
    line = stream.readline(most + 1)
    if line == "":
        return None
    if len(line) > most and not line.endswith("\n"):
        while True:  # skip the rest of an over-long line, a bounded piece at a time
            rest = stream.readline(1 << 16)
            if rest == "" or rest.endswith("\n"):
                break
    return line.rstrip("\r\n")
