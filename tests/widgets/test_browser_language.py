"""A widget given no language follows the learner's browser, unless someone chose a language."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from durak_lab.text.catalogue import set_language
from durak_lab.widgets import LessonPlayer, PlayTable


@pytest.fixture
def nobody_chose(monkeypatch):
    monkeypatch.delenv("DURAK_LAB_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language(None)
    yield
    set_language(None)


def _player(tmp_path, **options):
    return LessonPlayer(progress_path=str(tmp_path / "progress.json"), **options)


@pytest.mark.parametrize("make", [lambda tmp: PlayTable(seed=3), lambda tmp: _player(tmp)], ids=["table", "lessons"])
def test_the_browser_language_is_asked_for_once_and_followed(nobody_chose, tmp_path, make):
    widget = make(tmp_path)
    assert widget.state["auto_lang"] is True and widget.state["lang"] == "en"
    state = widget.handle({"do": "browser-language", "langs": ["de-DE", "fi-FI", "en-US"]})
    assert state["lang"] == "fi" and state["auto_lang"] is False and widget.language == "fi"
    # asked once: a second answer (another tab's, a replayed message) changes nothing
    assert widget.handle({"do": "browser-language", "langs": ["he-IL"]})["lang"] == "fi"


@pytest.mark.parametrize("langs", [["de-DE", "pt"], [], "he", [7, None], ["x" * 500], None])
def test_a_browser_without_a_language_of_ours_keeps_the_default(nobody_chose, langs):
    table = PlayTable(seed=3)
    state = table.handle({"do": "browser-language", "langs": langs})
    assert state["lang"] == "en" and state["auto_lang"] is False


def test_a_language_someone_chose_wins_over_the_browser(nobody_chose, monkeypatch, tmp_path):
    assert PlayTable(seed=3, language="ko").state["auto_lang"] is False
    set_language("he")
    assert PlayTable(seed=3).state["auto_lang"] is False
    set_language(None)
    monkeypatch.setenv("DURAK_LAB_LANG", "zh")
    table = PlayTable(seed=3)
    assert table.state["auto_lang"] is False
    assert table.handle({"do": "browser-language", "langs": ["fi"]})["lang"] == "zh"


def test_the_picker_ends_the_asking(nobody_chose):
    table = PlayTable(seed=3)
    table.handle({"do": "language", "lang": "ru"})
    assert table.state["auto_lang"] is False
    assert table.handle({"do": "browser-language", "langs": ["fi"]})["lang"] == "ru"
