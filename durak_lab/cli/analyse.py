"""``durak-lab analyse EX-ID|FILE [--json]``: the solver's verdict on every endgame move of a record.

Replays a two-player ``durak-lab/1`` record (or a worked example) and, for
every move played once the talon is empty, says whether it kept the result
with best play or was a mistake that changed it, with the moves that would
have kept it (:mod:`durak_lab.analysis.analyser`).  Moves before the talon ran out are
counted, not judged.  ``--json`` prints one object::

    {"first": 0, "verdicts": [{"move": "P1 attack 7♦", "verdict": "best", …}, …],
     "mistakes": 1, "result": "P2 is durak", "nodes": 5}

``--max-nodes N`` bounds each search (default 100,000 positions) and
``--max-seconds S`` the whole analysis (default 20): a move that needs more
gets the verdict ``unknown``, and one line on stderr says how many and which
options raise the limits.

Exit status: 0; 1 when the record holds a move the rules reject unexpectedly
(the analysis stops before it, as a replay does); 2 for a bad record, id or
option, or a game the solver cannot judge (e.g. more than two players); 130
after Ctrl-C (one line, no traceback).

Standard library and the durak_lab core only.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "endgame.json")
>>> with open(path, "w", encoding="utf-8") as fh:
...     _ = fh.write('''{"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
...       "start": {"trump": "♠", "hands": {"P1": ["7♦"], "P2": ["8♦"]},
...                 "discard": "rest", "attacker": "P1", "first_bout": false},
...       "moves": ["P1 attack 7♦", "P2 take"]}''')
>>> main([path])
0 moves before the talon ran out; judged from move 1 on.
1. P1 attack 7♦: best (the only move; keeps the draw)
2. P2 take: mistake, the draw becomes a loss; better: P2 cover 7♦ with 8♦
mistakes: P2 1
result: P2 is durak
0
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from typing import Any, Optional, Sequence, TextIO

from .commands import int_in, replayed, run_standalone
from .console import write_line
from ..engine.errors import DurakError, RecordError

__all__ = ["add_parser", "run", "main"]

PROG = "durak-lab analyse"
_write = write_line
#: The default bounds: positions per search, seconds for the whole analysis.
MAX_NODES, MAX_SECONDS = 100_000, 20


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``analyse`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ap.parse_args(["analyse", "game.json", "--json"]).json
    True
    """
    p = sub.add_parser("analyse", help="judge every move of a two-player record once the talon is empty",
                       description="Replay a two-player record and give the exact solver's verdict on every "
                       "move played once the talon is empty: best, or a mistake with the better moves.")
    _arguments(p)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="EX-ID|FILE", help="a durak-lab/1 record file or a worked-example id")
    p.add_argument("--max-nodes", type=int_in(1, 10 ** 10), default=MAX_NODES, metavar="N",
                   help=f"search at most N positions per position judged (default {MAX_NODES:,}); a move that "
                   "needs more is 'unknown'")
    p.add_argument("--max-seconds", type=int_in(1, 24 * 3600), default=MAX_SECONDS, metavar="S",
                   help=f"stop searching after S seconds in all (default {MAX_SECONDS}); the moves not judged "
                   "by then are 'unknown'")
    p.add_argument("--json", action="store_true",
                   help='print {"first", "verdicts", "mistakes", "result", "nodes"} as one JSON object')


def run(ns: argparse.Namespace, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the subcommand for parsed arguments (output to ``out``, messages to ``err``: default
    ``sys.stdout`` and ``sys.stderr``); return the exit status.

    >>> ap = argparse.ArgumentParser(); _arguments(ap)
    >>> import io; err = io.StringIO()
    >>> run(ap.parse_args(["EX-ZH-BOUT"]), err=err)   # four players, all still in: nothing exact yet
    Two players were never left with an empty talon with the game still on: no move could be judged exactly.
    result: the game goes on
    0
    """
    from ..analysis.analyser import UNKNOWN, analyse_moves
    from ..analysis.solver.endgame import Solver
    from ..text.verdicts import analysis_lines

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        record, result, n = replayed(ns.record)
    except RecordError as e:
        _write(err, f"{PROG}: {e}")
        return 2
    name = record.id or ns.record
    solver = Solver(max_nodes=ns.max_nodes)
    # past --max-seconds every search left gives up at once (the one running ends within --max-nodes)
    clock: Optional[threading.Timer] = threading.Timer(getattr(ns, "max_seconds", MAX_SECONDS), setattr,
                                                        (solver, "max_nodes", 1))
    clock.daemon = True
    try:
        clock.start()
    except RuntimeError:  # no threads (JupyterLite's Pyodide): --max-nodes alone bounds each search
        clock = None
    try:
        analysis = analyse_moves(record.start, [rm.move for rm in record.moves[:n]], solver=solver)
    except DurakError as e:  # outside the solver's domain, with the reason
        _write(err, f"{PROG}: {name}: {e}")
        return 2
    finally:
        if clock is not None:
            clock.cancel()
    if ns.json:
        _write(out, json.dumps(analysis.to_dict(), ensure_ascii=False))
    else:
        for line in analysis_lines(analysis):
            _write(out, line)
    unknown = sum(1 for v in analysis.verdicts if v.verdict == UNKNOWN)
    if unknown:
        _write(err, f"{PROG}: {name}: moves left unknown: {unknown} (a search stops after --max-nodes "
                    f"{ns.max_nodes:,} positions, the analysis after --max-seconds "
                    f"{getattr(ns, 'max_seconds', MAX_SECONDS)}: raise them to judge more)")
    if not result.ok:
        _write(err, f"{PROG}: {result.problem}")
        return 1
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``durak-lab analyse`` on its own: parse ``argv`` (default ``sys.argv[1:]``) and :func:`run`.

    >>> main(["--max-nodes", "0", "EX-KO-1"])
    2
    """
    return run_standalone(PROG, __doc__.split("\n\n")[0], _arguments, run, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
