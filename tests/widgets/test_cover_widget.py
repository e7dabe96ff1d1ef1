"""durak_lab.widgets.cover: driven from Python, the answer follows the fields; bad input is a sentence."""

from durak_lab.widgets.cover import OWN, CoverWidget, example_moments


def _names(w):
    return [t.name for t in w.figure.data if t.showlegend is not False]


def test_the_default_puzzle_has_no_full_cover():
    w = CoverWidget()
    assert "dl-cover-widget" in w._dom_classes and "dl-cover-answer" in w.answer._dom_classes
    assert "7♥, 9♥ and J♥ can only be beaten by 10♥ and A♠: three cards, two answers" in w.answer.value
    assert "too few answers" in _names(w)
    assert "7 of hearts" in w.table.value and "too few answers" in w.table.value
    assert "Hall" not in w.table.value and "NaN" not in w.table.value


def test_setting_values_updates_the_answer_and_the_figure():
    w = CoverWidget("7♥ 9♥", "8♥ 10♥ A♠", "♠")
    want = "The defender can cover both attack cards: 7♥ with 8♥, 9♥ with 10♥; no trump needed."
    assert want in w.answer.value
    w.trump.value = 1   # hearts are trump now: 7♥ 9♥ are trumps, A♠ cannot beat them
    assert w.plan.full and "no trump" not in w.answer.value
    w.hand.value = "A♠ K♠"
    assert not w.plan.full and "cannot be beaten by any card of the hand" in w.answer.value
    assert "too few answers" in _names(w)
    w.attack.value = ""
    assert "Nothing to cover" in w.answer.value


def test_bad_input_shows_a_sentence_not_a_traceback():
    w = CoverWidget()
    before = list(w.figure.data)
    w.hand.value = "10♥ Z9"
    assert w.plan is None
    assert "“Z9” is not a card" in w.answer.value and 'role="alert"' in w.answer.value
    assert "Traceback" not in w.answer.value
    assert len(w.figure.data) == len(before)   # the last figure stays
    w.hand.value = "10♥ 10♥"
    assert "is there twice" in w.answer.value
    w.hand.value = "7♥ 8♥"   # 7♥ is also an attack card
    assert "cannot be an attack card and in your hand" in w.answer.value
    w.hand.value = "10♥ A♠ 6♣"
    assert w.plan is not None and 'role="status"' in w.answer.value


def test_choosing_a_worked_example_fills_the_fields():
    moments = example_moments()
    assert ("EX-ZH-BOUT after move 5: P3 attack 8♣", ("EX-ZH-BOUT", 5)) in moments
    w = CoverWidget()
    w.example.value = ("EX-ZH-BOUT", 5)
    assert (w.attack.value, w.hand.value, w.trump.value) == ("8♣", "Q♥ 7♣ 10♣ Q♣", 0)
    assert "8♣ with 10♣" in w.answer.value
    w.attack.value = "8♣ 7♥"   # edited by hand: the example choice goes back to "your own cards"
    assert w.example.value == OWN and "both attack cards" in w.answer.value
    w.select(("EX-HE-BOUT", 3))
    assert w.example.value == ("EX-HE-BOUT", 3) and w.trump.value == 1
    assert "10♥ with Q♥" in w.answer.value
    w.select(None)
    assert w.example.value == OWN and w.example.label == "your own cards"
