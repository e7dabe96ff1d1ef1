"""durak-lab --lang CODE (anywhere on the line) and DURAK_LAB_LANG: the words of a command in that language."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

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


def test_the_examples_are_listed_in_the_language_asked():
    out = subprocess.run([sys.executable, "-m", "durak_lab", "--lang", "fi", "examples"], capture_output=True,
                         text=True, encoding="utf-8", check=True).stdout
    english = subprocess.run([sys.executable, "-m", "durak_lab", "examples"], capture_output=True, text=True,
                             encoding="utf-8", check=True).stdout
    assert "a full 4-player bout" in english and "a full 4-player bout" not in out
    assert [line.split()[0] for line in out.splitlines()] == [line.split()[0] for line in english.splitlines()]


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "durak_lab", "examples"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()  # before the command writes a line (it takes a moment to start): as `head -0` does
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert b"Traceback" not in err and proc.returncode == 141, err
