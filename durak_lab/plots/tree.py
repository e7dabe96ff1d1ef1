"""The game tree of :func:`durak_lab.graphs.tree.game_tree` as a plotly figure.

:func:`tree_figure` draws one level per ply, the root on top; each position is
a point coloured by its value for the seat to act at the root (win, draw,
loss, unknown) and shaped by who acts there (a circle for P1, a diamond for
P2, …, a square when the game is over); the legend names colours and shapes
apart, and the hover text says it all in words, so colour is never the only
cue.  The
moves are lines: the principal variation thick, the other best moves solid,
the rest dotted; in a merged tree a second way into a position is dashed.
Hovering a point shows who acts, the cards and the value; hovering a line
(two thirds of the way down) shows the move and its value.  Big trees stay readable:
``max_depth`` draws only the first plies, ``collapsed`` folds the subtrees
under some nodes, ``root`` starts the drawing at another node; a point with
positions hidden below it is a downward triangle that says how many.

:func:`tree_layout` gives the coordinates alone (leaves evenly spaced, each
parent centred over its children).

Presentation layer: needs plotly (and networkx through :mod:`durak_lab.graphs.tree`).

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.graphs.tree import game_tree
>>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠",
...                    discard="rest", attacker=1, first_bout=False)
>>> fig = tree_figure(game_tree(p))
>>> [t.name for t in fig.data if t.showlegend]
['line of best play', 'best move', 'other move', 'win for P2', 'loss for P2', 'P1 to act', 'P2 to act', 'game over']
"""

from __future__ import annotations

from collections import deque
from typing import Hashable, Iterable, Optional

import networkx as nx
import plotly.graph_objects as go

from ..engine.moves import seat_text
from ..graphs.tree import node_text
from ..text.messages import say
from ..text.verdicts import outcome

__all__ = ["tree_figure", "tree_layout", "visible_nodes", "VALUE_COLOURS"]

#: Node colours by value for the root's seat; readable on light and dark backgrounds.
VALUE_COLOURS = {1: "#54A24B", 0: "#ECA82C", -1: "#E45756", None: "#9D9D9D"}
_SEAT_SYMBOLS = ("circle", "diamond", "pentagon", "hexagon", "star", "cross")
_EDGE_STYLE = {  # the catalogue key of the name, colour, width, dash
    "pv": ("tree-line-pv", "#F58518", 5.0, "solid"),
    "best": ("tree-line-best", "#4C78A8", 2.0, "solid"),
    "other": ("tree-line-other", "#BAB0AC", 1.2, "dot"),
    "transposition": ("tree-line-transposition", "#72B7B2", 1.2, "dash"),
}


def _spanning_parents(tree: nx.DiGraph, root: Hashable) -> dict:
    """Breadth-first parents from ``root``: every reachable node once (a merged tree too)."""
    parent = {root: None}
    queue = deque([root])
    while queue:
        n = queue.popleft()
        for _, c in tree.out_edges(n):
            if c not in parent:
                parent[c] = n
                queue.append(c)
    return parent


def visible_nodes(tree: nx.DiGraph, max_depth: Optional[int] = None, collapsed: Iterable[Hashable] = (),
                  root: Optional[Hashable] = None) -> tuple:
    """``(shown, parent, hidden_below)``: the nodes drawn, their spanning parent, and for each
    drawn node how many positions below it are not drawn.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.graphs.tree import game_tree
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> shown, parent, hidden = visible_nodes(game_tree(p), max_depth=1)
    >>> shown, hidden
    ([0, 1], {0: 0, 1: 2})
    """
    root = tree.graph.get("root", 0) if root is None else root
    parent = _spanning_parents(tree, root)
    children: dict = {n: [] for n in parent}
    for n, p in parent.items():
        if p is not None:
            children[p].append(n)
    folded = set(collapsed)
    base = tree.nodes[root]["depth"]
    shown = []
    queue = deque([root])
    while queue:
        n = queue.popleft()
        shown.append(n)
        if n in folded:
            continue
        if max_depth is not None and tree.nodes[n]["depth"] - base >= max_depth:
            continue
        queue.extend(children[n])
    shown_set = set(shown)

    def size(n: Hashable) -> int:
        total, stack = 0, list(children[n])
        while stack:
            c = stack.pop()
            total += 1
            stack.extend(children[c])
        return total

    hidden = {n: (size(n) if not any(c in shown_set for c in children[n]) else 0) for n in shown}
    return shown, {n: parent[n] for n in shown}, hidden


def tree_layout(tree: nx.DiGraph, shown: Optional[list] = None, parent: Optional[dict] = None) -> dict:
    """``{node: (x, y)}``: y is minus the ply, leaves evenly spaced, parents over their children.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.graphs.tree import game_tree
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> tree_layout(game_tree(p))
    {0: (0.5, 0), 1: (0.5, -1), 2: (0.0, -2), 3: (1.0, -2)}
    """
    if shown is None or parent is None:
        shown, parent, _ = visible_nodes(tree)
    kids: dict = {n: [] for n in shown}
    root = None
    for n in shown:
        p = parent[n]
        if p is None:
            root = n
        else:
            kids[p].append(n)
    pos: dict = {}
    next_x = [0.0]
    base = tree.nodes[root]["depth"]

    def place(n: Hashable) -> float:  # iterative post-order would be longer; depth is bounded by the tree
        if not kids[n]:
            x = next_x[0]
            next_x[0] += 1.0
        else:
            xs = [place(c) for c in kids[n]]
            x = (xs[0] + xs[-1]) / 2
        pos[n] = (x, -(tree.nodes[n]["depth"] - base))
        return x

    place(root)
    return {n: pos[n] for n in shown}


def tree_figure(tree: nx.DiGraph, max_depth: Optional[int] = None, collapsed: Iterable[Hashable] = (),
                root: Optional[Hashable] = None, title: Optional[str] = None,
                move_labels: Optional[bool] = None) -> go.Figure:
    """The tree as a figure (see the module docstring).

    ``move_labels`` writes each move beside its line (default: when at most 30
    positions are drawn).

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.graphs.tree import game_tree
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♦", "8♦ J♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> fig = tree_figure(game_tree(p), max_depth=2)
    >>> fig.layout.title.text
    'Game tree from P1 7♦ 9♦ | P2 8♦ J♦: P1 to act, a loss for P1 with best play (first 2 plies)'
    """
    shown, parent, hidden = visible_nodes(tree, max_depth, collapsed, root)
    pos = tree_layout(tree, shown, parent)
    shown_set = set(shown)
    root = shown[0]
    root_seat = tree.graph.get("root_seat")
    who = seat_text(root_seat) if root_seat is not None else say("tree-first-seat")
    if move_labels is None:
        move_labels = len(shown) <= 30

    # the moves, one trace per kind, with invisible hover points at their middles
    lines: dict = {k: ([], [], [], [], [], []) for k in _EDGE_STYLE}
    for u, v, e in tree.edges(data=True):
        if u not in shown_set or v not in shown_set:
            continue
        if parent.get(v) != u:
            kind = "transposition"
        elif e.get("pv"):
            kind = "pv"
        elif e.get("best"):
            kind = "best"
        else:
            kind = "other"
        xs, ys, mx, my, hover, text = lines[kind]
        (x0, y0), (x1, y1) = pos[u], pos[v]
        xs += [x0, x1, None]
        ys += [y0, y1, None]
        mx.append(x0 + 0.65 * (x1 - x0))  # nearer the child: sibling moves spread apart there
        my.append(y0 + 0.65 * (y1 - y0))
        val = e.get("value")
        words = [e["label"]]
        if val is not None:
            words.append(say("tree-value-for", seat=seat_text(e["seat"]), value=outcome(val)))
            words.append(say("tree-move-best") if e.get("best") else say("tree-move-not-best"))
        if e.get("pv"):
            words.append(say("tree-move-pv"))
        if kind == "transposition":
            words.append(say("tree-move-transposition"))
        hover.append(" · ".join(words))
        text.append(e["label"].split(" ", 1)[1] if move_labels else "")
    fig = go.Figure()
    for kind, (xs, ys, mx, my, hover, text) in lines.items():
        if not hover:
            continue
        key, colour, width, dash = _EDGE_STYLE[kind]
        name = say(key)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name=name, legendgroup=kind, showlegend=True,
                                 line=dict(color=colour, width=width, dash=dash), hoverinfo="skip"))
        fig.add_trace(go.Scatter(x=mx, y=my, mode="markers+text" if move_labels else "markers",
                                 name=f"{name} (moves)", legendgroup=kind, showlegend=False, text=text,
                                 textposition="middle right", textfont=dict(size=10),
                                 marker=dict(size=10, color=colour, opacity=0.0), hovertext=hover,
                                 hoverinfo="text"))

    # the positions, one trace per value; legend entries name the colours and the shapes apart
    groups: dict = {}
    for n in shown:
        groups.setdefault(tree.nodes[n].get("root_value"), []).append(n)
    names = {1: say("tree-value-win", seat=who), 0: say("tree-value-draw"), -1: say("tree-value-loss", seat=who),
             None: say("tree-value-unknown")}
    shapes: dict = {}  # (order, shape's name) -> marker symbol
    for val in (1, 0, -1, None):
        nodes = groups.get(val)
        if not nodes:
            continue
        symbols, sizes, hover, ids = [], [], [], []
        for n in nodes:
            node = tree.nodes[n]
            if hidden[n] or node["truncated"]:
                symbol, shape = "triangle-down", (2, 0, say("tree-shape-hidden"))
            elif node["terminal"]:
                symbol, shape = "square", (1, 0, say("tree-shape-over"))
            else:
                symbol = _SEAT_SYMBOLS[node["to_act"] % len(_SEAT_SYMBOLS)]
                shape = (0, node["to_act"], say("tree-to-act", seat=seat_text(node["to_act"])))
            shapes[shape] = symbol
            symbols.append(symbol)
            sizes.append(16 if n == root else (13 if node.get("pv") else 10))
            extra = [say("tree-hidden", count=hidden[n])] if hidden[n] else []
            hover.append(" · ".join([say("tree-ply", number=node["depth"]), node_text(tree, n)] + extra))
            ids.append(n)
        group = f"value {val}"
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=names[val], legendgroup=group,
                                 showlegend=True, hoverinfo="skip",
                                 marker=dict(color=VALUE_COLOURS[val], symbol="circle", size=10)))
        fig.add_trace(go.Scatter(
            x=[pos[n][0] for n in nodes], y=[pos[n][1] for n in nodes], mode="markers", name=names[val],
            legendgroup=group, showlegend=False,
            marker=dict(color=VALUE_COLOURS[val], symbol=symbols, size=sizes, opacity=1.0,
                        line=dict(color="#333333", width=1)),
            hovertext=hover, hoverinfo="text", customdata=ids))
    for shape in sorted(shapes):  # the seats in order, then "game over", then "not drawn"
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=shape[2], legendgroup="shapes",
                                 showlegend=True, hoverinfo="skip",
                                 marker=dict(color="#FFFFFF", symbol=shapes[shape], size=10,
                                             line=dict(color="#333333", width=1))))

    if title is None:
        rn = tree.nodes[root]
        if rn["terminal"]:
            title = say("tree-title-over", label=rn["label"])
        elif rn.get("root_value") is not None:
            title = say("tree-title-value", label=rn["label"], seat=seat_text(rn["to_act"]),
                        value=outcome(rn["root_value"]), who=who)
        else:
            title = say("tree-title", label=rn["label"], seat=seat_text(rn["to_act"]))
        if max_depth is not None:
            title = say("tree-title-depth", title=title, count=max_depth)
    depth = max((-y for _, y in pos.values()), default=0)
    fig.update_layout(title=dict(text=title, x=0.01), template="plotly_white", hovermode="closest",
                      height=max(440, 110 * (depth + 1) + 160), margin=dict(l=20, r=20, t=70, b=20),
                      legend=dict(orientation="h", yanchor="bottom", y=-0.15, x=0),
                      xaxis=dict(visible=False),
                      yaxis=dict(title=say("tree-axis-ply"), tickmode="array", tickvals=[-d for d in range(depth + 1)],
                                 ticktext=[str(d) for d in range(depth + 1)], zeroline=False))
    return fig
