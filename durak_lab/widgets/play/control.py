"""What the play table does with a click, and what it shows: the table's logic without a browser.

:class:`TableControl` owns a :class:`~durak_lab.session.PlaySession` and the
state of one turn (the cards picked, the attack card picked, a pending coach
warning).  :meth:`TableControl.handle` takes one message of the table's
JavaScript (``{"do": "card", "card": "7♥"}``, ``{"do": "take"}`` …, listed in
:mod:`durak_lab.widgets.play.table`) and :meth:`TableControl.state` gives the
JSON-able picture the JavaScript draws: only what the person at the screen may
see, built from :meth:`PlaySession.view <durak_lab.session.PlaySession.view>`.
Every sentence in it comes from :func:`~durak_lab.text.messages.say`, the
session or the engine.

The widget (:class:`~durak_lab.widgets.play.table.PlayTable`) is a thin layer
over this class; the tests drive it directly.  Standard library only.

>>> t = TableControl(Settings(vs=("tips",), seed=5))
>>> t.state()["status"]
'P1, your turn.'
>>> card = t.state()["hand"][0]["card"]
>>> t.handle({"do": "card", "card": card})["table"][0]["attack"]["card"] == card
True
"""

from __future__ import annotations

import logging
import os
import time
from typing import Optional

from ...engine.cards import Card, CardSet, rank_of
from ...engine.errors import DurakError, IllegalMoveError
from ...engine.moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from ...session import PlaySession
from ...session.store import StoreError, write_new
from ...session.students import clean_name, games_folder, hello_name
from ...text.explain import sentence
from ...text.narrate import move_words
from ...text.reasons import plain_reason, reason_clause
from ...text.messages import say
from .settings import SPEEDS, Settings
from .state import TableState, _cards_text, seat_areas

__all__ = ["TableControl", "Settings", "SPEEDS", "plain_reason", "seat_areas", "move_words"]

_log = logging.getLogger(__name__)

#: The messages that need the acting person's hand face up.
_NEEDS_THE_HAND = frozenset({"card", "target", "play", "take", "pass", "transfer", "show", "swap", "anyway", "hint",
                             "options", "challenge"}) | {"choose"}


class TableControl(TableState):
    """A game at the play table: the session, the turn's picks, and the state to draw.

    ``save_dir`` is where :meth:`handle` ``{"do": "save"}`` writes records; by default the
    ``games`` folder of the student at the table (``student``, or the name the browser says
    in its ``hello`` message; see :mod:`durak_lab.session.students`), else the current folder.
    Every save gets a name of its own (the deal and the time) and is written whole or not
    at all (:func:`durak_lab.session.store.write_new`).
    """

    def __init__(self, settings: Optional[Settings] = None, save_dir: Optional[str] = None,
                 student: Optional[str] = None, class_dir: Optional[str] = None) -> None:
        self.settings = settings or Settings()
        self.save_dir = save_dir
        self.student = clean_name(student) if student is not None else None
        self.class_dir = class_dir
        self.serial = 0  # counts the states built
        self.tick = 0  # counts the changes of the game (moves, undo, new games)
        self.download: dict = {}
        self.games = 0  # counts the games dealt (the settings form is filled in again for each)
        self._saves = 0
        self._start(self.settings.seed)

    # ------------------------------------------------------------ games
    def _start(self, seed: Optional[int], rematch: bool = False) -> None:
        if rematch:
            self.session.rematch()
            self.settings.seat = (self.settings.seat + 1) % self.settings.players
        else:
            self.session = PlaySession(self.settings.rules(), self.settings.kinds(), seed=seed,
                                       coach=self.settings.coach)
        self.tick += 1
        self.games += 1
        self.download = {}
        self._said_from = 0
        self._revealed: Optional[int] = None
        self._last_human: Optional[int] = None
        self._clear_turn()
        for note in self.settings.notes:
            self._tell("info", note)

    def _clear_turn(self) -> None:
        self._selected: list = []
        self._target: Optional[Card] = None
        self._picked: Optional[Card] = None
        self._mode = ""
        self._pending: Optional[Move] = None
        self._warning = ""
        self._options = False
        self._feedback = ("", "")

    @property
    def pass_and_play(self) -> bool:
        """Whether several people share the screen (their hands face down between turns)."""
        return len(self.session.humans) > 1

    def viewer(self) -> Optional[int]:
        """The person whose seat is drawn at the bottom: the one who acts, else the last one who did."""
        humans = self.session.humans
        if not humans:
            return None
        act = self.session.human_to_act()
        if act is None:
            act = self.session.redeal_seat  # asked about a new deal (R4): that hand is shown
        if act is not None:
            self._last_human = act
            return act
        return self._last_human if self._last_human in humans else humans[0]

    def hand_shown(self) -> bool:
        """Whether the viewer's hand is face up now."""
        viewer = self.viewer()
        if viewer is None:
            return False
        if not self.pass_and_play:
            return True
        acting = self.session.human_to_act()
        if acting is None:
            acting = self.session.redeal_seat
        return self._revealed == viewer and acting == viewer

    # ------------------------------------------------------------ messages from the browser
    def handle(self, msg: dict) -> dict:
        """Do what one message of the table's JavaScript asks; return the new :meth:`state`.

        An illegal move shows the engine's reason and changes nothing; no error escapes.
        """
        try:
            what = str(msg.get("do", ""))
            method = getattr(self, "_on_" + what, None) if what.isidentifier() else None
            if what in _NEEDS_THE_HAND and self._person_asked() is not None and not self.hand_shown():
                self._tell("info", say("hidden-hands"))  # the person must turn their cards up first
            elif method is not None:
                method(msg)
        except IllegalMoveError as err:
            self._illegal(err)
        except DurakError as err:
            _log.debug("play table: %s", err, exc_info=True)
            self._tell("illegal", sentence(str(err)))
        except Exception:  # noqa: BLE001 - a learner must never see a traceback
            _log.exception("play table: unexpected error")
            self._tell("illegal", say("error"))
        return self.state()

    def _person_asked(self) -> Optional[int]:
        """The person who acts now, or is asked about a new deal (R4); None while a bot acts."""
        seat = self.session.human_to_act()
        return seat if seat is not None else self.session.redeal_seat

    def _tell(self, kind: str, text: str) -> None:
        self._feedback = (kind, text)

    def _illegal(self, err: IllegalMoveError) -> None:
        self._tell("illegal", say("illegal", why=reason_clause(err)))

    def _seat(self) -> int:
        """The seat a click speaks for: the person who acts, else the viewer."""
        seat = self.session.human_to_act()
        return seat if seat is not None else (self.viewer() or 0)

    def _try(self, move: Move) -> None:
        """Check ``move``, let the coach speak, then play it."""
        move = self.session.check(move)
        if self.session.coach is not None:
            warning = self.session.coach_warning(move)
            if warning:
                self._pending, self._warning = move, warning
                self._tell("", "")  # the warning speaks now
                return
        self._commit(move)

    def _commit(self, move: Move) -> None:
        before = len(self.session.said)
        self.session.play(move)
        self._said_from = before
        self._clear_turn()
        self._revealed = None
        self.tick += 1

    def _legal(self) -> list:
        return self.session.legal() if self.hand_shown() else []

    def _shown_card(self, msg: dict, where: str) -> Optional[Card]:
        """The card a click names, if the table shows it there ("hand" or "table"); else None."""
        p = self.session.position
        card = Card.parse(str(msg.get("card", "")))
        if where == "hand":
            viewer = self.viewer()
            shown = p.hands[viewer] if viewer is not None and self.hand_shown() else 0
        else:
            shown = sum(1 << a | (1 << c if c >= 0 else 0) for a, c, _, _ in p.table)
        return card if shown >> card & 1 else None

    def _on_card(self, msg: dict) -> None:
        card = self._shown_card(msg, "hand")
        if card is None:
            return None  # not a card of the hand shown: nothing to do
        seat = self._seat()
        legal = self._legal()
        mine = [m for m in legal if card in m.cards]
        if self._mode == TRANSFER and any(m.kind == TRANSFER for m in mine):
            return self._toggle(card, transfer=True)
        self._mode = ""
        if self._target is not None:
            return self._try(Move(COVER, seat, (card,), self._target))
        covers = [m for m in mine if m.kind == COVER]
        attacks = [m for m in mine if m.kind == ATTACK]
        if covers:
            if len({m.target for m in covers}) == 1:
                return self._try(covers[0])
            self._picked = None if self._picked == card else card
            if self._picked is not None:
                self._tell("info", say("pick-target", card=str(card)))
            return None
        if attacks:
            if self._selected or any(len(m.cards) > 1 for m in attacks):
                return self._toggle(card, transfer=False)
            return self._try(attacks[0])
        if any(m.kind == TRANSFER for m in mine):
            self._mode = TRANSFER
            return self._toggle(card, transfer=True)
        swaps = [m for m in mine if m.kind == SWAP]
        if swaps:
            return self._try(swaps[0])
        return self._try(self._meant(seat, card))

    def _meant(self, seat: int, card: Card) -> Move:
        """The move a click on ``card`` most likely meant, for the engine to say why it is illegal."""
        p = self.session.position
        uncovered = p.uncovered()
        if p.table and seat == p.defender and uncovered:
            return Move(COVER, seat, (card,), self._target or uncovered[0])
        return Move(ATTACK, seat, (card,))

    def _toggle(self, card: Card, transfer: bool) -> None:
        """Pick ``card`` or put it back (several cards of one rank: a lead, a throw-in, a transfer)."""
        if self._selected and rank_of(self._selected[0]) != rank_of(card):
            self._selected = []
        if card in self._selected:
            self._selected.remove(card)
        else:
            self._selected.append(card)
        cards = _cards_text(self._selected)
        text = (say("picked-transfer", cards=cards) if transfer else say("picked-cards", cards=cards)) if cards else ""
        self._tell("info", text)

    def _on_target(self, msg: dict) -> None:
        card = self._shown_card(msg, "table")
        if card is None:
            return None
        seat = self._seat()
        if self._mode == CHOOSE:
            return self._toggle_choice(card)
        if self._mode == CHALLENGE:  # pushing durak: the card to send back (the engine says if it may)
            self._mode = ""
            return self._try(Move(CHALLENGE, seat, (card,)))
        covers = [m for m in self._legal() if m.kind == COVER and m.target == card]
        if not covers and self._offers_challenge(seat) and card in self.session.position.uncovered():
            self._selected, self._mode, self._picked = [], "", None  # nothing beats it: perhaps send it back
            self._target = None if self._target == card else card
            self._tell("info", say("picked-challenge", card=str(card)) if self._target is not None else "")
            return None
        if not covers:  # let the engine say why: not defending, covered already, not an attack card…
            mine = list(CardSet(self.session.position.hands[seat]))
            return self._try(Move(COVER, seat, (mine[0] if mine else card,), card))
        if self._picked is not None:
            return self._try(Move(COVER, seat, (self._picked,), card))
        self._selected, self._mode = [], ""
        self._target = None if self._target == card else card
        self._tell("info", say("picked-attack", card=str(card)) if self._target is not None else "")
        return None

    def _on_play(self, msg: dict) -> None:
        if self._selected:
            self._try(Move(ATTACK, self._seat(), tuple(sorted(self._selected))))

    def _only(self, kind: str) -> None:
        moves = [m for m in self._legal() if m.kind == kind]
        self._try(moves[0] if moves else Move(kind, self._seat()))

    def _on_take(self, msg: dict) -> None:
        self._only(TAKE)

    def _on_pass(self, msg: dict) -> None:
        self._only(PASS)

    def _on_show(self, msg: dict) -> None:
        self._only(SHOW)

    def _on_swap(self, msg: dict) -> None:
        self._only(SWAP)

    def _on_transfer(self, msg: dict) -> None:
        seat = self._seat()
        if self._mode == TRANSFER and self._selected:
            return self._try(Move(TRANSFER, seat, tuple(sorted(self._selected))))
        moves = [m for m in self._legal() if m.kind == TRANSFER]
        if len(moves) == 1 or not moves:
            return self._only(TRANSFER)
        self._mode, self._selected, self._target, self._picked = TRANSFER, [], None, None
        self._tell("info", say("pick-transfer"))
        return None

    def _on_choose(self, msg: dict) -> None:
        """The defender chooses the cards he beats (R13): the first click asks for the table cards,
        the second ("Beat these") plays the choice."""
        seat = self._seat()
        if self._mode == CHOOSE and self._selected:
            return self._try(Move(CHOOSE, seat, tuple(sorted(self._selected))))
        moves = [m for m in self._legal() if m.kind == CHOOSE]
        if not moves:  # let the engine say why
            return self._try(Move(CHOOSE, seat, tuple(sorted(self.session.position.uncovered()))))
        self._mode, self._selected, self._target, self._picked = CHOOSE, [], None, None
        self._tell("info", say("pick-choose", count=len(moves[0].cards)))
        return None

    def _toggle_choice(self, card: Card) -> None:
        """Pick a table card to beat, or put it back (R13)."""
        if card in self._selected:
            self._selected.remove(card)
        else:
            self._selected.append(card)
        moves = [m for m in self._legal() if m.kind == CHOOSE]
        count = len(moves[0].cards) if moves else len(self._selected)
        text = say("picked-choose", cards=_cards_text(sorted(self._selected)), count=count) if self._selected \
            else say("pick-choose", count=count)
        self._tell("info", text)

    def _on_challenge(self, msg: dict) -> None:
        """Pushing durak (R31): send back the picked table card, or ask which one to send back."""
        seat = self._seat()
        if self._target is not None:
            return self._try(Move(CHALLENGE, seat, (self._target,)))
        self._mode, self._selected, self._picked = CHALLENGE, [], None
        self._tell("info", say("pick-challenge"))
        return None

    def _offers_challenge(self, human: Optional[int]) -> bool:
        """Pushing durak: the defender facing uncovered cards may send one back.  The button shows whether
        or not a card breaks the rules: spotting it is the defender's job (R12, R31)."""
        p = self.session.position
        return (p.rules.pushing and human is not None and human == p.defender and not p.taking
                and bool(p.uncovered()) and not p.is_over)

    def _on_anyway(self, msg: dict) -> None:
        if self._pending is not None:
            self._commit(self._pending)

    def _on_again(self, msg: dict) -> None:
        self._clear_turn()
        self._tell("info", say("think-again"))

    def _on_hint(self, msg: dict) -> None:
        if self.hand_shown() and self.session.human_to_act() is not None:
            self._tell("hint", self.session.hint())
        else:
            self._tell("hint", self._status(self.hand_shown()))  # a face-down hand's question waits

    def _on_options(self, msg: dict) -> None:
        legal = self._legal()
        self._options = True
        if not legal:
            self._tell("options", say("options-none"))
            return
        words = list(dict.fromkeys(move_words(m) for m in legal))
        text = ", ".join(words[:6])
        if len(words) > 6:
            text = say("options-more", moves=text, count=len(words) - 6)
        self._tell("options", say("options", moves=text))

    def _on_coach(self, msg: dict) -> None:
        on = bool(msg.get("on", self.session.coach is None))
        self.session.coach = self.session.adviser if on else None
        self.settings.coach = on
        self._pending, self._warning = None, ""
        self._tell("info", say("coach-on") if on else say("coach-off"))

    def _on_speed(self, msg: dict) -> None:
        if msg.get("speed") in SPEEDS:
            self.settings.speed = msg["speed"]

    def _on_undo(self, msg: dict) -> None:
        self.session.undo()  # SessionError "There is nothing to undo yet." when there is nothing
        self._clear_turn()
        self._revealed = None
        self._said_from = len(self.session.said)
        self.tick += 1
        self._tell("info", say("undone"))

    def _on_redeal(self, msg: dict) -> None:
        """Yes to the redeal question (R4): the cards are dealt again."""
        self._answer_redeal(True)

    def _on_keep(self, msg: dict) -> None:
        """No to the redeal question (R4): the person keeps the cards."""
        self._answer_redeal(False)

    def _answer_redeal(self, yes: bool) -> None:
        if self.session.redeal_seat is None:
            return None  # an old click: nobody is asked now
        if not self.hand_shown():
            self._tell("info", say("hidden-hands"))
            return None
        before = len(self.session.said)
        self.session.answer_redeal(yes)
        self._said_from = before
        self._clear_turn()
        self._revealed = None
        self.tick += 1
        return None

    def _on_reveal(self, msg: dict) -> None:
        seat = self.session.human_to_act()
        if seat is None:
            seat = self.session.redeal_seat
        if seat is not None:
            self._revealed = seat
            self._clear_turn()

    def _on_bot(self, msg: dict) -> None:
        if msg.get("tick") not in (None, self.tick) or self.session.bot_to_act() is None:
            return  # a request for a turn that has passed (another view asked first)
        self.session.bot_move()
        self.tick += 1

    def _on_review(self, msg: dict) -> None:
        """Judge the next decision of the review at the end (one per message, so that the kernel answers
        clicks in between: the table needs no thread).  ``step``: the decisions judged when the
        JavaScript asked (an old request is ignored), ``tick``: the game's."""
        r = self.session.table_review()
        if r is None or r.finished or msg.get("step", r.done) != r.done or msg.get("tick", self.tick) != self.tick:
            return
        r.step()

    def _on_new(self, msg: dict) -> None:
        form = msg.get("settings")
        self.settings = self.settings.from_form(form) if isinstance(form, dict) else self.settings
        self._start(self.settings.seed)

    def _on_rematch(self, msg: dict) -> None:
        self._start(self.session.seed, rematch=True)

    def _on_hello(self, msg: dict) -> None:
        """The page has opened: the student's name its browser remembers (from the lessons)."""
        if self.student is None:
            self.student = hello_name(msg.get("student"))

    def games_folder(self) -> str:
        """Where **Save game** writes: ``save_dir``, else the student's ``games`` folder, else here."""
        return games_folder(self.save_dir, self.student, self.class_dir)

    def _on_save(self, msg: dict) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
        name = f"durak-game-{self.session.seed}-{stamp}.json"
        deal = self.settings.class_deal
        record_id = deal.record_id if deal is not None and self.settings.seat == 0 else None
        text = self.session.record(record_id=record_id).dump() + "\n"
        try:
            name = os.path.basename(write_new(os.path.join(self.games_folder(), name), text))
            told = say("saved", path=name) + " " + say("download-ready")
        except StoreError as err:
            _log.warning("play table: the game could not be saved: %s", err)
            told = say("save-failed") + " " + say("download-ready")
        self._saves += 1
        self.download = {"name": name, "text": text, "serial": self._saves}
        self._tell("info", told)
