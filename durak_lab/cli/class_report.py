"""``durak-lab class FOLDER…``: a class's progress in the lessons, for the teacher, at the terminal.

Reads the progress files in the folders and files given (the class folder of a
server, ``durak-lab-class`` beside the notebooks, and folders of files the students
handed in; see :func:`durak_lab.lessons.read_class`) and prints a line a student, a
column a lesson ("4/5 (3)": exercises solved of the lesson's, and in brackets solved
at the first try with no hint), then the exercises most students missed at the
first try, and the files that could not be read.  ``--csv FILE`` writes one row a
student and lesson (``-`` for the terminal); ``--json`` prints everything as one
object (:meth:`ClassReport.to_json <durak_lab.lessons.ClassReport.to_json>`).

Games saved from a class deal (``durak-lab class-deal`` makes a code; see
:mod:`durak_lab.session.class_deal`) found in the folders are listed after the report,
a deal at a time, best first.

Exit status 0; 1 when no progress file and no class game was found; 2 when a path does
not exist or the CSV file cannot be written (``class-deal``: a bad option).

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

from .commands import int_in
from .console import write_line
from ..lessons import read_class
from ..session.class_deal import ClassDeal, ClassDealError, class_games
from ..session.store import StoreError, write_text
from ..session.students import class_folder
from ..text.teacher import class_result_words

__all__ = ["add_parser", "run", "add_deal_parser", "run_deal"]


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
    games = class_games(folders)
    if ns.json:
        data = report.to_json()
        data["class_games"] = [g._asdict() for g in games]
        write_line(out, json.dumps(data, ensure_ascii=False, indent=1))
    elif ns.csv != "-":
        write_line(out, report.text() if report.students else _say("class-none"))
        for path, why in ([] if report.students else report.problems):
            write_line(out, f"{path}: {why}")
        for code in dict.fromkeys(g.code for g in games):
            write_line(out, "")
            write_line(out, _say("class-games-head", code=code))
            for g in games:
                if g.code == code:
                    write_line(out, f"  {g.place}. {g.student}: {class_result_words(g.result)}, "
                                    f"{_say('class-col-margin').lower()} {g.margin}, {_say('class-col-moves').lower()} "
                                    f"{g.moves}")
    return 0 if report.students or games else 1


def add_deal_parser(sub: Any) -> None:
    """Register ``class-deal`` on an argparse subparsers object."""
    help_text = "a class deal code: the same cards and bots for the whole class (duplicate play)"
    p = sub.add_parser("class-deal", help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
    p.add_argument("--preset", default="podkidnoy", help="the game (default: podkidnoy)")
    p.add_argument("--players", type=int_in(0, 1000), default=2, help="players, the student and the bots (default: 2)")
    p.add_argument("--vs", default="tips", help="the bot level, or one a bot joined by + (default: tips)")
    p.add_argument("--seed", type=int_in(0, 10 ** 12), help="the deal number (default: a new one)")


def run_deal(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print a new class deal code and how students use it."""
    try:
        if ns.seed is not None:
            deal = ClassDeal.parse(f"{ns.preset}-{ns.players}-{ns.vs}-{ns.seed}")
        else:
            deal = ClassDeal.new(ns.preset, ns.players, ns.vs.split("+"))
    except ClassDealError as e:
        write_line(err, f"durak-lab class-deal: {e}")
        return 2
    write_line(out, deal.code)
    write_line(out, _say("class-deal-new", code=deal.code, players=deal.players, game=deal.preset,
                         bots=" + ".join(deal.vs)))
    return 0


def _say(key: str, **fields: Any) -> str:
    from ..text.messages import say

    return say(key, **fields)


