"""Reading and checking a lesson file (format ``durak-lab-lesson/1``).

:func:`load_lesson` reads a lesson from a file, a JSON text or a dict, checks every
part of it with the engine and returns a :class:`Lesson`.  Anything wrong raises
:class:`LessonError`, whose ``field`` is the JSON path of the part that is wrong
(``steps[3].answers[0]``) and whose message names it.  The checks:

* every key is known (keys starting with ``_`` are comments), every rule id is R1–R31;
* every position can be built, and the ``moves`` a position lists are legal in turn;
* every listed answer move is legal, and made by the step's seat;
* every ``check`` is computed by the engine and compared with a given ``answer``.

The package docstring (:mod:`durak_lab.lessons`) describes the format with an example.

Standard library only.

>>> L = load_lesson('''{"format": "durak-lab-lesson/1", "id": "tiny", "title": "Tiny",
...   "rules": ["R11"], "summary": "One cover.", "steps": [{"kind": "move", "text": "Cover the 7♦.",
...   "position": {"hands": ["7♦", "Q♦ 8♠"], "trump": "♥", "discard": "rest", "moves": ["P1 attack 7♦"]},
...   "answers": ["P2 cover 7♦ with Q♦"]}]}''')
>>> L.id, L.exercises, str(L.steps[0].answers[0]), L.steps[0].seat
('tiny', 1, 'P2 cover 7♦ with Q♦', 1)
>>> load_lesson({**L.to_dict(), "colour": "red"})
Traceback (most recent call last):
...
durak_lab.lessons.errors.LessonError: colour: not a key of a lesson; the keys are format, id, title, rules, summary, steps
"""

from __future__ import annotations

import copy
import json
import os
import re
from dataclasses import dataclass, field as dc_field
from typing import Any, Optional, Union

from ..engine.cards import Card, cards_of
from ..engine.errors import CardError, DurakError, MoveTextError, Reason
from ..engine.moves import Move, parse_seat, seat_text
from ..engine.reading import check_value, decode_text, load_json, read_text_file, unique_keys
from ..engine.rules import PRESETS, Rules
from ..engine.state.position import Position
from ..session.play import SessionError, seat_kinds
from ..text.explain import RULE_TITLES
from .compute import BOUT_END_CHECKS, CheckError, right_cards, rules_answer, seat_answer
from .errors import LessonError
from .positions import build_position as _position, legal_move_at

__all__ = ["FORMAT", "KINDS", "EXERCISE_KINDS", "LessonError", "Lesson", "Step", "load_lesson", "lesson_json"]

#: The format string every lesson file starts with.
FORMAT = "durak-lab-lesson/1"
#: Every step kind.
KINDS = ("read", "move", "cards", "seat", "yes-no", "choice", "play")
#: The kinds a learner answers (``read`` and ``play`` are not exercises).
EXERCISE_KINDS = ("move", "cards", "seat", "yes-no", "choice")

_TOP = ("format", "id", "title", "rules", "summary", "steps")
_COMMON = ("kind", "text", "rules", "position", "seat", "show")
_EXERCISE = ("hint", "explain", "feedback")
_KEYS = {
    "read": _COMMON,
    "move": _COMMON + _EXERCISE + ("answers", "accept"),
    "cards": _COMMON + _EXERCISE + ("answer", "check", "from"),
    "seat": _COMMON + _EXERCISE + ("answer", "check", "if"),
    "yes-no": _COMMON + _EXERCISE + ("move", "answer"),
    "choice": _COMMON + _EXERCISE + ("options", "answer", "check", "preset", "players"),
    "play": ("kind", "text", "rules", "explain", "vs", "players", "preset", "seed", "coach"),
}
_NEEDS_POSITION = ("move", "cards", "seat", "yes-no")
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
_REASONS = {r.value for r in Reason}


@dataclass(frozen=True, eq=False)
class Step:
    """One step of a lesson, checked and with every answer resolved by the engine.

    ``index`` (its place in the lesson), ``kind``, ``text``; ``position`` (a
    :class:`~durak_lab.engine.state.Position` or None), ``seat`` (whose eyes, 0-based, or
    None without a position), ``show`` (``"seat"``: only that hand face up, or ``"all"``),
    ``rules`` (rule ids), ``hint``, ``explain`` (the teacher's sentences or None),
    ``feedback`` (canonical key → sentence).  By kind: ``answers`` and ``accept`` (move);
    ``answer`` (cards: a tuple of Card; seat: an int; yes-no: a bool; choice: the option);
    ``check`` (as written); ``pick_from`` (cards: ``"hand"`` or ``"table"``); ``bout_end``
    (seat, the checks about the end of the bout: ``"bito"`` or ``"take"``); ``move`` (yes-no); ``options``
    (choice); ``play`` (play: ``vs``, ``players``, ``preset``, ``seed``, ``coach``).
    """

    index: int
    kind: str
    text: str
    position: Optional[Position] = None
    seat: Optional[int] = None
    show: str = "seat"
    rules: tuple = ()
    hint: Optional[str] = None
    explain: Optional[str] = None
    feedback: dict = dc_field(default_factory=dict)
    answers: tuple = ()
    accept: str = "listed"
    answer: Any = None
    check: Any = None
    pick_from: str = "hand"
    bout_end: Optional[str] = None
    move: Optional[Move] = None
    options: tuple = ()
    play: dict = dc_field(default_factory=dict)

    @property
    def is_exercise(self) -> bool:
        """Whether the learner answers this step (every kind but ``read`` and ``play``)."""
        return self.kind in EXERCISE_KINDS

    @property
    def pool(self) -> tuple:
        """The cards a ``cards`` step lets the learner pick from (the seat's hand or the table), sorted;
        empty for other kinds."""
        if self.kind != "cards" or self.position is None:
            return ()
        p = self.position
        return tuple(cards_of(p.hands[self.seat] if self.pick_from == "hand" else p.table_cards()))

    @property
    def where(self) -> str:
        """The JSON path of this step, e.g. ``steps[2]``."""
        return f"steps[{self.index}]"


@dataclass(frozen=True, eq=False)
class Lesson:
    """A checked lesson: ``id``, ``title``, ``rules`` (rule ids), ``summary``, ``steps`` (tuple of
    :class:`Step`); :meth:`to_dict` gives the JSON value it was read from."""

    id: str
    title: str
    rules: tuple
    summary: str
    steps: tuple
    data: dict = dc_field(repr=False, default_factory=dict)

    @property
    def exercises(self) -> int:
        """How many steps the learner answers."""
        return sum(1 for s in self.steps if s.is_exercise)

    def to_dict(self) -> dict:
        """The lesson's JSON value (a copy)."""
        return copy.deepcopy(self.data)

    def dump(self, path: Union[str, os.PathLike, None] = None) -> str:
        """The lesson as JSON text; with ``path``, also written there (UTF-8)."""
        text = lesson_json(self.data)
        if path is not None:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        return text

    def __repr__(self) -> str:
        return f"<Lesson {self.id}: {self.title}, {len(self.steps)} steps, {self.exercises} exercises>"


def lesson_json(data: dict) -> str:
    """JSON text of a lesson: two-space indent, cards and suits written as themselves."""
    return json.dumps(data, ensure_ascii=False, indent=2)


# ------------------------------------------------------------------ reading
def _parse_json(text: str) -> Any:
    try:  # bounded: size, depth, digits (see durak_lab.engine.reading); a byte-order mark is skipped
        return load_json(text, LessonError, object_pairs_hook=unique_keys(LessonError))
    except json.JSONDecodeError as err:
        raise LessonError("", f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})") from None


def load_lesson(source: Union[str, bytes, os.PathLike, dict, "Lesson"]) -> Lesson:
    """A checked :class:`Lesson` from a file path, a JSON text, bytes or a dict.

    A string whose first non-blank character is ``{`` (or ``[``) is JSON text, any other
    string a path.  Raises :class:`LessonError` naming the field (see the module docstring); read
    from a file, the error also names the file (``source``).  Bytes and files are decoded by their
    byte-order mark (UTF-8, UTF-16, UTF-32), else as UTF-8; a file larger than a megabyte, JSON
    nested more than 32 levels or a number of more than 40 digits is refused
    (:mod:`durak_lab.engine.reading`).

    >>> load_lesson("café".encode("latin-1"))
    Traceback (most recent call last):
    ...
    durak_lab.lessons.errors.LessonError: byte 4: not UTF-8 text (byte 0xe9): save the file as UTF-8
    """
    if isinstance(source, Lesson):
        return source
    if isinstance(source, dict):
        data = check_value(source, LessonError)  # a value built in Python: bounded like JSON text
    elif isinstance(source, bytes):
        data = _parse_json(decode_text(source, LessonError))
    elif isinstance(source, str) and source.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
        data = _parse_json(source)
    elif isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            text = read_text_file(source, LessonError)
        except LessonError as err:
            raise err.in_file(name) from None
        except (OSError, ValueError) as err:  # ValueError: a name with a NUL character
            raise LessonError("", f"cannot read it: {getattr(err, 'strerror', None) or err}", name) from None
        try:
            return _lesson(_parse_json(text))
        except LessonError as err:
            raise err.in_file(os.fspath(source)) from None
    else:
        raise LessonError("", f"a lesson is a file, a JSON text or a dict, not {type(source).__name__}")
    return _lesson(data)


def _keys(data: dict, allowed: tuple, where: str, what: str) -> None:
    for key in data:
        if isinstance(key, str) and key.startswith("_"):
            continue
        if key not in allowed:
            raise LessonError(_join(where, key), f"not a key of {what}; the keys are {', '.join(allowed)}")


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _text(data: dict, key: str, where: str, required: bool = True) -> Optional[str]:
    if key not in data:
        if required:
            raise LessonError(_join(where, key), "missing")
        return None
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise LessonError(_join(where, key), "must be a non-empty text")
    return value


def _rule_ids(data: dict, where: str) -> tuple:
    if "rules" not in data:
        return ()
    value = data["rules"]
    path = _join(where, "rules")
    if not isinstance(value, list):
        raise LessonError(path, "must be a list of rule ids such as [\"R11\"]")
    for j, r in enumerate(value):
        if not isinstance(r, str) or r not in RULE_TITLES:
            raise LessonError(f"{path}[{j}]", f"{r!r} is not a rule id: write R1 to R31")
    return tuple(value)


def _lesson(data: Any) -> Lesson:
    if not isinstance(data, dict):
        raise LessonError("", "a lesson is a JSON object")
    _keys(data, _TOP, "", "a lesson")
    if data.get("format") != FORMAT:
        raise LessonError("format", f"must be {FORMAT!r}" if "format" in data else f"missing: write {FORMAT!r}")
    lesson_id = _text(data, "id", "")
    if not _SLUG.match(lesson_id):
        raise LessonError("id", f"{lesson_id!r} is not an id: use lower-case letters, digits and hyphens")
    title = _text(data, "title", "")
    summary = _text(data, "summary", "")
    rules = _rule_ids(data, "")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError("steps", "missing: a lesson needs a list of steps" if steps is None
                          else "must be a non-empty list of steps")
    return Lesson(lesson_id, title, rules, summary, tuple(_step(s, i) for i, s in enumerate(steps)),
                  copy.deepcopy(data))


# ------------------------------------------------------------------ steps
def _seat_value(value: Any, players: int, where: str) -> int:
    if not isinstance(value, str):
        raise LessonError(where, f"must be a seat such as \"P2\" (P1 to P{players})")
    try:
        return parse_seat(value, players)
    except MoveTextError as err:
        raise LessonError(where, str(err)) from None


def _card_list(value: Any, where: str) -> list:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        raise LessonError(where, "must be a list of cards such as [\"9♦\", \"10♠\"]")
    out = []
    for j, c in enumerate(value):
        try:
            out.append(Card(c))
        except (CardError, ValueError, TypeError) as err:
            raise LessonError(f"{where}[{j}]", str(err)) from None
    return out


def _feedback_key(key: str, kind: str, players: int, options: tuple) -> Optional[str]:
    """The canonical form of a feedback key, or None if it means nothing for this kind."""
    if kind in ("move", "yes-no") and key in _REASONS:
        return key
    if kind == "yes-no":
        return key.lower() if key.lower() in ("yes", "no") else None
    if kind == "choice":
        return key if key in options else None
    if kind == "seat":
        try:
            return seat_text(parse_seat(key, players))
        except MoveTextError:
            return None
    if kind == "move":
        try:
            return str(Move.parse(key, players))
        except MoveTextError:
            pass
    try:
        return str(Card(key))
    except (CardError, ValueError):
        return None


_FEEDBACK_HELP = {
    "move": "a move text, a card or a reason code such as \"rank-not-on-table\"",
    "cards": "a card", "seat": "a seat such as \"P2\"", "yes-no": "\"yes\", \"no\" or a reason code",
    "choice": "one of the options",
}


def _feedback(data: dict, kind: str, players: int, options: tuple, where: str) -> dict:
    value = data.get("feedback", {})
    if not isinstance(value, dict):
        raise LessonError(f"{where}.feedback", "must be an object: the wrong answer, then its sentence")
    out = {}
    for key, text in value.items():
        here = f"{where}.feedback[{json.dumps(key, ensure_ascii=False)}]"
        canon = _feedback_key(key, kind, players, options)
        if canon is None:
            raise LessonError(here, f"{key!r} is not a wrong answer of this step: write {_FEEDBACK_HELP[kind]}")
        if not isinstance(text, str) or not text.strip():
            raise LessonError(here, "must be a non-empty sentence")
        out[canon] = text
    return out


def _step(data: Any, i: int) -> Step:
    where = f"steps[{i}]"
    if not isinstance(data, dict):
        raise LessonError(where, "a step is a JSON object with a kind and a text")
    kind = data.get("kind")
    if kind not in KINDS:
        raise LessonError(f"{where}.kind", f"{kind!r} is not a step kind: use {', '.join(KINDS)}"
                          if "kind" in data else f"missing: use one of {', '.join(KINDS)}")
    _keys(data, _KEYS[kind], where, f"a {kind} step")
    kw: dict = {"index": i, "kind": kind, "text": _text(data, "text", where), "rules": _rule_ids(data, where)}
    if kind != "read":
        kw["explain"] = _text(data, "explain", where, required=False)
    if kind in EXERCISE_KINDS:
        kw["hint"] = _text(data, "hint", where, required=False)
    if kind == "play":
        kw["play"] = _play_settings(data, where)
        return Step(**kw)
    position = None
    if "position" in data:
        position = _position(data["position"], f"{where}.position")
    elif kind in _NEEDS_POSITION:
        raise LessonError(f"{where}.position", f"missing: a {kind} step needs a position")
    players = position.players if position is not None else 6
    seat = None
    if "seat" in data:
        if position is None:
            raise LessonError(f"{where}.seat", "a seat needs a position")
        seat = _seat_value(data["seat"], players, f"{where}.seat")
    show = data.get("show", "seat")
    if show not in ("seat", "all"):
        raise LessonError(f"{where}.show", "must be \"seat\" (only the seat's hand face up) or \"all\"")
    kw["show"] = show
    if kind == "choice":
        kw["options"] = _choice(data, where, kw)
    if kind in EXERCISE_KINDS:
        kw["feedback"] = _feedback(data, kind, players, kw.get("options", ()), where)
    if kind == "move":
        seat = _move_step(data, position, seat, where, kw)
    elif kind == "cards":
        seat = _default_seat(position, seat)
        _cards_step(data, position, seat, where, kw)
    elif kind == "seat":
        _seat_step(data, position, where, kw)
    elif kind == "yes-no":
        _yes_no_step(data, position, where, kw)
        seat = kw["move"].seat if seat is None else seat
    if position is not None and seat is None:
        seat = _default_seat(position, seat)
    kw["position"], kw["seat"] = position, seat
    return Step(**kw)


def _default_seat(position: Position, seat: Optional[int]) -> int:
    if seat is not None:
        return seat
    s = position.to_act()
    return 0 if s is None else s


def _move_step(data: dict, p: Position, seat: Optional[int], where: str, kw: dict) -> int:
    accept = data.get("accept", "listed")
    if accept not in ("listed", "legal"):
        raise LessonError(f"{where}.accept", "must be \"listed\" (only the answers) or \"legal\" (any legal move)")
    answers = data.get("answers", [])
    if not isinstance(answers, list) or (accept == "listed" and not answers):
        raise LessonError(f"{where}.answers", "must be a list of one or more move texts"
                          if "answers" in data else "missing: list the moves that count as right")
    moves = []
    for j, text in enumerate(answers):
        here = f"{where}.answers[{j}]"
        m = legal_move_at(p, text, here)
        if seat is None:
            seat = m.seat
        if m.seat != seat:
            raise LessonError(here, f"{text!r} is a move of {seat_text(m.seat)}, but the learner plays "
                              f"{seat_text(seat)} here")
        moves.append(m)
    seat = _default_seat(p, seat)
    wrong = set(kw.get("feedback", {}))
    if accept == "legal" and not [m for m in p.legal_moves(seat) if str(m) not in wrong]:
        raise LessonError(f"{where}.accept", f"{seat_text(seat)} has no legal move here that the feedback "
                          "does not name as wrong")
    for j, m in enumerate(moves):
        if str(m) in wrong:
            raise LessonError(f"{where}.feedback[{json.dumps(str(m), ensure_ascii=False)}]",
                              f"{str(m)!r} is a right answer (answers[{j}]), so it needs no feedback")
    for key in wrong:
        if key not in _REASONS and " " in key and Move.parse(key, p.players).seat != seat:
            raise LessonError(f"{where}.feedback[{json.dumps(key, ensure_ascii=False)}]",
                              f"{key!r} is a move of another seat: the learner plays {seat_text(seat)} here")
    kw["answers"], kw["accept"] = tuple(moves), accept
    return seat


def _cards_step(data: dict, p: Position, seat: int, where: str, kw: dict) -> None:
    pick_from = data.get("from", "hand")
    if pick_from not in ("hand", "table"):
        raise LessonError(f"{where}.from", "must be \"hand\" (the seat's cards) or \"table\"")
    pool_mask = p.hands[seat] if pick_from == "hand" else p.table_cards()
    for key in kw.get("feedback", {}):
        if not pool_mask >> Card(key) & 1:
            place = f"in {seat_text(seat)}'s hand" if pick_from == "hand" else "on the table"
            raise LessonError(f"{where}.feedback[{json.dumps(key, ensure_ascii=False)}]",
                              f"{key} is not {place}, so the learner cannot pick it")
    right = None
    if "check" in data:
        try:
            right = right_cards(p, seat, data["check"], pick_from)
        except CheckError as err:
            raise LessonError(f"{where}.check", str(err)) from None
    if "answer" in data:
        given = _card_list(data["answer"], f"{where}.answer")
        for j, c in enumerate(given):
            if not pool_mask >> c & 1:
                place = f"in {seat_text(seat)}'s hand" if pick_from == "hand" else "on the table"
                raise LessonError(f"{where}.answer[{j}]", f"{c} is not {place}")
        given_t = tuple(sorted(set(given)))
        if right is not None and given_t != right:
            found = " ".join(str(c) for c in right) or "no card"
            raise LessonError(f"{where}.answer", f"the engine finds {found} for {json.dumps(data['check'], ensure_ascii=False)}, "
                              f"not {' '.join(str(c) for c in given_t) or 'no card'}")
        right = given_t
    if right is None:
        raise LessonError(f"{where}.answer", "missing: give the answer (a list of cards) or a check")
    kw["answer"], kw["check"], kw["pick_from"] = right, data.get("check"), pick_from


def _seat_step(data: dict, p: Position, where: str, kw: dict) -> None:
    right = None
    how = data.get("if")
    check = data.get("check")
    ends = isinstance(check, str) and check in BOUT_END_CHECKS
    if "if" in data and not ends:
        raise LessonError(f"{where}.if", "only a check about the end of the bout ("
                          + ", ".join(f'"{c}"' for c in BOUT_END_CHECKS) + ") says how the bout ends")
    if "check" in data:
        if ends and how not in ("bito", "take"):
            raise LessonError(f"{where}.if", "missing: say how the bout ends, \"bito\" or \"take\"")
        try:
            right = seat_answer(p, check, how)
        except CheckError as err:
            raise LessonError(f"{where}.check", str(err)) from None
    if "answer" in data:
        given = _seat_value(data["answer"], p.players, f"{where}.answer")
        if right is not None and given != right:
            after = f" (if {how})" if ends else ""
            raise LessonError(f"{where}.answer", f"the engine finds {seat_text(right)} for {check!r}{after}, "
                              f"not {seat_text(given)}")
        right = given
    if right is None:
        raise LessonError(f"{where}.answer", "missing: give the answer (a seat such as \"P2\") or a check")
    kw["answer"], kw["check"], kw["bout_end"] = right, check, how


def _yes_no_step(data: dict, p: Position, where: str, kw: dict) -> None:
    if "move" not in data:
        raise LessonError(f"{where}.move", "missing: the move the question asks about")
    try:
        m = Move.parse(data["move"], p.players)
    except MoveTextError as err:
        raise LessonError(f"{where}.move", str(err)) from None
    legal = p.is_legal(m)
    if "answer" in data:
        if not isinstance(data["answer"], bool):
            raise LessonError(f"{where}.answer", "must be true or false")
        if data["answer"] != legal:
            why = "it is legal" if legal else f"it is not legal: {p.why_illegal(m).message}"
            raise LessonError(f"{where}.answer", f"the engine answers {str(legal).lower()}: {why}")
    kw["move"], kw["answer"] = m, legal


def _choice(data: dict, where: str, kw: dict) -> tuple:
    options = data.get("options")
    if not isinstance(options, list) or len(options) < 2 or not all(isinstance(o, str) and o.strip() for o in options):
        raise LessonError(f"{where}.options", "must be a list of two or more texts")
    if len(set(options)) != len(options):
        raise LessonError(f"{where}.options", "an option appears twice")
    if "answer" not in data:
        raise LessonError(f"{where}.answer", "missing: one of the options")
    answer = data["answer"]
    if answer not in options:
        raise LessonError(f"{where}.answer", f"{answer!r} is not one of the options")
    preset = data.get("preset", "podkidnoy")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise LessonError(f"{where}.preset", f"{preset!r} is not a preset; presets: {', '.join(PRESETS)}")
    players = data.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise LessonError(f"{where}.players", "must be a number of players, 2 to 8")
    if "check" in data:
        check = data["check"]
        if not isinstance(check, dict) or set(check) != {"rules"} or not isinstance(check["rules"], str):
            raise LessonError(f"{where}.check", "must be {\"rules\": option}, e.g. {\"rules\": \"hand\"}")
        try:
            rules = Rules.preset(preset, **({"players": players} if players is not None else {}))
        except DurakError as err:
            raise LessonError(f"{where}.players", str(err)) from None
        try:
            value = rules_answer(rules, check["rules"])
        except CheckError as err:
            raise LessonError(f"{where}.check", str(err)) from None
        if value != answer:
            raise LessonError(f"{where}.answer", f"the rules ({preset}) say {value!r}, not {answer!r}")
        kw["check"] = check
    kw["answer"] = answer
    return tuple(options)


def _play_settings(data: dict, where: str) -> dict:
    vs = data.get("vs", ["tips"])
    if isinstance(vs, str):
        vs = [vs]
    if not isinstance(vs, list) or not all(isinstance(v, str) for v in vs):
        raise LessonError(f"{where}.vs", "must be a list of bot levels such as [\"random\"]")
    players = data.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int):
        raise LessonError(f"{where}.players", "must be a number of players, 2 to 8")
    preset = data.get("preset", "podkidnoy")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise LessonError(f"{where}.preset", f"{preset!r} is not a preset; presets: {', '.join(PRESETS)}")
    try:
        Rules.preset(preset, players=players)
    except DurakError as err:
        raise LessonError(f"{where}.players", str(err)) from None
    try:
        seat_kinds(players, vs)
    except SessionError as err:
        raise LessonError(f"{where}.vs", str(err)) from None
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise LessonError(f"{where}.seed", "must be a whole number or null")
    coach = data.get("coach", False)
    if not isinstance(coach, bool):
        raise LessonError(f"{where}.coach", "must be true or false")
    return {"vs": tuple(vs), "players": players, "preset": preset, "seed": seed, "coach": coach}
