"""The Chinese source's tips for beginners as a bot, and the cheapest cover it relies on.

:class:`TipsBot` follows the digest's "Tips for beginners (ZH)": attack with
low cards and keep high ones for defence; keep trumps and cover with them only
when you must; pairs are good for throwing in; taking is sometimes cheaper than
a trump.  Every threshold is a parameter, so a class can try variations.
:func:`cheapest_cover` finds the cover of a table that spends the least
(:func:`card_cost`), exactly.

Standard library only.

>>> import random
>>> from durak_lab.engine.state import Position
>>> from durak_lab.engine.rules import Rules
>>> p = Position.start(Rules(players=2), ["7♦ 7♣ Q♠ 9♥", "8♦ 10♣ K♦ A♥"], trump="♥",
...                    discard="rest", attacker=0, first_bout=False)
>>> str(TipsBot().choose(p.view(0), random.Random(1)))    # the low pair: 7♣ can follow (R12)
'P1 attack 7♦'
>>> p = p.play("P1 attack 7♦")
>>> str(TipsBot().choose(p.view(1), random.Random(1)))    # the cheapest cover, no trump
'P2 cover 7♦ with 8♦'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Sequence

from ..engine.cards import BEATERS, CARDS, RANK_MASKS, cards_of, popcount, rank_of, suit_of
from ..engine.moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from ..engine.view import PlayerView
from .base import _legal

__all__ = ["TRUMP_COST", "card_cost", "cheapest_cover", "TipsBot"]

#: A trump costs more than any non-trump (R11): this is added to its rank.
TRUMP_COST = 100
_PLAN_LIMIT = 20_000  # possible assignments past which cheapest_cover settles for a greedy cover



def card_cost(card: int, trump: int) -> int:
    """What a card is worth keeping: its rank (R11), a trump above every non-trump, and a
    joker (doker), which beats any card, above every trump.

    >>> from durak_lab.engine.cards import Card, HEARTS
    >>> card_cost(Card("A♠"), HEARTS), card_cost(Card("6♥"), HEARTS), card_cost(Card("BJ"), HEARTS)
    (14, 106, 215)
    """
    if card >= 52:
        return rank_of(card) + 2 * TRUMP_COST
    return rank_of(card) + (TRUMP_COST if suit_of(card) == trump else 0)


def cheapest_cover(attacks: Sequence[int], hand: int, trump: int) -> Optional[dict]:
    """The cheapest way to cover every card of ``attacks`` from ``hand``, or None if there is none.

    Returns ``{attack card: cover card}`` with the least total :func:`card_cost`:
    a trump only when no card of the suit will do, low cards before high ones
    (R11, R15).  Past 20,000 possible assignments (a huge table) it settles for
    covering the dearest attack first with its cheapest cover.

    >>> from durak_lab.engine.cards import Card, CardSet, HEARTS
    >>> plan = cheapest_cover([Card("7♦"), Card("9♠")], CardSet.parse("8♦ 10♠ 6♥ J♠").mask, HEARTS)
    >>> {str(a): str(c) for a, c in plan.items()}
    {'7♦': '8♦', '9♠': '10♠'}
    >>> cheapest_cover([Card("A♦")], CardSet.parse("K♦ Q♠").mask, HEARTS) is None
    True
    """
    beat = BEATERS[trump]
    options = []
    for a in attacks:
        m = hand & beat[a]
        opts = sorted((card_cost(c, trump), c) for c in cards_of(m))
        if not opts:
            return None
        options.append((CARDS[a], opts))
    options.sort(key=lambda o: (len(o[1]), -card_cost(o[0], trump)))  # the tightest first
    size = 1
    for _, opts in options:
        size *= len(opts)
    if size > _PLAN_LIMIT:
        return _greedy_cover(options, trump)
    best: list = [None, 1 << 30]
    chosen: dict = {}

    def dfs(i: int, used: int, cost: int) -> None:
        if cost >= best[1]:
            return
        if i == len(options):
            best[0], best[1] = dict(chosen), cost
            return
        a, opts = options[i]
        for c_cost, c in opts:
            if not used >> c & 1:
                chosen[a] = c
                dfs(i + 1, used | 1 << c, cost + c_cost)
                del chosen[a]

    dfs(0, 0, 0)
    return best[0]


def _greedy_cover(options: list, trump: int) -> Optional[dict]:
    plan: dict = {}
    used = 0
    for a, opts in sorted(options, key=lambda o: -card_cost(o[0], trump)):
        for _, c in opts:
            if not used >> c & 1:
                plan[a] = c
                used |= 1 << c
                break
        else:
            return None
    return plan


@dataclass(frozen=True)
class TipsBot:
    """The Chinese source's tips for beginners, as a bot (``rng`` only chooses among equally cheap cards).

    * **Lead** (R10) the cheapest card: the lowest non-trump, where a rank it
      holds twice counts ``pair_bonus`` ranks lower (its pair can follow as a
      throw-in, R12); several cards of one rank at once where the rules allow it.
      Between equally cheap cards (one rank, two suits) ``rng`` chooses: with
      three players and an empty talon, a fixed choice can hand the same cards
      round the table for ever.
    * **Throw in** (R12) non-trumps below ``keep_rank`` while the talon lasts,
      any non-trump once it is empty; a trump only onto a defender who takes,
      with the talon empty.  Otherwise pass.
    * **Defend** with :func:`cheapest_cover`: the dearest attack card first,
      with the cheapest card that beats it (R11, R15).  While the talon holds
      more than ``early_talon`` cards, a cover that needs more than
      ``early_trumps`` trumps is not worth it: take (R18).  With no cover, take.
    * **Transfer** (perevodnoy, R20) with a non-trump when the cover would
      cost a trump or a card from ``keep_rank`` up; show a trump (R24) rather
      than spend one.  A defender who will not cover passes to a partner who
      can (R26) before taking; so does the partner.
    * **Swap** the trump six (R6) whenever it may.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["7♦ 9♠", "6♥ K♠ 8♦"], trump="♥", discard="rest",
    ...                    attacker=0, first_bout=False)
    >>> str(TipsBot().choose(p.play("P1 attack 7♦").view(1), random.Random(0)))
    'P2 cover 7♦ with 8♦'
    >>> str(TipsBot().choose(p.play("P1 attack 9♠").view(1), random.Random(0)))   # K♠, not the trump
    'P2 cover 9♠ with K♠'
    """

    name: str = "tips"
    keep_rank: int = 11          #: cards of this rank and higher are kept for defence (J by default; 6, every card, at the tips level)
    early_talon: int = 12        #: "early": the talon holds more cards than this
    early_trumps: int = 1        #: most trumps to spend on one cover in the early game
    pair_bonus: int = 2          #: a lead from a rank held twice counts as this many ranks lower

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move the tips suggest, among ``view.legal``."""
        legal = _legal(self, view)
        by_kind: dict = {}
        for m in legal:
            by_kind.setdefault(m.kind, []).append(m)
        if SWAP in by_kind:
            return by_kind[SWAP][0]
        if CHALLENGE in by_kind:  # pushing durak: send back a card that breaks the rules (R31)
            return by_kind[CHALLENGE][0]
        if COVER in by_kind or TAKE in by_kind or TRANSFER in by_kind or SHOW in by_kind:
            return self._defend(view, by_kind)
        if ATTACK in by_kind:
            attacks = by_kind[ATTACK]
            if view.rules.pushing and view.table and not view.taking:  # pushing durak: never push (R12)
                standing = _standing(view.table)
                attacks = [m for m in attacks if rank_of(m.cards[0]) in standing]
            m = self._attack(view, attacks, rng)
            if m is not None:
                return m
        if PASS in by_kind:
            return by_kind[PASS][0]
        return legal[0]

    # ---------------------------------------------------------------- attacking
    def _attack(self, view: PlayerView, attacks: list, rng: random.Random) -> Optional[Move]:
        trump = view.trump
        hand = view.hand_mask
        leading = not view.table
        endgame = view.talon_size == 0
        scored = []
        for m in attacks:
            worst = max(card_cost(c, trump) for c in m.cards)
            if not leading:
                if any(suit_of(c) == trump for c in m.cards):
                    if not (endgame and view.taking):
                        continue
                elif not endgame and any(rank_of(c) >= self.keep_rank for c in m.cards):
                    continue
            rank = rank_of(m.cards[0])
            spare = popcount(hand & RANK_MASKS[rank]) - len(m.cards)   # cards of the rank kept back
            score = worst - 2 * (len(m.cards) - 1) - (self.pair_bonus if leading and spare > 0 else 0)
            scored.append((score, -len(m.cards), rank, m.cards, m))
        if not scored:
            return None
        low = min(t[:3] for t in scored)
        ties = sorted((t for t in scored if t[:3] == low), key=lambda t: t[3])
        # equally cheap cards (one rank, other suits): chance chooses, so that play cannot go round
        # in a circle for ever (three players with an empty talon can hand the same cards round)
        return ties[rng.randrange(len(ties))][4] if len(ties) > 1 else ties[0][4]

    # ---------------------------------------------------------------- defending
    def _defend(self, view: PlayerView, by_kind: dict) -> Move:
        trump = view.trump
        hand = view.hand_mask
        if CHOOSE in by_kind:
            return self._choose(view, by_kind[CHOOSE])
        uncovered = [a for a, c, _, _ in view.table if c < 0]
        plan = cheapest_cover(uncovered, hand, trump) if COVER in by_kind else None
        plan_trumps = sum(1 for c in plan.values() if suit_of(c) == trump) if plan else 0
        dear = plan is None or plan_trumps > 0 or any(rank_of(c) >= self.keep_rank for c in plan.values())
        if dear:
            for m in sorted(by_kind.get(TRANSFER, ()), key=lambda m: (len(m.cards), m.cards)):
                if all(suit_of(c) != trump for c in m.cards):
                    return m
            if SHOW in by_kind:
                return by_kind[SHOW][0]
        early = view.talon_size > self.early_talon
        if plan is not None and not (early and plan_trumps > self.early_trumps):
            a = max(plan, key=lambda x: (card_cost(x, trump), x))
            for m in by_kind[COVER]:
                if m.target == a and m.cards[0] == plan[a]:
                    return m
        if PASS in by_kind:  # a defender's partner who will not cover, or a defender leaving it to them
            return by_kind[PASS][0]
        if TAKE in by_kind:
            return by_kind[TAKE][0]
        covers = sorted(by_kind.get(COVER, ()), key=lambda m: (card_cost(m.cards[0], trump), m.cards))
        if covers:
            return covers[0]
        return next(iter(by_kind.values()))[0]

    def _choose(self, view: PlayerView, choices: list) -> Move:
        """More cards lie than the defender must beat (R13): choose the ones cheapest to cover; if none
        can all be covered, the cheapest ones to pick up (taking then takes fewer cards)."""
        trump = view.trump
        hand = view.hand_mask
        best = None
        for m in choices:
            plan = cheapest_cover(list(m.cards), hand, trump)
            cost = sum(card_cost(c, trump) for c in plan.values()) if plan is not None else None
            key = (0, cost) if cost is not None else (1, sum(card_cost(c, trump) for c in m.cards))
            if best is None or key < best[0]:
                best = (key, m)
        assert best is not None
        return best[1]


def _standing(table: tuple) -> set:
    """The ranks that stand on ``table`` (the lead's and every covered pair's): what R12 lets anyone throw
    in, also in pushing durak, where a card of another rank may be sent back."""
    if not table:
        return set()
    out = {rank_of(table[0][0])}
    for a, c, _, _ in table:
        if c >= 0:
            out.add(rank_of(a))
            out.add(rank_of(c))
    return out
