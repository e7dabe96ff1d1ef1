"""Two players left at a bigger table: the two-player game a 3–8 player endgame has become.

Once the talon is empty a player with no cards is out and safe (R28).  When only two
seats still hold cards, the game goes on between them alone: nobody else ever acts
again, nobody draws (R19), and the game ends as a two-player game ends (R27–R29).  So
too when the defender alone holds cards and the other one's last card has just gone
onto the table: the bout is still theirs (the other one is the seat that laid it).
:func:`reduce_position` turns such a position into the equivalent two-player
:class:`~durak_lab.engine.state.Position` (:class:`Reduced`: the position, which seat
is which, and the moves, results and values mapped both ways), so that the exact
solver plays it.

**Why the two games are one.**  With two seats holding cards and an empty talon the
engine's k-player rules read exactly as its two-player rules:

* the attackers of a bout (R12) are the seats holding cards other than the defender:
  the one other seat, for every ``throw_in`` (the defender's "neighbours" are that seat
  on both sides, R12; attack by turns has one attacker whose turn it is, R12);
* the next opponent (R9, R20, R22, R25) and the next leader after a take or a defence
  (R17, R18) are the seats holding cards, so the other one;
* the hand limits and the first-bout limit (R13, R14) read the defender's hand and
  the bout, not the table's size; nobody draws, so the draw order (R19) never acts;
* the game ends when one side has no cards (R27, R28), and a simultaneous finish is
  a draw (R29, ``tie='no_durak'``); in a team game the two left are opponents (the
  game is over otherwise) and the durak's team loses with him (R27).

The two seats keep their order (the lower seat is seat 0).  The mapping keeps the
cards, the trump, the table (an attack card laid by a seat now out counts as laid by
the attacker left, a cover as the defender's: the owner of a card matters only when
cards go back, which these rules never do), the bout's flags and who passed (of the two
left only: a seat out never acts again; the defender's pass to a partner who has no
cards any more, R26, says nothing either).  The team fields go (two seats cannot form
teams, R25), and the draw order becomes clockwise (nobody draws).
``tests/analysis/test_solver_reduce.py`` proves the equivalence on random games of 3 to
6 players and every preset the kernel plays: at every position with two left, the same
moves (mapped), the same next positions after each of them (but for the owners of the
table's cards) and the same results, and one line played on in both games stays equal
to the end.

**Refused** (:class:`~durak_lab.engine.errors.SolverDomainError`, saying why): a
talon that still holds cards (every seat is in the game until it is empty, R28), more
or fewer than two seats holding cards, a game over, and the rules whose k-player
endgame is not a two-player game: ``tie='all_durak'`` (every seat in the bout when
it began is durak on a simultaneous finish, R29, also one that went out during it),
the unlimited hand and the defender's choice (``hand_limit='none'``, ``choose``,
R13: cards go back to the seats that laid them, so a seat out comes back), pushing
durak (R12, R31: a challenged card goes back likewise) and a defender with no cards
whose partner still covers (R26: three seats act in that bout), or partners alone holding
cards in the other side's last bout (their team is the durak whatever it brings, R27).

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules.preset("podkidnoy", players=3), ["7♦ 9♣", "", "8♦ 6♥"], trump="♠",
...                    discard="rest", attacker=2, first_bout=False)
>>> r = reduce_position(p)
>>> r.seats, r.position.players, str(r.position.hand(0)), str(r.position.hand(1))
((0, 2), 2, '7♦ 9♣', '6♥ 8♦')
>>> [str(r.to_big(m)) for m in r.position.sequential_moves()] == [str(m) for m in p.sequential_moves()]
True
>>> str(r.to_small(p.sequential_moves()[0]))
'P2 attack 6♥'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from ...engine.errors import SolverDomainError
from ...engine.moves import Move, seat_text
from ...engine.rules import Choose, DrawOrder, HandLimit, Rules, Tie
from ...engine.state.position import Position
from .solution import Solution

__all__ = ["Reduced", "reduce_position", "reduced_rules", "holding_seats"]


def holding_seats(position: Position) -> tuple:
    """The seats holding cards, in seat order.

    >>> from durak_lab.engine.rules import Rules
    >>> holding_seats(Position.start(Rules(players=3), ["7♦", "", "8♦"], trump="♠", discard="rest",
    ...                              attacker=0))
    (0, 2)
    """
    return tuple(s for s, h in enumerate(position.hands) if h)


@lru_cache(maxsize=64)
def reduced_rules(rules: Rules) -> Rules:
    """The rules of the two-player game that a game of ``rules`` becomes once two players are
    left with an empty talon (``rules`` itself for two players); raises
    :class:`~durak_lab.engine.errors.SolverDomainError` for the rules under which it is not one.

    >>> reduced_rules(Rules.preset("pairs_he")).short_name()
    'classic'
    >>> reduced_rules(Rules.preset("podkidnoy", players=3, tie="all_durak"))
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.SolverDomainError: tie='all_durak' with 3 players: on a simultaneous finish every seat in the bout when it began is durak, a seat that went out during it too (R29), so two players left do not play a two-player game
    """
    n = rules.players
    if n == 2:
        return rules
    if rules.tie is Tie.ALL_DURAK:
        raise SolverDomainError(f"tie='all_durak' with {n} players: on a simultaneous finish every seat in the "
                                "bout when it began is durak, a seat that went out during it too (R29), so two "
                                "players left do not play a two-player game")
    if rules.hand_limit is HandLimit.NONE or rules.choose is not Choose.OFF:
        raise SolverDomainError(f"hand_limit={rules.hand_limit.value!r}, choose={rules.choose.value!r} with {n} "
                                "players: cards the defender does not beat go back to the seats that laid them "
                                "(R13), so a seat that is out can come back; the solver needs hand_limit "
                                "'current' or 'bout_start' and choose='off'")
    if rules.pushing:
        raise SolverDomainError(f"pushing=True with {n} players: a challenged card goes back to the seat that "
                                "laid it (R12, R31), so a seat that is out can come back")
    return rules.replace(players=2, teams=0, partner_covers=False, partner_throw_in=False,
                         draw_order=DrawOrder.CLOCKWISE)


@dataclass(frozen=True)
class Reduced:
    """A position with two seats left and its two-player equivalent (see the module docstring).

    ``original`` is the position, ``position`` the two-player one, ``seats`` the original
    seats of its seats 0 and 1 (in seat order).

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("pairs_he"), ["", "7♦", "8♦", ""], trump="♠", discard="rest",
    ...                    attacker=1, first_bout=False)
    >>> r = reduce_position(p)
    >>> r.seats, r.small_seat(3), r.small_seat(0), r.big_result((0,))
    ((1, 2), 0, 1, (1, 3))
    """

    original: Position
    position: Position
    seats: tuple

    def small_seat(self, seat: int) -> Optional[int]:
        """The two-player seat that plays for ``seat``: its own, or in a team game its partner's
        left in the game (R27); None for a seat out and safe whatever happens (R28)."""
        if seat in self.seats:
            return self.seats.index(seat)
        t = self.original.rules.teams
        if t:
            for i, s in enumerate(self.seats):
                if s % t == seat % t:
                    return i
        return None

    def to_small(self, move: Move) -> Move:
        """The two-player move of a move of one of the two seats left."""
        if move.seat not in self.seats:
            raise ValueError(f"{seat_text(move.seat)} is out of the game: {move} is not a move of the two left")
        return move._replace(seat=self.seats.index(move.seat))

    def to_big(self, move: Move) -> Move:
        """The original move of a two-player move."""
        return move._replace(seat=self.seats[move.seat])

    def big_result(self, result: Optional[tuple]) -> Optional[tuple]:
        """The original game's result of a two-player result: the durak and, in a team game, his
        team (R27); () for a draw (R29)."""
        if not result:
            return result
        loser = self.seats[result[0]]
        t = self.original.rules.teams
        if not t:
            return (loser,)
        return tuple(s for s in range(self.original.players) if s % t == loser % t)

    def value_for(self, small_value: int, small_seat: int, seat: int) -> int:
        """A value for ``seat`` of the original game from ``small_value``, the value for the
        two-player ``small_seat``: a seat out of the game and of every side left is safe (+1)."""
        mine = self.small_seat(seat)
        if mine is None:
            return 1
        return small_value if mine == small_seat else -small_value

    def big_solution(self, solution: Solution, seat: Optional[int] = None) -> Solution:
        """The solution of the original position from ``solution``, the two-player one's (for its
        seat to act): the moves mapped back, values for ``seat`` (default: the seat to act), the
        line of play replayed on the original position."""
        small = solution.seat
        if seat is None:
            seat = self.seats[small]
        pv = tuple(self.to_big(m) for m in solution.pv)
        line = [self.original]
        for m in pv:
            line.append(line[-1].play_unchecked(m))
        return Solution(self.original, seat, self.value_for(solution.value, small, seat),
                        tuple((self.to_big(m), self.value_for(v, small, seat)) for m, v in solution.move_values),
                        tuple(self.to_big(m) for m in solution.best_moves), pv, solution.nodes,
                        solution.pv_repeats, tuple(line))


def reduce_position(position: Position) -> Reduced:
    """The two-player equivalent of ``position`` (see the module docstring); the identity for a
    two-player position.  Raises :class:`~durak_lab.engine.errors.SolverDomainError` saying why
    there is none.

    >>> from durak_lab.engine.rules import Rules
    >>> try:
    ...     reduce_position(Position.deal(Rules.preset("podkidnoy", players=3), seed=1))
    ... except SolverDomainError as err:
    ...     print(err)
    the talon still holds 18 cards: with 3 players every seat is in the game until it is empty (R28), and the solver plays the two players left then
    """
    r = position.rules
    n = r.players
    if n == 2:
        return Reduced(position, position, (0, 1))
    small_rules = reduced_rules(r)
    if position.talon:
        raise SolverDomainError(f"the talon still holds {len(position.talon)} cards: with {n} players every "
                                "seat is in the game until it is empty (R28), and the solver plays the two "
                                "players left then")
    if position.result is not None:
        raise SolverDomainError(f"the game is over ({position.result_text()}): there is nothing to solve")
    if position.swap_open:
        raise SolverDomainError("the trump-card swap (R6) is still open; the solver starts after it")
    live = holding_seats(position)
    d = position.defender
    if live == (d,) and position.table:  # the other one has just laid his last card: the bout is still theirs
        live = tuple(sorted((d, position.table[-1][2])))
    if len(live) != 2:
        raise SolverDomainError(f"cards are still held by {len(live)} of the {n} players: the solver plays two "
                                "(R2, R28)")
    t = r.teams
    if t and live[0] % t == live[1] % t:  # (the other side's last card is on the table)
        raise SolverDomainError("the seats holding cards are partners: their team is the durak whatever this "
                                "bout brings (R27)")
    if d not in live:
        raise SolverDomainError(f"{seat_text(d)} defends with no cards while a partner covers (R26): three "
                                "seats still act in this bout")
    x = live[1] if live[0] == d else live[0]
    small = {live[0]: 0, live[1]: 1}
    sd, sx = small[d], small[x]
    table = tuple((a, c, small.get(o, sx), small.get(co, sd) if c >= 0 else -1) for a, c, o, co in position.table)
    passed = 0
    for s in live:
        if position.passed >> s & 1 and not (r.partner_covers and s == d):  # (a pass to no partner: nothing)
            passed |= 1 << small[s]
    p = Position._make(small_rules, position.trump, position.trump_card, (position.hands[live[0]], position.hands[live[1]]),
                       (), position.discard, table, sx, sd, position.taking, passed, position.first_limit,
                       position.start_hand, (), (position.known[live[0]], position.known[live[1]]),
                       position.shown_used, False, 0, None)
    return Reduced(position, p, live)
