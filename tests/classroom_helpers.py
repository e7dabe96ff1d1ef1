"""Helpers for the tests of ``durak-lab classroom``: start the real command on 127.0.0.1 and count
the kernels it runs.

The command runs Voila in place of its own process, so the process started here *is* the
Voila server: its kernels are its child processes (``ipykernel_launcher``), counted from
``/proc`` (Linux), and a SIGTERM to it stops Voila, which shuts its kernels down.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from repo_helpers import REPO, stop_process

#: A notebook that starts its kernel and prints one line: a page that renders in about a second.
TINY_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "tiny", "metadata": {}, "outputs": [],
               "source": ["print('tiny page ready')"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts kernels in /proc (Linux)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_tiny_notebook(folder: Path, name: str = "tiny.ipynb") -> Path:
    path = folder / name
    path.write_text(json.dumps(TINY_NOTEBOOK), encoding="utf-8")
    return path


def start_classroom(notebooks: Path, work: Path, *options: str, timeout: float = 60) -> tuple:
    """Start ``python -m durak_lab classroom --ip 127.0.0.1 --port <free> --notebooks <notebooks>
    <options…>`` (Voila options after ``--`` among them) and wait until it answers.

    Returns ``(process, base URL, log path)``; stop it with :func:`repo_helpers.stop_process`.
    """
    port = free_port()
    log_path = work / "classroom.log"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(work / "runtime"), PYTHONUNBUFFERED="1")
    # The kernels import the package of this checkout, the one under test.
    env["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    cmd = [sys.executable, "-m", "durak_lab", "classroom", "--ip", "127.0.0.1", "--port", str(port),
           "--notebooks", str(notebooks), *options]
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=work)
    base = f"http://127.0.0.1:{port}"
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"durak-lab classroom exited with {proc.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as r:
                if r.status == 200:
                    return proc, base, log_path
        except OSError:
            time.sleep(0.1)
    stop_process(proc)
    raise TimeoutError(f"durak-lab classroom not ready after {timeout} s:\n{log_path.read_text()}")


def kernels_of(pid: int) -> list:
    """The PIDs of the kernel processes (``ipykernel_launcher``) whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:  # the process ended meanwhile
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid and b"ipykernel_launcher" in cmdline:
            found.append(int(entry))
    return found


def wait_for_kernels(pid: int, count: int, timeout: float, sleep=time.sleep) -> float:
    """Wait until ``pid`` has exactly ``count`` kernels; return the seconds waited (TimeoutError after
    ``timeout``). ``sleep``: how to wait (a browser test passes ``page.wait_for_timeout``-based sleep)."""
    t0 = time.perf_counter()
    while True:
        n = len(kernels_of(pid))
        if n == count:
            return time.perf_counter() - t0
        if time.perf_counter() - t0 > timeout:
            raise TimeoutError(f"{n} kernels after {timeout} s, not {count}")
        sleep(0.25)


def get(url: str, timeout: float = 60) -> tuple:
    """``(status, body)`` of a GET, errors included."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8")
