"""Writing to a terminal that may not show every character (card suits, Hebrew…).

Standard library only.

>>> import io
>>> buf = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
>>> write_line(buf, "10♦"); _ = buf.seek(0); buf.read()
'10\\\\u2666\\n'
"""

from __future__ import annotations

from typing import TextIO

__all__ = ["write_line"]


def write_line(stream: TextIO, text: str) -> None:
    """Write ``text`` and a newline, escaping what the stream's encoding cannot show."""
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        enc = getattr(stream, "encoding", None) or "ascii"
        stream.write((text + "\n").encode(enc, "backslashreplace").decode(enc))
