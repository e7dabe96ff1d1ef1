"""The worked examples' titles in the chosen language.

A shipped worked example's record holds its title in English (``"EX-ZH-BOUT — a full 4-player
bout"``: the record format's own text); the catalogue (``examples.json``) words the part after the
id in every language, for the stepper's list and ``durak-lab examples``.

Standard library only.

>>> from durak_lab.engine.records.record import load_example
>>> example_title(load_example("EX-ZH-BOUT"))
'a full 4-player bout'
>>> from durak_lab.text.catalogue import using
>>> with using("fi"):
...     example_title(load_example("EX-ZH-BOUT")) != "a full 4-player bout"
True
"""

from __future__ import annotations

from typing import Optional

from ..engine.records.record import Record
from .catalogue import say

__all__ = ["EXAMPLE_TITLES", "example_title"]

#: Each worked example's id and the catalogue key of its title.
EXAMPLE_TITLES = {
    "EX-KO-DEAL": "example-ex-ko-deal",
    "EX-KO-1": "example-ex-ko-1",
    "EX-KO-2": "example-ex-ko-2",
    "EX-ZH-OPEN": "example-ex-zh-open",
    "EX-ZH-BOUT": "example-ex-zh-bout",
    "EX-HE-BOUT": "example-ex-he-bout",
    "EX-HE-TAKE": "example-ex-he-take",
    "EX-HE-TRANSFER": "example-ex-he-transfer",
    "EX-HE-PUSH": "example-ex-he-push",
    "EX-HE-SIMPLE": "example-ex-he-simple",
    "EX-FI-PAIRS": "example-ex-fi-pairs",
    "EX-HE-DOKER": "example-ex-he-doker",
    "EX-HE-FICUS": "example-ex-he-ficus",
    "EX-HE-PUSH-CHALLENGE": "example-ex-he-push-challenge",
    "EX-HE-PUSH-HOUSE": "example-ex-he-push-house",
}


def example_title(record: Record) -> Optional[str]:
    """The title of a shipped worked example, without its id, in the chosen language; None for any
    other record (a record of one's own keeps its own title, even with an example's id)."""
    ident = record.id or ""
    if ident in EXAMPLE_TITLES and (record.title or "").startswith(ident):
        return say(EXAMPLE_TITLES[ident])
    return None
