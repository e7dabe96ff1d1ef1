"""Why a move is refused, in a learner's words: :func:`learner_reason`.

The engine refuses a move with an :class:`~durak_lab.engine.errors.IllegalMoveError`
whose ``reason`` names the rule broken and whose ``facts`` hold the data (the
cards, ranks, seats and limits).  :func:`learner_reason` picks the template of
the catalogue (``reasons.json``) for the reason and its case and
fills it in with :func:`~durak_lab.text.messages.say`: a plain sentence with no
reason code and no rule id.  :func:`reason_rule` gives the rule id apart, for a
tooltip or a lesson's "see R12".

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 8♣", "Q♦ 9♦"], trump="♥", discard="rest", attacker=0)
>>> p = p.play("P1 attack 7♦")
>>> err = p.why_illegal("P1 attack 8♣")
>>> learner_reason(err)
'The 8♣ matches no rank on the table: only 7s may be thrown in.'
>>> reason_rule(err)
'R12'
>>> learner_reason(p.why_illegal("P2 cover 7♦ with 9♦"))
Traceback (most recent call last):
...
TypeError: learner_reason needs an IllegalMoveError, not NoneType
"""

from __future__ import annotations

import re
from typing import Iterable

from ..engine.cards import Card
from ..engine.errors import DurakError, IllegalMoveError
from ..engine.moves import seat_text
from .catalogue import Colour, Items, Rank, Suit, counted
from .messages import MESSAGES, fields_of, say
from .reason_rules import REASON_RULES

__all__ = ["learner_reason", "reason_clause", "reason_rule", "reason_key", "reason_fields", "plain_reason",
           "without_rule_ids",
           "list_words", "cards_words", "card_words", "rank_word", "ranks_words", "count_cards", "learner_error", "Told"]

_SEATS = ("seat", "defender", "leader", "turn", "thrower", "next")
_CARDS = ("card", "target", "cover", "trump_card")
_COUNTS = ("limit", "count", "held", "on_table")
_COUNTS += ("given", "uncovered")  # the defender's choice of cards to beat (R13)


def list_words(items: Iterable[object]) -> str:
    """Words joined as the chosen language says a list: ``7♣``, ``7♣ and A♥``, ``7♣, 8♣ and A♥``.

    >>> list_words(["7s"]), list_words(["7s", "10s"]), list_words(["7s", "9s", "jacks"])
    ('7s', '7s and 10s', '7s, 9s and jacks')
    """
    return str(Items(items))


def cards_words(cards: Iterable[int]) -> str:
    """Cards as a list: ``7♣ and A♥``.

    >>> cards_words([Card("7♣"), Card("A♥")])
    '7♣ and A♥'
    """
    return list_words(str(Card(c)) for c in cards)


def card_words(card: int) -> str:
    """A card in words, as a screen reader says it: ``queen of hearts``, ``red joker``.

    >>> card_words(Card("Q♥")), card_words(Card("7♠"))
    ('queen of hearts', '7 of spades')
    """
    c = Card(card)
    if c >= 52:
        return say("card-name-joker", colour=Colour("black" if c == 52 else "red"))
    return say("card-name", rank=Rank(c.rank), suit=Suit(c.suit))


def rank_word(rank: int) -> str:
    """A rank as a word: ``7``, ``10``, ``jack`` … ``ace``.

    >>> rank_word(7), rank_word(11), rank_word(14)
    ('7', 'jack', 'ace')
    """
    return Rank(rank).word()


def ranks_words(ranks: Iterable[int]) -> str:
    """Ranks in the plural, as a list: ``7s and 10s``, ``jacks``.

    >>> ranks_words([7, 10]), ranks_words([12])
    ('7s and 10s', 'queens')
    """
    return Items(Rank(r) for r in ranks).word("plural")


def count_cards(n: int) -> str:
    """``1 card`` or ``n cards``.

    >>> count_cards(1), count_cards(4)
    ('1 card', '4 cards')
    """
    return counted(n, "cards")


def reason_key(err: IllegalMoveError) -> str:
    """The key of the template for ``err``: ``reason-<code>-<case>`` if there is one, else ``reason-<code>``.

    >>> from durak_lab.engine.errors import Reason
    >>> reason_key(IllegalMoveError(Reason.CANNOT_PASS, "…", facts={"case": "defender", "seat": 1}))
    'reason-cannot-pass-defender'
    >>> reason_key(IllegalMoveError(Reason.GAME_OVER, "the game is over"))
    'reason-game-over'
    """
    if not isinstance(err, IllegalMoveError):
        raise TypeError(f"learner_reason needs an IllegalMoveError, not {type(err).__name__}")
    base = f"reason-{err.reason.value}"
    case = err.facts.get("case")
    if case and f"{base}-{case}" in MESSAGES:
        return f"{base}-{case}"
    return base if base in MESSAGES else "reason-unknown"


def reason_fields(facts: dict) -> dict:
    """The template fields made from an error's facts (the fields of the ``reasons.json`` templates).

    Seats and cards become their text (``P3``, ``8♣``); ranks, suits and lists become meanings the
    template words (``{ranks:plural}`` says ``7s and 10s``); counts stay numbers (``{held:cards}``
    says ``1 card``).

    >>> reason_fields({"seat": 2, "card": Card("8♣"), "ranks": (7, 10), "held": 1})["ranks"].word("plural")
    '7s and 10s'
    >>> reason_fields({"seat": 2, "held": 1})["held"], reason_fields({"seat": 2})["seat"]
    (1, 'P3')
    """
    out: dict = {}
    for name, value in facts.items():
        if value is None or name == "case":
            continue
        if name in _SEATS:
            out[name] = seat_text(int(value))
        elif name in _CARDS:
            out[name] = str(Card(value))
        elif name == "cards":
            out[name] = Items(str(Card(c)) for c in value)
        elif name == "rank":
            out["rank"] = Rank(value)
        elif name == "ranks":
            out["ranks"] = Items(Rank(r) for r in value)
        elif name in ("suit", "trump"):
            out[name] = Suit(value)
        elif name in _COUNTS or name == "players":
            out[name] = int(value)
    if "on_table" in facts and "count" in facts:
        out["total"] = int(facts["on_table"]) + int(facts["count"])
    return out


def _filled(err: IllegalMoveError) -> str:
    key = reason_key(err)
    fields = reason_fields(err.facts)
    need = fields_of(key)
    if not need <= set(fields):  # facts that do not fit: the plain sentence, never a broken one
        key = f"reason-{err.reason.value}"
        if key not in MESSAGES or not fields_of(key) <= set(fields):
            key = "reason-unknown"
        need = fields_of(key)
    return say(key, **{k: v for k, v in fields.items() if k in need})


def reason_clause(err: IllegalMoveError) -> str:
    """The learner's sentence for ``err`` as it follows a colon: a small first letter unless a card
    or a seat comes first, and a full stop.

    >>> from durak_lab.engine.errors import Reason
    >>> reason_clause(IllegalMoveError(Reason.NOT_YOUR_TURN, "…", facts={"case": "turn", "seat": 0, "turn": 2}))
    "it is P3's turn, not yours."
    """
    return _filled(err)


def learner_reason(err: IllegalMoveError) -> str:
    """Why ``err``'s move is refused, as one plain sentence: a capital first letter, a full stop,
    no reason code and no rule id (see :func:`reason_rule` for that).

    >>> from durak_lab.engine.errors import Reason
    >>> learner_reason(IllegalMoveError(Reason.NOT_YOUR_TURN, "…", facts={"case": "turn", "seat": 0, "turn": 2}))
    "It is P3's turn, not yours."
    """
    text = _filled(err).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class Told(DurakError):
    """An error whose learner sentence is already worded (by :func:`say`, in the chosen language):
    a widget raises it to stop what it does and say why; :func:`learner_error` gives the sentence.

    >>> learner_error(Told(say("stepper-no-example", name="EX-NOPE")))
    'There is no such worked example: EX-NOPE. Choose one from the list.'
    """

    code = "told"

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence, facts={"sentence": sentence})


def learner_error(err: BaseException) -> str:
    """What a learner reads for any error the package raises on purpose: the refused move's reason
    for an :class:`IllegalMoveError`, else the catalogue's ``error-<code>-<case>`` or
    ``error-<code>`` filled in with the error's facts, else ``error-<code>-any``, else ``error-any``.
    Never the developer's message.

    >>> from durak_lab.engine.cards import Card
    >>> from durak_lab.engine.errors import CardError, RecordError
    >>> try:
    ...     Card("7x")
    ... except CardError as err:
    ...     learner_error(err)
    '“7x” is not a card: write a rank and a suit, like 7♦ or 10♠.'
    >>> learner_error(RecordError("moves[3]", "P9 is not a seat"))
    'This file is not a game that Durak Lab can read.'
    >>> learner_error(ValueError("x"))
    'Something went wrong. Please try again.'
    """
    if isinstance(err, IllegalMoveError):
        return learner_reason(err)
    code = getattr(err, "code", "any")
    facts = {k: (v if len(v) <= 30 or k == "sentence" else v[:29] + "…") if isinstance(v, str) else v
             for k, v in (getattr(err, "facts", None) or {}).items() if v is not None and k != "case"}
    case = (getattr(err, "facts", None) or {}).get("case")
    keys = ([f"error-{code}-{case}"] if case else []) + [f"error-{code}", f"error-{code}-any", "error-any"]
    for key in keys:
        if key in MESSAGES and fields_of(key) <= set(facts):
            return say(key, **{k: facts[k] for k in fields_of(key)})
    return say("error-any")  # pragma: no cover - error-any needs no fields


def reason_rule(err: IllegalMoveError) -> str:
    """The rule id (R1-R31 of the rules digest) ``err``'s sentence rests on, or ``""``.

    >>> from durak_lab.engine.errors import Reason
    >>> reason_rule(IllegalMoveError(Reason.TRANSFER_AFTER_COVER, "…"))
    'R21'
    """
    return REASON_RULES.get(reason_key(err), "")


_RULE_IDS = re.compile(r"\s*\((?:R\d+(?:,\s*)?)+\)|\s*\(sequential play\)")
_RULE_IN_WORDS = re.compile(r",\s*R\d+(?=\))")


def without_rule_ids(text: str) -> str:
    """``text`` without the rule ids in brackets.

    >>> without_rule_ids("teams need 2 or more teams of 2 or more equal members (R25)")
    'teams need 2 or more teams of 2 or more equal members'
    """
    return _RULE_IN_WORDS.sub("", _RULE_IDS.sub("", text)).strip()


def plain_reason(message: str) -> str:
    """A reason given as text only (no error at hand) without its rule ids, as one sentence.

    Prefer :func:`learner_reason`, which words the reason for a learner.

    >>> plain_reason("no Q is on the table: throw in only ranks already there (7, J) (R12)")
    'No Q is on the table: throw in only ranks already there (7, J).'
    >>> plain_reason("these rules have no transfer (perevodnoy, R20)")
    'These rules have no transfer (perevodnoy).'
    """
    text = without_rule_ids(message)
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
