"""Plots of trump probabilities (plotly): count bars, a card × place heatmap, the course of a game.

* :func:`trump_bars` — for every other hand and the talon, the distribution
  of its number of trumps as bars; with a posterior, prior and posterior side
  by side.
* :func:`card_heatmap` — the probability that each card (default: the trumps)
  lies in each place.
* :func:`course_lines` — the expected number of trumps per place after every
  move of a game: counting solid, posterior dashed.

Every figure has a title and axis titles; the same numbers are in the tables
of :mod:`durak_lab.tables.trumps`, the text alternative.  Figures are plain
``plotly.graph_objects.Figure`` values: ``fig.show()`` in a notebook.

Presentation layer: needs plotly; pandas only when a chart is built (not to import this module).

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.analysis.probability import Knowledge
>>> fig = trump_bars(Knowledge.at_deal(Rules(players=3), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣"))
>>> [t.name for t in fig.data], fig.layout.title.text
(['P2', 'P3', 'talon'], 'Trumps in each place, seen from P1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..analysis.inference.infer import Posterior
from ..analysis.probability import Knowledge
from ..tables.trumps import card_table, expected_trumps, trump_count_table
from ..engine.view import PlayerView
from ..tables._pandas import needs_pandas

if TYPE_CHECKING:  # pandas is imported by the functions that build tables, so that importing
    import pandas as pd  # this module (and the plotly charts) needs no pandas (JupyterLite)

__all__ = ["trump_bars", "card_heatmap", "course_lines", "PALETTE", "PLACE_COLOURS"]

#: Colours by source, readable on light and dark themes; the sources also differ by pattern.
PALETTE = {"counting": "#4C78A8", "posterior": "#F58518"}
#: Colours by place in the course lines (seats and the talon); sources differ by dash and marker.
PLACE_COLOURS = ("#4C78A8", "#E45756", "#54A24B", "#B279A2", "#F58518", "#72B7B2", "#9D755D")

Source = Union[Knowledge, PlayerView, Posterior]


def _viewer(x: Source) -> str:
    k = x.knowledge if isinstance(x, Posterior) else (Knowledge.from_view(x) if isinstance(x, PlayerView) else x)
    return k.labels[k.viewer] if k.viewer is not None else "nobody's seat (before anyone looks)"


def _hover(df: pd.DataFrame) -> list:
    out = []
    for _, r in df.iterrows():
        exact = f" = {r['exact']}" if isinstance(r["exact"], str) and r["exact"] else ""
        se = f" ± {r['stderr']:.3f}" if r["stderr"] else ""
        out.append(f"{r['place']}: {r['trumps']} trump(s): {r['probability']:.3f}{exact}{se}")
    return out


@needs_pandas
def trump_bars(prior: Source, posterior: Optional[Posterior] = None, title: Optional[str] = None) -> go.Figure:
    """Bars of the trump-count distribution of every other hand and the talon.

    With only ``prior`` (a :class:`Knowledge`, a view or a :class:`Posterior`),
    one bar series per place.  With a ``posterior`` too, one panel per place
    with the counting answer and the posterior side by side.

    >>> from durak_lab.engine.records import load_example
    >>> from durak_lab.analysis.inference import EpsilonModel, posterior
    >>> post = posterior(load_example("EX-KO-2"), 0, EpsilonModel("1/10"))
    >>> fig = trump_bars(post.knowledge, post)
    >>> sorted({t.name for t in fig.data})
    ['counting', 'posterior']
    """
    import pandas as pd
    who = _viewer(prior)
    if posterior is None:
        df = trump_count_table(prior)
        fig = go.Figure()
        for place, part in df.groupby("place", sort=False):
            fig.add_bar(x=part["trumps"], y=part["probability"], name=place, hovertext=_hover(part),
                        hoverinfo="text")
        fig.update_layout(barmode="group", title=title or f"Trumps in each place, seen from {who}",
                          xaxis_title="number of trumps", yaxis_title="probability", legend_title="place")
        fig.update_xaxes(dtick=1)
        return fig
    a = trump_count_table(prior).assign(source="counting")
    b = trump_count_table(posterior).assign(source="posterior")
    df = pd.concat([a, b], ignore_index=True)
    places = list(dict.fromkeys(df["place"]))
    fig = make_subplots(rows=1, cols=len(places), subplot_titles=places, shared_yaxes=True)
    for j, place in enumerate(places, 1):
        for source, pattern in (("counting", ""), ("posterior", "/")):
            part = df[(df.place == place) & (df.source == source)]
            fig.add_bar(x=part["trumps"], y=part["probability"], name=source, legendgroup=source,
                        showlegend=j == 1, marker_color=PALETTE[source], marker_pattern_shape=pattern,
                        hovertext=_hover(part), hoverinfo="text", row=1, col=j)
        fig.update_xaxes(title_text="number of trumps", dtick=1, row=1, col=j)
    fig.update_yaxes(title_text="probability", row=1, col=1)
    # two lines: in one, the title is wider than a chart 370 px wide (800 px, file browser open)
    fig.update_layout(barmode="group", title=title or f"Trumps in each place, seen from {who}:<br>"
                      "counting and posterior", legend_title="source")
    return fig


@needs_pandas
def card_heatmap(x: Source, cards: Any = None, title: Optional[str] = None) -> go.Figure:
    """The probability that each card (default: the trumps) lies in each place, as a heatmap.

    Rows are cards, columns the seats, the talon, the table and the discard;
    every cell is labelled with its percentage.

    >>> from durak_lab.engine.rules import Rules
    >>> fig = card_heatmap(Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣"))
    >>> fig.data[0].y[0], [round(v, 4) for v in fig.data[0].z[0][:3]]
    ('6♥', [0.0, 0.2069, 0.7931])
    """
    table = card_table(x, cards)
    exact = card_table(x, cards, exact=True) if not isinstance(x, Posterior) or x.exact else None
    z = table.to_numpy().tolist()
    text = [[f"{v:.0%}" if v else "" for v in row] for row in z]
    hover = []
    for i, card in enumerate(table.index):
        row = []
        for j, place in enumerate(table.columns):
            extra = f" = {exact.iloc[i, j]}" if exact is not None else ""
            row.append(f"{card} in {place}: {z[i][j]:.3f}{extra}")
        hover.append(row)
    fig = go.Figure(go.Heatmap(z=z, x=list(table.columns), y=list(table.index), text=text,
                               texttemplate="%{text}", hovertext=hover, hoverinfo="text", zmin=0, zmax=1,
                               colorscale="Blues", colorbar_title="probability"))
    fig.update_layout(title=title or f"Where each card is, seen from {_viewer(x)}", xaxis_title="place",
                      yaxis_title="card", yaxis_autorange="reversed")
    return fig


@needs_pandas
def course_lines(course: pd.DataFrame, title: Optional[str] = None, step: Optional[int] = None) -> go.Figure:
    """The expected number of trumps per place after every move (from :func:`trump_course`).

    Counting solid, posterior dashed (with ± 1 standard error when sampled);
    ``step`` draws a marker line at that move.

    >>> from durak_lab.engine.records import load_example
    >>> from durak_lab.tables.trumps import trump_course
    >>> fig = course_lines(trump_course(load_example("EX-KO-2"), seat=0))
    >>> sorted(t.name for t in fig.data)
    ['P2 (counting)', 'talon (counting)']
    """
    e = expected_trumps(course)
    fig = go.Figure()
    colours = {place: PLACE_COLOURS[i % len(PLACE_COLOURS)] for i, place in enumerate(dict.fromkeys(e["place"]))}
    for (place, source), part in e.groupby(["place", "source"], sort=False):
        dash = "solid" if source == "counting" else "dash"
        err = dict(type="data", array=part["stderr"].tolist(), visible=True) if part["stderr"].any() else None
        hover = [f"after move {s}: {m or 'start'}<br>{place}: {v:.2f} trumps expected, "
                 f"P(at least one) = {p:.3f}" for s, m, v, p in zip(part["step"], part["move"],
                                                                      part["expected"], part["p_any"])]
        fig.add_scatter(x=part["step"], y=part["expected"], mode="lines+markers", name=f"{place} ({source})",
                        line_dash=dash, line_color=colours[place],
                        marker_symbol="circle" if source == "counting" else "diamond-open",
                        error_y=err, hovertext=hover, hoverinfo="text")
    if step is not None:
        fig.add_vline(x=step, line_dash="dot", line_color="grey")
    fig.update_layout(title=title or "Expected trumps in each place, move by move",
                      xaxis_title="moves played", yaxis_title="expected number of trumps",
                      legend_title="place (source)")
    fig.update_xaxes(dtick=max(1, int(e["step"].max()) // 20 or 1))
    return fig
