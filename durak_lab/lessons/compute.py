"""What the engine says the answer of an exercise is: the right cards, the right seat, a fact.

A lesson names *what* the engine should compute (``{"beats": "10♦"}``, ``"lowest-trump"``,
``{"rules": "hand"}``); these functions compute it from a
:class:`~durak_lab.engine.state.Position` or a :class:`~durak_lab.engine.rules.Rules`.
The validator compares their result with the teacher's ``answer``, and the exercise
checker (:mod:`durak_lab.lessons.check`) uses the same result as the right answer.
A check that does not fit the position raises :class:`CheckError` with the problem
(the validator adds the JSON path).

Standard library only.

>>> from durak_lab.engine.state import Position
>>> from durak_lab.engine.rules import Rules
>>> p = Position.start(Rules(players=2), ["7♦ 9♦ 8♥ Q♠", "10♦ 6♣"], trump="♥", discard="rest", attacker=0)
>>> [str(c) for c in right_cards(p, 0, {"beats": "8♦"})]
['8♥', '9♦']
>>> seat_answer(p, "lowest-trump")
0
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, Optional

from ..engine.cards import SUIT_MASKS, Card, CardSet, beats, cards_of
from ..engine.errors import DurakError
from ..engine.moves import ATTACK, COVER, PASS, TAKE, Move
from ..engine.rules import DrawOrder, Rules
from ..engine.state.position import Position

__all__ = ["CheckError", "CARD_CHECKS", "TABLE_CHECKS", "SEAT_CHECKS", "BOUT_END_CHECKS", "right_cards",
           "seat_answer", "draw_seats", "rules_answer", "cards_of_seat", "cards_on_table"]

#: The named card checks of a ``cards`` step picking from the hand (``{"beats": card}`` besides).
CARD_CHECKS = ("playable", "throw-in", "trumps", "covers")
#: The named card checks of a ``cards`` step picking from the table (``{"beats": card}`` besides).
TABLE_CHECKS = ("uncovered", "trumps", "illegal")
#: The seat checks of a ``seat`` step.
SEAT_CHECKS = ("to-act", "leader", "defender", "lowest-trump", "next-leader", "next-defender", "draws-first",
               "draws-last", "durak")
#: The seat checks about the end of the bout: they need ``"if": "bito"`` or ``"take"``.
BOUT_END_CHECKS = ("next-leader", "next-defender", "draws-first", "draws-last")


class CheckError(DurakError, ValueError):
    """A check the position cannot answer (the message says why)."""


def cards_of_seat(position: Position, seat: int) -> list:
    """The cards of ``seat``'s hand, sorted."""
    return cards_of(position.hands[seat])


def cards_on_table(position: Position) -> list:
    """Every card on the table (attack and cover cards), sorted."""
    return cards_of(position.table_cards())


def _beats_card(check: dict) -> Card:
    try:
        return Card(check["beats"])
    except (ValueError, TypeError) as err:
        raise CheckError(f"{check['beats']!r} is not a card: {err}") from None


def right_cards(position: Position, seat: int, check: Any, pick_from: str = "hand") -> tuple:
    """The cards a ``cards`` step's ``check`` picks out, sorted, as a tuple of :class:`Card`.

    From the hand: ``{"beats": X}`` (the cards of the hand that beat X), ``"playable"``
    (the cards of some legal move of ``seat``), ``"throw-in"`` (the cards ``seat`` may
    throw in now, R12), ``"trumps"``, ``"covers"`` (the cards that legally cover some
    attack card, R11).  From the table: ``{"beats": X}``, ``"uncovered"``, ``"trumps"``,
    ``"illegal"`` (pushing durak: the uncovered cards whose rank is not on the table by the normal
    rules, R12, R31; none under the normal rules).

    >>> p = Position.start(Rules(players=2), ["7♦ 7♠ 9♣", "Q♦ 8♥"], trump="♥", discard="rest",
    ...                    attacker=0).play("P1 attack 7♦")
    >>> [str(c) for c in right_cards(p, 1, "covers")], [str(c) for c in right_cards(p, 0, "throw-in")]
    (['8♥', 'Q♦'], ['7♠'])
    """
    trump = position.trump
    if pick_from == "table":
        pool = cards_on_table(position)
        if isinstance(check, dict) and set(check) == {"beats"}:
            x = _beats_card(check)
            return tuple(c for c in pool if beats(c, x, trump))
        if check == "uncovered":
            return tuple(sorted(position.uncovered()))
        if check == "trumps":
            return tuple(c for c in pool if c.suit == trump)
        if check == "illegal":  # pushing durak: the uncovered cards that break R12 (R31)
            return tuple(sorted(position.pushed_cards()))
        raise CheckError(f"{check!r} is not a check of table cards: use {{\"beats\": card}}, "
                         f"{', '.join(repr(c) for c in TABLE_CHECKS)}")
    hand = cards_of_seat(position, seat)
    if isinstance(check, dict) and set(check) == {"beats"}:
        x = _beats_card(check)
        return tuple(c for c in hand if beats(c, x, trump))
    if check == "trumps":
        return tuple(CardSet(position.hands[seat] & SUIT_MASKS[trump]))
    moves = position.legal_moves(seat)
    if check == "playable":
        kinds = None
    elif check == "throw-in":
        if not position.table:
            raise CheckError("nothing is on the table, so nobody can throw in yet")
        kinds = (ATTACK,)
    elif check == "covers":
        if not position.uncovered():
            raise CheckError("no attack card on the table is waiting for a cover")
        kinds = (COVER,)
    else:
        raise CheckError(f"{check!r} is not a check of hand cards: use {{\"beats\": card}}, "
                         f"{', '.join(repr(c) for c in CARD_CHECKS)}")
    mask = 0
    for m in moves:
        if kinds is None or m.kind in kinds:
            for c in m.cards:
                mask |= 1 << c
    return tuple(CardSet(mask & position.hands[seat]))


def _lowest_trump_holder(position: Position) -> Optional[int]:
    best = None
    for s, h in enumerate(position.hands):
        t = h & SUIT_MASKS[position.trump]
        if t:
            low = (t & -t).bit_length() - 1
            if best is None or low < best[0]:
                best = (low, s)
    return None if best is None else best[1]


def _cover_or_pass(p: Position, s: int) -> Move:
    """The move of ``s`` on the way to bito: a cover while a card waits for one, else a pass."""
    if p.uncovered():
        covers = [m for m in p.legal_moves(s) if m.kind == COVER]
        if covers:
            return covers[0]
        if s == p.defender:
            raise CheckError("the defender cannot beat every attack card, so the bout cannot end in bito")
    return Move(PASS, s)


def _finish_bout(position: Position, how: str) -> tuple:
    """The position after the bout ends ``how`` and the events on the way, as ``(position, events)``.

    ``"bito"``: the defender covers what is still uncovered (with the first cover the engine
    allows) and everyone else passes; ``"take"``: the defender takes and everyone else passes.
    Nobody throws in more cards, so the hands are as they are now, less the covers.
    """
    p = position
    if not p.table:
        raise CheckError("no bout is going on: the table is empty")
    events: list = []
    if how == "take":
        if not p.taking:
            m = Move(TAKE, p.defender)
            err = p.why_illegal(m)
            if err is not None:
                raise CheckError(f"the defender cannot take now: {err.message}")
            p, ev = p.play_events(m)
            events += ev
    elif how == "bito":
        if p.taking:
            raise CheckError("the defender has already taken, so the bout cannot end in bito")
    else:
        raise CheckError(f"{how!r} is not how a bout ends: write \"bito\" or \"take\"")
    for _ in range(64):
        if not p.table or p.result is not None:
            break
        s = p.to_act()
        if s is None:
            break
        m = _cover_or_pass(p, s) if how == "bito" else Move(PASS, s)
        if not p.is_legal(m):
            raise CheckError("the bout cannot end now: a player still has to act")
        p, ev = p.play_events(m)
        events += ev
    if p.table and p.result is None:
        raise CheckError("the bout does not end when everyone passes")
    return p, events


def _end_bout(position: Position, how: str) -> Position:
    """The position after the bout ends ``how``, with a next bout to lead (else :class:`CheckError`)."""
    p = _finish_bout(position, how)[0]
    if p.result is not None:
        raise CheckError("the game ends with this bout, so nobody leads a next bout")
    return p


def draw_seats(position: Position, how: str) -> list:
    """The seats that draw from the talon when the bout ends ``how``, in the order they draw (R19).

    Read from the engine's draw events after finishing the bout on a copy of the position:
    the leader first, the other attackers clockwise (or in the order they attacked, the HE
    ``draw_order="attack_order"``), the defender last; a seat with 6 or more cards draws
    nothing, and once the talon is empty nobody draws.

    >>> p = Position.start(Rules(players=3), ["7♦ 9♠ 6♣", "Q♦ 8♠ A♥ K♥ 10♦", "10♣ J♣"],
    ...                    talon="6♠ 10♠ J♠ Q♠ A♠ 6♥ 7♥ 9♥ 10♥ 8♥", trump_card="8♥", discard="rest",
    ...                    attacker=0).play("P1 attack 7♦")
    >>> draw_seats(p, "bito"), draw_seats(p, "take")  # after the take P2 holds 6 cards: no draw
    ([0, 2, 1], [0, 2])
    """
    if position.rules.draw_order is DrawOrder.EQUAL:
        raise CheckError("with draw_order \"equal\" the cards go out one at a time to the shortest hand, "
                         "so there is no first or last to draw")
    if not position.talon:
        raise CheckError("the talon is empty, so nobody draws after this bout")
    _, events = _finish_bout(position, how)
    seats = [e.seat for e in events if e.kind == "draw"]
    if not seats:
        raise CheckError(f"nobody draws after this bout: every hand holds {position.rules.hand_size} "
                         f"cards or more")
    return seats


def seat_answer(position: Position, check: str, how: Optional[str] = None) -> int:
    """The seat (0-based) a ``seat`` step's ``check`` names.

    ``"to-act"`` (the seat to act now), ``"leader"``, ``"defender"``, ``"lowest-trump"``
    (the holder of the lowest trump in the hands, R7), ``"durak"`` (R28), and the checks of
    :data:`BOUT_END_CHECKS`, about the end of this bout if it ends ``how`` (``"bito"``: R17,
    or ``"take"``: R18): ``"next-leader"`` and ``"next-defender"`` (who leads and who
    defends the next bout), ``"draws-first"`` and ``"draws-last"`` (the first and the last
    seat to draw from the talon, R19: see :func:`draw_seats`).

    >>> p = Position.start(Rules(players=3), ["7♦", "Q♦ 8♠", "7♣ A♥"], trump="♥", discard="rest",
    ...                    attacker=0).play("P1 attack 7♦")
    >>> seat_answer(p, "next-leader", "take"), seat_answer(p, "next-defender", "take"), seat_answer(p, "defender")
    (2, 1, 1)
    """
    p = position
    if check == "to-act":
        s = p.to_act()
        if s is None:
            raise CheckError("the game is over: nobody acts")
        return s
    if check == "leader":
        return p.leader
    if check == "defender":
        return p.defender
    if check == "lowest-trump":
        s = _lowest_trump_holder(p)
        if s is None:
            raise CheckError("no hand holds a trump")
        return s
    if check == "next-leader":
        return _end_bout(p, how or "").leader
    if check == "next-defender":
        return _end_bout(p, how or "").defender
    if check == "draws-first":
        return draw_seats(p, how or "")[0]
    if check == "draws-last":
        return draw_seats(p, how or "")[-1]
    if check == "durak":
        if p.result is None:
            raise CheckError("the game is not over, so there is no durak yet")
        if len(p.result) != 1:
            raise CheckError("the game has no single durak")
        return p.result[0]
    raise CheckError(f"{check!r} is not a seat check: use {', '.join(repr(c) for c in SEAT_CHECKS)}")


def rules_answer(rules: Rules, field: str) -> str:
    """A rules option as the text a ``choice`` answer gives, e.g. ``"6"`` for ``hand_size``.

    ``field`` is a :class:`Rules` field name; ``"hand"`` is short for ``hand_size``.

    >>> rules_answer(Rules(), "hand"), rules_answer(Rules.preset("finnish"), "deck"), rules_answer(Rules(), "transfer")
    ('6', '52', 'no')
    """
    name = {"hand": "hand_size"}.get(field, field)
    names = [f.name for f in dataclasses.fields(Rules)]
    if name not in names:
        raise CheckError(f"{field!r} is not a rules option; options: {', '.join(names)}")
    value = getattr(rules, name)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)
