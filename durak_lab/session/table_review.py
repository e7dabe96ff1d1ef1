"""The review at the end of a game at the table: the people's decisions judged, one at a time.

:class:`TableReview` judges every move of the people's seats (never the bots'), as
:func:`~durak_lab.analysis.evaluation.review.review` does: the evaluator from the mover's
view before the move, with a reading of the other players' moves
(:func:`~durak_lab.session.advice.evaluate_view`), and the review's labels, accuracy
and key moments.  Each decision gets the random numbers the hint and the coach had for
it (:func:`~durak_lab.session.advice.history_rng`), and the coach's evaluation when it
made one (then the review and the coach agree); otherwise
:data:`~durak_lab.session.advice.REVIEW_BUDGET` (a fifth for a forced move).

It works **one decision per** :meth:`TableReview.step`, so that a table without
threads (Voila, JupyterLite) can show "Looking at move 3 of 12…" between steps and
answer clicks meanwhile; :meth:`TableReview.run` does them all.  :meth:`TableReview.lines`
is the review in a learner's words (:func:`~durak_lab.text.review.review_lines`).

Standard library only.

>>> from durak_lab.engine.game import Game
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.session.coach import Coach
>>> g = Game(Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
...                         attacker=1, first_bout=False), sequential=True)
>>> for m in ("P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take", "P1 attack 6♦", "P2 take"):
...     _ = g.play(m)
>>> r = TableReview(g, [1], seed=0, coach=Coach())
>>> r.total, r.step(), r.done, r.finished
(3, True, 1, False)
>>> r.run().labels[1]["blunder"], r.finished
(1, True)
>>> r.lines()[2]
'Key moment, move 1: P2 chose to play 7♦: a big mistake. Better: play 8♥, which kept a win. After this move it was a loss.'
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from ..analysis.evaluation.review import Review, summarise
from ..engine.errors import KernelUnsupported
from ..engine.game import Game
from ..engine.kernel.core import check_rules
from ..text.messages import say
from ..text.review import review_lines
from . import advice
from .advice import history_rng, judge
from .coach import Coach

__all__ = ["TableReview", "reviewable"]


def reviewable(game: Game) -> bool:
    """Whether the evaluator plays the game's rules (else no review: pushing durak, the defender's
    choice, a joker).

    >>> from durak_lab.engine.rules import Rules
    >>> reviewable(Game.deal(Rules.preset("podkidnoy"), seed=1)), reviewable(Game.deal(Rules.preset("doker"), seed=1))
    (True, False)
    """
    try:
        check_rules(game.rules)
    except KernelUnsupported:
        return False
    return True


class TableReview:
    """The review of ``game`` for the seats ``seats`` (the people's), built one decision at a time.

    ``seed``: the deal's (the random numbers of each decision are :func:`history_rng`'s);
    ``coach``: whose evaluations are reused and who evaluates (its memory keeps them);
    ``playouts``: per decision, when the coach has none for it (default: the
    :data:`~durak_lab.session.advice.REVIEW_BUDGET`'s, :func:`~durak_lab.session.advice.playouts_for`).  ``done`` of ``total`` decisions
    are judged so far.
    """

    def __init__(self, game: Game, seats: Sequence[int], seed: int, coach: Coach,
                 playouts: Optional[int] = None) -> None:
        self.steps = list(game.steps)
        self.start = game.start
        self.result = game.result
        self.seats = tuple(sorted(set(seats)))
        self.seed = seed
        self.coach = coach
        self.playouts = advice.playouts_for(game.rules, advice.REVIEW_BUDGET) if playouts is None else playouts
        self.supported = reviewable(game)
        self.total = sum(1 for st in self.steps if st.move.seat in self.seats) if self.supported else 0
        self.done = 0
        self.decisions: list = []
        self._next = 0  # the next step of the game to read
        self._history: dict = {s: [] for s in self.seats}  # (seat's view before the move, move) so far
        self._review: Optional[Review] = None

    @property
    def finished(self) -> bool:
        """Whether every decision is judged."""
        return self.done >= self.total

    def step(self) -> bool:
        """Judge the next decision; return whether any is left."""
        while not self.finished and self._next < len(self.steps):
            i = self._next
            st = self.steps[i]
            mover = st.move.seat
            judged = mover in self.seats
            if judged:
                self._judge(i, st)
            for s in self.seats:
                self._history[s].append((st.before.view(s), st.move))
            self._next += 1
            if judged:
                self.done += 1
                break
        return not self.finished

    def _judge(self, i: int, st) -> None:
        mover = st.move.seat
        view = st.before.view(mover)
        if view.to_act != mover or not view.legal:
            return
        playouts = self.playouts if len(view.legal) > 1 else max(1, self.playouts // 5)
        ev = self.coach.evaluation(view, history_rng(self.seed, i), tuple(self._history[mover]), playouts)
        if ev is None:
            return
        try:
            self.decisions.append(judge(ev, st.move, i))
        except KeyError:
            pass

    def run(self) -> Review:
        """Judge every decision left; return the review."""
        while self.step():
            pass
        return self.review()

    def review(self) -> Review:
        """The review of the decisions judged so far (all of them once :attr:`finished`)."""
        if self._review is not None and self.finished:
            return self._review
        one = self.seats[0] if len(self.seats) == 1 else None
        r = summarise(tuple(self.decisions), self.start, len(self.steps), self.result, "view", one)
        if one is None:
            r = replace(r, players=self.seats)
        if self.finished:
            self._review = r
        return r

    def lines(self) -> list:
        """The review in a learner's words once finished (each person's accuracy, the labels counted,
        the key moments), else "Looking at move k of n…"; nothing where the evaluator cannot play
        the rules or nobody decided anything."""
        if not self.total:
            return []
        if not self.finished:
            return [say("rv-thinking", done=self.done + 1, total=self.total)]
        return review_lines(self.review())[1:]  # the table's review has its own title
