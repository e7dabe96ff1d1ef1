"""Translations read as plainly as the English: short sentences in every language.

The English words are held at a twelve-year-old's grade by tests/lessons/test_readability.py
(Flesch–Kincaid needs English syllables). For the other languages the measure is the length of
their sentences against the English ones they translate, message by message and lesson text by
lesson text: in words (Russian, Hebrew, Korean, Finnish: words between spaces) or, for Chinese,
in characters divided by 1.7 (a Chinese word has about 1.7 characters). The median translation
may be at most 1.3 times as long as its English, 95% of them at most 1.8 times, and no sentence
longer than the longest English one.
"""

from __future__ import annotations

import re
import statistics

import pytest

from durak_lab.lessons import course, in_language
from durak_lab.lessons.translation import words_files
from durak_lab.text.catalogue import LANGUAGES, catalogue, templates

CJK = re.compile(r"[\u4e00-\u9fff]")
OTHERS = [code for code in LANGUAGES if code != "en"]


def units(text: str, code: str) -> float:
    """How long a text is, in words (a field counts as one word)."""
    text = re.sub(r"\{[^}]*\}", " X ", text)
    if code == "zh":
        return len(CJK.findall(text)) / 1.7 + len(re.findall(r"[A-Za-z0-9♠♥♦♣]+", text))
    return len([t for t in text.split() if re.search(r"\w|[♠♥♦♣]", t)])


def sentences(text: str) -> list:
    return [s for s in re.split(r"(?<=[.!?。！？])\s*", text) if s.strip()]


def pairs(code: str) -> list:
    """(English text, its translation) for every message and every lesson text translated."""
    out = []
    theirs = catalogue(code).messages
    for key in catalogue("en").messages:
        if key in theirs:
            for a, b in zip(templates(key, "en"), templates(key, code)):
                out.append((a, b))
    if words_files(code):
        for lesson in course():
            tr = in_language(lesson, code)
            out += [(lesson.title, tr.title), (lesson.summary, tr.summary)]
            for s, t in zip(lesson.steps, tr.steps):
                out += [(a, b) for a, b in ((s.text, t.text), (s.hint, t.hint), (s.explain, t.explain)) if a and b]
                out += list(zip(s.options, t.options))
                out += list(zip(s.feedback.values(), t.feedback.values()))
    return out


@pytest.mark.parametrize("code", OTHERS)
def test_translations_are_as_short_as_the_english(code):
    found = pairs(code)
    if not found:
        pytest.skip(f"no {code} translation yet")
    ratios = [units(b, code) / units(a, "en") for a, b in found if units(a, "en") >= 3]
    q = statistics.quantiles(ratios, n=20)
    assert statistics.median(ratios) <= 1.3, statistics.median(ratios)
    assert q[18] <= 1.8, q[18]
    longest_en = max(units(s, "en") for a, _ in found for s in sentences(a))
    long = [(round(units(s, code), 1), s) for _, b in found for s in sentences(b) if units(s, code) > longest_en]
    assert long == [], (longest_en, long[:5])


def test_the_measure_counts_words_and_chinese_characters():
    assert units("P1, your turn: click {card}.", "en") == 5
    assert units("轮到你了，点击{card}。", "zh") == pytest.approx(6 / 1.7 + 1)
    assert sentences("Take it. Then play! 好的。下一步") == ["Take it.", "Then play!", "好的。", "下一步"]
