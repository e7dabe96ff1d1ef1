"""``durak-lab bench classroom``: the command line, the run, and its figures.

:func:`run_load` copies the two notebooks to a folder of its own, starts the server
(:class:`~.server.Server`: ``durak-lab classroom`` with the shipped configuration and
short culling for the run's end), samples its kernels (:class:`~.server.Sampler`),
lets the students work at once (:class:`~.student.Student`, asyncio), then waits for
the kernel count to fall back to 0 and checks the class folder (:mod:`~.checks`).
:func:`figures` turns it into the figures; :func:`report` prints them. The timings
are measurements, never pass or fail: the exit status is 1 only for a functional
failure (an error a page showed, a page refused, cross-talk, a file that is not what
its student made, kernels left running), 2 for bad options or no server to start.

Standard library only (Voila and tornado run the server and carry the pages).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import importlib.util
import json
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ...lessons import course
from ..bench import machine
from ..commands import int_in, seconds_in
from .checks import NOTEBOOKS, check_class
from .server import PROC, Sampler, Server
from .student import Student, StudentRun, lesson_pool, student_names

__all__ = ["main", "run_load", "figures", "report", "percentile", "parser", "CULL_INTERVAL", "IDLE_TIMEOUT"]

#: Seconds between two culling checks of the server during the run.
CULL_INTERVAL = 2
#: Seconds without a click before a kernel is culled during the run (even with its page open).
IDLE_TIMEOUT = 300


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 < q <= 1) by the nearest-rank method; nan for no values.

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile(range(1, 101), 0.95), percentile([7], 0.95)
    (3, 95, 7)
    """
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = -(-round(q * 1000) * len(ordered) // 1000)  # ceil(q n), in whole numbers
    return ordered[max(0, min(len(ordered), k) - 1)]


def _spread(values: Sequence[float], scale: float = 1.0, digits: int = 1) -> Dict[str, Any]:
    return {"count": len(values), "p50": round(percentile(values, 0.5) * scale, digits) if values else None,
            "p95": round(percentile(values, 0.95) * scale, digits) if values else None,
            "max": round(max(values) * scale, digits) if values else None}


def parser() -> argparse.ArgumentParser:
    """The options of ``durak-lab bench classroom``."""
    ap = argparse.ArgumentParser(
        prog="durak-lab bench classroom",
        description="A load test of durak-lab classroom on this machine: students at once (pages spoken at the "
        "protocol level on 127.0.0.1) answer lessons and play a game; the figures are click-to-redraw times, "
        "the kernels and their memory; the exit status is 1 only for an error or cross-talk.")
    ap.add_argument("--students", type=int_in(1, 1000, "each student is a kernel"), default=20, help="students at once (default 20, at most 1000)")
    ap.add_argument("--lessons", type=int_in(0, 100), default=3, help="lessons each student works through (default 3)")
    ap.add_argument("--moves", type=int_in(0, 1000), default=30, help="the student's own moves in the game (default 30; "
                    "fewer if the game ends)")
    ap.add_argument("--think", type=seconds_in(60, "a pause before each click", zero=True), default=1.0, metavar="SECONDS",
                    help="about this long before each click (0.5-1.5 times it; default 1); the bot moves after "
                    "the page's own pause; 0: no pause at all, not even the bot's")
    ap.add_argument("--ramp", type=seconds_in(3600, "the pages open within it", zero=True), default=0.0, metavar="SECONDS",
                    help="the students open their pages over this many seconds (default 0: all at once)")
    ap.add_argument("--leave", choices=("shutdown", "close"), default="shutdown",
                    help="how a page closes: shutdown (default: the shutdown request Voila's page sends, then the "
                    "websocket closes) or close (only the websocket closes, as a crashed tab: culling ends the "
                    "kernel)")
    ap.add_argument("--cull", type=int_in(1, 24 * 3600), default=15, metavar="SECONDS",
                    help="a kernel with no page connected is shut down after this many seconds (default 15; "
                    f"checked every {CULL_INTERVAL} s)")
    ap.add_argument("--max-kernels", type=int_in(1, 1000), metavar="N", help="the server's kernel limit (default: the "
                    "shipped one, 40)")
    ap.add_argument("--notebooks", metavar="DIR", help="the folder of learn.ipynb and play.ipynb (default: "
                    "notebooks/ here); they are copied to a folder of the run")
    ap.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, help="seed of the students' choices (default 0)")
    ap.add_argument("--results", metavar="FILE", help="also write the figures as JSON to FILE")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--keep", action="store_true", help="keep the run's folder (the class folder, the server's "
                    "log) and say where it is")
    return ap


async def _wait_for_zero(server: Server, timeout: float) -> Optional[float]:
    """Seconds until the server runs no kernel (None if some still run after ``timeout``)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if not server.kernels():
            return time.perf_counter() - t0
        await asyncio.sleep(0.1)
    return None


async def run_load(ns: argparse.Namespace, notebooks: Path, work: Path) -> Dict[str, Any]:
    """Run the load test (options ``ns``) on a copy of ``notebooks`` in ``work``; the raw results."""
    copy = work / "notebooks"
    copy.mkdir(parents=True)
    for name in NOTEBOOKS:
        shutil.copy(notebooks / name, copy / name)
    voila = [f"--ClassroomKernelManager.cull_interval={CULL_INTERVAL}",
             f"--ClassroomKernelManager.cull_disconnected_timeout={ns.cull}",
             f"--ClassroomKernelManager.cull_idle_timeout={max(IDLE_TIMEOUT, ns.cull)}"]
    server = Server(copy, work, voila, ["--max-kernels", str(ns.max_kernels)] if ns.max_kernels else [])
    server.start()
    out: Dict[str, Any] = {"work": str(work), "load_before": machine()["load_average"]}
    try:
        out["ready_s"] = await server.wait_ready()
        sampler = Sampler(server)
        sampling = asyncio.ensure_future(sampler.run())
        names = student_names(ns.students)
        pool = lesson_pool(course())
        loop = asyncio.get_running_loop()
        students = []
        for i, name in enumerate(names):
            rng = random.Random(f"{ns.seed}-{i}")
            lessons = [pool[(i * ns.lessons + j) % len(pool)] for j in range(min(ns.lessons, len(pool)))]
            students.append(Student(name, server.base, lessons, ns.moves, ns.think, [n for n in names if n != name],
                                    rng, beacon=ns.leave == "shutdown", remembered=i % 2 == 1))

        async def start(i: int, student: Student) -> StudentRun:
            if ns.ramp > 0 and len(students) > 1:
                await asyncio.sleep(ns.ramp * i / (len(students) - 1))
            return await student.run()

        t0 = loop.time()
        runs: List[StudentRun] = list(await asyncio.gather(*(start(i, s) for i, s in enumerate(students))))
        last = max(r.left_at for r in runs)
        out["work_s"] = last - t0
        out["kernels_at_close"] = len(server.kernels())
        out["fall_s"] = await _wait_for_zero(server, timeout=ns.cull + 4 * CULL_INTERVAL + 60)
        sampling.cancel()
        out["left"] = len(server.kernels())
        out["runs"] = runs
        out["sampler"] = sampler
        out["files"] = check_class(copy, runs)
    finally:
        server.stop()
        out["log"] = server.log()
    return out


def _log_errors(log: str) -> Tuple[List[str], List[str]]:
    """``(problems, notes)`` of the server's log (the kernels log there too): every error line, with
    the last exception of the traceback after it (the log's own lines start with ``[``). One is a
    note, not a problem: Jupyter server's culler meeting a kernel that is still starting (its
    ``last_activity`` not set yet) logs a traceback and checks the kernel again at its next round;
    no page is touched. Another: "KeyboardInterrupt caught in kernel", as jupyter_client interrupts a
    kernel before it asks it to shut down (a closed page's), which logs this when it was handling a
    message.

    >>> _log_errors("[Voila] ERROR | boom\\nTraceback (most recent call last):\\n  File x\\nValueError: bad")
    (["the server's log: [Voila] ERROR | boom / ValueError: bad"], [])
    """
    lines = log.splitlines()
    problems: List[str] = []
    notes: List[str] = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not (line.startswith("Traceback") or any(w in line for w in _LOG_ERRORS)):
            continue
        said = line[:300]
        last = ""
        while i < len(lines) and not lines[i].startswith("["):  # the traceback, up to the next log line
            if lines[i].strip() and not lines[i][0].isspace():
                last = lines[i].strip()
            i += 1
        if last and last != line:
            said += " / " + last[:300]
        starting = "while checking the idle duration of kernel" in said and "last_activity" in said
        (notes if starting or "KeyboardInterrupt caught in kernel" in said else problems).append(
            f"the server's log: {said}")
    return problems, notes


#: What marks an error in the server's log.
_LOG_ERRORS = (" ERROR | ", " CRITICAL | ", "Classroom: a page was refused")


def figures(ns: argparse.Namespace, raw: Dict[str, Any]) -> Dict[str, Any]:
    """The figures of a run (JSON-able): click-to-redraw times by app, the pages' opening times, the
    kernels and their memory, and the functional checks."""
    runs: List[StudentRun] = raw["runs"]
    clicks = [c for r in runs for c in r.clicks]
    by_kind = {"learn": [c.seconds for c in clicks if c.kind == "learn"],
               "play": [c.seconds for c in clicks if c.kind == "play"],
               "play, the bot's moves": [c.seconds for c in clicks if c.kind == "bot"]}
    by_kind["all"] = [c.seconds for c in clicks]
    sampler: Sampler = raw["sampler"]
    peak = sampler.peak()
    per_kernel = list(peak.kernels.values()) if peak else []
    logged, log_notes = _log_errors(raw["log"])
    problems = [p for r in runs for p in r.problems] + raw["files"] + logged
    if raw["fall_s"] is None:
        problems.append(f"{raw['left']} kernels still run after the pages closed")
    crossed = [c for r in runs for c in r.crossed]
    notes: Dict[str, int] = {}
    for note in [n for r in runs for n in r.notes] + log_notes:
        key = re.sub(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b[0-9a-f]{32}\b", "<id>", note)
        notes[key] = notes.get(key, 0) + 1
    return {
        "machine": machine(),
        "options": {k: getattr(ns, k) for k in ("students", "lessons", "moves", "think", "ramp", "leave", "cull",
                                                "max_kernels", "seed")},
        "load_before": raw["load_before"],
        "server_ready_s": round(raw["ready_s"], 2),
        "work_s": round(raw["work_s"], 1),
        "click_to_redraw_ms": {k: _spread(v, 1000) for k, v in by_kind.items()},
        "page_open_s": {app: _spread([t for r in runs for t in r.opens.get(app, [])], 1, 2)
                        for app in ("learn", "play")},
        "kernels": {
            "peak": sampler.most(),
            "rss_mb": _spread([m.get("rss", 0.0) for m in per_kernel]),
            "pss_mb": _spread([m["pss"] for m in per_kernel if "pss" in m]),
            "largest_rss_mb": round(max((m.get("rss", 0.0) for s in sampler.samples for m in s.kernels.values()),
                                        default=0.0), 1),
            "all_kernels_rss_mb": round(peak.total("rss"), 1) if peak else None,
            "server_rss_mb": round(peak.server.get("rss", 0.0), 1) if peak else None,
            "at_last_close": raw["kernels_at_close"], "fall_s": None if raw["fall_s"] is None
            else round(raw["fall_s"], 2), "left": raw["left"]},
        "checks": {"students": len(runs), "marks": sum(len(s) for r in runs for s in r.marks.values()),
                   "games": sum(len(r.saves) for r in runs), "moves": sum(r.moves for r in runs),
                   "problems": problems, "cross_talk": crossed, "kernel_notes": notes},
        "ok": not problems and not crossed,
    }


def report(f: Dict[str, Any], out: Any = None) -> None:
    """Print the figures for a person."""
    out = out or sys.stdout
    o, m, k, c = f["options"], f["machine"], f["kernels"], f["checks"]
    pause = f"about {o['think']:g} s before each click" if o["think"] > 0 else "no pause between clicks"
    lines = [
        f"durak-lab bench classroom: {o['students']} students at once on one server (durak-lab classroom on "
        "127.0.0.1, pages spoken at the protocol level)",
        f"Python {m['python']} ({m['implementation']}) on {m['system']}, {m['cpu']}, {m['cores']} cores; "
        f"load average {f['load_before']} before, {m['load_average']} after",
        f"each student: learn.ipynb ({o['lessons']} lessons, some answers wrong on purpose), then play.ipynb (a "
        f"game, up to {o['moves']} moves, saved); {pause}; pages closed by {o['leave']}",
        f"the server answered after {f['server_ready_s']} s; the students worked {f['work_s']} s",
        "",
        f"{'click to redraw (ms)':<28} {'clicks':>7} {'p50':>8} {'p95':>8} {'max':>8}",
    ]
    for kind, s in f["click_to_redraw_ms"].items():
        if s["count"]:
            lines.append(f"{kind:<28} {s['count']:>7} {s['p50']:>8.1f} {s['p95']:>8.1f} {s['max']:>8.1f}")
    lines.append(f"{'page open (s)':<28} {'pages':>7}")
    for app, s in f["page_open_s"].items():
        if s["count"]:
            lines.append(f"{app:<28} {s['count']:>7} {s['p50']:>8.2f} {s['p95']:>8.2f} {s['max']:>8.2f}")
    rss, pss = k["rss_mb"], k["pss_mb"]
    lines += ["", f"kernels: at most {k['peak']} at once; memory per kernel then: RSS median {rss['p50']} MB, max "
              f"{rss['max']} MB" + (f" (PSS median {pss['p50']} MB)" if pss["count"] else "")
              + f"; all kernels {k['all_kernels_rss_mb']} MB, the Voila server {k['server_rss_mb']} MB; the largest "
              f"kernel during the run {k['largest_rss_mb']} MB"]
    fall = f"0 kernels {k['fall_s']} s later" if k["fall_s"] is not None else f"still {k['left']} kernels"
    lines.append(f"when the last page closed: {k['at_last_close']} kernels running; {fall}")
    verdict = "no error, no cross-talk" if f["ok"] else (
        f"{len(c['problems'])} problems, {len(c['cross_talk'])} signs of cross-talk")
    lines.append(f"checked: {c['students']} students, {c['marks']} marks, {c['games']} saved games "
                 f"({c['moves']} moves), each in its student's own folder: {verdict}")
    for p in (c["cross_talk"] + c["problems"])[:40]:
        lines.append(f"  {p}")
    for note, count in c["kernel_notes"].items():
        lines.append(f"  a note, no page shows it ({count}x): {note}")
    print("\n".join(lines), file=out)
    out.flush()


def main(argv: Optional[list] = None) -> int:
    """Entry point of ``durak-lab bench classroom``."""
    ap = parser()
    ns = ap.parse_args(argv)
    for option, value, least, most in (("--students", ns.students, 1, 1000), ("--lessons", ns.lessons, 0, 100),
                                       ("--moves", ns.moves, 0, 1000), ("--cull", ns.cull, 1, 24 * 3600)):
        if value < least:
            ap.error(f"{option} must be at least {least}")
        if value > most:  # each student is a connection of this machine; each move a round trip
            ap.error(f"{option} must be at most {most}")
    if ns.think < 0 or ns.ramp < 0:
        ap.error("--think and --ramp must be at least 0")
    notebooks = Path(ns.notebooks) if ns.notebooks else Path.cwd() / "notebooks"
    missing = [n for n in NOTEBOOKS if not (notebooks / n).is_file()]
    if missing:
        ap.error(f"--notebooks: no {', '.join(missing)} in {notebooks} (start in the durak_lab folder, or give "
                 "--notebooks DIR)")
    if importlib.util.find_spec("voila") is None or importlib.util.find_spec("tornado") is None:
        print("durak-lab bench classroom: Voila is not installed here: pip install 'durak-lab[lab]'", file=sys.stderr)
        return 2
    if not PROC.is_dir():
        print("durak-lab bench classroom: the kernels are counted in /proc, which this system does not have",
              file=sys.stderr)
        return 2
    if not ns.json:
        print(f"durak-lab bench classroom: starting the server and {ns.students} students (a few minutes)…",
              file=sys.stderr)
    work = Path(tempfile.mkdtemp(prefix="durak-lab-bench-classroom-"))
    try:
        raw = run_async(run_load(ns, notebooks, work))
    except RuntimeError as err:  # the server did not start
        print(f"durak-lab bench classroom: {err}", file=sys.stderr)
        return 2
    finally:
        if not ns.keep:
            shutil.rmtree(work, ignore_errors=True)
    f = figures(ns, raw)
    if ns.keep:
        f["kept"] = str(work)
    if ns.results:
        Path(ns.results).write_text(json.dumps(f, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if ns.json:
        print(json.dumps(f, ensure_ascii=False, indent=2))
    else:
        report(f)
        if ns.keep:
            print(f"the run's folder (the class folder, the server's log): {work}")
    return 0 if f["ok"] else 1


def run_async(coro: Any) -> Any:
    """Run ``coro`` to its end and return its result: with :func:`asyncio.run`, in a thread of its
    own when an event loop already runs in this one (a notebook, Playwright's sync API in a test
    session), where :func:`asyncio.run` refuses to start."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
