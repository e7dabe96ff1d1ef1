"""``durak-lab trumps FILE --seat P1``: who holds how many trumps, seen from one seat.

After the record's moves (or the first ``--after N``), prints for every
other seat and the talon the exact distribution of the number of trumps it
holds, as the seat can count them (:mod:`durak_lab.analysis.probability`; at the deal
the trumps below the one shown under R7 count as lying in the talon).  With
``--epsilon E`` the posterior of :mod:`durak_lab.analysis.inference` instead: the
opponents' voluntary actions weighed by an ε model (exact for two players,
sampled with ``--samples`` and ``--seed`` for more).

``--json`` prints one object, exact fractions as strings::

    {"P2": {"0": "5/17", "1": "…", …}, …, "talon": {…}}

(sampled posteriors give decimal strings).  Exit status: 0; 1 when the
record holds a move the rules reject unexpectedly (the answer is then for
the moves before it); 2 for a bad record, seat or option.

Standard library and the durak_lab core only.

>>> main(["EX-KO-DEAL", "--seat", "P1", "--json"])   # P2 showed the 6♥ and led the 7♦
{"P2": {"1": "133/390", "2": "266/585", "3": "7/39", "4": "14/585", "5": "1/1170"}, "talon": {"3": "1/1170", "4": "14/585", "5": "7/39", "6": "266/585", "7": "133/390"}}
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from fractions import Fraction
from typing import Any, Optional, Sequence, TextIO

from .commands import OptionError, int_in, probability, replayed, run_standalone
from .console import write_line
from ..engine.cards import SUIT_SYMBOLS
from ..engine.errors import DurakError, RecordError
from ..engine.moves import parse_seat, seat_text
from ..analysis.probability import fraction_text, trump_counts
from ..text.catalogue import counted

__all__ = ["add_parser", "run", "main", "trump_report"]

PROG = "durak-lab trumps"
#: The most hypotheses ``--samples`` samples (a few seconds).
MAX_SAMPLES = 100_000


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``trumps`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ap.parse_args(["trumps", "EX-KO-1", "--seat", "P2"]).seat
    'P2'
    """
    p = sub.add_parser("trumps", help="who holds how many trumps, seen from one seat",
                       description="After a record's moves, the exact distribution of the number of trumps "
                       "in every other hand and in the talon, as one seat can count them.")
    _arguments(p)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="EX-ID|FILE", help="a worked-example id or a durak-lab/1 record file")
    p.add_argument("--seat", default="P1", help="whose view: P1 (default), P2, …")
    p.add_argument("--after", type=int_in(0, 1_000_000), default=None, metavar="N",
                   help="after the first N moves (default: all the record's moves)")
    p.add_argument("--epsilon", type=probability, default=None, metavar="E",
                   help="the posterior of an epsilon opponent model (e.g. 1/10) instead of counting")
    p.add_argument("--samples", type=int_in(1, MAX_SAMPLES, "about a second per 20,000"), default=4000,
                   help=f"hypotheses sampled for more than 2 players (default 4000, at most {MAX_SAMPLES:,})")
    p.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="seed of the sampling")
    p.add_argument("--json", action="store_true", help="print one JSON object of exact fractions")


_write = write_line


def trump_report(record: Any, seat: int, after: Optional[int] = None, epsilon: Optional[str] = None,
                 samples: int = 4000, seed: int = 0) -> tuple:
    """``(distributions, heading)``: ``{label: {count: probability}}`` and a line saying what they are.

    >>> from durak_lab.engine.records import load_example
    >>> dists, heading = trump_report(load_example("EX-KO-1"), seat=1)
    >>> sorted(dists), heading
    (['P1', 'talon'], 'trumps seen from P2 after 2 moves (P1 cover 7♦ with Q♦), by counting; trump ♥')
    """
    from ..analysis.inference.evidence import observe
    from ..analysis.inference.infer import EpsilonModel, counting_knowledge, posterior

    t = observe(record, seat, upto=after)
    n = len(t.moves)
    last = f" ({t.moves[-1]})" if n else ""
    if epsilon is None:
        dists = trump_counts(counting_knowledge(t, n))
        how = "by counting"
    else:
        post = posterior(record, seat, EpsilonModel(epsilon), upto=after, n=samples, rng=random.Random(seed))
        dists = post.trump_counts()
        how = (f"posterior with epsilon {epsilon}" + ("" if post.exact else
               f", {post.n} sampled hypotheses (effective {post.ess:.0f})"))
    trump = SUIT_SYMBOLS[t.start.trump]
    # the report's English is its contract (the tests and the README read it); the plural is the catalogue's
    return dists, f"trumps seen from {seat_text(seat)} after {counted(n, 'moves', 'en')}{last}, {how}; trump {trump}"


def _value_text(p: Any) -> str:
    return fraction_text(p) if isinstance(p, (Fraction, int)) else format(float(p), ".12g")


def _table(dists: dict) -> list:
    lines = []
    width = max(len(label) for label in dists)
    for label, dist in dists.items():
        mean = sum(x * float(p) for x, p in dist.items())
        cells = "   ".join(f"{x}: {_value_text(p)} ({float(p):.1%})" for x, p in dist.items())
        lines.append(f"  {label:<{width}}  {cells}   [expected {mean:.2f}]")
    return lines


def run(ns: argparse.Namespace, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the subcommand for parsed arguments (output to ``out``, messages to ``err``: default
    ``sys.stdout`` and ``sys.stderr``); return the exit status.

    >>> ap = argparse.ArgumentParser(); _arguments(ap)
    >>> run(ap.parse_args(["EX-KO-1", "--seat", "P2", "--json"]))
    {"P1": {"0": "209/780", "1": "209/468", "2": "55/234", "3": "11/234", "4": "11/3276", "5": "1/16380"}, "talon": {"2": "1/16380", "3": "11/3276", "4": "11/234", "5": "55/234", "6": "209/468", "7": "209/780"}}
    0
    """

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr

    try:
        record, result, _ = replayed(ns.record, ns.after)
    except (RecordError, OptionError) as e:
        _write(err, f"{PROG}: {e}")
        return 2
    try:
        seat = parse_seat(ns.seat, record.rules.players)
    except DurakError as e:
        _write(err, f"{PROG}: --seat: {e}")
        return 2
    try:
        if ns.epsilon is not None:
            Fraction(ns.epsilon)
        dists, heading = trump_report(record, seat, ns.after, ns.epsilon, ns.samples, ns.seed)
    except (ValueError, ZeroDivisionError) as e:
        _write(err, f"{PROG}: --epsilon: {ns.epsilon!r} is not a probability ({e})")
        return 2
    except DurakError as e:
        _write(err, f"{PROG}: {e}")
        return 2
    if ns.json:
        _write(out, json.dumps({label: {str(x): _value_text(p) for x, p in dist.items()}
                                for label, dist in dists.items()}, ensure_ascii=False))
    else:
        title = record.title or record.id
        if title:
            _write(out, title)
        _write(out, heading)
        for line in _table(dists):
            _write(out, line)
    if not result.ok:
        _write(err, f"{PROG}: {result.problem}")
        return 1
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``durak-lab trumps`` on its own: parse ``argv`` (default ``sys.argv[1:]``) and run.

    >>> main(["EX-KO-1", "--seat", "P7"])
    2
    """
    return run_standalone(PROG, __doc__.split("\n\n")[0], _arguments, run, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
