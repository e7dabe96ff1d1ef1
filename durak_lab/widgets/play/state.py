"""What the play table shows: the JSON-able picture of the table that its JavaScript draws.

:class:`TableState` is the half of :class:`~durak_lab.widgets.play.control.TableControl`
that builds :meth:`TableState.state` from the session and the turn's picks: only
what the person at the screen may see, every sentence from
:func:`~durak_lab.text.messages.say`, the session or the engine.  In pass and play a hand
is face down until its owner shows it, and no text of the state tells anything of it
meanwhile: not the redeal question (R4, "P1, you have 6 black cards"), which waits, as
the buttons do, until the asked person turns the cards up.  Standard library only.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...engine.cards import Card, CardSet, popcount, rank_of, suit_of
from ...engine.moves import CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, seat_text
from ...text.explain import seat_role
from ...text.catalogue import Suit
from ...text.messages import say
from ..cards import card_json, card_name
from .settings import SPEEDS, settings_json

__all__ = ["TableState", "seat_areas", "SAID_LINES"]

#: The most sentences of "what just happened" shown at once.
SAID_LINES = 4

#: A seat's role (:func:`~durak_lab.text.explain.seat_role`) as the table shows it.
_ROLE_KEYS = {"attacker": "role-attacker", "defender": "role-defender", "out": "role-out", "durak": "role-durak"}


def _role_words(role: str) -> str:
    return say(_ROLE_KEYS[role]) if role in _ROLE_KEYS else ""


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


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards))


def _name(c: Card) -> str:
    return card_name(c)


class TableState:
    """The picture of the table for the JavaScript (a base of
    :class:`~durak_lab.widgets.play.control.TableControl`, which holds the session and the picks)."""

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
            "status": self._status(shown), "said": said, "feedback": feedback, "feedback_kind": feedback_kind,
            "bot": s.bot_to_act() is not None, "pace": SPEEDS[self.settings.speed],
            "trump": say("trump-is", suit=Suit(trump)), "trump_card": trump_card,
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
            "can_undo": s.can_undo(), "log": list(s.said), "review": s.review(wait=False) if s.is_over else [],
            "reviewing": self._reviewing(),
            "labels": _labels(), "settings": {**settings_json(self.settings), "game": self.games},
        }

    def _reviewing(self) -> Optional[dict]:
        """While the review at the end is under way: ``{"step": k}``, the decisions judged so far (the
        JavaScript asks for the next one with ``{"do": "review", "step": k, "tick": …}``); else None."""
        r = self.session.table_review()
        if r is None or r.finished:
            return None
        return {"step": r.done, "total": r.total}

    def _status(self, shown: bool) -> str:
        """The status line: whose turn, or how the game ended.  The redeal question (R4) tells
        what the asked hand holds: while that hand is face down, only whose turn it is.

        >>> from durak_lab.widgets.play.control import Settings, TableControl
        >>> t = TableControl(Settings.of(seed=90, redeal=True, humans=2))   # P1: six black cards
        >>> t._status(t.hand_shown())
        'P1, your turn.'
        >>> t._status(t.handle({"do": "reveal"})["me"]["shown"])
        'P1, you have 6 black cards. You may ask for a new deal. Do you want new cards?'
        """
        s = self.session
        asked = s.redeal_seat
        if asked is not None and not shown and not s.is_over:
            return say("your-turn", seat=seat_text(asked))
        return s.status()

    def _card_json(self, c: Card, trump: int, **flags: bool) -> dict:
        return card_json(c, trump, **flags)

    def _seat_json(self, p: Any, seat: int, area: str, order: int, viewer: Optional[int]) -> dict:
        role = seat_role(p, seat)
        count = popcount(p.hands[seat])
        known = sorted(CardSet(p.known[seat]))
        return {"seat": seat_text(seat), "name": self.session.seat_name(seat, viewer), "area": area,
                "order": order, "role": _role_words(role), "role_kind": role,
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
                "shown": shown, "role": _role_words(role), "role_kind": role,
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
_LABEL_KEYS = (
    "button-hint", "button-options", "button-undo", "button-new", "button-rematch", "button-save",
    "button-coach", "button-settings", "button-download", "button-log", "table-label", "table-empty",
    "moves-label", "tools-label", "said-label", "review-title", "settings-bots", "settings-rules",
    "settings-players", "settings-coach", "settings-seat", "settings-people", "settings-seed",
    "class-deal-label", "settings-speed",
)


def _labels() -> dict:
    """The fixed words of the table in the chosen language, by message key."""
    return {key: say(key) for key in _LABEL_KEYS}
