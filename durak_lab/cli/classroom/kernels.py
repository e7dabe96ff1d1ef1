"""The kernel manager of a classroom server: at most so many kernels, and none left behind.

Voila starts one kernel (a Python process of 60 to 120 MB) for every page it serves and
never stops one by itself. The page asks for a shutdown when it closes or reloads (which
Voila 0.5.13 refused until ``voila.json`` turned its XSRF check off), but a page that
crashed, lost its network or never finished loading leaves its kernel running. For one
server and a whole class, :class:`ClassroomKernelManager` (Jupyter server's kernel manager,
with two things more) keeps that bounded:

* **a limit**: beyond ``kernel_limit`` kernels (running or starting) a new page is refused
  with HTTP status 503 and a plain sentence (``say("classroom-full")``; the template
  ``durak-lab`` shows it on a page of its own, see ``503.html``), never a crash or a hang;
* **a second culling rule**: besides Jupyter server's own culling (a kernel idle for
  ``cull_idle_timeout`` seconds, checked every ``cull_interval`` seconds, its page open or
  not with ``cull_connected``), a kernel with no page connected and nothing happening for
  ``cull_disconnected_timeout`` seconds is shut down at the next check.

It logs how many kernels run after every start and shutdown, for the teacher's terminal.
``voila.json`` beside this module names it by its class path
(``durak_lab.cli.classroom.kernels.ClassroomKernelManager``) and sets the values.

The class is built on first use (this module's ``__getattr__``): it needs jupyter_server,
tornado and traitlets, which the command line's layer does not load when it is imported.

>>> from durak_lab.cli.classroom.kernels import ClassroomKernelManager
>>> ClassroomKernelManager.__name__, ClassroomKernelManager.kernel_limit.default_value
('ClassroomKernelManager', 40)
>>> "cull_disconnected_timeout" in ClassroomKernelManager.class_trait_names(config=True)
True
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from ...text.messages import say

__all__ = ["ClassroomKernelManager", "refusal"]

#: The name of the class this module builds on first use.
CLASS_NAME = "ClassroomKernelManager"


def refusal(limit: int) -> tuple:
    """``(title, sentence)`` of the page a visitor gets when ``limit`` kernels already run.

    >>> title, sentence = refusal(40)
    >>> title
    'Too many pages are open'
    >>> "40 pages" in sentence
    True
    """
    return say("classroom-full-title"), say("classroom-full", limit=limit)


def _build() -> type:
    """The class :class:`ClassroomKernelManager` (imports jupyter_server, tornado, traitlets)."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from tornado.web import HTTPError
    from traitlets import Integer

    class ClassroomKernelManager(AsyncMappingKernelManager):
        """Jupyter server's kernel manager with a limit on the kernels and a second culling rule
        (kernels no page is connected to); see :mod:`durak_lab.cli.classroom.kernels`."""

        kernel_limit = Integer(40, config=True, help="At most this many kernels at once (running or "
                               "starting); a page beyond them is refused with a sentence. 0: no limit.")
        cull_disconnected_timeout = Integer(120, config=True, help="Shut down a kernel that no page is "
                                            "connected to and that did nothing for this many seconds "
                                            "(checked every cull_interval seconds, when culling is on: "
                                            "cull_idle_timeout > 0). 0: only the idle rule.")

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._starting = 0

        def running(self) -> int:
            """The kernels running or being started."""
            return len(self.list_kernel_ids()) + self._starting

        def _log_count(self) -> None:
            limit = f" of at most {self.kernel_limit}" if self.kernel_limit > 0 else ""
            self.log.info("Classroom: kernels running: %d%s (one for each open page)", self.running(), limit)

        # (async, as Jupyter server's own, which overrides the synchronous signature of jupyter_client's)
        async def start_kernel(  # type: ignore[override]
                self, *, kernel_id: Any = None, path: Any = None, **kwargs: Any) -> str:
            """Start a kernel for a page, or refuse with HTTP 503 and a sentence when the limit is reached."""
            if kernel_id is not None and kernel_id in self:
                return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
            if self.kernel_limit > 0 and self.running() >= self.kernel_limit:
                self.log.warning("Classroom: a page was refused: kernels running: %d, the limit",
                                 self.running())
                title, sentence = refusal(self.kernel_limit)
                raise HTTPError(503, "%s", sentence, reason=title)
            self._starting += 1
            try:
                kernel_id = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
            finally:
                self._starting -= 1
            self._log_count()
            return kernel_id

        async def shutdown_kernel(  # type: ignore[override]
                self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
            """Shut a kernel down (and log how many run now)."""
            await super().shutdown_kernel(kernel_id, now=now, restart=restart)
            if not restart:
                self._log_count()

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            """Jupyter server's idle rule, then: no page connected and nothing done for
            ``cull_disconnected_timeout`` seconds.  A kernel still starting (no activity yet) waits
            for the next round: Jupyter server's own check would fail on it and log a traceback."""
            started = self._kernels.get(kernel_id)
            if started is None or not started.trait_has_value("last_activity") or started.last_activity is None:
                return
            await super().cull_kernel_if_idle(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is None or self.cull_disconnected_timeout <= 0 or self._kernel_connections.get(kernel_id):
                return
            last = getattr(kernel, "last_activity", None)
            if last is None or getattr(kernel, "execution_state", None) == "busy":
                return
            idle = (datetime.now(timezone.utc) - last).total_seconds()
            if idle > self.cull_disconnected_timeout:
                self.log.warning("Classroom: culling kernel %s: no page connected to it, nothing done for "
                                 "%d seconds", kernel_id, idle)
                await self.shutdown_kernel(kernel_id)

    ClassroomKernelManager.__module__, ClassroomKernelManager.__qualname__ = __name__, CLASS_NAME
    return ClassroomKernelManager


def __getattr__(name: str) -> Any:
    """Build :class:`ClassroomKernelManager` on first use (a class path names it in ``voila.json``)."""
    if name == CLASS_NAME:
        cls = _build()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
