"""The play table, driven from Python (no browser): the messages its JavaScript sends go to
:meth:`PlayTable.handle`, and the JSON state it draws is checked.

Seeded games are played to the end by "clicks" against every bot level (covers by
clicking the attack card and then the hand card); an illegal click shows the engine's
reason and changes nothing; undo restores the table; with several people at one screen
no state ever holds a card another seat keeps hidden; rematch moves the seats; a saved
record replays to the same position; and no text of any state is Python or a
developer's word.
"""

import json
import random
import re
from pathlib import Path

import pytest

import durak_lab
from durak_lab.engine.cards import Card, CardSet, deck_mask
from durak_lab.engine.errors import Reason
from durak_lab.engine.records import load_record, replay
from durak_lab.text.catalogue import catalogue, templates
from durak_lab.text.messages import MESSAGES
from durak_lab.session.students import folder_name
from durak_lab.widgets import PlayTable
from durak_lab.widgets.play.control import TableControl, plain_reason, seat_areas
from durak_lab.widgets.play.settings import SPEEDS, Settings
from durak_lab.widgets.play.table import _STATIC

FORBIDDEN = ["Move.parse(", "Card(", "CardSet(", "Fraction(", "<durak_lab", "Traceback", "position.known",
             "sequential protocol", "sequential play", "Error", "None", "True", "False"] + [r.value for r in Reason]
RULE_ID = re.compile(r"\(R\d+")

# the parts of a state that show the game (not the sentences about the last click)
TABLE_KEYS = ("acting", "status", "hand", "table", "seats", "me", "talon", "bito", "trump", "trump_card",
              "actions", "reveal", "can_undo")


def strings(value):
    """Every string in a JSON value (keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def developer_words(state) -> list:
    bad = []
    for text in strings(state):
        bad += [f"{word!r} in {text!r}" for word in FORBIDDEN if word in text]
        if RULE_ID.search(text):
            bad.append(f"a rule id in {text!r}")
    return bad


def hidden_cards(control: TableControl, state: dict) -> set:
    """The cards of every seat that the state may not show: all but the shown hand and the known cards."""
    p = control.session.position
    shown = control.viewer() if state["me"].get("shown") else None
    return {c for s in range(p.players) if s != shown for c in CardSet(p.hands[s] & ~p.known[s])}


def leaks(control: TableControl, state: dict) -> list:
    text = json.dumps(state, ensure_ascii=False)
    low = text.lower()
    return sorted(str(c) for c in hidden_cards(control, state)
                  if re.search(rf"(?<![0-9]){re.escape(str(c))}", text) or c.name in low)


def view_of(state: dict) -> dict:
    return {k: state[k] for k in TABLE_KEYS}


class Player:
    """Plays a table by its messages, as a learner clicking what "Show my options" lights up."""

    def __init__(self, table: PlayTable, check=None):
        self.table = table
        self.check = check or (lambda state: None)
        self.states = [table.state]
        self.clicks = {"target-then-card": 0, "card": 0, "action": 0, "bot": 0, "reveal": 0}

    def send(self, msg: dict) -> dict:
        state = self.table.handle(msg)
        json.dumps(state)  # JSON-able
        self.states.append(state)
        self.check(state)
        return state

    def turn(self) -> dict:
        """One person's move (or one bot move, or a reveal)."""
        st = self.table.state
        if st["acting"] == "bot":
            self.clicks["bot"] += 1
            return self.send({"do": "bot", "tick": st["tick"]})
        if st["reveal"]:
            self.clicks["reveal"] += 1
            return self.send({"do": "reveal"})
        if st["coach"]["warning"]:
            return self.send({"do": "anyway"})
        st = self.send({"do": "options"})
        tick = st["tick"]
        if any(c.get("selected") for c in st["hand"]):
            act = next(a for a in st["actions"] if a["do"] in ("play", "transfer"))
            st = self.send({"do": act["do"]})
        elif any(p["attack"].get("playable") for p in st["table"]):
            target = next(p["attack"]["card"] for p in st["table"] if p["attack"].get("playable"))
            st = self.send({"do": "target", "card": target})
            assert st["feedback"] == f"You picked {target}. Click a card of your hand that beats it."
            card = next(c["card"] for c in st["hand"] if c.get("playable"))
            st = self.send({"do": "card", "card": card})
            self.clicks["target-then-card"] += 1
        elif any(c.get("playable") for c in st["hand"]):
            self.clicks["card"] += 1
            st = self.send({"do": "card", "card": next(c["card"] for c in st["hand"] if c.get("playable"))})
        else:
            self.clicks["action"] += 1
            st = self.send({"do": st["actions"][0]["do"]})
        assert st["feedback_kind"] != "illegal", st["feedback"]
        if st["tick"] == tick and st["coach"]["warning"]:
            st = self.send({"do": "anyway"})
        return st

    def to_the_end(self, limit: int = 3000) -> dict:
        for _ in range(limit):
            if self.table.state["acting"] == "over":
                return self.table.state
            self.turn()
        raise AssertionError("the game did not end")

    def until_person(self) -> dict:
        while self.table.state["acting"] == "bot":
            self.turn()
        return self.table.state


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("level, seed", [("random", 1), ("tips", 2), ("endgame", 3), ("tips", 11)])
def test_a_whole_game_against_each_bot_level_by_clicks(level, seed):
    table = PlayTable(vs=level, seed=seed, speed="instant")
    player = Player(table, check=lambda st: (developer_words(st), leaks(table.control, st)) == ([], []) or
                    pytest.fail(f"{developer_words(st)} {leaks(table.control, st)}"))
    end = player.to_the_end()
    assert end["status"] in (MESSAGES["you-won"], MESSAGES["you-lost"], MESSAGES["draw"])
    assert end["review"][0] == "How the game went" and end["status"] in end["review"]
    assert end["actions"] == [] and not end["bot"]
    assert table.session.is_over and player.clicks["bot"] > 0
    assert player.clicks["target-then-card"] + player.clicks["card"] > 5


def test_the_review_at_the_end_is_judged_one_decision_per_message():
    """At the end the table shows "Looking at move 1 of n…", then judges one of the person's decisions per
    ``{"do": "review"}`` (what the JavaScript sends, paced like the bots: no thread); the result, the
    game's tick and what the table said stay; an old request is ignored; at the end, the person's
    accuracy, labels and key moments."""
    table = PlayTable(vs="tips", seed=2, speed="instant")
    end = Player(table).to_the_end()
    r = table.session.table_review()
    assert r.total > 5 and end["reviewing"] == {"step": 0, "total": r.total}
    assert MESSAGES["rv-thinking"].format(done=1, total=r.total) in end["review"]
    st = table.handle({"do": "review", "step": 0, "tick": end["tick"]})
    assert st["reviewing"]["step"] == 1 and st["tick"] == end["tick"] and st["feedback"] == end["feedback"]
    assert table.handle({"do": "review", "step": 0, "tick": end["tick"]})["reviewing"]["step"] == 1  # old: ignored
    assert table.handle({"do": "review", "step": 1, "tick": end["tick"] - 1})["reviewing"]["step"] == 1
    steps = 1
    while st["reviewing"] is not None:
        st = table.handle({"do": "review", "step": st["reviewing"]["step"], "tick": st["tick"]})
        steps += 1
    assert steps == r.total and r.finished
    assert st["review"][:3] == [MESSAGES["review-title"], end["status"], end["review"][2]]
    assert st["review"][3].startswith("P1: accuracy ") and st["review"][4].startswith("P1: ")
    mistakes = any(d.label in ("mistake", "blunder") for d in r.review().decisions)
    assert (st["review"][-1] == MESSAGES["review-practise"]) == mistakes  # Your games makes them exercises
    key = st["review"][5:len(st["review"]) - mistakes]
    assert key and all(line.startswith("Key moment") or line == MESSAGES["rv-no-key"] for line in key)
    assert developer_words(st) == []
    assert table.handle({"do": "review", "step": r.total})["review"] == st["review"]  # nothing more to do
    assert table.handle({"do": "new"})["reviewing"] is None


def test_covers_by_clicking_the_attack_card_then_the_hand_card():
    covered = 0
    for seed in range(1, 6):
        player = Player(PlayTable(vs="tips", seed=seed, speed="instant"))
        player.to_the_end()
        covered += player.clicks["target-then-card"]
    assert covered >= 5


@pytest.mark.parametrize("preset, players", [("perevodnoy", 3), ("finnish", 3), ("pairs", 4), ("simple", 2),
                                             ("podkidnoy", 6), ("by_turns", 4)])
def test_whole_games_under_other_rules(preset, players):
    table = PlayTable(vs="tips", preset=preset, players=players, seed=21, speed="instant", coach=True)
    end = Player(table, check=lambda st: developer_words(st) == [] or pytest.fail(str(developer_words(st)))
                 ).to_the_end()
    assert end["acting"] == "over" and end["players"] == players


@pytest.mark.parametrize("seed", range(4))
def test_random_clicks_never_break_the_table(seed):
    """Any message, in any order: a sentence at worst, never an error, never a hidden card."""
    rng = random.Random(seed)
    table = PlayTable(vs="tips", players=2 + seed % 5, humans=1 + seed % 2, seed=seed, speed="instant", coach=seed % 2)
    deck = [str(c) for c in CardSet(deck_mask(6))]
    kinds = ["card", "target", "play", "take", "pass", "transfer", "show", "swap", "anyway", "again", "hint",
             "options", "undo", "reveal", "bot", "rematch", "coach", "speed"]
    for _ in range(400):
        st = table.state
        kind = rng.choice(kinds)
        msg = {"do": kind}
        if kind in ("card", "target"):
            shown = [c["card"] for c in st["hand"]] + [p["attack"]["card"] for p in st["table"]]
            msg["card"] = rng.choice(shown) if shown and rng.random() < 0.8 else rng.choice(deck)
        if kind == "bot":
            msg["tick"] = st["tick"]
        if kind == "speed":
            msg["speed"] = rng.choice(["slow", "instant", "warp"])
        st = table.handle(msg)
        assert st["feedback"] != MESSAGES["error"], msg
        assert developer_words(st) == [] and leaks(table.control, st) == [], msg
        if st["acting"] == "over" and rng.random() < 0.3:
            table.handle({"do": "new"})


def test_the_leak_check_can_fail():
    """The control: a hidden card of the bot, put into a state, is found."""
    table = PlayTable(vs="tips", seed=5)
    bot_card = next(iter(CardSet(table.session.position.hands[1])))
    assert leaks(table.control, table.state) == []
    assert leaks(table.control, {**table.state, "said": [f"P2 holds {bot_card}"]}) == [str(bot_card)]
    assert leaks(table.control, {**table.state, "said": [bot_card.name.capitalize()]}) == [str(bot_card)]


# ------------------------------------------------------------------ clicks the rules refuse
def _defending(seed_range=range(1, 40)):
    """A table where the person defends with a card that beats nothing."""
    for seed in seed_range:
        table = PlayTable(vs="tips", seed=seed)
        player = Player(table)
        for _ in range(40):
            st = player.until_person()
            if st["acting"] == "over":
                break
            legal = table.session.legal()
            beaters = {m.cards[0] for m in legal if m.kind == "cover"}
            weak = [c["card"] for c in st["hand"] if Card.parse(c["card"]) not in beaters
                    and not any(Card.parse(c["card"]) in m.cards for m in legal)]
            if any(m.kind == "cover" for m in legal) and weak and len(table.session.position.uncovered()) == 1:
                return table, weak[0]
            player.turn()
    raise AssertionError("no such table")


def test_an_illegal_click_shows_the_engines_reason_and_changes_nothing():
    table, card = _defending()
    before, position, said = table.state, table.session.position, list(table.session.said)
    st = table.handle({"do": "card", "card": card})
    assert st["feedback_kind"] == "illegal"
    assert st["feedback"].startswith("You can't do that: ") and f"{card} does not beat" in st["feedback"]
    assert not RULE_ID.search(st["feedback"])
    assert view_of(st) == view_of(before) and st["tick"] == before["tick"]
    assert table.session.position == position and table.session.said == said


def test_clicks_out_of_turn_are_refused_in_words():
    table = PlayTable(vs="tips", seed=5, speed="instant")
    card = table.state["hand"][0]["card"]
    st = table.handle({"do": "card", "card": card})
    assert st["acting"] == "bot"
    other = st["hand"][0]["card"]
    again = table.handle({"do": "card", "card": other})
    assert again["feedback"] == "You can't do that: it is P2's turn, not yours."
    assert view_of(again) == view_of(st)
    # moves the person may not make now: the engine says why, nothing changes
    player = Player(table)
    seen = set()
    while len(seen) < 2 and table.state["acting"] != "over":
        st = player.until_person()
        p = table.session.position
        me = table.control.viewer()
        covered = [pair["attack"]["card"] for pair in st["table"] if pair["cover"]]
        if p.table and me != p.defender and covered and "covered" not in seen:
            seen.add("covered")
            after = table.handle({"do": "target", "card": covered[0]})
            assert after["feedback"] == "You can't do that: only the defender, P2, covers cards."
        elif p.table and me != p.defender and "take" not in seen:
            seen.add("take")
            after = table.handle({"do": "take"})
            assert after["feedback"] == "You can't do that: only the defender, P2, can take the cards."
        elif p.table and me == p.defender and "pass" not in seen:
            seen.add("pass")
            after = table.handle({"do": "pass"})
            assert after["feedback"] == f"You can't do that: P{me + 1} defends, and only attackers say they are done."
        else:
            player.turn()
            continue
        assert after["feedback_kind"] == "illegal" and view_of(after) == view_of(st)
    assert len(seen) == 2 and developer_words(table.state) == []


def test_a_bot_request_for_a_turn_that_has_passed_is_ignored():
    table = PlayTable(vs="tips", seed=5)
    table.handle({"do": "card", "card": table.state["hand"][0]["card"]})
    tick = table.state["tick"]
    assert table.handle({"do": "bot", "tick": tick - 1})["tick"] == tick
    assert table.handle({"do": "bot", "tick": tick})["tick"] == tick + 1
    assert table.handle({"do": "nonsense"})["tick"] == tick + 1
    assert table.handle({"do": "__init__"})["tick"] == tick + 1


# ------------------------------------------------------------------ undo, rematch, new game
def test_undo_restores_the_table():
    table = PlayTable(vs="tips", seed=8, speed="instant")
    player = Player(table)
    for _ in range(6):
        st = player.until_person()
        before = view_of(st)
        player.turn()
        player.until_person()
        after = table.handle({"do": "undo"})
        assert after["feedback"] == MESSAGES["undone"]
        assert view_of(after) == before
        player.turn()
    assert PlayTable(seed=8).handle({"do": "undo"})["feedback"] == MESSAGES["no-undo"]


def test_rematch_swaps_the_seats_and_deals_the_same_cards():
    table = PlayTable(vs="tips", seed=9)
    assert table.state["me"]["seat"] == "P1"
    st = table.handle({"do": "rematch"})
    assert st["me"]["seat"] == "P2" and st["me"]["name"] == "P2 (you)"
    assert [s["name"] for s in st["seats"]] == ["P1 (tips bot)"]
    assert table.session.seed == 9 and "deal number 9" in st["said"][0]
    assert table.session.seats == ["tips", "human"]


def test_new_game_applies_the_settings_and_seats_keep_their_order():
    table = PlayTable(vs="tips", seed=3)
    form = {"vs": "random", "preset": "perevodnoy", "players": 4, "seat": 1, "humans": 1, "seed": "11",
            "speed": "fast"}
    st = table.handle({"do": "new", "settings": form})
    assert st["settings"]["values"] == {**form, "seed": "11", "class_deal": ""}
    assert table.session.rules.transfer and table.session.seed == 11 and st["pace"] == SPEEDS["fast"]
    assert st["me"]["seat"] == "P2"
    assert [(s["area"], s["seat"]) for s in st["seats"]] == [("left", "P3"), ("top", "P4"), ("right", "P1")]
    # a preset with its own number of players says so
    st = table.handle({"do": "new", "settings": {**form, "preset": "pairs", "players": 3}})
    assert st["players"] == 4 and st["feedback"] == "These rules are for 4 players."
    # bad values keep the old ones
    st = table.handle({"do": "new", "settings": {"players": "many", "preset": "chess", "seed": "x"}})
    assert st["players"] == 4 and st["settings"]["values"]["seed"] == ""


def test_the_speed_and_the_coach_change_at_once():
    table = PlayTable(seed=3)
    assert table.handle({"do": "speed", "speed": "slow"})["pace"] == SPEEDS["slow"]
    st = table.handle({"do": "coach", "on": True})
    assert st["coach"]["on"] and st["feedback"] == MESSAGES["coach-on"]
    assert not table.handle({"do": "coach", "on": False})["coach"]["on"]


# ------------------------------------------------------------------ the coach, hints, options
def test_the_coach_warns_and_the_person_decides():
    warned = []
    for seed in range(1, 4):
        player = Player(PlayTable(vs="tips", seed=seed, coach=True, speed="instant"))
        player.to_the_end()
        warned += [st for st in player.states if st["coach"]["warning"]]
        assert player.states[-1]["review"][-1].startswith("Coach: ") or "The coach had nothing to say." in \
            player.states[-1]["review"]
    assert warned
    for st in warned:
        assert st["coach"]["warning"].startswith("Coach: ") and st["actions"] == [] and st["feedback"] == ""
        assert st["coach"]["anyway"] == "Play it anyway" and st["coach"]["again"] == "Think again"


def test_think_again_keeps_the_table_and_play_it_anyway_plays():
    for seed in range(1, 40):
        table = PlayTable(vs="tips", seed=seed, coach=True, speed="instant")
        player = Player(table)
        for _ in range(100):
            st = player.until_person()
            if st["acting"] == "over":
                break
            for c in st["hand"]:
                st2 = table.handle({"do": "card", "card": c["card"]})
                if st2["coach"]["warning"]:
                    back = table.handle({"do": "again"})
                    assert view_of(back) == view_of(st) and back["feedback"] == MESSAGES["think-again"]
                    table.handle({"do": "card", "card": c["card"]})
                    played = table.handle({"do": "anyway"})
                    assert played["tick"] == st["tick"] + 1 and not played["coach"]["warning"]
                    return
                if st2["tick"] != st["tick"]:
                    break
                table.handle({"do": "again"})
    raise AssertionError("no warning found")


def test_hint_and_options_are_sentences():
    table = PlayTable(vs="tips", seed=5)
    st = table.handle({"do": "hint"})
    assert st["feedback_kind"] == "hint" and st["feedback"].startswith("Hint: play ")
    st = table.handle({"do": "options"})
    assert st["feedback"].startswith("You may: play ") and st["feedback"].endswith(".")
    assert all(c.get("playable") for c in st["hand"])  # every card may lead


def test_a_lead_of_several_cards_is_picked_then_played():
    for seed in range(1, 60):
        table = PlayTable(vs="tips", preset="finnish", players=2, seed=seed)
        st = Player(table).until_person()
        ranks = {}
        for c in st["hand"]:
            ranks.setdefault(c["rank"], []).append(c["card"])
        pair = next((cards[:2] for cards in ranks.values() if len(cards) >= 2), None)
        if not st["table"] and pair:
            st = table.handle({"do": "card", "card": pair[0]})
            st = table.handle({"do": "card", "card": pair[1]})
            assert st["feedback"].startswith("You picked ") and st["actions"][0]["label"] == "Play"
            assert sum(1 for c in st["hand"] if c.get("selected")) == 2
            st = table.handle({"do": "play"})
            assert sorted(p["attack"]["card"] for p in st["table"]) == sorted(pair)
            return
    raise AssertionError("no pair to lead")


def test_the_transfer_button_passes_the_attack_on():
    for seed in range(1, 80):
        table = PlayTable(vs="tips", preset="perevodnoy", players=3, seed=seed, speed="instant")
        player = Player(table)
        for _ in range(30):
            st = player.until_person()
            if st["acting"] == "over":
                break
            if any(a["do"] == "transfer" for a in st["actions"]):
                n = len(st["table"])
                st = table.handle({"do": "transfer"})
                if st["feedback"] == MESSAGES["pick-transfer"]:
                    rank = st["table"][0]["attack"]["rank"]
                    card = next(c["card"] for c in st["hand"] if c["rank"] == rank)
                    st = table.handle({"do": "card", "card": card})
                    st = table.handle({"do": "transfer"})
                assert len(table.session.position.table) == n + 1 or table.session.moves[-1].kind == "transfer"
                return
            player.turn()
    raise AssertionError("no transfer found")


# ------------------------------------------------------------------ pass and play: hidden hands
@pytest.mark.parametrize("players, humans, seed", [(2, 2, 1), (3, 2, 2), (4, 3, 3), (5, 2, 4), (6, 6, 5),
                                                   (6, 2, 6), (4, 1, 7)])
def test_no_state_holds_a_card_another_seat_keeps_hidden(players, humans, seed):
    table = PlayTable(vs="tips", players=players, humans=humans, seed=seed, speed="instant")

    def check(st):
        assert leaks(table.control, st) == [], st["status"]
        assert developer_words(st) == []
        if humans > 1 and not st["me"]["shown"]:
            assert st["hand"] == [] and st["actions"] == []

    check(table.state)
    player = Player(table, check=check)
    player.to_the_end()
    if humans > 1:
        assert player.clicks["reveal"] > 0


def test_pass_and_play_hides_the_hand_between_turns():
    table = PlayTable(vs="tips", players=3, humans=2, seed=2, speed="instant")
    player = Player(table)
    st = player.until_person()
    seat = st["me"]["seat"]
    assert st["hand"] == [] and st["reveal"] == f"{seat}, your turn: show my cards"
    assert st["feedback"] == MESSAGES["hidden-hands"] and st["me"]["face_down"].endswith("cards, face down")
    hidden = str(next(iter(CardSet(table.session.position.hands[table.control.viewer()]))))
    for msg in ({"do": "card", "card": hidden}, {"do": "take"}, {"do": "options"}, {"do": "hint"}):
        after = table.handle(msg)  # nothing to click while the cards are face down: nothing happens
        assert view_of(after) == view_of(st) and after["feedback"] == MESSAGES["hidden-hands"]
    st = table.handle({"do": "reveal"})
    assert st["me"]["shown"] and len(st["hand"]) == st["me"]["count"] and st["reveal"] == ""
    player.turn()
    assert table.state["hand"] == []


# ------------------------------------------------------------------ saving
def test_save_writes_a_record_that_replays_to_the_same_position(tmp_path):
    table = PlayTable(vs="endgame", seed=4, speed="instant", save_dir=str(tmp_path))
    Player(table).to_the_end()
    st = table.handle({"do": "save"})
    [path] = list(tmp_path.glob("durak-game-4-*.json"))
    name = path.name
    assert re.fullmatch(r"durak-game-4-\d{8}-\d{6}\.json", name)  # the deal, then the time
    assert st["feedback"] == f"The game is saved in {name}. You can also download the record to your computer."
    rec = load_record(path)
    result = replay(rec)
    assert result.ok and result.game.position == table.session.position
    assert table.download["name"] == name and table.download["text"] == path.read_text("utf-8")
    again = table.handle({"do": "save"})  # never over the first one, even within the same second
    assert len(list(tmp_path.glob("durak-game-4-*.json"))) == 2 and table.download["serial"] == 2
    assert table.download["name"] in again["feedback"] and path.read_text("utf-8") == table.download["text"]


def test_a_students_games_go_to_their_own_folder(tmp_path):
    room = tmp_path / "class"
    table = PlayTable(seed=4, class_dir=str(room))
    table.handle({"do": "hello", "student": "Ann"})  # the name the lessons left in the browser
    table.handle({"do": "save"})
    other = PlayTable(seed=4, class_dir=str(room), student="Boris")
    other.handle({"do": "hello", "student": "Ann"})  # a name given to the table stays
    other.handle({"do": "save"})
    assert len(list((room / folder_name("Ann") / "games").glob("durak-game-4-*.json"))) == 1
    assert len(list((room / folder_name("Boris") / "games").glob("durak-game-4-*.json"))) == 1
    nobody = PlayTable(seed=4, class_dir=str(room))
    nobody.handle({"do": "hello", "student": "  "})
    assert nobody.control.games_folder() == "."


def test_a_folder_that_cannot_be_written_still_offers_the_download(tmp_path):
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    table = PlayTable(seed=4, save_dir=str(tmp_path / "file" / "games"))
    st = table.handle({"do": "save"})
    assert st["feedback"] == ("The game could not be saved on this computer. "
                              "You can also download the record to your computer.")
    assert load_record(table.download["text"]).start == table.session.game.start
    assert developer_words(st) == []


# ------------------------------------------------------------------ the pieces
def test_cards_are_labelled_in_words():
    st = PlayTable(seed=5).state
    labels = {c["card"]: c["label"] for c in st["hand"]}
    trump = st["trump"].split()[1]
    for card, label in labels.items():
        words = Card.parse(card).name
        assert label.lower().startswith(words) and label[0] == label[0].upper()
        assert label.endswith(", trump") == card.endswith(trump)
    assert st["trump_card"]["label"].endswith(", the trump card under the talon")


def test_seat_areas_put_the_next_seat_on_the_left():
    assert seat_areas(2) == [("top", 1)]
    assert seat_areas(3) == [("top", 1), ("top", 2)]
    assert seat_areas(5) == [("left", 1), ("top", 2), ("top", 3), ("right", 4)]
    st = PlayTable(players=6, seat=2, seed=1).state
    assert [s["seat"] for s in st["seats"]] == ["P4", "P5", "P6", "P1", "P2"]
    assert [s["order"] for s in st["seats"]] == [1, 2, 3, 4, 5]


def test_plain_reasons_lose_their_rule_ids():
    assert plain_reason("at most 5 attack cards in a bout in the first bout (R14); 5 already on the table") == \
        "At most 5 attack cards in a bout in the first bout; 5 already on the table."
    assert plain_reason("it is P2's turn, not P1's (sequential play)") == "It is P2's turn, not P1's."


def test_play_returns_the_table_and_bad_options_say_what_is_wrong():
    table = durak_lab.play(vs=["random", "endgame"], players=3, seat="P3", seed=2, speed="fast", coach=True)
    assert isinstance(table, PlayTable)
    assert table.session.seats == ["random", "endgame", "human"] and table.session.coach is not None
    assert table.state["settings"]["values"]["vs"] == "mixed"
    for bad in ({"vs": "strong"}, {"players": 7}, {"preset": "chess"}, {"speed": "warp"}, {"humans": 0},
                {"seat": "P9"}):
        with pytest.raises(ValueError):
            durak_lab.play(**bad)
    assert Settings.of(preset="pairs", players=2).players == 4


def test_the_front_end_files_ship_with_the_package():
    js = (_STATIC / "play_table.js").read_text("utf-8")
    css = (_STATIC / "play_table.css").read_text("utf-8")
    assert "export default { render }" in js and "model.send" in js and "setTimeout" in js
    assert ".dl-play-table" in css and "@container" in css
    table = PlayTable()
    assert table._esm == js and table._css == css
    for name in ("dl-pt-status", "dl-pt-hand", "dl-pt-table", "dl-pt-actions", "dl-pt-feedback", "dl-pt-said",
                 "dl-pt-seat", "dl-pt-reveal", "dl-pt-download", "dl-pt-settings", "dl-pt-review"):
        assert name in js, name
    assert max(len(line) for line in js.splitlines()) <= 120


def test_every_sentence_of_the_play_table_is_said_by_its_code():
    """Each template of the play table's block of MESSAGES is used by a literal ``say("key", …)``."""
    package = Path(durak_lab.__file__).parent
    table = list(catalogue("en").family("table"))  # the play table's block: "button-play" to "preset-pushing"
    keys = set(table[table.index("button-play"):table.index("preset-pushing") + 1])
    source = "".join(p.read_text("utf-8") for p in [*(package / "widgets" / "play").glob("*.py"),
                                                   package / "widgets" / "cards.py"])  # the cards' words
    # said where they are needed, or listed whole in a table of keys the code says when it draws
    used = set(re.findall(r'say\(\s*"([a-z0-9-]+)"', source)) | set(re.findall(r'"([a-z0-9]+(?:-[a-z0-9]+)+)"', source))
    assert keys and keys <= set(MESSAGES) and keys - used == set()


def test_every_sentence_is_plain():
    for key in MESSAGES:
        for text in templates(key):
            assert developer_words(text) == [], key


# ------------------------------------------------------------------ pushing durak (R12, R31)
def test_R31_send_back_a_pushed_card_by_clicks():
    """Pushing durak: the defender clicks “Send back”, then the card that breaks the rules (or first the
    card): it goes back to its owner; a card that follows the rules is refused in words."""
    from durak_lab.engine.moves import CHALLENGE

    done = 0
    for seed in range(1, 60):
        table = PlayTable(vs="random", preset="pushing", players=3, seed=seed, speed="instant")
        player = Player(table)
        for _ in range(40):
            st = player.until_person()
            if st["acting"] == "over":
                break
            p = table.session.position
            pushed = p.pushed_cards()
            if pushed and any(a["do"] == "challenge" for a in st["actions"]):
                owner = next(e[2] for e in p.table if e[0] == pushed[0])
                held = len(p.hand(owner))
                standing = [Card(a) for a, c, _, _ in p.table if c < 0 and Card(a) not in pushed]
                if standing:  # a card that follows the rules may not be sent back
                    table.handle({"do": "challenge"})
                    st = table.handle({"do": "target", "card": str(standing[0])})
                    assert st["feedback"] and table.session.position is p
                st = table.handle({"do": "challenge"})
                assert st["feedback"] == MESSAGES["pick-challenge"]
                table.handle({"do": "target", "card": str(pushed[0])})
                assert table.session.moves[-1].kind == CHALLENGE
                assert len(table.session.moves[-1].cards) == 1
                done += 1
                break
            player.turn()
        if done >= 2:
            return
    raise AssertionError("no pushed card met")


def test_whole_game_of_pushing_durak_by_clicks():
    table = PlayTable(vs="random", preset="pushing", players=3, seed=4, speed="instant")
    end = Player(table, check=lambda st: developer_words(st) == [] or pytest.fail(str(developer_words(st)))
                 ).to_the_end()
    assert end["acting"] == "over"
