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
    assert "not UTF-8" in str(err.value)
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
