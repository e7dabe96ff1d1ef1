"""How hard a puzzle is: how often the bot levels miss it, as a rating and as stars.

Each level of the ladder (:data:`durak_lab.bots.LEVELS`, weakest first: beginner, tips,
greedy, endgame, search, expert) plays the puzzle's position from the seat's view ``tries``
times, each try with its own ``random.Random`` seeded from the puzzle's id, the level and the
try; a try *misses* when :func:`~durak_lab.analysis.puzzles.check.check_answer` refuses its
move.  From the miss rates ``m`` (0 to 1, one a level):

* **rating** (Elo-like, 600 to 1,800 with the six levels): ``600 + 200 * sum(m)``: a puzzle
  every level solves is 600, and each level that always misses it adds 200;
* **stars** (1 to 5): ``1 +`` the number of levels that miss it at least half the time, at
  most 5.

The levels are given, not imported (this layer is below the bots): a mapping of level names to
factories, as ``{name: durak_lab.bots.BOTS[name] for name in durak_lab.bots.LEVELS}``.

Standard library only.

>>> stars_of([1.0, 0.5, 0.25, 0, 0, 0]), rating_of([1.0, 0.5, 0.25, 0, 0, 0])
(3, 950)
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from .check import check_answer, exact_values
from .puzzle import Puzzle

__all__ = ["rate", "rating_of", "stars_of", "BASE", "STEP", "TRIES"]

#: The rating of a puzzle no level misses, and what each level that always misses adds.
BASE, STEP = 600, 200
#: The tries a level gets by default.
TRIES = 8


def rating_of(misses: Sequence[float]) -> int:
    """``600 + 200 * sum(misses)``, rounded."""
    return int(round(BASE + STEP * sum(misses)))


def stars_of(misses: Sequence[float]) -> int:
    """``1 +`` the number of miss rates of at least one half, at most 5."""
    return min(5, 1 + sum(1 for m in misses if m >= 0.5))


def rate(puzzle: Puzzle, levels: Mapping[str, Callable[[], Any]], tries: int = TRIES, seed: int = 0) -> Puzzle:
    """``puzzle`` rated by ``levels`` (name → bot factory, weakest first), ``tries`` tries each.

    >>> from durak_lab.analysis.puzzles.mine import judge
    >>> from durak_lab.analysis.puzzles.puzzle import Source
    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> class Last:
    ...     name = "last"
    ...     def choose(self, view, rng):
    ...         return view.legal[-1]
    >>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
    ...                    attacker=1, first_bout=False)
    >>> z = rate(judge(p, "tiny", Source("podkidnoy,players=2", None, 0)), {"last": Last}, tries=2)
    >>> [str(m) for m in z.position.view(1).legal], z.misses, z.rating, z.stars
    (['P2 attack 8♥', 'P2 attack 7♦'], (('last', 1.0),), 800, 2)
    """
    if tries < 1:
        raise ValueError(f"tries must be at least 1, not {tries}")
    view = puzzle.position.view(puzzle.seat)
    values = exact_values(puzzle) if puzzle.exact else None
    misses = []
    for name, make in levels.items():
        bot = make()
        missed = 0
        for t in range(tries):
            rng = random.Random(f"durak-lab puzzle {seed} {puzzle.id} {name} {t}")
            if not check_answer(puzzle, bot.choose(view, rng), values):
                missed += 1
        misses.append((name, missed / tries))
    rates = [m for _, m in misses]
    return puzzle.with_rating(rating_of(rates), stars_of(rates), tuple(misses), tries)
