"""``durak-lab analyse FILE [--json]`` (durak_lab.cli.analyse, wired into durak_lab.cli)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from durak_lab.analysis.analyser import analyse_record
from durak_lab.cli import main
from durak_lab.engine.records import load_record, record_from_game
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import Solver
from durak_lab.engine.random_play import random_game

REPO = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, hands: dict, moves: list, trump: str = "♠", attacker: str = "P1",
          preset: str = "podkidnoy", players: int = 2) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "durak-lab/1", "rules": {"preset": preset, "players": players},
                                "start": {"trump": trump, "hands": hands, "discard": "rest", "attacker": attacker,
                                          "first_bout": False},
                                "moves": moves}, ensure_ascii=False), encoding="utf-8")
    return path


def test_text_judges_every_endgame_move_and_counts_the_mistakes(tmp_path, capsys):
    # P2 should lead the 8♥ (a win); the 7♦ lets P1 cover with the 10♦ and win instead
    path = write(tmp_path, {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, attacker="P2",
                 moves=["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦",
                        "P2 take"])
    assert main(["analyse", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "0 moves before the talon ran out; judged from move 1 on.",
        "1. P2 attack 7♦: mistake, the win becomes a loss; better: P2 attack 8♥",
        "2. P1 cover 7♦ with 10♦: best (keeps the win)",
        "3. P1 attack 10♣: best (keeps the win)",
        "4. P2 take: best (the loss was already certain)",
        "5. P1 attack 6♦: best (the only move; keeps the win)",
        "6. P2 take: best (the loss was already certain)",
        "mistakes: P2 1",
        "result: P2 is durak",
    ]


def test_json_is_the_analysis_of_the_record(tmp_path, capsys):
    game = random_game(Rules.preset("podkidnoy", players=2), seed=6)
    path = tmp_path / "random.json"
    record_from_game(game).dump(path)
    assert main(["analyse", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = analyse_record(load_record(str(path)), Solver())
    assert out == json.loads(json.dumps(expected.to_dict(), ensure_ascii=False))
    assert list(out) == ["first", "verdicts", "mistakes", "result", "nodes"]
    # random play: the talon runs out part-way, every later move is judged, some are mistakes
    assert 0 < out["first"] < len(game.moves) and len(out["verdicts"]) == len(game.moves) - out["first"]
    assert out["mistakes"] == sum(v["verdict"] == "mistake" for v in out["verdicts"]) > 0
    assert out["result"] == "P2 is durak"


def test_without_threads_the_node_limit_alone_bounds_it(tmp_path, capsys, monkeypatch):
    """Where no thread can start (JupyterLite's Pyodide) the --max-seconds clock is left out and the
    analysis still runs, each search bounded by --max-nodes."""
    import threading

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Timer, "start", no_threads)
    path = write(tmp_path, {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, attacker="P2",
                 moves=["P2 attack 7♦", "P1 cover 7♦ with 10♦"])
    assert main(["analyse", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "1. P2 attack 7♦: mistake, the win becomes a loss; better: P2 attack 8♥"


def test_a_node_limit_leaves_moves_unknown(tmp_path, capsys):
    game = random_game(Rules.preset("podkidnoy", players=2), seed=6)
    path = tmp_path / "random.json"
    record_from_game(game).dump(path)
    assert main(["analyse", str(path), "--json", "--max-nodes", "1"]) == 0
    verdicts = json.loads(capsys.readouterr().out)["verdicts"]
    assert "unknown" in {v["verdict"] for v in verdicts}


def test_refusals_say_why_and_an_illegal_move_gives_status_one(tmp_path, capsys):
    assert main(["analyse", "EX-ZH-BOUT"]) == 0  # four players, none out yet: nothing judged, no refusal
    assert "no move could be judged exactly" in capsys.readouterr().out
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "no such record file" in capsys.readouterr().err
    assert main(["analyse", "EX-KO-1", "--max-nodes", "0"]) == 2
    assert "--max-nodes: at least 1" in capsys.readouterr().err
    path = write(tmp_path, {"P1": ["7♦", "9♣"], "P2": ["8♦", "6♥"]}, moves=["P1 attack 7♦", "P1 attack 9♣"])
    assert main(["analyse", str(path)]) == 1
    captured = capsys.readouterr()
    # judged up to the rejected move, as a replay plays it (the 9♣, which P2 cannot beat, wins)
    assert captured.out.splitlines() == [
        "0 moves before the talon ran out; judged from move 1 on.",
        "1. P1 attack 7♦: mistake, the win becomes a loss; better: P1 attack 9♣",
        "mistakes: P1 1",
        "result: the game goes on",
    ]
    assert "9♣" in captured.err and "illegal" in captured.err


def test_the_installed_command_runs(tmp_path):
    path = write(tmp_path, {"P1": ["7♦"], "P2": ["8♦"]}, moves=["P1 attack 7♦", "P2 take"])
    proc = subprocess.run([sys.executable, "-m", "durak_lab", "analyse", str(path), "--json"], cwd=REPO,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [v["verdict"] for v in out["verdicts"]] == ["best", "mistake"]
    assert out["verdicts"][1]["better"] == ["P2 cover 7♦ with 8♦"] and out["mistakes"] == 1
