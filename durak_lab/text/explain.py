"""Moves, results and rejections explained in words for learners.

"What may happen now?": :func:`legal_by_seat` lists the legal moves of a
position grouped by player, each with a sentence that says why it is allowed
("P2 may throw in 10♦: a 10 is on the table") and the rule id it rests on.
:func:`describe_move` narrates a move that was played, :func:`reason_sentence`
turns the engine's reason for an illegal move into a sentence, and
:func:`result_sentence` says how a game stands.  Widgets, notebooks and the
command line share these texts.

Standard library and the durak_lab core only.

>>> from durak_lab.engine.records import load_example
>>> p = load_example("EX-ZH-BOUT").game_after(2).position
>>> for line in legal_sentences(p):
...     print(line)
P4 may pass: nothing to throw in
P2 may throw in 10♦: a 10 is on the table
P2 may pass
P3 may pass: nothing to throw in
"""

from __future__ import annotations

from typing import Iterable, Iterator, Mapping, NamedTuple, Optional, Sequence, Union

from ..engine.cards import Card, rank_of, suit_of
from ..engine.moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from ..engine.rules import Rules  # noqa: F401  (the examples build positions with it)
from ..engine.errors import IllegalMoveError
from ..engine.state.position import Position
from .catalogue import Items, Rank, Suit
from .messages import say
from .narrate import role_words
from .reasons import learner_reason, list_words, plain_reason, ranks_words

__all__ = [
    "Explanation", "RULE_TITLES", "rule_title", "cover_why", "explain_move", "legal_by_seat", "legal_sentences",
    "legal_text", "describe_move", "reason_sentence", "result_sentence", "seat_role", "rank_phrase", "sentence",
]

#: The catalogue key of each rule id's short title (the rules digest's R1 … R31).
_RULE_TITLE_KEYS = {
    "R1": "rule-title-r1", "R2": "rule-title-r2", "R3": "rule-title-r3", "R4": "rule-title-r4",
    "R5": "rule-title-r5", "R6": "rule-title-r6", "R7": "rule-title-r7", "R8": "rule-title-r8",
    "R9": "rule-title-r9", "R10": "rule-title-r10", "R11": "rule-title-r11", "R12": "rule-title-r12",
    "R13": "rule-title-r13", "R14": "rule-title-r14", "R15": "rule-title-r15", "R16": "rule-title-r16",
    "R17": "rule-title-r17", "R18": "rule-title-r18", "R19": "rule-title-r19", "R20": "rule-title-r20",
    "R21": "rule-title-r21", "R22": "rule-title-r22", "R23": "rule-title-r23", "R24": "rule-title-r24",
    "R25": "rule-title-r25", "R26": "rule-title-r26", "R27": "rule-title-r27", "R28": "rule-title-r28",
    "R29": "rule-title-r29", "R30": "rule-title-r30", "R31": "rule-title-r31",
}


def rule_title(rule_id: str) -> str:
    """The short title of a rule id of the rules digest, in the chosen language (for tooltips and legends).

    A :class:`KeyError` names an id the digest does not have.

    >>> rule_title("R11"), rule_title("R12")
    ('how to cover a card', 'throwing in matching ranks')
    """
    return say(_RULE_TITLE_KEYS[rule_id])


class _RuleTitles(Mapping):
    """The rule ids of the rules digest (``"R1"`` … ``"R31"``), each read as its title in the language
    chosen when it is read: ``"R11" in RULE_TITLES`` words nothing, ``RULE_TITLES["R11"]`` is
    :func:`rule_title`."""

    def __getitem__(self, rule_id: str) -> str:
        return rule_title(rule_id)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in _RULE_TITLE_KEYS

    def __iter__(self) -> Iterator[str]:
        return iter(_RULE_TITLE_KEYS)

    def __len__(self) -> int:
        return len(_RULE_TITLE_KEYS)

    def __repr__(self) -> str:
        return f"<rule titles {', '.join(_RULE_TITLE_KEYS)}>"


#: The rule ids of the rules digest; a title is worded when it is read (see :func:`rule_title`).
RULE_TITLES: Mapping = _RuleTitles()


class Explanation(NamedTuple):
    """A legal move with a sentence saying why it is allowed, and the rule id it rests on.

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    >>> explain_move(p, Move.parse("P1 attack 7♦"))
    Explanation(seat=0, move=Move.parse('P1 attack 7♦'), text='P1 may lead 7♦', rule='R10')
    """

    seat: int
    move: Move
    text: str
    rule: str


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop.

    >>> sentence("bito: 7♥ 10♥ go to the discard")
    'Bito: 7♥ 10♥ go to the discard.'
    >>> sentence("Done!")
    'Done!'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def rank_phrase(rank: int) -> str:
    """A rank with its article, as in "a 10 is on the table".

    >>> rank_phrase(10), rank_phrase(8), rank_phrase(12), rank_phrase(14)
    ('a 10', 'an 8', 'a queen', 'an ace')
    """
    return Rank(rank).word("a")


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(str(Card(c)) for c in cards)


def cover_why(attack: int, cover: int, trump: int) -> str:
    """Why ``cover`` beats ``attack`` under ``trump`` (R11), as the words after "covers 7♦ with Q♦".

    >>> from durak_lab.engine.cards import Card
    >>> [cover_why(Card(a), Card(c), 1) for a, c in (("7♦", "Q♦"), ("7♦", "6♥"), ("7♥", "9♥"))]
    ['a higher diamond', 'a trump', 'a higher trump']
    """
    if cover >= 52:  # doker: "הג'וקר שורף כל קלף", the joker burns any card (R1)
        return say("cover-joker")
    if suit_of(cover) == suit_of(attack):
        if suit_of(cover) == trump:
            return say("cover-higher-trump")
        return say("cover-higher", suit=Suit(suit_of(cover)))
    return say("cover-trump")


def explain_move(position: Position, move: Move) -> Explanation:
    """Why ``move`` (legal in ``position``) is allowed, in one sentence, with its rule id.

    >>> p = Position.start(Rules(players=2), ["7♦ 7♠", "Q♦ 8♥"], trump="♥", discard="rest", attacker=0)
    >>> p = p.play("P1 attack 7♦")
    >>> for m in p.legal_moves():
    ...     print(explain_move(p, m).text)
    P1 may throw in 7♠: a 7 is on the table
    P1 may pass
    P2 may cover 7♦ with 8♥ (a trump)
    P2 may cover 7♦ with Q♦ (a higher diamond)
    P2 may take
    """
    p = position
    s = move.seat
    who = seat_text(s)
    kind = move.kind
    d = p.defender
    if kind == ATTACK:
        cs = _cards_text(move.cards)
        if not p.table:
            if len(move.cards) == 1:
                return Explanation(s, move, say("explain-lead", seat=who, cards=cs), "R10")
            return Explanation(s, move, say("explain-lead-together", seat=who, cards=cs), "R10")
        on = Rank(rank_of(move.cards[0]))
        if p.taking:
            return Explanation(s, move, say("explain-add", seat=who, cards=cs, defender=seat_text(d), rank=on),
                               "R18")
        if p.rules.pushing and not p.standing_ranks() >> int(move.cards[0]) & 1:
            return Explanation(s, move, say("explain-push", seat=who, cards=cs, defender=seat_text(d),
                                            rank=Rank(rank_of(move.cards[0]))), "R12")
        return Explanation(s, move, say("explain-throw", seat=who, cards=cs, rank=on), "R12")
    if kind == COVER:
        a, c = move.target, move.cards[0]
        why = cover_why(a, c, p.trump)
        if s != d:
            return Explanation(s, move, say("explain-cover-partner", seat=who, target=str(a), card=str(c),
                                            why=why, defender=seat_text(d)), "R26")
        return Explanation(s, move, say("explain-cover", seat=who, target=str(a), card=str(c), why=why), "R11")
    if kind in (TRANSFER, SHOW):
        nxt = seat_text(p.play(move).defender)
        if kind == TRANSFER:
            return Explanation(s, move, say("explain-transfer", seat=who, cards=_cards_text(move.cards), next=nxt),
                               "R20")
        return Explanation(s, move, say("explain-show", seat=who, card=str(move.cards[0]), next=nxt), "R24")
    if kind == TAKE:
        return Explanation(s, move, say("explain-take", seat=who), "R15")
    if kind == SWAP:
        return Explanation(s, move, say("explain-swap", seat=who, card=str(move.cards[0]),
                                        trump_card=str(Card(p.trump_card))), "R6")
    if kind == CHOOSE:
        return Explanation(s, move, say("explain-choose", seat=who, cards=_cards_text(move.cards)), "R13")
    if kind == PASS:
        if p.swap_open and not p.table:
            six = Card(p.trump * 13 + p.rules.swap_rank - 2)
            return Explanation(s, move, say("explain-keep-six", seat=who, card=str(six)), "R6")
        if s == d or (p.rules.partner_covers and s in p.partners(d)):
            others = [seat_text(x) for x in ([d] + p.partners(d)) if x != s]
            return Explanation(s, move, say("explain-pass-partner", seat=who, partners=Items(others)), "R26")
        if any(m.kind == ATTACK for m in p.legal_moves(s)):
            return Explanation(s, move, say("explain-pass", seat=who), "R16")
        return Explanation(s, move, say("explain-pass-nothing", seat=who), "R16")
    if kind == CHALLENGE:
        a = move.cards[0]
        owner = next((e[2] for e in p.table if e[0] == a), d)
        return Explanation(s, move, say("explain-challenge", seat=who, card=str(a), owner=seat_text(owner),
                                        rank=Rank(rank_of(a))), "R31")
    return Explanation(s, move, say("explain-other", seat=who, move=str(move)), "")


def legal_by_seat(position: Position) -> list:
    """The legal moves, explained, grouped by player: ``[(seat, [Explanation, …]), …]``.

    Players come in seating order from the attacker; a player with no legal
    move is left out; a finished game gives an empty list.

    >>> p = Position.start(Rules(players=3), ["7♦ 9♣", "Q♦ 8♠", "7♣ A♥"], trump="♥", discard="rest",
    ...                    attacker=0).play("P1 attack 7♦")
    >>> [(seat_text(s), [e.text for e in ex]) for s, ex in legal_by_seat(p)]
    [('P1', ['P1 may pass: nothing to throw in']), ('P2', ['P2 may cover 7♦ with Q♦ (a higher diamond)', 'P2 may take']), ('P3', ['P3 may throw in 7♣: a 7 is on the table', 'P3 may pass'])]
    """
    p = position
    moves = p.legal_moves()
    n = p.players
    order = [(p.leader + i) % n for i in range(n)]
    out = []
    for s in order:
        mine = [explain_move(p, m) for m in moves if m.seat == s]
        if mine:
            out.append((s, mine))
    return out


def legal_sentences(position: Position) -> list:
    """Every legal move as a sentence, player by player (see :func:`legal_by_seat`).

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    >>> legal_sentences(p)
    ['P1 may lead 7♦']
    """
    return [e.text for _, group in legal_by_seat(position) for e in group]


def legal_text(position: Position) -> str:
    """What may happen now, as text: one block per player, one line per move with its rule id.

    >>> p = Position.start(Rules(players=2), ["7♦ 8♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    >>> print(legal_text(p))
    P1 (attacker):
      P1 may lead 7♦  (R10)
      P1 may lead 8♦  (R10)
    """
    p = position
    if p.result is not None:
        return say("legal-over", result=result_sentence(p.result))
    lines = []
    for s, group in legal_by_seat(p):
        role = role_words(seat_role(p, s))
        lines.append(say("legal-seat-role", seat=seat_text(s), role=role) if role else
                     say("legal-seat", seat=seat_text(s)))
        lines.extend(f"  {e.text}  ({e.rule})" if e.rule else f"  {e.text}" for e in group)
    return "\n".join(lines) if lines else say("legal-nobody")


def describe_move(position: Position, move: Move) -> str:
    """A move as narration, for the position it was played in.

    >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    >>> describe_move(p, Move.parse("P1 attack 7♦"))
    'P1 leads 7♦ against P2.'
    >>> describe_move(p.play("P1 attack 7♦"), Move.parse("P2 cover 7♦ with Q♦"))
    'P2 covers 7♦ with Q♦ (a higher diamond).'
    """
    p = position
    who = seat_text(move.seat)
    kind = move.kind
    cs = _cards_text(move.cards)
    if kind == ATTACK:
        if not p.table:
            return say("narrate-lead", seat=who, cards=cs, defender=seat_text(p.defender))
        if p.rules.pushing and not p.taking and not p.standing_ranks() >> int(move.cards[0]) & 1:
            return say("narrate-push", seat=who, cards=cs)
        return say("narrate-throw", seat=who, cards=cs)
    if kind == COVER:
        return say("narrate-cover", seat=who, target=str(move.target), card=str(move.cards[0]),
                   why=cover_why(move.target, move.cards[0], p.trump))
    if kind == TRANSFER:
        return say("narrate-transfer", seat=who, cards=cs)
    if kind == SHOW:
        return say("narrate-show", seat=who, cards=cs)
    if kind == TAKE:
        return say("narrate-take", seat=who)
    if kind == SWAP:
        return say("narrate-swap", seat=who, cards=cs)
    if kind == CHOOSE:
        return say("narrate-choose", seat=who, cards=cs)
    if kind == CHALLENGE:
        owner = next((e[2] for e in p.table if e[0] == move.cards[0]), p.defender)
        return say("narrate-challenge", seat=who, card=str(move.cards[0]), owner=seat_text(owner))
    return say("narrate-pass", seat=who)


def reason_sentence(move: Union[Move, str], reason: Union[IllegalMoveError, str]) -> str:
    """The engine's reason for rejecting ``move`` as sentences a learner reads.

    ``reason`` is the engine's :class:`~durak_lab.engine.errors.IllegalMoveError`
    (said in a learner's words, :func:`~durak_lab.text.reasons.learner_reason`) or,
    where only the engine's text is at hand, that text (its rule ids left out).

    >>> p = Position.start(Rules(players=2), ["7♦ 7♠ Q♣", "J♦ 9♠"], trump="♥", discard="rest", attacker=0)
    >>> p = p.play("P1 attack 7♦").play("P2 cover 7♦ with J♦")
    >>> reason_sentence(Move.parse("P1 attack Q♣"), p.why_illegal("P1 attack Q♣"))
    'The rules do not allow “P1 attack Q♣”. The Q♣ matches no rank on the table: only 7s and jacks may be thrown in.'
    >>> reason_sentence(Move.parse("P3 attack Q♦"), "no Q is on the table: throw in only ranks already "
    ...                 "there (7, J) (R12)")
    'The rules do not allow “P3 attack Q♦”. No Q is on the table: throw in only ranks already there (7, J).'
    """
    why = learner_reason(reason) if isinstance(reason, IllegalMoveError) else plain_reason(reason)
    return say("reason-sentence", move=str(move), why=why)


def result_sentence(result: Optional[Sequence[int]]) -> str:
    """How the game stands: ``None`` (it goes on), ``()`` (a draw) or the durak seats.

    >>> result_sentence(None), result_sentence(()), result_sentence((2,)), result_sentence((1, 3))
    ('The game goes on', 'Draw: nobody is durak', 'P3 is the durak', 'P2 and P4 are the durak')
    """
    if result is None:
        return say("result-on")
    if not result:
        return say("result-draw")
    names = list_words(seat_text(s) for s in result)
    return say("result-one", seats=names) if len(result) == 1 else say("result-many", seats=names)


def seat_role(state: object, seat: int) -> str:
    """A seat's role: ``'attacker'``, ``'defender'``, ``'durak'``, ``'out'`` or ``''`` (a kind for code and
    styles; :func:`~durak_lab.text.narrate.role_words` says it in words).

    ``state`` is a :class:`~durak_lab.engine.state.Position` or anything with the same
    ``hands``, ``talon``, ``leader``, ``defender`` and ``result`` fields (a
    display snapshot).

    >>> p = Position.start(Rules(players=3), ["7♦", "Q♦", "8♠"], trump="♥", discard="rest", attacker=0)
    >>> [seat_role(p, s) for s in range(3)]
    ['attacker', 'defender', '']
    """
    result = getattr(state, "result")
    hands = getattr(state, "hands")
    if result is not None:
        return "durak" if seat in result else ("out" if not hands[seat] else "")
    if not hands[seat] and not getattr(state, "talon"):
        return "out"
    if seat == getattr(state, "defender"):
        return "defender"
    if seat == getattr(state, "leader"):
        return "attacker"
    return ""
