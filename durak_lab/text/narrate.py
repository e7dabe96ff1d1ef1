"""Narration for learners: what follows a move, a move as a learner says it, the coach's reasons.

:func:`event_sentence` tells an :class:`~durak_lab.engine.state.playing.Event` (bito,
a pick-up, the draws, the next bout, the end of the game) as a sentence;
:func:`move_words` says a move as a learner would ("cover 9♠ with K♠");
:func:`hint_why` gives the coach's reason for a hinted move, and
:func:`role_words` a seat's role.  Every text is a template of
:mod:`durak_lab.text.narration_words`, filled in by :func:`~durak_lab.text.messages.say`.
The engine keeps its own English (:meth:`Event.text`) for developers.

Standard library only.

>>> from durak_lab.engine.cards import Card
>>> from durak_lab.engine.state import Event
>>> event_sentence(Event("draw", 3, (Card("K♦"),)))
'P4 draws 1 card.'
>>> event_sentence(Event("over", losers=(1,)))
'Game over: P2 is the durak.'
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from ..engine.cards import Card, suit_of
from ..engine.moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from ..engine.state.position import Event
from .messages import say
from .reasons import list_words

__all__ = ["event_sentence", "move_words", "hint_why", "role_words", "value_words", "seats_words",
           "cards_text"]


def cards_text(cards: Iterable[int]) -> str:
    """Cards as the narration writes them, in the given order: ``7♥ 10♥``."""
    return " ".join(str(Card(c)) for c in cards)


def seats_words(seats: Iterable[int]) -> str:
    """Seats as a list: ``P2``, ``P2 and P4``.

    >>> seats_words([1, 3])
    'P2 and P4'
    """
    return list_words(seat_text(s) for s in seats)


def event_sentence(event: Event) -> str:
    """What happened by itself after a move, as a sentence for a learner.

    >>> from durak_lab.engine.cards import Card
    >>> event_sentence(Event("bito", -1, (Card("7♥"), Card("10♥"))))
    'Bito: 7♥ 10♥ go to the discard.'
    >>> event_sentence(Event("bout", 0, (), 1)), event_sentence(Event("over"))
    ('P1 leads against P2.', 'Game over: a draw, there is no durak.')
    """
    kind = event.kind
    cards = cards_text(event.cards)
    if kind == "bito":
        return say("event-bito", cards=cards)
    if kind == "pickup":
        return say("event-pickup", seat=seat_text(event.seat), cards=cards)
    if kind == "return":
        if len(event.cards) == 1:
            return say("event-return-one", cards=cards, seat=seat_text(event.seat))
        return say("event-return", cards=cards, seat=seat_text(event.seat))
    if kind == "draw":
        if len(event.cards) == 1:
            return say("event-draw-one", seat=seat_text(event.seat))
        return say("event-draw", seat=seat_text(event.seat), count=len(event.cards))
    if kind == "out":
        return say("event-out", seat=seat_text(event.seat))
    if kind == "bout":
        return say("event-bout", seat=seat_text(event.seat), other=seat_text(event.other))
    if kind == "ficus":
        return say("event-ficus", seat=seat_text(event.seat), cards=cards, other=seat_text(event.other))
    if kind == "over":
        if not event.losers:
            return say("event-over-draw")
        if len(event.losers) == 1:
            return say("event-over-one", seats=seats_words(event.losers))
        return say("event-over-many", seats=seats_words(event.losers))
    return say("event-other", kind=kind)


def move_words(move: Move) -> str:
    """A move as a learner says it, without the seat (the cards of a lead in order).

    >>> move_words(Move.parse("P1 cover 9♠ with K♠")), move_words(Move.parse("P2 take"))
    ('cover 9♠ with K♠', 'take the cards')
    >>> move_words(Move.parse("P1 attack 7♦ 7♠"))
    'play 7♠ 7♦'
    """
    kind = move.kind
    cards = cards_text(sorted(move.cards))
    if kind == COVER:
        return say("move-cover", target=str(move.target), card=str(move.cards[0]))
    if kind == ATTACK:
        return say("move-play", cards=cards)
    if kind == TRANSFER:
        return say("move-transfer", cards=cards)
    if kind == SHOW:
        return say("move-show", cards=cards)
    if kind == TAKE:
        return say("move-take")
    if kind == CHOOSE:
        return say("move-choose", cards=cards)
    if kind == CHALLENGE:
        return say("move-challenge", card=str(move.cards[0]))
    return say("move-pass") if kind == PASS else say("move-swap")


def hint_why(view: Any, move: Move) -> str:
    """Why a hinted ``move`` is good, in one sentence (``view`` needs ``trump`` and ``table``).

    >>> from types import SimpleNamespace
    >>> hint_why(SimpleNamespace(trump=1, table=()), Move.parse("P1 attack 7♠"))
    'A low card first keeps your high cards for defending.'
    """
    kind = move.kind
    if kind == COVER:
        return say("hint-cover-trump") if suit_of(int(move.cards[0])) == view.trump else say("hint-cover")
    if kind == ATTACK:
        return say("hint-throw") if view.table else say("hint-lead")
    if kind == TAKE:
        return say("hint-take")
    if kind == PASS:
        return say("hint-pass")
    if kind in (TRANSFER, SHOW):
        return say("hint-transfer")
    if kind == SWAP:
        return say("hint-swap")
    if kind == CHOOSE:
        return say("hint-choose")
    if kind == CHALLENGE:
        return say("hint-challenge")
    return ""


def value_words(value: int) -> str:
    """A solver's value for the player in words: 1 ``a win``, 0 ``a draw``, -1 ``a loss``.

    >>> [value_words(v) for v in (1, 0, -1)]
    ['a win', 'a draw', 'a loss']
    """
    if value > 0:
        return say("value-win")
    return say("value-draw") if value == 0 else say("value-loss")


def role_words(role: Optional[str]) -> str:
    """A role of :func:`~durak_lab.text.explain.seat_role` in words (``""`` for no role).

    >>> role_words("attacker"), role_words("")
    ('attacker', '')
    """
    if role == "attacker":
        return say("role-name-attacker")
    if role == "defender":
        return say("role-name-defender")
    if role == "out":
        return say("role-name-out")
    if role == "durak":
        return say("role-name-durak")
    return ""
