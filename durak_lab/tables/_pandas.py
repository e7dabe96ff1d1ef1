"""The mark of a function (or class) that needs pandas when it is called, not when it is imported.

The tables layer imports pandas inside the functions that build DataFrames, so that the
modules above it (the plotly charts, the trump widget) import where pandas cannot be
installed (JupyterLite). Such a module imports, but calling one of these still needs
pandas: :func:`needs_pandas` marks them, and the JupyterLite site's builder leaves out the
notebook cells that use a marked name.

>>> @needs_pandas
... def table():
...     import pandas
>>> table.needs_pandas
True
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["needs_pandas"]

T = TypeVar("T")


def needs_pandas(obj: T) -> T:
    """Mark ``obj`` (a function or a class) as needing pandas when it is called."""
    obj.needs_pandas = True  # type: ignore[attr-defined]
    return obj
