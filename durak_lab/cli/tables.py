"""``durak-lab tables``: the exact solver's endgame tables (:mod:`durak_lab.analysis.solver.tables`).

``durak-lab tables [info]``
    each shipped table: its file, the presets whose two-player endgame rules it
    serves, the most cards in play (and those in a dense array), the positions
    stored, its losses, draws and wins (for the attacker to lead), its size in kB.
``durak-lab tables build PRESET [--max-cards N] [--out FILE] [--jobs J]``
    work the table of ``Rules.preset(PRESET, players=2)`` out again (default
    ``--max-cards``: the shipped table's, 8 for podkidnoy and perevodnoy, else 6;
    some seconds up to 6 cards, some minutes with 8), a line on stderr after each
    number of cards, and write it to ``FILE`` (default: the shipped file, for a preset in
    the package's list; any other preset needs ``--out``).  The sizes above 6
    cards are worked out by ``J`` processes side by side (default: one per CPU).
``durak-lab tables check [PRESET ...] [--sample N] [--seed S]``
    re-solve a seeded random sample of ``N`` entries (default 200) of each shipped
    table (or of the ones named) with a search that uses no table, and compare.

Exit status: 0; 1 when a table disagrees with the search (the first disagreement
is named) or a shipped table is missing or damaged; 2 for bad options: an unknown
preset, rules outside the solver's domain, a table that is not shipped.

Standard library and the durak_lab core only.

>>> main(["info"])  # doctest: +ELLIPSIS
podkidnoy.dtb: the endgame rules of podkidnoy, classic, neighbours, by_turns (two players), up to 8 cards in play (7 to 8 in a dense array)
  19842047 positions: 7389666 losses, 643663 draws, 11808718 wins for the attacker; 2578.5 kB
perevodnoy.dtb: the endgame rules of perevodnoy (two players), up to 8 cards in play (7 to 8 in a dense array)
  ...
he_hand.dtb: the endgame rules of he_hand (two players), up to 6 cards in play
  147291 positions: 57892 losses, 7389 draws, 82010 wins for the attacker; 371.0 kB
0
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "small.dtb")
>>> main(["build", "perevodnoy", "--max-cards", "4", "--out", path])  # doctest: +ELLIPSIS
wrote ...small.dtb: ... positions up to 4 cards in play (... losses, ... draws, ... wins), ... kB
0
>>> main(["check", "podkidnoy", "--sample", "20"])
podkidnoy.dtb: 20 of 20 sampled positions agree with the search without tables (seed 0)
0
>>> main(["build", "unlimited"])
2
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, Optional, Sequence, TextIO

from .commands import cores, int_in, positive_int, run_standalone
from .console import write_line
from ..analysis.solver.dense import MOST_CARDS
from ..analysis.solver.model import check_domain
from ..analysis.solver.tables import (KEYED_CARDS, MAX_CARDS, SHIPPED, SHIPPED_CARDS, EndgameTable, EndgameTableError,
                                      build, check_sample, shipped_path, signature)
from ..engine.cards import SUIT_SYMBOLS, cards_of
from ..engine.errors import DurakError
from ..engine.rules import PRESETS, Rules
from ..engine.state.position import Position

__all__ = ["add_parser", "run", "main"]

PROG = "durak-lab tables"
_WORDS = ("loss", "draw", "win")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``tables`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ns = ap.parse_args(["tables", "check", "podkidnoy", "--sample", "5"]); ns.names, ns.sample, ns.seed
    (['podkidnoy'], 5, 0)
    """
    p = sub.add_parser("tables", help="the exact solver's endgame tables: info, build, check",
                       description="The exact solver's endgame tables: 'info' describes the shipped ones, "
                       "'build' works one out again, 'check' re-solves a sample without tables.")
    _arguments(p)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    sub.add_parser("info", help="describe the shipped tables (the default)")
    b = sub.add_parser("build", help="work out the table of a preset's two-player endgame rules and write it")
    b.add_argument("preset", metavar="PRESET", help="a rules preset (the table is for its two-player endgame)")
    b.add_argument("--max-cards", type=positive_int, default=None, metavar="N",
                   help=f"the most cards in play, both hands together, at most {MOST_CARDS} (default: the "
                   f"shipped table's, {MAX_CARDS} for a preset without one)")
    b.add_argument("--jobs", type=int_in(1, cores(), "more processes than cores only wait for each other"),
                   default=None, metavar="J",
                   help=f"processes side by side for the sizes above {KEYED_CARDS} cards (default: one per CPU)")
    b.add_argument("--out", metavar="FILE", help="write the table here (default: the shipped file of PRESET)")
    c = sub.add_parser("check", help="re-solve a sample of the shipped tables without them; exit status 1 at "
                       "any disagreement")
    c.add_argument("names", nargs="*", metavar="PRESET", help=f"the tables to check (default: {', '.join(SHIPPED)})")
    c.add_argument("--sample", type=int_in(1, 1_000_000), default=200, metavar="N",
                   help="entries per table (default 200)")
    c.add_argument("--seed", type=int_in(0, 10 ** 12), default=0, metavar="S", help="seed of the sample (default 0)")


def _rules(preset: str) -> Rules:
    """The two-player rules of ``preset``; :class:`DurakError` when it is none or the solver cannot play them."""
    rules = Rules.preset(preset, players=2)
    check_domain(Position.start(rules, ["K♦", "A♦"], trump="♠", discard="rest", attacker=0, first_bout=False))
    return rules


def _served(sig: tuple) -> list:
    """The presets whose two-player endgame rules have the signature ``sig``."""
    names = []
    for name in PRESETS:
        try:
            names += [name] if signature(_rules(name)) == sig else []
        except DurakError:  # no two-player game, or outside the solver's domain
            pass
    return names


def _tally(c: dict) -> str:
    return f"{c['loss']} losses, {c['draw']} draws, {c['win']} wins"


def _why(e: Exception) -> str:
    return (e.strerror or str(e)) if isinstance(e, OSError) else str(e)


def _info(out: TextIO, err: TextIO) -> int:
    status = 0
    for name in SHIPPED:
        path = shipped_path(name)
        try:
            t = EndgameTable.load(path)
        except (OSError, EndgameTableError) as e:
            write_line(err, f"{PROG} info: {name}: {_why(e)} (durak-lab tables build {name} makes it again)")
            status = 1
            continue
        served = ", ".join(_served(t.signature)) or "no preset"
        dense = f" ({t.dense.low} to {t.dense.high} in a dense array)" if t.dense is not None else ""
        write_line(out, f"{os.path.basename(path)}: the endgame rules of {served} (two players), "
                        f"up to {t.max_cards} cards in play{dense}")
        write_line(out, f"  {len(t)} positions: {_tally(t.counts())} for the attacker; "
                        f"{os.path.getsize(path) / 1000:.1f} kB")
    return status


def _build(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        rules = _rules(ns.preset)
    except DurakError as e:
        write_line(err, f"{PROG} build: {ns.preset}: {e}")
        return 2
    name = next((n for n in SHIPPED if signature(Rules.preset(n, players=2)) == signature(rules)), None)
    cards = ns.max_cards or (SHIPPED_CARDS.get(name, MAX_CARDS) if name is not None else MAX_CARDS)
    if cards > MOST_CARDS:
        write_line(err, f"{PROG} build: --max-cards: at most {MOST_CARDS}, not {cards}")
        return 2
    path = ns.out
    if path is None:  # the shipped table of the preset's endgame rules
        if name is None:
            write_line(err, f"{PROG} build: {ns.preset} has no shipped table ({', '.join(SHIPPED)}): "
                            "give --out FILE")
            return 2
        path = shipped_path(name)
    if not os.path.isdir(os.path.dirname(os.path.abspath(path))):  # before the work, not after it
        write_line(err, f"{PROG} build: --out: {path}: no such directory")
        return 2
    t0 = time.perf_counter()

    def progress(cards: int, stored: int) -> None:
        write_line(err, f"{PROG} build: {ns.preset}, {cards} cards in play: {stored} positions stored "
                        f"({time.perf_counter() - t0:.1f} s)")
        err.flush()

    table = build(rules, cards, progress, jobs=ns.jobs or os.cpu_count() or 1)
    try:
        table.save(path)
    except OSError as e:
        write_line(err, f"{PROG} build: --out: {path}: {_why(e)}")
        return 2
    write_line(out, f"wrote {path}: {len(table)} positions up to {table.max_cards} cards in play "
                    f"({_tally(table.counts())}), {os.path.getsize(path) / 1000:.1f} kB")
    return 0


def _check_one(name: str, sample: int, seed: int, out: TextIO, err: TextIO) -> bool:
    path = shipped_path(name)
    file = os.path.basename(path)
    try:
        t = EndgameTable.load(path)
        rules = _rules(name)
    except (OSError, DurakError) as e:
        write_line(err, f"{PROG} check: {file}: {_why(e)}")
        return False
    if t.signature != signature(rules):
        write_line(err, f"{PROG} check: {file}: made for other endgame rules than {name}'s "
                        f"(signature {list(t.signature)}, not {list(signature(rules))})")
        return False
    agree, checked, first = check_sample(t, rules, sample, seed)
    write_line(out, f"{file}: {agree} of {checked} sampled positions agree with the search without tables "
                    f"(seed {seed})")
    if first is not None:
        key, a, d, got, want = first
        hands = f"attacker {' '.join(map(str, cards_of(a)))} | defender {' '.join(map(str, cards_of(d)))}"
        said = "a key that is not canonical" if got is None else f"the search says {_WORDS[got + 1]}"
        write_line(err, f"{PROG} check: {file}: key {key:#x} ({hands}, trump {SUIT_SYMBOLS[0]}): the table "
                        f"says {_WORDS[want + 1]}, {said}")
    return first is None


def run(ns: argparse.Namespace, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """Run the subcommand for parsed arguments (output to ``out``, messages to ``err``: default
    ``sys.stdout`` and ``sys.stderr``); return the exit status.

    >>> ap = argparse.ArgumentParser(); _arguments(ap)
    >>> import io; err = io.StringIO()
    >>> run(ap.parse_args(["build", "pushing"]), err=err), err.getvalue().startswith("durak-lab tables build: pushing:")
    (2, True)
    >>> run(ap.parse_args(["check", "classic"]), err=err)  # its table is podkidnoy's: check podkidnoy
    2
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    if ns.action == "build":
        return _build(ns, out, err)
    if ns.action == "check":
        unknown = [n for n in ns.names if n not in SHIPPED]
        if unknown:
            write_line(err, f"{PROG} check: no shipped table {', '.join(unknown)}; shipped: {', '.join(SHIPPED)}")
            return 2
        ok = [_check_one(n, ns.sample, ns.seed, out, err) for n in (ns.names or SHIPPED)]
        return 0 if all(ok) else 1
    return _info(out, err)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``durak-lab tables`` on its own: parse ``argv`` and :func:`run`.

    >>> main(["check", "--sample", "0"])
    2
    """
    return run_standalone(PROG, "The exact solver's endgame tables: info, build, check.", _arguments, run, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
