"""lesson_from_record: "what would you play here?" steps from a played game; the lesson validates
and every answer is the move the seat played, legal where it was played."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lesson_helpers import assert_learner_sentence  # noqa: E402

from durak_lab.engine.game import Game  # noqa: E402
from durak_lab.engine.records import load_example, record_from_game  # noqa: E402
from durak_lab.engine.rules import Rules  # noqa: E402
from durak_lab.lessons import Attempt, LessonError, lesson_from_record, load_lesson  # noqa: E402


def played(seed, players=3, preset="podkidnoy"):
    rules = Rules.preset(preset, players=players)
    g = Game.deal(rules, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g, record_from_game(g, seed=seed)


@pytest.mark.parametrize("seed,players,preset,seat", [(1, 2, "podkidnoy", "P1"), (2, 3, "podkidnoy", "P2"),
                                                      (3, 4, "perevodnoy", "P3"), (4, 4, "pairs", "P4")])
def test_a_lesson_from_a_played_game_validates(seed, players, preset, seat):
    g, rec = played(seed, players, preset)
    L = lesson_from_record(rec, seat, limit=None)
    again = load_lesson(L.dump())  # what from-record writes reads back, checked again
    assert again.to_dict() == L.to_dict()
    s = int(seat[1:]) - 1
    choices = [st for st in g.steps if st.move.seat == s and len(st.before.legal_moves(s)) > 1]
    assert L.steps[0].kind == "read"
    moves = [st for st in L.steps if st.kind == "move"]
    assert [st.answers[0] for st in moves] == [c.move for c in choices]
    assert [st.position for st in moves] == [c.before for c in choices]
    for st in moves:
        assert st.seat == s and st.position.is_legal(st.answers[0])
        v = Attempt(st).answer(st.answers[0])
        assert v.right
        assert_learner_sentence(st.text, "text")
        assert_learner_sentence(st.explain, "explain")
        assert_learner_sentence(v.explain, "verdict explain")


def test_the_limit_and_the_id():
    _, rec = played(5)
    L = lesson_from_record(rec, 0, limit=3, lesson_id="my-game", title="My game")
    assert (L.id, L.title, L.exercises) == ("my-game", "My game", 3)
    assert lesson_from_record(rec, "P1").id == "game-p1"


def test_a_worked_example_with_its_narration():
    rec = load_example("EX-ZH-BOUT")
    L = lesson_from_record(rec, "P2")
    step = L.steps[1]
    said = [rm.say for rm in rec.moves if rm.move == step.answers[0]][0]
    assert step.explain == said and L.id == "ex-zh-bout-p2"


def test_a_seat_without_a_choice_or_out_of_range():
    rec = load_example("EX-KO-1")  # P2 leads, P1 covers: P1's cover may be its only choice
    with pytest.raises(LessonError) as info:
        lesson_from_record(rec, "P5")
    assert info.value.field == "seat"
    seats_with_moves = {rm.move.seat for rm in rec.moves}
    for s in range(rec.rules.players):
        if s not in seats_with_moves:
            with pytest.raises(LessonError) as info:
                lesson_from_record(rec, s)
            assert info.value.field == "seat"
