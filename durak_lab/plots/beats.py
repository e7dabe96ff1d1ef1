"""Figures of the attack and defence graphs (plotly).

* :func:`beats_figure` — the beats graph of :func:`~durak_lab.graphs.beats_graph`
  in two ranked rows, the trump suit on top: a line joins each card to the next
  higher card of its suit (curved below the row for the other suits), and the
  lowest trump to the ace of every other suit; with ``reduced=False`` every
  edge.
* :func:`table_figure` — the table graph of :func:`~durak_lab.graphs.table_graph`
  in four columns: throw-in candidates, attack cards, covers, the defender's hand.
* :func:`cover_figure` — the cover plan of :func:`~durak_lab.graphs.cover_plan`
  as a bipartite drawing: every possible cover a thin dotted line, the chosen
  covers (the matching) thick, solid and in the legend, the Hall set and its
  too-few answers marked by symbol and legend entry, not by colour alone.

Every figure has a title, words in the hover text of nodes and edges ("10 of
diamonds"), and a pandas table as its text alternative:
:func:`~durak_lab.graphs.edge_table` for the beats and table graphs,
:func:`~durak_lab.graphs.cover_table` for a cover plan (re-exported here).
Figures are plain ``plotly.graph_objects.Figure`` values: ``fig.show()`` in a
notebook, or ``go.FigureWidget(fig)`` in a widget.

Presentation layer: needs plotly (and networkx, pandas through
:mod:`durak_lab.graphs`).

>>> from durak_lab.graphs import cover_plan_for
>>> fig = cover_figure(cover_plan_for("10♥ A♠ 6♣", "7♥ 9♥ J♥", "♠"))
>>> [t.name for t in fig.data if t.showlegend is not False]
['possible cover', 'chosen cover (the matching)', 'attack card', 'card in hand', 'too few answers', 'their only answers']
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

import networkx as nx
import plotly.graph_objects as go

from ..engine.cards import parse_suit
from ..graphs.beats import (TABLE_ROLES, CoverPlan, Suit, beats_graph, beats_layout, card_cost, cover_table, edge_table,
                     table_graph)
from ..engine.moves import seat_text
from ..engine.state.position import Position
from ..text.catalogue import Items, Suit as SuitMeaning
from ..text.explain import cover_why
from ..text.messages import say
from ..text.reasons import card_words

__all__ = ["beats_figure", "table_figure", "cover_figure", "cover_table", "edge_table", "COLOURS"]

#: Colours readable on light and dark backgrounds; every kind also differs by line dash or marker symbol.
COLOURS = {"trump": "#E45756", "other": "#4C78A8", "edge": "#9D9D9D", "chosen": "#F58518",
           "attack": "#4C78A8", "cover": "#54A24B", "hand": "#B279A2", "throw-in": "#72B7B2",
           "hall": "#E45756", "beats": "#9D9D9D", "covered by": "#54A24B", "may throw in": "#72B7B2"}

_SYMBOLS = {"attack": "square", "cover": "diamond", "hand": "circle", "throw-in": "triangle-up"}
_DASH = {"covered by": "solid", "beats": "dot", "may throw in": "dash"}
#: The catalogue keys of the table figure's columns, of its kinds of edges and of the players' roles.
_COLUMN_TITLES = {"throw-in": "bout-column-throw-in", "attack": "bout-column-attack", "cover": "bout-column-cover",
                  "hand": "bout-column-hand"}
_EDGE_NAMES = {"covered by": "bout-kind-covered", "beats": "bout-kind-beats", "may throw in": "bout-kind-throw"}
_ROLE_NAMES = {"leader": "bout-role-leader", "attacker": "bout-role-attacker", "defender": "bout-role-defender",
               "onlooker": "bout-role-onlooker"}
_COLUMNS = ("throw-in", "attack", "cover", "hand")


def _curve(p0: Sequence[float], p1: Sequence[float], bend: float = 0.0, n: int = 9) -> tuple[list, list]:
    """Points of a quadratic curve from p0 to p1 whose middle is pushed ``bend`` along the normal."""
    (x0, y0), (x1, y1) = p0, p1
    if not bend:
        return [x0, x1], [y0, y1]
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    cx, cy = (x0 + x1) / 2 - dy / length * bend, (y0 + y1) / 2 + dx / length * bend
    xs, ys = [], []
    for i in range(n):
        t = i / (n - 1)
        xs.append((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1)
        ys.append((1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1)
    return xs, ys


class _Lines:
    """Collects edges of one kind into one line trace (None-separated) and hover points at their middles."""

    def __init__(self) -> None:
        self.x: list = []
        self.y: list = []
        self.mx: list = []
        self.my: list = []
        self.hover: list = []
        self.data: list = []

    def add(self, p0: Sequence[float], p1: Sequence[float], hover: str, bend: float = 0.0,
            data: Optional[list] = None) -> None:
        xs, ys = _curve(p0, p1, bend)
        self.x += xs + [None]
        self.y += ys + [None]
        mid = len(xs) // 2
        if len(xs) == 2:
            self.mx.append((xs[0] + xs[1]) / 2)
            self.my.append((ys[0] + ys[1]) / 2)
        else:
            self.mx.append(xs[mid])
            self.my.append(ys[mid])
        self.hover.append(hover)
        self.data.append(data or [])

    def traces(self, name: str, colour: str, width: float, dash: str, legend: bool = True,
               group: Optional[str] = None) -> list:
        if not self.hover:
            return []
        group = group or name
        line = go.Scatter(x=self.x, y=self.y, mode="lines", name=name, legendgroup=group, showlegend=legend,
                          line=dict(color=colour, width=width, dash=dash), hoverinfo="skip",
                          customdata=None)
        mids = go.Scatter(x=self.mx, y=self.my, mode="markers", name=f"{name} (hover)", legendgroup=group,
                          showlegend=False, marker=dict(size=9, color=colour, opacity=0.0),
                          hovertext=self.hover, hoverinfo="text", customdata=self.data)
        return [line, mids]


def _layout(fig: go.Figure, title: str, height: int, width: Optional[int] = None) -> go.Figure:
    fig.update_layout(title=dict(text=title, x=0.01), height=height, width=width, template="plotly_white",
                      hovermode="closest", margin=dict(l=20, r=20, t=70, b=20),
                      legend=dict(orientation="h", yanchor="bottom", y=-0.12, x=0),
                      xaxis=dict(visible=False), yaxis=dict(visible=False))
    return fig


def _node_hover(words: str, extra: Sequence[str]) -> str:
    return "<br>".join([words] + [e for e in extra if e])


def _card_name(card: int, is_trump: bool) -> str:
    """A card in words, "(trump)" after a trump: the first line of a card's hover text."""
    return say("plot-card-trump", card=card_words(card)) if is_trump else card_words(card)


# ---------------------------------------------------------------- the beats graph
def _label_sides(xs: Sequence[float], is_trump: bool) -> Union[str, list]:
    """Where each card's label goes (``xs``: the cards' places along their row): above the
    trumps; above and below in turn, from left to right, along the row of the other suits (27
    cards in one row), so that neighbours' labels do not run together on a narrow screen.

    >>> _label_sides([2.0, 0.0, 1.0], False)
    ['top center', 'top center', 'bottom center']
    >>> _label_sides([0.0, 1.0], True)
    'top center'
    """
    if is_trump:
        return "top center"
    sides = [""] * len(xs)
    for rank, i in enumerate(sorted(range(len(xs)), key=lambda i: xs[i])):
        sides[i] = "top center" if rank % 2 == 0 else "bottom center"
    return sides


def beats_figure(trump: Suit, deck: int = 36, reduced: bool = True, title: Optional[str] = None) -> go.Figure:
    """The beats graph as two ranked rows: the trump suit above, the other suits below.

    Traces: the edges within the trump suit ("a higher trump"), within the
    other suits ("a higher card of the same suit"), from trumps to the other
    suits ("a trump beats any other suit"), then the trump cards and the other
    cards as markers labelled with their text.  Hover a card for its name in
    words and what it beats; hover the middle of a line for the edge in words.

    >>> fig = beats_figure("♦")
    >>> [t.name for t in fig.data if t.showlegend is not False]
    ['higher trump', 'higher card of the same suit', 'trump beats another suit', 'trumps (♦)', 'other suits']
    >>> fig.layout.title.text
    'Which card beats which: trump ♦ (diamonds)<br>on top, 36 cards'
    """
    g = beats_graph(trump, deck=deck, reduced=reduced)
    t = parse_suit(g.graph["trump"])
    pos = beats_layout(g)
    others = [s for s in range(4) if s != t]
    # the kinds of edges by the catalogue key of their legend name
    kinds = {"beats-kind-trump": _Lines(), "beats-kind-suit": _Lines(), "beats-kind-other": _Lines()}
    for a, b, d in g.edges(data=True):
        if a.suit == b.suit == t:
            kinds["beats-kind-trump"].add(pos[b], pos[a], d["text"], bend=0.12 if not reduced else 0.0,
                                          data=[str(a), str(b)])
        elif a.suit == b.suit:
            bend = -(0.08 + 0.06 * others.index(a.suit)) if reduced else -0.1
            kinds["beats-kind-suit"].add(pos[b], pos[a], d["text"], bend=bend, data=[str(a), str(b)])
        else:
            kinds["beats-kind-other"].add(pos[a], pos[b], d["text"], data=[str(a), str(b)])
    fig = go.Figure()
    styles = {"beats-kind-trump": (COLOURS["trump"], "solid"), "beats-kind-suit": (COLOURS["other"], "solid"),
              "beats-kind-other": (COLOURS["edge"], "dot")}
    for key, lines in kinds.items():
        colour, dash = styles[key]
        for tr in lines.traces(say(key), colour, 1.5 if reduced else 0.6, dash):
            fig.add_trace(tr)
    trump = SuitMeaning(t)
    for is_trump, name, symbol in ((True, say("beats-trumps", trump=trump), "star"),
                                   (False, say("beats-others"), "circle")):
        nodes = [c for c, d in g.nodes(data=True) if d["is_trump"] == is_trump]
        hover = []
        for c in nodes:
            beaten = g.in_degree(c) if not reduced else len(nx.ancestors(g, c))
            beats = g.out_degree(c) if not reduced else len(nx.descendants(g, c))
            hover.append(_node_hover(_card_name(c, is_trump), [say("beats-hover-beats", count=beats),
                                                               say("beats-hover-beaten", count=beaten)]))
        fig.add_scatter(x=[pos[c][0] for c in nodes], y=[pos[c][1] for c in nodes], mode="markers+text",
                        name=name, text=[str(c) for c in nodes],
                        textposition=_label_sides([pos[c][0] for c in nodes], is_trump),
                        textfont=dict(size=12 if is_trump else 11),
                        marker=dict(size=16 if is_trump else 11, symbol=symbol, line=dict(width=1, color="#333"),
                                    color=COLOURS["trump" if is_trump else "other"]),
                        hovertext=hover, hoverinfo="text", customdata=[str(c) for c in nodes])
    # two short lines, so that the title fits a narrow output area (about 370 px)
    fig = _layout(fig, title or f"{say('beats-title', trump=trump)}<br>{say('beats-title-deck', count=deck)}",
                  height=420)
    fig.update_layout(margin=dict(b=70), legend=dict(y=-0.02, yanchor="top"))
    fig.add_annotation(x=-0.6, y=1.0, text=say("beats-row-trumps"), showarrow=False, xanchor="right")
    fig.add_annotation(x=-0.6, y=0.0, text=say("beats-others"), showarrow=False, xanchor="right")
    fig.update_yaxes(range=[-0.55, 1.35])
    # room on the left for the rows' names also when the chart is narrow (about 370 px)
    fig.update_xaxes(range=[-3.0, max(x for x, _ in pos.values()) + 0.6])
    return fig


# ---------------------------------------------------------------- the table graph
def table_figure(position: Union[Position, nx.DiGraph], title: Optional[str] = None) -> go.Figure:
    """The table of a bout in four columns: may be thrown in, attack cards, covers, the defender's hand.

    An attack card and its cover share a row.  Edges: "covered by" solid,
    "beats" (a defender's card could beat an uncovered attack card) dotted,
    "may throw in" dashed; every kind is a legend entry.  Nodes differ by
    symbol per role and name their player in the hover text.

    >>> from durak_lab.engine.records import load_example
    >>> fig = table_figure(load_example("EX-HE-BOUT").game_after(3).position)
    >>> [t.name for t in fig.data if t.showlegend is not False]
    ['covered by', 'beats', 'may throw in', 'attack cards', 'covers', "defender's hand", 'may be thrown in']
    >>> "10 of hearts" in " ".join(fig.data[-4].hovertext)
    True
    """
    g = position if isinstance(position, nx.DiGraph) else table_graph(position)
    x_of = {role: float(i) for i, role in enumerate(_COLUMNS)}
    pos: dict = {}
    row = 0
    for c, d in g.nodes(data=True):
        if d["role"] == "attack":
            pos[c] = (x_of["attack"], -row)
            for _, cov, e in g.out_edges(c, data=True):
                if e["kind"] == "covered by":
                    pos[cov] = (x_of["cover"], -row)
            row += 1
    for role in ("hand", "throw-in"):
        nodes = sorted((c for c, d in g.nodes(data=True) if d["role"] == role), key=lambda c: (g.nodes[c]["seat"], c))
        for i, c in enumerate(nodes):
            pos[c] = (x_of[role], -i)
    fig = go.Figure()
    for kind in ("covered by", "beats", "may throw in"):
        lines = _Lines()
        for a, b, e in g.edges(data=True):
            if e["kind"] == kind:
                bend = 0.0 if kind == "covered by" else (0.15 if kind == "beats" else -0.15)
                lines.add(pos[a], pos[b], e["text"], bend=bend, data=[str(a), str(b)])
        for tr in lines.traces(say(_EDGE_NAMES[kind]), COLOURS[kind], 2.0, _DASH[kind]):
            fig.add_trace(tr)
    players = g.graph.get("players", {})
    for role in TABLE_ROLES:
        nodes = [c for c, d in g.nodes(data=True) if d["role"] == role]
        if not nodes:
            continue
        hover = []
        for c in nodes:
            d = g.nodes[c]
            extra = [say("bout-hover-player", column=say(_COLUMN_TITLES[role]), seat=d["player"],
                         role=say(_ROLE_NAMES[d["player_role"]]))]
            if role == "attack":
                extra.append(say("bout-covered") if d.get("covered") else say("bout-not-covered"))
            hover.append(_node_hover(say("plot-card-trump", card=d["words"]) if d["is_trump"] else d["words"], extra))
        fig.add_scatter(x=[pos[c][0] for c in nodes], y=[pos[c][1] for c in nodes], mode="markers+text",
                        name=say(_COLUMN_TITLES[role]), text=[f"{c} ({g.nodes[c]['player']})" for c in nodes],
                        textposition="top center", cliponaxis=False,
                        marker=dict(size=16, symbol=_SYMBOLS[role], color=COLOURS[role],
                                    line=dict(width=1, color="#333")),
                        hovertext=hover, hoverinfo="text", customdata=[str(c) for c in nodes])
    rows = max([1] + [1 - int(y) for _, y in pos.values()])
    for role in _COLUMNS:
        fig.add_annotation(x=x_of[role], y=0.8, text=f"<b>{say(_COLUMN_TITLES[role])}</b>", showarrow=False)
    who = Items([say("bout-title-player", seat=seat_text(s), role=say(_ROLE_NAMES[r]))
                 for s, r in players.items() if r != "onlooker"], "comma")
    fig = _layout(fig, title or say("bout-title", trump=SuitMeaning(parse_suit(g.graph["trump"])), players=who),
                  height=200 + 60 * rows)
    fig.update_layout(margin=dict(b=70), legend=dict(y=-0.02, yanchor="top"))
    fig.update_xaxes(range=[-0.4, 3.8])
    fig.update_yaxes(range=[-rows + 0.5, 1.1])
    return fig


# ---------------------------------------------------------------- the cover plan
def cover_figure(plan: CoverPlan, title: Optional[str] = None) -> go.Figure:
    """The cover plan as a bipartite drawing: attack cards on the left, the defender's hand on the right.

    Every possible cover is a thin dotted line; the chosen covers (the
    cheapest maximum matching) are thick solid lines, a legend entry of
    their own, and each also says "chosen" in its hover text.  Without a full
    cover the Hall set (more attack cards than cards that can beat them) is
    ringed (legend "too few answers") and its
    possible covers are marked ("their only answers").  The plan's sentence
    is written under the title.

    >>> from durak_lab.graphs import cover_plan_for
    >>> plan = cover_plan_for("8♥ 10♥ A♠", "7♥ 9♥", "♠")
    >>> fig = cover_figure(plan)
    >>> chosen = next(t for t in fig.data if t.name == "chosen cover (the matching) (hover)")
    >>> [tuple(d) for d in chosen.customdata]
    [('7♥', '8♥'), ('9♥', '10♥')]
    """
    t = plan.trump
    attack = list(plan.attack)
    hand = sorted(plan.hand, key=lambda c: (c.suit == t, c.rank, c.suit))
    n = max(len(attack), len(hand), 1)
    pos = {}
    for i, a in enumerate(attack):
        pos[("a", a)] = (0.0, -i * (n - 1) / max(len(attack) - 1, 1) if len(attack) > 1 else -(n - 1) / 2)
    for i, c in enumerate(hand):
        pos[("h", c)] = (1.0, -float(i))
    chosen = set(plan.matching)
    possible, picked = _Lines(), _Lines()
    for a, opts in plan.options.items():
        for c in opts:
            how = cover_why(a, c, t)
            if (a, c) in chosen:
                picked.add(pos[("a", a)], pos[("h", c)], say("plan-hover-chosen", target=str(a), card=str(c), why=how,
                                                             cost=card_cost(c, t)), data=[str(a), str(c)])
            else:
                possible.add(pos[("a", a)], pos[("h", c)],
                             say("bout-edge-could-beat", card=str(c), target=str(a), why=how), data=[str(a), str(c)])
    fig = go.Figure()
    for tr in possible.traces(say("plan-legend-possible"), COLOURS["edge"], 1.0, "dot"):
        fig.add_trace(tr)
    for tr in picked.traces(say("plan-legend-chosen"), COLOURS["chosen"], 5.0, "solid"):
        fig.add_trace(tr)
    opts = plan.options
    used = {c: a for a, c in plan.matching}
    cover_of = dict(plan.matching)

    def beaten_by(a: int) -> str:
        if not opts[a]:
            return say("plan-hover-beaten-by-none")
        return say("plan-hover-beaten-by", cards=" ".join(map(str, opts[a])))

    fig.add_scatter(x=[pos[("a", a)][0] for a in attack], y=[pos[("a", a)][1] for a in attack],
                    mode="markers+text", name=say("plan-legend-attack"), text=[f"{a}\u2003" for a in attack],
                    textposition="middle left", cliponaxis=False,
                    marker=dict(size=18, symbol="square", color=COLOURS["attack"], line=dict(width=1, color="#333")),
                    hovertext=[_node_hover(_card_name(a, a.suit == t),
                                           [beaten_by(a), say("plan-hover-cover", card=str(cover_of[a]))
                                            if a in cover_of else say("plan-hover-uncovered")]) for a in attack],
                    hoverinfo="text", customdata=[str(a) for a in attack])
    fig.add_scatter(x=[pos[("h", c)][0] for c in hand], y=[pos[("h", c)][1] for c in hand], mode="markers+text",
                    name=say("plan-legend-hand"), text=[f"\u2003{c}" for c in hand], textposition="middle right",
                    cliponaxis=False,
                    marker=dict(size=18, symbol="circle", color=COLOURS["hand"], line=dict(width=1, color="#333")),
                    hovertext=[_node_hover(_card_name(c, c.suit == t),
                                           [say("plan-hover-cost", cost=card_cost(c, t)),
                                            say("plan-hover-covers", card=str(used[c])) if c in used
                                            else say("plan-hover-kept")]) for c in hand],
                    hoverinfo="text", customdata=[str(c) for c in hand])
    if plan.hall_set:
        fig.add_scatter(x=[pos[("a", a)][0] for a in plan.hall_set], y=[pos[("a", a)][1] for a in plan.hall_set],
                        mode="markers", name=say("plan-legend-hall"),
                        marker=dict(size=30, symbol="square-open", color=COLOURS["hall"], line=dict(width=3)),
                        hovertext=[say("plan-hover-hall", card=card_words(a)) for a in plan.hall_set],
                        hoverinfo="text", customdata=[str(a) for a in plan.hall_set])
        fig.add_scatter(x=[pos[("h", c)][0] for c in plan.neighbours],
                        y=[pos[("h", c)][1] for c in plan.neighbours],
                        mode="markers", name=say("plan-legend-only"),
                        marker=dict(size=30, symbol="circle-open-dot", color=COLOURS["hall"], line=dict(width=3)),
                        hovertext=[say("plan-hover-only", card=card_words(c)) for c in plan.neighbours],
                        hoverinfo="text", customdata=[str(c) for c in plan.neighbours])
    heading = title or say("plan-title-nothing" if not attack else "plan-title-yes" if plan.full else "plan-title-no")
    fig = _layout(fig, heading, height=230 + 56 * n, width=None)
    fig.add_annotation(x=0.0, y=1.02, xref="paper", yref="paper", xanchor="left", yanchor="bottom",
                       text=_wrap(plan.sentence(), 44), showarrow=False, align="left")
    fig.add_annotation(x=0.0, y=0.55, text=f"<b>{say('plan-column-attack')}</b>", showarrow=False, yanchor="bottom")
    fig.add_annotation(x=1.0, y=0.55, text=f"<b>{say('bout-column-hand')}</b>", showarrow=False, yanchor="bottom")
    fig.update_layout(margin=dict(t=120, b=70), legend=dict(y=-0.05, yanchor="top"))
    fig.update_xaxes(range=[-0.6, 1.6])
    fig.update_yaxes(range=[-(n - 1) - 0.5, 0.9])
    return fig


def _wrap(text: str, width: int = 90) -> str:
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    if line:
        lines.append(line)
    return "<br>".join(lines)



