"""Files that many kernels share: written whole or not at all, one writer at a time, nothing lost.

A class on one server runs one kernel per student page, and all of them write into
the same folders: progress files, saved games.  The helpers here make each write
safe:

* :func:`write_text` writes to a temporary file with a unique name in the same
  folder, flushes it to the disk, then moves it over the target in one step
  (:func:`os.replace`): a reader sees the old file or the new one, never half of
  one, and an interrupted save leaves the old file as it was.  A target that
  exists but may not be written (read-only) is refused with :class:`StoreError`,
  never silently replaced.
* :func:`write_new` writes a file that must not replace another one (a saved
  game): the name is claimed atomically (``name.json``, else ``name-2.json`` …),
  then filled in by :func:`write_text`.
* :func:`locked` holds an exclusive lock on ``<path>.lock`` while a caller reads,
  merges and writes one file (``fcntl.flock`` where the system has it; elsewhere,
  as in the browser's Python, a lock file created exclusively, taken over when
  older than :data:`STALE_LOCK`).
* :func:`keep_aside` moves a file that cannot be read to a numbered backup
  (``progress.broken-1.json``, ``-2`` …) and keeps at most :data:`BACKUPS` of
  them: a second broken file never overwrites the first.

Standard library only.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "notes.json")
>>> with locked(path):
...     write_text(path, '{"a": 1}\\n')
>>> open(path).read()
'{"a": 1}\\n'
>>> os.path.basename(write_new(os.path.join(folder, "game.json"), "1\\n"))
'game.json'
>>> os.path.basename(write_new(os.path.join(folder, "game.json"), "2\\n"))
'game-2.json'
>>> os.path.basename(keep_aside(path))
'notes.broken-1.json'
>>> sorted(os.listdir(folder))
['game-2.json', 'game.json', 'notes.broken-1.json', 'notes.json.lock']
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from typing import Iterator, Optional, Union

from ..engine.errors import DurakError

try:  # not on Windows, and a no-op stand-in in some browser builds of Python
    import fcntl
except ImportError:  # pragma: no cover - depends on the platform
    fcntl = None  # type: ignore[assignment]

__all__ = ["StoreError", "write_text", "write_new", "locked", "keep_aside", "backups_of",
           "BACKUPS", "STALE_LOCK", "LOCK_TIMEOUT"]

#: How many numbered backups of one file are kept; the oldest goes first.
BACKUPS = 20
#: A lock file (where ``fcntl`` is missing) older than this many seconds is taken over.
STALE_LOCK = 30.0
#: How long :func:`locked` waits for another writer before it gives up.
LOCK_TIMEOUT = 20.0

PathLike = Union[str, "os.PathLike[str]"]


class StoreError(DurakError, OSError):
    """A file that may not be written (read-only, a folder that cannot be made, a full disk),
    or a lock that was not free in time.  ``path`` names the file."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


def _why(err: OSError) -> str:
    return err.strerror or type(err).__name__


def _read_only(path: str) -> bool:
    """Whether ``path`` exists and may not be written: no write permission for this user,
    or none for anybody (a file a teacher made read-only, even when the server runs as root)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not os.access(path, os.W_OK) or not mode & 0o222


def write_text(path: PathLike, text: str) -> None:
    """Replace ``path`` with ``text`` in one step (see the module docstring).

    The folder is made if it is missing.  A :class:`StoreError` when the file or its
    folder may not be written; the old file is then unchanged.
    """
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    if _read_only(path):
        raise StoreError(path, "the file is read-only")
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=folder)
    except OSError as err:
        raise StoreError(path, _why(err)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if os.path.exists(path):
            with contextlib.suppress(OSError):
                os.chmod(tmp, os.stat(path).st_mode & 0o777)
        else:
            with contextlib.suppress(OSError):
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise StoreError(path, _why(err)) from None


def write_new(path: PathLike, text: str) -> str:
    """Write ``text`` to ``path``, or to the first free ``stem-2.ext``, ``stem-3.ext`` …;
    return the path written.  No other writer can take the same name at the same time:
    the name is claimed with an exclusive create before it is filled."""
    path = os.fspath(path)
    root, ext = os.path.splitext(path)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    except OSError as err:
        raise StoreError(path, _why(err)) from None
    n = 1
    while True:
        target = path if n == 1 else f"{root}-{n}{ext}"
        try:
            fd = os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
        except FileExistsError:
            n += 1
            continue
        except OSError as err:
            raise StoreError(path, _why(err)) from None
        os.close(fd)
        try:
            write_text(target, text)
        except StoreError:
            with contextlib.suppress(OSError):
                os.unlink(target)
            raise
        return target


@contextlib.contextmanager
def locked(path: PathLike, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the lock of ``path`` (the file ``<path>.lock``) inside the ``with`` block.

    Every kernel that reads, merges and writes the same file takes this lock first, so
    two saves never interleave.  A :class:`StoreError` if the lock is not free within
    ``timeout`` seconds or the lock file cannot be made.
    """
    path = os.fspath(path)
    lock = path + ".lock"
    try:
        os.makedirs(os.path.dirname(lock) or ".", exist_ok=True)
    except OSError as err:
        raise StoreError(path, _why(err)) from None
    if fcntl is not None and hasattr(fcntl, "flock"):
        with _flocked(path, lock, timeout):
            yield
    else:  # pragma: no cover - the browser's Python, Windows
        with _file_locked(path, lock, timeout):
            yield


@contextlib.contextmanager
def _flocked(path: str, lock: str, timeout: float) -> Iterator[None]:
    try:
        fd = os.open(lock, os.O_CREAT | os.O_RDWR, 0o666)
    except OSError as err:
        raise StoreError(path, _why(err)) from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as err:
                if err.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    break  # a file system without locks: go on unlocked
                if time.monotonic() > deadline:
                    raise StoreError(path, "another save did not finish in time") from None
                time.sleep(0.01)
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


@contextlib.contextmanager
def _file_locked(path: str, lock: str, timeout: float) -> Iterator[None]:  # pragma: no cover
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666)
            os.close(fd)
            break
        except FileExistsError:
            with contextlib.suppress(OSError):
                if time.time() - os.stat(lock).st_mtime > STALE_LOCK:
                    os.unlink(lock)
                    continue
            if time.monotonic() > deadline:
                raise StoreError(path, "another save did not finish in time") from None
            time.sleep(0.02)
        except OSError as err:
            raise StoreError(path, _why(err)) from None
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)


def backups_of(path: PathLike) -> list:
    """The numbered backups of ``path`` that exist, oldest first.

    >>> backups_of("/no/such/folder/progress.json")
    []
    """
    path = os.fspath(path)
    folder = os.path.dirname(path) or "."
    root, ext = os.path.splitext(os.path.basename(path))
    prefix = f"{root}.broken-"
    found = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        if name.startswith(prefix) and name.endswith(ext or ".json"):
            number = name[len(prefix):len(name) - len(ext or ".json")]
            if number.isdigit():
                found.append((int(number), os.path.join(folder, name)))
    return [p for _, p in sorted(found)]


def keep_aside(path: PathLike, keep: int = BACKUPS) -> Optional[str]:
    """Move ``path`` (a file that cannot be read) to the next numbered backup and return
    its path; None if there was no file.  At most ``keep`` backups stay: the oldest
    beyond them are removed."""
    path = os.fspath(path)
    if not os.path.exists(path):
        return None
    root, ext = os.path.splitext(path)
    ext = ext or ".json"
    have = backups_of(path)
    number = 1
    if have:
        last = os.path.basename(have[-1])
        number = int(last[len(os.path.basename(root)) + len(".broken-"):-len(ext)]) + 1
    target = f"{root}.broken-{number}{ext}"
    try:
        os.replace(path, target)
    except OSError as err:
        raise StoreError(path, _why(err)) from None
    for old in backups_of(path)[:-keep] if keep > 0 else []:
        with contextlib.suppress(OSError):
            os.unlink(old)
    return target
