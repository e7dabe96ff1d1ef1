"""Inference from play: what voluntary actions suggest about the cards you cannot see.

Counting (:mod:`durak_lab.analysis.probability`) uses what a seat has *seen*.  Players
also *choose*: taking instead of covering, declining to throw in, covering
with a trump while holding the suit.  Such choices are evidence, not proof.

**The model.**  A *hypothesis* says where every card unseen at the start lies:
each hidden hand and the talon in order, as far as the draws go.  The prior
is uniform over the hypotheses consistent with every card revealed later (a
card played must have been in its player's hand then); at any moment this
prior is exactly the card-counting model.  Then:

* *rule facts* are certain and weigh 0 or 1: at the deal every trump below
  the one shown is in the talon (R7); a bout that ended by itself shows that
  the attackers who did not pass held no card to throw in, one that went on
  that some of them did (R16); the seat that may swap the trump six holds it
  (R6).  See :mod:`durak_lab.analysis.evidence` for the facts and how they are read.
* an *opponent model* gives the likelihood of each observed action of
  another seat, given that seat's hand *at that time* under the hypothesis:
  ``likelihood(view_before, move, hand) -> float or Fraction``, where
  ``view_before`` is an :class:`~durak_lab.analysis.evidence.ActionView` (the public
  situation, with ``room`` and ``attackers``) and ``hand`` the mover's whole
  hand as a card mask.  Any callable works (a bot's policy, later);
  :class:`EpsilonModel` is the simple one.  A model may also offer
  ``relevant(view_before, move) -> mask``, the cards whose presence can change
  the likelihood, which lets the engines evaluate it once per class of hands.

The posterior is the prior times the product of the likelihoods and the rule
facts, normalised.  It is only as good as the opponent model: real players
are not ε-machines.

**Two engines.**

* :func:`exact_posterior`, two players: a forward filter over the opponent's
  hidden hand (at most C(29, 6) = 475,020 hands from one seat at the deal),
  weighting by each action's likelihood with the hand at that time, dealing
  the opponent's draws out of the talon exactly.  With rational likelihoods
  (an ``EpsilonModel`` with a ``Fraction``) every probability is an exact
  ``Fraction``; with float likelihoods the weights are floats (relative error
  of order 1e-12 over a game).
* :func:`sampled_posterior`, any number of players: sequential importance
  sampling over hypotheses.  The slots (hidden cards at the start, then the
  talon in drawing order) are filled one by one with cards allowed there: a
  card revealed by a seat goes to a slot that seat had by then, and no card
  goes where a rule fact excludes it; the product of the numbers of choices
  weighs each hypothesis so that the draw is uniform over the consistent
  ones.  The likelihoods multiply the weight; a "has" or "holds" fact that
  fails rejects the hypothesis.  Probabilities come with the effective sample
  size :attr:`Posterior.ess` (standard errors: :meth:`Posterior.stderr`).
  Long multi-player games with strong evidence make the weights collapse onto
  a few hypotheses; then the sample is drawn again by weight and every copy
  takes a few Metropolis steps that leave the posterior unchanged (resample
  and move), which spreads the copies over the likely hypotheses.

With ε = 1 the posterior is the prior; with ε = 0 voluntary actions become
hard constraints.

Standard library only.

>>> from fractions import Fraction
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", attacker=0,
...                    first_bout=False)
>>> game = (p, ["P1 attack 10♦", "P2 take"])      # P2 took: could P2 have covered?
>>> prior = exact_posterior(game, seat=0, model=EpsilonModel(1))
>>> post = exact_posterior(game, seat=0, model=EpsilonModel(Fraction(1, 10)))
>>> hearts = "10♥ J♥ Q♥ K♥ A♥"                 # does P2 hold a trump?
>>> prior.prob_holds("P2", hearts), post.prob_holds("P2", hearts)
(Fraction(5, 7), Fraction(25, 44))
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, Union

from ..engine.cards import BEATERS, SUIT_MASKS, Card, CardSet, deck_mask, popcount, ranks_mask, suit_of  # noqa: F401
from ..engine.errors import PositionError, SamplingError
from .evidence import Fact, Timeline, observe
from ..engine.moves import COVER, PASS, TAKE, Move
from .counting import Knowledge, PlaceKey, _mask_of
from ..engine.view import PlayerView

__all__ = [
    "OpponentModel", "EpsilonModel", "uninformative", "can_cover_all", "Posterior", "exact_posterior",
    "iter_exact_posteriors", "sampled_posterior", "posterior", "counting_knowledge",
]

Number = Union[int, float, Fraction]
#: An opponent model: the likelihood of ``move`` by a seat holding ``hand``, in the situation ``view_before``.
OpponentModel = Callable[[PlayerView, Move, int], Number]


def can_cover_all(hand: int, attacks: Sequence[int], trump: int) -> bool:
    """Can ``hand`` cover every card of ``attacks``, each with its own card (R11)?

    >>> from durak_lab.engine.cards import HEARTS
    >>> can_cover_all(CardSet.parse("K♦ 7♥").mask, [Card("Q♦"), Card("9♠")], HEARTS)
    True
    >>> can_cover_all(CardSet.parse("K♦").mask, [Card("Q♦"), Card("9♠")], HEARTS)
    False
    """
    match: dict = {}  # cover card -> attack card

    def place(a: int, seen: set) -> bool:
        m = hand & BEATERS[trump][a]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if c in seen:
                continue
            seen.add(c)
            if c not in match or place(match[c], seen):
                match[c] = a
                return True
        return False

    return all(place(a, set()) for a in attacks)


def _rate(x: Any) -> Number:
    if isinstance(x, str):
        x = Fraction(x)
    if isinstance(x, bool) or not isinstance(x, (int, float, Fraction)):
        raise ValueError(f"{x!r} is not a probability")
    if not 0 <= x <= 1:
        raise ValueError(f"{x!r} is not a probability between 0 and 1")
    return Fraction(x) if isinstance(x, int) else x


@dataclass(frozen=True)
class EpsilonModel:
    """A simple opponent: an unusual voluntary action, when the usual one was possible, has likelihood ε.

    * ``take``: the defender takes although the hand could cover every
      uncovered card (R15): likelihood ``take`` (default ε), else 1;
    * ``trump_cover``: covers a non-trump with a trump although holding a
      higher card of its suit (R31): ``trump_cover`` (default ε), else 1;
    * ``decline``: an attacker passes although holding a card of a rank on the
      table, with room for it (R12): ``decline`` (default ε), else 1.

    Every other move has likelihood 1: it tells nothing.  ε = 1 makes the
    posterior the prior; ε = 0 turns the actions into certainties.  Give
    ``Fraction`` values (or texts such as ``"1/10"``) for exact posteriors.

    >>> from durak_lab.analysis.evidence import ActionView
    >>> m = EpsilonModel("1/10", decline=1)
    >>> m.take, m.trump_cover, m.decline
    (Fraction(1, 10), Fraction(1, 10), Fraction(1, 1))
    """

    epsilon: Any = Fraction(1, 10)
    take: Any = None
    trump_cover: Any = None
    decline: Any = None

    def __post_init__(self) -> None:
        eps = _rate(self.epsilon)
        object.__setattr__(self, "epsilon", eps)
        for name in ("take", "trump_cover", "decline"):
            v = getattr(self, name)
            object.__setattr__(self, name, eps if v is None else _rate(v))

    def relevant(self, view: PlayerView, move: Move) -> int:
        """The cards whose presence in the mover's hand can change the likelihood of ``move``.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> v = p.play("P1 attack 7♦").view(0)
        >>> CardSet(EpsilonModel().relevant(v, Move.parse("P2 take")))
        CardSet('6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦')
        """
        deck = deck_mask(view.rules.lowest_rank)
        if move.kind == TAKE:
            m = 0
            for a, c, _, _ in view.table:
                if c < 0:
                    m |= BEATERS[view.trump][a]
            return m & deck
        if move.kind == COVER:
            a, c = move.target, move.cards[0]
            if suit_of(c) == view.trump and suit_of(a) != view.trump:
                return SUIT_MASKS[suit_of(a)] & BEATERS[view.trump][a] & deck
            return 0
        if move.kind == PASS and view.table and move.seat != view.defender:
            tm = view.table_cards()
            return ranks_mask(tm) & ~tm & deck
        return 0

    def __call__(self, view: PlayerView, move: Move, hand: int) -> Number:
        """The likelihood of ``move`` by a seat holding ``hand`` (a card mask).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> v = p.play("P1 attack 7♦").view(0)
        >>> m = EpsilonModel("1/5")
        >>> m(v, Move.parse("P2 take"), CardSet.parse("Q♦ 8♠").mask)   # could have covered with Q♦
        Fraction(1, 5)
        >>> m(v, Move.parse("P2 take"), CardSet.parse("6♦ 8♠").mask)   # could not
        Fraction(1, 1)
        """
        one = Fraction(1)
        if move.kind == TAKE:
            attacks = [a for a, c, _, _ in view.table if c < 0]
            if attacks and can_cover_all(hand, attacks, view.trump):
                return self.take
            return one
        if move.kind == COVER:
            return self.trump_cover if hand & self.relevant(view, move) else one
        if move.kind == PASS and view.table and move.seat != view.defender:
            room = getattr(view, "room", 1)
            attackers = getattr(view, "attackers", None)
            if room <= 0 or (attackers is not None and move.seat not in attackers):
                return one
            return self.decline if hand & self.relevant(view, move) else one
        return one


def uninformative(view: PlayerView, move: Move, hand: int) -> Number:
    """The opponent model of counting: every action has likelihood 1 (the posterior is the prior).

    >>> uninformative(None, Move.parse("P2 take"), 0)
    Fraction(1, 1)
    """
    return Fraction(1)


uninformative.relevant = lambda view, move: 0  # type: ignore[attr-defined]  # no card matters


# ---------------------------------------------------------------- the posterior value


def counting_knowledge(timeline: Timeline, step: int) -> Knowledge:
    """The card-counting knowledge of the observer after ``step`` moves (the prior).

    The R7 facts of the deal count while nobody has drawn.

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
        return f"<Posterior of {self.knowledge.labels[self.knowledge.viewer]} after {self.step} moves ({kind})>"

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

        >>> from durak_lab.analysis.probability import count_distribution
        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.deal(Rules(players=2, deck=20, hand_size=3), seed=2)
        >>> post = exact_posterior((p, []), 0)       # no move yet: the counting answer
        >>> post.count_distribution("P2", "A♠ A♥ A♦ A♣") == count_distribution(post.knowledge, "P2", "A♠ A♥ A♦ A♣")
        True
        """
        i = self.knowledge.place(place)
        m = _mask_of(cards)
        return self._dist(m, lambda full: popcount(full[i]))

    def trump_counts(self, places: Optional[Iterable[PlaceKey]] = None) -> dict:
        """``{label: {number of trumps: probability}}`` for every other seat and the talon.

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
        m = k.trumps if cards is None else _mask_of(cards)
        ids = [c for c in range(52) if m >> c & 1]
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
        m = _mask_of(cards)
        dist = self._dist(m, lambda full: sum(popcount(full[i]) for i in idx) >= at_least)
        return dist.get(True, self._p(0))

    def prob_can_beat(self, card: Union[str, int], seats: Optional[Iterable[PlaceKey]] = None) -> Number:
        """The probability that some seat (default: every other seat) holds a card that beats ``card``.

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
        return self.prob_holds(list(seats), BEATERS[k.trump][c] & deck_mask(k.rules.lowest_rank))

    def stderr(self, p: Number) -> float:
        """The standard error of a probability ``p`` read from this posterior (0 when exact).

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


# ---------------------------------------------------------------- arithmetic of weights


def _combine(weights: dict, values: dict, key_of: Callable[[int], int]) -> dict:
    """Multiply each weight by the likelihood of its class, keeping integers when all is rational."""
    vals = list(values.values())
    if all(v == vals[0] for v in vals):
        if vals[0] == 0:
            return {}
        return weights  # a constant factor: nothing to learn
    floating = any(isinstance(v, float) for v in vals) or any(isinstance(w, float) for w in weights.values())
    if floating:
        f = {key: float(v) for key, v in values.items()}
        return {h: w * f[key_of(h)] for h, w in weights.items() if f[key_of(h)]}
    fr = {key: Fraction(v) for key, v in values.items()}
    scale = 1
    for v in fr.values():
        scale = scale * v.denominator // math.gcd(scale, v.denominator)
    ints = {key: int(v * scale) for key, v in fr.items()}
    return {h: w * ints[key_of(h)] for h, w in weights.items() if ints[key_of(h)]}


def _bits(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _subsets(mask: int, k: int) -> Iterator[int]:
    for combo in combinations(_bits(mask), k):
        yield sum(combo)


def _likelihoods(model: Any, fact: Fact, hands: Iterable[int]) -> tuple:
    """``(values by class, class of a hidden hand)`` for an act over the given hidden hands."""
    view, move, known = fact.situation, fact.move, fact.known
    rel_fn = getattr(model, "relevant", None)
    rel = rel_fn(view, move) if rel_fn is not None else -1
    if rel == -1:
        def key_of(h: int) -> int:
            return h
    else:
        def key_of(h: int) -> int:
            return (known | h) & rel
    values: dict = {}
    for h in hands:
        key = key_of(h)
        if key not in values:
            values[key] = model(view, move, known | h)
    return values, key_of


# ---------------------------------------------------------------- two players: the exact filter


class _TwoSeatFilter:
    """The posterior over the opponent's hidden hand, fact by fact (two players)."""

    def __init__(self, timeline: Timeline, model: Any, rule_facts: bool, exact: bool) -> None:
        if timeline.players != 2:
            raise PositionError(f"the exact posterior is for 2 players, not {timeline.players}: "
                                "use sampled_posterior")
        self.t = timeline
        self.model = model if model is not None else uninformative
        self.seat = timeline.seat
        self.opp = 1 - timeline.seat
        v0 = timeline.start
        self.pool = v0.unseen_mask()
        h = v0.hidden_count(self.opp)
        allowed = self.pool & ~(timeline.talon_facts if rule_facts else 0)
        one: Number = 1 if exact else 1.0
        self.w: dict = {m: one for m in _subsets(allowed, h)}
        self.h = h
        self.rule_facts = rule_facts

    def apply(self, f: Fact) -> None:
        kind = f.kind
        if kind == "act" and f.seat == self.opp:
            values, key_of = _likelihoods(self.model, f, self.w)
            self.w = _combine(self.w, values, key_of)
        elif kind == "reveal" and f.seat == self.opp:
            cm = f.cards
            self.w = {h ^ cm: w for h, w in self.w.items() if h & cm == cm}
            self.pool &= ~cm
            self.h -= popcount(cm)
        elif kind == "see":
            cm = f.cards
            self.w = {h: w for h, w in self.w.items() if not h & cm}
            self.pool &= ~cm
        elif kind == "draw" and f.seat == self.opp:
            self._draw(f.count)
        elif kind in ("lacks", "has") and self.rule_facts and self.opp in f.seats:
            known = f.known_by_seat[self.opp]
            want = kind == "has"
            m = f.cards
            self.w = {h: w for h, w in self.w.items() if bool((known | h) & m) == want}
        elif kind == "holds" and self.rule_facts and f.seat == self.opp:
            m = f.cards & ~f.known
            self.w = {h: w for h, w in self.w.items() if h & m == m}

    def _draw(self, k: int) -> None:
        h = self.h
        pool = self.pool
        u = popcount(pool)
        push = len(self.w) * math.comb(u - h, k)
        pull = math.comb(u, h + k) * math.comb(h + k, k)
        new: dict = defaultdict(int)
        if push <= pull:
            for hand, w in self.w.items():
                for d in _subsets(pool & ~hand, k):
                    new[hand | d] += w
        else:
            get = self.w.get
            for hand in _subsets(pool, h + k):
                total = 0
                for d in _subsets(hand, k):
                    total += get(hand ^ d, 0)
                if total:
                    new[hand] = total
        self.w = dict(new)
        self.h = h + k

    def posterior(self, step: int) -> Posterior:
        k = counting_knowledge(self.t, step)
        pool = self.pool
        if pool != self.t.views[step].unseen_mask():  # pragma: no cover - a bug, never the user's input
            raise AssertionError("the filter lost track of the unseen cards")
        weights = self.w
        opp, talon = self.opp, len(k.labels) - 1
        talon_known = k.known[-1] & pool  # R7 facts before the first draw: in the talon, not hidden

        def hyps() -> Iterator:
            base = [0] * len(k.labels)
            for hand, w in weights.items():
                base[opp] = hand
                base[talon] = pool & ~hand & ~talon_known
                yield tuple(base), w

        def project(mask: int) -> dict:
            # the talon holds the rest: summing by the opponent's cards of ``mask`` is enough
            acc: dict = defaultdict(int)
            for hand, w in weights.items():
                acc[hand & mask] += w
            out: dict = {}
            base = [0] * len(k.labels)
            for part, w in acc.items():
                base[opp] = part
                base[talon] = pool & ~part & ~talon_known & mask
                out[tuple(base)] = w
            return out

        total = sum(weights.values())
        if not total:
            raise SamplingError("no hypothesis is consistent with the observed play and the model "
                                "(a likelihood of 0 ruled them all out)")
        return Posterior(k, hyps, total, True, float(len(weights)), len(weights), step, project)


def iter_exact_posteriors(source: Any, seat: int, model: Optional[OpponentModel] = None,
                          rule_facts: bool = True, exact: bool = True, upto: Optional[int] = None
                          ) -> Iterator[Posterior]:
    """The exact posterior after each move of a 2-player game: start, then move 1, 2, …

    One forward pass; see :func:`exact_posterior`.

    >>> from durak_lab.engine.records import load_example
    >>> [len(p.trump_counts()) for p in iter_exact_posteriors(load_example("EX-KO-2"), seat=0)]
    [2, 2, 2, 2, 2]
    """
    t = source if isinstance(source, Timeline) else observe(source, seat, upto, rule_facts)
    f = _TwoSeatFilter(t, model, rule_facts, exact)
    for fact in t.facts:
        if fact.kind == "step":
            yield f.posterior(fact.index)
        else:
            f.apply(fact)


def exact_posterior(source: Any, seat: int, model: Optional[OpponentModel] = None, upto: Optional[int] = None,
                    rule_facts: bool = True, exact: bool = True) -> Posterior:
    """The posterior over the opponent's hand after the moves of a 2-player game, exactly.

    ``source``: a record, a :class:`~durak_lab.engine.game.Game` or ``(start, moves)``;
    ``seat``: whose point of view (0-based); ``model``: the opponent model
    (default :func:`uninformative`: the posterior is then the counting model
    plus the rule facts); ``upto``: only the first ``upto`` moves;
    ``rule_facts=False``: leave the rule facts out (then, with an
    uninformative model, the posterior *is* the counting model);
    ``exact=False``: float weights.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> post = exact_posterior((Position.deal(Rules(players=2), seed=7), []), seat=0)
    >>> post.n, sum(post.trump_counts()["P2"].values())     # C(29, 6) hands at the deal
    (475020, Fraction(1, 1))
    """
    t = observe(source, seat, upto, rule_facts)
    last = None
    for last in iter_exact_posteriors(t, seat, model, rule_facts, exact):
        pass
    assert last is not None
    return last


# ---------------------------------------------------------------- any number of players: sampling


class _HistorySampler:
    """Draws hypotheses (where every card unseen at the start lies) and weighs them.

    Slots: every hidden card of a seat at the start, then the hidden talon
    cards in drawing order.  A card a seat revealed lies in one of the slots
    it had by then; a card can never lie where a rule fact excludes it (the
    trumps below the one shown at the deal are not dealt, R7; a seat that let
    a bout end held no card of the table's ranks then).  The slots are filled
    one by one, each with a card drawn uniformly among those allowed there;
    the product of the numbers of choices is the importance weight that makes
    the draw uniform over the consistent hypotheses (sequential importance
    sampling).  The opponent model's likelihoods multiply it.
    """

    def __init__(self, t: Timeline, facts: Sequence[Fact], rule_facts: bool) -> None:
        v0 = t.start
        n = t.players
        self.facts = facts
        self.n = n
        self.rule_facts = rule_facts
        slots_of: list = [[] for _ in range(n)]
        acquired: list = []  # the fact index at which each slot came to its seat (-1: dealt)
        owner: list = []
        for s in range(n):
            for _ in range(v0.hidden_count(s)):
                slots_of[s].append(len(acquired))
                acquired.append(-1)
                owner.append(s)
        self.initial = len(acquired)
        self.n_slots = self.initial + v0.talon_hidden()
        acquired += [None] * v0.talon_hidden()
        owner += [None] * v0.talon_hidden()
        pointer = self.initial
        self.pinned: dict = {}
        reveals: list = []  # (seat, card, number of the seat's slots by then, fact index)
        lacks: list = []  # (fact index, seats, cards)
        for i, f in enumerate(facts):
            if f.kind == "draw":
                for _ in range(f.count):
                    slots_of[f.seat].append(pointer)
                    acquired[pointer] = i
                    owner[pointer] = f.seat
                    pointer += 1
            elif f.kind == "see":
                for c in _bits(f.cards):
                    self.pinned[pointer] = c
                    pointer += 1
            elif f.kind == "reveal":
                for c in _bits(f.cards):
                    reveals.append((f.seat, c, len(slots_of[f.seat]), i))
            elif f.kind == "lacks" and rule_facts:
                lacks.append((i, f.seats, f.cards))
        self.slots_of = slots_of
        self.talon0 = self.initial
        r7 = t.talon_facts if rule_facts else 0

        def forbidden(x: int, until: Optional[int]) -> int:
            """Cards that cannot lie in slot x while it is hidden, up to fact ``until`` (None: the end)."""
            if owner[x] is None:
                return 0
            m = r7 if x < self.initial else 0
            for i, seats, cards in lacks:
                if owner[x] in seats and acquired[x] <= i and (until is None or i < until):
                    m |= cards
            return m

        self.reveal_slots = []
        placed = 0
        for c in self.pinned.values():
            placed |= c
        for seat, c, count, i in reveals:
            cands = [x for x in slots_of[seat][:count] if not forbidden(x, i) & c]
            self.reveal_slots.append((c, cands))
            placed |= c
        self.rest = t.start.unseen_mask() & ~placed
        taken = set(self.pinned)
        self.forbid = {x: forbidden(x, None) for x in range(self.n_slots) if x not in taken}
        # for the Markov moves: the slots a card may move between, and where each revealed card may lie
        self.movable = sorted(self.forbid)
        self.reveal_at: dict = {}
        for c, cands in self.reveal_slots:
            allowed = set(cands)
            self.reveal_at[c] = allowed if c not in self.reveal_at else self.reveal_at[c] & allowed
        # the most constrained slots first: fewer dead ends
        self.fill_order = sorted(self.forbid, key=lambda x: -popcount(self.forbid[x] & self.rest))
        self.talon_facts = r7

    def draw(self, rng: random.Random) -> tuple:
        """``(card in each slot, weight)``: one hypothesis and its importance weight (0: a dead end)."""
        card_at = [0] * self.n_slots
        taken = [False] * self.n_slots
        for slot, c in self.pinned.items():
            card_at[slot] = c
            taken[slot] = True
        weight = 1.0
        for c, cands in self.reveal_slots:
            free = [x for x in cands if not taken[x]]
            if not free:
                return card_at, 0.0
            x = free[rng.randrange(len(free))]
            weight *= len(free)
            card_at[x] = c
            taken[x] = True
        left = self.rest
        for x in self.fill_order:
            if taken[x]:
                continue
            allowed = left & ~self.forbid[x]
            k = popcount(allowed)
            if not k:
                return card_at, 0.0
            weight *= k
            j = rng.randrange(k)
            while j:
                allowed &= allowed - 1
                j -= 1
            c = allowed & -allowed
            card_at[x] = c
            left ^= c
        return card_at, weight

    def fits(self, c: int, x: int) -> bool:
        """May card ``c`` lie in slot ``x`` (the slot and reveal constraints; the rule facts that
        hold over the whole history are checked by :meth:`weigh`)?"""
        where = self.reveal_at.get(c)
        if where is not None:
            return x in where
        return not c & self.forbid[x]

    def rejuvenate(self, card_at: list, like: float, model: Any, steps: int, rng: random.Random) -> tuple:
        """``steps`` Metropolis moves from one hypothesis; return ``(card_at, likelihood)``.

        A move swaps the cards of two slots chosen uniformly (a symmetric
        proposal); a swap that breaks a constraint is refused, else it is
        accepted with probability min(1, L'/L).  The chain leaves the posterior
        (uniform over the consistent hypotheses, times the likelihoods)
        unchanged, so it spreads resampled copies apart without biasing them.
        """
        movable = self.movable
        k = len(movable)
        if k < 2:
            return card_at, like
        for _ in range(steps):
            i = rng.randrange(k)
            j = rng.randrange(k - 1)
            if j >= i:
                j += 1
            x, y = movable[i], movable[j]
            cx, cy = card_at[x], card_at[y]
            if cx == cy or not (self.fits(cx, y) and self.fits(cy, x)):
                continue
            card_at[x], card_at[y] = cy, cx
            new = self.weigh(card_at, model)[0]
            if new >= like or (new > 0 and rng.random() * like < new):
                like = new
            else:
                card_at[x], card_at[y] = cx, cy
        return card_at, like

    def weigh(self, card_at: list, model: Any) -> tuple:
        """``(likelihood, hidden mask of every seat, hidden talon mask)`` of a hypothesis at the cut-off."""
        n = self.n
        rule_facts = self.rule_facts
        hidden = [0] * n
        for s in range(n):
            for x in self.slots_of[s]:
                if x < self.initial:
                    hidden[s] |= card_at[x]
        w = 1.0
        pointer = self.talon0
        for f in self.facts:
            kind = f.kind
            if kind == "act":
                w *= float(model(f.situation, f.move, f.known | hidden[f.seat]))
                if not w:
                    return 0.0, hidden, 0
            elif kind == "draw":
                for x in range(pointer, pointer + f.count):
                    hidden[f.seat] |= card_at[x]
                pointer += f.count
            elif kind == "see":
                pointer += popcount(f.cards)
            elif kind == "reveal":
                hidden[f.seat] &= ~f.cards
            elif rule_facts and kind in ("lacks", "has"):
                any_has = any((f.known_by_seat[s] | hidden[s]) & f.cards for s in f.seats)
                if any_has != (kind == "has"):  # pragma: no cover - "lacks" holds by construction
                    return 0.0, hidden, 0
            elif rule_facts and kind == "holds":
                if (f.known | hidden[f.seat]) & f.cards != f.cards:
                    return 0.0, hidden, 0
        talon = 0
        for x in range(pointer, self.n_slots):
            talon |= card_at[x]
        return w, hidden, talon


def sampled_posterior(source: Any, seat: int, model: Optional[OpponentModel] = None, n: int = 2000,
                      rng: Optional[random.Random] = None, upto: Optional[int] = None, rule_facts: bool = True,
                      timeline: Optional[Timeline] = None, moves: int = 10) -> Posterior:
    """The posterior for any number of players, by importance sampling over hypotheses.

    ``n`` hypotheses are drawn among those consistent with the revealed cards
    and the rule facts, weighted to be uniform over them (sequential importance
    sampling, see the module docstring), and by the model's likelihoods
    (``rng``: an explicit ``random.Random``; default seed 0).  Raises
    :class:`~durak_lab.engine.errors.SamplingError` when every hypothesis is rejected.

    **Resample and move.**  Strong evidence in a long game concentrates the
    weight on a few hypotheses (the effective sample size falls far below
    ``n``).  When it falls below ``n / 2``, ``n`` hypotheses are drawn again in
    proportion to their weights and each takes ``moves`` Metropolis steps
    (swapping the cards of two slots, see :meth:`_HistorySampler.rejuvenate`),
    which keep the posterior as it is; the copies then carry equal weights.
    ``ess`` then counts the distinct hypotheses (whole histories) among them,
    a rough measure: copies that moved apart are not fully independent.
    ``moves=0`` keeps the plain weighted sample.

    >>> import random
    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.game import Game
    >>> g = Game.deal(Rules(players=3), seed=4)
    >>> post = sampled_posterior(g, seat=0, n=300, rng=random.Random(1))
    >>> post.exact, post.n, round(sum(post.trump_counts()["P2"].values()), 9)
    (False, 300, 1.0)
    """
    if n < 1:
        raise ValueError("n: sample at least one hypothesis")
    rng = rng if rng is not None else random.Random(0)
    if not isinstance(rng, random.Random):
        raise TypeError("rng: pass a random.Random (there is no global generator)")
    t = timeline if timeline is not None else observe(source, seat, upto, rule_facts)
    step = upto if timeline is not None and upto is not None else len(t.moves)
    facts = []
    for f in t.facts:
        if f.kind == "step" and f.index == step:
            break
        facts.append(f)
    sampler = _HistorySampler(t, facts, rule_facts)
    m = model if model is not None else uninformative
    k = counting_knowledge(t, step)
    n_seats = t.players
    talon_known = k.known[-1] & t.views[step].unseen_mask()
    if moves < 0:
        raise ValueError("moves: zero or more Metropolis steps per hypothesis")

    def key_of(hidden: list, talon: int) -> tuple:
        return tuple(hidden[s] if s != seat else 0 for s in range(n_seats)) + (talon & ~talon_known,)

    drawn: list = []  # (card_at, likelihood, weight, key)
    for _ in range(n):
        card_at, w0 = sampler.draw(rng)
        if not w0:
            continue
        like, hidden, talon = sampler.weigh(card_at, m)
        if like:
            drawn.append((card_at, like, like * w0, key_of(hidden, talon)))
    total = sum(d[2] for d in drawn)
    if not total:
        raise SamplingError(f"all {n} sampled hypotheses were ruled out by the rule facts or the model; "
                            "sample more", wanted=n, found=0, attempts=n)
    ess = total * total / sum(d[2] * d[2] for d in drawn)
    if moves and ess < n / 2:
        # systematic resampling by weight, then Metropolis moves to spread the copies apart
        cum = []
        acc = 0.0
        for d in drawn:
            acc += d[2]
            cum.append(acc)
        gap = acc / n
        u = rng.random() * gap
        j = 0
        hyps = []
        seen = set()
        for i in range(n):
            while j < len(drawn) - 1 and cum[j] < u + i * gap:
                j += 1
            card_at, like = sampler.rejuvenate(list(drawn[j][0]), drawn[j][1], m, moves, rng)
            _, hidden, talon = sampler.weigh(card_at, m)
            hyps.append((key_of(hidden, talon), 1.0))
            seen.add(tuple(card_at))
        return Posterior(k, lambda: iter(hyps), float(n), False, float(len(seen)), n, step)
    hyps = [(d[3], d[2]) for d in drawn]
    return Posterior(k, lambda: iter(hyps), float(total), False, ess, n, step)


def posterior(source: Any, seat: int, model: Optional[OpponentModel] = None, upto: Optional[int] = None,
              n: int = 2000, rng: Optional[random.Random] = None, rule_facts: bool = True) -> Posterior:
    """The posterior after the moves of a game: exact for two players, sampled for more.

    >>> from durak_lab.engine.records import load_example
    >>> post = posterior(load_example("EX-KO-1"), seat=1, model=EpsilonModel("1/10"))
    >>> post.exact, post.knowledge.others()
    (True, ('P1', 'talon'))
    """
    t = observe(source, seat, upto, rule_facts)
    if t.players == 2:
        last = None
        for last in iter_exact_posteriors(t, seat, model, rule_facts):
            pass
        assert last is not None
        return last
    return sampled_posterior(None, seat, model, n, rng, rule_facts=rule_facts, timeline=t)
