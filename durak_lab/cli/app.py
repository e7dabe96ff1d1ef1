"""The ``durak-lab`` command line (also ``python -m durak_lab``).

Subcommands:

``durak-lab examples [--json]``
    list the worked examples by id and title.
``durak-lab replay EX-ID|FILE [--json]``
    replay a worked example (ids are case-insensitive) or a record file: each
    move, the table after it, its narration, the events (bito, draws in order,
    the next bout) and the result.  ``--json`` prints one JSON object instead
    (see :meth:`durak_lab.engine.records.ReplayResult.to_dict`): ``ok``,
    ``moves_applied``, ``result`` (``null`` while the game goes on, ``"draw"``,
    the durak's seat ``"P3"``, or a list of seats when several are durak: a
    team game or R29 "all durak"), ``attacker``, ``defender``, ``hands``,
    ``table``, ``talon`` and ``discard`` (counts), ``steps``; at a rejected move
    also ``move`` and ``reason`` (``code`` and ``message``).
``durak-lab show EX-ID|FILE``
    print a record in its canonical JSON form.
``durak-lab bench [ARGS…]``
    the engine benchmark (:mod:`durak_lab.cli.bench`).
``durak-lab trumps EX-ID|FILE --seat P1 [--json]``
    after the record's moves, the exact distribution of the number of trumps
    in every other hand and the talon, seen from one seat
    (:mod:`durak_lab.cli.trumps`).
``durak-lab solve EX-ID|FILE|POSITION [--json]``
    the exact result of the two-player endgame after the record's moves, or of
    a position text: value, best moves, a line of best play
    (:mod:`durak_lab.cli.solve`).
``durak-lab analyse EX-ID|FILE [--json]``
    the solver's verdict on every move of a two-player record played once the
    talon is empty: best, or a mistake with the better moves
    (:mod:`durak_lab.cli.analyse`).
``durak-lab eval EX-ID|FILE|POSITION [--after N] [--seat PN] [--open] [--budget S] [--playouts N] [--seed N] [--json]``
    a seat's chances at a position (not being the durak, being it, a draw), with
    a 95% range, and every legal move's chances: exact when every card is known,
    else a search of ``--budget`` CPU seconds or ``--playouts`` playouts, from the
    seat's view (reading the other players' moves) or with every card open
    (:mod:`durak_lab.cli.evaluate`).
``durak-lab best EX-ID|FILE|POSITION [--after N] [--seat PN] [--open] [--budget S] [--playouts N] [--seed N] [--json]``
    the move the evaluator recommends to the seat to act, and its chances.
``durak-lab review EX-ID|FILE [--seat PN] [--budget S] [--playouts N] [--open] [--seed N] [--json] [--every-move]``
    every decision of a game judged by the evaluator: the chance it kept or
    gave away, a label (best, good, inaccuracy, mistake, blunder…), each
    player's accuracy and the key moments (:mod:`durak_lab.cli.review`).
``durak-lab tables [info]``, ``durak-lab tables build PRESET [--out FILE]``, ``durak-lab tables check [PRESET…]``
    the exact solver's endgame tables: describe the shipped ones; work a
    preset's table out again (``--max-cards N``); re-solve a seeded sample of
    them without tables (``--sample N --seed S``) and compare, exit status 1 at
    a disagreement (:mod:`durak_lab.cli.tables`).
``durak-lab play [--vs LEVEL[,LEVEL…]] [--players N] [--preset NAME] [--seed N] [--seat N] [--coach] [--humans N]``
    a game at the terminal against bots (or people at one keyboard): one move
    a line, as its text or a short form; ``hint``, ``undo``, ``help``, ``quit``
    (:mod:`durak_lab.cli.play`; exit status 0 at the end of the game, at
    ``quit`` and at the end of the input, 2 for bad options).
``durak-lab lessons [--json]``, ``durak-lab lessons check FILE…``, ``durak-lab lessons from-record EX-ID|FILE --seat P1 --out FILE``
    the course's lessons (id, title, rule ids, exercises); check lesson files
    with the engine (exit status 2 naming the file and the field of the first
    problem); build a lesson from a played game (:mod:`durak_lab.cli.lessons`).
``durak-lab puzzles [--theme T] [--json]``, ``durak-lab puzzles show ID``, ``durak-lab puzzles mine GAMES…|--bots L,L --out FILE``, ``durak-lab puzzles lesson [--theme T] --out FILE``
    the puzzles mined from games, by theme and rating; one puzzle; mine more from
    records or bot games; a puzzle lesson file (:mod:`durak_lab.cli.puzzles`).
``durak-lab glossary [--output FILE]``, ``durak-lab rules-sheet [--output FILE]``
    the glossary page and the one-page printable rules summary
    (:mod:`durak_lab.cli.glossary`).
``durak-lab binder-links OWNER/REPO [--ref REF] [--json | --markdown]``
    the Binder links of the repository that hosts this project: JupyterLab on
    the start notebook, and the Voila apps (start, worked examples, play,
    learn) (:mod:`durak_lab.cli.binder_links`).
``durak-lab classroom [--port N] [--max-kernels N] [--idle-minutes N] [--ip ADDR] [--notebooks DIR] [--dry-run]``
    one Voila server for a class, on the notebooks folder: prints the addresses
    the students open, fetches nothing from the internet, runs at most so many
    pages at once and shuts down the kernels of pages closed or left idle
    (:mod:`durak_lab.cli.classroom`).
``durak-lab class [FOLDER…] [--csv FILE] [--json]``
    a class's progress in the lessons for the teacher: a line a student, a column
    a lesson (solved, and solved at the first try), the exercises most students
    missed, the games of class deals (:mod:`durak_lab.cli.class_report`).
``durak-lab class-deal [--preset P] [--players N] [--vs LEVEL] [--seed N]``
    a class deal code: every student plays the same cards against the same bot,
    and the teacher's view compares the games.
``durak-lab engine [--bot NAME]``
    a bot of this package as a program speaking the engine protocol
    ``durak-engine/1`` on standard input and output, for tournaments with bots
    written anywhere (:mod:`durak_lab.bots.protocol`, :mod:`durak_lab.cli.engine`).

Exit status: 0 when everything went as recorded (moves marked ``illegal`` are
expected to be rejected), 1 at the first unexpected outcome (an illegal move,
with its reason), 2 for a malformed record, an unknown id or bad arguments,
with a message on stderr naming what is wrong; 130 after Ctrl-C, which every
command answers with one line (``durak-lab solve: stopped (Ctrl-C)``), never a
traceback.

Standard library and the durak_lab core only.

>>> main(["replay", "ex-ko-1"])  # doctest: +ELLIPSIS
EX-KO-1 — the first attack and its cover
...
result: the game goes on; P2 attacks P1
0
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import Optional, Sequence, TextIO, Tuple

from .console import write_line
from .. import __version__
from . import analyse as analyse_cli
from . import binder_links as binder_links_cli
from . import class_report as class_cli
from . import classroom as classroom_cli
from . import engine as engine_cli
from . import evaluate as evaluate_cli
from . import glossary as glossary_cli
from . import lessons as lessons_cli
from . import play as play_cli
from . import puzzles as puzzles_cli
from . import review as review_cli
from . import solve as solver_cli
from . import tables as tables_cli
from . import trumps as trumps_cli
from .commands import OptionError, interrupted, positive_int, refuse_empty_option, replayed, resolve, run_standalone
from ..engine.errors import RecordError
from ..text.catalogue.languages import LanguageError, language_code, using
from ..engine.records.record import json_text, list_examples, replay
from ..text.examples import example_title

__all__ = ["main", "resolve", "replayed", "OptionError", "positive_int", "run_standalone"]

PROG = "durak-lab"


_write = write_line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Learn Durak: play at the terminal, replay worked examples and game records, "
        "run the benchmark.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--lang", metavar="CODE", help="the language of what a learner reads: en, ru, he, ko, zh "
                        "or fi (also DURAK_LAB_LANG; default: the system's language); anywhere on the line")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("examples", help="list the worked examples by id and title")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p = sub.add_parser("replay", help="replay a worked example or a record file",
                       description="Replay a worked example (EX-ID, any case) or a durak-lab/1 record file. "
                       "Exit status 0: as recorded; 1: an unexpected illegal move; 2: a malformed record "
                       "or unknown id.")
    p.add_argument("record", metavar="EX-ID|FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the transcript")
    p = sub.add_parser("show", help="print a record in canonical JSON")
    p.add_argument("record", metavar="EX-ID|FILE")
    sub.add_parser("bench", help="benchmark the engine (arguments go to the benchmark)", add_help=False)
    trumps_cli.add_parser(sub)
    solver_cli.add_parser(sub)
    analyse_cli.add_parser(sub)
    evaluate_cli.add_parsers(sub)
    review_cli.add_parser(sub)
    tables_cli.add_parser(sub)
    play_cli.add_parser(sub)
    lessons_cli.add_parser(sub)
    puzzles_cli.add_parser(sub)
    glossary_cli.add_parser(sub)
    binder_links_cli.add_parser(sub)
    class_cli.add_parser(sub)
    class_cli.add_deal_parser(sub)
    classroom_cli.add_parser(sub)
    engine_cli.add_parser(sub)
    return parser


def _examples(as_json: bool, out: TextIO) -> int:
    recs = list_examples()
    if as_json:
        _write(out, json.dumps([{"id": r.id, "title": r.title, "source": (r.source or {}).get("id"),
                                 "rule_ids": list(r.rule_ids)} for r in recs], ensure_ascii=False, indent=2))
        return 0
    width = max(len(r.id or "") for r in recs)
    for r in recs:
        title = r.title or ""
        own = example_title(r)  # a shipped example's title in the chosen language
        if own is not None:
            _write(out, f"{r.id:<{width}}  {own}")
            continue
        for sep in (" — ", " - ", ": "):
            if r.id and title.startswith(r.id + sep):
                title = title[len(r.id) + len(sep):]
                break
        _write(out, f"{r.id:<{width}}  {title}")
    return 0


def _replay(name: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    try:
        record = resolve(name)
    except RecordError as e:
        _write(err, f"{PROG} replay: {e}")
        return 2
    result = replay(record)
    if as_json:
        _write(out, json_text(result.to_dict()))
    else:
        _write(out, result.transcript())
    if not result.ok:
        _write(err, f"{PROG} replay: {result.problem}")
        return 1
    return 0


def _show(name: str, out: TextIO, err: TextIO) -> int:
    try:
        record = resolve(name)
    except RecordError as e:
        _write(err, f"{PROG} show: {e}")
        return 2
    _write(out, record.dump())
    return 0


def _bench(args: list, err: TextIO) -> int:
    try:
        from . import bench  # lazy: a missing benchmark breaks only this subcommand
    except ImportError as e:
        _write(err, f"{PROG} bench: the benchmark is not available ({e})")
        return 2
    return int(bench.main(list(args)) or 0)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    >>> main(["examples"])  # doctest: +ELLIPSIS
    EX-FI-PAIRS ... the pairs game: the defender's partner covers too
    ...
    0
    >>> main(["replay", "EX-NOPE"])
    2

    Ctrl-C stops every command with one line on stderr and the exit status 130.  A reader that stops
    reading (``durak-lab examples | head -3``) ends the command quietly, with the exit status 141 a
    shell gives a command stopped so.
    """
    try:
        return _main(argv)
    except BrokenPipeError:
        try:  # what is left in the buffer goes nowhere, rather than into a second error at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 141
    except KeyboardInterrupt:
        args = list(sys.argv[1:] if argv is None else argv)
        command = args[0] if args and re.fullmatch(r"[a-z][a-z-]{1,20}", args[0]) else ""
        return interrupted(f"{PROG} {command}".strip())


def _language_option(args: list) -> Tuple[list, Optional[str]]:
    """``args`` without ``--lang CODE`` (or ``--lang=CODE``), and the code (None: not given)."""
    rest: list = []
    lang: Optional[str] = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest += args[i:]
            break
        if a == "--lang" and i + 1 < len(args):
            lang, i = args[i + 1], i + 2
            continue
        if a.startswith("--lang="):
            lang, i = a[len("--lang="):], i + 1
            continue
        rest.append(a)
        i += 1
    return rest, lang


def _main(argv: Optional[Sequence[str]]) -> int:
    args, lang = _language_option(list(sys.argv[1:] if argv is None else argv))
    if lang is None:
        return _command(args)
    try:
        code = language_code(lang)
    except LanguageError as e:
        write_line(sys.stderr, f"{PROG}: --lang: {e}")
        return 2
    with using(code):
        return _command(args)


def _command(args: list) -> int:
    out, err = sys.stdout, sys.stderr
    refused = refuse_empty_option(f"{PROG} {args[0]}" if args and len(args[0]) <= 20 else PROG, args, err)
    if refused is not None:
        return refused
    if args and args[0] == "bench":
        return _bench(args[1:], err)
    parser = _parser()
    try:
        ns = parser.parse_args(args)
    except SystemExit as e:  # bad arguments (2) or --help/--version (0)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if ns.command == "examples":
        return _examples(ns.json, out)
    if ns.command == "replay":
        return _replay(ns.record, ns.json, out, err)
    if ns.command == "show":
        return _show(ns.record, out, err)
    if ns.command == "trumps":
        return trumps_cli.run(ns, out, err)
    if ns.command == "solve":
        return solver_cli.run(ns, out, err)
    if ns.command == "analyse":
        return analyse_cli.run(ns, out, err)
    if ns.command == "eval":
        return evaluate_cli.run_eval(ns, out, err)
    if ns.command == "best":
        return evaluate_cli.run_best(ns, out, err)
    if ns.command == "review":
        return review_cli.run(ns, out, err)
    if ns.command == "tables":
        return tables_cli.run(ns, out, err)
    if ns.command == "play":
        return play_cli.run(ns, sys.stdin, out, err)
    if ns.command == "lessons":
        return lessons_cli.run(ns, out, err)
    if ns.command == "puzzles":
        return puzzles_cli.run(ns, out, err)
    if ns.command in glossary_cli.COMMANDS:
        return glossary_cli.run(ns, out, err)
    if ns.command == "binder-links":
        return binder_links_cli.run(ns, out, err)
    if ns.command == "class":
        return class_cli.run(ns, out, err)
    if ns.command == "class-deal":
        return class_cli.run_deal(ns, out, err)
    if ns.command == "classroom":
        return classroom_cli.run(ns, out, err)
    if ns.command == "engine":
        return engine_cli.run(ns, sys.stdin, out, err)
    parser.print_help(err)
    return 2
