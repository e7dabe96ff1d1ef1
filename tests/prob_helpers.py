"""Brute force and random positions for the probability, sampling and inference tests.

The brute force enumerates every assignment of the unseen cards to the hidden
slots of a :class:`~durak_lab.probability.Knowledge`: the model the exact
engine counts, checked card by card on decks small enough to enumerate.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import factorial
from typing import Callable, Iterator, Optional

from durak_lab.cards import cards_of, popcount
from durak_lab.probability import Knowledge
from durak_lab.rules import Rules
from durak_lab.state import Position


def assignments(k: Knowledge) -> Iterator[tuple]:
    """Every way to put the unseen cards into the hidden slots: one mask per place."""
    cards = cards_of(k.unseen)

    def rec(i: int, left: tuple) -> Iterator[tuple]:
        if i == len(k.slots):
            yield ()
            return
        for combo in combinations(left, k.slots[i]):
            m = 0
            for c in combo:
                m |= 1 << c
            rest = tuple(c for c in left if not m >> c & 1)
            for tail in rec(i + 1, rest):
                yield (m,) + tail

    yield from rec(0, tuple(cards))


def count_assignments(k: Knowledge) -> int:
    """The multinomial number of assignments."""
    out = factorial(popcount(k.unseen))
    for s in k.slots:
        out //= factorial(s)
    return out


def brute(k: Knowledge, stat: Callable[[tuple], object]) -> dict:
    """The exact distribution of ``stat(places)`` where ``places`` is each place's full mask
    (known | hidden), over every assignment."""
    counts: dict = {}
    total = 0
    for hidden in assignments(k):
        full = tuple(kn | h for kn, h in zip(k.known, hidden))
        key = stat(full)
        counts[key] = counts.get(key, 0) + 1
        total += 1
    return {key: Fraction(v, total) for key, v in counts.items()}


def random_position(rules: Rules, seed: int, steps: Optional[int] = None) -> Position:
    """A deal played on by uniformly random legal moves (free protocol) for ``steps`` moves
    (default: a seeded random number), stopping early at the end of the game."""
    rng = random.Random(seed)
    p = Position.deal(rules, rng)
    n = rng.randrange(0, 60) if steps is None else steps
    for _ in range(n):
        if p.is_over:
            break
        moves = p.legal_moves()
        p = p.play(moves[rng.randrange(len(moves))])
    return p


def positions_within(rules: Rules, seed: int, limit: int) -> Iterator[tuple]:
    """``(position, seat, knowledge)`` along one random game wherever the brute force has at
    most ``limit`` assignments (and something is unseen)."""
    rng = random.Random(seed)
    p = Position.deal(rules, rng)
    while not p.is_over:
        for seat in range(rules.players):
            k = Knowledge.from_position(p, seat)
            if k.unseen and count_assignments(k) <= limit:
                yield p, seat, k
        moves = p.legal_moves()
        p = p.play(moves[rng.randrange(len(moves))])
