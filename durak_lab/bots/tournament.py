"""Tournaments: bots play seeded deals against each other, every bot in every seat.

The luck of the deal is large in Durak.  To compare strategies fairly, a
tournament plays each deal several times with the bots rotated round the
table (a "duplicate" format, as in bridge): with two bots, each deal twice,
the seats swapped.  :func:`round_robin` does that for every group of bots
that fills the table; :func:`play_deals` for one lineup; :func:`play_game`
plays one game.

Bots see only their own :class:`~durak_lab.engine.view.PlayerView` (see
:mod:`durak_lab.bots`) and share one ``random.Random`` per game, seeded from
the deal: the same call gives the same games.  Every move a bot returns is
checked against the rules; a move that is not legal raises
:class:`~durak_lab.bots.BotError` naming the bot and the reason.  A game that
runs past ``max_moves`` (endless transfers in perevodnoy can repeat a position
for ever) stops and counts as a draw, marked ``unfinished``.

Each game starts from fresh copies of the bots (a bot that learns as it plays,
like the solver's tables, starts every game alike), so a game depends on its
deal and its lineup alone.  :func:`play_deals` and :func:`round_robin` take
any :class:`concurrent.futures.Executor` to play the games on: by default all
local cores (a process pool, where processes can be started), :class:`InProcess`
for one process, a Dask ``distributed`` client's ``get_executor()`` for a
cluster; the results are the same, game for game, whatever the executor.

The results are plain data; :mod:`durak_lab.tournament_frames` turns them into
pandas DataFrames and :mod:`durak_lab.plots.tournament` into plotly charts.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.bots import RandomBot, TipsBot
>>> t = round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=10, seed=1)
>>> len(t.games)                      # 10 deals, each with the seats swapped
20
>>> [(row["bot"], row["games"]) for row in t.standings()]
[('tips', 20), ('random', 20)]
"""

from __future__ import annotations

import copy
import math
import random
from concurrent.futures import Executor
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, Optional, Sequence

from .base import Bot, BotError
from .executors import InProcess, local_executor, run_jobs
from .protocol.external import BotForfeit
from ..engine.moves import Move, seat_text
from ..engine.rules import Rules
from ..engine.state.position import Position

__all__ = ["GameResult", "Tournament", "InProcess", "play_game", "play_deals", "round_robin", "deal_seeds",
           "wilson", "local_executor", "deal_jobs", "round_robin_jobs", "run_jobs", "fresh_game"]

#: Moves after which a game stops and counts as an unfinished draw.
MAX_MOVES = 5_000


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament.

    ``deal``: the deal's number in the tournament; ``seed``: the seed it was
    dealt with (``Position.deal(rules, seed)``); ``rotation``: how far the
    lineup was turned; ``seats``: the bot's name in each seat; ``losers``: the
    durak seats (R27, R28), empty for a draw (R29) or an unfinished game;
    ``moves``: every move played; ``forfeit``: ``(seat, reason)`` when a bot in another
    process (:class:`~durak_lab.bots.protocol.ExternalBot`) lost the game by answering late,
    stopping or choosing an illegal move (its seat is then the durak), else empty.
    """

    rules: Rules
    deal: int
    seed: int
    rotation: int
    seats: tuple
    losers: tuple
    moves: tuple
    unfinished: bool = False
    forfeit: tuple = ()

    @property
    def duraks(self) -> tuple:
        """The names of the durak bots (empty for a draw)."""
        return tuple(self.seats[s] for s in self.losers)

    @property
    def draw(self) -> bool:
        """Nobody is durak: a simultaneous finish (R29), or the game did not finish."""
        return not self.losers

    def game(self):
        """The game as a :class:`~durak_lab.engine.game.Game`, replayed move by move (for the stepper)."""
        from ..engine.game import Game

        g = Game(Position.deal(self.rules, self.seed))
        g.play_all(self.moves)
        return g

    def record(self):
        """The game as a ``durak-lab/1`` :class:`~durak_lab.engine.records.Record`.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.bots import TipsBot, RandomBot
        >>> r = play_game(Rules(players=2), [TipsBot(), RandomBot()], seed=5)
        >>> rec = r.record()
        >>> rec.seed, len(rec.moves) == len(r.moves), rec.title
        (5, True, 'P1 tips vs P2 random, deal seed 5')
        """
        from ..engine.records.record import record_from_game

        title = " vs ".join(f"{seat_text(s)} {name}" for s, name in enumerate(self.seats))
        return record_from_game(self.game(), seed=self.seed, title=f"{title}, deal seed {self.seed}")


def play_game(rules: Rules, lineup: Sequence[Bot], seed: int, *, deal: int = 0, rotation: int = 0,
              max_moves: int = MAX_MOVES) -> GameResult:
    """Play one game of ``rules``: ``lineup[s]`` in seat ``s``, dealt with ``seed``.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.bots import TipsBot, RandomBot
    >>> r = play_game(Rules(players=3), [TipsBot(), RandomBot(), RandomBot()], seed=2)
    >>> r.seats, len(r.losers) <= 1, r.unfinished
    (('tips', 'random', 'random'), True, False)
    """
    n = rules.players
    if len(lineup) != n:
        raise ValueError(f"lineup: {len(lineup)} bots for {n} seats")
    result: Optional[GameResult] = None
    try:
        result = _play(rules, lineup, seed, deal, rotation, max_moves)
        return result
    finally:  # a bot with a process of its own (ExternalBot) stops at the game's end, whatever ended it
        for bot in {id(b): b for b in lineup}.values():
            finish = getattr(bot, "finish", None)
            if callable(finish):
                finish(None if result is None or result.unfinished else result.losers)


def _play(rules: Rules, lineup: Sequence[Bot], seed: int, deal: int, rotation: int, max_moves: int) -> GameResult:
    p = Position.deal(rules, seed)
    rng = random.Random(f"durak-lab bots {seed} {rotation}")
    moves: list[Move] = []
    # the public history, for bots that read it: (the seat's view before each move, the move)
    readers = {s: [] for s, b in enumerate(lineup) if getattr(b, "reads_history", False)}
    while p.result is None:
        if len(moves) >= max_moves:
            return GameResult(rules, deal, seed, rotation, tuple(b.name for b in lineup), (), tuple(moves),
                              unfinished=True)
        s = p.to_act()
        assert s is not None
        bot = lineup[s]
        view = p.view(s)
        try:
            move = bot.choose(view, rng, history=tuple(readers[s])) if s in readers else bot.choose(view, rng)
        except BotForfeit as lost:
            return GameResult(rules, deal, seed, rotation, tuple(b.name for b in lineup), (s,), tuple(moves),
                              forfeit=(s, lost.reason))
        if not isinstance(move, Move) or move not in view.legal:
            if not isinstance(move, Move):
                reason = f"a {type(move).__name__}, not a Move of view.legal"
            else:
                why = p.why_illegal(move)
                reason = why.message if why is not None else "not one of its legal moves now"
            raise BotError(f"bot {bot.name!r} in seat {seat_text(s)} chose {move!s}: {reason}")
        moves.append(move)
        for r, seen in readers.items():
            seen.append((view if r == s else p.view(r), move))
        p = p.play_unchecked(move)
    return GameResult(rules, deal, seed, rotation, tuple(b.name for b in lineup), tuple(p.result),
                      tuple(moves))


def deal_seeds(seed: int, deals: int) -> list:
    """The seeds of a tournament's deals: ``deals`` numbers drawn from ``random.Random(seed)``.

    >>> deal_seeds(1, 3) == deal_seeds(1, 3), len(set(deal_seeds(1, 100)))
    (True, 100)
    """
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(deals)]


def fresh_game(rules: Rules, lineup: Sequence[Bot], seed: int, deal: int, rotation: int,
                max_moves: int) -> GameResult:
    """One game with fresh copies of the bots (nothing learnt in another game carries over)."""
    return play_game(rules, [copy.deepcopy(b) for b in lineup], seed, deal=deal, rotation=rotation,
                     max_moves=max_moves)


def deal_jobs(rules: Rules, lineup: Sequence[Bot], deals: int, seed: int, rotate: bool) -> list:
    """The games of ``lineup`` on ``deals`` seeded deals (:func:`deal_seeds`), each dealt once per seat
    with the bots moved round the table when ``rotate`` (duplicate deals): a list of
    ``(bots by seat, deal seed, deal, rotation)``, the jobs :func:`run_jobs` runs.

    >>> from durak_lab.bots import GreedyBot, RandomBot
    >>> a, b = GreedyBot(), RandomBot()
    >>> jobs = deal_jobs(Rules(players=2), [a, b], deals=2, seed=0, rotate=True)
    >>> [(i, r) for _, _, i, r in jobs], [x.name for x in jobs[1][0]]
    ([(0, 0), (0, 1), (1, 0), (1, 1)], ['random', 'greedy'])
    """
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    n = rules.players
    if len(lineup) != n:
        raise ValueError(f"lineup: {len(lineup)} bots for {n} seats")
    jobs = []
    for i, s in enumerate(deal_seeds(seed, deals)):
        for r in range(n if rotate else 1):
            jobs.append(([lineup[(j - r) % n] for j in range(n)], s, i, r))
    return jobs


def _play_all(rules: Rules, jobs: list, max_moves: int, executor: Optional[Executor],
              progress: Optional[Callable[[int, int], Any]] = None) -> tuple:
    """Play every ``(lineup, seed, deal, rotation)`` job on ``executor``; the results in job order."""
    bots = list({id(b): b for lineup, *_ in jobs for b in lineup}.values())
    return tuple(run_jobs(fresh_game, [(rules, lineup, s, i, r, max_moves) for lineup, s, i, r in jobs],
                          executor, bots, progress=progress))


def play_deals(rules: Rules, lineup: Sequence[Bot], deals: int, seed: int = 0, *, rotate: bool = True,
               max_moves: int = MAX_MOVES, executor: Optional[Executor] = None,
               progress: Optional[Callable[[int, int], Any]] = None) -> "Tournament":
    """``deals`` seeded deals for one ``lineup`` of ``rules.players`` bots.

    With ``rotate`` each deal is played once per seat, the lineup turned one
    seat further each time, so that every bot plays every hand of the deal.
    ``executor``: where to play the games (see the module's text); ``progress(done, total)``
    hears of the games as they finish (:func:`~durak_lab.bots.executors.run_jobs`).

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.bots import TipsBot, RandomBot
    >>> t = play_deals(Rules(players=2), [TipsBot(), RandomBot()], deals=2, seed=3)
    >>> [(g.deal, g.rotation, g.seats) for g in t.games]
    [(0, 0, ('tips', 'random')), (0, 1, ('random', 'tips')), (1, 0, ('tips', 'random')), (1, 1, ('random', 'tips'))]
    """
    jobs = deal_jobs(rules, lineup, deals, seed, rotate)
    return Tournament(rules, _play_all(rules, jobs, max_moves, executor, progress))


def round_robin(rules: Rules, bots: Sequence[Bot], deals: int, seed: int = 0, *,
                max_moves: int = MAX_MOVES, executor: Optional[Executor] = None,
                progress: Optional[Callable[[int, int], Any]] = None) -> "Tournament":
    """Every group of ``rules.players`` bots plays the same ``deals`` deals, rotated round the table.

    Two-player rules make it a round robin of pairs, each deal twice with the
    seats swapped.  The bots' names must differ.  ``executor``: where to play
    the games (see the module's text); the games come back in the same order, sent in chunks
    (:func:`~durak_lab.bots.executors.run_jobs`); ``progress(done, total)`` hears of them as
    they finish.
    """
    return Tournament(rules, _play_all(rules, round_robin_jobs(rules, bots, deals, seed), max_moves, executor,
                                       progress))


def round_robin_jobs(rules: Rules, bots: Sequence[Bot], deals: int, seed: int = 0) -> list:
    """The jobs of :func:`round_robin`, in its order: every group of ``rules.players`` bots (in the order
    of ``bots``) on the same ``deals`` deals, rotated (:func:`deal_jobs`)."""
    names = [b.name for b in bots]
    if len(set(names)) != len(names):
        raise ValueError(f"the bots' names must differ: {names}")
    n = rules.players
    if len(bots) < n:
        raise ValueError(f"{len(bots)} bots cannot fill {n} seats: give at least {n}")
    jobs: list = []
    for group in combinations(bots, n):
        jobs.extend(deal_jobs(rules, list(group), deals, seed, True))
    return jobs


def wilson(k: int, n: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of a rate ``k / n`` (95% by default), as ``(low, high)``.

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # at a rate of 0 or 1 the interval reaches the end exactly (not a rounding error short of it)
    return (0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


@dataclass(frozen=True)
class Tournament:
    """The games of a tournament and their counts.  ``games`` in the order they were played."""

    rules: Rules
    games: tuple

    def bots(self) -> list:
        """The bots' names, in the order they first appear."""
        seen: dict = {}
        for g in self.games:
            for name in g.seats:
                seen.setdefault(name, None)
        return list(seen)

    def seat_rows(self) -> list:
        """One dict per game and seat: ``game``, ``deal``, ``seed``, ``rotation``, ``seat`` (P1…),
        ``bot``, ``durak``, ``draw``, ``unfinished``, ``moves``, ``forfeit`` (why the seat lost by
        forfeit, else empty)."""
        rows = []
        for i, g in enumerate(self.games):
            for s, name in enumerate(g.seats):
                rows.append({"game": i, "deal": g.deal, "seed": g.seed, "rotation": g.rotation,
                             "seat": seat_text(s), "bot": name, "durak": s in g.losers, "draw": g.draw,
                             "unfinished": g.unfinished, "moves": len(g.moves),
                             "forfeit": g.forfeit[1] if g.forfeit and g.forfeit[0] == s else ""})
        return rows

    def standings(self) -> list:
        """Per bot: ``games``, ``duraks``, ``draws``, ``durak_rate`` with its 95% Wilson interval
        (``low``, ``high``); the fewest duraks first (R30).  A bot sitting in two seats of one
        game counts that game twice."""
        count: dict = {name: [0, 0, 0] for name in self.bots()}
        for g in self.games:
            for s, name in enumerate(g.seats):
                c = count[name]
                c[0] += 1
                c[1] += s in g.losers
                c[2] += g.draw
        rows = []
        for name, (games, duraks, draws) in count.items():
            low, high = wilson(duraks, games)
            rows.append({"bot": name, "games": games, "duraks": duraks, "draws": draws,
                         "durak_rate": duraks / games, "low": low, "high": high})
        rows.sort(key=lambda r: (r["durak_rate"], r["bot"]))
        return rows

    def head_to_head(self) -> list:
        """For two-player games: per ordered pair, ``bot``, ``opponent``, ``games``, ``wins`` (the
        opponent was durak), ``losses``, ``draws``."""
        if self.rules.players != 2:
            raise ValueError("head_to_head is for two-player tournaments")
        pairs: dict = {}
        for g in self.games:
            for s in (0, 1):
                key = (g.seats[s], g.seats[1 - s])
                c = pairs.setdefault(key, [0, 0, 0, 0])
                c[0] += 1
                c[1] += (1 - s) in g.losers
                c[2] += s in g.losers
                c[3] += g.draw
        return [{"bot": a, "opponent": b, "games": c[0], "wins": c[1], "losses": c[2], "draws": c[3]}
                for (a, b), c in pairs.items()]

    def __len__(self) -> int:
        return len(self.games)
