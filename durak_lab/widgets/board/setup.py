"""Setting a position up on the analysis board by clicking, with the cards one does not know left unknown.

:class:`SetupPanel` holds what a person puts on the board, card by card: the rules (a preset and the
players), where each card is (a seat's hand, the table as an attack or a cover, the discard, the
face-up trump card, or nowhere: unknown), how many cards each other seat holds that the person cannot
name, the leader and the defender, and the trump suit when no trump card lies face up.  The cards
placed nowhere are the unknown ones: those the other hands hold beyond their named cards, and the
talon above the face-up card.  :meth:`SetupPanel.text` writes it as a position text with ``?N``
(:mod:`durak_lab.engine.partial`), which the board opens; a setup no game can be in gives a sentence
saying what is wrong, and the board stays as it was.

Presentation layer, standard library only (no pandas, no numpy: it runs in JupyterLite).

>>> s = SetupPanel()
>>> for c in "6♥ 7♦ Q♦ A♦ 8♣ K♣".split():
...     s.place(c, "P1")
>>> s.place("9♠", "trump")
>>> s.hidden[1] = 6
>>> s.text()
'rules=podkidnoy,players=2 trump=♠ card=9♠ hands=6♥.7♦.Q♦.A♦.8♣.K♣|?6 talon=?23.9♠ discard=- table=- lead=P1 def=P2'
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.cards import SUIT_SYMBOLS, Card, CardSet, suit_of
from ...engine.errors import CardError, DurakError, RulesError
from ...engine.moves import seat_text
from ...engine.notation import rules_text
from ...engine.partial import Partial
from ...engine.rules import PRESETS, Rules
from ...text.messages import say
from ..cards import card_json

__all__ = ["SetupPanel", "SetupError", "PLACES"]

#: The places a card can be put, besides a seat's hand ("P1", "P2" …): the table (an attack, a cover),
#: the discard, the face-up trump card, or nowhere (unknown).
PLACES = ("attack", "cover", "discard", "trump", "unknown")


class SetupError(DurakError, ValueError):
    """A setup that is not a position yet: ``key`` is the catalogue sentence the page shows."""

    def __init__(self, key: str, message: str, **facts: Any) -> None:
        super().__init__(message, facts=facts)
        self.key = key


class SetupPanel:
    """What a person sets up (see the module).  ``seat``: whose hand is named whole (the board's seat)."""

    def __init__(self, preset: str = "podkidnoy", players: int = 2, seat: int = 0) -> None:
        self.rules = Rules.preset(preset, players=players)
        self.preset = preset
        self.seat = seat if 0 <= seat < players else 0
        self.target = f"P{self.seat + 1}"
        self.clear()

    # ------------------------------------------------------------ changing it
    def clear(self) -> None:
        """Every card unknown again, no hidden cards, P1 leads against P2."""
        self.places: dict = {}          # card -> "P1" … / "attack" / "cover" / "discard" / "trump"
        self.order: list = []           # the table's cards in the order they were put there
        self.hidden = [0] * self.rules.players
        self.leader, self.defender = 0, 1 % self.rules.players
        self.suit = 0

    def set_rules(self, preset: Any, players: Any) -> None:
        """Another preset or number of players: the setup starts again."""
        if not isinstance(preset, str) or preset not in PRESETS:
            raise SetupError("board-setup-bad-rules", "no such preset")
        if isinstance(players, bool) or not isinstance(players, int):
            raise SetupError("board-setup-bad-rules", "players is a number")
        try:
            rules = Rules.preset(preset, players=players)
        except RulesError:
            raise SetupError("board-setup-bad-rules", "those rules do not go together") from None
        self.rules, self.preset = rules, preset
        self.seat = self.seat if self.seat < players else 0
        self.target = f"P{self.seat + 1}"
        self.clear()

    def _seat(self, value: Any) -> int:
        if isinstance(value, str) and value[:1] == "P" and value[1:].isdigit() and len(value) <= 3:
            seat = int(value[1:]) - 1
            if 0 <= seat < self.rules.players:
                return seat
        raise SetupError("board-setup-bad-seat", "no such seat")

    def set_target(self, place: Any) -> None:
        """Where the next clicked card goes: a seat ("P2") or one of :data:`PLACES`."""
        if place not in PLACES:
            self._seat(place)
        self.target = place

    def place(self, card: Any, where: Optional[str] = None) -> None:
        """Put ``card`` at ``where`` (default: the chosen target); put where it already is, it goes back to
        unknown.  The face-up trump card is one card: a new one replaces it."""
        try:
            c = Card(card)
        except (CardError, ValueError, TypeError):
            raise SetupError("board-setup-bad-card", "not a card") from None
        if not self.rules.all_cards >> c & 1:
            raise SetupError("board-setup-bad-card", "not in this deck")
        where = self.target if where is None else where
        if where not in PLACES:
            self._seat(where)
        old = self.places.pop(c, None)
        if c in self.order:
            self.order.remove(c)
        if old == where or where == "unknown":
            return
        if where == "trump":
            for other, at in list(self.places.items()):
                if at == "trump":
                    del self.places[other]
            self.suit = suit_of(c)
        self.places[c] = where
        if where in ("attack", "cover"):
            self.order.append(c)

    def set_hidden(self, seat: Any, count: Any) -> None:
        """How many cards ``seat`` ("P2") holds that the person cannot name (not the board's own seat)."""
        s = self._seat(seat)
        if s == self.seat or isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 54:
            raise SetupError("board-setup-bad-count", "not a count")
        self.hidden[s] = count

    def set_seat(self, seat: Any) -> None:
        """Whose hand is named whole ("P1"): the seat the board looks from; it has no hidden cards."""
        s = self._seat(seat)
        self.seat, self.hidden[s] = s, 0

    def set_roles(self, leader: Any, defender: Any) -> None:
        """Who leads the bout and who defends (P1, P2 …)."""
        self.leader, self.defender = self._seat(leader), self._seat(defender)

    def set_suit(self, suit: Any) -> None:
        """The trump suit, when no trump card lies face up (0 to 3, ♠ ♥ ♦ ♣)."""
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit < 4:
            raise SetupError("board-setup-bad-suit", "not a suit")
        if "trump" not in self.places.values():
            self.suit = suit

    def fill_from(self, partial: Partial) -> None:
        """The setup of a position text with unknown cards (the board's position, from its seat)."""
        f = partial.fields
        self.rules = f.rules
        self.preset = rules_text(f.rules).split(",")[0]  # the nearest preset, for the page's choice
        self.clear()
        for s, mask in enumerate(f.hands):
            for c in CardSet(mask):
                self.places[c] = f"P{s + 1}"
        self.hidden = list(f.hand_unknown)
        for a, c, _, _ in f.table:
            self.places[Card(a)] = "attack"
            self.order.append(Card(a))
            if c >= 0:
                self.places[Card(c)] = "cover"
                self.order.append(Card(c))
        for c in CardSet(f.discard or 0):
            self.places[c] = "discard"
        if f.trump_card >= 0 and f.talon and f.talon[-1] == f.trump_card:
            self.places[Card(f.trump_card)] = "trump"
        self.suit, self.leader, self.defender = f.trump, f.leader, f.defender

    # ------------------------------------------------------------ reading it
    def _at(self, where: str) -> list:
        return [c for c, at in self.places.items() if at == where]

    def unknown_count(self) -> int:
        """The cards placed nowhere: the other hands' hidden cards and the talon above the trump card."""
        return bin(self.rules.all_cards).count("1") - len(self.places)

    def talon_count(self) -> int:
        """The talon's cards, the face-up trump card among them: the unknown cards the hands do not hold."""
        return self.unknown_count() - sum(self.hidden) + (1 if self._at("trump") else 0)

    def text(self) -> str:
        """The position text (``?N`` for the unknown cards); :class:`SetupError` with a sentence's key
        when the setup cannot be one yet."""
        n = self.rules.players
        if self.leader == self.defender:
            raise SetupError("board-setup-same-seats", "the leader cannot defend")
        attacks = [c for c in self.order if self.places.get(c) == "attack"]
        covers = [c for c in self.order if self.places.get(c) == "cover"]
        if len(covers) > len(attacks):
            raise SetupError("board-setup-cover-without-attack", "more covers than attacks")
        talon = self.talon_count()
        trump = self._at("trump")
        if talon < 0 or (talon == 0 and trump):
            raise SetupError("board-setup-too-many-hidden", "the hidden cards are more than the unknown ones",
                             count=self.unknown_count())
        if talon > 0 and not trump:
            raise SetupError("board-setup-need-trump-card", "a talon needs its face-up trump card")
        hands = []
        for s in range(n):
            named = sorted(self._at(f"P{s + 1}"), key=lambda c: (suit_of(c), c))
            parts = [str(c) for c in named] + ([f"?{self.hidden[s]}"] if self.hidden[s] else [])
            hands.append(".".join(parts) or "-")
        table = [f"{a}@P{self.leader + 1}" + (f">{covers[i]}@P{self.defender + 1}" if i < len(covers) else "")
                 for i, a in enumerate(attacks)]
        talon_text = ".".join(([f"?{talon - 1}"] if talon > 1 else []) + [str(c) for c in trump]) or "-"
        suit = suit_of(trump[0]) if trump else self.suit
        discard = ".".join(str(c) for c in sorted(self._at("discard"))) or "-"
        return (f"rules={rules_text(self.rules)} trump={SUIT_SYMBOLS[suit]} card={trump[0] if trump else '-'} "
                f"hands={'|'.join(hands)} talon={talon_text} discard={discard} table={','.join(table) or '-'} "
                f"lead=P{self.leader + 1} def=P{self.defender + 1}")

    def json(self) -> dict:
        """The panel for the page: the deck's cards with their places, the choices and the counts."""
        n = self.rules.players
        trump = suit_of(self._at("trump")[0]) if self._at("trump") else self.suit
        places = [[f"P{s + 1}", say("board-setup-place-hand", seat=f"P{s + 1}")] for s in range(n)] + [
            [p, say(key)] for p, key in (("attack", "board-setup-place-attack"), ("cover", "board-setup-place-cover"),
                                         ("discard", "board-setup-place-discard"), ("trump", "board-setup-place-trump"),
                                         ("unknown", "board-setup-place-unknown"))]
        return {
            "preset": self.preset, "players": n, "presets": sorted(PRESETS), "target": self.target, "places": places,
            "cards": [{**card_json(c, trump), "place": self.places.get(c, "unknown")}
                      for c in sorted(CardSet(self.rules.all_cards), key=lambda c: (suit_of(c), c))],
            "seat": seat_text(self.seat), "seats": [seat_text(s) for s in range(n)],
            "hidden": [{"seat": seat_text(s), "count": self.hidden[s], "mine": s == self.seat} for s in range(n)],
            "leader": seat_text(self.leader), "defender": seat_text(self.defender),
            "suit": self.suit, "suits": [[i, SUIT_SYMBOLS[i]] for i in range(4)], "suit_fixed": bool(self._at("trump")),
            "talon": say("board-setup-talon", count=max(self.talon_count(), 0)),
            "unknown": say("board-setup-unknown", count=self.unknown_count()),
        }
