"""``durak-lab class FOLDER…``: a class's progress in the lessons, for the teacher, at the terminal.

Reads the progress files in the folders and files given (the class folder of a
server, ``durak-lab-class`` beside the notebooks, and folders of files the students
handed in; see :func:`durak_lab.lessons.read_class`) and prints a line a student, a
column a lesson ("4/5 (3)": exercises solved of the lesson's, and in brackets solved
at the first try with no hint), then the exercises most students missed at the
first try, and the files that could not be read.  ``--csv FILE`` writes one row a
student and lesson (``-`` for the terminal); ``--json`` prints everything as one
object (:meth:`ClassReport.to_json <durak_lab.lessons.ClassReport.to_json>`).

Exit status 0; 1 when no progress file was found; 2 when a path does not exist or
the CSV file cannot be written.

Standard library and the durak_lab core only.

>>> import argparse
>>> ap = argparse.ArgumentParser(prog="durak-lab")
>>> add_parser(ap.add_subparsers(dest="command"))
>>> ns = ap.parse_args(["class", "room-12", "handed-in", "--csv", "class.csv"])
>>> ns.folders, ns.csv
(['room-12', 'handed-in'], 'class.csv')
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any, TextIO

from .console import write_line
from ..lessons import read_class
from ..session.store import StoreError, write_text
from ..session.students import class_folder

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Register ``class`` on an argparse subparsers object."""
    help_text = "a class's progress in the lessons: per student and lesson, solved and at the first try"
    p = sub.add_parser("class", help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
    p.add_argument("folders", nargs="*", metavar="FOLDER",
                   help="class folders and progress files (default: the class folder, durak-lab-class)")
    p.add_argument("--csv", metavar="FILE", help="write one row a student and lesson as CSV ('-': print it)")
    p.add_argument("--json", action="store_true", help="print everything as one JSON object")


def run(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the class's progress; return the exit status."""
    folders = ns.folders or [class_folder()]
    missing = [f for f in folders if not os.path.exists(f)]
    if missing:
        write_line(err, f"durak-lab class: no such folder or file: {missing[0]}")
        return 2
    report = read_class(folders)
    if ns.csv == "-":
        out.write(report.csv_text())
    elif ns.csv:
        try:
            write_text(ns.csv, report.csv_text())
        except StoreError as e:
            write_line(err, f"durak-lab class: cannot write {ns.csv}: {e.why}")
            return 2
    if ns.json:
        write_line(out, json.dumps(report.to_json(), ensure_ascii=False, indent=1))
    elif ns.csv != "-":
        write_line(out, report.text() if report.students else _none())
        for path, why in ([] if report.students else report.problems):
            write_line(out, f"{path}: {why}")
    return 0 if report.students else 1


def _none() -> str:
    from ..text.messages import say

    return say("class-none")
