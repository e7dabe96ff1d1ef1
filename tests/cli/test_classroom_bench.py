"""durak-lab bench classroom (durak_lab.cli.classroom_bench): the load test of a classroom server.

Without a server: the simulated students answer every lesson they may take and play a game through
the widgets themselves (pages that call the widgets in this process), and the class folder they leave
passes the checks, which catch a mark, a game or a name in the wrong place. With a real server
(slow): three students at once, the functional results only (no error, no cross-talk, the kernels
gone after the pages close, by the pages' shutdown request and by culling); timings are never asserted.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from durak_lab.cli.classroom_bench import main, percentile, student_names
from durak_lab.cli.classroom_bench.checks import NOTEBOOKS, check_class
from durak_lab.cli.classroom_bench.command import run_async
from durak_lab.cli.classroom_bench.page import PageError, parse_page
from durak_lab.cli.classroom_bench.student import Student, lesson_pool
from durak_lab.lessons import Progress, course
from durak_lab.session.students import DEFAULT_CLASS_DIR, folder_name

from classroom_helpers import needs_proc
from repo_helpers import REPO


class WidgetPage:
    """A page that calls its widget in this process: learn.ipynb is ``learn()``, play.ipynb ``play()``,
    both keeping the class folder ``class_dir`` (as a kernel does beside its notebook)."""

    def __init__(self, class_dir: Path, base: str, notebook: str, others) -> None:
        self.class_dir, self.notebook = str(class_dir), notebook
        self.kernel, self.timings = "", {"open": 0.0}
        self.errors: list = []
        self.crossed: list = []
        self.widget: dict = {}
        self.others = others

    async def open(self) -> dict:
        from durak_lab.widgets import LessonPlayer, PlayTable

        self.obj = (LessonPlayer if self.notebook == "learn.ipynb" else PlayTable)(class_dir=self.class_dir)
        self.widget = {"state": self.obj.state}
        return self.obj.state

    @property
    def state(self) -> dict:
        return self.widget["state"]

    async def click(self, msg: dict):
        state = self.obj.handle(msg)
        text = json.dumps(state, ensure_ascii=False)
        self.crossed += [name for name in self.others if name in text]
        self.widget.update(state=state, download=getattr(self.obj, "download", {}))
        return state, 0.0

    async def leave(self, beacon: bool = True):
        return None


def in_process(folder: Path, count: int, lessons_each, moves: int = 6):
    """``count`` students, the ``k``-th taking ``lessons_each(k)``, on widgets of this process; their runs."""
    notebooks = folder / "notebooks"
    notebooks.mkdir()
    for name in NOTEBOOKS:
        shutil.copy(REPO / "notebooks" / name, notebooks / name)
    names = student_names(count)
    students = [Student(name, "", lessons_each(k), moves, 0, [n for n in names if n != name], random.Random(k),
                        remembered=k % 2 == 1,
                        page=lambda base, nb, others: WidgetPage(notebooks / DEFAULT_CLASS_DIR, base, nb, others))
                for k, name in enumerate(names)]
    runs = [run_async(s.run()) for s in students]
    return notebooks, runs


# ------------------------------------------------------------------ without a server
def test_the_students_answer_every_lesson_they_may_take_and_the_files_are_theirs(tmp_path):
    pool = lesson_pool(course())
    assert 20 <= len(pool) < len(course())  # the lessons with a whole game inside are left out
    pool = [L for L in pool if L.id != "pairs"]  # its step 7 cannot be clicked: see the test below
    notebooks, runs = in_process(tmp_path, 3, lambda k: pool[k::3])
    for run in runs:
        assert run.problems == [] and run.crossed == [], run.problems + run.crossed
        assert len(run.saves) == 1 and 0 < run.moves <= 6
    assert sorted(L for r in runs for L in r.lessons) == sorted(L.id for L in pool)
    assert check_class(notebooks, runs) == []
    ann = Progress.for_student(runs[0].name, str(notebooks / DEFAULT_CLASS_DIR))
    assert ann.lesson_ids() == sorted(runs[0].lessons)
    marks = [m for r in runs for steps in r.marks.values() for m in steps.values()]
    assert any(not m.solved for m in marks) and any(m.tries == 2 for m in marks)  # wrong on purpose
    assert any(m.hints for m in marks) and any(m.first_try for m in marks)


def test_the_pairs_lesson_takes_a_partners_cover_by_clicks(tmp_path):
    """Step 7 of "pairs" ("Help P2: beat the 9♦", P4 cover 9♦ with 10♦): the learner P4 is not the seat to
    act (P2 is), yet the click on the 10♦ is the partner's cover the step asks for (it was read as a
    throw-in: the lesson table offered only the moves of the seat to act)."""
    pairs = [L for L in course() if L.id == "pairs"]
    _, [run] = in_process(tmp_path, 1, lambda k: pairs, moves=1)
    assert run.problems == []
    assert run.marks["pairs"][6].solved


def test_a_lesson_that_refuses_its_own_answer_is_said_and_the_student_goes_on(tmp_path, monkeypatch):
    covering = [L for L in course() if L.id == "covering"]
    step = covering[0].steps[2]
    assert [str(m) for m in step.answers] == ["P2 cover 7♦ with 9♦"]
    right = Student._right
    monkeypatch.setattr(Student, "_right", lambda self, s: "P2 take" if s is step else right(self, s))
    notebooks, [run] = in_process(tmp_path, 1, lambda k: covering, moves=1)
    [problem] = run.problems
    assert "covering step 2 (move): the lesson's own answer, given by the page's clicks, was not taken" in problem
    assert run.marks["covering"][2].solved is False and len(run.marks["covering"]) == len(step_list(covering))
    assert check_class(notebooks, [run]) == [] and len(run.saves) == 1


def test_a_page_that_says_something_went_wrong_is_a_problem(tmp_path, monkeypatch):
    from durak_lab.widgets.lessons.control import LessonControl

    def broken(self):
        raise RuntimeError("a bug in the lesson player")

    monkeypatch.setattr(LessonControl, "_next", broken)
    _, [run] = in_process(tmp_path, 1, lambda k: lesson_pool(course())[:1], moves=1)
    assert any("the page says 'Something went wrong with this step." in p and "(learn-error)" in p
               for p in run.problems), run.problems


def step_list(lessons):
    return [s for L in lessons for s in L.steps]


def test_the_checks_find_work_in_the_wrong_place(tmp_path):
    pool = lesson_pool(course())
    notebooks, runs = in_process(tmp_path, 2, lambda k: pool[k:k + 1], moves=3)
    room = notebooks / DEFAULT_CLASS_DIR
    ann, boris = (room / folder_name(r.name) for r in runs)
    assert check_class(notebooks, runs) == []

    progress = Progress.load(str(ann / "progress.json"))
    progress.mark(pool[1].id, 0)  # a step Ann never did (Boris's lesson)
    progress.save()
    game = next((boris / "games").iterdir())
    shutil.copy(game, ann / "games" / "stray.json")
    (boris / "games" / "note.txt").write_text(f"for {runs[0].name}")
    (notebooks / "durak-lab-progress.json").write_text("{}")
    problems = "\n".join(check_class(notebooks, runs))
    assert f"{runs[0].name}: the progress file has the lessons" in problems
    assert f"{runs[0].name}: a game in the student's games folder that the student did not save: stray.json" \
        in problems
    assert f"{runs[1].name}: games/note.txt holds another student's name, {runs[0].name!r}" in problems
    assert "files written beside the notebooks, not in a student's folder: durak-lab-progress.json" in problems

    game.write_text(game.read_text().replace('"moves": [', '"moves": [\n    "P1 take",', 1))
    assert f"{runs[1].name}: {game.name} is not the game the page offered" in "\n".join(check_class(notebooks, runs))


def test_the_page_is_read_as_voila_sends_it():
    page = ('<script id="jupyter-config-data" type="application/json">{"kernelId": "k-7"}</script>'
            '<script type="application/vnd.voila.cell-output+json">{"output_type": "error", "ename": "NameError",'
            ' "evalue": "x"}</script>')
    assert parse_page(page) == ("k-7", [], ["an error in the page: NameError x"])
    with pytest.raises(PageError, match="no kernel"):
        parse_page("<html>Too many pages are open</html>")
    assert percentile([0.3, 0.1, 0.2], 0.5) == 0.2 and percentile([1, 2], 0.95) == 2


@pytest.mark.parametrize("argv, words", [(["--students", "0"], "--students: at least 1, not 0"),
                                         (["--students", "1001"], "--students: at most 1000"),
                                         (["--think", "-1"], "--think: a number of seconds"),
                                         (["--ramp", "1e999"], "--ramp: a number of seconds"),
                                         (["--notebooks", "no-such-folder"], "--notebooks: no learn.ipynb")])
def test_bad_options_exit_2(argv, words, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2 and words in capsys.readouterr().err


# ------------------------------------------------------------------ a real server
@pytest.mark.slow
@needs_proc
@pytest.mark.parametrize("leave", ["shutdown", "close"])
def test_three_students_at_once_on_a_real_server(leave, tmp_path, capsys):
    """Three students at once, one lesson and a few moves each: no error, no cross-talk, every file
    their own, and no kernel left once the pages closed (their shutdown request, or culling)."""
    pytest.importorskip("voila")
    results = tmp_path / "figures.json"
    code = main(["--students", "3", "--lessons", "1", "--moves", "4", "--think", "0", "--leave", leave,
                 "--cull", "3", "--notebooks", str(REPO / "notebooks"), "--results", str(results)])
    out = capsys.readouterr().out
    f = json.loads(results.read_text(encoding="utf-8"))
    checks, kernels = f["checks"], f["kernels"]
    assert (checks["problems"], checks["cross_talk"], code) == ([], [], 0), out
    assert checks["students"] == 3 and checks["games"] == 3 and checks["marks"] > 3
    assert 1 <= kernels["peak"] <= 6 and kernels["left"] == 0 and kernels["fall_s"] is not None
    assert f["click_to_redraw_ms"]["learn"]["count"] > 10 and f["click_to_redraw_ms"]["play"]["count"] > 3
    assert "no error, no cross-talk" in out and f["machine"]["cores"]
