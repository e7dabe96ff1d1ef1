"""The teacher's class games read saved games and progress files within bounds: a file too large, nested
100,000 levels deep, holding a number of 5,000 digits, or in Latin-1 is passed over (a game) or names nobody
(a progress file), never a RecursionError, ValueError or UnicodeDecodeError; UTF-16 and UTF-8 with a
byte-order mark are read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from durak_lab.engine.reading import MAX_FILE_BYTES
from durak_lab.session.class_deal import RECORD_PREFIX, class_games

CODE = "podkidnoy-2-tips-4817"


def _record(**more: object) -> dict:
    return {"format": "durak-lab/1", "id": RECORD_PREFIX + CODE, "rules": {"preset": "podkidnoy", "players": 2},
            "start": {"seed": 4817}, "moves": [], **more}


def _text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


BAD = {
    "huge": lambda: (_text(_record()) + " " * MAX_FILE_BYTES).encode("utf-8"),
    "deep": lambda: _text(_record()).replace('"moves": []', '"moves": ' + "[" * 100_000 + "]" * 100_000
                                             ).encode("utf-8"),
    "digits": lambda: _text(_record()).replace('"seed": 4817', '"seed": ' + "7" * 5000).encode("utf-8"),
    "latin-1": lambda: _text(_record(title="Zoé's game")).encode("latin-1"),
}


def _student(room: Path, folder: str, progress: bytes, game: bytes) -> Path:
    (room / folder / "games").mkdir(parents=True)
    (room / folder / "progress.json").write_bytes(progress)
    path = room / folder / "games" / "game.json"
    path.write_bytes(game)
    return path


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_saved_game_is_passed_over(tmp_path, kind):
    good = _student(tmp_path, "ann", _text({"student": "Ann"}).encode(), _text(_record()).encode())
    _student(tmp_path, "boris", _text({"student": "Boris"}).encode(), BAD[kind]())
    games = class_games([str(tmp_path)])
    assert [(g.student, g.code, g.result, g.file) for g in games] == [("Ann", CODE, "unfinished", str(good))]


PROGRESS = '{"format": "durak-lab-progress/2", "student": "Borís", "lessons": %s}'
BAD_PROGRESS = {
    "huge": lambda: (PROGRESS % "{}" + " " * MAX_FILE_BYTES).encode("utf-8"),
    "deep": lambda: (PROGRESS % ("[" * 100_000 + "]" * 100_000)).encode("utf-8"),
    "digits": lambda: (PROGRESS % ("7" * 5000)).encode("utf-8"),
    "latin-1": lambda: (PROGRESS % "{}").encode("latin-1"),
}


@pytest.mark.parametrize("kind", sorted(BAD_PROGRESS))
def test_a_bad_progress_file_names_nobody(tmp_path, kind):
    """The student's name comes from the progress file beside the games; a bad one is passed over: the game
    is still ranked, under its file's name."""
    _student(tmp_path, "boris", BAD_PROGRESS[kind](), _text(_record()).encode())
    assert [(g.student, g.code) for g in class_games([str(tmp_path)])] == [("game", CODE)]


@pytest.mark.parametrize("codec", ["utf-16", "utf-8-sig", "utf-32"])
def test_a_game_and_a_progress_file_with_a_byte_order_mark_are_read(tmp_path, codec):
    good = _student(tmp_path, "zoe", _text({"student": "Zoé"}).encode(codec),
                    _text(_record(title="Zoé's game")).encode(codec))
    assert [(g.student, g.code, g.file) for g in class_games([str(tmp_path)])] == [("Zoé", CODE, str(good))]


def test_a_file_named_like_json_text_is_read_as_a_file(tmp_path):
    game = tmp_path / "{game}.json"
    game.write_text(_text(_record()), encoding="utf-8")
    assert [g.file for g in class_games([str(tmp_path)])] == [str(game)]
