"""The puzzle file, format ``durak-lab-puzzles/1``: reading it strictly, writing it.

A puzzle file is one JSON object::

    {"format": "durak-lab-puzzles/1",
     "made_by": ["durak-lab puzzles mine --bots greedy,tips --preset podkidnoy --players 2 --games 300 --seed 1 --out FILE"],
     "levels": ["beginner", "tips", "greedy", "endgame", "search", "expert"],
     "puzzles": [
       {"id": "podkidnoy-2p-s17-m40",
        "position": "rules=podkidnoy,players=2 trump=♠ card=- hands=…",
        "seat": "P1",
        "answers": ["P1 attack 8♥"],
        "themes": ["endgame", "counting"],
        "exact": true,
        "figures": {"best": 1.0, "next": 0.0, "playouts": 0,
                    "moves": {"P1 attack 8♥": [1.0, 1.0, 1.0], "P1 attack 7♦": [0.0, 0.0, 0.0]}},
        "rating": {"elo": 1000, "stars": 3, "tries": 8,
                   "misses": {"beginner": 1.0, "tips": 0.5, "greedy": 0.5, "endgame": 0.0, "search": 0.0,
                              "expert": 0.0}},
        "source": {"rules": "podkidnoy,players=2", "bots": ["greedy", "tips"], "seed": 17, "move": 40}}]}

* ``made_by``: the commands that made the file, in order (optional; a list of texts);
  ``levels``: the bot levels behind the ratings, weakest first (optional).
* ``position``: a one-line position text (:func:`~durak_lab.engine.notation.parse_position`);
  the game is not over and ``seat`` is the seat to act.
* ``answers``: one or more legal move texts of ``seat``, no move twice.
* ``themes``: theme names of :data:`~durak_lab.analysis.puzzles.themes.THEMES`.
* ``figures.moves``: every legal move of ``seat`` (and nothing else), each ``[chance, low,
  high]`` (numbers from 0 to 1, ``low <= chance <= high``; a point when ``exact``); ``best`` is
  the best answer's chance and must be the top chance; ``next`` the best other move's, below
  ``best``; ``playouts``: the playouts a move behind sampled figures (0 when exact).
* ``rating`` (optional): ``elo`` (a whole number), ``stars`` (1 to 5), ``tries`` (at least 1),
  ``misses`` (level → miss rate from 0 to 1).
* ``source``: ``rules`` (a rules text), ``move`` (the index of the decision in the game, from 0),
  and optionally ``seed`` (the deal's), ``bots`` (the bot names, one a seat) and ``record`` (the
  record's id or title).

Keys starting with ``_`` are comments; any other unknown key is an error.  ``id`` values are
unique slugs (``[a-z0-9-]``).  Everything wrong raises :class:`PuzzleError`, whose ``field`` is
the JSON path (``puzzles[3].answers[0]``); read from a file, it names the file too.  Files
are decoded by their byte-order mark, and bounded as every reader of the package is
(:mod:`durak_lab.engine.reading`): at most :data:`MAX_PUZZLE_BYTES` bytes, 32 levels deep,
numbers of at most 40 digits.

Standard library only.

>>> data = {"format": FORMAT, "puzzles": []}
>>> load_puzzles(data).puzzles
()
>>> load_puzzles({"format": FORMAT, "puzzles": [{"id": "x"}]})
Traceback (most recent call last):
...
durak_lab.analysis.puzzles.format.PuzzleError: puzzles[0].position: missing
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Union

from ...engine.errors import DurakError, MoveTextError
from ...engine.moves import Move, parse_seat, seat_text
from ...engine.notation import parse_position, parse_rules_text
from ...engine.reading import check_value, decode_text, load_json, read_text_file, unique_keys
from .puzzle import Puzzle, Source
from .themes import THEMES

__all__ = ["FORMAT", "PuzzleError", "PuzzleFile", "load_puzzles", "puzzles_json", "dump_puzzles", "merge",
           "MAX_PUZZLE_BYTES"]

#: The format string every puzzle file starts with.
FORMAT = "durak-lab-puzzles/1"
#: The largest puzzle file read (a puzzle takes about a kilobyte).
MAX_PUZZLE_BYTES = 8 << 20

_TOP = ("format", "made_by", "levels", "puzzles")
_PUZZLE = ("id", "position", "seat", "answers", "themes", "exact", "figures", "rating", "source")
_FIGURES = ("best", "next", "playouts", "moves")
_RATING = ("elo", "stars", "tries", "misses")
_SOURCE = ("rules", "move", "seed", "bots", "record")
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
_CLOSE = 1e-3  # how far a stored figure may be from another it must equal (they are rounded to 4 places)


class PuzzleError(DurakError, ValueError):
    """A puzzle file that is not well formed: ``field`` is the JSON path of what is wrong
    (``puzzles[3].answers[0]``, ``""`` for the whole text), ``problem`` what is wrong, ``source``
    the file (or None).

    >>> str(PuzzleError("puzzles[0].seat", "missing", "p.json"))
    'p.json: puzzles[0].seat: missing'
    """

    code = "puzzles"

    def __init__(self, field: str, problem: str, source: Optional[str] = None) -> None:
        self.field, self.problem, self.source = field, problem, source
        text = f"{field}: {problem}" if field else problem
        super().__init__(f"{source}: {text}" if source else text)


@dataclass(frozen=True)
class PuzzleFile:
    """A read puzzle file: ``puzzles`` (a tuple of :class:`~durak_lab.analysis.puzzles.puzzle.Puzzle`),
    ``made_by`` (the commands that made it) and ``levels`` (the bot levels behind the ratings)."""

    puzzles: tuple
    made_by: tuple = ()
    levels: tuple = ()

    def to_json(self) -> dict:
        """The file's JSON object."""
        out: dict = {"format": FORMAT}
        if self.made_by:
            out["made_by"] = list(self.made_by)
        if self.levels:
            out["levels"] = list(self.levels)
        out["puzzles"] = [z.to_json() for z in self.puzzles]
        return out


def puzzles_json(data: PuzzleFile) -> str:
    """The JSON text of a puzzle file: one puzzle a line (a readable diff), cards written as themselves."""
    obj = data.to_json()
    head = {k: v for k, v in obj.items() if k != "puzzles"}
    lines = [json.dumps(z, ensure_ascii=False) for z in obj["puzzles"]]
    body = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return body + ',\n "puzzles": [\n' + ",\n".join(lines) + "\n]}\n" if lines else body + ',\n "puzzles": []}\n'


def dump_puzzles(data: PuzzleFile, path: Union[str, os.PathLike]) -> None:
    """Write ``data`` to ``path`` (UTF-8), as :func:`puzzles_json` writes it."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(puzzles_json(data))


# ------------------------------------------------------------------ reading
def load_puzzles(source: Union[str, bytes, os.PathLike, dict]) -> PuzzleFile:
    """A checked :class:`PuzzleFile` from a file path, a JSON text, bytes or a dict (see the module
    docstring); a :class:`PuzzleError` names what is wrong.

    >>> load_puzzles('{"format": "durak-lab-puzzles/2", "puzzles": []}')
    Traceback (most recent call last):
    ...
    durak_lab.analysis.puzzles.format.PuzzleError: format: must be 'durak-lab-puzzles/1'
    >>> load_puzzles("\\ufeff{\\"format\\": \\"durak-lab-puzzles/1\\", \\"puzzles\\": []}".encode("utf-8")).puzzles
    ()
    """
    if isinstance(source, dict):
        return _file(check_value(source, PuzzleError))
    if isinstance(source, bytes):
        return _file(_parse(decode_text(source, PuzzleError)))
    if isinstance(source, str) and source.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
        return _file(_parse(source))
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            text = read_text_file(source, PuzzleError, most=MAX_PUZZLE_BYTES)
            return _file(_parse(text))
        except PuzzleError as err:
            raise PuzzleError(err.field, err.problem, name) from None
        except (OSError, ValueError) as err:
            raise PuzzleError("", f"cannot read it: {getattr(err, 'strerror', None) or err}", name) from None
    raise PuzzleError("", f"a puzzle file is a path, a JSON text or a dict, not {type(source).__name__}")


def _parse(text: str) -> Any:
    try:
        return load_json(text, PuzzleError, most=MAX_PUZZLE_BYTES, object_pairs_hook=unique_keys(PuzzleError),
                         parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise PuzzleError("", f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})") from None


def _no_constant(name: str) -> Any:
    raise PuzzleError("", f"{name} is not a JSON number")


def _keys(data: Any, allowed: tuple, where: str, what: str) -> dict:
    if not isinstance(data, dict):
        raise PuzzleError(where, f"must be an object ({what})")
    for key in data:
        if key.startswith("_"):
            continue
        if key not in allowed:
            raise PuzzleError(_at(where, key), f"not a key of {what}; the keys are {', '.join(allowed)}")
    return data


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _need(data: dict, key: str, where: str) -> Any:
    if key not in data:
        raise PuzzleError(_at(where, key), "missing")
    return data[key]


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise PuzzleError(where, "must be a non-empty text")
    return value


def _whole(value: Any, where: str, low: int, high: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleError(where, "must be a whole number")
    if value < low or (high is not None and value > high):
        raise PuzzleError(where, f"must be from {low} to {high}" if high is not None else f"must be at least {low}")
    return value


def _chance(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0 <= value <= 1:
        raise PuzzleError(where, "must be a chance, a number from 0 to 1")
    return float(value)


def _texts(value: Any, where: str) -> tuple:
    if not isinstance(value, list):
        raise PuzzleError(where, "must be a list of texts")
    return tuple(_text(v, f"{where}[{i}]") for i, v in enumerate(value))


def _file(data: Any) -> PuzzleFile:
    data = _keys(data, _TOP, "", "a puzzle file")
    if data.get("format") != FORMAT:
        raise PuzzleError("format", f"must be {FORMAT!r}" if "format" in data else f"missing: write {FORMAT!r}")
    made_by = _texts(data["made_by"], "made_by") if "made_by" in data else ()
    levels = _texts(data["levels"], "levels") if "levels" in data else ()
    items = _need(data, "puzzles", "")
    if not isinstance(items, list):
        raise PuzzleError("puzzles", "must be a list of puzzles")
    puzzles = []
    ids: dict = {}
    for i, item in enumerate(items):
        z = _puzzle(item, f"puzzles[{i}]")
        if z.id in ids:
            raise PuzzleError(f"puzzles[{i}].id", f"{z.id!r} is the id of puzzles[{ids[z.id]}] too")
        ids[z.id] = i
        puzzles.append(z)
    return PuzzleFile(tuple(puzzles), made_by, levels)


def _puzzle(data: Any, where: str) -> Puzzle:
    data = _keys(data, _PUZZLE, where, "a puzzle")
    pid = _text(_need(data, "id", where), f"{where}.id")
    if not _SLUG.match(pid):
        raise PuzzleError(f"{where}.id", f"{pid!r} is not an id: use lower-case letters, digits and hyphens")
    text = _text(_need(data, "position", where), f"{where}.position")
    try:
        p = parse_position(text)
    except DurakError as err:
        raise PuzzleError(f"{where}.position", str(err)) from None
    seat_value = _text(_need(data, "seat", where), f"{where}.seat")
    try:
        seat = parse_seat(seat_value, p.players)
    except MoveTextError as err:
        raise PuzzleError(f"{where}.seat", str(err)) from None
    if p.result is not None or p.to_act() != seat:
        acting = p.to_act()
        who = "nobody" if acting is None else seat_text(acting)
        raise PuzzleError(f"{where}.seat", f"{seat_text(seat)} is not the seat to act ({who} is)")
    legal = {str(m): m for m in p.view(seat).legal}
    answers = _answers(_need(data, "answers", where), legal, p.players, f"{where}.answers")
    themes = _texts(_need(data, "themes", where), f"{where}.themes")
    for i, t in enumerate(themes):
        if t not in THEMES:
            raise PuzzleError(f"{where}.themes[{i}]", f"{t!r} is not a theme; the themes are {', '.join(THEMES)}")
    if len(set(themes)) != len(themes):
        raise PuzzleError(f"{where}.themes", "a theme appears twice")
    exact = _need(data, "exact", where)
    if not isinstance(exact, bool):
        raise PuzzleError(f"{where}.exact", "must be true or false")
    moves, playouts = _figures(_need(data, "figures", where), legal, answers, exact, f"{where}.figures")
    source = _source(_need(data, "source", where), f"{where}.source")
    z = Puzzle(pid, p, seat, answers, themes, exact, moves, source, playouts)
    if "rating" in data:
        elo, stars, tries, misses = _rating(data["rating"], f"{where}.rating")
        z = z.with_rating(elo, stars, misses, tries)
    return z


def _answers(value: Any, legal: dict, players: int, where: str) -> tuple:
    if not isinstance(value, list) or not value:
        raise PuzzleError(where, "must be a list of one or more move texts")
    out = []
    for i, text in enumerate(value):
        here = f"{where}[{i}]"
        if not isinstance(text, str):
            raise PuzzleError(here, "must be a move text such as \"P1 attack 7♦\"")
        try:
            m = str(Move.parse(text, players))
        except MoveTextError as err:
            raise PuzzleError(here, str(err)) from None
        if m not in legal:
            raise PuzzleError(here, f"{m!r} is not a legal move of the seat to act")
        if legal[m] in out:
            raise PuzzleError(here, f"{m!r} is listed twice")
        out.append(legal[m])
    return tuple(out)


def _figures(value: Any, legal: dict, answers: tuple, exact: bool, where: str) -> tuple:
    data = _keys(value, _FIGURES, where, "the figures")
    table = _need(data, "moves", where)
    if not isinstance(table, dict):
        raise PuzzleError(f"{where}.moves", "must be an object: each legal move, then [chance, low, high]")
    rows = []
    for text, fig in table.items():
        here = f"{where}.moves[{json.dumps(text, ensure_ascii=False)}]"
        if text not in legal:
            raise PuzzleError(here, "not a legal move of the seat to act, written as the engine writes it")
        if not isinstance(fig, list) or len(fig) != 3:
            raise PuzzleError(here, "must be [chance, low, high]")
        c, lo, hi = (_chance(x, f"{here}[{i}]") for i, x in enumerate(fig))
        if not lo - _CLOSE <= c <= hi + _CLOSE:
            raise PuzzleError(here, "the chance must lie in its range: low <= chance <= high")
        if exact and (lo != c or hi != c or c not in (0.0, 0.5, 1.0)):
            raise PuzzleError(here, "an exact figure is a point: 0, 0.5 or 1 three times")
        rows.append((legal[text], c, lo, hi))
    missing = [m for m in legal if m not in table]
    if missing:
        raise PuzzleError(f"{where}.moves", f"{missing[0]!r} is a legal move without figures")
    right = {str(a) for a in answers}
    rows.sort(key=lambda r: (str(r[0]) not in right, -r[1]))
    best = max(r[1] for r in rows if str(r[0]) in right)
    others = [r[1] for r in rows if str(r[0]) not in right]
    if not others:
        raise PuzzleError(f"{where}.moves", "every legal move is an answer: there is nothing to find")
    if abs(_chance(_need(data, "best", where), f"{where}.best") - best) > _CLOSE:
        raise PuzzleError(f"{where}.best", f"must be the best answer's chance, {best}")
    if abs(_chance(_need(data, "next", where), f"{where}.next") - max(others)) > _CLOSE:
        raise PuzzleError(f"{where}.next", f"must be the best other move's chance, {max(others)}")
    if max(others) >= best:
        raise PuzzleError(f"{where}.next", "another move is as good as the answers: the puzzle is ambiguous")
    playouts = _whole(_need(data, "playouts", where), f"{where}.playouts", 0)
    if exact != (playouts == 0):
        raise PuzzleError(f"{where}.playouts", "0 exactly when the figures are exact")
    return tuple(rows), playouts


def _rating(value: Any, where: str) -> tuple:
    data = _keys(value, _RATING, where, "a rating")
    elo = _whole(_need(data, "elo", where), f"{where}.elo", 0, 10_000)
    stars = _whole(_need(data, "stars", where), f"{where}.stars", 1, 5)
    tries = _whole(_need(data, "tries", where), f"{where}.tries", 1, 10_000)
    misses = _need(data, "misses", where)
    if not isinstance(misses, dict):
        raise PuzzleError(f"{where}.misses", "must be an object: each level, then its miss rate")
    out = tuple((_text(k, f"{where}.misses"), _chance(v, f"{where}.misses.{k}")) for k, v in misses.items())
    return elo, stars, tries, out


def _source(value: Any, where: str) -> Source:
    data = _keys(value, _SOURCE, where, "a source")
    rules = _text(_need(data, "rules", where), f"{where}.rules")
    try:
        parse_rules_text(rules)
    except DurakError as err:
        raise PuzzleError(f"{where}.rules", str(err)) from None
    move = _whole(_need(data, "move", where), f"{where}.move", 0)
    seed = _whole(data["seed"], f"{where}.seed", -(1 << 127)) if "seed" in data and data["seed"] is not None \
        else None
    bots = _texts(data["bots"], f"{where}.bots") if "bots" in data else ()
    record = _text(data["record"], f"{where}.record") if "record" in data else None
    return Source(rules, seed, move, bots, record)


def merge(files: Iterable[PuzzleFile]) -> PuzzleFile:
    """One file of several: the puzzles in order (a later puzzle with an id seen already is left out),
    the commands one after the other, the first levels given."""
    seen: set = set()
    puzzles: list = []
    made: list = []
    levels: tuple = ()
    for f in files:
        made += [c for c in f.made_by]
        levels = levels or f.levels
        for z in f.puzzles:
            if z.id not in seen:
                seen.add(z.id)
                puzzles.append(z)
    return PuzzleFile(tuple(puzzles), tuple(made), levels)
