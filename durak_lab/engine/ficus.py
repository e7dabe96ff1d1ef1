"""The ficus finish (HE "פתיחת הפיקוס", ``Rules.ficus``, an exception to R28): the hand that wins.

The source, HE "אפשרויות וחוקים נוספים" (more options and rules), in full::

    פתיחת הפיקוס
    אם משתתף זורק את הקלף האחרון שלו אך למשתתף השני יש את: קלף זהה לקלף שנזרק,
    שני קלפים זהים (לדוגמה: 9,9) ושני קלפים עוקבים (לדוגמה: J,Q) אז המשתתף השני מנצח.

"If a participant throws his last card but the other participant has: a card
identical to the card thrown, two identical cards (for example 9,9) and two
consecutive cards (for example J,Q), then the other participant wins."

How the engine reads it (each choice is a reading of the words; the source says
no more):

* "זהה" (identical) means the same *rank*: a deck has no two identical cards, and
  the example "9,9" names ranks only.  Suits do not matter anywhere.
* "עוקבים" (consecutive): two neighbouring ranks, any suits (the example "J,Q"
  names no suits).  The ace is high (R1) and does not follow the king round to
  the lowest rank: A and 6 are not consecutive.
* "יש את: …, … ו…" (has: …, … and …): all three at once, in **five different
  cards** (one, two and two, as the list counts them): no card counts twice.
  The card of the thrown rank may well be of the pair's rank or of one of the
  consecutive ranks, as long as five different cards do it: 9♠ thrown against
  9♥ 9♦ 9♣ (a nine and a pair of nines) and 10♠ J♠ wins.
* "המשתתף השני" (the second, the other participant): there is exactly one other,
  so the option is for two players (``Rules`` refuses it otherwise).
* "זורק את הקלף האחרון שלו" (throws his last card): any card played from the hand
  (a lead, a throw-in, a cover, a transfer) that leaves the hand empty while the
  talon is empty, so that the player is going out (R28).  With cards left in the
  talon he would draw again: it is not his last card.  Showing a trump (R24)
  plays no card.  A move of several cards (a lead of one rank, R10) has one rank.
* "אז המשתתף השני מנצח" (then the other participant wins): at once, before anyone
  answers the card, so it does not matter whether it would be covered or taken.
  Durak has only a loser (R28), so the other player's win makes the one who went
  out the durak.  Without the hand, the game goes on as usual.

Standard library only.

>>> from .cards import CardSet
>>> hand = CardSet.parse("9♥ 9♣ J♦ Q♠ 7♥")
>>> print(*ficus_cards(hand.mask, 7))              # 7, the pair 9 9, J Q
7♥ 9♥ 9♣ J♦ Q♠
>>> ficus_cards(hand.mask, 8) is None              # no eight
True
>>> print(*ficus_cards(CardSet.parse("9♥ 9♣ 9♦ 10♠ J♠").mask, 9))   # five different cards
9♥ 9♦ 9♣ 10♠ J♠
>>> ficus_cards(CardSet.parse("9♥ 9♣ 10♠ J♠").mask, 9) is None       # a nine cannot count twice
True
"""

from __future__ import annotations

from typing import Optional

from .cards import RANK_MASKS, Card, cards_of, popcount

__all__ = ["ficus_cards", "finish_of"]


def ficus_cards(hand: int, rank: int) -> Optional[tuple[Card, ...]]:
    """Five different cards of ``hand`` (a card mask) that make the ficus against a card of ``rank``:
    one of that rank, a pair of one rank, two cards of consecutive ranks; None when there are none.

    >>> from .cards import CardSet
    >>> print(*ficus_cards(CardSet.parse("K♥ A♥ 6♣ 6♦ 6♥").mask, 6))    # 6, the pair 6 6, K A
    6♥ 6♦ 6♣ K♥ A♥
    >>> ficus_cards(CardSet.parse("A♥ 6♣ 6♦ 6♥ 8♠").mask, 6) is None   # A and 6 do not follow
    True
    """
    counts = [popcount(hand & RANK_MASKS[r]) if 2 <= r <= 14 else 0 for r in range(16)]
    if not 2 <= rank <= 14 or not counts[rank]:
        return None
    for pair in range(2, 15):
        for low in range(2, 14):
            need = [0] * 16
            need[rank] += 1
            need[pair] += 2
            need[low] += 1
            need[low + 1] += 1
            if all(need[r] <= counts[r] for r in range(16)):
                return _pick(hand, ((rank, 1), (pair, 2), (low, 1), (low + 1, 1)))
    return None


def _pick(hand: int, wanted: tuple[tuple[int, int], ...]) -> tuple[Card, ...]:
    left = hand
    out: list[Card] = []
    for rank, n in wanted:
        for c in cards_of(left & RANK_MASKS[rank])[:n]:
            out.append(Card(c))
            left &= ~(1 << c)
    return tuple(out)


def finish_of(position: object) -> Optional[str]:
    """How a finished game ended: ``"ficus"`` when by the ficus finish, else None (also while it goes on).

    The ficus leaves the durak with an empty hand and the other player holding the ficus; every other
    end leaves the durak holding cards (R28), or is a draw or a shared loss (R29), or (``tie="first_out"``,
    KO) both hands empty with the first out the durak.

    >>> from .rules import Rules
    >>> from .state import Position
    >>> p = Position.start(Rules(ficus=True), ["7♦", "7♠ 9♥ 9♣ J♦ Q♠"], trump="♥", discard="rest", attacker=0)
    >>> finish_of(p), finish_of(p.play("P1 attack 7♦")), p.play("P1 attack 7♦").result
    (None, 'ficus', (0,))
    """
    result = getattr(position, "result")
    rules = getattr(position, "rules")
    if not getattr(rules, "ficus", False) or not result or len(result) != 1:
        return None
    hands = getattr(position, "hands")
    # the ficus leaves its holder with cards; a durak with an empty hand and nobody holding cards is a
    # simultaneous finish that the first out loses (tie="first_out", KO), not a ficus
    return "ficus" if not hands[result[0]] and any(h for s, h in enumerate(hands) if s != result[0]) else None
