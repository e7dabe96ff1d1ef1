"""The position a lesson step shows, built from its JSON value and checked by the engine.

Three forms: a one-line position text (:mod:`durak_lab.engine.notation`); a worked
example after some moves, ``{"example": "EX-ZH-BOUT", "after": 2}``; or the arguments of
:meth:`~durak_lab.engine.state.Position.start`, ``{"rules": "podkidnoy,players=2",
"hands": ["7♦ 7♠", "Q♦ 8♥"], "trump": "♥", "discard": "rest", "moves": ["P1 attack 7♦"]}``.
Both dict forms may list ``moves`` played in order; each must be legal.

Standard library only.

>>> p = build_position({"hands": ["7♦ 7♠", "Q♦ 8♥"], "trump": "♥", "discard": "rest", "attacker": "P1",
...                     "moves": ["P1 attack 7♦"]}, "steps[0].position")
>>> p.table_text(), p.players
('7♦', 2)
>>> build_position({"hands": ["7♦", "Q♦"], "trump": "♥", "discard": "rest", "moves": ["P2 take"]}, "position")
Traceback (most recent call last):
...
durak_lab.lessons.errors.LessonError: position.moves[0]: 'P2 take' is not a legal move here: there is no uncovered card: nothing to take
"""

from __future__ import annotations

import functools
import re
from typing import Any, Optional

from ..engine.cards import CardSet
from ..engine.errors import CardError, DurakError, IllegalMoveError, MoveTextError, PositionError, RecordError
from ..engine.moves import Move
from ..engine.notation import parse_position, parse_rules_text
from ..engine.records.record import Record, load_example
from ..engine.rules import Rules
from ..engine.state.position import Position
from .errors import LessonError

__all__ = ["build_position", "POSITION_KEYS"]

#: The keys of a position given as the arguments of ``Position.start``.
POSITION_KEYS = ("rules", "hands", "trump", "talon", "trump_card", "discard", "attacker", "first_bout",
                 "known", "moves")


@functools.lru_cache(maxsize=64)
def _rules_of(text: str, players: Optional[int]) -> Rules:
    """The rules of a rules text (cached: a course builds many positions under the same rules)."""
    rules = parse_rules_text(text)
    return rules if players is None else rules.replace(players=players)


@functools.lru_cache(maxsize=64)
def _example(example_id: str) -> Record:
    return load_example(example_id)


def _keys(data: dict, allowed: tuple, where: str, what: str) -> None:
    for key in data:
        if isinstance(key, str) and key.startswith("_"):
            continue
        if key not in allowed:
            raise LessonError(f"{where}.{key}", f"not a key of {what}; the keys are {', '.join(allowed)}")


def _position_error(where: str, err: Exception) -> LessonError:
    text = str(err)
    head, sep, rest = text.partition(": ")
    m = re.match(r"hands\.P(\d)\Z", head)
    if sep and m:
        return LessonError(f"{where}.hands[{int(m.group(1)) - 1}]", rest)
    if sep and head in ("talon", "trump", "discard", "attacker", "rules", "hands"):
        return LessonError(f"{where}.{'trump_card' if head == 'talon' and 'trump card' in rest else head}", rest)
    return LessonError(where, text)


def _play_moves(p: Position, moves: Any, where: str) -> Position:
    if not isinstance(moves, list):
        raise LessonError(where, "must be a list of move texts")
    for j, text in enumerate(moves):
        p = p.play(legal_move_at(p, text, f"{where}[{j}]"))
    return p


def legal_move_at(p: Position, text: Any, here: str) -> Move:
    """The move ``text`` if it is legal in ``p``; else a :class:`LessonError` naming the field ``here``."""
    try:
        m = Move.parse(text, p.players)
    except MoveTextError as err:
        raise LessonError(here, str(err)) from None
    err = p.why_illegal(m)
    if err is not None:
        raise LessonError(here, f"{text!r} is not a legal move here: {err.message}")
    return m


def build_position(value: Any, where: str) -> Position:
    if isinstance(value, str):
        try:
            return parse_position(value)
        except (PositionError, CardError, MoveTextError) as err:
            raise LessonError(where, f"not a position text: {err}") from None
    if not isinstance(value, dict):
        raise LessonError(where, "must be a position text, {\"example\": …} or {\"hands\": …}")
    if "example" in value:
        _keys(value, ("example", "after", "moves"), where, "an example position")
        try:
            if not isinstance(value["example"], str):
                raise RecordError("example", "not a worked example id")
            rec = _example(value["example"])
        except RecordError as err:
            raise LessonError(f"{where}.example", f"{value['example']!r} is not a worked example; "
                              "see durak-lab examples") from None
        after = value.get("after", 0)
        if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= len(rec.moves):
            raise LessonError(f"{where}.after", f"must be a number of moves from 0 to {len(rec.moves)}")
        try:
            p = rec.game_after(after).position
        except IllegalMoveError as err:
            raise LessonError(f"{where}.after", f"the example stops being legal before move {after}: "
                              f"{err.message}") from None
        return _play_moves(p, value.get("moves", []), f"{where}.moves")
    _keys(value, POSITION_KEYS, where, "a position")
    hands = value.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, (str, list)) for h in hands):
        raise LessonError(f"{where}.hands", "must be a list of hands, one card text per seat, e.g. [\"7♦ 7♠\", \"Q♦\"]")
    rules_txt = value.get("rules", "podkidnoy")
    if not isinstance(rules_txt, str):
        raise LessonError(f"{where}.rules", "must be a rules text such as \"podkidnoy,players=3\"")
    try:
        rules = _rules_of(rules_txt, None if "players=" in rules_txt else len(hands))
    except (PositionError, DurakError) as err:
        text = str(err)
        raise LessonError(f"{where}.rules", text[len("rules: "):] if text.startswith("rules: ") else text) from None
    for i, h in enumerate(hands):
        try:
            CardSet.parse(h) if isinstance(h, str) else CardSet(h)
        except (CardError, ValueError, TypeError) as err:
            raise LessonError(f"{where}.hands[{i}]", str(err)) from None
    first = value.get("first_bout", True)
    if not isinstance(first, bool):
        raise LessonError(f"{where}.first_bout", "must be true or false")
    try:
        p = Position.start(rules, hands, talon=value.get("talon", ()), trump_card=value.get("trump_card"),
                           trump=value.get("trump"), discard=value.get("discard", 0),
                           attacker=value.get("attacker"), known=value.get("known"), first_bout=first)
    except (PositionError, CardError, MoveTextError) as err:
        raise _position_error(where, err) from None
    except (TypeError, ValueError) as err:
        raise LessonError(where, f"not a position: {err}") from None
    return _play_moves(p, value.get("moves", []), f"{where}.moves")
