"""``durak-lab puzzles``: the list by theme, ``show``, ``mine`` (from the bots' games and from record
files, ``--append``, the command recorded), ``lesson`` (a file ``durak-lab lessons check`` accepts)."""

from __future__ import annotations

import json

from durak_lab.analysis.puzzles import THEMES, PuzzleFile, dump_puzzles, load_puzzles, rate, shipped_file, shipped_puzzles
from durak_lab.bots import BOTS, LEVELS
from durak_lab.cli import main
from durak_lab.engine.game import Game
from durak_lab.engine.records.record import record_from_game
from durak_lab.engine.rules import Rules
from durak_lab.analysis.puzzles import play_bots
from durak_lab.lessons import load_lesson
from durak_lab.lessons.puzzles import theme_name
from durak_lab.text.catalogue import say


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_list_counts_every_theme(capsys):
    code, out, err = run(capsys, "puzzles")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == say("puzzles-count", count=len(shipped_puzzles()))
    for t, line in zip(THEMES, lines[1:]):
        n = sum(1 for z in shipped_puzzles() if t in z.themes)
        assert line.startswith(theme_name(t)) and f": {n}," in line


def test_the_list_as_json(capsys):
    code, out, _ = run(capsys, "puzzles", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(shipped_puzzles()) and set(data["themes"]) == set(THEMES)
    for t, entry in data["themes"].items():
        ratings = sorted(z.rating for z in shipped_puzzles() if t in z.themes)
        assert entry["count"] == len(ratings) and entry["ratings"][0] == ratings[0]
        assert entry["ratings"][2] == ratings[-1]
    assert {p["id"] for p in data["puzzles"]} == {z.id for z in shipped_puzzles()}


def test_a_theme_lists_its_puzzles_easiest_first(capsys):
    code, out, _ = run(capsys, "puzzles", "--theme", "transfer")
    zs = shipped_puzzles("transfer")
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(zs) + 1
    assert [line.split()[0] for line in lines[1:]] == [z.id for z in zs]


def test_show_a_puzzle(capsys):
    z = shipped_puzzles()[0]
    code, out, _ = run(capsys, "puzzles", "show", z.id)
    assert code == 0 and out.startswith(say("puzzles-show-title", id=z.id, seat=f"P{z.seat + 1}"))
    assert len([line for line in out.splitlines() if line.startswith("  ")]) == len(z.moves)
    code, out, _ = run(capsys, "puzzles", "show", z.id, "--json")
    assert code == 0 and json.loads(out) == z.to_json()
    code, out, _ = run(capsys, "puzzles", "show", "no-such-puzzle")
    assert code == 1 and out.strip() == say("puzzles-no-such", id="no-such-puzzle")


def test_mine_the_bots_games_and_append(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "puzzles", "mine", "--bots", "greedy,tips", "--games", "3", "--seed", "1",
                         "--exact-only", "--tries", "2", "--out", "p.json")
    assert code == 0, err
    data = load_puzzles("p.json")
    assert data.puzzles and all(z.exact and z.tries == 2 and z.rating is not None for z in data.puzzles)
    assert data.made_by == ("durak-lab puzzles mine --bots greedy,tips --preset podkidnoy --players 2 --games 3 "
                            "--seed 1 --exact-only --playouts 1500 --tries 2 --out p.json",)
    assert out.splitlines()[0] == say("puzzles-mined", count=len(data.puzzles), games=3)
    code, out, err = run(capsys, "puzzles", "mine", "--bots", "greedy,tips", "--games", "5", "--seed", "1",
                         "--exact-only", "--tries", "1", "--out", "p.json", "--append", "--json")
    summary = json.loads(out)
    again = load_puzzles("p.json")
    assert code == 0 and summary["total"] == len(again.puzzles) > len(data.puzzles)
    assert len(again.made_by) == 2 and again.made_by[1].endswith("--append")
    assert len({z.id for z in again.puzzles}) == len(again.puzzles)
    code, out, _ = run(capsys, "puzzles", "--file", "p.json", "--json")
    assert code == 0 and json.loads(out)["count"] == len(again.puzzles)


def test_mine_record_files_in_a_folder(capsys, tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    for seed in (1, 2, 3, 4):
        start, moves = play_bots(Rules(players=2), [BOTS["greedy"](), BOTS["tips"]()], seed)
        g = Game(start)
        g.play_all(moves)
        record_from_game(g, seed=seed, title=f"game {seed}").dump(games / f"g{seed}.json")
    out_file = tmp_path / "r.json"
    code, out, err = run(capsys, "puzzles", "mine", str(games), "--exact-only", "--tries", "1", "--out", str(out_file))
    assert code == 0, err
    data = load_puzzles(str(out_file))
    assert data.puzzles and all(z.source.record.startswith("game ") for z in data.puzzles)


def test_mine_refuses_bad_arguments(capsys, tmp_path):
    out_file = str(tmp_path / "x.json")
    assert run(capsys, "puzzles", "mine", "--out", out_file)[0] == 2
    code, _, err = run(capsys, "puzzles", "mine", "--bots", "grandmaster", "--out", out_file)
    assert code == 2 and "grandmaster" in err
    code, _, err = run(capsys, "puzzles", "mine", "--bots", "greedy,beginner[slip=2]", "--out", out_file)
    assert code == 2 and "slip is a chance" in err and "Traceback" not in err


def test_mine_the_games_of_a_level_with_its_settings(capsys, tmp_path):
    # a level with settings in brackets plays the games, and the puzzles say which bot it was
    out_file = str(tmp_path / "p.json")
    code, _, err = run(capsys, "puzzles", "mine", "--bots", "greedy,beginner[slip=1]", "--games", "2", "--seed", "3",
                       "--exact-only", "--tries", "1", "--out", out_file)
    assert code == 0, err
    data = load_puzzles(out_file)
    assert data.made_by[0].startswith("durak-lab puzzles mine --bots 'greedy,beginner[slip=1]' ")  # quoted for a shell
    assert data.puzzles and all(set(z.source.bots) == {"greedy", "beginner[slip=1]"} for z in data.puzzles)
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "puzzles", "mine", str(bad), "--out", out_file)
    assert code == 2 and "bad.json" in err
    code, _, err = run(capsys, "puzzles", "--file", str(bad))
    assert code == 2 and "format" in err


def test_a_lesson_file_of_puzzles(capsys, tmp_path):
    path = tmp_path / "lesson.json"
    code, out, err = run(capsys, "puzzles", "lesson", "--theme", "take", "--limit", "3", "--out", str(path))
    assert code == 0, err
    L = load_lesson(str(path))
    assert L.id == "puzzles-take" and L.exercises == 3
    assert run(capsys, "lessons", "check", str(path))[0] == 0
    code, out, _ = run(capsys, "puzzles", "lesson", "--limit", "1")
    assert code == 0 and json.loads(out)["steps"][1]["kind"] == "move"


def test_the_shipped_file_records_its_commands():
    made = shipped_file().made_by
    assert made and all(c.startswith(("durak-lab puzzles mine --bots ", "durak-lab puzzles rate ")) for c in made)
    assert made[0].startswith("durak-lab puzzles mine")


def test_rate_a_file_again_with_the_levels_as_they_are(capsys, tmp_path):
    # the ratings of a file made with other levels are worked out again; nothing else of a puzzle changes
    some = [z for z in shipped_puzzles() if z.exact][:2] + [z for z in shipped_puzzles() if not z.exact][:1]
    stale = PuzzleFile(tuple(z.with_rating(1800, 5, (("genius", 1.0),), 8) for z in some),
                       ("durak-lab puzzles mine --bots greedy --games 1 --out p.json",), ("genius",))
    path = tmp_path / "p.json"
    dump_puzzles(stale, path)
    code, out, err = run(capsys, "puzzles", "rate", str(path), "--tries", "2")
    assert code == 0 and err == ""
    assert out.strip() == say("puzzles-rated", file=str(path), count=3, changed=sum(
        rate(z, {n: BOTS[n] for n in LEVELS}, 2).stars != 5 for z in some))
    again = load_puzzles(str(path))
    assert again.levels == LEVELS and again.made_by == stale.made_by + (f"durak-lab puzzles rate {path} --tries 2",)
    for z, new in zip(some, again.puzzles):
        want = rate(z, {n: BOTS[n] for n in LEVELS}, 2)
        assert (new.rating, new.stars, new.misses, new.tries) == (want.rating, want.stars, want.misses, 2)
        assert [n for n, _ in new.misses] == list(LEVELS)
        assert (new.id, new.position_text, new.answers, new.themes) == (z.id, z.position_text, z.answers, z.themes)
    # --out leaves the file alone; a file that is not a puzzle file: exit 2, one line, nothing written
    code, out, _ = run(capsys, "puzzles", "rate", str(path), "--out", str(tmp_path / "q.json"), "--json")
    assert code == 0 and json.loads(out)["rated"] == 3 and load_puzzles(str(path)) == again
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "durak-lab-puzzles/9", "puzzles": []}', encoding="utf-8")
    code, out, err = run(capsys, "puzzles", "rate", str(bad))
    assert code == 2 and "format" in err and "Traceback" not in err and len(err.splitlines()) == 1
