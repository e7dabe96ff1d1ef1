"""The benchmarks' own result files are read like every other file of the package (issue 35): a
broken line, 100k-deep nesting, a 5,000-digit number or Latin-1 bytes give one line naming the file
(and the line) and exit 2, never a traceback; a byte-order mark is read."""

from __future__ import annotations

import json

import pytest

from durak_lab.cli.app import main
from durak_lab.cli.commands import ResultsError, read_json_file, read_json_lines
from durak_lab.cli.solver_bench import load_results

GOOD = json.dumps({"bot": "greedy", "vs": "random", "deal": 0, "rotation": 0})
BAD_LINES = {
    "broken": GOOD + "\n{\"bot\": \n",
    "deep": GOOD + "\n" + "[" * 100_000 + "]" * 100_000 + "\n",
    "digits": GOOD + "\n{\"deal\": " + "9" * 5000 + "}\n",
    "not an object": GOOD + "\n[1, 2]\n",
}


@pytest.mark.parametrize("name", list(BAD_LINES))
def test_a_bad_line_names_the_file_and_the_line(tmp_path, name):
    path = tmp_path / "results.jsonl"
    path.write_text(BAD_LINES[name], encoding="utf-8")
    with pytest.raises(ResultsError) as err:
        read_json_lines(str(path))
    assert str(err.value).startswith(f"{path}, line 2: ")


def test_latin1_bytes_and_a_byte_order_mark(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_bytes(b'{"name": "caf\xe9"}\n')
    with pytest.raises(ResultsError) as err:
        read_json_lines(str(path))
    assert "not UTF-8" in str(err.value) and str(err.value).startswith(f"{path}: ")  # the file, not "line 0"
    path.write_bytes(b"x" * (1 << 21))
    with pytest.raises(ResultsError) as err:
        read_json_lines(str(path), most=1 << 20)
    assert str(err.value).startswith(f"{path}: ") and "line" not in str(err.value)
    path.write_bytes("\ufeff".encode("utf-8") + GOOD.encode("utf-8") + b"\n")
    assert read_json_lines(str(path)) == [json.loads(GOOD)]
    path.write_text(GOOD + "\n", encoding="utf-16")
    assert read_json_lines(str(path)) == [json.loads(GOOD)]
    rows = tmp_path / "rows.json"
    rows.write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(ResultsError):
        read_json_file(str(rows))


@pytest.mark.parametrize("name", list(BAD_LINES))
def test_bench_bots_says_one_line_and_exits_2(tmp_path, capsys, name):
    path = tmp_path / "results.jsonl"
    path.write_text(BAD_LINES[name], encoding="utf-8")
    code = main(["bench", "bots", "--bot", "greedy", "--vs", "random", "--deals", "1", "--results", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    assert err.strip().count("\n") == 0 and f"{path}, line 2: " in err


def test_a_results_file_past_a_teachers_file_bound_is_read_and_added_to(tmp_path, capsys):
    """A results file of thousands of games (3.5 MB for the 2-player table) is read back past the
    1 MiB bound of a teacher's file, and ``bench bots --results`` goes on adding to it."""
    path = tmp_path / "results.jsonl"
    row = {"bot": "greedy", "vs": "random", "preset": "simple", "players": 2, "run_seed": 9, "deal": 0,
           "rotation": 0, "seats": ["greedy", "random"], "losers": [1], "unfinished": False, "moves": 40,
           "seconds": 0.01, "choices": 10, "bot_moves": 20, "pad": "x" * 200}
    lines = [json.dumps({**row, "deal": d}) for d in range(6000)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.stat().st_size > 1 << 20
    assert len(read_json_lines(str(path))) == 6000
    code = main(["bench", "bots", "--bot", "greedy", "--vs", "random", "--deals", "1", "--preset", "simple",
                 "--workers", "1", "--results", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    assert len(read_json_lines(str(path))) == 6002  # the new deal's two games, added


def test_the_solver_bench_results_reader_refuses_a_deep_line(tmp_path):
    path = tmp_path / "solver.jsonl"
    path.write_text(BAD_LINES["deep"], encoding="utf-8")
    with pytest.raises(ValueError) as err:
        load_results(str(path))
    assert "line 2: nested more than" in str(err.value)


def test_bench_evaluation_rows_file_broken(tmp_path, capsys):
    rows = tmp_path / "rows.json"
    rows.write_text("[[0.5, 1", encoding="utf-8")
    code = main(["bench", "evaluation", "--games", "1", "--rows", str(rows)])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err and f"{rows}, line 1: not JSON" in err


# ---------------------------------------------------------------- every benchmark that reads a file, from the command line
BOM = "\ufeff".encode("utf-8")
LINES_FILES = {  # the bytes of a results file (JSON lines) -> what the one line says
    "broken": ((GOOD + '\n{"bot": \n').encode("utf-8"), ", line 2: not JSON"),
    "deep": ((GOOD + "\n" + "[" * 100_000 + "]" * 100_000 + "\n").encode("utf-8"),
             ", line 2: nested more than 32 levels deep"),
    "digits": ((GOOD + '\n{"deal": ' + "9" * 5000 + "}\n").encode("utf-8"), ", line 2: a number of more than 40 digits"),
    "latin-1": (b'{"name": "caf\xe9"}\n', "not UTF-8 text (byte 0xe9): save the file as UTF-8"),
    "BOM, then a broken line": (BOM + (GOOD + '\n{"bot": \n').encode("utf-8"), ", line 2: not JSON"),
}
ROWS_FILES = {  # the bytes of bench evaluation's rows file (one JSON list of lists)
    "broken": (b"[[0.5, 1", ", line 1: not JSON"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, ": nested more than 32 levels deep"),
    "digits": (b"[[0.5, " + b"9" * 5000 + b"]]", ": a number of more than 40 digits"),
    "latin-1": (b'[["caf\xe9"]]', "not UTF-8 text (byte 0xe9): save the file as UTF-8"),
    "BOM, then a broken line": (BOM + b"[[0.5, 1],\n[", ", line 2: not JSON"),
}
COMMANDS = {
    "bots": (["bench", "bots", "--bot", "greedy", "--vs", "random", "--deals", "1", "--results"], LINES_FILES),
    "solver": (["bench", "solver", "--sizes", "2", "--count", "1", "--results"], LINES_FILES),
    "evaluation": (["bench", "evaluation", "--games", "1", "--speed", "0", "--no-review", "--rows"], ROWS_FILES),
}
CASES = [(bench, name) for bench, (_, files) in COMMANDS.items() for name in files]


@pytest.mark.parametrize("bench,name", CASES, ids=[f"{b}-{n}" for b, n in CASES])
def test_every_benchmark_says_one_line_naming_the_file_and_exits_2(tmp_path, capsys, bench, name):
    argv, files = COMMANDS[bench]
    data, words = files[name]
    path = tmp_path / "results.jsonl"
    path.write_bytes(data)
    code = main(argv + [str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"durak-lab bench {bench}: {path}")
    assert words in err and len(err) < 300


def test_a_results_file_with_a_byte_order_mark_is_read(tmp_path, capsys):
    path = tmp_path / "solver.jsonl"
    assert main(["bench", "solver", "--sizes", "2", "--count", "2", "--results", str(path), "--json"]) == 0
    kept = path.read_text(encoding="utf-8")
    path.write_bytes(BOM + kept.encode("utf-8"))
    capsys.readouterr()
    assert main(["bench", "solver", "--sizes", "2", "--count", "2", "--results", str(path), "--report", "--json"]) == 0
    assert '"positions": 2' in capsys.readouterr().out
    assert load_results(str(path)) == load_results_of(kept, tmp_path)


def load_results_of(text: str, folder) -> list:
    plain = folder / "plain.jsonl"
    plain.write_text(text, encoding="utf-8")
    return load_results(str(plain))
