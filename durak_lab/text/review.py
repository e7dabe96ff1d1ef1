"""Evaluations and reviews in a learner's words: percentages, labels, one sentence a move.

Chances are whole percentages for learners (:func:`percent`); a chance that is
exact reads as a win, a draw or a loss.  Every sentence comes from
:func:`~durak_lab.text.messages.say` (the keys of :mod:`durak_lab.text.review_words`).

Standard library only; imports the engine and analysis.

>>> percent(0.625), percent(0.004), percent(0.996), percent(1.0)
('63%', 'under 1%', 'over 99%', '100%')
"""

from __future__ import annotations

from typing import Any, Optional

from ..analysis.evaluation import Evaluation
from ..analysis.evaluation.review import BEST, FORCED, GOOD, ONLY, Decision, Review
from ..engine.moves import seat_text
from .messages import say
from .narrate import move_words, value_words

__all__ = ["percent", "label_words", "evaluation_lines", "decision_sentence", "review_lines", "hint_sentence"]


def percent(p: float) -> str:
    """A chance as a whole percentage; near 0 and 1 (but not there) ``under 1%``/``over 99%``, in the
    chosen language's words.

    >>> percent(0.25), percent(0.001), percent(0.999)
    ('25%', 'under 1%', 'over 99%')
    """
    if 0 < p < 0.005:
        return say("percent-under-one")
    if 0.995 < p < 1:
        return say("percent-over-99")
    return f"{int(p * 100 + 0.5)}%"


def label_words(label: str) -> str:
    """A review label in words.

    >>> label_words("blunder"), label_words("only")
    ('a big mistake', 'the only good move')
    """
    words = {"best": say("label-best"), "only": say("label-only"), "forced": say("label-forced"),
             "good": say("label-good"), "inaccuracy": say("label-inaccuracy"), "mistake": say("label-mistake"),
             "blunder": say("label-blunder")}
    return words[label]


def _value(chance: float) -> int:
    return 1 if chance > 0.75 else (-1 if chance < 0.25 else 0)


def evaluation_lines(ev: Evaluation, moves: int = 5) -> list:
    """An evaluation in a learner's words: the seat's chance (or its exact result), how it was worked
    out, the best move and up to ``moves`` moves with their chances.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.analysis.evaluation import evaluate
    >>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
    ...                    attacker=1, first_bout=False)
    >>> print("\\n".join(evaluation_lines(evaluate(p))))
    P2 wins with best play, whatever the others do.
    Worked out exactly: every card is known, and every line of play was checked.
    Best move: play 8♥ (a win).
    play 8♥: a win
    play 7♦: a loss
    >>> from durak_lab.analysis.evaluation import MoveValue
    >>> evaluation_lines(Evaluation(0, 0, "open", MoveValue(None, (0, 1, 0), exact=True)))[0]
    'With best play on both sides nobody is the durak.'
    """
    seat = seat_text(ev.seat)
    if ev.to_act is None:
        return [say("eval-over")]
    if ev.exact:
        v = _value(ev.chance)
        said = say("eval-exact-win", seat=seat) if v > 0 else (
            say("eval-exact-loss", seat=seat) if v < 0 else say("eval-exact-draw"))
        lines = [said, say("eval-how-exact")]
    else:
        lo, hi = ev.interval
        lines = [say("eval-chance-range", seat=seat, chance=percent(ev.chance), low=percent(lo), high=percent(hi))]
        if ev.mode == "open":
            lines.append(say("eval-how-open", playouts=ev.playouts))
        else:
            lines.append(say("eval-how", worlds=ev.worlds, playouts=ev.playouts))
    if ev.best:
        top = ev.moves[0]
        lines.append(say("eval-best", move=move_words(ev.best[0]), chance=_chance_words(top)))
    for m in ev.moves[:moves]:
        if m.exact:
            lines.append(say("eval-move-exact", move=move_words(m.move), value=value_words(_value(m.chance))))
        else:
            lines.append(say("eval-move-line", move=move_words(m.move), chance=percent(m.chance)))
    return lines


def _chance_words(m: Any) -> str:
    return value_words(_value(m.chance)) if m.exact else percent(m.chance)


def decision_sentence(d: Decision) -> str:
    """One plain sentence about a judged move (see :mod:`durak_lab.analysis.evaluation.review`).

    >>> from durak_lab.engine.moves import Move
    >>> d = Decision(3, Move.parse("P1 attack 7♦"), 0, 0.6, 0.45, 0.15, "mistake", (Move.parse("P1 attack 6♠"),),
    ...              False, 4)
    >>> decision_sentence(d)
    'P1 chose to play 7♦: a mistake. Better: play 6♠. The chance of not being the durak went from 60% to 45%.'
    """
    seat, move = seat_text(d.seat), move_words(d.move)
    if d.label == BEST:
        return say("rv-best", seat=seat, move=move)
    if d.label == ONLY:
        return say("rv-only", seat=seat, move=move)
    if d.label == FORCED:
        return say("rv-forced", seat=seat, move=move)
    better = move_words(d.better[0]) if d.better else ""
    if d.label == GOOD:
        return say("rv-good", seat=seat, move=move, better=better) if better else say("rv-good-plain", seat=seat,
                                                                                         move=move)
    if d.exact:
        return say("rv-slip-exact", seat=seat, move=move, label=label_words(d.label), better=better,
                   was=value_words(_value(d.before)), now=value_words(_value(d.after)))
    return say("rv-slip", seat=seat, move=move, label=label_words(d.label), better=better,
               before=percent(d.before), after=percent(d.after))


def review_lines(r: Review, every_move: bool = False) -> list:
    """A review in a learner's words: each player's accuracy and labels, the key moments (and, with
    ``every_move``, a sentence for every judged move)."""
    lines = [say("rv-title")]
    for s in r.players:
        seat = seat_text(s)
        if r.accuracy[s] is None:
            lines.append(say("rv-no-decisions", seat=seat))
            continue
        lines.append(say("rv-accuracy", seat=seat, accuracy=round(r.accuracy[s])))
        counts = [say("rv-count", count=n, label=label_words(label)) for label, n in r.labels[s].items() if n]
        lines.append(say("rv-counts", seat=seat, counts=", ".join(counts)))
    if every_move:
        lines += [f"{d.index + 1}. {decision_sentence(d)}" for d in r.decisions]
    key = [r.decisions[i] for i in r.key_moments if r.decisions[i].label not in (BEST, ONLY, FORCED, GOOD)]
    if not key:
        lines.append(say("rv-no-key"))
    for d in key:
        lines.append(say("rv-key", number=d.index + 1, sentence=decision_sentence(d)))
    return lines


def hint_sentence(ev: Evaluation, move: Optional[Any] = None) -> Optional[str]:
    """The hint of the evaluator: its best move and why, in one sentence (None without a move).

    ``move``: the move to name, one of ``ev.best`` (default: the first).  Why: its chance of not
    being the durak (a win, a draw or a loss when exact), and the next best move's, or the move
    about as good.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.analysis.evaluation import evaluate
    >>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
    ...                    attacker=1, first_bout=False)
    >>> hint_sentence(evaluate(p, open=True))      # every card known: the exact solver
    'Hint: play 8♥. With best play it is a win for you.'
    >>> from durak_lab.engine.moves import Move
    >>> from durak_lab.analysis.evaluation import MoveValue
    >>> a, b = Move.parse("P1 attack 7♦"), Move.parse("P1 attack K♠")
    >>> e = Evaluation(0, 0, "view", MoveValue(None, (62, 0, 38)),
    ...                (MoveValue(a, (62, 0, 38)), MoveValue(b, (45, 0, 55))), (a,))
    >>> hint_sentence(e)
    'Hint: play 7♦. It gives you the best chance of not being the durak: 62%. Next best: play K♠ (45%).'
    """
    if not ev.best or not ev.moves:
        return None
    move = ev.best[0] if move is None else move
    top = ev.move_value(move)
    words = move_words(move)
    if len(ev.moves) == 1:
        return say("hint-best-only", move=words)
    if top.exact:
        return say("hint-best-exact", move=words, value=value_words(_value(top.chance)))
    second = next(m for m in ev.moves if m.move != move)
    other, other_chance = move_words(second.move), _chance_words(second)
    if not second.exact and top.chance - second.chance < 0.02:
        return say("hint-close", move=words, chance=percent(top.chance), other=other, other_chance=other_chance)
    return say("hint-best-next", move=words, chance=percent(top.chance), other=other, other_chance=other_chance)
