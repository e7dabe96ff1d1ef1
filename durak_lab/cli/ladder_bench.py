"""``durak-lab bench ladder``: the ladder of the levels and the population, with 95% intervals.

A duplicate round robin of ``--bots`` (names as ``durak-lab bench bots`` takes them: the levels,
``METHOD:ITERATIONS``, the population of :mod:`durak_lab.bots.population`, ``flat-mc:PLAYOUTS``),
``--deals`` deals each played once per seating and group, rated by Bradley–Terry with the
``--anchor`` bot at 1000 (:func:`durak_lab.bots.ladder`): each bot's rating with its bootstrap
interval, its games, its score (draws half), and the head-to-head scores of every pair.  The games
run on ``--workers`` local processes.  Figures are measurements, never assertions.

>>> main(["--bots", "random,greedy", "--deals", "3", "--workers", "1", "--boot", "20"])  # doctest: +ELLIPSIS
durak-lab bench ladder: podkidnoy, 2 players; random, greedy; 3 deals, 6 games...
bot ...
greedy ...
random ...
head to head (the first bot's score, draws half):
  greedy v random ...
0
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Optional

from .commands import cores, int_in
from ..bots.ratings import ladder, meetings
from ..engine.rules import PRESETS, Rules
from .bots_bench import make_bot, split_specs, workers_executor

__all__ = ["main"]


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench ladder``."""
    ap = argparse.ArgumentParser(prog="durak-lab bench ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="random,beginner,tips,greedy,endgame,search,expert",
                    help="comma-separated bots (default: every level, weakest first)")
    ap.add_argument("--anchor", default="greedy", help="the bot rated 1000 (default greedy)")
    ap.add_argument("--deals", type=int_in(1, 100_000), default=20, help="deals (default 20)")
    ap.add_argument("--preset", default="podkidnoy", choices=sorted(PRESETS))
    ap.add_argument("--players", type=int_in(2, 6), default=2)
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0)
    ap.add_argument("--boot", type=int_in(10, 10_000), default=200, help="bootstrap draws (default 200)")
    ap.add_argument("--workers", type=int_in(1, cores(), "more processes than cores only wait for each other"),
                    default=None, help="local processes (default: all cores)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    try:
        bots = [make_bot(b) for b in split_specs(args.bots)]
        rules = Rules.preset(args.preset, players=args.players)
    except ValueError as err:  # an unknown bot, or rules the preset refuses: one line
        ap.error(str(err))
    names = [b.name for b in bots]
    if len(set(names)) != len(names) or len(bots) < args.players:
        ap.error(f"--bots: {args.players} different bots at least (got {', '.join(names)})")
    if args.anchor not in names:
        ap.error(f"--anchor: {args.anchor!r} is not among the bots")
    executor = workers_executor(args.workers)

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty() or done == total:
            print(f"\r{done} of {total} games", end="\n" if done == total else "", file=sys.stderr)

    t0 = time.perf_counter()
    try:
        lad = ladder(rules, bots, args.deals, args.seed, anchor=args.anchor, boot=args.boot, executor=executor,
                     progress=progress)
    finally:
        if executor is not None:
            executor.shutdown()
    seconds = time.perf_counter() - t0
    rows = lad.rows()
    pairs = {f"{a} v {b}": {"score": round(s / m, 3), "meetings": m}
             for (a, b), (s, m) in sorted(meetings(lad.tournament.games).items())}
    if args.json:
        print(json.dumps({"preset": args.preset, "players": args.players, "deals": args.deals,
                          "games": len(lad.tournament.games), "seed": args.seed, "anchor": args.anchor,
                          "seconds": round(seconds, 1), "rows": rows, "pairs": pairs}))
        return 0
    print(f"durak-lab bench ladder: {args.preset}, {args.players} players; {', '.join(names)}; "
          f"{args.deals} deals, {len(lad.tournament.games)} games; {seconds:.1f} s")
    print(f"{'bot':<22}{'rating':>8}  {'95% interval':<17}{'games':>6}{'score':>8}")
    for r in rows:
        print(f"{r['bot']:<22}{r['rating']:>8.0f}  {r['low']:>6.0f} to {r['high']:<6.0f}{r['games']:>8}"
              f"{r['score']:>8.1%}")
    print("head to head (the first bot's score, draws half):")
    for pair, v in pairs.items():
        print(f"  {pair:<40}{v['score']:>7.1%} of {v['meetings']}")
    return 0
