"""The game-tree figure (durak_lab.plots.tree), built headless and read back from its data."""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.rules import Rules
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position
from durak_lab.graphs.tree import game_tree, node_text, pv_edges, pv_nodes
from durak_lab.plots.tree import VALUE_COLOURS, tree_figure, tree_layout, visible_nodes


def start(preset: str, hands: list, trump: str, attacker: int) -> Position:
    return Position.start(Rules.preset(preset, players=2), hands, trump=trump, discard="rest", attacker=attacker,
                          first_bout=False)


@pytest.fixture(scope="module")
def tree():
    return game_tree(start("podkidnoy", ["6♦ 10♦ 10♣", "8♥ 7♦"], "♠", 1))


def traces(fig) -> dict:
    return {t.name: t for t in fig.data}


def node_points(fig) -> dict:
    """{node id: (trace name, x, y, symbol, hover)} for every drawn position."""
    out = {}
    for t in fig.data:
        if t.customdata is None or t.mode != "markers":
            continue
        for i, n in enumerate(t.customdata):
            out[n] = (t.name, t.x[i], t.y[i], t.marker.symbol[i], t.hovertext[i], t.marker.color)
    return out


def test_every_position_is_a_point_coloured_by_its_value(tree):
    fig = tree_figure(tree)
    points = node_points(fig)
    assert set(points) == set(tree.nodes)
    names = {1: "win for P2", 0: "draw", -1: "loss for P2"}
    for n, (name, x, y, symbol, hover, colour) in points.items():
        node = tree.nodes[n]
        assert name == names[node["root_value"]] and colour == VALUE_COLOURS[node["root_value"]]
        assert y == -node["depth"]
        assert node_text(tree, n) in hover and f"ply {node['depth']}" in hover
        if node["terminal"]:
            assert symbol == "square" and "game over" in hover
        else:
            assert symbol == ("circle" if node["to_act"] == 0 else "diamond")
    assert [t.name for t in fig.data if t.showlegend] == ["line of best play", "best move", "other move",
                                                           "win for P2", "loss for P2", "P1 to act", "P2 to act",
                                                           "game over"]
    legend = {t.name: t.marker for t in fig.data if t.showlegend and t.mode == "markers"}
    assert legend["P2 to act"].symbol == "diamond" and legend["game over"].symbol == "square"
    assert legend["loss for P2"].color == VALUE_COLOURS[-1]


def test_the_principal_variation_is_the_thick_line(tree):
    fig = tree_figure(tree)
    t = traces(fig)
    pv = pv_edges(tree)
    line, moves = t["line of best play"], t["line of best play (moves)"]
    assert line.line.width > t["best move"].line.width > t["other move"].line.width
    assert len(moves.hovertext) == len(pv) == 4
    points = node_points(fig)
    segs = [(line.x[i], line.y[i], line.x[i + 1], line.y[i + 1]) for i in range(0, len(line.x), 3)]
    expected = [(points[u][1], points[u][2], points[v][1], points[v][2]) for u, v in pv]
    assert sorted(segs) == sorted(expected)
    assert {h.split(" · ")[0] for h in moves.hovertext} == {tree.edges[e]["label"] for e in pv}
    assert all("on the line of best play" in h for h in moves.hovertext)
    assert all(points[n][0] is not None for n in pv_nodes(tree))


def test_move_hover_names_the_move_and_its_value(tree):
    fig = tree_figure(tree)
    hovers = [h for t in fig.data if t.name.endswith("(moves)") for h in t.hovertext]
    assert len(hovers) == tree.number_of_edges()
    assert "P2 attack 8♥ · value for P2: win · best move · on the line of best play" in hovers
    assert "P2 attack 7♦ · value for P2: loss · not best" in hovers
    labels = [x for t in fig.data if t.name.endswith("(moves)") for x in t.text]
    assert "attack 8♥" in labels  # small trees write the moves beside their lines


def test_parents_sit_over_their_children(tree):
    pos = tree_layout(tree)
    for n in tree.nodes:
        kids = list(tree.successors(n))
        if kids:
            xs = [pos[c][0] for c in kids]
            assert pos[n][0] == pytest.approx((xs[0] + xs[-1]) / 2)
    leaves = sorted(pos[n][0] for n in tree.nodes if not tree.out_degree(n))
    assert leaves == [float(i) for i in range(len(leaves))]


def test_depth_limit_and_collapsed_subtrees_hide_positions_and_say_so():
    t = game_tree(random_endgame(Rules.preset("podkidnoy", players=2), 3, 3, random.Random(3)))
    assert max(d for _, d in t.nodes(data="depth")) > 3
    fig = tree_figure(t, max_depth=2)
    points = node_points(fig)
    assert set(points) == {n for n in t.nodes if t.nodes[n]["depth"] <= 2}
    assert "first 2 plies" in fig.layout.title.text
    shown, parent, hidden = visible_nodes(t, max_depth=2)
    for n, (_, _, _, symbol, hover, _) in points.items():
        if t.nodes[n]["depth"] == 2 and t.out_degree(n):
            assert symbol == "triangle-down" and f"{hidden[n]} more position" in hover and hidden[n] > 0
    assert "positions below not drawn" in [x.name for x in fig.data if x.showlegend]
    # a tree grown only so far marks its frontier the same way
    grown = node_points(tree_figure(game_tree(t.nodes[0]["position"], max_depth=1)))
    assert {symbol for n, (_, _, _, symbol, hover, _) in grown.items() if n} == {"triangle-down"}
    assert all("not grown" in hover for n, (_, _, _, _, hover, _) in grown.items() if n)
    first = next(iter(t.successors(0)))
    folded = node_points(tree_figure(t, collapsed=[first]))
    below = set(visible_nodes(t, root=first)[0]) - {first}
    assert first in folded and not below & set(folded)
    assert folded[first][3] == "triangle-down"
    # drawing from another node
    sub = node_points(tree_figure(t, root=first, max_depth=1))
    assert set(sub) == {first} | set(t.successors(first))


def test_a_merged_tree_draws_the_second_way_in_dashed():
    t = game_tree(start("perevodnoy", ["K♠ 9♥ K♥ Q♦", "A♠ 10♦ K♦"], "♣", 1), merge=True, max_depth=6,
                  max_nodes=5000)
    fig = tree_figure(t)
    tr = traces(fig)
    assert tr["another way into this position"].line.dash == "dash"
    assert len(node_points(fig)) == t.number_of_nodes()


def test_positions_outside_the_solver_are_grey_and_unvalued():
    t = game_tree(Position.deal(Rules.preset("podkidnoy", players=3), seed=4), max_depth=1)
    fig = tree_figure(t)
    assert [x.name for x in fig.data if x.showlegend] == ["other move", "value unknown", "P3 to act",
                                                          "positions below not drawn"]
    assert traces(fig)["value unknown"].marker.color == VALUE_COLOURS[None]
    assert "with best play" not in fig.layout.title.text
