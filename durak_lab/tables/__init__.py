"""pandas tables: trump probabilities and tournaments as DataFrames, and learner tables made from them.
"""

from .tournament import games_table, seats_table, standings_table, head_to_head_table, ladder_table
from .trumps import (trump_course, expected_trumps, trump_count_table, card_table, side_by_side, deal_questions,
                     trump_rows, COLUMNS)
from .learner import frame_table, cover_words_table, edge_words_table
from .class_table import class_frame, first_try_grid

__all__ = [
    'games_table', 'seats_table', 'standings_table', 'head_to_head_table', 'ladder_table', 'trump_course',
    'expected_trumps', 'trump_count_table', 'card_table', 'side_by_side', 'deal_questions', 'trump_rows',
    'COLUMNS', 'frame_table', 'cover_words_table', 'edge_words_table', 'class_frame', 'first_try_grid'
]
