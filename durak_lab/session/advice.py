"""The evaluator's advice at the table: one seat's view evaluated, and one move judged.

The hint, the coach's warnings and the review at the end of a game
(:mod:`durak_lab.session.coach`, :mod:`durak_lab.session.table_review`) all ask
:func:`evaluate_view`: the evaluator (:func:`~durak_lab.analysis.evaluation.evaluate`)
from the seat's **view** only, never from hidden cards, with a reading of the
other players' moves from the game's public history (what the seat saw before
each move, :func:`reading_of`), as the expert bot reads them.  Once the view shows
everything (two players left, the talon empty or only its face-up trump card: R3,
R19, R28) the evaluator's exact solver answers.

**Settings.**  A budget of CPU seconds (on a laptop) for a hint or a warning,
:data:`HINT_BUDGET`, and for each decision of the review, :data:`REVIEW_BUDGET`.  A budget
is turned into a number of playouts by the cost of a playout under the game's rules
(:func:`playouts_for`), not by a clock, so that the same position gets the same hint on
every machine (JupyterLite is about three times slower than the figures here).  The exact
search gets at most :data:`EXACT_NODES` positions.

:func:`judge` is the review's verdict on one move
(:mod:`durak_lab.analysis.evaluation.review`: ``best``, ``good``, ``inaccuracy``,
``mistake``, ``blunder``…).

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
...                    attacker=1, first_bout=False)
>>> ev = evaluate_view(p.view(1), random.Random(0))
>>> ev.exact, [str(m) for m in ev.best]              # nothing hidden: the solver's move
(True, ['P2 attack 8♥'])
>>> d = judge(ev, Move.parse("P2 attack 7♦"))
>>> d.label, d.before, d.after
('blunder', 1.0, 0.0)
"""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ..analysis.evaluation import Evaluation, evaluate
from ..analysis.evaluation.review import Decision, judge as judge_move
from ..analysis.inference.reading import Reading
from ..engine.errors import KernelUnsupported, SolverDomainError
from ..engine.kernel.config import MULTI_LOOP, TWO_LOOP, loop_for
from ..engine.kernel.core import check_rules
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.view import PlayerView


__all__ = ["HINT_BUDGET", "REVIEW_BUDGET", "EXACT_NODES", "PLAYOUT_SECONDS", "MIN_PLAYOUTS", "playouts_for",
           "reading_of", "evaluate_view", "judge", "history_rng"]

#: The hint's (and the coach's warning's) budget, in CPU seconds on a laptop: 3000 playouts in a
#: two-player game (measured over 151 hints of 6 games, ``python tests/benchmarks/hint_bench.py``:
#: 0.16 s in the median, 0.38 s at most; three players 0.23 s and 0.51 s; pairs, 1500 playouts,
#: 0.16 s and 0.46 s over 33 hints of 3 games, both cores busy).
HINT_BUDGET = 0.3
#: The review's budget per decision at the end of a game, in CPU seconds on a laptop (a forced
#: move gets a fifth): a game's review takes 1 to 2 seconds.
REVIEW_BUDGET = 0.1
#: The exact search's positions at most, when nothing is hidden (then a sampled search answers).
EXACT_NODES = 20_000
#: The CPU seconds of one playout of a two-player game on the kernel's fast loop, the worlds dealt
#: with a reading included (measured on a laptop); the other rules cost more (:func:`playouts_for`).
PLAYOUT_SECONDS = 1e-4
#: Whatever the rules, at least this many playouts.
MIN_PLAYOUTS = 100


def playouts_for(rules: Rules, budget: float) -> int:
    """The playouts that fit ``budget`` CPU seconds under ``rules`` (at least :data:`MIN_PLAYOUTS`).

    A playout's cost, measured per preset: the two-player fast loop :data:`PLAYOUT_SECONDS`; the
    greedy loop of three to six players (pairs' partner's cover included, R26) ``players / 2`` times
    that; rules only the listing loop plays (multi-card throw-ins, showing a trump to transfer…)
    three times ``players`` times that, and three times more with a deck of 52 cards
    (:func:`~durak_lab.engine.kernel.config.loop_for` of greedy playouts).
    Rules the kernel does not play get :data:`MIN_PLAYOUTS` (the evaluator refuses them).

    >>> playouts_for(Rules.preset("podkidnoy"), HINT_BUDGET), playouts_for(Rules.preset("podkidnoy", players=4), 0.3)
    (3000, 1500)
    >>> playouts_for(Rules.preset("finnish"), 0.3), playouts_for(Rules.preset("simple", players=3), 0.3)
    (166, 333)
    >>> playouts_for(Rules.preset("pairs"), HINT_BUDGET)
    1500
    """
    try:
        cfg = check_rules(rules)
    except KernelUnsupported:
        return MIN_PLAYOUTS
    loop = loop_for(cfg, greedy=True)  # (the hint's playouts are greedy)
    if loop == TWO_LOOP:
        factor = 1.0
    elif loop == MULTI_LOOP:
        factor = rules.players / 2
    else:
        factor = 3.0 * rules.players * (3 if rules.deck >= 52 else 1)
    return max(MIN_PLAYOUTS, int(budget / (PLAYOUT_SECONDS * factor) + 1e-9))


def history_rng(seed: int, moves_played: int) -> random.Random:
    """The random numbers of the advice after ``moves_played`` moves of the deal ``seed``: the hint, the
    coach's warning and the review's judgement of that decision share them (and so their figures).

    >>> history_rng(3, 10).random() == history_rng(3, 10).random()
    True
    """
    return random.Random(seed * 31 + moves_played)


def reading_of(history: Sequence, seat: int) -> Optional[Any]:
    """What ``seat`` has read from the other players' moves so far (None without a history):
    ``history`` is the game as ``(seat's view before the move, move)`` pairs."""
    return Reading.of(history, seat) if history else None


def evaluate_view(view: PlayerView, rng: random.Random, history: Sequence = (), *,
                  playouts: Optional[int] = None, exact_nodes: int = EXACT_NODES) -> Optional[Evaluation]:
    """The evaluator's figures for ``view``'s seat, from its view alone, or None where the evaluator
    cannot play (rules the lean kernel does not play, an open trump swap, R6).

    ``history``: the game so far as ``(seat's view before the move, move)`` pairs, for the reading
    of the other players' moves; ``playouts``: the sampled search's size (default: the
    :data:`HINT_BUDGET`'s, :func:`playouts_for`); ``exact_nodes``: the exact search's size when
    nothing is hidden.
    """
    seat = view.seat
    if playouts is None:
        playouts = playouts_for(view.rules, HINT_BUDGET)
    try:
        return evaluate(view, playouts=playouts, rng=rng, reading=reading_of(history, seat),
                        exact_nodes=exact_nodes)
    except (KernelUnsupported, SolverDomainError):
        return None


def judge(ev: Evaluation, move: Move, index: int = 0) -> Decision:
    """The review's verdict on ``move`` (one of ``ev.moves``), as in a review of the game
    (:mod:`durak_lab.analysis.evaluation.review`); ``index``: the move's place in the game.

    KeyError when ``move`` is not one of the evaluated moves.
    """
    d = judge_move(index, move, ev.seat, ev)
    if d is None:
        raise KeyError(str(move))
    return d
