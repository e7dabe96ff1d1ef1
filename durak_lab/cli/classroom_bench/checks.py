"""After the run: the class folder holds exactly each student's own work, whole.

:func:`check_class` compares the files the server wrote with what each student did
(:class:`~.student.StudentRun`):

* the class folder ``durak-lab-class`` beside the notebooks has one folder per student
  (:func:`~durak_lab.session.students.folder_name`), no other; nothing else was written
  beside the notebooks (a progress file or a game saved in the wrong place);
* a student's folder holds ``progress.json`` (and its lock file), and ``games/`` with
  the games they saved, nothing else (no temporary file, no broken file moved aside);
* the progress file reads strictly, names the student, and holds exactly the marks the
  student made: the lessons, the steps, and for each whether it was solved, at the first
  try, the tries and the hints, each step finished once;
* each saved game is the file the page offered for download, byte for byte; it reads
  as a record; its first hand of P1 is the one the student was dealt and P1's moves
  played the cards the student played;
* no file of a student's folder holds another student's name.

Each failure is a sentence naming the student. Standard library only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List, Sequence

from ...engine.cards import CardSet
from ...engine.moves import ATTACK, COVER, TRANSFER
from ...engine.records.record import Record
from ...lessons.progress import PROGRESS_FILE, Progress, ProgressError
from ...session.students import DEFAULT_CLASS_DIR, folder_name
from .student import StudentRun

__all__ = ["check_class", "check_student", "NOTEBOOKS"]

#: What the run puts beside the class folder: the two notebooks.
NOTEBOOKS = ("learn.ipynb", "play.ipynb")


def check_class(notebooks: Path, runs: Sequence[StudentRun]) -> List[str]:
    """The problems of the class folder beside ``notebooks`` after ``runs`` (empty: all is well)."""
    problems: List[str] = []
    class_dir = notebooks / DEFAULT_CLASS_DIR
    stray = sorted(p.name for p in notebooks.iterdir()
                   if p.name not in NOTEBOOKS + (DEFAULT_CLASS_DIR, ".ipynb_checkpoints"))
    if stray:
        problems.append(f"files written beside the notebooks, not in a student's folder: {', '.join(stray)}")
    if not class_dir.is_dir():
        return problems + ["no class folder was written"]
    folders = {folder_name(r.name): r for r in runs}
    found = {p.name for p in class_dir.iterdir()}
    for extra in sorted(found - set(folders)):
        problems.append(f"a folder of nobody in the class folder: {extra}")
    names = [r.name for r in runs]
    for key, run in folders.items():
        if key not in found:
            problems.append(f"{run.name}: no folder in the class folder")
            continue
        problems += check_student(class_dir / key, run, [n for n in names if n != run.name])
    return problems


def check_student(folder: Path, run: StudentRun, others: Sequence[str]) -> List[str]:
    """The problems of one student's folder."""
    who = run.name
    problems: List[str] = []
    expected = {PROGRESS_FILE, PROGRESS_FILE + ".lock", "games"} if run.marks else {"games"}
    for extra in sorted(p.name for p in folder.iterdir() if p.name not in expected):
        problems.append(f"{who}: an unexpected file in the student's folder: {extra}")
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8", errors="replace")
        for name in others:
            if name in text:
                problems.append(f"{who}: {path.relative_to(folder)} holds another student's name, {name!r}")
    problems += _check_progress(folder / PROGRESS_FILE, run)
    problems += _check_games(folder / "games", run)
    return problems


def _check_progress(path: Path, run: StudentRun) -> List[str]:
    who = run.name
    if not run.marks:
        return [f"{who}: a progress file, and no step was finished"] if path.exists() else []
    try:
        progress = Progress.load(str(path), strict=True)
    except ProgressError as err:
        return [f"{who}: the progress file is broken: {err}"]
    if not path.exists():
        return [f"{who}: no progress file"]
    problems = []
    if progress.student != who:
        problems.append(f"{who}: the progress file names {progress.student!r}")
    if sorted(progress.lesson_ids()) != sorted(run.marks):
        problems.append(f"{who}: the progress file has the lessons {progress.lesson_ids()}, the student "
                        f"finished {sorted(run.marks)}")
    for lesson_id, steps in run.marks.items():
        saved = progress.marks(lesson_id)
        if set(saved) != set(steps):
            problems.append(f"{who}: {lesson_id}: the steps {sorted(saved)} are marked, the student finished "
                            f"{sorted(steps)}")
        for index, want in steps.items():
            mark = saved.get(index)
            if mark is None:
                continue
            got = (mark.solved, mark.first_try, mark.tries, mark.hints, mark.times)
            made = (want.solved, want.first_try, want.tries, want.hints, 1)
            if got != made:
                problems.append(f"{who}: {lesson_id} step {index}: the mark is (solved, first try, tries, hints, "
                                f"times) {got}, the student made {made}")
    return problems


def _check_games(games: Path, run: StudentRun) -> List[str]:
    who = run.name
    files: Dict[str, Path] = {p.name: p for p in games.iterdir()} if games.is_dir() else {}
    problems = []
    wanted = {g.name for g in run.saves}
    for extra in sorted(set(files) - wanted):
        problems.append(f"{who}: a game in the student's games folder that the student did not save: {extra}")
    for game in run.saves:
        path = files.get(game.name)
        if path is None:
            problems.append(f"{who}: the saved game {game.name} is not in the student's games folder")
            continue
        text = path.read_text(encoding="utf-8")
        if text != game.text:
            problems.append(f"{who}: {game.name} is not the game the page offered for download")
            continue
        try:
            record = Record.load(json.loads(text))
        except (ValueError, OSError) as err:
            problems.append(f"{who}: {game.name} does not read as a record: {err}")
            continue
        hand = sorted(str(c) for c in CardSet(record.start.hands[0]))
        if hand != sorted(game.hand):
            problems.append(f"{who}: {game.name} starts with P1 holding {' '.join(hand)}, the student was dealt "
                            f"{' '.join(sorted(game.hand))}")
        moves = [r.move for r in record.moves]
        played = [{str(c) for c in m.cards} for m in moves if m.seat == 0 and m.kind in (ATTACK, COVER, TRANSFER)]
        if played != game.played:
            problems.append(f"{who}: {game.name}: P1's moves played {played}, the student played {game.played}")
    return problems

