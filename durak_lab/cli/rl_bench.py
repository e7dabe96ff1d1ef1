"""``durak-lab bench rl``: steps a second of the game-AI adapters next to the bare engines.

Each case plays ``--games`` random games (uniform over the legal actions) of one preset and
player count, and counts the players' moves (the deal's chance moves of OpenSpiel are not
counted):

* ``kernel``: the lean kernel's random games, no views (the floor of what the engine can do);
* ``engine``: the reference engine's sequential protocol (``Position.sequential_moves`` and
  ``play_unchecked``), no views;
* ``views``: the same, plus the view and the observation vector of the seat to act
  (:func:`durak_lab.rl.encoding.observe`) and its mask, what every adapter pays each step;
* ``pettingzoo``: :mod:`durak_lab.rl.aec` (``last()`` and ``step``);
* ``gymnasium``: :mod:`durak_lab.rl.single` against random bots (every move counted, the bots' too);
* ``openspiel``: :mod:`durak_lab.rl.openspiel` (``legal_actions``, the mover's ``observation_tensor``,
  ``apply_action``).

The cases are timed in turn, ``--rounds`` times, and medians are reported (the machine's load
drifts).  Figures are measurements, never assertions.

>>> main(["--games", "2", "--rounds", "1", "--cases", "engine,views"])  # doctest: +ELLIPSIS
durak-lab bench rl: podkidnoy, 2 players; 2 games a case; 1 rounds (medians)
case ...
engine ...
views ...
0
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from functools import partial
from typing import Optional

from .commands import int_in
from ..engine import kernel
from ..engine.rules import PRESETS, Rules
from ..engine.state import Position

__all__ = ["main", "CASES"]

CASES = ("kernel", "engine", "views", "pettingzoo", "gymnasium", "openspiel")


def _kernel(rules: Rules, games: int, seed: int) -> int:
    return kernel.random_games(rules, games, seed)[0]


def _engine(rules: Rules, games: int, seed: int, views: bool = False) -> int:
    rng = random.Random(seed)
    moves = 0
    if views:
        from ..rl.encoding import ActionCodec, observe

        codec = ActionCodec(rules)
    for _ in range(games):
        p = Position.deal(rules, rng)
        while p.result is None:
            legal = p.sequential_moves()
            if views:
                v = p.view(p.to_act())
                observe(v)
                codec.mask(legal, p.table)
            p = p.play_unchecked(legal[rng.randrange(len(legal))])
            moves += 1
    return moves


def _pettingzoo(rules: Rules, games: int, seed: int) -> int:
    import numpy as np

    from ..rl.aec import raw_env

    e = raw_env(rules=rules)
    rng = np.random.default_rng(seed)
    moves = 0
    for g in range(games):
        e.reset(seed=seed + g)
        while e.agents:
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            moves += 1
    return moves


def _gymnasium(rules: Rules, games: int, seed: int) -> int:
    import numpy as np

    from ..rl.single import DurakEnv

    e = DurakEnv(rules=rules, opponents="random")
    rng = np.random.default_rng(seed)
    moves = 0
    for g in range(games):
        obs, info = e.reset(seed=seed + g)
        done = False
        while not done:
            obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = terminated or truncated
        moves += e.moves
    return moves


def _openspiel(rules: Rules, games: int, seed: int, preset: str = "podkidnoy") -> int:
    from ..rl.openspiel import DurakGame

    game = DurakGame({"preset": preset, "players": rules.players})
    rng = random.Random(seed)
    moves = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(legal[rng.randrange(len(legal))])
            moves += 1
    return moves


RUNNERS: dict = {"kernel": _kernel, "engine": _engine, "views": lambda r, g, s: _engine(r, g, s, views=True),
                 "pettingzoo": _pettingzoo, "gymnasium": _gymnasium, "openspiel": _openspiel}


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench rl``."""
    ap = argparse.ArgumentParser(prog="durak-lab bench rl", description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="podkidnoy", choices=sorted(PRESETS))
    ap.add_argument("--players", type=int_in(2, 8), default=2)
    ap.add_argument("--games", type=int_in(1, 100_000), default=100, help="games a case (default 100)")
    ap.add_argument("--rounds", type=int_in(1, 50), default=3, help="rounds of every case (default 3)")
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0)
    ap.add_argument("--cases", default=",".join(CASES), help=f"comma-separated, of {', '.join(CASES)} (default all)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    unknown = [c for c in cases if c not in RUNNERS]
    if unknown or not cases:
        ap.error(f"--cases: {', '.join(unknown) or 'none given'}; the cases are {', '.join(CASES)}")
    try:
        rules = Rules.preset(args.preset, players=args.players)
    except Exception as err:  # a RulesError: one line
        ap.error(str(err))
    runners: dict = {}
    for case in cases:
        if case == "kernel":
            try:
                kernel.check_rules(rules)
            except kernel.KernelUnsupported as err:
                print(f"kernel: skipped ({err})")
                continue
        runners[case] = partial(_openspiel, preset=args.preset) if case == "openspiel" else RUNNERS[case]
    times: dict = {c: [] for c in runners}
    counted: dict = {}
    for _ in range(args.rounds):
        for case, run in runners.items():
            t0 = time.perf_counter()
            counted[case] = run(rules, args.games, args.seed)
            times[case].append(time.perf_counter() - t0)
    rows = []
    for case in runners:
        dt = statistics.median(times[case])
        rows.append({"case": case, "games": args.games, "moves": counted[case], "seconds": round(dt, 3),
                     "moves_per_s": round(counted[case] / dt), "moves_per_game": round(counted[case] / args.games, 1)})
    base = next((r["moves_per_s"] for r in rows if r["case"] == "kernel"), None)
    if args.json:
        print(json.dumps({"preset": args.preset, "players": args.players, "rounds": args.rounds, "rows": rows}))
        return 0
    print(f"durak-lab bench rl: {args.preset}, {args.players} players; {args.games} games a case; "
          f"{args.rounds} rounds (medians)")
    print(f"{'case':<12}{'moves/s':>10}{'moves/game':>12}{'seconds':>9}" + ("  of the kernel" if base else ""))
    for r in rows:
        share = f"  {r['moves_per_s'] / base:.3f}×" if base else ""
        print(f"{r['case']:<12}{r['moves_per_s']:>10,}{r['moves_per_game']:>12}{r['seconds']:>9}{share}")
    return 0

