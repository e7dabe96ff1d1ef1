"""``durak-lab play`` (durak_lab.cli.play): whole games with scripted answers, bad lines, undo, hint,
the end of the input at any point, bad options."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Callable, Optional

import pytest

from durak_lab.bots import BOTS
from durak_lab.cli import main as durak_lab
from durak_lab.cli.play import main
from durak_lab.engine.rules import Rules
from durak_lab.session import HUMAN, PlaySession, advice
from durak_lab.text.messages import say

REPO = Path(__file__).resolve().parents[2]
MOVES = "your moves: "
ENDS = {say("you-won"), say("you-lost"), say("draw")}
BYE = say("terminal-bye")


def last_moves(out: str) -> list:
    """The moves of the last ``your moves:`` line printed."""
    line = next(x for x in reversed(out.splitlines()) if x.startswith(MOVES))
    return line[len(MOVES):].split(" | ")


def first_move(out: str) -> Optional[str]:
    """The tiny script: the first of my moves; yes to the coach; Enter to take the keyboard."""
    last = out.rstrip("\n").splitlines()[-1]
    if last == say("terminal-play-anyway"):
        return "y"
    if last.endswith("then press Enter."):
        return ""
    return last_moves(out)[0]


class Answers(io.TextIOBase):
    """A stdin that answers line by line from what the game has printed so far.

    ``script`` lines come first; then ``policy(output)`` answers, until ``limit``
    answers in all (then the input ends, as at Ctrl-D) or the policy says None.
    """

    def __init__(self, out: io.StringIO, policy: Callable = first_move, script: tuple = (),
                 limit: int = 10_000) -> None:
        self.out, self.policy, self.script, self.limit = out, policy, list(script), limit
        self.answers: list = []

    def readline(self, size: int = -1) -> str:
        if len(self.answers) >= self.limit:
            return ""
        answer = self.script.pop(0) if self.script else self.policy(self.out.getvalue())
        if answer is None:
            return ""
        self.answers.append(answer)
        return answer + "\n"


def play(*argv: str, policy: Callable = first_move, script: tuple = (), limit: int = 10_000) -> tuple:
    """Run ``durak-lab play`` in-process: (exit status, output lines, answers given)."""
    out = io.StringIO()
    stdin = Answers(out, policy, script, limit)
    code = main(list(argv), stdin=stdin, stdout=out)
    return code, out.getvalue().splitlines(), stdin.answers


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("level", list(BOTS))
def test_a_whole_game_against_each_level(level):
    code, lines, answers = play("--vs", level, "--seed", "3")
    assert code == 0
    assert lines[0] == f"Durak (podkidnoy): P1 (you), P2 ({level} bot). Type help to see how to write your moves."
    assert lines[1] == say("new-game", seed=3, leader="P1")
    assert lines[-1] in ENDS and BYE not in lines
    assert not any(line.startswith("You can't") or line.startswith("not understood") for line in lines)
    assert sum(line.startswith(MOVES) for line in lines) == len(answers) > 5


@pytest.mark.parametrize("argv", [
    ("--players", "3", "--vs", "random,tips", "--seed", "1"),
    ("--players", "4", "--vs", "random", "--seat", "3", "--preset", "perevodnoy", "--seed", "2"),
    ("--preset", "pairs", "--vs", "tips", "--seed", "3"),
    ("--players", "6", "--vs", "random", "--seat", "6", "--preset", "simple", "--seed", "4"),
    ("--preset", "finnish", "--vs", "endgame", "--seed", "5"),
    ("--players", "8", "--vs", "random", "--preset", "doker", "--seed", "6"),   # R5, doker
])
def test_whole_games_at_other_tables(argv):
    code, lines, _ = play(*argv)
    assert code == 0 and lines[-1] in ENDS


def test_random_answers_from_the_list_play_to_the_end_and_are_all_legal():
    rng = random.Random(7)
    code, lines, _ = play("--players", "3", "--vs", "random", "--seed", "7",
                          policy=lambda out: rng.choice(last_moves(out)))
    assert code == 0 and lines[-1] in ENDS
    assert not any(line.startswith("You can't") for line in lines)


def test_the_table_before_a_turn():
    _, lines, _ = play("--seed", "6", limit=0)
    i = lines.index(say("your-turn", seat="P1"))
    assert lines[i - 7:i + 2] == [
        "",
        "Trump: ♦ (the face-up card at the bottom of the talon is A♦)",
        "Talon: 24 cards",
        "P1 (you): 6 cards, defends",
        "P2 (tips bot): 5 cards, attacks",
        "On the table: 7♠",
        "Your cards (P1): K♠ 7♣ Q♣ A♣ 10♦ K♦",
        "P1, your turn.",
        "your moves: P1 cover 7♠ with K♠ | P1 cover 7♠ with 10♦ | P1 cover 7♠ with K♦ | P1 take",
    ]
    assert lines[2] == "P2 leads 7♠ against P1."


def test_bot_moves_are_sentences_of_the_session():
    _, lines, _ = play("--players", "3", "--vs", "random", "--seed", "1")
    assert any(" throws in " in line for line in lines)
    assert any(line.startswith("P2 ") or line.startswith("P3 ") for line in lines)


# ---------------------------------------------------------------- lines that are not moves
def test_a_bad_line_gets_one_line_and_changes_nothing():
    _, plain, _ = play("--seed", "6")
    script = ("dance", "7c", "P2 take", "take 7s", "   ", "P1 cover 7♠ with A♥")
    _, lines, _ = play("--seed", "6", script=script)
    first = next(line for line in plain if line.startswith(MOVES))
    i = lines.index(first)
    assert lines[i + 1:i + 6] == [
        "not understood: 'dance' is not a card or a move: write a card like 7h, or take, pass or help",
        "You can't do that: 7♣ does not beat 7♠: cover with a higher spade or with a trump (a diamond).",
        "You play P1 now, not P2: write a move of P1, or just the cards.",
        "not understood: 'take' needs no card: write just take",
        "You can't do that: P1 does not hold A♥.",
    ]
    # after the bad lines the game went on exactly as without them
    assert lines[:i + 1] + lines[i + 6:] == plain


def test_short_forms_are_read():
    code, lines, _ = play("--seed", "6", script=("ks",), limit=1)
    assert code == 0 and "P1 covers 7♠ with K♠ (a higher spade)." in lines


def test_undo_takes_the_move_back_and_shows_the_table_again():
    _, lines, _ = play("--seed", "6", script=("ks", "undo", "undo", "quit"))
    i = lines.index(say("undone"))
    first_turn = lines.index("your moves: P1 cover 7♠ with K♠ | P1 cover 7♠ with 10♦ | P1 cover 7♠ with K♦ | P1 take")
    assert lines[i + 1:i + 10] == lines[first_turn - 8:first_turn + 1]
    assert lines[i + 10:] == [say("no-undo"), BYE]


def test_hint_and_help():
    _, lines, _ = play("--seed", "6", script=("hint", "help", "quit"))
    i = lines.index("your moves: P1 cover 7♠ with K♠ | P1 cover 7♠ with 10♦ | P1 cover 7♠ with K♦ | P1 take")
    # the table's hint: the evaluator's best move from P1's view, and why
    table = PlaySession(Rules.preset("podkidnoy", players=2), [HUMAN, "tips"], seed=6)
    table.run_bots()
    assert lines[i + 1] == table.hint() and lines[i + 1].startswith("Hint: ") and "%" in lines[i + 1]
    assert lines[i + 2:i + 5] == [say("terminal-help-moves"), say("terminal-help-cards"), say("terminal-help-words")]
    assert lines[i + 5] == lines[i] and lines[i + 6:] == [BYE]


@pytest.mark.parametrize("word", ["quit", "QUIT", "exit", " bye "])
def test_quit(word):
    code, lines, _ = play("--seed", "6", script=(word,))
    assert code == 0 and lines[-1] == BYE


def test_the_end_of_the_input_at_any_point_says_goodbye(monkeypatch):
    monkeypatch.setattr(advice, "HINT_BUDGET", 0.03)  # the coach's small searches: the same lines, quickly
    monkeypatch.setattr(advice, "REVIEW_BUDGET", 0.01)
    _, _, answers = play("--seed", "6", "--coach")
    assert len(answers) > 10
    for limit in range(0, len(answers), 3):
        code, lines, _ = play("--seed", "6", "--coach", limit=limit)
        assert code == 0 and lines[-1] == BYE, limit
        assert not any("Traceback" in line for line in lines)


# ---------------------------------------------------------------- the coach and people at one keyboard
def test_the_coach_asks_before_a_doubtful_move():
    # the evaluator judges the trump lead a mistake (or, were it a small slip, the tip that fits it)
    _, lines, _ = play("--seed", "2", "--coach", script=("ah", "n", "ah", "y", "quit"))
    warning = next(line for line in lines if line.startswith("Coach: "))
    assert "A♦" in warning
    i = lines.index(warning)
    assert lines[i:i + 6] == [warning, "play it anyway? (y/n)", say("terminal-think-again"),
                              warning, "play it anyway? (y/n)", "P1 leads A♥ against P2."]


def test_a_coached_game_ends_with_the_review_and_the_result():
    code, lines, _ = play("--seed", "6", "--coach")
    assert code == 0 and lines[-1] in ENDS
    assert say("review-title") in lines
    assert any(line.startswith("The coach ") for line in lines)


def test_people_take_turns_at_one_keyboard():
    code, lines, answers = play("--humans", "2", "--seed", "3")
    assert code == 0 and (lines[-1].startswith("Game over. ") or lines[-1] == say("draw"))
    assert lines[0] == "Durak (podkidnoy): P1, P2. Type help to see how to write your moves."
    handovers = [x for x in lines if x.endswith("then press Enter.")]
    assert handovers[0] == say("terminal-hand-over", seat="P1")
    assert say("terminal-hand-over", seat="P2") in handovers
    assert "Your cards (P2): " in "\n".join(lines)


def test_only_bots():
    code, lines, answers = play("--humans", "0", "--players", "3", "--seed", "2")
    assert code == 0 and answers == [] and not any(x.startswith(MOVES) for x in lines)
    assert lines[-1].startswith("Game over. ") or lines[-1] == say("draw"), lines[-1]


# ---------------------------------------------------------------- options
@pytest.mark.parametrize("argv, why", [
    (["--players", "9"], "--players: a table has 2 to 8 players, not 9"),
    (["--players", "7"], "--players: --preset podkidnoy deals cards to at most 6 players, not 7; for 7 or 8 "
                         "players choose --preset finnish, finnish_choice or doker"),   # R5
    (["--players", "two"], "--players: 'two' is not a whole number"),
    (["--preset", "nope"], "--preset: there is no preset 'nope': the presets are podkidnoy, classic, "),
    (["--preset", "pairs", "--players", "3"], "--preset pairs cannot be played by 3 players: teams: "),
    (["--vs", "strong"], "--vs: there is no bot level 'strong': the levels are random, beginner, tips, greedy, endgame, search, expert (weakest "),
    (["--vs", "tips,random"], "--vs: 2 levels for 1 bot: give one level for all the bots or one for each"),
    (["--players", "3", "--seat", "4"], "--seat: write 1 to 3 (P1 to P3), not 4"),
    (["--seat", "0"], "--seat: write 1 to 2 (P1 to P2), not 0"),
    (["--humans", "3"], "--humans: 0 to 2 people can play at a table of 2, not 3"),
    (["--seed", "-1"], "--seed: a deal number is 0 or more, not -1"),
    (["--seed", "x"], "--seed: 'x' is not a whole number"),
])
def test_bad_options_exit_2_with_one_line(argv, why, capsys):
    out = io.StringIO()
    assert main(argv, stdin=io.StringIO(""), stdout=out) == 2
    err = capsys.readouterr().err
    assert out.getvalue() == ""
    assert err.count("\n") == 1 and err.startswith(f"durak-lab play: {why}")


def test_unknown_options_exit_2(capsys):
    assert main(["--colour", "red"], stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert "unrecognized arguments: --colour red" in capsys.readouterr().err
    assert main(["--help"], stdin=io.StringIO(""), stdout=io.StringIO()) == 0


# ---------------------------------------------------------------- through durak-lab and a real process
def test_durak_lab_play_reads_the_standard_input(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("ks\nquit\n"))
    assert durak_lab(["play", "--seed", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "P1 covers 7♠ with K♠ (a higher spade)." in lines and lines[-1] == BYE
    assert durak_lab(["play", "--players", "1"]) == 2
    assert capsys.readouterr().err == "durak-lab play: --players: a table has 2 to 8 players, not 1\n"


def _process(*argv: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.Popen([sys.executable, "-m", "durak_lab", "play", *argv], cwd=REPO, env=env, text=True,
                            encoding="utf-8", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def test_a_whole_game_through_pipes():
    """A tiny script at the other end of the pipes: it reads up to each ``your moves:`` line and
    answers its first move."""
    proc = _process("--vs", "random", "--seed", "3")
    lines = []
    try:
        while True:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if line.startswith(MOVES):
                proc.stdin.write(line[len(MOVES):].split(" | ")[0].strip() + "\n")
                proc.stdin.flush()
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    finally:
        proc.kill()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()
    assert lines[-1] in ENDS
    _, in_process, _ = play("--vs", "random", "--seed", "3")
    assert lines == in_process


def test_the_end_of_the_input_through_a_pipe():
    proc = _process("--seed", "6")
    out, err = proc.communicate("hint\n", timeout=60)
    assert proc.returncode == 0 and err == ""
    assert out.splitlines()[-1] == BYE and "Traceback" not in out


# ---------------------------------------------------------------- the redeal question (R4)
def test_R4_redeal_is_asked_at_the_prompt_and_both_answers_work():
    # deal 90: P1 holds six black cards and may ask for a new deal
    out = io.StringIO()
    assert main(["--seed", "90", "--redeal"], stdin=io.StringIO("perhaps\ny\nquit\n"), stdout=out) == 0
    lines = out.getvalue().splitlines()
    ask = "P1, you have 6 black cards. You may ask for a new deal. Do you want new cards?"
    assert ask in lines
    assert lines.count(say("redeal-terminal")) == 2  # asked again after "perhaps"
    assert "P1 asks for a new deal. All cards but the trump card are dealt again." in lines
    assert "Your cards (P1): 9♠ Q♠ K♠ 6♣ J♣ K♣" in lines  # the hand shown with the question
    out = io.StringIO()
    assert main(["--seed", "90", "--redeal"], stdin=io.StringIO("n\nquit\n"), stdout=out) == 0
    text = out.getvalue()
    assert say("redeal-kept") in text and "asks for a new deal" not in text
    assert text.index(ask) < text.index("New game (deal number 90)")


def test_R4_without_redeal_nobody_is_asked_and_the_end_of_input_stops():
    out = io.StringIO()
    assert main(["--seed", "90"], stdin=io.StringIO("quit\n"), stdout=out) == 0
    assert "new deal" not in out.getvalue()
    out = io.StringIO()
    assert main(["--seed", "90", "--redeal"], stdin=io.StringIO(""), stdout=out) == 0
    assert out.getvalue().splitlines()[-1] == BYE
