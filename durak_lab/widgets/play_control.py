"""What the play table does with a click, and what it shows: the table's logic without a browser.

:class:`TableControl` owns a :class:`~durak_lab.session.PlaySession` and the
state of one turn (the cards picked, the attack card picked, a pending coach
warning).  :meth:`TableControl.handle` takes one message of the table's
JavaScript (``{"do": "card", "card": "7♥"}``, ``{"do": "take"}`` …, listed in
:mod:`durak_lab.widgets.play_table`) and :meth:`TableControl.state` gives the
JSON-able picture the JavaScript draws: only what the person at the screen may
see, built from :meth:`PlaySession.view <durak_lab.session.PlaySession.view>`.
Every sentence in it comes from :func:`~durak_lab.text.messages.say`, the
session or the engine.

The widget (:class:`~durak_lab.widgets.play_table.PlayTable`) is a thin layer
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
from typing import Any, Optional, Sequence

from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, CardSet, popcount, rank_of, rank_text, suit_of
from ..engine.errors import DurakError, IllegalMoveError
from ..engine.moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from ..session import PlaySession
from ..session.coach import Coach
from ..text.explain import seat_role, sentence
from ..text.narrate import move_words
from ..text.reasons import plain_reason, reason_clause
from ..text.messages import say
from .play_settings import SPEEDS, Settings, settings_json

__all__ = ["TableControl", "Settings", "SPEEDS", "plain_reason", "seat_areas", "move_words"]

_log = logging.getLogger(__name__)

#: The most sentences of "what just happened" shown at once.
SAID_LINES = 4

#: The messages that need the acting person's hand face up.
_NEEDS_THE_HAND = frozenset({"card", "target", "play", "take", "pass", "transfer", "show", "swap", "anyway", "hint",
                             "options", "challenge"}) | {"choose"}

#: A seat's role (:func:`~durak_lab.text.explain.seat_role`) as the table shows it.
_ROLE_WORDS = {"attacker": say("role-attacker"), "defender": say("role-defender"), "out": say("role-out"),
               "durak": say("role-durak")}


def seat_areas(players: int) -> list:
    """Where the other seats sit, clockwise from the viewer's left: ``[(area, k), …]``.

    ``k`` counts seats clockwise from the viewer (1 is the next seat, the one on the
    viewer's left).  The viewer sits at the bottom; play goes clockwise, so the
    next seat is on the left, the one after it across the table, the last on the right.

    >>> seat_areas(2), seat_areas(4)
    ([('top', 1)], [('left', 1), ('top', 2), ('right', 3)])
    >>> seat_areas(6)
    [('left', 1), ('top', 2), ('top', 3), ('top', 4), ('right', 5)]
    """
    if players <= 3:
        return [("top", k) for k in range(1, players)]
    return [("left", 1)] + [("top", k) for k in range(2, players - 1)] + [("right", players - 1)]


def _name(c: Card) -> str:
    text = c.name
    return text[:1].upper() + text[1:]


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards))


class TableControl:
    """A game at the play table: the session, the turn's picks, and the state to draw.

    ``save_dir`` is where :meth:`handle` ``{"do": "save"}`` writes records.
    """

    def __init__(self, settings: Optional[Settings] = None, save_dir: str = ".") -> None:
        self.settings = settings or Settings()
        self.save_dir = save_dir
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
            if what in _NEEDS_THE_HAND and self.session.human_to_act() is not None and not self.hand_shown():
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
            self._tell("hint", self.session.status())

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
        self.session.coach = Coach() if on else None
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

    def _on_new(self, msg: dict) -> None:
        form = msg.get("settings")
        self.settings = self.settings.from_form(form) if isinstance(form, dict) else self.settings
        self._start(self.settings.seed)

    def _on_rematch(self, msg: dict) -> None:
        self._start(self.session.seed, rematch=True)

    def _on_save(self, msg: dict) -> None:
        name = self._file_name()
        path = name if self.save_dir in ("", ".") else os.path.join(self.save_dir, name)
        text = self.session.record().dump() + "\n"
        try:
            self.session.save(path)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            told = say("saved", path=name) + " " + say("download-ready")
        except OSError as err:
            told = say("save-failed", why=err.strerror or type(err).__name__) + " " + say("download-ready")
        self._saves += 1
        self.download = {"name": name, "text": text, "serial": self._saves}
        self._tell("info", told)

    def _file_name(self) -> str:
        stem = f"durak-game-{self.session.seed}"
        name, n = f"{stem}.json", 1
        while os.path.exists(os.path.join(self.save_dir or ".", name)):
            n += 1
            name = f"{stem}-{n}.json"
        return name

    # ------------------------------------------------------------ what the browser draws
    def state(self) -> dict:
        """The JSON-able picture of the table for the JavaScript: only what the viewer may see."""
        s = self.session
        p = s.position
        self.serial += 1
        viewer = self.viewer()
        shown = self.hand_shown()
        human = s.human_to_act()
        legal = s.legal() if shown else []
        hand_lit, targets = self._playable(legal) if self._options and shown else (set(), set())
        new = set(s.moves[-1].cards) if s.moves else set()
        trump = p.trump
        base = viewer if viewer is not None else 0
        card = self._card_json

        hand = []
        if shown and viewer is not None:
            mine = sorted(CardSet(p.hands[viewer]), key=lambda c: (suit_of(c) == trump, suit_of(c), rank_of(c)))
            picked = (set(self._selected) if self._mode != CHOOSE else set()) | (
                {self._picked} if self._picked is not None else set())
            hand = [card(c, trump, playable=c in hand_lit, selected=c in picked) for c in mine]
        chosen = set(self._selected) if self._mode == CHOOSE else set()
        table = [{"attack": card(Card(a), trump, playable=a in targets, picked=a == self._target, new=a in new,
                                 selected=a in chosen),
                  "cover": card(Card(c), trump, new=c in new) if c >= 0 else None} for a, c, _, _ in p.table]
        kind_of = {1: "you", 0: "bot"}
        asked = s.redeal_seat  # a person decides on a new deal (R4)
        acting = "over" if s.is_over else kind_of[int(human is not None or asked is not None)]
        feedback_kind, feedback = self._feedback
        if not feedback:
            feedback_kind, feedback = "guide", self._guide(legal, human, shown)
        said = s.said[self._said_from:][-SAID_LINES:] or s.said[-1:]
        talon = len(p.talon)
        trump_card = card(Card(p.trump_card), trump, under=True) if talon and p.trump_card >= 0 else None
        if trump_card:
            trump_card["label"] = say("card-under-talon", card=_name(Card(p.trump_card)))
        return {
            "serial": self.serial, "tick": self.tick, "acting": acting, "players": p.players,
            "status": s.status(), "said": said, "feedback": feedback, "feedback_kind": feedback_kind,
            "bot": s.bot_to_act() is not None, "pace": SPEEDS[self.settings.speed],
            "trump": say("trump-is", suit=f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}"), "trump_card": trump_card,
            "talon": say("talon-count", count=talon) if talon else say("talon-empty"),
            "bito": say("bito-count", count=popcount(p.discard)) if p.discard else say("bito-empty"),
            "seats": [self._seat_json(p, (base + k) % p.players, area, k, viewer) for area, k in
                      seat_areas(p.players)],
            "me": self._me_json(p, viewer, shown),
            "hand": hand, "table": table,
            "actions": (self._redeal_actions() if asked is not None and shown
                        else self._actions(legal, human, shown)),
            "reveal": say("button-reveal-seat", seat=seat_text(human if human is not None else asked)) if (
                self.pass_and_play and (human is not None or asked is not None) and not shown) else "",
            "coach": {"on": s.coach is not None, "warning": self._warning,
                      "anyway": say("button-play-anyway"), "again": say("button-think-again")},
            "can_undo": s.can_undo(), "log": list(s.said), "review": s.review() if s.is_over else [],
            "labels": _LABELS, "settings": {**settings_json(self.settings), "game": self.games},
        }

    def _card_json(self, c: Card, trump: int, **flags: bool) -> dict:
        suit = suit_of(c)
        label = say("card-trump", card=_name(c)) if suit == trump else _name(c)
        if c >= 52:  # doker: a joker, no rank and no suit; the red joker drawn red
            out = {"card": str(c), "rank": "JK", "suit": "★", "label": label, "red": c == 53, "trump": False}
        else:
            out = {"card": str(c), "rank": rank_text(rank_of(c)), "suit": SUIT_SYMBOLS[suit], "label": label,
                   "red": suit in (1, 2), "trump": suit == trump}
        out.update({k: True for k, v in flags.items() if v})
        return out

    def _seat_json(self, p: Any, seat: int, area: str, order: int, viewer: Optional[int]) -> dict:
        role = seat_role(p, seat)
        count = popcount(p.hands[seat])
        known = sorted(CardSet(p.known[seat]))
        return {"seat": seat_text(seat), "name": self.session.seat_name(seat, viewer), "area": area,
                "order": order, "role": _ROLE_WORDS.get(role, ""), "role_kind": role,
                "count": count, "count_text": say("one-card") if count == 1 else say("cards-count", count=count),
                "known": say("known-cards", cards=_cards_text(known)) if known else "",
                "acting": self.session.to_act() == seat, "bot": self.session.seats[seat] != "human"}

    def _me_json(self, p: Any, viewer: Optional[int], shown: bool) -> dict:
        if viewer is None:
            return {}
        role = seat_role(p, viewer)
        count = popcount(p.hands[viewer])
        name = self.session.seat_name(viewer, viewer)
        return {"seat": seat_text(viewer), "name": name, "label": say("hand-of", seat=name), "count": count,
                "shown": shown, "role": _ROLE_WORDS.get(role, ""), "role_kind": role,
                "face_down": "" if shown else say("hand-face-down", count=count),
                "acting": self.session.to_act() == viewer}

    def _playable(self, legal: list) -> tuple:
        """The hand cards and attack cards to highlight for "Show my options"."""
        covers = [m for m in legal if m.kind == COVER]
        if self._target is not None:
            return {m.cards[0] for m in covers if m.target == self._target}, set()
        if self._mode == TRANSFER:
            return {c for m in legal if m.kind == TRANSFER for c in m.cards}, set()
        if self._mode == CHOOSE:
            return set(), {c for m in legal if m.kind == CHOOSE for c in m.cards}
        if self._picked is not None:
            return {self._picked}, {m.target for m in covers if m.cards[0] == self._picked}
        return {c for m in legal if m.kind not in (SHOW, CHOOSE) for c in m.cards}, {m.target for m in covers}

    def _redeal_actions(self) -> list:
        """The two answers to the redeal question (R4)."""
        return [{"do": "redeal", "label": say("redeal-yes")}, {"do": "keep", "label": say("redeal-no")}]

    def _actions(self, legal: list, human: Optional[int], shown: bool) -> list:
        if not shown or human is None or self._pending is not None:
            return []
        kinds = {m.kind for m in legal}
        out = []
        if self._selected and self._mode not in (TRANSFER, CHOOSE):
            out.append({"do": "play", "label": say("button-play")})
        if TAKE in kinds:
            out.append({"do": "take", "label": say("button-take")})
        if PASS in kinds:
            partner = human == self.session.position.defender
            out.append({"do": "pass", "label": say("button-pass-partner" if partner else "button-pass")})
        if TRANSFER in kinds:
            out.append({"do": "transfer", "label": say("button-transfer")})
        if SHOW in kinds:
            out.append({"do": "show", "label": say("button-show")})
        if SWAP in kinds:
            out.append({"do": "swap", "label": say("button-swap")})
        if CHOOSE in kinds:
            chosen = self._mode == CHOOSE and self._selected
            out.append({"do": "choose", "label": say("button-choose-these") if chosen else say("button-choose")})
        if self._offers_challenge(human):
            out.append({"do": "challenge", "label": say("button-challenge")})
        return out

    def _guide(self, legal: list, human: Optional[int], shown: bool) -> str:
        """What to do now, when nothing else is said."""
        p = self.session.position
        if self.session.redeal_seat is not None:  # the redeal question (R4), beside its two buttons
            return self.session.redeal_question() if shown else say("hidden-hands")
        if human is None or self.session.is_over or self._warning:
            return ""
        if not shown:
            return say("hidden-hands")
        if self._target is not None:
            return say("picked-attack", card=str(self._target))
        kinds = {m.kind for m in legal}
        if self._mode == CHOOSE and CHOOSE in kinds:
            return say("pick-choose", count=len(next(m for m in legal if m.kind == CHOOSE).cards))
        if COVER in kinds or TAKE in kinds:
            uncovered = p.uncovered()
            return say("pick-cover", card=str(uncovered[0])) if len(uncovered) == 1 else say("pick-attack")
        return say("pick-throw") if p.table else say("pick-cards")


#: The fixed words of the table (buttons, group labels, the settings form), by message key.
_LABELS = {
    "button-hint": say("button-hint"),
    "button-options": say("button-options"),
    "button-undo": say("button-undo"),
    "button-new": say("button-new"),
    "button-rematch": say("button-rematch"),
    "button-save": say("button-save"),
    "button-coach": say("button-coach"),
    "button-settings": say("button-settings"),
    "button-download": say("button-download"),
    "button-log": say("button-log"),
    "table-label": say("table-label"),
    "table-empty": say("table-empty"),
    "moves-label": say("moves-label"),
    "tools-label": say("tools-label"),
    "said-label": say("said-label"),
    "review-title": say("review-title"),
    "settings-bots": say("settings-bots"),
    "settings-rules": say("settings-rules"),
    "settings-players": say("settings-players"),
    "settings-coach": say("settings-coach"),
    "settings-seat": say("settings-seat"),
    "settings-people": say("settings-people"),
    "settings-seed": say("settings-seed"),
    "settings-speed": say("settings-speed"),
}
