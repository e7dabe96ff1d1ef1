"""The value the inference engines return: :class:`Posterior`, and the prior it starts from.

A :class:`Posterior` is a weighted list of hypotheses (one hidden mask per place) over the
card-counting :class:`~durak_lab.analysis.counting.Knowledge` of one seat after some moves, with the
queries of :mod:`durak_lab.analysis.probability` (count distributions, trump counts, card
probabilities, "holds", "can beat") and standard errors for a sampled one.  :func:`counting_knowledge`
is that knowledge, the prior of both engines (:mod:`durak_lab.analysis.inference.exact`,
:mod:`durak_lab.analysis.inference.sampled`).

Standard library only.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Optional, Union

from ...engine.cards import BEATERS, Card, deck_mask, popcount
from ..counting import Knowledge, PlaceKey, cards_mask
from .evidence import Timeline
from .models import Number

__all__ = ["Posterior", "counting_knowledge"]


def counting_knowledge(timeline: Timeline, step: int) -> Knowledge:
    """The card-counting knowledge of the observer after ``step`` moves (the prior).

    The R7 facts of the deal count while nobody has drawn.

    >>> from durak_lab.analysis.inference.evidence import observe
    >>> from durak_lab.engine.records import load_example
    >>> t = observe(load_example("EX-KO-DEAL"), seat=0)
    >>> counting_knowledge(t, 1).slots
    (0, 4, 23)
    """
    v = timeline.views[step]
    facts = timeline.talon_facts if v.talon_size == timeline.start.talon_size else 0
    return Knowledge.from_view(v, facts & v.unseen_mask())


class Posterior:
    """A distribution over where the unseen cards are, from one seat after some moves.

    ``knowledge`` is the card-counting knowledge at that moment (labels, the
    cards known in each place); the distribution itself is a weighted list of
    hypotheses, one hidden mask per place.  ``exact`` tells whether the
    weights are the whole truth (two players) or a sample; ``ess`` is the
    effective sample size (for an exact posterior, the number of hypotheses
    with weight).  The queries mirror :mod:`durak_lab.analysis.probability`.

    >>> from durak_lab.analysis.inference import exact_posterior
    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
    ...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", first_bout=False)
    >>> post = exact_posterior((p, []), seat=0)
    >>> post.exact, post.n, post.knowledge.others()      # C(8, 3) hands for P2
    (True, 56, ('P2', 'talon'))
    """

    def __init__(self, knowledge: Knowledge, hypotheses: Callable[[], Iterator], total: Number, exact: bool,
                 ess: float, n: int, step: int = 0, project: Optional[Callable[[int], dict]] = None) -> None:
        self.knowledge = knowledge
        self._hyps = hypotheses
        self._fast_project = project
        self.total = total
        self.exact = exact
        self.ess = ess
        self.n = n
        self.step = step

    def __repr__(self) -> str:
        kind = "exact" if self.exact else f"sampled, n={self.n}, ess={self.ess:.0f}"
        v = self.knowledge.viewer
        who = self.knowledge.labels[v] if v is not None else "no seat"
        return f"<Posterior of {who} after {self.step} moves ({kind})>"

    def _p(self, w: Number) -> Number:
        if isinstance(self.total, float) or isinstance(w, float):
            return float(w) / float(self.total)
        return Fraction(w, 1) / self.total

    def _project(self, mask: int) -> dict:
        """The weights summed by the hidden cards of ``mask`` in each place."""
        if self._fast_project is not None:
            return self._fast_project(mask)
        acc: dict = defaultdict(int)
        for hidden, w in self._hyps():
            acc[tuple(h & mask for h in hidden)] += w
        return acc

    def _dist(self, mask: int, stat: Callable[[tuple], Any]) -> dict:
        """The distribution of ``stat(full masks of the places, restricted to mask)``."""
        acc: dict = defaultdict(int)
        known = tuple(k & mask for k in self.knowledge.known)
        for hidden, w in self._project(mask).items():
            acc[stat(tuple(k | h for k, h in zip(known, hidden)))] += w
        return {key: self._p(w) for key, w in sorted(acc.items()) if w}

    def count_distribution(self, place: PlaceKey, cards: Any) -> dict:
        """How many of ``cards`` a place holds: ``{count: probability}``.

        >>> from durak_lab.analysis.inference import exact_posterior
        >>> from durak_lab.analysis.probability import count_distribution
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.deal(Rules(players=2, deck=20, hand_size=3), seed=2)
        >>> post = exact_posterior((p, []), 0)       # no move yet: the counting answer
        >>> post.count_distribution("P2", "A♠ A♥ A♦ A♣") == count_distribution(post.knowledge, "P2", "A♠ A♥ A♦ A♣")
        True
        """
        i = self.knowledge.place(place)
        m = cards_mask(cards)
        return self._dist(m, lambda full: popcount(full[i]))

    def trump_counts(self, places: Optional[Iterable[PlaceKey]] = None) -> dict:
        """``{label: {number of trumps: probability}}`` for every other seat and the talon.

        >>> from durak_lab.analysis.inference import exact_posterior
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
        ...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", first_bout=False)
        >>> post = exact_posterior((p, []), seat=0)      # P2 holds 3 of 8 unseen cards, 2 of them trumps
        >>> post.trump_counts()["P2"]
        {0: Fraction(5, 14), 1: Fraction(15, 28), 2: Fraction(3, 28)}
        """
        k = self.knowledge
        keys = k.others() if places is None else tuple(places)
        idx = [k.place(p) for p in keys]
        tm = k.trumps
        joint = self._dist(tm, lambda full: tuple(popcount(full[i]) for i in idx))
        out: dict = {}
        for j, i in enumerate(idx):
            d: dict = defaultdict(int)
            for key, pr in joint.items():
                d[key[j]] += pr
            out[k.labels[i]] = dict(sorted(d.items()))
        return out

    def expected_count(self, place: PlaceKey, cards: Any) -> Number:
        """The expected number of ``cards`` in a place.

        >>> from durak_lab.analysis.inference import exact_posterior
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
        ...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", first_bout=False)
        >>> post = exact_posterior((p, []), seat=0)      # P2 holds 3 of 8 unseen cards, 2 of them trumps
        >>> post.expected_count("P2", post.knowledge.trumps)
        Fraction(3, 4)
        """
        return sum(x * p for x, p in self.count_distribution(place, cards).items())

    def card_probabilities(self, cards: Any = None) -> dict:
        """``{Card: {label: probability}}`` as :func:`~durak_lab.analysis.probability.card_probabilities`.

        >>> from durak_lab.analysis.inference import exact_posterior
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
        ...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", first_bout=False)
        >>> post = exact_posterior((p, []), seat=0)      # P2 holds 3 of 8 unseen cards, 2 of them trumps
        >>> row = post.card_probabilities("A♠")[Card("A♠")]
        >>> row["P2"] + row["talon"] + row["P1"]
        Fraction(1, 1)
        """
        k = self.knowledge
        m = k.trumps if cards is None else cards_mask(cards)
        ids = [c for c in range(54) if m >> c & 1]
        acc = {c: [0] * len(k.labels) for c in ids}
        for hidden, w in self._project(m).items():
            for i, h in enumerate(hidden):
                while h:
                    low = h & -h
                    acc[low.bit_length() - 1][i] += w
                    h ^= low
        out: dict = {}
        zero = self._p(0)
        for c in ids:
            row = dict.fromkeys(k.labels + ("table", "discard"), zero)
            if k.unseen >> c & 1:
                for i, label in enumerate(k.labels):
                    row[label] = self._p(acc[c][i])
            elif k.table >> c & 1:
                row["table"] = self._p(self.total)
            elif k.discard >> c & 1:
                row["discard"] = self._p(self.total)
            else:
                for i, label in enumerate(k.labels):
                    if k.known[i] >> c & 1:
                        row[label] = self._p(self.total)
            out[Card(c)] = row
        return out

    def prob_holds(self, places: Union[PlaceKey, Iterable[PlaceKey]], cards: Any, at_least: int = 1) -> Number:
        """The probability that ``places`` together hold at least ``at_least`` of ``cards``.

        >>> from durak_lab.analysis.inference import exact_posterior
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
        ...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", first_bout=False)
        >>> post = exact_posterior((p, []), seat=0)      # P2 holds 3 of 8 unseen cards, 2 of them trumps
        >>> post.prob_holds("P2", post.knowledge.trumps)
        Fraction(9, 14)
        """
        k = self.knowledge
        keys = [places] if isinstance(places, (int, str)) else list(places)
        idx = sorted({k.place(p) for p in keys})
        m = cards_mask(cards)
        dist = self._dist(m, lambda full: sum(popcount(full[i]) for i in idx) >= at_least)
        return dist.get(True, self._p(0))

    def prob_can_beat(self, card: Union[str, int], seats: Optional[Iterable[PlaceKey]] = None) -> Number:
        """The probability that some seat (default: every other seat) holds a card that beats ``card``.

        >>> from durak_lab.analysis.inference import exact_posterior
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
        ...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", first_bout=False)
        >>> post = exact_posterior((p, []), seat=0)      # P2 holds 3 of 8 unseen cards, 2 of them trumps
        >>> post.prob_can_beat("J♥")       # the K♥ or the 10♥? only the K♥ beats the J♥
        Fraction(3, 8)
        """
        k = self.knowledge
        c = Card(card)
        if seats is None:
            seats = [s for s in range(len(k.labels) - 1) if s != k.viewer]
        return self.prob_holds(list(seats), BEATERS[k.trump][c] & k.rules.all_cards)

    def stderr(self, p: Number) -> float:
        """The standard error of a probability ``p`` read from this posterior (0 when exact).

        >>> from durak_lab.analysis.inference import sampled_posterior
        >>> import random
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.game import Game
        >>> post = sampled_posterior(Game.deal(Rules(players=3), seed=1), 0, n=100, rng=random.Random(0))
        >>> round(post.stderr(0.5), 3)
        0.05
        """
        if self.exact:
            return 0.0
        q = float(p)
        return math.sqrt(max(q * (1 - q), 0.0) / self.ess) if self.ess > 0 else float("inf")
