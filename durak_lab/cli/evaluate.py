"""``durak-lab eval`` and ``durak-lab best``: how good a position is for a seat, and its best move.

``durak-lab eval TARGET [--after N] [--seat PN] [--open] [--budget S] [--playouts N] [--seed N] [--json]``
evaluates a position with :func:`~durak_lab.analysis.evaluation.evaluate`: the
chances that the seat's side is not the durak (win), is (lose), or that nobody
is (draw), with a 95% interval, and every legal move of the seat to act valued
for the seat, best first.  TARGET is a ``durak-lab/1`` record file or a worked
example's id (the position after its moves, or after the first ``--after N``),
or a position text as ``durak-lab solve`` takes it (``rules=…``, the form
``str(position)`` prints).

* ``--seat PN``: for whom (default: the seat to act).
* By default the position is seen **from that seat's view**: the cards it cannot
  see are dealt again and again from what it saw, keeping what the other
  players' moves in the record gave away (the expert bot's reading,
  :class:`~durak_lab.analysis.inference.reading.Reading`).  ``--open``: every card
  is known ("double dummy").
* Exact wherever every card is known to the seat (two players left, an empty
  talon), and then ``"exact": true``; else a Monte Carlo search of ``--budget S``
  CPU seconds (default 1, at most 600), or of exactly ``--playouts N`` playouts,
  which with ``--seed N`` (default 0) gives the same figures on every machine.

``--json`` prints one object, :meth:`~durak_lab.analysis.evaluation.Evaluation.to_json`
(a public contract, see the README)::

    {"seat": "P1", "to_act": "P1", "exact": false, "mode": "view",
     "outcome": {"win": p, "draw": p, "lose": p}, "interval": [lo, hi], "worlds": N,
     "moves": [{"move": "P1 attack 7♦", "win": p, "draw": p, "lose": p, "interval": [lo, hi],
                "exact": false, …}, …],
     "best": ["P1 attack 7♦"], …}

``durak-lab best TARGET [--after N] [--seat PN] [--open] [--budget S] [--playouts N] [--seed N] [--json]``
prints the move the evaluator recommends to the seat to act and its chances;
``--json``: ``{"move": "P1 attack 7♦", "seat": "P1", "win": p, "draw": p, "lose": p,
"chance": p, "exact": bool, "interval": [lo, hi]}`` (``chance`` is ``win + draw / 2``).

Exit status: 0; 1 when the record holds a move the rules reject unexpectedly
(the answer is then for the position before it); 2 for a bad record, id, position
text or option, an ``--after`` out of range, a game already over, rules the
evaluator does not play (e.g. pushing durak, doker) or, for ``best``, a ``--seat``
that does not act; 130 after Ctrl-C (one line, no traceback).

Standard library and the durak_lab core only.

>>> ap = argparse.ArgumentParser(prog="durak-lab"); add_parsers(ap.add_subparsers(dest="command"))
>>> text = ("rules=podkidnoy,players=2 trump=♠ card=- hands=6♦.10♦.10♣|8♥.7♦ talon=- discard=rest "
...         "table=- lead=P2 def=P1")
>>> run_eval(ap.parse_args(["eval", text, "--open"]))
The position, every card open, for P2; P2 to act:
P2 wins with best play, whatever the others do.
Worked out exactly: every card is known, and every line of play was checked.
Best move: play 8♥ (a win).
play 8♥: a win
play 7♦: a loss
0
>>> run_best(ap.parse_args(["best", text, "--open", "--json"]))
{"move": "P2 attack 8♥", "seat": "P2", "win": 1.0, "draw": 0.0, "lose": 0.0, "chance": 1.0, "exact": true, "interval": [1.0, 1.0]}
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any, NamedTuple, Optional, TextIO

from .commands import OptionError, int_in, replayed, seconds_in
from .console import write_line
from ..analysis.evaluation import DEFAULT_BUDGET, MAX_PLAYOUTS, Evaluation, evaluate
from ..engine.errors import DurakError, KernelUnsupported, RecordError
from ..engine.moves import parse_seat, seat_text
from ..engine.partial import Partial
from ..engine.state.position import Position
from ..text.catalogue import counted
from ..text.messages import say
from ..text.narrate import move_words, value_words
from ..text.review import evaluation_lines, percent

__all__ = ["add_parsers", "add_budget_options", "run_eval", "run_best", "Target", "Refused", "load_target",
           "reading_of", "unsupported", "MAX_BUDGET", "SEED"]

_write = write_line
#: The most CPU seconds ``--budget`` may ask for.
MAX_BUDGET = 600.0
#: The default ``--seed``: every run of a command with ``--playouts`` gives the same figures.
SEED = 0


class Refused(DurakError):
    """A target or an option the command cannot answer for: the message is its one line, the
    exit status ``status`` (2 unless said otherwise)."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


class Target(NamedTuple):
    """What ``eval``, ``best`` look at: the ``position``, the ``start`` and the ``moves`` played to
    reach it (none for a position text), ``where`` (for messages), ``heading`` (for the learner's
    lines), the record's ``title`` and ``problem`` (a move the rules rejected unexpectedly)."""

    position: Position
    start: Position
    moves: tuple
    where: str
    heading: str
    title: Optional[str] = None
    problem: Optional[str] = None
    partial: Optional[Partial] = None  #: a position text with unknown cards (``?N``); ``position`` is one deal of it


def add_budget_options(p: argparse.ArgumentParser, budget: float, per: str = "") -> None:
    """``--open``, ``--budget S``, ``--playouts N`` and ``--seed N``, shared by eval, best and review."""
    p.add_argument("--open", action="store_true",
                   help="every card known (as in a finished game's record); default: only what the seat "
                   "has seen, the other players' moves read as the expert bot reads them")
    p.add_argument("--budget", type=seconds_in(MAX_BUDGET), default=budget, metavar="S",
                   help=f"think for S CPU seconds{per} (default {budget:g}, at most {MAX_BUDGET:g})")
    p.add_argument("--playouts", type=int_in(1, MAX_PLAYOUTS, "each playout is a game played to the end"),
                   default=None, metavar="N",
                   help=f"play exactly N playouts{per} instead (at most {MAX_PLAYOUTS:,}): with --seed, the "
                   "same figures on every machine")
    p.add_argument("--seed", type=int_in(0, 2 ** 32 - 1), default=SEED, metavar="N",
                   help=f"seed of the random deals and playouts (default {SEED})")


def _target_arguments(p: argparse.ArgumentParser, seat_help: str) -> None:
    p.add_argument("target", metavar="EX-ID|FILE|POSITION",
                   help="a durak-lab/1 record file, a worked-example id, or a position text (rules=…)")
    p.add_argument("--after", type=int_in(0, 1_000_000), default=None, metavar="N",
                   help="the position after the first N moves of a record (default: all its moves)")
    p.add_argument("--seat", default=None, metavar="PN", help=seat_help)
    add_budget_options(p, DEFAULT_BUDGET)


def add_parsers(sub: Any) -> None:
    """Register the ``eval`` and ``best`` subcommands on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> add_parsers(ap.add_subparsers(dest="command"))
    >>> ns = ap.parse_args(["eval", "EX-KO-1", "--playouts", "50", "--json"])
    >>> ns.command, ns.playouts, ns.budget, ns.seed, ns.open
    ('eval', 50, 1.0, 0, False)
    """
    p = sub.add_parser("eval", help="the chances of a seat at a position, and of each of its moves",
                       description="Evaluate a position for a seat: its chances of not being the durak "
                       "(win), of being it (lose) and of a draw, with a 95% range, and every legal move's "
                       "chances. Exact when every card is known; else a search of --budget seconds.")
    _target_arguments(p, "for whom: P1, P2, … (default: the seat to act)")
    p.add_argument("--json", action="store_true", help="print one JSON object (see the README)")
    p = sub.add_parser("best", help="the best move at a position, and its chances",
                       description="The move the evaluator recommends to the seat to act, and its "
                       "chances of not being the durak.")
    _target_arguments(p, "the seat to act, P1, P2, … (default: whoever acts; another seat is refused)")
    p.add_argument("--json", action="store_true",
                   help='print {"move", "seat", "win", "draw", "lose", "chance", "exact"} as one JSON object')


def load_target(text: str, after: Optional[int]) -> Target:
    """The position a command names (see the module's text); :class:`Refused` when it cannot.

    >>> t = load_target("EX-KO-1", None)
    >>> t.where, t.heading, len(t.moves), t.position == t.start.play(t.moves[0]).play(t.moves[1])
    ('EX-KO-1 after 2 moves', 'After 2 moves', 2, True)
    >>> load_target("EX-KO-1", 7)
    Traceback (most recent call last):
    ...
    durak_lab.cli.evaluate.Refused: --after: the record plays 2 moves, not 7
    """
    if text.lstrip().startswith("rules="):
        if after is not None:
            raise Refused(say("cli-eval-text-after"))
        try:
            partial = Partial.parse(text)
            position = partial.deal(0)
        except DurakError as e:
            raise Refused(say("cli-eval-bad-text", why=e)) from None
        return Target(position, position, (), say("cli-eval-at-text"), say("cli-eval-the-position"),
                      partial=partial if partial.unknown else None)
    try:
        record, result, n = replayed(text, after)
    except (RecordError, OptionError) as e:
        raise Refused(str(e)) from None
    moves = tuple(rm.move for rm in record.moves[:n])
    position = record.start
    for move in moves:
        position = position.play(move)
    problem = result.problem if not result.ok and after is None else None
    name = record.id or text
    where = say("cli-eval-at-one", name=name) if n == 1 else say("cli-eval-at", count=n, name=name)
    heading = say("cli-eval-after-one") if n == 1 else say("cli-eval-after", count=n)
    return Target(position, record.start, moves, where, heading, record.title or record.id, problem)


def reading_of(target: Target, seat: int) -> Any:
    """What ``seat`` read from the other players' moves before the target's position (None without
    moves): a :class:`~durak_lab.analysis.inference.reading.Reading`, as the expert bot reads them.

    >>> r = reading_of(load_target("EX-KO-2", None), 1)
    >>> r.seat, len(r.steps)
    (1, 4)
    """
    if not target.moves:
        return None
    from ..analysis.inference.reading import Reading  # lazy: only the view mode of a record needs it
    reading = Reading(seat)
    position = target.start
    for move in target.moves:
        reading.add(position.view(seat), move)
        position = position.play(move)
    return reading


def unsupported(e: KernelUnsupported) -> str:
    """The one line for rules the evaluator does not play (without the developer's advice)."""
    why = str(e)
    for tail in ("; use Position",):
        why = why[: -len(tail)] if why.endswith(tail) else why
    return say("cli-eval-unsupported", why=why)


def _evaluation(ns: argparse.Namespace, best: bool) -> tuple:
    """``(target, evaluation)`` for the parsed options; :class:`Refused` when there is none."""
    target = load_target(ns.target, ns.after)
    position = target.position
    if position.result is not None or position.to_act() is None:
        raise Refused(f"{target.where}: " + say("cli-eval-over", result=position.result_text()))
    to_act = position.to_act()
    seat = to_act
    if ns.seat is not None:
        try:
            seat = parse_seat(ns.seat, position.players)
        except DurakError as e:
            raise Refused(say("cli-eval-bad-seat", why=e)) from None
    if best and seat != to_act:
        raise Refused(say("cli-eval-not-to-act", seat=seat_text(seat), to_act=seat_text(to_act)))
    if target.partial is not None:
        seat = _named_seat(target.partial, seat, ns)
    try:
        reading = None if ns.open else reading_of(target, seat)
        subject = target.partial.view(seat) if target.partial is not None else position
        ev = evaluate(subject, seat, open=ns.open, budget=ns.budget, playouts=ns.playouts, reading=reading,
                      rng=random.Random(ns.seed))
    except KernelUnsupported as e:
        raise Refused(f"{target.where}: {unsupported(e)}") from None
    return target, ev


def _named_seat(partial: Partial, seat: int, ns: argparse.Namespace) -> int:
    """The seat to see a position with unknown cards from: ``seat`` if the text names its hand, or with no
    ``--seat`` the one seat it names; :class:`Refused` for ``--open`` or any other seat."""
    named = partial.named_seats()
    if ns.open:
        raise Refused(say("cli-eval-unknown-open", cards=counted(partial.unknown_count, "cards")))
    if not named:
        raise Refused(say("cli-eval-no-named-seat"))
    if seat in named:
        return seat
    if ns.seat is None and len(named) == 1:
        return named[0]
    raise Refused(say("cli-eval-unknown-seat", seat=seat_text(seat), seats=", ".join(seat_text(s) for s in named)))


def _answer(ns: argparse.Namespace, prog: str, out: Optional[TextIO], err: Optional[TextIO], best: bool) -> int:
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        target, ev = _evaluation(ns, best)
    except Refused as e:
        _write(err, f"{prog}: {e}")
        return e.status
    lines = (_best_json(ev) if ns.json else _best_lines(ev)) if best else (
        [json.dumps(ev.to_json(), ensure_ascii=False)] if ns.json else _eval_lines(target, ev))
    for line in lines:
        _write(out, line)
    if target.problem is not None:
        _write(err, f"{prog}: {target.problem}")
        return 1
    return 0


def _eval_lines(target: Target, ev: Evaluation) -> list:
    key = "cli-eval-head-open" if ev.mode == "open" else "cli-eval-head-view"
    head = say(key, where=target.heading, seat=seat_text(ev.seat), to_act=seat_text(ev.to_act))
    return ([target.title] if target.title else []) + [head] + evaluation_lines(ev)


def _best_json(ev: Evaluation) -> list:
    move = ev.best[0]
    v = ev.move_value(move)
    return [json.dumps({"move": str(move), "seat": seat_text(ev.seat), "win": round(v.win, 4),
                        "draw": round(v.draw, 4), "lose": round(v.lose, 4), "chance": round(v.chance, 4),
                        "exact": v.exact, "interval": [round(x, 4) for x in v.interval]}, ensure_ascii=False)]


def _best_lines(ev: Evaluation) -> list:
    move = ev.best[0]
    v = ev.move_value(move)
    seat = seat_text(ev.seat)
    if v.exact:
        value = 1 if v.chance > 0.75 else (-1 if v.chance < 0.25 else 0)
        lines = [say("cli-best-exact", seat=seat, move=str(move), words=move_words(move), value=value_words(value))]
    else:
        lo, hi = v.interval
        lines = [say("cli-best-chance", seat=seat, move=str(move), words=move_words(move), chance=percent(v.chance),
                     low=percent(lo), high=percent(hi))]
    if len(ev.best) > 1:
        lines.append(say("cli-best-also", moves=", ".join(str(m) for m in ev.best[1:])))
    return lines


def run_eval(ns: argparse.Namespace, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """``durak-lab eval`` for parsed arguments (output to ``out``, messages to ``err``: default
    ``sys.stdout`` and ``sys.stderr``); return the exit status.

    >>> ap = argparse.ArgumentParser(prog="durak-lab"); add_parsers(ap.add_subparsers(dest="command"))
    >>> import io; err = io.StringIO()
    >>> run_eval(ap.parse_args(["eval", "EX-HE-DOKER"]), err=err), err.getvalue()
    (2, 'durak-lab eval: EX-HE-DOKER after 8 moves: the game is over (P2 is durak): there is nothing left to evaluate\\n')
    """
    return _answer(ns, "durak-lab eval", out, err, best=False)


def run_best(ns: argparse.Namespace, out: Optional[TextIO] = None, err: Optional[TextIO] = None) -> int:
    """``durak-lab best`` for parsed arguments; return the exit status.

    >>> ap = argparse.ArgumentParser(prog="durak-lab"); add_parsers(ap.add_subparsers(dest="command"))
    >>> import io; err = io.StringIO()
    >>> run_best(ap.parse_args(["best", "EX-KO-1", "--seat", "P1"]), err=err), err.getvalue()
    (2, 'durak-lab best: --seat: P1 does not act now; P2 does\\n')
    """
    return _answer(ns, "durak-lab best", out, err, best=True)
