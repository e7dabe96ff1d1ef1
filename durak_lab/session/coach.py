"""The coach: a word before a doubtful move, a hint on request, the solver's warning in the endgame.

:class:`Coach` looks only at what the player's seat knows (its
:class:`~durak_lab.engine.view.PlayerView`), like a bot.  Before a legal move
that the Chinese source's tips for beginners (digest, "Tips for beginners (ZH)")
or its common mistakes advise against, :meth:`Coach.warning` says why in one
sentence:

* covering with a trump while a plain card of the suit beats the attack card,
  unless that plain card is wanted for another card on the table (R11);
* leading or throwing in a trump while the talon lasts, when a plain card would do (R10, R12);
* leading a high card when a low plain card would do (the tips: attack low, keep high cards);
* taking when the whole table can be covered without a trump (R15, R18);
* in a two-player endgame with an empty talon (nothing is hidden then, R19, R28):
  a move that the exact solver shows throws away a win or a draw.  There the
  solver's verdict is the whole answer: the tips above keep quiet.

A seat's only move is never doubtful.

:meth:`Coach.hint` says what the endgame bot (the tips, then the exact solver)
would play, and why, in one sentence.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.engine.moves import Move
>>> p = Position.start(Rules(players=2), ["9♠ 7♦", "K♠ 6♥ 8♦"], talon=["Q♣", "A♥"], trump_card="A♥",
...                    discard="rest", attacker=0, first_bout=False).play("P1 attack 9♠")
>>> print(Coach().warning(p.view(1), Move.parse("P2 cover 9♠ with 6♥")))
Coach: you cover 9♠ with a trump, but K♠ beats it too. Keep your trumps for later.
>>> Coach().warning(p.view(1), Move.parse("P2 cover 9♠ with K♠")) is None
True
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional

from ..analysis.solver.endgame import SearchLimitExceeded, Solver
from ..bots.endgame import position_of_view
from ..bots.tips import TipsBot, card_cost, cheapest_cover
from ..engine.cards import BEATERS, Card, cards_of, rank_of, suit_of
from ..engine.errors import SolverDomainError
from ..engine.moves import ATTACK, COVER, TAKE, Move
from ..engine.view import PlayerView
from ..text.explain import rank_phrase
from ..text.messages import say
from ..text.narrate import hint_why, move_words, value_words

__all__ = ["Coach"]

def _cards(cards) -> str:
    return " ".join(str(Card(c)) for c in cards)


def _uncovered(view: PlayerView) -> list:
    return [a for a, c, _, _ in view.table if c < 0]


class Coach:
    """Advice for one seat from what it knows.  ``max_nodes`` bounds each endgame search."""

    #: How many views' solver values (or failures) the coach remembers.
    MEMORY = 64

    def __init__(self, max_nodes: int = 20_000) -> None:
        self.max_nodes = max_nodes
        self._solver = Solver(max_nodes=max_nodes, max_table=200_000)
        self._tips_bot = TipsBot()
        self._memory: dict = {}

    # ------------------------------------------------------------ warnings
    def warning(self, view: PlayerView, move: Move) -> Optional[str]:
        """A sentence before a legal but doubtful ``move``, or None when the coach has nothing to say.

        A seat's only move is never doubtful.  Where the exact solver sees the
        whole game (two players, an empty talon) its verdict is the whole answer:
        the coach warns exactly before the moves worth less than the best one,
        and the tips keep quiet.
        """
        if len(view.legal) < 2:
            return None
        values = self._values(view)
        why = self._endgame(values, move) if values else self._tips(view, move)
        return None if why is None else say("coach-warning", why=why)

    def _tips(self, view: PlayerView, move: Move) -> Optional[str]:
        trump = view.trump
        hand = view.hand_mask
        talon = view.talon_size > 0
        if move.kind == COVER:
            a, c = int(move.target), int(move.cards[0])
            if suit_of(c) == trump and suit_of(a) != trump:
                plain = _spare_plain_cover(view, a, c)
                if plain is not None:
                    return say("coach-trump-cover", card=str(Card(a)), plain=str(Card(plain)))
        elif move.kind == TAKE:
            attacks = _uncovered(view)
            if attacks and talon:
                plan = cheapest_cover(attacks, hand, trump)
                if plan and all(suit_of(c) != trump for c in plan.values()):
                    return say("coach-take-coverable", cards=_cards(plan.values()))
        elif move.kind == ATTACK:
            cards = [int(c) for c in move.cards]
            others = [m for m in view.legal if m.kind == ATTACK and all(suit_of(int(c)) != trump for c in m.cards)]
            if talon and any(suit_of(c) == trump for c in cards) and others:
                return say("coach-keep-trumps", cards=_cards(others[0].cards))
            if not view.table and all(suit_of(c) != trump for c in cards):
                low = min((int(m.cards[0]) for m in others), key=lambda c: card_cost(c, trump), default=None)
                high = max(cards, key=rank_of)
                if low is not None and rank_of(high) - rank_of(low) >= 4 and rank_of(high) >= 11:
                    return say("coach-lead-low", low=str(Card(low)), high=rank_phrase(rank_of(high)))
        return None

    def _values(self, view: PlayerView) -> Optional[list]:
        """The solver's value of every move, when nothing is hidden and the search fits ``max_nodes``.

        Remembered for the last :attr:`MEMORY` views, failures too: a warning, the next
        warning and a hint for one position search once.
        """
        if view.rules.players != 2 or view.talon_size or len(view.legal) < 2:
            return None
        if view in self._memory:
            return self._memory[view]
        try:
            values = self._solver.move_values(position_of_view(view))
        except (SolverDomainError, SearchLimitExceeded, ValueError):
            values = None
        if self._solver.table_size > self._solver.max_table:  # bound the memory over a long session
            self._solver = Solver(max_nodes=self.max_nodes, max_table=self._solver.max_table)
        if len(self._memory) >= self.MEMORY:
            self._memory.clear()
        self._memory[view] = values
        return values

    @staticmethod
    def _endgame(values: list, move: Move) -> Optional[str]:
        best = max(v for _, v in values)
        mine = dict(values).get(move)
        if mine is None or mine >= best:
            return None
        better = next(m for m, v in values if v == best)
        return say("coach-endgame", best=value_words(best), mine=value_words(mine), move=move_words(better))

    # ------------------------------------------------------------ hints
    def hint_move(self, view: PlayerView, rng: random.Random) -> Optional[Move]:
        """The move :meth:`hint` speaks of (for a widget to show it), or None without a move.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["9♠ 7♦", "K♠ 6♥ 8♦"], talon=["Q♣", "A♥"], trump_card="A♥",
        ...                    discard="rest", attacker=0, first_bout=False).play("P1 attack 9♠")
        >>> str(Coach().hint_move(p.view(1), random.Random(0)))
        'P2 cover 9♠ with K♠'
        >>> Coach().hint(p.view(1), random.Random(0))
        'Hint: cover 9♠ with K♠. It is the cheapest card that beats it.'
        """
        return self._choose(view, rng) if view.legal else None

    def _choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The endgame bot's move (:class:`~durak_lab.bots.endgame.EndgameBot`), from the values
        the coach remembers: a best move of the solver, the tips' choice among equals; the
        tips' move where the solver cannot see the whole game."""
        values = self._values(view)
        if not values:
            return self._tips_bot.choose(view, rng)
        top = max(v for _, v in values)
        best = tuple(m for m, v in values if v == top)
        return best[0] if len(best) == 1 else self._tips_bot.choose(replace(view, legal=best), rng)

    def hint(self, view: PlayerView, rng: random.Random) -> str:
        """What a strong bot would play now, and why, as one sentence (the move of :meth:`hint_move`
        for the same ``rng``)."""
        if not view.legal:
            return say("options-none")
        values = self._values(view)
        move = self._choose(view, rng)
        if values:
            value = dict(values).get(move)
            why = say("hint-value", value=value_words(value)) if value is not None else ""
        else:
            why = hint_why(view, move)
        return say("coach-hint", move=move_words(move), why=why).strip()


def _trumps_needed(attacks: list, hand: int, trump: int) -> Optional[int]:
    """How many trumps the cheapest cover of ``attacks`` from ``hand`` uses (None: they cannot all be covered)."""
    if not attacks:
        return 0
    plan = cheapest_cover(attacks, hand, trump)
    return None if plan is None else sum(1 for c in plan.values() if suit_of(c) == trump)


def _spare_plain_cover(view: PlayerView, attack: int, trump_card: int) -> Optional[int]:
    """The lowest plain card that covers ``attack`` instead of ``trump_card`` and leaves the other
    uncovered cards coverable with fewer trumps in all (None when the trump is needed after all:
    a plain card that beats ``attack`` is wanted for another card on the table)."""
    trump, hand = view.trump, view.hand_mask
    rest = [u for u in _uncovered(view) if u != attack]
    with_trump = _trumps_needed(rest, hand & ~(1 << trump_card), trump)
    for x in cards_of(hand & BEATERS[trump][attack]):
        if suit_of(x) == trump:
            continue
        with_plain = _trumps_needed(rest, hand & ~(1 << x), trump)
        if with_plain is None and with_trump is not None:
            continue  # x is needed for another card
        if with_plain is not None and with_trump is not None and with_plain >= with_trump + 1:
            continue  # the rest then needs the trump anyway
        return x
    return None
