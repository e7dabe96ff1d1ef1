"""Shared by the lesson tests: the words a learner must never read, and wrong answers of every kind."""

from __future__ import annotations

import re

from durak_lab.engine.cards import cards_of
from durak_lab.engine.errors import Reason
from durak_lab.engine.moves import ATTACK, COVER, PASS, TAKE, Move

REPR = ["Move.parse(", "Card(", "CardSet(", "Fraction(", "<durak_lab", "None", "True", "False", "Position."]
TRACEBACK = ["Traceback", 'File "']
INSIDE = ["position.known", "sequential protocol", "sequential play", "steps[", "LessonError"]
CODES = [r.value for r in Reason]


def assert_learner_sentence(text, where):
    """``text`` is a non-empty sentence with no template field, reason code, repr or traceback."""
    assert isinstance(text, str) and text.strip(), f"{where}: empty sentence {text!r}"
    assert "{" not in text and "}" not in text, f"{where}: a template field in {text!r}"
    assert "\n" not in text, f"{where}: {text!r}"
    for word in REPR + TRACEBACK + INSIDE:
        assert word not in text, f"{where}: {word!r} in {text!r}"
    for code in CODES:
        assert not re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text), f"{where}: code {code!r} in {text!r}"


def wrong_moves(step):
    """Moves of the step's seat that are not right: every other legal move, and many illegal ones."""
    p, s = step.position, step.seat
    right = set(step.answers)
    if step.accept == "legal":  # any legal move but those the feedback names
        right |= {m for m in p.legal_moves(s) if str(m) not in step.feedback}
    out = [m for m in p.legal_moves(s) if m not in right]
    hand = cards_of(p.hands[s])
    deck = cards_of(sum(1 << c for c in range(52)) & ~p.hands[s])[:6]
    for c in hand + deck:
        out.append(Move(ATTACK, s, (c,)))
        for t in p.uncovered():
            out.append(Move(COVER, s, (c,), t))
    out += [Move(TAKE, s), Move(PASS, s)]
    seen, unique = set(), []
    for m in out:
        if m not in right and m not in seen:
            seen.add(m)
            unique.append(m)
    return unique


def wrong_cards(step):
    """Wrong selections of a cards step: each wrong card alone, the right set with one missed or one added."""
    p = step.position
    pool = cards_of(p.hands[step.seat] if step.pick_from == "hand" else p.table_cards())
    right = list(step.answer)
    out = [[c] for c in pool if c not in right]
    if right:
        out.append([])
        out.append(right[1:])
        out += [right + [c] for c in pool if c not in right][:2]
    return [sel for sel in out if sorted(sel) != sorted(right)]


def wrong_answers(step):
    """Every kind of wrong answer to an exercise step."""
    if step.kind == "move":
        return wrong_moves(step)
    if step.kind == "cards":
        return wrong_cards(step)
    if step.kind == "seat":
        return [s for s in range(step.position.players) if s != step.answer]
    if step.kind == "yes-no":
        return [not step.answer]
    return [o for o in step.options if o != step.answer]
