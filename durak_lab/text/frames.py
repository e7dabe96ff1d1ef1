"""Display frames of a record: one frame per move, and one per event after it.

A worked example steps through *frames*: the start position, then each move,
and after a move that ends a bout each thing that follows by itself (bito or
the pick-up, every draw in order, the next bout, the end of the game) as a
frame of its own.  What a frame shows is a :class:`Snapshot`: the cards and
seats a table display needs, and nothing the engine needs to play on.

A snapshot between two engine positions is derived, purely, from the previous
snapshot: :func:`after_move` puts the move's cards on the table,
:func:`after_event` moves cards as the event says (drawn cards leave the talon
for a hand, bito sends the table to the discard …).  After the last event of a
move the derived snapshot equals :func:`snapshot_of` the engine's position
(tested for every worked example and for random games of every preset).

Standard library and the durak_lab core only.

>>> from durak_lab.engine.records import load_example
>>> frames = frames_of(load_example("EX-ZH-BOUT"))
>>> [f.text for f in frames[7:]]
['Bito: 8♠ 7♥ 10♥ 10♦ 8♣ Q♣ go to the discard.', 'P4 draws 1 card.', 'P2 draws 1 card.', 'P3 draws 1 card.', 'P1 draws 3 cards.', 'P1 leads against P2.']
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Optional, Sequence, Union

from ..engine.cards import Card, cards_of  # noqa: F401  (Card and cards_of appear in the examples)
from .explain import describe_move, reason_sentence
from .catalogue import language
from .messages import say
from .narrate import event_sentence
from ..engine.moves import ATTACK, CHALLENGE, COVER, SHOW, SWAP, TAKE, TRANSFER, Move
from ..engine.records.record import Record, ReplayResult, replay
from ..engine.rules import Rules  # noqa: F401  (the examples build positions with it)
from ..engine.state.position import Event, Position

__all__ = ["Snapshot", "Frame", "snapshot_of", "after_move", "after_event", "derive_step", "frames_of",
           "EVENT_RULES", "MOVE_RULES"]

#: The rule ids an event illustrates.
EVENT_RULES = {
    "bito": ("R16", "R17"),
    "pickup": ("R18",),
    "return": ("R13",),
    "draw": ("R19",),
    "out": ("R28",),
    "over": ("R28",),
    "ficus": ("R28",),
}

#: The rule id a move illustrates when its record cites none.
MOVE_RULES = {ATTACK: "R12", COVER: "R11", TRANSFER: "R20", SHOW: "R24", TAKE: "R15", "pass": "R16",
              SWAP: "R6", "choose": "R13", CHALLENGE: "R31"}


class Snapshot(NamedTuple):
    """What a table display shows: cards, seats and roles at one moment.

    The fields mean what they mean on :class:`~durak_lab.engine.state.Position`:
    ``hands`` and ``known`` are card masks by seat, ``talon`` the card ids (next
    first, the face-up ``trump_card`` last; -1 when there is none), ``discard``
    a mask, ``table`` tuples ``(attack, cover, attack_owner, cover_owner)``
    (cover -1 while uncovered), ``leader`` and ``defender`` seats, ``taking``
    whether the defender has decided to take, ``result`` None while the game
    goes on, else the durak seats (empty for a draw).  ``teams`` is the number
    of teams (0 without), needed to pass an attack on.

    >>> s = snapshot_of(Position.start(Rules(players=2), ["7♦", "Q♦"], trump="♥", discard="rest"))
    >>> s.players, s.trump_card, s.table, s.leader, s.defender
    (2, -1, (), 0, 1)
    """

    players: int
    trump: int
    trump_card: int
    hands: tuple
    known: tuple
    talon: tuple
    discard: int
    table: tuple
    leader: int
    defender: int
    taking: bool = False
    result: Optional[tuple] = None
    teams: int = 0


def snapshot_of(position: Position) -> Snapshot:
    """The snapshot of an engine position.

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦"], trump="♥", discard="rest", attacker=0)
    >>> snapshot_of(p.play("P1 attack 7♦")).table
    ((Card('7♦'), -1, 0, -1),)
    """
    p = position
    return Snapshot(p.players, p.trump, p.trump_card, p.hands, p.known, p.talon, p.discard, p.table,
                    p.leader, p.defender, p.taking, p.result, p.rules.teams)


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _next_opponent(s: Snapshot, hands: Sequence[int], seat: int) -> int:
    n = s.players
    for i in range(1, n):
        x = (seat + i) % n
        if (hands[x] or s.talon) and (not s.teams or x % s.teams != seat % s.teams):
            return x
    return seat


def after_move(snapshot: Snapshot, move: Move) -> Snapshot:
    """The display just after ``move`` (legal in this snapshot), before anything follows by itself.

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    >>> s = after_move(snapshot_of(p), Move.parse("P1 attack 7♦"))
    >>> s.table, [len(cards_of(h)) for h in s.hands]
    (((Card('7♦'), -1, 0, -1),), [0, 2])
    """
    s = snapshot
    seat = move.seat
    kind = move.kind
    cm = _mask(move.cards)
    hands = list(s.hands)
    known = list(s.known)
    table = s.table
    leader, defender, talon, trump_card = s.leader, s.defender, s.talon, s.trump_card
    taking = s.taking
    if kind in (ATTACK, COVER, TRANSFER):
        hands[seat] &= ~cm
        known[seat] &= ~cm
    if kind == ATTACK:
        table = table + tuple((c, -1, seat, -1) for c in move.cards)
    elif kind == COVER:
        c = move.cards[0]
        table = tuple((e[0], c, e[2], seat) if e[0] == move.target else e for e in table)
    elif kind in (TRANSFER, SHOW):
        if kind == TRANSFER:
            table = table + tuple((c, -1, defender, -1) for c in move.cards)
        else:
            known[seat] |= cm
        nxt = _next_opponent(s, hands, defender)
        if nxt == leader:  # the attack came round to its leader (R23)
            leader = defender
        defender = nxt
    elif kind == TAKE:
        taking = True
    elif kind == CHALLENGE:  # pushing durak: the card goes back to its owner, face up (R31)
        a = move.cards[0]
        for e in table:
            if e[0] == a:
                hands[e[2]] |= 1 << a
                known[e[2]] |= 1 << a
        table = tuple(e for e in table if e[0] != a)
    elif kind == SWAP:
        six = move.cards[0]
        hands[seat] = hands[seat] & ~cm | 1 << trump_card
        known[seat] = known[seat] & ~cm | 1 << trump_card
        talon = talon[:-1] + (six,)
        trump_card = six
    return s._replace(hands=tuple(hands), known=tuple(known), table=table, leader=leader,
                      defender=defender, talon=talon, trump_card=trump_card, taking=taking)


def after_event(snapshot: Snapshot, event: Event) -> Snapshot:
    """The display after ``event``: the event's cards move from where they were to where they go.

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], talon=["K♣", "9♥"], trump_card="9♥",
    ...                    discard="rest", attacker=0)
    >>> s = snapshot_of(p)
    >>> s = after_event(s, Event("draw", 0, (Card("K♣"),)))
    >>> Card(s.talon[0]), len(cards_of(s.hands[0]))
    (Card('9♥'), 2)
    """
    s = snapshot
    kind = event.kind
    em = _mask(event.cards)
    hands = list(s.hands)
    known = list(s.known)
    if kind == "bito":
        table = tuple(e for e in s.table if not (1 << e[0] & em))
        return s._replace(table=table, discard=s.discard | em, taking=False)
    if kind == "pickup":
        hands[event.seat] |= em
        known[event.seat] |= em
        return s._replace(hands=tuple(hands), known=tuple(known), table=(), taking=False)
    if kind == "return":
        hands[event.seat] |= em
        known[event.seat] |= em
        table = tuple(e for e in s.table if not (1 << e[0] & em))
        return s._replace(hands=tuple(hands), known=tuple(known), table=table)
    if kind == "draw":
        hands[event.seat] |= em
        if s.trump_card >= 0 and em >> s.trump_card & 1:
            known[event.seat] |= 1 << s.trump_card  # the face-up card is drawn in public view
        talon = tuple(c for c in s.talon if not em >> c & 1)
        return s._replace(hands=tuple(hands), known=tuple(known), talon=talon)
    if kind == "bout":
        return s._replace(leader=event.seat, defender=event.other, table=(), taking=False)
    if kind == "ficus":  # the ficus finish (Rules.ficus): the five cards are shown, the table is cleared
        known[event.seat] |= em
        gone = 0
        for e in s.table:
            gone |= 1 << e[0] | (1 << e[1] if e[1] >= 0 else 0)
        return s._replace(known=tuple(known), table=(), discard=s.discard | gone, taking=False)
    if kind == "over":
        return s._replace(result=tuple(event.losers), table=(), taking=False)
    return s  # "out": the seat is already empty; the display marks it


def derive_step(snapshot: Snapshot, move: Move, events: Sequence[Event]) -> list:
    """The snapshots after ``move`` and after each of ``events``, in order.

    The last one equals :func:`snapshot_of` the engine's position after the move.

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], talon=["K♣", "9♥"], trump_card="9♥",
    ...                    discard="rest", attacker=0)
    >>> after, events = p.play_events("P1 attack 7♦")
    >>> after, events = after.play_events("P2 cover 7♦ with Q♦")
    >>> [e.kind for e in events]
    ['bito', 'draw', 'bout']
    >>> derive_step(snapshot_of(p.play("P1 attack 7♦")), Move.parse("P2 cover 7♦ with Q♦"),
    ...             events)[-1] == snapshot_of(after)
    True
    """
    out = [after_move(snapshot, move)]
    for e in events:
        out.append(after_event(out[-1], e))
    return out


class Frame(NamedTuple):
    """One frame of a stepped record.

    ``kind`` is ``"start"``, ``"move"``, ``"event"`` or ``"rejected"`` (a move
    the rules refuse: nothing changes, ``reason`` says why);
    ``text`` the narration (the record's ``say``, the event's sentence, or for
    the start the record's description); ``snapshot`` what the table shows;
    ``rule_ids`` the rules the frame illustrates; ``last`` the cards just
    played, drawn or picked up (highlighted); ``position`` the engine position
    in which players act now (None between the moves of a bout's end: nobody
    acts then); ``move`` and ``event`` what made this frame; ``step`` the index
    of the record's move (-1 for the start); ``problem`` a sentence when the
    record and the rules disagree (an unexpected rejection, a wrong result).

    >>> from durak_lab.engine.records import load_example
    >>> f = frames_of(load_example("EX-KO-2"))[5]
    >>> f.kind, f.text, f.rule_ids, [str(c) for c in f.last]
    ('event', 'P1 picks up Q♥ 7♦ Q♦.', ('R18',), ['Q♥', '7♦', 'Q♦'])
    """

    index: int
    kind: str
    text: str
    snapshot: Snapshot
    rule_ids: tuple = ()
    last: tuple = ()
    position: Optional[Position] = None
    move: Optional[Move] = None
    event: Optional[Event] = None
    reason: Optional[str] = None
    step: int = -1
    problem: Optional[str] = None


def _move_rules(rm: object, before: Position) -> tuple:
    cited = tuple(getattr(rm, "rules_cited", ()) or ())
    if cited:
        return cited
    m = getattr(rm, "move")
    if m.kind == ATTACK and not before.table:
        return ("R10",)
    rule = MOVE_RULES.get(m.kind)
    return (rule,) if rule else ()


def _rejection(before: Position, move: Move, step: object) -> str:
    """The frame's sentence for a move the rules refused: the learner's words for the engine's reason."""
    err = before.why_illegal(move)
    if err is not None and err.reason == getattr(step, "reason"):
        return reason_sentence(move, err)
    return reason_sentence(move, str(getattr(step, "message")))


def frames_of(record: Union[Record, ReplayResult]) -> list:
    """Every frame of a record (or of a replay already made): start, moves, events.

    Replay stops at a rejected move: its frame shows the engine's reason.

    >>> from durak_lab.engine.records import load_example
    >>> frames = frames_of(load_example("EX-HE-PUSH"))
    >>> [f.kind for f in frames]
    ['start', 'move', 'move', 'rejected']
    >>> frames[-1].reason
    'The rules do not allow “P3 attack Q♦”. The Q♦ matches no rank on the table: only 7s and jacks may be thrown in.'
    """
    result = record if isinstance(record, ReplayResult) else replay(record)
    rec = result.record
    start = rec.start
    snap = snapshot_of(start)
    # a record's own words (its description, each move's "say") are in the language it was written in,
    # English for the worked examples: in another language the engine's own sentences tell the game
    own = language() == "en"
    frames: list = [Frame(0, "start", (rec.description or rec.title or rec.id if own else None)
                          or say("stepper-start-position"), snap,
                          tuple(rec.rule_ids), (), start)]
    before = start
    for step in result.steps:
        rm = step.record_move
        move = rm.move
        i = step.index
        if step.rejected or rm.illegal:
            reason = _rejection(before, move, step) if step.message else None
            problem = None if step.ok else result.problem
            frames.append(Frame(len(frames), "rejected", (rm.say if own else None)
                                or say("stepper-move-tried", move=str(move)), snap,
                                _move_rules(rm, before), (), before, move, None, reason, i, problem))
            break
        after = step.position
        snaps = derive_step(snap, move, step.events)
        if snaps[-1] != snapshot_of(after):  # never expected (tested); show the engine's truth at rest
            snaps[-1] = snapshot_of(after)
        events = step.events
        told = (rm.say if own else None) or describe_move(before, move)
        last = tuple(move.cards) if move.kind in (ATTACK, COVER, TRANSFER, SHOW, SWAP) else ()
        frames.append(Frame(len(frames), "move", told, snaps[0], _move_rules(rm, before), last,
                            None if events else after, move, None, None, i))
        took = any(e.kind == "pickup" for e in events)
        for k, (e, s) in enumerate(zip(events, snaps[1:])):
            rules = EVENT_RULES.get(e.kind, ())
            if e.kind == "bout":
                rules = ("R18",) if took else ("R17",)
            elif e.kind == "over" and not e.losers:
                rules = ("R28", "R29")
            lit = tuple(e.cards) if e.kind in ("draw", "pickup", "return") else ()
            at_rest = k == len(events) - 1
            frames.append(Frame(len(frames), "event", event_sentence(e), s, rules, lit, after if at_rest else None,
                                move, e, None, i))
        snap = snaps[-1]
        before = after
    if result.problem and frames[-1].problem is None:
        frames[-1] = frames[-1]._replace(problem=result.problem)
    return frames
