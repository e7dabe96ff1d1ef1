"""Helpers for the tests that look at the repository as a whole: its files, and the servers they start."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def repo_files(repo: Path = REPO) -> list:
    """The repository's files as a fresh clone (plus new, unignored files) holds them."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=repo, capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: cannot tell the repository's files from local ones")
    return [name for name in out.decode().split("\0") if name and (repo / name).is_file()]


def stop_process(proc: subprocess.Popen) -> None:
    """Stop a server this test started: SIGTERM to its PID only (Jupyter and Voila then shut their
    kernels down), SIGKILL if it has not ended within 20 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
