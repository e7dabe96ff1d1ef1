"""Sampling worlds: full positions consistent with what one seat knows.

A *world* is a complete :class:`~durak_lab.engine.state.Position` that agrees with a
seat's :class:`~durak_lab.engine.view.PlayerView` on every card fact: its own hand,
the table, the discard, the cards known in other hands, every hand size, the
talon's size and its face-up trump card.  The unseen cards are dealt into the
hidden places uniformly at random (the model of :mod:`durak_lab.analysis.probability`),
the talon in a random order with the face-up card last.  Optional constraint
callables ``constraint(world) -> bool`` filter the worlds (rejection), and the
sampler gives up with :class:`~durak_lab.engine.errors.SamplingError` after
``max_attempts`` tries.  Bots can plan on sampled worlds; the exact engine and
the sampler must agree (the tests check it within three standard errors).

The bout's public state (the first-bout limit R14, the defender's hand at
the start of the bout R13, the attack order R19, the open R6 swap, who is in
the last bouts R29) comes from the view as it is; a ``template`` (the real
position) may still be passed and gives the same fields (only its public
fields are used).  The view's ``to_act`` and ``legal`` are left out of the check
unless ``strict=True``: under the sequential protocol they depend on who can
throw in, which the free protocol of the sources does not make public.

Randomness comes only from the ``random.Random`` you pass.

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.deal(Rules(players=3), seed=5)
>>> worlds = sample_worlds(p.view(0), 3, random.Random(1))
>>> all(w.hands[0] == p.hands[0] and len(w.talon) == len(p.talon) for w in worlds)
True
>>> agrees(worlds[0], p.view(0))
True
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Iterable, NamedTuple, Optional, Sequence, Union

from ..engine.cards import CARDS, popcount
from ..engine.errors import PositionError, SamplingError
from .probability import Knowledge
from ..engine.state.position import Position
from ..engine.view import PlayerView, view_of

__all__ = ["Constraint", "Estimate", "sample_world", "sample_worlds", "iter_worlds", "iter_deals", "world_with", "agrees",
           "estimate", "sampled_trump_counts", "simulate_trump_card_draw"]

#: A constraint on a sampled world: True keeps it.
Constraint = Callable[[Position], bool]


class Estimate(NamedTuple):
    """A sampled mean with its standard error and sample size.

    >>> e = Estimate(0.25, 0.01, 1000)
    >>> e.interval()
    (0.22, 0.28)
    """

    mean: float
    stderr: float
    n: int

    def interval(self, z: float = 3.0) -> tuple:
        """``(mean - z*stderr, mean + z*stderr)``, rounded to 12 digits.

        >>> Estimate(0.5, 0.1, 25).interval(z=2)
        (0.3, 0.7)
        """
        return (round(self.mean - z * self.stderr, 12), round(self.mean + z * self.stderr, 12))

    def covers(self, value: float, z: float = 3.0) -> bool:
        """Is ``value`` within ``z`` standard errors (at least a hair's width)?

        >>> Estimate(0.5, 0.01, 100).covers(0.52)
        True
        """
        return abs(float(value) - self.mean) <= z * self.stderr + 1e-12


def _check_template(template: Position, view: PlayerView) -> None:
    s = view.seat
    sizes = tuple(popcount(h) for h in template.hands)
    same = (template.rules == view.rules and template.hands[s] == view.hand_mask and template.table == view.table
            and template.discard == view.discard and template.known == view.known and sizes == view.hand_sizes
            and len(template.talon) == view.talon_size and template.leader == view.leader
            and template.defender == view.defender and template.taking == view.taking
            and template.passed == view.passed and template.shown_used == view.shown_used)
    if not same:
        raise PositionError("template: the position does not match the view")


class _Dealer:
    """Deals the unseen cards of a view into its hidden places, again and again."""

    def __init__(self, view: PlayerView, template: Optional[Position], talon_known: int) -> None:
        if template is not None:
            _check_template(template, view)
        self.view = view
        self.k = Knowledge.from_view(view, talon_known)
        self.template = template
        self.talon_known = talon_known
        self.unseen = list(CARDS[c] for c in range(54) if self.k.unseen >> c & 1)
        tc = view.trump_card
        self.face_up = tc if tc is not None and view.trump_card_holder is None and view.talon_size else None
        # R6: while the swap is open, the seat to act holds the lowest trump
        self.six_holder: Optional[tuple[int, int]] = None
        if template is None and view.swap_open and view.to_act is not None and view.to_act != view.seat:
            six = view.trump * 13 + view.rules.swap_rank - 2
            if self.k.unseen >> six & 1:
                self.six_holder = (view.to_act, six)

    def deal(self, rng: random.Random, exclude: Optional[Sequence] = None) -> Optional[Position]:
        """One world, or None if it breaks a condition (the cards of :meth:`cards`, as a position)."""
        dealt = self.cards(rng, exclude)
        if dealt is None:
            return None
        hands, talon = dealt
        if self.template is not None:
            return self.template._replace(hands=hands, talon=talon)
        return world_with(self.view, hands, talon)

    def cards(self, rng: random.Random, exclude: Optional[Sequence] = None) -> Optional[tuple]:
        """One world's hidden cards, ``(hands, talon)`` (a mask per seat; the talon's cards, the next
        to draw first), or None if it breaks a condition.  ``exclude``: per seat, a mask of cards that
        seat does not hold (its hidden cards are then the first of the shuffled cards it may
        hold: with one such seat, a uniform draw among the worlds that keep to it), or a tuple of
        masks, one per hidden card, the most barred first (a card barred from one may be allowed
        for a later one, never the other way): each card in turn is drawn at random from the
        cards left that are not barred from it, so every assignment of cards to the hidden places
        that keeps the masks is equally likely."""
        k = self.k
        view = self.view
        cards = self.unseen[:]
        shuffle(cards, rng)
        n = view.rules.players
        hands = list(k.known[:n])
        pos = 0
        if exclude:
            rest = []
            for s in range(n):
                take = k.slots[s]
                bar = exclude[s] if s < len(exclude) else 0
                if not take:
                    continue
                if not bar:
                    rest.append((s, take))
                    continue
                h = 0
                if type(bar) is tuple:  # one mask per hidden card
                    if len(bar) != take:
                        raise ValueError(f"exclude: {len(bar)} masks for the {take} hidden cards of seat {s + 1}")
                    for b in bar:  # each a fresh uniform choice among the cards left it may be
                        # (nothing barred: any card left, without listing them)
                        ok = [j for j, c in enumerate(cards) if not b >> c & 1] if b else range(len(cards))
                        if not ok:
                            return None  # too few cards it may hold
                        c = cards.pop(ok[rng.randrange(len(ok))])
                        h |= 1 << c
                else:
                    left = []
                    for c in cards:
                        if take and not bar >> c & 1:
                            h |= 1 << c
                            take -= 1
                        else:
                            left.append(c)
                    if take:
                        return None  # too few cards it may hold
                    cards = left
                hands[s] |= h
            for s, take in rest:  # the seats without a condition, from what is left
                for c in cards[:take]:
                    hands[s] |= 1 << c
                cards = cards[take:]
        else:
            for s in range(n):
                take = k.slots[s]
                for c in cards[pos:pos + take]:
                    hands[s] |= 1 << c
                pos += take
        talon = cards[pos:]
        if self.talon_known:
            talon += [CARDS[c] for c in range(54) if self.talon_known >> c & 1]
            rng.shuffle(talon)
        if self.face_up is not None:
            talon.append(self.face_up)
        if self.six_holder is not None and not hands[self.six_holder[0]] >> self.six_holder[1] & 1:
            return None
        return tuple(hands), tuple(talon)


def shuffle(x: list, rng: random.Random) -> None:
    """``rng.shuffle(x)``: the same order from the same ``rng``, drawn without a call per card for a
    :class:`random.Random` itself (a search deals thousands of worlds a move).

    >>> a, b = list(range(20)), list(range(20))
    >>> random.Random(5).shuffle(a); shuffle(b, random.Random(5)); a == b
    True
    """
    if type(rng) is not random.Random:  # a generator of its own: its own shuffle
        rng.shuffle(x)
        return
    bits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):  # random.Random.shuffle's draws (_randbelow_with_getrandbits)
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]


def world_with(view: PlayerView, hands: tuple, talon: tuple) -> Position:
    """The position of ``view``'s public fields with these ``hands`` (a card mask per seat) and
    ``talon`` (the next to draw first), unchecked: what a deal of the hidden cards makes of a view.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=2), seed=3)
    >>> world_with(p.view(0), p.hands, p.talon) == p
    True
    """
    return Position._make(
        view.rules, view.trump, view.trump_card if view.trump_card is not None else -1, hands,
        talon, view.discard, view.table, view.leader, view.defender, view.taking, view.passed,
        view.first_limit, view.start_hand, view.attack_order, view.known, view.shown_used, view.swap_open,
        view.in_bout, view.result, sent_back=view.sent_back)


def agrees(world: Position, view: PlayerView, strict: bool = False) -> bool:
    """Does ``world`` agree with ``view`` on every card fact (and, ``strict``, on every field)?

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=2), seed=3)
    >>> agrees(p, p.view(1)), agrees(Position.deal(Rules(players=2), seed=4), p.view(1))
    (True, False)
    """
    w = view_of(world, view.seat)
    if strict:
        return w == view
    return (w.rules == view.rules and w.hand_mask == view.hand_mask and w.table == view.table
            and w.discard == view.discard and w.known == view.known and w.hand_sizes == view.hand_sizes
            and w.talon_size == view.talon_size and w.trump == view.trump and w.trump_card == view.trump_card
            and w.trump_card_holder == view.trump_card_holder and w.leader == view.leader
            and w.defender == view.defender and w.taking == view.taking and w.passed == view.passed
            and w.shown_used == view.shown_used and w.result == view.result and w.sent_back == view.sent_back)


def iter_worlds(view: PlayerView, rng: random.Random, constraints: Iterable[Constraint] = (),
                max_attempts: Optional[int] = 1000, template: Optional[Position] = None,
                talon_known: int = 0, strict: bool = False,
                exclude: Optional[Union[Sequence, Callable[[random.Random], Sequence]]] = None):
    """Worlds consistent with ``view``, one after another, for as long as you ask.

    ``max_attempts`` bounds the tries *between two accepted worlds* (None: no
    bound); past it, :class:`SamplingError`.  ``exclude``: a mask per seat of
    cards that seat is known not to hold (read from its play, say); each seat's
    hidden cards are dealt from the unseen cards it may hold, the others from
    the rest (with one seat so conditioned, every world that keeps to it is
    equally likely, as with a constraint, without the tries).  A seat's entry
    may also be a tuple of masks, one per hidden card, the most barred first
    (cards that came into the hand at different times, barred by different
    facts: :meth:`~durak_lab.analysis.inference.reading.Reading.bars`), and ``exclude`` a
    function of the ``rng`` giving such a list anew for each world.

    >>> import random
    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=2), seed=3)
    >>> it = iter_worlds(p.view(0), random.Random(2))
    >>> next(it).hands[0] == p.hands[0]
    True
    """
    if not isinstance(rng, random.Random):
        raise TypeError("rng: pass a random.Random (there is no global generator)")
    dealer = _Dealer(view, template, talon_known)
    checks = tuple(constraints)

    def draw() -> Optional[Position]:
        w = dealer.deal(rng, exclude(rng) if callable(exclude) else exclude)
        if w is None or (strict and not agrees(w, view, strict=True)) or not all(c(w) for c in checks):
            return None
        return w
    yield from _accepted(draw, max_attempts)


def iter_deals(view: PlayerView, rng: random.Random, max_attempts: Optional[int] = 1000,
               exclude: Optional[Union[Sequence, Callable[[random.Random], Sequence]]] = None):
    """The hidden cards of the worlds :func:`iter_worlds` deals (with the same ``rng``, the same
    worlds), as ``(hands, talon)`` pairs, without building the positions: for a search that turns
    each world into a state of its own (:func:`~durak_lab.analysis.evaluation.worlds.kernel_worlds`).
    ``hands`` has a card mask per seat, ``talon`` the talon's cards, the next to draw first.

    >>> import random
    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=2), seed=3)
    >>> hands, talon = next(iter_deals(p.view(0), random.Random(2)))
    >>> w = next(iter_worlds(p.view(0), random.Random(2)))
    >>> (hands, talon) == (w.hands, w.talon)
    True
    """
    if not isinstance(rng, random.Random):
        raise TypeError("rng: pass a random.Random (there is no global generator)")
    dealer = _Dealer(view, None, 0)
    yield from _accepted(lambda: dealer.cards(rng, exclude(rng) if callable(exclude) else exclude), max_attempts)


def _accepted(draw: Callable[[], Any], max_attempts: Optional[int]):
    """What ``draw()`` gives, skipping its Nones, for as long as you ask; :class:`SamplingError` after
    ``max_attempts`` Nones in a row (None: no bound)."""
    found = 0
    while True:
        tries = 0
        while True:
            if max_attempts is not None and tries >= max_attempts:
                raise SamplingError(f"no world met the constraints in {max_attempts} attempts "
                                    f"(after {found} accepted)", wanted=found + 1, found=found,
                                    attempts=tries)
            tries += 1
            item = draw()
            if item is not None:
                break
        found += 1
        yield item


def sample_worlds(view: PlayerView, n: int, rng: random.Random, constraints: Sequence[Constraint] = (),
                  max_attempts: Optional[int] = None, template: Optional[Position] = None,
                  talon_known: int = 0, strict: bool = False, exclude: Optional[Sequence[int]] = None) -> list:
    """``n`` worlds consistent with ``view`` (and ``constraints``), seeded by ``rng``; ``exclude``
    as in :func:`iter_worlds`.

    ``max_attempts`` bounds the deals tried in all (default ``1000 * n``);
    when fewer than ``n`` worlds passed by then, :class:`SamplingError` says
    how many did.  ``talon_known``: unseen cards known to lie in the talon (see
    :func:`~durak_lab.analysis.probability.deal_talon_facts`).

    >>> import random
    >>> from durak_lab.engine.cards import CardSet
    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=2), seed=3)
    >>> ace = CardSet.parse("A♠").mask
    >>> ws = sample_worlds(p.view(0), 5, random.Random(0), [lambda w: bool(w.hands[1] & ace)])
    >>> all(w.hands[1] & ace for w in ws)
    True
    >>> sample_worlds(p.view(0), 1, random.Random(0), [lambda w: False], max_attempts=50)
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.SamplingError: only 0 of 1 worlds met the constraints in 50 attempts
    """
    if n < 0:
        raise ValueError("n: the number of worlds cannot be negative")
    if not isinstance(rng, random.Random):
        raise TypeError("rng: pass a random.Random (there is no global generator)")
    limit = 1000 * max(n, 1) if max_attempts is None else max_attempts
    dealer = _Dealer(view, template, talon_known)
    checks = tuple(constraints)
    out: list = []
    tries = 0
    while len(out) < n:
        if tries >= limit:
            raise SamplingError(f"only {len(out)} of {n} worlds met the constraints in {limit} attempts",
                                wanted=n, found=len(out), attempts=tries)
        tries += 1
        w = dealer.deal(rng, exclude)
        if w is None or (strict and not agrees(w, view, strict=True)):
            continue
        if all(c(w) for c in checks):
            out.append(w)
    return out


def sample_world(view: PlayerView, rng: random.Random, constraints: Sequence[Constraint] = (),
                 max_attempts: int = 1000, template: Optional[Position] = None, talon_known: int = 0,
                 strict: bool = False) -> Position:
    """One world consistent with ``view``: :func:`sample_worlds` with ``n=1``.

    >>> import random
    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=4), seed=8)
    >>> w = sample_world(p.view(2), random.Random(3))
    >>> w.hands[2] == p.hands[2], w.talon[-1] == p.talon[-1]
    (True, True)
    """
    return sample_worlds(view, 1, rng, constraints, max_attempts, template, talon_known, strict)[0]


def estimate(worlds: Sequence[Position], statistic: Callable[[Position], float]) -> Estimate:
    """The mean of ``statistic`` over ``worlds`` and its standard error.

    >>> import random
    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=2), seed=3)
    >>> e = estimate(sample_worlds(p.view(0), 200, random.Random(4)), lambda w: popcount(w.hands[1]))
    >>> e.mean, e.stderr
    (6.0, 0.0)
    """
    values = [float(statistic(w)) for w in worlds]
    n = len(values)
    if n == 0:
        raise ValueError("worlds: nothing to estimate from")
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return Estimate(mean, math.sqrt(var / n), n)


def sampled_trump_counts(view: PlayerView, n: int, rng: random.Random, talon_known: int = 0,
                         template: Optional[Position] = None) -> dict:
    """The trump-count distributions of :func:`~durak_lab.analysis.probability.trump_counts`, by sampling.

    ``{label: {count: Estimate}}`` for every other seat and the talon.

    >>> import random
    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=2), seed=3)
    >>> est = sampled_trump_counts(p.view(0), 400, random.Random(5))
    >>> round(sum(e.mean for e in est["P2"].values()), 9)
    1.0
    """
    k = Knowledge.from_view(view, talon_known)
    tm = k.trumps
    worlds = sample_worlds(view, n, rng, template=template, talon_known=talon_known)
    others = k.others()
    counts: dict = {label: [] for label in others}
    for w in worlds:
        for label in others:
            i = k.place(label)
            if i < view.rules.players:
                counts[label].append(popcount(w.hands[i] & tm))
            else:
                counts[label].append(sum(1 for c in w.talon if tm >> c & 1))
    out: dict = {}
    for label, xs in counts.items():
        dist: dict = {}
        for x in sorted(set(xs)):
            p = xs.count(x) / n
            dist[x] = Estimate(p, math.sqrt(p * (1 - p) / n), n)
        out[label] = dist
    return out


def _uniform_policy(view: PlayerView, rng: random.Random) -> Any:
    moves = view.legal
    return moves[rng.randrange(len(moves))]


def simulate_trump_card_draw(view: PlayerView, n: int, rng: random.Random,
                             policy: Optional[Callable[[PlayerView, random.Random], Any]] = None,
                             template: Optional[Position] = None, max_moves: int = 2000) -> dict:
    """Who draws the face-up trump card, estimated by playing sampled worlds to that moment.

    Each of ``n`` worlds consistent with ``view`` is played on under the
    sequential protocol, the seat to act choosing by ``policy(its view, rng)``
    (default: uniformly among its legal moves), until the trump card leaves
    the talon.  Returns ``{seat label: Estimate}`` (``'nobody'`` when the game
    ends first, or no trump card is in the talon).  Compare the exact,
    deterministic :func:`~durak_lab.analysis.probability.trump_card_draw`, which assumes
    the bout ends as it stands.

    >>> import random
    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.deal(Rules(players=3), seed=2)
    >>> est = simulate_trump_card_draw(p.view(0), 30, random.Random(1))
    >>> round(sum(e.mean for e in est.values()), 9)
    1.0
    """
    from ..engine.moves import seat_text

    play = policy or _uniform_policy
    labels = [seat_text(s) for s in range(view.rules.players)] + ["nobody"]
    hits = dict.fromkeys(labels, 0)
    tc = view.trump_card
    for w in sample_worlds(view, n, rng, template=template):
        winner = "nobody"
        if tc is not None and w.talon:
            for _ in range(max_moves):
                if w.is_over or not w.talon:
                    break
                s = w.to_act()
                move = play(view_of(w, s), rng)
                w = w.play(move, sequential=True)
            if not w.talon:  # the bout just ended with the last draw: the card is in its drawer's hand
                winner = seat_text(next(s for s, h in enumerate(w.hands) if h >> tc & 1))
        hits[winner] += 1
    return {label: Estimate(c / n, math.sqrt((c / n) * (1 - c / n) / n), n) for label, c in hits.items()}
