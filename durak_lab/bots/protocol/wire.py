"""The line format of the engine protocol ``durak-engine/1``: one command a line, a word and
its argument (see :mod:`durak_lab.bots.protocol` for the commands).

>>> line("go", 100)
'go 100'
>>> split("view {\\"format\\": \\"durak-view/1\\"}")
('view', '{"format": "durak-view/1"}')
>>> split("  ")
('', '')

Standard library only.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["PROTOCOL", "VERSION", "MAX_LINE", "line", "split", "json_line"]

#: The protocol's name and version: the host's first line is ``durak-engine 1``.
PROTOCOL = "durak-engine/1"
#: The version the greeting names (``durak-engine 1``).
VERSION = PROTOCOL.rsplit("/", 1)[1]
#: The longest line either side sends or reads, in characters (a view of a 54-card game is about 2,000).
MAX_LINE = 100_000


def line(word: str, argument: Any = None) -> str:
    """One command: ``word`` and its argument, if any (a newline ends it when sent)."""
    return word if argument is None else f"{word} {argument}"


def json_line(word: str, data: Any) -> str:
    """A command whose argument is a JSON object on the same line (UTF-8, no newline inside)."""
    return line(word, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def split(text: str) -> tuple:
    """``(word, argument)`` of a received line; blank: ``("", "")``."""
    text = text.strip()
    word, _, rest = text.partition(" ")
    return word, rest.strip()
