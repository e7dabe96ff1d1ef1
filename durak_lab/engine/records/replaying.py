"""Replaying a ``durak-lab/1`` record: its moves played one by one, checked against what the record says.

:func:`replay` plays a :class:`~durak_lab.engine.records.Record` through
:class:`~durak_lab.engine.game.Game` (free protocol); each move becomes a
:class:`ReplayStep` (the move, its narration, the table after it, the events,
the engine's reason for a rejected move), and the whole a
:class:`ReplayResult`: whether everything went as recorded (moves marked
illegal rejected for the expected reason, the expected result reached), with
its JSON summary and a text transcript.  All three are importable from
:mod:`durak_lab.engine.records` too.

Standard library only.

>>> from durak_lab.engine.records import load_example
>>> replay(load_example("EX-KO-1")).ok
True
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Optional, Union

from ..cards import Card, CardSet, SUIT_SYMBOLS, cards_of, popcount
from ..errors import IllegalMoveError, Reason
from ..ficus import finish_of
from ..game import Game
from ..moves import Move, seat_text
from .parts import RecordMove, result_json, result_matches, result_value
from ..state.position import Event, Position

if TYPE_CHECKING:  # records imports this module: the name is for the annotations only
    from .record import Record

__all__ = ["ReplayStep", "ReplayResult", "replay"]


# ---------------------------------------------------------------- replaying
class ReplayStep(NamedTuple):
    """One move of a replay.

    ``position`` is the position after the move (before it, for a rejected
    move); ``table`` its :meth:`~durak_lab.engine.state.Position.table_text`;
    ``events`` what followed by itself (bito, draws, the next bout…);
    ``reason``/``message`` the engine's answer to an illegal move; ``ok`` is
    False for an unexpected outcome.
    """

    index: int  # type: ignore[assignment]  # the field shadows tuple.index; the name is public
    record_move: RecordMove
    position: Position
    table: str
    events: tuple
    reason: Optional[Reason] = None
    message: Optional[str] = None
    ok: bool = True

    @property
    def move(self) -> Move:
        """The move of this step."""
        return self.record_move.move

    @property
    def say(self) -> Optional[str]:
        """The narration of this step, if any."""
        return self.record_move.say

    @property
    def rejected(self) -> bool:
        """Did the rules reject this move?"""
        return self.reason is not None

    def to_json(self) -> dict:
        """The step as plain JSON values."""
        out: dict = {"index": self.index, "move": str(self.move), "say": self.say, "table": self.table,
                     "events": [_event_json(e) for e in self.events]}
        if self.record_move.illegal or self.rejected:
            out["illegal"] = self.rejected
            out["marked_illegal"] = self.record_move.illegal
        if self.reason is not None:
            out["reason"] = {"code": self.reason.value, "message": self.message}
        return out


def _event_json(e: Event) -> dict:
    out: dict = {"kind": e.kind, "text": e.text()}
    if e.seat >= 0:
        out["seat"] = seat_text(e.seat)
    if e.cards:
        out["cards"] = [str(c) for c in e.cards]
    if e.other >= 0:
        out["other"] = seat_text(e.other)
    if e.kind == "over":
        out["result"] = result_value(e.losers)
    return out


@dataclass
class ReplayResult:
    """What :func:`replay` found: the steps, the game after them, and whether all went as recorded.

    ``ok`` is False at an unexpected outcome: a move the rules reject that is
    not marked illegal, a move marked illegal that the rules allow (or reject
    for another reason than the record expects), or a final result other than
    the record's ``result``; ``problem`` then says what happened.
    ``stopped_at`` is the index of the move where replay stopped (a rejected
    or wrongly accepted move), else None.
    """

    record: Record
    steps: list
    game: Game
    ok: bool = True
    stopped_at: Optional[int] = None
    problem: Optional[str] = None

    @property
    def position(self) -> Position:
        """The position after the moves played."""
        return self.game.position

    @property
    def moves_applied(self) -> int:
        """How many moves were played (a rejected move is not)."""
        return len(self.game)

    @property
    def rejected(self) -> Optional[ReplayStep]:
        """The step of the move the rules rejected, if replay stopped at one."""
        if self.stopped_at is None:
            return None
        step = self.steps[self.stopped_at]
        return step if step.rejected else None

    @property
    def result(self) -> Union[None, str, list]:
        """The game's result as JSON (see :func:`result_value`)."""
        return result_value(self.position.result)

    def events(self) -> list:
        """Every event of the replay, in order."""
        return [e for s in self.steps for e in s.events]

    def to_dict(self) -> dict:
        """A JSON summary of the replay (what ``durak-lab replay --json`` prints).

        Keys: ``ok``; ``id``; ``moves_applied`` and ``moves_total``; ``result``
        (see :func:`result_value`); ``attacker`` and ``defender`` (``"P1"``…);
        ``trump`` and ``trump_card``; ``hands`` (seat → cards); ``table``
        (``{"attack": …, "cover": … or None}`` per attack card); ``talon`` and
        ``discard`` (counts); ``problem`` (None, or what went unexpectedly);
        ``expected_result`` when the record has one; where replay stopped,
        ``stopped_at``, ``move``, ``expected`` (was the stop the record's
        expectation) and, for a rejected move, ``reason`` (``code``,
        ``message``); ``steps`` (each move with its narration, table and events).

        >>> from durak_lab.engine.records import load_record
        >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
        ...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "8♠"], "P2": ["Q♦", "6♣"]},
        ...               "discard": "rest", "attacker": "P1"}, "moves": ["P1 attack 7♦"]})
        >>> d = replay(rec).to_dict()
        >>> d["ok"], d["attacker"], d["defender"], d["table"], d["hands"]["P2"]
        (True, 'P1', 'P2', [{'attack': '7♦', 'cover': None}], ['Q♦', '6♣'])
        """
        p = self.position
        out: dict = {
            "ok": self.ok,
            "id": self.record.id,
            "moves_applied": self.moves_applied,
            "moves_total": len(self.record.moves),
            "result": self.result,
            "attacker": seat_text(p.leader),
            "defender": seat_text(p.defender),
            "trump": SUIT_SYMBOLS[p.trump],
            "trump_card": str(Card(p.trump_card)) if p.trump_card >= 0 else None,
            "hands": {seat_text(i): [str(c) for c in cards_of(h)] for i, h in enumerate(p.hands)},
            "table": [{"attack": str(Card(a)), "cover": str(Card(c)) if c >= 0 else None}
                      for a, c, _, _ in p.table],
            "talon": len(p.talon),
            "discard": popcount(p.discard),
            "problem": self.problem,
        }
        if self.record.expected_result is not None:
            out["expected_result"] = result_json(self.record.expected_result)
        if finish_of(p) is not None:  # the ficus finish (Rules.ficus)
            out["finish"] = finish_of(p)
        if self.stopped_at is not None:
            step = self.steps[self.stopped_at]
            out["stopped_at"] = self.stopped_at
            out["move"] = str(step.move)
            out["expected"] = step.ok
            if step.reason is not None:
                out["reason"] = {"code": step.reason.value, "message": step.message}
        out["steps"] = [s.to_json() for s in self.steps]
        return out

    def transcript(self) -> str:
        """The replay as text: each move, the table after it, its narration and the events.

        >>> from durak_lab.engine.records import load_record
        >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
        ...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "9♣"], "P2": ["Q♦", "6♣"]},
        ...               "discard": "rest", "attacker": "P1"},
        ...     "moves": [{"move": "P1 attack 7♦", "say": "P1 leads."}, "P2 cover 7♦ with Q♦"]})
        >>> print(replay(rec).transcript())  # doctest: +ELLIPSIS
        rules: podkidnoy, 2 players
        start: trump ♥ (no trump card), talon 0, discard 32
          P1: 7♦ 9♣
          P2: Q♦ 6♣
          P1 leads against P2
        1. P1 attack 7♦
           table: 7♦
           P1 leads.
        2. P2 cover 7♦ with Q♦
           table: (empty)
           - bito...
        result: the game goes on; P2 attacks P1
        """
        rec = self.record
        lines = []
        if rec.title or rec.id:
            lines.append(rec.title or rec.id or "")
        if rec.source:
            src = rec.source
            lines.append("source: " + src["id"] + (f", {src['section']}" if src.get("section") else ""))
        rules = rec.rules
        lines.append(f"rules: {rules.short_name()}, {rules.players} players")
        lines.extend(_position_lines(rec.start))
        for step in self.steps:
            lines.append(f"{step.index + 1}. {step.move}" + ("   [marked illegal]" if step.record_move.illegal
                                                             else ""))
            if step.reason is not None:  # rejected
                lines.append(f"   rejected ({step.reason.value}): {step.message}")
            elif step.record_move.illegal:
                lines.append("   accepted, but the record marks it illegal")
            else:
                lines.append(f"   table: {step.table or '(empty)'}")
            if step.say:
                lines.extend(textwrap.wrap(step.say, 88, initial_indent="   ", subsequent_indent="   "))
            for e in step.events:
                text = e.text()
                if e.kind == "draw":
                    text += ": " + " ".join(str(c) for c in e.cards)
                lines.append(f"   - {text}")
        p = self.position
        if self.stopped_at is not None and self.steps[self.stopped_at].ok:
            lines.append(f"replay stopped at move {self.stopped_at + 1}: the rules reject it, as the record says")
        if self.problem:
            lines.append(f"UNEXPECTED: {self.problem}")
        if p.result is None:
            lines.append(f"result: the game goes on; {seat_text(p.leader)} attacks {seat_text(p.defender)}")
        else:
            lines.append(f"result: {p.result_text()}")
        return "\n".join(lines)


def _position_lines(p: Position) -> list:
    tc = f"trump card {Card(p.trump_card)}" if p.trump_card >= 0 else "no trump card"
    lines = [f"start: trump {SUIT_SYMBOLS[p.trump]} ({tc}), talon {len(p.talon)}, discard {popcount(p.discard)}"]
    for i, h in enumerate(p.hands):
        shown = CardSet(p.known[i])
        extra = f"   (shown: {shown})" if shown else ""
        lines.append(f"  {seat_text(i)}: {CardSet(h)}{extra}")
    lines.append(f"  {seat_text(p.leader)} leads against {seat_text(p.defender)}")
    return lines


def replay(record: Record) -> ReplayResult:
    """Play a record's moves through :class:`~durak_lab.engine.game.Game` (free protocol).

    Every step keeps the move, its narration, the table after it and the
    events; a move the rules reject keeps the engine's reason.  Replay stops at
    the first rejected move, expected (marked ``illegal``) or not, and at a
    marked move the rules allow (it is not played).

    >>> from durak_lab.engine.records import load_record
    >>> rec = load_record({"format": "durak-lab/1", "rules": {"players": 2},
    ...     "start": {"trump": "♥", "hands": {"P1": ["7♦", "8♠"], "P2": ["Q♦", "6♣"]},
    ...               "discard": "rest", "attacker": "P1"},
    ...     "moves": ["P1 attack 7♦", {"move": "P1 attack 8♠", "illegal": True}]})
    >>> r = replay(rec)
    >>> r.ok, r.moves_applied, r.stopped_at, r.rejected.reason.value
    (True, 1, 1, 'rank-not-on-table')
    """
    game = record.new_game()
    steps: list = []
    for i, rm in enumerate(record.moves):
        before = game.position
        if rm.illegal:
            err = before.why_illegal(rm.move)
            if err is None:
                steps.append(ReplayStep(i, rm, before, before.table_text(), (), ok=False))
                return ReplayResult(record, steps, game, False, i,
                                    f"moves[{i}]: {rm.move} is marked illegal, but the rules allow it")
            ok = rm.reason is None or rm.reason == err.reason.value
            steps.append(ReplayStep(i, rm, before, before.table_text(), (), err.reason, err.message, ok))
            problem = None if ok else (f"moves[{i}]: {rm.move} is rejected for {err.reason.value}, "
                                       f"not {rm.reason}: {err.message}")
            result = ReplayResult(record, steps, game, ok, i, problem)
            return _check_result(result) if ok else result
        try:
            events = game.play(rm.move)
        except IllegalMoveError as err:
            steps.append(ReplayStep(i, rm, before, before.table_text(), (), err.reason, err.message, False))
            return ReplayResult(record, steps, game, False, i,
                                f"moves[{i}]: {rm.move} is illegal ({err.reason.value}): {err.message}")
        after = game.position
        steps.append(ReplayStep(i, rm, after, after.table_text(), events))
    return _check_result(ReplayResult(record, steps, game))


def _check_result(result: ReplayResult) -> ReplayResult:
    expected = result.record.expected_result
    if expected is not None and not result_matches(expected, result.position.result):
        result.ok = False
        want = "the game goes on" if expected == "ongoing" else json.dumps(result_json(expected),
                                                                          ensure_ascii=False)
        got = "the game goes on" if result.result is None else json.dumps(result.result, ensure_ascii=False)
        result.problem = f"result: the record expects {want}, but after the moves {got}"
    elif result.record.expected_finish is not None and finish_of(result.position) != result.record.expected_finish:
        result.ok = False  # the ficus finish (Rules.ficus)
        result.problem = (f"finish: the record expects the game to end by the {result.record.expected_finish} "
                          f"finish, but after the moves {result.position.result_text()}")
    return result
