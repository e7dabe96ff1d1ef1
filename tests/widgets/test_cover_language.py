"""The cover widget's language picker: the same cards and trump, every word in the new language."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")
pytest.importorskip("pandas")

from durak_lab.text.catalogue import LANGUAGES
from durak_lab.widgets.cover import CoverWidget

#: English words, the move text's (attack, cover, with …: a public contract, the same in every language) aside.
ENGLISH = re.compile(r"\b(?:the|and|of|to|can|defender|Hand|Trump|beats|higher)\b", re.I)


def _words(w: CoverWidget) -> str:
    texts = [w.example.description, w.attack.description, w.hand.description, w.trump.description,
             w.attack.placeholder, w.hand.placeholder, w.answer.value, w.table.value]
    texts += [label for label, _value in w.trump.options] + [label for label, _value in w.example.options]
    texts += [str(trace.hovertext) for trace in w.figure.data]
    return re.sub(r"<style>.*?</style>|<[^>]+>", " ", " ".join(texts), flags=re.S)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_choosing_a_language_keeps_the_cards_and_words_everything_anew(code):
    w = CoverWidget("7♥ 9♥ J♥", "10♥ A♠ 6♣", "♠")
    w.select(("EX-ZH-BOUT", 3))
    before = (w.example.value, w.attack.value, w.hand.value, w.trump.value, w.plan.full)
    w.language_picker.value = code
    assert (w.example.value, w.attack.value, w.hand.value, w.trump.value, w.plan.full) == before
    fresh = CoverWidget(language=code)
    fresh.select(("EX-ZH-BOUT", 3))
    assert _words(w) == _words(fresh)  # as if made in that language
    assert not ENGLISH.search(_words(w)), ENGLISH.findall(_words(w))
    w.attack.value = "7♥ X9"  # a typing mistake is said in the chosen language too
    assert "X9" in w.answer.value and not ENGLISH.search(re.sub(r"<[^>]+>", " ", w.answer.value))
    w.language_picker.value = "en"
    assert w.attack.description == "Attack" and "is not a card" in w.answer.value
