"""Game records: the ``durak-lab/1`` JSON format, loading, saving and replaying.

A record is a position at the start of a bout plus a line of moves, with
optional titles, source citations and narration.  The worked examples of the
package (``EX-…``) are records; :func:`load_example` reads them.

The format
==========

::

    {"format": "durak-lab/1",
     "id": "EX-ZH-BOUT", "title": "…", "description": "…",
     "source": {"id": "ZH", "section": "5", "quote": "<original passage>",
                "translation": "…"},
     "rule_ids": ["R12", "R17"],
     "rules": {"preset": "podkidnoy", "players": 4},
     "start": {"trump_card": "9♠",
               "hands": {"P1": ["10♥", …], "P2": […], …},
               "talon": ["K♦", …, "9♠"],
               "discard": "rest",
               "attacker": "P4", "first_bout": true},
     "moves": ["P4 attack 7♥",
               {"move": "P1 cover 7♥ with 10♥", "say": "…", "rules_cited": ["R11"]},
               {"move": "P3 attack Q♦", "illegal": true, "reason": "rank-not-on-table"}],
     "result": null}

Every key that is allowed (anything else is a :class:`~durak_lab.engine.errors.RecordError`
naming its path, e.g. ``start.colour: unknown key``):

* top level: ``format`` (required, exactly ``"durak-lab/1"``), ``rules``
  (required), ``start`` (required), ``moves`` (a list, default empty), and the
  optional metadata ``id``, ``title``, ``description`` (strings), ``source``,
  ``rule_ids`` (a list of rule ids ``"R1"`` … ``"R31"``) and ``result``.
* ``rules``: ``preset`` (a name of :data:`~durak_lab.engine.rules.PRESETS`; without
  it the defaults, i.e. ``podkidnoy``) and any field of
  :class:`~durak_lab.engine.rules.Rules`, e.g. ``players``, ``deck``, ``lead`` (use
  JSON ``null`` for ``None``).
* ``start``: either ``{"seed": 7}`` alone (a shuffled deal,
  :meth:`Position.deal <durak_lab.engine.state.Position.deal>`, deterministic for the
  seed, the first leader by R7) or explicit cards:

  - ``hands`` (required): an object with one list of cards per seat, ``"P1"`` …
  - ``talon``: the next card to be drawn first and the face-up trump card last
    (default empty);
  - ``trump_card``: the face-up card, required with a non-empty talon;
    ``trump`` (a suit such as ``"♠"`` or ``"S"``) replaces it when the talon is
    empty or there is no trump card (R5); both may be given if they agree;
  - ``discard``: a list of cards out of the game, or ``"rest"`` for every card
    not listed elsewhere (default empty: then every card of the deck must be
    listed);
  - ``attacker``: the leader, ``"P4"``; without it the holder of the lowest
    trump leads and shows it (R7);
  - ``first_bout``: whether the first-bout limit (R14) applies (default true;
    write ``false`` for a position from the middle of a game);
  - ``known``: per seat, cards of that hand everyone has seen (optional).

* ``source``: ``id`` (required: ``"HE"``, ``"KO"``, ``"ZH"``, ``"FI"`` or
  another name), ``section``, ``quote`` (the passage in its own language, a
  string or a list of strings), ``translation``.
* a move is a move text (see :mod:`durak_lab.engine.moves`) or an object with
  ``move`` (required), ``say`` (narration), ``illegal`` (true: the rules must
  reject this move; replay shows the reason and stops there), ``reason`` (the
  expected :class:`~durak_lab.engine.errors.Reason` value of an illegal move) and
  ``rules_cited`` (rule ids).
* ``result``: the outcome expected after the moves, checked by :func:`replay`:
  ``null`` (the game goes on), ``"draw"``, a seat ``"P3"`` (the durak), or a
  list of seats when several are durak (a team game, or R29 "all durak").

Malformed input raises :class:`~durak_lab.engine.errors.RecordError` whose ``where``
is the full path of the wrong value, e.g. ``start.hands.P2[3]``, ``rules.players``,
``moves[3]``; bad JSON names its line and column.

Standard library only.

>>> rec = load_record('''{"format": "durak-lab/1",
...   "rules": {"preset": "classic", "players": 2},
...   "start": {"trump": "♥", "hands": {"P1": ["7♦", "7♠"], "P2": ["Q♦", "9♣"]},
...             "discard": "rest", "attacker": "P1"},
...   "moves": ["P1 attack 7♦", {"move": "P2 cover 7♦ with Q♦", "say": "a higher diamond"}]}''')
>>> result = replay(rec)
>>> result.ok, result.moves_applied, [s.table for s in result.steps]
(True, 2, ['7♦', '7♦/Q♦'])
>>> load_record({"format": "durak-lab/1", "rules": {}, "start": {"seed": 1, "colour": "red"}})
Traceback (most recent call last):
...
durak_lab.engine.errors.RecordError: start.colour: unknown key (allowed: seed, or hands, talon, trump_card, trump, discard, attacker, first_bout, known)
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import textwrap
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Optional, Sequence, Union

from .cards import Card, CardSet, SUIT_SYMBOLS, cards_of, deck_mask, parse_suit, popcount
from .errors import (CardError, IllegalMoveError, MoveTextError, PositionError, Reason,
                     RecordError, RulesError)
from .game import Game
from .moves import Move, parse_seat, seat_text
from .rules import PRESETS, Rules
from .state import Event, Position

__all__ = [
    "FORMAT", "Record", "RecordMove", "ReplayStep", "ReplayResult", "load_record", "record_from_game",
    "replay", "result_value", "json_text", "example_ids", "load_example", "list_examples",
]

#: The format string every record starts with.
FORMAT = "durak-lab/1"

_TOP_KEYS = ("format", "id", "title", "source", "rule_ids", "description", "rules", "start", "moves",
             "result")
_START_KEYS = ("seed", "hands", "talon", "trump_card", "trump", "discard", "attacker", "first_bout",
               "known")
_SOURCE_KEYS = ("id", "section", "quote", "translation")
_MOVE_KEYS = ("move", "say", "illegal", "reason", "rules_cited")
_RULE_ID = re.compile(r"R([1-9][0-9]?)\Z")
_REASONS = {r.value: r for r in Reason}

#: An expected result: ``"ongoing"`` (JSON ``null``), ``"draw"``, ``"P3"``, or a tuple of seats.
ResultValue = Union[str, tuple]


# ---------------------------------------------------------------- small helpers
def _key_path(base: str, key: object) -> str:
    """``start.hands`` for a plain key, ``start["odd key"]`` for anything else."""
    if isinstance(key, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        return f"{base}.{key}" if base else key
    return f"{base}[{_short(key)}]"


def _check_keys(data: dict, allowed: Sequence[str], path: str, hint: str = "") -> None:
    for key in data:
        if key not in allowed:
            raise RecordError(_key_path(path, key), f"unknown key (allowed: {hint or ', '.join(allowed)})")


def _need_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise RecordError(path, f"{_short(value)} is not a string")
    return value


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _rule_ids(value: object, path: str) -> tuple:
    if not isinstance(value, list):
        raise RecordError(path, "must be a list of rule ids such as [\"R12\", \"R17\"]")
    out = []
    for i, item in enumerate(value):
        m = _RULE_ID.match(item) if isinstance(item, str) else None
        if m is None or not 1 <= int(m.group(1)) <= 31:
            raise RecordError(f"{path}[{i}]", f"{_short(item)} is not a rule id (R1 to R31)")
        out.append(item)
    return tuple(out)


def _seat(value: object, path: str, players: int) -> int:
    if isinstance(value, str):
        try:
            return parse_seat(value, players)
        except MoveTextError:
            pass
    raise RecordError(path, f"{_short(value)} is not a seat of a {players}-player game (P1 to P{players})")


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


def _parse_result(value: object, players: int) -> ResultValue:
    if value is None or value == "ongoing":
        return "ongoing"
    if value == "draw":
        return "draw"
    hint = ('must be null (the game goes on), "draw", a seat such as "P3", or a list of seats')
    if isinstance(value, str):
        try:
            return seat_text(parse_seat(value, players))
        except MoveTextError:
            raise RecordError("result", f"{_short(value)} {hint}") from None
    if isinstance(value, list) and value:
        seats = sorted({_seat(v, f"result[{i}]", players) for i, v in enumerate(value)})
        if len(seats) == 1:
            return seat_text(seats[0])
        return tuple(seat_text(s) for s in seats)
    raise RecordError("result", f"{_short(value)} {hint}")


def _result_matches(expected: ResultValue, actual: Optional[tuple]) -> bool:
    got = result_value(actual)
    if expected == "ongoing":
        return got is None
    if isinstance(expected, tuple):
        return got == list(expected)
    return got == expected


def _result_json(expected: ResultValue) -> Union[None, str, list]:
    if expected == "ongoing":
        return None
    return list(expected) if isinstance(expected, tuple) else expected


# ---------------------------------------------------------------- the values
class RecordMove(NamedTuple):
    """One move of a record with its narration.

    ``illegal`` marks a move the rules must reject (optionally for ``reason``,
    a :class:`~durak_lab.engine.errors.Reason` value); ``rules_cited`` are rule ids.

    >>> m = RecordMove(Move.parse("P1 attack 7♦"), say="P1 leads")
    >>> m.to_json()
    {'move': 'P1 attack 7♦', 'say': 'P1 leads'}
    >>> RecordMove(Move.parse("P2 take")).to_json()
    'P2 take'
    """

    move: Move
    say: Optional[str] = None
    illegal: bool = False
    reason: Optional[str] = None
    rules_cited: tuple = ()

    def to_json(self) -> Union[str, dict]:
        """The canonical JSON form: the move text alone, or an object when there is more."""
        if self.say is None and not self.illegal and self.reason is None and not self.rules_cited:
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
        return out


@dataclass(frozen=True)
class Record:
    """A game record: rules, a start position, moves, and metadata.

    ``moves`` is a tuple of :class:`RecordMove` (any sequence is accepted).
    Two records are equal when their rules, start position, moves and metadata
    are equal; how the start was written (a seed or the cards, the preset name,
    an explicit attacker or R7) is kept for :meth:`dump` but not compared.

    >>> rec = Record(Rules(players=2), Position.start(Rules(players=2), ["7♦", "Q♦"], trump="♥",
    ...              discard="rest", attacker=0), [RecordMove(Move.parse("P1 attack 7♦"))])
    >>> load_record(rec.dump()) == rec, hash(load_record(rec.dump())) == hash(rec)
    (True, True)
    >>> rec.game_after(1).position.table_text()
    '7♦'
    """

    rules: Rules
    start: Position
    moves: tuple = ()
    id: Optional[str] = None
    title: Optional[str] = None
    description: Optional[str] = None
    source: Optional[dict] = None
    rule_ids: tuple = ()
    #: The expected result (``"ongoing"``, ``"draw"``, ``"P3"``, a tuple of seats), or None: unchecked.
    expected_result: Optional[ResultValue] = None
    preset: Optional[str] = field(default=None, compare=False)
    seed: Optional[int] = field(default=None, compare=False)
    attacker_given: bool = field(default=True, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", tuple(self.moves))
        object.__setattr__(self, "rule_ids", tuple(self.rule_ids))

    def __hash__(self) -> int:
        return hash((self.rules, self.start, self.moves, self.id, self.title))

    # ------------------------------------------------------------ loading and saving
    @classmethod
    def load(cls, source: Union[str, bytes, os.PathLike, dict]) -> "Record":
        """Same as :func:`load_record`."""
        return load_record(source)

    def to_dict(self) -> dict:
        """The canonical JSON value of the record; :func:`load_record` reads it back equal.

        >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 3}, "start": {"seed": 5}})
        >>> rec.to_dict()
        {'format': 'durak-lab/1', 'rules': {'preset': 'podkidnoy', 'players': 3}, 'start': {'seed': 5}, 'moves': []}
        """
        out: dict = {"format": FORMAT}
        if self.id is not None:
            out["id"] = self.id
        if self.title is not None:
            out["title"] = self.title
        if self.source is not None:
            out["source"] = dict(self.source)
        if self.rule_ids:
            out["rule_ids"] = list(self.rule_ids)
        if self.description is not None:
            out["description"] = self.description
        out["rules"] = self.rules.to_dict(self.preset or _closest_preset(self.rules))
        out["start"] = self._start_dict()
        out["moves"] = [m.to_json() for m in self.moves]
        if self.expected_result is not None:
            out["result"] = _result_json(self.expected_result)
        return out

    def _start_dict(self) -> dict:
        p = self.start
        if self.seed is not None and Position.deal(self.rules, self.seed) == p:
            return {"seed": self.seed}
        return _start_to_dict(p, self.attacker_given)

    def dump(self, path: Union[str, os.PathLike, None] = None) -> str:
        """The canonical JSON text (UTF-8, cards as ``10♦``); with ``path``, also written there.

        Lists of cards stay on one line and every move gets a line of its own.

        >>> rec = load_record({"format": "durak-lab/1", "rules": {}, "start": {"seed": 2}})
        >>> print(rec.dump())
        {
          "format": "durak-lab/1",
          "rules": {"preset": "podkidnoy"},
          "start": {"seed": 2},
          "moves": []
        }
        """
        text = json_text(self.to_dict()) + "\n"
        if path is not None:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        return text.rstrip("\n")

    # ------------------------------------------------------------ playing
    def new_game(self) -> Game:
        """A :class:`~durak_lab.engine.game.Game` at the start position (free protocol)."""
        return Game(self.start)

    def game_after(self, n: int) -> Game:
        """A game with the first ``n`` moves played: a widget steps with ``game_after(k)``.

        Raises :class:`~durak_lab.engine.errors.IllegalMoveError` if one of them is
        illegal (a record's illegal move is never played) and ``IndexError``
        if ``n`` is out of range.

        >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
        ...     "start": {"trump": "♥", "hands": {"P1": ["7♦"], "P2": ["Q♦"]}, "discard": "rest"},
        ...     "moves": ["P1 attack 7♦"]})
        >>> rec.game_after(0).position.table_text(), rec.game_after(1).position.table_text()
        ('', '7♦')
        """
        if not 0 <= n <= len(self.moves):
            raise IndexError(f"the record has {len(self.moves)} moves, not {n}")
        game = self.new_game()
        for rm in self.moves[:n]:
            game.play(rm.move)
        return game

    def __len__(self) -> int:
        return len(self.moves)

    def __repr__(self) -> str:
        name = self.id or "record"
        return f"<Record {name}: {self.rules.short_name()}, {self.rules.players} players, {len(self.moves)} moves>"


def _closest_preset(rules: Rules) -> str:
    best = min(PRESETS, key=lambda name: len(rules.to_dict(name)))
    return best


def _start_to_dict(p: Position, attacker_given: bool = True) -> dict:
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


def _no_duplicates(pairs: list) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise RecordError("", f"the key {json.dumps(key, ensure_ascii=False)} appears twice in one object")
        out[key] = value
    return out


def _bad_constant(name: str) -> None:
    raise RecordError("", f"{name} is not allowed in a record")


def _parse_json(text: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_bad_constant)
    except json.JSONDecodeError as err:
        raise RecordError(f"line {err.lineno}, column {err.colno}", f"bad JSON: {err.msg}") from None
    except RecursionError:
        raise RecordError("", "bad JSON: nested too deeply") from None


# ---------------------------------------------------------------- loading
def load_record(source: Union[str, bytes, os.PathLike, dict]) -> Record:
    """Read a record from a dict, a JSON text, or the path of a JSON file.

    A string that starts with ``{`` is JSON text, any other string a path.
    Anything malformed raises :class:`~durak_lab.engine.errors.RecordError` naming
    the path of the wrong value.

    >>> load_record('{"format": "durak-lab/1", "rules": {}, "start": {"seed": 3}}').rules.players
    2
    >>> load_record('{"format": "durak-lab/1",\\n "rules": {}')
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: line 2, column 13: bad JSON: Expecting ',' delimiter
    >>> load_record({"format": "durak-lab/1", "rules": {"players": 9}, "start": {"seed": 1}})
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: rules.players: 9 is not allowed: Durak is for 2 to 6 players (R2)
    """
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError("", f"not UTF-8 text: {err}") from None
    if isinstance(source, str) and source.lstrip().startswith("{"):
        data = _parse_json(source)
    elif isinstance(source, (str, os.PathLike)):
        try:
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
        except FileNotFoundError:
            raise RecordError(os.fspath(source), "no such record file") from None
        except (OSError, UnicodeDecodeError) as err:
            raise RecordError(os.fspath(source), f"cannot read it: {err}") from None
        data = _parse_json(text)
    else:
        data = source
    return _record_from_data(data)


def _record_from_data(data: Any) -> Record:
    if not isinstance(data, dict):
        raise RecordError("", f"a record is a JSON object with \"format\": \"{FORMAT}\", not {_short(data)}")
    if "format" not in data:
        raise RecordError("format", f"missing: a record starts with \"format\": \"{FORMAT}\"")
    if data["format"] != FORMAT:
        raise RecordError("format", f"{_short(data['format'])} is not a known format; expected \"{FORMAT}\"")
    _check_keys(data, _TOP_KEYS, "")
    for key in ("rules", "start"):
        if key not in data:
            raise RecordError(key, "missing")
    rules, preset = _parse_rules(data["rules"])
    start, seed, attacker_given = _parse_start(data["start"], rules)
    moves = _parse_moves(data.get("moves", []), rules.players)
    meta: dict = {}
    for key in ("id", "title", "description"):
        if key in data:
            meta[key] = _need_str(data[key], key)
    if "source" in data:
        meta["source"] = _parse_source(data["source"])
    if "rule_ids" in data:
        meta["rule_ids"] = _rule_ids(data["rule_ids"], "rule_ids")
    if "result" in data:
        meta["expected_result"] = _parse_result(data["result"], rules.players)
    return Record(rules, start, moves, preset=preset, seed=seed, attacker_given=attacker_given, **meta)


def _parse_rules(data: Any) -> tuple:
    if not isinstance(data, dict):
        raise RecordError("rules", "must be an object such as {\"preset\": \"podkidnoy\", \"players\": 4}")
    names = [f.name for f in dataclasses.fields(Rules)]
    _check_keys(data, ["preset"] + names, "rules", "preset or a Rules field: " + ", ".join(names))
    preset = data.get("preset")
    if "preset" in data and (not isinstance(preset, str) or preset not in PRESETS):
        raise RecordError("rules.preset", f"{_short(preset)} is not a preset; presets: {', '.join(PRESETS)}")
    changes = {k: v for k, v in data.items() if k != "preset"}
    try:
        rules = Rules.preset(preset, **changes) if preset else Rules(**changes)
    except RulesError as err:
        msg = str(err)
        name, sep, rest = msg.partition(": ")
        if sep and name in names:
            raise RecordError(f"rules.{name}", rest) from None
        raise RecordError("rules", msg) from None
    except (TypeError, ValueError) as err:
        raise RecordError("rules", f"bad option value: {err}") from None
    return rules, preset


def _parse_start(data: Any, rules: Rules) -> tuple:
    """The start position, the seed (or None) and whether the attacker was given."""
    if not isinstance(data, dict):
        raise RecordError("start", "must be an object: {\"seed\": 7} or the cards (hands, talon, …)")
    _check_keys(data, _START_KEYS, "start",
                "seed, or hands, talon, trump_card, trump, discard, attacker, first_bout, known")
    n = rules.players
    if "seed" in data:
        extra = [k for k in data if k != "seed"]
        if extra:
            raise RecordError(_key_path("start", extra[0]), "not allowed with a seed: a seeded start deals "
                              "every card itself")
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("start.seed", f"{_short(seed)} is not a whole number")
        try:
            return Position.deal(rules, seed), seed, False
        except PositionError as err:  # pragma: no cover - a deal is always a valid position
            raise RecordError("start", str(err)) from None
    if "hands" not in data:
        raise RecordError("start.hands", "missing: give every seat's cards, or a seed")
    deck = deck_mask(rules.lowest_rank)
    seen: dict = {}

    def cards(value: Any, path: str, register: bool = True) -> list:
        if not isinstance(value, list):
            raise RecordError(path, f"must be a list of cards such as [\"7♥\", \"10♦\"], not {_short(value)}")
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
                raise CardError(f"{_short(value)} is not a suit: write ♠ ♥ ♦ ♣ or S H D C")
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
        raise RecordError("start.discard", f"must be a list of cards or \"rest\", not {_short(discard_value)}")
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
        raise RecordError("start.first_bout", f"{_short(first_bout)} is not true or false")
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
    return pos, None, attacker is not None


def _parse_source(value: Any) -> dict:
    if not isinstance(value, dict):
        raise RecordError("source", "must be an object such as {\"id\": \"ZH\", \"section\": \"5\", "
                          "\"quote\": \"…\"}")
    _check_keys(value, _SOURCE_KEYS, "source")
    if "id" not in value:
        raise RecordError("source.id", "missing: name the source (HE, KO, ZH, FI or another)")
    out: dict = {}
    for key in _SOURCE_KEYS:
        if key not in value:
            continue
        v = value[key]
        if key == "quote" and isinstance(v, list):
            out[key] = [_need_str(x, f"source.quote[{i}]") for i, x in enumerate(v)]
        else:
            out[key] = _need_str(v, f"source.{key}")
    return out


def _parse_moves(value: Any, players: int) -> list:
    if not isinstance(value, list):
        raise RecordError("moves", "must be a list of moves")
    out = []
    for i, item in enumerate(value):
        path = f"moves[{i}]"
        if isinstance(item, str):
            out.append(RecordMove(_move(item, path, players)))
            continue
        if not isinstance(item, dict):
            raise RecordError(path, f"{_short(item)} is neither a move text nor an object with \"move\"")
        _check_keys(item, _MOVE_KEYS, path)
        if "move" not in item:
            raise RecordError(f"{path}.move", "missing")
        move = _move(item["move"], f"{path}.move", players)
        say = _need_str(item["say"], f"{path}.say") if "say" in item else None
        illegal = item.get("illegal", False)
        if not isinstance(illegal, bool):
            raise RecordError(f"{path}.illegal", f"{_short(illegal)} is not true or false")
        reason = item.get("reason")
        if reason is not None:
            if not isinstance(reason, str) or reason not in _REASONS:
                raise RecordError(f"{path}.reason", f"{_short(reason)} is not a reason; reasons: "
                                  + ", ".join(_REASONS))
            if not illegal:
                raise RecordError(f"{path}.reason", "a reason belongs to a move marked \"illegal\": true")
        cited = _rule_ids(item["rules_cited"], f"{path}.rules_cited") if "rules_cited" in item else ()
        out.append(RecordMove(move, say, illegal, reason, cited))
    return out


def _move(text: Any, path: str, players: int) -> Move:
    try:
        return Move.parse(text, players)
    except MoveTextError as err:
        raise RecordError(path, str(err)) from None


# ---------------------------------------------------------------- saving a game
def record_from_game(game: Game, *, preset: Optional[str] = None, seed: Optional[int] = None,
                     says: Optional[Sequence[Optional[str]]] = None, **meta: Any) -> Record:
    """A record of ``game``: its start position and every move played so far.

    ``preset`` names the preset the rules are written against (default: the
    closest one); ``seed`` writes the start as ``{"seed": …}`` when the game
    was dealt with that seed; ``says`` gives narration per move; ``meta`` may
    set ``id``, ``title``, ``description``, ``source``, ``rule_ids`` and
    ``expected_result``.

    >>> g = Game.deal(Rules(players=3), seed=4)
    >>> for _ in range(3):
    ...     _ = g.play(g.legal_moves()[0])
    >>> rec = record_from_game(g, seed=4, title="three moves")
    >>> rec.to_dict()["start"], len(rec.moves)
    ({'seed': 4}, 3)
    >>> load_record(rec.dump()) == rec and replay(rec).game.position == g.position
    True
    """
    start = game.start
    if start.table:
        raise RecordError("start", "a record starts at the beginning of a bout (the table is not empty)")
    rules = start.rules
    if preset is not None and preset not in PRESETS:
        raise RecordError("rules.preset", f"{preset!r} is not a preset; presets: {', '.join(PRESETS)}")
    if seed is not None and Position.deal(rules, seed) != start:
        raise RecordError("start.seed", f"the game was not dealt with seed {seed}")
    says = list(says) if says is not None else []
    moves = [RecordMove(m, says[i] if i < len(says) else None) for i, m in enumerate(game.moves)]
    rec = Record(rules, start, moves, preset=preset, seed=seed, **meta)
    if seed is None:
        # check that the explicit form of the start reads back as the same position
        again = _parse_start(_start_to_dict(start), rules)[0]
        if again != start:
            raise RecordError("start", "this start position cannot be written as a record")
    return rec


# ---------------------------------------------------------------- replaying
class ReplayStep(NamedTuple):
    """One move of a replay.

    ``position`` is the position after the move (before it, for a rejected
    move); ``table`` its :meth:`~durak_lab.engine.state.Position.table_text`;
    ``events`` what followed by itself (bito, draws, the next bout…);
    ``reason``/``message`` the engine's answer to an illegal move; ``ok`` is
    False for an unexpected outcome.
    """

    index: int
    record_move: RecordMove
    position: Position
    table: str
    events: tuple
    reason: Optional[Reason] = None
    message: Optional[str] = None
    ok: bool = True

    @property
    def move(self) -> Move:
        """The move of this step."""
        return self.record_move.move

    @property
    def say(self) -> Optional[str]:
        """The narration of this step, if any."""
        return self.record_move.say

    @property
    def rejected(self) -> bool:
        """Did the rules reject this move?"""
        return self.reason is not None

    def to_json(self) -> dict:
        """The step as plain JSON values."""
        out: dict = {"index": self.index, "move": str(self.move), "say": self.say, "table": self.table,
                     "events": [_event_json(e) for e in self.events]}
        if self.record_move.illegal or self.rejected:
            out["illegal"] = self.rejected
            out["marked_illegal"] = self.record_move.illegal
        if self.reason is not None:
            out["reason"] = {"code": self.reason.value, "message": self.message}
        return out


def _event_json(e: Event) -> dict:
    out: dict = {"kind": e.kind, "text": e.text()}
    if e.seat >= 0:
        out["seat"] = seat_text(e.seat)
    if e.cards:
        out["cards"] = [str(c) for c in e.cards]
    if e.other >= 0:
        out["other"] = seat_text(e.other)
    if e.kind == "over":
        out["result"] = result_value(e.losers)
    return out


@dataclass
class ReplayResult:
    """What :func:`replay` found: the steps, the game after them, and whether all went as recorded.

    ``ok`` is False at an unexpected outcome: a move the rules reject that is
    not marked illegal, a move marked illegal that the rules allow (or reject
    for another reason than the record expects), or a final result other than
    the record's ``result``; ``problem`` then says what happened.
    ``stopped_at`` is the index of the move where replay stopped (a rejected
    or wrongly accepted move), else None.
    """

    record: Record
    steps: list
    game: Game
    ok: bool = True
    stopped_at: Optional[int] = None
    problem: Optional[str] = None

    @property
    def position(self) -> Position:
        """The position after the moves played."""
        return self.game.position

    @property
    def moves_applied(self) -> int:
        """How many moves were played (a rejected move is not)."""
        return len(self.game)

    @property
    def rejected(self) -> Optional[ReplayStep]:
        """The step of the move the rules rejected, if replay stopped at one."""
        if self.stopped_at is None:
            return None
        step = self.steps[self.stopped_at]
        return step if step.rejected else None

    @property
    def result(self) -> Union[None, str, list]:
        """The game's result as JSON (see :func:`result_value`)."""
        return result_value(self.position.result)

    def events(self) -> list:
        """Every event of the replay, in order."""
        return [e for s in self.steps for e in s.events]

    def to_dict(self) -> dict:
        """A JSON summary of the replay (what ``durak-lab replay --json`` prints).

        Keys: ``ok``; ``id``; ``moves_applied`` and ``moves_total``; ``result``
        (see :func:`result_value`); ``attacker`` and ``defender`` (``"P1"``…);
        ``trump`` and ``trump_card``; ``hands`` (seat → cards); ``table``
        (``{"attack": …, "cover": … or None}`` per attack card); ``talon`` and
        ``discard`` (counts); ``problem`` (None, or what went unexpectedly);
        ``expected_result`` when the record has one; where replay stopped,
        ``stopped_at``, ``move``, ``expected`` (was the stop the record's
        expectation) and, for a rejected move, ``reason`` (``code``,
        ``message``); ``steps`` (each move with its narration, table and events).

        >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
        ...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "8♠"], "P2": ["Q♦", "6♣"]},
        ...               "discard": "rest", "attacker": "P1"}, "moves": ["P1 attack 7♦"]})
        >>> d = replay(rec).to_dict()
        >>> d["ok"], d["attacker"], d["defender"], d["table"], d["hands"]["P2"]
        (True, 'P1', 'P2', [{'attack': '7♦', 'cover': None}], ['Q♦', '6♣'])
        """
        p = self.position
        out: dict = {
            "ok": self.ok,
            "id": self.record.id,
            "moves_applied": self.moves_applied,
            "moves_total": len(self.record.moves),
            "result": self.result,
            "attacker": seat_text(p.leader),
            "defender": seat_text(p.defender),
            "trump": SUIT_SYMBOLS[p.trump],
            "trump_card": str(Card(p.trump_card)) if p.trump_card >= 0 else None,
            "hands": {seat_text(i): [str(c) for c in cards_of(h)] for i, h in enumerate(p.hands)},
            "table": [{"attack": str(Card(a)), "cover": str(Card(c)) if c >= 0 else None}
                      for a, c, _, _ in p.table],
            "talon": len(p.talon),
            "discard": popcount(p.discard),
            "problem": self.problem,
        }
        if self.record.expected_result is not None:
            out["expected_result"] = _result_json(self.record.expected_result)
        if self.stopped_at is not None:
            step = self.steps[self.stopped_at]
            out["stopped_at"] = self.stopped_at
            out["move"] = str(step.move)
            out["expected"] = step.ok
            if step.reason is not None:
                out["reason"] = {"code": step.reason.value, "message": step.message}
        out["steps"] = [s.to_json() for s in self.steps]
        return out

    def transcript(self) -> str:
        """The replay as text: each move, the table after it, its narration and the events.

        >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
        ...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "9♣"], "P2": ["Q♦", "6♣"]},
        ...               "discard": "rest", "attacker": "P1"},
        ...     "moves": [{"move": "P1 attack 7♦", "say": "P1 leads."}, "P2 cover 7♦ with Q♦"]})
        >>> print(replay(rec).transcript())  # doctest: +ELLIPSIS
        rules: podkidnoy, 2 players
        start: trump ♥ (no trump card), talon 0, discard 32
          P1: 7♦ 9♣
          P2: Q♦ 6♣
          P1 leads against P2
        1. P1 attack 7♦
           table: 7♦
           P1 leads.
        2. P2 cover 7♦ with Q♦
           table: (empty)
           - bito...
        result: the game goes on; P2 attacks P1
        """
        rec = self.record
        lines = []
        if rec.title or rec.id:
            lines.append(rec.title or rec.id or "")
        if rec.source:
            src = rec.source
            lines.append("source: " + src["id"] + (f", {src['section']}" if src.get("section") else ""))
        rules = rec.rules
        lines.append(f"rules: {rules.short_name()}, {rules.players} players")
        lines.extend(_position_lines(rec.start))
        for step in self.steps:
            lines.append(f"{step.index + 1}. {step.move}" + ("   [marked illegal]" if step.record_move.illegal
                                                             else ""))
            if step.rejected:
                lines.append(f"   rejected ({step.reason.value}): {step.message}")  # type: ignore[union-attr]
            elif step.record_move.illegal:
                lines.append("   accepted, but the record marks it illegal")
            else:
                lines.append(f"   table: {step.table or '(empty)'}")
            if step.say:
                lines.extend(textwrap.wrap(step.say, 88, initial_indent="   ", subsequent_indent="   "))
            for e in step.events:
                text = e.text()
                if e.kind == "draw":
                    text += ": " + " ".join(str(c) for c in e.cards)
                lines.append(f"   - {text}")
        p = self.position
        if self.stopped_at is not None and self.steps[self.stopped_at].ok:
            lines.append(f"replay stopped at move {self.stopped_at + 1}: the rules reject it, as the record says")
        if self.problem:
            lines.append(f"UNEXPECTED: {self.problem}")
        if p.result is None:
            lines.append(f"result: the game goes on; {seat_text(p.leader)} attacks {seat_text(p.defender)}")
        else:
            lines.append(f"result: {p.result_text()}")
        return "\n".join(lines)


def _position_lines(p: Position) -> list:
    tc = f"trump card {Card(p.trump_card)}" if p.trump_card >= 0 else "no trump card"
    lines = [f"start: trump {SUIT_SYMBOLS[p.trump]} ({tc}), talon {len(p.talon)}, discard {popcount(p.discard)}"]
    for i, h in enumerate(p.hands):
        shown = CardSet(p.known[i])
        extra = f"   (shown: {shown})" if shown else ""
        lines.append(f"  {seat_text(i)}: {CardSet(h)}{extra}")
    lines.append(f"  {seat_text(p.leader)} leads against {seat_text(p.defender)}")
    return lines


def replay(record: Record) -> ReplayResult:
    """Play a record's moves through :class:`~durak_lab.engine.game.Game` (free protocol).

    Every step keeps the move, its narration, the table after it and the
    events; a move the rules reject keeps the engine's reason.  Replay stops at
    the first rejected move, expected (marked ``illegal``) or not, and at a
    marked move the rules allow (it is not played).

    >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
    ...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "8♠"], "P2": ["Q♦", "6♣"]},
    ...               "discard": "rest", "attacker": "P1"},
    ...     "moves": ["P1 attack 7♦", {"move": "P1 attack 8♠", "illegal": True}]})
    >>> r = replay(rec)
    >>> r.ok, r.moves_applied, r.stopped_at, r.rejected.reason.value
    (True, 1, 1, 'rank-not-on-table')
    """
    game = record.new_game()
    steps: list = []
    for i, rm in enumerate(record.moves):
        before = game.position
        if rm.illegal:
            err = before.why_illegal(rm.move)
            if err is None:
                steps.append(ReplayStep(i, rm, before, before.table_text(), (), ok=False))
                return ReplayResult(record, steps, game, False, i,
                                    f"moves[{i}]: {rm.move} is marked illegal, but the rules allow it")
            ok = rm.reason is None or rm.reason == err.reason.value
            steps.append(ReplayStep(i, rm, before, before.table_text(), (), err.reason, err.message, ok))
            problem = None if ok else (f"moves[{i}]: {rm.move} is rejected for {err.reason.value}, "
                                       f"not {rm.reason}: {err.message}")
            result = ReplayResult(record, steps, game, ok, i, problem)
            return _check_result(result) if ok else result
        try:
            events = game.play(rm.move)
        except IllegalMoveError as err:
            steps.append(ReplayStep(i, rm, before, before.table_text(), (), err.reason, err.message, False))
            return ReplayResult(record, steps, game, False, i,
                                f"moves[{i}]: {rm.move} is illegal ({err.reason.value}): {err.message}")
        after = game.position
        steps.append(ReplayStep(i, rm, after, after.table_text(), events))
    return _check_result(ReplayResult(record, steps, game))


def _check_result(result: ReplayResult) -> ReplayResult:
    expected = result.record.expected_result
    if expected is not None and not _result_matches(expected, result.position.result):
        result.ok = False
        want = "the game goes on" if expected == "ongoing" else json.dumps(_result_json(expected),
                                                                          ensure_ascii=False)
        got = "the game goes on" if result.result is None else json.dumps(result.result, ensure_ascii=False)
        result.problem = f"result: the record expects {want}, but after the moves {got}"
    return result


# ---------------------------------------------------------------- the worked examples
def _example_dir() -> Any:
    from importlib.resources import files

    return files("durak_lab.engine") / "examples"


def example_ids() -> list:
    """The ids of the worked examples shipped with the package, sorted.

    >>> "EX-ZH-BOUT" in example_ids()
    True
    """
    return sorted(p.name[:-5] for p in _example_dir().iterdir() if p.name.endswith(".json"))


def load_example(example_id: str) -> Record:
    """The worked example ``example_id`` (case-insensitive, e.g. ``"ex-zh-bout"``).

    >>> load_example("ex-ko-1").title
    'EX-KO-1 — the first attack and its cover'
    >>> load_example("EX-NOPE")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: EX-NOPE: no such worked example; see durak-lab examples
    """
    wanted = str(example_id).strip().upper()
    for name in example_ids():
        if name.upper() == wanted:
            text = (_example_dir() / f"{name}.json").read_text(encoding="utf-8")
            try:
                return load_record(text)
            except RecordError as err:  # pragma: no cover - the shipped examples are tested
                raise RecordError(f"{name}: {err.where}", err.problem) from None
    raise RecordError(str(example_id), "no such worked example; see durak-lab examples")


def list_examples() -> list:
    """Every worked example as a :class:`Record`, sorted by id.

    >>> len(list_examples()) >= 10
    True
    """
    return [load_example(i) for i in example_ids()]
