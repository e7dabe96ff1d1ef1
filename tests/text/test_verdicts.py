"""The analyser's verdicts in words (durak_lab.text.verdicts): in English they read exactly as the
analyser's own developer text, which ``durak-lab analyse`` has always printed; in another language the
same data is worded from the catalogue."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_lab.analysis.analyser import BEST, MISTAKE, UNKNOWN, MoveVerdict, analyse_moves, analyse_record
from durak_lab.engine.moves import Move
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.text.catalogue import using
from durak_lab.text.explain import RULE_TITLES, rule_title
from durak_lab.text.verdicts import analysis_lines, outcome, verdict_line, verdict_words


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["podkidnoy", "perevodnoy"]), st.integers(1, 3), st.integers(1, 3),
       st.randoms(use_true_random=False), st.booleans())
def test_the_words_are_the_analysers_text_in_english(preset, n, m, rng, free):
    p = random_endgame(Rules.preset(preset, players=2), n, m, rng)
    moves, q = [], p
    while q.result is None and len(moves) < 30:
        options = q.legal_moves() if free else q.sequential_moves()
        mv = options[rng.randrange(len(options))]
        moves.append(mv)
        q = q.play(mv)
    a = analyse_moves(p, moves)
    assert [verdict_line(v) for v in a.verdicts] == [v.text() for v in a.verdicts]
    assert analysis_lines(a) == a.text().splitlines()


def test_every_kind_of_verdict_reads_as_before():
    take, cover = Move.parse("P1 take"), Move.parse("P1 cover 7♦ with 8♦")
    verdicts = [MoveVerdict(0, take, 0, True, None, None, (), 2, UNKNOWN),
                MoveVerdict(1, take, 0, False, 1, -1, (cover,), 2, MISTAKE),
                MoveVerdict(2, take, 0, True, 0, -1, (), 2, MISTAKE),
                MoveVerdict(3, take, 0, True, -1, 1, (), 2, BEST),
                MoveVerdict(4, take, 0, False, -1, -1, (), 2, BEST),
                MoveVerdict(5, take, 0, True, 0, 0, (), 1, BEST),
                MoveVerdict(6, take, 0, True, 1, 1, (), 3, BEST)]
    assert [verdict_line(v) for v in verdicts] == [v.text() for v in verdicts]
    assert verdict_words(verdicts[1]) == "mistake, the win becomes a loss; better: P1 cover 7♦ with 8♦"


def test_the_reports_of_games_with_more_players_read_as_before():
    for ident in ("EX-ZH-BOUT", "EX-KO-1", "EX-HE-BOUT"):
        a = analyse_record(load_example(ident))
        assert analysis_lines(a) == a.text().splitlines(), ident


def test_another_language_words_the_same_data():
    a = analyse_moves(random_endgame(Rules.preset("podkidnoy", players=2), 2, 2, random.Random(5)), [])
    with using("ru"):
        assert outcome(1).key() == "outcome.win"
        lines = analysis_lines(a)
    assert len(lines) == len(a.text().splitlines())


def test_rule_titles_are_worded_when_read():
    assert "R11" in RULE_TITLES and "R40" not in RULE_TITLES and len(RULE_TITLES) == 31
    assert RULE_TITLES["R11"] == rule_title("R11") == "how to cover a card"
    assert RULE_TITLES.get("R40", "") == ""
    assert sorted(RULE_TITLES, key=lambda r: int(r[1:])) == [f"R{i}" for i in range(1, 32)]
