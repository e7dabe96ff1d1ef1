"""The game tree of a position (networkx): every line of legal play, with exact values.

:func:`game_tree` grows the tree of the sequential protocol
(:meth:`Position.sequential_moves <durak_lab.engine.state.Position.sequential_moves>`,
one seat acts at a time) breadth-first from a position, ply by ply, into a
``networkx.DiGraph``.  Limits keep it small: ``max_depth`` stops growing at a
ply (the frontier is marked ``truncated``), and ``max_nodes`` / ``max_edges``
raise :class:`TreeTooLarge` instead of running for ever.  With ``merge=True``
transpositions are merged: a position reached by two move orders is one node
(then the graph is a DAG, or in perevodnoy may even have cycles, since play
can come back to a position).

Where the exact solver can play (two players, empty talon, see
:mod:`durak_lab.analysis.solver`) every node gets its value, every edge the value of
its move, and the edges of best play and one principal variation are marked.

Node attributes: ``position``, ``depth`` (ply), ``to_act`` (seat or None),
``result`` (None, or the durak seats, ``()`` for a draw), ``terminal``,
``truncated`` (has moves that were not grown), ``value`` (for the seat to act
there; for a finished game, None), ``root_value`` (for the seat to act at the
root, also at finished games), ``pv`` (on the principal variation), ``label``
(the hands and table in one short line).  Edge attributes: ``move``, ``label``
(the move's text), ``seat`` (who plays it), ``value`` (for that seat), ``best``
(keeps the value), ``pv``.  The graph's ``graph`` dict holds ``root``,
``root_seat``, ``merged``, ``max_depth``, ``solved``.

Analysis layer: needs networkx (and pandas for :func:`tree_frame`).

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠",
...                    discard="rest", attacker=1, first_bout=False)
>>> t = game_tree(p)
>>> t.number_of_nodes(), t.nodes[0]["value"], [t.edges[e]["label"] for e in t.out_edges(0)]
(19, 1, ['P2 attack 8♥', 'P2 attack 7♦'])
>>> [t.edges[e]["label"] for e in pv_edges(t)]
['P2 attack 8♥', 'P1 take', 'P2 attack 7♦', 'P1 cover 7♦ with 10♦']
"""

from __future__ import annotations

from collections import deque
from typing import Any, Hashable, Optional

import networkx as nx

from ..engine.errors import DurakError
from ..engine.moves import seat_text
from ..analysis.solver.endgame import Solver, check_domain, in_domain, result_word
from ..engine.state.position import Position
from ..text.catalogue import Items
from ..text.messages import say
from ..text.verdicts import outcome

__all__ = ["TreeTooLarge", "game_tree", "pv_edges", "pv_nodes", "position_label", "tree_frame", "node_text"]


class TreeTooLarge(DurakError, ValueError):
    """The tree grew past ``max_nodes`` or ``max_edges``; the message says how to make it smaller.

    ``limit`` names the limit (``"max_nodes"`` or ``"max_edges"``) and ``size`` its value.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules.preset("podkidnoy", players=2), seed=1)
    >>> try:
    ...     game_tree(p, max_nodes=50)
    ... except TreeTooLarge as err:
    ...     print(err.limit, err.size, err.depth)
    ...     print(str(err).split("; ")[1])
    max_nodes 50 3
    give max_depth=2 or less, merge=True, or a larger max_nodes
    """

    def __init__(self, limit: str, size: int, depth: int, merged: bool) -> None:
        self.limit = limit
        self.size = size
        self.depth = depth
        what = "positions" if limit == "max_nodes" else "moves"
        hints = [f"max_depth={max(depth - 1, 0)} or less"] + ([] if merged else ["merge=True"])
        super().__init__(f"the tree has more than {size} {what} ({limit}) by ply {depth}; give "
                         f"{', '.join(hints)}, or a larger {limit}")


def position_label(p: Position) -> str:
    """The hands and the table in one short line, e.g. ``'P1 7♦ 9♦ | P2 8♦ · table 7♦/8♦'``.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> position_label(p.play("P1 attack 7♦"))
    'P1 - | P2 8♦ · table 7♦'
    """
    hands = " | ".join(f"{seat_text(s)} {p.hand(s) or '-'}" for s in range(p.players))
    table = p.table_text()
    talon = f" · talon {len(p.talon)}" if p.talon else ""
    return hands + (f" · table {table}" if table else "") + (" · taking" if p.taking else "") + talon


def node_text(tree: nx.DiGraph, node: Hashable) -> str:
    """A node in words: who acts, the cards, the value (for hover text and tables).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> print(node_text(game_tree(p), 0))
    P1 to act · P1 7♦ | P2 8♦ · value for P1: draw
    """
    n = tree.nodes[node]
    p = n["position"]
    root_seat = tree.graph["root_seat"]
    if n["terminal"]:
        losers = p.result or ()
        head = (say("tree-over-durak", seats=Items([seat_text(s) for s in losers])) if losers else
                say("tree-over-draw"))
    else:
        head = say("tree-to-act", seat=seat_text(n["to_act"]))
    parts = [head, n["label"]]
    if n["root_value"] is not None:
        parts.append(say("tree-value-for", seat=seat_text(root_seat), value=outcome(n["root_value"])))
    if n["truncated"]:
        parts.append(say("tree-not-grown"))
    return " · ".join(parts)


def _merge_key(p: Position) -> tuple:
    """The same game position: cards, table, roles and flags (not what each seat has seen)."""
    return (p.hands, p.talon, p.discard, p.table, p.leader, p.defender, p.taking, p.passed, p.first_limit,
            p.start_hand, p.shown_used, p.swap_open, p.result, p.sent_back)


def game_tree(position: Position, max_depth: Optional[int] = None, max_nodes: int = 2000,
              max_edges: Optional[int] = None, merge: bool = False, values: Optional[bool] = None,
              solver: Optional[Solver] = None) -> nx.DiGraph:
    """The tree of legal play from ``position`` (see the module docstring).

    ``max_depth`` stops growing after that many plies; ``max_nodes`` (default
    2000) and ``max_edges`` (default ``4 * max_nodes``) raise
    :class:`TreeTooLarge` when passed; ``merge`` merges transpositions;
    ``values`` asks for the solver's values (default: where the solver can
    play); ``solver`` reuses a :class:`~durak_lab.analysis.solver.Solver`.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♦", "8♦ J♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> t = game_tree(p, max_depth=1)
    >>> t.number_of_nodes(), [t.nodes[n]["truncated"] for n in t.successors(0)]
    (3, [True, True])
    """
    if max_edges is None:
        max_edges = 4 * max_nodes
    if values is None:
        values = in_domain(position)
    elif values:
        check_domain(position)  # raises SolverDomainError with the reason
    root_seat = position.to_act()
    g = nx.DiGraph(root=0, root_seat=root_seat, merged=merge, max_depth=max_depth, solved=bool(values))
    seen: dict = {}

    def add(p: Position, depth: int) -> int:
        if g.number_of_nodes() >= max_nodes:
            raise TreeTooLarge("max_nodes", max_nodes, depth, merge)
        n = g.number_of_nodes()
        g.add_node(n, position=p, depth=depth, to_act=p.to_act(), result=p.result, terminal=p.result is not None,
                   truncated=False, value=None, root_value=None, pv=False, label=position_label(p))
        if merge:
            seen[_merge_key(p)] = n
        return n

    add(position, 0)
    queue = deque([0])
    while queue:
        n = queue.popleft()
        node = g.nodes[n]
        p = node["position"]
        if node["terminal"]:
            continue
        if max_depth is not None and node["depth"] >= max_depth:
            node["truncated"] = True
            continue
        for mv in p.sequential_moves():
            child = p.play_unchecked(mv)
            c = seen.get(_merge_key(child)) if merge else None
            if c is None:
                c = add(child, node["depth"] + 1)
                queue.append(c)
            if g.number_of_edges() >= max_edges:
                raise TreeTooLarge("max_edges", max_edges, node["depth"] + 1, merge)
            g.add_edge(n, c, move=mv, label=str(mv), seat=mv.seat, value=None, best=False, pv=False)
    if values:
        _annotate(g, solver or Solver())
    return g


def _annotate(g: nx.DiGraph, solver: Solver) -> None:
    """Values on every node and edge, best edges, and the principal variation."""
    root_seat = g.graph["root_seat"]
    for n, node in g.nodes(data=True):
        p = node["position"]
        if p.result is None:
            node["value"] = solver.value(p)
        node["root_value"] = solver.value_for(p, root_seat)
    for u, v, edge in g.edges(data=True):
        child = g.nodes[v]["position"]
        edge["value"] = solver.value_for(child, edge["seat"])
        edge["best"] = edge["value"] == g.nodes[u]["value"]
    # the principal variation: from the root, the first best edge (engine order), until the end,
    # the frontier or a position already on the line
    n = g.graph["root"]
    on_line = {n}
    g.nodes[n]["pv"] = True
    while True:
        nxt = next(((u, v) for u, v in g.out_edges(n) if g.edges[u, v]["best"]), None)
        if nxt is None or nxt[1] in on_line:
            break
        g.edges[nxt]["pv"] = True
        n = nxt[1]
        on_line.add(n)
        g.nodes[n]["pv"] = True


def pv_edges(tree: nx.DiGraph) -> list:
    """The edges of the principal variation, from the root (empty without values).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> [tree.edges[e]["label"] for tree in [game_tree(p)] for e in pv_edges(tree)]
    ['P1 attack 7♦', 'P2 cover 7♦ with 8♦']
    """
    out = []
    n = tree.graph["root"]
    seen = {n}
    while True:
        nxt = next(((u, v) for u, v in tree.out_edges(n) if tree.edges[u, v]["pv"]), None)
        if nxt is None or nxt[1] in seen:
            if nxt is not None:
                out.append(nxt)
            return out
        out.append(nxt)
        n = nxt[1]
        seen.add(n)


def pv_nodes(tree: nx.DiGraph) -> list:
    """The nodes of the principal variation, the root first.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> pv_nodes(game_tree(p))
    [0, 1, 2]
    """
    return [tree.graph["root"]] + [v for _, v in pv_edges(tree)]


def tree_frame(tree: nx.DiGraph) -> Any:
    """One row per node (pandas): depth, who acts, cards, value, flags — a text view of the tree.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> for row in tree_frame(game_tree(p))[["depth", "move", "to act", "value for P1"]].values.tolist():
    ...     print(row)
    [0, '', 'P1', 'draw']
    [1, 'P1 attack 7♦', 'P2', 'draw']
    [2, 'P2 cover 7♦ with 8♦', '', 'draw']
    [2, 'P2 take', '', 'win']
    """
    import pandas as pd

    root_seat = tree.graph["root_seat"]
    col = f"value for {seat_text(root_seat)}" if root_seat is not None else "value"
    rows = []
    for n, node in tree.nodes(data=True):
        parents = list(tree.in_edges(n))
        move = tree.edges[parents[0]]["label"] if parents else ""
        rows.append({"node": n, "depth": node["depth"], "move": move,
                     "to act": seat_text(node["to_act"]) if node["to_act"] is not None else "",
                     "cards": node["label"],
                     col: result_word(node["root_value"]) if node["root_value"] is not None else "",
                     "best line": node["pv"], "game over": node["terminal"], "not grown": node["truncated"]})
    return pd.DataFrame(rows).set_index("node")


# It builds a DataFrame: the JupyterLite site's builder leaves out the notebook cells that
# use it (the mark of durak_lab.tables._pandas.needs_pandas, a layer above this one).
tree_frame.needs_pandas = True  # type: ignore[attr-defined]
