"""Bots in other processes over ``durak-engine/1`` (``durak_lab.bots.protocol``): the engine of
this package plays game for game as the bot in this process; the program sees exactly its seat's
views; answering late, crashing, garbling or an illegal move loses the game with a reason, and the
tournament goes on."""

from __future__ import annotations

import io
import json
import random
import sys
import textwrap

import pytest

from durak_lab.bots import GreedyBot, RandomBot, Tournament, play_game, round_robin
from durak_lab.bots.protocol import ExternalBot, serve
from durak_lab.cli.app import main
from durak_lab.engine.game import Game
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.engine.view_json import view_to_json

ENGINE = [sys.executable, "-m", "durak_lab", "engine"]


def program(tmp_path, name: str, body: str) -> list:
    """A Python engine in a file: ``body`` handles ``word`` and ``arg`` of each line."""
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent("""\
        import json, sys, time
        view = None
        for line in sys.stdin:
            word, _, arg = line.strip().partition(" ")
            if word == "durak-engine":
                print("name NAME"); print("ok", flush=True)
            elif word == "newgame":
                print("ok", flush=True)
            elif word == "view":
                view = json.loads(arg)
            elif word == "quit":
                break
        """).replace("NAME", name) + textwrap.indent(textwrap.dedent(body), "    "), encoding="utf-8")
    return [sys.executable, str(path)]


@pytest.mark.parametrize("preset, players", [("podkidnoy", 2), ("perevodnoy", 3)])
def test_the_engine_plays_game_for_game_as_the_bot_in_this_process(preset, players):
    rules = Rules.preset(preset, players=players)
    for seed in (1, 2):
        # greedy play chooses without chance, so the two games must be one
        here = play_game(rules, [GreedyBot()] * players, seed)
        there = play_game(rules, [ExternalBot(ENGINE + ["--bot", "greedy"], name="greedy-ext")]
                          + [GreedyBot()] * (players - 1), seed)
        assert there.moves == here.moves and there.losers == here.losers and not there.forfeit


def test_the_program_receives_exactly_its_seats_views_and_the_moves(tmp_path):
    log = tmp_path / "heard.txt"
    cmd = program(tmp_path, "logger", f"""\
        with open({str(log)!r}, "a", encoding="utf-8") as f:
            f.write(line)
        if word == "go":
            print("move", view["legal"][0], flush=True)
        """)
    rules = Rules(players=3)
    g = play_game(rules, [RandomBot(), ExternalBot(cmd, name="logger"), RandomBot()], seed=9)
    assert not g.forfeit
    heard = log.read_text(encoding="utf-8").splitlines()
    views = [json.loads(h.split(" ", 1)[1]) for h in heard if h.startswith("view ")]
    moved = [h.split(" ", 1)[1] for h in heard if h.startswith("moved ")]
    # replay the game: the n-th view is the seat's view after the n-th move; the moves are the game's
    game = Game(Position.deal(rules, 9))
    expected = [view_to_json(game.position.view(1))]
    for m in g.moves[:len(moved)]:
        game.play(m)
        expected.append(view_to_json(game.position.view(1)))
    assert moved == [str(m) for m in g.moves[:len(moved)]]
    assert views == expected[:len(views)] and len(views) == len(moved) + 1
    assert heard[0] == "durak-engine 1" and json.loads(heard[1].split(" ", 1)[1])["seat"] == "P2"


@pytest.mark.parametrize("name, body, reason", [
    ("sleeper", 'if word == "go":\n    time.sleep(3)\n', "no answer to 'move' within 1.2 s"),
    ("crasher", 'if word == "go":\n    print("boom", file=sys.stderr, flush=True)\n    sys.exit(3)\n',
     "the program stopped (exit status 3; its last words: boom)"),
    ("garbler", 'if word == "go":\n    print("move P1 dance", flush=True)\n', "its answer is not a move"),
    ("cheater", 'if word == "go":\n    print("move", view["seat"], "take", flush=True)\n', "not one of its legal"),
    ("chatter", 'if word == "go":\n    print("hello", flush=True)\n', "it answered 'hello' where 'move' was due"),
])
def test_a_program_that_fails_loses_the_game_with_the_reason(tmp_path, name, body, reason):
    bot = ExternalBot(program(tmp_path, name, body), name=name, move_ms=200, grace_ms=1000)
    rules = Rules(players=2)
    p = Position.deal(rules, 5)
    seat = p.to_act()  # the program leads, so its first answer is due at once
    lineup = [GreedyBot(), GreedyBot()]
    lineup[seat] = bot
    g = play_game(rules, lineup, seed=5)
    assert g.losers == (seat,) and g.forfeit[0] == seat and reason in g.forfeit[1]
    assert g.moves == () and g.duraks == (name,)
    row = [r for r in Tournament(rules, (g,)).seat_rows() if r["bot"] == name][0]
    assert row["durak"] and reason in row["forfeit"]


def test_a_tournament_goes_on_past_forfeits_and_a_missing_program(tmp_path):
    cheater = ExternalBot(program(tmp_path, "cheater", 'if word == "go":\n    print("move P1 pass", flush=True)\n'),
                          name="cheater")
    missing = ExternalBot(["/nonexistent/engine"], name="missing")
    t = round_robin(Rules(players=2), [GreedyBot(), cheater, missing], deals=2, seed=3)
    assert len(t.games) == 12
    lost = [g for g in t.games if g.forfeit]
    assert {g.seats[g.forfeit[0]] for g in lost} == {"cheater", "missing"}
    assert all("could not start" in g.forfeit[1] for g in lost if g.seats[g.forfeit[0]] == "missing")
    # greedy never lost to a forfeiting bot
    assert not [g for g in t.games if g.forfeit and "greedy" in g.duraks]


def test_the_minimal_engine_of_the_protocols_text_plays(tmp_path):
    from durak_lab.bots import protocol

    text = protocol.__doc__.split("A minimal engine in Python, playing the first legal move::")[1]
    code = textwrap.dedent(text.split("Standard library only.")[0]).strip() + "\n"
    path = tmp_path / "first_move.py"
    path.write_text(code, encoding="utf-8")
    g = play_game(Rules(players=2), [ExternalBot([sys.executable, str(path)]), RandomBot()], seed=2)
    assert not g.forfeit and g.moves and not g.unfinished


def test_serve_answers_every_command_and_names_what_it_cannot_follow():
    p = Position.deal(Rules(players=2), 3)
    s = p.to_act()
    lines = ["isready", "go 100", "newgame {", "newgame " + json.dumps({"rules": {}, "seat": f"P{s + 1}"}),
             "view [1]", "moved P1 take", "dance", "durak-engine 2",
             "view " + json.dumps(view_to_json(p.view(s))), "go 0", "go 300", "quit", "isready"]
    out = io.StringIO()
    assert serve(GreedyBot(), io.StringIO("\n".join(lines) + "\n"), out) == 0
    said = out.getvalue().splitlines()
    assert said[0] == "readyok"
    assert said[1].startswith("error go: go before a view")
    assert said[2].startswith("error newgame:")
    assert said[3] == "ok"
    assert said[4].startswith("error view: view:") and said[5].startswith("error moved:")
    assert said[6] == "error 'dance' is not a command of durak-engine/1"
    assert said[7].startswith("error this engine speaks durak-engine/1")
    assert said[8].startswith("error go:") and said[9].startswith(f"move P{s + 1} attack")
    assert len(said) == 10  # nothing after quit


def test_the_command_line_refuses_an_unknown_bot(capsys):
    assert main(["engine", "--bot", "nope"]) == 2
    assert "'nope' is not a bot" in capsys.readouterr().err


def test_an_external_bot_copies_and_pickles_without_its_process():
    import copy
    import pickle

    bot = ExternalBot("prog --level 3", name="p", move_ms=50)
    for twin in (copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))):
        assert twin.argv == ["prog", "--level", "3"] and twin.name == "p" and twin.move_ms == 50
    with pytest.raises(ValueError):
        ExternalBot([])


def test_the_bench_plays_engines_and_programs_and_counts_forfeits(tmp_path):
    from durak_lab.cli.bots_bench import make_bot, run_match, summary
    from durak_lab.bots import InProcess

    assert isinstance(make_bot("engine:greedy"), ExternalBot) and make_bot("engine:greedy").name == "engine:greedy"
    for bad in ("engine:nope", "engine:", "exec:  "):
        with pytest.raises(ValueError, match="no bot"):
            make_bot(bad)
    cheater = program(tmp_path, "cheater", 'if word == "go":\n    print("move P1 pass", flush=True)\n')
    bot = make_bot("exec:" + " ".join(cheater))
    rules = Rules(players=2)
    games = run_match(rules, bot, GreedyBot(), deals=2, executor=InProcess())
    s = summary(games, bot.name, rules)
    assert s["games"] == 4 and s["losses"] == 4 and s["forfeits"] == 4
    assert any("not one of its legal moves" in r or "answer is not a move" in r for r in s["forfeit_reasons"])


def test_the_bench_keeps_a_programs_start_apart_from_its_choices():
    """``Timed`` counts a choice's time without the program's start (``last_start``), kept apart."""
    from durak_lab.cli.bots_bench import Timed

    class Starting:
        name, reads_history = "starting", False

        def __init__(self):
            self.last_start = 0.0

        def choose(self, view, rng):
            self.last_start = 5.0 if self.last_start == 0.0 and not hasattr(self, "done") else 0.0
            self.done = True
            return view.legal[0]

    ticks = iter([0.0, 5.25, 10.0, 10.5])
    timed = Timed(Starting())
    timed.clock = lambda: next(ticks)
    view = Position.deal(Rules(players=2), 1).view(0)
    assert len(view.legal) > 1
    timed.choose(view, None)
    timed.choose(view, None)
    assert (timed.seconds, timed.start_seconds, timed.choices) == (0.75, 5.0, 2)
    real = ExternalBot(ENGINE + ["--bot", "greedy"])
    assert real.last_start == 0.0
    real.choose(view, random.Random(0))
    assert real.last_start > 0.0  # its first choice started the program
    real.finish(None)
