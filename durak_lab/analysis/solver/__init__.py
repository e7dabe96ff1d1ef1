"""The exact endgame solver: two players (or two left), nothing hidden, best play on both sides.

The face of the folder: :mod:`.endgame` (:class:`Solver`, :func:`solve`), :mod:`.model` (its domain and
model of the rules), :mod:`.search` (the search and its transposition table), :mod:`.moves`,
:mod:`.keys`, :mod:`.dense`, :mod:`.tables` (shipped endgame tables), :mod:`.solution` and :mod:`.stack`;
:mod:`.reduce` (two players left at a bigger table, as the two-player game they play), :mod:`.talon`
(a known talon, solved through the draws) and :mod:`.exact` (:func:`exact_move_values`, the one entry
point for every position whose cards are all known, and what a seat's view determines).

Standard library only.
"""

from .endgame import (
    Solution, Solver, solve, solve_value, value_for, check_domain, check_rules_domain, in_domain,
    SearchLimitExceeded, WIN, DRAW, LOSS, result_word, transitions, MAX_TABLE,
)
from .reduce import Reduced, reduce_position, reduced_rules, holding_seats
from .talon import TalonSearch, check_talon_domain, talon_value, talon_move_values
from .exact import (EXACT_NODES, exact_move_values, exact_value, check_exact_domain, known_to,
                    position_of_view)

__all__ = ["Solution", "Solver", "solve", "solve_value", "value_for", "check_domain", "check_rules_domain", "in_domain",
           "SearchLimitExceeded", "WIN", "DRAW", "LOSS", "result_word", "transitions", "MAX_TABLE",
           "Reduced", "reduce_position", "reduced_rules", "holding_seats",
           "TalonSearch", "check_talon_domain", "talon_value", "talon_move_values",
           "EXACT_NODES", "exact_move_values", "exact_value", "check_exact_domain", "known_to", "position_of_view"]
