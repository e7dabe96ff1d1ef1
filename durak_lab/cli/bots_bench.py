"""``durak-lab bench bots``: how strong a bot is against others, and how long it thinks.

One bot (``--bot``) plays seeded deals against each opponent (``--vs``), every
deal once per seat (the duplicate format of :mod:`durak_lab.bots.tournament`).
With two players it is one against one; with more, the bot sits at a table of
opponents of one kind; with partners (``pairs``: two teams, R26) it and a copy
of it are one team.  It prints, per opponent, the share of games the bot
*won* (another seat, or the other team, was the durak), lost and drew, with
95% Wilson intervals, and the CPU time the bot took per move where it had a
choice (each game is played in one process, so this is the time on one core).
The games run on all local cores (``--workers``); ``--results FILE`` keeps every
game as a JSON line and skips the games already there, so a long run can stop
and resume.  Figures are measurements, never assertions.

A bot is named as in :data:`durak_lab.bots.BOTS` (``expert``, ``greedy``,
``endgame``…), or as ``METHOD:ITERATIONS`` for a search bot
(``ismcts:800``, ``flat:500``, ``determinized:600``), with ``+reading`` for one
that reads the other players' moves and, near the end of the talon and after,
plays the best reply to a greedy player (``flat:1000+reading``; while the
talon lasts, the lines of that reply end with the exact solver's value once the
talon is empty), ``+reading+noleaf`` for one whose replies play greedy play to
the end instead, and ``+reading+noreply`` for one that reads them but leaves the
best reply out.  A search bot's settings (the fields of
:class:`~durak_lab.bots.search.SearchBot`) may follow its name in brackets,
``expert[stop_z=3,stop_from=0.5]``: the bot is then named by the whole text
(how the results keep an earlier expert's games).  ``engine:NAME`` plays a bot of :data:`~durak_lab.bots.BOTS` in another
process over the engine protocol (``durak-lab engine --bot NAME``), and ``exec:COMMAND`` any
program that speaks it (:class:`~durak_lab.bots.protocol.ExternalBot`, a process a game); the
time of such a bot is the wall time from ``go`` to its answer, the pipes included (the program's
start, once a game, is kept apart in each game's ``start_seconds``).  A game it
loses by forfeit (late, stopped, an illegal move) counts as its loss, with the reason kept.

Standard library only.

>>> make_bot("ismcts:50").iterations, make_bot("greedy").name, make_bot("flat:9+reading").reading
(50, 'greedy', True)
>>> make_bot("flat:9+reading+noreply").reply_positions, make_bot("flat:9+reading").reply_positions > 0
(0, True)
>>> make_bot("flat:9+reading+noleaf").reply_leaf, make_bot("flat:9+reading").reply_leaf > 0
(0, True)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import statistics
import sys
import time
from concurrent.futures import Executor
from typing import Optional

from .commands import ResultsError, cores, int_in, read_json_lines

from ..bots import BOTS, METHODS, POPULATION, DeterminizedMCTSBot, FlatMonteCarloBot, ISMCTSBot, SearchBot
from ..bots.protocol import ExternalBot
from ..bots.tournament import InProcess, deal_jobs, deal_seeds, play_game, run_jobs, wilson
from ..engine.rules import PRESETS, Rules

__all__ = ["make_bot", "split_specs", "Timed", "bench_game", "run_match", "workers_executor", "main"]


#: The fields of a bot that are not settings a spec may change in brackets (its name, its counts).
_NOT_SETTINGS = ("name", "stats", "solved", "fallbacks")


def _settings(bot) -> tuple:
    """The fields of ``bot`` a spec may change in brackets (``expert[stop_z=3]``, ``beginner[slip=1]``)."""
    if not dataclasses.is_dataclass(bot):
        return ()
    fields = [f.name for f in dataclasses.fields(bot) if f.name not in _NOT_SETTINGS and not f.name.startswith("_")]
    if isinstance(bot, SearchBot):  # its playout policy is the greedy bot's, not a setting
        fields.remove("base")
    return tuple(fields)


def _may_be_none(bot, key: str) -> bool:
    """Whether the field ``key`` of ``bot`` may hold None (its default is None, or its type says so)."""
    f = next(f for f in dataclasses.fields(bot) if f.name == key)
    return f.default is None or "Optional" in str(f.type) or "None" in str(f.type)


def _with_settings(spec: str):
    """``BOT[field=value,...]``: the bot ``BOT`` with those settings, named ``spec``.  A setting that
    holds a bot (the endgame bot's ``base``) takes a bot's name."""
    head, _, body = spec[:-1].partition("[")
    bot = make_bot(head)
    settings = _settings(bot)
    if not settings:
        raise ValueError(f"no bot {spec!r}: {head} has no settings to change in brackets; a search bot "
                         "(search, expert, METHOD:ITERATIONS), beginner, tips and endgame have")
    kind = "a search bot" if isinstance(bot, SearchBot) else f"the {head} bot"
    changes: dict = {}
    for item in body.split(","):
        key, eq, text = (x.strip() for x in item.partition("="))
        if key not in settings:
            raise ValueError(f"no bot {spec!r}: {key!r} is not a setting of {kind}; settings: "
                             f"{', '.join(settings)}")
        if not eq or not text:
            raise ValueError(f"no bot {spec!r}: give {key}=VALUE")
        old = getattr(bot, key)
        if callable(getattr(old, "choose", None)):  # a bot: by its name
            changes[key] = make_bot(text)
            continue
        if text == "none" and _may_be_none(bot, key):  # a setting that may be left out (reach=none: no limit)
            changes[key] = None
            continue
        try:
            if isinstance(old, bool):
                if text not in ("true", "false"):
                    raise ValueError
                value: object = text == "true"
            elif isinstance(old, int) or (old is None and text.isdigit()):
                value = int(text)
            elif isinstance(old, (float, type(None))):
                value = float(text)
            else:
                value = text
        except ValueError:
            what = "true or false" if isinstance(old, bool) else "a number"
            raise ValueError(f"no bot {spec!r}: {key} takes {what}, not {text!r}") from None
        changes[key] = value
    return dataclasses.replace(bot, name=spec, **changes)


def split_specs(text: str) -> list:
    """The bot names of a comma-separated list, a comma inside brackets kept with its name.

    >>> split_specs("greedy, expert[stop_z=3,stop_from=0.5],flat-mc:1000")
    ['greedy', 'expert[stop_z=3,stop_from=0.5]', 'flat-mc:1000']
    """
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text + ","):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif ch == "," and not depth:
            if text[start:i].strip():
                out.append(text[start:i].strip())
            start = i + 1
    return out


def make_bot(spec: str):
    """The bot named ``spec``: a name of ``BOTS`` or ``METHOD:ITERATIONS`` (then ``+reading``, and
    ``+noreply``, ``+noleaf`` or ``+styles``: see :class:`~durak_lab.bots.search.SearchBot`), a name of the population
    (:data:`~durak_lab.bots.population.POPULATION`), ``flat-mc:PLAYOUTS``, ``dmcts:PLAYOUTS`` or
    ``ismcts-apart:PLAYOUTS`` (also ``-greedy``: greedy playouts).

    >>> make_bot("flat:20").method
    'flat'
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    ValueError: no bot 'genius': give one of beginner, tips, greedy, endgame, search, expert, random, ismcts, determinized or METHOD:ITERATIONS, or of the population flat-mc, flat-mc-greedy, dmcts, dmcts-greedy, ismcts-apart, ismcts-apart-greedy, greedy+throw, greedy+save, greedy+pairs, greedy+transfer (flat-mc:PLAYOUTS, dmcts:PLAYOUTS, ismcts-apart:PLAYOUTS)
    >>> make_bot("flat-mc-greedy:300").playouts, make_bot("greedy+save").name, make_bot("dmcts:400").iterations
    (300, 'greedy+save', 400)
    >>> make_bot("ismcts-apart-greedy:500").rollout
    'greedy'

    A bot's settings can be changed after its name, in brackets (the fields of
    :class:`~durak_lab.bots.search.SearchBot`, of the beginner, the tips and the endgame bot; a
    setting that holds a bot takes a bot's name): the bot is then named by the whole text.

    >>> b = make_bot("expert[method=flat,stop_z=3,stop_from=0.5]")
    >>> b.name, b.method, b.stop_z, b.stop_from, b.reading
    ('expert[method=flat,stop_z=3,stop_from=0.5]', 'flat', 3.0, 0.5, True)
    >>> make_bot("beginner[slip=1]").slip, make_bot("endgame[base=tips,reach=8]").base.name
    (1.0, 'tips')
    >>> make_bot("expert[speed=2]")
    Traceback (most recent call last):
    ...
    ValueError: no bot 'expert[speed=2]': 'speed' is not a setting of a search bot; settings: iterations, method, method_many, opponents, seconds, worlds, c, exact, solver_nodes, max_table, reading, reply_positions, reply_talon, reply_worlds, reply_leaf, reply_solver, reply_ties, styles, stop_z, stop_from, depth, pool, settle, model_share, model_from, model_sure, ahead, trust_read, trust_reply
    """
    if spec.endswith("]") and "[" in spec:
        return _with_settings(spec)
    if spec.startswith(("engine:", "exec:")):
        kind, _, rest = spec.partition(":")
        if not rest.strip():
            raise ValueError(f"no bot {spec!r}: give {kind}:NAME" if kind == "engine" else
                             f"no bot {spec!r}: give exec:COMMAND")
        if kind == "engine":
            if rest not in BOTS:
                raise ValueError(f"no bot {spec!r}: engine:NAME takes one of {', '.join(BOTS)}")
            return ExternalBot([sys.executable, "-m", "durak_lab", "engine", "--bot", rest], name=spec)
        return ExternalBot(rest, name=spec)
    if spec in POPULATION:  # the opponents written apart from the search bots (bots.population)
        return POPULATION[spec]()
    flat, _, playouts = spec.partition(":")
    if flat in ("flat-mc", "flat-mc-greedy", "dmcts", "dmcts-greedy", "ismcts-apart", "ismcts-apart-greedy"):
        if not playouts.isdigit() or int(playouts) < 1:
            raise ValueError(f"no bot {spec!r}: {flat}:PLAYOUTS takes a whole number of playouts")
        rollout = "greedy" if flat.endswith("greedy") else "random"
        if flat.startswith("dmcts"):
            return DeterminizedMCTSBot(iterations=int(playouts), rollout=rollout, name=spec)
        if flat.startswith("ismcts"):
            return ISMCTSBot(iterations=int(playouts), rollout=rollout, name=spec)
        return FlatMonteCarloBot(playouts=int(playouts), rollout=rollout, name=spec)
    head, *flags = spec.split("+")
    if flags not in ([], ["reading"], ["reading", "noreply"], ["reading", "noleaf"], ["reading", "styles"]):
        raise ValueError(f"no bot {spec!r}: after METHOD:ITERATIONS come +reading, then +noreply, "
                         "+noleaf or +styles (flat:1000+reading+noreply)")
    name, _, budget = head.partition(":")
    if flags and not budget:
        raise ValueError(f"no bot {spec!r}: +reading follows METHOD:ITERATIONS (flat:1000+reading)")
    if budget:
        if name not in METHODS or not budget.isdigit() or int(budget) < 1:
            raise ValueError(f"no bot {spec!r}: METHOD:ITERATIONS takes a method of {', '.join(METHODS)} "
                             "and a whole number of playouts")
        return SearchBot(iterations=int(budget), method=name, name=spec, reading=bool(flags),
                         reply_positions=0 if "noreply" in flags else SearchBot.reply_positions,
                         reply_leaf=0 if "noleaf" in flags else SearchBot.reply_leaf, styles="styles" in flags)
    if name not in BOTS:
        raise ValueError(f"no bot {spec!r}: give one of {', '.join(BOTS)} or METHOD:ITERATIONS, or of the "
                         f"population {', '.join(POPULATION)} (flat-mc:PLAYOUTS, dmcts:PLAYOUTS, "
                         "ismcts-apart:PLAYOUTS)")
    return BOTS[name]()


class Timed:
    """A bot that times another: the CPU seconds of its choices where it had more than one move
    (for a bot in another process, :class:`~durak_lab.bots.protocol.ExternalBot`, the wall time,
    without the program's start, which ``start_seconds`` keeps)."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.choices = 0
        self.moves = 0
        self.reads_history = getattr(bot, "reads_history", False)
        self.clock = time.perf_counter if isinstance(bot, ExternalBot) else time.process_time
        self.start_seconds = 0.0

    def choose(self, view, rng, **history):
        self.moves += 1
        if len(view.legal) < 2:
            return self.bot.choose(view, rng, **history)
        t0 = self.clock()
        m = self.bot.choose(view, rng, **history)
        started = getattr(self.bot, "last_start", 0.0)  # a program started for this game
        self.seconds += self.clock() - t0 - started
        self.start_seconds += started
        self.choices += 1
        return m

    def finish(self, result=None) -> None:
        """The end of a game, passed on (a bot in another process stops there)."""
        finish = getattr(self.bot, "finish", None)
        if callable(finish):
            finish(result)


def bench_game(rules: Rules, lineup: list, seed: int, deal: int, rotation: int, timed: str) -> dict:
    """Play one game with fresh bots, timing every seat of the bot named ``timed``; one JSON-able dict."""
    import copy

    seats = [Timed(copy.deepcopy(b)) if b.name == timed else copy.deepcopy(b) for b in lineup]
    g = play_game(rules, seats, seed, deal=deal, rotation=rotation)
    clocks = [s for s in seats if isinstance(s, Timed)]
    out = {"deal": deal, "seed": seed, "rotation": rotation, "seats": list(g.seats), "losers": list(g.losers),
           "unfinished": g.unfinished, "moves": len(g.moves), "seconds": sum(c.seconds for c in clocks),
           "choices": sum(c.choices for c in clocks), "bot_moves": sum(c.moves for c in clocks)}
    started = sum(c.start_seconds for c in clocks)
    if started:
        out["start_seconds"] = started
    if g.forfeit:
        out["forfeit"] = [g.forfeit[0], g.forfeit[1]]
    return out


def _lineup(rules: Rules, bot, opponent) -> list:
    n = rules.players
    if rules.teams:
        return [bot if s % rules.teams == 0 else opponent for s in range(n)]
    return [bot] + [opponent] * (n - 1)


def run_match(rules: Rules, bot, opponent, deals: int, seed: int = 0, executor: Optional[Executor] = None,
              done: Optional[dict] = None, keep=None) -> list:
    """Every game of ``bot`` against ``opponent`` on ``deals`` deals, each dealt once per seat;
    ``done`` maps ``(deal, rotation)`` to games already played (kept, not played again); ``keep`` is
    called with each new game as it comes.

    >>> from durak_lab.bots import GreedyBot, RandomBot
    >>> games = run_match(Rules(players=2), GreedyBot(), RandomBot(), deals=2, executor=InProcess())
    >>> len(games), sorted(games[0])[:3]
    (4, ['bot_moves', 'choices', 'deal'])
    """
    if bot.name == opponent.name:
        raise ValueError(f"the bot and its opponent have one name, {bot.name!r}: give them different names")
    done = done or {}
    jobs = [(rules, lineup, s, i, r, bot.name)
            for lineup, s, i, r in deal_jobs(rules, _lineup(rules, bot, opponent), deals, seed, True)
            if (i, r) not in done]
    for g in run_jobs(bench_game, jobs, executor, [bot, opponent]):
        done[(g["deal"], g["rotation"])] = g
        if keep is not None:
            keep(g)
    return [done[k] for k in sorted(done)]


def summary(games: list, bot: str, rules: Rules) -> dict:
    """Wins, losses, draws (with 95% Wilson intervals) and the bot's time per choice, over ``games``."""
    n = len(games)
    win = loss = draw = unfinished = 0
    for g in games:
        mine = {s for s, name in enumerate(g["seats"]) if name == bot}
        if g["unfinished"]:
            unfinished += 1
        if not g["losers"]:
            draw += 1
        elif mine & set(g["losers"]):
            loss += 1
        else:
            win += 1
    choices = sum(g["choices"] for g in games)
    seconds = sum(g["seconds"] for g in games)
    per_game = [g["seconds"] / g["choices"] for g in games if g["choices"]]
    return {"games": n, "wins": win, "losses": loss, "draws": draw, "unfinished": unfinished,
            "win_rate": win / n if n else 0.0, "win_low": wilson(win, n)[0], "win_high": wilson(win, n)[1],
            "loss_rate": loss / n if n else 0.0, "loss_low": wilson(loss, n)[0], "loss_high": wilson(loss, n)[1],
            "ms_per_choice": 1000 * seconds / choices if choices else 0.0,
            "ms_per_choice_median_game": 1000 * statistics.median(per_game) if per_game else 0.0,
            "choices": choices, "baseline_loss": 1 / rules.players if not rules.teams else 0.5,
            "forfeits": len([g for g in games if g.get("forfeit")]),
            "forfeit_reasons": sorted({g["forfeit"][1] for g in games if g.get("forfeit")})[:3]}


#: The most deals ``--deals`` takes: each is kept in memory with its games.
MAX_DEALS = 100_000


def _ignore_ctrl_c() -> None:
    """In a worker process: Ctrl-C is the main process's to answer (one line), not every worker's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def workers_executor(workers: Optional[int]) -> Optional[Executor]:
    """Where ``--workers`` plays the games: None (all cores, the tournaments' default), this process
    for 1, else a pool of that many local processes that leave Ctrl-C to this one."""
    if workers is None:
        return None
    if workers < 2:
        return InProcess()
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_ctrl_c)


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench bots``."""
    ap = argparse.ArgumentParser(prog="durak-lab bench bots", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert", help="the bot to measure (default expert)")
    ap.add_argument("--vs", default="greedy", help="its opponents, comma-separated (default greedy)")
    ap.add_argument("--deals", type=int_in(1, MAX_DEALS, "every deal and its games are kept in memory"),
                    default=500, help=f"deals per opponent, each once per seat (default 500, at most {MAX_DEALS:,})")
    ap.add_argument("--preset", default="podkidnoy", help="rules preset (default podkidnoy)")
    ap.add_argument("--players", type=int_in(2, 8), default=None, help="players (default: the preset's)")
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="seed of the deals (default 0)")
    ap.add_argument("--workers", type=int_in(1, cores(), "more processes than cores only wait for each other"),
                    default=None, help=f"processes (default: all local cores; at most {cores()})")
    ap.add_argument("--results", metavar="FILE", help="keep every game in this JSON-lines file and skip the "
                    "games already in it (the figures cover the whole file)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.preset not in PRESETS:
        ap.error(f"--preset: no preset {args.preset!r}; the presets are {', '.join(PRESETS)}")
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    try:
        rules = Rules.preset(args.preset, **({"players": args.players} if args.players else {}))
        bot = make_bot(args.bot)
        opponents = [make_bot(v) for v in split_specs(args.vs)]
    except ValueError as err:
        ap.error(str(err))
    if any(o.name == bot.name for o in opponents):
        ap.error(f"--vs: {bot.name} cannot play against itself here (the games would count it on both sides)")
    past: list = []
    if args.results and os.path.exists(args.results):
        try:
            past = read_json_lines(args.results)
        except (ResultsError, OSError) as err:
            print(f"durak-lab bench bots: {err}", file=sys.stderr)
            return 2
    executor = workers_executor(args.workers)
    out = []
    for opp in opponents:
        key = {"bot": args.bot, "vs": opp.name, "preset": args.preset, "players": rules.players,
               "run_seed": args.seed}
        done: dict = {}
        if args.results and os.path.exists(args.results):
            for rec in past:
                if (all(rec.get(k) == v for k, v in key.items()) and isinstance(rec.get("deal"), int)
                        and rec["deal"] < args.deals and "rotation" in rec):
                    done[(rec["deal"], rec["rotation"])] = rec

        def keep(g: dict, key=key) -> None:
            if args.results:
                with open(args.results, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({**key, **g}) + "\n")

        seeds = deal_seeds(args.seed, args.deals)
        try:
            games = run_match(rules, bot, opp, args.deals, args.seed, executor, done, keep)
        except KeyboardInterrupt:  # the queued games are dropped; durak-lab says it stopped (exit 130)
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
            raise
        assert all(g["seed"] == seeds[g["deal"]] for g in games)
        out.append({**key, **summary(games, bot.name, rules)})
    if executor is not None:
        executor.shutdown()
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"durak-lab bench bots: {args.bot} on {args.preset}, {rules.players} players, {args.deals} deals "
          "each played once per seat")
    w = max([14] + [len(r["vs"]) + 1 for r in out])
    print(f"{'against':<{w}} {'games':>6} {'won':>7} {'95% interval':>15} {'lost':>7} {'95% interval':>15} "
          f"{'drawn':>6} {'ms/choice':>10}")
    for r in out:
        print(f"{r['vs']:<{w}} {r['games']:>6} {r['win_rate']:>7.1%} {r['win_low']:>7.1%}–{r['win_high']:<7.1%} "
              f"{r['loss_rate']:>7.1%} {r['loss_low']:>7.1%}–{r['loss_high']:<7.1%} {r['draws']:>6} "
              f"{r['ms_per_choice']:>10.1f}")
    for r in out:
        if r["forfeits"]:
            print(f"{r['vs']}: {r['forfeits']} games lost by forfeit; " + "; ".join(r["forfeit_reasons"]))
    sys.stdout.flush()
    return 0
