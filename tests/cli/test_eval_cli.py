"""``durak-lab eval``, ``best`` and ``review`` (durak_lab.cli.evaluate, durak_lab.cli.review): the JSON
contracts, the exact case, seeded reproducibility, bad input, the seat filter and the reading."""

from __future__ import annotations

import io
import json

import pytest

from durak_lab.analysis import solver as solver_pkg
from durak_lab.analysis.evaluation import review as review_mod
from durak_lab.analysis.solver import solve
from durak_lab.cli import app, main
from durak_lab.cli import evaluate as evaluate_cli
from durak_lab.cli.review import Progress
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.text.review import label_words

#: A two-player endgame, nothing hidden: P2 wins with 8♥ and loses with 7♦.
ENDGAME = str(Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠",
                             discard="rest", attacker=1, first_bout=False))
#: solve's doctest position, in the middle of a bout: a draw with best play.
MID_BOUT = str(Position.start(Rules.preset("podkidnoy", players=2), ["10♦ 6♣", "8♦ 9♣"], trump="♠",
                              discard="rest", attacker=1, first_bout=False).play("P2 attack 8♦"))
#: A fresh three-player deal: cards hidden, a full talon.
DEAL = str(Position.deal(Rules.preset("podkidnoy", players=3), seed=4))
FAST = ["--playouts", "60", "--seed", "3"]
OUTCOME = {"win", "draw", "lose"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, *argv) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert len(out.splitlines()) == 1  # one object on one line
    return json.loads(out)


def is_chance(x) -> bool:
    return isinstance(x, float) and 0.0 <= x <= 1.0


def check_eval_shape(d: dict) -> None:
    assert {"seat", "to_act", "exact", "outcome", "interval", "worlds", "moves", "best"} <= set(d)
    assert isinstance(d["exact"], bool) and isinstance(d["worlds"], int)
    assert set(d["outcome"]) == OUTCOME and all(is_chance(d["outcome"][k]) for k in OUTCOME)
    assert abs(sum(d["outcome"].values()) - 1) < 1e-3
    lo, hi = d["interval"]
    assert is_chance(lo) and is_chance(hi) and lo <= hi
    assert d["moves"] and d["best"] and d["best"][0] == d["moves"][0]["move"]
    for m in d["moves"]:
        assert {"move", "win", "draw", "lose", "interval", "exact"} <= set(m)
        assert isinstance(m["move"], str) and m["move"].startswith(d["to_act"] + " ")
        assert all(is_chance(m[k]) for k in OUTCOME) and isinstance(m["exact"], bool)
        assert m["interval"][0] <= m["interval"][1]


# ---------------------------------------------------------------- eval
@pytest.mark.parametrize("target", ["EX-KO-2", DEAL])
def test_eval_json_has_the_contract_shape(capsys, target):
    d = as_json(capsys, "eval", target, *FAST)
    check_eval_shape(d)
    assert d["seat"] == d["to_act"] and d["exact"] is False and d["mode"] == "view" and d["worlds"] > 0


def test_eval_for_another_seat_and_after_n_moves(capsys):
    d = as_json(capsys, "eval", "EX-KO-2", "--after", "1", "--seat", "P1", "--open", *FAST)
    assert (d["seat"], d["to_act"], d["mode"]) == ("P1", "P1", "open")
    d = as_json(capsys, "eval", "EX-KO-2", "--seat", "P1", *FAST)  # P2 acts: P1 cannot see its moves
    assert (d["seat"], d["to_act"], d["moves"], d["best"]) == ("P1", "P2", [], [])


def test_eval_text_is_the_learners_lines(capsys):
    code, out, err = run(capsys, "eval", "EX-KO-2", *FAST)
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0].startswith("EX-KO-2") and lines[1] == "After 4 moves, as P2 sees it; P2 to act:"
    assert "chance of not being the durak" in lines[2] and lines[4].startswith("Best move: ")


@pytest.mark.parametrize("mode", [
    ["--open"],
    pytest.param([], marks=pytest.mark.skipif(not hasattr(solver_pkg, "known_to"),
                                              reason="the solver's exact entry point (known_to) has not landed")),
])
@pytest.mark.parametrize("text", [ENDGAME, MID_BOUT])
def test_a_two_player_endgame_is_exact_with_the_solvers_best_moves(capsys, text, mode):
    d = as_json(capsys, "eval", text, *mode)
    s = solve(Position.parse(text))
    assert d["exact"] is True and all(m["exact"] for m in d["moves"])
    assert d["best"] == [str(m) for m in s.best_moves]
    chance = d["outcome"]["win"] + d["outcome"]["draw"] / 2
    assert chance == {1: 1.0, 0: 0.5, -1: 0.0}[s.value] and d["interval"] == [chance, chance]
    b = as_json(capsys, "best", text, *mode)
    assert b["move"] in d["best"] and b["exact"] is True and b["chance"] == chance


def test_the_same_seed_gives_the_same_figures(capsys):
    def figures(*argv):
        d = as_json(capsys, *argv)
        d.pop("seconds", None)  # the CPU time taken, the one field that differs
        return d

    for argv in (["eval", DEAL, *FAST], ["eval", "EX-KO-2", *FAST], ["best", "EX-ZH-BOUT", *FAST],
                 ["review", "EX-KO-2", *FAST]):
        assert figures(*argv) == figures(*argv), argv


def test_an_unexpected_illegal_move_answers_for_the_position_before_it_and_exits_1(capsys, tmp_path):
    path = tmp_path / "slip.json"
    path.write_text(json.dumps({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
                                "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦"], "P2": ["8♥", "7♦"]},
                                          "discard": "rest", "attacker": "P2", "first_bout": False},
                                "moves": ["P2 attack 7♦", "P1 cover 7♦ with 6♦"]}, ensure_ascii=False),
                    encoding="utf-8")
    for command in ("eval", "best", "review"):
        code, out, err = run(capsys, command, str(path), "--open", "--json")
        assert code == 1 and json.loads(out) and err.startswith(f"durak-lab {command}: moves[1]: ")
    code, out, _ = run(capsys, "eval", str(path), "--open", "--json")
    assert json.loads(out)["to_act"] == "P1"  # after the one legal move


# ---------------------------------------------------------------- best
@pytest.mark.parametrize("target", ["EX-ZH-BOUT", DEAL])
def test_best_json_is_the_evaluations_first_best_move(capsys, target):
    b = as_json(capsys, "best", target, *FAST)
    assert {"move", "seat", "win", "draw", "lose", "chance", "exact"} <= set(b)
    assert all(is_chance(b[k]) for k in ("win", "draw", "lose", "chance")) and b["exact"] is False
    assert abs(b["chance"] - (b["win"] + b["draw"] / 2)) < 1e-3
    d = as_json(capsys, "eval", target, *FAST)
    assert (b["move"], b["seat"]) == (d["best"][0], d["to_act"])
    assert b["chance"] == d["moves"][0]["win"] + d["moves"][0]["draw"] / 2 or abs(
        b["chance"] - (d["moves"][0]["win"] + d["moves"][0]["draw"] / 2)) < 1e-3


def test_best_text_names_the_move_and_its_chance(capsys):
    code, out, _ = run(capsys, "best", "EX-ZH-BOUT", *FAST)
    assert code == 0 and out.startswith("Best move for P1: P1 ") and "Chance of not being the durak: " in out
    code, out, _ = run(capsys, "best", ENDGAME, "--open")
    assert (code, out) == (0, "Best move for P2: P2 attack 8♥ (play 8♥): a win with best play.\n")


# ---------------------------------------------------------------- review
def test_review_json_has_the_contract_shape(capsys):
    d = as_json(capsys, "review", "EX-ZH-BOUT", *FAST)
    assert {"moves", "players"} <= set(d) and d["mode"] == "view"
    assert list(d["players"]) == ["P1", "P2", "P3", "P4"]
    labels = {"best", "good", "inaccuracy", "mistake", "blunder", "forced", "only"}
    assert d["moves"]
    for m in d["moves"]:
        assert {"index", "move", "seat", "before", "after", "loss", "label", "better", "exact"} <= set(m)
        assert isinstance(m["index"], int) and m["move"].startswith(m["seat"] + " ")
        assert is_chance(m["before"]) and is_chance(m["after"]) and m["loss"] >= 0
        assert m["label"] in labels and isinstance(m["better"], list) and isinstance(m["exact"], bool)
    for p in d["players"].values():
        assert p["accuracy"] is None or 0 <= p["accuracy"] <= 100
        assert set(p["labels"]) == labels and all(isinstance(n, int) for n in p["labels"].values())
    assert sum(sum(p["labels"].values()) for p in d["players"].values()) == len(d["moves"])


def test_review_of_an_exact_endgame(capsys, tmp_path):
    path = tmp_path / "endgame.json"
    hands = {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}
    path.write_text(json.dumps({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
                                "start": {"trump": "♠", "hands": hands, "discard": "rest", "attacker": "P2",
                                          "first_bout": False},
                                "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take",
                                          "P1 attack 6♦", "P2 take"]}, ensure_ascii=False), encoding="utf-8")
    d = as_json(capsys, "review", str(path), "--open")
    first = d["moves"][0]
    assert (first["move"], first["label"], first["better"], first["exact"]) == (
        "P2 attack 7♦", "blunder", ["P2 attack 8♥"], True)
    assert d["key_moments"] == [0] and d["result"] == ["P2"]
    code, out, _ = run(capsys, "review", str(path), "--open", "--every-move")
    lines = out.splitlines()
    first = next(line for line in lines if line.startswith("1. "))
    assert code == 0 and "7♦" in first and label_words("blunder") in first
    assert any(line.startswith("Key moment, move 1: ") for line in lines)


def test_review_seat_judges_that_seats_moves_only(capsys):
    every = as_json(capsys, "review", "EX-FI-PAIRS", *FAST)
    d = as_json(capsys, "review", "EX-FI-PAIRS", "--seat", "P2", *FAST)
    assert list(d["players"]) == ["P2"] and d["moves"]
    assert {m["seat"] for m in d["moves"]} == {"P2"}
    assert [m["index"] for m in d["moves"]] == [m["index"] for m in every["moves"] if m["seat"] == "P2"]


def test_review_text_and_no_progress_when_stderr_is_not_a_terminal(capsys):
    code, out, err = run(capsys, "review", "EX-ZH-BOUT", *FAST)
    assert code == 0 and err == ""
    assert out.splitlines()[:2] == ["EX-ZH-BOUT — a full 4-player bout", "Review of the game"]


def test_progress_on_a_terminal_is_one_line_rewritten_then_wiped():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    t = Terminal()
    p = Progress(t)
    p(1, 12)
    p(12, 12)
    p.done()
    assert t.getvalue() == ("\rLooking at move 1 of 12…\rLooking at move 12 of 12…"
                            "\r" + " " * len("Looking at move 12 of 12…") + "\r")
    assert "\n" not in t.getvalue()


# ---------------------------------------------------------------- the reading of the other players
def test_view_mode_reads_the_other_players_moves(capsys, monkeypatch):
    seen = []
    real = evaluate_cli.evaluate

    def spy(target, seat=None, **kw):
        seen.append(kw.get("reading"))
        return real(target, seat, **kw)

    monkeypatch.setattr(evaluate_cli, "evaluate", spy)
    assert run(capsys, "eval", "EX-KO-2", *FAST)[0] == 0
    from durak_lab.analysis.inference.reading import Reading

    reading = seen[-1]
    assert isinstance(reading, Reading)
    played = [rm.move for rm in load_example("EX-KO-2").moves]
    assert reading.seat == 1 and [step[1] for step in reading.steps] == played  # every move, P2's view
    assert run(capsys, "eval", "EX-KO-2", "--after", "1", "--seat", "P1", *FAST)[0] == 0
    assert seen[-1].seat == 0 and len(seen[-1].steps) == 1
    for argv in (["EX-KO-2", "--open"], [DEAL]):  # every card open; a position text has no moves
        assert run(capsys, "eval", *argv, *FAST)[0] == 0
        assert seen[-1] is None


def test_review_reads_in_view_mode_only(capsys, monkeypatch):
    seen = []
    real = review_mod.evaluate

    def spy(position, seat=None, **kw):
        seen.append(kw.get("reading"))
        return real(position, seat, **kw)

    monkeypatch.setattr(review_mod, "evaluate", spy)
    from durak_lab.analysis.inference.reading import Reading

    assert run(capsys, "review", "EX-KO-2", *FAST)[0] == 0
    assert seen and all(isinstance(r, Reading) for r in seen)
    seen.clear()
    assert run(capsys, "review", "EX-KO-2", "--open", *FAST)[0] == 0
    assert seen and all(r is None for r in seen)


# ---------------------------------------------------------------- bad input: exit status 2, one line
@pytest.mark.parametrize("argv,line", [
    (["eval", "EX-KO-1", "--after", "5"], "durak-lab eval: --after: the record plays 2 moves, not 5"),
    (["eval", "EX-HE-DOKER"], "durak-lab eval: EX-HE-DOKER after 8 moves: the game is over (P2 is durak): "
                              "there is nothing left to evaluate"),
    (["best", "EX-HE-FICUS"], "durak-lab best: EX-HE-FICUS after 3 moves: the game is over (P1 is durak): "
                              "there is nothing left to evaluate"),
    (["eval", "EX-HE-PUSH-HOUSE", "--after", "2"],
     "durak-lab eval: EX-HE-PUSH-HOUSE after 2 moves: the evaluator does not play these rules: the kernel does "
     "not support pushing (pushing durak: any card may be laid and challenged, R12, R31)"),
    (["review", "EX-HE-DOKER"], "durak-lab review: EX-HE-DOKER: the evaluator does not play these rules: the "
                                "kernel does not support jokers=2 (doker, R1)"),
    (["eval", "EX-KO-1", "--seat", "P3"], "durak-lab eval: --seat: 'P3' is not a seat: write P1 to P2"),
    (["review", "EX-KO-1", "--seat", "P9"], "durak-lab review: --seat: 'P9' is not a seat: write P1 to P2"),
    (["best", "EX-KO-1", "--seat", "P1"], "durak-lab best: --seat: P1 does not act now; P2 does"),
    (["eval", ENDGAME, "--after", "1"], "durak-lab eval: --after: a position text has no moves to go back to"),
    (["eval", "EX-NOPE"], "durak-lab eval: EX-NOPE: no such worked example; see durak-lab examples"),
    (["review", "no-such-game.json"],
     "durak-lab review: no-such-game.json: no such record file or worked example (see durak-lab examples)"),
])
def test_bad_input_is_exit_status_2_and_one_line(capsys, argv, line):
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", line + "\n")


def test_a_bad_position_text_is_one_line(capsys):
    code, out, err = run(capsys, "eval", "rules=podkidnoy,players=2 trump=♠")
    assert code == 2 and out == "" and err.startswith("durak-lab eval: the position text: ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("argv,words", [
    (["eval", "EX-KO-1", "--budget", "0"], "--budget: more than 0 seconds, not 0"),
    (["best", "EX-KO-1", "--budget", "601"], "--budget: at most 600 seconds, not 601"),
    (["review", "EX-KO-1", "--budget", "inf"], "--budget: a number of seconds such as 0.5 or 2, not 'inf'"),
    (["eval", "EX-KO-1", "--playouts", "0"], "--playouts: at least 1, not 0"),
    (["review", "EX-KO-1", "--playouts", "10000000"], "--playouts: at most 500000, not 10000000"),
    (["eval", "EX-KO-1", "--seed", "-1"], "--seed: at least 0, not -1"),
])
def test_options_out_of_range_are_refused(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


def test_ctrl_c_is_one_line_and_130(capsys, monkeypatch):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(evaluate_cli, "evaluate", interrupt)
    assert run(capsys, "eval", "EX-KO-2", "--open") == (130, "", "durak-lab eval: stopped (Ctrl-C)\n")
    assert run(capsys, "best", "EX-KO-2", "--open") == (130, "", "durak-lab best: stopped (Ctrl-C)\n")
    monkeypatch.setattr(review_mod, "evaluate", interrupt)
    assert run(capsys, "review", "EX-KO-2", "--open") == (130, "", "durak-lab review: stopped (Ctrl-C)\n")


def test_the_commands_are_listed_and_their_help_runs(capsys):
    for command in ("eval", "best", "review"):
        assert f"``durak-lab {command} " in app.__doc__
        assert main([command, "--help"]) == 0
        assert "--playouts N" in capsys.readouterr().out
