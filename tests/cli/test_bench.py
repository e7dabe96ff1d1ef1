"""The benchmark command runs and reports figures (never asserted as timings)."""

import json

from durak_lab.cli import bench


def test_bench_prints_figures_with_machine(capsys):
    assert bench.main(["--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "Python" in out and "games/s" in out and "podkidnoy" in out and "perevodnoy" in out


def test_bench_json(capsys):
    assert bench.main(["--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {(r["preset"], r["players"]) for r in data["results"]} == set(bench.CASES)
    assert all(r["games"] == 2 and r["actions"] > 0 for r in data["results"])
    assert data["machine"]["python"]
