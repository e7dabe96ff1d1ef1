"""Is a position one a game can be in?  :func:`validate_position` says what is wrong with one that is not.

A position built from explicit cards (:meth:`Position.start <durak_lab.engine.state.Position.start>`)
or read from its text (:meth:`Position.parse <durak_lab.engine.state.Position.parse>`) is checked
before anyone plays it, so that a lesson, a solver or a learner never meets a dead end:

* **cards**: every card of the deck exactly once across the hands, the talon, the discard and the
  table (R1); the face-up trump card of the trump suit and the talon's last card (R3, R5); every
  cover beats the card it covers (R11); the known cards inside their hands;
* **seats**: every seat named (leader, defender, owners on the table, the masks of who passed and
  who is in the bout, the durak) is a seat of the game;
* **roles**: while the game goes on, the leader and the defender are two opponents (R9, R25), the
  defender (or, where partners cover, his side) holds cards (R16, R26), a bout that has not begun
  is led by a seat holding cards, only the defender's side covers (R11, R26) and only a bout with
  cards on the table can be taken (R15);
  the trump swap is open only before the first lead, under rules that have it, with the face-up
  card still under the talon and the lowest trump in a hand (R6);
* **a move**: unless the game is over, the seat whose turn it is has a legal move (and a finished
  game has no cards left in the talon or on the table, and only durak seats hold cards, R28, R29,
  but for the ficus finish).

Positions reached by playing legal moves always pass (the engine's tests check this over whole
games of every preset); the checks are for positions written by people.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦", "Q♦"], trump="♥", discard="rest", attacker=0)
>>> validate_position(p) is p
True
>>> validate_position(p._replace(defender=0))
Traceback (most recent call last):
...
durak_lab.engine.errors.PositionError: def: P1 leads and cannot also defend (R9)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import BEATERS, CardSet
from ..errors import PositionError
from ..moves import seat_text
from ..rules import TrumpSwap

if TYPE_CHECKING:
    from .position import Position

__all__ = ["validate_position"]


def validate_position(p: Position) -> Position:
    """``p`` itself if a game can be in it; else :class:`~durak_lab.engine.errors.PositionError`
    naming the field that is wrong (``def:``, ``table[2]:``, ``hands.P3:`` …) and why."""
    _cards(p)
    _seats(p)
    if p.result is not None:
        _finished(p)
    else:
        _roles(p)
        _someone_moves(p)
    return p


def _cards(p: Position) -> None:
    from .position import check_cards  # position imports this module: import at call time

    if len(set(p.talon)) != len(p.talon):
        raise PositionError("talon: a card appears twice")
    table = [x for entry in p.table for x in entry[:2] if x >= 0]
    if len(set(table)) != len(table):
        raise PositionError("table: a card appears twice")
    if not 0 <= p.trump < 4:
        raise PositionError(f"trump: {p.trump!r} is not a suit")
    talon = 0
    for c in p.talon:
        talon |= 1 << c
    groups = [(f"hands.{seat_text(i)}", h) for i, h in enumerate(p.hands)]
    check_cards(p.rules, groups + [("talon", talon), ("discard", p.discard), ("table", p.table_cards())])
    tc = p.trump_card
    if tc >= 0:
        if tc >= 52 or tc // 13 != p.trump:
            raise PositionError("card: the trump card's suit is not the trump")
        if p.talon and p.talon[-1] != tc:
            raise PositionError(f"talon: the face-up trump card {CardSet(1 << tc)} must be the talon's last "
                                "card, drawn last (R3)")
    for i, k in enumerate(p.known):
        if k & ~p.hands[i]:
            raise PositionError(f"known.{seat_text(i)}: known cards must be in that hand")
    for i, (attack, cover, _, _) in enumerate(p.table):
        if cover >= 0 and not BEATERS[p.trump][attack] >> cover & 1:
            raise PositionError(f"table[{i}]: {CardSet(1 << cover)} does not beat {CardSet(1 << attack)} (R11)")


def _seats(p: Position) -> None:
    n = p.players
    if len(p.hands) != n or len(p.known) != n:
        raise PositionError(f"hands: {len(p.hands)} hands for {n} players")
    for name, s in (("lead", p.leader), ("def", p.defender)):
        if not 0 <= s < n:
            raise PositionError(f"{name}: no seat {s + 1} in a {n}-player game")
    everyone = (1 << n) - 1
    for name, m in (("passed", p.passed), ("inbout", p.in_bout)):
        if m & ~everyone:
            raise PositionError(f"{name}: no such seat in a {n}-player game")
    for i, (_, c, o, co) in enumerate(p.table):
        if not 0 <= o < n or (c >= 0) != (0 <= co < n):
            raise PositionError(f"table[{i}]: no such seat in a {n}-player game")
    if any(not 0 <= s < n for s in p.attack_order):
        raise PositionError(f"order: no such seat in a {n}-player game")
    if p.result is not None and (any(not 0 <= s < n for s in p.result) or list(p.result) != sorted(set(p.result))):
        raise PositionError(f"result: each durak once, seats of a {n}-player game")


def _finished(p: Position) -> None:
    """A finished game (R28, R29): nothing left to play, only the durak seats hold cards."""
    if p.talon:
        raise PositionError("result: the game cannot be over while the talon holds cards (R28)")
    if p.table:
        raise PositionError("result: the game cannot be over while cards lie on the table (R16)")
    if p.rules.ficus:  # the ficus finish may end the game with cards in the winner's hand (R28)
        return
    for s in range(p.players):
        if p.hands[s] and s not in p.result:  # type: ignore[operator]  # result is not None here
            raise PositionError(f"result: {seat_text(s)} still holds cards, so the game is not over (R28)")


def _roles(p: Position) -> None:
    r = p.rules
    lead, d = p.leader, p.defender
    if lead == d:
        raise PositionError(f"def: {seat_text(lead)} leads and cannot also defend (R9)")
    if r.teams and lead % r.teams == d % r.teams:
        raise PositionError(f"def: {seat_text(d)} is {seat_text(lead)}'s partner: an attack goes to an "
                            "opponent (R25)")
    side = [s for s in range(p.players) if s % r.teams == d % r.teams] if r.partner_covers else [d]
    if not any(p.hands[s] for s in side):  # with partner_covers the defender's partner covers too (R26)
        raise PositionError(f"def: {seat_text(d)} holds no cards and cannot defend (R16, R28)")
    if not p.table:
        if not p.hands[lead]:
            raise PositionError(f"lead: {seat_text(lead)} holds no cards and cannot lead (R28)")
        if p.taking:
            raise PositionError("take: there is nothing on the table to take (R15)")
        if p.passed:
            raise PositionError("passed: nobody can pass before the first card of the bout")
    for i, (_, c, _, co) in enumerate(p.table):
        if c >= 0 and (co % r.teams != d % r.teams if r.teams else co != d):
            raise PositionError(f"table[{i}]: {seat_text(co)} covered, but only the defender's side "
                                f"covers ({seat_text(d)} defends, R11, R26)")
    if p.swap_open:
        if r.trump_swap is TrumpSwap.OFF:
            raise PositionError("swap: these rules have no trump-card swap (R6)")
        if p.table:
            raise PositionError("swap: the trump card can be swapped only before the first lead (R6)")
        if p.trump_card < 0 or not p.talon:
            raise PositionError("swap: there is no face-up trump card under the talon to swap for (R6)")
        if p.swap_holder() is None:
            raise PositionError("swap: nobody holds the lowest trump to swap (R6)")
    if p.first_limit and r.first_bout_limit is None:
        raise PositionError("first: these rules have no first-bout limit (R14)")


def _someone_moves(p: Position) -> None:
    """The game goes on, so the seat whose turn it is must have a move: else nobody can ever move."""
    s = p.to_act()
    if s is None:
        raise PositionError("nobody is to act, yet the game has no result")
    if not p.sequential_moves():  # the seat to act's moves, among every seat's legal moves
        where = "table" if p.table else "lead"
        raise PositionError(f"{where}: {seat_text(s)} is to act but has no legal move, and the game has no "
                            "result: nobody can ever move (the bout should have ended)")
