"""``durak-lab bench evaluation``: how far the evaluator's chances can be trusted, and how fast it is.

Three measurements (figures, never assertions):

* **calibration** (``--games N``): seeded games in which every seat plays the
  evaluator's own choice (:func:`~durak_lab.analysis.evaluation.evaluate` from its
  view, with the reading of the other players' moves, ``--playouts`` a move);
  at every decision (two legal moves or more) the mover's predicted chance of not
  being the durak is kept, and at the end compared with how the game ended.
  Printed: the reliability curve (ten bins of the prediction: how many, the mean
  prediction, how often the mover was in fact not the durak), the Brier score of
  the three outcomes and of "not the durak", and the expected calibration error
  (ECE: the bins' gaps between prediction and frequency, weighted by their size).
  Decisions of one game are not independent, so the games are reported too.
* **speed** (``--speed N``): the CPU time of ``N`` evaluations at the default budget
  (positions reached by seeded greedy play, 2 and 4 players; median and p95), and
  the width of their 95% intervals.
* **review** (``--review``): the CPU time of a whole review of a seeded 2-player game
  between two greedy bots at the review's default budget.

Standard library and the durak_lab core only.

>>> r = run(games=2, playouts=30, speed=0, review=False, seed=1)
>>> r["calibration"]["games"], r["calibration"]["points"] > 0, 0 <= r["calibration"]["raw"]["ece"] <= 1
(2, True, True)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from typing import Optional

from ..analysis.evaluation import DEFAULT_BUDGET, evaluate, outcome_index
from ..analysis.evaluation.calibration import calibrate, fit_maps
from ..analysis.evaluation.review import REVIEW_BUDGET, review
from ..analysis.inference.reading import Reading
from ..bots.tournament import InProcess, local_executor, run_jobs
from ..engine.kernel.core import greedy, kernel_move
from ..engine.rules import Rules
from ..engine.state.position import Position
from .bench import machine
from .commands import ResultsError, int_in, read_json_file

__all__ = ["calibration_game", "calibration_rows", "calibration", "fit", "table_text", "speed", "review_time", "run",
           "main"]

#: A game stops after this many moves (and counts as a draw).
MAX_MOVES = 600


def calibration_game(preset: str, players: int, seed: int, playouts: int) -> tuple:
    """One game where every seat plays the evaluator's choice: ``(points, result)`` with ``points``
    ``[(mover, share, draw, talon, in_game, exact)]`` at each decision (the playouts' share before
    calibration) and the game's ``result``."""
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    position = Position.deal(rules, seed=seed)
    readings = [Reading(s) for s in range(players)]
    points = []
    for _ in range(MAX_MOVES):
        mover = position.to_act()
        if mover is None or position.result is not None:
            break
        view = position.view(mover)
        if len(view.legal) == 1:
            move = view.legal[0]
        else:
            ev = evaluate(view, reading=readings[mover], playouts=playouts, rng=rng, calibrated=False)
            talon = view.talon_size
            in_game = players if talon else sum(1 for n in view.hand_sizes if n)
            points.append((mover, ev.chance, ev.draw, talon, in_game, ev.exact))
            move = ev.best[0]
        for s, r in enumerate(readings):
            r.add(position.view(s), move)
        position = position.play(move)
    return points, position.result


def calibration_rows(games: int, playouts: int, preset: str = "podkidnoy", players: int = 2, seed: int = 0,
                     jobs: Optional[int] = None) -> tuple:
    """``(rows, finished)``: a row ``(in_game, talon, share, draw, outcome index, exact)`` per decision
    of ``games`` games dealt with seeds ``seed``, ``seed + 1`` …"""
    if jobs == 1:
        ex = InProcess()
    else:
        ex = local_executor(games, ())
    rows, ended = [], 0
    for points, result in run_jobs(calibration_game, [(preset, players, seed + g, playouts) for g in range(games)],
                                   ex):
        ended += result is not None
        for mover, share, draw, talon, in_game, exact in points:
            rows.append((in_game, talon, share, draw, outcome_index(result, mover), exact))
    return rows, ended


def _figures(pairs: list) -> dict:
    """ECE, Brier score and the reliability curve of ``(predicted chance, outcome score)`` pairs."""
    bins: list = [[0, 0.0, 0.0] for _ in range(10)]
    brier = 0.0
    for p, y in pairs:
        b = bins[min(int(p * 10), 9)]
        b[0] += 1
        b[1] += p
        b[2] += y
        brier += (p - y) ** 2
    n = len(pairs) or 1
    return {"ece": round(sum(c / n * abs(s / c - k / c) for c, s, k in bins if c), 4), "brier": round(brier / n, 4),
            "curve": [{"bin": [i / 10, (i + 1) / 10], "points": c, "predicted": round(s / c, 4) if c else None,
                       "observed": round(k / c, 4) if c else None} for i, (c, s, k) in enumerate(bins)]}


def calibration(games: int, playouts: int, preset: str = "podkidnoy", players: int = 2, seed: int = 0,
                jobs: Optional[int] = None, maps: Optional[dict] = None, rows: Optional[list] = None) -> dict:
    """The calibration figures over ``games`` games (see the module's text): of the playouts' shares
    (``raw``) and of the chances the calibration maps make of them (``calibrated``; ``maps``: the
    shipped ones by default).  The outcome scores 1 when the mover is not the durak, 1/2 after a draw."""
    ended = None
    if rows is None:
        rows, ended = calibration_rows(games, playouts, preset, players, seed, jobs)
    score = {0: 1.0, 1: 0.5, 2: 0.0}
    raw = [(share, score[o]) for _, _, share, _, o, _ in rows]
    cal = [(share if exact else calibrate(share, n, talon, maps), score[o])
           for n, talon, share, _, o, exact in rows]
    return {"games": games, "preset": preset, "players": players, "playouts": playouts, "seed": seed,
            "points": len(rows), "exact_points": sum(r[5] for r in rows), "finished": ended, "rows": rows,
            "base_rate": round(sum(y for _, y in raw) / (len(raw) or 1), 4),
            "raw": _figures(raw), "calibrated": _figures(cal)}


def fit(games: int, playouts: int, preset: str = "podkidnoy", players: tuple = (2,), seed: int = 1_000_000,
        jobs: Optional[int] = None, rows: Optional[list] = None) -> tuple:
    """``(maps, rows)``: calibration maps fitted on ``games`` games per player count (seeds from
    ``seed``, apart from the measured games'), or on ``rows`` of :func:`calibration_rows` given."""
    if rows is None:
        rows = []
        for n in players:
            rows += calibration_rows(games, playouts, preset, n, seed, jobs)[0]
    score = {0: 1.0, 1: 0.5, 2: 0.0}
    return fit_maps((k, talon, share, score[o]) for k, talon, share, _, o, exact in rows if not exact), rows


def table_text(maps: dict, how: str) -> str:
    """The source of :mod:`durak_lab.analysis.evaluation.calibration_table` for ``maps``."""
    lines = ['"""The evaluator\'s calibration maps (see :mod:`durak_lab.analysis.evaluation.calibration`).',
             "", f"Generated by ``{how}``; not edited by hand.", '"""', "",
             "#: ``{(players, phase): ((share, chance), …)}``.", "MAPS: dict = {"]
    for key, knots in sorted(maps.items()):
        pts = ", ".join(f"({x:.4f}, {y:.4f})" for x, y in knots)
        lines.append(f"    {key!r}: ({pts},),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _positions(players: int, count: int, seed: int) -> list:
    """``count`` positions of seeded greedy games, with a choice for the seat to act."""
    rules = Rules.preset("podkidnoy", players=players)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        p = Position.deal(rules, seed=rng.randrange(10**9))
        stop = rng.randrange(4, 40)
        for _ in range(stop):
            if p.result is not None:
                break
            legal = p.view(p.to_act()).legal
            codes = [kernel_move(m) for m in legal]
            p = p.play(legal[codes.index(greedy(codes, p.trump, bool(p.talon), rng))])
        if p.result is None and len(p.view(p.to_act()).legal) > 1:
            out.append(p)
    return out


def speed(count: int, seed: int = 0, budget: float = DEFAULT_BUDGET) -> list:
    """CPU seconds and interval widths of ``count`` evaluations at ``budget``, for 2 and 4 players."""
    out = []
    for players in (2, 4):
        times, widths, exact = [], [], 0
        for i, p in enumerate(_positions(players, count, seed)):
            t = time.process_time()
            ev = evaluate(p, budget=budget, rng=i)
            times.append(time.process_time() - t)
            widths.append(ev.interval[1] - ev.interval[0])
            exact += ev.exact
        times.sort()
        out.append({"players": players, "evaluations": count, "median_s": round(statistics.median(times), 3),
                    "p95_s": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
                    "interval_width_median": round(statistics.median(widths), 4), "exact": exact})
    return out


def review_time(seed: int = 0, budget: float = REVIEW_BUDGET) -> dict:
    """The CPU time of a whole review of a seeded 2-player greedy game at ``budget``."""
    from ..bots import GreedyBot
    from ..bots.tournament import play_game
    from ..engine.game import Game

    rules = Rules.preset("podkidnoy", players=2)
    g = play_game(rules, [GreedyBot(), GreedyBot()], seed)
    game = Game(Position.deal(rules, g.seed))
    for m in g.moves:
        game.play(m)
    t = time.process_time()
    r = review(game, budget=budget)
    return {"moves": r.moves, "decisions": len(r.decisions), "budget": budget,
            "cpu_s": round(time.process_time() - t, 2)}


def run(games: int = 200, playouts: int = 1000, speed: int = 20, review: bool = True, seed: int = 0,
        preset: str = "podkidnoy", players: int = 2, jobs: Optional[int] = None, maps: Optional[dict] = None,
        rows: Optional[list] = None) -> dict:
    """Every measurement asked for, as one dict (with the machine)."""
    out: dict = {"machine": machine()}
    if games:
        out["calibration"] = calibration(games, playouts, preset, players, seed, jobs, maps, rows)
    if speed:
        out["speed"] = globals()["speed"](speed, seed)
    if review:
        out["review"] = review_time(seed)
    return out


def _rows(path: str) -> Optional[list]:
    """The measured rows kept in ``path`` (a JSON list of lists), or None after saying why not."""
    try:
        value = read_json_file(path)
        if not isinstance(value, list) or not all(isinstance(r, list) for r in value):
            raise ResultsError(f"{path}: not a list of rows")
    except (ResultsError, OSError) as err:
        print(f"durak-lab bench evaluation: {err}", file=sys.stderr)
        return None
    return [tuple(r) for r in value]


def _player_counts(text: str) -> tuple:
    """An argparse ``type`` for ``--fit-players``: player counts from 2 to 6, comma-separated.

    >>> _player_counts("2,4")
    (2, 4)
    >>> _player_counts("2,9")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: player counts from 2 to 6, comma-separated (such as 2,3,4), not '9'
    """
    count = int_in(2, 6)
    out = []
    for part in text.split(","):
        try:
            out.append(count(part))
        except argparse.ArgumentTypeError:
            shown = part.strip() if len(part.strip()) <= 15 else part.strip()[:15] + "…"
            raise argparse.ArgumentTypeError(f"player counts from 2 to 6, comma-separated (such as 2,3,4), "
                                             f"not {shown!r}") from None
    return tuple(out)


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench evaluation``."""
    ap = argparse.ArgumentParser(prog="durak-lab bench evaluation", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int_in(0, 100_000), default=200, help="calibration games (default 200; 0: none)")
    ap.add_argument("--playouts", type=int_in(1, 1_000_000), default=1000,
                    help="playouts per decision in the calibration games (default 1000)")
    ap.add_argument("--preset", default="podkidnoy", help="the calibration games' preset (default podkidnoy)")
    ap.add_argument("--players", type=int_in(2, 6), default=2, help="players (default 2)")
    ap.add_argument("--speed", type=int_in(0, 10_000), default=20,
                    help="evaluations timed at the default budget, per player count (default 20; 0: none)")
    ap.add_argument("--no-review", action="store_true", help="leave out the timing of a whole review")
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="seed of the calibration games (default 0)")
    ap.add_argument("--jobs", type=int_in(1, 256), default=None, help="processes (default: every core)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--fit", type=int_in(1, 100_000), default=None, metavar="GAMES",
                    help="first fit the calibration maps on GAMES games per player count (seeds from 1,000,000, "
                         "apart from the measured ones) and write them to --out")
    ap.add_argument("--fit-players", type=_player_counts, default=(2, 3, 4),
                    help="the player counts to fit, 2 to 6, comma-separated (default 2,3,4)")
    ap.add_argument("--out", default=None, help="the calibration table module to write (with --fit)")
    ap.add_argument("--rows", default=None, metavar="FILE",
                    help="with --fit: keep the fitting games' decisions in FILE (JSON), or fit on FILE's if it "
                         "exists; without: keep the measured games' decisions there, or measure FILE's if it exists")
    a = ap.parse_args(argv)
    maps = None
    if a.fit:
        counts = a.fit_players
        kept = None
        if a.rows and os.path.exists(a.rows):
            kept = _rows(a.rows)
            if kept is None:
                return 2
        maps, kept = fit(a.fit, a.playouts, a.preset, counts, jobs=a.jobs, rows=kept)
        if a.rows:
            with open(a.rows, "w", encoding="utf-8") as fh:
                json.dump(kept, fh)
        if a.out:
            with open(a.out, "w", encoding="utf-8") as fh:
                fh.write(table_text(maps, f"durak-lab bench evaluation --fit {a.fit} --fit-players "
                                          f"{','.join(map(str, counts))} --playouts {a.playouts}"))
    measured = None
    if a.rows and not a.fit and os.path.exists(a.rows):
        measured = _rows(a.rows)
        if measured is None:
            return 2
    r = run(a.games, a.playouts, a.speed, not a.no_review, a.seed, a.preset, a.players, a.jobs, maps, measured)
    if "calibration" in r:
        rows = r["calibration"].pop("rows")
        if a.rows and not a.fit:
            with open(a.rows, "w", encoding="utf-8") as fh:
                json.dump(rows, fh)
    if a.json:
        print(json.dumps(r, indent=1))
        return 0
    c = r.get("calibration")
    if c:
        print(f"calibration: {c['games']} games of {c['preset']} ({c['players']} players), {c['playouts']} "
              f"playouts a decision, {c['points']} decisions ({c['exact_points']} exact), seeds from {c['seed']}; "
              f"mover not the durak: {c['base_rate']:.3f}")
        for name in ("raw", "calibrated"):
            f = c[name]
            print(f"  {name}: ECE {f['ece']:.4f}, Brier {f['brier']:.4f}")
            for b in f["curve"]:
                if b["points"]:
                    print(f"    {b['bin'][0]:.1f}-{b['bin'][1]:.1f}: {b['points']:5d} decisions, predicted "
                          f"{b['predicted']:.3f}, observed {b['observed']:.3f}")
    for s in r.get("speed", []):
        print(f"speed, {s['players']} players: {s['evaluations']} evaluations, median {s['median_s']} s, p95 "
              f"{s['p95_s']} s CPU; 95% interval width median {s['interval_width_median']}; exact {s['exact']}")
    if "review" in r:
        v = r["review"]
        print(f"review of a {v['moves']}-move 2-player game ({v['decisions']} decisions, {v['budget']} s a "
              f"decision): {v['cpu_s']} s CPU")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
