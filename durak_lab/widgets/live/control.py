"""The live helper's control: what each click does, without a browser.

:class:`LiveControl` follows a real game at the kitchen table from your seat.  First the setup: the
game (a preset and the number of players), your seat, who leads, and your cards and the face-up trump
card, each clicked in the deck.  Then :class:`~durak_lab.session.live.LiveGame` follows the game:
on your turn the page lists your moves, each with its chance; when another seat moves, the page asks
what it did (a card it may hold, or take, or pass); after a bout it asks which cards you drew.  The
evaluation (:class:`~durak_lab.session.board.thinking.Thinking`, from your seat) and where the trumps
you have not seen may be (exact card counting) come from what your seat knows only.

:meth:`LiveControl.handle` takes the page's messages (``{"do": …}``, listed in
:mod:`durak_lab.widgets.live.widget`) and returns the new picture
(:func:`~durak_lab.widgets.live.state.live_state`).  A wrong message or a move the rules forbid
leaves everything as it was and puts a sentence in ``feedback``.

Presentation layer, standard library only (no pandas, no numpy: it runs in JupyterLite).

>>> c = LiveControl(playouts=40)
>>> for card in "6♠ 8♦ 9♦ J♣ Q♥ A♠".split():
...     _ = c.handle({"do": "setup-card", "card": card})
>>> _ = c.handle({"do": "setup-target", "place": "trump"})
>>> _ = c.handle({"do": "setup-card", "card": "10♠"})
>>> _ = c.handle({"do": "setup-leader", "seat": "P2"})
>>> state = c.handle({"do": "start"})
>>> state["phase"], state["waiting"], state["asking"]
('play', 'other', 'P2')
>>> state = c.handle({"do": "card", "card": "7♦"})             # P2 led 7♦: the only move with it
>>> state["waiting"], [m["move"] for m in state["my_moves"]]    # valued once the page asks it to think
('you', ['P1 cover 7♦ with 6♠', 'P1 cover 7♦ with A♠', 'P1 cover 7♦ with 8♦', 'P1 cover 7♦ with 9♦', 'P1 take'])
>>> c.handle({"do": "move", "move": "P2 take"})["feedback_kind"]          # not P2's turn to take
'illegal'
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.cards import Card, CardSet
from ...engine.errors import DurakError, IllegalMoveError
from ...engine.moves import Move, parse_seat
from ...engine.rules import PRESETS, Rules
from ...session.board.thinking import Thinking
from ...session.live import LiveError, LiveGame
from ...text.messages import say
from ...text.narrate import move_words
from ...text.reasons import learner_error
from .state import live_state

__all__ = ["LiveControl", "LivePageError"]

#: The page's messages (each one an ``_on_…`` method).
_MESSAGES = ("setup-rules", "setup-seat", "setup-leader", "setup-target", "setup-card", "setup-clear", "start",
             "who", "card", "move", "draw-card", "drew", "undo", "think", "new")


class LivePageError(DurakError, ValueError):
    """A click the live helper cannot take: ``key`` names the catalogue sentence, ``facts`` its words."""

    def __init__(self, key: str, message: str, **facts: Any) -> None:
        super().__init__(message, facts=facts)
        self.key = key


class LiveControl:
    """The live helper (see the module).  ``preset``, ``players``, ``seat`` (0-based) and ``leader``: the
    setup's first choices; ``seed``: the thinking's random numbers; ``deal_seed`` (default ``seed``): the
    stand-in deal of the cards you cannot see (never shown: nothing on the page depends on it);
    ``playouts``: a fixed amount of thinking per step (the same figures on every computer), else short
    CPU budgets."""

    def __init__(self, preset: str = "podkidnoy", players: int = 2, seat: int = 0, leader: int = 0, *,
                 seed: int = 0, playouts: Optional[int] = None, deal_seed: Optional[int] = None) -> None:
        self.seed = seed
        self.deal_seed = seed if deal_seed is None else deal_seed
        self.playouts = playouts
        self.serial = 0
        self.feedback, self.feedback_kind = "", ""
        self.game: Optional[LiveGame] = None
        self._set_rules(preset, players)
        self.seat = seat if 0 <= seat < self.rules.players else 0
        self.leader = leader if 0 <= leader < self.rules.players else 0
        self._thinking: Optional[Thinking] = None
        self._thinking_key: Optional[tuple] = None
        self.asking: Optional[int] = None    # the seat chosen with "Who moved?"
        self.pending: Optional[Card] = None  # the card clicked that more than one move plays
        self.picked: list = []               # the cards clicked as drawn

    # ------------------------------------------------------------ the setup
    def _set_rules(self, preset: Any, players: Any) -> None:
        if not isinstance(preset, str) or preset not in PRESETS:
            raise LivePageError("live-page-bad-game", "no such game")
        try:
            n = int(players)
            rules = Rules.preset(preset, players=n)
        except (TypeError, ValueError, OverflowError, DurakError):
            raise LivePageError("live-page-bad-players", "not a number of players for this game") from None
        self.rules, self.preset = rules, preset
        self.hand: list = []
        self.trump_card: Optional[Card] = None
        self.shown: Optional[Card] = None  # the lowest trump the leader showed (R7), if said
        self.target = "hand"

    def _seat_in(self, value: Any) -> int:
        try:
            seat = parse_seat(str(value)[:8])
        except (DurakError, ValueError):
            seat = -1
        if not 0 <= seat < self.rules.players:
            raise LiveError("live-bad-seat", "no such seat", players=self.rules.players)
        return seat

    def _card_in(self, value: Any) -> Card:
        try:
            card = Card(str(value)[:8])
        except (DurakError, ValueError):
            raise LiveError("live-bad-cards", "not a card") from None
        if card not in CardSet(self.rules.all_cards):
            raise LiveError("live-not-in-deck", "not in this deck", card=card)
        return card

    def _on_setup_rules(self, msg: dict) -> None:
        self._set_rules(msg.get("preset", self.preset), msg.get("players", self.rules.players))
        self.seat = min(self.seat, self.rules.players - 1)
        self.leader = min(self.leader, self.rules.players - 1)

    def _on_setup_seat(self, msg: dict) -> None:
        self.seat = self._seat_in(msg.get("seat"))
        if not self.shown_allowed:
            self.shown = None
            self.target = "hand" if self.target == "shown" else self.target

    def _on_setup_leader(self, msg: dict) -> None:
        self.leader = self._seat_in(msg.get("seat"))
        if not self.shown_allowed:
            self.shown = None
            self.target = "hand" if self.target == "shown" else self.target

    @property
    def shown_allowed(self) -> bool:
        """Whether the setup asks which trump the leader showed: the rules show the lowest trump at the
        first lead (R7) and another seat leads."""
        return bool(self.rules.show_lowest_trump) and self.leader != self.seat

    def _on_setup_target(self, msg: dict) -> None:
        if msg.get("place") not in ("hand", "trump", "shown") or (msg["place"] == "shown" and not self.shown_allowed):
            raise LivePageError("live-page-bad-place", "no such place")
        self.target = msg["place"]

    def _on_setup_card(self, msg: dict) -> None:
        """A card of the deck clicked: into (or out of) the place chosen; a card somewhere else moves."""
        card = self._card_in(msg.get("card"))
        if self.target in ("trump", "shown"):
            if card in self.hand:
                self.hand.remove(card)
            if self.target == "trump":
                self.shown = None if self.shown == card else self.shown
                self.trump_card = None if self.trump_card == card else card
            else:
                self.trump_card = None if self.trump_card == card else self.trump_card
                self.shown = None if self.shown == card else card
            return
        if card in self.hand:
            self.hand.remove(card)
            return
        if len(self.hand) >= self.rules.hand_size:
            raise LiveError("live-hand-size", "the hand is full", count=self.rules.hand_size)
        self.trump_card = None if self.trump_card == card else self.trump_card
        self.shown = None if self.shown == card else self.shown
        self.hand.append(card)

    def _on_setup_clear(self, msg: dict) -> None:
        self.hand, self.trump_card, self.shown, self.target = [], None, None, "hand"

    def _on_start(self, msg: dict) -> None:
        if self.trump_card is None:
            raise LivePageError("live-page-need-trump", "click the face-up trump card")
        if self.shown is not None and self.shown_allowed and self.shown.suit != self.trump_card.suit:
            raise LivePageError("live-page-shown-not-trump", "the card shown is not a trump", card=self.shown,
                                seat=f"P{self.leader + 1}")
        self.game = LiveGame(self.rules, self.seat, self.hand, self.trump_card, leader=self.leader,
                             shown=self.shown if self.shown_allowed else None, seed=self.deal_seed)
        self.asking, self.pending, self.picked = None, None, []

    def _on_new(self, msg: dict) -> None:
        self.game = None
        self._thinking, self._thinking_key = None, None

    # ------------------------------------------------------------ following the game
    def _game(self) -> LiveGame:
        if self.game is None:
            raise LivePageError("live-page-not-started", "the game has not started")
        return self.game

    def asked_seat(self, acting: Optional[list] = None) -> Optional[int]:
        """The seat the page asks about: the one chosen with "Who moved?", else the one the game
        waits for.  ``acting``: :meth:`LiveGame.acting`'s answer, when the caller has it already."""
        acting = self._game().acting() if acting is None else acting
        if self.asking in acting:
            return self.asking
        return acting[0] if acting else None

    def _played(self, move: Move) -> None:
        g = self._game()
        g.move(move)
        self.asking, self.pending, self.picked = None, None, []
        self._tell("info", say("live-page-played", seat=f"P{move.seat + 1}", move=move_words(move)))

    def _on_who(self, msg: dict) -> None:
        seat = self._seat_in(msg.get("seat"))
        if seat not in self._game().acting():
            raise LivePageError("live-page-cannot-move", "that seat cannot move now", seat=f"P{seat + 1}")
        self.asking, self.pending = seat, None

    def _on_card(self, msg: dict) -> None:
        """A card another seat played: its one move with that card is played; with several (cover
        which card, or transfer), the page lists them."""
        seat = self.asked_seat()
        card = self._card_in(msg.get("card"))
        if seat is None:
            raise LivePageError("live-page-nobody", "nobody can move now")
        moves = [m for m in self._game().choices(seat) if card in m.cards]
        if not moves:
            raise LivePageError("live-page-not-that-card", "that seat cannot play that card now",
                                seat=f"P{seat + 1}", card=card)
        if len(moves) == 1:
            self._played(moves[0])
        else:
            self.pending = card

    def _on_move(self, msg: dict) -> None:
        text = msg.get("move")
        if not isinstance(text, str) or len(text) > 80:
            raise LivePageError("live-page-bad-move", "not a move")
        self._played(Move.parse(text, self.rules.players))

    def _on_draw_card(self, msg: dict) -> None:
        g = self._game()
        card = self._card_in(msg.get("card"))
        if card in self.picked:
            self.picked.remove(card)
            return
        if card not in g.draw_choices():
            raise LiveError("live-seen-card", "a card you know", card=card, seat=f"P{g.seat + 1}")
        if len(self.picked) >= g.to_draw:
            raise LiveError("live-draw-count", "that many", count=g.to_draw)
        self.picked.append(card)

    def _on_drew(self, msg: dict) -> None:
        g = self._game()
        g.drew(self.picked)
        self.picked = []
        self._tell("info", say("live-page-drawn"))

    def _on_undo(self, msg: dict) -> None:
        self._game().undo()
        self.asking, self.pending, self.picked = None, None, []

    def _on_think(self, msg: dict) -> None:
        """One more piece of thinking about the moment the page shows (``key``): an old ask is ignored."""
        t = self.thinking()
        if t is not None and msg.get("key") == self.think_key() and not t.done:
            t.step()

    # ------------------------------------------------------------ the thinking
    def think_key(self) -> str:
        """Which moment of the game the thinking is about (the page sends it back with ``think``)."""
        g = self.game
        return "" if g is None else f"{len(g.history)}:{g.to_draw}"

    def thinking(self) -> Optional[Thinking]:
        """The thinking about the game's moment, from your seat (None in the setup or while a draw is unsaid)."""
        g = self.game
        if g is None or g.to_draw:
            return None
        key = (id(g), len(g.history))
        if key != self._thinking_key:
            self._thinking = Thinking(g.position, g.seat, seed=self.seed, playouts=self.playouts)
            self._thinking_key = key
        return self._thinking

    # ------------------------------------------------------------ the messages
    def state(self) -> dict:
        """The picture for the page."""
        self.serial += 1
        return live_state(self)

    def handle(self, msg: Any) -> dict:
        """Do what a page's message asks; return the new picture.  Nothing changes on a wrong message."""
        if not isinstance(msg, dict) or msg.get("do") not in _MESSAGES:
            return self.state()
        if msg["do"] != "think":
            self.feedback, self.feedback_kind = "", ""
        try:
            getattr(self, "_on_" + msg["do"].replace("-", "_"))(msg)
        except IllegalMoveError as err:
            self._tell("illegal", learner_error(err))
        except (LiveError, LivePageError) as err:
            self._tell("illegal", say(err.key, **{k: (str(v) if isinstance(v, Card) else v)
                                                  for k, v in err.facts.items()}))
        except DurakError as err:
            self._tell("illegal", say("live-page-cannot", why=learner_error(err)))
        return self.state()

    def _tell(self, kind: str, text: str) -> None:
        self.feedback_kind, self.feedback = kind, text
