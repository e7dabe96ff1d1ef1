"""``durak-lab glossary`` and ``durak-lab rules-sheet``: the teacher's pages, generated.

``durak-lab glossary`` prints the glossary page (``tutorials/glossary.md``,
from :func:`durak_lab.text.glossary.glossary_markdown`);
``durak-lab rules-sheet`` prints the one-page printable rules summary
(``tutorials/rules_summary.html``, from
:func:`durak_lab.display.rules_sheet.rules_sheet_html`).  ``--output FILE``
writes the page to a file in UTF-8 instead.  Exit status 0; 2 when the file
cannot be written.

Standard library and the durak_lab core only.

>>> import argparse
>>> ap = argparse.ArgumentParser(prog="durak-lab")
>>> add_parser(ap.add_subparsers(dest="command"))
>>> ns = ap.parse_args(["rules-sheet", "--output", "sheet.html"])
>>> ns.command, ns.output
('rules-sheet', 'sheet.html')
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from .console import write_line
from ..display.rules_sheet import rules_sheet_html
from ..text.glossary import glossary_markdown

__all__ = ["COMMANDS", "add_parser", "run", "page"]

#: The subcommands of this module, with what each prints.
COMMANDS = {
    "glossary": "print the glossary page (tutorials/glossary.md): the words of Durak in plain English",
    "rules-sheet": "print the one-page printable rules summary (tutorials/rules_summary.html)",
}


def add_parser(sub: Any) -> None:
    """Register ``glossary`` and ``rules-sheet`` on an argparse subparsers object."""
    for name, help_text in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        p.add_argument("--output", metavar="FILE", help="write the page to FILE (UTF-8) instead of printing it")


def page(command: str) -> str:
    """The text of the page a subcommand prints.

    >>> page("glossary").startswith("# Durak words"), page("rules-sheet").startswith("<!DOCTYPE html>")
    (True, True)
    """
    return glossary_markdown() if command == "glossary" else rules_sheet_html()


def run(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print or write the page of ``ns.command``; return the exit status."""
    text = page(ns.command)
    if ns.output:
        try:
            with open(ns.output, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as e:
            write_line(err, f"durak-lab {ns.command}: cannot write {ns.output}: {e.strerror or e}")
            return 2
        return 0
    out.write(text)
    return 0
