"""A lesson's position on the play table: the table's drawing and clicks, the lesson's checking.

The lesson player shows a step's position with the play table's own drawing, so a
learner meets the same seats, cards and buttons as when playing.  :class:`LessonTable`
is a :class:`~durak_lab.widgets.play.control.TableControl` over a fixed position
(:class:`LessonSession`): the table's clicks work as when playing (a card to lead or
throw in, the attack card and then the card that covers it, several cards of one rank
and then **Play**, **Take**, **Done** …), but the move a click makes is handed to the
lesson (``on_move``), which checks it, instead of being played.  For a step that asks
for cards, a click picks a card or puts it back.  Only the learner's seat is a person,
so only that hand is face up; no bot ever moves.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ Q♥", "Q♦ 9♣"], trump="♥", discard="rest", attacker=0)
>>> tried = []
>>> t = LessonTable(p, seat=0, mode="move", on_move=tried.append)
>>> [c["card"] for c in t.state()["hand"]], t.state()["seats"][0]["name"]
(['7♦', 'Q♥'], 'P2')
>>> _ = t.handle({"do": "card", "card": "7♦"}); [str(m) for m in tried]
['P1 attack 7♦']
>>> t.state()["table"]
[]
"""

from __future__ import annotations

import random
from typing import Any, Callable, Optional

from ...engine.cards import Card, CardSet
from ...engine.game import Game
from ...engine.moves import Move, seat_text
from ...engine.state.position import Position
from ...session import PlaySession
from ...session.coach import Coach
from ...session.play import HUMAN
from ...text.messages import say
from ..play.control import TableControl
from ..play.settings import Settings

__all__ = ["LessonSession", "LessonTable", "MODES"]

#: What a click on the table does in each kind of step: ``move`` makes a move,
#: ``cards`` picks cards, ``look`` nothing (the answer is given with the lesson's buttons).
MODES = ("move", "cards", "look")

#: The messages of the table's JavaScript a lesson's table takes (no hint, undo, new game …).
_TAKEN = frozenset({"card", "target", "play", "take", "pass", "transfer", "show", "swap"})

#: A seat the learner does not play: it never moves in a lesson.
_OTHER = "lesson"


class LessonSession(PlaySession):
    """A :class:`~durak_lab.session.PlaySession` over a fixed position, with one person: ``seat``.

    The other seats are neither people nor bots: nobody moves for them.
    """

    def __init__(self, position: Position, seat: int) -> None:  # noqa: D107 - no deal, no bots
        self.rules = position.rules
        self.seats = [HUMAN if s == seat else _OTHER for s in range(position.players)]
        self.learner = seat
        self.games_played = 0
        self.coach = None
        self.adviser = Coach()  # the hint's evaluator (a lesson's own hints come from its file)
        self.review_playouts = None
        self._table_review = None
        self.seed = 0
        self.game = Game(position, sequential=True)
        self.bots: dict = {}
        self.rng = random.Random(0)
        self.said: list = []
        self.notes: list = []
        self._steps: list = []

    def bot_to_act(self) -> Optional[int]:
        """No bot plays in a lesson."""
        return None

    def seat_name(self, seat: int, viewer: Optional[int] = None) -> str:
        """``P1 (you)`` for the learner, ``P2`` for the others."""
        return say("seat-you", seat=seat_text(seat)) if seat == self.learner else seat_text(seat)

    def legal(self) -> list:
        """The learner's moves: the sequential moves when the learner acts now; else the moves the
        rules let the learner make anyway (a partner's cover in the pairs game, R26), so that a
        click on the table means the move it would mean at a real table."""
        if self.is_over:
            return []
        if self.to_act() == self.learner:
            return self.position.sequential_moves()
        return list(self.position.legal_moves(self.learner))

    def status(self) -> str:
        """Whose turn it is (the table shows it only in a game)."""
        if self.is_over:
            return self.end_sentence()
        seat = self.to_act()
        return say("your-turn", seat=seat_text(seat)) if seat is not None else ""


class LessonTable(TableControl):
    """A lesson step's position on the play table, seen through ``seat``'s eyes.

    ``mode`` is one of :data:`MODES`; ``on_move`` gets the :class:`Move` a click makes
    (``move`` mode); ``pick_from`` is ``"hand"`` or ``"table"`` (``cards`` mode: where the
    learner picks cards); ``show_all`` turns every hand face up (written beside each seat).
    """

    def __init__(self, position: Position, seat: int, mode: str = "look",
                 on_move: Optional[Callable[[Move], Any]] = None, pick_from: str = "hand",
                 show_all: bool = False) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.start_position = position
        self.learner = seat
        self.mode = mode
        self.on_move = on_move
        self.pick_from = pick_from
        self.show_all = show_all
        self.chosen: list = []  # the cards picked in ``cards`` mode, in click order
        super().__init__(Settings(players=position.players), save_dir=".")

    def _start(self, seed: Optional[int], rematch: bool = False) -> None:
        self.session = LessonSession(self.start_position, self.learner)
        self.tick += 1
        self.games += 1
        self.download = {}
        self._said_from = 0
        self._revealed = None
        self._last_human = self.learner
        self._clear_turn()

    # ------------------------------------------------------------ clicks
    def handle(self, msg: dict) -> dict:
        """Take a click of the table (a card, a move button); the rest of the play table's
        messages (hint, undo, new game …) do nothing here."""
        if str(msg.get("do", "")) not in _TAKEN or self.mode == "look":
            return self.state()
        return super().handle(msg)

    def _try(self, move: Move) -> None:
        """The lesson checks the move; the table stays as it is."""
        self._clear_turn()
        if self.on_move is not None:
            self.on_move(move)

    def _pick(self, card: Optional[Card]) -> None:
        if card is None:
            return
        if card in self.chosen:
            self.chosen.remove(card)
        else:
            self.chosen.append(card)
        text = say("learn-cards-picked", cards=str(CardSet(self.chosen))) if self.chosen else say("learn-cards-none")
        self._tell("info", text)

    def _on_card(self, msg: dict) -> None:
        if self.mode == "cards":
            return self._pick(self._shown_card(msg, "hand") if self.pick_from == "hand" else None)
        return super()._on_card(msg)

    def _on_target(self, msg: dict) -> None:
        if self.mode == "cards":
            return self._pick(self._shown_card(msg, "table") if self.pick_from == "table" else None)
        return super()._on_target(msg)

    def play_move(self, move: Move) -> None:
        """Put ``move`` on the table (after the lesson found it right) and stop taking clicks."""
        try:
            self._commit(move)
        except Exception:  # noqa: BLE001 - a move the sequential game refuses just stays off the table
            self._clear_turn()
        self.mode = "look"

    def freeze(self) -> None:
        """Take no more clicks (the step is answered)."""
        self.mode = "look"
        self._clear_turn()

    # ------------------------------------------------------------ what the browser draws
    def _actions(self, legal: list, human: Optional[int], shown: bool) -> list:
        return super()._actions(legal, human, shown) if self.mode == "move" else []

    def _guide(self, legal: list, human: Optional[int], shown: bool) -> str:
        if self.mode == "cards":
            return say("learn-cards-none")
        return super()._guide(legal, human, shown) if self.mode == "move" else ""

    def state(self) -> dict:
        """The play table's state, with the picked cards marked and no bot or settings to show."""
        st = super().state()
        chosen = {str(c) for c in self.chosen}
        for c in st["hand"]:
            if c["card"] in chosen:
                c["selected"] = True
        for pair in st["table"]:
            for c in (pair["attack"], pair["cover"]):
                if c is not None and c["card"] in chosen:
                    c["picked"] = True
        if self.show_all:
            p = self.session.position
            for s in st["seats"]:
                cards = str(CardSet(p.hands[int(s["seat"][1:]) - 1]))
                s["known"] = say("learn-seat-cards", cards=cards) if cards else ""
        st.update(frame="lesson", mode=self.mode, bot=False, said=[], review=[], can_undo=False)
        return st
