"""``durak-lab bench rl`` and ``durak-lab bench ladder``: their figures as JSON, and a clear
one-line refusal of what they cannot do."""

from __future__ import annotations

import json

import pytest

from durak_lab.cli.bench import main as bench


def test_bench_rl_json(capsys):
    pytest.importorskip("pyspiel")
    assert bench(["rl", "--games", "2", "--rounds", "1", "--json", "--cases", "kernel,engine,views,openspiel"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["case"] for r in out["rows"]] == ["kernel", "engine", "views", "openspiel"]
    assert all(r["moves"] > 20 and r["moves_per_s"] > 0 for r in out["rows"])
    # the engine and its views play the same games: the same moves
    rows = {r["case"]: r for r in out["rows"]}
    assert rows["engine"]["moves"] == rows["views"]["moves"]


@pytest.mark.parametrize("argv,words", [(["--cases", "chess"], "chess"), (["--players", "9"], "players"),
                                        (["--preset", "x"], "preset")])
def test_bench_rl_refuses(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        bench(["rl", *argv])
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_bench_ladder_json(capsys):
    assert bench(["ladder", "--bots", "random,tips,greedy+save,greedy", "--deals", "4", "--workers", "1",
                  "--boot", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 * 6 * 2  # six pairs, each deal played once per seat
    assert {r["bot"] for r in out["rows"]} == {"random", "tips", "greedy+save", "greedy"}
    greedy = next(r for r in out["rows"] if r["bot"] == "greedy")
    assert greedy["rating"] == 1000.0 and all(r["low"] <= r["rating"] <= r["high"] for r in out["rows"])
    assert set(out["pairs"]) == {"greedy v greedy+save", "greedy v random", "greedy v tips", "greedy+save v random",
                                 "greedy+save v tips", "random v tips"}
    assert all(v["meetings"] == 8 for v in out["pairs"].values())


@pytest.mark.parametrize("argv,words", [(["--bots", "greedy,chess"], "no bot 'chess'"),
                                        (["--bots", "greedy,tips", "--anchor", "expert"], "--anchor"),
                                        (["--bots", "greedy,greedy"], "different bots"),
                                        (["--bots", "greedy,tips", "--players", "3"], "3 different bots"),
                                        (["--bots", "greedy,tips,random", "--preset", "pairs", "--players", "3"],
                                         "pairs")])
def test_bench_ladder_refuses(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        bench(["ladder", *argv])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and words in err and "Traceback" not in err


def test_bench_ladder_keeps_its_games_and_resumes(tmp_path, capsys):
    # --results keeps every game; a second run with more deals and another bot plays only the new games,
    # and its ladder is the one a run without the file gives (the same games, the same ratings)
    f = tmp_path / "ladder.jsonl"
    common = ["--workers", "1", "--boot", "20", "--json", "--seed", "3"]
    assert bench(["ladder", "--bots", "random,beginner[slip=1],greedy", "--deals", "2", "--results", str(f),
                  *common]) == 0
    capsys.readouterr()
    first = f.read_text(encoding="utf-8").splitlines()
    assert len(first) == 2 * 3 * 2 and all(json.loads(x)["run_seed"] == 3 for x in first)
    assert bench(["ladder", "--bots", "random,beginner[slip=1],greedy,tips", "--deals", "3", "--results", str(f),
                  *common]) == 0
    resumed = json.loads(capsys.readouterr().out)
    lines = f.read_text(encoding="utf-8").splitlines()
    assert lines[:len(first)] == first and len(lines) == 3 * 6 * 2  # only the new games were added
    assert bench(["ladder", "--bots", "random,beginner[slip=1],greedy,tips", "--deals", "3", *common]) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert resumed["rows"] == fresh["rows"] and resumed["pairs"] == fresh["pairs"]
    # a line that cannot be read back: a one-line refusal naming the file, nothing played
    f.write_text(f.read_text(encoding="utf-8") + '{"preset": "podkidnoy", "players": 2, "run_seed": 3, "deal": 0, '
                 '"seats": ["greedy", "tips"], "moves": ["P1 fly"]}\n', encoding="utf-8")
    before = f.read_text(encoding="utf-8")
    assert bench(["ladder", "--bots", "greedy,tips", "--deals", "3", "--results", str(f), *common]) == 2
    err = capsys.readouterr().err
    assert "ladder.jsonl" in err and "cannot be read back" in err and "Traceback" not in err
    assert f.read_text(encoding="utf-8") == before
