"""The redeal is the player's choice (R4, HE "חלוקה מחודשת של קלפים"): the session asks a person,
the bots follow their policy (durak_lab.bots.redeal), and the record keeps who declared."""

import pytest

from durak_lab.bots.redeal import KEEP_TRUMPS, bot_declares, redeal_claim
from durak_lab.engine.cards import SUIT_MASKS, CardSet, popcount
from durak_lab.engine.records import load_record, replay
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.session import PlaySession
from durak_lab.session.play import SessionError

R2 = Rules.preset("podkidnoy", players=2, redeal=True)
SEED = 90  # P1 is dealt 9♠ Q♠ K♠ 6♣ J♣ K♣: six black cards


def test_R4_the_person_is_asked_and_nothing_moves_meanwhile():
    s = PlaySession(R2, ["human", "tips"], seed=SEED)
    assert s.redeal_seat == 0
    assert s.redeal_question() == "P1, you have 6 black cards. You may ask for a new deal. Do you want new cards?"
    assert s.status() == s.redeal_question()
    assert s.to_act() is None and s.human_to_act() is None and s.bot_to_act() is None and s.legal() == []
    with pytest.raises(SessionError, match="new deal"):
        s.play("take")
    assert s.said == []  # the game is not announced before the deal is settled


def test_R4_keeping_the_cards():
    s = PlaySession(R2, ["human", "tips"], seed=SEED)
    said = s.answer_redeal(False)
    assert said[0] == "You keep your cards." and said[1].startswith("New game (deal number 90)")
    assert s.redeal_seat is None and s.declared == []
    assert s.position == Position.deal(R2, SEED, declare=[])
    with pytest.raises(SessionError):
        s.answer_redeal(True)  # nobody is asked any more


def test_R4_declaring_deals_again_and_the_record_replays_it():
    s = PlaySession(R2, ["human", "tips"], seed=SEED)
    said = s.answer_redeal(True)
    assert said[0] == "P1 asks for a new deal. All cards but the trump card are dealt again."
    assert s.declared == [0] and s.redeal_seat is None
    dealt = Position.deal(R2, SEED, declare=[0])
    assert s.position == dealt and s.position != Position.deal(R2, SEED, declare=[])
    assert s.position.trump_card == Position.deal(R2, SEED).trump_card  # the trump card stays
    s.run_bots()
    s.play(s.legal()[0])
    rec = s.record()
    assert rec.to_dict()["start"] == {"seed": SEED, "redeal": ["P1"]}
    again = replay(load_record(rec.dump()))
    assert again.ok and again.game.start == dealt and again.position == s.position


def test_R4_without_the_option_nobody_is_asked():
    s = PlaySession(Rules.preset("podkidnoy", players=2), ["human", "tips"], seed=SEED)
    assert s.redeal_seat is None
    assert s.human_to_act() is not None or s.bot_to_act() is not None


def test_R4_bot_policy_declares_unless_three_trumps():
    hand = CardSet.parse("6♥ 8♥ 10♥ Q♥ A♥ 7♠").mask
    assert redeal_claim(hand) == ("suit", 1, 5)
    assert bot_declares(hand, trump=2) and bot_declares(hand, trump=0)  # no or one trump: new cards
    assert not bot_declares(hand, trump=1)  # five trumps: keep them (HE's example)
    plain = CardSet.parse("6♥ 8♥ 10♦ Q♦ A♥ 7♠").mask  # 5 red cards and a spade: nothing to declare
    assert redeal_claim(plain) is None and not bot_declares(plain, trump=1)
    assert KEEP_TRUMPS == 3


def test_R4_a_bot_at_the_table_follows_its_policy():
    # every seat a bot: each qualifying hand declares unless it holds 3 trumps; the record keeps them
    declared = 0
    for seed in range(300):
        s = PlaySession(R2, ["tips", "tips"], seed=seed)
        assert s.redeal_seat is None
        p = s.position
        expected = Position.deal(R2, seed, declare=lambda seat, hand: bot_declares(hand.mask, p.trump))
        assert p == expected
        for seat in range(2):
            if redeal_claim(p.hands[seat]) is not None:
                assert popcount(p.hands[seat] & SUIT_MASKS[p.trump]) >= KEEP_TRUMPS
        if s.declared:
            declared += 1
            assert s.said[0].endswith("All cards but the trump card are dealt again.")
            assert s.record().to_dict()["start"]["redeal"] == [f"P{x + 1}" for x in s.declared]
    assert declared  # some deal of these made a bot declare
