"""``durak-lab engine [--bot NAME]``: a bot of this package as a program speaking the engine
protocol ``durak-engine/1`` on standard input and output (:mod:`durak_lab.bots.protocol`).

A class's tournament plays it beside the students' own programs through
:class:`~durak_lab.bots.protocol.ExternalBot`.  ``--bot`` names any of
:data:`durak_lab.bots.BOTS` (default: ``greedy``).  Exit status 0 at ``quit`` or at the end
of the input; 2 for an unknown bot.

Standard library and the durak_lab core only.

>>> import argparse
>>> ap = argparse.ArgumentParser(prog="durak-lab")
>>> add_parser(ap.add_subparsers(dest="command"))
>>> ap.parse_args(["engine", "--bot", "expert"]).bot
'expert'
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from .console import write_line
from ..bots import BOTS
from ..bots.protocol import PROTOCOL, serve

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Register ``engine`` on an argparse subparsers object."""
    p = sub.add_parser("engine", help=f"play a bot over the engine protocol ({PROTOCOL}) on stdin and stdout",
                       description=f"Play a bot over the engine protocol {PROTOCOL}: commands on standard "
                       "input, answers on standard output, one line each.")
    p.add_argument("--bot", default="greedy", metavar="NAME",
                   help=f"the bot to play: {', '.join(BOTS)} (default: greedy)")


def run(ns: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    """Serve the bot ``ns.bot`` on ``stdin``/``out``; return the exit status."""
    make = BOTS.get(ns.bot)
    if make is None:
        write_line(err, f"durak-lab engine: --bot: {ns.bot[:40]!r} is not a bot; bots: {', '.join(BOTS)}")
        return 2
    for stream in (stdin, out):  # the protocol is UTF-8 whatever the system's locale
        reconfigure = getattr(stream, "reconfigure", None)
        if stream in (sys.stdin, sys.stdout) and reconfigure is not None:
            reconfigure(encoding="utf-8")
    return serve(make(), stdin, out)
