"""The worlds a search plays: the hidden cards dealt from what a seat has seen, as kernel states.

A seat does not see the other hands or the talon's order.  A *world* deals the
cards it has not seen into the hidden places (:func:`~durak_lab.analysis.sampling.iter_worlds`,
from the seat's view alone: R3, R7, R18, R24); :func:`kernel_worlds` gives them
as lean-kernel states (:mod:`durak_lab.engine.kernel`), ready to be played out.
With a *reading* of the other seats' moves (any object with ``plan(view)`` and
``bars(plan, rng)``, as the expert bot's :class:`~durak_lab.analysis.inference.reading.Reading`),
each world keeps what their moves said about their cards.

:func:`score` and :func:`outcome_index` say what a finished game is worth to a seat.

Standard library only.
"""

from __future__ import annotations

import random
from typing import Any, Iterator, Optional, Protocol

from ...engine.cards import ranks_mask
from ...engine.kernel.core import KState, check_rules, kernel_state
from ...engine.kernel.fields import HANDS, TALON
from ...engine.kernel.loop import run
from ...engine.rules import ThrowIn
from ...engine.view import PlayerView
from ..sampling import SamplingError, iter_deals, world_with

__all__ = ["Evidence", "kernel_worlds", "score", "outcome_index", "WIN_I", "DRAW_I", "LOSE_I"]

#: Where a game's outcome for a seat is counted: its side is not the durak, nobody is, it is.
WIN_I, DRAW_I, LOSE_I = 0, 1, 2


class Evidence(Protocol):
    """What the worlds keep of the other seats' moves: a plan per seat for a view, and for one world
    the cards barred from each hidden card (:class:`~durak_lab.analysis.inference.reading.Reading` is one)."""

    def plan(self, view: PlayerView) -> tuple: ...

    def bars(self, plan: tuple, rng: random.Random) -> tuple: ...


def score(result: Optional[tuple], seat: int) -> float:
    """What a finished game is worth to ``seat``: 0 when its side is the durak, 1 when not, 1/2 after a
    draw (``result`` ``()``, R29) or a game stopped unfinished (None).  In a team game ``result``
    names every seat of the losing team (R25, R27).

    >>> score((1,), 0), score((1,), 1), score((), 0), score(None, 1), score((1, 3), 3)
    (1.0, 0.0, 0.5, 0.5, 0.0)
    """
    if not result:
        return 0.5
    return 0.0 if seat in result else 1.0


def outcome_index(result: Optional[tuple], seat: int) -> int:
    """:data:`WIN_I`, :data:`DRAW_I` or :data:`LOSE_I`: the outcome of a finished game for ``seat``
    (an unfinished one counts as a draw).

    >>> outcome_index((1,), 0), outcome_index((), 0), outcome_index((0,), 0)
    (0, 1, 2)
    """
    if not result:
        return DRAW_I
    return LOSE_I if seat in result else WIN_I


def kernel_worlds(view: PlayerView, rng: random.Random, tries: int = 20, reading: Optional[Any] = None,
                  attempts: int = 50) -> Iterator[KState]:
    """Kernel states of worlds consistent with ``view``, for as long as you ask.

    Each is a world of :func:`~durak_lab.analysis.sampling.iter_worlds` (the
    unseen cards dealt at random into the hidden places), as a kernel state.
    Under the sequential protocol, whose turn it is can depend on hidden cards
    (an attacker earlier in the order who could throw in acts first): a world
    where another seat would act now is dealt again (the same way), up to
    ``tries`` times, then kept all the same (with two players the table says
    whose turn it is: no world is dealt again).  With a ``reading`` of the other
    seats' moves (an :class:`Evidence`, read up to ``view``), every world keeps
    what they said: each hidden card is dealt around the facts read since it
    came into the hand.  If ``attempts`` deals in a row keep no world (the
    facts cannot all be true: a player who is not greedy), the worlds are dealt
    without them from then on.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.engine import kernel
    >>> p = Position.deal(Rules(players=3), seed=2)
    >>> w = next(kernel_worlds(p.view(0), random.Random(0)))
    >>> w.hands[0] == p.hands[0], kernel.to_act(w) == p.to_act()
    (True, True)
    """
    cfg = check_rules(view.rules)
    # two players: the seat to act is the one whose answer the table waits for, whatever the hidden
    # cards (only a third seat, an earlier attacker who might throw in, can come first)
    seat = view.to_act if view.rules.players > 2 and not turn_is_public(view) else None
    plan = reading.plan(view) if reading is not None else ()
    if any(plan):
        assert reading is not None
        bars = reading.bars
        source = iter_deals(view, rng, max_attempts=attempts, exclude=lambda r: bars(plan, r))
    else:
        source = iter_deals(view, rng, max_attempts=None)
    # every world is this state with other hands and talon: the view's public fields, converted once
    head, tail = _frame(view)
    make = tuple.__new__

    def pick() -> KState:
        nonlocal source
        try:
            hands, talon = next(source)
        except SamplingError:
            source = iter_deals(view, rng, max_attempts=None)
            hands, talon = next(source)
        return make(KState, head + (hands, tuple(map(int, talon))) + tail)

    while True:
        k = pick()
        if seat is not None:
            for _ in range(tries):
                moves = run(cfg, k, 0, None, None, None)[1]
                if not moves or moves[0] >> 12 & 15 == seat:
                    break
                k = pick()
        yield k


def turn_is_public(view: PlayerView) -> bool:
    """Whether every world of ``view`` has the same seat to act as ``view`` says, whatever the hidden
    cards: at a lead (R10), on the defence of an uncovered card (R11, R15, the partner's cover R26:
    who passed is public), and at a throw-in (R12) when the seat asked is this one and it holds a
    card of a rank on the table (the first attacker who holds cards and has not passed is asked
    while anyone can add, and this one can).  Attack by turns (R12) is not judged here: False.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.deal(Rules(players=3), seed=2)
    >>> turn_is_public(p.view(p.to_act()))          # a lead
    True
    """
    if view.rules.throw_in is ThrowIn.BY_TURNS:
        return False
    if not view.table or (not view.taking and any(c < 0 for _, c, _, _ in view.table)):
        return True
    return view.to_act == view.seat and bool(view.hand_mask & ranks_mask(view.table_cards()))


def _frame(view: PlayerView) -> tuple:
    """The kernel state's fields before the hands and after the talon, for worlds of ``view``."""
    k = kernel_state(world_with(view, view.known, ()))
    return tuple(k[:HANDS]), tuple(k[TALON + 1:])
