"""The endgame bot: another bot's play, then the exact solver once nothing is hidden.

With two players left and an empty talon the other hand is every card a seat
has not seen (R19, R28): :func:`position_of_view` rebuilds the whole position
from the view, and :class:`EndgameBot` plays a best move of the exact solver
(:mod:`durak_lab.analysis.solver`), breaking ties with its base bot's choice.
A search past its node limit falls back to the base bot for that move.  Its
base bot is the greedy bot: greedy play and then the solver beat greedy play
alone (2-player podkidnoy, ``durak-lab bench bots --bot endgame --vs greedy
--deals 300``: 60.2% won, 32.0% lost over 600 games), where the tips and then
the solver do not (``play_deals`` over 300 other deals: 49.8% won, 42.5% lost).

Standard library only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ..analysis.solver.endgame import SearchLimitExceeded, Solver
from ..engine.cards import deck_mask
from ..engine.errors import SolverDomainError
from ..engine.moves import Move
from ..engine.state.position import Position
from ..engine.view import PlayerView
from .base import Bot, _legal
from .greedy import GreedyBot

__all__ = ["position_of_view", "EndgameBot"]


def position_of_view(view: PlayerView) -> Position:
    """The whole position behind ``view`` when nothing is hidden: two players, an empty talon.

    Then the other hand is every card this seat has not seen (R19, R28), so the
    view determines the position.  Anything else raises ``ValueError``.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["7♦ 9♠", "6♥ K♠ 8♦"], trump="♥", discard="rest",
    ...                    attacker=0, first_bout=False)
    >>> position_of_view(p.view(0)) == p
    True
    """
    if view.rules.players != 2 or view.talon_size:
        raise ValueError("a view hides cards unless two players are left with an empty talon")
    other = view.rules.all_cards & ~(view.hand_mask | view.table_cards() | view.discard)
    hands = [0, 0]
    hands[view.seat] = view.hand_mask
    hands[1 - view.seat] = other
    tc = -1 if view.trump_card is None else int(view.trump_card)
    return Position._make(view.rules, view.trump, tc, tuple(hands), (), view.discard, view.table,
                          view.leader, view.defender, view.taking, view.passed, view.first_limit,
                          view.start_hand, view.attack_order, view.known, view.shown_used,
                          view.swap_open, view.in_bout, view.result, sent_back=view.sent_back)


@dataclass
class EndgameBot:
    """``base``'s play, and the exact solver's once two players are left with an empty talon.

    In that endgame it plays a move of the best value (win > draw > loss, R28,
    R29), the one ``base`` prefers among them.  Each solver call searches at
    most ``max_nodes`` positions; past that it plays ``base``'s move.  The
    solver keeps its tables between moves and games; once they hold more than
    ``max_table`` entries (about 330 bytes each) it starts again with empty
    ones.  ``solved`` and ``fallbacks`` count the moves of each kind.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
    ...                    attacker=1, first_bout=False)
    >>> str(GreedyBot().choose(p.view(1), random.Random(0)))   # the low card first: a loss
    'P2 attack 7♦'
    >>> str(EndgameBot().choose(p.view(1), random.Random(0)))  # the solver's win (R28)
    'P2 attack 8♥'
    """

    base: Bot = field(default_factory=GreedyBot)
    max_nodes: int = 20_000
    max_table: int = 200_000
    name: str = "endgame"
    solved: int = 0
    fallbacks: int = 0

    def __post_init__(self) -> None:
        self._new_solver()

    def _new_solver(self) -> None:
        self._solver = Solver(max_nodes=self.max_nodes, max_table=self.max_table)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The solver's best move in a two-player endgame, else ``base``'s move."""
        if len(_legal(self, view)) > 1 and view.rules.players == 2 and not view.talon_size:
            try:
                values = self._solver.move_values(position_of_view(view))
            except SolverDomainError:
                pass  # e.g. tie='all_durak' or hand_limit='none': the base bot plays
            except SearchLimitExceeded:
                self.fallbacks += 1
            else:
                self.solved += 1
                if self._solver.table_size > self.max_table:  # bound the memory over a tournament
                    self._new_solver()
                top = max(v for _, v in values)
                best = tuple(m for m, v in values if v == top)
                if len(best) == 1:
                    return best[0]
                return self.base.choose(replace(view, legal=best), rng)
        return self.base.choose(view, rng)
