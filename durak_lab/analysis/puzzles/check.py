"""Is a move a solution of a puzzle?  And do a puzzle's answers still hold when worked out again?

"A puzzle that lets a wrong line succeed is a defect": :func:`check_answer` accepts a move
only when it is as good as the best.

* **exact** puzzles: the solver's value of the move (from the seat's view, which determines
  the whole position) must equal the best value; so a move the miner left out of the answers
  but worth as much (another card of the same worth) is right too, and nothing worse is;
* other puzzles: only the stored answers (the evaluator's best, with every other move far
  below: see :mod:`~durak_lab.analysis.puzzles.mine`).

:func:`recheck` works a puzzle out again: exact ones by the solver (the answers must be
exactly the moves of the best value, and some move must be worse), the others by the
evaluator with a fresh seed (every answer above every other move, the 95% ranges apart).

Standard library only.

>>> from durak_lab.analysis.puzzles.mine import judge
>>> from durak_lab.analysis.puzzles.puzzle import Source
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
...                    attacker=1, first_bout=False)
>>> z = judge(p, "tiny", Source("podkidnoy,players=2", None, 0))
>>> [str(m) for m in z.answers], check_answer(z, "P2 attack 8♥"), check_answer(z, "P2 attack 7♦")
(['P2 attack 8♥'], True, False)
>>> recheck(z).ok
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Union

from ...engine.errors import MoveTextError
from ...engine.moves import Move
from ..evaluation import evaluate
from ..solver import exact_move_values, known_to, position_of_view
from .puzzle import Puzzle

__all__ = ["check_answer", "exact_values", "recheck", "Recheck", "RECHECK_NODES"]

#: The positions the solver may search to check an exact puzzle.
RECHECK_NODES = 2_000_000


def _move(puzzle: Puzzle, move: Union[Move, str]) -> Optional[Move]:
    if isinstance(move, Move):
        return move
    try:
        return Move.parse(move, puzzle.position.players)
    except (MoveTextError, TypeError):
        return None


def exact_values(puzzle: Puzzle, max_nodes: Optional[int] = RECHECK_NODES) -> Optional[dict]:
    """``{move text: value}`` (+1, 0, -1 for the seat) of the seat's legal moves, from its view, or None
    when the view hides cards or the search passes ``max_nodes``."""
    view = puzzle.position.view(puzzle.seat)
    if not known_to(view):
        return None
    values = exact_move_values(position_of_view(view), puzzle.seat, max_nodes=max_nodes)
    return None if values is None else {str(m): v for m, v in values}


def check_answer(puzzle: Puzzle, move: Union[Move, str], values: Optional[dict] = None) -> bool:
    """Whether ``move`` (a :class:`Move` or its text) solves ``puzzle`` (see the module docstring).

    ``values``: the exact values :func:`exact_values` gave already (they are worked out otherwise).
    A move that is not legal, or not the seat's, is never right.
    """
    m = _move(puzzle, move)
    if m is None or m.seat != puzzle.seat:
        return False
    legal = {str(x) for x in puzzle.position.view(puzzle.seat).legal}
    text = str(m)
    if text not in legal:
        return False
    if puzzle.exact:
        if values is None:
            values = exact_values(puzzle)
        if values is not None:
            return values[text] == max(values.values())
    return text in {str(a) for a in puzzle.answers}


@dataclass(frozen=True)
class Recheck:
    """What :func:`recheck` found: ``ok``; ``best`` the moves it finds best (texts); ``why`` a short
    developer's note when not ok."""

    ok: bool
    best: tuple
    why: str = ""


def recheck(puzzle: Puzzle, *, playouts: Optional[int] = None, seed: Union[int, random.Random] = 12345,
            max_nodes: Optional[int] = RECHECK_NODES) -> Recheck:
    """Work ``puzzle`` out again (see the module docstring); ``playouts``: per legal move, for the
    sampled ones (default: as many as the puzzle was mined with)."""
    answers = {str(a) for a in puzzle.answers}
    if puzzle.exact:
        values = exact_values(puzzle, max_nodes)
        if values is None:
            return Recheck(False, (), "the solver does not reach the end")
        top = max(values.values())
        best = tuple(sorted(m for m, v in values.items() if v == top))
        if set(best) != answers:
            return Recheck(False, best, "the best moves differ from the answers")
        if len(best) == len(values):
            return Recheck(False, best, "every move is as good")
        return Recheck(True, best)
    view = puzzle.position.view(puzzle.seat)
    n = (playouts or puzzle.playouts or 1000) * len(view.legal)
    ev = evaluate(view, playouts=n, rng=seed)
    best = (str(ev.moves[0].move),)
    if best[0] not in answers:
        return Recheck(False, best, "another move comes out best")
    low = min(ev.move_value(a).interval[0] for a in answers)
    for m in ev.moves:
        if str(m.move) not in answers and m.interval[1] >= low:
            return Recheck(False, best, f"{m.move} is not clearly worse")
    return Recheck(True, best)

