"""The durak-lab command line: in-process through main(argv), and as ``python -m durak_lab``.

Exit status 0 when a replay goes as recorded, 1 at an unexpected illegal move,
2 for a malformed record, an unknown id or bad arguments.
"""

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from durak_lab.cli import main
from durak_lab.engine.records import example_ids, load_example

REPO = Path(__file__).resolve().parents[2]
TEN = ["EX-KO-DEAL", "EX-KO-1", "EX-KO-2", "EX-ZH-OPEN", "EX-ZH-BOUT", "EX-HE-BOUT", "EX-HE-TAKE",
       "EX-HE-TRANSFER", "EX-HE-PUSH", "EX-HE-SIMPLE", "EX-FI-PAIRS"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, data, name="rec.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def zh_with(**changes):
    data = load_example("EX-ZH-BOUT").to_dict()
    data.update(changes)
    return data


# ------------------------------------------------------------ examples
def test_examples_lists_every_worked_example_with_its_title(capsys):
    code, out, err = run(capsys, "examples")
    assert code == 0 and err == ""
    lines = out.strip().splitlines()
    ids = [line.split()[0] for line in lines]
    assert set(TEN) <= set(ids) and ids == example_ids()
    assert any(line.startswith("EX-ZH-BOUT") and "a full 4-player bout" in line for line in lines)


def test_examples_json(capsys):
    code, out, _ = run(capsys, "examples", "--json")
    items = json.loads(out)
    assert code == 0 and [i["id"] for i in items] == example_ids()
    assert all(i["title"].startswith(i["id"]) and i["rule_ids"] for i in items)


# ------------------------------------------------------------ replay: exit 0
def test_replay_prints_moves_tables_narration_events_and_result(capsys):
    code, out, err = run(capsys, "replay", "EX-ZH-BOUT")
    assert code == 0 and err == ""
    assert "6. P1 cover 8♣ with Q♣" in out
    assert "table: 7♥/10♥ 10♦/8♠ 8♣" in out
    assert "P2 throws in the 10♦" in out  # narration
    tail = out[out.index("6. P1 cover 8♣ with Q♣"):]
    order = [tail.index(s) for s in ("bito", "P4 draws", "P2 draws", "P3 draws", "P1 draws",
                                     "P1 leads against P2")]
    assert order == sorted(order)
    assert out.rstrip().endswith("result: the game goes on; P1 attacks P2")


@pytest.mark.parametrize("ex_id", ["ex-zh-bout", "Ex-Zh-Bout", "EX-ZH-BOUT"])
def test_replay_ids_are_case_insensitive(capsys, ex_id):
    assert run(capsys, "replay", ex_id)[0] == 0


@pytest.mark.parametrize("ex_id", example_ids())
def test_replay_every_example_exits_0(capsys, ex_id):
    code, out, err = run(capsys, "replay", ex_id)
    assert code == 0, err
    assert out.startswith(ex_id)


def test_replay_json_fields(capsys):
    code, out, _ = run(capsys, "replay", "ex-zh-bout", "--json")
    d = json.loads(out)
    assert code == 0 and d["ok"] is True
    assert d["moves_applied"] == 6 and d["result"] is None
    assert (d["attacker"], d["defender"]) == ("P1", "P2")
    assert sorted(d["hands"]) == ["P1", "P2", "P3", "P4"] and all(len(h) == 6 for h in d["hands"].values())
    assert d["table"] == [] and d["talon"] == 6 and d["discard"] == 6
    last = d["steps"][-1]
    assert [e["kind"] for e in last["events"]] == ["bito", "draw", "draw", "draw", "draw", "bout"]
    assert [e["seat"] for e in last["events"] if e["kind"] == "draw"] == ["P4", "P2", "P3", "P1"]
    assert "reason" not in d


def test_replay_json_table_of_an_open_bout(capsys):
    code, out, _ = run(capsys, "replay", "EX-HE-BOUT", "--json")
    d = json.loads(out)
    assert code == 0
    assert d["table"] == [{"attack": "6♦", "cover": "10♦"}, {"attack": "10♥", "cover": "Q♥"}]


def test_replay_expected_illegal_move_exits_0_with_its_reason(capsys):
    code, out, err = run(capsys, "replay", "EX-HE-PUSH", "--json")
    d = json.loads(out)
    assert code == 0 and d["ok"] is True and d["moves_applied"] == 2
    assert d["move"] == "P3 attack Q♦"
    assert d["reason"]["code"] == "rank-not-on-table" and "Q" in d["reason"]["message"]
    code, out, _ = run(capsys, "replay", "EX-HE-PUSH")
    assert code == 0 and "rejected (rank-not-on-table)" in out


def test_replay_json_result_of_a_finished_game(capsys, tmp_path):
    data = {"format": "durak-lab/1", "rules": {"preset": "classic", "players": 2},
            "start": {"trump": "♥", "hands": {"P1": ["7♦"], "P2": ["Q♦", "9♣"]}, "discard": "rest",
                      "attacker": "P1"},
            "moves": ["P1 attack 7♦", "P2 cover 7♦ with Q♦"]}
    code, out, _ = run(capsys, "replay", write(tmp_path, data), "--json")
    assert code == 0 and json.loads(out)["result"] == "P2"


def test_replay_json_result_of_a_team_game_is_a_list(capsys, tmp_path):
    data = {"format": "durak-lab/1", "rules": {"preset": "pairs"},
            "start": {"trump": "♥", "hands": {"P1": ["7♦"], "P2": ["Q♦", "9♣"], "P3": [], "P4": ["6♠"]},
                      "discard": "rest", "attacker": "P1"},
            "moves": ["P1 attack 7♦", "P2 cover 7♦ with Q♦"], "result": ["P2", "P4"]}
    code, out, err = run(capsys, "replay", write(tmp_path, data), "--json")
    assert code == 0, err
    assert json.loads(out)["result"] == ["P2", "P4"]


# ------------------------------------------------------------ replay: exit 1
def test_replay_unexpected_illegal_move_exits_1_with_reason(capsys, tmp_path):
    data = zh_with()
    data["moves"][2] = "P2 attack 9♦"  # no 9 on the table
    code, out, err = run(capsys, "replay", write(tmp_path, data))
    assert code == 1
    assert "rank-not-on-table" in out and "rank-not-on-table" in err
    assert "moves[2]" in err
    code, out, _ = run(capsys, "replay", write(tmp_path, data), "--json")
    d = json.loads(out)
    assert code == 1 and d["ok"] is False and d["moves_applied"] == 2
    assert d["move"] == "P2 attack 9♦" and d["reason"]["code"] == "rank-not-on-table"
    assert d["expected"] is False


def test_replay_marked_illegal_but_legal_exits_1(capsys, tmp_path):
    data = zh_with()
    data["moves"][2] = {"move": "P2 attack 10♦", "illegal": True}
    code, _, err = run(capsys, "replay", write(tmp_path, data))
    assert code == 1 and "marked illegal" in err


def test_replay_wrong_expected_result_exits_1(capsys, tmp_path):
    code, _, err = run(capsys, "replay", write(tmp_path, zh_with(result="P3")))
    assert code == 1 and "result" in err


# ------------------------------------------------------------ replay: exit 2
def test_replay_malformed_record_exits_2_naming_the_card(capsys, tmp_path):
    data = zh_with()
    data["start"]["hands"]["P2"][3] = "X9"
    code, out, err = run(capsys, "replay", write(tmp_path, data))
    assert code == 2 and out == ""
    assert "hands.P2[3]: 'X9' is not a card" in err


def test_replay_unknown_key_exits_2(capsys, tmp_path):
    data = zh_with()
    data["start"]["colour"] = "red"
    code, _, err = run(capsys, "replay", write(tmp_path, data))
    assert code == 2 and "start.colour: unknown key" in err


def test_replay_bad_json_exits_2_with_line_and_column(capsys, tmp_path):
    code, _, err = run(capsys, "replay", write(tmp_path, '{"format": "durak-lab/1",\n  "rules": }'))
    assert code == 2 and "line 2, column" in err


def test_replay_unknown_id_exits_2(capsys):
    code, out, err = run(capsys, "replay", "EX-NOPE")
    assert code == 2 and out == "" and "EX-NOPE" in err and "no such worked example" in err


def test_replay_missing_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nothing.json"))
    assert code == 2 and "nothing.json" in err


def test_bad_arguments_exit_2(capsys):
    assert run(capsys, "replay")[0] == 2
    assert run(capsys, "dance")[0] == 2
    assert run(capsys)[0] == 2


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "replay" in out and "examples" in out and "bench" in out


# ------------------------------------------------------------ show
def test_show_prints_canonical_json(capsys):
    code, out, _ = run(capsys, "show", "ex-ko-2")
    assert code == 0
    assert out.strip() == load_example("EX-KO-2").dump()


# ------------------------------------------------------------ bench
def test_bench_passes_its_arguments_on(capsys, monkeypatch):
    seen = []
    fake = types.ModuleType("durak_lab.cli.bench")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "durak_lab.cli.bench", fake)
    import durak_lab.cli

    monkeypatch.setattr(durak_lab.cli, "bench", fake, raising=False)
    assert main(["bench", "--games", "3", "--help"]) == 0
    assert seen == [["--games", "3", "--help"]]


def test_bench_missing_breaks_only_that_subcommand(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "durak_lab.cli.bench", None)  # import fails
    import durak_lab.cli

    monkeypatch.delattr(durak_lab.cli, "bench", raising=False)
    code, _, err = run(capsys, "bench")
    assert code == 2 and "bench" in err
    assert run(capsys, "replay", "EX-KO-1")[0] == 0


# ------------------------------------------------------------ a real process
def module_run(*args):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "durak_lab", *args], cwd=REPO, capture_output=True,
                          text=True, encoding="utf-8", timeout=120, env=env)


def test_python_m_durak_lab_replay_json():
    proc = module_run("replay", "EX-ZH-BOUT", "--json")
    assert proc.returncode == 0, proc.stderr
    d = json.loads(proc.stdout)
    assert d["ok"] and d["attacker"] == "P1" and d["defender"] == "P2"


def test_python_m_durak_lab_exit_codes(tmp_path):
    assert module_run("examples").returncode == 0
    proc = module_run("replay", "ex-nope")
    assert proc.returncode == 2 and "ex-nope" in proc.stderr
    data = zh_with()
    data["moves"][4] = "P3 attack 9♥"
    proc = module_run("replay", write(tmp_path, data))
    assert proc.returncode == 1 and "rank-not-on-table" in proc.stderr
