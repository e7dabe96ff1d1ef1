"""The exact posterior for two players: a forward filter over the opponent's hidden hand.

:class:`_TwoSeatFilter` weighs every hand the opponent may hold (at most C(29, 6) = 475,020 from one
seat at the deal) fact by fact: each action by its likelihood with the hand at that time, each draw
dealt exactly out of the talon, each rule fact as 0 or 1.  :func:`iter_exact_posteriors` gives the
posterior after every move, :func:`exact_posterior` after the last; the arithmetic of the weights
keeps integers while the likelihoods are rational, so every probability is an exact ``Fraction``.
The model is described in :mod:`durak_lab.analysis.inference`.

Standard library only.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from itertools import combinations
from typing import Any, Callable, Iterable, Iterator, Optional

from ...engine.cards import popcount
from ...engine.errors import PositionError, SamplingError
from .evidence import Fact, Timeline, observe
from .models import Number, OpponentModel, uninformative
from .value import Posterior, counting_knowledge

__all__ = ["iter_exact_posteriors", "exact_posterior"]


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
