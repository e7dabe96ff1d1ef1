"""The language pickers of the cover widget and the trumps widget: the same cards, game and step,
every word in the new language."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")
pytest.importorskip("pandas")

from durak_lab.text.catalogue import LANGUAGES
from durak_lab.widgets.cover import CoverWidget
from durak_lab.widgets.trumps import TrumpWidget

#: English words, the move text's (attack, cover, with …: a public contract, the same in every language) aside.
ENGLISH = re.compile(r"\b(?:the|and|of|to|can|defender|Hand|Trump|beats|higher)\b", re.I)


def _words(w: CoverWidget) -> str:
    texts = [w.example.description, w.attack.description, w.hand.description, w.trump.description,
             w.attack.placeholder, w.hand.placeholder, w.answer.value, w.table.value]
    texts += [label for label, _value in w.trump.options] + [label for label, _value in w.example.options]
    texts += [str(trace.hovertext) for trace in w.figure.data]
    return re.sub(r"<style>.*?</style>|<[^>]+>", " ", " ".join(texts), flags=re.S)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_choosing_a_language_keeps_the_cards_and_words_everything_anew(code):
    w = CoverWidget("7♥ 9♥ J♥", "10♥ A♠ 6♣", "♠")
    w.select(("EX-ZH-BOUT", 3))
    before = (w.example.value, w.attack.value, w.hand.value, w.trump.value, w.plan.full)
    w.language_picker.value = code
    assert (w.example.value, w.attack.value, w.hand.value, w.trump.value, w.plan.full) == before
    fresh = CoverWidget(language=code)
    fresh.select(("EX-ZH-BOUT", 3))
    assert _words(w) == _words(fresh)  # as if made in that language
    assert not ENGLISH.search(_words(w)), ENGLISH.findall(_words(w))
    w.attack.value = "7♥ X9"  # a typing mistake is said in the chosen language too
    assert "X9" in w.answer.value and not ENGLISH.search(re.sub(r"<[^>]+>", " ", w.answer.value))
    w.language_picker.value = "en"
    assert w.attack.description == "Attack" and "is not a card" in w.answer.value


def _trump_words(w: TrumpWidget) -> str:
    texts = [w.viewpoint.description, w.inference.description, w.caption.value, w.summary.value,
             w.table_head.value, w.stepper.step_label.value]
    texts += [label for label, _value in w.inference.options]
    for fig in (w.bars, w.heatmap, w.course):
        texts += [str(fig.layout.title.text), str(fig.layout.xaxis.title.text), str(fig.layout.yaxis.title.text)]
        texts += [str(trace.name) for trace in fig.data] + [note.text for note in fig.layout.annotations]
        texts += [" ".join(map(str, trace.x)) for trace in fig.data if trace.type == "heatmap"]
    return re.sub(r"<[^>]+>", " ", " ".join(texts))


@pytest.mark.parametrize("code", ["ru", "he", "zh"])
def test_the_trumps_widget_follows_its_steppers_picker(code):
    w = TrumpWidget("EX-KO-2", seat=0, n=100)
    w.stepper.end()
    w.viewpoint.value = 1
    before = (w.stepper.index, w.viewpoint.value, w.inference.value, w.bars.to_plotly_json()["data"][0]["y"].tolist()
              if hasattr(w.bars.to_plotly_json()["data"][0]["y"], "tolist") else list(w.bars.data[0].y))
    w.stepper.language_picker.value = code
    after = (w.stepper.index, w.viewpoint.value, w.inference.value, list(w.bars.data[0].y))
    assert after[:3] == before[:3] and after[3] == pytest.approx(list(before[3]))
    assert w.language == code
    english = re.compile(r"\b(?:the|and|of|talon|table|discard|seen|chance|Viewpoint|Step)\b", re.I)
    assert not english.search(_trump_words(w)), english.findall(_trump_words(w))
    caption = w.caption.value
    w.stepper.start()  # the new controls are watched: the charts follow the stepper still
    assert w.caption.value != caption and not english.search(re.sub(r"<[^>]+>", " ", w.caption.value))


@pytest.mark.parametrize("code", ["he", "ko"])
def test_the_review_board_follows_its_steppers_picker(code):
    from durak_lab.engine.records import load_example
    from durak_lab.widgets.review import ReviewBoard
    board = ReviewBoard(load_example("EX-KO-2"), playouts=20, reading=False, wait=False)
    board.show_move(2)
    chosen, index, shown = board.moves.value, board.stepper.index, len(board.moves.options)
    board.stepper.language_picker.value = code
    assert (board.moves.value, board.stepper.index, len(board.moves.options)) == (chosen, index, shown)
    assert board.stepper.example.layout.display == "none"  # still one game, no list
    english = re.compile(r"\b(?:the|and|of|Done|choices|judged|accuracy|best|move|chance)\b", re.I)
    words = " ".join([board.status.value, board.moves.description, board.summary.value, board.sentence.value,
                      str(board.advantage.layout.title.text), str(board.loss.layout.title.text)]
                     + [label for label, _v in board.moves.options])
    assert not english.search(re.sub(r"<[^>]+>", " ", words)), english.findall(re.sub(r"<[^>]+>", " ", words))
    sentence = board.sentence.value
    board.stepper.start()
    board.show_move(3)  # the new stepper's steps are watched: the sentence follows
    assert board.sentence.value != sentence and not english.search(re.sub(r"<[^>]+>", " ", board.sentence.value))
    board.close()


@pytest.mark.parametrize("code", ["zh", "fi"])
def test_the_teachers_view_has_a_picker(tmp_path, code):
    from durak_lab.lessons import Progress
    from durak_lab.widgets.teacher import TeacherView
    p = Progress.for_student("Ann", str(tmp_path))
    p.mark("cards", 2, first_try=True)
    p.save()
    view = TeacherView(str(tmp_path))
    before = (view.report.students, view.folders)
    view.language_picker.value = code
    assert (view.report.students, view.folders) == before and view.language == code
    words = re.sub(r"<style>.*?</style>|<[^>]+>", " ", " ".join(
        [view.head.value, view.count.value, view.table.value, view.missed.value, view.reload.description,
         view.upload.description, view.folder_box.description, view.csv.value]
        + [view.tabs.get_title(i) for i in range(4)]), flags=re.S)
    english = re.compile(r"\b(?:the|and|of|students|lessons|Read|again|Download|first|try|class)\b", re.I)
    assert not english.search(words), english.findall(words)
    view.read_again()  # a redraw later speaks the language chosen
    assert view.count.value == TeacherView(str(tmp_path), language=code).count.value
