"""Languages that bound the glossary's words otherwise than English, for the glossary's tests.

Each is English's catalogue with a few words changed, so that a test sees the matching of a language
written without spaces (Chinese), with particles written onto a word (Korean) or with letters written
onto its front (Hebrew), whatever the translations hold today.
"""

from __future__ import annotations

from durak_lab.text import glossary
from durak_lab.text.catalogue import catalogue

#: Chinese-like words: no spaces between words, so a spelling is found inside a run of letters.
NO_SPACES = {"terms.bound": "none", "term.trump": {"name": "将牌"}, "term.trump-card": {"name": "将牌牌"},
             "term.take": {"name": "收下", "also": ["收"]}, "term.bito": {"name": "弃牌堆"}}
#: Korean-like words: a particle written onto the word may follow it.
PARTICLES = {"terms.bound": "start", "term.trump": {"name": "트럼프"}, "term.defender": {"name": "수비자"}}
#: Hebrew-like words: a few letters (the, and, in …) written onto the front of a word.
PREFIXES = {"terms.prefixes": ["ה", "ו", "ב"], "term.trump": {"name": "קוזיר", "also": ["קוזירים"]},
            "term.talon": {"name": "קופה"}}


def as_language(monkeypatch, extra: dict) -> None:
    """Word the glossary with English's catalogue and the words ``extra`` (undone after the test)."""
    en = catalogue("en")
    monkeypatch.setattr(en, "words", {**en.words, **extra})
    monkeypatch.setattr(glossary, "_made", {})
