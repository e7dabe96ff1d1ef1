"""The sampled posterior for any number of players: importance sampling over whole histories.

:class:`_HistorySampler` fills the slots (every hidden card at the start, then the talon in drawing
order) one by one with the cards allowed there, weighs each hypothesis so that the draw is uniform
over the consistent ones, and multiplies in the opponent model's likelihoods; it also makes the
Metropolis moves of resample-and-move.  :func:`sampled_posterior` draws the sample.  The model is
described in :mod:`durak_lab.analysis.inference`.

Standard library only.
"""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ...engine.cards import popcount
from ...engine.errors import SamplingError
from .evidence import Fact, Timeline, observe
from .exact import _bits
from .models import OpponentModel, uninformative
from .value import Posterior, counting_knowledge

__all__ = ["sampled_posterior"]


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
