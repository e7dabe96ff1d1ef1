"""The flat module names of durak_lab 0.1 (``durak_lab.solver``, ``durak_lab.stepper`` …),
still importable after the modules moved into the layer folders.

``import durak_lab.solver`` gives the module :mod:`durak_lab.analysis.solver` itself (the
same object, under both names) and a ``FutureWarning`` naming the new home, so that a
teacher's old notebook keeps running while it says how to update it.  New code imports
from the subpackages: ``from durak_lab.analysis import solve``.

Standard library only; the new homes are imported only when an old name is used.

>>> import sys, warnings
>>> _ = sys.modules.pop("durak_lab.solver", None)   # as in a fresh interpreter
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from durak_lab.solver import solve
>>> solve.__module__
'durak_lab.analysis.solver'
>>> print(caught[0].message)
durak_lab.solver moved to durak_lab.analysis.solver: import it from there (or from durak_lab.analysis)
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from typing import Optional

#: Each module of durak_lab 0.1 and where it lives now.
MOVED = {
    "cards": "engine.cards", "rules": "engine.rules", "errors": "engine.errors", "moves": "engine.moves",
    "state": "engine.state", "game": "engine.game", "view": "engine.view", "notation": "engine.notation",
    "records": "engine.records", "match": "engine.match",
    "solver": "analysis.solver", "analyser": "analysis.analyser", "probability": "analysis.probability",
    "sampling": "analysis.sampling", "evidence": "analysis.evidence", "inference": "analysis.inference",
    "tournament": "bots.tournament",
    "explain": "text.explain", "frames": "text.frames",
    "render": "display.render",
    "tree": "graphs.tree",
    "trump_tables": "tables.trumps", "tournament_tables": "tables.tournament",
    "graph_plots": "plots.beats", "tree_plots": "plots.tree", "prob_plots": "plots.trumps",
    "tournament_plots": "plots.tournament",
    "stepper": "widgets.stepper", "cover_widget": "widgets.cover", "trump_widget": "widgets.trumps",
    "commands": "cli.commands", "console": "cli.console", "solver_cli": "cli.solve", "analyse_cli": "cli.analyse",
    "trumps_cli": "cli.trumps", "bench": "cli.bench", "solver_bench": "cli.solver_bench",
    "probability_bench": "cli.probability_bench",
}
# ``bots``, ``graphs`` and ``cli`` were modules and are now packages of the same name that
# re-export their public names: nothing to redirect.


class _Alias(importlib.abc.Loader):
    """Loads an old name as the module at its new home."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec):
        return importlib.import_module(self.new)

    def exec_module(self, module) -> None:
        pass  # the module ran already, under its new name


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds ``durak_lab.<old name>`` and warns where it moved."""

    def find_spec(self, fullname: str, path=None, target=None) -> Optional[importlib.machinery.ModuleSpec]:
        package, _, old = fullname.partition(".")
        if package != "durak_lab" or old not in MOVED:
            return None
        new = f"durak_lab.{MOVED[old]}"
        layer = MOVED[old].split(".")[0]
        warnings.warn(f"{fullname} moved to {new}: import it from there (or from durak_lab.{layer})",
                      FutureWarning, stacklevel=2)
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.append(MovedFinder())
