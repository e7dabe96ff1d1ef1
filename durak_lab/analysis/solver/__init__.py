"""The exact endgame solver: two players, an empty talon, best play on both sides.

The face of the folder: :mod:`.endgame` (:class:`Solver`, :func:`solve`), :mod:`.model` (its domain and
model of the rules), :mod:`.search` (the search and its transposition table), :mod:`.moves`,
:mod:`.keys`, :mod:`.dense`, :mod:`.tables` (shipped endgame tables), :mod:`.solution` and :mod:`.stack`.

Standard library only.
"""

from .endgame import (
    Solution, Solver, solve, solve_value, value_for, check_domain, check_rules_domain, in_domain,
    SearchLimitExceeded, WIN, DRAW, LOSS, result_word, transitions, MAX_TABLE,
)

__all__ = ["Solution", "Solver", "solve", "solve_value", "value_for", "check_domain", "check_rules_domain", "in_domain", "SearchLimitExceeded", "WIN", "DRAW", "LOSS", "result_word", "transitions", "MAX_TABLE"]
