"""The worked-example stepper widget, driven from Python (no browser).

Buttons are pressed with ``.click()`` and the widgets' values checked: the UI
contract (classes, names), the frames of EX-ZH-BOUT in order, Next/Back/Start/
End and their disabled states, the engine's reason in EX-HE-PUSH, the source
panel, and errors shown as sentences.
"""

import json
import re
import xml.etree.ElementTree as ET

import ipywidgets as widgets
import pytest

from durak_lab.widgets.stepper import widget as stepper_module
from durak_lab.engine.cards import Card, cards_of
from durak_lab.engine.records import example_ids, load_example
from durak_lab.display.render import FOUR_COLOURS
from durak_lab.widgets.stepper import EXAMPLE_ORDER, Stepper

ZH_LABEL = "EX-ZH-BOUT — a full 4-player bout"


def classes(el) -> list:
    return (el.get("class") or "").split()


def html_root(markup: str):
    return ET.fromstring(f"<div>{markup}</div>")


def text(markup: str) -> str:
    return " ".join("".join(html_root(markup).itertext()).split())


def table_pairs(s: Stepper) -> list:
    """The attack/cover pairs in the dl-table widget, as data-card values."""
    root = html_root(s.table.value)
    (area,) = [el for el in root.iter() if "dl-table-cards" in classes(el)]
    return [tuple(c.get("data-card") for c in pair.iter() if "dl-card" in classes(c))
            for pair in area.iter() if "dl-pair" in classes(pair)]


def seat_counts(s: Stepper) -> dict:
    root = html_root(s.table.value)
    out = {}
    for el in root.iter():
        if "dl-seat" in classes(el):
            out[el.get("data-seat")] = len([c for c in el.iter() if "dl-card" in classes(c)])
    return out


def all_widgets(w):
    yield w
    for child in getattr(w, "children", ()):
        yield from all_widgets(child)


# ---------------------------------------------------------------- the UI contract
def test_contract_classes_names_and_kinds():
    s = Stepper("EX-ZH-BOUT")
    assert isinstance(s, widgets.VBox) and "dl-stepper" in s._dom_classes
    assert isinstance(s.example, widgets.Dropdown) and s.example.description == "Example"
    assert "dl-example" in s.example._dom_classes
    for button, name in ((s.start_button, "Start"), (s.back_button, "Back"), (s.next_button, "Next"),
                         (s.end_button, "End")):
        assert isinstance(button, widgets.Button)
        assert button.description == name
        assert f"dl-{name.lower()}" in button._dom_classes
    # a labelled text box, not a slider (IntSlider has no accessible label)
    assert isinstance(s.step, widgets.BoundedIntText) and s.step.description == "Step"
    assert "dl-step" in s.step._dom_classes
    assert not any(isinstance(w, widgets.IntSlider) for w in all_widgets(s))
    for widget, cls in ((s.step_label, "dl-step-label"), (s.narration, "dl-narration"), (s.table, "dl-table"),
                        (s.rules, "dl-rules"), (s.legal, "dl-legal"), (s.result, "dl-result"),
                        (s.reason, "dl-reason"), (s.source, "dl-source")):
        assert cls in widget._dom_classes
        assert widget in list(all_widgets(s))
    assert isinstance(s.show_source, widgets.Checkbox) and s.show_source.description == "Show the source text"
    # an Output widget could show a traceback: there is none
    assert not any(isinstance(w, widgets.Output) for w in all_widgets(s))


def test_the_example_list_offers_every_example_by_id_and_title():
    s = Stepper()
    labels = [label for label, _ in s.example.options]
    values = [value for _, value in s.example.options]
    assert sorted(values) == sorted(example_ids())
    assert values[:len(EXAMPLE_ORDER)] == list(EXAMPLE_ORDER)
    assert ZH_LABEL in labels
    for label, value in s.example.options:
        assert label.startswith(f"{value} — ")
    assert s.record.id == EXAMPLE_ORDER[0]  # no example given: the first one


@pytest.mark.parametrize("ex_id", example_ids())
def test_every_example_builds_and_steps_to_its_end(ex_id):
    s = Stepper(ex_id)
    n = len(s.frames)
    assert n >= 2 and s.record.id == ex_id and s.message.value == ""
    assert s.step_label.value == f"Step 0 of {n - 1}" and s.step.max == n - 1
    for i in range(1, n):
        s.next_button.click()
        assert s.index == i and s.step.value == i and s.step_label.value == f"Step {i} of {n - 1}"
        assert text(s.narration.value)
        html_root(s.table.value)  # well-formed
    assert s.next_button.disabled and s.end_button.disabled


# ---------------------------------------------------------------- EX-ZH-BOUT, frame by frame
ZH_FRAMES = [
    # (narration starts with, table pairs, rules)
    ("The deal of EX-ZH-OPEN", [], "R11 R12 R14 R16 R17 R19"),
    ("P4 (holder of the lowest trump, 6♠) leads the 7♥ against P1", [("7♥",)], "R7 R10"),
    ("P1 beats it with the 10♥, a higher heart", [("7♥", "10♥")], "R11"),
    ("P2 throws in the 10♦", [("7♥", "10♥"), ("10♦",)], "R12"),
    ("P1 holds no higher diamond, so P1 beats the 10♦ with the 8♠", [("7♥", "10♥"), ("10♦", "8♠")], "R11"),
    ("P3 throws in the 8♣", [("7♥", "10♥"), ("10♦", "8♠"), ("8♣",)], "R12"),
    ("P1 beats it with the Q♣", [("7♥", "10♥"), ("10♦", "8♠"), ("8♣", "Q♣")], "R11 R16 R17 R19"),
    ("Bito: 8♠ 7♥ 10♥ 10♦ 8♣ Q♣ go to the discard.", [], "R16 R17"),
    ("P4 draws 1 card.", [], "R19"),
    ("P2 draws 1 card.", [], "R19"),
    ("P3 draws 1 card.", [], "R19"),
    ("P1 draws 3 cards.", [], "R19"),
    ("P1 leads against P2.", [], "R17"),
]


def check_zh_frame(s: Stepper, i: int) -> None:
    start, pairs, rules = ZH_FRAMES[i]
    assert s.index == i
    assert s.step_label.value == f"Step {i} of 12"
    assert text(s.narration.value).startswith(start), (i, text(s.narration.value))
    assert table_pairs(s) == pairs, i
    assert text(s.rules.value) == rules
    assert text(s.result.value) == "The game goes on"
    assert s.start_button.disabled is s.back_button.disabled is (i == 0)
    assert s.next_button.disabled is s.end_button.disabled is (i == 12)
    assert s.reason.value == "" and s.reason.layout.display == "none"


def test_zh_bout_next_through_every_frame_then_back():
    s = Stepper()
    s.example.value = "EX-ZH-BOUT"  # as a learner choosing it in the list
    check_zh_frame(s, 0)
    for i in range(1, 13):
        s.next_button.click()
        check_zh_frame(s, i)
    s.next_button.click()  # at the end: nothing happens
    check_zh_frame(s, 12)
    for i in range(11, -1, -1):
        s.back_button.click()
        check_zh_frame(s, i)
    s.back_button.click()  # at the start: nothing happens
    check_zh_frame(s, 0)


def test_zh_bout_end_start_and_the_step_box():
    s = Stepper("EX-ZH-BOUT")
    s.end_button.click()
    check_zh_frame(s, 12)
    s.start_button.click()
    check_zh_frame(s, 0)
    s.step.value = 5
    check_zh_frame(s, 5)
    s.go(-3)
    check_zh_frame(s, 0)
    s.go(40)
    check_zh_frame(s, 12)


def test_zh_bout_draws_fill_the_hands_in_order():
    s = Stepper("EX-ZH-BOUT")
    seen = []
    for i in range(7, 13):
        s.go(i)
        seen.append(tuple(seat_counts(s)[f"P{k}"] for k in (1, 2, 3, 4)))
    assert seen == [(3, 5, 5, 5), (3, 5, 5, 6), (3, 6, 5, 6), (3, 6, 6, 6), (6, 6, 6, 6), (6, 6, 6, 6)]
    assert "P1</b> attacks <b>P2" in s.table.value  # the new bout


def test_zh_bout_what_may_happen_now():
    s = Stepper("EX-ZH-BOUT")
    s.go(1)
    legal = text(s.legal.value)
    assert "P1 may cover 7♥ with 10♥ (a higher heart)" in legal
    assert "P1 may cover 7♥ with 8♠ (a trump)" in legal
    assert "P1 may take" in legal
    s.go(2)
    assert "P2 may throw in 10♦: a 10 is on the table" in text(s.legal.value)
    s.go(4)
    legal = text(s.legal.value)
    assert "P3 may throw in 8♣: an 8 is on the table" in legal and "P3 may pass" in legal
    s.go(8)  # in the middle of the draw nobody acts
    assert text(s.legal.value).startswith("Nobody moves while")
    s.go(12)
    assert "P1 may lead 8♥" in text(s.legal.value)
    root = html_root(s.legal.value)
    assert [el.get("data-seat") for el in root.iter() if "dl-legal-seat" in classes(el)] == ["P1"]


# ---------------------------------------------------------------- EX-HE-PUSH: the rules' reason
def test_he_push_shows_the_engines_reason_for_the_illegal_throw_in():
    s = Stepper("EX-HE-PUSH")
    assert len(s.frames) == 4
    s.end_button.click()
    assert s.frame.kind == "rejected"
    assert text(s.reason.value) == ("The rules do not allow “P3 attack Q♦”. The Q♦ matches no rank on the table: "
                                    "only 7s and jacks may be thrown in.")
    assert s.reason.layout.display is None
    assert table_pairs(s) == [("7♦", "J♦")]  # the refused card never reaches the table
    assert "Instead, the rules allow:" in text(s.legal.value)
    assert s.message.value == ""  # the record expects the rejection: no problem to report
    s.back_button.click()
    assert s.reason.value == "" and s.reason.layout.display == "none"


# ---------------------------------------------------------------- the source panel
@pytest.mark.parametrize("ex_id,lang,direction,word", [
    ("EX-HE-PUSH", "he", "rtl", "קוזיר"), ("EX-KO-1", "ko", "ltr", None), ("EX-ZH-BOUT", "zh", "ltr", "玩家4"),
    ("EX-FI-PAIRS", "fi", "ltr", None)])
def test_source_panel_in_its_own_language(ex_id, lang, direction, word):
    s = Stepper(ex_id)
    assert s.source.layout.display == "none"
    s.show_source.value = True
    assert s.source.layout.display is None
    root = html_root(s.source.value)
    quoted = [el for el in root.iter() if el.get("lang") == lang]
    assert len(quoted) == 1 and quoted[0].get("dir") == direction
    quote = load_example(ex_id).source["quote"]
    quote = "".join(quote) if isinstance(quote, list) else quote
    assert "".join("".join(quoted[0].itertext()).split()) == "".join(quote.split())  # lines become <br/>
    if word:
        assert word in "".join(quoted[0].itertext())
    assert [el.get("lang") for el in root.iter() if el.get("lang")] == [lang, "en"]
    assert "Source:" in text(s.source.value) and f"({ex_id.split('-')[1]})" in text(s.source.value)
    s.show_source.value = False
    assert s.source.layout.display == "none"


# ---------------------------------------------------------------- other records, errors as sentences
def test_a_record_object_or_file_gets_its_own_entry(tmp_path):
    rec = load_example("EX-KO-2")
    data = json.loads(rec.dump())
    data.update(id="MY-GAME", title="my game")
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    s = Stepper(str(path))
    assert s.record.id == "MY-GAME" and s.example.label == "MY-GAME — my game"
    assert len(s.frames) == len(Stepper("EX-KO-2").frames)
    s.select(rec)  # an example's Record selects the example itself
    assert s.example.value == "EX-KO-2"


def test_a_bad_record_file_gives_a_message_not_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "durak-lab/1", "rules": {"players": 9}, "start": {"seed": 1}}', encoding="utf-8")
    s = Stepper(str(bad))
    message = text(s.message.value)
    assert message.startswith("Could not open the record") and "rules.players" in message
    assert message.endswith(".") and "Traceback" not in s.message.value
    assert s.message.layout.display is None
    assert s.record.id == EXAMPLE_ORDER[0] and len(s.frames) >= 2  # the stepper still works
    s.select("EX-ZH-BOUT")
    assert s.message.value == "" and s.message.layout.display == "none"


def test_missing_files_and_unknown_ids_give_messages(tmp_path):
    s = Stepper(str(tmp_path / "nowhere.json"))
    assert "no such record file" in text(s.message.value)
    s = Stepper("EX-ZH-BOUT")
    s.select("EX-NOPE")
    assert "no such worked example" in text(s.message.value)
    assert s.record.id == "EX-ZH-BOUT"  # unchanged


def test_a_record_the_rules_disagree_with_says_so(tmp_path):
    data = json.loads(load_example("EX-KO-1").dump())
    data["moves"] = ["P2 attack 7♦", "P1 cover 7♦ with 9♠"]
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    s = Stepper(str(path))
    assert "disagree" in text(s.message.value)
    s.end()
    assert "9♠ does not beat 7♦" in text(s.reason.value)


def test_an_unexpected_failure_is_a_sentence(monkeypatch):
    s = Stepper("EX-KO-1")

    def broken(record):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(stepper_module, "frames_of", broken)
    s.example.value = "EX-ZH-BOUT"  # the handler fails inside
    assert text(s.message.value).startswith("Something went wrong.") and "RuntimeError" not in s.message.value
    s.next_button.click()  # the old frames still work
    assert s.index == 1


def test_four_colour_deck_redraws_the_frames():
    s = Stepper("EX-ZH-BOUT")
    s.go(3)
    assert FOUR_COLOURS[2] not in s.table.value
    s.four_colour.value = True
    assert FOUR_COLOURS[2] in s.table.value and s.index == 3
    assert FOUR_COLOURS[2] in Stepper("EX-ZH-BOUT", four_colour=True).table.value


def test_clicks_only_swap_precomputed_strings(monkeypatch):
    s = Stepper("EX-ZH-BOUT")
    calls = []
    monkeypatch.setattr(stepper_module, "position_html", lambda *a, **k: calls.append(a) or "")
    for _ in range(12):
        s.next_button.click()
    s.start_button.click()
    assert calls == []


def test_a_game_to_its_end_shows_the_result_as_its_last_frames():
    from durak_lab.engine.game import Game
    from durak_lab.engine.records import record_from_game
    from durak_lab.engine.rules import Rules
    from durak_lab.engine.state import Position

    game = Game(Position.start(Rules(players=2), ["9♦", "Q♦ 6♣"], trump="♥", discard="rest", attacker=0))
    game.play("P1 attack 9♦")
    game.play("P2 cover 9♦ with Q♦")
    s = Stepper(record_from_game(game, title="an endgame"))
    assert s.example.label == "an endgame"
    s.end()
    assert [f.text for f in s.frames[3:]] == ["Bito: 9♦ Q♦ go to the discard.", "P1 has no cards left and is out.",
                                             "Game over: P2 is the durak."]
    assert text(s.result.value) == "P2 is the durak"
    assert "The game is over: P2 is the durak." in text(s.legal.value)
    s.back()
    assert text(s.result.value) == "The game goes on"

    tie = Game(Position.start(Rules(players=2), ["9♦", "Q♦"], trump="♥", discard="rest", attacker=0))
    tie.play("P1 attack 9♦")
    tie.play("P2 cover 9♦ with Q♦")
    s.select(record_from_game(tie))
    s.end()
    assert text(s.result.value) == "Draw: nobody is durak"
    assert s.frame.rule_ids == ("R28", "R29")


def test_a_viewer_sees_the_other_hands_face_down_and_only_their_own_moves():
    s = Stepper("EX-ZH-BOUT")
    s.go(1)  # P1 has led: P2 must answer, P3 and P4 may throw in later
    p = s.frame.position
    everyone = {el.get("data-seat") for el in html_root(s.legal.value).iter() if el.get("data-seat")}
    assert len(everyone) > 1
    for seat in range(4):
        s.viewer = seat
        table = s.table.value
        assert f"seen by P{seat + 1}" in table
        for other in range(4):
            for card in p.hand(other):
                # a card is drawn face up only in the viewer's own hand (or on the table)
                assert (f'data-card="{card}"' in table) == (other == seat), (seat, other, card)
        shown = {el.get("data-seat") for el in html_root(s.legal.value).iter() if el.get("data-seat")}
        assert shown <= {f"P{seat + 1}"}
        if everyone - {f"P{seat + 1}"}:
            assert "cannot see what the other players may do" in s.legal.value
    s.viewer = None
    assert {el.get("data-seat") for el in html_root(s.legal.value).iter() if el.get("data-seat")} == everyone
    assert "seen by" not in s.table.value
    # the viewer stays when stepping on, and a seat the game does not have shows every hand
    s.viewer = 1
    s.next()
    assert "seen by P2" in s.table.value
    s.select("EX-KO-1")
    s.viewer = 3
    assert "seen by" not in s.table.value


def test_the_seen_by_dropdown_chooses_the_viewer():
    s = Stepper("EX-ZH-BOUT")
    assert "dl-seen-by" in s.seen_by._dom_classes
    assert [label for label, _ in s.seen_by.options] == ["everyone (all hands face up)", "P1", "P2", "P3", "P4"]
    assert s.seen_by.value == -1 and s.viewer is None
    s.go(2)
    s.seen_by.value = 2
    assert s.viewer == 2 and "seen by P3" in s.table.value
    s.seen_by.value = -1
    assert s.viewer is None and "seen by" not in s.table.value
    # setting the viewer from Python moves the dropdown; another example keeps a seat it has
    s.viewer = 1
    assert s.seen_by.value == 1
    s.select("EX-KO-1")
    assert [label for label, _ in s.seen_by.options] == ["everyone (all hands face up)", "P1", "P2"]
    assert s.seen_by.value == 1 and "seen by P2" in s.table.value
    s.viewer = None
    s.select("EX-ZH-BOUT")
    s.viewer = 3
    s.select("EX-KO-1")  # P4 is not in a two-player game: every hand face up
    assert s.seen_by.value == -1 and "seen by" not in s.table.value


@pytest.mark.parametrize("ident", sorted(example_ids()))
def test_a_viewer_never_sees_another_hand_in_any_frame(ident):
    s = Stepper(ident)
    players = len(s.frames[0].snapshot.hands)
    for seat in range(players):
        s.viewer = seat
        for i, f in enumerate(s.frames):
            s.go(i)
            table = s.table.value
            hands = f.snapshot.hands
            for other in range(players):
                for c in cards_of(hands[other]):
                    drawn = f'data-card="{Card(c)}"' in table
                    assert drawn == (other == seat), (ident, i, seat, other, str(Card(c)))


def test_judge_adds_the_solvers_verdict_to_every_endgame_move():
    from durak_lab.analysis.analyser import analyse_record
    from durak_lab.engine.records import record_from_game
    from durak_lab.engine.rules import Rules
    from durak_lab.engine.random_play import random_game

    record = record_from_game(random_game(Rules.preset("podkidnoy", players=2), seed=17), seed=17)
    expected = analyse_record(record)
    s = Stepper(record)
    assert s.verdicts == {} and "dl-verdict" not in s.move_line.value
    s.judge.value = True
    assert set(s.verdicts) == {v.index for v in expected.verdicts}
    assert [v.verdict for v in s.verdicts.values()] == [v.verdict for v in expected.verdicts]
    first = expected.mistakes[0]
    s.go(s.frame_of_move(first.index))
    root = html_root(s.move_line.value)
    (span,) = [el for el in root.iter() if "dl-verdict" in classes(el)]
    assert span.get("data-verdict") == "mistake"
    assert "".join(span.itertext()).startswith("· mistake, the win becomes a") and "better: " in span.text
    s.go(s.frame_of_move(expected.first))
    assert 'data-verdict="' in s.move_line.value
    s.go(s.frame_of_move(expected.first - 1))  # played while the talon still held cards: not judged
    assert "dl-verdict" not in s.move_line.value
    s.judge.value = False
    assert s.verdicts == {} and "dl-verdict" not in s.move_line.value


def test_judge_says_why_it_cannot_judge():
    s = Stepper("EX-ZH-BOUT", judge=True)
    assert "two-player games; this one has 4 players" in s.message.value and s.verdicts == {}
    s.select("EX-KO-2")
    assert "The talon never ran out" in s.message.value
    with pytest.raises(ValueError, match="no move 99"):
        s.frame_of_move(98)
