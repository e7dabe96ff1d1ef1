"""``durak-lab bench ladder``: the ladder of the levels and the population, with 95% intervals.

A duplicate round robin of ``--bots`` (names as ``durak-lab bench bots`` takes them: the levels,
``METHOD:ITERATIONS``, the population of :mod:`durak_lab.bots.population`, ``flat-mc:PLAYOUTS``),
``--deals`` deals each played once per seating and group, rated by Bradley–Terry with the
``--anchor`` bot at 1000 (:func:`durak_lab.bots.ladder`): each bot's rating with its bootstrap
interval, its games, its score (draws half), and the head-to-head scores of every pair.  The games
run on ``--workers`` local processes; ``--results FILE`` keeps every game as a JSON line (its
seats, durak and moves) and skips the games already there, so a long ladder can stop and resume,
or grow by more deals or another bot.  A kept game is matched by the bots' names, its deal and
its seating: a bot whose play has changed needs another name (its settings in brackets) or another
file.  Figures are measurements, never assertions.

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
import os
import sys
import time
from typing import Optional

from .commands import ResultsError, cores, int_in, read_json_lines
from ..bots.ratings import Ladder, meetings, rate
from ..bots.tournament import MAX_MOVES, GameResult, Tournament, fresh_game, round_robin_jobs, run_jobs
from ..engine.moves import Move
from ..engine.rules import PRESETS, Rules
from .bots_bench import make_bot, split_specs, workers_executor

__all__ = ["main", "game_line", "game_of_line", "play_ladder"]


def game_line(key: dict, g: GameResult) -> dict:
    """A ladder's game as a JSON object: ``key`` (the rules and the seed of the deals), then the deal,
    its seed, the rotation, the bots by seat, the durak seats, each move in the move text.

    >>> from durak_lab.bots import GreedyBot, RandomBot
    >>> from durak_lab.bots.tournament import play_game
    >>> g = play_game(Rules(players=2), [GreedyBot(), RandomBot()], seed=7, deal=3)
    >>> line = game_line({"preset": "podkidnoy", "players": 2, "run_seed": 0}, g)
    >>> line["deal"], line["seats"], game_of_line(Rules(players=2), line) == g
    (3, ['greedy', 'random'], True)
    """
    return {**key, "deal": g.deal, "seed": g.seed, "rotation": g.rotation, "seats": list(g.seats),
            "losers": list(g.losers), "unfinished": g.unfinished, "forfeit": list(g.forfeit),
            "moves": [str(m) for m in g.moves]}


def game_of_line(rules: Rules, line: dict) -> GameResult:
    """The :class:`GameResult` a line of :func:`game_line` keeps (a malformed line: :class:`ResultsError`)."""
    try:
        moves = tuple(Move.parse(m, rules.players) for m in line["moves"])
        return GameResult(rules, int(line["deal"]), int(line["seed"]), int(line["rotation"]),
                          tuple(str(x) for x in line["seats"]), tuple(int(x) for x in line["losers"]), moves,
                          bool(line["unfinished"]), tuple(line["forfeit"]))
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise ResultsError(f"a game of the ladder that cannot be read back ({err})") from None


def play_ladder(rules: Rules, bots: list, deals: int, seed: int, anchor: str, boot: int, executor=None,
                progress=None, past: Optional[dict] = None, keep=None) -> Ladder:
    """The ladder :func:`~durak_lab.bots.ratings.ladder` plays (the same games: every group of the
    round robin on the same deals, rotated), with ``past`` games, by ``(deal, rotation, seats)``, kept
    rather than played again; ``keep`` hears of each new game as it comes.

    >>> from durak_lab.bots import GreedyBot, RandomBot, ladder
    >>> from durak_lab.bots.tournament import InProcess
    >>> bots = [RandomBot(), GreedyBot()]
    >>> new = []
    >>> a = play_ladder(Rules(players=2), bots, 3, 1, "greedy", 20, InProcess(), keep=new.append)
    >>> past = {(g.deal, g.rotation, g.seats): g for g in new[:4]}
    >>> b = play_ladder(Rules(players=2), bots, 3, 1, "greedy", 20, InProcess(), past=past)
    >>> a.tournament.games == b.tournament.games == ladder(Rules(players=2), bots, 3, 1, boot=20).tournament.games
    True
    """
    past = past or {}
    jobs = round_robin_jobs(rules, bots, deals, seed)
    ids = [(i, r, tuple(b.name for b in lineup)) for lineup, _, i, r in jobs]
    for (lineup, s, i, r), k in zip(jobs, ids):
        if k in past and past[k].seed != s:
            raise ResultsError(f"the results hold deal {i} with seed {past[k].seed}, not {s}: "
                               "games of another version of the deals")
    todo = [(rules, lineup, s, i, r, MAX_MOVES) for (lineup, s, i, r), k in zip(jobs, ids) if k not in past]
    games = dict(past)
    for g in run_jobs(fresh_game, todo, executor, bots, progress=progress):
        games[(g.deal, g.rotation, g.seats)] = g
        if keep is not None:
            keep(g)
    return rate(Tournament(rules, tuple(games[k] for k in ids)), anchor, boot=boot, seed=seed)


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
    ap.add_argument("--results", metavar="FILE", help="keep every game in this JSON-lines file and skip the "
                    "games already in it")
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
    key = {"preset": args.preset, "players": args.players, "run_seed": args.seed}
    past: dict = {}
    if args.results and os.path.exists(args.results):
        try:
            for number, line in read_json_lines(args.results, numbered=True):
                if all(line.get(k) == v for k, v in key.items()) and isinstance(line.get("deal"), int) \
                        and line["deal"] < args.deals and set(line.get("seats", ())) <= set(names):
                    try:
                        g = game_of_line(rules, line)
                    except ResultsError as err:
                        raise ResultsError(f"{args.results}, line {number}: {err}") from None
                    past[(g.deal, g.rotation, g.seats)] = g
        except (ResultsError, OSError) as err:
            print(f"durak-lab bench ladder: {err}", file=sys.stderr)
            return 2

    def keep(g: GameResult) -> None:
        if args.results:
            with open(args.results, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(game_line(key, g), ensure_ascii=False) + "\n")

    executor = workers_executor(args.workers)

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty() or done == total:
            print(f"\r{done} of {total} games", end="\n" if done == total else "", file=sys.stderr)

    t0 = time.perf_counter()
    try:
        lad = play_ladder(rules, bots, args.deals, args.seed, args.anchor, args.boot, executor, progress, past, keep)
    except ResultsError as err:
        print(f"durak-lab bench ladder: {args.results}: {err}", file=sys.stderr)
        return 2
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
