"""``durak-lab bench``: how fast the engine plays uniformly random games.

Each game is dealt from a seed and played under the sequential protocol: at
every step one move is chosen uniformly at random (an explicit
``random.Random``) from :meth:`Position.sequential_moves` and applied.  One
process, one core.  The lean kernel (:mod:`durak_lab.engine.kernel`) plays the
same seeded games (the same moves, the same actions) and is timed beside the
reference engine, the two interleaved run by run; ``--verify N`` first checks
that both play the same games.  The figures are printed with the machine and
the Python version beside them; they are measurements, never assertions.

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

from .commands import int_in, refuse_empty_option
from ..engine import kernel
from ..engine.kernel.check import reference_game
from ..engine.rules import Rules

__all__ = ["run_case", "run_cases", "greedy_cases", "verify", "main", "random_game"]

CASES = (("podkidnoy", 2), ("podkidnoy", 4), ("perevodnoy", 2), ("perevodnoy", 4))


def random_game(rules: Rules, rng: random.Random) -> int:
    """Play one uniformly random game; return the number of actions.

    >>> random_game(Rules(players=2), random.Random(5)) > 10
    True
    """
    return reference_game(rules, rng)[0]  # uniform over the legal moves of Position


def _time_once(engine: str, rules: Rules, games: int, seed: int, clock) -> tuple:
    """One timed run: ``(seconds, actions)``."""
    if engine == "kernel":
        t0 = clock()
        actions = kernel.random_games(rules, games, seed)[0]
        return clock() - t0, actions
    rng = random.Random(seed)
    actions = 0
    t0 = clock()
    for _ in range(games):
        actions += random_game(rules, rng)
    return clock() - t0, actions


def _figures(preset: str, players: int, games: int, actions: int, times: list) -> dict:
    dt = statistics.median(times)
    return {"preset": preset, "players": players, "games": games, "actions": actions,
            "repeat": len(times), "seconds": round(dt, 3), "seconds_min": round(min(times), 3),
            "seconds_max": round(max(times), 3), "games_per_s": round(games / dt, 1),
            "actions_per_s": round(actions / dt), "actions_per_game": round(actions / games, 1)}


def run_case(preset: str, players: int, games: int = 1000, seed: int = 0, repeat: int = 1,
             engine: str = "reference", clock=time.perf_counter) -> dict:
    """Time ``games`` random games of ``preset`` with ``players``, ``repeat`` times; return the figures.

    The same seeded games are played in every repeat; the rates use the median time
    (``seconds``), and ``seconds_min``/``seconds_max`` show how noisy the machine was.
    ``engine``: ``"reference"`` (Position) or ``"kernel"`` (the same games, the lean kernel).

    >>> kern = run_case("perevodnoy", 2, games=3, seed=1, engine="kernel")
    >>> kern["actions"] == run_case("perevodnoy", 2, games=3, seed=1)["actions"]
    True
    """
    return run_cases([(preset, players)], games, seed, repeat, (engine,), clock)[engine][0]


def run_cases(cases, games: int, seed: int = 0, repeat: int = 1, engines=("reference", "kernel"),
              clock=time.perf_counter) -> dict:
    """Time every case with every engine, interleaved (run 1 of each, then run 2 …): ``{engine: [figures]}``."""
    times: dict = {(e, c): [] for e in engines for c in cases}
    actions: dict = {}
    for _ in range(max(1, repeat)):
        for c in cases:
            rules = Rules.preset(c[0], players=c[1])
            for e in engines:
                dt, actions[e, c] = _time_once(e, rules, games, seed, clock)
                times[e, c].append(dt)
    return {e: [_figures(c[0], c[1], games, actions[e, c], times[e, c]) for c in cases] for e in engines}


def greedy_cases(cases, games: int, seed: int = 0, repeat: int = 1, clock=time.perf_counter) -> list:
    """Greedy playouts (both policies the kernel's :func:`~durak_lab.engine.kernel.greedy`) from
    ``games`` seeded deals of each case, on the listing loop and on the loops made for the greedy
    policy (:func:`~durak_lab.engine.kernel.rollout.greedy_run`), interleaved run by run; every
    game must end in the same state on both (else
    :class:`~durak_lab.engine.kernel.check.KernelMismatch`).  One row per case: games/s
    of each and their ratio (median times).

    >>> row = greedy_cases([("podkidnoy", 3)], games=3)[0]
    >>> row["games"], row["moves"] > 0, row["speedup"] > 0
    (3, True, True)
    """
    from ..bots.search import PLAYOUT_MOVES
    from ..engine.kernel.check import KernelMismatch
    from ..engine.kernel.rollout import greedy_run
    from ..engine.kernel.loop import run

    limit = PLAYOUT_MOVES  # (the search bots' limit: three or more greedy players may never finish)
    rows = []
    for preset, players in cases:
        rules = Rules.preset(preset, players=players)
        cfg = kernel.check_rules(rules)
        rng = random.Random(seed)
        deals = [kernel.deal(rules, rng) for _ in range(games)]
        listed_t: list = []
        fast_t: list = []
        for _ in range(max(1, repeat)):
            t0 = clock()
            listed = [run(cfg, k, limit, kernel.greedy, None, None) for k in deals]
            listed_t.append(clock() - t0)
            t0 = clock()
            fast = [greedy_run(cfg, k, limit) for k in deals]
            fast_t.append(clock() - t0)
        for g, ((lf, _, ls), (ff, fs)) in enumerate(zip(listed, fast)):
            unfinished = lf[14] is None and ff[14] is None  # (both stopped at the limit)
            if not (unfinished or (kernel.from_fields(lf), ls) == (kernel.from_fields(ff), fs)):
                raise KernelMismatch(f"{preset}, {players} players, game {g}: the greedy loops differ")
        lt, ft = statistics.median(listed_t), statistics.median(fast_t)
        rows.append({"preset": preset, "players": players, "games": games,
                     "moves": sum(s for _, _, s in listed), "repeat": max(1, repeat),
                     "listing_games_per_s": round(games / lt, 1), "greedy_games_per_s": round(games / ft, 1),
                     "speedup": round(lt / ft, 2) if ft else None})
    return rows


def verify(games: int, seed: int = 0, out=None) -> dict:
    """Play ``games`` seeded games of every preset the kernel supports, 2–6 players, through the
    kernel and the reference engine (:mod:`durak_lab.engine.kernel.check`); raise on a difference.

    >>> verify(1)["games"] > 20
    True
    """
    from ..engine.kernel.check import differential, fast_agrees

    total = steps_cases = 0
    for name in kernel.SUPPORTED_PRESETS:
        for n in range(2, 7):
            try:
                rules = Rules.preset(name, players=n)
                kernel.check_rules(rules)
            except ValueError:  # no such table (pairs of 5), or rules the kernel refuses
                continue
            total += differential(rules, games, seed)
            fast_agrees(rules, games, seed)
            steps_cases += 1
            if out is not None:
                print(f"  {name:<12} {n} players: {games} games agree", file=out)
    return {"games": total, "cases": steps_cases, "presets": list(kernel.SUPPORTED_PRESETS), "agree": True}


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
SUITES = {"solver": "durak_lab.cli.solver_bench", "probability": "durak_lab.cli.probability_bench",
          "bots": "durak_lab.cli.bots_bench", "classroom": "durak_lab.cli.classroom_bench",
          "evaluation": "durak_lab.cli.evaluation_bench", "tournament": "durak_lab.cli.tournament_bench",
          "rl": "durak_lab.cli.rl_bench", "ladder": "durak_lab.cli.ladder_bench"}


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench`` (the engine) and ``durak-lab bench solver|probability|bots|classroom …``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    refused = refuse_empty_option("durak-lab bench" + (f" {argv[0]}" if argv and argv[0] in SUITES else ""), argv)
    if refused is not None:
        return refused
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
                                        "probability …, durak-lab bench bots …, durak-lab bench classroom …, durak-lab bench evaluation …, "
                                        "durak-lab bench tournament …, durak-lab bench rl …, durak-lab bench ladder … "
                                        "(each with --help).")
    ap.add_argument("--games", type=int_in(1, 1_000_000, "the games of a case are kept in memory"), default=2000,
                    help="games per case (default 2000)")
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="seed of the random games")
    ap.add_argument("--repeat", type=int_in(1, 100), default=3, help="time each case this often; report the "
                                                                      "median (default 3)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--engine", choices=("both", "reference", "kernel"), default="both",
                    help="time the reference engine, the lean kernel or both, interleaved (default both)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall time (default) or the CPU time of this process (steadier on a busy machine)")
    ap.add_argument("--greedy", action="store_true",
                    help="time greedy playouts instead (the search bots' rollouts): the listing loop against "
                         "the loops made for the greedy policy, the same games")
    ap.add_argument("--verify", type=int_in(0, 100_000), default=0, metavar="N",
                    help="first play N seeded games of every kernel preset and player count through both "
                         "engines and require the same moves, events and results (exit 1 on a difference)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.verify < 0:
        ap.error("--verify must be at least 0")
    checked = None
    if args.verify:
        from ..engine.kernel.check import KernelMismatch

        if not args.json:
            print(f"durak-lab bench: checking the kernel against the reference engine, {args.verify} games "
                  "per preset and player count")
        try:
            checked = verify(args.verify, args.seed, None if args.json else sys.stdout)
        except KernelMismatch as err:
            print(f"durak-lab bench: the kernel and the reference engine differ: {err}", file=sys.stderr)
            return 1
    engines = {"both": ("reference", "kernel"), "reference": ("reference",), "kernel": ("kernel",)}[args.engine]
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.greedy:
        from ..engine.kernel.check import KernelMismatch

        try:
            cases = CASES + (("podkidnoy", 3), ("podkidnoy", 6), ("pairs", 4))
            rows = greedy_cases(cases, args.games, args.seed, args.repeat, clock)
        except KernelMismatch as err:
            print(f"durak-lab bench: {err}", file=sys.stderr)
            return 1
        return _print_greedy(rows, args)
    timed = run_cases(CASES, args.games, args.seed, args.repeat, engines, clock)
    results = timed.get("reference", [])
    kern = timed.get("kernel", [])
    speedup = [round(r["seconds"] / k["seconds"], 2) if k["seconds"] else None
               for r, k in zip(results, kern)]
    info = machine()
    if args.json:
        out = {"machine": info, "results": results, "kernel": kern, "clock": args.clock}
        if speedup:
            out["kernel_speedup"] = speedup
        if checked is not None:
            out["verify"] = checked
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    if checked is not None:
        print(f"the kernel agrees: {checked['games']} games in {checked['cases']} cases, every step compared")
    print("durak-lab bench: uniformly random games, sequential protocol, one core")
    print(f"Python {info['python']} ({info['implementation']}) on {info['system']}, {info['cpu']}, "
          f"{info['cores']} cores")
    first = (results or kern)[0]
    print(f"median of {first['repeat']} timed runs per case ({args.clock} clock); the same seeded games in "
          "each run" + (", the engines interleaved" if len(engines) > 1 else ""))
    for title, rows in (("reference engine (Position)", results), ("lean kernel", kern)):
        if not rows:
            continue
        if len(engines) > 1:
            print(title)
        print(f"{'rules':<12} {'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}"
              f"  {'seconds (min-median-max)':>26}")
        for r in rows:
            print(f"{r['preset']:<12} {r['players']:>7} {r['games']:>7} {r['games_per_s']:>9.1f} "
                  f"{r['actions_per_s']:>10} {r['actions_per_game']:>13}  "
                  f"{r['seconds_min']:>8.3f} {r['seconds']:>8.3f} {r['seconds_max']:>8.3f}")
    if speedup:
        print("kernel / reference (median times): " + ", ".join(
            f"{r['preset']} {r['players']}p {x}x" for r, x in zip(results, speedup)))
    sys.stdout.flush()
    return 0


def _print_greedy(rows: list, args) -> int:
    """Print the greedy playouts' table (or JSON) for :func:`main`."""
    info = machine()
    if args.json:
        print(json.dumps({"machine": info, "greedy": rows, "clock": args.clock}, ensure_ascii=False, indent=2))
        return 0
    print("durak-lab bench --greedy: greedy playouts from seeded deals, one core, the same games on both loops")
    print(f"Python {info['python']} ({info['implementation']}) on {info['system']}, {info['cpu']}, "
          f"{info['cores']} cores")
    print(f"median of {rows[0]['repeat']} timed runs per case ({args.clock} clock), the loops interleaved")
    print(f"{'rules':<12} {'players':>7} {'games':>7} {'listing games/s':>16} {'greedy games/s':>15} {'ratio':>6}")
    for r in rows:
        print(f"{r['preset']:<12} {r['players']:>7} {r['games']:>7} {r['listing_games_per_s']:>16.1f} "
              f"{r['greedy_games_per_s']:>15.1f} {r['speedup']:>5.2f}x")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
