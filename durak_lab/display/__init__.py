"""Cards and positions drawn as SVG and HTML, from the standard library.

Imports the engine and text.
"""

from .render import (card_svg, back_svg, cards_svg, position_html, suit_colour, set_four_colour, FOUR_COLOUR,
                     TWO_COLOURS, FOUR_COLOURS, CARD_WIDTH, CARD_HEIGHT)

__all__ = [
    'card_svg', 'back_svg', 'cards_svg', 'position_html', 'suit_colour', 'set_four_colour',
    'FOUR_COLOUR', 'TWO_COLOURS', 'FOUR_COLOURS', 'CARD_WIDTH', 'CARD_HEIGHT'
]
