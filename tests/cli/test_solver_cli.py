"""``durak-lab solve FILE [--json]`` (durak_lab.cli.solve, wired into durak_lab.cli)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from durak_lab.cli import main
from durak_lab.engine.game import Game
from durak_lab.engine.records import record_from_game
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import solve
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position

REPO = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, hands: dict, trump: str = "♠", attacker: str = "P1", moves: list = (),
          preset: str = "podkidnoy") -> Path:
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps({"format": "durak-lab/1", "rules": {"preset": preset, "players": 2},
                                "start": {"trump": trump, "hands": hands, "discard": "rest", "attacker": attacker,
                                          "first_bout": False},
                                "moves": list(moves)}, ensure_ascii=False), encoding="utf-8")
    return path


def test_json_is_exactly_value_best_moves_pv_nodes(tmp_path, capsys):
    path = write(tmp_path, {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, attacker="P2")
    assert main(["solve", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["value", "best_moves", "pv", "nodes"]
    p = Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠",
                       discard="rest", attacker=1, first_bout=False)
    s = solve(p)
    assert out == {"value": 1, "best_moves": ["P2 attack 8♥"], "pv": [str(m) for m in s.pv],
                   "nodes": s.nodes}


def test_text_names_the_result_the_best_and_the_worse_moves(tmp_path, capsys):
    path = write(tmp_path, {"P1": ["10♠", "Q♥", "7♣"], "P2": ["7♠", "6♥", "J♥"]}, trump="♥", preset="perevodnoy")
    assert main(["solve", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "after 0 moves: P1 10♠ Q♥ 7♣ | P2 7♠ 6♥ J♥"
    assert lines[1] == "P1 to act: win with best play (+1)"
    assert lines[2] == "best: P1 attack 7♣"
    assert lines[3] == "worse: P1 attack 10♠ (draw), P1 attack Q♥ (loss)"
    assert lines[4].startswith("line: P1 attack 7♣; ") and lines[5].startswith("positions searched: ")


def test_solves_after_the_moves_or_after_the_first_n(tmp_path, capsys):
    path = write(tmp_path, {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, attacker="P2",
                 moves=["P2 attack 7♦", "P1 cover 7♦ with 10♦"])
    assert main(["solve", str(path), "--json"]) == 0
    after_two = json.loads(capsys.readouterr().out)
    assert after_two["value"] == 1 and after_two["best_moves"] == ["P1 attack 6♦", "P1 attack 10♣"]
    assert main(["solve", str(path), "--json", "--after", "1"]) == 0
    after_one = json.loads(capsys.readouterr().out)
    assert after_one["value"] == 1 and after_one["best_moves"] == ["P1 cover 7♦ with 10♦"]
    assert main(["solve", str(path), "--after", "3"]) == 2
    assert "plays 2 moves, not 3" in capsys.readouterr().err


def test_refusals_say_why(tmp_path, capsys):
    assert main(["solve", "EX-ZH-BOUT"]) == 2
    assert "two players" in capsys.readouterr().err
    assert main(["solve", str(tmp_path / "missing.json")]) == 2
    assert "no such record file" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert main(["solve", str(tmp_path / "bad.json")]) == 2
    assert capsys.readouterr().err.startswith("durak-lab solve: ")


def test_node_limit_and_an_unexpected_illegal_move_give_status_one(tmp_path, capsys):
    p = random_endgame(Rules.preset("podkidnoy", players=2), 6, 6, random.Random(4))
    rec = record_from_game(Game(p))
    path = tmp_path / "six.json"
    rec.dump(path)
    assert main(["solve", str(path), "--max-nodes", "5"]) == 1
    assert "more than 5 positions" in capsys.readouterr().err
    path = write(tmp_path, {"P1": ["7♦", "9♣"], "P2": ["8♦", "6♥"]}, moves=["P1 attack 7♦", "P1 attack 9♣"])
    assert main(["solve", str(path), "--json"]) == 1
    captured = capsys.readouterr()
    # solved before the rejected move: P2 covers, bito, P2 leads the 6♥ that P1's 9♣ cannot beat
    assert json.loads(captured.out)["best_moves"] == ["P2 cover 7♦ with 8♦"]
    assert json.loads(captured.out)["value"] == 1
    assert "illegal" in captured.err


def test_the_installed_command_runs(tmp_path):
    path = write(tmp_path, {"P1": ["7♦"], "P2": ["8♦"]})
    proc = subprocess.run([sys.executable, "-m", "durak_lab", "solve", str(path), "--json"], cwd=REPO,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["value"], out["best_moves"]) == (0, ["P1 attack 7♦"])
    assert out["pv"] == ["P1 attack 7♦", "P2 cover 7♦ with 8♦"]
    assert isinstance(out["nodes"], int) and out["nodes"] >= 1


@pytest.mark.parametrize("args", [["--max-nodes", "0"], ["--after", "-1"]])
def test_bad_options(tmp_path, capsys, args):
    path = write(tmp_path, {"P1": ["7♦"], "P2": ["8♦"]})
    assert main(["solve", str(path), *args]) == 2


def test_a_position_text_is_solved_as_it_stands_also_mid_bout(capsys):
    rng = random.Random(8)
    for preset in ("podkidnoy", "perevodnoy"):
        p = random_endgame(Rules.preset(preset, players=2), 4, 4, rng)
        p = p.play(p.sequential_moves()[0])  # a lead: the defender is to act, mid-bout
        assert p.table
        assert main(["solve", str(p), "--json"]) == 0
        s = solve(p)
        assert json.loads(capsys.readouterr().out) == {"value": s.value, "best_moves": [str(m) for m in s.best_moves],
                                                        "pv": [str(m) for m in s.pv], "nodes": s.nodes}
        assert main(["solve", str(p)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0].startswith("the position: P1 ") and "; table " in lines[0]
        assert lines[1] == s.text().splitlines()[0]


def test_a_bad_position_text_or_after_with_a_position_is_refused(capsys):
    p = random_endgame(Rules.preset("podkidnoy", players=2), 3, 3, random.Random(1))
    assert main(["solve", str(p).replace("trump=", "trump=X")]) == 2
    assert capsys.readouterr().err.startswith("durak-lab solve: the position text: ")
    assert main(["solve", str(p), "--after", "0"]) == 2
    assert "a position text has no moves" in capsys.readouterr().err
    dealt = Position.deal(Rules.preset("podkidnoy", players=2), seed=3)
    assert main(["solve", str(dealt)]) == 2
    assert "the position: the talon still holds 24 cards" in capsys.readouterr().err
