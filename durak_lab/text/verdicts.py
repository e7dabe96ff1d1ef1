"""The solver's verdicts on a game's moves, in words: :func:`verdict_words`, :func:`verdict_line`,
:func:`analysis_lines`.

:mod:`durak_lab.analysis.analyser` judges the moves (a :class:`~durak_lab.analysis.analyser.MoveVerdict`
per move, an :class:`~durak_lab.analysis.analyser.Analysis` per game) and keeps the data; this module
says them in the chosen language, for the stepper and ``durak-lab analyse``.  The analysis layer's
own ``text()`` methods stay a developer's view in English.

Standard library only.

>>> from durak_lab.engine.moves import Move
>>> from durak_lab.analysis.analyser import MISTAKE, MoveVerdict
>>> v = MoveVerdict(4, Move.parse("P1 take"), 0, True, 0, -1, (Move.parse("P1 cover 7♦ with 8♦"),), 2, MISTAKE)
>>> verdict_line(v)
'5. P1 take: mistake, the draw becomes a loss; better: P1 cover 7♦ with 8♦'
>>> outcome(1).word("a"), str(outcome(-1))
('a win', 'loss')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.moves import seat_text
from .catalogue import Items, Word
from .messages import say

if TYPE_CHECKING:  # the analyser loads the solver: the stepper imports this module before it needs them
    from ..analysis.analyser import Analysis, MoveVerdict

__all__ = ["outcome", "verdict_words", "verdict_line", "analysis_lines"]


def outcome(value: int) -> Word:
    """A solver's value for a seat as a meaning a template words: +1 a win, 0 a draw, -1 a loss.

    >>> outcome(0).word("the")
    'the draw'
    """
    return Word("outcome.win" if value > 0 else "outcome.loss" if value < 0 else "outcome.draw")


def verdict_words(verdict: "MoveVerdict") -> str:
    """The verdict on one move, without the move: what the stepper writes beside the move.

    >>> from durak_lab.engine.moves import Move
    >>> from durak_lab.analysis.analyser import BEST, MoveVerdict
    >>> verdict_words(MoveVerdict(0, Move.parse("P1 attack 7♦"), 0, True, 1, 1, (), 1, BEST))
    'best (the only move; keeps the win)'
    """
    from ..analysis.analyser import MISTAKE, UNKNOWN

    vb, va = verdict.before, verdict.after
    if verdict.verdict == UNKNOWN or vb is None or va is None:
        return say("verdict-unknown")
    before, after = outcome(vb), outcome(va)
    if verdict.verdict == MISTAKE:
        if not verdict.better:
            return say("verdict-mistake-waiting", before=before, after=after)
        return say("verdict-mistake", before=before, after=after,
                   better=Items([str(m) for m in verdict.better], "comma"))
    if va > vb:
        return say("verdict-best-gains", before=before, after=after)
    if vb == -1:
        return say("verdict-best-lost")
    if verdict.forced:
        return say("verdict-best-only", before=before)
    return say("verdict-best", before=before)


def verdict_line(verdict: "MoveVerdict") -> str:
    """One line: the move's number and text, then :func:`verdict_words` (a move out of turn says so).

    >>> from durak_lab.engine.moves import Move
    >>> from durak_lab.analysis.analyser import BEST, MoveVerdict
    >>> verdict_line(MoveVerdict(2, Move.parse("P2 attack 9♦"), 1, False, 0, 0, (), 3, BEST))
    '3. P2 attack 9♦ (out of turn): best (keeps the draw)'
    """
    from ..analysis.analyser import UNKNOWN

    judged = verdict.verdict != UNKNOWN and verdict.before is not None and verdict.after is not None
    key = "verdict-line" if verdict.in_turn or not judged else "verdict-line-out-of-turn"
    return say(key, number=verdict.index + 1, move=str(verdict.move), verdict=verdict_words(verdict))


def _judged_from(analysis: "Analysis") -> str:
    p = analysis.start
    first = analysis.first
    assert first is not None
    for move in analysis.moves[:first]:
        p = p.play(move)
    if p.talon:
        key = "analysis-from-trump-card"
    elif p.players > 2:
        key = "analysis-from-two-left"
    else:
        key = "analysis-from-talon-out"
    return say(key, count=first, number=first + 1)


def _result(final: Any) -> str:
    result = final.result
    if result is None:
        return say("analysis-result-on")
    if not result:
        return say("analysis-result-draw")
    return say("analysis-result-durak", seats=Items([seat_text(s) for s in result]))


def analysis_lines(analysis: "Analysis") -> list:
    """The report of an analysis, line by line: where judging starts, one line per judged move, the
    mistakes counted per seat, the result.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.analysis.analyser import analyse_moves
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> for line in analysis_lines(analyse_moves(p, ["P1 attack 7♦", "P2 take"])):
    ...     print(line)
    0 moves before the talon ran out; judged from move 1 on.
    1. P1 attack 7♦: best (the only move; keeps the draw)
    2. P2 take: mistake, the draw becomes a loss; better: P2 cover 7♦ with 8♦
    mistakes: P2 1
    result: P2 is durak
    """
    lines = []
    if analysis.first is None:
        lines.append(say("analysis-never-two-left") if analysis.start.players > 2 else
                     say("analysis-never-talon-out"))
    else:
        lines.append(_judged_from(analysis))
        lines.extend(verdict_line(v) for v in analysis.verdicts)
        counts: dict = {}
        for v in analysis.mistakes:
            counts[v.seat] = counts.get(v.seat, 0) + 1
        if counts:
            each = [say("analysis-mistakes-seat", seat=seat_text(s), count=n) for s, n in sorted(counts.items())]
            lines.append(say("analysis-mistakes", seats=Items(each, "comma")))
        else:
            lines.append(say("analysis-no-mistakes"))
    lines.append(_result(analysis.final))
    return lines
