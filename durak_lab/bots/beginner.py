"""The beginner bot: the greedy bot's play with the mistakes the Chinese source warns about.

The digest's "Mistakes (ZH)" lists what beginners do wrong: *covering with a
trump while holding the suit*, *spending trumps too early*, and *throwing in
a rank not on the table* (R12; the engine never lets anyone do that, so the
bot cannot either).  :class:`BeginnerBot` plays as
:class:`~durak_lab.bots.greedy.GreedyBot` does, except that, each time one of
the first two mistakes is open to it, it makes it with chance ``slip``:

* **covering with a trump while holding the suit** (R11): when a card of the
  attacked suit would do, it covers with its lowest trump instead;
* **spending trumps too early**: when it leads or throws in (R10, R12) while
  the talon lasts, it plays any card it may, a trump or a high card as
  readily as a low one.

A level for learners to beat first: it never makes an illegal move, and
``rng`` decides when it slips, so a game replays from its seed.  ``slip`` is 1.0, chosen on
the ladder (``durak-lab bench ladder --deals 200 --seed 1``, 2-player podkidnoy, the README's
"How the levels were set"): the beginner makes every mistake open to it and sits about as far
below the tips level as the tips level sits below greedy play (744, 883 and 1000; at 0.8, the
level of the release before, it sat 772, at 0.6 about 814).

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["8♠ K♦", "6♥ 9♠ A♣"], trump="♥", discard="rest",
...                    attacker=0, first_bout=False).play("P1 attack 8♠")
>>> str(BeginnerBot(slip=1.0).choose(p.view(1), random.Random(0)))   # a trump, though 9♠ would do
'P2 cover 8♠ with 6♥'
>>> str(BeginnerBot(slip=0.0).choose(p.view(1), random.Random(0)))   # no slip: the greedy cover
'P2 cover 8♠ with 9♠'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.cards import suit_of
from ..engine.moves import ATTACK, COVER, Move
from ..engine.view import PlayerView
from .base import _legal
from ..engine.kernel.core import greedy_key
from .greedy import GreedyBot

__all__ = ["BeginnerBot"]


@dataclass(frozen=True)
class BeginnerBot:
    """Greedy play with the ZH source's beginners' mistakes, each made with chance ``slip``."""

    name: str = "beginner"
    slip: float = 1.0  #: the chance of making a mistake when one is open (calibrated on the ladder)

    def __post_init__(self) -> None:
        if not 0.0 <= self.slip <= 1.0:
            raise ValueError(f"slip is a chance, from 0 to 1, not {self.slip}")

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The greedy move, or with chance ``slip`` a beginner's mistake, among ``view.legal``."""
        legal = _legal(self, view)
        trump = view.trump
        covers = [m for m in legal if m.kind == COVER]
        if covers:
            trumps = [m for m in covers if suit_of(m.cards[0]) == trump]
            suited = [m for m in covers if suit_of(m.cards[0]) != trump]
            if trumps and suited and rng.random() < self.slip:   # a trump, though the suit would do
                return min(trumps, key=lambda m: greedy_key(m.cards[0], trump))
        elif view.talon_size:
            attacks = [m for m in legal if m.kind == ATTACK]
            if attacks and rng.random() < self.slip:             # any card, trumps and high ones too
                return attacks[rng.randrange(len(attacks))]
        return GreedyBot().choose(view, rng)
