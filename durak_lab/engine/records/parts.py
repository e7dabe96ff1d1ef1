"""The parts of a ``durak-lab/1`` record, each read and checked: rules, start, moves, source, result.

The format itself is described in :mod:`durak_lab.engine.records`, which puts
the parts together into a :class:`~durak_lab.engine.records.Record`.  Here are
the keys each part allows, the readers that turn a part's JSON value into
engine values (a wrong value raises :class:`~durak_lab.engine.errors.RecordError`
whose ``where`` is its full path, e.g. ``start.hands.P2[3]``), the value of one
move with its narration (:class:`RecordMove`), the expected result
(:func:`result_value`) and the explicit ``start`` object written back for a
position; and the JSON text of records, read strictly (:func:`parse_json`: a key twice in one
object, or ``NaN``, is an error) and written for people (:func:`json_text`).

Standard library only.

>>> parse_rules({"preset": "classic", "players": 3})[0].players
3
>>> parse_moves(["P1 attack 7♦", {"move": "P9 take"}], 2)
Traceback (most recent call last):
...
durak_lab.engine.errors.RecordError: moves[1].move: 'P9 take': 'P9' is not a seat: write P1 to P2
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, NamedTuple, Optional, Sequence, Union

from ..cards import Card, CardSet, SUIT_SYMBOLS, cards_of, deck_mask, parse_suit
from ..errors import CardError, MoveTextError, PositionError, Reason, RecordError, RulesError
from ..moves import Move, parse_seat, seat_text
from ..reading import load_json, unique_keys
from ..rules import PRESETS, PRESETS_VERSION, Rules, preset_fields
from ..state.position import Position

__all__ = ["RecordMove", "ResultValue", "result_value", "json_text",
           # the readers of each part, which the record puts together (record.py, replaying.py)
           "TOP_KEYS", "FINISHES", "check_keys", "need_str", "short_value", "read_rule_ids", "parse_rules",
           "parse_start", "parse_moves", "parse_source", "parse_result", "result_matches", "result_json",
           "start_to_dict", "parse_json"]

TOP_KEYS = ("format", "id", "title", "source", "rule_ids", "description", "rules", "start", "moves",
             "result", "finish", "players")
#: The values of a record's ``finish``: how the game is expected to end (the ficus finish, Rules.ficus).
FINISHES = ("ficus",)
_START_KEYS = ("seed", "redeal", "hands", "talon", "trump_card", "trump", "discard", "attacker", "first_bout",
               "known")
_SOURCE_KEYS = ("id", "section", "quote", "translation")
_MOVE_KEYS = ("move", "say", "illegal", "reason", "rules_cited", "comment", "variations")
#: The longest comment on a move, in characters.
MAX_COMMENT = 2000
_RULE_ID = re.compile(r"R([1-9][0-9]?)\Z")
_REASONS = {r.value: r for r in Reason}

#: An expected result: ``"ongoing"`` (JSON ``null``), ``"draw"``, ``"P3"``, or a tuple of seats.
ResultValue = Union[str, tuple]


# ---------------------------------------------------------------- small helpers
def _key_path(base: str, key: object) -> str:
    """``start.hands`` for a plain key, ``start["odd key"]`` for anything else."""
    if isinstance(key, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return f"{base}.{key}" if base else key
    return f"{base}[{short_value(key)}]"


def check_keys(data: dict, allowed: Sequence[str], path: str, hint: str = "") -> None:
    for key in data:
        if key not in allowed:
            raise RecordError(_key_path(path, key), f"unknown key (allowed: {hint or ', '.join(allowed)})")


def need_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise RecordError(path, f"{short_value(value)} is not a string")
    return value


def short_value(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def read_rule_ids(value: object, path: str) -> tuple:
    if not isinstance(value, list):
        raise RecordError(path, "must be a list of rule ids such as [\"R12\", \"R17\"]")
    out = []
    for i, item in enumerate(value):
        m = _RULE_ID.match(item) if isinstance(item, str) else None
        if m is None or not 1 <= int(m.group(1)) <= 31:
            raise RecordError(f"{path}[{i}]", f"{short_value(item)} is not a rule id (R1 to R31)")
        out.append(item)
    return tuple(out)


def _seat(value: object, path: str, players: int) -> int:
    if isinstance(value, str):
        try:
            return parse_seat(value, players)
        except MoveTextError:
            pass
    raise RecordError(path, f"{short_value(value)} is not a seat of a {players}-player game (P1 to P{players})")


def result_value(result: Optional[tuple]) -> Union[None, str, list]:
    """A game result as JSON: ``None`` while the game goes on, ``"draw"``, ``"P3"`` or a list of seats.

    Several seats are durak in a team game (the whole losing team) or under
    R29 "all durak"; then the value is the list of their seats.

    >>> result_value(None), result_value(()), result_value((2,)), result_value((1, 3))
    (None, 'draw', 'P3', ['P2', 'P4'])
    """
    if result is None:
        return None
    if not result:
        return "draw"
    if len(result) == 1:
        return seat_text(result[0])
    return [seat_text(s) for s in result]


def parse_result(value: object, players: int) -> ResultValue:
    if value is None or value == "ongoing":
        return "ongoing"
    if value == "draw":
        return "draw"
    hint = ('must be null (the game goes on), "draw", a seat such as "P3", or a list of seats')
    if isinstance(value, str):
        try:
            return seat_text(parse_seat(value, players))
        except MoveTextError:
            raise RecordError("result", f"{short_value(value)} {hint}") from None
    if isinstance(value, list) and value:
        seats = sorted({_seat(v, f"result[{i}]", players) for i, v in enumerate(value)})
        if len(seats) == 1:
            return seat_text(seats[0])
        return tuple(seat_text(s) for s in seats)
    raise RecordError("result", f"{short_value(value)} {hint}")


def result_matches(expected: ResultValue, actual: Optional[tuple]) -> bool:
    got = result_value(actual)
    if expected == "ongoing":
        return got is None
    if isinstance(expected, tuple):
        return got == list(expected)
    return got == expected


def result_json(expected: ResultValue) -> Union[None, str, list]:
    if expected == "ongoing":
        return None
    return list(expected) if isinstance(expected, tuple) else expected


# ---------------------------------------------------------------- one move of a record
class RecordMove(NamedTuple):
    """One move of a record with its narration.

    ``illegal`` marks a move the rules must reject (optionally for ``reason``,
    a :class:`~durak_lab.engine.errors.Reason` value); ``rules_cited`` are rule ids.
    ``comment``: what a person said about the move (an analysis note, shown after it);
    ``variations``: other lines that could have been played instead of this move, each a tuple of
    :class:`RecordMove` played from the position before it (their moves may hold variations too).

    >>> m = RecordMove(Move.parse("P1 attack 7♦"), say="P1 leads")
    >>> m.to_json()
    {'move': 'P1 attack 7♦', 'say': 'P1 leads'}
    >>> RecordMove(Move.parse("P2 take")).to_json()
    'P2 take'
    >>> RecordMove(Move.parse("P1 attack 7♦"), comment="too early",
    ...            variations=((RecordMove(Move.parse("P1 attack 6♣")),),)).to_json()
    {'move': 'P1 attack 7♦', 'comment': 'too early', 'variations': [['P1 attack 6♣']]}
    """

    move: Move
    say: Optional[str] = None
    illegal: bool = False
    reason: Optional[str] = None
    rules_cited: tuple = ()
    comment: Optional[str] = None
    variations: tuple = ()

    def to_json(self) -> Union[str, dict]:
        """The canonical JSON form: the move text alone, or an object when there is more."""
        if (self.say is None and not self.illegal and self.reason is None and not self.rules_cited
                and self.comment is None and not self.variations):
            return str(self.move)
        out: dict = {"move": str(self.move)}
        if self.say is not None:
            out["say"] = self.say
        if self.illegal:
            out["illegal"] = True
        if self.reason is not None:
            out["reason"] = self.reason
        if self.rules_cited:
            out["rules_cited"] = list(self.rules_cited)
        if self.comment is not None:
            out["comment"] = self.comment
        if self.variations:
            out["variations"] = [[m.to_json() for m in line] for line in self.variations]
        return out


# ---------------------------------------------------------------- reading the parts
def parse_rules(data: Any) -> tuple:
    if not isinstance(data, dict):
        raise RecordError("rules", "must be an object such as {\"preset\": \"podkidnoy\", \"players\": 4}")
    names = [f.name for f in dataclasses.fields(Rules)]
    check_keys(data, ["preset", "presets"] + names, "rules", "preset, presets or a Rules field: " + ", ".join(names))
    preset = data.get("preset")
    if "preset" in data and (not isinstance(preset, str) or preset not in PRESETS):
        raise RecordError("rules.preset", f"{short_value(preset)} is not a preset; presets: {', '.join(PRESETS)}")
    # ``presets``: the version of the preset table the record was written under; a record without it
    # was written under version 1, and its preset means what it meant then (PRESET_CHANGES)
    version = data.get("presets", 1)
    if type(version) is not int or not 1 <= version <= PRESETS_VERSION:
        raise RecordError("rules.presets", f"{short_value(version)} is not a version of the presets "
                                           f"(1 to {PRESETS_VERSION})")
    changes = {k: v for k, v in data.items() if k not in ("preset", "presets")}
    try:
        rules = Rules(**{**preset_fields(preset, version), **changes}) if preset else Rules(**changes)
    except RulesError as err:
        msg = str(err)
        name, sep, rest = msg.partition(": ")
        if sep and name in names:
            raise RecordError(f"rules.{name}", rest) from None
        raise RecordError("rules", msg) from None
    except (TypeError, ValueError) as err:
        raise RecordError("rules", f"bad option value: {err}") from None
    return rules, preset


def _parse_redeal(value: Any, rules: Rules) -> tuple:
    """``start.redeal``: the seats that declared an R4 redeal of a seeded deal, in order."""
    if not rules.redeal:
        raise RecordError("start.redeal", "these rules have no redeal (R4): set rules.redeal to true")
    if not isinstance(value, list):
        raise RecordError("start.redeal", f"{short_value(value)} is not a list of seats such as [\"P2\"]")
    out = []
    for i, item in enumerate(value):
        try:
            if not isinstance(item, str):
                raise ValueError(item)
            out.append(parse_seat(item, rules.players))
        except ValueError:
            raise RecordError(f"start.redeal[{i}]", f"{short_value(item)} is not a seat P1…P{rules.players}") from None
    return tuple(out)


def parse_start(data: Any, rules: Rules) -> tuple:
    """The start position, the seed (or None), whether the attacker was given, and the seats that
    declared a redeal (None: no ``start.redeal``)."""
    if not isinstance(data, dict):
        raise RecordError("start", "must be an object: {\"seed\": 7} or the cards (hands, talon, …)")
    check_keys(data, _START_KEYS, "start",
                "seed (and redeal), or hands, talon, trump_card, trump, discard, attacker, first_bout, known")
    n = rules.players
    if "redeal" in data and "seed" not in data:
        raise RecordError("start.redeal", "only a seeded start has a redeal: explicit cards are the deal itself")
    if "seed" in data:
        extra = [k for k in data if k not in ("seed", "redeal")]
        if extra:
            raise RecordError(_key_path("start", extra[0]), "not allowed with a seed: a seeded start deals "
                              "every card itself")
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("start.seed", f"{short_value(seed)} is not a whole number")
        # without start.redeal, a redeal rule deals as records were dealt before the key existed:
        # every hand that may declare does (R4)
        redeal = _parse_redeal(data["redeal"], rules) if "redeal" in data else None
        try:
            return Position.deal(rules, seed, declare=rules.redeal if redeal is None else redeal), seed, False, redeal
        except PositionError as err:
            raise RecordError("start.redeal" if redeal else "start", str(err)) from None
    if "hands" not in data:
        raise RecordError("start.hands", "missing: give every seat's cards, or a seed")
    deck = rules.all_cards
    seen: dict = {}

    def cards(value: Any, path: str, register: bool = True) -> list:
        if not isinstance(value, list):
            raise RecordError(path, f"must be a list of cards such as [\"7♥\", \"10♦\"], not {short_value(value)}")
        out = []
        for i, item in enumerate(value):
            where = f"{path}[{i}]"
            try:
                c = Card.parse(item)
            except CardError as err:
                raise RecordError(where, str(err)) from None
            if not deck >> c & 1:
                raise RecordError(where, f"{c} is not in a {rules.deck}-card deck")
            if register:
                if c in seen:
                    raise RecordError(where, f"{c} appears twice (also at {seen[c]})")
                seen[c] = where
            out.append(c)
        return out

    hands_data = data["hands"]
    if not isinstance(hands_data, dict):
        raise RecordError("start.hands", "must be an object with one list of cards per seat, "
                          "{\"P1\": [...], \"P2\": [...]}")
    by_seat: dict = {}
    for key in hands_data:
        s = _seat(key, _key_path("start.hands", key), n)
        if s in by_seat:
            raise RecordError(_key_path("start.hands", key), f"{seat_text(s)} is given twice")
        by_seat[s] = key
    for s in range(n):
        if s not in by_seat:
            raise RecordError("start.hands", f"no hand for {seat_text(s)}: give all {n} seats")
    hands = [0] * n
    for s in range(n):
        key = by_seat[s]
        for c in cards(hands_data[key], _key_path("start.hands", key)):
            hands[s] |= 1 << c
    talon = cards(data.get("talon", []), "start.talon")
    trump_card = None
    if "trump_card" in data:
        try:
            trump_card = Card.parse(data["trump_card"])
        except CardError as err:
            raise RecordError("start.trump_card", str(err)) from None
        if not talon:
            raise RecordError("start.talon", f"must end with the trump card {trump_card}, but it is empty "
                              "(with no talon, write \"trump\": the suit)")
        if talon[-1] != trump_card:
            raise RecordError("start.talon", f"must end with the trump card {trump_card} (the face-up card "
                              f"is drawn last), not {talon[-1]}")
    elif talon:
        raise RecordError("start.trump_card", f"missing: the talon ends with the face-up trump card; "
                          f"name it (here {talon[-1]})")
    trump = None
    if "trump" in data:
        value = data["trump"]
        try:
            if not isinstance(value, str):
                raise CardError(f"{short_value(value)} is not a suit: write ♠ ♥ ♦ ♣ or S H D C")
            trump = parse_suit(value)
        except CardError as err:
            raise RecordError("start.trump", str(err)) from None
        if trump_card is not None and trump_card.suit != trump:
            raise RecordError("start.trump", f"{SUIT_SYMBOLS[trump]} contradicts the trump card {trump_card}")
    elif trump_card is None:
        raise RecordError("start.trump", "missing: give trump_card (the talon's last card) or, with no "
                          "talon, trump (a suit)")
    discard_value = data.get("discard", [])
    if discard_value == "rest":
        discard: Union[str, int] = "rest"
    elif isinstance(discard_value, list):
        discard = 0
        for c in cards(discard_value, "start.discard"):
            discard |= 1 << c
    else:
        raise RecordError("start.discard", f"must be a list of cards or \"rest\", not {short_value(discard_value)}")
    if discard != "rest":
        listed = 0
        for c in seen:
            listed |= 1 << c
        if listed != deck:
            raise RecordError("start", f"cards missing: {CardSet(deck & ~listed)} (put them in the talon or "
                              "the discard, or write \"discard\": \"rest\")")
    attacker = None
    if "attacker" in data:
        attacker = _seat(data["attacker"], "start.attacker", n)
    first_bout = data.get("first_bout", True)
    if not isinstance(first_bout, bool):
        raise RecordError("start.first_bout", f"{short_value(first_bout)} is not true or false")
    known = None
    if "known" in data:
        kd = data["known"]
        if not isinstance(kd, dict):
            raise RecordError("start.known", "must be an object with a list of cards per seat")
        known = [0] * n
        for key, value in kd.items():
            s = _seat(key, _key_path("start.known", key), n)
            for i, c in enumerate(cards(value, _key_path("start.known", key), register=False)):
                if not hands[s] >> c & 1:
                    raise RecordError(f"{_key_path('start.known', key)}[{i}]",
                                      f"{c} is not in {seat_text(s)}'s hand")
                known[s] |= 1 << c
    try:
        pos = Position.start(rules, hands, talon, trump_card=trump_card, trump=trump, discard=discard,
                             attacker=attacker, known=known, first_bout=first_bout)
    except PositionError as err:
        msg = str(err)
        name, sep, rest = msg.partition(": ")
        if sep and re.fullmatch(r"hands\.P\d|talon|trump|discard|attacker", name):
            raise RecordError(f"start.{name}", rest) from None
        raise RecordError("start", msg) from None
    return pos, None, attacker is not None, None


def parse_source(value: Any) -> dict:
    if not isinstance(value, dict):
        raise RecordError("source", "must be an object such as {\"id\": \"ZH\", \"section\": \"5\", "
                          "\"quote\": \"…\"}")
    check_keys(value, _SOURCE_KEYS, "source")
    if "id" not in value:
        raise RecordError("source.id", "missing: name the source (HE, KO, ZH, FI or another)")
    out: dict = {}
    for key in _SOURCE_KEYS:
        if key not in value:
            continue
        v = value[key]
        if key == "quote" and isinstance(v, list):
            out[key] = [need_str(x, f"source.quote[{i}]") for i, x in enumerate(v)]
        else:
            out[key] = need_str(v, f"source.{key}")
    return out


def parse_moves(value: Any, players: int, path: str = "moves", in_variation: bool = False) -> list:
    if not isinstance(value, list):
        raise RecordError(path, "must be a list of moves")
    out = []
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        if isinstance(item, str):
            out.append(RecordMove(_move(item, where, players)))
            continue
        if not isinstance(item, dict):
            raise RecordError(where, f"{short_value(item)} is neither a move text nor an object with \"move\"")
        check_keys(item, _MOVE_KEYS, where)
        if "move" not in item:
            raise RecordError(f"{where}.move", "missing")
        move = _move(item["move"], f"{where}.move", players)
        say = need_str(item["say"], f"{where}.say") if "say" in item else None
        illegal = item.get("illegal", False)
        if not isinstance(illegal, bool):
            raise RecordError(f"{where}.illegal", f"{short_value(illegal)} is not true or false")
        if illegal and in_variation:
            raise RecordError(f"{where}.illegal", "a variation is a line that could be played: "
                              "its moves cannot be marked illegal")
        reason = item.get("reason")
        if reason is not None:
            if not isinstance(reason, str) or reason not in _REASONS:
                raise RecordError(f"{where}.reason", f"{short_value(reason)} is not a reason; reasons: "
                                  + ", ".join(_REASONS))
            if not illegal:
                raise RecordError(f"{where}.reason", "a reason belongs to a move marked \"illegal\": true")
        cited = read_rule_ids(item["rules_cited"], f"{where}.rules_cited") if "rules_cited" in item else ()
        comment = None
        if "comment" in item:
            comment = need_str(item["comment"], f"{where}.comment")
            if len(comment) > MAX_COMMENT:
                raise RecordError(f"{where}.comment", f"longer than {MAX_COMMENT} characters")
        lines: tuple = ()
        if "variations" in item:
            if illegal:
                raise RecordError(f"{where}.variations", "an illegal move has no variations")
            found = item["variations"]
            if not isinstance(found, list) or not all(isinstance(v, list) and v for v in found):
                raise RecordError(f"{where}.variations", "must be a list of lines, each a non-empty list of moves")
            lines = tuple(tuple(parse_moves(v, players, f"{where}.variations[{k}]", True))
                          for k, v in enumerate(found))
        out.append(RecordMove(move, say, illegal, reason, cited, comment, lines))
    return out


def _move(text: Any, path: str, players: int) -> Move:
    try:
        return Move.parse(text, players)
    except MoveTextError as err:
        raise RecordError(path, str(err)) from None


# ---------------------------------------------------------------- writing the start
def start_to_dict(p: Position, attacker_given: bool = True) -> dict:
    """The explicit ``start`` object of a bout-start position."""
    if p.table:
        raise RecordError("start", "a record starts at the beginning of a bout (the table is not empty)")
    rules = p.rules
    out: dict = {}
    if p.trump_card >= 0 and p.talon and p.talon[-1] == p.trump_card:
        out["trump_card"] = str(Card(p.trump_card))
    else:
        out["trump"] = SUIT_SYMBOLS[p.trump]
    out["hands"] = {seat_text(i): [str(c) for c in cards_of(h)] for i, h in enumerate(p.hands)}
    out["talon"] = [str(c) for c in p.talon]
    if p.discard:
        out["discard"] = "rest"
    first_bout = p.first_limit or rules.first_bout_limit is None
    if not first_bout:
        out["first_bout"] = False
    try:
        r7_leader: Optional[int] = Position.start(rules, p.hands, p.talon, trump=p.trump, discard=p.discard,
                                                  first_bout=first_bout).leader
    except PositionError:
        r7_leader = None
    if attacker_given or not first_bout or r7_leader != p.leader:
        out["attacker"] = seat_text(p.leader)
    base = Position.start(rules, p.hands, p.talon, trump=p.trump, discard=p.discard,
                          attacker=p.leader, first_bout=first_bout)
    if base.known != p.known:
        out["known"] = {seat_text(i): [str(c) for c in cards_of(k)] for i, k in enumerate(p.known) if k}
    return out


# ---------------------------------------------------------------- JSON text
def json_text(value: Any, indent: int = 0) -> str:
    """JSON text for people: short lists and objects on one line, longer ones one item a line.

    >>> print(json_text({"hands": {"P1": ["7♥", "10♦"]}, "moves": ["P1 attack 7♥", {"move": "P2 take"}]}))
    {
      "hands": {
        "P1": ["7♥", "10♦"]
      },
      "moves": [
        "P1 attack 7♥",
        {"move": "P2 take"}
      ]
    }
    """
    pad = "  " * (indent + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        flat = json.dumps(value, ensure_ascii=False)
        if all(not isinstance(v, (dict, list)) for v in value.values()) and len(flat) <= 88 - 2 * indent:
            return flat
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {json_text(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(not isinstance(v, (dict, list)) for v in value):
            flat = json.dumps(value, ensure_ascii=False)
            if all(isinstance(v, str) and len(v) <= 4 for v in value) or len(flat) <= 88 - 2 * indent:
                return flat
        items = [pad + json.dumps(v, ensure_ascii=False) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    return json.dumps(value, ensure_ascii=False)


def _bad_constant(name: str) -> None:
    raise RecordError("", f"{name} is not allowed in a record")


def parse_json(text: str) -> Any:
    try:  # bounded: size, depth, digits (see durak_lab.engine.reading); a byte-order mark is skipped
        return load_json(text, RecordError, object_pairs_hook=unique_keys(RecordError), parse_constant=_bad_constant)
    except json.JSONDecodeError as err:
        raise RecordError(f"line {err.lineno}, column {err.colno}", f"bad JSON: {err.msg}") from None
