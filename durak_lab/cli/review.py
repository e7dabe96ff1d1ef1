"""``durak-lab review GAME``: every decision of a game judged, each player's accuracy, the key moments.

``durak-lab review GAME [--seat PN] [--budget S] [--playouts N] [--open] [--seed N] [--json] [--every-move]``
replays a ``durak-lab/1`` record (or a worked example) and judges every move
whose mover had a choice with :func:`~durak_lab.analysis.evaluation.review.review`:
the mover's chance with the best move (``before``), with the move played
(``after``), the chance lost and a label (``best``, ``only``, ``forced``, ``good``,
``inaccuracy``, ``mistake``, ``blunder``; the thresholds are in the README).  By
default each position is judged from the mover's own view, reading the other
players' moves as the expert bot does; ``--open`` judges with every card known.
``--seat PN`` judges that seat's moves only.  ``--budget S`` is CPU seconds per
decision (default 0.5, at most 600; a forced move gets a fifth), ``--playouts N``
a fixed number of playouts per decision instead: with ``--seed N`` (default 0) the
same review on every machine.  ``--every-move`` prints a sentence for every judged
move, not only the key moments.  While it thinks, a terminal's stderr shows one
line of progress (nothing when stderr is a file or a pipe).

``--json`` prints one object, :meth:`~durak_lab.analysis.evaluation.review.Review.to_json`
(a public contract, see the README)::

    {"moves": [{"index": i, "move": "P1 attack 7♦", "seat": "P1", "before": p, "after": p, "loss": x,
                "label": "best", "better": ["…"], "exact": bool, "options": n}, …],
     "players": {"P1": {"accuracy": x, "labels": {"best": n, …}}, …},
     "key_moments": [i, …], "mode": "view" | "open", "result": ["P2"] | [] | null}

Exit status: 0; 1 when the record holds a move the rules reject unexpectedly
(the moves before it are judged); 2 for a bad record, id or option, or rules the
evaluator does not play (e.g. pushing durak, doker); 130 after Ctrl-C (one line,
no traceback).

Standard library and the durak_lab core only.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "endgame.json")
>>> with open(path, "w", encoding="utf-8") as fh:
...     _ = fh.write('''{"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
...       "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]},
...                 "discard": "rest", "attacker": "P2", "first_bout": false},
...       "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦",
...                 "P2 take"]}''')
>>> main([path, "--open"])  # doctest: +ELLIPSIS
Review of the game
P1: accuracy 100 out of 100.
...
P2: accuracy 0 out of 100.
...
Key moment, move 1: P2 ... 7♦: a big mistake. ...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional, Sequence, TextIO

from .commands import replayed, run_standalone
from .console import write_line
from .evaluate import add_budget_options, unsupported
from ..analysis.evaluation.review import REVIEW_BUDGET, review
from ..engine.errors import DurakError, KernelUnsupported, RecordError
from ..engine.moves import parse_seat
from ..text.messages import say
from ..text.review import review_lines

__all__ = ["add_parser", "run", "main", "Progress"]

PROG = "durak-lab review"
_write = write_line


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``review`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ns = ap.parse_args(["review", "game.json", "--seat", "P2", "--every-move"])
    >>> ns.seat, ns.every_move, ns.budget, ns.json
    ('P2', True, 0.5, False)
    """
    p = sub.add_parser("review", help="judge every move of a game: accuracy, mistakes, key moments",
                       description="Replay a record and judge every decision with the evaluator: the chance "
                       "each move kept or gave away, a label (best, good, inaccuracy, mistake, blunder…), each "
                       "player's accuracy and the key moments.")
    _arguments(p)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="EX-ID|FILE", help="a durak-lab/1 record file or a worked-example id")
    p.add_argument("--seat", default=None, metavar="PN", help="judge this seat's moves only (default: every seat's)")
    add_budget_options(p, REVIEW_BUDGET, per=" per move")
    p.add_argument("--json", action="store_true", help="print one JSON object (see the README)")
    p.add_argument("--every-move", action="store_true", help="a sentence for every judged move, not only the "
                   "key moments")


class Progress:
    """One line of progress on a terminal (``\\r``, rewritten after each move, wiped at the end);
    nothing when ``stream`` is not a terminal.

    >>> import io
    >>> p = Progress(io.StringIO()); p.active
    False
    >>> p(1, 10); p.done()
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.width = 0
        try:
            self.active = bool(stream.isatty())
        except (AttributeError, OSError, ValueError):
            self.active = False

    def __call__(self, done: int, total: int) -> None:
        if self.active:
            self._show(say("rv-thinking", done=done, total=total))

    def _show(self, text: str) -> None:
        try:
            self.stream.write("\r" + text.ljust(self.width))
            self.stream.flush()
        except (OSError, ValueError, UnicodeEncodeError):  # the terminal went away, or cannot show "…"
            self.active = False
        self.width = max(self.width, len(text))

    def done(self) -> None:
        """Wipe the line (the output that follows starts on a clean line)."""
        if self.active and self.width:
            self._show("")
            try:
                self.stream.write("\r")
                self.stream.flush()
            except (OSError, ValueError):
                pass
        self.width = 0


def run(ns: argparse.Namespace, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the subcommand for parsed arguments (output to ``out``, messages and progress to ``err``:
    default ``sys.stdout`` and ``sys.stderr``); return the exit status.

    >>> ap = argparse.ArgumentParser(); _arguments(ap)
    >>> import io; err = io.StringIO()
    >>> run(ap.parse_args(["EX-HE-PUSH-HOUSE"]), err=err)
    2
    >>> print(err.getvalue(), end="")  # doctest: +ELLIPSIS
    durak-lab review: EX-HE-PUSH-HOUSE: the evaluator does not play these rules: the kernel does not support pushing (...)
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        record, result, n = replayed(ns.game)
    except RecordError as e:
        _write(err, f"{PROG}: {e}")
        return 2
    name = record.id or ns.game
    seat = None
    if ns.seat is not None:
        try:
            seat = parse_seat(ns.seat, record.rules.players)
        except DurakError as e:
            _write(err, f"{PROG}: " + say("cli-eval-bad-seat", why=e))
            return 2
    progress = Progress(err)
    try:
        # the game of the moves the replay played: a move the rules reject unexpectedly is not judged
        r = review(result.game, seat, budget=ns.budget, open=ns.open, playouts=ns.playouts, rng=ns.seed,
                   progress=progress)
    except KernelUnsupported as e:
        _write(err, f"{PROG}: {name}: {unsupported(e)}")
        return 2
    finally:
        progress.done()
    if ns.json:
        _write(out, json.dumps(r.to_json(), ensure_ascii=False))
    else:
        title = record.title or record.id
        for line in ([title] if title and title != ns.game else []) + review_lines(r, ns.every_move):
            _write(out, line)
    if not result.ok:
        _write(err, f"{PROG}: {result.problem}")
        return 1
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``durak-lab review`` on its own: parse ``argv`` (default ``sys.argv[1:]``) and :func:`run`.

    >>> main(["EX-KO-1", "--budget", "0"])
    2
    """
    return run_standalone(PROG, __doc__.split("\n\n")[0], _arguments, run, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
