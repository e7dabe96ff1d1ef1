"""The endgame bot: another bot's play, then the exact solver once nothing is hidden.

Once a seat's view determines the whole position it plays exactly
(:func:`~durak_lab.analysis.solver.known_to`): with two players, or two left at a
bigger table (the others out of cards, R28), and the talon empty or holding only the
face-up trump card (R3, R19), the other hand is every card the seat has not seen.
:func:`position_of_view` (the solver's, :mod:`durak_lab.analysis.solver.exact`)
rebuilds the position from the view, and :class:`EndgameBot` plays a best move of
:func:`~durak_lab.analysis.solver.exact_move_values` (the exact solver, through the
draws while the trump card lies in the talon), breaking ties with its base bot's
choice.  A search past its node limit falls back to the base bot for that move.  Its
base bot is the greedy bot: greedy play and then the solver beat greedy play alone
(2-player podkidnoy, ``durak-lab bench bots --bot endgame --vs greedy --deals 300``:
60.2% won, 32.0% lost over 600 games, measured when it played only the empty talon),
where the tips and then the solver do not (``play_deals`` over 300 other deals: 49.8%
won, 42.5% lost).

Standard library only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Optional

from ..analysis.solver import Solver, check_exact_domain, exact_move_values, known_to, position_of_view
from ..engine.cards import popcount
from ..engine.errors import SolverDomainError
from ..engine.moves import Move
from ..engine.view import PlayerView
from .base import Bot, _legal
from .greedy import GreedyBot

__all__ = ["position_of_view", "EndgameBot"]


@dataclass
class EndgameBot:
    """``base``'s play, and the exact solver's once nothing is hidden from its seat.

    That is (:func:`~durak_lab.analysis.solver.known_to`): two players, or two left at
    a bigger table (R28), and the talon empty or holding only the face-up trump card
    (R3, R19).  There it plays a move of the best value (win > draw > loss, R28,
    R29), the one ``base`` prefers among them.  Each of the solver's searches
    (with the trump card in the talon: the whole search through the draws) searches
    at most ``max_nodes`` positions; past that it plays ``base``'s move.  ``reach``, when
    given, is the most cards the hands and the table may hold together for it to solve (a player who
    counts only the last few cards): with more, ``base`` plays.  Rules outside
    the solver's domain (e.g. ``tie='all_durak'``) leave every move to ``base``.  The
    solver keeps its tables between moves and games; once they hold more than
    ``max_table`` entries (about 330 bytes each) it starts again with empty
    ones.  ``solved`` and ``fallbacks`` count the moves of each kind.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
    ...                    attacker=1, first_bout=False)
    >>> str(GreedyBot().choose(p.view(1), random.Random(0)))   # the low card first: a loss
    'P2 attack 7♦'
    >>> str(EndgameBot().choose(p.view(1), random.Random(0)))  # the solver's win (R28)
    'P2 attack 8♥'
    >>> str(EndgameBot(reach=4).choose(p.view(1), random.Random(0)))  # five cards: past its reach
    'P2 attack 7♦'
    >>> q = Position.start(Rules(players=3), ["6♦ 10♦ 10♣", "", "8♥ 7♦"], trump="♠", discard="rest",
    ...                    attacker=2, first_bout=False)            # P2 is out: two left (R28)
    >>> str(EndgameBot().choose(q.view(2), random.Random(0)))
    'P3 attack 8♥'
    """

    base: Bot = field(default_factory=GreedyBot)
    max_nodes: int = 20_000
    reach: Optional[int] = None
    max_table: int = 200_000
    name: str = "endgame"
    solved: int = 0
    fallbacks: int = 0

    def __post_init__(self) -> None:
        if self.reach is not None and self.reach < 2:
            raise ValueError(f"reach must be at least 2 (cards in the hands together), not {self.reach}")
        self._new_solver()

    def _new_solver(self) -> None:
        self._solver = Solver(max_nodes=self.max_nodes, max_table=self.max_table)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The solver's best move once nothing is hidden (:func:`~durak_lab.analysis.solver.known_to`),
        else ``base``'s move."""
        if len(_legal(self, view)) > 1 and known_to(view) and (
                self.reach is None or sum(view.hand_sizes) + popcount(view.table_cards()) <= self.reach):
            position = position_of_view(view)
            try:
                check_exact_domain(position)
            except SolverDomainError:  # e.g. tie='all_durak', or three left: the base bot plays
                values = None
            else:
                # (the empty talon: max_nodes bounds each of the solver's searches, as it always has;
                # the trump card in the talon: the whole search through the draws)
                budget = self.max_nodes if position.talon else None
                values = exact_move_values(position, view.seat, budget, self._solver)
                if values is None:  # past max_nodes
                    self.fallbacks += 1
            if values is not None:
                self.solved += 1
                if self._solver.table_size > self.max_table:  # bound the memory over a tournament
                    self._new_solver()
                top = max(v for _, v in values)
                best = tuple(m for m, v in values if v == top)
                if len(best) == 1:
                    return best[0]
                return self.base.choose(replace(view, legal=best), rng)
        return self.base.choose(view, rng)
