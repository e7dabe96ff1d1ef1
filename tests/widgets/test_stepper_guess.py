"""The stepper's "Guess the move" mode driven from Python: the toggle, the choice buttons
clicked with ``.click()``, the answers, Next and End held back, the score, and the stepper
unchanged once the mode is off again."""

import xml.etree.ElementTree as ET

import ipywidgets as widgets
from ipywidgets.widgets.widget import _instances as widget_instances
import pytest

from durak_lab.text.messages import MESSAGES
from durak_lab.widgets.stepper import Stepper


def text(markup: str) -> str:
    return " ".join("".join(ET.fromstring(f"<div>{markup}</div>").itertext()).split())


def all_widgets(w):
    yield w
    for child in getattr(w, "children", ()):
        yield from all_widgets(child)


def outcome(s: Stepper) -> str:
    root = ET.fromstring(f"<div>{s.guess.feedback.value}</div>")
    (answer,) = [el for el in root.iter() if el.get("data-outcome")]
    return answer.get("data-outcome")


def guessing(ex_id: str) -> Stepper:
    s = Stepper(ex_id)
    s.guess.toggle.value = True
    return s


def test_contract_the_toggle_and_the_panel():
    s = Stepper("EX-ZH-BOUT")
    g = s.guess
    assert isinstance(g.toggle, widgets.ToggleButton) and g.toggle.description == "Guess the move"
    assert "dl-guess-toggle" in g.toggle._dom_classes and g.toggle in list(all_widgets(s))
    assert "dl-guess" in g.box._dom_classes and g.box in list(all_widgets(s))
    assert g.box.layout.display == "none"  # off: the stepper as it was
    g.toggle.value = True
    assert g.box.layout.display is None
    for w, cls in ((g.prompt, "dl-guess-prompt"), (g.choices, "dl-guess-choices"),
                   (g.feedback, "dl-guess-feedback"), (g.show_button, "dl-guess-show"), (g.score, "dl-guess-score")):
        assert cls in w._dom_classes and w in list(all_widgets(s))
    assert g.show_button.description == "Show the move"
    heads = [w for w in all_widgets(g.choices) if "dl-guess-seat" in w._dom_classes]
    assert len(heads) == 1  # at the start only P4, the attacker, may move
    buttons = [w for w in all_widgets(g.choices) if isinstance(w, widgets.Button)]
    assert [b.description for b in buttons] == ["P4 leads 6♠", "P4 leads 7♥", "P4 leads K♥", "P4 leads A♥",
                                                "P4 leads J♦", "P4 leads 6♣"]
    assert all("dl-guess-choice" in b._dom_classes for b in buttons)


def test_the_next_move_stays_hidden_while_guessing():
    s = guessing("EX-ZH-BOUT")
    assert s.next_button.disabled and s.end_button.disabled  # the move ahead is not answered
    assert text(s.narration.value) == MESSAGES["guess-hidden-start"]  # the description tells the moves
    assert s.show_source.disabled and s.source.layout.display == "none"
    s.next_button.click()
    assert s.index == 0


def test_right_advances_to_the_source_move():
    s = guessing("EX-ZH-BOUT")
    s.guess.button_for("P4 leads 7♥").click()
    assert s.index == 1 and str(s.frame.move) == "P4 attack 7♥"
    assert outcome(s) == "right" and s.guess.feedback_text == "Right: that is the move in the source."
    assert s.guess.score.value == "1 of 1 guessed, 1 at the first try"
    # the next question: P1 may cover (R11) or take (R15); the others may pass (R16)
    assert s.guess.choice_labels == ["P4 passes", "P1 covers 7♥ with 8♠", "P1 covers 7♥ with 10♥",
                                     "P1 covers 7♥ with Q♥", "P1 takes the cards", "P2 passes", "P3 passes"]
    assert "P4 (holder of the lowest trump" in text(s.narration.value)  # frame 1: the narration is back


def test_another_legal_move_first_try_again_then_the_answer():
    s = guessing("EX-ZH-BOUT")
    s.go(1)
    wrong = s.guess.button_for("P1 takes the cards")
    wrong.click()
    assert s.index == 1 and outcome(s) == "other" and s.guess.feedback_text == MESSAGES["guess-other"]
    assert wrong.disabled and "dl-guess-tried" in wrong._dom_classes
    assert s.next_button.disabled and s.guess.score.value == "Nothing guessed yet"
    s.guess.button_for("P1 covers 7♥ with Q♥").click()
    assert s.index == 2 and outcome(s) == "other"
    assert s.guess.feedback_text == "That move is allowed, but the source plays this: P1 covers 7♥ with 10♥."
    assert s.guess.score.value == "0 of 1 guessed"


def test_a_wrong_move_then_the_right_one():
    s = guessing("EX-ZH-BOUT")
    s.go(2)
    s.guess.button_for("P2 passes").click()
    s.guess.button_for("P2 throws in 10♦").click()
    assert s.index == 3 and outcome(s) == "right" and s.guess.score.value == "1 of 1 guessed, 0 at the first try"


def test_show_the_move_gives_up():
    s = guessing("EX-ZH-BOUT")
    s.guess.show_button.click()
    assert s.index == 1 and outcome(s) == "shown"
    assert s.guess.feedback_text == "The source plays this: P4 leads 7♥."
    assert s.guess.score.value == "0 of 1 guessed"


def test_the_illegal_attempt_of_the_source_says_why():
    s = guessing("EX-HE-PUSH")
    s.guess.button_for("P1 leads 7♦").click()
    s.guess.button_for("P2 covers 7♦ with J♦").click()
    assert s.index == 2 and "P3 throws in Q♦" in s.guess.choice_labels
    s.guess.button_for("P3 throws in Q♦").click()  # R12: no Q is on the table
    assert s.frame.kind == "rejected" and outcome(s) == "illegal"
    assert s.guess.feedback_text.startswith("That move is not allowed: ") and "Q" in s.guess.feedback_text
    assert "rank-not-on-table" not in s.guess.feedback.value
    assert s.guess.score.value == "3 of 3 guessed, 3 at the first try"
    assert text(s.guess.prompt.value) == MESSAGES["guess-end"]
    assert s.guess.choice_labels == [] and s.guess.show_button.layout.display == "none"


def test_after_a_bout_next_steps_through_what_follows_by_itself():
    s = guessing("EX-ZH-BOUT")
    s.go(5)
    s.guess.button_for("P1 covers 8♣ with Q♣").click()
    assert s.index == 6 and s.guess.choice_labels == []
    assert text(s.guess.prompt.value) == MESSAGES["guess-wait"] and not s.next_button.disabled
    assert outcome(s) == "right"
    s.next_button.click()
    assert s.index == 7 and s.guess.feedback_text == ""  # the answer goes once the learner moves on


def test_the_end_button_waits_for_every_move_ahead():
    s = guessing("EX-KO-1")
    s.guess.show_button.click()
    assert s.end_button.disabled  # move 2 is still hidden
    s.guess.show_button.click()
    assert s.index == 2 and s.next_button.disabled  # the last frame


def test_going_back_the_score_counts_each_move_once():
    s = guessing("EX-ZH-BOUT")
    s.guess.button_for("P4 leads 7♥").click()
    s.start_button.click()
    assert not s.next_button.disabled  # answered: no longer hidden
    s.guess.button_for("P4 leads 7♥").click()
    assert s.guess.score.value == "1 of 1 guessed, 1 at the first try"
    assert MESSAGES["guess-again"] in s.guess.feedback_text


def test_seen_by_a_seat_guesses_its_own_moves():
    s = guessing("EX-ZH-BOUT")
    s.seen_by.value = 0  # P1
    assert s.guess.choice_labels == []
    assert "P4 moves next, with cards that P1 cannot see" in text(s.guess.prompt.value)
    s.guess.show_button.click()
    assert s.guess.choice_labels == ["P1 covers 7♥ with 8♠", "P1 covers 7♥ with 10♥", "P1 covers 7♥ with Q♥",
                                     "P1 takes the cards"]
    assert s.guess.score.value == "Nothing guessed yet"  # a move P1 could not guess is not counted


def test_a_new_example_or_switching_on_again_starts_the_score_again():
    s = guessing("EX-ZH-BOUT")
    s.guess.button_for("P4 leads 7♥").click()
    s.example.value = "EX-KO-1"
    assert s.guess.score.value == "Nothing guessed yet" and s.index == 0
    assert s.guess.choice_labels  # P2 leads in EX-KO-1
    s.guess.show_button.click()
    s.guess.toggle.value = False
    s.guess.toggle.value = True
    assert s.guess.score.value == "Nothing guessed yet"


def test_switching_off_gives_the_stepper_back_as_it_was():
    plain = Stepper("EX-ZH-BOUT")
    s = guessing("EX-ZH-BOUT")
    s.show_source.value = False
    s.guess.toggle.value = False
    assert s.guess.box.layout.display == "none"
    for a, b in ((s.narration, plain.narration), (s.table, plain.table), (s.legal, plain.legal)):
        assert a.value == b.value
    assert not s.next_button.disabled and not s.end_button.disabled and not s.show_source.disabled
    s.show_source.value = True
    assert s.source.layout.display is None


@pytest.mark.parametrize("ex_id", ["EX-ZH-BOUT", "EX-HE-PUSH", "EX-HE-SIMPLE", "EX-FI-PAIRS", "EX-HE-TRANSFER"])
def test_every_example_can_be_guessed_to_its_end_with_the_source_moves(ex_id):
    s = guessing(ex_id)
    steps = 0
    while s.index < len(s.frames) - 1:
        q = s.guess.game.question(s.index)
        if q is None:
            s.next_button.click()
            continue
        label = [c.label for c in q.choices if c.move == q.source][0]
        s.guess.button_for(label).click()
        steps += 1
    assert s.guess.score.value == f"{steps} of {steps} guessed, {steps} at the first try"
    assert s.guess.game.score() == (steps, steps, steps, 0) and steps == len(s.record.moves)
    assert s.message.value == ""


# ---------------------------------------------------------------- no widgets left behind
def live() -> int:
    """The widgets alive in the kernel (ipywidgets 8 keeps them in ``widget._instances``;
    ``Widget.widgets`` and ``Widget._active_widgets`` are its deprecated names)."""
    return len(widget_instances)


def guess_on(s: Stepper, guesses: int) -> None:
    """``guesses`` clicks on choice buttons, one wrong try in three, back to the start at the end."""
    made = 0
    while made < guesses:
        q = s.guess.game.question(s.index)
        if q is None:
            (s.start_button if s.index == len(s.frames) - 1 else s.next_button).click()
            continue
        wrong = [c for c in q.choices if c.move != q.source and c.move not in s.guess.game.tried(s.index)]
        if wrong and made % 3 == 0:
            s.guess.button_for(wrong[0].label).click()
            made += 1
        if s.index == q.frame:  # not answered yet: the source's move
            s.guess.button_for(next(c.label for c in q.choices if c.move == q.source)).click()
            made += 1


def test_fifty_guesses_leave_the_live_widget_count_flat():
    s = guessing("EX-ZH-BOUT")
    start = live()
    guess_on(s, 50)
    first = live()
    assert first - start <= 30  # the panel's pool of rows and buttons, filled once (the most choices at once)
    guess_on(s, 50)
    s.guess.toggle.value = False
    s.guess.toggle.value = True
    s.example.value = "EX-HE-PUSH"
    s.example.value = "EX-ZH-BOUT"
    guess_on(s, 50)
    assert live() == first  # before the fix: +1,000 widgets over 50 guesses


def test_next_and_back_leave_the_live_widget_count_flat():
    s = guessing("EX-ZH-BOUT")
    while s.index < len(s.frames) - 1:  # every move answered: Next and End go on
        (s.guess.show_button if s.guess.game.question(s.index) else s.next_button).click()
    s.start_button.click()
    before = live()
    for _ in range(5):
        while not s.next_button.disabled:
            s.next_button.click()
        while not s.back_button.disabled:
            s.back_button.click()
        s.end_button.click()
        s.start_button.click()
    assert s.guess.score.value == "0 of 6 guessed" and live() == before


def test_a_closed_stepper_leaves_no_widget_behind():
    before = live()
    for _ in range(5):  # a notebook cell run again: the new stepper, the old one closed
        s = Stepper("EX-ZH-BOUT")
        s.guess.toggle.value = True
        guess_on(s, 10)
        s.close()
    assert live() == before


def test_guesses_are_kept_in_the_students_progress(tmp_path):
    """With the name the lessons left in the browser, each move answered goes to the student's progress
    once (guessed or shown, at the first try or not); with no name, nothing is written."""
    from durak_lab.lessons import Progress

    s = Stepper("EX-ZH-BOUT")
    s.guess.class_dir = str(tmp_path)
    s.guess.toggle.value = True
    s.guess.button_for("P4 leads 7♥").click()          # right at once
    assert not list(tmp_path.iterdir())                 # nobody named: nothing kept
    s.guess.student.name = "Ann"                        # the browser says who it is
    s.guess.button_for("P1 takes the cards").click()    # allowed, but not the source's move
    s.guess.button_for("P1 covers 7♥ with 10♥").click()  # the source's move, at the second try
    p = Progress.for_student("Ann", str(tmp_path))
    assert tuple(p.guess_score("EX-ZH-BOUT")) == (2, 2, 1)
    marks = p.guess_marks("EX-ZH-BOUT")
    assert [(m.solved, m.first_try, m.tries, m.times) for _, m in sorted(marks.items())] == [
        (True, True, 1, 1), (True, False, 2, 1)]
    s.close()
