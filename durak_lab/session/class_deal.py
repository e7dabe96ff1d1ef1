"""Class games with one deal ("duplicate" play): every student plays the same cards against the same bot.

A teacher gives the class a **class deal code** such as ``podkidnoy-2-tips-4817``: the
rules (a preset), the number of players, the bot level (several levels joined by
``+``, one a bot seat) and the deal number.  Each student types it in the play
table's settings (or a notebook calls ``durak_lab.play(deal=…)``): the student sits
at P1, the bots at the other seats, and the cards are the same for everyone.  A game
saved from such a table is a ``durak-lab/1`` record whose ``id`` is ``class:`` and
the code, so the teacher can find it among the saved games (the students' ``games``
folders on the server, or records handed in) and compare the tables, as duplicate
bridge compares them: :func:`class_games` replays each record and ranks the games of
one deal, best first (not the durak before the durak; then a bigger margin: the
cards the durak still held).

Standard library only.

>>> deal = ClassDeal.parse(" Podkidnoy-2-TIPS-4817 ")
>>> deal.code, deal.players, deal.vs, deal.seed
('podkidnoy-2-tips-4817', 2, ('tips',), 4817)
>>> ClassDeal("perevodnoy", 3, ("tips", "expert"), 12).code
'perevodnoy-3-tips+expert-12'
>>> ClassDeal.parse("podkidnoy-9-tips-1")
Traceback (most recent call last):
...
durak_lab.session.class_deal.ClassDealError: podkidnoy-9-tips-1: podkidnoy is played by 2 to 6 players, not 9
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from ..bots import TABLE_LEVELS
from ..engine.errors import DurakError
from ..engine.reading import load_json, read_text_file
from ..engine.records.record import load_record, replay
from ..engine.rules import PRESETS
from .play import most_players

__all__ = ["ClassDeal", "ClassDealError", "ClassGame", "class_games", "RECORD_PREFIX"]

#: A class game's record ``id`` is this prefix and the code.
RECORD_PREFIX = "class:"


class ClassDealError(DurakError, ValueError):
    """A class deal code that cannot be read; the message quotes it and names what is wrong."""


class ClassDeal(NamedTuple):
    """One deal for a whole class: preset, players, the bots' levels (one, or one a bot seat), deal number."""

    preset: str
    players: int
    vs: Tuple[str, ...]
    seed: int

    @property
    def code(self) -> str:
        """The code a teacher gives the class."""
        return f"{self.preset}-{self.players}-{'+'.join(self.vs)}-{self.seed}"

    @classmethod
    def parse(cls, code: str) -> "ClassDeal":
        """The deal a code names (any case, spaces around it ignored); a :class:`ClassDealError`
        naming the part that is wrong."""
        text = str(code).strip().lower()
        parts = text.split("-")
        if len(parts) != 4:
            raise ClassDealError(f"{text}: a class deal code has four parts, as in podkidnoy-2-tips-4817")
        preset, players, vs, seed = parts
        if preset not in PRESETS:
            raise ClassDealError(f"{text}: {preset!r} is not a game ({', '.join(PRESETS)})")
        fixed = PRESETS[preset].get("players")
        most = most_players(preset)
        if not players.isdecimal() or not (int(players) == fixed if fixed else 2 <= int(players) <= most):
            allowed = f"{fixed} players" if fixed else f"2 to {most} players"
            raise ClassDealError(f"{text}: {preset} is played by {allowed}, not {players}")
        levels = tuple(vs.split("+"))
        bad = [lv for lv in levels if lv not in TABLE_LEVELS]
        if bad:
            raise ClassDealError(f"{text}: {bad[0]!r} is not a bot level ({', '.join(TABLE_LEVELS)})")
        if len(levels) not in (1, int(players) - 1):
            raise ClassDealError(f"{text}: give one bot level, or one for each of the {int(players) - 1} bots")
        if not seed.isdecimal():
            raise ClassDealError(f"{text}: the deal number {seed!r} is not a number")
        return cls(preset, int(players), levels, int(seed))

    @classmethod
    def new(cls, preset: str = "podkidnoy", players: int = 2, vs: Union[str, Sequence[str]] = "tips",
            rng: Optional[random.Random] = None) -> "ClassDeal":
        """A new deal: a deal number from 1000 to 9999 drawn with ``rng`` (checked as a code is).

        >>> ClassDeal.new(vs="expert", rng=random.Random(3)).code
        'podkidnoy-2-expert-4898'
        """
        rng = rng or random.Random()
        levels = (vs,) if isinstance(vs, str) else tuple(vs)
        return cls.parse(cls(preset, players, levels, rng.randrange(1000, 10000)).code)

    @property
    def record_id(self) -> str:
        """The ``id`` of a record saved from this deal."""
        return RECORD_PREFIX + self.code


class ClassGame(NamedTuple):
    """One student's game of a class deal: who, the result for P1 (``"not durak"``, ``"durak"``,
    ``"draw"`` or ``"unfinished"``), the moves played, the cards the durak still held (0 when
    there is none), the file, and the place among the games of its deal (1 = best)."""

    code: str
    student: str
    result: str
    moves: int
    margin: int
    file: str
    place: int


_ORDER = {"not durak": 0, "draw": 1, "unfinished": 2, "durak": 3}


def _records(paths: Iterable[str]) -> List[str]:
    out: List[str] = []
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out.extend(os.path.join(folder, f) for f in sorted(files) if f.endswith(".json")
                           and not f.startswith("."))
        elif os.path.isfile(path):
            out.append(path)
    return out


def _unreadable(where: str, problem: str) -> ValueError:
    """How the bounded readers (:mod:`durak_lab.engine.reading`) fail on a student's progress file."""
    return ValueError(f"{where}: {problem}" if where else problem)


def _student_of(path: str, default: str) -> str:
    """The student of a saved game: the progress file of its student folder names them (read bounded,
    decoded by its byte-order mark); ``default`` when it cannot be read or names nobody."""
    folder = os.path.dirname(os.path.dirname(os.path.abspath(path)))
    try:
        data = load_json(read_text_file(os.path.join(folder, "progress.json"), _unreadable), _unreadable)
    except (OSError, ValueError):  # no file; not JSON, or past a bound (size, depth, digits, encoding)
        return default
    name = data.get("student") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name else default


def class_games(paths: Sequence[str]) -> List[ClassGame]:
    """The games of class deals among the records in ``paths`` (folders are searched), ranked
    within each deal; records that cannot be read or replayed are passed over (read as every record
    is, :func:`~durak_lab.engine.records.load_record`: bounded, decoded by its byte-order mark)."""
    games = []
    for path in _records(paths):
        try:
            rec = load_record(Path(path))  # a path, never JSON text, whatever its name
            if not (rec.id or "").startswith(RECORD_PREFIX):
                continue
            done = replay(rec)
        except (OSError, ValueError, DurakError):
            continue
        if not done.ok:
            continue
        pos = done.game.position
        result = pos.result
        if result is None:
            verdict, margin = "unfinished", 0
        elif not result:
            verdict, margin = "draw", 0
        else:
            verdict = "durak" if 0 in result else "not durak"
            margin = sum(bin(pos.hands[s]).count("1") for s in set(result))
        stem = os.path.splitext(os.path.basename(path))[0]
        games.append((str(rec.id)[len(RECORD_PREFIX):], _student_of(path, stem), verdict, len(rec.moves),
                      margin, path))
    games.sort(key=lambda g: (g[0], _ORDER[g[2]], -g[4] if g[2] == "not durak" else g[4], g[3], g[1].casefold()))
    out: List[ClassGame] = []
    for code, student, verdict, moves, margin, path in games:
        place = sum(1 for g in out if g.code == code) + 1
        out.append(ClassGame(code, student, verdict, moves, margin, path, place))
    return out
