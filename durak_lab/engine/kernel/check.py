"""The proof that the kernel and the reference engine agree: seeded random games played through both.

:func:`differential_game` deals one game with the reference engine and the
kernel from the same seed and plays it through both, choosing at each step the
same move index (the benchmark's draw, ``int(rng.random() * len(moves))``),
and requires at every step the same legal moves in the same order, the same
events (bito or pick-up, the draws, players out, who leads against whom next,
the end of the game) and the same position (:func:`~durak_lab.engine.kernel.to_position` equals the
reference position); at the end, the same result.  :func:`differential` runs
many games; :func:`fast_agrees` checks that the fast loop
(:func:`~durak_lab.engine.kernel.random_games`) plays the same games as the
reference benchmark.  Any difference raises :class:`KernelMismatch` naming
the seed, the step and what differs.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> differential(Rules.preset("perevodnoy", players=3), games=3, seed=1)
3
"""

from __future__ import annotations

import random

from ..errors import DurakError
from .core import kernel_state, legal_moves, play_events, random_games, to_move, to_position
from ..rules import Rules
from ..state.position import Position

__all__ = ["KernelMismatch", "differential_game", "differential", "fast_agrees", "reference_game"]


class KernelMismatch(DurakError, AssertionError):
    """The kernel and the reference engine disagree (a bug in one of them)."""


def _events(evs: list) -> list:
    out: list[tuple] = []
    for e in evs:
        if e.kind == "bito":
            out.append(("bito",))
        elif e.kind == "pickup":
            out.append(("pickup", e.seat))
        elif e.kind == "draw":
            out.append(("draw", e.seat, tuple(e.cards)))
        elif e.kind == "out":
            out.append(("out", e.seat))
        elif e.kind == "bout":
            out.append(("bout", e.seat, e.other))
        elif e.kind == "over":
            out.append(("over", tuple(e.losers)))
    return out


def differential_game(rules: Rules, seed: int) -> tuple:
    """Play game ``seed`` through both engines; return ``(result, moves played)`` or raise KernelMismatch."""
    rng = random.Random(seed)
    p = Position.deal(rules, rng)
    k = kernel_state(p)
    step = 0

    def fail(what: str) -> KernelMismatch:
        return KernelMismatch(f"{rules.short_name()} players={rules.players} seed={seed} step {step}: {what}\n"
                              f"position: {p}")

    if to_position(k) != p:
        raise fail("the dealt positions differ")
    while p.result is None:
        ref = p.sequential_moves()
        km = legal_moves(k)
        if [to_move(m) for m in km] != ref:
            raise fail(f"legal moves differ: reference {[str(m) for m in ref]}, "
                       f"kernel {[str(to_move(m)) for m in km]}")
        i = int(rng.random() * len(ref))
        evs: list = []
        p = p.play_unchecked(ref[i], evs)
        k, kev = play_events(k, km[i])
        step += 1
        if _events(evs) != kev:
            raise fail(f"events differ after {ref[i]}: reference {_events(evs)}, kernel {kev}")
        if to_position(k) != p:
            raise fail(f"positions differ after {ref[i]}: kernel {to_position(k)}")
    if legal_moves(k):
        raise fail("the game is over but the kernel lists moves")
    return p.result, step


def differential(rules: Rules, games: int, seed: int = 0) -> int:
    """Play ``games`` seeded games (seeds ``seed`` …) through both engines; return how many agreed."""
    for g in range(games):
        differential_game(rules, seed + g)
    return games


def fast_agrees(rules: Rules, games: int, seed: int = 0) -> int:
    """The fast loop plays the same random games as the reference benchmark (same results, same
    number of actions per game, one ``random.Random(seed)`` for all games); return the games checked."""
    rng = random.Random(seed)
    krng = random.Random(seed)
    for g in range(games):
        n, result = reference_game(rules, rng)
        actions, results = random_games(rules, 1, krng)
        if (actions, results[0]) != (n, result):
            raise KernelMismatch(f"{rules.short_name()} players={rules.players} seed={seed} game {g}: "
                                 f"reference {n} actions, result {result}; kernel {actions}, {results[0]}")
    return games


def reference_game(rules: Rules, rng: random.Random) -> tuple:
    """One benchmark game dealt and played by the reference engine, uniformly at random with
    ``rng``: ``(actions, result)``.

    >>> reference_game(Rules.preset("podkidnoy"), random.Random(5))[0] > 10
    True
    """
    p = Position.deal(rules, rng)
    n = 0
    rand = rng.random
    while p.result is None:
        moves = p.sequential_moves()
        p = p.play_unchecked(moves[int(rand() * len(moves))])
        n += 1
    return n, p.result
