"""A tournament's results as pandas DataFrames.

* :func:`games_table` — one row per game: the deal, its seed, the rotation,
  the bot in each seat, the durak(s), draw, unfinished, moves.
* :func:`seats_table` — one row per game and seat (for ``groupby``: by bot,
  by seat, by deal).
* :func:`standings_table` — per bot: games, duraks, draws, the durak rate and
  its 95% Wilson interval, the fewest duraks first (R30).
* :func:`head_to_head_table` — two players: the durak rate of each row bot
  against each column bot.
* :func:`ladder_table` — a :class:`~durak_lab.bots.ratings.Ladder`: per bot its
  Bradley–Terry rating with the 95% bootstrap interval, games and score.

Analysis layer: needs pandas.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.bots import RandomBot, TipsBot
>>> from durak_lab.bots.tournament import round_robin
>>> t = round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=5, seed=2)
>>> list(standings_table(t).columns)
['bot', 'games', 'duraks', 'draws', 'durak_rate', 'low', 'high']
>>> games_table(t).shape
(10, 10)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import seat_text
from ..bots.ratings import Ladder
from ..bots.tournament import Tournament
from ._pandas import needs_pandas

if TYPE_CHECKING:  # pandas is imported by the functions that build tables, so that importing
    import pandas as pd  # this module (and the plotly charts) needs no pandas (JupyterLite)

__all__ = ["games_table", "seats_table", "standings_table", "head_to_head_table", "ladder_table"]


@needs_pandas
def games_table(t: Tournament) -> pd.DataFrame:
    """One row per game: ``game``, ``deal``, ``seed``, ``rotation``, a column per seat (P1, P2, …)
    with its bot, ``durak`` (the names, joined with " and "; empty for a draw), ``draw``,
    ``unfinished``, ``moves``."""
    import pandas as pd
    seats = [seat_text(s) for s in range(t.rules.players)]
    rows = []
    for i, g in enumerate(t.games):
        row = {"game": i, "deal": g.deal, "seed": g.seed, "rotation": g.rotation}
        row.update(zip(seats, g.seats))
        row.update({"durak": " and ".join(g.duraks), "draw": g.draw, "unfinished": g.unfinished,
                    "moves": len(g.moves)})
        rows.append(row)
    columns = ["game", "deal", "seed", "rotation", *seats, "durak", "draw", "unfinished", "moves"]
    return pd.DataFrame(rows, columns=columns)


@needs_pandas
def seats_table(t: Tournament) -> pd.DataFrame:
    """One row per game and seat (see :meth:`Tournament.seat_rows`).

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.bots import RandomBot, TipsBot
    >>> from durak_lab.bots.tournament import play_deals
    >>> df = seats_table(play_deals(Rules(players=2), [TipsBot(), RandomBot()], deals=3, seed=1))
    >>> df.groupby("seat")["bot"].value_counts().tolist()      # each bot in each seat, 3 times
    [3, 3, 3, 3]
    """
    import pandas as pd
    columns = ["game", "deal", "seed", "rotation", "seat", "bot", "durak", "draw", "unfinished", "moves", "forfeit"]
    return pd.DataFrame(t.seat_rows(), columns=columns)


@needs_pandas
def standings_table(t: Tournament) -> pd.DataFrame:
    """Per bot: ``games``, ``duraks``, ``draws``, ``durak_rate``, ``low``, ``high`` (95% Wilson)."""
    import pandas as pd
    columns = ["bot", "games", "duraks", "draws", "durak_rate", "low", "high"]
    return pd.DataFrame(t.standings(), columns=columns)


@needs_pandas
def head_to_head_table(t: Tournament) -> pd.DataFrame:
    """Two players: the durak rate of the row bot in its games against the column bot.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.bots import RandomBot, TipsBot
    >>> from durak_lab.bots.tournament import round_robin
    >>> df = head_to_head_table(round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=4, seed=1))
    >>> list(df.index), list(df.columns)
    (['tips', 'random'], ['tips', 'random'])
    """
    import pandas as pd
    rows = t.head_to_head()
    names = t.bots()
    df = pd.DataFrame(index=pd.Index(names, name="bot"), columns=pd.Index(names, name="opponent"),
                      dtype=float)
    for r in rows:
        df.loc[r["bot"], r["opponent"]] = r["losses"] / r["games"]
    return df


@needs_pandas
def ladder_table(lad: Ladder) -> pd.DataFrame:
    """Per bot, the strongest first: ``bot``, ``rating`` (Elo scale, the anchor at 1000), ``low``,
    ``high`` (95% bootstrap interval), ``games``, ``score`` (the share of its meetings won).

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.bots import GreedyBot, RandomBot
    >>> from durak_lab.bots.ratings import ladder
    >>> df = ladder_table(ladder(Rules(players=2), [GreedyBot(), RandomBot()], deals=4, seed=1, boot=20))
    >>> list(df.columns), df.loc[0, "bot"], float(df.loc[0, "rating"])
    (['bot', 'rating', 'low', 'high', 'games', 'score'], 'greedy', 1000.0)
    """
    import pandas as pd
    return pd.DataFrame(lad.rows(), columns=["bot", "rating", "low", "high", "games", "score"])
