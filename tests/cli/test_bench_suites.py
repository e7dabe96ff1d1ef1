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
