"""The stepper's **Judge**: the exact solver's verdict on each endgame move of a two-player game.

With the Checkbox "Judge the endgame moves (exact solver)" ``dl-judge`` of a
:class:`~durak_lab.widgets.stepper.Stepper` ticked, every move of a two-player game played once
the talon is empty gets a verdict (:func:`durak_lab.analysis.analyser.analyse_moves`), which the
move line shows as ``dl-verdict`` (``data-verdict`` best, mistake or unknown).  A game the solver
cannot judge (more players, rules outside its domain, a talon that never runs out) gets one
sentence instead.  The solver is imported the first time a game is judged, not with the stepper.

Presentation layer: the stepper's words; the solver is the analysis layer's.

>>> from durak_lab.engine.records import load_example
>>> from durak_lab.text.frames import frames_of
>>> rec = load_example("EX-ZH-BOUT")
>>> judge_moves(rec, frames_of(rec))
({}, 'The solver judges the endgames of two-player games; this one has 4 players.')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Optional, Sequence, Tuple

from ...engine.errors import DurakError
from ...engine.records.record import Record
from ...text.frames import Frame
from ...text.messages import say
from .errors import _why

if TYPE_CHECKING:  # the solver loads when a game is first judged
    from ...analysis.analyser import MoveVerdict

__all__ = ["JUDGE_NODES", "judge_moves"]

#: With **Judge** ticked: the most positions the solver searches for one move; a move that
#: needs more is "not judged" (the analyser's ``unknown``).
JUDGE_NODES = 200_000


def judge_moves(record: Optional[Record], frames: Sequence[Frame]) -> Tuple[Dict[int, "MoveVerdict"], str]:
    """``(verdicts, note)``: the solver's verdicts on the moves of ``record`` (shown as ``frames``)
    played once the talon is empty, by move index (:class:`~durak_lab.analysis.analyser.MoveVerdict`),
    and a sentence when it cannot judge them (else ``""``).

    >>> from durak_lab.engine.records import load_example
    >>> from durak_lab.text.frames import frames_of
    >>> rec = load_example("EX-KO-2")
    >>> judge_moves(rec, frames_of(rec))
    ({}, 'The talon never ran out in this game, so no move can be judged exactly.')
    >>> judge_moves(None, [])
    ({}, '')
    """
    from ...analysis.analyser import analyse_moves

    if record is None:
        return {}, ""
    if record.rules.players != 2:
        return {}, say("stepper-judge-players", players=record.rules.players)
    moves = [f.move for f in frames if f.kind == "move" and f.move is not None]  # a move frame has its move
    try:
        analysis = analyse_moves(record.start, moves, max_nodes=JUDGE_NODES)
    except DurakError as err:  # e.g. rules outside the solver's domain: say why
        return {}, say("stepper-judge-cannot", why=_why(err))
    if analysis.first is None:
        return {}, say("stepper-judge-no-endgame")
    return {v.index: v for v in analysis.verdicts}, ""
