"""The one-line text form of a position (like chess's FEN), which round-trips.

``position_text(p)`` writes space-separated ``key=value`` fields; cards inside
a field are joined by ``.``, seats by ``|``, and ``-`` stands for nothing:

=================  ==========================================================
``rules=``          preset, ``players=N`` and any other changed option (R1–R29)
``trump=``          the trump suit
``card=``           the face-up trump card (``-`` if there is none, R5)
``hands=``          each seat's hand, seats P1, P2, … separated by ``|``
``talon=``          the talon, next card first, the trump card last
``?N``              in a hand or the talon: N cards the text leaves unknown
                    (read by :mod:`~durak_lab.engine.partial`, not by
                    :func:`parse_position`)
``discard=``        the bito pile; ``rest`` (when reading) for every card not
                    listed elsewhere, as records write it
``table=``          attack cards in play order: ``7♥@P4>10♥@P1`` (attack, its
                    owner, then cover and who covered) or ``8♣@P3`` uncovered
``lead=`` ``def=``  the leader and the defender of the bout
flags               ``take`` (the defender takes), ``passed=P2.P3`` (who
                    passed since the last card; in attack by turns who has
                    stopped, R12: the same field, so every old text still reads),
                    ``first`` (first-bout limit, R14), ``start=6`` (the
                    defender's hand at the bout's start, R13), ``order=P4.P2``
                    (attack order, R19 HE), ``known=…|…`` (cards known to be in
                    each hand), ``shown=7♠`` (trumps shown to transfer, R24),
                    ``swap`` (R6 swap still open), ``inbout=P1.P2`` (seats in
                    the bout, R29), ``back=Q♦`` (cards sent back in this
                    bout, pushing durak, R12, R31), ``result=P3`` /
                    ``result=draw``
=================  ==========================================================

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 7♠", "Q♦ 9♣"], trump="♥", discard="rest", attacker=0)
>>> text = position_text(p)
>>> text[:59]
'rules=podkidnoy,players=2 trump=♥ card=- hands=7♠.7♦|Q♦.9♣ '
>>> parse_position(text) == p
True
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from .cards import SUIT_SYMBOLS, Card, cards_of, parse_suit
from .errors import CardError, PositionError, RulesError
from .moves import MoveTextError, parse_seat, seat_text
from .reading import check_length, shorten, whole_number
from .rules import Rules
from .state.fields import Entry

__all__ = ["position_text", "parse_position", "read_fields", "make_position", "PositionFields",
          "MAX_UNKNOWN", "rules_text", "parse_rules_text", "MAX_POSITION_TEXT"]

#: The longest position text read: a position of 54 cards with every flag takes well under 2,000 characters.
MAX_POSITION_TEXT = 10_000


def rules_text(rules: Rules) -> str:
    """``preset,players=N,field=value…`` using the preset that needs fewest changes.

    >>> rules_text(Rules.preset("perevodnoy", players=4, deck=52))
    'perevodnoy,players=4,deck=52'
    """
    name, _, rest = rules.short_name().partition(",")
    return f"{name},players={rules.players}" + (f",{rest}" if rest else "")


def _position_error(where: str, problem: str) -> PositionError:
    return PositionError(f"{where}: {problem}" if where else problem)


def _value(text: str, where: str) -> Any:
    if text == "None":
        return None
    if text in ("True", "False"):
        return text == "True"
    if text.lstrip("-").isdecimal() and text.isascii():
        return whole_number(text, _position_error, where)
    return text


def parse_rules_text(text: str) -> Rules:
    """The inverse of :func:`rules_text`.

    >>> parse_rules_text("pairs,players=4").partner_covers
    True
    """
    if not isinstance(text, str):
        raise PositionError(f"rules: {shorten(repr(text))} is not a rules text")
    check_length(text, MAX_POSITION_TEXT, _position_error, "rules", "a rules text")
    parts = text.split(",")
    data: dict = {"preset": parts[0]}
    for part in parts[1:]:
        key, eq, val = part.partition("=")
        if not eq:
            raise PositionError(f"rules: {shorten(part)} is not field=value")
        data[key] = _value(val, f"rules.{key}" if key.isidentifier() else "rules")
    try:
        return Rules.from_dict(data)
    except RulesError as err:
        raise PositionError(f"rules: {err}") from None


def _cards_text(mask_or_seq: Any) -> str:
    cs = cards_of(mask_or_seq) if isinstance(mask_or_seq, int) else list(mask_or_seq)
    return ".".join(str(Card(c)) for c in cs) or "-"


def _parse_cards(text: str, where: str) -> list[Card]:
    if text == "-":
        return []
    out = []
    for t in text.split("."):
        if t.startswith("?"):
            raise PositionError(f"{where}: unknown cards (?N) stand only in hands and the talon")
        try:
            out.append(Card.parse(t))
        except CardError as err:
            raise PositionError(f"{where}: {err if len(t) <= 8 else f'{shorten(t)} is not a card'}") from None
    return out


#: The most unknown cards one ``?N`` stands for: the largest deck.
MAX_UNKNOWN = 54


def _parse_slots(text: str, where: str, unknown: bool) -> list[Optional[Card]]:
    """The cards of a hand or talon field, ``None`` for each unknown card of a ``?N``."""
    if text == "-":
        return []
    out: list[Optional[Card]] = []
    for t in text.split("."):
        if not t.startswith("?"):
            out.extend(_parse_cards(t, where))
            continue
        if not unknown:
            raise PositionError(f"{where}: {shorten(t, 12)[1:-1]} stands for unknown cards; a whole position names "
                                "every card (read unknown cards with Partial.parse)")
        digits = t[1:] or "1"
        if not (digits.isdecimal() and digits.isascii()):
            raise PositionError(f"{where}: {shorten(t, 12)} is not ?N (N unknown cards, e.g. ?6)")
        count = whole_number(digits, _position_error, where)
        if not 1 <= count <= MAX_UNKNOWN:
            raise PositionError(f"{where}: ?{count}: write between ?1 and ?{MAX_UNKNOWN} unknown cards")
        out.extend([None] * count)
    return out

def _mask(cards: list[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _seats_text(mask: int) -> str:
    return ".".join(seat_text(s) for s in range(mask.bit_length()) if mask >> s & 1)


def position_text(p: Any) -> str:
    """The one-line text of a :class:`~durak_lab.engine.state.Position`."""
    f = [
        f"rules={rules_text(p.rules)}",
        f"trump={SUIT_SYMBOLS[p.trump]}",
        f"card={Card(p.trump_card) if p.trump_card >= 0 else '-'}",
        "hands=" + "|".join(_cards_text(h) for h in p.hands),
        f"talon={_cards_text(p.talon)}",
        f"discard={_cards_text(p.discard)}",
    ]
    entries = []
    for a, c, o, co in p.table:
        e = f"{Card(a)}@{seat_text(o)}"
        if c >= 0:
            e += f">{Card(c)}@{seat_text(co)}"
        entries.append(e)
    f.append("table=" + (",".join(entries) or "-"))
    f.append(f"lead={seat_text(p.leader)}")
    f.append(f"def={seat_text(p.defender)}")
    if p.taking:
        f.append("take")
    if p.passed:
        f.append("passed=" + _seats_text(p.passed))
    if p.first_limit:
        f.append("first")
    if p.start_hand:
        f.append(f"start={p.start_hand}")
    if p.attack_order:
        f.append("order=" + ".".join(seat_text(s) for s in p.attack_order))
    if any(p.known):
        f.append("known=" + "|".join(_cards_text(k) for k in p.known))
    if p.shown_used:
        f.append("shown=" + _cards_text(p.shown_used))
    if p.swap_open:
        f.append("swap")
    if p.in_bout:
        f.append("inbout=" + _seats_text(p.in_bout))
    if p.sent_back:
        f.append("back=" + _cards_text(p.sent_back))
    if p.result is not None:
        f.append("result=" + (".".join(seat_text(s) for s in p.result) or "draw"))
    return " ".join(f)


_FLAGS = {"take", "first", "swap"}
_KEYS = {"rules", "trump", "card", "hands", "talon", "discard", "table", "lead", "def", "passed",
         "start", "order", "known", "shown", "inbout", "back", "result"}
_REQUIRED = ("rules", "trump", "card", "hands", "talon", "discard", "table", "lead", "def")


class PositionFields(NamedTuple):
    """The fields of a position text as read, before they make a position.

    ``hands``: each seat's listed cards (a mask) and ``hand_unknown`` how many more it holds that the
    text leaves unknown (``?N``); ``talon``: the talon, next card first, ``None`` for an unknown
    card.  Only :func:`read_fields` with ``unknown=True`` gives unknown cards
    (:class:`~durak_lab.engine.partial.Partial`); ``discard`` is ``None`` for ``discard=rest``.
    """

    rules: Rules
    trump: int
    trump_card: int
    hands: tuple
    hand_unknown: tuple
    talon: tuple
    discard: Optional[int]
    table: tuple
    leader: int
    defender: int
    taking: bool
    passed: int
    first_limit: bool
    start_hand: int
    attack_order: tuple
    known: tuple
    shown_used: int
    swap_open: bool
    in_bout: int
    result: Optional[tuple]
    sent_back: int

    def listed(self) -> int:
        """The mask of every card the text names: hands, talon, table and discard."""
        held = _mask([c for c in self.talon if c is not None]) | (self.discard or 0)
        for h in self.hands:
            held |= h
        for entry in self.table:
            held |= 1 << entry[0] | (1 << entry[1] if entry[1] >= 0 else 0)
        return held


def read_fields(text: str, unknown: bool = False) -> PositionFields:
    """The fields of a position text (see the module); :class:`PositionError` naming a bad field.

    With ``unknown``, a hand or the talon may hold ``?N``: N cards the text leaves unknown (``?``
    alone is one).  Without it, ``?N`` is refused with a sentence that says where it is read.

    >>> f = read_fields("rules=podkidnoy,players=2 trump=♥ card=9♠ hands=7♦.Q♦|?6 talon=?3.9♠ "
    ...                 "discard=- table=- lead=P1 def=P2", unknown=True)
    >>> f.hand_unknown, f.talon
    ((0, 6), (None, None, None, Card('9♠')))
    >>> read_fields("rules=podkidnoy,players=2 trump=♥ card=- hands=7♦|?1 talon=- discard=- "
    ...             "table=- lead=P1 def=P2")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.PositionError: hands.P2: ?1 stands for unknown cards; a whole position names every card (read unknown cards with Partial.parse)
    """
    if not isinstance(text, str):
        raise PositionError(f"{shorten(repr(text))} is not a position text")
    check_length(text, MAX_POSITION_TEXT, _position_error, "", "a position text")
    fields: dict[str, str] = {}
    flags: set[str] = set()
    for tok in text.split():
        key, eq, val = tok.partition("=")
        if not eq:
            if tok not in _FLAGS:
                raise PositionError(f"{shorten(tok)} is not a field of a position text")
            flags.add(tok)
            continue
        if key not in _KEYS:
            raise PositionError(f"{shorten(key)} is not a field of a position text")
        if key in fields:
            raise PositionError(f"{key}: given twice")
        fields[key] = val
    rules = parse_rules_text(fields["rules"]) if "rules" in fields else None
    if rules is None:
        raise PositionError("rules: missing")
    try:
        trump = parse_suit(fields.get("trump", ""))
    except CardError as err:
        raise PositionError(f"trump: {err}") from None
    for key in _REQUIRED:
        if key not in fields:
            raise PositionError(f"{key}: missing")
    n = rules.players

    def seat(t: str, where: str) -> int:
        try:
            return parse_seat(t, n)
        except MoveTextError as err:
            raise PositionError(f"{where}: {err}") from None

    def seats_mask(t: str, where: str) -> int:
        m = 0
        for part in t.split("."):
            m |= 1 << seat(part, where)
        return m

    card = fields["card"]
    trump_card = -1 if card == "-" else _one_card(card, "card")
    hand_texts = fields["hands"].split("|")
    if len(hand_texts) != n:
        raise PositionError(f"hands: {len(hand_texts)} hands for {n} players")
    hand_slots = [_parse_slots(h, f"hands.{seat_text(i)}", unknown) for i, h in enumerate(hand_texts)]
    hands = tuple(_mask([c for c in slots if c is not None]) for slots in hand_slots)
    hand_unknown = tuple(slots.count(None) for slots in hand_slots)
    talon = tuple(_parse_slots(fields["talon"], "talon", unknown))
    table: list[Entry] = []
    if fields["table"] != "-":
        for i, e in enumerate(fields["table"].split(",")):
            where = f"table[{i}]"
            att, _, cov = e.partition(">")
            a_txt, at, a_own = att.partition("@")
            if not at:
                raise PositionError(f"{where}: write attack@owner, e.g. 7♥@P4")
            a = _one_card(a_txt, where)
            if cov:
                c_txt, ct, c_own = cov.partition("@")
                if not ct:
                    raise PositionError(f"{where}: write cover@seat, e.g. 10♥@P1")
                table.append((a, _one_card(c_txt, where), seat(a_own, where), seat(c_own, where)))
            else:
                table.append((a, -1, seat(a_own, where), -1))
    discard = None if fields["discard"] == "rest" else _mask(_parse_cards(fields["discard"], "discard"))
    known = (0,) * n
    if "known" in fields:
        kt = fields["known"].split("|")
        if len(kt) != n:
            raise PositionError(f"known: {len(kt)} entries for {n} players")
        known = tuple(_mask(_parse_cards(k, f"known.{seat_text(i)}")) for i, k in enumerate(kt))
    result = None
    if "result" in fields:
        r = fields["result"]
        result = () if r == "draw" else tuple(sorted(seat(x, "result") for x in r.split(".")))
    start = whole_number(fields.get("start", "0"), _position_error, "start")
    if not 0 <= start <= rules.deck + rules.jokers:
        raise PositionError(f"start: the defender cannot have held {start} cards at the start of the bout")
    return PositionFields(
        rules, trump, trump_card, hands, hand_unknown, talon, discard, tuple(table),
        seat(fields["lead"], "lead"), seat(fields["def"], "def"), "take" in flags,
        seats_mask(fields["passed"], "passed") if "passed" in fields else 0, "first" in flags, start,
        tuple(seat(x, "order") for x in fields["order"].split(".")) if "order" in fields else (),
        known, _mask(_parse_cards(fields["shown"], "shown")) if "shown" in fields else 0,
        "swap" in flags, seats_mask(fields["inbout"], "inbout") if "inbout" in fields else 0, result,
        _mask(_parse_cards(fields["back"], "back")) if "back" in fields else 0)


def parse_position(text: str) -> Any:
    """Read a position from its one-line text; raise :class:`PositionError` naming the bad field.

    >>> parse_position("rules=podkidnoy,players=2 trump=X")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.PositionError: trump: 'X' is not a suit: write ♠ ♥ ♦ ♣ or S H D C

    ``discard=rest`` puts every card not listed elsewhere in the discard, as records do.  A position
    no game can be in is refused, naming what is wrong (see :mod:`~durak_lab.engine.state.validate`):

    >>> parse_position("rules=podkidnoy,players=2 trump=♥ card=- hands=7♦|Q♦ talon=- discard=rest "
    ...                "table=- lead=P1 def=P2").hand(1)
    CardSet('Q♦')
    >>> parse_position("rules=podkidnoy,players=2 trump=♥ card=- hands=7♠|- talon=- discard=rest "
    ...                "table=7♦@P1>Q♦@P2 lead=P1 def=P2")
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.PositionError: def: P2 holds no cards and cannot defend (R16, R28)

    A text with unknown cards (``hands=7♦.Q♦|?6``) is a
    :class:`~durak_lab.engine.partial.Partial`, read by :func:`~durak_lab.engine.partial.parse_partial`.
    """
    f = read_fields(text)
    return make_position(f, f.talon, f.hands)


def make_position(f: PositionFields, talon: tuple, hands: tuple) -> Any:
    """The validated position of ``f`` with every card placed: ``hands`` (masks) and ``talon``."""
    from .state.position import Position
    from .state.validate import validate_position

    discard = f.discard
    if discard is None:  # discard=rest: every card not listed elsewhere, as records write it
        discard = f.rules.all_cards & ~f._replace(hands=hands, talon=talon).listed()
    p = Position._make(
        f.rules, f.trump, f.trump_card, hands, talon, discard, f.table, f.leader, f.defender, f.taking,
        f.passed, f.first_limit, f.start_hand, f.attack_order, f.known, f.shown_used, f.swap_open, f.in_bout,
        f.result, sent_back=f.sent_back)
    return validate_position(p)  # cards conserved, seats and roles consistent, someone can move


def _one_card(text: str, where: str) -> Card:
    cards = _parse_cards(text, where)
    if len(cards) != 1:
        raise PositionError(f"{where}: write one card here, not {shorten(text)}")
    return cards[0]

