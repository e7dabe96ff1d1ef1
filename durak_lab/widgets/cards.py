"""A face-up card as the widgets' pages draw it: its text, rank, suit, colour and words.

Presentation layer, standard library only (no pandas, no numpy: it runs in JupyterLite).

>>> from durak_lab.engine.cards import Card
>>> card_json(Card("Q♥"), trump=1)["label"], card_json(Card("7♠"), trump=1, new=True)["new"]
('Queen of hearts, trump', True)
"""

from __future__ import annotations

from ..engine.cards import SUIT_SYMBOLS, Card, rank_of, rank_text, suit_of
from ..text.messages import say
from ..text.reasons import card_words

__all__ = ["card_json", "card_name"]


def card_name(c: Card) -> str:
    """The card in words, starting with a capital letter: "Queen of hearts"."""
    text = card_words(c)
    return text[:1].upper() + text[1:]


def card_json(c: Card, trump: int, **flags: bool) -> dict:
    """``{"card", "rank", "suit", "label", "red", "trump"}`` and the ``flags`` that are true (``new``,
    ``playable`` …): what a page needs to draw the card and to name it (``label``, its text alternative)."""
    suit = suit_of(c)
    label = say("card-trump", card=card_name(c)) if suit == trump else card_name(c)
    if c >= 52:  # doker: a joker, no rank and no suit; the red joker drawn red
        out = {"card": str(c), "rank": "JK", "suit": "★", "label": label, "red": c == 53, "trump": False}
    else:
        out = {"card": str(c), "rank": rank_text(rank_of(c)), "suit": SUIT_SYMBOLS[suit], "label": label,
               "red": suit in (1, 2), "trump": suit == trump}
    out.update({k: True for k, v in flags.items() if v})
    return out
