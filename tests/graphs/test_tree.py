"""The game tree (durak_lab.graphs.tree): its shape against a brute-force count over the engine,
its values against the solver, its limits and its principal variation."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_lab.engine.errors import DurakError, SolverDomainError
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import Solver, solve
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position
from durak_lab.graphs.tree import TreeTooLarge, game_tree, node_text, position_label, pv_edges, pv_nodes, tree_frame


def start(preset: str, hands: list, trump: str, attacker: int) -> Position:
    return Position.start(Rules.preset(preset, players=2), hands, trump=trump, discard="rest", attacker=attacker,
                          first_bout=False)


def count_lines(p: Position) -> int:
    """Positions in the unmerged tree: one per move sequence, counted over the engine."""
    return 1 + sum(count_lines(p.play_unchecked(m)) for m in p.sequential_moves())


def merge_key(p: Position) -> tuple:
    return (p.hands, p.table, p.leader, p.defender, p.taking, p.passed, p.first_limit, p.start_hand, p.shown_used,
            p.result)


def count_positions(p: Position) -> int:
    seen = {merge_key(p)}
    todo = [p]
    while todo:
        q = todo.pop()
        for m in q.sequential_moves():
            c = q.play_unchecked(m)
            if merge_key(c) not in seen:
                seen.add(merge_key(c))
                todo.append(c)
    return len(seen)


small = st.builds(lambda preset, n, m, seed: random_endgame(Rules.preset(preset, players=2), n, m,
                                                            random.Random(seed)),
                  st.sampled_from(["podkidnoy", "perevodnoy", "he_hand"]), st.integers(1, 3), st.integers(1, 3),
                  st.integers(0, 10**6))


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(small)
def test_the_tree_has_one_node_per_line_of_play_and_its_values_are_the_solvers(p):
    lines = count_lines(p)
    if lines > 3000:
        return
    t = game_tree(p, max_nodes=5000)
    assert t.number_of_nodes() == lines and nx.is_arborescence(t)
    solver = Solver()
    root_seat = p.to_act()
    for n, node in t.nodes(data=True):
        q = node["position"]
        # the edges are the engine's moves, in its order
        labels = [t.edges[e]["label"] for e in t.out_edges(n)]
        assert labels == ([] if node["terminal"] else [str(m) for m in q.sequential_moves()])
        assert node["to_act"] == q.to_act() and node["result"] == q.result
        assert node["root_value"] == solver.value_for(q, root_seat)
        if node["terminal"]:
            assert node["value"] is None
            continue
        assert node["value"] == solver.value(q)
        out = [t.edges[e] for e in t.out_edges(n)]
        assert max(e["value"] for e in out) == node["value"]
        assert all(e["best"] == (e["value"] == node["value"]) for e in out)
        assert all(e["seat"] == node["to_act"] for e in out)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(small)
def test_merged_tree_has_one_node_per_position(p):
    if count_positions(p) > 3000:
        return
    t = game_tree(p, merge=True, max_nodes=5000, values=False)
    assert t.number_of_nodes() == count_positions(p)
    keys = [merge_key(node["position"]) for _, node in t.nodes(data=True)]
    assert len(set(keys)) == len(keys)
    assert t.number_of_nodes() <= game_tree(p, max_nodes=10**6, values=False).number_of_nodes()


def test_principal_variation_is_the_solvers_line():
    p = start("podkidnoy", ["6♦ 10♦ 10♣", "8♥ 7♦"], "♠", 1)
    t = game_tree(p)
    s = solve(p)
    assert [t.edges[e]["label"] for e in pv_edges(t)] == [str(m) for m in s.pv]
    nodes = pv_nodes(t)
    assert nodes[0] == 0 and all(t.nodes[n]["pv"] for n in nodes)
    assert sum(1 for n in t.nodes if t.nodes[n]["pv"]) == len(nodes)
    assert sum(1 for e in t.edges if t.edges[e]["pv"]) == len(nodes) - 1
    assert t.nodes[nodes[-1]]["terminal"] and t.nodes[nodes[-1]]["root_value"] == s.value
    assert all(t.nodes[n]["root_value"] == s.value for n in nodes)


def test_depth_limit_marks_the_frontier():
    p = random_endgame(Rules.preset("podkidnoy", players=2), 5, 5, random.Random(1))
    t = game_tree(p, max_depth=3)
    assert max(d for _, d in t.nodes(data="depth")) == 3
    for n, node in t.nodes(data=True):
        grown = t.out_degree(n) > 0
        assert node["truncated"] == (node["depth"] == 3 and not node["terminal"])
        assert grown == (not node["truncated"] and not node["terminal"])
    # values are exact even where the tree stops
    solver = Solver()
    assert all(node["value"] == solver.value(node["position"]) for _, node in t.nodes(data=True)
               if not node["terminal"])


def test_limits_raise_a_clear_error_instead_of_hanging():
    p = random_endgame(Rules.preset("podkidnoy", players=2), 6, 6, random.Random(2))
    with pytest.raises(TreeTooLarge, match=r"more than 100 positions \(max_nodes\) by ply \d+; give max_depth") as info:
        game_tree(p, max_nodes=100)
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, DurakError)
    assert err.limit == "max_nodes" and err.size == 100 and "merge=True" in str(err)
    with pytest.raises(TreeTooLarge, match=r"more than 30 moves \(max_edges\)"):
        game_tree(p, max_nodes=1000, max_edges=30)
    # a deal with a full talon: no values, but the tree grows within its limits
    deal = Position.deal(Rules.preset("podkidnoy", players=3), seed=4)
    with pytest.raises(TreeTooLarge):
        game_tree(deal, max_nodes=200)
    t = game_tree(deal, max_depth=2)
    assert not t.graph["solved"] and all(v is None for _, v in t.nodes(data="value"))
    assert pv_edges(t) == []
    with pytest.raises(SolverDomainError, match="three|3"):
        game_tree(deal, max_depth=1, values=True)


def test_merging_can_close_a_cycle_in_perevodnoy():
    p = start("perevodnoy", ["K♠ 9♥ K♥ Q♦", "A♠ 10♦ K♦"], "♣", 1)
    merged = game_tree(p, merge=True, values=False, max_nodes=5000)
    assert not nx.is_directed_acyclic_graph(merged)
    tree = game_tree(p, max_depth=6, values=False, max_nodes=10**5)
    assert nx.is_arborescence(tree)


def test_texts_and_frame():
    p = start("podkidnoy", ["7♦", "8♦"], "♠", 0)
    t = game_tree(p)
    assert position_label(p) == "P1 7♦ | P2 8♦"
    assert node_text(t, 0) == "P1 to act · P1 7♦ | P2 8♦ · value for P1: draw"
    over = [n for n in t.nodes if t.nodes[n]["terminal"]]
    assert {node_text(t, n) for n in over} == {
        "game over: draw: nobody is durak · P1 - | P2 - · value for P1: draw",
        "game over: P2 is durak · P1 - | P2 7♦ 8♦ · value for P1: win"}
    frame = tree_frame(t)
    assert list(frame.columns) == ["depth", "move", "to act", "cards", "value for P1", "best line", "game over",
                                   "not grown"]
    assert len(frame) == t.number_of_nodes() == 4
