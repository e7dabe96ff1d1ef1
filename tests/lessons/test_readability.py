"""Readability of the course: every learner sentence at a 12-year-old's level.

The Flesch–Kincaid grade level of a text is

    grade = 0.39 * (words / sentences) + 11.8 * (syllables / words) - 15.59

(Kincaid et al. 1975).  It is computed here with the standard library only.

Syllables are counted with a small documented heuristic (see :func:`syllables`);
card names (``10♦``, ``Q♠``), seat names (``P2``), numbers (``6``, ``6s``) count
as words of one syllable.  The texts measured are every ``text``, ``hint``,
``explain``, ``feedback`` and ``summary`` string of every lesson in the course.

Run ``pytest -s tests/lessons/test_readability.py`` to see the figures: one line
per lesson, then the course.  The course must stay at grade 6 or below and every
lesson at grade 8 or below.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import durak_lab

COURSE_DIR = Path(durak_lab.__file__).parent / "lessons" / "course"
COURSE_MAX = 6.0
LESSON_MAX = 8.0

_CARD_OR_SEAT = re.compile(r"[♠♥♦♣]|^P\d|^\d")
_VOWELS = re.compile(r"[aeiouy]+")
_SENTENCE_END = re.compile(r"[.!?]+(?=[\s\"')\]]|$)")


def syllables(word: str) -> int:
    """The syllables of one word, by a heuristic that is right for most common words.

    1. A card (``10♦``), a seat (``P2``) or a number (``6s``) is one syllable.
    2. Keep only the letters, lower case.  Words of 1–3 letters are one syllable.
    3. Count groups of vowels (a e i o u y in a row count once; a y before a
       vowel is a consonant: ``pla-yer``).
    4. A silent ending takes one away: a final ``e`` (``take``), but not ``le``
       after a consonant (``ta-ble``) or ``ee`` (``a-gree``); ``es``
       (``takes``) but not after s, x, z, ch, sh, c, g (``pla-ces``); ``ed``
       (``played``) but not after t or d (``want-ed``).
    5. Every word has at least one syllable.

    >>> [syllables(w) for w in ("cat", "table", "takes", "covered", "defender", "10♦", "P2")]
    [1, 2, 1, 2, 3, 1, 1]
    """
    if _CARD_OR_SEAT.search(word):
        return 1
    w = re.sub(r"[^a-z]", "", word.lower())
    if len(w) <= 3:
        return 1
    n = len(_VOWELS.findall(re.sub(r"y(?=[aeiou])", "_", w)))
    if w.endswith("e"):
        if not (w.endswith("ee") or (w.endswith("le") and w[-3] not in "aeiouy")):
            n -= 1
    elif w.endswith("es"):
        if not w.endswith(("ses", "xes", "zes", "ches", "shes", "ces", "ges")):
            n -= 1
    elif w.endswith("ed"):
        if not w.endswith(("ted", "ded")):
            n -= 1
    return max(1, n)


def words(text: str) -> list[str]:
    """The words of a text: tokens between spaces that hold a letter, a digit or a suit.

    >>> words("P1 covers the 7♥ with the 10♥: a higher heart.")
    ['P1', 'covers', 'the', '7♥', 'with', 'the', '10♥:', 'a', 'higher', 'heart.']
    """
    return [t for t in text.split() if re.search(r"[A-Za-z0-9♠♥♦♣]", t)]


def sentences(text: str) -> int:
    """Sentences in one string: ends of . ! ?, and one more if the last has none.

    >>> sentences("Take it. Then draw!"), sentences("Only 2"), sentences("")
    (2, 1, 0)
    """
    text = text.strip()
    if not text:
        return 0
    n = len(_SENTENCE_END.findall(text))
    if not re.search(r"[.!?][\"')\]]*$", text):
        n += 1
    return n


def counts(texts: list[str]) -> tuple[int, int, int]:
    """(words, sentences, syllables) of several strings together."""
    w = s = y = 0
    for t in texts:
        ws = words(t)
        w += len(ws)
        s += sentences(t)
        y += sum(syllables(x) for x in ws)
    return w, s, y


def grade(texts: list[str] | str) -> float:
    """The Flesch–Kincaid grade of a string or of several strings together.

    >>> round(grade("The cat sat on the mat."), 2)
    -1.45
    """
    if isinstance(texts, str):
        texts = [texts]
    w, s, y = counts(texts)
    if not w:
        return 0.0
    return 0.39 * w / s + 11.8 * y / w - 15.59


# ---------------------------------------------------------------- unit checks
@pytest.mark.parametrize("word, n", [
    ("cat", 1), ("the", 1), ("trump", 1), ("take", 1), ("takes", 1), ("once", 1), ("queen", 1),
    ("table", 2), ("people", 2), ("agree", 2), ("places", 2), ("covered", 2), ("wanted", 2),
    ("durak", 2), ("talon", 2), ("bito", 2), ("player", 2),
    ("defender", 3), ("every", 3), ("podkidnoy", 3), ("perevodnoy", 4),
    ("10♦", 1), ("Q♠.", 1), ("P2", 1), ("P4's", 1), ("6s", 1),
])
def test_syllables_of_known_words(word: str, n: int) -> None:
    assert syllables(word) == n


def test_grade_of_known_sentences() -> None:
    # 6 words, 1 sentence, 6 syllables: 0.39 * 6 + 11.8 * 1 - 15.59
    assert grade("The cat sat on the mat.") == pytest.approx(-1.45)
    # the same words in two sentences read easier
    assert grade("The cat sat. It sat on the mat.") < grade("The cat sat and it sat on the mat.")
    # long words in a long sentence: far above a child's level
    hard = ("The international organisation communicated unprecedented administrative "
            "complications concerning institutional responsibilities.")
    assert grade(hard) > 16
    # a card glyph and a seat name count as short words
    assert grade("P2 beats the 10♦ with the Q♦.") == grade("Al beats the ten with the queen.")


def test_sentences_and_words() -> None:
    assert sentences("P1 takes. P2 leads next, against P3!") == 2
    assert sentences("Hearts are trump: the 9♥ is face up.") == 1
    assert len(words("— P1 leads 7♥ —")) == 3


# ---------------------------------------------------------------- the course
def course_ids() -> list[str]:
    data = json.loads((COURSE_DIR / "course.json").read_text(encoding="utf-8"))
    return list(data["lessons"])


def lesson_texts(lesson_id: str) -> list[str]:
    """Every learner string of one lesson file: summary, and each step's text, hint, explain, feedback."""
    data = json.loads((COURSE_DIR / f"{lesson_id}.json").read_text(encoding="utf-8"))
    out = [data.get("summary", "")]
    for step in data["steps"]:
        for key in ("text", "hint", "explain"):
            if isinstance(step.get(key), str):
                out.append(step[key])
        out.extend(v for v in step.get("feedback", {}).values() if isinstance(v, str))
    return [t for t in out if t.strip()]


def test_course_readability() -> None:
    ids = course_ids()
    every: list[str] = []
    too_hard = []
    print(f"\n{'lesson':<18} {'words':>6} {'sent.':>6} {'syll.':>6} {'grade':>6}")
    for lid in ids:
        texts = lesson_texts(lid)
        every.extend(texts)
        w, s, y = counts(texts)
        g = grade(texts)
        print(f"{lid:<18} {w:>6} {s:>6} {y:>6} {g:>6.2f}")
        if g > LESSON_MAX:
            too_hard.append(f"{lid} (grade {g:.2f})")
    w, s, y = counts(every)
    g = grade(every)
    print(f"{'COURSE':<18} {w:>6} {s:>6} {y:>6} {g:>6.2f}")
    assert not too_hard, f"lessons above grade {LESSON_MAX}: {', '.join(too_hard)}"
    assert g <= COURSE_MAX, f"the course reads at grade {g:.2f}, above {COURSE_MAX}"


def test_a_hard_lesson_would_fail(tmp_path: Path) -> None:
    # the limits can fail: a lesson written in long words is far above grade 8
    hard = ["The defender's obligatory responsibility necessitates immediate consideration "
            "of every unbeaten attacking card simultaneously presented."]
    assert grade(hard) > LESSON_MAX
