"""``durak-lab trumps``: the exact trump counts of the command line are the engine's."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from durak_lab.cli import app as cli, trumps as trumps_cli
from durak_lab.analysis.inference.evidence import observe
from durak_lab.engine.game import Game
from durak_lab.analysis.inference import EpsilonModel, counting_knowledge, exact_posterior
from durak_lab.analysis.probability import trump_counts
from durak_lab.engine.records import example_ids, load_example, record_from_game
from durak_lab.engine.rules import Rules


def _run(capsys, *args):
    rc = cli.main(["trumps", *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.mark.parametrize("ex", example_ids())
def test_json_is_the_exact_counting_answer_for_every_seat(capsys, ex):
    rec = load_example(ex)
    for seat in range(rec.rules.players):
        rc, out, err = _run(capsys, ex, "--seat", f"P{seat + 1}", "--json")
        assert rc in (0, 1), err            # 1: an example that ends on a move the rules reject
        got = json.loads(out)
        t = observe(rec, seat)
        want = trump_counts(counting_knowledge(t, len(t.moves)))
        assert list(got) == list(want)
        for label, dist in want.items():
            assert {int(x): Fraction(v) for x, v in got[label].items()} == dist
            assert all("/" in v or v in ("0", "1") for v in got[label].values())


def test_text_output_after_some_moves(capsys):
    rc, out, err = _run(capsys, "ex-ko-2", "--seat", "p2", "--after", "2")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("EX-KO-2")
    assert lines[1].startswith("trumps seen from P2 after 2 moves")
    assert [line.split()[0] for line in lines[2:]] == ["P1", "talon"]
    assert "expected" in lines[2]


def test_posterior_two_players_exact_and_more_players_sampled(capsys):
    rc, out, _ = _run(capsys, "EX-KO-2", "--seat", "P1", "--epsilon", "1/10", "--json")
    assert rc == 0
    post = exact_posterior(load_example("EX-KO-2"), 0, EpsilonModel("1/10"))
    got = json.loads(out)
    for label, dist in post.trump_counts().items():
        assert {int(x): Fraction(v) for x, v in got[label].items()} == dist
    rc, out, _ = _run(capsys, "EX-ZH-BOUT", "--seat", "P3", "--epsilon", "1/10", "--samples", "400",
                      "--seed", "3", "--json")
    got = json.loads(out)
    assert rc == 0 and set(got) == {"P1", "P2", "P4", "talon"}
    for dist in got.values():
        assert sum(float(v) for v in dist.values()) == pytest.approx(1, abs=1e-9)
    rc, out2, _ = _run(capsys, "EX-ZH-BOUT", "--seat", "P3", "--epsilon", "1/10", "--samples", "400",
                       "--seed", "3", "--json")
    assert out2 == out
    rc, text, _ = _run(capsys, "EX-ZH-BOUT", "--seat", "P3", "--epsilon", "1/10", "--samples", "300")
    assert "sampled hypotheses" in text


def test_a_record_file(tmp_path, capsys):
    g = Game.deal(Rules(players=3), seed=4)
    rng = random.Random(4)
    for _ in range(12):
        ms = g.legal_moves()
        g.play(ms[rng.randrange(len(ms))])
    rec = record_from_game(g)
    path = tmp_path / "game.json"
    rec.dump(path)
    rc, out, _ = _run(capsys, str(path), "--seat", "P2", "--json")
    assert rc == 0
    want = trump_counts(counting_knowledge(observe(g, 1), len(g)))
    assert {k: {int(x): Fraction(v) for x, v in d.items()} for k, d in json.loads(out).items()} == want


@pytest.mark.parametrize("args,word", [
    (["EX-NOPE"], "no such"),
    (["EX-KO-1", "--seat", "P3"], "--seat"),
    (["EX-KO-1", "--after", "9"], "--after"),
    (["EX-KO-1", "--epsilon", "2"], "--epsilon"),
    (["EX-KO-1", "--epsilon", "much"], "--epsilon"),
    (["EX-KO-1", "--samples", "0"], "--samples"),
])
def test_bad_input_exits_2_with_a_message(capsys, args, word):
    rc, out, err = _run(capsys, *args)
    assert rc == 2 and out == "" and word in err


def test_standalone_main_and_python_dash_m(capsys):
    assert trumps_cli.main(["EX-KO-1", "--seat", "P2", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"P1", "talon"}
    assert trumps_cli.main(["--nonsense"]) == 2
    proc = subprocess.run([sys.executable, "-m", "durak_lab", "trumps", "EX-KO-1", "--seat", "P1", "--json"],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert set(json.loads(proc.stdout)) == {"P2", "talon"}
