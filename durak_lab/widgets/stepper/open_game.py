"""The stepper's "Open a saved game": a record file from the learner's computer, or from a folder.

:class:`OpenPanel` belongs to a :class:`~durak_lab.widgets.stepper.Stepper`.  Its
:attr:`~OpenPanel.upload` (an ipywidgets ``FileUpload`` for one ``.json`` file) takes a
``durak-lab/1`` record, as the play table's **Save game** writes it, and opens it in the
stepper: the record joins the Example list (the worked examples stay) and its start is shown.
So a saved game opens with no code, in Voila and on the offline JupyterLite site too.
:attr:`~OpenPanel.saved` (the Dropdown "Saved games", hidden when there is none) lists the
record files of the stepper's folder: the working folder unless told otherwise, which in
Jupyter and Voila is the notebook's, where the play table saves its games.  The list is read
when the stepper is made (:meth:`OpenPanel.refresh` reads it again).

A file that is not a record gets one sentence (:func:`upload_problem`), never the loader's
own words nor a traceback.

UI contract: the FileUpload ``dl-open-game`` (its button reads "Open a saved game (0)",
the number of files ipywidgets counts), the Dropdown ``dl-saved-games``.

Presentation layer: needs ipywidgets 8.

>>> from datetime import datetime, timezone
>>> from durak_lab.widgets.stepper import Stepper
>>> def chosen(name, data):   # what the browser sends when a file is chosen (ipywidgets 8.1)
...     return ({"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
...              "last_modified": datetime.now(timezone.utc)},)
>>> s = Stepper("EX-KO-1", folder=None)
>>> s.opener.upload.value = chosen("game.json", b'{"format": "durak-lab/1", "rules": {"players": 2}, '
...                                              b'"start": {"seed": 7}}')
>>> s.record.start == Position.deal(Rules(players=2), 7), s.example.label, s.opener.upload.value
(True, 'game.json', ())
>>> s.opener.upload.value = chosen("notes.json", b"[1, 2]")
>>> "notes.json is not a saved game" in s.message.value, s.example.label
(True, 'game.json')
"""

from __future__ import annotations

import logging
import os
import re
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

import ipywidgets as widgets

from ...engine.errors import DurakError, RecordError
from ...engine.records.record import FORMAT, Record, load_record
from ...engine.rules import Rules  # noqa: F401  (the examples)
from ...engine.state.position import Position  # noqa: F401  (the examples)
from ...session.students import StudentError, student_folder
from ...text.messages import say
from .view import close_tree

if TYPE_CHECKING:
    from .widget import Stepper

__all__ = ["OpenPanel", "record_of_upload", "saved_games", "upload_problem"]

_log = logging.getLogger("durak_lab.widgets.stepper")

#: The largest file read as a record: a whole game's record is a few kilobytes.
MAX_BYTES = 2_000_000
#: The most files of a folder looked at for "Saved games".
MAX_FILES = 200


def upload_problem(err: RecordError, name: str) -> str:
    """The learner's sentence for a file that does not open as a record (``err`` from the loader).

    >>> upload_problem(RecordError("line 1, column 2", "bad JSON: Expecting value"), "notes.json")
    'notes.json is not a saved game. Choose a file that “Save game” on the play table wrote.'
    >>> upload_problem(RecordError("moves[4]", "'P9 take' is not a move"), "game.json")
    'game.json is a saved game, but its move 5 cannot be read, so it cannot be opened.'
    >>> upload_problem(RecordError("rules.players", "9 is not allowed"), "game.json")
    'game.json is a saved game, but its rules cannot be read, so it cannot be opened.'
    """
    where = err.where
    if not where or where.startswith("line ") or where == "format":
        return say("open-not-record", name=name)
    move = re.match(r"moves\[(\d+)\]", where)
    if move:
        return say("open-bad-move", name=name, number=int(move.group(1)) + 1)
    part = where.split(".", 1)[0].split("[", 1)[0]
    if part == "rules":
        return say("open-bad-rules", name=name)
    if part == "start":
        return say("open-bad-start", name=name)
    return say("open-bad", name=name)


def record_of_upload(item: dict) -> Record:
    """The record in one file of a ``FileUpload``'s value (ipywidgets 8: a dict whose ``content``
    is a ``memoryview``, or bytes); :class:`RecordError` when it holds none.

    >>> record_of_upload({"name": "g.json", "content": memoryview(b'{"format": "durak-lab/1", '
    ...                   b'"rules": {}, "start": {"seed": 3}}')}).rules.players
    2
    >>> record_of_upload({"name": "g.json", "content": b"rules.json"})
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: not a JSON object
    """
    content = item.get("content", b"")
    data = bytes(content) if isinstance(content, (bytes, bytearray, memoryview)) else b""
    if len(data) > MAX_BYTES:
        raise RecordError("", "too big for a record")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("", "not UTF-8 text") from None
    if not text.lstrip().startswith("{"):  # never a path: load_record reads other text as a file name
        raise RecordError("", "not a JSON object")
    return load_record(text)


def saved_games(folder: Union[str, "os.PathLike[str]"]) -> list:
    """``[(file name, path), …]``: the record files (``*.json`` holding a ``durak-lab/1`` record
    that loads) in ``folder``, by name; empty when the folder cannot be read.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "b.json").write_text('{"format": "durak-lab/1", "rules": {}, "start": {"seed": 1}}')
    >>> _ = (d / "a.json").write_text('{"format": "something else"}')
    >>> [name for name, _ in saved_games(d)]
    ['b.json']
    """
    try:
        names = sorted(n for n in os.listdir(folder) if n.lower().endswith(".json"))[:MAX_FILES]
    except OSError:
        return []
    found = []
    for name in names:
        path = os.path.join(folder, name)
        try:
            if not os.path.isfile(path) or os.path.getsize(path) > MAX_BYTES:
                continue
            with open(path, "rb") as fh:
                head = fh.read(4096)
                if FORMAT.encode() not in head:  # a record names its format first: skip other JSON unread
                    continue
                record_of_upload({"content": head + fh.read()})
        except (OSError, DurakError):
            continue
        found.append((name, path))
    return found


class OpenPanel:
    """The stepper's "Open a saved game" upload button and its "Saved games" list.

    :attr:`upload` and :attr:`saved` are the widgets the stepper lays out; ``folder`` is where
    "Saved games" looks (None: no list).
    """

    def __init__(self, stepper: "Stepper", folder: Union[str, "os.PathLike[str]", None] = None) -> None:
        self._stepper = stepper
        self.folder = folder
        self.games_folder: Optional[str] = None  # the student's own saved games (see set_student)
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description=say("open-game"), tooltip=say("open-game-tip"),
                                         icon="folder-open",
                                         layout=widgets.Layout(width="auto", margin="2px 0 2px 18px"))
        self.upload.add_class("dl-open-game")
        self.saved = widgets.Dropdown(options=[(say("open-saved-choose"), "")], value="",
                                      description=say("open-saved"),
                                      layout=widgets.Layout(width="auto", max_width="100%", margin="2px 0 2px 18px"),
                                      style={"description_width": "initial"})
        self.saved.add_class("dl-saved-games")
        self.upload.observe(self._guarded(self._on_upload), names="value")
        self.saved.observe(self._guarded(self._on_saved), names="value")
        self.refresh()

    def set_student(self, name: str, class_dir: Optional[str] = None) -> None:
        """The student at this page (the name the lessons left in the browser): "Saved games" lists
        the games they saved at the play table too (their ``games`` folder in the class folder)."""
        try:
            self.games_folder = os.path.join(student_folder(name, class_dir), "games") if name.strip() else None
        except StudentError:
            self.games_folder = None
        self.refresh()

    def refresh(self) -> None:
        """Read the folders' record files again into "Saved games" (hidden when there is none): the
        student's own saved games first, then the stepper's folder."""
        found = saved_games(self.games_folder) if self.games_folder is not None else []
        found += saved_games(self.folder) if self.folder is not None else []
        self.saved.options = [(say("open-saved-choose"), "")] + found
        self.saved.value = ""
        self.saved.layout.display = None if found else "none"

    def open_upload(self, value: Any) -> bool:
        """Open the file of a ``FileUpload`` value (a tuple of dicts, the last one is taken);
        a file that is no record gets a sentence in the stepper.  True if it opened."""
        items = [v for v in (value or ()) if isinstance(v, dict)]
        if not items:
            return False
        item = items[-1]
        name = os.path.basename(str(item.get("name") or "")) or say("stepper-a-record")
        try:
            rec = record_of_upload(item)
        except RecordError as err:
            _log.debug("stepper upload %s: %s", name, err)
            self._stepper._tell(upload_problem(err, name))
            return False
        self._stepper.open_record(rec, name)
        return True

    def close(self) -> None:
        """Close both widgets."""
        close_tree(self.upload, self.saved)

    # ---------------------------------------------------------------- inside
    def _on_upload(self, change: dict) -> None:
        if change.get("new"):
            try:
                self.open_upload(change["new"])
            finally:
                self.upload.value = ()  # the same file may be chosen again

    def _on_saved(self, change: dict) -> None:
        path = change.get("new")
        if not path:
            return
        name = os.path.basename(path)
        try:
            with open(path, "rb") as fh:
                content = fh.read(MAX_BYTES + 1)
        except OSError:
            self._stepper._tell(say("open-cannot-read", name=name))
            return
        try:
            rec = record_of_upload({"content": content})
        except RecordError as err:
            _log.debug("stepper saved game %s: %s", name, err)
            self._stepper._tell(upload_problem(err, name))
        else:
            self._stepper.open_record(rec, name)

    def _guarded(self, handler: Callable) -> Callable:
        def run(change: dict) -> None:
            try:
                handler(change)
            except Exception:  # noqa: BLE001 - a learner must never see a traceback
                _log.debug("stepper: opening a saved game failed", exc_info=True)
                self._stepper._tell(say("stepper-error"))
        return run

