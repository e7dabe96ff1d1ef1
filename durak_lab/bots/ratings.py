"""The ladder: Bradley–Terry ratings of bots from a duplicate round robin, with intervals.

Every game of a tournament is read as meetings of two bots: in a two-player
game the durak loses to the other (R28) and a draw is half a win each (R29);
with more players the durak loses to every other bot at the table, and the
others draw with each other.  The Bradley–Terry model gives each bot a
strength ``p`` such that bot ``a`` beats bot ``b`` with chance
``p_a / (p_a + p_b)``; :func:`fit` finds the strengths that make the games
most likely (Hunter's MM iteration, ties as half wins, one virtual draw
with the ``anchor`` for every bot so that a bot that never lost still gets a
finite rating).  Ratings are on the Elo scale: ``400 * log10(p / p_anchor)``
above :data:`ANCHOR_RATING`, so 200 points more means winning about three
games in four against that bot.

The intervals come from a bootstrap over the deals: the deals are drawn again
with replacement (each with all its seatings and groups, as the duplicate
format plays them), the ratings fitted again, and the middle 95% kept.  The
seed fixes them.  :func:`ladder` plays the round robin (on any
:class:`concurrent.futures.Executor`, see :mod:`durak_lab.bots.tournament`)
and rates it; :mod:`durak_lab.tables.tournament` makes a DataFrame of it and
:mod:`durak_lab.plots.tournament` a chart.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.bots import GreedyBot, RandomBot, TipsBot
>>> lad = ladder(Rules(players=2), [RandomBot(), GreedyBot(), TipsBot()], deals=12, seed=1, boot=50)
>>> [row["bot"] for row in lad.rows()]
['greedy', 'tips', 'random']
>>> lad.rating("greedy")
1000.0
>>> lo, hi = lad.interval("random"); lo < lad.rating("random") < hi < 1000
True
"""

from __future__ import annotations

import math
import random
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Optional, Sequence

from ..engine.rules import Rules
from .base import Bot
from .tournament import MAX_MOVES, Tournament, round_robin

__all__ = ["ANCHOR_RATING", "Ladder", "meetings", "fit", "rate", "ladder"]

#: The anchor bot's rating: the fixed point of the scale.
ANCHOR_RATING = 1000.0
_ELO = 400.0 / math.log(10.0)


def meetings(games: Sequence) -> dict:
    """``{(a, b): [score of a, meetings]}`` for every pair of bots that met (``a`` before ``b`` by name).

    A durak scores 0 against every other bot of the game, the others 1 against
    the durak and 1/2 against each other; after a draw everyone scores 1/2.

    >>> from durak_lab.bots.tournament import GameResult
    >>> g = GameResult(Rules(players=3), 0, 1, 0, ("x", "y", "z"), (2,), ())
    >>> meetings([g])
    {('x', 'y'): [0.5, 1], ('x', 'z'): [1.0, 1], ('y', 'z'): [1.0, 1]}
    """
    out: dict = {}
    for g in games:
        seats = g.seats
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                a, b = seats[i], seats[j]
                if a == b:
                    continue
                si = 0.5 if (i in g.losers) == (j in g.losers) else (0.0 if i in g.losers else 1.0)
                if a > b:
                    a, b, si = b, a, 1.0 - si
                c = out.setdefault((a, b), [0.0, 0])
                c[0] += si
                c[1] += 1
    return out


def fit(pairs: dict, bots: Sequence[str], anchor: str, iterations: int = 2000, tol: float = 1e-10) -> dict:
    """Bradley–Terry ratings (Elo scale, ``anchor`` at :data:`ANCHOR_RATING`) of the meetings ``pairs``.

    Each bot also gets one virtual draw with the anchor (a prior that keeps
    every rating finite).

    >>> r = fit({("a", "b"): [3.0, 4]}, ["a", "b"], anchor="b")   # with the virtual draw: 3.5 of 5
    >>> r["b"], round(r["a"] - r["b"], 1)                          # 400 * log10(3.5 / 1.5)
    (1000.0, 147.2)
    """
    if anchor not in bots:
        raise ValueError(f"anchor: {anchor!r} is not one of the bots {list(bots)}")
    idx = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    a = idx[anchor]
    games = [[0.0] * n for _ in range(n)]
    score = [0.0] * n
    for (x, y), (sx, m) in pairs.items():
        i, j = idx[x], idx[y]
        games[i][j] += m
        games[j][i] += m
        score[i] += sx
        score[j] += m - sx
    for i in range(n):  # the prior: one virtual draw with the anchor
        if i != a:
            games[i][a] += 1
            games[a][i] += 1
            score[i] += 0.5
            score[a] += 0.5
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            d = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            new.append(score[i] / d if d else p[i])
        norm = new[a]
        new = [x / norm for x in new]
        delta = max(abs(math.log(x) - math.log(y)) for x, y in zip(new, p))
        p = new
        if delta < tol:
            break
    return {b: ANCHOR_RATING + _ELO * math.log(p[idx[b]]) for b in bots}


@dataclass(frozen=True)
class Ladder:
    """Ratings of a tournament's bots: ``ratings`` (Elo scale, the ``anchor`` fixed), 95% bootstrap
    ``intervals`` over the deals, and the ``tournament`` itself."""

    tournament: Tournament
    anchor: str
    ratings: dict
    intervals: dict

    def rating(self, bot: str) -> float:
        """The bot's rating, rounded to 0.1."""
        return round(self.ratings[bot], 1)

    def interval(self, bot: str) -> tuple:
        """The bot's 95% interval ``(low, high)``, rounded to 0.1."""
        lo, hi = self.intervals[bot]
        return (round(lo, 1), round(hi, 1))

    def rows(self) -> list:
        """Per bot, the strongest first: ``bot``, ``rating``, ``low``, ``high``, ``games``, ``score``
        (the share of its meetings it won, draws counting half)."""
        played: dict = {}
        for (x, y), (sx, m) in meetings(self.tournament.games).items():
            for b, s in ((x, sx), (y, m - sx)):
                c = played.setdefault(b, [0.0, 0])
                c[0] += s
                c[1] += m
        games: dict = {}
        for g in self.tournament.games:
            for name in set(g.seats):
                games[name] = games.get(name, 0) + 1
        rows = []
        for b, r in self.ratings.items():
            lo, hi = self.interval(b)
            s, m = played.get(b, (0.0, 0))
            rows.append({"bot": b, "rating": round(r, 1), "low": lo, "high": hi, "games": games.get(b, 0),
                         "score": s / m if m else 0.0})
        rows.sort(key=lambda row: (-row["rating"], row["bot"]))
        return rows


def rate(t: Tournament, anchor: str, boot: int = 200, seed: int = 0) -> Ladder:
    """The :class:`Ladder` of a played tournament: ratings, and intervals from ``boot`` bootstrap
    draws of its deals (``seed`` fixes them; ``boot=0``: no intervals, each is the rating itself)."""
    bots = t.bots()
    ratings = fit(meetings(t.games), bots, anchor)
    by_deal: dict = {}
    for g in t.games:
        by_deal.setdefault(g.deal, []).append(g)
    deals = sorted(by_deal)
    rng = random.Random(seed)
    draws: dict = {b: [] for b in bots}
    for _ in range(boot):
        games = [g for _ in deals for g in by_deal[deals[rng.randrange(len(deals))]]]
        for b, r in fit(meetings(games), bots, anchor, iterations=500, tol=1e-7).items():
            draws[b].append(r)
    intervals = {}
    for b in bots:
        xs = sorted(draws[b])
        if xs:
            intervals[b] = (xs[int(0.025 * (len(xs) - 1))], xs[int(math.ceil(0.975 * (len(xs) - 1)))])
        else:
            intervals[b] = (ratings[b], ratings[b])
    return Ladder(t, anchor, ratings, intervals)


def ladder(rules: Rules, bots: Sequence[Bot], deals: int, seed: int = 0, *, anchor: str = "greedy",
           boot: int = 200, max_moves: int = MAX_MOVES, executor: Optional[Executor] = None,
           progress=None) -> Ladder:
    """Play a duplicate round robin of ``bots`` (:func:`~durak_lab.bots.tournament.round_robin`) and
    rate it (:func:`rate`), the bot named ``anchor`` at :data:`ANCHOR_RATING`; ``progress(done,
    total)`` hears of the games as they finish."""
    if anchor not in [b.name for b in bots]:
        raise ValueError(f"anchor: no bot is named {anchor!r}; add it (the greedy bot is the usual fixed point)")
    t = round_robin(rules, bots, deals, seed, max_moves=max_moves, executor=executor, progress=progress)
    return rate(t, anchor, boot=boot, seed=seed)
