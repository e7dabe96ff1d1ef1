"""R13: at the play table the defender chooses the cards to beat by clicking (FI "kaataja saa päättää,
mitkä kortit hän haluaa kaataa": the defender decides which cards he beats), preset ``finnish_choice``."""

from __future__ import annotations

from durak_lab.engine.game import Game
from durak_lab.engine.moves import CHOOSE
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.widgets.play.control import TableControl
from durak_lab.widgets.play.settings import Settings


def _table_at_a_choice() -> TableControl:
    """A table where the person (P2) defends: four sevens beaten, then three aces thrown in at once,
    seven attack cards: he chooses two of the aces to beat (six in the bout), the third goes back."""
    table = TableControl(Settings(vs=("tips",), preset="finnish_choice", players=2, seat=1, seed=1,
                                  speed="instant"))
    start = Position.start(Rules.preset("finnish_choice"), ["7♥ 7♦ 7♣ 7♠ A♥ A♦ A♣ 2♦",
                                                            "8♥ 8♦ 8♣ A♠ K♠ Q♠ 2♥ 3♥"],
                           trump="♠", discard="rest", attacker=0)
    game = Game(start, sequential=True)
    for m in ("P1 attack 7♠ 7♥ 7♦ 7♣", "P2 cover 7♥ with 8♥", "P2 cover 7♦ with 8♦", "P2 cover 7♣ with 8♣",
              "P2 cover 7♠ with A♠", "P1 attack A♥ A♦ A♣"):
        game.play(m)
    table.session.game = game
    assert table.session.human_to_act() == 1
    return table


def test_R13_the_defender_chooses_by_clicking_the_table_cards_then_beat_these():
    table = _table_at_a_choice()
    s = table.session
    choice = next(m for m in s.legal() if m.kind == CHOOSE)
    st = table.state()
    assert "choose" in [a["do"] for a in st["actions"]]
    st = table.handle({"do": "choose"})
    assert st["feedback_kind"] == "info" and str(len(choice.cards)) in st["feedback"]
    for card in choice.cards:
        st = table.handle({"do": "target", "card": str(card)})
    chosen = [p["attack"]["card"] for p in st["table"] if p["attack"].get("selected")]
    assert sorted(chosen) == sorted(str(c) for c in choice.cards)
    assert [a["label"] for a in st["actions"] if a["do"] == "choose"] == ["Beat these"]
    before = len(s.moves)
    table.handle({"do": "choose"})
    assert s.moves[before] == choice
    assert s.position.table_text().count("/") == 4 and len(s.position.uncovered()) == 2


def test_R13_a_wrong_choice_at_the_table_says_why_and_changes_nothing():
    table = _table_at_a_choice()
    s = table.session
    choice = next(m for m in s.legal() if m.kind == CHOOSE)
    position = s.position
    table.handle({"do": "choose"})
    st = table.handle({"do": "target", "card": str(choice.cards[0])})
    if len(choice.cards) == 1:  # pick one more than he must
        other = next(str(c) for c in position.uncovered() if c not in choice.cards)
        st = table.handle({"do": "target", "card": other})
    else:
        st = table.handle({"do": "target", "card": str(choice.cards[1])})
        st = table.handle({"do": "target", "card": str(choice.cards[1])})  # put it back: one too few
    st = table.handle({"do": "choose"})
    assert st["feedback_kind"] == "illegal" and "choose exactly" in st["feedback"].lower()
    assert s.position == position


def test_R13_typed_choice_reads_as_a_move():
    table = _table_at_a_choice()
    s = table.session
    choice = next(m for m in s.legal() if m.kind == CHOOSE)
    text = "choose " + " ".join(str(c) for c in choice.cards)
    assert s.read(text) == choice
