"""The evaluator: the chances of each outcome for a seat, and the value of each legal move, at any
point of a game (see :mod:`durak_lab.analysis.evaluation.evaluator`).

The modules: ``worlds`` (the hidden cards dealt from a seat's view, as kernel states),
``playouts`` (the flat Monte Carlo search of the search bot), ``result`` (what an
evaluation says, and its JSON), ``evaluator`` (:func:`evaluate`).

Standard library only.
"""

from .evaluator import DEFAULT_BUDGET, EXACT_NODES_PER_SECOND, MAX_PLAYOUTS, OPEN_NOISE, evaluate
from .playouts import PLAYOUT_MOVES, flat_search, noisy_greedy
from .result import EXACT_COUNTS, Z95, Evaluation, MoveValue, wilson
from .worlds import DRAW_I, LOSE_I, WIN_I, Evidence, kernel_worlds, outcome_index, score

__all__ = [
    "DEFAULT_BUDGET", "EXACT_NODES_PER_SECOND", "MAX_PLAYOUTS", "OPEN_NOISE", "evaluate", "PLAYOUT_MOVES",
    "flat_search", "noisy_greedy", "EXACT_COUNTS", "Z95", "Evaluation", "MoveValue", "wilson", "DRAW_I",
    "LOSE_I", "WIN_I", "Evidence", "kernel_worlds", "outcome_index", "score",
]
