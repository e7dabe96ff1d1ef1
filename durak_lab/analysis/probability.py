"""Exact probabilities of who holds which cards, from one seat's view (card counting).

"Count the trumps that have gone": this module says exactly what counting buys.
From a seat's :class:`~durak_lab.engine.view.PlayerView` every card is either *seen*
(the seat's own hand, the table, the discard, a card known to be in another
hand, the face-up trump card under the talon) or *unseen*.  The unseen cards
fill the *hidden slots*: each other seat has ``view.hidden_count(seat)`` of
them, the talon ``view.talon_hidden()``.

**The model.**  Every assignment of the unseen cards to the hidden slots is
equally likely.  This is the exact posterior of a uniformly shuffled deck
given the cards a seat has seen, under one assumption: *which* legal move a
player chooses tells nothing about the cards they hold.  The argument: every
fact the view records names a card that has been seen (it was played, picked
up, shown, or drawn by this seat); no fact names an unseen card, so the unseen
cards are exchangeable and each assignment with the right slot counts has the
same probability.  Public knowledge counts as hard knowledge: every card
picked up in a take, the lowest trump shown at the start (R7), trumps shown to
transfer (R24), the face-up trump card (in the talon until drawn, then in the
hand of whoever drew it), the discard, and every hand and talon size.

What the model leaves out, and where it is used instead:

* Voluntary actions as evidence (taking although able to cover, declining to
  throw in, covering with a trump while holding the suit): see
  :mod:`durak_lab.analysis.inference`.
* Facts the rules force about unseen cards.  At the deal the trump shown under
  R7 is the lowest trump dealt, so every lower trump lies in the talon; give
  those cards as ``talon_known`` (:func:`deal_talon_facts` finds them) while
  nobody has drawn.  After the first draw such facts concern where cards *were*
  and only the history engine of :mod:`durak_lab.analysis.inference` keeps them; so
  does it for a bout that ends by itself, which shows that an attacker who did
  not pass held no card to throw in.

**Counting.**  With ``N`` unseen cards of which ``K`` belong to a class (say
the trumps) and a place with ``n`` hidden slots, the number in that place is
hypergeometric, ``C(K, x) C(N-K, n-x) / C(N, n)``; over all places it is
multivariate hypergeometric, ``prod C(n_p, x_p) / C(N, K)``; each unseen card
lies in a place with probability ``n_p / N``.  Joint questions ("does any
opponent hold a higher trump?") merge places.  Everything is an exact
:class:`fractions.Fraction`, for any number of players.

**Where things are.**  :class:`Knowledge` and the counting (count
distributions, card probabilities, "holds", "can beat") are in
:mod:`durak_lab.analysis.counting`; this module holds the questions built on
them (who leads the first bout, :func:`who_starts`; who draws the trump card,
:func:`trump_card_draw`; the cards R7 places in the talon,
:func:`deal_talon_facts`) and the text of exact fractions, and names them all.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♥ J♠ Q♦", "K♥ 10♣ A♠"],
...                    talon="J♥ Q♣ A♥ 10♠ K♦ A♦ J♦ Q♠", trump_card="Q♠", discard="rest", attacker=0,
...                    first_bout=False)
>>> k = Knowledge.from_position(p, 0)       # P1's view: the K♠ is in the discard
>>> k.labels, k.slots
(('P1', 'P2', 'talon'), (0, 3, 7))
>>> trump_counts(k)["P2"]     # 10♠ and A♠ are unseen: how many of them among P2's 3 of 10 cards?
{0: Fraction(7, 15), 1: Fraction(7, 15), 2: Fraction(1, 15)}
>>> prob_can_beat(k, "J♠")    # only the A♠ is left to beat it (the Q♠ lies face up under the talon)
Fraction(3, 10)
"""

from __future__ import annotations

from fractions import Fraction
from math import perm
from typing import Any, NamedTuple, Optional, Union

from ..engine.cards import SUIT_MASKS, CardSet, cards_of, deck_mask, popcount  # noqa: F401
from ..engine.moves import seat_text
from ..engine.rules import DrawOrder
from ..engine.state.seats import forces_take
from ..engine.view import PlayerView, view_of
from .counting import (TALON, Knowledge, _knowledge, card_probabilities, count_distribution, expected_count,
                       joint_count_distribution, prob_can_beat, prob_holds, trump_count_distribution, trump_counts,
                       trump_mask)

__all__ = [
    "Knowledge", "TrumpDraw", "TALON", "trump_mask", "count_distribution", "trump_count_distribution",
    "trump_counts", "expected_count", "joint_count_distribution", "card_probabilities", "prob_holds",
    "prob_can_beat", "who_starts", "trump_card_draw", "deal_talon_facts", "fraction_text",
    "distribution_json",
]


def _falling(n: int, k: int) -> int:
    return perm(n, k) if 0 <= k <= n else 0


def who_starts(k: Union[Knowledge, PlayerView]) -> dict:
    """Who holds the lowest trump among the hands, and so leads the first bout (R7).

    ``{label: probability}`` over the seats, plus ``'nobody'`` for the chance
    that no hand holds a trump.  Meant for the moment after the deal, before
    the lowest trump is shown.

    >>> from durak_lab.engine.rules import Rules
    >>> who_starts(Knowledge.at_deal(Rules(players=2), "9♥"))
    {'P1': Fraction(61619, 125860), 'P2': Fraction(61619, 125860), 'nobody': Fraction(1311, 62930)}
    >>> who_starts(Knowledge.at_deal(Rules(players=2), "9♥", hand="7♥ 6♠ Q♦ K♦ J♣ A♣"))["P1"]
    Fraction(23, 29)
    """
    k = _knowledge(k)
    n_seats = len(k.labels) - 1
    talon = n_seats
    N = popcount(k.unseen)
    T = k.slots[talon]
    out = {label: Fraction(0) for label in k.labels[:n_seats]}
    lower_unseen = 0
    for t in cards_of(trump_mask(k)):
        holder = next((i for i in range(n_seats) if k.known[i] >> t & 1), None)
        if holder is not None:
            out[k.labels[holder]] += Fraction(_falling(T, lower_unseen), _falling(N, lower_unseen))
            break  # a known trump in a hand: no higher trump can be the lowest
        if k.unseen >> t & 1:
            denom = _falling(N, lower_unseen + 1)
            for i in range(n_seats):
                if k.slots[i]:
                    out[k.labels[i]] += Fraction(k.slots[i] * _falling(T, lower_unseen), denom)
            lower_unseen += 1
    else:
        out["nobody"] = Fraction(_falling(T, lower_unseen), _falling(N, lower_unseen))
        return out
    out["nobody"] = Fraction(0)
    return out


class TrumpDraw(NamedTuple):
    """Who draws the face-up trump card if the current bout ends as it stands (see :func:`trump_card_draw`).

    ``seat`` draws it (None: the talon outlasts this draw, or no trump card is
    left in the talon); ``draws`` is ``((seat, cards), …)`` in drawing order;
    ``left`` the talon cards left after the draw; ``outcome`` ``'defended'`` or
    ``'taken'``, the assumed end of the bout.

    >>> TrumpDraw(None, ((0, 2), (1, 1)), 5, "defended").left
    5
    """

    seat: Optional[int]
    draws: tuple
    left: int
    outcome: str

    def text(self) -> str:
        """A sentence for a learner.

        >>> TrumpDraw(1, ((0, 2), (1, 3)), 0, "defended").text()
        'P2 draws the trump card: the talon runs out in the next draw (P1 2, P2 3)'
        """
        drawn = ", ".join(f"{seat_text(s)} {n}" for s, n in self.draws if n) or "nobody draws"
        if self.seat is not None:
            return f"{seat_text(self.seat)} draws the trump card: the talon runs out in the next draw ({drawn})"
        if self.left:
            return f"not in the next draw ({drawn}): {self.left} talon card(s) remain after it"
        return "there is no trump card left in the talon"


def trump_card_draw(view: Union[PlayerView, Any], outcome: Optional[str] = None) -> TrumpDraw:
    """Who will draw the face-up trump card, if the current bout ends as it stands.

    The model, stated exactly: nobody throws in any more; the bout ends
    ``'taken'`` if the defender has decided to take, else ``'defended'``, each
    uncovered attack card covered by one card of the defender (pass
    ``outcome`` to choose); then every seat short of the hand size draws, in
    the order of the rules (R19: the leader, the other attackers clockwise or
    in attack order, the defender last; or one card at a time to the shortest
    hand).  The answer depends only on public facts: hand sizes, the table, the
    talon size.  ``view`` is a :class:`PlayerView` or a position.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2, hand_size=2), ["7♦ 8♦", "Q♦ 9♣"], talon="K♣ 9♥",
    ...                    trump_card="9♥", discard="rest", attacker=0)
    >>> trump_card_draw(p.play("P1 attack 7♦")).text()      # if P2 covers, each draws one
    'P2 draws the trump card: the talon runs out in the next draw (P1 1, P2 1)'
    """
    if not isinstance(view, PlayerView):
        view = view_of(view, 0)
    r = view.rules
    n = r.players
    sizes = list(view.hand_sizes)
    d = view.defender
    taking = view.taking
    if outcome is None:
        outcome = "taken" if taking else "defended"
    if outcome not in ("taken", "defended"):
        raise ValueError(f"outcome: {outcome!r} is not 'taken' or 'defended'")
    uncovered = sum(1 for e in view.table if e[1] < 0)
    if outcome == "taken":
        # doker (take_unbeaten, R18): the beaten pairs are burned, unless three sixes or 3-5-9 forced the take
        burned = r.take_unbeaten and not (r.forced_take and forces_take(sum(1 << e[0] for e in view.table)))
        sizes[d] += sum(0 if burned and e[1] >= 0 else 2 if e[1] >= 0 else 1 for e in view.table)
    else:
        sizes[d] = max(0, sizes[d] - uncovered)
    talon = view.talon_size
    face_up = view.trump_card is not None and view.trump_card_holder is None and talon > 0
    if r.draw_order is DrawOrder.DEFENDER_FIRST and outcome == "defended":  # doker (R19)
        order = [d] + [(view.leader + i) % n for i in range(n) if (view.leader + i) % n != d]
    elif n == 2:
        order = [1 - d, d]
    elif r.draw_order is DrawOrder.ROUND and outcome == "taken":  # FI: the taker in his turn (R19)
        order = [(view.leader + i) % n for i in range(n)]
    else:
        order = [(view.leader + i) % n for i in range(n) if (view.leader + i) % n != d]
        if r.draw_order is DrawOrder.ATTACK_ORDER:
            first: list = []
            for _, _, owner, _ in view.table:
                if owner != d and owner not in first:
                    first.append(owner)
            order = first + [s for s in order if s not in first]
        order.append(d)
    got = dict.fromkeys(order, 0)
    last = None
    pos = 0
    if r.draw_order is DrawOrder.EQUAL:
        while pos < talon:
            need = [s for s in order if sizes[s] < r.hand_size]
            if not need:
                break
            s = min(need, key=lambda x: sizes[x])
            sizes[s] += 1
            got[s] += 1
            pos += 1
            last = s
    else:
        for s in order:
            k = min(max(0, r.hand_size - sizes[s]), talon - pos)
            if k:
                got[s] += k
                pos += k
                last = s
    draws = tuple((s, got[s]) for s in order)
    if pos >= talon and face_up:
        return TrumpDraw(last, draws, 0, outcome)
    return TrumpDraw(None, draws, talon - pos if face_up else 0, outcome)


def deal_talon_facts(start: Any, attacker_by_r7: bool = True) -> int:
    """The unseen cards R7 places in the talon at the start of a game (a mask).

    At the first lead the holder of the lowest trump shows it (R7): every lower
    trump was not dealt, so it lies in the talon (or is the face-up card, the
    discard: seen anyway).  When the position is a fresh deal and nobody shows
    a trump, no hand holds one (only if R7 chose the leader: ``attacker_by_r7``;
    a record names its attacker otherwise).  These facts are public; they hold
    until the first card is drawn.  Give them to :meth:`Knowledge.from_view` as
    ``talon_known`` (after removing what the viewer sees).  ``start`` is the
    :class:`~durak_lab.engine.state.Position` at the start of a game.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["8♥ 7♦", "Q♦ 9♣"], talon="6♥ K♣ 7♥ 9♥", trump_card="9♥",
    ...                    discard="rest")
    >>> CardSet(deal_talon_facts(p))      # P1 showed the 8♥: the 6♥ and 7♥ were not dealt
    CardSet('6♥ 7♥')
    """
    r = start.rules
    if not r.show_lowest_trump or start.table:
        return 0
    trumps = SUIT_MASKS[start.trump] & r.all_cards
    seen_out = start.discard | ((1 << start.trump_card) if start.trump_card >= 0 else 0)
    in_hands = 0
    for h in start.hands:
        in_hands |= h
    shown = start.known[start.leader] & trumps
    low = in_hands & trumps
    if low:
        low &= -low
        if not shown & low:
            return 0  # no R7 show at this start (a mid-game position)
        return trumps & (low - 1) & ~seen_out & ~in_hands
    deal_like = (not start.discard and len(start.talon) == r.deck - r.players * r.hand_size
                 and all(popcount(h) == r.hand_size for h in start.hands))
    return trumps & ~seen_out if deal_like and attacker_by_r7 and start.talon else 0


def fraction_text(x: Union[Fraction, int, float]) -> str:
    """An exact probability as text: ``'5/17'``, ``'0'``, ``'1'``.

    >>> fraction_text(Fraction(10, 34)), fraction_text(Fraction(1)), fraction_text(0)
    ('5/17', '1', '0')
    """
    if isinstance(x, float):
        return repr(x)
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def distribution_json(dist: dict) -> dict:
    """A distribution as JSON: ``{"0": "5/17", …}`` (keys and exact values as strings).

    >>> distribution_json({0: Fraction(1, 4), 1: Fraction(3, 4)})
    {'0': '1/4', '1': '3/4'}
    """
    return {str(key): fraction_text(value) for key, value in dist.items()}
