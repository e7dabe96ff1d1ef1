"""Opponents written apart from the search bots: the population a strong bot is measured against.

A bot that models its opponents exactly looks strong against them and may be weak against anyone
else.  These players share no code with :class:`~durak_lab.bots.search.SearchBot` (no search, no
reading of moves, no playout policy of its own); they use only the rules (the engine, and the lean
kernel's random playouts) and the uniform worlds of :mod:`durak_lab.analysis.sampling`:

* :class:`FlatMonteCarloBot`: flat Monte Carlo.  For each of ``playouts`` worlds dealt uniformly
  from its view it tries every legal move and plays the game out at random; it plays the move
  that did best (its own worlds and playouts, ``playouts`` in all a move, split over the moves);
* :class:`DeterminizedMCTSBot`: determinised Monte-Carlo tree search (a UCT tree in each of a few
  worlds dealt uniformly from its view, random or greedy playouts on the lean kernel, the root visits
  added up);
* :class:`ISMCTSBot`: single-observer information-set Monte-Carlo tree search (Cowling, Powley and
  Whitehouse 2012): one tree over every seat's moves, a new world dealt uniformly from its view at
  each iteration, a move's chances counted only in the worlds where it was legal;
* :class:`GreedyVariant`: greedy play with other rules of thumb — trumps thrown in while the
  talon lasts, a low card taken rather than covered with a trump early on, pairs led together,
  transfers made when they cost no trump.

:data:`POPULATION` names a population: the levels' own bots besides these.

Standard library only; imports the engine and the analysis layer.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 9♠", "6♥ 8♠ 8♦"], trump="♥", discard="rest", attacker=0,
...                    first_bout=False)
>>> str(FlatMonteCarloBot(playouts=40).choose(p.view(0), random.Random(1)))   # 9♠ cannot be covered but by a trump
'P1 attack 9♠'
>>> GreedyVariant(throw_trumps=True, save_trumps=True).name
'greedy+throw+save'
"""

from __future__ import annotations

import random
import math
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..analysis.sampling import sample_world
from ..engine import kernel
from ..engine.errors import KernelUnsupported
from ..engine.moves import Move
from ..engine.state import Position
from ..engine.view import PlayerView
from .base import Bot, _legal
from .greedy import greedy_move

__all__ = ["DeterminizedMCTSBot", "FlatMonteCarloBot", "GreedyVariant", "ISMCTSBot", "POPULATION", "value_for"]


def value_for(result: Optional[tuple], seat: int) -> float:
    """A finished game's value for ``seat``: −1 durak, +1 not, 0 a draw (or an unfinished game).

    >>> value_for((1,), 1), value_for((1,), 0), value_for((), 0)
    (-1.0, 1.0, 0.0)
    """
    if not result:
        return 0.0
    return -1.0 if seat in result else 1.0


def _random_playout(p: Position, rng: random.Random, limit: int = 3000) -> Optional[tuple]:
    """The reference engine's random playout, for the rules the kernel does not play."""
    for _ in range(limit):
        if p.result is not None:
            return p.result
        moves = p.sequential_moves()
        p = p.play_unchecked(moves[rng.randrange(len(moves))])
    return p.result


@dataclass
class FlatMonteCarloBot:
    """Flat Monte Carlo over uniform worlds (see the module): ``playouts`` playouts a move in all,
    every legal move tried in the same worlds (common random numbers); ties go to ``rng``.
    ``rollout``: ``"random"`` (uniform legal moves) or ``"greedy"`` (the kernel's greedy rules) for the
    moves after the one tried; rules the kernel does not play are played out at random by the engine."""

    playouts: int = 1000
    rollout: str = "random"
    name: str = "flat-mc"
    _kernel_ok: dict = field(default_factory=dict, repr=False)

    def _playout(self, p: Position, rng: random.Random) -> Optional[tuple]:
        if p.result is not None:
            return p.result
        ok = self._kernel_ok.get(p.rules)
        if ok is None:
            try:
                kernel.check_rules(p.rules)
                ok = True
            except KernelUnsupported:
                ok = False
            self._kernel_ok[p.rules] = ok
        if ok:
            return kernel.playout(kernel.kernel_state(p), self.rollout, rng)
        return _random_playout(p, rng)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        legal = _legal(self, view)
        if len(legal) == 1:
            return legal[0]
        worlds = max(1, self.playouts // len(legal))
        scores = [0.0] * len(legal)
        for _ in range(worlds):
            world = sample_world(view, rng)
            for i, move in enumerate(legal):
                scores[i] += value_for(self._playout(world.play_unchecked(move), rng), view.seat)
        best = max(scores)
        return rng.choice([m for m, s in zip(legal, scores) if s == best])


class _KernelSearch:
    """What the tree searches of the population share: their checks of ``iterations`` and ``rollout``,
    and the start of ``choose`` (a forced move at once; rules the kernel does not play to
    :class:`FlatMonteCarloBot` with the same budget; else :meth:`_pick` among the kernel moves)."""

    iterations: int
    rollout: str

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("iterations must be at least 1")
        if self.rollout not in ("random", "greedy"):
            raise ValueError(f"rollout: {self.rollout!r} is not random or greedy")

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        legal = _legal(self, view)
        if len(legal) == 1:
            return legal[0]
        try:
            kernel.check_rules(view.rules)
            codes = [kernel.kernel_move(m) for m in legal]
        except KernelUnsupported:
            return FlatMonteCarloBot(self.iterations, self.rollout).choose(view, rng)
        return self._pick(view, legal, codes, rng)

    def _pick(self, view: PlayerView, legal: list, codes: list, rng: random.Random) -> Move:
        raise NotImplementedError


@dataclass
class DeterminizedMCTSBot(_KernelSearch):
    """Determinised Monte-Carlo tree search, written apart from the search bots: ``worlds`` worlds
    dealt uniformly from its view, in each an ordinary UCT tree (every seat's moves, each seat
    choosing by its own results; UCB constant ``c``) with an equal share of ``iterations``, the
    game played out after each new node (``rollout``: ``"random"`` or ``"greedy"``, on the lean
    kernel); it plays the move visited most over all the trees (ties to ``rng``).  Rules the
    kernel does not play go to :class:`FlatMonteCarloBot` with the same budget.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["9♦ 7♠ K♣", "9♠ J♦ 10♣"], trump="♥", discard="rest", attacker=0,
    ...                    first_bout=False)
    >>> str(DeterminizedMCTSBot(iterations=200, worlds=4).choose(p.view(0), random.Random(1)))   # the one win
    'P1 attack K♣'
    """

    iterations: int = 1000
    worlds: int = 10
    c: float = 1.0
    rollout: str = "random"
    name: str = "dmcts"

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError("worlds must be at least 1")
        super().__post_init__()

    def _pick(self, view: PlayerView, legal: list, codes: list, rng: random.Random) -> Move:
        visits = dict.fromkeys(codes, 0)
        worlds = min(self.worlds, self.iterations)
        share, extra = divmod(self.iterations, worlds)
        for i in range(worlds):
            root = self._tree(kernel.kernel_state(sample_world(view, rng)), share + (i < extra), rng)
            for m, node in root[1].items():
                if m in visits:
                    visits[m] += node[0]
        best = max(visits.values())
        return rng.choice([m for m, c in zip(legal, codes) if visits[c] == best])

    def _tree(self, start: kernel.KState, iterations: int, rng: random.Random) -> list:
        """One UCT tree from ``start``; a node is ``[visits, {move: child}, legal moves, score]``, the
        score a child's for the seat that made its move (1 a win, 1/2 a draw, 0 the durak)."""
        top: list = [0, {}, None, 0.0]
        log, sqrt, c = math.log, math.sqrt, self.c
        for _ in range(iterations):
            k, node, path = start, top, []
            while k.result is None:
                if node[2] is None:
                    node[2] = kernel.legal_moves(k)
                moves = node[2]
                kids = node[1]
                fresh = [m for m in moves if m not in kids]
                if fresh:
                    m = fresh[rng.randrange(len(fresh))]
                    node = kids[m] = [0, {}, None, 0.0]
                    path.append((node, m >> 12 & 15))
                    k = kernel.play(k, m)
                    break
                ln = log(node[0])
                m, node = max(kids.items(), key=lambda kv: kv[1][3] / kv[1][0] + c * sqrt(ln / kv[1][0]))
                path.append((node, m >> 12 & 15))
                k = kernel.play(k, m)
            result = k.result if k.result is not None else kernel.playout(k, self.rollout, rng)
            top[0] += 1
            for node, seat in path:
                node[0] += 1
                node[3] += (value_for(result, seat) + 1) / 2
        return top


@dataclass
class ISMCTSBot(_KernelSearch):
    """Single-observer information-set MCTS, written apart from the search bots: one tree over the
    moves of every seat; each of ``iterations`` iterations deals a new world uniformly from its view,
    walks down the tree among the moves legal in that world (UCB with constant ``c``, where a move's
    chances are counted only in the worlds where it was legal: its *availability*), adds one node,
    plays the game out (``rollout``: ``"random"`` or ``"greedy"``, on the lean kernel) and scores each
    node on the way for the seat that made its move; it plays the root move visited most (ties to
    ``rng``).  Rules the kernel does not play go to :class:`FlatMonteCarloBot` with the same budget.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["9♦ 7♠ K♣", "9♠ J♦ 10♣"], trump="♥", discard="rest", attacker=0,
    ...                    first_bout=False)
    >>> str(ISMCTSBot(iterations=300).choose(p.view(0), random.Random(1)))   # the one win
    'P1 attack K♣'
    """

    iterations: int = 1000
    c: float = 0.7
    rollout: str = "random"
    name: str = "ismcts-apart"

    def _pick(self, view: PlayerView, legal: list, codes: list, rng: random.Random) -> Move:
        # a node: [visits, score for the seat that moved into it, availability, {move: child}]
        root: dict = {}
        log, sqrt, c = math.log, math.sqrt, self.c
        mine = set(codes)
        for _ in range(self.iterations):
            k = kernel.kernel_state(sample_world(view, rng))
            kids, path = root, []
            while k.result is None:
                moves = kernel.legal_moves(k)
                if kids is root:  # a world where another seat would act first (R12): its own moves left out
                    moves = [m for m in moves if m in mine]
                    if not moves:
                        break
                for m in moves:
                    node = kids.get(m)
                    if node is not None:
                        node[2] += 1
                fresh = [m for m in moves if m not in kids]
                if fresh:
                    m = fresh[rng.randrange(len(fresh))]
                    node = kids[m] = [0, 0.0, 1, {}]
                    path.append((node, m >> 12 & 15))
                    k = kernel.play(k, m)
                    break
                best, top = None, -1.0
                for m in moves:
                    n = kids[m]
                    v = n[1] / n[0] + c * sqrt(log(n[2]) / n[0])
                    if v > top:
                        best, top = m, v
                node = kids[best]
                path.append((node, best >> 12 & 15))
                k = kernel.play(k, best)
                kids = node[3]
            if not path:
                continue
            result = k.result if k.result is not None else kernel.playout(k, self.rollout, rng)
            for node, seat in path:
                node[0] += 1
                node[1] += (value_for(result, seat) + 1) / 2
        visits = {m: root[m][0] if m in root else 0 for m in codes}
        most = max(visits.values())
        return rng.choice([m for m, c in zip(legal, codes) if visits[c] == most])


@dataclass(frozen=True)
class GreedyVariant:
    """Greedy play (:class:`~durak_lab.bots.greedy.GreedyBot`) with other rules of thumb, each a flag:

    ``throw_trumps``: throw trumps in while the talon lasts too; ``save_trumps``: while the talon
    holds more than ``save_above`` cards, take an attack of rank below ten rather than cover it with
    a trump; ``pairs``: lead all the cards of the lowest rank together where a lead may hold several
    (R10); ``transfer``: transfer with
    the lowest non-trump of the attack's rank when one may.  Deterministic (never uses ``rng``).

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> rules = Rules(players=2, lead=None)   # a lead of any number of one rank (FI)
    >>> p = Position.start(rules, ["7♦ 7♠ K♣", "6♥ 8♠ 8♦"], trump="♥", discard="rest",
    ...                    talon=["A♣", "9♥"], trump_card="9♥", attacker=0, first_bout=False)
    >>> str(GreedyVariant(pairs=True).choose(p.view(0), random.Random(0)))
    'P1 attack 7♠ 7♦'
    """

    throw_trumps: bool = False
    save_trumps: bool = False
    pairs: bool = False
    transfer: bool = False
    save_above: int = 4

    @property
    def name(self) -> str:
        flags = [("throw", self.throw_trumps), ("save", self.save_trumps), ("pairs", self.pairs),
                 ("transfer", self.transfer)]
        return "greedy" + "".join(f"+{word}" for word, on in flags if on)

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        return greedy_move(view, _legal(self, view), throw_trumps=self.throw_trumps,
                           save_above=self.save_above if self.save_trumps else None, pairs=self.pairs,
                           transfer=self.transfer)

#: A population of opponents written apart from the search bots, by name (each a factory).
POPULATION: dict[str, Callable[[], Bot]] = {
    "flat-mc": FlatMonteCarloBot,
    "flat-mc-greedy": lambda: FlatMonteCarloBot(rollout="greedy", name="flat-mc-greedy"),
    "dmcts": DeterminizedMCTSBot,
    "dmcts-greedy": lambda: DeterminizedMCTSBot(rollout="greedy", name="dmcts-greedy"),
    "ismcts-apart": ISMCTSBot,
    "ismcts-apart-greedy": lambda: ISMCTSBot(rollout="greedy", name="ismcts-apart-greedy"),
    "greedy+throw": lambda: GreedyVariant(throw_trumps=True),
    "greedy+save": lambda: GreedyVariant(save_trumps=True),
    "greedy+pairs": lambda: GreedyVariant(pairs=True),
    "greedy+transfer": lambda: GreedyVariant(transfer=True),
}
