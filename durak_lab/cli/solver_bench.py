"""``durak-lab bench solver``: how fast the exact endgame solver is, and how it grows.

For each size N it deals N+N cards of the deck to two players (a seeded
``random.Random``), picks a random trump suit and a random attacker, puts every
other card in the discard (an empty talon), and solves the position with a
fresh :class:`~durak_lab.analysis.solver.Solver` (its transposition table unbounded,
``max_table=None``) and its endgame tables
(:mod:`durak_lab.analysis.solver.tables`; ``--no-tables``: the search alone,
``Solver(tables=False)``): the value, every move's value, the
best moves and a principal variation (``--value-only``: the value alone).  It
prints the distribution of the solve times (median, p90, p99, max), of the
positions searched, the results, and how the median grows from one size to the
next, with the machine, the Python version and the load average beside them.
The figures are measurements, never assertions: the CPU time of each solve,
one at a time in one process on one core.

``--max-seconds`` stops a size early once its time is spent and says how many
positions it solved.  ``--results FILE`` keeps every solve in a JSON-lines
file and skips the positions already there: a size that takes long (8+8) can
be measured over several runs, each line naming its machine.

Standard library only.

>>> r = run_size(3, count=5, seed=1)
>>> r["positions"], r["cards"], sorted(r["results"])
(5, 3, ['draw', 'loss', 'win'])
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import statistics
import sys
import time
from typing import Optional, Sequence

from .bench import machine
from .commands import int_in, read_json_lines, seconds_in
from ..engine.random_play import random_endgame
from ..engine.rules import Rules
from ..analysis.solver.endgame import Solver, result_word
from ..engine.state.position import Position

__all__ = ["run_size", "solve_one", "load_results", "digest", "solver_stamp",
           "main", "DEFAULT_SIZES"]

DEFAULT_SIZES = (4, 5, 6, 7, 8)
#: The most cards per hand ``--sizes`` takes: two hands from a 36-card deck (8+8 already takes a second a solve).
MAX_SIZE = 18
_SECONDS = seconds_in(100_000, "a size stops once its solves took this long")


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile by the nearest-rank method (p99 of 1000 values is the 990th)."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, -(-int(q * 1000) * len(sorted_values) // 1000) - 1))
    return sorted_values[k]


def solve_one(preset: str, position_text: str, value_only: bool = False, tables: bool = True) -> tuple:
    """Solve one position (given as its position text) with a fresh solver (with its endgame
    tables, or without them: ``tables=False``); return ``(seconds, nodes, value)``: the
    benchmark's unit of work.

    >>> p = random_endgame(Rules.preset("podkidnoy", players=2), 3, 3, random.Random(2))
    >>> seconds, nodes, value = solve_one("podkidnoy", str(p))
    >>> nodes > 0 and value in (-1, 0, 1)
    True
    """
    position = Position.parse(position_text)
    if position.rules != Rules.preset(preset, players=2):
        raise ValueError(f"the position is not played under the {preset} preset")
    # the search itself, never slowed by thinning out a full table; with or without the endgame tables
    solver = Solver(max_table=None, tables=tables)
    t0 = time.process_time()
    value = solver.value(position) if value_only else solver.solve(position).value
    return time.process_time() - t0, solver.nodes, value


def digest(position_text: str) -> str:
    """A short fingerprint of a position text (the first 16 hex digits of its SHA-256), kept
    in a results file to check that a resumed run deals the same positions.

    >>> digest("rules=podkidnoy,players=2 trump=♥")
    'c7dc79e86b0e5136'
    """
    return hashlib.sha256(position_text.encode("utf-8")).hexdigest()[:16]


def solver_stamp() -> str:
    """A fingerprint of the solver's source and tables: the first 12 hex digits of the SHA-256
    of its modules read one after the other, in a fixed order (the modules of ``durak_lab/analysis/solver/``
    by name, then the model of the rules it searches, ``durak_lab/engine/kernel/endgame.py``), then the
    shipped endgame tables.  A results file's
    lines count only for the solver that made them.

    >>> len(solver_stamp())
    12
    """
    from ..analysis.solver import tables as solver_tables
    from ..engine.kernel import endgame as kernel_endgame

    h = hashlib.sha256()
    folder = os.path.dirname(os.path.abspath(solver_tables.__file__))
    paths = [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".py")]
    paths.append(str(kernel_endgame.__file__))
    paths += [solver_tables.shipped_path(name) for name in solver_tables.SHIPPED]
    for path in paths:
        if os.path.exists(path):
            with open(path, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()[:12]


def _load() -> Optional[float]:
    """The one-minute load average, if the system tells it."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def load_results(path: str) -> list:
    """The per-position lines of a results file (JSON lines; missing file: none).

    >>> load_results("/nonexistent/solver.jsonl")
    []
    """
    try:
        lines = read_json_lines(path, numbered=True)  # bounded, decoded by its byte-order mark; ResultsError is a ValueError
    except FileNotFoundError:
        return []
    out = []
    for number, rec in lines:
        missing = {"preset", "seed", "cards", "what", "index", "digest", "seconds", "nodes", "value"} - set(rec)
        if missing:
            raise ValueError(f"{path}, line {number}: no {', '.join(sorted(missing))}")
        out.append(rec)
    return out


def run_size(n: int, count: int = 1000, preset: str = "podkidnoy", seed: int = 0,
             value_only: bool = False, max_seconds: Optional[float] = None,
             results: Optional[str] = None, solve: bool = True, tables: bool = True) -> dict:
    """Solve ``count`` random N+N positions (fewer if ``max_seconds`` runs out); return the figures.

    Times are the CPU seconds of each solve (``time.process_time``: the
    solving process's own time, so a run paused with SIGSTOP or waiting for
    the processor does not count the wait), one solve at a time on one core;
    ``nodes`` counts the positions each solve searched.  ``max_seconds``
    bounds the time spent solving in this call.

    ``results`` names a JSON-lines file that keeps one line per solved
    position: its index in the seeded sequence, a digest of its position text,
    seconds, nodes, value, the machine, the Python, :func:`solver_stamp` and
    ``tables``, whether the solver used its endgame tables (a line without it
    comes from a solver that had none: False); lines of the other setting are
    another measurement, like those of another seed, and are left alone.
    Positions already in it, solved by this version of the solver, are not
    solved again; new ones are appended as they finish; the figures cover them
    all.  A long size can so be measured over several runs (each line says on
    which machine).  ``solve=False`` only reads the file (at least one line
    of the size must be there); when no line comes from this version of the
    solver it reports the lines of the earlier version that has the most
    (``current_solver`` is then False and ``solver`` names that version).

    >>> r = run_size(2, count=10, seed=5)
    >>> r["positions"], sum(r["results"].values()), r["median_ms"] <= r["max_ms"]
    (10, 10, True)
    """
    rules = Rules.preset(preset, players=2)
    rng = random.Random(f"{seed}:{preset}:{n}")
    what = "value" if value_only else "solve"
    texts = [str(random_endgame(rules, n, n, rng)) for _ in range(count)]
    done: dict = {}
    stamp_solver = solver_stamp()
    other = 0
    earlier: dict = {}  # lines of other versions of the solver, by their stamp
    if results is not None:
        for rec in load_results(results):
            if (rec["preset"], rec["seed"], rec["cards"], rec["what"], bool(rec.get("tables", False))) \
                    == (preset, seed, n, what, tables) and rec["index"] < count:
                same = rec["digest"] == digest(texts[rec["index"]])
                if rec.get("solver") != stamp_solver:  # another version of the solver: solve again
                    other += 1
                    if same:
                        earlier.setdefault(rec.get("solver"), {})[rec["index"]] = rec
                    continue
                if not same:
                    raise ValueError(f"{results}: position {rec['index']} of {n}+{n} is not the one this "
                                     "benchmark deals; the file belongs to another version")
                done[rec["index"]] = rec
    reported_solver = stamp_solver
    if not solve and not done and earlier:
        # A report of a file measured by an earlier solver only: its figures, said to be that solver's.
        reported_solver = max(earlier, key=lambda k: len(earlier[k]))
        done = earlier[reported_solver]
        other -= len(done)
    info = machine()
    stamp = {"cpu": info["cpu"], "python": f"{info['implementation']} {info['python']}"}
    spent = 0.0
    t_start = os.times()
    out = open(results, "a", encoding="utf-8") if results is not None else None
    try:
        for i, text in enumerate(texts):
            if i in done:
                continue
            if not solve or (max_seconds is not None and spent > max_seconds):
                break
            dt, nd, value = solve_one(preset, text, value_only, tables)
            spent += dt
            rec = {"preset": preset, "seed": seed, "cards": n, "what": what, "index": i, "digest": digest(text),
                   "seconds": round(dt, 6), "nodes": nd, "value": value, "solver": stamp_solver, "tables": tables,
                   **stamp, "load": _load()}
            done[i] = rec
            if out is not None:
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    recs = [done[i] for i in sorted(done)]
    if not recs:
        raise ValueError(f"{results}: no {what} of {n}+{n} {preset} positions (seed {seed}, "
                         f"{'with' if tables else 'without'} endgame tables) to report")
    ts = sorted(r["seconds"] for r in recs)
    ns = sorted(r["nodes"] for r in recs)
    tally = {"win": 0, "draw": 0, "loss": 0}
    for r in recs:
        tally[result_word(r["value"])] += 1
    return {
        "cards": n, "preset": preset, "positions": len(recs), "requested": count, "what": what, "tables": tables,
        "median_ms": statistics.median(ts) * 1e3, "p90_ms": _quantile(ts, 0.90) * 1e3,
        "p99_ms": _quantile(ts, 0.99) * 1e3, "max_ms": ts[-1] * 1e3, "mean_ms": statistics.fmean(ts) * 1e3,
        "nodes_median": statistics.median(ns), "nodes_p99": _quantile(ns, 0.99), "nodes_max": ns[-1],
        "total_s": sum(ts), "this_run_s": spent, "results": tally, "solver": reported_solver,
        "current_solver": reported_solver == stamp_solver,
        "this_run_user_s": round(os.times().user - t_start.user, 2),
        "this_run_system_s": round(os.times().system - t_start.system, 2),
        "other_solver_lines": other,
        "machines": sorted({f"{r.get('cpu', '?')}, {r.get('python', '?')}" for r in recs}),
    }


def _table(rows: list) -> str:
    head = (f"{'cards':>5} {'solved':>7} {'median ms':>10} {'p90 ms':>9} {'p99 ms':>9} {'max ms':>10} "
            f"{'nodes med':>10} {'nodes p99':>10} {'nodes max':>10} {'growth':>7}  win/draw/loss")
    lines = [head]
    prev = None
    for r in rows:
        growth = f"×{r['median_ms'] / prev:.1f}" if prev else "-"
        prev = r["median_ms"]
        res = r["results"]
        solved = f"{r['positions']}" + ("" if r["positions"] == r["requested"] else f"/{r['requested']}")
        lines.append(f"{str(r['cards']) + '+' + str(r['cards']):>5} {solved:>7} {r['median_ms']:>10.2f} "
                     f"{r['p90_ms']:>9.1f} {r['p99_ms']:>9.1f} {r['max_ms']:>10.1f} {r['nodes_median']:>10.0f} "
                     f"{r['nodes_p99']:>10.0f} {r['nodes_max']:>10.0f} {growth:>7}  "
                     f"{res['win']}/{res['draw']}/{res['loss']}")
    return "\n".join(lines)


def _sizes(text: str) -> tuple:
    """An argparse ``type`` for ``--sizes``: whole numbers of cards per hand, comma-separated.

    >>> _sizes("4, 5,6")
    (4, 5, 6)
    >>> _sizes("4,x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: cards per hand from 1 to 18, comma-separated (such as 4,5,6), not 'x'
    """
    size = int_in(1, MAX_SIZE, "two hands from a 36-card deck")
    out = []
    for part in text.split(","):
        if not part.strip():
            continue
        try:
            out.append(size(part))
        except argparse.ArgumentTypeError:
            shown = part.strip() if len(part.strip()) <= 15 else part.strip()[:15] + "…"
            raise argparse.ArgumentTypeError(f"cards per hand from 1 to {MAX_SIZE}, comma-separated (such as "
                                             f"4,5,6), not {shown!r}") from None
    if not out:
        raise argparse.ArgumentTypeError("give at least one size, such as 4,5,6")
    return tuple(out)


def _max_seconds(text: str) -> float:
    """An argparse ``type`` for ``--max-seconds``: a decimal from 0 (one solve a size) to 100,000.

    >>> _max_seconds("2.5"), _max_seconds("0")
    (2.5, 0.0)
    >>> _max_seconds("1e999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a number of seconds such as 0.5 or 2, not '1e999'
    """
    try:
        return _SECONDS(text)
    except argparse.ArgumentTypeError:
        if re.fullmatch(r"\s*(0+(\.0*)?|\.0+)\s*", text):
            return 0.0
        raise


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the benchmark with command-line ``argv``; print the figures; return 0.

    >>> main(["--sizes", "2,3", "--count", "3", "--json"])  # doctest: +ELLIPSIS
    {...
    0
    """
    parser = argparse.ArgumentParser(
        prog="durak-lab bench solver",
        description="Time the exact endgame solver on random two-player positions with an empty talon.")
    parser.add_argument("--sizes", type=_sizes, default=DEFAULT_SIZES,
                        help=f"cards per hand, comma-separated, 1 to {MAX_SIZE} (default 4,5,6,7,8)")
    parser.add_argument("--count", type=int_in(1, 1_000_000), default=1000, help="positions per size (default 1000)")
    parser.add_argument("--preset", default="podkidnoy", help="rules preset (default podkidnoy)")
    parser.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="seed of the deals (default 0)")
    parser.add_argument("--value-only", action="store_true", help="time the value alone, not the full solve")
    parser.add_argument("--no-tables", action="store_true",
                        help="solve without the endgame tables (Solver(tables=False)): the search alone")
    parser.add_argument("--max-seconds", type=_max_seconds, default=None,
                        help="stop a size once its solves took this long (the table says how many)")
    parser.add_argument("--results", default=None, metavar="FILE",
                        help="keep every solve in this JSON-lines file and skip positions already in it, "
                             "so a long run can stop and resume (the figures cover the whole file)")
    parser.add_argument("--report", action="store_true",
                        help="with --results: print the figures of the file, solve nothing")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(list(argv) if argv is not None else None)
    sizes = list(args.sizes)
    if max(sizes, default=0) >= 8 and args.count >= 100 and not args.report and args.max_seconds is None:
        print(f"durak-lab bench solver: {args.count} positions of {max(sizes)}+{max(sizes)} cards take a long "
              "while (8+8: over a second each on average with the endgame tables, about half an hour in all)"
              + ("" if args.results else "; --results FILE keeps every solve, so a stopped run can resume"),
              file=sys.stderr, flush=True)
    rows: list = []
    for n in sizes:
        if args.report and args.results is None:
            parser.error("--report reads a results file: give --results FILE")
        try:
            rows.append(run_size(n, args.count, args.preset, args.seed, args.value_only, args.max_seconds,
                                 args.results, solve=not args.report, tables=not args.no_tables))
        except ValueError as err:
            print(f"durak-lab bench solver: {err}", file=sys.stderr)
            if args.report and "to report" in str(err):
                continue  # a size not measured yet: the table shows the others
            return 2
        if not args.json:
            r = rows[-1]
            print(f"  {n}+{n}: {r['positions']} positions solved, {r['this_run_s']:.1f} s of solving in this "
                  f"run (user {r['this_run_user_s']:.1f} s, system {r['this_run_system_s']:.1f} s)",
                  file=sys.stderr, flush=True)
    if not rows:
        return 2
    info = machine()
    if args.json:
        print(json.dumps({"machine": info, "preset": args.preset, "seed": args.seed,
                          "what": "value" if args.value_only else "solve", "tables": not args.no_tables,
                          "sizes": rows}, indent=1))
        return 0
    what = "value only" if args.value_only else "full solve: value, every move's value, best moves, line"
    tables = "without endgame tables (the search alone)" if args.no_tables else "with the endgame tables"
    print(f"durak-lab solver benchmark: {args.preset}, two players, empty talon, seed {args.seed}, {what}; "
          f"{tables}")
    print(f"machine: {info['cpu']}, {info['cores']} cores, {info['platform']}; "
          f"{info['implementation']} {info['python']}; load average {info['load_average']}")
    print(_table(rows))
    print("times are CPU seconds per solve, one at a time on one core; growth is the median's ratio to the "
          "size before")
    earlier = sorted({m for r in rows for m in r["machines"]} - {f"{info['cpu']}, {info['implementation']} "
                                                                  f"{info['python']}"})
    if earlier:
        print("some solves in the results file ran on: " + "; ".join(earlier))
    older = sorted({r["solver"] for r in rows if not r["current_solver"]}, key=str)
    if older:
        print(f"these figures were measured by an earlier version of the solver ({', '.join(map(str, older))}; "
              f"this one is {solver_stamp()}): run without --report to measure this one")
    stale = sum(r["other_solver_lines"] for r in rows)
    if stale:
        print(f"{stale} lines of the results file came from another version of the solver: solved again, "
              "not counted")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
