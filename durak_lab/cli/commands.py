"""What the ``durak-lab`` subcommands share: finding the record a command names, replaying it
to "after N moves", option types that refuse values out of range, the default search limit,
a clean Ctrl-C, and running a subcommand on its own.

Standard library and the durak_lab core only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from fractions import Fraction
from typing import Callable, Optional, Sequence, TextIO

from ..engine.errors import DurakError, RecordError
from .console import write_line
from ..engine.reading import load_json, read_text_file
from ..engine.records.record import Record, ReplayResult, example_ids, load_example, load_record, replay

__all__ = ["resolve", "replayed", "OptionError", "positive_int", "int_in", "seconds_in", "probability", "cores",
           "interrupted", "run_standalone", "DEFAULT_MAX_NODES", "INTERRUPTED"]

#: The positions the exact solver searches by default (``--max-nodes``): a few seconds.
DEFAULT_MAX_NODES = 1_000_000
#: The exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def resolve(name: str) -> Record:
    """The record a command names: a worked-example id (any case) or a record file.

    Raises :class:`~durak_lab.engine.errors.RecordError` when it is neither, or malformed.

    >>> resolve("EX-zh-bout").id
    'EX-ZH-BOUT'
    >>> resolve("EX-NOPE")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.RecordError: EX-NOPE: no such worked example; see durak-lab examples
    """
    wanted = name.strip().upper()
    if any(i.upper() == wanted for i in example_ids()):
        return load_example(name)
    if os.path.exists(name):
        try:
            return load_record(os.fspath(name))
        except RecordError as err:
            raise RecordError(f"{name}: {err.where}" if err.where else name, err.problem) from None
    if wanted.startswith("EX-"):
        raise RecordError(name, "no such worked example; see durak-lab examples")
    raise RecordError(name, "no such record file or worked example (see durak-lab examples)")


class OptionError(DurakError, ValueError):
    """A command-line option's value does not fit the record (the message names the option).

    >>> str(OptionError("--after", "the record plays 2 moves, not 5"))
    '--after: the record plays 2 moves, not 5'
    """

    def __init__(self, option: str, problem: str) -> None:
        super().__init__(f"{option}: {problem}")
        self.option, self.problem = option, problem


def replayed(name: str, after: Optional[int] = None) -> tuple:
    """``(record, replay result, n)`` for a command that works on a record "after N moves":
    the record ``name`` names (see :func:`resolve`), its replay, and ``after``
    checked against the moves it plays (default: all of them).

    Raises :class:`~durak_lab.engine.errors.RecordError` for a bad record or id and
    :class:`OptionError` for an ``after`` out of range.

    >>> record, result, n = replayed("EX-KO-1")
    >>> record.id, result.ok, n
    ('EX-KO-1', True, 2)
    >>> replayed("EX-KO-1", after=5)
    Traceback (most recent call last):
    ...
    durak_lab.cli.commands.OptionError: --after: the record plays 2 moves, not 5
    """
    record = resolve(name)
    result: ReplayResult = replay(record)
    played = result.moves_applied
    if after is not None and not 0 <= after <= played:
        raise OptionError("--after", f"the record plays {played} moves, not {after}")
    return record, result, played if after is None else after


def positive_int(text: str) -> int:
    """An argparse ``type`` for counts that must be at least 1 (``--max-nodes``, ``--samples``).

    >>> positive_int("12")
    12
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: at least 1, not 0
    """
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {value}")
    return value


def _whole(text: str) -> int:
    t = text.strip()
    if len(t.lstrip("+-").lstrip("0")) > 15:  # no option needs more; int() refuses past 4,300 digits
        raise argparse.ArgumentTypeError(f"a whole number of at most 15 digits, not {t[:15]!r}…")
    try:
        return int(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None


def int_in(low: int, high: int, why: str = "") -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``; ``why`` says what the
    bound protects (the message of a value out of range ends with it).

    >>> deals = int_in(1, 100_000, "each deal is kept in memory")
    >>> deals("500")
    500
    >>> deals("1000000000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: at most 100000, not 1000000000 (each deal is kept in memory)
    >>> deals("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: at least 1, not 0
    """
    def parse(text: str) -> int:
        value = _whole(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"at least {low}, not {value}")
        if value > high:
            raise argparse.ArgumentTypeError(f"at most {high}, not {value}" + (f" ({why})" if why else ""))
        return value

    parse.__name__ = f"a whole number from {low} to {high}"  # what argparse names in its message
    return parse


_SECONDS = re.compile(r"\s*(\d{1,9}(\.\d{0,9})?|\.\d{1,9})\s*\Z")


def seconds_in(high: float, why: str = "", zero: bool = False) -> Callable[[str], float]:
    """An argparse ``type`` for a time in seconds, more than 0 and at most ``high``, written as a
    decimal (``0.5``, ``2``); ``why`` says what the bound protects; ``zero``: 0 is allowed too.

    >>> budget = seconds_in(600, "a review takes this per move")
    >>> budget("0.25"), budget("3")
    (0.25, 3.0)
    >>> budget("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: more than 0 seconds, not 0
    >>> budget("1e9")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a number of seconds such as 0.5 or 2, not '1e9'
    >>> budget("900")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: at most 600 seconds, not 900 (a review takes this per move)
    """
    def parse(text: str) -> float:
        if not _SECONDS.match(text):
            shown = text if len(text) <= 30 else text[:30] + "…"
            raise argparse.ArgumentTypeError(f"a number of seconds such as 0.5 or 2, not {shown!r}")
        value = float(text)
        if value < 0 or (value == 0 and not zero):
            raise argparse.ArgumentTypeError(f"{'at least' if zero else 'more than'} 0 seconds, not {text.strip()}")
        if value > high:
            raise argparse.ArgumentTypeError(f"at most {high:g} seconds, not {text.strip()}"
                                             + (f" ({why})" if why else ""))
        return value

    parse.__name__ = f"a number of seconds up to {high:g}"  # what argparse names in its message
    return parse


_PROBABILITY = re.compile(r"\s*(\d{1,12}(\.\d{0,12})?|\.\d{1,12}|\d{1,12}/\d{1,12})([eE][-+]?\d{1,2})?\s*\Z")


def probability(text: str) -> str:
    """An argparse ``type`` for a probability written as a fraction or a decimal (``1/10``,
    ``0.05``, ``5e-3``), 0 to 1, with at most 12 digits a part; returned as written (exact).

    >>> probability("1/10"), probability("5e-3")
    ('1/10', '5e-3')
    >>> probability("1e-99999999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a probability from 0 to 1 such as 1/10 or 0.05, with at most 12 digits a part, not '1e-99999999'
    """
    shown = text if len(text) <= 30 else text[:30] + "…"
    if not _PROBABILITY.match(text):
        raise argparse.ArgumentTypeError(f"a probability from 0 to 1 such as 1/10 or 0.05, with at most 12 "
                                         f"digits a part, not {shown!r}")
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"a probability from 0 to 1 such as 1/10, not {shown!r}") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"a probability from 0 to 1, not {shown!r}")
    return text.strip()


def cores() -> int:
    """The processor cores this process may use (at least 1): the most workers worth starting.

    >>> cores() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on every system
        return max(1, os.cpu_count() or 1)


def interrupted(prog: str, err: Optional[TextIO] = None) -> int:
    """After Ctrl-C: one line on ``err`` (default ``sys.stderr``) instead of a traceback; the exit
    status :data:`INTERRUPTED` (130).

    >>> import io; err = io.StringIO()
    >>> interrupted("durak-lab solve", err), err.getvalue()
    (130, 'durak-lab solve: stopped (Ctrl-C)\\n')
    """
    stream = err if err is not None else sys.stderr
    try:
        stream.write(f"\n{prog}: stopped (Ctrl-C)\n" if stream.isatty() else f"{prog}: stopped (Ctrl-C)\n")
        stream.flush()
    except (OSError, ValueError):  # the terminal went away
        pass
    return INTERRUPTED


def empty_option(args: Sequence[str]) -> Optional[str]:
    """The first option of ``args`` written ``--name=--``, or None.  argparse reads ``=--`` as no value at
    all (an empty list, its type never called), which no command takes: :func:`refuse_empty_option`
    turns it into one line.

    >>> empty_option(["solve", "x", "--max-nodes=--"]), empty_option(["eval", "--", "--seed=--"])
    ('--max-nodes', None)
    """
    for a in args:
        if a == "--":  # what follows is no option
            return None
        if isinstance(a, str) and a.startswith("--") and a.endswith("=--") and len(a) > 5:
            return a[:-3]
    return None


def refuse_empty_option(prog: str, args: Sequence[str], err: Optional[TextIO] = None) -> Optional[int]:
    """2, after one line on ``err`` (default stderr) naming the option, when ``args`` hold ``--name=--``
    (see :func:`empty_option`); None when they do not.  Every parser of the command line asks it first."""
    name = empty_option(args)
    if name is None:
        return None
    shown = name if len(name) <= 40 else name[:39] + "…"
    write_line(err if err is not None else sys.stderr, f"{prog}: {shown}: give it a value (\"--\" alone is none)")
    return 2


def run_standalone(prog: str, description: str, arguments: Callable[[argparse.ArgumentParser], None],
                   run: Callable[[argparse.Namespace], int], argv: Optional[Sequence[str]] = None) -> int:
    """A subcommand run on its own (``python -m durak_lab.cli.solve …``): parse ``argv``
    (default ``sys.argv[1:]``) with the options ``arguments`` adds and :func:`run` them;
    return the exit status (2 for a bad command line, 0 for ``--help``).

    >>> run_standalone("demo", "A demo.", lambda p: p.add_argument("n", type=positive_int),
    ...                lambda ns: ns.n - 1, ["3"])
    2
    """
    ap = argparse.ArgumentParser(prog=prog, description=description)
    arguments(ap)
    args = list(sys.argv[1:] if argv is None else argv)
    refused = refuse_empty_option(prog, args)
    if refused is not None:
        return refused
    try:
        ns = ap.parse_args(args)
    except SystemExit as e:  # bad arguments (2) or --help (0)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    try:
        return run(ns)
    except KeyboardInterrupt:
        return interrupted(prog)


class ResultsError(ValueError):
    """A results file of a benchmark that cannot be read: the message names the file and the line."""


def read_json_file(path: str) -> object:
    """The JSON value of the file ``path``, bounded and decoded as every reader of the package does
    (:mod:`durak_lab.engine.reading`: size, depth, digits, byte-order mark); :class:`ResultsError`
    naming the file otherwise (``OSError`` is left to the caller).

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "rows.json"
    >>> _ = f.write_bytes("\\ufeff[[1, 2]]".encode("utf-8"))
    >>> read_json_file(str(f))
    [[1, 2]]
    """
    def fail(where: str, problem: str) -> Exception:
        return ResultsError(f"{path}: {problem}")

    text = read_text_file(path, fail)
    try:
        return load_json(text, fail)
    except json.JSONDecodeError as err:
        raise ResultsError(f"{path}, line {err.lineno}: not JSON ({err.msg})") from None


#: The largest results file the benchmarks read back (a file of JSON lines, a game or a position a
#: line, grows past the 1 MiB of a teacher's file: 12,000 games of ``bench bots`` take 3.5 MB).
RESULTS_BYTES = 1 << 28


def read_json_lines(path: str, numbered: bool = False, most: int = RESULTS_BYTES) -> list:
    """The objects of a JSON-lines file (one per line; blank lines skipped), each bounded as
    :func:`read_json_file` reads, the file at most ``most`` bytes; :class:`ResultsError` naming the
    file and the line otherwise.  ``numbered``: ``(line number, object)`` pairs.

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "r.jsonl"
    >>> _ = f.write_text('{"deal": 1}\\n\\n{"deal": ' + '[' * 100 + ']' * 100 + '}\\n', encoding="utf-8")
    >>> read_json_lines(str(f))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    durak_lab.cli.commands.ResultsError: ...r.jsonl, line 3: nested more than 32 levels deep
    """
    def fail_at(number: int) -> Callable[[str, str], Exception]:
        return lambda where, problem: ResultsError(f"{path}, line {number}: {problem}")

    text = read_text_file(path, lambda where, problem: ResultsError(f"{path}: {problem}"), most=most)  # the whole file
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = load_json(line, fail_at(number))
        except json.JSONDecodeError as err:
            raise ResultsError(f"{path}, line {number}: not JSON ({err.msg})") from None
        if not isinstance(value, dict):
            raise ResultsError(f"{path}, line {number}: not a JSON object")
        out.append((number, value) if numbered else value)
    return out
