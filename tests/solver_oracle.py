"""Plain oracles for the exact endgame solver: minimax and retrograde analysis over engine positions.

:func:`minimax` is the textbook recursion over ``Position.sequential_moves()`` and
``play_unchecked()``: the value of a position is the best value of its moves.  Where
no position can repeat (no transfers) it remembers values per position; in
perevodnoy a position already on the current line scores a draw (endless play) and
nothing is remembered, so it only suits a few cards.

:class:`Oracle` is a retrograde analysis of the whole reachable graph: it visits
every position reachable from the root through the same two methods; a seat wins
where it can force a finished game in which the other seat is durak (the least
fixed point), loses where the other seat can, and everything else is a draw (a
simultaneous finish, R29, or endless play in perevodnoy).  It handles repetitions
on any number of cards, and gives the value of every reachable position at once.

Neither uses a search window, move ordering, a transposition table or the
solver's fast model: both are easy to trust.  Used by tests/test_solver.py and
tests/test_analyser.py.

Positions are compared on the fields the rules read.  ``known`` (which cards
everyone has seen) and ``attack_order`` / ``in_bout`` (draw order R19, R29 "all
durak") never change a legal move or an outcome with an empty talon, and ``known``
would otherwise make the same game position look new after every pick-up.
"""

from __future__ import annotations

import random

from durak_lab.engine.cards import cards_of, deck_mask
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import DRAW, LOSS, WIN
from durak_lab.engine.state import Position

__all__ = ["Oracle", "minimax", "rule_key", "talon_key", "score", "deal"]


def rule_key(p: Position) -> tuple:
    return (p.hands, p.table, p.leader, p.defender, p.taking, p.passed, p.first_limit, p.start_hand,
            p.shown_used, p.result)


def talon_key(p: Position) -> tuple:
    """:func:`rule_key` with the talon (its cards go to the hands in order, R19) and the attack order
    (who draws first with ``draw_order='attack_order'``)."""
    return rule_key(p) + (p.talon, p.attack_order)


def score(result: tuple, seat: int) -> int:
    return DRAW if not result else (LOSS if seat in result else WIN)


class Oracle:
    """Values of every position reachable from ``root``, for the seat to act there (positions told
    apart by ``key``: :func:`rule_key`, or :func:`talon_key` where the talon still holds cards)."""

    def __init__(self, root: Position, limit: int = 20000, key=None) -> None:
        key = key or rule_key
        self.index = {key(root): 0}
        self.positions = [root]
        self.edges: list = []
        i = 0
        while i < len(self.positions):
            p = self.positions[i]
            i += 1
            me = p.to_act()
            out = []
            for m in p.sequential_moves():
                c = p.play_unchecked(m)
                if c.result is not None:
                    out.append((m, None, score(c.result, me)))
                    continue
                k = key(c)
                j = self.index.get(k)
                if j is None:
                    j = self.index[k] = len(self.positions)
                    self.positions.append(c)
                    if len(self.positions) > limit:
                        raise OverflowError("too many positions for the oracle")
                out.append((m, j, 1 if c.to_act() == me else -1))
            self.edges.append(out)
        val: list = [None] * len(self.positions)
        changed = True
        while changed:
            changed = False
            for n, out in enumerate(self.edges):
                if val[n] is not None:
                    continue
                all_lost = True
                for _, j, s in out:
                    v = s if j is None else (None if val[j] is None else s * val[j])
                    if v == 1:
                        val[n] = 1
                        changed = True
                        break
                    if v != -1:
                        all_lost = False
                else:
                    if all_lost:
                        val[n] = -1
                        changed = True
        self.values = [0 if v is None else v for v in val]

    def move_values(self, n: int = 0) -> list:
        return [(m, s if j is None else s * self.values[j]) for m, j, s in self.edges[n]]

    def cyclic(self) -> bool:
        """Does some position lead back to itself?"""
        state = [0] * len(self.positions)  # 0 new, 1 on the stack, 2 done
        for start in range(len(self.positions)):
            if state[start]:
                continue
            stack = [(start, iter(self.edges[start]))]
            state[start] = 1
            while stack:
                n, it = stack[-1]
                for _, j, _ in it:
                    if j is None:
                        continue
                    if state[j] == 1:
                        return True
                    if state[j] == 0:
                        state[j] = 1
                        stack.append((j, iter(self.edges[j])))
                        break
                else:
                    state[n] = 2
                    stack.pop()
        return False


def deal(rules: Rules, n: int, m: int, rng: random.Random, first_bout: bool) -> Position:
    deck = cards_of(deck_mask(rules.lowest_rank))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[:n]), sum(1 << c for c in deck[n:n + m])]
    return Position.start(rules, hands=hands, trump="♠♥♦♣"[rng.randrange(4)], discard="rest",
                          attacker=rng.randrange(2), first_bout=first_bout)


def minimax(p: Position, memo: dict = None, line: frozenset = frozenset()) -> int:
    """The value of ``p`` for the seat to act, by plain minimax over the engine."""
    if memo is None:
        memo = {}
    cyclic = p.rules.transfer
    k = rule_key(p)
    if cyclic:
        if k in line:
            return DRAW  # the position repeats on this line: endless play
        line = line | {k}
    elif k in memo:
        return memo[k]
    me = p.to_act()
    best = -2
    for m in p.sequential_moves():
        c = p.play_unchecked(m)
        if c.result is not None:
            v = score(c.result, me)
        else:
            v = minimax(c, memo, line)
            if c.to_act() != me:
                v = -v
        if v > best:
            best = v
    if not cyclic:
        memo[k] = best
    return best
