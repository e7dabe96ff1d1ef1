"""The stepper's language picker: the same game, step and settings, every word in the new language."""

from __future__ import annotations

import dataclasses
import re

import pytest

pytest.importorskip("ipywidgets")

from durak_lab.engine.records.record import load_example
from durak_lab.text.catalogue import LANGUAGES
from durak_lab.widgets import Stepper

ENGLISH = re.compile(r"\b(?:the|and|of|to|is|with|your|Step|Next|Back)\b")


def _words(s: Stepper) -> str:
    """The words the learner reads: the controls' labels and the texts shown (tags left out)."""
    texts = [s.example.description, s.seen_by.description, s.judge.description, s.four_colour.description,
             s.next_button.description, s.back_button.description, s.step_label.value,
             s.narration.value, s.legal.value, s.result.value, s.title.value]
    texts += [label for label, _key in s.example.options]
    return re.sub(r"<[^>]+>|title=\"[^\"]*\"", " ", " ".join(texts))


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_choosing_a_language_keeps_the_game_and_words_everything_anew(code):
    s = Stepper("EX-ZH-BOUT", folder=None, four_colour=True, viewer=1)
    s.go(5)
    before = (s.example.value, s.index, s.viewer, s.four_colour.value, len(s.frames))
    s.language_picker.value = code
    assert (s.example.value, s.index, s.viewer, s.four_colour.value, len(s.frames)) == before
    assert s.language == code and s.language_picker.value == code
    fresh = Stepper("EX-ZH-BOUT", folder=None, four_colour=True, viewer=1, language=code)
    fresh.go(5)
    assert _words(s) == _words(fresh)  # as if made in that language
    assert not ENGLISH.search(_words(s)), ENGLISH.findall(_words(s))
    assert ("dl-rtl" in s._dom_classes) == (code == "he")
    s.language_picker.value = "en"
    assert "dl-rtl" not in s._dom_classes and s.step_label.value == "Step 5 of 12"
    s.close()
    fresh.close()


def test_a_game_opened_from_a_file_stays_when_the_language_changes():
    mine = dataclasses.replace(load_example("EX-KO-1"), id="", title="")
    other = dataclasses.replace(load_example("EX-KO-2"), id="", title="Sasha's game")
    s = Stepper(other, folder=None)
    s.select(mine)
    s.go(2)
    labels = [label for label, _key in s.example.options]
    s.language_picker.value = "zh"
    assert s.index == 2 and s.record is not None and s.record.moves == mine.moves
    after = [label for label, _key in s.example.options]
    assert len(after) == len(labels) and "Sasha's game" in after
    s.close()


def test_the_old_controls_are_closed():
    from ipywidgets.widgets.widget import _instances
    s = Stepper("EX-ZH-BOUT", folder=None)
    before = len(_instances)
    s.language_picker.value = "ko"
    s.language_picker.value = "en"
    assert abs(len(_instances) - before) <= 2, (before, len(_instances))
    s.close()
