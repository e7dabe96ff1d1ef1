"""Where a tournament's games run: in this process (:class:`InProcess`), on a pool of local
processes (:func:`local_executor`), or on any :class:`concurrent.futures.Executor`, a Dask
cluster's included (``Client.get_executor()``); :func:`run_jobs` sends them in chunks.

One task a game costs more than a fast game: pickling the bots, a round trip to a worker,
and on Dask the scheduler's bookkeeping.  So :func:`run_jobs` times the first game in this
process and sends the rest in chunks of about :data:`CHUNK_SECONDS` of work each, at least
:data:`CHUNKS_PER_WORKER` chunks for each worker so that a slow chunk does not keep the others
waiting at the end; a slow bot (a search bot thinks for seconds a game) goes one game a chunk.
The results come back in job order as soon as the chunks before them are done, and a
``progress(done, total)`` callback hears of every chunk as it finishes (in this thread).

A script that starts a local Dask cluster (or a process pool under the "spawn" start method:
macOS, Windows) must start it under ``if __name__ == "__main__":``, since each new worker
process imports the script again::

    from dask.distributed import Client, LocalCluster
    from durak_lab.bots import GreedyBot, TipsBot, round_robin
    from durak_lab.engine.rules import Rules

    if __name__ == "__main__":
        with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
            t = round_robin(Rules(players=2), [GreedyBot(), TipsBot()], deals=900, seed=1,
                            executor=client.get_executor())

>>> list(run_jobs(pow, [(2, 3), (3, 2)], InProcess()))
[8, 9]
>>> chunk_size(0.001, jobs=1800, workers=2)     # 1 ms a game: 250 games a chunk, 4 chunks a worker at least
225
>>> chunk_size(2.0, jobs=100, workers=2)        # a slow bot: one game a chunk
1

Standard library only.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, Callable, Iterator, Optional, Sequence

__all__ = ["InProcess", "POOL_FROM", "CHUNK_SECONDS", "CHUNKS_PER_WORKER", "local_executor", "run_jobs",
           "chunk_size", "executor_workers"]

#: Below this many games, the default executor plays in this process (starting processes costs more).
POOL_FROM = 16
#: About how many seconds of work one chunk of games holds.
CHUNK_SECONDS = 0.25
#: At least this many chunks for each worker, so that the workers finish close together.
CHUNKS_PER_WORKER = 4

Progress = Callable[[int, int], Any]


class InProcess(Executor):
    """An executor that runs each job at once, in this process (no pool, nothing pickled).

    >>> InProcess().submit(pow, 2, 10).result()
    1024
    """

    def submit(self, fn, /, *args, **kwargs) -> Future:
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:  # handed to the caller by f.result(), as a pool would
            f.set_exception(e)
        return f


def local_executor(games: int, bots: Sequence[Any] = ()) -> Executor:
    """The default executor for ``games`` games: a process pool over all local cores, or
    :class:`InProcess` for few games, one core, where processes cannot be started (JupyterLite,
    for one), for a bot that cannot be pickled, or for a bot defined in a notebook or script
    (``__main__``) where new processes do not copy this one (the "spawn" start method: macOS,
    Windows)."""
    cores = os.cpu_count() or 1
    if cores < 2 or games < POOL_FROM:
        return InProcess()
    try:
        import multiprocessing
        import pickle

        if (multiprocessing.get_start_method(allow_none=False) != "fork"
                and any(type(b).__module__ == "__main__" for b in bots)):
            return InProcess()
        try:
            pickle.dumps(list(bots))
        except Exception:  # a bot that cannot travel to another process (a lambda inside, say)
            return InProcess()
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=min(cores, games))
    except (ImportError, NotImplementedError, OSError):
        return InProcess()


def executor_workers(executor: Executor) -> int:
    """How many jobs ``executor`` runs at once: a pool's workers, a Dask client's threads, else the
    local cores."""
    n = getattr(executor, "_max_workers", None)
    if isinstance(n, int) and n > 0:
        return n
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # a client that cannot answer now: guess
            pass
    return os.cpu_count() or 1


def chunk_size(seconds_per_job: float, jobs: int, workers: int, target: float = CHUNK_SECONDS) -> int:
    """Jobs a chunk: about ``target`` seconds of work, and at least :data:`CHUNKS_PER_WORKER`
    chunks for each of ``workers``."""
    by_cost = max(1, int(target / max(seconds_per_job, 1e-6)))
    by_balance = max(1, math.ceil(jobs / (CHUNKS_PER_WORKER * max(1, workers))))
    return max(1, min(by_cost, by_balance))


def _run_chunk(fn: Callable, jobs: Sequence[tuple]) -> list:
    """``fn(*job)`` for every job of a chunk, in a worker."""
    return [fn(*job) for job in jobs]


def run_jobs(fn: Callable, jobs: Sequence[tuple], executor: Optional[Executor] = None, bots: Sequence[Any] = (),
             *, chunk: Optional[int] = None, progress: Optional[Progress] = None) -> Iterator[Any]:
    """``fn(*job)`` for every job, in job order, computed on ``executor`` (None: :func:`local_executor`
    for ``bots``, shut down at the end).  In one process (:class:`InProcess`) each job runs when its
    result is asked for, so a caller can keep every result as it comes.  Elsewhere the first job
    runs here, timed, and the others go in chunks (``chunk`` jobs each; None: :func:`chunk_size`).
    ``progress(done, total)`` is called as jobs finish.
    """
    total = len(jobs)
    own = executor is None
    ex = local_executor(total, bots) if own else executor
    try:
        if isinstance(ex, InProcess) or total == 0:
            for i, job in enumerate(jobs):
                result = fn(*job)
                if progress is not None:
                    progress(i + 1, total)
                yield result
            return
        t0 = time.perf_counter()
        first = fn(*jobs[0])
        seconds = time.perf_counter() - t0
        if progress is not None:
            progress(1, total)
        yield first
        rest = list(jobs[1:])
        size = chunk if chunk is not None else chunk_size(seconds, len(rest), executor_workers(ex))
        size = max(1, int(size))
        futures = [ex.submit(_run_chunk, fn, rest[i:i + size]) for i in range(0, len(rest), size)]
        yield from _in_order(futures, size, len(rest), progress, total)
    finally:
        if own:
            ex.shutdown(wait=True, cancel_futures=True)


def _in_order(futures: list, size: int, count: int, progress: Optional[Progress], total: int) -> Iterator[Any]:
    """The chunks' results in order, each chunk as soon as it and those before it are done."""
    pending = set(futures)
    index = {f: i for i, f in enumerate(futures)}
    done_jobs = total - count
    next_chunk = 0
    try:
        while next_chunk < len(futures):
            if futures[next_chunk] in pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    i = index[f]
                    done_jobs += min(size, count - i * size)
                if progress is not None:
                    progress(done_jobs, total)
                continue
            yield from futures[next_chunk].result()
            next_chunk += 1
    finally:
        for f in futures[next_chunk:]:
            f.cancel()
