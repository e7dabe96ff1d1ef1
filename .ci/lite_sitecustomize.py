"""The JupyterLite site's ``sitecustomize``: a package of the site is loaded on its first import.

``.ci/lite_site.py`` puts this file into the site's standard library (``python_stdlib.zip``)
as ``sitecustomize.py``, with ``LAZY`` filled in, so Python runs it when it starts in the
browser. The kernel loads at its start only what it and the play table need; the other
packages of the site's lockfile (plotly, networkx, nbformat …) wait until something
imports them. A cell that names a package (``import plotly``) gets it from the kernel,
which loads what a cell's own imports name; this finder covers the imports it cannot see,
inside a module (``from durak_lab.plots import trump_bars`` imports plotly). It is asked
only after every other finder failed, loads the package from the site (Pyodide's
``loadPackage``, waited for in place, which Pyodide allows while a cell runs), and lets the
usual finder find it. Standard library and Pyodide only.
"""

import importlib
import importlib.machinery
import sys

#: import name -> the lockfile's package that holds it (filled in by .ci/lite_site.py)
LAZY: dict = {}


class LoadFromLockfile:
    """A finder that loads a package of ``LAZY`` the first time an import misses it."""

    def find_spec(self, name, path=None, target=None):
        package = LAZY.get(name) if path is None else None
        if package is None:
            return None
        try:
            import pyodide_js
            from pyodide.ffi import can_run_sync, run_sync
        except ImportError:
            return None
        if not can_run_sync():  # not inside a running cell: the import fails as usual
            return None
        for key in [k for k, v in LAZY.items() if v == package]:
            del LAZY[key]
        run_sync(pyodide_js.loadPackage(package))
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name, path, target)


sys.meta_path.append(LoadFromLockfile())
