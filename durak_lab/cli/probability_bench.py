"""``durak-lab bench probability``: how fast the probability engines answer.

Three measurements, printed with the machine and the Python version beside
them (measurements, never assertions):

* **exact queries** on 36-card positions with 2 to 6 players: positions
  reached by seeded random play, one seat's view each; the time of the view
  (``Position.view``), of building the :class:`~durak_lab.analysis.probability.Knowledge`
  from it, and of each query
  (``trump_counts``, ``card_probabilities`` of the trumps,
  ``joint_count_distribution`` of the trumps over every place, ``prob_holds``,
  ``prob_can_beat``, ``who_starts``), as the median and the maximum in
  milliseconds.  Target: at most 10 ms each.
* **the two-player posterior at the deal**: the exact posterior over the
  opponent's C(29, 6) = 475,020 possible hands (a deal where the viewer holds
  the lowest trump, so no rule fact narrows them), with an ε model, then
  its trump counts; and the same after the first bout.  Target: at most 3 s.
* **the sampled posterior** for 4 players after 20 random moves, ``--samples``
  hypotheses, with its effective sample size: random players make many
  "unusual" moves, so an ε model spreads the weights much more than real
  play would.

One process, one core; ``time.perf_counter``; each exact query is timed as
the best of three runs.

Standard library only.

>>> r = run(positions=2, samples=50, deal_posterior=False)
>>> sorted(r["queries"][0]), r["queries"][0]["players"]
(['build', 'card_probabilities', 'joint_count_distribution', 'players', 'positions', 'prob_can_beat', 'prob_holds', 'trump_counts', 'view', 'who_starts'], 2)
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from math import comb
from typing import Callable, Optional

from .bench import machine
from .commands import int_in
from .trumps import MAX_SAMPLES
from ..engine.game import Game
from ..analysis.inference.infer import EpsilonModel, exact_posterior, sampled_posterior
from ..analysis.probability import (Knowledge, card_probabilities, deal_talon_facts, joint_count_distribution,
                          prob_can_beat, prob_holds, trump_counts, trump_mask, who_starts)
from ..engine.rules import Rules
from ..engine.state.position import Position

__all__ = ["run", "main", "QUERIES"]

#: The timed queries: name -> function of a Knowledge and the viewer's hand.
QUERIES: dict = {
    "trump_counts": lambda k, hand: trump_counts(k),
    "card_probabilities": lambda k, hand: card_probabilities(k),
    "joint_count_distribution": lambda k, hand: joint_count_distribution(k, trump_mask(k)),
    "prob_holds": lambda k, hand: prob_holds(k, [s for s in k.others() if s != "talon"], trump_mask(k), 2),
    "prob_can_beat": lambda k, hand: [prob_can_beat(k, c) for c in _first(hand)],
    "who_starts": lambda k, hand: who_starts(k),
}


def _first(hand: int) -> list:
    out = []
    while hand and len(out) < 1:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out


def _ms(f: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def _positions(players: int, count: int, rng: random.Random) -> list:
    out = []
    while len(out) < count:
        p = Position.deal(Rules(players=players), rng)
        for _ in range(rng.randrange(0, 40)):
            if p.is_over:
                break
            moves = p.legal_moves()
            p = p.play(moves[rng.randrange(len(moves))])
        if not p.is_over:
            out.append((p, rng.randrange(players)))
    return out


def _query_times(players: int, count: int, seed: int) -> dict:
    rng = random.Random(seed * 10 + players)
    times: dict = {name: [] for name in ("view", "build") + tuple(QUERIES)}
    for p, seat in _positions(players, count, rng):
        times["view"].append(_ms(lambda: p.view(seat)))
        view = p.view(seat)
        times["build"].append(_ms(lambda: Knowledge.from_view(view)))
        k = Knowledge.from_view(view)
        for name, q in QUERIES.items():
            times[name].append(_ms(lambda: q(k, p.hands[seat])))
    out: dict = {"players": players, "positions": count}
    for name, xs in times.items():
        out[name] = {"median_ms": round(statistics.median(xs), 3), "max_ms": round(max(xs), 3)}
    return out


def _deal_posterior(seed: int) -> dict:
    rules = Rules(players=2)
    model = EpsilonModel("1/10")
    for s in range(seed, seed + 1000):
        p = Position.deal(rules, s)
        if p.leader == 0 and not deal_talon_facts(p):
            break
    g = Game(p)
    t0 = time.perf_counter()
    post = exact_posterior(g, 0, model)
    t1 = time.perf_counter()
    post.trump_counts()
    t2 = time.perf_counter()
    rng = random.Random(s)
    while g.position.talon and len(g.position.talon) == len(p.talon) and not g.is_over:
        moves = g.legal_moves()
        takes = [m for m in moves if m.kind == "take"]
        g.play(takes[0] if takes else moves[rng.randrange(len(moves))])
    t3 = time.perf_counter()
    after = exact_posterior(g, 0, model)
    after.trump_counts()
    t4 = time.perf_counter()
    return {"seed": s, "hands": post.n, "expected_hands": comb(29, 6), "posterior_s": round(t1 - t0, 3),
            "trump_counts_s": round(t2 - t1, 3), "total_s": round(t2 - t0, 3),
            "first_bout_moves": len(g), "after_first_bout_s": round(t4 - t3, 3), "hands_after": after.n}


def _sampled(samples: int, seed: int) -> dict:
    g = Game.deal(Rules(players=4), seed=seed)
    rng = random.Random(seed)
    while len(g) < 20 and not g.is_over:
        moves = g.legal_moves()
        g.play(moves[rng.randrange(len(moves))])
    t0 = time.perf_counter()
    post = sampled_posterior(g, 0, EpsilonModel("1/10"), n=samples, rng=random.Random(seed))
    post.trump_counts()
    dt = time.perf_counter() - t0
    return {"players": 4, "moves": len(g), "samples": samples, "ess": round(post.ess, 1), "seconds": round(dt, 3)}


def run(positions: int = 30, samples: int = 2000, seed: int = 0, deal_posterior: bool = True) -> dict:
    """All the measurements as a dict (see the module docstring).

    >>> r = run(positions=1, samples=10, deal_posterior=False)
    >>> len(r["queries"]), r["sampled"]["samples"]
    (5, 10)
    """
    out: dict = {"machine": machine(), "queries": [_query_times(n, positions, seed) for n in range(2, 7)]}
    if deal_posterior:
        out["deal_posterior"] = _deal_posterior(seed)
    out["sampled"] = _sampled(samples, seed)
    return out


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench probability``: print the figures; return 0.

    >>> main(["--positions", "1", "--samples", "20", "--no-deal", "--json"])  # doctest: +ELLIPSIS
    {...
    0
    """
    ap = argparse.ArgumentParser(prog="durak-lab bench probability", description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int_in(1, 100_000), default=30, help="positions per player count (default 30)")
    ap.add_argument("--samples", type=int_in(1, MAX_SAMPLES, "about a second per 20,000"), default=2000,
                    help=f"hypotheses of the sampled posterior (at most {MAX_SAMPLES:,})")
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="seed of the positions")
    ap.add_argument("--no-deal", action="store_true", help="skip the two-player posterior at the deal")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    if args.positions < 1 or args.samples < 1:
        print("durak-lab bench probability: --positions and --samples must be at least 1", file=sys.stderr)
        return 2
    r = run(args.positions, args.samples, args.seed, not args.no_deal)
    if args.json:
        print(json.dumps(r, ensure_ascii=False, indent=2))
        return 0
    info = r["machine"]
    print("durak-lab bench probability: exact and sampled trump probabilities, one core")
    print(f"Python {info['python']} ({info['implementation']}) on {info['system']}, {info['cpu']}, "
          f"{info['cores']} cores")
    names = ("view", "build") + tuple(QUERIES)
    print(f"\nexact queries on 36-card positions, {args.positions} per player count: median / max ms "
          "(target <= 10 ms)")
    print(f"{'players':>7}  " + "  ".join(f"{n:>24}" for n in names))
    for q in r["queries"]:
        cells = "  ".join(f"{q[n]['median_ms']:>11.3f} / {q[n]['max_ms']:>9.3f}" for n in names)
        print(f"{q['players']:>7}  {cells}")
    if "deal_posterior" in r:
        d = r["deal_posterior"]
        print(f"\ntwo-player posterior at the deal (seed {d['seed']}, epsilon 1/10): {d['hands']} hands "
              f"(C(29, 6) = {d['expected_hands']}); posterior {d['posterior_s']:.3f} s + trump counts "
              f"{d['trump_counts_s']:.3f} s = {d['total_s']:.3f} s (target <= 3 s)")
        print(f"after the first bout ({d['first_bout_moves']} moves, {d['hands_after']} hands): "
              f"{d['after_first_bout_s']:.3f} s")
    s = r["sampled"]
    print(f"\nsampled posterior, {s['players']} players after {s['moves']} moves: {s['samples']} hypotheses "
          f"(effective {s['ess']}) in {s['seconds']:.3f} s")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
