"""What a person types at the table, read as a move of the seat that acts.

:func:`read_move` reads one line for one seat's :class:`~durak_lab.engine.view.PlayerView`
(what the seat knows, with the moves it may make): the full move text of
:mod:`durak_lab.engine.moves` (``P1 attack 7♦``), the same without the seat
(``attack 7♦``, ``cover 7♦ with Q♦``) or a short form:

=====================================  ===========================================
``7h``, ``7♥``, ``7H``                  lead or throw in 7♥; when defending, cover
                                        the one card it can cover, or transfer
                                        with it if that is the only reading
``7h 7c``                               lead (or throw in) several cards of one rank
``9h on 7h``, ``7h 9h``, ``9h 7h``      cover 7♥ with 9♥ (the card on the table is
                                        the one covered)
``take``; ``pass`` or ``done``           the defender takes; nothing more from me
``transfer 7c``, ``show 7s``, ``swap``  transfer, transfer by showing a trump, swap
                                        the trump six (R20, R24, R6)
``challenge qd``                        pushing durak: send back the Q♦ (R31)
=====================================  ===========================================

Cards are spelled as :class:`~durak_lab.engine.cards.Card` reads them, in any
case; commas count as spaces.  A line that fits no move, or fits more than one
of the seat's legal moves, raises :class:`~durak_lab.engine.errors.MoveTextError`
with one plain line saying what is wrong.  A line that reads as exactly one move
gives that move even when the rules forbid it: the engine then says why (a cover
with a card that does not beat, a card not in the hand).  :func:`short_form` is
the way back: the shortest text :func:`read_move` reads as a given move.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 7♠ 9♣", "Q♦ 8♠ 10♣ 6♥"], trump="♥", discard="rest",
...                    attacker=0, first_bout=False)
>>> str(read_move("7d", p.view(0)))
'P1 attack 7♦'
>>> p = p.play("P1 attack 7♦")
>>> str(read_move("qd", p.view(1))), str(read_move("take", p.view(1)))
('P2 cover 7♦ with Q♦', 'P2 take')
"""

from __future__ import annotations

from ..engine.cards import BEATERS, Card, rank_of, rank_text, suit_of
from ..engine.errors import CardError, MoveTextError
from ..engine.moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from ..engine.view import PlayerView
from ..text.catalogue import Items
from ..text.messages import say

__all__ = ["read_move", "short_form", "card_letters"]

_ALIASES = {"lead": ATTACK, "throw": ATTACK, "attack": ATTACK, "cover": COVER, "beat": COVER,
            "take": TAKE, "pass": PASS, "done": PASS, "transfer": TRANSFER, "show": SHOW, "swap": SWAP,
            "challenge": CHALLENGE}
_ALIASES["choose"] = CHOOSE  # the defender chooses the cards to beat (R13)
_SUIT_LETTERS = "shdc"


def card_letters(card: int) -> str:
    """A card as it is quickest to type: rank and suit letter.

    >>> card_letters(Card("10♥")), card_letters(Card("Q♠"))
    ('10h', 'qs')
    """
    if card >= 52:  # doker's jokers: bj, rj
        return str(Card(card)).lower()
    return rank_text(rank_of(card)).lower() + _SUIT_LETTERS[suit_of(card)]


def _is_seat(word: str) -> bool:
    return len(word) >= 2 and word[0] in "pP" and word[1:].isdecimal()


def _card(word: str) -> Card:
    try:
        return Card.parse(word)
    except CardError:
        if word.isalpha() and (len(word) > 3 or word[0].lower() not in "jqkat"):
            raise MoveTextError(say("read-unknown", word=word)) from None
        raise MoveTextError(say("read-not-a-card", word=word)) from None


def _cards(words: list, verb: str) -> tuple:
    if not words:
        raise MoveTextError(say("read-needs-card", verb=verb))
    cards = [_card(w) for w in words]
    if len(set(cards)) != len(cards):
        raise MoveTextError(say("read-twice"))
    return tuple(sorted(cards))


def _attacks(view: PlayerView) -> list:
    """The attack cards on the table, in the order they were played."""
    return [Card(a) for a, _, _, _ in view.table]


def _uncovered(view: PlayerView) -> list:
    return [Card(a) for a, c, _, _ in view.table if c < 0]


def _defending(view: PlayerView) -> bool:
    """Does the seat cover now: the defender (or, in the pairs game, a partner) with cards to cover?"""
    if view.taking or not _uncovered(view):
        return False
    d, t = view.defender, view.rules.teams
    return view.seat == d or bool(view.rules.partner_covers and t and view.seat % t == d % t)


def _or(items: list) -> Items:
    """Cards as a list of choices, joined as the chosen language joins one: ``7♥, 9♥ or J♥``."""
    return Items([str(x) for x in items], "or")


def _cover_one(view: PlayerView, card: Card, word: str) -> Move:
    """One card typed by a defender: the cover it makes, or the transfer."""
    seat = view.seat
    readings = [m for m in view.legal if (m.kind == COVER and m.cards[0] == card)
                or (m.kind == TRANSFER and m.cards == (card,))]
    if len(readings) == 1:
        return readings[0]
    targets = [m.target for m in readings if m.kind == COVER]
    if len(readings) > 1:
        if len(targets) == len(readings):
            raise MoveTextError(say("read-which-card", card=word, cards=_or(targets), target=targets[-1]))
        raise MoveTextError(say("read-cover-or-transfer", card=word, cards=_or(targets), target=targets[-1]))
    # no legal reading: the one the person most likely means, for the engine to explain
    unc = _uncovered(view)
    ranks = {rank_of(a) for a in _attacks(view)}
    beats = any(BEATERS[view.trump][a] >> card & 1 for a in unc)
    if view.rules.transfer and ranks == {rank_of(card)} and len(unc) == len(view.table) and not beats:
        return Move(TRANSFER, seat, (card,))
    if len(unc) == 1 or not view.hand_mask >> card & 1:
        return Move(COVER, seat, (card,), unc[0])
    raise MoveTextError(say("read-beats-none", card=word, cards=" ".join(str(a) for a in unc)))


def _defend(view: PlayerView, words: list) -> Move:
    """Cards typed by a defender (``words``, as typed): a cover or a transfer."""
    seat = view.seat
    cards = _cards(words, "")
    if len(cards) == 1:
        return _cover_one(view, cards[0], words[0])
    on_table = set(_attacks(view))
    ranks = {rank_of(a) for a in on_table}
    if not on_table & set(cards) and {rank_of(c) for c in cards} == ranks and view.rules.transfer:
        return Move(TRANSFER, seat, cards)
    if len(cards) == 2:
        typed = [_card(w) for w in words]
        there = [c for c in typed if c in on_table]
        if len(there) == 1:
            target = there[0]
            card = typed[1] if typed[0] == target else typed[0]
            return Move(COVER, seat, (card,), target)
        example = next((m for m in view.legal if m.kind == COVER), None)
        hint = (f"{example.cards[0]} on {example.target}" if example is not None
                else f"{typed[0]} on {_uncovered(view)[0]}")
        if len(there) == 2:
            raise MoveTextError(say("read-both-on-table", first=words[0], second=words[1], example=hint))
        raise MoveTextError(say("read-neither-on-table", first=words[0], second=words[1], example=hint))
    raise MoveTextError(say("read-one-at-a-time"))


def read_move(text: str, view: PlayerView) -> Move:
    """The move ``text`` means for the seat of ``view`` (see the module docstring).

    Full move texts, with or without the seat:

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules.preset("finnish", players=3), ["7♠ 7♣ 8♣ K♦", "7♦ 7♥ 9♠ 8♥ J♣", "9♦ 10♠ A♠"],
    ...                    trump="♥", discard="rest", attacker=0, first_bout=False)
    >>> v = p.view(0)
    >>> str(read_move("P1 attack 7♠", v)), str(read_move("attack 7♠ 7♣", v)), str(read_move("lead 8c", v))
    ('P1 attack 7♠', 'P1 attack 7♠ 7♣', 'P1 attack 8♣')

    A card, or several of one rank, to lead or throw in:

    >>> str(read_move("7s", v)), str(read_move("7♠", v)), str(read_move("7S, 7c", v))
    ('P1 attack 7♠', 'P1 attack 7♠', 'P1 attack 7♠ 7♣')

    When defending, one card covers the one card it can cover, or transfers when
    that is its only reading; two cards name the card on the table and the cover:

    >>> q = p.play("P1 attack 7♠ 7♣")
    >>> w = q.view(1)
    >>> str(read_move("9s", w)), str(read_move("8h on 7c", w)), str(read_move("7c 8h", w))
    ('P2 cover 7♠ with 9♠', 'P2 cover 7♣ with 8♥', 'P2 cover 7♣ with 8♥')
    >>> str(read_move("cover 7♣ with 8♥", w)), str(read_move("8h 7s", w))
    ('P2 cover 7♣ with 8♥', 'P2 cover 7♠ with 8♥')
    >>> str(read_move("7d", w)), str(read_move("transfer 7h", w)), str(read_move("take", w))
    ('P2 transfer 7♦', 'P2 transfer 7♥', 'P2 take')
    >>> read_move("8h", w)
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.MoveTextError: 8h could cover 7♠ or 7♣: write '8h on 7♣'
    >>> try:
    ...     read_move("7h", w)
    ... except MoveTextError as err:
    ...     print(err)
    7h could cover 7♠ or 7♣, or transfer the attack: write '7h on 7♣' or 'transfer 7h'

    ``pass`` or ``done``, ``show``, and ``swap`` (the lowest trump: 2♥ in a 52-card deck):

    >>> str(read_move("done", q.view(0))), str(read_move("show 7h", w)), str(read_move("swap", v))
    ('P1 pass', 'P2 show 7♥', 'P1 swap 2♥')

    What fits no move says why in one line:

    >>> read_move("dance", v)
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.MoveTextError: 'dance' is not a card or a move: write a card like 7h, or take, pass or help
    >>> read_move("take 7s", w)
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.MoveTextError: 'take' needs no card: write just take
    """
    if not isinstance(text, str):
        raise MoveTextError(say("read-empty"))
    words = text.replace(",", " ").split()
    if not words:
        raise MoveTextError(say("read-empty"))
    if _is_seat(words[0]):
        return Move.parse(" ".join(words), view.rules.players)
    seat = view.seat
    low = [w.lower() for w in words]
    verb = _ALIASES.get(low[0])
    rest = words[1:]
    if verb in (TAKE, PASS):
        if rest:
            raise MoveTextError(say("read-no-card", verb=low[0]))
        return Move(verb, seat)
    if verb == SWAP:
        if len(rest) > 1:
            raise MoveTextError(say("read-one-card", verb=low[0]))
        six = Card(view.trump * 13 + view.rules.swap_rank - 2)
        return Move(SWAP, seat, (_card(rest[0]) if rest else six,))
    if verb == SHOW:
        cards = _cards(rest, low[0])
        if len(cards) != 1:
            raise MoveTextError(say("read-one-card", verb=low[0]))
        return Move(SHOW, seat, cards)
    if verb == TRANSFER:
        return Move(TRANSFER, seat, _cards(rest, low[0]))
    if verb == CHOOSE:
        return Move(CHOOSE, seat, _cards(rest, low[0]))
    if verb == CHALLENGE:  # pushing durak (R31)
        cards = _cards(rest, low[0])
        if len(cards) != 1:
            raise MoveTextError(say("read-one-card", verb=low[0]))
        return Move(CHALLENGE, seat, cards)
    if verb == ATTACK:
        if low[0] == "throw" and rest and rest[0].lower() == "in":
            rest = rest[1:]
        return Move(ATTACK, seat, _cards(rest, low[0]))
    if verb == COVER:
        if len(rest) != 3 or rest[1].lower() != "with":
            raise MoveTextError(say("read-cover-form"))
        return Move(COVER, seat, (_card(rest[2]),), _card(rest[0]))
    if len(words) == 3 and low[1] in ("on", "with"):
        first, second = _card(words[0]), _card(words[2])
        if low[1] == "on":
            return Move(COVER, seat, (first,), second)
        return Move(COVER, seat, (second,), first)
    if _defending(view):
        return _defend(view, words)
    return Move(ATTACK, seat, _cards(words, ""))


def short_form(move: Move, view: PlayerView, letters: bool = False) -> str:
    """The shortest text :func:`read_move` reads as ``move`` for the seat of ``view``
    (cards as ``7♥``, or as ``7h`` with ``letters``); the full move text when no
    short form reads back.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["7♦ 7♠", "Q♦ 8♦ 6♥"], trump="♥", discard="rest",
    ...                    attacker=0, first_bout=False).play("P1 attack 7♦")
    >>> [short_form(m, p.view(1)) for m in p.view(1).legal]
    ['6♥', '8♦', 'Q♦', 'take']
    >>> short_form(Move.parse("P2 cover 7♦ with Q♦"), p.view(1), letters=True)
    'qd'
    """
    spell = card_letters if letters else str
    cs = " ".join(spell(c) for c in move.cards)
    if move.kind in (TAKE, PASS, SWAP):
        options = [move.kind]
    elif move.kind == COVER:
        card, target = spell(move.cards[0]), spell(move.target)
        options = [card, f"{target} {card}", f"{card} on {target}"]
    elif move.kind == TRANSFER:
        options = [cs, f"transfer {cs}"]
    elif move.kind == SHOW:
        options = [f"show {cs}"]
    elif move.kind == CHOOSE:
        options = [f"choose {cs}"]
    elif move.kind == CHALLENGE:
        options = [f"challenge {cs}"]
    else:
        options = [cs, f"attack {cs}"]
    for text in options:
        try:
            if read_move(text, view) == move:
                return text
        except MoveTextError:
            continue
    return str(move)

