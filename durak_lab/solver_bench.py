"""``durak-lab bench solver``: how fast the exact endgame solver is, and how it grows.

For each size N it deals N+N cards of the deck to two players (a seeded
``random.Random``), picks a random trump suit and a random attacker, puts every
other card in the discard (an empty talon), and solves the position with a
fresh :class:`~durak_lab.solver.Solver`: the value, every move's value, the
best moves and a principal variation (``--value-only``: the value alone).  It
prints the distribution of the solve times (median, p90, p99, max), of the
positions searched, the results, and how the median grows from one size to the
next, with the machine, the Python version and the load average beside them.
The figures are measurements, never assertions; one process, one core.

``--max-seconds`` stops a size early once its time is spent and says how many
positions it solved.

Standard library only.

>>> r = run_size(3, count=5, seed=1)
>>> r["positions"], r["cards"], sorted(r["results"])
(5, 3, ['draw', 'loss', 'win'])
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Optional, Sequence

from .cards import SUIT_SYMBOLS, cards_of, deck_mask
from .game import Game
from .rules import Rules
from .solver import Solver, result_word
from .state import Position

__all__ = ["random_endgame", "random_game", "run_size", "machine", "main", "DEFAULT_SIZES"]

DEFAULT_SIZES = (4, 5, 6, 7, 8)


def random_endgame(rules: Rules, n: int, m: int, rng: random.Random) -> Position:
    """A two-player position with an empty talon: ``n`` and ``m`` random cards, a random trump
    suit, a random attacker, every other card in the discard (no first-bout limit).

    >>> p = random_endgame(Rules.preset("podkidnoy", players=2), 4, 4, random.Random(7))
    >>> len(p.hand(0)), len(p.hand(1)), len(p.talon), p.first_limit
    (4, 4, 0, False)
    """
    deck = cards_of(deck_mask(rules.lowest_rank))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:n + m])]
    return Position.start(rules, hands=hands, trump=SUIT_SYMBOLS[rng.randrange(4)], discard="rest",
                          attacker=rng.randrange(2), first_bout=False)


def random_game(rules: Rules, seed: int) -> Game:
    """A whole game from a seeded deal, every move chosen uniformly at random from the
    sequential moves (material for :mod:`durak_lab.analyser`: random play makes mistakes).

    >>> g = random_game(Rules.preset("podkidnoy", players=2), seed=6)
    >>> g.is_over, len(g.moves), g.result
    (True, 50, (1,))
    """
    rng = random.Random(seed)
    game = Game.deal(rules, seed=seed)
    while not game.is_over:
        moves = game.position.sequential_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile by the nearest-rank method (p99 of 1000 values is the 990th)."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, -(-int(q * 1000) * len(sorted_values) // 1000) - 1))
    return sorted_values[k]


def run_size(n: int, count: int = 1000, preset: str = "podkidnoy", seed: int = 0,
             value_only: bool = False, max_seconds: Optional[float] = None) -> dict:
    """Solve ``count`` random N+N positions (fewer if ``max_seconds`` runs out); return the figures.

    Times are wall-clock seconds per solve (``time.perf_counter``); ``nodes``
    counts the positions each solve searched.

    >>> r = run_size(2, count=10, seed=5)
    >>> r["positions"], sum(r["results"].values()), r["median_ms"] <= r["max_ms"]
    (10, 10, True)
    """
    rules = Rules.preset(preset, players=2)
    rng = random.Random(f"{seed}:{preset}:{n}")
    times: list = []
    nodes: list = []
    results = {"win": 0, "draw": 0, "loss": 0}
    spent = 0.0
    for _ in range(count):
        p = random_endgame(rules, n, n, rng)
        solver = Solver()
        t0 = time.perf_counter()
        if value_only:
            value = solver.value(p)
        else:
            value = solver.solve(p).value
        dt = time.perf_counter() - t0
        spent += dt
        times.append(dt)
        nodes.append(solver.nodes)
        results[result_word(value)] += 1
        if max_seconds is not None and spent > max_seconds:
            break
    ts = sorted(times)
    ns = sorted(nodes)
    return {
        "cards": n, "preset": preset, "positions": len(times), "requested": count,
        "what": "value" if value_only else "solve",
        "median_ms": statistics.median(ts) * 1e3, "p90_ms": _quantile(ts, 0.90) * 1e3,
        "p99_ms": _quantile(ts, 0.99) * 1e3, "max_ms": ts[-1] * 1e3, "mean_ms": statistics.fmean(ts) * 1e3,
        "nodes_median": statistics.median(ns), "nodes_p99": _quantile(ns, 0.99), "nodes_max": ns[-1],
        "total_s": spent, "results": results,
    }


def machine() -> dict:
    """The machine and the Python running the benchmark.

    >>> sorted(machine())[:3]
    ['cores', 'cpu', 'load_average']
    """
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        load = None
    return {"cpu": cpu, "cores": os.cpu_count(), "system": platform.platform(),
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "load_average": load}


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


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the benchmark with command-line ``argv``; print the figures; return 0.

    >>> main(["--sizes", "2,3", "--count", "3", "--json"])  # doctest: +ELLIPSIS
    {...
    0
    """
    parser = argparse.ArgumentParser(
        prog="durak-lab bench solver",
        description="Time the exact endgame solver on random two-player positions with an empty talon.")
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)),
                        help="cards per hand, comma-separated (default 4,5,6,7,8)")
    parser.add_argument("--count", type=int, default=1000, help="positions per size (default 1000)")
    parser.add_argument("--preset", default="podkidnoy", help="rules preset (default podkidnoy)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--value-only", action="store_true", help="time the value alone, not the full solve")
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="stop a size once its solves took this long (the table says how many)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(list(argv) if argv is not None else None)
    sizes = [int(s) for s in str(args.sizes).split(",") if s.strip()]
    rows = []
    for n in sizes:
        rows.append(run_size(n, args.count, args.preset, args.seed, args.value_only, args.max_seconds))
        if not args.json:
            print(f"  {n}+{n}: {rows[-1]['positions']} positions in {rows[-1]['total_s']:.1f} s",
                  file=sys.stderr, flush=True)
    info = machine()
    if args.json:
        print(json.dumps({"machine": info, "preset": args.preset, "seed": args.seed,
                          "what": "value" if args.value_only else "solve", "sizes": rows}, indent=1))
        return 0
    what = "value only" if args.value_only else "full solve: value, every move's value, best moves, line"
    print(f"durak-lab solver benchmark: {args.preset}, two players, empty talon, seed {args.seed}, {what}")
    print(f"machine: {info['cpu']}, {info['cores']} cores, {info['system']}; {info['python']}; "
          f"load average {info['load_average']}")
    print(_table(rows))
    print("times are wall-clock per position, one core; growth is the median's ratio to the size before")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
