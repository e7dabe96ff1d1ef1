"""A seat's view as plain JSON, and back: what ``durak-lab engine`` sends a bot in another process.

:func:`view_to_json` writes a :class:`~durak_lab.engine.view.PlayerView` as an object of
plain JSON values (format ``durak-view/1``); :func:`view_from_json` reads one back, checking
every field, and raises :class:`~durak_lab.engine.errors.PositionError` naming the field
that is wrong.  The round trip is exact: ``view_from_json(view_to_json(v)) == v``.

It holds what the seat knows and nothing more, as the view does (R3, R7, R18, R24): its
own hand, the table, the discard, the cards everyone knows each hand holds, the counts.
Cards are written as in the move text (``"10♦"``, ``"6♠"``; a reader also takes ``"Td"``),
seats as ``"P1"``, ``"P2"``… The fields:

=====================  ==================================================================
``format``             ``"durak-view/1"``
``seat``               the seat whose view it is
``rules``              the rules' options (as in a ``durak-lab/1`` record)
``trump``              the trump suit, ``"♠"`` ``"♥"`` ``"♦"`` or ``"♣"``
``trump_card``         the face-up trump card, or null (R5)
``trump_card_holder``  the seat that drew it once the talon is gone, else null
``hand``               the seat's cards
``table``              a list of ``{"attack", "cover", "attacker", "defender"}``, in play
                       order; ``cover`` and ``defender`` are null while uncovered
``discard``            the cards out of the game
``known``              per seat, the cards everyone knows that hand holds (picked up, shown)
``hand_sizes``         per seat, how many cards it holds
``talon_size``         the cards left to draw, the face-up trump card included
``leader``             the seat that led the bout
``defender``           the seat defending
``taking``             the defender has said it takes (R17)
``passed``             the seats that said they are done in this bout
``shown_used``         trumps already shown to transfer (R24)
``to_act``             a seat that may move now, or null when the game is over
``legal``              this seat's legal moves now, as move texts (empty when it may not move)
``result``             null while the game goes on, else the durak seats (empty: a draw)
``first_limit``        the first bout's limit applies (R14)
``start_hand``         the defender's number of cards when the bout began (R13)
``attack_order``       the seats in the order they attacked in this bout (R19)
``swap_open``          the trump-six swap may still happen (R6)
``in_bout``            the seats holding cards when the bout began (R29)
``sent_back``          pushing durak: cards sent back in this bout (R12, R31)
=====================  ==================================================================

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> v = Position.deal(Rules(players=2), seed=3).view(1)
>>> data = view_to_json(v)
>>> data["format"], data["seat"], data["hand_sizes"], data["talon_size"]
('durak-view/1', 'P2', [6, 6], 24)
>>> view_from_json(data) == v
True
>>> view_from_json({**data, "hand": ["6♠", "6♠"]})
Traceback (most recent call last):
...
durak_lab.engine.errors.PositionError: view: hand: 6♠ appears twice

Standard library only.
"""

from __future__ import annotations

from typing import Any, Optional

from .cards import SUIT_SYMBOLS, Card, CardSet, parse_suit
from .errors import CardError, DurakError, MoveTextError, PositionError
from .moves import Move, parse_seat, seat_text
from .reading import brief
from .rules import Rules
from .view import PlayerView

__all__ = ["VIEW_FORMAT", "view_to_json", "view_from_json"]

#: The ``format`` of a view object.
VIEW_FORMAT = "durak-view/1"

_FIELDS = ("format", "seat", "rules", "trump", "trump_card", "trump_card_holder", "hand", "table", "discard",
           "known", "hand_sizes", "talon_size", "leader", "defender", "taking", "passed", "shown_used", "to_act",
           "legal", "result", "first_limit", "start_hand", "attack_order", "swap_open", "in_bout", "sent_back")


_MISSING = object()


def _cards(mask: int) -> list:
    return [str(c) for c in CardSet(mask)]


def _seats(mask: int, players: int) -> list:
    return [seat_text(s) for s in range(players) if mask >> s & 1]


def _seat_or_none(seat: Optional[int]) -> Optional[str]:
    return None if seat is None or seat < 0 else seat_text(seat)


def view_to_json(view: PlayerView) -> dict:
    """``view`` as an object of plain JSON values (see the module's table of fields)."""
    n = view.rules.players
    return {
        "format": VIEW_FORMAT,
        "seat": seat_text(view.seat),
        "rules": view.rules.to_dict(),
        "trump": SUIT_SYMBOLS[view.trump],
        "trump_card": None if view.trump_card is None else str(view.trump_card),
        "trump_card_holder": _seat_or_none(view.trump_card_holder),
        "hand": _cards(view.hand_mask),
        "table": [{"attack": str(Card(a)), "cover": None if c < 0 else str(Card(c)),
                   "attacker": _seat_or_none(ao), "defender": _seat_or_none(co)} for a, c, ao, co in view.table],
        "discard": _cards(view.discard),
        "known": [_cards(k) for k in view.known],
        "hand_sizes": list(view.hand_sizes),
        "talon_size": view.talon_size,
        "leader": seat_text(view.leader),
        "defender": seat_text(view.defender),
        "taking": view.taking,
        "passed": _seats(view.passed, n),
        "shown_used": _cards(view.shown_used),
        "to_act": _seat_or_none(view.to_act),
        "legal": [str(m) for m in view.legal],
        "result": None if view.result is None else [seat_text(s) for s in view.result],
        "first_limit": view.first_limit,
        "start_hand": view.start_hand,
        "attack_order": [seat_text(s) for s in view.attack_order],
        "swap_open": view.swap_open,
        "in_bout": _seats(view.in_bout, n),
        "sent_back": _cards(view.sent_back),
    }


class _Reader:
    """Reads the fields of one view object, naming the field in every error."""

    def __init__(self, data: dict, players: int):
        self.data = data
        self.players = players

    def fail(self, key: str, problem: str) -> PositionError:
        return PositionError(f"view: {key}: {problem}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise PositionError(f"view: {key} is missing")
        return self.data[key]

    def flag(self, key: str) -> bool:
        v = self.get(key)
        if not isinstance(v, bool):
            raise self.fail(key, f"{brief(v)} is not true or false")
        return v

    def count(self, key: str, value: Any = None, top: int = 60) -> int:
        v = self.get(key) if value is None else value
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= top:
            raise self.fail(key, f"{brief(v)} is not a count from 0 to {top}")
        return v

    def seat(self, key: str, value: Any = _MISSING, none: bool = False) -> Optional[int]:
        v = self.get(key) if value is _MISSING else value
        if v is None and none:
            return None
        if not isinstance(v, str):
            raise self.fail(key, f"{brief(v)} is not a seat such as 'P1'")
        try:
            return parse_seat(v, self.players)
        except MoveTextError as err:
            raise self.fail(key, str(err)) from None

    def card(self, key: str, value: Any) -> Card:
        if not isinstance(value, str):
            raise self.fail(key, f"{brief(value)} is not a card such as '10♦'")
        try:
            return Card.parse(value)
        except CardError as err:
            raise self.fail(key, str(err)) from None

    def listed(self, key: str, value: Any = None) -> list:
        v = self.get(key) if value is None else value
        if not isinstance(v, list):
            raise self.fail(key, f"{brief(v)} is not a list")
        return v

    def mask(self, key: str, value: Any = None) -> int:
        m = 0
        for text in self.listed(key, value):
            c = self.card(key, text)
            if m >> c & 1:
                raise self.fail(key, f"{c} appears twice")
            m |= 1 << c
        return m

    def seat_mask(self, key: str) -> int:
        m = 0
        for text in self.listed(key):
            m |= 1 << self.seat(key, text)  # type: ignore[operator]
        return m


def view_from_json(data: Any) -> PlayerView:
    """The :class:`~durak_lab.engine.view.PlayerView` a :func:`view_to_json` object describes.

    A :class:`~durak_lab.engine.errors.PositionError` names the field that is wrong.
    """
    if not isinstance(data, dict):
        raise PositionError(f"view: {brief(data)} is not an object")
    if data.get("format") != VIEW_FORMAT:
        raise PositionError(f"view: format {brief(data.get('format'))} is not {VIEW_FORMAT!r}")
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise PositionError(f"view: {brief(unknown[0])} is not a field of {VIEW_FORMAT}")
    rules_data = data.get("rules")
    if not isinstance(rules_data, dict):
        raise PositionError(f"view: rules: {brief(rules_data)} is not an object of options")
    try:
        rules = Rules.from_dict(rules_data)
    except DurakError as err:
        raise PositionError(f"view: rules: {err}") from None
    r = _Reader(data, rules.players)
    n = rules.players
    trump = r.get("trump")
    try:
        suit = parse_suit(trump) if isinstance(trump, str) else -1
    except CardError:
        suit = -1
    if suit < 0:
        raise r.fail("trump", f"{brief(trump)} is not a suit: write ♠ ♥ ♦ or ♣")
    trump_card = r.get("trump_card")
    table = []
    for place in r.listed("table"):
        if not isinstance(place, dict) or set(place) != {"attack", "cover", "attacker", "defender"}:
            raise r.fail("table", f"{brief(place)} is not an object of attack, cover, attacker and defender")
        cover = place["cover"]
        table.append((r.card("table", place["attack"]), -1 if cover is None else r.card("table", cover),
                      r.seat("table", place["attacker"], none=True), r.seat("table", place["defender"], none=True)))
    table = [(a, c, -1 if ao is None else ao, -1 if co is None else co) for a, c, ao, co in table]
    known = r.listed("known")
    sizes = r.listed("hand_sizes")
    if len(known) != n or len(sizes) != n:
        raise r.fail("known" if len(known) != n else "hand_sizes", f"needs one entry for each of the {n} seats")
    result = r.get("result")
    legal = []
    for text in r.listed("legal"):
        try:
            legal.append(Move.parse(text, n))
        except MoveTextError as err:
            raise r.fail("legal", str(err)) from None
    return PlayerView(
        seat=r.seat("seat"), rules=rules, trump=suit,  # type: ignore[arg-type]
        trump_card=None if trump_card is None else r.card("trump_card", trump_card),
        trump_card_holder=r.seat("trump_card_holder", none=True),
        hand_mask=r.mask("hand"), table=tuple(table), discard=r.mask("discard"),
        known=tuple(r.mask("known", k) for k in known), hand_sizes=tuple(r.count("hand_sizes", s) for s in sizes),
        talon_size=r.count("talon_size", top=54), leader=r.seat("leader"), defender=r.seat("defender"),  # type: ignore
        taking=r.flag("taking"), passed=r.seat_mask("passed"), shown_used=r.mask("shown_used"),
        to_act=r.seat("to_act", none=True), legal=tuple(legal),
        result=None if result is None else tuple(r.seat("result", s) for s in r.listed("result")),
        first_limit=r.flag("first_limit"), start_hand=r.count("start_hand"),
        attack_order=tuple(r.seat("attack_order", s) for s in r.listed("attack_order")),
        swap_open=r.flag("swap_open"), in_bout=r.seat_mask("in_bout"), sent_back=r.mask("sent_back"))
