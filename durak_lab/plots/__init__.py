"""plotly figures: the beats and cover graphs, game trees, trump probabilities, tournaments, a class's progress,
a game's review.
"""

from .beats import beats_figure, table_figure, cover_figure, cover_table, edge_table, COLOURS
from .tournament import standings_figure, head_to_head_figure, ladder_figure
from .tree import tree_figure, tree_layout, visible_nodes, VALUE_COLOURS
from .class_chart import class_heatmap
from .trumps import trump_bars, card_heatmap, course_lines, PALETTE, PLACE_COLOURS
from .review import advantage_figure, loss_figure, advantage_points, LABEL_COLOURS

__all__ = [
    'beats_figure', 'table_figure', 'cover_figure', 'cover_table', 'edge_table', 'COLOURS',
    'standings_figure', 'head_to_head_figure', 'ladder_figure', 'tree_figure', 'tree_layout', 'visible_nodes',
    'VALUE_COLOURS', 'trump_bars', 'card_heatmap', 'course_lines', 'PALETTE', 'PLACE_COLOURS', 'class_heatmap',
    'advantage_figure', 'loss_figure', 'advantage_points', 'LABEL_COLOURS',
]
