"""The solver benchmark (durak_lab.cli.solver_bench) runs with tiny sizes; its figures are never asserted."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import Solver
from durak_lab.cli.solver_bench import digest, load_results, main, run_size, solve_one, solver_stamp
from durak_lab.engine.random_play import random_endgame, random_game


def test_table_names_the_machine_python_and_every_size(capsys):
    assert main(["--sizes", "2,3", "--count", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("durak-lab solver benchmark: podkidnoy, two players, empty talon, seed 0")
    assert out[1].startswith("machine: ") and "Python 3." in out[1] and "cores" in out[1]
    header = out[2].split()
    assert header[:6] == ["cards", "solved", "median", "ms", "p90", "ms"]
    rows = [line.split() for line in out[3:5]]
    assert [r[0] for r in rows] == ["2+2", "3+3"] and [r[1] for r in rows] == ["4", "4"]
    assert rows[0][9] == "-" and rows[1][9].startswith("×")  # growth of the median from one size to the next


def test_json_and_options(capsys):
    assert main(["--sizes", "3", "--count", "5", "--preset", "perevodnoy", "--value-only", "--seed", "7",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["preset"] == "perevodnoy" and data["what"] == "value" and data["seed"] == 7
    assert {"cpu", "cores", "system", "platform", "python", "implementation", "load_average"} <= set(data["machine"])
    (row,) = data["sizes"]
    assert row["cards"] == 3 and row["positions"] == 5 and sum(row["results"].values()) == 5
    assert row["median_ms"] <= row["p90_ms"] <= row["p99_ms"] <= row["max_ms"]
    assert row["nodes_median"] <= row["nodes_p99"] <= row["nodes_max"]


def test_a_time_budget_stops_a_size_early_and_says_so(capsys):
    r = run_size(3, count=50, max_seconds=0.0)
    assert r["positions"] == 1 and r["requested"] == 50
    main(["--sizes", "3", "--count", "50", "--max-seconds", "0"])
    assert " 1/50 " in capsys.readouterr().out


def test_the_positions_are_the_ones_described():
    rules = Rules.preset("podkidnoy", players=2)
    rng = random.Random(1)
    for _ in range(20):
        p = random_endgame(rules, 5, 5, rng)
        assert [len(p.hand(s)) for s in (0, 1)] == [5, 5] and not p.talon and not p.first_limit
        assert p.card_count() == 36 and p.table == () and p.result is None
    # the same seed deals the same positions, and the run counts each solve's own nodes
    a, b = run_size(4, count=6, seed=3), run_size(4, count=6, seed=3)
    assert a["nodes_median"] == b["nodes_median"] and a["results"] == b["results"]
    rng = random.Random("3:podkidnoy:4")
    expected = sorted(Solver().solve(random_endgame(rules, 4, 4, rng)).nodes for _ in range(6))
    assert a["nodes_max"] == expected[-1]


def test_random_game_is_a_whole_seeded_game():
    rules = Rules.preset("podkidnoy", players=2)
    g = random_game(rules, seed=6)
    assert g.is_over and g.start == g.steps[0].before
    assert g.moves == random_game(rules, 6).moves
    q = g.start
    for mv in g.moves:  # every move was a sequential move of the seat to act
        assert mv in q.sequential_moves()
        q = q.play(mv)


def test_a_results_file_keeps_every_solve_and_a_second_run_resumes(tmp_path, capsys):
    path = str(tmp_path / "solver.jsonl")
    first = run_size(3, count=6, seed=2, max_seconds=0.0, results=path)
    assert first["positions"] == 1
    (rec,) = load_results(path)
    assert rec["index"] == 0 and rec["cards"] == 3 and rec["what"] == "solve" and rec["nodes"] > 0
    assert rec["python"] and rec["cpu"] and rec["seconds"] > 0 and rec["solver"] == solver_stamp()
    # the second run solves only the five positions still missing, and the figures cover all six
    whole = run_size(3, count=6, seed=2, results=path)
    recs = load_results(path)
    assert [r["index"] for r in recs] == [0, 1, 2, 3, 4, 5] and whole["positions"] == 6
    fresh = run_size(3, count=6, seed=2)
    assert whole["results"] == fresh["results"] and whole["nodes_max"] == fresh["nodes_max"]
    # each line's position is the one the seeded sequence deals, and it solves to the recorded value
    rules = Rules.preset("podkidnoy", players=2)
    rng = random.Random("2:podkidnoy:3")
    for r in recs:
        p = random_endgame(rules, 3, 3, rng)
        assert r["digest"] == digest(str(p)) and solve_one("podkidnoy", str(p))[1:] == (r["nodes"], r["value"])
    # a third run has nothing left to solve; other sizes and seeds in the same file are kept apart
    assert run_size(3, count=6, seed=2, results=path)["this_run_s"] == 0.0
    assert run_size(3, count=2, seed=9, results=path)["positions"] == 2 and len(load_results(path)) == 8
    assert main(["--sizes", "3", "--count", "6", "--seed", "2", "--results", path]) == 0
    assert " 6 " in capsys.readouterr().out.splitlines()[3]


def test_a_results_file_from_another_version_or_malformed_is_refused(tmp_path):
    path = tmp_path / "solver.jsonl"
    run_size(3, count=2, seed=2, results=str(path))
    lines = path.read_text().splitlines()
    other = json.loads(lines[1])
    other["digest"] = json.loads(lines[0])["digest"]
    path.write_text(lines[0] + "\n" + json.dumps(other) + "\n")
    with pytest.raises(ValueError, match="position 1 of 3\\+3 is not the one"):
        run_size(3, count=2, seed=2, results=str(path))
    path.write_text(lines[0] + "\n{not json\n")
    with pytest.raises(ValueError, match="line 2: not JSON"):
        load_results(str(path))
    path.write_text(json.dumps({"preset": "podkidnoy"}) + "\n")
    with pytest.raises(ValueError, match="line 1: no cards, digest, index"):
        load_results(str(path))


def test_lines_of_another_solver_version_are_solved_again_and_not_counted(tmp_path, capsys):
    path = tmp_path / "solver.jsonl"
    run_size(3, count=3, seed=4, results=str(path))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[1]["solver"] = "000000000000"
    lines[1]["nodes"] = 10 ** 9  # would show in the figures if it counted
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    r = run_size(3, count=3, seed=4, results=str(path))
    assert r["other_solver_lines"] == 1 and r["positions"] == 3 and r["nodes_max"] < 10 ** 9
    assert r["this_run_s"] > 0  # the stale position was solved again
    assert main(["--sizes", "3", "--count", "3", "--seed", "4", "--results", str(path)]) == 0
    assert "1 lines of the results file came from another version of the solver" in capsys.readouterr().out


def test_a_report_of_lines_from_an_earlier_solver_says_so(tmp_path, capsys):
    path = tmp_path / "solver.jsonl"
    run_size(3, count=3, seed=4, results=str(path))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for r in lines:
        r["solver"] = "000000000000"
    lines[2]["digest"] = "0" * 16  # a line of another deal is left out
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    r = run_size(3, count=3, seed=4, results=str(path), solve=False)
    assert r["positions"] == 2 and not r["current_solver"] and r["solver"] == "000000000000"
    assert r["this_run_s"] == 0 and len(load_results(str(path))) == 3  # nothing solved
    assert main(["--sizes", "3", "--count", "3", "--seed", "4", "--results", str(path), "--report"]) == 0
    out = capsys.readouterr().out
    assert "measured by an earlier version of the solver (000000000000" in out
    # measuring, not reporting: the earlier lines are solved again
    r = run_size(3, count=3, seed=4, results=str(path))
    assert r["current_solver"] and r["positions"] == 3 and r["other_solver_lines"] == 3


def test_the_solver_stamp_covers_every_module_of_the_solver_and_its_tables():
    from durak_lab.analysis.solver import tables as solver_tables
    from durak_lab.engine.kernel import endgame as kernel_endgame

    folder = Path(solver_tables.__file__).parent
    files = [folder / n for n in ("__init__.py", "dense.py", "endgame.py", "exact.py", "keys.py", "model.py", "moves.py",
                                  "reduce.py", "search.py", "solution.py", "stack.py", "tables.py", "talon.py")]
    assert sorted(folder.glob("*.py")) == files
    source = b"".join(f.read_bytes() for f in files + [Path(kernel_endgame.__file__)])
    source += b"".join(Path(solver_tables.shipped_path(n)).read_bytes() for n in solver_tables.SHIPPED)
    assert len(solver_tables.SHIPPED) >= 2
    assert solver_stamp() == hashlib.sha256(source).hexdigest()[:12]


def test_report_prints_the_figures_of_a_results_file_without_solving(tmp_path, capsys):
    path = str(tmp_path / "solver.jsonl")
    run_size(3, count=4, seed=6, results=path)
    before = len(load_results(path))
    assert main(["--sizes", "3", "--count", "8", "--seed", "6", "--results", path, "--report"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3].split()[:2] == ["3+3", "4/8"] and len(load_results(path)) == before  # nothing solved
    assert main(["--sizes", "2", "--seed", "6", "--results", path, "--report"]) == 2
    assert "no solve of 2+2 podkidnoy positions" in capsys.readouterr().err
    # a size not measured yet is left out of the table, with a word on stderr
    assert main(["--sizes", "2,3", "--count", "8", "--seed", "6", "--results", path, "--report"]) == 0
    captured = capsys.readouterr()
    assert "no solve of 2+2" in captured.err and captured.out.splitlines()[3].split()[0] == "3+3"
    with pytest.raises(SystemExit):
        main(["--sizes", "3", "--report"])


def test_a_long_run_is_announced_with_a_word_on_resuming(monkeypatch, capsys):
    import durak_lab.cli.solver_bench as sb

    fake = run_size(2, count=3)
    monkeypatch.setattr(sb, "run_size", lambda n, *args, **kwargs: dict(fake, cards=n))
    assert main(["--sizes", "8", "--count", "1000"]) == 0
    err = capsys.readouterr().err
    assert ("1000 positions of 8+8 cards take a long while (8+8: over a second each on average with the endgame "
            "tables, about half an hour in all); --results FILE keeps every solve") in err
    assert main(["--sizes", "8", "--count", "1000", "--results", "x.jsonl"]) == 0
    err = capsys.readouterr().err
    assert "take a long while" in err and "--results FILE" not in err
    assert main(["--sizes", "7", "--count", "1000"]) == 0
    assert "take a long while" not in capsys.readouterr().err
