"""``durak-lab puzzles``: the shipped puzzles; one puzzle; mining puzzles from games; a puzzle lesson.

``durak-lab puzzles [--theme T] [--file FILE] [--json]``
    the puzzles by theme: how many, and their ratings (lowest, middle, highest); with ``--theme``
    the puzzles of that theme, one a line (id, seat, stars, rating).  ``--json``: one object
    ``{"count": N, "themes": {"endgame": {"count": N, "ratings": [low, middle, high]}, …},
    "puzzles": [{"id", "seat", "themes", "rating", "stars", "exact"}, …]}``.
``durak-lab puzzles show ID [--file FILE] [--json]``
    one puzzle: the position seen by the seat to act, the themes, the rating, the answers and
    the figures of every move, where it came from (``--json``: the puzzle's object in the file).
``durak-lab puzzles mine GAMES… --out FILE`` and
``durak-lab puzzles mine --bots LEVEL[,LEVEL…] --preset P --players N --games N --seed S --out FILE``
    mine puzzles (:mod:`durak_lab.analysis.puzzles.mine`) from ``durak-lab/1`` record files (or
    folders of them), or from seeded games the bot levels play; rate them with the bot levels
    (``--tries N`` each); ``--per-game N``: at most N exact and N sampled puzzles a game (default
    1); ``--theme T`` keeps only puzzles of that theme; ``--exact-only`` judges
    only positions the solver works out; ``--playouts N`` a move for the others; ``--append`` adds
    to the file ``--out`` names.  The file's ``made_by`` records the command.
``durak-lab puzzles rate FILE [--tries N] [--out FILE] [--json]``
    rate every puzzle of a file again with the bot levels as they are now (after the levels were
    calibrated anew): each level plays each puzzle ``--tries`` times (default: the puzzle's own
    tries), and the file (or ``--out``) gets the new ratings, the levels' names and the command
    at the end of its ``made_by``.  Nothing else of a puzzle changes.
``durak-lab puzzles lesson [--theme T] [--limit N] [--file FILE] [--id ID] [--title T] --out FILE``
    a ``durak-lab-lesson/1`` lesson of puzzles (:func:`durak_lab.lessons.puzzle_lesson`).

Exit status: 0; 1 when no puzzle fits (a theme without puzzles, an id not found); 2 for a bad
file, a bad record or bad arguments.

Standard library and the durak_lab core only.

>>> main(["--json"])  # doctest: +ELLIPSIS
{"count": ...
0
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shlex
import statistics
import sys
from typing import Any, Optional, Sequence, TextIO

from .bots_bench import make_bot, split_specs
from .commands import int_in, run_standalone
from .console import write_line
from .play import seats_and_table_lines
from ..analysis.puzzles import (THEMES, PuzzleError, PuzzleFile, Settings, dump_puzzles, load_puzzles, merge,
                                mine_bots, mine_records, puzzles_json, rate, shipped_file)
from ..analysis.puzzles.rating import TRIES
from ..session.store import StoreError, write_text
from ..bots import BOTS, LEVELS
from ..engine.errors import DurakError, RecordError
from ..engine.moves import seat_text
from ..engine.records.record import load_record
from ..engine.rules import PRESETS, Rules
from ..lessons import LessonError
from ..lessons.puzzles import puzzle_lesson, theme_name
from ..text.catalogue import Items, Suit, say
from ..text.narrate import move_words, value_words
from ..text.review import percent

__all__ = ["add_parser", "run", "main"]

PROG = "durak-lab puzzles"


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--theme", choices=THEMES, help="only the puzzles of this theme")
    p.add_argument("--file", metavar="FILE", help="a puzzle file (default: the shipped puzzles)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    sub = p.add_subparsers(dest="puzzles_command", metavar="ACTION")
    s = sub.add_parser("show", help="one puzzle: the position, the answers and the figures")
    s.add_argument("id", metavar="ID")
    s.add_argument("--file", metavar="FILE", help="a puzzle file (default: the shipped puzzles)")
    s.add_argument("--json", action="store_true", help="print the puzzle's JSON object")
    m = sub.add_parser("mine", help="mine puzzles from record files or from games of the bots",
                       description="Mine puzzles from durak-lab/1 record files (or folders of them), or from "
                       "seeded games between bot levels (--bots), rate them with the bot levels and write "
                       "a durak-lab-puzzles/1 file.")
    m.add_argument("records", nargs="*", metavar="GAMES", help="record files or folders of them")
    m.add_argument("--bots", metavar="LEVEL[,LEVEL…]", help=f"bot levels that play the games ({', '.join(BOTS)}; "
                   "settings may follow in brackets, beginner[slip=0.7])")
    m.add_argument("--preset", default="podkidnoy", choices=list(PRESETS), help="the rules (default podkidnoy)")
    m.add_argument("--players", type=int_in(2, 6, "the games of the bots"), default=2, help="2 to 6 (default 2)")
    m.add_argument("--games", type=int_in(1, 100_000, "each game is played and looked at"), default=10,
                   help="how many games (default 10)")
    m.add_argument("--seed", type=int_in(0, 10 ** 9), default=1, help="the first deal's seed (default 1)")
    m.add_argument("--theme", choices=THEMES, help="keep only puzzles of this theme")
    m.add_argument("--exact-only", action="store_true", help="only positions the solver works out exactly")
    m.add_argument("--per-game", type=int_in(1, 1000), default=1,
                   help="at most this many exact and this many sampled puzzles a game (default 1)")
    m.add_argument("--playouts", type=int_in(100, 100_000, "per legal move, twice"), default=Settings.playouts,
                   help=f"playouts a legal move for the sampled figures (default {Settings.playouts})")
    m.add_argument("--tries", type=int_in(1, 1000, "each level plays each puzzle this often"), default=8,
                   help="tries of each bot level to rate a puzzle (default 8)")
    m.add_argument("--out", metavar="FILE", required=True, help="the puzzle file to write")
    m.add_argument("--append", action="store_true", help="add to the puzzles of --out")
    m.add_argument("--json", action="store_true", help="print a JSON summary")
    r = sub.add_parser("rate", help="rate the puzzles of a file again with the bot levels as they are now",
                       description="Rate every puzzle of a durak-lab-puzzles/1 file again with the bot levels "
                       "as they are now, and write the file (or --out) with the new ratings.")
    r.add_argument("file", metavar="FILE", help="the puzzle file")
    r.add_argument("--tries", type=int_in(1, 1000, "each level plays each puzzle this often"), default=None,
                   help="tries of each bot level (default: each puzzle's own)")
    r.add_argument("--out", metavar="FILE", help="write the rated puzzles here (default: FILE itself)")
    r.add_argument("--json", action="store_true", help="print a JSON summary")
    L = sub.add_parser("lesson", help="a lesson of puzzles (durak-lab-lesson/1)")
    L.add_argument("--theme", choices=THEMES, help="only the puzzles of this theme")
    L.add_argument("--limit", type=int_in(1, 1000), default=10, help="at most this many puzzles (default 10)")
    L.add_argument("--file", metavar="FILE", help="a puzzle file (default: the shipped puzzles)")
    L.add_argument("--id", dest="lesson_id", help="the lesson's id")
    L.add_argument("--title", help="the lesson's title")
    L.add_argument("--out", metavar="FILE", help="write the lesson here (default: print it)")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``puzzles`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ns = ap.parse_args(["puzzles", "mine", "--bots", "greedy,tips", "--games", "3", "--out", "p.json"])
    >>> ns.bots, ns.games, ns.out
    ('greedy,tips', 3, 'p.json')
    """
    p = sub.add_parser("puzzles", help="puzzles mined from games: list, show, mine, make a lesson",
                       description="The shipped puzzles by theme; 'show ID' one puzzle; 'mine' finds puzzles in "
                       "games; 'lesson' makes a lesson of them.")
    _arguments(p)
    return p


# ------------------------------------------------------------------ reading the puzzles
def _puzzles(path: Optional[str]) -> PuzzleFile:
    return shipped_file() if path is None else load_puzzles(path)


def _of_theme(puzzles: Sequence[Any], theme: Optional[str]) -> list:
    found = [z for z in puzzles if theme is None or theme in z.themes]
    return sorted(found, key=lambda z: (z.rating if z.rating is not None else 0, z.id))


def _ratings(puzzles: Sequence[Any]) -> list:
    r = sorted(z.rating for z in puzzles if z.rating is not None)
    return [r[0], int(statistics.median(r)), r[-1]] if r else []


def _list(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    data = _puzzles(ns.file)
    chosen = _of_theme(data.puzzles, ns.theme)
    themes = {t: [z for z in data.puzzles if t in z.themes] for t in THEMES}
    if ns.json:
        write_line(out, json.dumps({
            "count": len(chosen),
            "themes": {t: {"count": len(zs), "ratings": _ratings(zs)} for t, zs in themes.items()},
            "puzzles": [{"id": z.id, "seat": seat_text(z.seat), "themes": list(z.themes), "rating": z.rating,
                         "stars": z.stars, "exact": z.exact} for z in chosen]}, ensure_ascii=False))
        return 0 if chosen else 1
    if ns.theme is None:
        write_line(out, say("puzzles-count", count=len(chosen)))
        width = max(len(theme_name(t)) for t in THEMES)
        for t, zs in themes.items():
            r = _ratings(zs)
            name = theme_name(t).ljust(width)
            write_line(out, say("puzzles-theme-line", theme=name, count=len(zs), low=r[0], middle=r[1], high=r[2])
                       if r else say("puzzles-theme-line-none", theme=name, count=len(zs)))
        return 0 if chosen else 1
    if not chosen:
        write_line(out, say("puzzles-none", theme=theme_name(ns.theme)))
        return 1
    write_line(out, say("puzzles-of-theme", theme=theme_name(ns.theme), count=len(chosen)))
    width = max(len(z.id) for z in chosen)
    for z in chosen:
        write_line(out, f"{z.id:<{width}}  " + say("puzzles-row", seat=seat_text(z.seat), stars="★" * (z.stars or 0),
                                                    rating=z.rating if z.rating is not None else "-"))
    return 0


def _show(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    data = _puzzles(ns.file)
    z = next((x for x in data.puzzles if x.id == ns.id), None)
    if z is None:
        write_line(out, say("puzzles-no-such", id=ns.id))
        return 1
    if ns.json:
        write_line(out, json.dumps(z.to_json(), ensure_ascii=False, indent=2))
        return 0
    write_line(out, say("puzzles-show-title", id=z.id, seat=seat_text(z.seat)))
    for line in _position_lines(z.position, z.seat):
        write_line(out, line)
    if z.themes:
        write_line(out, say("puzzles-show-themes", themes=Items([theme_name(t) for t in z.themes])))
    if z.rating is not None:
        write_line(out, say("puzzles-show-rating", rating=z.rating, stars="★" * (z.stars or 0)))
    write_line(out, say("puzzles-show-answers", moves=Items([move_words(m) for m in z.answers], "or")))
    for m, c, lo, hi in z.moves:
        if z.exact:
            line = say("puzzles-show-move-exact", move=move_words(m), value=value_words(round(c * 2) - 1))
        else:
            line = say("puzzles-show-move", move=move_words(m), chance=percent(c), low=percent(lo), high=percent(hi))
        write_line(out, "  " + line)
    src = z.source
    where = src.record if src.record is not None else ", ".join(src.bots)
    write_line(out, say("puzzles-show-source", rules=src.rules, where=where, seed=src.seed if src.seed is not None
                        else "-", move=src.move + 1))
    return 0


def _position_lines(p: Any, seat: int) -> list:
    """What ``seat`` sees, as the terminal game shows it: trump, talon, the seats, the table, the hand."""
    view = p.view(seat)
    lines = [say("trump-is", suit=Suit(view.trump))]
    talon = view.talon_size
    lines.append(say("talon-empty") if not talon else say("terminal-talon-one") if talon == 1
                 else say("talon-count", count=talon))
    lines += seats_and_table_lines(view)
    order = sorted(view.hand, key=lambda c: (c.suit == view.trump, c.suit, c.rank))
    lines.append(say("terminal-hand", seat=seat_text(seat), cards=" ".join(str(c) for c in order)))
    return lines


# ------------------------------------------------------------------ mining
def _records(names: Sequence[str]) -> list:
    files: list = []
    for name in names:
        if os.path.isdir(name):
            files += sorted(os.path.join(name, f) for f in os.listdir(name) if f.endswith(".json"))
        else:
            files.append(name)
    out = []
    for f in files:
        try:
            out.append(load_record(f))
        except RecordError as e:
            raise RecordError(f"{f}: {e.where}" if e.where else f, e.problem) from None
        except OSError as e:
            raise RecordError(f, f"cannot read it: {e.strerror or e}") from None
    return out


def _command(ns: argparse.Namespace) -> str:
    words = ["durak-lab", "puzzles", "mine"] + list(ns.records)
    if not ns.records:
        words += ["--bots", ns.bots, "--preset", ns.preset, "--players", str(ns.players), "--games", str(ns.games),
                  "--seed", str(ns.seed)]
    if ns.theme:
        words += ["--theme", ns.theme]
    if ns.exact_only:
        words.append("--exact-only")
    if ns.per_game != 1:
        words += ["--per-game", str(ns.per_game)]
    words += ["--playouts", str(ns.playouts), "--tries", str(ns.tries), "--out", ns.out]
    if ns.append:
        words.append("--append")
    return shlex.join(words)


def _progress(err: TextIO) -> Any:
    if not getattr(err, "isatty", lambda: False)():
        return None

    def show(game: int, found: int) -> None:
        err.write("\r" + say("puzzles-mining", games=game, count=found) + "  ")
        err.flush()
    return show


def _mine(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not ns.records and not ns.bots:
        write_line(err, f"{PROG} mine: name record files (GAMES) or --bots LEVEL,LEVEL")
        return 2
    if ns.records and ns.bots:
        write_line(err, f"{PROG} mine: GAMES and --bots exclude each other")
        return 2
    settings = Settings(playouts=ns.playouts, sampled=not ns.exact_only, themes=(ns.theme,) if ns.theme else ())
    before = PuzzleFile(())
    if ns.append and os.path.exists(ns.out):
        try:
            before = load_puzzles(ns.out)
        except PuzzleError as e:
            write_line(err, f"{PROG} mine: {e}")
            return 2
    seen = {z.position_text for z in before.puzzles}
    progress = _progress(err)
    try:
        if ns.records:
            records = _records(ns.records)
            found = mine_records(records, settings, seen=seen, progress=progress, exact_per_game=ns.per_game,
                                 sampled_per_game=ns.per_game)
            games = len(records)
        else:
            bots = [b.strip() for b in split_specs(ns.bots) if b.strip()]
            unknown = [b for b in bots if b.partition("[")[0] not in BOTS]
            if not bots or unknown:
                write_line(err, f"{PROG} mine: --bots: {', '.join(unknown) or 'none given'}: the levels are "
                                f"{', '.join(BOTS)}")
                return 2
            try:  # a level with its settings in brackets, as the benchmarks name it: beginner[slip=0.7]
                for b in bots:
                    make_bot(b)
            except ValueError as e:
                write_line(err, f"{PROG} mine: --bots: {e}")
                return 2
            rules = Rules.preset(ns.preset, players=ns.players)
            found = mine_bots(rules, [functools.partial(make_bot, b) for b in bots], ns.games, ns.seed, settings,
                              seen=seen,
                              progress=progress, exact_per_game=ns.per_game, sampled_per_game=ns.per_game)
            games = ns.games
    except DurakError as e:
        write_line(err, f"{PROG} mine: {e}")
        return 2
    if progress is not None:
        err.write("\n")
    levels = {name: BOTS[name] for name in LEVELS}
    rated = [rate(z, levels, ns.tries) for z in found]
    data = merge([before, PuzzleFile(tuple(rated), (_command(ns),), LEVELS)])
    try:
        dump_puzzles(data, ns.out)
    except OSError as e:
        write_line(err, f"{PROG} mine: cannot write {ns.out}: {e.strerror or e}")
        return 2
    if ns.json:
        write_line(out, json.dumps({"games": games, "found": len(rated), "exact": sum(z.exact for z in rated),
                                    "total": len(data.puzzles), "out": ns.out}, ensure_ascii=False))
    else:
        write_line(out, say("puzzles-mined", count=len(rated), games=games))
        write_line(out, say("puzzles-written", file=ns.out, count=len(data.puzzles)))
    return 0


def _rate(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    data = load_puzzles(ns.file)
    levels = {name: BOTS[name] for name in LEVELS}
    rated = tuple(rate(z, levels, ns.tries or z.tries or TRIES) for z in data.puzzles)
    changed = sum(a.stars != b.stars for a, b in zip(data.puzzles, rated))
    words = ["durak-lab", "puzzles", "rate", ns.file] + (["--tries", str(ns.tries)] if ns.tries else [])
    words += ["--out", ns.out] if ns.out else []
    target = ns.out or ns.file
    try:  # all or nothing: a reader sees the old file or the new one, never half of it
        write_text(target, puzzles_json(PuzzleFile(rated, data.made_by + (shlex.join(words),), LEVELS)))
    except StoreError as e:
        write_line(err, f"{PROG} rate: cannot write {target}: {e.why}")
        return 2
    if ns.json:
        write_line(out, json.dumps({"rated": len(rated), "stars_changed": changed, "out": target}, ensure_ascii=False))
    else:
        write_line(out, say("puzzles-rated", count=len(rated), changed=changed, file=target))
    return 0


def _lesson(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    data = _puzzles(ns.file)
    chosen = _of_theme(data.puzzles, None)
    try:
        L = puzzle_lesson(chosen, theme=ns.theme, limit=ns.limit, lesson_id=ns.lesson_id, title=ns.title)
    except LessonError as e:
        write_line(err, f"{PROG} lesson: {e}")
        return 1 if e.field == "theme" else 2
    if ns.out:
        try:
            L.dump(ns.out)
        except OSError as e:
            write_line(err, f"{PROG} lesson: cannot write {ns.out}: {e.strerror or e}")
            return 2
        write_line(out, f"{ns.out}: {L.id}, " + say("lessons-exercises", count=L.exercises))
    else:
        write_line(out, L.dump())
    return 0


def run(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the parsed ``puzzles`` subcommand; return the exit status."""
    action = getattr(ns, "puzzles_command", None)
    try:
        if action == "show":
            return _show(ns, out, err)
        if action == "mine":
            return _mine(ns, out, err)
        if action == "lesson":
            return _lesson(ns, out, err)
        if action == "rate":
            return _rate(ns, out, err)
        return _list(ns, out, err)
    except PuzzleError as e:
        write_line(err, f"{PROG}: {e}")
        return 2


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m durak_lab.cli.puzzles …``: the subcommand on its own."""
    return run_standalone(PROG, "Puzzles mined from games: list, show, mine, make a lesson.", _arguments,
                          lambda ns: run(ns, sys.stdout, sys.stderr), argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
