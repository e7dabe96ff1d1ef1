"""Charts of a tournament (plotly): durak rates with their intervals, and head to head.

* :func:`standings_figure` — each bot's durak rate as a bar with its 95%
  Wilson interval; the fewest duraks first (R30).
* :func:`head_to_head_figure` — two players: a heatmap of the row bot's durak
  rate against each column bot.
* :func:`ladder_figure` — the ladder: each bot's rating as a point with its 95%
  interval, the anchor's line across.

The numbers are those of :mod:`durak_lab.tables.tournament`, the text
alternative.  Figures are plain ``plotly.graph_objects.Figure`` values; their
titles, axes and hover texts are worded in the chosen language (the catalogue's
``tournament-*`` keys).

Presentation layer: needs plotly (and pandas).

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.bots import RandomBot, TipsBot
>>> from durak_lab.bots.tournament import round_robin
>>> t = round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=5, seed=2)
>>> fig = standings_figure(t)
>>> list(fig.data[0].x), fig.layout.yaxis.title.text
(['tips', 'random'], 'durak rate')
"""

from __future__ import annotations

from typing import Optional

import plotly.graph_objects as go

from ..bots.ratings import ANCHOR_RATING, Ladder
from ..bots.tournament import Tournament
from ..tables.tournament import head_to_head_table, ladder_table, standings_table
from ..tables._pandas import needs_pandas
from ..text.messages import say

__all__ = ["standings_figure", "head_to_head_figure", "ladder_figure"]


def _describe(t: Tournament) -> str:
    deals = len({g.deal for g in t.games})
    return say("tournament-about", games=len(t.games), deals=deals, players=t.rules.players)


@needs_pandas
def standings_figure(t: Tournament, title: Optional[str] = None) -> go.Figure:
    """Bars of each bot's durak rate, with the 95% interval as error bars."""
    df = standings_table(t)
    hover = [say("tournament-hover-standings", bot=r.bot, duraks=r.duraks, games=r.games, rate=f"{r.durak_rate:.1%}",
                 low=f"{r.low:.1%}", high=f"{r.high:.1%}", draws=r.draws) for r in df.itertuples()]
    fig = go.Figure(go.Bar(
        x=df["bot"], y=df["durak_rate"], marker_color="#4C78A8", hovertext=hover, hoverinfo="text",
        error_y=dict(type="data", symmetric=False, array=df["high"] - df["durak_rate"],
                     arrayminus=df["durak_rate"] - df["low"]),
        text=[f"{x:.0%}" for x in df["durak_rate"]], textposition="inside", insidetextanchor="end"))
    fig.update_layout(title=title or say("tournament-standings-title", about=_describe(t)),
                      xaxis_title=say("tournament-axis-bot"), yaxis_title=say("tournament-axis-rate"),
                      yaxis_range=[0, 1.05],
                      yaxis_tickformat=".0%", template="plotly_white", margin=dict(t=60))
    return fig


@needs_pandas
def head_to_head_figure(t: Tournament, title: Optional[str] = None) -> go.Figure:
    """Two players: a heatmap, row bot against column bot, of the row bot's durak rate.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.bots import RandomBot, TipsBot
    >>> from durak_lab.bots.tournament import round_robin
    >>> fig = head_to_head_figure(round_robin(Rules(players=2), [TipsBot(), RandomBot()], deals=3))
    >>> fig.data[0].type, list(fig.data[0].x)
    ('heatmap', ['tips', 'random'])
    """
    df = head_to_head_table(t)
    games = {(r["bot"], r["opponent"]): r for r in t.head_to_head()}
    text, hover = [], []
    for a in df.index:
        row_t, row_h = [], []
        for b in df.columns:
            r = games.get((a, b))
            if r is None:
                row_t.append("")
                row_h.append(say("tournament-hover-not-played", bot=a, other=b))
            else:
                row_t.append(f"{r['losses'] / r['games']:.0%}")
                row_h.append(say("tournament-hover-head-to-head", bot=a, other=b, losses=r["losses"],
                                 games=r["games"], wins=r["wins"], draws=r["draws"]))
        text.append(row_t)
        hover.append(row_h)
    fig = go.Figure(go.Heatmap(z=df.values, x=list(df.columns), y=list(df.index), zmin=0, zmax=1,
                               colorscale="RdBu_r", text=text, texttemplate="%{text}", hovertext=hover,
                               hoverinfo="text", colorbar=dict(title=say("tournament-axis-rate"), tickformat=".0%")))
    fig.update_layout(title=title or say("tournament-head-to-head-title", about=_describe(t)),
                      xaxis_title=say("tournament-axis-opponent"), yaxis_title=say("tournament-axis-bot"),
                      yaxis_autorange="reversed",
                      template="plotly_white")
    return fig


@needs_pandas
def ladder_figure(lad: Ladder, title: Optional[str] = None) -> go.Figure:
    """The ladder: each bot's rating (the strongest at the top) with its 95% interval, and a line
    at the anchor's rating.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.bots import GreedyBot, RandomBot
    >>> from durak_lab.bots.ratings import ladder
    >>> fig = ladder_figure(ladder(Rules(players=2), [GreedyBot(), RandomBot()], deals=4, seed=1, boot=20))
    >>> list(fig.data[0].y), fig.layout.xaxis.title.text
    (['greedy', 'random'], 'rating (greedy = 1000)')
    """
    df = ladder_table(lad)
    hover = [say("tournament-hover-ladder", bot=r.bot, rating=f"{r.rating:.0f}", low=f"{r.low:.0f}",
                 high=f"{r.high:.0f}", games=r.games, score=f"{r.score:.0%}") for r in df.itertuples()]
    fig = go.Figure(go.Scatter(
        x=df["rating"], y=df["bot"], mode="markers+text", marker=dict(size=11, color="#4C78A8"),
        text=[f"{x:.0f}" for x in df["rating"]], textposition="top center", hovertext=hover, hoverinfo="text",
        error_x=dict(type="data", symmetric=False, array=df["high"] - df["rating"],
                     arrayminus=df["rating"] - df["low"])))
    fig.add_vline(x=ANCHOR_RATING, line_dash="dot", line_color="#888")
    fig.update_layout(title=title or say("tournament-ladder-title", about=_describe(lad.tournament)),
                      xaxis_title=say("tournament-axis-rating", anchor=lad.anchor, rating=f"{ANCHOR_RATING:.0f}"),
                      yaxis_title=say("tournament-axis-bot"),
                      yaxis_autorange="reversed", template="plotly_white", margin=dict(t=60))
    return fig
