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
  JSON ``null`` for ``None``), and ``presets``, the version of the preset table the
  record was written under (:data:`~durak_lab.engine.rules.PRESETS_VERSION`).  A record
  without ``presets`` was written under version 1, and its preset means what it meant then
  (:data:`~durak_lab.engine.rules.PRESET_CHANGES`: version 2 gave ``perevodnoy`` and
  ``perevodnoy_show`` no first-bout limit, the FI games the taker's draw in his turn,
  ``doker`` its house rules, and in ``pushing`` the owner of a card sent back keeps his rights).  A record names ``presets`` when its preset changed meaning.
* ``start``: either ``{"seed": 7}`` alone (a shuffled deal,
  :meth:`Position.deal <durak_lab.engine.state.Position.deal>`, deterministic for the
  seed, the first leader by R7), with ``redeal`` when the rules have one (R4):
  the seats that declared a redeal, one per redeal in order, ``{"seed": 7,
  "redeal": ["P3"]}``; ``[]`` when nobody did.  A seeded start without
  ``redeal`` (every record written before the key existed) is dealt as if every
  hand that may declare did.  Or explicit cards (the deal after any redeal):

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
  ``rules_cited`` (rule ids), ``comment`` (what a person said about the move, say in an
  analysis) and ``variations`` (lines that could have been played instead of this move, from the
  position before it: a list of lines, each a non-empty list of moves written like the main line's,
  whose moves may hold variations again; every one of their moves must be legal there, and
  :func:`load_record` checks them: ``moves[4].variations[0][2]: P2 take is illegal (…)``).
  Moves are read as written, under every preset: nothing is put in
  or left out on load, and a move the rules reject stops :func:`replay`, which names it
  (``moves[5]: P1 pass is illegal (already-passed): …``).
* ``result``: the outcome expected after the moves, checked by :func:`replay`:
  ``null`` (the game goes on), ``"draw"``, a seat ``"P3"`` (the durak), or a
  list of seats when several are durak (a team game, or R29 "all durak").
* ``finish`` (optional, with ``rules.ficus``): ``"ficus"``, the game is expected to
  end by the ficus finish (HE "פתיחת הפיקוס", see :mod:`durak_lab.engine.ficus`),
  checked by :func:`replay`.  The durak is still the ``result``.
* ``players`` (optional): who played each seat, ``{"P1": {"kind": "person", "name": "Dana"},
  "P2": {"kind": "bot", "level": "expert"}}`` (see :mod:`durak_lab.engine.records.players`);
  the play table writes it, so that a person's own moves can be found again.

Malformed input raises :class:`~durak_lab.engine.errors.RecordError` whose ``where``
is the full path of the wrong value, e.g. ``start.hands.P2[3]``, ``rules.players``,
``moves[3]``; bad JSON names its line and column.

This module holds the whole record (:class:`Record`, :func:`load_record`,
:func:`json_text`, :func:`record_from_game`) and the worked examples
(:func:`example_ids`, :func:`load_example`, :func:`list_examples`);
:mod:`durak_lab.engine.records.parts` reads and checks each part (the rules, the
start, the moves, the source, the result) and holds :class:`RecordMove` and
:func:`result_value`; :mod:`durak_lab.engine.records.replaying` plays a record's moves
(:func:`replay`, :class:`ReplayStep`, :class:`ReplayResult`).  Every public name
of the three is importable from here.

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
durak_lab.engine.errors.RecordError: start.colour: unknown key (allowed: seed (and redeal), or hands, talon, trump_card, trump, discard, attacker, first_bout, known)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

from ..errors import PositionError, RecordError
from ..game import Game
from ..moves import seat_text
from .parts import (FINISHES, TOP_KEYS, RecordMove, ResultValue, check_keys, json_text, need_str, parse_json,
                    parse_moves, parse_result, parse_rules, parse_source, parse_start, read_rule_ids, result_json,
                    result_value, short_value, start_to_dict)
from .lines import check_variations
from .players import BOT, PERSON, Player, parse_players, players_json
from .replaying import ReplayResult, ReplayStep, replay
from ..reading import check_value, decode_text, read_text_file
from ..rules import PRESET_CHANGES, PRESETS, PRESETS_VERSION, Rules
from ..state.position import Position

__all__ = [
    "FORMAT", "Record", "RecordMove", "ReplayStep", "ReplayResult", "load_record", "record_from_game",
    "replay", "result_value", "json_text", "example_ids", "load_example", "list_examples",
]

#: The format string every record starts with.
FORMAT = "durak-lab/1"


@dataclass(frozen=True)
class Record:
    """A game record: rules, a start position, moves, and metadata.

    ``moves`` is a tuple of :class:`RecordMove` (any sequence is accepted).
    Two records are equal when their rules, start position, moves and metadata
    are equal; how the start was written (a seed or the cards, the preset name,
    an explicit attacker or R7) is kept for :meth:`dump` but not compared.

    >>> from durak_lab.engine.moves import Move
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
    #: With a seed and ``rules.redeal``: the seats that declared a redeal (R4), in order; None: the
    #: record has no ``start.redeal`` (then every hand that may declares, as such records were dealt).
    redeal: Optional[tuple] = field(default=None, compare=False)
    #: How the game is expected to end: ``"ficus"`` (the ficus finish, ``Rules.ficus``), or None: unchecked.
    expected_finish: Optional[str] = None
    #: Who played the seats: ``((seat, Player), …)`` in seat order; a seat not listed is unknown.
    players: tuple = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", tuple(self.moves))
        object.__setattr__(self, "rule_ids", tuple(self.rule_ids))
        players = self.players.items() if isinstance(self.players, dict) else self.players
        object.__setattr__(self, "players", tuple(sorted((s, Player(*p)) for s, p in players)))

    def __hash__(self) -> int:
        return hash((self.rules, self.start, self.moves, self.id, self.title))

    def player(self, seat: int) -> Optional[Player]:
        """Who played ``seat`` (a :class:`Player`), or None when the record does not say."""
        return dict(self.players).get(seat)

    def people(self) -> tuple:
        """The seats the record says people played (not bots), in seat order.

        >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 3}, "start": {"seed": 5},
        ...                    "players": {"P2": {"kind": "person", "name": "Dana"}, "P1": {"kind": "bot"}}})
        >>> rec.people(), rec.player(1).name, rec.player(2)
        ((1,), 'Dana', None)
        """
        return tuple(s for s, p in self.players if p.kind == PERSON)

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
        preset = self.preset or _closest_preset(self.rules)
        rules = self.rules.to_dict(preset)
        if any(preset in changed for changed in PRESET_CHANGES.values()):
            # the preset's name meant other rules before: say which version of the presets it means
            rules = {"preset": preset, "presets": PRESETS_VERSION, **{k: v for k, v in rules.items() if k != "preset"}}
        out["rules"] = rules
        out["start"] = self._start_dict()
        out["moves"] = [m.to_json() for m in self.moves]
        if self.expected_result is not None:
            out["result"] = result_json(self.expected_result)
        if self.expected_finish is not None:
            out["finish"] = self.expected_finish
        if self.players:
            out["players"] = players_json(self.players)
        return out

    def _start_dict(self) -> dict:
        p = self.start
        if self.seed is not None:
            if self.redeal is None:
                if Position.deal(self.rules, self.seed, declare=self.rules.redeal) == p:
                    return {"seed": self.seed}
            elif self.rules.redeal and Position.deal(self.rules, self.seed, declare=self.redeal) == p:
                return {"seed": self.seed, "redeal": [seat_text(s) for s in self.redeal]}
        return start_to_dict(p, self.attacker_given)

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


# ---------------------------------------------------------------- loading
def load_record(source: Union[str, bytes, os.PathLike, dict]) -> Record:
    """Read a record from a dict, a JSON text, or the path of a JSON file.

    A string that starts with ``{`` is JSON text, any other string a path.
    Anything malformed raises :class:`~durak_lab.engine.errors.RecordError` naming
    the path of the wrong value.  Bytes and files are decoded by their byte-order
    mark (UTF-8, UTF-16, UTF-32), else as UTF-8; a file larger than a megabyte,
    JSON nested more than 32 levels or a number of more than 40 digits is refused
    (see :mod:`durak_lab.engine.reading`).

    >>> load_record('{"format": "durak-lab/1", "rules": {}, "start": {"seed": 3}}').rules.players
    2
    >>> load_record('{"format": "durak-lab/1",\\n "rules": {}')
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: line 2, column 13: bad JSON: Expecting ',' delimiter
    >>> load_record({"format": "durak-lab/1", "rules": {"players": 9}, "start": {"seed": 1}})
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: rules.players: 9 is not allowed: Durak is for 2 to 8 players (R2, R5)
    """
    if isinstance(source, bytes):
        source = decode_text(source, RecordError)  # by its byte-order mark, else UTF-8
    if isinstance(source, str) and source.lstrip("\ufeff \t\r\n").startswith("{"):
        data = parse_json(source)
    elif isinstance(source, (str, os.PathLike)):
        try:
            text = read_text_file(source, RecordError)  # at most MAX_FILE_BYTES, decoded by its byte-order mark
        except FileNotFoundError:
            raise RecordError(_shown(source), "no such record file") from None
        except (OSError, ValueError) as err:  # ValueError: a name with a NUL character
            if isinstance(err, RecordError):
                raise
            raise RecordError(_shown(source), f"cannot read it: {err}") from None
        data = parse_json(text)
    else:
        data = check_value(source, RecordError)  # a value built in Python: bounded like JSON text
    return _record_from_data(data)


def _shown(path: Union[str, os.PathLike]) -> str:
    name = os.fspath(path)
    return name if len(name) <= 80 else name[:77] + "..."


def _record_from_data(data: Any) -> Record:
    if not isinstance(data, dict):
        raise RecordError("", f"a record is a JSON object with \"format\": \"{FORMAT}\", not {short_value(data)}")
    if "format" not in data:
        raise RecordError("format", f"missing: a record starts with \"format\": \"{FORMAT}\"")
    if data["format"] != FORMAT:
        raise RecordError("format", f"{short_value(data['format'])} is not a known format; expected \"{FORMAT}\"")
    check_keys(data, TOP_KEYS, "")
    for key in ("rules", "start"):
        if key not in data:
            raise RecordError(key, "missing")
    rules, preset = parse_rules(data["rules"])
    start, seed, attacker_given, redeal = parse_start(data["start"], rules)
    moves = tuple(parse_moves(data.get("moves", []), rules.players))
    meta: dict = {}
    for key in ("id", "title", "description"):
        if key in data:
            meta[key] = need_str(data[key], key)
    if "source" in data:
        meta["source"] = parse_source(data["source"])
    if "rule_ids" in data:
        meta["rule_ids"] = read_rule_ids(data["rule_ids"], "rule_ids")
    if "result" in data:
        meta["expected_result"] = parse_result(data["result"], rules.players)
    if "finish" in data:  # the ficus finish (Rules.ficus)
        if data["finish"] not in FINISHES:
            raise RecordError("finish", f"{short_value(data['finish'])} is not a way a game ends: write "
                              f"{', '.join(json.dumps(f) for f in FINISHES)}")
        if not rules.ficus:
            raise RecordError("finish", "\"ficus\" needs rules with the ficus finish (set ficus: true)")
        meta["expected_finish"] = data["finish"]
    if "players" in data:
        meta["players"] = parse_players(data["players"], rules.players)
    rec = Record(rules, start, moves, preset=preset, seed=seed, attacker_given=attacker_given, redeal=redeal,
                 **meta)
    check_variations(rec)  # every variation can be played where it stands
    return rec


# ---------------------------------------------------------------- saving a game
def record_from_game(game: Game, *, preset: Optional[str] = None, seed: Optional[int] = None,
                     says: Optional[Sequence[Optional[str]]] = None, redeal: Sequence[int] = (),
                     **meta: Any) -> Record:
    """A record of ``game``: its start position and every move played so far.

    ``preset`` names the preset the rules are written against (default: the
    closest one); ``seed`` writes the start as ``{"seed": …}`` when the game
    was dealt with that seed (and, with ``rules.redeal``, the seats of ``redeal`` declared
    the redeals of that deal, R4: see :meth:`Match.declared <durak_lab.engine.match.Match>`;
    it is written as ``start.redeal``); ``says`` gives narration per move; ``meta`` may
    set ``id``, ``title``, ``description``, ``source``, ``rule_ids``,
    ``expected_result`` and ``expected_finish``.

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
    declared = None
    if seed is not None and rules.redeal:
        declared = tuple(redeal)
        try:
            dealt = Position.deal(rules, seed, declare=declared)
        except PositionError as err:
            raise RecordError("start.redeal", str(err)) from None
    elif seed is not None:
        if redeal:
            raise RecordError("start.redeal", "these rules have no redeal (R4)")
        dealt = Position.deal(rules, seed)
    if seed is not None and dealt != start:
        raise RecordError("start.seed", f"the game was not dealt with seed {seed}"
                          + (f" and redeals declared by {list(map(seat_text, declared))}" if declared else ""))
    says = list(says) if says is not None else []
    moves = tuple(RecordMove(m, says[i] if i < len(says) else None) for i, m in enumerate(game.moves))
    rec = Record(rules, start, moves, preset=preset, seed=seed, redeal=declared, **meta)
    if seed is None:
        # check that the explicit form of the start reads back as the same position
        again = parse_start(start_to_dict(start), rules)[0]
        if again != start:
            raise RecordError("start", "this start position cannot be written as a record")
    return rec


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
