"""What one seat observes through a game: the public facts, in order, for inference.

:func:`observe` replays a game (a record, a :class:`~durak_lab.engine.game.Game`, or
a start position and moves) and lists, from one seat's point of view, every
fact about the cards it cannot see.  Only public information goes in: what the
seat holds and draws itself, the moves everyone sees, who picks up what, how
many cards each seat draws, who draws the face-up trump card.

The facts (:class:`Fact`, by ``kind``):

``act``      another seat made a move; ``situation`` is the public state
             before it (an :class:`ActionView`), ``known`` the mover's cards
             everyone knew then.  An opponent model weighs it (evidence, not proof).
``reveal``   cards that nobody knew the seat held left its hidden cards: played,
             or shown (R24) / swapped (R6).
``draw``     the seat drew ``count`` cards nobody else sees (from the talon).
``see``      the observer drew ``cards`` (the pool of unseen cards shrinks).
``lacks``    a bout ended by itself (R16) while the ``seats`` could have
             thrown in: none of them held a card of ``cards`` (the table's ranks).
``has``      the bout went on although the observer could add nothing: one of
             ``seats`` held a card of ``cards``.
``holds``    the seat holds ``cards`` (the R6 swap holder acting first).
``step``     the end of move ``index`` (0 is the start, before any move).

The ``lacks``/``has``/``holds`` facts and the R7 facts at the start
(:attr:`Timeline.talon_facts`) are *rule facts*: the engine forces them, they
are certain, but a card-counting view does not record them.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 7♠", "Q♦ 9♣ 8♥"], talon="K♣ A♠ 6♥", trump_card="6♥",
...                    discard="rest", attacker=0, first_bout=False)
>>> t = observe((p, ["P1 attack 7♦", "P2 cover 7♦ with Q♦"]), seat=1)     # what P2 sees
>>> [f.kind for f in t.facts]
['step', 'act', 'reveal', 'step', 'has', 'step']
>>> CardSet(t.facts[4].cards)     # the bout goes on: P1 holds a 7 or a queen to throw in
CardSet('7♠ Q♠ 7♥ Q♥ 7♣ Q♣')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, NamedTuple, Optional

from ...engine.cards import CardSet, popcount, ranks_mask
from ...engine.errors import PositionError
from ...engine.game import Game
from ...engine.moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from ..probability import deal_talon_facts
from ...engine.rules import AfterTake, ThrowIn
from ...engine.state.position import Position
from ...engine.view import PlayerView, view_of

__all__ = ["ActionView", "Fact", "Timeline", "observe", "history_of"]


@dataclass(frozen=True)
class ActionView(PlayerView):
    """A :class:`PlayerView` before a move, with the public facts an opponent model needs.

    ``mover`` is the seat about to move, ``room`` how many more attack cards
    the table takes (R13, R14), ``attackers`` the seats that may throw in now.

    >>> from durak_lab.engine.rules import Rules
    >>> t = observe((Position.deal(Rules(players=3), seed=1), ["P2 attack 7♥", "P3 take"]), seat=0)
    >>> v = [f for f in t.facts if f.kind == "act"][1].situation     # before P3 takes, seen from P1
    >>> v.seat, v.mover, v.room, v.attackers      # 4 more cards may follow the 7♥ (R14: 5 in the first bout)
    (0, 2, 4, (1, 0))
    """

    mover: int = -1
    room: int = 0
    attackers: tuple = ()


class Fact(NamedTuple):
    """One observed fact (see the module docstring for the kinds).

    >>> Fact("reveal", 1, CardSet.parse("7♦").mask)
    Fact('reveal', seat=1, cards=7♦)
    """

    kind: str
    seat: int = -1
    cards: int = 0
    count: int = 0  # type: ignore[assignment]  # a field named like tuple.count, which it hides on purpose
    move: Optional[Move] = None
    situation: Optional[ActionView] = None
    known: int = 0
    seats: tuple = ()
    index: int = 0  # type: ignore[assignment]  # a field named like tuple.index, which it hides on purpose
    known_by_seat: tuple = ()

    def __repr__(self) -> str:
        extra = f", cards={CardSet(self.cards)}" if self.cards else ""
        extra += f", move={self.move}" if self.move is not None else ""
        return f"Fact({self.kind!r}, seat={self.seat}{extra})"


@dataclass(frozen=True)
class Timeline:
    """The facts one seat observed through a game.

    ``start`` is the observer's view at the start, ``views`` its view after
    each move (``views[0]`` is the start), ``talon_facts`` the unseen cards R7
    places in the talon at the deal (valid until the first draw), ``facts``
    the facts in order, ``moves`` the moves.  ``positions`` are the real
    positions, kept only as templates of their public fields; the inference
    never reads their hidden cards.

    >>> from durak_lab.engine.rules import Rules
    >>> t = observe(Game.deal(Rules(players=2), seed=1), seat=0)
    >>> len(t), t.players, len(t.views)
    (0, 2, 1)
    """

    seat: int
    start: PlayerView
    views: tuple
    talon_facts: int
    facts: tuple
    moves: tuple
    positions: tuple

    @property
    def players(self) -> int:
        """Number of seats.

        >>> from durak_lab.engine.rules import Rules
        >>> observe(Game.deal(Rules(players=4), seed=1), seat=0).players
        4
        """
        return self.start.rules.players

    def __len__(self) -> int:
        return len(self.moves)


def history_of(source: Any) -> tuple:
    """``(start position, moves, R7 chose the leader)`` of a record, a game or a ``(position, moves)`` pair.

    A record's moves stop before its first move the rules reject.

    >>> from durak_lab.engine.rules import Rules
    >>> start, moves, r7 = history_of(Game.deal(Rules(players=2), seed=1))
    >>> moves, r7
    ([], True)
    """
    from ...engine.records.record import Record, replay

    if isinstance(source, Record):
        game = replay(source).game
        return game.start, list(game.moves), not source.attacker_given
    if isinstance(source, Game):
        return source.start, list(source.moves), True
    if isinstance(source, (tuple, list)) and len(source) == 2 and isinstance(source[0], Position):
        start, moves = source
        return start, [Move.parse(m, start.players) if isinstance(m, str) else m for m in moves], True
    raise TypeError(f"{source!r} is not a record, a game, or a (position, moves) pair")


def _action_view(p: Position, seat: int, mover: int) -> ActionView:
    v = view_of(p, seat)
    data = {f.name: getattr(v, f.name) for f in fields(PlayerView)}
    room = p.room() if p.table else 0
    return ActionView(**data, mover=mover, room=room, attackers=tuple(p.attackers()))


def _pre_settle(before: Position, m: Move) -> Optional[Position]:
    """The position right after ``m`` is applied, before the bout is checked for its end."""
    s = m.seat
    turns = before.rules.throw_in is ThrowIn.BY_TURNS  # attack by turns: its own passes (R12)
    if m.kind == PASS:
        return before._replace(passed=before._turns_after_pass(s) if turns else before.passed | 1 << s)
    if m.kind == TAKE:
        return before._replace(taking=True, passed=0)
    if m.kind not in (ATTACK, COVER):
        return None  # a transfer, show or swap never ends a bout; a challenge (pushing) yields no rule fact
    cm = 0
    for c in m.cards:
        cm |= 1 << c
    hands = before.hands[:s] + (before.hands[s] & ~cm,) + before.hands[s + 1:]
    known = before.known[:s] + (before.known[s] & ~cm,) + before.known[s + 1:]
    if m.kind == ATTACK:
        table = before.table + tuple((c, -1, s, -1) for c in m.cards)
        start_hand = before.start_hand if before.table else popcount(before.hands[before.defender])
        passed = before._turns_after_card(s, True, hands[s]) if turns and before.table else 0
        return before._replace(hands=hands, known=known, table=table, passed=passed, start_hand=start_hand)
    table = tuple((e[0], m.cards[0], e[2], s) if e[0] == m.target else e for e in before.table)
    passed = before._turns_after_card(s, False, 0) if turns else 0
    return before._replace(hands=hands, known=known, table=table, passed=passed)


def _attack_phase(q: Position) -> Optional[tuple]:
    """``(seats, ranks)`` when the end of the bout in ``q`` hangs on whether ``seats`` can throw in."""
    if not q.table or q.result is not None:
        return None
    r = q.rules
    if r.pushing:  # pushing durak: any card may be laid, so a bout's end tells nothing about ranks held
        return None
    if not q.taking:
        if not q.hands[q.defender]:
            return None
        if any(c < 0 for _, c, _, _ in q.table):
            return None
    elif r.after_take is AfterTake.NONE:
        return None
    if q.room() <= 0:
        return None
    if r.throw_in is ThrowIn.BY_TURNS and q._turns_holder() is not None:
        # attack by turns while a turn is not over: the bout goes on iff any attacker can add (R12)
        seats = tuple(q.attackers())
    else:
        seats = tuple(s for s in q.attackers() if not q.passed >> s & 1)
    tm = q.table_cards()
    return seats, ranks_mask(tm) & ~tm


def observe(source: Any, seat: int, upto: Optional[int] = None, rule_facts: bool = True) -> Timeline:
    """The facts ``seat`` observes through a game (see the module docstring).

    ``source``: a :class:`~durak_lab.engine.records.Record`, a :class:`Game`, or
    ``(start position, moves)``; ``upto``: only the first ``upto`` moves;
    ``rule_facts=False`` leaves out the facts the rules force (R7 at the deal,
    bouts that end by themselves, the R6 swap holder), keeping only what a
    card-counting view holds.

    >>> from durak_lab.engine.records import load_example
    >>> t = observe(load_example("EX-KO-DEAL"), seat=0)
    >>> len(t), CardSet(t.talon_facts)      # P2 showed the 6♥, the lowest trump: no fact
    (1, CardSet(''))
    """
    start, moves, by_r7 = history_of(source)
    n = start.players
    if not 0 <= seat < n:
        raise PositionError(f"seat: no seat {seat + 1} in a {n}-player game")
    if upto is not None:
        if not 0 <= upto <= len(moves):
            raise IndexError(f"upto: the game has {len(moves)} moves, not {upto}")
        moves = moves[:upto]
    v0 = view_of(start, seat)
    talon_facts = deal_talon_facts(start, by_r7) & v0.unseen_mask() if rule_facts else 0
    facts: list = [Fact("step", index=0)]
    views = [v0]
    positions = [start]
    p = start
    for i, m in enumerate(moves):
        s = m.seat
        if s != seat:
            facts.append(Fact("act", s, move=m, situation=_action_view(p, seat, s), known=p.known[s]))
        after, events = p.play_events(m)
        if s != seat:
            if m.kind in (ATTACK, COVER, TRANSFER, SHOW, SWAP):
                cm = 0
                for c in m.cards:
                    cm |= 1 << c
                hidden = cm & ~p.known[s]
                if hidden:
                    facts.append(Fact("reveal", s, hidden))
            elif m.kind == PASS and rule_facts and p.swap_open and not p.table:
                six = p.trump * 13 + p.rules.swap_rank - 2
                facts.append(Fact("holds", s, 1 << six, known=p.known[s]))
        ended = any(e.kind in ("bito", "pickup") for e in events)
        if rule_facts:
            q = _pre_settle(p, m) if ended else after
            phase = _attack_phase(q) if q is not None else None
            if q is not None and phase is not None:
                seats, ranks = phase
                others = tuple(x for x in seats if x != seat)
                own = seat in seats and q.hands[seat] & ranks
                if others and not own:
                    facts.append(Fact("lacks" if ended else "has", cards=ranks, seats=others,
                                      known_by_seat=q.known))
        tc = p.trump_card
        for e in events:
            if e.kind == "draw":
                cm = 0
                for c in e.cards:
                    if c != tc:
                        cm |= 1 << c
                if e.seat == seat:
                    if cm:
                        facts.append(Fact("see", seat, cm))
                elif cm:
                    facts.append(Fact("draw", e.seat, count=popcount(cm)))
        facts.append(Fact("step", index=i + 1))
        p = after
        views.append(view_of(p, seat))
        positions.append(p)
    return Timeline(seat, v0, tuple(views), talon_facts, tuple(facts), tuple(moves), tuple(positions))
