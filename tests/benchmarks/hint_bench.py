"""How often the play table's hint names the expert bot's move, and how long a hint and a review take.

Seeded games at the play table (:class:`~durak_lab.session.PlaySession`): P1 is a person's
seat played by the expert bot, the other seats by ``--vs`` bots.  At every decision of P1 with a
choice, the table's hint (:meth:`PlaySession.hint_move`, the evaluator's best move) is compared
with the expert bot's choice (``BOTS["expert"]()``, the game's history given, its random numbers
seeded by the decision), with a second expert bot of other random numbers (how often the expert
agrees with itself: the ceiling), and with the hint before the evaluator (the tips bot's move,
the exact solver's in the two-player endgame).  The CPU time of each hint is measured
(``time.process_time``), and at the end of each game the review (``PlaySession.review()``) with
the coach off, so that no evaluation of the hints is reused.

Prints figures; never passes or fails::

    .venv/bin/python tests/benchmarks/hint_bench.py --games 6 --players 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from durak_lab.bots import BOTS
from durak_lab.engine.rules import Rules
from durak_lab.session import HUMAN, PlaySession
from durak_lab.session.coach import Coach


def _old_hint(coach: Coach, view, rng: random.Random):
    """The hint before the evaluator: the endgame bot's move (the tips, the solver once nothing is hidden)."""
    return coach._choose(view, rng)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--preset", default="podkidnoy")
    ap.add_argument("--vs", default="tips", help="the other seats' bot level")
    ap.add_argument("--seed", type=int, default=100, help="the first deal")
    ap.add_argument("--playouts", type=int, default=None, help="the hint's playouts (default: its budget's)")
    ap.add_argument("--decisions", type=int, default=0, help="stop after this many decisions (0: play every game)")
    ns = ap.parse_args()
    rules = Rules.preset(ns.preset, players=ns.players)
    hint_s, review_s, decided = [], [], []
    match = ceiling = old = 0
    for g in range(ns.games):
        seed = ns.seed + g
        s = PlaySession(rules, [HUMAN] + [ns.vs] * (ns.players - 1), seed=seed)
        s.adviser = Coach(playouts=ns.playouts)
        me, other, old_coach = BOTS["expert"](), BOTS["expert"](), Coach()
        while not s.is_over:
            if s.bot_to_act() is not None:
                s.bot_move()
                continue
            view = s.view(0)
            history = s.history(0)
            k = len(s.game)
            pick = me.choose(view, random.Random(seed * 1000 + k), history=history)
            if len(view.legal) > 1:
                t = time.process_time()
                hinted = s.hint_move()
                hint_s.append(time.process_time() - t)
                again = other.choose(view, random.Random(seed * 1000 + k + 500), history=history)
                match += hinted == pick
                ceiling += again == pick
                old += _old_hint(old_coach, view, random.Random(k)) == pick
                decided.append(k)
            s.play(pick)
            if ns.decisions and len(decided) >= ns.decisions:
                break
        if s.is_over:
            s.adviser = Coach(playouts=ns.playouts)  # nothing remembered: the review evaluates every decision
            s._table_review = None
            t = time.process_time()
            s.review()
            review_s.append((time.process_time() - t, s.table_review().total))
        if ns.decisions and len(decided) >= ns.decisions:
            break
    n = len(decided)
    q = sorted(hint_s)
    print(f"{ns.preset}, {ns.players} players, P1 played by the expert bot against {ns.vs} bots, "
          f"{ns.games} games from seed {ns.seed}; the hint's playouts: {s.adviser.hint_playouts(rules)}")
    print(f"decisions with a choice: {n}")
    print(f"hint = expert's move: {match}/{n} = {match / n:.0%}")
    print(f"another expert (other random numbers) = expert's move: {ceiling}/{n} = {ceiling / n:.0%}")
    print(f"old hint (tips, solver in the endgame) = expert's move: {old}/{n} = {old / n:.0%}")
    print(f"hint CPU seconds: median {statistics.median(q):.3f}, 90% {q[int(0.9 * (len(q) - 1))]:.3f}, "
          f"max {q[-1]:.3f}")
    for secs, total in review_s:
        print(f"review of a game: {total} decisions in {secs:.2f} s CPU")


if __name__ == "__main__":
    main()
