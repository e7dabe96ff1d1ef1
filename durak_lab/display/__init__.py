"""Cards and positions drawn as SVG and HTML, learner tables and the rules sheet, from the standard library.

Imports the engine and text.
"""

from .render import (card_svg, back_svg, cards_svg, position_html, suit_colour, set_four_colour, FOUR_COLOUR,
                     TWO_COLOURS, FOUR_COLOURS, CARD_WIDTH, CARD_HEIGHT)
from .plain_tables import LearnerTable, learner_table, percent, trump_chance_table
from .rules_sheet import rules_sheet_html
from .links import AppLinks, app_links

__all__ = [
    'card_svg', 'back_svg', 'cards_svg', 'position_html', 'suit_colour', 'set_four_colour',
    'FOUR_COLOUR', 'TWO_COLOURS', 'FOUR_COLOURS', 'CARD_WIDTH', 'CARD_HEIGHT', 'LearnerTable', 'learner_table',
    'percent', 'trump_chance_table', 'rules_sheet_html', 'AppLinks', 'app_links'
]
