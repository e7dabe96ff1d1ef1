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


def test_bench_json_has_the_kernel_beside_the_reference(capsys):
    assert bench.main(["--games", "3", "--json", "--clock", "cpu"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(r["preset"], r["players"]) for r in data["kernel"]] == list(bench.CASES)
    # the kernel plays the same seeded games: the same number of actions
    assert [r["actions"] for r in data["kernel"]] == [r["actions"] for r in data["results"]]
    assert len(data["kernel_speedup"]) == len(bench.CASES) and data["clock"] == "cpu"


def test_bench_verify_and_kernel_only(capsys):
    assert bench.main(["--games", "2", "--verify", "1", "--engine", "kernel"]) == 0
    out = capsys.readouterr().out
    assert "the kernel agrees" in out and "perevodnoy" in out and "reference engine (Position)" not in out


def test_bench_verify_reports_a_difference(capsys, monkeypatch):
    import durak_lab.engine.kernel.check as check
    from durak_lab.engine import kernel

    monkeypatch.setattr(check, "legal_moves", lambda k: kernel.legal_moves(k)[::-1])
    assert bench.main(["--games", "2", "--verify", "1"]) == 1
    assert "differ" in capsys.readouterr().err


def test_bench_greedy_times_both_loops_on_the_same_games(capsys):
    assert bench.main(["--greedy", "--games", "3", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "listing games/s" in out and "greedy games/s" in out and "podkidnoy          6" in out
    assert bench.main(["--greedy", "--games", "2", "--repeat", "1", "--json", "--clock", "cpu"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {(r["preset"], r["players"]) for r in data["greedy"]} >= set(bench.CASES)
    assert all(r["games"] == 2 and r["moves"] > 0 and r["speedup"] > 0 for r in data["greedy"])


def test_bench_greedy_catches_loops_that_differ(monkeypatch, capsys):
    import durak_lab.engine.kernel.rollout as kg

    real = kg.greedy_run

    def wrong(cfg, st, limit=-1):
        fields, steps = real(cfg, st, limit)
        return fields, steps + 1

    monkeypatch.setattr(kg, "greedy_run", wrong)
    assert bench.main(["--greedy", "--games", "2", "--repeat", "1"]) == 1
    assert "podkidnoy, 2 players, game 0: the greedy loops differ" in capsys.readouterr().err
