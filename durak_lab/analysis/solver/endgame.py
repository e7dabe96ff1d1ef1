"""The exact endgame solver: two players (or two left), an empty talon, best play on both sides.

Once the talon is empty and two players are left, nothing is hidden: each
player can work out the other's hand from the discard.  Durak is then a game
of perfect information, and every position has an exact value with best play.
:func:`solve` finds it, with every best move, a principal variation and the
number of positions searched.

**Value.**  Always for one seat (by default the seat to act,
:meth:`Position.to_act <durak_lab.engine.state.Position.to_act>`):

* ``+1``, a win: that seat can force the other seat to be the durak (R28);
* ``-1``, a loss: the other seat can force this seat to be the durak;
* ``0``, a draw: neither can.  Either both go out at once and nobody is durak
  (R29, ``tie='no_durak'``), or, in perevodnoy only, the same position comes
  round again and again and the game never ends (a transfer and a take hand
  the cards back, e.g. ``P2 attack Q♠, P1 transfer Q♥, P2 take``): endless
  play counts as a draw, as in chess.  Without transfers every bout makes
  progress (a taken bout shrinks the attacker's hand, who leads again; a
  defended one the cards in play), so no position repeats.

The game is the engine's sequential protocol, exactly: the moves are
:meth:`Position.sequential_moves`, a pass ends the bout, a bout ends by itself
(R16).  The search runs on a fast model of the same rules (hands and table as
bit masks, no :class:`~durak_lab.engine.state.Position` objects): the lean
kernel's two-player endgame model (:mod:`durak_lab.engine.kernel.endgame`,
compiled from the kernel's configuration), so the rules live in the reference
engine and the kernel only.  The tests prove the model equal to the engine and
to the kernel move by move (:func:`transitions`,
``tests/engine/test_kernel_endgame.py``) and compare every result with a plain
retrograde analysis over engine positions.

**Search.**  Alpha-beta with a transposition table and move ordering (lead and
cover low non-trumps first, transfers after covers, the take last; trumps held
back: the pass right after the lowest throw-in, or before it if it is a trump;
the best move found before is tried first), and enhanced transposition cutoffs (a
move into a finished game or a next bout already known to refute the position
cuts before anything is searched).  At the start of a bout the table key
is canonical under two symmetries the rules cannot see: renaming the
non-trump suits, and closing up ranks that are out of play (R11 needs only
the order of cards within a suit and which cards are trumps; R12 and R20 only
which cards share a rank).  A defender facing several uncovered cards covers
them in one fixed order and does not take half-way: taking after some covers
picks up the same cards as taking at once, but leaves more ranks to throw in.
With transfers, a position that repeats on the current line scores 0, and
results that depended on such a repetition are not kept (the graph-history
problem), except the win and loss bounds no repetition can give.

The value is found by two zero-window probes ("a loss?", then if not "a win?").
A full solve then needs every move's value, and each move is worth at most the
position's value: one probe "does it keep the value?" settles the moves that
do, and only below a win a second, "a draw?"; every move of a lost position is
lost.  The line of best play takes, step by step, the first move for which the
probe "does it keep the value?" says yes.  A lead or throw-in that the defender
can neither beat nor transfer is taken at once: the take is his only move (R15).
A cover after which the next uncovered card cannot be beaten is left out (no
take half-way, see above).  Some bout starts are scored without a search: an attacker with one card left
leads it and is out (a draw only if the defender's lone card beats it); an
attacker holding one rank only, fewer cards than the defender and no more than
the bout allows, sheds them all (lead, then throw-ins) and wins (with transfers
only when the defender holds no card of that rank); an attacker none of whose
cards the defender can beat wins, and a defender holding one card that beats
every card of an attacker with two or more wins (the shedding bounds, proved in
:mod:`durak_lab.analysis.solver.search`).  Every bout start with at most six cards in play (and no first-bout
limit, no trump shown) is looked up in an endgame table, worked out once and
shipped with the package for every preset it plays, and searched no further
(:mod:`durak_lab.analysis.solver.tables`; ``Solver(tables=False)`` searches
without them).  A defender's choices inside a bout
are not kept in the transposition table, which holds a third fewer entries for
it.  A defender with several cover cards in a run (the next lower card in play of the
suit, both the only cards in play of their ranks, neither a shown trump) covers
with the lowest only: the two never meet again (the cover is discarded, or
picked up into the same hand), so the covers are equally good.

**Domain.**  Two players (R2), or two left at a table of three to eight (the
others out of cards, R28: :mod:`durak_lab.analysis.solver.reduce` turns the
position into the two-player game they play, proved equal to it move by move,
and maps moves, seats and values back; a seat out of every side left is safe,
+1; in a team game a seat wins or loses with its partner, R27), an empty talon
(R19), the game not over, rules where a simultaneous finish is a draw
(``tie='no_durak'``, R29) and the defender's hand limits the attack
(``hand_limit`` ``'current'`` or ``'bout_start'``, R13).  Every other option is
supported: podkidnoy and classic throw-ins (R12, any ``throw_in``, also
``'none'``), perevodnoy transfers (R20–R22) and transfers by showing a trump
(R24), multi-card leads (R10), every ``after_take`` (R18), any
``attack_limit``, the first-bout limit (R14), any deck, teams (R25–R27) once
two opponents are left.  Anything else raises
:class:`~durak_lab.engine.errors.SolverDomainError` saying why; at a bigger
table also a defender with no cards whose partner covers (R26) and pushing
durak, the unlimited hand or the defender's choice (R12, R13: cards go back to
a seat that is out).  With cards left in the talon, two players, the search
through the draws (:mod:`durak_lab.analysis.solver.talon`) plays on to the
positions of this solver, and :func:`~durak_lab.analysis.solver.exact_move_values`
is the one entry point for every position whose cards are all known
(:mod:`durak_lab.analysis.solver.exact`).

**Modules.**  This module holds the public API (:class:`Solver`,
:class:`Solution`, :func:`solve` and the rest of ``__all__``);
:mod:`durak_lab.analysis.solver.stack` runs a search with its frames in one block of the
interpreter's frame stack, :mod:`durak_lab.analysis.solver.model` the domain checks (the bit-mask model
of the rules is the kernel's, :mod:`durak_lab.engine.kernel.endgame`),
:mod:`durak_lab.analysis.solver.search` the search with its transposition
table, :mod:`durak_lab.analysis.solver.moves` the attacker's moves in the order it
tries them, :mod:`durak_lab.analysis.solver.keys` its canonical keys, the covers
it tries and the shedding bounds, :mod:`durak_lab.analysis.solver.tables` the endgame tables.  Every public name is importable from here.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"],
...                    trump="♠", discard="rest", attacker=1, first_bout=False)
>>> s = solve(p)
>>> s.seat, s.value, s.result, [str(m) for m in s.best_moves]
(1, 1, 'win', ['P2 attack 8♥'])
>>> s.pv_text()
'P2 attack 8♥; P1 take; P2 attack 7♦; P1 cover 7♦ with 10♦'
>>> s.value_of("P2 attack 7♦")
-1
"""

from __future__ import annotations

import gc
import sys
from typing import Callable, Optional, TypeVar

from ...engine.errors import DurakError, SolverDomainError  # noqa: F401 (what the solver raises, importable here)
from ...engine.kernel.fields import ATK, DEFENDER, FIRST_LIMIT, HANDS, RESULT, RULES, SHOWN, TALON, TRUMP
from ...engine.rules import Rules
from ...engine.state.position import Position
from .model import _state_of, check_domain, check_rules_domain, in_domain, transitions
from .reduce import reduce_position, reduced_rules
from .stack import run_deep
from .search import _INF, MAX_TABLE, _NodeLimit, _Search
from .solution import DRAW, LOSS, WIN, Solution, result_word  # noqa: F401 (re-exported)
from .tables import table_for

_T = TypeVar("_T")

__all__ = [
    "Solution", "Solver", "solve", "solve_value", "value_for", "check_domain", "check_rules_domain", "in_domain",
    "SearchLimitExceeded", "WIN", "DRAW", "LOSS", "result_word", "transitions", "MAX_TABLE",
]

_STACK = 100_000  # recursion limit while searching


class SearchLimitExceeded(DurakError):
    """The search needed more positions than the ``max_nodes`` it was given.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♥ 7♥ 8♥ 9♥ 10♥",
    ...                    "6♠ 7♠ 8♠ 9♠ 10♠"], trump="♦", discard="rest", attacker=0, first_bout=False)
    >>> solve(p, max_nodes=3)
    Traceback (most recent call last):
    ...
    durak_lab.analysis.solver.endgame.SearchLimitExceeded: the search needed more than 3 positions (max_nodes)
    """


# ---------------------------------------------------------------------------- public API
class Solver:
    """A reusable solver: keeps its transposition tables between calls (per rules and trump).

    ``max_nodes`` bounds the positions searched by each call; past it
    :class:`SearchLimitExceeded` is raised (the tables stay valid).
    ``max_table`` bounds each transposition table, in entries (default
    :data:`MAX_TABLE`, about 650 MB; None: no bound): a table that outgrows it
    drops its positions inside bouts (keeping the bout starts, each of which
    stands for everything after it), or everything if that is not enough, and
    the search goes on, exact but slower.  Only searches of several million
    positions reach the default.  ``tables`` (default True) looks the bout
    starts of up to six cards (eight in podkidnoy and perevodnoy) up in the
    shipped endgame
    tables (:mod:`durak_lab.analysis.solver.tables`), for the rules that have
    one; False searches them: the same values, more positions searched.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("perevodnoy", players=2), ["7♦ 7♣", "7♥ 8♦"],
    ...                    trump="♠", discard="rest", attacker=0, first_bout=False)
    >>> solver = Solver()
    >>> solver.value(p), solver.value_for(p, 1)
    (1, -1)
    """

    def __init__(self, max_nodes: Optional[int] = None, max_table: Optional[int] = MAX_TABLE,
                 tables: bool = True) -> None:
        if max_table is not None and max_table < 1:
            raise ValueError(f"max_table must be at least 1 (or None), not {max_table}")
        self.max_nodes = max_nodes
        self.max_table = max_table
        self.tables = tables
        self._searches: dict = {}
        self._until: Optional[tuple] = None  # (bound on self.nodes, its max_nodes) over several searches (_budget)

    def __del__(self) -> None:
        for s in getattr(self, "_searches", {}).values():
            s.release()

    def _search(self, rules: Rules, trump: int) -> _Search:
        s = self._searches.get((rules, trump))
        if s is None:
            s = self._searches[rules, trump] = _Search(rules, trump, self.max_table,
                                                       table_for(rules) if self.tables else None)
        return s

    @property
    def table_size(self) -> int:
        """Entries in the transposition tables now (over all rules and trumps seen).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♣ Q♥", "8♦ 6♥ 10♣"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver(tables=False); _ = solver.value(p); solver.table_size > 0
        True
        >>> solver = Solver(); _ = solver.value(p); solver.table_size, solver.nodes  # in the endgame table
        (0, 1)
        """
        return sum(len(s.tt) for s in self._searches.values())

    @property
    def flushes(self) -> int:
        """How often a table outgrew ``max_table`` and was thinned out.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♥ 7♥ 8♥ 9♥", "6♠ 7♠ 8♠ 9♠"],
        ...                    trump="♦", discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver(); _ = solver.value(p); solver.flushes   # a small search: never
        0
        """
        return sum(s.flushes for s in self._searches.values())

    @property
    def nodes(self) -> int:
        """Positions searched so far by this solver, over all calls.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♣", "8♦ 6♥"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver()
        >>> solver.nodes, solver.value(p), solver.nodes > 0
        (0, 1, True)
        """
        return sum(s.counter[0] for s in self._searches.values())

    def _run(self, srch: _Search, fn: Callable[[], int], max_nodes: Optional[int] = None) -> int:
        """Run a search with the node limit (``max_nodes``, else the solver's), a deep enough stack
        and the cyclic GC paused."""
        c = srch.counter
        limit = self.max_nodes if max_nodes is None else max_nodes
        told = limit
        if self._until is not None:  # a budget over several searches (_budget)
            left = max(self._until[0] - self.nodes, 0)
            if limit is None or left < limit:
                limit, told = left, self._until[1]
        srch.arm(limit)
        old_limit = sys.getrecursionlimit()
        gc_on = gc.isenabled()
        try:
            if old_limit < _STACK:  # lines of play can be long; Python 3.11 keeps these frames off the C stack
                sys.setrecursionlimit(_STACK)
            if gc_on:
                gc.disable()
            return run_deep(fn)  # its frames in one block of the frame stack (solver_stack)
        except _NodeLimit:
            raise SearchLimitExceeded(f"the search needed more than {told} positions "
                                      "(max_nodes)") from None
        except RecursionError:
            srch.path.clear()
            raise SearchLimitExceeded(f"a line of play grew longer than {_STACK} moves") from None
        finally:
            if gc_on:
                gc.enable()
            if old_limit < _STACK:
                sys.setrecursionlimit(old_limit)
            c[1] = c[2] = _INF

    def _budget(self, max_nodes: Optional[int]) -> "_Budget":
        """A context in which every search together searches at most ``max_nodes`` more positions
        (None: no bound but each search's own), past which :class:`SearchLimitExceeded` is raised.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♥ 7♥ 8♥ 9♥ 10♥",
        ...                    "6♠ 7♠ 8♠ 9♠ 10♠"], trump="♦", discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver(tables=False)
        >>> with solver._budget(5):
        ...     solver.move_values(p)
        Traceback (most recent call last):
        ...
        durak_lab.analysis.solver.endgame.SearchLimitExceeded: the search needed more than 5 positions (max_nodes)
        """
        return _Budget(self, max_nodes)

    def _value(self, position: Position, alpha: int = -1, beta: int = 1, history: tuple = ()) -> int:
        srch = self._search(position.rules, position.trump)
        state = _state_of(position)
        return self._run(srch, lambda: srch.value(state, alpha, beta, history))

    def value(self, position: Position) -> int:
        """The value of ``position`` for the seat to act: +1 win, 0 draw, -1 loss.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> Solver().value(p)
        0
        """
        check_domain(position)
        return self._value(reduce_position(position).position)

    def bout_value(self, state: tuple, seat: int, max_nodes: Optional[int] = None) -> int:
        """The value for ``seat`` of ``state``, a lean-kernel state (:mod:`durak_lab.engine.kernel`,
        as the bots' searches play) at the start of a bout with nothing hidden: two players (or two
        left at a bigger table, R28), an empty talon and table, the game not over; ``max_nodes``
        bounds this call (default: the solver's own bound).  A seat out of the game is safe (+1),
        or in a team game wins or loses with its partner left (R27).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.kernel import kernel_state
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♣", "8♦ 6♥"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solver = Solver()
        >>> solver.bout_value(kernel_state(p), 0), solver.bout_value(kernel_state(p), 1), solver.value(p)
        (1, -1, 1)
        """
        rules, trump, hands, d = state[RULES], state[TRUMP], state[HANDS], state[DEFENDER]
        check_rules_domain(rules)
        live = [s for s, h in enumerate(hands) if h]
        if (state[TALON] or state[ATK] or state[RESULT] is not None or len(live) != 2 or d not in live
                or (hands[live[0]] | hands[live[1]]) >> 52):
            raise SolverDomainError("bout_value needs the start of a bout with an empty talon, two players "
                                    "left holding cards and no joker (R19, R28)")
        a = live[1] if live[0] == d else live[0]
        t = rules.teams
        if seat != d and seat != a and (not t or seat % t != d % t and seat % t != a % t):
            return WIN  # out of the game, and of both sides left: safe (R28)
        rules = reduced_rules(rules)
        srch = self._search(rules, trump)
        x = (1 if state[FIRST_LIMIT] else 0) | state[SHOWN] << 1  # the first bout's limit, the trumps shown (R24)
        v = self._run(srch, lambda: srch.value((hands[a], hands[d], 0, 0, 0, x)), max_nodes)
        return -v if seat == d or t and seat % t == d % t else v

    def value_for(self, position: Position, seat: int) -> int:
        """The value of ``position`` for ``seat``; a finished game is scored from its result.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> Solver().value_for(p.play("P1 attack 7♦").play("P2 take"), 0)
        1
        """
        if position.result is not None:
            return _score(position.result, seat)
        if position.rules.players != 2:  # two left at a bigger table (R28): their game
            check_domain(position)
            red = reduce_position(position)
            small = red.small_seat(seat)
            return WIN if small is None else self.value_for(red.position, small)
        v = self.value(position)
        return v if position.to_act() == seat else -v

    def move_values(self, position: Position, seat: Optional[int] = None) -> list:
        """``[(move, value)]`` for every sequential move, values for ``seat`` (default: the mover).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> [(str(m), v) for m, v in Solver().move_values(p)]
        [('P2 attack Q♠', 0), ('P2 attack 8♦', -1)]
        """
        check_domain(position)
        if position.rules.players != 2:  # two left at a bigger table (R28): their game, mapped back
            red = reduce_position(position)
            small = red.position.to_act()
            assert small is not None
            mine = red.seats[small] if seat is None else seat
            return [(red.to_big(mv), red.value_for(v, small, mine)) for mv, v in self.move_values(red.position)]
        mover = position.to_act()
        assert mover is not None  # (check_domain: the game goes on)
        _, values = _whole(lambda: self._move_values(position, mover))
        if seat is None or seat == mover:
            return values
        return [(mv, -v) for mv, v in values]

    def solve(self, position: Position, seat: Optional[int] = None) -> Solution:
        """Solve ``position``: its value for ``seat`` (default: the seat to act), every move's
        value, the best moves and a principal variation (see :func:`solve`).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> s = Solver().solve(p)
        >>> s.result, [str(m) for m in s.best_moves], s.pv_text()
        ('draw', ['P2 attack Q♠'], 'P2 attack Q♠; P1 cover Q♠ with K♦; P1 attack 10♥; P2 cover 10♥ with 8♦')
        """
        check_domain(position)
        if position.rules.players != 2:  # two left at a bigger table (R28): their game, mapped back
            red = reduce_position(position)
            return red.big_solution(self.solve(red.position), seat)
        return _whole(lambda: self._solve(position, seat))

    def _solve(self, position: Position, seat: Optional[int]) -> Solution:
        mover = position.to_act()
        assert mover is not None
        if seat is None:
            seat = mover
        before = self.nodes
        best, values = self._move_values(position, mover)
        best_moves = tuple(mv for mv, v in values if v == best)
        pv, positions, repeats = self._pv(position, mover, best)
        sign = 1 if seat == mover else -1
        return Solution(position, seat, sign * best, tuple((mv, sign * v) for mv, v in values),
                        best_moves, pv, self.nodes - before, repeats, positions)

    def _move_values(self, position: Position, mover: int) -> tuple:
        """``(value, [(move, value)])`` of an in-domain position for its ``mover``: the
        position's value first, then each move probed against it (:meth:`_child_score`)."""
        best = self._value(position)
        return best, [(mv, self._child_score(position.play_unchecked(mv), mover, best))
                      for mv in position.sequential_moves()]

    def _child_score(self, child: Position, seat: int, best: int) -> int:
        """The exact value of ``child`` for ``seat``, knowing it is at most ``best`` (the value
        of its parent, ``seat`` to act there): a probe "does it reach ``best``?" first, then
        only for a move below a win, "is it a draw?"."""
        if child.result is not None:
            return _score(child.result, seat)
        if best == -1:
            return -1
        v = self._bound(child, seat, best)
        if v >= best:
            return best
        if v < 0:  # below a draw (fail-soft: the probe may prove a loss below a win too)
            return -1
        return 0 if self._at_least(child, seat, 0) else -1

    def _bound(self, child: Position, seat: int, want: int, history: tuple = ()) -> int:
        """One zero-window probe of ``child`` (the game not over) for ``seat`` around ``want``:
        a value at least ``want`` is a lower bound, one below it an upper bound."""
        if child.to_act() == seat:
            return self._value(child, want - 1, want, history)
        return -self._value(child, -want, -want + 1, history)

    def _at_least(self, child: Position, seat: int, want: int, history: tuple = ()) -> bool:
        """Whether the value of ``child`` (the game not over) for ``seat`` is at least ``want``."""
        return want == -1 or self._bound(child, seat, want, history) >= want

    def _pv(self, position: Position, mover: int, value: int) -> tuple:
        """A line of best play: at each step the first move (engine order) that keeps the value,
        the positions of the line so far counting as repetitions (so a won line ends)."""
        srch = self._search(position.rules, position.trump)
        cyclic = position.rules.transfer
        history: list = []
        seen: set = set()

        def note(p: Position) -> bool:
            """Remember a bout-start position of the line; True if it was there before."""
            if not cyclic or p.table or p.result is not None:
                return False
            k = srch.key(_state_of(p))
            if k in seen:
                return True
            seen.add(k)
            history.append(k)
            return False

        line: list = []
        p = position
        positions = [p]
        repeats = note(p)
        while p.result is None and not repeats:
            act = p.to_act()
            assert act is not None  # (the game goes on)
            want = value if act == mover else -value
            for mv in p.sequential_moves():
                child = p.play_unchecked(mv)
                if child.result is not None:
                    if _score(child.result, act) >= want:
                        break
                elif self._at_least(child, act, want, tuple(history)):
                    break
            else:  # pragma: no cover - the value is exact, so some move keeps it
                raise AssertionError("no move keeps the value")
            line.append(mv)
            p = child
            positions.append(p)
            repeats = note(p)
        return tuple(line), tuple(positions), repeats


class _Budget:
    """The context of :meth:`Solver._budget`: a bound on the positions every search inside it
    searches together (nested budgets: the tighter one holds)."""

    def __init__(self, solver: Solver, max_nodes: Optional[int]) -> None:
        self.solver = solver
        self.max_nodes = max_nodes
        self.saved: Optional[tuple] = None

    def __enter__(self) -> "_Budget":
        s = self.solver
        self.saved = s._until
        if self.max_nodes is not None:
            until = (s.nodes + self.max_nodes, self.max_nodes)
            s._until = until if s._until is None or until[0] < s._until[0] else s._until
        return self

    def __exit__(self, *exc: object) -> None:
        self.solver._until = self.saved


def _whole(fn: Callable[[], _T]) -> _T:
    """``fn()``, a solve of many probes, with the cyclic garbage collector paused throughout
    and every probe inside one block of the frame stack (:func:`run_deep`).  Between two
    probes the solve makes Positions; with the collector back on there, one of its full
    collections would walk the millions of objects of the tables (about 2% of an 8+8 solve).

    >>> _whole(lambda: gc.isenabled())
    False
    """
    gc_on = gc.isenabled()
    if gc_on:
        gc.disable()
    try:
        return run_deep(fn)
    finally:
        if gc_on:
            gc.enable()


def _score(result: tuple, seat: int) -> int:
    """+1 if ``seat`` is safe and someone else durak, 0 for no durak, -1 if ``seat`` is durak."""
    if not result:
        return DRAW
    return LOSS if seat in result else WIN


def solve(position: Position, seat: Optional[int] = None, max_nodes: Optional[int] = None) -> Solution:
    """Solve a two-player, empty-talon position exactly (see the module docstring).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♥ A♠", "7♥ 8♥"], trump="♠",
    ...                    discard="rest", attacker=1, first_bout=False)
    >>> s = solve(p)
    >>> s.seat, s.result, [str(m) for m in s.best_moves]
    (1, 'draw', ['P2 attack 7♥', 'P2 attack 8♥'])
    """
    return Solver(max_nodes=max_nodes).solve(position, seat)


def solve_value(position: Position, max_nodes: Optional[int] = None) -> int:
    """Just the value for the seat to act: faster than :func:`solve` (no move values, no line).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> solve_value(p)
    0
    """
    return Solver(max_nodes=max_nodes).value(position)


def value_for(position: Position, seat: int) -> int:
    """The value of ``position`` for ``seat`` (+1, 0, -1), also for a finished game.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> value_for(p, 1)
    0
    """
    return Solver().value_for(position, seat)
