"""What the ``durak-lab`` subcommands share: finding the record a command names, replaying it
to "after N moves", option types, and running a subcommand on its own.

Standard library and the durak_lab core only.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Optional, Sequence

from ..engine.errors import DurakError, RecordError
from ..engine.records.record import Record, ReplayResult, example_ids, load_example, load_record, replay

__all__ = ["resolve", "replayed", "OptionError", "positive_int", "run_standalone"]


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
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {value}")
    return value


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
    try:
        ns = ap.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as e:  # bad arguments (2) or --help (0)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    return run(ns)
