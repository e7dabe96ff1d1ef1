"""The redeal (R4): which hands may ask for one, and when a bot does.

HE: "אם בתחילת הסיבוב ... קיבל אחד המשתתפים חמישה קלפים מאותה הסדרה או שישה קלפים מאותו
הצבע, נאספים קלפי כל השחקנים ומתבצעת חלוקה מחודשת.  במקרים מסוימים יכול השחקן להחליט שלא
לדווח על החלוקה (לדוגמה אם חולקו לידיו חמישה קלפים מסדרת הקוזיר)": a player dealt five
cards of one suit or six of one colour may declare it and all cards but the trump card are
dealt again; some choose not to, for instance with five trumps.

:func:`redeal_claim` says what a hand may declare; :func:`bot_declares` is the bots'
policy, one simple rule: **declare unless the hand holds at least**
:data:`KEEP_TRUMPS` **trumps** (three trumps are a strong hand, worth more than a new
deal).  The play table and ``durak-lab play`` ask a person instead
(:class:`~durak_lab.session.PlaySession`).

Standard library only.

>>> from durak_lab.engine.cards import CardSet
>>> hand = CardSet.parse("6♥ 8♥ 10♥ Q♥ A♥ 7♠")
>>> redeal_claim(hand.mask)
('suit', 1, 5)
>>> bot_declares(hand.mask, trump=0), bot_declares(hand.mask, trump=1)   # 1 spade; 5 hearts are trumps
(True, False)
>>> redeal_claim(CardSet.parse("6♥ 8♦ 10♥ Q♦ A♥ 7♦").mask)
('colour', 'red', 6)
>>> redeal_claim(CardSet.parse("6♥ 8♦ 10♥ Q♠ A♥ 7♦").mask) is None
True
"""

from __future__ import annotations

from typing import Optional

from ..engine.cards import SUIT_MASKS, popcount

__all__ = ["KEEP_TRUMPS", "redeal_claim", "bot_declares"]

#: A bot keeps a hand that may declare a redeal when it holds at least this many trumps.
KEEP_TRUMPS = 3


def redeal_claim(hand: int) -> Optional[tuple]:
    """What the hand (a card mask) may declare (R4): ``("suit", suit, count)`` for 5 or more
    cards of one suit, else ``("colour", "red" or "black", count)`` for 6 or more of one
    colour, else None."""
    counts = [popcount(hand & SUIT_MASKS[s]) for s in range(4)]
    best = max(range(4), key=lambda s: counts[s])
    if counts[best] >= 5:
        return ("suit", best, counts[best])
    black, red = counts[0] + counts[3], counts[1] + counts[2]
    if red >= 6:
        return ("colour", "red", red)
    if black >= 6:
        return ("colour", "black", black)
    return None


def bot_declares(hand: int, trump: Optional[int]) -> bool:
    """The bots' choice for a hand that may declare a redeal: yes unless it holds
    :data:`KEEP_TRUMPS` or more trumps (with no trump suit known, always yes)."""
    if redeal_claim(hand) is None:
        return False
    if trump is None:
        return True
    return popcount(hand & SUIT_MASKS[trump]) < KEEP_TRUMPS
