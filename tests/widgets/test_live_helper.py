"""The live helper without a browser: :class:`LiveControl` and :class:`LiveHelper` driven by the messages
its page sends, following real games.

The property at the end is the helper's promise: the JSON the page receives depends only on what your
seat knows (R3).  Two helpers with different stand-in deals of the cards you cannot see follow the same
real game, click for click, and must show the same page, thinking included; and what they show of your
hand, the table and the talon is the real game's.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import durak_lab
from durak_lab.engine.cards import Card, CardSet
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.session.live import LiveGame
from durak_lab.widgets.live import LiveControl, LiveHelper
from durak_lab.widgets.live.state import player_counts

from helpers import CONFIGS

HAND = "6♠ 8♦ 9♦ J♣ Q♥ A♠".split()


def set_up(c: LiveControl, hand=HAND, trump="10♠", leader="P2") -> dict:
    for card in hand:
        c.handle({"do": "setup-card", "card": card})
    c.handle({"do": "setup-target", "place": "trump"})
    c.handle({"do": "setup-card", "card": trump})
    c.handle({"do": "setup-leader", "seat": leader})
    return c.handle({"do": "start"})


def think(c: LiveControl, steps: int = 99) -> dict:
    state = c.state()
    for _ in range(steps):
        if not state["thinking"]:
            break
        state = c.handle({"do": "think", "key": state["think_key"]})
    return state


def same(a: dict, b: dict) -> bool:
    return json.dumps({**a, "serial": 0}, sort_keys=True) == json.dumps({**b, "serial": 0}, sort_keys=True)


# ---------------------------------------------------------------- the setup
def test_the_setup_puts_clicked_cards_in_the_hand_and_the_face_up_card_under_the_talon():
    c = LiveControl(playouts=20)
    state = c.state()
    assert state["phase"] == "setup" and len(state["setup"]["cards"]) == 36 and not state["setup"]["ready"]
    state = c.handle({"do": "setup-card", "card": "7♥"})
    assert [x["place"] for x in state["setup"]["cards"] if x["card"] == "7♥"] == ["hand"]
    assert state["setup"]["picked"] == "You picked 1 of 6 cards."
    label = next(x["label"] for x in state["setup"]["cards"] if x["card"] == "7♥")
    assert label == "7 of hearts: in your hand"
    state = c.handle({"do": "setup-card", "card": "7♥"})               # a second click takes it out
    assert state["setup"]["picked"] == "You picked 0 of 6 cards."
    c.handle({"do": "setup-card", "card": "7♥"})
    c.handle({"do": "setup-target", "place": "trump"})
    state = c.handle({"do": "setup-card", "card": "7♥"})               # the face-up card: out of the hand
    assert c.hand == [] and c.trump_card == Card("7♥")
    assert state["setup"]["trump_card"]["card"] == "7♥"


def test_a_full_hand_a_missing_trump_card_and_bad_clicks_say_why_and_change_nothing():
    c = LiveControl(playouts=20)
    for card in HAND:
        c.handle({"do": "setup-card", "card": card})
    before = list(c.hand)
    state = c.handle({"do": "setup-card", "card": "K♥"})
    assert state["feedback_kind"] == "illegal" and "6 cards" in state["feedback"] and c.hand == before
    state = c.handle({"do": "start"})
    assert state["phase"] == "setup" and "face-up trump card" in state["feedback"]
    for msg in ({"do": "setup-card", "card": "X♠"}, {"do": "setup-card", "card": "2♠"},
                {"do": "setup-seat", "seat": "P9"}, {"do": "setup-rules", "preset": "nope", "players": 2},
                {"do": "setup-rules", "preset": "podkidnoy", "players": 99}, {"do": "setup-target", "place": "x"},
                {"do": "card", "card": "7♦"}, {"do": "nonsense"}, ["not", "a", "dict"]):
        state = c.handle(msg)
        assert c.hand == before and c.game is None and c.rules.players == 2
        if isinstance(msg, dict) and msg["do"] != "nonsense":
            assert state["feedback_kind"] == "illegal" and state["feedback"], msg
            assert "Error" not in state["feedback"] and "{" not in state["feedback"]


def test_another_game_and_more_players_start_the_setup_again():
    c = LiveControl(playouts=20)
    c.handle({"do": "setup-card", "card": "7♥"})
    state = c.handle({"do": "setup-rules", "preset": "perevodnoy", "players": 4})
    assert state["setup"]["players"] == 4 and state["setup"]["seats"] == ["P1", "P2", "P3", "P4"] and c.hand == []
    assert player_counts("podkidnoy") == [2, 3, 4, 5, 6]
    state = c.handle({"do": "setup-seat", "seat": "P3"})
    assert state["setup"]["seat"] == "P3"


def test_the_trump_the_leader_showed_is_asked_for_and_checked_r7():
    c = LiveControl(playouts=20)
    state = c.handle({"do": "setup-leader", "seat": "P2"})
    assert state["setup"]["shown_allowed"] and state["setup"]["target_shown"] == "Trump P2 showed"
    state = set_up(c, hand="8♦ 9♦ J♣ Q♥ A♠ K♥".split())
    c.handle({"do": "new"})
    c.handle({"do": "setup-target", "place": "shown"})
    state = c.handle({"do": "setup-card", "card": "8♥"})
    assert next(x["label"] for x in state["setup"]["cards"] if x["card"] == "8♥") == (
        "8 of hearts: the lowest trump P2 showed")
    state = c.handle({"do": "start"})
    assert state["phase"] == "setup" and state["feedback"] == (
        "8♥ is not a trump, so P2 cannot have shown it as the lowest trump.")
    c.handle({"do": "setup-card", "card": "7♠"})
    state = c.handle({"do": "start"})
    assert state["phase"] == "play"
    p2 = next(s for s in state["seats"] if s["seat"] == "P2")
    assert [x["card"] for x in p2["cards"]] == ["7♠"] and p2["hidden"] == 5
    c.handle({"do": "new"})                                           # you hold 6♠: P2's 7♠ was not the lowest
    c.handle({"do": "setup-target", "place": "hand"})
    c.handle({"do": "setup-card", "card": "K♥"})
    c.handle({"do": "setup-card", "card": "6♠"})
    state = c.handle({"do": "start"})
    assert state["phase"] == "setup" and state["feedback"].startswith("You hold a trump lower than 7♠")
    state = c.handle({"do": "setup-leader", "seat": "P1"})            # you lead: nothing to ask
    assert not state["setup"]["shown_allowed"] and c.shown is None


# ---------------------------------------------------------------- following a game
def test_a_bout_followed_by_clicks_your_moves_valued_then_the_draw():
    c = LiveControl(playouts=30)
    state = set_up(c)
    assert (state["phase"], state["waiting"], state["asking"]) == ("play", "other", "P2")
    assert state["prompt"] == "What did P2 do? Click the card P2 played, or a button."
    cards = [x["card"] for x in state["their"]["cards"]]
    assert len(cards) == 29 and "6♠" not in cards and "10♠" not in cards      # yours and the face-up card: not P2's
    state = c.handle({"do": "card", "card": "7♦"})
    assert state["feedback"] == "Got it. P2: play 7♦." and state["waiting"] == "you"
    state = think(c)
    moves = state["my_moves"]
    assert {m["move"] for m in moves} == {"P1 cover 7♦ with 8♦", "P1 cover 7♦ with 9♦", "P1 cover 7♦ with 6♠",
                                         "P1 cover 7♦ with A♠", "P1 take"}
    assert all(m["value"] is not None and m["value"]["text"].endswith("%") for m in moves)
    assert sum(m["best"] for m in moves) == 1 and state["evaluation"]["sentence"].startswith("P1 scores ")
    assert [t["place"] for t in state["trumps"]] == ["P2", "the talon"]
    state = c.handle({"do": "move", "move": "P1 cover 7♦ with 9♦"})
    assert state["waiting"] == "other" and [m["move"] for m in state["their"]["plain"]] == ["P2 pass"]
    state = c.handle({"do": "move", "move": "P2 pass"})
    assert state["waiting"] == "draw" and state["prompt"] == "Which cards did you draw? Click 1 card."
    assert state["evaluation"] is None and not state["thinking"]
    assert "K♥" in [x["card"] for x in state["draw"]["cards"]] and not state["draw"]["ready"]
    state = c.handle({"do": "draw-card", "card": "K♥"})
    assert state["draw"]["ready"]
    state = c.handle({"do": "draw-card", "card": "Q♣"})               # one card only: refused
    assert state["feedback_kind"] == "illegal" and state["waiting"] == "draw"
    state = c.handle({"do": "drew"})
    assert state["waiting"] == "you" and state["feedback"] == "Your new cards are in your hand."
    mine = state["seats"][0]
    assert mine["me"] and "K♥" in [x["card"] for x in mine["cards"]] and len(mine["cards"]) == 6
    state = c.handle({"do": "undo"})
    assert state["waiting"] == "draw"


def test_a_card_that_plays_several_moves_asks_which_and_an_illegal_move_changes_nothing():
    c = LiveControl("perevodnoy", 3, playouts=20)
    state = set_up(c, leader="P1")
    assert state["waiting"] == "you"
    state = c.handle({"do": "move", "move": "P1 attack 8♦"})
    assert state["asking"] == "P2"
    state = c.handle({"do": "card", "card": "8♥"})                    # transfer with 8♥, or cover 8♦ with it? no:
    assert state["waiting"] == "other"                               # 8♥ cannot beat 8♦: a transfer, played
    assert c.game.seen[-1][1].kind == "transfer"
    state = c.handle({"do": "undo"})
    state = c.handle({"do": "card", "card": "10♦"})
    assert state["feedback"].startswith("Got it. P2: cover 8♦ with 10♦")
    before = (c.game.position, state["waiting"], state["asking"])
    state = c.handle({"do": "move", "move": "P3 cover 8♦ with J♦"})
    assert state["feedback_kind"] == "illegal" and (c.game.position, state["waiting"], state["asking"]) == before
    state = c.handle({"do": "card", "card": "6♠"})                    # your own card: not another seat's
    assert state["feedback_kind"] == "illegal" and c.game.position == before[0]


def test_with_two_cards_to_choose_from_the_page_lists_the_moves_of_that_card():
    c = LiveControl("perevodnoy", 2, playouts=20)
    set_up(c, leader="P1")
    c.handle({"do": "move", "move": "P1 attack 8♦"})
    state = c.handle({"do": "card", "card": "8♠"})                     # a trump 8: transfer, or cover 8♦?
    assert state["their"]["pending"]["card"] == "8♠" and state["their"]["which"] == "Which move was it with 8♠?"
    options = [m["move"] for m in state["their"]["options"]]
    assert sorted(options) == ["P2 cover 8♦ with 8♠", "P2 transfer 8♠"]
    state = c.handle({"do": "move", "move": "P2 cover 8♦ with 8♠"})
    assert state["their"] == {} or state["their"]["pending"] is None


def test_at_a_throw_in_the_page_asks_who_moved():
    c = LiveControl("podkidnoy", 3, playouts=20)
    set_up(c, leader="P2")
    c.handle({"do": "card", "card": "7♣"})                            # P2 leads 7♣ at P3
    state = c.state()
    assert state["asking"] == "P3" and len(state["acting"]) > 1 and "P1" in state["acting"]
    state = c.handle({"do": "who", "seat": "P1"})                     # you throw in first
    assert state["asking"] == "P1" and state["waiting"] == "you"
    state = c.handle({"do": "who", "seat": "P2"})
    assert state["asking"] == "P2"
    state = c.handle({"do": "who", "seat": "P9"})
    assert state["feedback_kind"] == "illegal" and state["asking"] == "P2"


def test_the_helper_widget_speaks_the_chosen_language_and_live_opens_it():
    w = durak_lab.live(players=3, playouts=20, language="he")
    assert isinstance(w, LiveHelper) and w.state["dir"] == "rtl" and w.state["setup"]["players"] == 3
    assert w.state["labels"]["start"] != "Start following the game"
    state = w.handle({"do": "language", "lang": "fi"})
    assert state["lang"] == "fi" and state["dir"] == "ltr"


# ---------------------------------------------------------------- only what your seat knows
def _real_game(preset: str, players: int, seed: int):
    rules = Rules.preset(preset, players=players)
    p = Position.deal(rules, random.Random(seed))
    if p.trump_card < 0 or not p.talon or p.talon[-1] != p.trump_card or rules.hand_size != 6:
        return None
    try:
        LiveGame(rules, 0, [Card(c) for c in CardSet(p.hands[0])], Card(p.trump_card), leader=p.to_act(), seed=1)
    except Exception:
        return None
    return p


LIVE_CONFIGS = [(preset, n) for preset, n in CONFIGS if preset in ("podkidnoy", "perevodnoy", "classic")]


@settings(max_examples=15, deadline=None)
@given(config=st.sampled_from(LIVE_CONFIGS or [("podkidnoy", 2)]), seed=st.integers(0, 10_000),
       steps=st.integers(5, 20), other=st.integers(2, 1000))
def test_the_page_depends_only_on_what_your_seat_knows(config, seed, steps, other):
    """R3: two helpers whose stand-in deals differ follow the same real game and show the same page."""
    preset, players = config
    real = _real_game(preset, players, seed)
    if real is None:
        return
    helpers = [LiveControl(preset, players, playouts=12, deal_seed=s) for s in (1, other)]
    states = []
    for c in helpers:
        c.handle({"do": "setup-rules", "preset": preset, "players": players})
        for card in CardSet(real.hands[0]):
            c.handle({"do": "setup-card", "card": str(card)})
        c.handle({"do": "setup-target", "place": "trump"})
        c.handle({"do": "setup-card", "card": str(Card(real.trump_card))})
        c.handle({"do": "setup-leader", "seat": f"P{real.to_act() + 1}"})
        states.append(c.handle({"do": "start"}))
    assert states[0]["phase"] == "play" and same(*states)
    rng = random.Random(seed)

    def both(msg: dict) -> None:
        got = [c.handle(msg) for c in helpers]
        assert same(*got), msg
        assert got[0]["feedback_kind"] != "illegal", (msg, got[0]["feedback"])

    for _ in range(steps):
        g = helpers[0].game
        state = helpers[0].state()
        if state["waiting"] == "draw":
            guess = sum(1 << c for c in g.stand_ins)
            drawn = CardSet(real.hands[0] & ~(g.position.hands[0] & ~guess))
            for card in drawn:
                both({"do": "draw-card", "card": str(card)})
            both({"do": "drew"})
            continue
        if state["waiting"] not in ("you", "other"):
            break
        acting = g.acting()
        offered = {str(m) for s in acting for m in g.choices(s)}
        moves = [m for m in real.legal_moves() if m.seat in acting and len(m.cards) <= 1 and str(m) in offered]
        if not moves:
            break
        m = rng.choice(moves)
        if m.seat != acting[0] or state["asking"] != f"P{m.seat + 1}":
            both({"do": "who", "seat": f"P{m.seat + 1}"})
        both({"do": "move", "move": str(m)})
        real = real.play(m)
        live = helpers[0].game
        # a seat that had no card to add: the real engine ended the bout, the helper asks; at the table it passes
        while not live.to_draw and live.position.table != real.table and live.position.to_act() is not None:
            passes = [mv for mv in live.choices(live.position.to_act()) if mv.kind == "pass"]
            assert passes, (str(live.position), str(real))
            both({"do": "move", "move": str(passes[0])})
        if not live.to_draw:
            # in step with the real game: what the page shows of your hand, the table and the talon is the real game's
            assert live.view.hand == real.view(0).hand, (str(live.view.hand), str(real.view(0).hand))
            assert live.position.table == real.table, (live.position.table, real.table)
            assert live.view.talon_size == len(real.talon) and live.position.discard == real.discard
        for _ in range(2):
            both({"do": "think", "key": helpers[0].think_key()})
