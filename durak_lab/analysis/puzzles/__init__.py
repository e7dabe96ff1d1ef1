"""Puzzles mined from games: positions where one move is clearly best, as chess players know them.

A puzzle (:class:`Puzzle`) is a position, the seat to act, the moves that solve it, its themes,
a rating and where it came from.  The modules: ``puzzle`` (:class:`Puzzle`, :class:`Source`),
``themes`` (:data:`THEMES`, :func:`themes_of`, each theme an exact test), ``mine`` (:func:`judge`
one position, :func:`mine_game`, :func:`mine_bots`, :func:`mine_records`: what makes a puzzle
unambiguous), ``check`` (:func:`check_answer`, :func:`recheck`), ``rating`` (:func:`rate`: how
often the bot levels miss it), ``format`` (the ``durak-lab-puzzles/1`` file:
:func:`load_puzzles`, :func:`dump_puzzles`) and ``shipped`` (:func:`shipped_puzzles`).

Standard library only; imports the engine and the analysis (the bots that play the games and
rate the puzzles are given by the caller: this layer is below them).

>>> z = shipped_puzzles()[0]
>>> check_answer(z, z.answers[0]), all(not check_answer(z, m) for m in z.wrong_moves)
(True, True)
"""

from .puzzle import Puzzle, Source
from .themes import THEMES, spends_trump, themes_of
from .check import RECHECK_NODES, Recheck, check_answer, exact_values, recheck
from .mine import MAX_MOVES, Settings, equivalent, game_decisions, judge, mine_bots, mine_game, mine_records, play_bots, puzzle_id
from .rating import BASE, STEP, TRIES, rate, rating_of, stars_of
from .format import FORMAT, MAX_PUZZLE_BYTES, PuzzleError, PuzzleFile, dump_puzzles, load_puzzles, merge, puzzles_json
from .shipped import SHIPPED, shipped_file, shipped_puzzles

__all__ = ["Puzzle", "Source", "THEMES", "spends_trump", "themes_of", "RECHECK_NODES", "Recheck", "check_answer",
           "exact_values", "recheck", "MAX_MOVES", "Settings", "equivalent", "game_decisions", "judge", "mine_bots",
           "mine_game", "mine_records", "play_bots", "puzzle_id", "BASE", "STEP", "TRIES", "rate", "rating_of",
           "stars_of", "FORMAT", "MAX_PUZZLE_BYTES", "PuzzleError", "PuzzleFile", "dump_puzzles", "load_puzzles",
           "merge", "puzzles_json", "SHIPPED", "shipped_file", "shipped_puzzles"]
