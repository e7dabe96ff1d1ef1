"""``durak-lab bench tournament``: how a tournament's games scale past one process.

One round robin (``--bots``, ``--deals`` deals each played once per seat) is played in this
process, on a local process pool and on a local Dask cluster (when ``distributed`` is
installed) of each number of ``--workers``, each pool once with a task a game and once with
the games sent in chunks (:func:`durak_lab.bots.executors.run_jobs`).  The cases are timed in
turn, ``--rounds`` times (the machine's load drifts; medians are reported), on pools and
clusters started beforehand and warmed up; the games of every case are checked to be the
games of one process.  Figures are measurements, never assertions.

>>> main(["--deals", "4", "--workers", "1", "--rounds", "1", "--no-dask"])  # doctest: +ELLIPSIS
durak-lab bench tournament: greedy, tips; 8 games; ... rounds
case ...
one process ...
0

Standard library only (Dask when installed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from itertools import combinations
from typing import Optional

from .commands import int_in
from ..bots.executors import InProcess, run_jobs
from ..bots.tournament import deal_jobs, fresh_game
from ..engine.rules import PRESETS, Rules
from .bots_bench import make_bot, split_specs

__all__ = ["main"]


def _jobs(rules: Rules, bots: list, deals: int, seed: int) -> list:
    jobs = []
    for group in combinations(bots, rules.players):
        jobs.extend((rules, lineup, s, i, r, 5_000) for lineup, s, i, r in deal_jobs(rules, list(group), deals,
                                                                                       seed, True))
    return jobs


def _play(jobs: list, executor: Executor, chunk: Optional[int]) -> tuple:
    t0 = time.perf_counter()
    games = list(run_jobs(fresh_game, jobs, executor, chunk=chunk))
    return time.perf_counter() - t0, [(g.seed, g.rotation, g.losers, len(g.moves)) for g in games]


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench tournament``."""
    ap = argparse.ArgumentParser(prog="durak-lab bench tournament", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="greedy,tips", help="the bots of the round robin (default greedy,tips)")
    ap.add_argument("--deals", type=int_in(1, 100_000), default=900, help="deals (default 900: 1,800 games of two)")
    ap.add_argument("--preset", default="podkidnoy", choices=sorted(PRESETS))
    ap.add_argument("--players", type=int_in(2, 6), default=2)
    ap.add_argument("--workers", default="1,2", help="the pools' sizes, comma-separated (default 1,2)")
    ap.add_argument("--rounds", type=int_in(1, 50), default=3, help="times each case is timed (default 3)")
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0)
    ap.add_argument("--no-dask", action="store_true", help="leave the Dask cluster out")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    rules = Rules.preset(args.preset, players=args.players)
    try:
        bots = [make_bot(b) for b in split_specs(args.bots)]
        workers = sorted({int(w) for w in args.workers.split(",") if w.strip()})
    except ValueError as err:
        ap.error(str(err))
    if len(bots) < rules.players or not workers or min(workers) < 1:
        ap.error("give enough bots for the table and worker counts of 1 or more")
    jobs = _jobs(rules, bots, args.deals, args.seed)

    cases: list = [("one process", InProcess(), None)]
    closers: list = []
    started: dict = {}
    for w in workers:
        pool = ProcessPoolExecutor(max_workers=w)
        list(pool.map(abs, range(4 * w)))  # the workers started before the clock runs
        closers.append(pool.shutdown)
        cases += [(f"process pool, {w} workers, a task a game", pool, 1),
                  (f"process pool, {w} workers, chunks", pool, None)]
    if not args.no_dask:
        try:
            import distributed
        except ImportError:
            distributed = None
        for w in workers if distributed is not None else ():
            t0 = time.perf_counter()
            cluster = distributed.LocalCluster(n_workers=w, threads_per_worker=1, processes=True,
                                               host="127.0.0.1", dashboard_address=None)
            client = distributed.Client(cluster)
            started[f"dask, {w} workers"] = round(time.perf_counter() - t0, 2)
            closers += [client.close, cluster.close]
            ex = client.get_executor()
            ex.submit(abs, 1).result()
            cases += [(f"dask, {w} workers, a task a game", ex, 1), (f"dask, {w} workers, chunks", ex, None)]
    times: dict = {name: [] for name, _, _ in cases}
    reference = None
    same = True
    try:
        for _ in range(args.rounds):
            for name, ex, chunk in cases:
                seconds, games = _play(jobs, ex, chunk)
                times[name].append(seconds)
                reference = games if reference is None else reference
                same = same and games == reference
    finally:
        for close in reversed(closers):
            close()
    base = statistics.median(times["one process"])
    rows = [{"case": name, "median_s": round(statistics.median(t), 3), "runs": [round(x, 3) for x in t],
             "speedup": round(base / statistics.median(t), 2)} for name, t in times.items()]
    out = {"bots": [b.name for b in bots], "games": len(jobs), "rounds": args.rounds, "same_games": same,
           "cluster_start_s": started, "cases": rows}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"durak-lab bench tournament: {', '.join(out['bots'])}; {len(jobs)} games; {args.rounds} rounds")
    print(f"{'case':<42} {'median s':>9} {'vs one process':>15}")
    for r in rows:
        print(f"{r['case']:<42} {r['median_s']:>9.3f} {r['speedup']:>14.2f}x")
    print("every case played the games of one process" if same else "THE GAMES DIFFER between cases")
    for name, s in started.items():
        print(f"{name}: the cluster started in {s} s (not timed above)")
    return 0 if same else 1
