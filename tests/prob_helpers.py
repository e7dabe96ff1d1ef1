"""Brute force and random positions for the probability, sampling and inference tests.

The brute force enumerates every assignment of the unseen cards to the hidden
slots of a :class:`~durak_lab.analysis.probability.Knowledge`: the model the exact
engine counts, checked card by card on decks small enough to enumerate.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import factorial
from typing import Callable, Iterator, Optional

from durak_lab.engine.cards import cards_of, popcount
from durak_lab.analysis.probability import Knowledge
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position


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


# ---------------------------------------------------------------- histories, by the engine alone


def small_start(rules: Rules, rng: random.Random, hand: int, talon: int, attacker_by_r7: bool = True
                ) -> Position:
    """A game start with ``hand`` cards each and ``talon`` talon cards (the trump card last);
    every other card in the discard.  The leader is found by R7 unless told otherwise."""
    from durak_lab.engine.cards import deck_mask

    deck = cards_of(deck_mask(rules.lowest_rank))
    rng.shuffle(deck)
    n = rules.players
    hands = [deck[i * hand:(i + 1) * hand] for i in range(n)]
    tal = deck[n * hand:n * hand + talon]
    return Position.start(rules, hands, tal, trump_card=tal[-1], discard="rest",
                          attacker=None if attacker_by_r7 else rng.randrange(n))


def play_random(p: Position, rng: random.Random, n: int) -> list:
    """Up to ``n`` random legal moves (free protocol) from ``p``."""
    moves = []
    for _ in range(n):
        if p.is_over:
            break
        legal = p.legal_moves()
        m = legal[rng.randrange(len(legal))]
        moves.append(m)
        p = p.play(m)
    return moves


def _signature(p: Position, events: list, seat: int) -> tuple:
    """Everything ``seat`` sees after a move: the public fields and the events."""
    ev = []
    for e in events:
        if e.kind == "draw":
            shown = tuple(e.cards) if e.seat == seat else tuple(c for c in e.cards if c == p.trump_card)
            ev.append(("draw", e.seat, len(e.cards), shown))
        else:
            ev.append((e.kind, e.seat, tuple(e.cards), e.other, tuple(e.losers)))
    sizes = tuple(popcount(h) for h in p.hands)
    return (tuple(ev), p.table, p.leader, p.defender, p.taking, p.passed, p.known, p.shown_used, sizes,
            len(p.talon), p.discard, p.hands[seat], p.result, p.trump_card, p.swap_open)


def worlds_at_start(start: Position, seat: int) -> Iterator[Position]:
    """Every start position ``seat`` cannot tell from ``start``: its unseen cards dealt into the
    other hidden hands and the talon in every order (the face-up card stays last)."""
    from itertools import permutations

    v = start.view(seat)
    n = start.players
    unseen = cards_of(v.unseen_mask())
    face_up = [start.talon[-1]] if start.talon and start.trump_card >= 0 else []
    others = [s for s in range(n) if s != seat]

    def rec(i: int, left: tuple, hands: list) -> Iterator[Position]:
        if i == len(others):
            for order in permutations(left):
                yield start._replace(hands=tuple(hands), talon=tuple(order) + tuple(face_up))
            return
        s = others[i]
        for combo in combinations(left, v.hidden_count(s)):
            m = sum(1 << c for c in combo)
            rest = tuple(c for c in left if not m >> c & 1)
            hs = list(hands)
            hs[s] = start.known[s] | m
            yield from rec(i + 1, rest, hs)

    hands0 = list(start.hands)
    yield from rec(0, tuple(unseen), hands0)


def brute_course(start: Position, moves: list, seat: int, model, by_r7: bool = True) -> list:
    """The exact posterior after every move, by the engine alone.

    Every start ``seat`` cannot tell from the real one is replayed; after move
    ``t`` it counts if the moves so far are legal and ``seat`` has seen exactly
    what it saw in the real game, weighted by ``model`` for every other seat's
    moves.  Returns one ``{(hands..., talon): probability}`` per step (0: the
    start), with every card of each place (the viewer's own entry 0).
    """
    from durak_lab.analysis.inference.evidence import _action_view

    real = []
    p = start
    for m in moves:
        p, events = p.play_events(m)
        real.append(_signature(p, events, seat))
    r = start.rules
    acc: list = [dict() for _ in range(len(moves) + 1)]

    def add(t: int, p: Position, weight: Fraction) -> None:
        key = tuple(p.hands[s] if s != seat else 0 for s in range(r.players)) + (sum(1 << c for c in p.talon),)
        acc[t][key] = acc[t].get(key, 0) + weight

    for w0 in worlds_at_start(start, seat):
        # the world's own deal must show what the real one showed (R7)
        again = Position.start(r, w0.hands, w0.talon, trump_card=w0.trump_card if w0.trump_card >= 0 else None,
                               trump=w0.trump, discard=w0.discard,
                               attacker=None if by_r7 else start.leader, first_bout=True)
        if again.leader != start.leader or again.known != start.known:
            continue
        p = w0
        weight = Fraction(1)
        add(0, p, weight)
        for t, (m, want) in enumerate(zip(moves, real), 1):
            if m.seat != seat:
                weight *= Fraction(model(_action_view(p, seat, m.seat), m, p.hands[m.seat]))
            try:
                q, events = p.play_events(m)
            except Exception:
                break
            if not weight or _signature(q, events, seat) != want:
                break
            p = q
            add(t, p, weight)
    out = []
    for d in acc:
        total = sum(d.values())
        out.append({k: w / total for k, w in d.items() if w})
    return out


def posterior_table(post) -> dict:
    """A :class:`~durak_lab.analysis.inference.Posterior` in the form of :func:`brute_posterior`."""
    k = post.knowledge
    acc: dict = {}
    for hidden, w in post._hyps():
        key = tuple(0 if i == k.viewer else kn | h for i, (kn, h) in enumerate(zip(k.known, hidden)))
        acc[key] = acc.get(key, 0) + w
    return {key: post._p(w) for key, w in acc.items() if w}
