"""``durak-lab solve EX-ID|FILE|POSITION [--json]``: the exact result of a two-player endgame.

Replays a ``durak-lab/1`` record (or a worked example) and solves the position
after its moves (or after the first ``--after N``) with the exact endgame
solver (:mod:`durak_lab.analysis.solver`): two players, an empty talon.  A position
text (:mod:`durak_lab.engine.notation`, the form ``str(position)`` prints, starting
``rules=``) is solved as it stands, also in the middle of a bout.  It prints the
result for the seat to act (win, draw or loss with best play), the best moves,
the other moves with their values, a line of best play and the positions
searched.  ``--json`` prints exactly one object::

    {"value": 1, "best_moves": ["P2 attack 8♥"], "pv": ["P2 attack 8♥", …], "nodes": 14}

``value`` is +1, 0 or -1 for the seat to act (the seat of the best moves).

The search stops after ``--max-nodes`` positions (default 1,000,000, a few
seconds): past it one line on stderr says so and how to raise the limit.

Exit status: 0; 1 when the record holds a move the rules reject unexpectedly
(the answer is then for the position before it) or the search passed
``--max-nodes``; 2 for a bad record, id or option, or a position outside the
solver's domain (the message says why, e.g. the talon is not empty); 130 after
Ctrl-C (one line, no traceback).

Standard library and the durak_lab core only.

>>> from durak_lab.engine.rules import Rules
>>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♦ 6♣", "8♦ 9♣"], trump="♠",
...                    discard="rest", attacker=1, first_bout=False).play("P2 attack 8♦")
>>> str(p)[:70]
'rules=podkidnoy,players=2 trump=♠ card=- hands=10♦.6♣|9♣ talon=- disca'
>>> main([str(p)])  # doctest: +ELLIPSIS
the position: P1 10♦ 6♣ | P2 9♣; table 8♦
P1 to act: draw with best play (0)
best: P1 cover 8♦ with 10♦
worse: P1 take (loss)
line: P1 cover 8♦ with 10♦; P1 attack 6♣; P2 cover 6♣ with 9♣
positions searched: ...
0
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "endgame.json")
>>> with open(path, "w", encoding="utf-8") as fh:
...     _ = fh.write('''{"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
...       "start": {"trump": "♠", "hands": {"P1": ["7♦"], "P2": ["8♦", "9♣"]},
...                 "discard": "rest", "attacker": "P1", "first_bout": false}}''')
>>> main([path, "--json"])
{"value": 1, "best_moves": ["P1 attack 7♦"], "pv": ["P1 attack 7♦", "P2 cover 7♦ with 8♦"], "nodes": 3}
0
>>> main([path])
after 0 moves: P1 7♦ | P2 8♦ 9♣
P1 to act: win with best play (+1)
best: P1 attack 7♦
line: P1 attack 7♦; P2 cover 7♦ with 8♦
positions searched: 3
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional, Sequence, TextIO

from .commands import DEFAULT_MAX_NODES, OptionError, int_in, replayed, run_standalone
from .console import write_line
from ..engine.errors import DurakError, RecordError, SolverDomainError
from ..analysis.solver.endgame import SearchLimitExceeded, Solver
from ..engine.state.position import Position
from ..text.catalogue import counted

__all__ = ["add_parser", "run", "main"]

PROG = "durak-lab solve"
_write = write_line


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``solve`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ap.parse_args(["solve", "game.json", "--json"]).json
    True
    """
    p = sub.add_parser("solve", help="the exact result of a two-player endgame (empty talon)",
                       description="Replay a record and solve the position after its moves exactly: two "
                       "players, an empty talon. Prints the result for the seat to act, the best moves and a "
                       "line of best play.")
    _arguments(p)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="EX-ID|FILE|POSITION",
                   help="a durak-lab/1 record file, a worked-example id, or a position text (rules=…)")
    p.add_argument("--after", type=int_in(0, 1_000_000), default=None, metavar="N",
                   help="solve the position after the first N moves of a record (default: all its moves)")
    p.add_argument("--max-nodes", type=int_in(1, 10 ** 10), default=DEFAULT_MAX_NODES, metavar="N",
                   help=f"give up (exit status 1) after searching N positions (default {DEFAULT_MAX_NODES:,}: "
                   "a few seconds)")
    p.add_argument("--json", action="store_true",
                   help='print {"value", "best_moves", "pv", "nodes"} as one JSON object')


def run(ns: argparse.Namespace, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the subcommand for parsed arguments (output to ``out``, messages to ``err``: default
    ``sys.stdout`` and ``sys.stderr``); return the exit status.

    >>> ap = argparse.ArgumentParser(); _arguments(ap)
    >>> import io; err = io.StringIO()
    >>> run(ap.parse_args(["EX-KO-1"]), err=err)
    2
    >>> print(err.getvalue().replace(": the solver", ":\\nthe solver"), end="")
    durak-lab solve: EX-KO-1 after 2 moves: the talon still holds 24 cards:
    the solver needs an empty talon, where nothing is hidden (R19, R28)
    """

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    record = result = None
    if ns.record.lstrip().startswith("rules="):
        if ns.after is not None:
            _write(err, f"{PROG}: --after: a position text has no moves to go back to")
            return 2
        try:
            position = Position.parse(ns.record)
        except DurakError as e:
            _write(err, f"{PROG}: the position text: {e}")
            return 2
        where = heading = "the position"
    else:
        try:
            record, result, n = replayed(ns.record, ns.after)
        except (RecordError, OptionError) as e:
            _write(err, f"{PROG}: {e}")
            return 2
        position = record.game_after(n).position
        heading = f"after {counted(n, 'moves', 'en')}"  # the output's English is its contract (see the tests)
        where = f"{record.id or ns.record} {heading}"
    try:
        solution = Solver(max_nodes=ns.max_nodes).solve(position)
    except SolverDomainError as e:
        _write(err, f"{PROG}: {where}: {e}")
        return 2
    except SearchLimitExceeded as e:
        _write(err, f"{PROG}: {where}: {e}; --max-nodes N raises the limit (now {ns.max_nodes:,})")
        return 1
    except DurakError as e:  # pragma: no cover - any other refusal names itself
        _write(err, f"{PROG}: {where}: {e}")
        return 2
    if ns.json:
        d = solution.to_dict()
        _write(out, json.dumps({k: d[k] for k in ("value", "best_moves", "pv", "nodes")}, ensure_ascii=False))
    else:
        title = record.title or record.id if record is not None else None
        if title:
            _write(out, title)
        hands = " | ".join(f"P{s + 1} {position.hand(s) or '-'}" for s in range(position.players))
        table = position.table_text()
        _write(out, f"{heading}: {hands}" + (f"; table {table}" if table else ""))
        for line in solution.text().splitlines():
            _write(out, line)
    if result is not None and not result.ok and ns.after is None:
        _write(err, f"{PROG}: {result.problem}")
        return 1
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``durak-lab solve`` on its own: parse ``argv`` and :func:`run`.

    >>> main(["--max-nodes", "1"])  # no record named: a bad command line
    2
    """
    return run_standalone(PROG, "Solve a record's two-player endgame exactly.", _arguments, run, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
