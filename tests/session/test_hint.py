"""The hint, the coach's warnings and the review at the table, built on the evaluator
(durak_lab.session.advice, coach, table_review, play).

The hint names the evaluator's best move for the seat's view, with the reading of the game's
public history and random numbers seeded by the deal and the moves played; it is the same
whatever the hidden cards (re-dealt as the property test of views does,
tests/engine/test_view_worlds.py); once nothing is hidden it is the exact solver's move.  The
coach warns exactly before the moves the evaluator labels mistakes (and small slips a tip fits).
The review at the end judges the people's decisions only.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from durak_lab.analysis import Solver
from durak_lab.analysis.evaluation import evaluate
from durak_lab.analysis.evaluation.review import BLUNDER, INACCURACY, LABELS, MISTAKE
from durak_lab.engine.rules import Rules
from durak_lab.session import HUMAN, PlaySession
from durak_lab.analysis.inference.reading import Reading
from durak_lab.session.advice import HINT_BUDGET, evaluate_view, history_rng, judge, playouts_for
from durak_lab.session.coach import Coach
from durak_lab.text.messages import say
from durak_lab.text.narrate import move_words
from durak_lab.text.review import label_words, percent

from helpers import assert_sentence, rules

_spec = importlib.util.spec_from_file_location(
    "_view_worlds", Path(__file__).resolve().parents[1] / "engine" / "test_view_worlds.py")
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
other_world = _module.other_world  # the cards a seat cannot see, dealt again


def person_turns(s: PlaySession, rng: random.Random, limit: int = 3000):
    """Play ``s`` to the end (random legal moves for the people), yielding before each person's move."""
    for _ in range(limit):
        if s.is_over:
            return
        if s.bot_to_act() is not None:
            s.bot_move()
            continue
        yield s.human_to_act()
        if not s.is_over and s.human_to_act() is not None:
            s.play(rng.choice(s.legal()))


# ---------------------------------------------------------------- the hint
def test_the_hint_is_the_evaluators_best_move_for_a_seeded_position():
    s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=21)
    rng = random.Random(21)
    checked = 0
    for seat in person_turns(s, rng):
        if len(s.game) < 8 or len(s.legal()) < 2 or not s.position.talon:
            continue
        view, history = s.view(seat), s.history(seat)
        # the evaluator itself, called as the analysis documents it: the view, a reading, seeded
        ev = evaluate(view, playouts=playouts_for(view.rules, HINT_BUDGET), rng=history_rng(s.seed, len(s.game)),
                      reading=Reading.of(history, seat))
        assert s.hint_move() == ev.best[0]
        hint = s.hint()
        assert_sentence(hint)
        assert hint.startswith(f"Hint: {move_words(ev.best[0])}. ") and percent(ev.moves[0].chance) in hint
        assert s.hint() == hint and s.hint_move() == ev.best[0]  # the same again (remembered or not)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("players, seed", [(2, 5), (3, 8), (4, 2)])
def test_the_hint_never_depends_on_hidden_cards(players, seed):
    """The hidden cards of the position dealt again (the other hands, the talon): the same view, the
    same history, so the same hint and the same move, at several points of a game."""
    s = PlaySession(rules(players=players), [HUMAN] + ["tips"] * (players - 1), seed=seed)
    rng = random.Random(seed)
    compared = turns = 0
    for seat in person_turns(s, rng):
        turns += 1
        if len(s.legal()) < 2 or turns % 2:
            continue
        hint, move = s.hint(), s.hint_move()
        real = s.game.position
        for k in range(2):
            other = other_world(real, seat, random.Random(seed * 10 + k))
            assert other.view(seat) == real.view(seat)
            s.game.position = other  # the table now holds other hidden cards
            try:
                s.adviser.forget()  # nothing remembered: worked out again
                assert (s.hint(), s.hint_move()) == (hint, move)
            finally:
                s.game.position = real
        compared += 1
        if compared == 4:
            break
    assert compared == 4


def test_an_exact_position_gives_the_solvers_move():
    """Two players, the talon empty: nothing is hidden, and the hint is a best move of the solver."""
    solver = Solver()
    found = 0
    for seed in range(30):
        s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=seed)
        for seat in person_turns(s, random.Random(seed)):
            p = s.position
            if p.talon or len(s.legal()) < 2:
                continue
            values = dict(solver.move_values(p))
            best = max(values.values())
            ev = s.adviser.evaluation(s.view(seat), history_rng(s.seed, len(s.game)), s.history(seat))
            assert ev.exact and values[s.hint_move()] == best
            assert "With best play it is" in s.hint()
            found += 1
            break
        if found == 4:
            break
    assert found == 4


# ---------------------------------------------------------------- the coach's warnings
def test_the_coach_warns_before_the_evaluators_mistakes_and_says_by_how_much():
    warned = quiet = 0
    for seed in (3, 4):
        s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=seed, coach=True)
        for seat in person_turns(s, random.Random(seed)):
            view, history, rng = s.view(seat), s.history(seat), history_rng(s.seed, len(s.game))
            if len(view.legal) < 2:
                assert all(s.coach_warning(m) is None for m in s.legal())
                continue
            ev = s.coach.evaluation(view, rng, history)  # remembered for the warnings below
            if len(s.game) < 6:  # the evaluator's own figures, worked out again
                fresh = evaluate_view(view, history_rng(s.seed, len(s.game)), history)
                assert (fresh.moves, fresh.best) == (ev.moves, ev.best)
            for move in s.legal():
                warning = s.coach_warning(move)
                d = judge(ev, move)
                if d.label in (MISTAKE, BLUNDER):
                    better = move_words(d.better[0] if d.better else ev.best[0])
                    assert warning is not None and warning.endswith(f"Better: {better}.")
                    if not d.exact:
                        assert warning == say("coach-warning", why=say(
                            "coach-eval-slip", label=label_words(d.label), before=percent(d.before),
                            after=percent(d.after), better=better))
                    warned += 1
                elif d.label == INACCURACY:
                    assert warning == (None if s.coach.tip(view, move) is None
                                       else say("coach-warning", why=s.coach.tip(view, move)))
                else:
                    assert warning is None, (str(move), d.label, warning)
                    quiet += 1
    assert warned >= 2 and quiet > 30


def test_a_mistake_warning_in_words():
    s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=3, coach=True)
    for _ in person_turns(s, random.Random(3)):
        for move in s.legal():
            w = s.coach_warning(move)
            if w is not None and "goes down" in w:
                assert_sentence(w)
                assert w.startswith("Coach: this looks like a ") and "Your chance of not being the durak goes " \
                    "down from " in w and "%" in w
                return
    raise AssertionError("no mistake warned of")


# ---------------------------------------------------------------- the review at the end
def test_the_review_at_the_end_lists_the_persons_labels():
    s = PlaySession(rules(players=3), ["tips", HUMAN, "tips"], seed=9)
    for _ in person_turns(s, random.Random(9)):
        pass
    assert s.is_over
    assert s.review(wait=False)[3] == say("rv-thinking", done=1, total=s.table_review().total)
    lines = s.review()
    r = s.table_review().review()
    assert r.players == (1,) and {d.seat for d in r.decisions} == {1}
    assert len(r.decisions) == s.table_review().total == sum(1 for m in s.moves if m.seat == 1)
    assert lines[:3] == [say("review-title"), s.end_sentence(), say("review-moves", count=len(s.moves))]
    assert lines[3] == say("rv-accuracy", seat="P2", accuracy=round(r.accuracy[1]))
    counts = ", ".join(say("rv-count", count=n, label=label_words(label)) for label, n in r.labels[1].items() if n)
    assert lines[4] == say("rv-counts", seat="P2", counts=counts)
    assert sum(r.labels[1].values()) == len(r.decisions) and set(r.labels[1]) == set(LABELS)
    assert not any(line.startswith(("P1", "P3")) for line in lines)  # the bots are not judged
    mistakes = any(d.label in ("mistake", "blunder") for d in r.decisions)
    assert (lines[-1] == say("review-practise")) == mistakes  # Your games makes them exercises
    assert all(line.startswith("Key moment") or line == say("rv-no-key") for line in lines[5:len(lines) - mistakes])
    for line in lines:
        assert_sentence(line)


def test_the_review_agrees_with_the_coach():
    """With the coach on, the review judges each decision with the coach's own evaluation."""
    s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=4, coach=True)
    warned = []
    for _ in person_turns(s, random.Random(4)):
        warned += [str(m) for m in s.legal() if s.coach_warning(m) and "goes down" in s.coach_warning(m)]
    s.review()
    r = s.table_review().review()
    played_badly = {str(d.move) for d in r.decisions if d.label in (MISTAKE, BLUNDER) and not d.exact}
    assert played_badly <= set(warned)


def test_no_review_without_a_person_or_under_rules_the_evaluator_does_not_play():
    s = PlaySession(rules(players=2), ["tips", "tips"], seed=1)
    s.run_bots()
    assert s.is_over and s.table_review() is None
    assert s.review() == [say("review-title"), s.end_sentence(), say("review-moves", count=len(s.moves))]
    d = PlaySession(Rules.preset("doker", players=2), [HUMAN, "tips"], seed=1)
    for _ in person_turns(d, random.Random(1)):
        pass
    assert d.table_review().total == 0 and d.review()[3:] == []


def test_the_undo_after_the_end_forgets_the_review():
    s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=2)
    for _ in person_turns(s, random.Random(2)):
        pass
    first = s.table_review()
    s.undo()
    assert s.table_review() is None
    for _ in person_turns(s, random.Random(5)):
        pass
    assert s.table_review() is not first


def test_the_hint_settings_are_a_coachs():
    with pytest.raises(ValueError):
        Coach(playouts=0)
    quick = Coach(playouts=200)
    s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=6)
    s.run_bots()
    s.adviser = quick
    view = s.view(s.human_to_act())
    ev = quick.evaluation(view, history_rng(s.seed, len(s.game)), s.history(view.seat))
    assert sum(m.playouts for m in ev.moves) <= 200 + len(view.legal)
