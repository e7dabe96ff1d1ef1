"""The teacher's view: a class's progress in the lessons, per student and lesson, and what most students miss.

:class:`TeacherView` reads the class's progress (:func:`durak_lab.lessons.read_class`):
the class folder of the server (default: see :func:`durak_lab.session.students.class_folder`),
other folders, and files the students hand in, added with **Add handed-in files** (an
upload; they are kept, as UTF-8, in the first folder's ``handed-in`` folder, so that they
are read again next time; a file that is not JSON, or is past the bounds every reader keeps,
is not kept and is listed among the problems with the reason).  Four tabs:

* **Lessons**: a row a student: lessons finished, right at the first try (a share of
  the exercises finished), minutes, when last seen; then a cell a lesson, "4/5 (3)":
  exercises solved of the lesson's, and (in brackets) solved at the first try with no
  hint.  Where plotly runs, a heat map of the first-try share above it.
* **Hardest exercises**: the exercises most students missed at the first try.
* **Guess the move**: each student's scores.
* **Class games**: the games students saved from a class deal, side by side, best first
  (see :mod:`durak_lab.session.class_deal`).

**Read again** reads the folders again; **Download as CSV** gives the rows (one a
student and lesson) to open in a spreadsheet.  The tables are plain HTML: neither
pandas nor numpy is needed.

UI contract (for browser tests and styling): root ``.dl-teacher``; ``input.dl-teacher-folders``
(in ``.dl-teacher-folders``), ``button.dl-teacher-reload``, ``.dl-teacher-upload`` (the
upload), ``a.dl-teacher-csv``; ``.dl-teacher-count``; ``table.dl-teacher-table`` (``tr`` with
``data-student``, ``td`` with ``data-lesson``), ``table.dl-teacher-missed``,
``table.dl-teacher-guesses``, ``table.dl-teacher-games`` (``data-deal``; ``tr`` with ``data-student``
and ``data-result``); ``.dl-teacher-problems``; the language picker ``.dl-language`` (``language``:
the view's language, default :func:`durak_lab.set_language`'s).

Presentation layer: needs ipywidgets; plotly for the heat map, when it loads.

>>> import tempfile
>>> from durak_lab.lessons import Progress
>>> room = tempfile.mkdtemp()
>>> p = Progress.for_student("Ann", room); p.mark("cards", 2, first_try=True); p.save()
>>> view = TeacherView(room)
>>> view.report.students, view.count.value
(['Ann'], '<p class="dl-teacher-count">1 students</p>')
>>> 'data-student="Ann"' in view.table.value
True
"""

from __future__ import annotations

import base64
import html
import json
import logging
import os
from pathlib import Path
from typing import Any, Optional, Sequence, Union

import ipywidgets as widgets

from ..engine.reading import MAX_FILE_BYTES, decode_text, load_json
from ..lessons import LessonError, read_class
from ..lessons.translation import in_language
from ..lessons.class_report import ClassReport
from ..session.class_deal import class_games
from ..session.store import StoreError, write_new
from ..session.students import class_folder
from ..text.catalogue import direction, language, language_code, using
from ..text.messages import say
from ..text.teacher import class_result_words
from .language import language_picker

__all__ = ["TeacherView"]

_log = logging.getLogger(__name__)

_STATIC = Path(__file__).parent / "static"


def _unreadable(where: str, problem: str) -> ValueError:
    """How the bounded readers (:mod:`durak_lab.engine.reading`) fail on a handed-in file."""
    return ValueError(f"{where}: {problem}" if where else problem)


def _handed_in_text(content: Any) -> str:
    """The text of a handed-in file (an upload's bytes), read as every file of the class is
    (:mod:`durak_lab.engine.reading`): decoded by its byte-order mark, else as UTF-8, and JSON
    within the bounds (a megabyte, 32 levels, numbers of 40 digits); else a ``ValueError``
    whose words say why.  It is kept as UTF-8.

    >>> _handed_in_text('{"format": "durak-lab-progress/2"}'.encode("utf-16"))
    '{"format": "durak-lab-progress/2"}'
    >>> _handed_in_text(b'{"tries": ' + b"1" * 5000 + b"}")
    Traceback (most recent call last):
    ...
    ValueError: a number of more than 40 digits: no game needs one
    >>> _handed_in_text(b"{not json")
    Traceback (most recent call last):
    ...
    ValueError: not JSON: Expecting property name enclosed in double quotes (line 1, column 2)
    """
    data = bytes(content) if isinstance(content, (bytes, bytearray, memoryview)) else b""
    if len(data) > MAX_FILE_BYTES:
        raise _unreadable("", f"the file is larger than {MAX_FILE_BYTES:,} bytes: too large for what it holds")
    text = decode_text(data, _unreadable)
    try:
        load_json(text, _unreadable)
    except json.JSONDecodeError as err:
        raise _unreadable("", f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})") from None
    return text


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _heads(*words: str) -> str:
    return "".join(f'<th scope="col">{_esc(w)}</th>' for w in words)


def _table(cls: str, head: str, body: str, attrs: str = "") -> str:
    """A table of class ``cls`` in a box that scrolls sideways when it is wider than the page."""
    return (f'<div class="dl-teacher-scroll"><table class="{cls}"{attrs}><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def _share(first: int, finished: int) -> str:
    if not finished:
        return ""
    share = first / finished
    return "high" if share >= 0.75 else ("mid" if share >= 0.4 else "low")


def _titles(report: ClassReport) -> dict:
    """Each lesson's title in the chosen language (the course's words files; a lesson of one's own keeps
    its own title)."""
    code = language()
    titles = {}
    for lesson in report.lessons:
        try:
            titles[lesson.id] = in_language(lesson, code).title
        except LessonError:  # a lesson of the teacher's own with a course lesson's id
            titles[lesson.id] = lesson.title
    return titles


def lessons_html(report: ClassReport) -> str:
    """The Lessons tab's table: a row a student (see the module docstring)."""
    lessons = [lesson for lesson in report.lessons if any(s.is_exercise for s in lesson.steps)]
    rows = {(r.student, r.lesson): r for r in report.rows()}
    titles = _titles(report)
    head = "".join(f'<th scope="col" title="{_esc(titles[lesson.id])}">{_esc(titles[lesson.id])}</th>'
                   for lesson in lessons)
    out = ['<div class="dl-teacher-scroll"><table class="dl-teacher-table"><thead><tr>',
           f'<th scope="col">{_esc(say("class-col-student"))}</th><th scope="col">{_esc(say("class-col-lessons"))}</th>'
           f'<th scope="col">{_esc(say("class-col-first"))}</th><th scope="col">{_esc(say("class-col-minutes"))}</th>'
           f'<th scope="col">{_esc(say("class-col-last"))}</th>{head}</tr></thead><tbody>']
    for s in report.summary():
        cells = []
        for lesson in lessons:
            r = rows[(s.student, lesson.id)]
            text = say("class-cell", solved=r.solved, first=r.first_try, total=r.exercises) if r.finished else "-"
            cells.append(f'<td data-lesson="{_esc(lesson.id)}" data-share="{_share(r.first_try, r.finished)}">'
                         f'{_esc(text)}</td>')
        finished = sum(rows[(s.student, lesson.id)].finished for lesson in lessons)
        out.append(f'<tr data-student="{_esc(s.student)}"><th scope="row">{_esc(s.student)}</th>'
                   f'<td>{s.lessons_done}/{s.lessons}</td>'
                   f'<td data-share="{_share(s.first_try, finished)}">{round(100 * s.first_share)}%</td>'
                   f'<td>{s.minutes:g}</td><td>{_esc(s.last.replace("T", " ").rstrip("Z"))}</td>{"".join(cells)}</tr>')
    out.append("</tbody></table></div>")
    out.append(f'<p class="dl-teacher-key">{_esc(say("class-cell-key"))}</p>')
    return "".join(out)


def missed_html(report: ClassReport, limit: int = 20) -> str:
    """The Hardest exercises tab's table."""
    missed = report.missed(limit)
    if not missed:
        return f"<p>{_esc(say('class-nothing-missed'))}</p>"
    head = _heads(say("class-col-exercise"), say("class-col-finished"), say("class-col-missed"),
                  say("class-col-shown"))
    titles = _titles(report)
    body = "".join(f'<tr data-lesson="{_esc(m.lesson)}" data-step="{m.step + 1}">'
                   f'<th scope="row">{_esc(say("class-step", title=titles.get(m.lesson, m.title), step=m.step + 1))}'
                   "</th>"
                   f"<td>{m.finished}</td><td>{m.missed}</td><td>{m.shown}</td></tr>" for m in missed)
    return _table("dl-teacher-missed", head, body)


def guesses_html(report: ClassReport) -> str:
    """The Guess the move tab's table."""
    rows = report.guesses()
    if not rows:
        return f"<p>{_esc(say('class-no-guesses'))}</p>"
    head = _heads(say("class-col-student"), say("class-col-record"), say("class-col-guessed"),
                  say("class-col-first"))
    body = "".join(f'<tr data-student="{_esc(g.student)}"><th scope="row">{_esc(g.student)}</th>'
                   f"<td>{_esc(g.record)}</td><td>{g.guessed}/{g.moves}</td><td>{g.first_try}/{g.moves}</td></tr>"
                   for g in rows)
    return _table("dl-teacher-guesses", head, body)


def games_html(folders: Sequence[str]) -> str:
    """The Class games tab: a table a class deal, its games best first."""
    games = class_games(folders)
    if not games:
        return f"<p>{_esc(say('class-no-games'))}</p>"
    out = []
    head = _heads(say("class-col-place"), say("class-col-student"), say("class-col-result"),
                  say("class-col-margin"), say("class-col-moves"))
    for code in dict.fromkeys(g.code for g in games):
        body = "".join(f'<tr data-student="{_esc(g.student)}" data-result="{_esc(g.result)}"><td>{g.place}</td>'
                       f'<th scope="row">{_esc(g.student)}</th>'
                       f"<td>{_esc(class_result_words(g.result))}</td>"
                       f"<td>{g.margin}</td><td>{g.moves}</td></tr>" for g in games if g.code == code)
        out.append(f'<h3>{_esc(say("class-games-head", code=code))}</h3>'
                   + _table("dl-teacher-games", head, body, f' data-deal="{_esc(code)}"'))
    return "".join(out)


class TeacherView(widgets.VBox):
    """The teacher's view of a class (see the module docstring); ``folders`` one folder or file,
    or several (default: the class folder)."""

    def __init__(self, folders: Union[str, Sequence[str], None] = None, language: Optional[str] = None,
                 **kwargs: Any) -> None:
        #: The language of the view's words (None: durak_lab.set_language's); its picker changes it.
        self.language = language_code(language) if language is not None else None
        with using(self.language):
            self._build(folders, **kwargs)

    def _build(self, folders: Union[str, Sequence[str], None], **kwargs: Any) -> None:
        if folders is None:
            folders = [class_folder()]
        elif isinstance(folders, (str, os.PathLike)):
            folders = [os.fspath(folders)]
        self.folders = [os.fspath(f) for f in folders]
        self.report: ClassReport = read_class(self.folders)
        self.folder_box = widgets.Text(value=", ".join(self.folders), description=say("class-folder"),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(flex="1 1 240px", min_width="0"))
        self.folder_box.add_class("dl-teacher-folders")
        self.reload = widgets.Button(description=say("class-reload"))
        self.reload.add_class("dl-teacher-reload")
        self.reload.on_click(lambda _b: self.read_again())
        self.upload = widgets.FileUpload(accept=".json", multiple=True, description=say("class-upload"))
        self.upload.add_class("dl-teacher-upload")
        self.upload.observe(self._on_upload, names="value")
        self.csv = widgets.HTML()
        self.count = widgets.HTML()
        self.problems = widgets.HTML()
        self.table = widgets.HTML()
        self.missed = widgets.HTML()
        self.guesses = widgets.HTML()
        self.games = widgets.HTML()
        self.chart_out: Optional[widgets.Output] = None
        chart_box: list = []
        try:  # the heat map where plotly (and the plots layer) loads; the table is always there
            from .figure_box import shown_figure_box

            box, self.chart_out = shown_figure_box("dl-teacher-chart")
            chart_box = [box]
        except ImportError:  # pragma: no cover - depends on what is installed
            pass
        self.tabs = widgets.Tab(children=[widgets.VBox(chart_box + [self.table]), self.missed, self.guesses,
                                          self.games])
        self.language_picker = language_picker(self.set_language)
        bar = widgets.HBox([self.folder_box, self.reload, self.upload, self.csv, self.language_picker])
        bar.add_class("dl-teacher-bar")
        self.head = widgets.HTML()
        super().__init__([self.head, bar, self.count, self.problems, self.tabs], **kwargs)
        self.add_class("dl-teacher")
        self._label()
        self._draw()

    def set_language(self, code: str) -> None:
        """Word the view in the language ``code`` (its picker calls this); the class read stays.

        >>> import tempfile
        >>> view = TeacherView(tempfile.mkdtemp()); view.set_language("ru"); view.reload.description != "Read again"
        True
        """
        self.language = language_code(code)
        with using(self.language):
            if self.language_picker.value != self.language:
                self.language_picker.value = self.language
            self._label()
            self._draw()

    def _label(self) -> None:
        self.folder_box.description = say("class-folder")
        self.reload.description = say("class-reload")
        self.upload.description = say("class-upload")
        titles = (say("class-tab-table"), say("class-tab-missed"), say("class-tab-guesses"), say("class-tab-games"))
        for i, title in enumerate(titles):
            self.tabs.set_title(i, title)
        css = (_STATIC / "teacher.css").read_text("utf-8")
        rtl = ' dir="rtl"' if direction() == "rtl" else ""
        self.head.value = (f'<style>{css}</style><div{rtl}><h2>{_esc(say("class-title"))}</h2>'
                           f'<p>{_esc(say("class-intro"))}</p></div>')

    # ------------------------------------------------------------ reading
    def read_again(self) -> None:
        """Read the folders in the folder box again and redraw."""
        folders = [f.strip() for f in self.folder_box.value.split(",") if f.strip()]
        self.folders = folders or [class_folder()]
        with using(self.language):
            self.report = read_class(self.folders)
            self._draw()

    def _on_upload(self, change: dict) -> None:
        kept = os.path.join(self.folders[0] if os.path.isdir(self.folders[0]) else class_folder(), "handed-in")
        for item in change.get("new") or ():
            name = os.path.basename(str(item.get("name", "progress.json"))) or "progress.json"
            if not name.endswith(".json"):
                name += ".json"
            try:
                write_new(os.path.join(kept, name), _handed_in_text(item.get("content", b"")))
            except (ValueError, StoreError) as err:
                self.report.problems.append((name, str(err)))
        if kept not in self.folders:
            self.folders.append(kept)
            self.folder_box.value = ", ".join(self.folders)
        problems = list(self.report.problems)
        self.read_again()
        self.report.problems[:0] = [p for p in problems if p not in self.report.problems]
        with using(self.language):
            self._draw()

    # ------------------------------------------------------------ drawing
    def _draw(self) -> None:
        r = self.report
        self.count.value = (f'<p class="dl-teacher-count">{_esc(say("class-count", count=len(r.students)))}</p>'
                            if r.students else f'<p class="dl-teacher-count">{_esc(say("class-none"))}</p>')
        self.problems.value = ('<ul class="dl-teacher-problems">' + "".join(
            f"<li>{_esc(say('class-problem', file=f, why=w))}</li>" for f, w in r.problems) + "</ul>"
                               if r.problems else "")
        self.table.value = lessons_html(r)
        self.missed.value = missed_html(r)
        self.guesses.value = guesses_html(r)
        self.games.value = games_html(self.folders)
        data = base64.b64encode(r.csv_text().encode("utf-8")).decode("ascii")
        self.csv.value = (f'<a class="dl-teacher-csv jupyter-button" download="durak-lab-class.csv" '
                          f'href="data:text/csv;base64,{data}">{_esc(say("class-csv"))}</a>')
        if self.chart_out is not None and r.students:
            try:
                from ..plots.class_chart import class_heatmap
                from .figure_box import show_figure

                show_figure(self.chart_out, class_heatmap(r))
            except ImportError:  # pragma: no cover - plotly or pandas missing (JupyterLite)
                pass
