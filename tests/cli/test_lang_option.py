"""durak-lab --lang CODE (anywhere on the line) and DURAK_LAB_LANG: the words of a command in that language."""

from __future__ import annotations

import io
import json
import re

import pytest

from durak_lab.cli.app import main
from durak_lab.text.catalogue import language, say, using

CJK = re.compile(r"[\u4e00-\u9fff]")
HANGUL = re.compile(r"[\uac00-\ud7af]")


def _play(monkeypatch, capsys, argv) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    main(argv)
    return capsys.readouterr().out


def test_the_terminal_game_speaks_the_language_asked(monkeypatch, capsys):
    english = _play(monkeypatch, capsys, ["play", "--seed", "3"])
    assert "Type help" in english
    chinese = _play(monkeypatch, capsys, ["--lang", "zh", "play", "--seed", "3"])
    assert CJK.search(chinese) and "Type help" not in chinese
    with using("zh"):
        assert say("terminal-bye") in chinese
    korean = _play(monkeypatch, capsys, ["play", "--seed", "3", "--lang=ko"])  # after the command too
    assert HANGUL.search(korean)
    assert language() == "en"  # the choice holds for that command only


def test_the_environment_chooses_when_no_option_does(monkeypatch, capsys):
    monkeypatch.setenv("DURAK_LAB_LANG", "zh")
    assert CJK.search(_play(monkeypatch, capsys, ["play", "--seed", "4"]))
    assert HANGUL.search(_play(monkeypatch, capsys, ["--lang", "ko", "play", "--seed", "4"]))  # the option wins


def test_a_language_that_does_not_exist_is_refused_with_the_choices(capsys):
    assert main(["--lang", "tlh", "examples"]) == 2
    err = capsys.readouterr().err
    assert "--lang" in err and "en, ru, he, ko, zh, fi" in err and "Traceback" not in err


def test_lesson_titles_come_in_the_language_asked(capsys):
    assert main(["--lang", "ko", "lessons", "--json"]) == 0
    titles = [item["title"] for item in json.loads(capsys.readouterr().out)]
    assert len(titles) == 26
    from durak_lab.lessons.translation import words_files
    if words_files("ko"):  # the Korean lessons are translated: their titles are Korean
        assert all(HANGUL.search(t) for t in titles)
