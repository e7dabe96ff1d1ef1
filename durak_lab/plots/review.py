"""Charts of a game's review (plotly): a seat's chance move by move, and the chance each move lost.

* :func:`advantage_figure` — a seat's chance of not being the durak before each
  judged move (0–100%), with its 95% range as a band; the slips (a small slip, a
  mistake, a big mistake) as points coloured and shaped by their label.
* :func:`loss_figure` — the chance each move gave away, as bars coloured (and
  patterned) by label, one panel per seat.

The numbers are those of :func:`~durak_lab.analysis.evaluation.review.review`; the
sentences of :mod:`durak_lab.text.review` are the text alternative, and the hover text
of every point.  **Every point of both charts carries** ``customdata`` **= the game's
move index** (0-based, as ``Decision.index``), so that a click can open that move
(:class:`~durak_lab.widgets.review.ReviewBoard`).  Every word comes from
:func:`~durak_lab.text.messages.say`.

Which points the advantage chart shows: the seat's own decisions (its chance, from
its view); in a two-player game the other player's too, as the complement of that
player's chance (one of the two is the durak, or nobody: a draw counts half); at a
bigger table only the seat's own.

Presentation layer: needs plotly (no pandas, no numpy).

>>> from durak_lab.engine.records import load_record
>>> from durak_lab.analysis.evaluation.review import review
>>> rec = load_record({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
...     "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]},
...               "discard": "rest", "attacker": "P2", "first_bout": False},
...     "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦",
...               "P2 take"]})
>>> fig = advantage_figure(review(rec, reading=False), seat=1)
>>> fig.layout.title.text
"P2's chance of not being the durak, move by move"
>>> slips = next(t for t in fig.data if t.name == "a big mistake"); list(slips.customdata), list(slips.y)
([0], [100.0])
"""

from __future__ import annotations

from typing import Optional

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..analysis.evaluation.review import (BEST, BLUNDER, FORCED, GOOD, INACCURACY, LABELS, MISTAKE, ONLY, Decision,
                                          Review)
from ..engine.moves import seat_text
from ..text.messages import say
from ..text.narrate import value_words
from ..text.review import decision_sentence, label_words, percent

__all__ = ["advantage_figure", "loss_figure", "advantage_points", "LABEL_COLOURS", "LABEL_SYMBOLS",
           "LABEL_PATTERNS", "SLIPS"]

#: The labels drawn as points on the advantage chart, mildest first.
SLIPS = (INACCURACY, MISTAKE, BLUNDER)
#: A colour per label (colour-blind safe on white; the slips also differ by shape and pattern).
LABEL_COLOURS = {BEST: "#54A24B", ONLY: "#2E7D32", FORCED: "#9E9E9E", GOOD: "#72B7B2",
                 INACCURACY: "#E3A21A", MISTAKE: "#F58518", BLUNDER: "#C62828"}
#: The marker of each slip on the advantage chart.
LABEL_SYMBOLS = {INACCURACY: "circle", MISTAKE: "diamond", BLUNDER: "x"}
#: The bar pattern of each slip on the loss chart (the others plain).
LABEL_PATTERNS = {INACCURACY: ".", MISTAKE: "/", BLUNDER: "x"}
#: The room (in points of 0–100%) the advantage chart keeps above 100% and below 0%.
Y_PAD = 4
_LINE = "#4C78A8"
_BAND = "rgba(76, 120, 168, 0.18)"
_BR = "<br>"  # a line break in plotly's hover text (markup, not words)


def _pct(p: float) -> float:
    return round(min(1.0, max(0.0, p)) * 100, 2)


def _interval(d: Decision) -> tuple:
    """The 95% range of the mover's chance before ``d`` (its evaluation's; a point when exact)."""
    if d.evaluation is None:
        return (d.before, d.before)
    lo, hi = d.evaluation.interval
    return (min(lo, d.before), max(hi, d.before))


def advantage_points(r: Review, seat: int = 0, players: Optional[int] = None) -> list:
    """``[(decision, chance, low, high)]``: ``seat``'s chance (0–1) before each decision shown on
    :func:`advantage_figure`, and its 95% range, in game order.

    ``players``: the game's number of players (default: the review's, when it judged every seat;
    else only ``seat``'s own decisions are used).  Two players: the other seat's decisions count
    as ``1 - chance`` (the range turned over too).
    """
    if players is None:
        players = len(r.players) if len(r.players) > 1 else 0
    out = []
    for d in r.decisions:
        lo, hi = _interval(d)
        if d.seat == seat:
            out.append((d, d.before, lo, hi))
        elif players == 2:
            out.append((d, 1 - d.before, 1 - hi, 1 - lo))
    return out


def _before_words(d: Decision, seat: int, chance: float, lo: float, hi: float) -> str:
    number = d.index + 1
    if d.exact:
        value = 1 if chance > 0.75 else (-1 if chance < 0.25 else 0)
        return say("chart-hover-before-exact", number=number, value=value_words(value), seat=seat_text(seat))
    return say("chart-hover-before", number=number, seat=seat_text(seat), chance=percent(chance), low=percent(lo),
               high=percent(hi))


def advantage_figure(r: Review, seat: int = 0, players: Optional[int] = None,
                     title: Optional[str] = None) -> go.Figure:
    """``seat``'s chance of not being the durak over the game (see the module's text).

    x: the move number (1 for the first move); y: the chance before that move, 0–100%; the band:
    its 95% range; the slips: points coloured by label, their hover text the decision's sentence.
    """
    points = advantage_points(r, seat, players)
    who = seat_text(seat)
    xs = [d.index + 1 for d, *_ in points]
    ids = [d.index for d, *_ in points]
    fig = go.Figure()
    fig.add_scatter(x=xs, y=[_pct(hi) for *_, hi in points], customdata=ids, mode="lines",
                    line=dict(width=0, color=_LINE), hoverinfo="skip", showlegend=False, name="")
    fig.add_scatter(x=xs, y=[_pct(lo) for _, _, lo, _ in points], customdata=ids, mode="lines", fill="tonexty",
                    fillcolor=_BAND, line=dict(width=0, color=_LINE), hoverinfo="skip", name=say("chart-band"))
    hover = [_before_words(d, seat, c, lo, hi) + _BR + decision_sentence(d) for d, c, lo, hi in points]
    fig.add_scatter(x=xs, y=[_pct(c) for _, c, _, _ in points], customdata=ids, mode="lines+markers",
                    line=dict(color=_LINE, width=2), marker=dict(size=6, color=_LINE),
                    name=say("chart-advantage-y", seat=who), hovertext=hover, hoverinfo="text", cliponaxis=False)
    for label in SLIPS:
        mine = [(d, c) for d, c, _, _ in points if d.label == label]
        if not mine:
            continue
        fig.add_scatter(x=[d.index + 1 for d, _ in mine], y=[_pct(c) for _, c in mine],
                        customdata=[d.index for d, _ in mine], mode="markers", name=label_words(label),
                        marker=dict(size=13, color=LABEL_COLOURS[label], symbol=LABEL_SYMBOLS[label],
                                    line=dict(width=1.5, color="#333")),
                        hovertext=[decision_sentence(d) for d, _ in mine], hoverinfo="text", cliponaxis=False)
    fig.add_hline(y=50, line_dash="dot", line_color="#999")
    if not points:
        fig.add_annotation(text=say("chart-no-decisions"), showarrow=False, x=0.5, y=0.5, xref="paper",
                           yref="paper")
    fig.update_layout(title=title or say("chart-advantage-title", seat=who), xaxis_title=say("chart-move-x"),
                      yaxis_title=say("chart-advantage-y", seat=who), template="plotly_white", height=400,
                      margin=dict(l=60, r=24, t=56, b=40), hovermode="closest", clickmode="event",
                      legend=dict(orientation="h", yanchor="top", y=-0.24, xanchor="left", x=0,
                                  traceorder="normal"))
    # a little room above 100% and below 0%: a point there can be hovered and clicked all round
    ticks = [0, 25, 50, 75, 100]
    fig.update_yaxes(range=[-Y_PAD, 100 + Y_PAD], tickvals=ticks, ticktext=[f"{t}%" for t in ticks],
                     zeroline=False)
    fig.update_xaxes(rangemode="tozero")
    return fig


def _lost_words(d: Decision) -> str:
    """The hover line of a bar: the chance the move gave away (none: no line)."""
    if d.sure_loss <= 0:
        return ""
    key = "chart-hover-lost" if d.exact else "chart-hover-lost-sampled"
    return say(key, number=d.index + 1, seat=seat_text(d.seat), loss=percent(d.sure_loss)) + _BR


def loss_figure(r: Review, title: Optional[str] = None) -> go.Figure:
    """The chance each judged move gave away, one panel per seat of the review, bars coloured by
    label (the slips also patterned); hover: the decision's sentence.

    A bar's height is the move's ``sure_loss`` (0–100%): the chance lost less its margin of
    error, what its label is judged on, so that a move the evaluator calls best has no bar
    even when the luck of the guessed cards made it look a little worse.

    >>> from durak_lab.engine.records import load_record
    >>> from durak_lab.analysis.evaluation.review import review
    >>> rec = load_record({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
    ...     "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]},
    ...               "discard": "rest", "attacker": "P2", "first_bout": False},
    ...     "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take"]})
    >>> fig = loss_figure(review(rec, reading=False))
    >>> [(t.name, list(t.customdata), list(t.y)) for t in fig.data if t.name == "a big mistake"]
    [('a big mistake', [0], [100.0])]
    """
    seats = list(r.players)
    fig = make_subplots(rows=max(1, len(seats)), cols=1, shared_xaxes=True, vertical_spacing=0.12,
                        subplot_titles=[seat_text(s) for s in seats] or None)
    shown = {d.label for d in r.decisions if d.sure_loss <= 0}  # no bar to see: left out of the legend
    shown -= {d.label for d in r.decisions if d.sure_loss > 0}
    for row, s in enumerate(seats, 1):
        for label in LABELS:
            mine = [d for d in r.decisions if d.seat == s and d.label == label]
            if not mine:
                continue
            hover = [_lost_words(d) + decision_sentence(d) for d in mine]
            fig.add_bar(x=[d.index + 1 for d in mine], y=[_pct(d.sure_loss) for d in mine], width=0.8,
                        customdata=[d.index for d in mine], name=label_words(label), legendgroup=label,
                        legendrank=100 + LABELS.index(label), showlegend=label not in shown,
                        marker_color=LABEL_COLOURS[label],
                        marker_pattern_shape=LABEL_PATTERNS.get(label, ""), hovertext=hover, hoverinfo="text",
                        row=row, col=1)
            shown.add(label)
        fig.update_yaxes(title_text=say("chart-loss-y"), ticksuffix="%", rangemode="tozero", row=row, col=1)
    last = max((d.index + 1 for d in r.decisions), default=1)
    fig.update_xaxes(range=[0, last + 1])
    fig.update_xaxes(title_text=say("chart-move-x"), row=max(1, len(seats)), col=1)
    fig.update_layout(title=title or say("chart-loss-title"), template="plotly_white", barmode="overlay",
                      height=150 + 170 * max(1, len(seats)), margin=dict(l=60, r=24, t=64, b=40),
                      hovermode="closest", bargap=0.2,
                      legend=dict(orientation="h", yanchor="top", y=-0.12, xanchor="left", x=0,
                                  traceorder="normal"))
    return fig
