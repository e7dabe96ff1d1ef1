"""``durak-lab bench``: how fast the engine plays uniformly random games.

Each game is dealt from a seed and played under the sequential protocol: at
every step one move is chosen uniformly at random (an explicit
``random.Random``) from :meth:`Position.sequential_moves` and applied.  One
process, one core.  The figures are printed with the machine and the Python
version beside them; they are measurements, never assertions.

Standard library only.

>>> r = run_case("podkidnoy", 2, games=3, seed=1)
>>> r["games"], r["actions"] > 0
(3, True)
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
from typing import Optional

from ..engine.rules import Rules
from ..engine.state import Position

__all__ = ["run_case", "main", "random_game"]

CASES = (("podkidnoy", 2), ("podkidnoy", 4), ("perevodnoy", 2), ("perevodnoy", 4))


def random_game(rules: Rules, rng: random.Random) -> int:
    """Play one uniformly random game; return the number of actions.

    >>> random_game(Rules(players=2), random.Random(5)) > 10
    True
    """
    p = Position.deal(rules, rng)
    n = 0
    rand = rng.random
    while p.result is None:
        moves = p.sequential_moves()
        p = p.play_unchecked(moves[int(rand() * len(moves))])  # uniform over the legal moves
        n += 1
    return n


def run_case(preset: str, players: int, games: int = 1000, seed: int = 0, repeat: int = 1) -> dict:
    """Time ``games`` random games of ``preset`` with ``players``, ``repeat`` times; return the figures.

    The same seeded games are played in every repeat; the rates use the median time
    (``seconds``), and ``seconds_min``/``seconds_max`` show how noisy the machine was.
    """
    rules = Rules.preset(preset, players=players)
    times = []
    actions = 0
    for _ in range(max(1, repeat)):
        rng = random.Random(seed)
        actions = 0
        t0 = time.perf_counter()
        for _ in range(games):
            actions += random_game(rules, rng)
        times.append(time.perf_counter() - t0)
    dt = statistics.median(times)
    return {"preset": preset, "players": players, "games": games, "actions": actions,
            "repeat": len(times), "seconds": round(dt, 3), "seconds_min": round(min(times), 3),
            "seconds_max": round(max(times), 3), "games_per_s": round(games / dt, 1),
            "actions_per_s": round(actions / dt), "actions_per_game": round(actions / games, 1)}


def machine() -> dict:
    """The machine and Python the figures were taken on, and how busy the machine was.

    >>> sorted(machine())
    ['cores', 'cpu', 'implementation', 'load_average', 'platform', 'python', 'system']
    """
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load: Optional[list] = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):  # not every system reports a load average
        load = None
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "system": f"{platform.system()} {platform.machine()}", "cpu": cpu or platform.machine(),
            "cores": os.cpu_count(), "platform": platform.platform(), "load_average": load}


#: ``durak-lab bench NAME …`` runs the benchmark of another part of the package.
SUITES = {"solver": "durak_lab.cli.solver_bench", "probability": "durak_lab.cli.probability_bench"}


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench`` (the engine) and ``durak-lab bench solver|probability …``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUITES:
        import importlib

        try:
            suite = importlib.import_module(SUITES[argv[0]])
        except ImportError as err:
            print(f"durak-lab bench {argv[0]}: not available ({err})", file=sys.stderr)
            return 2
        return int(suite.main(argv[1:]) or 0)
    ap = argparse.ArgumentParser(prog="durak-lab bench", description=__doc__.split("\n\n")[0],
                                 epilog="Other benchmarks: durak-lab bench solver …, durak-lab bench "
                                        "probability … (each with --help).")
    ap.add_argument("--games", type=int, default=2000, help="games per case (default 2000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random games")
    ap.add_argument("--repeat", type=int, default=3, help="time each case this often; report the median "
                                                        "(default 3)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    results = [run_case(preset, players, args.games, args.seed, args.repeat) for preset, players in CASES]
    info = machine()
    if args.json:
        print(json.dumps({"machine": info, "results": results}, ensure_ascii=False, indent=2))
        return 0
    print("durak-lab bench: uniformly random games, sequential protocol, one core")
    print(f"Python {info['python']} ({info['implementation']}) on {info['system']}, {info['cpu']}, "
          f"{info['cores']} cores")
    print(f"median of {results[0]['repeat']} timed runs per case; the same seeded games in each run")
    print(f"{'rules':<12} {'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}"
          f"  {'seconds (min-median-max)':>26}")
    for r in results:
        print(f"{r['preset']:<12} {r['players']:>7} {r['games']:>7} {r['games_per_s']:>9.1f} "
              f"{r['actions_per_s']:>10} {r['actions_per_game']:>13}  "
              f"{r['seconds_min']:>8.3f} {r['seconds']:>8.3f} {r['seconds_max']:>8.3f}")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
