"""Graphs on networkx: which card beats which, the cover of a table, game trees.
"""

from .beats import (card_attrs, beats_graph, beats_layout, table_graph, TABLE_ROLES, card_cost, TRUMP_COST,
                    CoverPlan, cover_plan, cover_plan_for, edge_table, cover_table, suit_number)
from .tree import TreeTooLarge, game_tree, pv_edges, pv_nodes, position_label, tree_frame, node_text

__all__ = [
    'card_attrs', 'beats_graph', 'beats_layout', 'table_graph', 'TABLE_ROLES', 'card_cost',
    'TRUMP_COST', 'CoverPlan', 'cover_plan', 'cover_plan_for', 'edge_table', 'cover_table',
    'suit_number', 'TreeTooLarge', 'game_tree', 'pv_edges', 'pv_nodes', 'position_label',
    'tree_frame', 'node_text'
]
