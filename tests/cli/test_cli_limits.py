"""Every ``durak-lab`` command ends in seconds by default, says in one line which option raises a
limit it reached, refuses option values out of range, and answers Ctrl-C with one line and 130.

The regressions: ``solve`` and ``analyse`` had no default limit (10+10 cards ran for minutes) and
Ctrl-C printed a 196-line traceback; ``trumps --epsilon 1e-99999999`` and ``--samples 1000000``
hung; ``bench bots --deals 1000000000`` took 4 GB and ``--workers 64`` started 64 processes;
``bench probability --samples 1000000`` ran past 400 s at 1.27 GB and echoed a 5,000-digit ``--seed`` whole;
``play`` crashed on a line such as ``P<5000 digits> take``.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from durak_lab.cli import app, main
from durak_lab.cli import play as play_cli
from durak_lab.cli import solve as solve_cli
from durak_lab.cli.commands import DEFAULT_MAX_NODES, INTERRUPTED, cores, run_standalone

REPO = Path(__file__).resolve().parents[2]
TEN = {"P1": ["7♠", "9♠", "K♠", "8♥", "Q♥", "A♥", "6♦", "10♦", "J♣", "A♣"],
       "P2": ["6♠", "J♠", "7♥", "9♥", "K♥", "8♦", "Q♦", "A♦", "7♣", "Q♣"]}


def _record(tmp_path: Path, moves: list = ()) -> Path:
    path = tmp_path / "ten.json"
    path.write_text(json.dumps({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
                                "start": {"trump": "♣", "hands": TEN, "discard": "rest", "attacker": "P1",
                                          "first_bout": False},
                                "moves": list(moves)}, ensure_ascii=False), encoding="utf-8")
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- default limits and their message
def test_solve_has_a_default_limit_and_names_the_option_that_raises_it(capsys, tmp_path):
    ns = app._parser().parse_args(["solve", "x.json"])
    assert ns.max_nodes == DEFAULT_MAX_NODES
    code, out, err = run(capsys, "solve", str(_record(tmp_path)), "--max-nodes", "500")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("durak-lab solve: ")
    assert "needed more than 500 positions" in err and "--max-nodes N raises the limit" in err


def test_analyse_has_default_limits_and_says_how_many_moves_they_left_unknown(capsys, tmp_path):
    ns = app._parser().parse_args(["analyse", "x.json"])
    assert (ns.max_nodes, ns.max_seconds) == (100_000, 20)
    path = _record(tmp_path, ["P1 attack 6♦", "P2 cover 6♦ with 8♦"])
    code, out, err = run(capsys, "analyse", str(path), "--max-nodes", "5")
    assert code == 0 and out.count("not judged") == 2
    assert err.startswith("durak-lab analyse: ") and err.count("\n") == 1
    assert "moves left unknown: 2" in err and "--max-nodes" in err and "--max-seconds" in err


def test_analyse_stops_searching_after_max_seconds(capsys, tmp_path):
    path = _record(tmp_path, ["P1 attack 6♦", "P2 cover 6♦ with 8♦", "P1 pass", "P2 attack 7♣"])
    start = time.perf_counter()
    code, _, err = run(capsys, "analyse", str(path), "--max-nodes", "40000", "--max-seconds", "1")
    assert code == 0 and "moves left unknown" in err
    assert time.perf_counter() - start < 15


# ---------------------------------------------------------------- bounded options
@pytest.mark.parametrize("argv,words", [
    (["trumps", "EX-ZH-BOUT", "--epsilon", "1e-99999999"], "--epsilon: a probability from 0 to 1"),
    (["trumps", "EX-ZH-BOUT", "--epsilon", "3/2"], "--epsilon: a probability from 0 to 1"),
    (["trumps", "EX-ZH-BOUT", "--samples", "1000000"], "--samples: at most 100000, not 1000000"),
    (["solve", "EX-KO-1", "--max-nodes", "0"], "--max-nodes: at least 1, not 0"),
    (["solve", "EX-KO-1", "--max-nodes", "10000000001"], "--max-nodes: at most 10000000000, not 10000000001"),
    (["solve", "EX-KO-1", "--after", "9" * 5000], "--after: a whole number of at most 15 digits"),
    (["analyse", "EX-KO-1", "--max-seconds", "0"], "--max-seconds: at least 1, not 0"),
    (["lessons", "from-record", "EX-KO-1", "--limit", "0"], "--limit: at least 1, not 0"),
])
def test_options_out_of_range_are_refused_with_a_message(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("argv,words", [
    (["bench", "bots", "--deals", "1000000000"], "--deals: at most 100000, not 1000000000 (every deal"),
    (["bench", "bots", "--workers", "64"], f"--workers: at most {cores()}, not 64"),
    (["bench", "bots", "--seed", "9" * 5000], "--seed: a whole number of at most 15 digits"),
    (["bench", "--games", "0"], "--games: at least 1, not 0"),
    (["bench", "solver", "--count", "0"], "--count: at least 1, not 0"),
    (["bench", "solver", "--seed", "9" * 5000], "--seed: a whole number of at most 15 digits"),
    (["bench", "solver", "--max-seconds", "1e999"], "--max-seconds: a number of seconds such as 0.5 or 2"),
    (["bench", "solver", "--sizes", "4,99"], "--sizes: cards per hand from 1 to 18"),
    (["bench", "evaluation", "--seed", "9" * 5000], "--seed: a whole number of at most 15 digits"),
    # --samples 1000000 ran past 400 s at 1.27 GB; a 5,000-digit --seed was echoed back whole
    (["bench", "probability", "--samples", "1000000"], "--samples: at most 100000, not 1000000 (about a second"),
    (["bench", "probability", "--seed", "9" * 5000], "--seed: a whole number of at most 15 digits"),
])
def test_benchmark_options_out_of_range_are_refused_with_a_message(capsys, argv, words):
    try:
        code = main(argv)
    except SystemExit as stop:  # a suite's own parser exits, durak-lab bench probability returns
        code = stop.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and words in err
    assert "Traceback" not in err and "9" * 100 not in err


# ---------------------------------------------------------------- Ctrl-C
def test_ctrl_c_is_one_line_and_exit_status_130_for_every_command(capsys, monkeypatch):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(solve_cli, "run", interrupt)
    assert main(["solve", "EX-KO-1"]) == INTERRUPTED == 130
    assert capsys.readouterr().err == "durak-lab solve: stopped (Ctrl-C)\n"
    monkeypatch.setattr(app, "list_examples", interrupt)
    assert main(["examples"]) == 130
    assert capsys.readouterr().err == "durak-lab examples: stopped (Ctrl-C)\n"
    assert run_standalone("durak-lab demo", "A demo.", lambda p: None, interrupt, []) == 130
    assert capsys.readouterr().err == "durak-lab demo: stopped (Ctrl-C)\n"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_during_a_long_solve_prints_one_line_not_a_traceback(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "durak_lab", "solve", str(_record(tmp_path)),
                             "--max-nodes", str(10 ** 9)], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, encoding="utf-8",
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    time.sleep(3)  # the import and the start of the search
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == "durak-lab solve: stopped (Ctrl-C)\n" and out == ""


# ---------------------------------------------------------------- the terminal game
def test_play_takes_a_line_of_thousands_of_digits_without_crashing():
    out = io.StringIO()
    lines = "P" + "9" * 5000 + " take\n" + "7" * 5000 + "h\n" + "P1 attack " + "7h " * 3000 + "\nquit\n"
    assert play_cli.main(["--seed", "6"], stdin=io.StringIO(lines), stdout=out) == 0
    said = out.getvalue()
    assert said.count("That line is too long: type one move a line, like 7h or take.") == 3
    assert max(len(line) for line in said.splitlines()) < 400


def test_play_options_of_thousands_of_digits_are_one_line():
    err = io.StringIO()
    assert play_cli.main(["--seed", "9" * 5000], stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue() == "durak-lab play: --seed: '999999999999…' has too many digits\n"
