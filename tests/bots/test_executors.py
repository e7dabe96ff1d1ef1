"""Games sent in chunks (``durak_lab.bots.executors``): the same results in the same order on any
executor and chunk size, progress as jobs finish, chunks sized to the cost of a job."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from durak_lab.bots import GreedyBot, TipsBot, round_robin
from durak_lab.bots.executors import CHUNKS_PER_WORKER, InProcess, chunk_size, executor_workers, run_jobs
from durak_lab.engine.rules import Rules


def _square_or_fail(x: int) -> int:
    if x == 13:
        raise ValueError("thirteen")
    return x * x


@pytest.mark.parametrize("chunk", [None, 1, 3, 50])
def test_every_chunk_size_gives_the_results_in_job_order_with_progress(chunk):
    jobs = [(x,) for x in range(40) if x != 13]
    seen: list = []
    with ThreadPoolExecutor(max_workers=3) as ex:
        out = list(run_jobs(_square_or_fail, jobs, ex, chunk=chunk, progress=lambda d, t: seen.append((d, t))))
    assert out == [x * x for (x,) in jobs]
    assert seen[-1] == (len(jobs), len(jobs)) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert seen[0] == (1, len(jobs))  # the first job runs here, timed


def test_a_failing_job_raises_in_the_caller():
    with ThreadPoolExecutor(max_workers=2) as ex:
        with pytest.raises(ValueError, match="thirteen"):
            list(run_jobs(_square_or_fail, [(x,) for x in range(20)], ex, chunk=4))


def test_chunks_hold_about_a_quarter_second_and_every_worker_gets_several():
    assert chunk_size(0.001, jobs=100_000, workers=2) == 250
    assert chunk_size(0.001, jobs=100, workers=2) == 100 // (2 * CHUNKS_PER_WORKER) + 1
    assert chunk_size(5.0, jobs=10_000, workers=8) == 1
    assert chunk_size(0.0, jobs=1, workers=1) == 1
    with ProcessPoolExecutor(max_workers=3) as ex:
        assert executor_workers(ex) == 3


def test_a_tournament_on_a_process_pool_plays_the_games_of_one_process():
    bots, r = [GreedyBot(), TipsBot()], Rules(players=2)
    here = round_robin(r, bots, deals=12, seed=5, executor=InProcess())
    done: list = []
    with ProcessPoolExecutor(max_workers=2) as ex:
        there = round_robin(r, bots, deals=12, seed=5, executor=ex, progress=lambda d, t: done.append(d))
    assert [(g.seed, g.seats, g.moves, g.losers) for g in here.games] == \
        [(g.seed, g.seats, g.moves, g.losers) for g in there.games]
    assert done[-1] == 24
