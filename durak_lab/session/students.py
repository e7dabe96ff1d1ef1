"""Who is learning: a student's name, and the folder where that student's work is kept.

On one server for a class, every student's progress and saved games live in a
folder of their own under the class folder::

    durak-lab-class/
        ann-49915e0d/progress.json
        ann-49915e0d/games/durak-game-7-20261204-101502.json
        boris-0df89317/progress.json

A student says who they are once (a name, or a class code and a name such as
``7B Ann``); the browser remembers it.  :func:`student_key` is the name as it is
compared: the same letters in any case and spacing are the same student ("Ann",
" ann ").  :func:`folder_name` turns it into a folder name that is safe on every
system, whatever the alphabet: the letters and digits of the name, then a short
fingerprint of the key, so two names never share a folder.

The class folder is ``durak-lab-class`` in the current folder (in Jupyter, the
notebook's folder), or the folder named by the environment variable
``DURAK_LAB_CLASS_DIR``; :func:`class_folder` says which.

Standard library only.

>>> student_key("  Ann   Lee ") == student_key("ann lee")
True
>>> folder_name("Ann")
'ann-49915e0d'
>>> folder_name("../../etc")
'etc-74ccf3c5'
>>> folder_name("Юля"), folder_name("שרה")
('юля-6b26c23a', 'שרה-f0cfa1da')
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
from typing import Optional

from ..engine.errors import DurakError
from ..engine.reading import brief

__all__ = ["StudentError", "student_key", "clean_name", "folder_name", "class_folder", "student_folder",
           "hello_name", "games_folder",
           "CLASS_DIR_ENV", "DEFAULT_CLASS_DIR", "MAX_NAME"]

#: The environment variable that names the class folder.
CLASS_DIR_ENV = "DURAK_LAB_CLASS_DIR"
#: The class folder when the variable is not set: in the current folder.
DEFAULT_CLASS_DIR = "durak-lab-class"
#: The longest name kept, in characters.
MAX_NAME = 60


class StudentError(DurakError, ValueError):
    """A name that cannot name a student: empty, or only signs with no letter or digit."""


def clean_name(name: str) -> str:
    """The name as it is shown: NFC letters, spaces collapsed, at most :data:`MAX_NAME`
    characters, control characters dropped.

    >>> clean_name("  Ann\\t Lee\\n")
    'Ann Lee'
    """
    if not isinstance(name, str):
        raise StudentError(f"{brief(name)} is not a name")
    text = unicodedata.normalize("NFC", name)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    text = " ".join(text.split())[:MAX_NAME].strip()
    if not any(ch.isalnum() for ch in text):
        raise StudentError(f"{brief(name)} has no letter or digit")
    return text


def hello_name(name: object) -> Optional[str]:
    """The name a page says its browser remembers (the lessons' "Who are you?"), cleaned; None when it
    names nobody.

    >>> hello_name("  Ann "), hello_name(7), hello_name("!!")
    ('Ann', None, None)
    """
    if not isinstance(name, str) or not name.strip():
        return None
    try:
        return clean_name(name)
    except StudentError:
        return None


def games_folder(save_dir: Optional[str], student: Optional[str], class_dir: Optional[str] = None) -> str:
    """Where a widget saves a student's games and finds them: ``save_dir`` when given, else the student's
    ``games`` folder in the class folder, else the notebook's folder (``"."``)."""
    if save_dir is not None:
        return save_dir or "."
    if student is not None:
        return os.path.join(student_folder(student, class_dir), "games")
    return "."


def student_key(name: str) -> str:
    """The name as students are told apart: :func:`clean_name`, then case folded."""
    return clean_name(name).casefold()


def folder_name(name: str) -> str:
    """The folder of a student: the name's letters and digits (dashes between words, at most
    24 characters), a dash and 8 hex digits of the key's SHA-256."""
    key = student_key(name)
    words = ["".join(ch for ch in word if ch.isalnum()) for word in key.replace("_", " ").split()]
    stem = "-".join(w for w in words if w)[:24].strip("-") or "student"
    return f"{stem}-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:8]}"


def class_folder(folder: Optional[str] = None) -> str:
    """The class folder: ``folder`` if given, else ``$DURAK_LAB_CLASS_DIR``, else
    ``durak-lab-class`` in the current folder."""
    if folder:
        return os.fspath(folder)
    return os.environ.get(CLASS_DIR_ENV) or DEFAULT_CLASS_DIR


def student_folder(name: str, folder: Optional[str] = None) -> str:
    """The folder of the student ``name`` in the class folder (see :func:`class_folder`).

    >>> student_folder("Ann", "room-12")
    'room-12/ann-49915e0d'
    """
    return os.path.join(class_folder(folder), folder_name(name))
