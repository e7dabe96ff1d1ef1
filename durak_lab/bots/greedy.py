"""The greedy bot: the fixed point every stronger bot is measured against.

:class:`GreedyBot` plays the greedy rules of Zarlykov (2023), the usual
baseline of published Durak agents: **lead and throw in** the lowest card,
non-trumps before trumps (R11), and throw in no trump while the talon lasts
(R12); **defend** with the cheapest card that beats an uncovered card (a
non-trump before any trump, low before high, R11); **otherwise take** (R15),
or pass when it throws in nothing.  It never transfers (R20) and never shows a
trump (R24).  It is the same policy as the lean kernel's
:func:`~durak_lab.engine.kernel.greedy`, the rollout policy of the search bots,
move for move (``tests/bots/test_greedy.py`` checks it), so it also plays the
rules the kernel does not (a swap or a challenge it makes when it may, the
first choice otherwise).

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 9♠ 6♥", "8♦ K♠ 8♥"], trump="♥", discard="rest",
...                    talon=["A♣", "10♥"], trump_card="10♥", attacker=0, first_bout=False)
>>> str(GreedyBot().choose(p.view(0), random.Random(0)))     # the lowest non-trump
'P1 attack 7♦'
>>> str(GreedyBot().choose(p.play("P1 attack 9♠").view(1), random.Random(0)))
'P2 cover 9♠ with K♠'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from ..engine.cards import rank_of, suit_of
from ..engine.kernel.core import greedy_key
from ..engine.moves import ATTACK, CHALLENGE, COVER, SWAP, TRANSFER, Move
from ..engine.view import PlayerView
from .base import _legal

__all__ = ["GreedyBot", "greedy_move"]


@dataclass(frozen=True)
class GreedyBot:
    """Zarlykov's greedy bot (deterministic: it never uses ``rng``); see the module's text.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["7♦ 9♠", "6♥ 8♠ 8♦"], trump="♥", discard="rest",
    ...                    attacker=0, first_bout=False)
    >>> str(GreedyBot().choose(p.play("P1 attack 9♠").view(1), random.Random(0)))   # no cover but a trump
    'P2 cover 9♠ with 6♥'
    """

    name: str = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The greedy move among ``view.legal``."""
        return greedy_move(view, _legal(self, view))


def greedy_move(view: PlayerView, legal: list, *, throw_trumps: bool = False, save_above: Optional[int] = None,
                pairs: bool = False, transfer: bool = False) -> Move:
    """The greedy move among ``legal`` (the moves of ``view``'s seat), and the variants'
    (:class:`~durak_lab.bots.population.GreedyVariant`): ``throw_trumps`` throws trumps in while
    the talon lasts; ``save_above``, a talon size above which a trump does not cover a plain
    attack card below ten (the defender takes, or covers another card); ``pairs`` leads all the
    cards of the lowest rank together where a lead may hold several; ``transfer`` transfers with
    one non-trump when it may.  With no option it is Zarlykov's greedy play (see the module)."""
    trump = view.trump
    talon_left = view.talon_size > 0
    fallback = legal[-1]  # take, or pass
    lead = fallback.kind == ATTACK  # the lead lists only attacks
    best, best_key = None, 99
    group, group_key = None, (99, 0)  # the lowest rank led with the most cards
    for m in legal:
        if m.kind in (SWAP, CHALLENGE):
            return m
        if m.kind == TRANSFER and transfer and len(m.cards) == 1 and suit_of(m.cards[0]) != trump:
            return m
        if m.kind == ATTACK:
            k = min(greedy_key(c, trump) for c in m.cards)
            if len(m.cards) > 1:
                if pairs and lead and k < 16 and (k, -len(m.cards)) < group_key:
                    group, group_key = m, (k, -len(m.cards))
                continue
            if k >= 16 and talon_left and not lead and not throw_trumps:
                continue  # no trump throw-ins while the talon lasts
        elif m.kind == COVER:
            k = greedy_key(m.cards[0], trump)
            if (save_above is not None and view.talon_size > save_above and k >= 16
                    and m.target is not None and suit_of(m.target) != trump and rank_of(m.target) < 10):
                continue
        else:
            continue
        if k < best_key:
            best, best_key = m, k
    if group is not None and group_key[0] <= best_key:
        return group
    return best if best is not None else fallback
