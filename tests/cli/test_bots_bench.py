"""durak-lab bench bots (durak_lab.cli.bots_bench): the bot names, the counts, teams, resuming a results
file, and bad options."""

import json

import pytest

from durak_lab.bots import GreedyBot, RandomBot
from durak_lab.bots.tournament import InProcess
from durak_lab.cli.bots_bench import main, make_bot, run_match, split_specs, summary

from helpers import rules


def test_bot_names_and_search_budgets():
    assert make_bot("expert").name == "expert"
    b = make_bot("determinized:40")
    assert (b.method, b.iterations, b.name) == ("determinized", 40, "determinized:40")
    assert make_bot("flat:30+reading").reading and not make_bot("flat:30").reading
    assert make_bot("flat:30+reading+noleaf").reply_leaf == 0 < make_bot("flat:30+reading").reply_leaf
    for bad in ("ismcts:0", "ismcts:x", "minimax:10", "nobody", "greedy+reading", "flat:10+noreply",
                "flat:10+reading+reading",
                "flat:10+noleaf", "flat:10+reading+noleaf+noreply"):
        with pytest.raises(ValueError, match="no bot"):
            make_bot(bad)


def test_a_search_bot_with_settings_in_brackets():
    b = make_bot("expert[stop_z=3, stop_from=0.5,reply_ties=false]")
    assert (b.name, b.stop_z, b.stop_from, b.reply_ties) == ("expert[stop_z=3, stop_from=0.5,reply_ties=false]",
                                                             3.0, 0.5, False)
    assert (b.reading, b.styles, b.iterations) == (True, True, 1000)  # the rest is the expert's
    assert make_bot("flat:30+reading[reply_worlds=4]").reply_worlds == 4
    assert make_bot("search[seconds=0.5]").seconds == 0.5
    # the levels below search take their settings too: the beginner's slips, the tips' thresholds, the
    # endgame bot's reach and the bot it plays until it solves
    b = make_bot("beginner[slip=1]")
    assert (b.name, b.slip) == ("beginner[slip=1]", 1.0)
    assert make_bot("tips[keep_rank=12,early_trumps=0]").keep_rank == 12
    e = make_bot("endgame[base=tips,reach=10]")
    assert (e.name, e.base.name, e.reach, e.max_nodes) == ("endgame[base=tips,reach=10]", "tips", 10, 20_000)
    assert make_bot("endgame[reach=none]").reach is None and make_bot("search[seconds=none]").seconds is None
    for bad, why in (("greedy[stop_z=3]", "greedy has no settings"), ("beginner[slip=2]", "slip is a chance"),
                     ("tips[slip=1]", "'slip' is not a setting of the tips bot; settings: keep_rank"),
                     ("endgame[reach=1]", "reach must be at least 2"), ("endgame[base=genius]", "no bot 'genius'"),
                     ("endgame[solved=3]", "'solved' is not a setting"),
                     ("endgame[max_nodes=none]", "max_nodes takes a number"), ("expert[speed=2]", "'speed' is not a setting"),
                     ("expert[stop_z]", "give stop_z=VALUE"), ("expert[iterations=1.5]", "iterations takes a number"),
                     ("expert[reply_ties=yes]", "true or false"), ("expert[stop_from=0]", "stop_from must be above 0"),
                     ("expert[method=minimax]", "method")):
        with pytest.raises(ValueError, match=why):
            make_bot(bad)
    assert split_specs("greedy,expert[stop_z=3,stop_from=0.5], random") == [
        "greedy", "expert[stop_z=3,stop_from=0.5]", "random"]


def test_a_bot_with_settings_plays_from_the_command_line(capsys):
    assert main(["--bot", "search[iterations=20,stop_z=2]", "--vs", "greedy,search[iterations=10]", "--deals", "1", "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["vs"] for r in out] == ["greedy", "search[iterations=10]"] and all(r["games"] == 2 for r in out)


def test_counts_add_up_and_every_seat_is_played():
    r = rules("podkidnoy")
    games = run_match(r, GreedyBot(), RandomBot(), deals=3, executor=InProcess())
    assert [(g["deal"], g["rotation"]) for g in games] == [(d, s) for d in range(3) for s in range(2)]
    s = summary(games, "greedy", r)
    assert s["games"] == 6 and s["wins"] + s["losses"] + s["draws"] == 6
    assert s["win_low"] <= s["win_rate"] <= s["win_high"]
    assert s["choices"] == sum(g["choices"] for g in games) > 0


def test_with_partners_the_bot_and_its_copy_are_a_team():
    # pairs (R26): seats 1 and 3 against 2 and 4; a loss is the team's
    r = rules("pairs")
    games = run_match(r, GreedyBot(), RandomBot(), deals=1, executor=InProcess())
    assert len(games) == 4
    g = games[0]
    assert g["seats"] == ["greedy", "random", "greedy", "random"]
    assert summary(games, "greedy", r)["baseline_loss"] == 0.5


def test_a_results_file_resumes_and_the_json_has_the_figures(tmp_path, capsys):
    path = tmp_path / "bots.jsonl"
    argv = ["--bot", "greedy", "--vs", "random", "--deals", "2", "--workers", "1", "--results", str(path), "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert len(path.read_text().splitlines()) == 4
    assert main(argv[:5] + ["3"] + argv[6:]) == 0           # one deal more: two games more, not six
    more = json.loads(capsys.readouterr().out)
    assert len(path.read_text().splitlines()) == 6
    assert first[0]["games"] == 4 and more[0]["games"] == 6
    assert {"win_rate", "loss_rate", "ms_per_choice", "win_low", "win_high"} <= set(more[0])


def test_the_table_is_printed(capsys):
    assert main(["--bot", "ismcts:10", "--vs", "greedy,random", "--deals", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("durak-lab bench bots: ismcts:10 on podkidnoy, 2 players, 1 deals")
    assert out[2].split()[:2] == ["greedy", "2"] and out[3].split()[:2] == ["random", "2"]


@pytest.mark.parametrize("argv,why", [(["--preset", "chess"], "no preset 'chess'"), (["--deals", "0"], "at least 1"),
                                      (["--bot", "nobody"], "no bot 'nobody'"),
                                      (["--bot", "greedy", "--vs", "greedy"], "against itself")])
def test_bad_options_say_what_is_wrong(argv, why, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2 and why in capsys.readouterr().err
