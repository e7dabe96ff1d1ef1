"""The puzzles that ship with the package: ``data/puzzles.json``, read once.

:func:`shipped_puzzles` gives them (a tuple of :class:`~durak_lab.analysis.puzzles.puzzle.Puzzle`);
:func:`shipped_file` the whole file, with the commands that made it (``made_by``).  The file is
made by ``durak-lab puzzles mine`` (see the README, "Puzzles").

Standard library only.

>>> len(shipped_puzzles()) >= 150
True
>>> shipped_file().made_by[0].startswith("durak-lab puzzles mine")
True
"""

from __future__ import annotations

import functools
from importlib.resources import files
from typing import Optional

from .format import PuzzleFile, load_puzzles

__all__ = ["shipped_file", "shipped_puzzles", "SHIPPED"]

#: The shipped file's name inside the package folder ``durak_lab/analysis/puzzles/data``.
SHIPPED = "puzzles.json"


@functools.lru_cache(maxsize=1)
def shipped_file() -> PuzzleFile:
    """The shipped puzzle file, read (and checked) once."""
    data = (files("durak_lab.analysis.puzzles") / "data" / SHIPPED).read_bytes()
    return load_puzzles(data)


def shipped_puzzles(theme: Optional[str] = None) -> tuple:
    """The shipped puzzles (those of ``theme`` only, when given), easiest first, then by id."""
    found = [z for z in shipped_file().puzzles if theme is None or theme in z.themes]
    return tuple(sorted(found, key=lambda z: (z.rating if z.rating is not None else 0, z.id)))
