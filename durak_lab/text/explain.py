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

from typing import Iterable, NamedTuple, Optional, Sequence, Union

from ..engine.cards import SUIT_NAMES, Card, rank_of, suit_of
from ..engine.moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from ..engine.rules import Rules  # noqa: F401  (the examples build positions with it)
from ..engine.state import Position

__all__ = [
    "Explanation", "RULE_TITLES", "explain_move", "legal_by_seat", "legal_sentences", "legal_text",
    "describe_move", "reason_sentence", "result_sentence", "seat_role", "rank_phrase", "sentence",
]

#: A short title for each rule id of the rules digest, for tooltips and legends.
RULE_TITLES = {
    "R1": "the deck and the order of the cards",
    "R2": "the number of players",
    "R3": "the deal and the trump card",
    "R4": "redeal after a lopsided hand",
    "R5": "six players: no talon, the dealer shows trump",
    "R6": "swapping the trump six for the trump card",
    "R7": "the lowest trump leads the first game",
    "R8": "who leads a later game",
    "R9": "the defender is on the attacker's left",
    "R10": "the lead",
    "R11": "how to cover a card",
    "R12": "throwing in matching ranks",
    "R13": "at most 6 attack cards, never more than the defender holds",
    "R14": "at most 5 attack cards in the first bout",
    "R15": "the defender may take",
    "R16": "when a bout ends",
    "R17": "defended: bito, the defender leads next",
    "R18": "taken: the defender picks up and loses the lead",
    "R19": "drawing back up to 6 cards",
    "R20": "transfer: passing the attack on",
    "R21": "no transfer after a cover",
    "R22": "no transfer to a player with too few cards",
    "R23": "an attack can come round to its leader",
    "R24": "transfer by showing a trump",
    "R25": "playing in pairs",
    "R26": "partners in the pairs game",
    "R27": "the first pair out wins",
    "R28": "out of cards once the talon is empty; the last holder is durak",
    "R29": "a draw: the last cards go at once",
    "R30": "counting durak games",
    "R31": "mistakes",
}

_RANK_WORDS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}


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
    word = _RANK_WORDS.get(rank, str(rank))
    return ("an " if word[0] in "8a" else "a ") + word


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(str(Card(c)) for c in cards)


def _cover_why(attack: int, cover: int, trump: int) -> str:
    if suit_of(cover) == suit_of(attack):
        return "a higher trump" if suit_of(cover) == trump else f"a higher {SUIT_NAMES[suit_of(cover)][:-1]}"
    return "a trump"


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
                return Explanation(s, move, f"{who} may lead {cs}", "R10")
            return Explanation(s, move, f"{who} may lead {cs} together: cards of one rank", "R10")
        on = rank_phrase(rank_of(move.cards[0]))
        if p.taking:
            return Explanation(s, move, f"{who} may add {cs} for {seat_text(d)} to pick up: "
                               f"{on} is on the table", "R18")
        return Explanation(s, move, f"{who} may throw in {cs}: {on} is on the table", "R12")
    if kind == COVER:
        a, c = move.target, move.cards[0]
        why = _cover_why(a, c, p.trump)
        if s != d:
            return Explanation(s, move, f"{who} may cover {a} with {c} ({why}), helping partner "
                               f"{seat_text(d)}", "R26")
        return Explanation(s, move, f"{who} may cover {a} with {c} ({why})", "R11")
    if kind in (TRANSFER, SHOW):
        nxt = seat_text(p.play(move).defender)
        if kind == TRANSFER:
            return Explanation(s, move, f"{who} may transfer with {_cards_text(move.cards)}, passing the "
                               f"attack on to {nxt}", "R20")
        return Explanation(s, move, f"{who} may show the trump {move.cards[0]}, passing the attack on to "
                           f"{nxt}", "R24")
    if kind == TAKE:
        return Explanation(s, move, f"{who} may take", "R15")
    if kind == SWAP:
        return Explanation(s, move, f"{who} may swap {move.cards[0]} for the trump card "
                           f"{Card(p.trump_card)}", "R6")
    if kind == PASS:
        if p.swap_open and not p.table:
            six = Card(p.trump * 13 + p.rules.lowest_rank - 2)
            return Explanation(s, move, f"{who} may pass and keep {six}", "R6")
        if s == d or (p.rules.partner_covers and s in p.partners(d)):
            others = [seat_text(x) for x in ([d] + p.partners(d)) if x != s]
            return Explanation(s, move, f"{who} may pass, leaving the cover to partner "
                               f"{' and '.join(others)}", "R26")
        if any(m.kind == ATTACK for m in p.legal_moves(s)):
            return Explanation(s, move, f"{who} may pass", "R16")
        return Explanation(s, move, f"{who} may pass: nothing to throw in", "R16")
    return Explanation(s, move, f"{who} may play {move}", "")


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
        return f"The game is over: {result_sentence(p.result)}."
    lines = []
    for s, group in legal_by_seat(p):
        role = seat_role(p, s)
        lines.append(f"{seat_text(s)}{f' ({role})' if role else ''}:")
        lines.extend(f"  {e.text}  ({e.rule})" if e.rule else f"  {e.text}" for e in group)
    return "\n".join(lines) if lines else "Nobody may move now."


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
            return f"{who} leads {cs} against {seat_text(p.defender)}."
        return f"{who} throws in {cs}."
    if kind == COVER:
        return f"{who} covers {move.target} with {move.cards[0]} " \
               f"({_cover_why(move.target, move.cards[0], p.trump)})."
    if kind == TRANSFER:
        return f"{who} transfers the attack with {cs}."
    if kind == SHOW:
        return f"{who} shows the trump {cs} and passes the attack on."
    if kind == TAKE:
        return f"{who} takes."
    if kind == SWAP:
        return f"{who} swaps {cs} for the trump card."
    return f"{who} passes."


def reason_sentence(move: Union[Move, str], message: str) -> str:
    """The engine's reason for rejecting ``move`` as sentences a learner reads.

    >>> reason_sentence(Move.parse("P3 attack Q♦"), "no Q is on the table: throw in only ranks already "
    ...                 "there (7, J) (R12)")
    'The rules do not allow “P3 attack Q♦”. No Q is on the table: throw in only ranks already there (7, J) (R12).'
    """
    return f"The rules do not allow “{move}”. {sentence(message)}"


def result_sentence(result: Optional[Sequence[int]]) -> str:
    """How the game stands: ``None`` (it goes on), ``()`` (a draw) or the durak seats.

    >>> result_sentence(None), result_sentence(()), result_sentence((2,)), result_sentence((1, 3))
    ('The game goes on', 'Draw: nobody is durak', 'P3 is the durak', 'P2 and P4 are the durak')
    """
    if result is None:
        return "The game goes on"
    if not result:
        return "Draw: nobody is durak"
    names = " and ".join(seat_text(s) for s in result)
    return f"{names} {'is' if len(result) == 1 else 'are'} the durak"


def seat_role(state: object, seat: int) -> str:
    """A seat's role in words: ``'attacker'``, ``'defender'``, ``'durak'``, ``'out'`` or ``''``.

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
