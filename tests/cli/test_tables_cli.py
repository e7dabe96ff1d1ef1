"""``durak-lab tables info|build|check`` (durak_lab.cli.tables) and ``durak-lab bench solver --no-tables``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from durak_lab.analysis.solver.tables import SHIPPED, EndgameTable, bout_start, shipped_path
from durak_lab.cli import main
from durak_lab.cli import tables as tables_cli
from durak_lab.cli.solver_bench import load_results, run_size


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------ info
@pytest.mark.parametrize("argv", [("tables", "info"), ("tables",)])
def test_info_describes_every_shipped_table(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2 * len(SHIPPED)
    for i, name in enumerate(SHIPPED):
        t = EndgameTable.load(shipped_path(name))
        c = t.counts()
        head, body = lines[2 * i], lines[2 * i + 1]
        assert head.startswith(f"{name}.dtb: the endgame rules of {name}")
        dense = f" ({t.dense.low} to {t.dense.high} in a dense array)" if t.dense is not None else ""
        assert head.endswith(f"(two players), up to {t.max_cards} cards in play{dense}")
        assert body == (f"  {len(t)} positions: {c['loss']} losses, {c['draw']} draws, {c['win']} wins for the "
                        f"attacker; {os.path.getsize(shipped_path(name)) / 1000:.1f} kB")
    # podkidnoy's endgame rules are also those of the neighbours preset (who throws in does not matter to two)
    assert "podkidnoy, classic, neighbours, by_turns (two players)" in lines[0]


# ------------------------------------------------------------ build
@pytest.mark.parametrize("preset", SHIPPED)
def test_build_a_small_table_equals_the_shipped_one_up_to_four_cards(tmp_path, capsys, preset):
    path = tmp_path / f"{preset}.dtb"
    code, out, err = run(capsys, "tables", "build", preset, "--max-cards", "4", "--out", str(path))
    assert code == 0
    assert out.startswith(f"wrote {path}: ") and "up to 4 cards in play" in out
    progress = err.splitlines()
    assert len(progress) == 4 and all(f"{preset}, {n} cards in play: " in line
                                      for n, line in enumerate(progress, 1))
    small = EndgameTable.load(str(path))
    shipped = EndgameTable.load(shipped_path(preset))
    assert small.max_cards == 4 and small.signature == shipped.signature
    assert small.values == {k: v for k, v in shipped.values.items() if bin(k).count("1") <= 4}
    assert f"{len(small)} positions" in out


@pytest.mark.parametrize("preset, words", [
    ("nope", "'nope' is not a preset"),
    ("unlimited", "outside the solver's domain"),      # hand_limit='none'
    ("finnish_choice", "outside the solver's domain"),  # the defender chooses what to beat
    ("pushing", "outside the solver's domain"),
    ("pairs", "teams"),                                 # no two-player game at all
])
def test_build_refuses_an_unknown_preset_or_rules_outside_the_domain(tmp_path, capsys, preset, words):
    code, out, err = run(capsys, "tables", "build", preset, "--max-cards", "2", "--out", str(tmp_path / "t.dtb"))
    assert code == 2 and out == "" and not (tmp_path / "t.dtb").exists()
    (line,) = err.splitlines()
    assert line.startswith(f"durak-lab tables build: {preset}: ") and words in line


def test_build_needs_out_for_a_preset_with_no_shipped_table(capsys, monkeypatch):
    # every preset the solver plays has a shipped table: pretend podkidnoy's (classic's too) is not
    monkeypatch.setattr(tables_cli, "SHIPPED", ("perevodnoy",))
    before = Path(shipped_path("podkidnoy")).read_bytes()
    code, out, err = run(capsys, "tables", "build", "classic", "--max-cards", "2")
    assert code == 2 and out == "" and "give --out FILE" in err
    assert Path(shipped_path("podkidnoy")).read_bytes() == before
    code, _, err = run(capsys, "tables", "build", "podkidnoy", "--max-cards", "0")
    assert code == 2 and "at least 1" in err


# ------------------------------------------------------------ check
def test_check_a_sample_of_every_shipped_table(capsys):
    code, out, err = run(capsys, "tables", "check", "--sample", "20", "--seed", "4")
    assert code == 0 and err == ""
    assert out.splitlines() == [f"{name}.dtb: 20 of 20 sampled positions agree with the search without tables "
                                "(seed 4)" for name in SHIPPED]
    code, out, _ = run(capsys, "tables", "check", "perevodnoy", "--sample", "20")
    assert code == 0 and out.startswith("perevodnoy.dtb: 20 of 20")


def test_check_names_the_first_disagreement(tmp_path, capsys, monkeypatch):
    t = EndgameTable.load(shipped_path("podkidnoy"))
    wrong = EndgameTable(t.signature, t.max_cards, {k: (1 if v < 1 else -1) for k, v in t.values.items()})
    wrong.save(str(tmp_path / "podkidnoy.dtb"))
    monkeypatch.setattr(tables_cli, "shipped_path", lambda name: str(tmp_path / f"{name}.dtb"))
    code, out, err = run(capsys, "tables", "check", "podkidnoy", "--sample", "5")
    assert code == 1
    assert out == "podkidnoy.dtb: 0 of 5 sampled positions agree with the search without tables (seed 0)\n"
    (line,) = err.splitlines()
    assert line.startswith("durak-lab tables check: podkidnoy.dtb: key 0x") and "attacker " in line
    assert "the table says" in line and "the search says" in line


def test_check_refuses_a_table_that_is_not_shipped(capsys):
    code, out, err = run(capsys, "tables", "check", "classic")
    assert code == 2 and out == "" and "no shipped table classic" in err


def test_key_decoding_round_trips_through_the_canonical_key():
    from durak_lab.analysis.solver.keys import _canonical

    canon = _canonical(0)
    t = EndgameTable.load(shipped_path("perevodnoy"))
    for key in sorted(t.values)[::997]:
        a, d = bout_start(key)
        assert a & d == 0 and a and d and canon(a, d, 0) == key


# ------------------------------------------------------------ bench solver --no-tables
def test_bench_without_tables_searches_at_least_as_many_positions(capsys):
    sizes = {}
    for flag in ((), ("--no-tables",)):
        code, out, _ = run(capsys, "bench", "solver", *flag, "--sizes", "4", "--count", "5", "--json")
        assert code == 0
        data = json.loads(out)
        assert data["tables"] is not bool(flag)
        (sizes[bool(flag)],) = data["sizes"]
        assert sizes[bool(flag)]["tables"] is not bool(flag)
    with_t, without = sizes[False], sizes[True]
    assert with_t["results"] == without["results"] and without["positions"] == with_t["positions"] == 5
    assert without["nodes_median"] >= with_t["nodes_median"] and without["nodes_max"] >= with_t["nodes_max"]
    code, out, _ = run(capsys, "bench", "solver", "--no-tables", "--sizes", "2", "--count", "2")
    assert code == 0 and out.splitlines()[0].endswith("; without endgame tables (the search alone)")
    code, out, _ = run(capsys, "bench", "solver", "--sizes", "2", "--count", "2")
    assert code == 0 and out.splitlines()[0].endswith("; with the endgame tables")


def test_a_results_file_keeps_the_two_settings_apart(tmp_path):
    path = str(tmp_path / "solver.jsonl")
    with_t = run_size(4, count=5, seed=1, results=path)
    without = run_size(4, count=5, seed=1, results=path, tables=False)
    recs = load_results(path)
    assert [r["tables"] for r in recs] == [True] * 5 + [False] * 5
    on = {r["index"]: r for r in recs if r["tables"]}
    off = {r["index"]: r for r in recs if not r["tables"]}
    assert all(on[i]["value"] == off[i]["value"] for i in range(5))
    assert sum(r["nodes"] for r in off.values()) >= sum(r["nodes"] for r in on.values())
    assert with_t["other_solver_lines"] == without["other_solver_lines"] == 0
    # both resume from their own lines; a line without "tables" is the search alone (older solvers had none)
    assert run_size(4, count=5, seed=1, results=path)["this_run_s"] == 0.0
    with open(path, "w", encoding="utf-8") as fh:
        for r in recs:
            if not r["tables"]:
                del r["tables"]
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    again = run_size(4, count=5, seed=1, results=path, tables=False)
    assert again["this_run_s"] == 0.0 and again["positions"] == 5 and again["nodes_max"] == without["nodes_max"]
