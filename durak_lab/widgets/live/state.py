"""The live helper's picture for the browser: one JSON object, only what your seat knows.

:func:`live_state` turns the helper's model (:class:`~durak_lab.widgets.live.control.LiveControl`) into
the ``state`` trait the JavaScript draws: in the setup, the deck with your cards and the face-up trump
card marked; while the game goes on, the table from your seat (the other hands a count and the cards
known to be there), what the game waits for (your move, another seat's, the cards you drew), the
choices the page offers for it, the evaluation of your seat and where the trumps you have not seen may
be.  Everything here comes from your seat's view and what happened at the table; nothing depends on the
random deal of the cards you cannot see (a test deals them again and compares the JSON).

Presentation layer, standard library only (no pandas, no numpy: it runs in JupyterLite).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine.cards import Card, CardSet, popcount, suit_of
from ...engine.moves import seat_text
from ...engine.errors import DurakError
from ...engine.rules import PRESETS, Rules
from ...text.catalogue import Suit, counted
from ...text.messages import say
from ...text.narrate import move_words
from ..board.state import chance_json, evaluation_json, seats_json, status_words, trumps_json
from ..cards import card_json

__all__ = ["live_state", "player_counts", "LABEL_KEYS", "MAX_PLAYERS"]

#: The most players the setup offers (a preset's own limits apply too).
MAX_PLAYERS = 6

#: The words of the page's buttons and headings, each a catalogue key (sent with every state).
LABEL_KEYS = {
    "title": "live-page-title", "setup": "live-page-setup-heading", "game": "live-page-game",
    "players": "live-page-players", "seat": "live-page-seat", "leader": "live-page-leader",
    "target_hand": "live-page-target-hand", "target_trump": "live-page-target-trump",
    "clear": "live-page-clear", "start": "live-page-start", "new": "live-page-new", "undo": "live-page-undo",
    "who": "live-page-who", "with_card": "live-page-with-card", "no_card": "live-page-no-card",
    "drew": "live-page-drew-button", "your_moves": "live-page-your-moves", "chances": "board-chances-heading",
    "trumps": "board-trumps-heading", "thinking": "board-thinking", "language": "board-language",
    "table": "board-table-label",
}


@lru_cache(maxsize=None)
def player_counts(preset: str) -> list:
    """How many players the preset may be played by, from 2 to :data:`MAX_PLAYERS`.

    >>> player_counts("podkidnoy")
    [2, 3, 4, 5, 6]
    """
    out = []
    for n in range(2, MAX_PLAYERS + 1):
        try:
            Rules.preset(preset, players=n)
        except (DurakError, ValueError):
            continue
        out.append(n)
    return out


def _sorted(cards: Any, trump: int) -> list:
    return sorted(cards, key=lambda c: (suit_of(c) == trump, suit_of(c), c))


def _setup_json(c: Any) -> dict:
    rules = c.rules
    trump = c.trump_card.suit if c.trump_card is not None else -1
    cards = []
    for card in sorted(CardSet(rules.all_cards), key=lambda x: (suit_of(x), x)):
        place = "hand" if card in c.hand else ("trump" if card == c.trump_card else ("shown" if card == c.shown else ""))
        words = card_json(card, trump)
        label = (say("live-page-card-in-hand", card=words["label"]) if place == "hand" else
                 say("live-page-card-face-up", card=words["label"]) if place == "trump" else
                 say("live-page-card-shown", card=words["label"], seat=seat_text(c.leader)) if place == "shown" else
                 words["label"])
        cards.append({**words, "place": place, "label": label})
    return {
        "preset": c.preset, "presets": sorted(PRESETS), "players": rules.players,
        "player_choices": player_counts(c.preset),
        "seat": seat_text(c.seat), "leader": seat_text(c.leader), "seats": [seat_text(s) for s in range(rules.players)],
        "target": c.target, "cards": cards, "shown_allowed": c.shown_allowed,
        "target_shown": say("live-page-target-shown", seat=seat_text(c.leader)),
        "picked": say("live-page-picked", picked=len(c.hand), count=counted(rules.hand_size, "cards")),
        "trump_card": card_json(c.trump_card, trump) if c.trump_card is not None else None,
        "help": say("live-page-setup-help", count=counted(rules.hand_size, "cards")),
        "ready": len(c.hand) == rules.hand_size and c.trump_card is not None,
    }


def _seats(g: Any) -> list:
    """Every seat from yours; while you have not said which cards you drew, your hand shows the cards
    you kept and a count of the new ones (the stand-in cards the engine drew for you are never shown)."""
    out = seats_json(g.position, g.seat, False)
    if g.to_draw:
        guess = {str(c) for c in g.stand_ins}
        mine = out[0]
        mine["cards"] = [x for x in mine["cards"] if x["card"] not in guess]
        mine["hidden"] = g.to_draw
        mine["hidden_label"] = say("live-page-new-cards", count=counted(g.to_draw, "cards"))
    return out


def _play_json(c: Any) -> dict:
    g = c.game
    p = g.position
    view = g.view
    seat = g.seat
    t = c.thinking()
    ev = t.evaluation if t is not None else None
    over = p.result is not None
    acting = g.acting()  # each seat's choices: worked out once per picture
    asked = c.asked_seat(acting) if acting else None
    if g.to_draw:
        waiting, prompt = "draw", say("live-page-draw", count=counted(g.to_draw, "cards"))
    elif over or p.to_act() is None:
        waiting, prompt = "over", status_words(p)
    elif asked == seat:
        waiting, prompt = "you", say("live-page-your-move")
    else:
        waiting = "other"
        prompt = say("live-page-their-move", seat=seat_text(asked))
    my_moves: list = []
    if waiting == "you":
        valued = {str(mv.move): mv for mv in ev.moves} if ev is not None else {}
        best = {str(m) for m in ev.best} if ev is not None else set()
        legal = {str(m): m for m in g.choices(seat)}
        for text in [k for k in valued if k in legal] + [k for k in legal if k not in valued]:
            mv, move = valued.get(text), legal[text]
            my_moves.append({"move": text, "words": move_words(move), "best": text in best,
                             "value": chance_json(mv) if mv is not None else None})
    their: dict = {}
    if waiting == "other" and asked is not None:
        moves = g.choices(asked)
        with_card = {}
        for m in moves:
            for card in m.cards:
                with_card.setdefault(card, []).append(m)
        their = {
            "seat": seat_text(asked),
            "cards": [card_json(card, p.trump) for card in _sorted(with_card, p.trump)],
            "plain": [{"move": str(m), "words": move_words(m)} for m in moves if not m.cards],
            "pending": card_json(c.pending, p.trump) if c.pending is not None else None,
            "options": [{"move": str(m), "words": move_words(m)} for m in with_card.get(c.pending, [])],
            "which": say("live-page-which", card=str(c.pending)) if c.pending is not None else "",
        }
    draw: dict = {}
    if waiting == "draw":
        draw = {"count": g.to_draw, "ready": len(c.picked) == g.to_draw,
                "cards": [{**card_json(card, p.trump), "picked": card in c.picked}
                          for card in _sorted(g.draw_choices(), p.trump)]}
    tc = view.trump_card
    return {
        "waiting": waiting, "prompt": prompt, "asking": seat_text(asked) if asked is not None else "",
        "acting": [seat_text(s) for s in acting], "moves_seen": len(g.seen),
        "seats": _seats(g), "trump": say("trump-is", suit=Suit(p.trump)),
        "trump_card": card_json(Card(tc), p.trump) if tc is not None else None,
        "talon": say("talon-count", count=view.talon_size) if view.talon_size else say("talon-empty"),
        "bito": say("bito-count", count=popcount(p.discard)) if p.discard else say("bito-empty"),
        "table": [{"attack": card_json(Card(a), p.trump),
                   "cover": card_json(Card(cv), p.trump) if cv >= 0 else None} for a, cv, _, _ in p.table],
        "my_moves": my_moves, "their": their, "draw": draw,
        "evaluation": evaluation_json(ev), "thinking": t is not None and not t.done,
        "think_error": say(t.error) if t is not None and t.error else "",
        "trumps": trumps_json(view) if not over and not g.to_draw else [],
        "can_undo": bool(g.history),
    }


def live_state(c: Any) -> dict:
    """The JSON-able picture of the live helper for the JavaScript (see the module)."""
    playing = c.game is not None
    out = {
        "serial": c.serial, "phase": "play" if playing else "setup", "think_key": c.think_key(),
        "feedback": c.feedback, "feedback_kind": c.feedback_kind,
        "labels": {k: say(v) for k, v in LABEL_KEYS.items()},
        "setup": None if playing else _setup_json(c),
        "waiting": "", "asking": "", "thinking": False,
    }
    if playing:
        out.update(_play_json(c))
    return out
