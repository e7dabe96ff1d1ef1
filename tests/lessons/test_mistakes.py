"""Learn from your mistakes (durak_lab.lessons.mistakes): a player's mistakes in a reviewed game
become "find a better move" exercises, checked like any lesson and answered by the review."""

from __future__ import annotations

import json

import pytest

from durak_lab.analysis.evaluation.review import BLUNDER, MISTAKE, review
from durak_lab.cli.lessons import main as lessons_main
from durak_lab.engine import Rules
from durak_lab.engine.records import load_record
from durak_lab.lessons import Attempt, NoMistakes, load_lesson, mistakes_lesson
from durak_lab.session.play import PlaySession
from durak_lab.text.catalogue import say, using
from durak_lab.text.review import label_words

#: A two-player ending the solver settles exactly: P2's first attack (7♦) is a blunder, 8♥ wins.
TINY = {"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
        "start": {"trump": "♠", "hands": {"P1": ["6♦", "10♦", "10♣"], "P2": ["8♥", "7♦"]}, "discard": "rest",
                  "attacker": "P2", "first_bout": False},
        "moves": ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦", "P2 take"]}


def _game(seed: int):
    """A game of the random bot (P1) against the tips bot, to the end."""
    session = PlaySession(Rules(players=2), ["random", "tips"], seed=seed)
    session.run_bots()
    return session.record()


def test_a_blunder_becomes_an_exercise_with_the_better_move_as_its_answer():
    L = mistakes_lesson(load_record(TINY), "P2")
    intro, step = L.steps
    assert intro.kind == "read" and step.kind == "move" and L.exercises == 1
    assert [str(m) for m in step.answers] == ["P2 attack 8♥"] and step.seat == 1
    assert list(step.feedback) == ["P2 attack 7♦"]  # the move played, with what it was
    assert label_words(BLUNDER) in step.feedback["P2 attack 7♦"] and step.explain.startswith("P2 chose to play 7♦")
    assert L.title == say("lesson-mistakes-title", seat="P2")
    assert load_lesson(L.to_dict()).to_dict() == L.to_dict()  # a checked lesson, as a file would be


def test_the_lesson_checks_an_answer_as_the_review_judged_it():
    step = mistakes_lesson(load_record(TINY), "P2").steps[1]
    wrong = Attempt(step).answer("P2 attack 7♦")
    assert not wrong.right and wrong.sentence == step.feedback["P2 attack 7♦"]
    right = Attempt(step).answer("P2 attack 8♥")
    assert right.right and right.done


def test_a_review_made_already_is_used_and_its_labels_chosen():
    record = load_record(TINY)
    r = review(record, 1)
    assert [d.label for d in r.decisions if d.seat == 1][0] == BLUNDER
    assert mistakes_lesson(record, 1, review=r).exercises == 1
    with pytest.raises(NoMistakes) as caught:  # only mistakes asked for: the blunder is not one
        mistakes_lesson(record, 1, review=r, labels=(MISTAKE,))
    assert caught.value.seat == 1 and caught.value.field == "seat"


def test_a_seat_without_mistakes_and_a_bad_seat_are_typed_errors():
    with pytest.raises(NoMistakes):
        mistakes_lesson(load_record(TINY), "P1")  # P1's moves here are best or forced
    with pytest.raises(Exception) as caught:
        mistakes_lesson(load_record(TINY), "P5")
    assert getattr(caught.value, "field", None) == "seat"


@pytest.mark.parametrize("seed", [12, 13, 21, 34])
def test_every_exercise_of_a_played_game_asks_for_a_legal_better_move(seed):
    record = _game(seed)
    r = review(record, 0, playouts=60, rng=1)
    try:
        L = mistakes_lesson(record, "P1", review=r)
    except NoMistakes:
        assert not [d for d in r.decisions if d.seat == 0 and d.label in (MISTAKE, BLUNDER) and d.better]
        return
    judged = {str(d.move): d for d in r.decisions if d.label in (MISTAKE, BLUNDER)}
    for step in L.steps[1:]:
        played = next(iter(step.feedback))
        legal = {str(m) for m in step.position.legal_moves(0)}
        assert played in judged and played in legal
        assert {str(m) for m in step.answers} <= legal and played not in {str(m) for m in step.answers}
        assert {str(m) for m in step.answers} == {str(m) for m in judged[played].better}
    assert L.exercises == len([d for d in r.decisions if d.seat == 0 and d.label in (MISTAKE, BLUNDER) and d.better])


def test_the_lesson_is_worded_in_the_chosen_language():
    with using("he"):
        L = mistakes_lesson(load_record(TINY), "P2")
        assert L.title == say("lesson-mistakes-title", seat="P2")
    assert L.title != "Learn from your mistakes: P2"
    assert not any(w in L.steps[1].text + L.steps[1].explain for w in ("You are", "mistake", "Find", "chose"))


def test_the_command_line_writes_a_lesson_the_checker_accepts(tmp_path, capsys):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(TINY), encoding="utf-8")
    lesson = tmp_path / "mistakes.json"
    assert lessons_main(["mistakes", str(game), "--seat", "P2", "--out", str(lesson)]) == 0
    assert capsys.readouterr().out.startswith(f"{lesson}: game-p2-mistakes, 1 exercise")
    assert lessons_main(["check", str(lesson)]) == 0
    capsys.readouterr()
    assert lessons_main(["mistakes", str(game), "--seat", "P1"]) == 1
    assert capsys.readouterr().out.strip() == say("lesson-mistakes-none", seat="P1")
    assert lessons_main(["mistakes", str(tmp_path / "no-such-game.json")]) == 2
