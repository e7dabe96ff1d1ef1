"""The server under test: ``durak-lab classroom`` started on 127.0.0.1, and its kernels counted.

:class:`Server` starts the real command (``python -m durak_lab classroom``) on a copy of
the notebooks, with the shipped configuration and a few Voila options after ``--``
(short culling for the run's end). On a POSIX system the command runs Voila in place of
its own process, so the process started here *is* the Voila server: its kernels are its
child processes (``ipykernel_launcher``), which :func:`kernels_of` finds in ``/proc``
(Linux) with their memory (:func:`memory_of`). :class:`Sampler` samples them while the
students work: the most kernels at once and their memory then.

The environment of the server: ``JUPYTER_RUNTIME_DIR`` and ``JUPYTER_CONFIG_DIR`` in the
run's own folder (no connection file or user setting of this machine mixes in),
``DURAK_LAB_CLASS_DIR`` removed (the class folder is ``durak-lab-class`` beside the
notebooks, never a real class's), and ``PYTHONPATH`` led by the folder of this very
``durak_lab``, so that the server and its kernels run the code under test.

Standard library only (tornado, which Voila brings, is imported inside :func:`wait_ready`).
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence

__all__ = ["Server", "Sampler", "Sample", "kernels_of", "memory_of", "free_port", "PROC"]

#: Where the kernels are counted (Linux).
PROC = Path("/proc")
#: The folder holding this ``durak_lab`` package: first on the kernels' ``PYTHONPATH``.
SOURCE_ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kernels_of(pid: int) -> List[int]:
    """The PIDs of the kernel processes (``ipykernel_launcher``) whose parent is ``pid``;
    empty where there is no ``/proc``.

    >>> kernels_of(os.getpid())
    []
    """
    found: List[int] = []
    try:
        entries = os.listdir(PROC)
    except OSError:
        return found
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            stat = (PROC / entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) != pid:
                continue
            cmdline = (PROC / entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):  # the process ended meanwhile
            continue
        if b"ipykernel_launcher" in cmdline:
            found.append(int(entry))
    return found


def memory_of(pid: int) -> Dict[str, float]:
    """The memory of a process in MB: ``rss`` (resident), and ``pss`` (resident, each shared page
    divided among the processes sharing it) where the system tells; empty if the process is gone.

    >>> sorted(memory_of(os.getpid())) in (["pss", "rss"], ["rss"], [])
    True
    """
    out: Dict[str, float] = {}
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                out["rss"] = int(line.split()[1]) / 1024
        for line in (PROC / str(pid) / "smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                out["pss"] = int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return out


@dataclass
class Server:
    """``durak-lab classroom`` on ``notebooks`` at 127.0.0.1 (a free port), its log in ``work``.

    ``voila_options``: further Voila options (after ``--``); ``options``: the command's own
    (``--max-kernels N`` …).
    """

    notebooks: Path
    work: Path
    voila_options: Sequence[str] = ()
    options: Sequence[str] = ()
    port: int = 0
    proc: Optional[subprocess.Popen] = None
    log_path: Optional[Path] = None

    @property
    def base(self) -> str:
        """The server's address, ``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        """The PID of the Voila server."""
        assert self.proc is not None, "the server is not started"
        return self.proc.pid

    def command(self) -> List[str]:
        """The command line that starts the server."""
        return [sys.executable, "-m", "durak_lab", "classroom", "--ip", "127.0.0.1", "--port", str(self.port),
                "--notebooks", str(self.notebooks), *self.options, "--", *self.voila_options]

    def environment(self, base: Optional[Dict[str, str]] = None) -> Dict[str, str]:
        """The server's environment (see the module docstring)."""
        env = dict(os.environ if base is None else base)
        env.pop("DURAK_LAB_CLASS_DIR", None)
        env.update(JUPYTER_RUNTIME_DIR=str(self.work / "runtime"), JUPYTER_CONFIG_DIR=str(self.work / "config"),
                   PYTHONUNBUFFERED="1")
        paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join([str(SOURCE_ROOT)] + paths)
        return env

    def start(self) -> None:
        """Start the server (see :meth:`wait_ready`)."""
        self.port = self.port or free_port()
        self.log_path = self.work / "classroom.log"
        (self.work / "config").mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "w", encoding="utf-8") as log:
            self.proc = subprocess.Popen(self.command(), stdout=log, stderr=subprocess.STDOUT,
                                         env=self.environment(), cwd=self.work)

    async def wait_ready(self, timeout: float = 120.0) -> float:
        """Wait until the server answers its front page; return the seconds waited.
        A :class:`RuntimeError` (with the log) if it exits or does not answer within ``timeout``."""
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        client = AsyncHTTPClient(force_instance=True)
        t0 = time.perf_counter()
        try:
            while time.perf_counter() - t0 < timeout:
                if self.proc is None or self.proc.poll() is not None:
                    raise RuntimeError(f"durak-lab classroom exited with {self.returncode()}:\n{self.log()}")
                try:
                    r = await client.fetch(self.base + "/", raise_error=False, request_timeout=5, connect_timeout=2)
                    if r.code == 200:
                        return time.perf_counter() - t0
                except (OSError, HTTPClientError):  # not listening yet, or too busy to answer
                    pass
                await asyncio.sleep(0.2)
        finally:
            client.close()
        raise RuntimeError(f"durak-lab classroom did not answer within {timeout:.0f} s:\n{self.log()}")

    def returncode(self) -> Optional[int]:
        """The server's exit status (None while it runs)."""
        return None if self.proc is None else self.proc.poll()

    def log(self) -> str:
        """What the server wrote so far."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path else ""
        except OSError:
            return ""

    def kernels(self) -> List[int]:
        """The server's kernel processes now."""
        return kernels_of(self.pid) if self.proc is not None and self.proc.poll() is None else []

    def stop(self) -> None:
        """Stop the server: SIGTERM to its PID only (Voila shuts its kernels down), SIGKILL after 20 s."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@dataclass
class Sample:
    """The server's kernels at one moment: ``at`` (seconds from the start), the memory of each
    kernel and of the server (MB)."""

    at: float
    kernels: Dict[int, Dict[str, float]]
    server: Dict[str, float]

    def total(self, key: str = "rss") -> float:
        """The kernels' memory together."""
        return sum(m.get(key, 0.0) for m in self.kernels.values())


@dataclass
class Sampler:
    """Samples :class:`Server` every ``every`` seconds while it runs (:meth:`run`, a task)."""

    server: Server
    every: float = 0.5
    started: float = field(default_factory=time.perf_counter)
    samples: List[Sample] = field(default_factory=list)

    def sample(self) -> Sample:
        """Take one sample now (and keep it)."""
        kernels = {pid: memory_of(pid) for pid in self.server.kernels()}
        s = Sample(time.perf_counter() - self.started, kernels, memory_of(self.server.pid))
        self.samples.append(s)
        return s

    async def run(self) -> None:
        """Sample until cancelled."""
        while True:
            self.sample()
            await asyncio.sleep(self.every)

    def peak(self) -> Optional[Sample]:
        """The sample with the most kernels (of those, the one using the most memory)."""
        return max(self.samples, key=lambda s: (len(s.kernels), s.total()), default=None)

    def most(self) -> int:
        """The most kernels seen at once."""
        return max((len(s.kernels) for s in self.samples), default=0)
