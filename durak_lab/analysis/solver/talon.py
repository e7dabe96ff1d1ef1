"""A known talon, solved through the draws: two players, every card's place known, the talon too.

A :class:`~durak_lab.engine.state.Position` always holds its talon in order, so a
two-player position with cards left in the talon is a game of perfect information too
once both seats know that order (a seat knows it when the talon holds only the face-up
trump card, R3, R19).  :func:`talon_value` and :func:`talon_move_values` solve it
exactly: alpha-beta (negamax, values +1/0/-1 for the seat to act) over the lean
kernel's states (:mod:`durak_lab.engine.kernel`), each move played by
:func:`~durak_lab.engine.kernel.loop.run` (so the bout's end, the draws in their order,
R19, and the players out, R28, are the kernel's rules), with a transposition table keyed
on the whole state (the hands, the talon's length, the table, who leads and defends, the
bout's flags).  At the start of each bout where the talon has become empty the exact
solver takes over (:meth:`Solver.bout_value <durak_lab.analysis.solver.Solver.bout_value>`,
its value stored in the table too).  A position that comes back on the current line
scores a draw, as in the solver (endless play, R29 has no durak), and a result that
leaned on such a repetition is kept only as the bound no repetition can give.  The
positions searched here and by the solver count against one budget, ``max_nodes``; past
it :class:`~durak_lab.analysis.solver.SearchLimitExceeded` is raised.

**Domain.**  Two players (with more, every seat is in the game while the talon lasts,
R28), rules in the solver's domain (:func:`~durak_lab.analysis.solver.check_rules_domain`)
that the kernel plays with a talon (every draw order but doker's, R19), no open trump
swap (R6), no joker in play; anything else raises
:class:`~durak_lab.engine.errors.SolverDomainError` saying why.  The cost grows quickly
with the talon: one or two cards are cheap, a full talon is out of reach.

``tests/analysis/test_solver_talon.py`` compares every value with a retrograde analysis
over reference-engine positions.

Standard library only.

Hands of two cards, the trump card 6♦ left in the talon: P1 leads the 6♥, which P2 can
neither beat nor transfer, so P2 takes and P1 draws the 6♦ (R18, R19); after the 10♠ P2
covers, P1 draws the 6♦ all the same but must spend it on P2's 10♣ and is left with the
6♥, the durak (R28):

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules.preset("podkidnoy", players=2, hand_size=2), ["10♠ 6♥", "K♠ 10♣"],
...                    talon=["6♦"], trump_card="6♦", discard="rest", attacker=0, first_bout=False)
>>> talon_value(p, 0), talon_value(p, 1)
(1, -1)
>>> [(str(m), v) for m, v in talon_move_values(p, 0)]
[('P1 attack 10♠', -1), ('P1 attack 6♥', 1)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.errors import KernelUnsupported, SolverDomainError
from ...engine.kernel.config import check_rules
from ...engine.kernel.core import kernel_state, to_move
from ...engine.kernel.fields import (ATK, COV, DEFENDER, FIRST_LIMIT, HANDS, IN_BOUT, LEADER, ORDER, PASSED, RESULT,
                                       SHOWN, START_HAND, TAKING, TALON)
from ...engine.kernel.loop import run
from ...engine.rules import HandLimit, Rules, TrumpSwap
from ...engine.state.position import Position
from .model import check_rules_domain

if TYPE_CHECKING:
    from .endgame import Solver

__all__ = ["check_talon_domain", "talon_value", "talon_move_values", "TalonSearch"]

_INF = 1 << 62
_CONFIGS: dict = {}


def _config(rules: Rules) -> tuple:
    """The kernel's configuration for the talon phase of ``rules``: the trump swap (R6, open only
    before the first lead) and the redeal (R4, at the deal) left out."""
    cfg = _CONFIGS.get(rules)
    if cfg is None:
        plain = rules
        if rules.trump_swap is not TrumpSwap.OFF or rules.redeal:
            plain = rules.replace(trump_swap=TrumpSwap.OFF, swap_six=False, redeal=False)
        try:
            cfg = _CONFIGS[rules] = check_rules(plain)
        except KernelUnsupported as err:
            raise SolverDomainError(f"{err} (the search through the draws plays on the lean kernel)") from err
    return cfg


def check_talon_domain(position: Position) -> None:
    """Raise :class:`~durak_lab.engine.errors.SolverDomainError` saying why the search through the
    draws cannot play ``position``; return None if it can.

    >>> from durak_lab.engine.rules import Rules
    >>> try:
    ...     check_talon_domain(Position.deal(Rules.preset("podkidnoy", players=3), seed=1))
    ... except SolverDomainError as err:
    ...     print(err)
    with 3 players every seat is in the game while the talon lasts (R28): the search through the draws plays two
    """
    r = position.rules
    if r.players != 2:
        raise SolverDomainError(f"with {r.players} players every seat is in the game while the talon lasts (R28): "
                                "the search through the draws plays two")
    check_rules_domain(r)
    _config(r)
    if position.result is not None:
        raise SolverDomainError(f"the game is over ({position.result_text()}): there is nothing to solve")
    if position.swap_open:
        raise SolverDomainError("the trump-card swap (R6) is still open; the solver starts after it")
    live = position.table_cards() | position.hands[0] | position.hands[1]
    if live >> 52 or any(c >= 52 for c in position.talon):
        raise SolverDomainError("a joker is still in play (doker, R1): the solver knows only the 52 cards "
                                "of the four suits")


def _score(result: tuple, seat: int) -> int:
    return 0 if not result else (-1 if seat in result else 1)


class TalonSearch:
    """The search through the draws for one two-player game (rules), with its transposition table.

    ``solver`` plays the bouts after the talon has run out; ``max_nodes`` bounds the positions
    this object and the solver search from now on, together (None: no bound but the solver's
    own).  ``nodes`` counts the positions searched here.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.analysis.solver import Solver
    >>> p = Position.start(Rules.preset("podkidnoy", players=2, hand_size=2), ["10♠ 6♥", "K♠ 10♣"],
    ...                    talon=["6♦"], trump_card="6♦", discard="rest", attacker=0, first_bout=False)
    >>> t = TalonSearch(p.rules, Solver())
    >>> t.value(p, 1), t.nodes > 0
    (-1, True)
    >>> TalonSearch(p.rules, Solver(), max_nodes=2).value(p, 0)
    Traceback (most recent call last):
    ...
    durak_lab.analysis.solver.endgame.SearchLimitExceeded: the search needed more than 2 positions (max_nodes)
    """

    def __init__(self, rules: Rules, solver: "Solver", max_nodes: Optional[int] = None) -> None:
        self.rules = rules
        self.cfg = _config(rules)
        self.solver = solver
        self.max_nodes = max_nodes
        self.nodes = 0
        self._solver0 = solver.nodes
        self._bout_start = rules.hand_limit is HandLimit.BOUT_START
        self.tt: dict = {}
        self._path: dict = {}
        self._low = _INF

    def _left(self) -> Optional[int]:
        """The positions the budget has left (None: no bound)."""
        if self.max_nodes is None:
            return None
        return self.max_nodes - self.nodes - (self.solver.nodes - self._solver0)

    def _key(self, f: tuple) -> tuple:
        """The state's key: the whole kernel state (the talon by its length: it only ever loses
        its first cards), what is known and the discard left out (they change no move)."""
        return (tuple(f[HANDS]), len(f[TALON]), tuple(f[ATK]), tuple(sorted(f[COV])), f[LEADER], f[DEFENDER],
                f[TAKING], f[PASSED], f[FIRST_LIMIT], f[START_HAND] if self._bout_start else 0, f[SHOWN],
                tuple(f[ORDER]), f[IN_BOUT])

    def _search(self, f: tuple, moves: list, alpha: int, beta: int) -> int:
        """The value of the state ``f`` (the game goes on; ``moves`` its legal moves) for the seat to
        act, fail-soft within (alpha, beta)."""
        from .endgame import SearchLimitExceeded  # (endgame imports this module's users)

        self.nodes += 1
        left = self._left()
        if left is not None and left < 0:
            raise SearchLimitExceeded(f"the search needed more than {self.max_nodes} positions (max_nodes)")
        me = moves[0] >> 12 & 15
        key = self._key(f)
        tt = self.tt
        if not f[TALON] and not f[ATK]:  # a bout start with the talon run out: the exact solver's (R19, R28)
            e = tt.get(key)
            if e is None:
                try:
                    v = self.solver.bout_value(f, me, left)
                except SearchLimitExceeded:
                    if left is None:
                        raise
                    raise SearchLimitExceeded(f"the search needed more than {self.max_nodes} positions "
                                              "(max_nodes)") from None
                e = tt[key] = (v, v, 0)
            return e[0]
        path = self._path
        idx = path.get(key)
        if idx is not None:  # the position repeats on this line: endless play, a draw
            if idx < self._low:
                self._low = idx
            return 0
        e = tt.get(key)
        hint = 0
        lo, hi = -1, 1
        if e is not None:
            lo, hi, hint = e
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        saved = self._low
        self._low = _INF
        threshold = len(path)
        path[key] = threshold
        order = list(range(len(moves)))
        if hint:
            order.insert(0, order.pop(hint))
        cfg = self.cfg
        best, best_i = -2, 0
        for i in order:
            g, kids, _ = run(cfg, f, 1, moves[i], None, None)
            if g[RESULT] is not None:
                v = _score(g[RESULT], me)
            elif kids[0] >> 12 & 15 == me:
                v = self._search(g, kids, alpha, beta)
            else:
                v = -self._search(g, kids, -beta, -alpha)
            if v > best:
                best, best_i = v, i
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        del path[key]
        dep = self._low
        self._low = dep if dep < saved else saved
        if dep < threshold:  # the result leaned on a repetition above: keep only the sure bounds
            if best == 1 and best >= beta:
                tt[key] = (1, 1, best_i)
            elif best == -1 and best <= a0:
                tt[key] = (-1, -1, best_i)
            return best
        if best <= a0:
            tt[key] = (lo, best, best_i)
        elif best >= beta:
            tt[key] = (best, hi, best_i)
        else:
            tt[key] = (best, best, best_i)
        return best

    def _root(self, f: tuple, moves: list) -> int:
        """The exact value of a state for the seat to act (the state the root of its own line)."""
        self._path.clear()
        self._low = _INF
        return self._search(f, moves, -1, 1)

    def state_value(self, f: tuple, seat: int) -> int:
        """The value for ``seat`` of the kernel state ``f`` (two players)."""
        if f[RESULT] is not None:
            return _score(f[RESULT], seat)
        moves = run(self.cfg, f, 0, None, None, None)[1]
        v = self._root(f, moves)
        return v if moves[0] >> 12 & 15 == seat else -v

    def value(self, position: Position, seat: int) -> int:
        """The value of ``position`` (in :func:`check_talon_domain`'s domain, or over) for ``seat``."""
        if position.result is not None:
            return _score(position.result, seat)
        return self.state_value(kernel_state(position), seat)

    def move_values(self, position: Position, seat: Optional[int] = None) -> list:
        """``[(move, value)]`` for every sequential move of ``position``, values for ``seat``
        (default: the seat to act), each move's position solved as the root of its own line."""
        f = kernel_state(position)
        moves = run(self.cfg, f, 0, None, None, None)[1]
        if seat is None:
            seat = moves[0] >> 12 & 15
        out = []
        for m in moves:
            g = run(self.cfg, f, 1, m, None, None)[0]
            out.append((to_move(m), self.state_value(g, seat)))
        return out


def _searcher(position: Position, solver: Optional["Solver"], max_nodes: Optional[int]) -> TalonSearch:
    from .endgame import Solver  # (endgame imports the face, which imports this module)

    check_talon_domain(position)
    return TalonSearch(position.rules, solver if solver is not None else Solver(), max_nodes)


def talon_value(position: Position, seat: int, solver: Optional["Solver"] = None,
                max_nodes: Optional[int] = None) -> int:
    """The exact value for ``seat`` of a two-player ``position`` with cards in the talon, played
    through the draws (see the module docstring); a finished game is scored from its result.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("perevodnoy", players=2, hand_size=2), ["7♦ 7♣", "7♥ 8♦"],
    ...                    talon=["9♠", "6♠"], trump_card="6♠", discard="rest", attacker=0, first_bout=False)
    >>> talon_value(p, 0), talon_value(p, 1)
    (1, -1)
    """
    if position.result is not None:
        return _score(position.result, seat)
    return _searcher(position, solver, max_nodes).value(position, seat)


def talon_move_values(position: Position, seat: Optional[int] = None, solver: Optional["Solver"] = None,
                      max_nodes: Optional[int] = None) -> list:
    """``[(move, value)]`` for every sequential move of a two-player ``position`` with cards in the
    talon, values for ``seat`` (default: the seat to act).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("perevodnoy", players=2, hand_size=2), ["7♦ 7♣", "7♥ 8♦"],
    ...                    talon=["9♠", "6♠"], trump_card="6♠", discard="rest", attacker=0, first_bout=False)
    >>> [(str(m), v) for m, v in talon_move_values(p)]
    [('P1 attack 7♦', 1), ('P1 attack 7♣', 1)]
    """
    return _searcher(position, solver, max_nodes).move_values(position, seat)
