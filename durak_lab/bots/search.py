"""Search bots: Monte-Carlo search over the worlds a seat cannot tell apart.

A seat does not see the other hands or the talon.  The bots here deal the
cards it has not seen into the hidden places again and again (each such deal
is a *world*, drawn by :func:`~durak_lab.analysis.sampling.iter_worlds` from
the seat's view alone), play the worlds out on the lean kernel
(:mod:`durak_lab.engine.kernel`; the greedy playouts on its loops made for
them, :func:`~durak_lab.engine.kernel.rollout.greedy_run`) and choose the move
that did best.  The flat search is the evaluator's
(:func:`~durak_lab.analysis.evaluation.flat_search`): the figures
:func:`~durak_lab.analysis.evaluation.evaluate` reports are those the search level chooses by.  Three
methods, chosen by ``method`` (flat Monte Carlo by default; the expert level searches a tree,
``"ismcts"``: against players who search it won far more games than the flat search with the
same playouts, see the README's bot tables):

* ``"ismcts"``: single-observer information-set Monte-Carlo tree search
  (Cowling, Powley and Whitehouse 2012).  One tree over the moves of every
  seat; each iteration draws a new world, walks down the tree by UCB among
  the moves legal in that world (a move's chances counted only when it was
  available), adds one node, plays the rest of the game out with the greedy
  policy and scores every node on the way for the seat that moved there.
* ``"determinized"``: determinised MCTS (Zarlykov 2023's method): ``worlds``
  worlds, an ordinary UCT tree in each with an equal share of the
  iterations; the root visits are added up over the trees.
* ``"flat"``: flat Monte Carlo: in each world every move in turn, then a
  greedy playout; the best mean wins (the moves meet the same worlds, so
  their difference is not the luck of the worlds).

A playout scores 1 for every seat that is not the durak, 0 for the durak,
1/2 for everyone after a draw (R27 to R29).  Once nothing is hidden (two players, or two
left at a bigger table, and the talon empty or holding only the face-up trump card: R19,
R28; :func:`~durak_lab.analysis.solver.known_to`), with ``exact`` the bot
plays a best move of the exact solver (:mod:`durak_lab.analysis.solver`),
breaking ties by the search; a solve past ``solver_nodes`` positions leaves
the move to the search.  With ``reading``, against a player who has played
the greedy way all game, the ties go first to the moves that do best against
greedy play (:mod:`durak_lab.bots.exploit`); and with a few cards left in the
talon, the moves are first sifted the same way, by the best replies added up
over a few worlds (a world's own later moves are chosen knowing that world,
a small error this close to the end, when little is hidden).  Rules the kernel does not play (pushing durak, the
defender's choice, an open trump swap, more than six players…) leave the
move to ``base`` (the greedy bot by default).

The budget is ``iterations`` playouts per move, so a game replays exactly
from its seed; ``seconds`` may cap the thinking time too (then the moves
depend on the machine's speed).  Every random choice comes from the ``rng``
the bot is given.

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.deal(Rules.preset("podkidnoy"), seed=4)
>>> bot = SearchBot(iterations=200)
>>> bot.choose(p.view(p.to_act()), random.Random(1)) in p.view(p.to_act()).legal
True
"""

from __future__ import annotations

import heapq
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

from ..analysis.evaluation import PLAYOUT_MOVES, flat_search, kernel_worlds, score
from ..analysis.solver.endgame import SearchLimitExceeded, Solver, check_rules_domain
from ..engine.errors import SolverDomainError
from ..engine.kernel.core import KernelUnsupported, check_rules, greedy, kernel_move, kernel_state
from ..engine.kernel.fields import DEFENDER, FIRST_LIMIT, HANDS, RESULT, SHOWN, TALON, TRUMP
from ..engine.kernel.rollout import greedy_run
from ..engine.kernel.loop import run
from ..engine.moves import Move
from ..engine.view import PlayerView
from .base import Bot, _legal
from .endgame import position_of_view
from .exploit import TooBig, best_reply
from .greedy import GreedyBot
from .styles import STYLES, StyleReading, with_ahead
from ..analysis.inference.reading import Reading

__all__ = ["METHODS", "SearchBot"]

#: The search methods (see the module's text).
METHODS = ("ismcts", "determinized", "flat")
#: How the tree of ``"ismcts"`` treats the other seats: searched like its own (``"search"``), played
#: by the greedy policy, a model of them (``"greedy"``), or at each walk by a style drawn from the
#: posterior over how each plays (``"styles"``, with ``reading`` and ``styles``; a style the kernel
#: cannot play, ``"other"`` among them, is searched).
OPPONENTS = ("search", "greedy", "styles")


def _solvable(rules) -> bool:
    """Whether the exact solver plays games of ``rules`` (once two players are left, nothing hidden)."""
    try:
        check_rules_domain(rules)
    except SolverDomainError:
        return False
    return True


# ---------------------------------------------------------------------- the searches
def _ismcts(cfg: tuple, worlds, root_moves: list, iterations: int, c: float, rng: random.Random,
            deadline: Optional[float], models: Optional[dict] = None, depth: int = 0, pool: int = 0,
            settle: float = 0.0) -> dict:
    """Information-set MCTS from the root moves; returns the root's children ``{move: [n, w, avail, kids]}``.

    ``models``: ``{seat: [(p, policy), ...]}``, a model of how other seats play: at each walk a
    seat's policy is drawn with the chances ``p`` (adding up to 1), and that walk plays the seat's
    moves by it (a kernel policy, ``policy(moves, trump, talon_left, rng)``) instead of searching
    them (None: searched, by UCB like the seat's own).  Their moves are nodes of the tree all the
    same, scored for the seat that moved.  ``depth`` above 0: the tree grows
    no deeper than that many moves (below them, the greedy playout).  ``pool`` above 0: that many
    worlds are dealt and met in turn (each world the more often, for fewer deals).  ``settle``
    above 0: the search ends once the most visited root move is ahead of every other by more than
    ``settle`` times the visits left (at 1 no other move could be chosen any more: the whole
    search's move)."""
    root: dict = {}
    log = math.log
    sqrt = math.sqrt
    dealt: list = []
    played: dict = {}  # this walk's models: {seat: policy}
    for it in range(iterations):
        if deadline is not None and it and time.process_time() > deadline:
            break
        if settle and not it & 31 and len(root) == len(root_moves) > 1:
            a, b = heapq.nlargest(2, [node[0] for node in root.values()])
            if a - b > settle * (iterations - it):
                break
        if pool and it >= pool:
            f = dealt[it % pool]
        else:
            f = next(worlds)
            if pool:
                dealt.append(f)
        moves = root_moves
        kids = root
        path = []
        if models:
            played = {}
            for s, table in models.items():
                u = rng.random()
                for p, policy in table:
                    u -= p
                    if u < 0:
                        break
                if policy is not None:
                    played[s] = policy
        while moves:
            if depth and len(path) >= depth:
                break
            if models and (mover := moves[0] >> 12 & 15) in played:  # the move of the model drawn
                m = played[mover](moves, f[TRUMP], bool(f[TALON]), rng)
                best = kids.get(m)
                added = best is None
                if added:
                    best = kids[m] = [0, 0.0, 0, {}]
                for x in moves:
                    if x in kids:
                        kids[x][2] += 1
            else:
                new = [m for m in moves if m not in kids]
                added = bool(new)
                if added:  # a move not tried yet
                    m = new[rng.randrange(len(new))] if len(new) > 1 else new[0]
                    best = kids[m] = [0, 0.0, 0, {}]
                    for x in moves:
                        if x in kids:
                            kids[x][2] += 1
                else:  # UCB among the moves legal here
                    bv = -1.0
                    for x in moves:
                        node = kids[x]
                        node[2] += 1
                        v = node[1] / node[0] + c * sqrt(log(node[2]) / node[0])
                        if v > bv:
                            best, bv, m = node, v, x
            path.append((best, m >> 12 & 15))
            if added:  # the node added: the playout from it (which lists its own moves)
                f = run(cfg, f, 1, m, None, None, False)[0]
                break
            f, moves, _ = run(cfg, f, 1, m, None, None)
            kids = best[3]
        result = f[RESULT]
        if result is None:
            result = greedy_run(cfg, f, PLAYOUT_MOVES)[0][RESULT]
        for node, s in path:
            node[0] += 1
            node[1] += score(result, s)
    return root


def _flat(cfg: tuple, worlds, root_moves: list, iterations: int, rng: random.Random,
          deadline: Optional[float], stop_z: float = 0.0, stop_from: float = 0.5) -> dict:
    """Flat Monte Carlo (the evaluator's search, :func:`~durak_lab.analysis.evaluation.flat_search`):
    in each world every root move in turn, then a greedy playout; ``{move: [n, score, 0, None]}``.

    With ``stop_z`` above 0, once ``stop_from`` of the worlds are played, and again after each tenth more, the
    moves whose mean score is behind the best's by more than ``stop_z`` standard errors of their
    difference are played no more (each mean's variance taken as ``p(1 - p)``, the worlds counted as
    independent, which the common worlds only make more cautious); the search ends when one move is
    left.  The moves still played meet the same worlds as in the whole search, so the counts of the
    move that is chosen are those the whole search would have given it."""
    seat = root_moves[0] >> 12 & 15
    k = len(root_moves)
    if stop_z <= 0 or k < 2:
        counts = flat_search(cfg, worlds, root_moves, seat, iterations, rng, deadline)
        return {m: [sum(c), c[0] + c[1] / 2, 0, None] for m, c in counts.items()}
    per = -(-iterations // k)  # the worlds of the whole search
    first, step = max(1, int(per * stop_from)), max(1, per // 10)
    counts = flat_search(cfg, worlds, root_moves, seat, first * k, rng, deadline)
    done, alive = first, list(root_moves)
    while done < per:
        alive = _ahead(counts, alive, stop_z)
        if len(alive) < 2 or (deadline is not None and time.process_time() > deadline):
            break
        more = min(step, per - done)
        for m, c in flat_search(cfg, worlds, alive, seat, more * len(alive), rng, deadline).items():
            t = counts[m]
            t[0] += c[0]
            t[1] += c[1]
            t[2] += c[2]
        done += more
    return {m: [sum(c), c[0] + c[1] / 2, 0, None] for m, c in counts.items()}


def _ahead(counts: dict, alive: list, z: float) -> list:
    """The moves of ``alive`` whose mean score (``counts``: ``{move: [won, drawn, lost]}``, as many
    worlds each) is not behind the best's by more than ``z`` standard errors of the difference.

    >>> _ahead({1: [80, 0, 20], 2: [50, 0, 50], 3: [75, 10, 15]}, [1, 2, 3], 3.0)
    [1, 3]
    """
    n = sum(counts[alive[0]])
    means = {m: (counts[m][0] + counts[m][1] / 2) / n for m in alive}
    a = max(means.values())
    va = a * (1 - a)
    return [m for m in alive if a - means[m] <= z * math.sqrt((va + means[m] * (1 - means[m])) / n)]


def _determinized(cfg: tuple, worlds, root_moves: list, iterations: int, nworlds: int, c: float,
                  rng: random.Random, deadline: Optional[float]) -> dict:
    """Determinised MCTS: ``nworlds`` worlds, a UCT tree in each, the root visits and wins added up."""
    total = {m: [0, 0.0, 0, None] for m in root_moves}
    share, extra = divmod(iterations, nworlds)
    for i in range(nworlds):
        if deadline is not None and i and time.process_time() > deadline:
            break
        w = next(worlds)
        one = iter(lambda: w, None)  # the same world, again and again: UCT
        tree = _ismcts(cfg, one, root_moves, share + (i < extra), c, rng, deadline)
        for m, node in tree.items():
            t = total[m]
            t[0] += node[0]
            t[1] += node[1]
    return total


@dataclass
class SearchBot:
    """A Monte-Carlo search bot over sampled worlds (see the module's text for the methods).

    ``iterations``: playouts per move; ``seconds``: an optional cap on the
    thinking time per move (CPU seconds); ``method``: one of :data:`METHODS`; ``method_many``: the
    method at a table of three or more (empty: ``method``);
    ``worlds``: the number of worlds of ``"determinized"``; ``c``: the UCB
    exploration constant; ``exact``: the exact solver once two players are left
    with an empty talon, within ``solver_nodes`` positions per move (its tables
    are kept between moves and games, and emptied past ``max_table`` entries);
    ``base``: the bot for the rules the kernel does not play; ``reading``: read the
    other seats' moves (the game's history, which the tournament and the play table
    give a bot whose ``reads_history`` is true) as the greedy policy's, and deal only
    worlds that keep what they said (:func:`kernel_worlds`); then, with two players left and
    at most ``reply_talon`` cards in the talon, if the other seat has played the greedy way all
    game (:meth:`~durak_lab.analysis.inference.reading.Reading.follows`), first keep the moves that do best
    against greedy play (:func:`~durak_lab.bots.exploit.best_reply`): over ``reply_worlds``
    worlds, or the one position once nothing is hidden (then among the solver's best moves),
    looking at up to ``reply_positions`` positions in all (0: never); in those worlds a line that
    empties the talon ends at the next bout's start with the exact solver's value, within
    ``reply_leaf`` positions each (0: never; past it the reply goes on) and ``reply_solver`` in
    all (past them the sift is left out), as though the other seat played perfectly from there:
    the endgame bot's way (greedy play holds no fewer).
    With ``styles`` besides, the bot does not assume that the other players are greedy: it keeps a
    posterior over how each plays (:class:`~durak_lab.bots.styles.StyleReading`: greedy, the greedy
    variants, or any other way), reads a player's moves the greedy way only while a style whose moves
    keep those facts has probability ``trust_read`` or more, and sifts by the best reply only while
    styles it can reply to have ``trust_reply`` or more, replying to the likeliest of them.
    ``reply_ties``: among the moves whose replies do best with lines that end where the talon runs
    out, keep those that do best if the other seat goes on playing its way to the end (a better
    reply to a greedy player, the same against the endgame bot's perfect play after the talon).
    ``stop_z``: with the flat search, once ``stop_from`` of the playouts are played (and again after
    each tenth more), stop playing the moves whose mean is behind the best's by more than ``stop_z``
    standard errors (0: never; the moves still played meet the same worlds as in the whole search).
    With ``"ismcts"``: ``depth`` above 0 grows the tree no deeper than that many moves (greedy
    playouts below), ``pool`` above 0 deals that many worlds and meets them in turn, and ``settle``
    above 0 ends the search once the most visited root move is ahead of every other by more than
    ``settle`` times the iterations left (1: no other move can be chosen any more), and ``opponents``
    says how the tree plays the other seats: searched like its own (``"search"``), greedy
    (``"greedy"``), or, with ``reading`` and ``styles``, at each walk by a style drawn from the
    posterior over how each plays, searched when the style drawn has no policy of the lean kernel
    (``"styles"``: a player read as greedy is played greedy in as many walks as that is likely, one
    who plays another way is searched); ``model_share`` scales the chances of the styles drawn (below 1, that share of
    the walks at most plays a player by a model, the rest search it, in case the reading is wrong),
    ``model_from`` is the fewest players at the table for a model (below it, every seat is searched), and
    ``model_sure`` the least chance of the styles with a policy for a seat to be played by one at all
    (below it, the seat is searched in every walk: until its moves have said how it plays, say).
    ``ahead`` above 0 weighs one more style, a player who thinks ahead (:func:`~durak_lab.bots.styles.ahead`:
    the greedy move with that chance, else another): a player who searches is then read as one, not as
    greedy, and its moves searched, while a greedy player is still read as greedy (the expert level
    weighs it with 0.5: see the README's bot tables).
    ``stats`` counts the moves by how they were chosen: ``"forced"``, ``"solver"``,
    ``"reply"`` (the best reply alone), ``"search"``, ``"base"``.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
    ...                    attacker=1, first_bout=False)
    >>> str(SearchBot(iterations=50).choose(p.view(1), random.Random(0)))   # the solver's win (R28)
    'P2 attack 8♥'
    """

    iterations: int = 1000
    method: str = "flat"
    method_many: str = ""
    opponents: str = "search"
    seconds: Optional[float] = None
    worlds: int = 20
    c: float = 0.7
    exact: bool = True
    solver_nodes: int = 20_000
    max_table: int = 200_000
    base: Bot = field(default_factory=GreedyBot)
    reading: bool = False
    reply_positions: int = 60_000
    reply_talon: int = 4
    reply_worlds: int = 20
    reply_leaf: int = 2_000
    reply_solver: int = 200_000
    reply_ties: bool = False
    styles: bool = False
    stop_z: float = 0.0
    stop_from: float = 0.5
    depth: int = 0
    pool: int = 0
    settle: float = 0.0
    model_share: float = 1.0
    model_from: int = 2
    model_sure: float = 0.0
    ahead: float = 0.0
    trust_read: float = 0.5
    trust_reply: float = 0.8
    name: str = ""
    stats: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"method: {self.method!r} is not one of {', '.join(METHODS)}")
        if self.method_many and self.method_many not in METHODS:
            raise ValueError(f"method_many: {self.method_many!r} is not one of {', '.join(METHODS)}")
        if self.opponents not in OPPONENTS:
            raise ValueError(f"opponents: {self.opponents!r} is not one of {', '.join(OPPONENTS)}")
        if not 0 < self.stop_from <= 1:
            raise ValueError(f"stop_from must be above 0 and at most 1, not {self.stop_from}")
        if self.depth < 0 or self.pool < 0:
            raise ValueError(f"depth and pool must be 0 (no limit) or more, not {self.depth} and {self.pool}")
        if self.model_from < 2:
            raise ValueError(f"model_from must be 2 or more, not {self.model_from}")
        if not 0 <= self.model_share <= 1:
            raise ValueError(f"model_share must be from 0 to 1, not {self.model_share}")
        if not 0 <= self.model_sure <= 1:
            raise ValueError(f"model_sure must be from 0 to 1, not {self.model_sure}")
        if not 0 <= self.ahead < 1:
            raise ValueError(f"ahead must be 0 (no such style) or above, and below 1, not {self.ahead}")
        if not 0 <= self.settle <= 1:
            raise ValueError(f"settle must be from 0 to 1, not {self.settle}")
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if not self.name:
            self.name = f"{self.method}-{self.iterations}"
        self._solver: Optional[Solver] = None
        self._styles = with_ahead(self.ahead) if self.ahead else STYLES  # the styles its reading weighs
        self._model: Optional[tuple] = None  # (the game's first view, its StyleReading, its Random, moves read)

    def _count(self, how: str) -> None:
        self.stats[how] = self.stats.get(how, 0) + 1

    def _solver_now(self) -> Solver:
        """The solver, its tables kept between moves and games (a new one past ``max_table``)."""
        if self._solver is None or self._solver.table_size > self.max_table:
            self._solver = Solver(max_nodes=self.solver_nodes, max_table=self.max_table)
        return self._solver

    def _exact(self, view: PlayerView) -> Optional[tuple]:
        """The solver's best moves once nothing is hidden (two players or two left, the talon empty or
        holding only the face-up trump card: :func:`~durak_lab.analysis.solver.known_to`), or None (out of
        its domain or budget)."""
        from ..analysis.solver import exact_move_values, known_to

        if not self.exact or not known_to(view):
            return None
        budget = self.solver_nodes if view.talon_size else None  # (empty talon: the solver's bound per search)
        values = exact_move_values(position_of_view(view), view.seat, budget, self._solver_now())
        if not values:
            return None
        top = max(v for _, v in values)
        return tuple(m for m, v in values if v == top)

    def _reply(self, view: PlayerView, reading: Reading, cfg: tuple, root_moves: list,
               rng: random.Random, policy: Callable = greedy, check: bool = True) -> Optional[list]:
        """The kernel moves of ``root_moves`` that do best against greedy play, once two players
        are left with at most ``reply_talon`` cards in the talon and the other seat has played the
        greedy way all game; else None (also when a world needs more than its share of
        ``reply_positions``).  With an empty talon nothing is hidden: the one position's best
        reply (:func:`~durak_lab.bots.exploit.best_reply`).  Before that, the best replies are
        added up over ``reply_worlds`` worlds dealt as the search deals them
        (:func:`kernel_worlds`, with the reading), each distinct world scored once."""
        if not self.reply_positions or (check and not reading.follows(view, 1 - view.seat)):
            return None
        if view.talon_size:
            worlds = kernel_worlds(view, rng, reading=reading)
            dealt: dict = {}
            for _ in range(self.reply_worlds):
                w = next(worlds)
                dealt.setdefault((tuple(w[HANDS]), tuple(w[TALON])), w)
        else:
            dealt = {(): kernel_state(position_of_view(view))}
        share = self.reply_positions // len(dealt)
        leaf = self._leaf(view) if view.talon_size else None
        keep = self._best_replies(cfg, dealt, view.seat, root_moves, policy, share, leaf)
        if keep is not None and len(keep) > 1 and leaf is not None and self.reply_ties:
            # equals against perfect play once the talon is out: the one that does best if the other
            # seat plays its way to the end
            ties = self._best_replies(cfg, dealt, view.seat, keep, policy, share, None)
            if ties is not None:
                keep = ties
        return keep

    @staticmethod
    def _best_replies(cfg: tuple, dealt: dict, seat: int, root_moves: list, policy: Callable, share: int,
                      leaf: Optional[Callable]) -> Optional[list]:
        """The moves of ``root_moves`` whose best replies add up to the most over the worlds ``dealt``."""
        total = dict.fromkeys(root_moves, 0.0)
        for w in dealt.values():
            scores = best_reply(cfg, w, seat, root_moves, policy=policy, max_positions=share, leaf=leaf)
            if scores is None:
                return None
            for m in root_moves:
                total[m] += scores[m]
        top = max(total.values())
        return [m for m in root_moves if total[m] == top]

    def _leaf(self, view: PlayerView) -> Optional[Callable]:
        """The end of the reply's lines where the talon runs out: the exact solver's value of the
        bout start for this seat, as 1, 1/2 or 0 (None past ``reply_leaf`` positions, also for the
        rest of this move), and past ``reply_solver`` of the solver's positions in all for this
        move, :class:`~durak_lab.bots.exploit.TooBig` (the sift gives up); None without ``exact``
        or outside the solver's domain."""
        if not (self.exact and self.reply_leaf) or not _solvable(view.rules):
            return None
        solver, seat, bound = self._solver_now(), view.seat, self.reply_leaf
        failed: set = set()
        left = [self.reply_solver]  # the solver's positions this move may still search

        def leaf(f: tuple) -> Optional[float]:
            key = (tuple(f[HANDS]), f[DEFENDER], f[FIRST_LIMIT], f[SHOWN])
            if key in failed:
                return None
            if left[0] <= 0:
                raise TooBig
            before = solver.nodes
            try:
                return (solver.bout_value(f, seat, min(bound, left[0])) + 1) / 2
            except SearchLimitExceeded:
                failed.add(key)
                return None
            finally:
                left[0] -= solver.nodes - before
        return leaf

    def _models(self, view: PlayerView, beliefs: Optional[StyleReading]) -> Optional[dict]:
        """How the tree plays the other seats (``opponents``): None (searched), every one greedy, or
        with ``"styles"``, each by a style drawn from the posterior at each walk (a style with a
        policy of the lean kernel for the whole game; the others, ``"other"`` included: searched)."""
        if view.rules.players < self.model_from:
            return None
        others = [s for s in range(view.rules.players) if s != view.seat]
        if self.opponents == "greedy":
            return {s: [(1.0, greedy)] for s in others}
        if self.opponents != "styles" or beliefs is None:
            return None
        models = {}
        share = self.model_share
        for s in others:
            p = beliefs.probabilities(s)
            table = [(share * p[st.name], st.policy) for st in beliefs.styles if st.policy is not None]
            modelled = sum(x for x, _ in table)
            if table and modelled >= share * self.model_sure:
                models[s] = table + [(1.0 - modelled, None)]
        return models or None

    @property
    def reads_history(self) -> bool:
        """Whether the bot wants the game's public history (``choose(…, history=…)``): with ``reading``
        or ``styles``."""
        return self.reading or self.styles

    def model(self, history: tuple, seat: int, rules, rng: random.Random) -> StyleReading:
        """The posterior over the other players' styles after ``history`` (see ``styles``), read on
        from the last call's while the game is the same (the same first view and the same moves so far,
        whether or not the history is made of the same objects); its random numbers are drawn from
        ``rng`` once a game, so a game replays from its seed."""
        kept = self._model
        if (kept is None or kept[1].moves > len(history) or not (kept[0] is history[0][0] or kept[0] == history[0][0])
                or any(m != history[i][1] for i, m in enumerate(kept[3]))):
            kept = self._model = (history[0][0], StyleReading(seat, rules, self._styles),
                                  random.Random(rng.getrandbits(64)), [])
        kept[3].extend(m for _, m in history[kept[1].moves:])
        kept[1].extend(history, kept[2])
        return kept[1]

    def choose(self, view: PlayerView, rng: random.Random, history: tuple = ()) -> Move:
        """The move of the search (or of the solver, or of ``base``), among ``view.legal``.

        ``history``: with ``reading``, the game so far as ``(this seat's view before the move,
        move)`` pairs; the worlds then lean towards what the other seats' moves say
        (:mod:`durak_lab.analysis.inference.reading`)."""
        legal = _legal(self, view)
        if len(legal) == 1:
            self._count("forced")
            return legal[0]
        best = self._exact(view)
        if best is not None:
            self._count("solver")
            if len(best) == 1:
                return best[0]
            view = replace(view, legal=best)
            legal = best
        try:
            cfg = check_rules(view.rules)
            root_moves = [kernel_move(m) for m in legal]
        except KernelUnsupported:
            self._count("base")
            return self.base.choose(view, rng)
        if view.swap_open:  # an open trump swap (R6): the kernel cannot play it
            self._count("base")
            return self.base.choose(view, rng)
        beliefs = self.model(history, view.seat, view.rules, rng) if self.reading and self.styles and history else None
        # the styles' reading has read the same moves the greedy way: no need to read them again
        reading = beliefs.reading if beliefs is not None else (
            Reading.of(history, view.seat) if self.reading and history else None)
        policy: Optional[Callable] = greedy
        check = True
        if reading is not None and beliefs is not None:
            trusted = {s for s in beliefs.log if beliefs.chance(s, lambda st: st.reads) >= self.trust_read}
            if len(trusted) < len(beliefs.log):
                reading = reading.only(trusted)
            if view.rules.players == 2:
                other = 1 - view.seat
                policy = None
                if beliefs.chance(other, lambda st: st.reply is not None) >= self.trust_reply:
                    p = beliefs.probabilities(other)
                    style = max((st for st in beliefs.styles if st.reply is not None), key=lambda st: p[st.name])
                    policy, check = style.reply, style.reads
        if (reading is not None and policy is not None and view.rules.players == 2
                and view.talon_size <= self.reply_talon):
            # a greedy player across the table (or one of a style it can reply to), near or at the
            # end: the moves that do best against its play (of the solver's best moves once
            # nothing is hidden)
            keep = self._reply(view, reading, cfg, root_moves, rng, policy, check)
            if keep is not None:
                if len(keep) == 1:
                    self._count("reply")
                    return legal[root_moves.index(keep[0])]
                legal = [m for m, k in zip(legal, root_moves) if k in keep]
                root_moves = keep
                view = replace(view, legal=tuple(legal))
        if best is None:
            self._count("search")
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        worlds = kernel_worlds(view, rng, reading=reading)
        method = self.method_many if self.method_many and view.rules.players > 2 else self.method
        if method == "ismcts":
            root = _ismcts(cfg, worlds, root_moves, self.iterations, self.c, rng, deadline,
                           self._models(view, beliefs), self.depth, self.pool, self.settle)
        elif method == "flat":
            root = _flat(cfg, worlds, root_moves, self.iterations, rng, deadline, self.stop_z, self.stop_from)
        else:
            root = _determinized(cfg, worlds, root_moves, self.iterations, min(self.worlds, self.iterations),
                                 self.c, rng, deadline)
        by_code = dict(zip(root_moves, legal))
        if method == "flat":
            pick = max(root_moves, key=lambda m: (root[m][1] / root[m][0] if root[m][0] else -1.0))
        else:
            pick = max(root_moves, key=lambda m: (root[m][0] if m in root else -1,
                                                  root[m][1] if m in root else 0.0))
        return by_code[pick]
