"""Deep searches on the interpreter's frame stack without remapping it: :func:`run_deep`.

CPython 3.11 keeps the frames of Python calls in chunks of a data stack
(16 KB each) and gives a chunk back to the system as soon as the last frame in
it returns.  A deep recursion such as the exact solver's search goes up and
down across a chunk's edge thousands of times per solve, and each crossing
maps a new chunk and faults its pages in again: a tenth of a solve's time
went there (about 20,000 page faults for an 8+8 endgame).  :func:`run_deep`
calls a function from a frame whose reserved stack is large enough that the
interpreter gives it a chunk of half a megabyte, most of it free after that
frame: the search's frames then stay in that one chunk (the solver makes one
such call per solve, its probes inside it).  Nothing changes but
the time: the same calls, the same results; on an interpreter that keeps its
frames elsewhere it is a plain call.

Standard library only.

>>> run_deep(lambda: sum(range(10)))
45
"""

from __future__ import annotations

import threading
from typing import Callable, TypeVar

__all__ = ["run_deep", "RESERVED_SLOTS"]

T = TypeVar("T")

#: The launching frame's reserved stack, in pointer slots: a little over 256 KB, so that the
#: interpreter gives it a chunk of 512 KB (the next power of two), about 250 KB of it free for
#: the frames of the call (some 400 of the solver's).
RESERVED_SLOTS = 32_800


def _make_launcher() -> Callable:
    def launch(fn):
        return fn()

    try:
        code = launch.__code__
        launch.__code__ = code.replace(co_stacksize=code.co_stacksize + RESERVED_SLOTS)
    except (AttributeError, TypeError, ValueError):  # pragma: no cover - an interpreter without code.replace
        pass
    return launch


_launch = _make_launcher()
_inside = threading.local()


def run_deep(fn: Callable[[], T]) -> T:
    """``fn()``, called from a frame that reserves a large block of the frame stack (see the
    module docstring); inside such a call, a plain call (the block is there already, and a second
    one would take a chunk of its own).

    >>> run_deep(lambda: run_deep(lambda: 2 + 2))
    4
    """
    if getattr(_inside, "on", False):
        return fn()
    _inside.on = True
    try:
        return _launch(fn)
    finally:
        _inside.on = False
