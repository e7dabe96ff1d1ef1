"""Shared files: several processes save into one folder at once and nothing is lost, no reader ever sees
a broken file, a saved game never replaces another, and an interrupted save leaves the previous file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from durak_lab.lessons import Progress
from durak_lab.session import store
from durak_lab.session.store import StoreError, keep_aside, locked, write_new, write_text

REPO = Path(__file__).resolve().parents[2]

SAVER = textwrap.dedent("""
    import sys
    from durak_lab.lessons import Progress
    path, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for i in range(count):
        p = Progress.load(path, strict=True)  # a reader must never meet a broken file
        p.mark(who, i)
        p.save()
""")

READER = textwrap.dedent("""
    import json, sys, time
    path, until = sys.argv[1], float(sys.argv[2])
    reads = 0
    while time.time() < until:
        try:
            with open(path, encoding="utf-8") as fh:
                json.load(fh)
            reads += 1
        except FileNotFoundError:
            pass
    print(reads)
""")

GAMES = textwrap.dedent("""
    import sys
    from durak_lab.session.store import write_new
    folder, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for i in range(count):
        write_new(folder + "/durak-game-7.json", f"{who} {i}\\n" * 50)
""")


def _python(code: str, *args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _finish(proc: subprocess.Popen) -> str:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return out


def test_two_processes_saving_one_progress_file_lose_nothing(tmp_path):
    path = str(tmp_path / "progress.json")
    count = 60
    reader = _python(READER, path, str(time.time() + 4))
    savers = [_python(SAVER, path, who, str(count)) for who in ("cards", "covering")]
    for proc in savers:
        _finish(proc)
    reads = int(_finish(reader))
    final = Progress.load(path, strict=True)
    assert final.done("cards") == set(range(count)) and final.done("covering") == set(range(count))
    assert reads > 0
    assert [n for n in os.listdir(tmp_path) if n.endswith(".tmp") or ".broken" in n] == []


def test_two_processes_saving_the_same_game_name_keep_every_game(tmp_path):
    procs = [_python(GAMES, str(tmp_path), who, "40") for who in ("a", "b")]
    for proc in procs:
        _finish(proc)
    games = sorted(tmp_path.glob("durak-game-7*.json"))
    assert len(games) == 80
    texts = {g.read_text(encoding="utf-8") for g in games}
    assert texts == {f"{who} {i}\n" * 50 for who in "ab" for i in range(40)}


KILLED = textwrap.dedent("""
    import sys
    from durak_lab.session.store import write_text
    path = sys.argv[1]
    i = 0
    while True:
        i += 1
        write_text(path, ("%d\\n" % i) * 20000)
""")


def test_a_save_killed_at_any_moment_leaves_a_whole_file(tmp_path):
    path = tmp_path / "game.json"
    write_text(path, "0\n" * 20000)
    for delay in (0.05, 0.13, 0.31):
        proc = _python(KILLED, str(path))
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) == 20000 and len(set(lines)) == 1  # one whole version, never a mix or a cut


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "p.json"
    write_text(path, "old\n")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, "fsync", broken_fsync)
    with pytest.raises(StoreError) as info:
        write_text(path, "new\n")
    assert info.value.why == "No space left on device" and isinstance(info.value, OSError)
    assert path.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["p.json"]


def test_a_failed_new_file_leaves_no_empty_file(tmp_path, monkeypatch):
    monkeypatch.setattr(store.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(5, "I/O error")))
    with pytest.raises(StoreError):
        write_new(tmp_path / "durak-game-1.json", "x")
    assert os.listdir(tmp_path) == []


def test_a_lock_held_elsewhere_makes_a_save_wait_then_give_up(tmp_path):
    path = tmp_path / "p.json"
    holder = _python(textwrap.dedent("""
        import sys, time
        from durak_lab.session.store import locked
        with locked(sys.argv[1]):
            print("held", flush=True)
            time.sleep(3)
    """), str(path))
    assert holder.stdout.readline().strip() == "held"
    start = time.monotonic()
    with pytest.raises(StoreError) as info:
        with locked(path, timeout=0.3):
            pass
    assert time.monotonic() - start >= 0.3 and "did not finish" in info.value.why
    _finish(holder)
    with locked(path, timeout=1):  # free again
        pass


def test_backups_are_numbered_and_bounded(tmp_path):
    path = tmp_path / "p.json"
    for n in range(5):
        path.write_text(str(n), encoding="utf-8")
        keep_aside(path, keep=3)
    assert sorted(os.listdir(tmp_path)) == ["p.broken-3.json", "p.broken-4.json", "p.broken-5.json"]
    assert (tmp_path / "p.broken-5.json").read_text(encoding="utf-8") == "4"
    assert keep_aside(path) is None  # nothing to keep


def test_a_written_file_has_the_usual_permissions(tmp_path):
    path = tmp_path / "p.json"
    write_text(path, "{}")
    umask = os.umask(0)
    os.umask(umask)
    assert os.stat(path).st_mode & 0o777 == 0o666 & ~umask
    assert json.loads(path.read_text(encoding="utf-8")) == {}
