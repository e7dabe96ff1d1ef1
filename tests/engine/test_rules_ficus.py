"""The ficus finish (``Rules.ficus``; HE "פתיחת הפיקוס", an exception to R28).

HE: "אם משתתף זורק את הקלף האחרון שלו אך למשתתף השני יש את: קלף זהה לקלף שנזרק, שני
קלפים זהים (לדוגמה: 9,9) ושני קלפים עוקבים (לדוגמה: J,Q) אז המשתתף השני מנצח."
The readings (same rank, five different cards, consecutive ranks of any suit, two
players, the last card with the talon empty, at once) are in durak_lab.engine.ficus;
each test below pins one of them.
"""

import json

import pytest

from durak_lab.analysis.solver import check_domain
from durak_lab.engine.kernel import core as K
from durak_lab.engine.cards import CardSet
from durak_lab.engine.errors import RecordError, RulesError, SolverDomainError
from durak_lab.engine.ficus import ficus_cards, finish_of
from durak_lab.engine.game import Game
from durak_lab.engine.records import load_record, record_from_game, replay
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.text.narrate import event_sentence

from helpers import assert_conserved, assert_result_consistent, cs, ev, start

FICUS = Rules(ficus=True, first_bout_limit=None)
PLAIN = Rules(first_bout_limit=None)
# P2 holds the HE example: a seven, the pair 9 9, the consecutive J Q
P2_FICUS = "7♠ 9♥ 9♣ J♦ Q♠"


def _mask(text):
    return CardSet.parse(text).mask


# ---------------------------------------------------------------- the hand (ficus_cards)

@pytest.mark.parametrize("hand, rank, five", [
    ("7♠ 9♥ 9♣ J♦ Q♠", 7, "7♠ 9♥ 9♣ J♦ Q♠"),          # the source's example: 9,9 and J,Q
    ("7♠ 9♥ 9♣ J♦ Q♠ A♣", 7, "7♠ 9♥ 9♣ J♦ Q♠"),       # more cards do no harm
    ("9♠ 9♥ 9♦ 10♣ J♣", 9, "9♠ 9♥ 9♦ 10♣ J♣"),        # the thrown rank and the pair's rank may be one
    ("7♠ 7♦ 8♦ 9♥ 9♣", 7, "7♠ 7♦ 8♦ 9♥ 9♣"),          # ... and the thrown rank one of the two in a row
])
def test_ficus_hands(hand, rank, five):
    got = ficus_cards(_mask(hand), rank)
    assert got is not None and sorted(map(str, got)) == sorted(five.split())


@pytest.mark.parametrize("hand, rank, missing", [
    ("8♠ 9♥ 9♣ J♦ Q♠", 7, "no card of the thrown rank"),
    ("7♠ 9♥ 10♣ J♦ K♠", 7, "no pair"),
    ("7♠ 9♥ 9♣ J♦ K♠", 7, "no two consecutive ranks"),
    ("6♠ 9♥ 9♣ A♦ 8♠", 6, "the ace does not follow round to the six"),
    ("7♠ 9♥ 9♣ 10♦", 7, "only four cards"),
    ("7♠ 8♦ 9♥ 9♣ K♦", 7, "five different cards: the one 7 cannot be the match and half of 7 8"),
])
def test_ficus_needs_all_three(hand, rank, missing):
    assert ficus_cards(_mask(hand), rank) is None, missing


# ---------------------------------------------------------------- in a game

def test_ficus_last_card_as_an_attack_makes_the_thrower_durak():
    p = start(FICUS, ["7♦", P2_FICUS], trump="♥")
    q, events = p.play_events("P1 attack 7♦")
    assert ev(events) == [("ficus", 1, "7♠ 9♥ 9♣ J♦ Q♠", 0), ("over", (0,))]
    assert q.result == (0,) and finish_of(q) == "ficus" and q.result_text() == "P1 is durak"
    assert q.known[1] == _mask("7♠ 9♥ 9♣ J♦ Q♠")  # the five cards are shown
    assert_conserved(q)
    assert_result_consistent(q)
    # without the option the same move only starts the bout, and P1 will be out and safe (R28)
    q2 = start(PLAIN, ["7♦", P2_FICUS], trump="♥").play("P1 attack 7♦")
    assert q2.result is None and finish_of(q2) is None


def test_ficus_fires_before_the_card_is_answered():
    # P2 could cover 7♦ with 8♦, but the game ends at once: no cover, no take
    p = start(FICUS, ["7♦", P2_FICUS + " 8♦"], trump="♥")
    q = p.play("P1 attack 7♦")
    assert q.is_over and q.result == (0,) and q.legal_moves() == []


def test_ficus_last_card_as_a_cover():
    # P2 defends with his last card; P1, the attacker, holds 8 8, 10 J and an 8: P2 is the durak
    p = start(FICUS, ["7♦ 8♥ 8♣ 8♠ 10♣ J♠", "8♦"], trump="♥")
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with 8♦")
    assert ev(events)[0][0] == "ficus" and q.result == (1,)
    # the same without a third 8 at P1: P2 goes out safe and P1 is durak (R28)
    p = start(FICUS, ["7♦ 8♥ 8♣ 6♠ 10♣ J♠", "8♦"], trump="♥")
    q, events = p.play("P1 attack 7♦").play_events("P2 cover 7♦ with 8♦")
    assert "ficus" not in [e.kind for e in events] and q.result == (0,)


def test_ficus_not_while_the_talon_lasts():
    # with cards in the talon it is not the last card: P1 draws again
    p = start(FICUS, ["7♦", P2_FICUS], talon="6♣ 6♦ 8♥", trump_card="8♥")
    q = p.play("P1 attack 7♦")
    assert q.result is None


def test_ficus_not_when_a_condition_is_missing():
    for hand in ("8♠ 9♥ 9♣ J♦ Q♠", "7♠ 9♥ 10♣ J♦ K♠", "7♠ 9♥ 9♣ J♦ K♠"):
        q, events = start(FICUS, ["7♦", hand], trump="♥").play_events("P1 attack 7♦")
        assert q.result is None and [e.kind for e in events] == []


def test_ficus_not_when_cards_remain():
    p = start(FICUS, ["7♦ A♣", P2_FICUS], trump="♥")
    assert p.play("P1 attack 7♦").result is None


def test_ficus_is_for_two_players():
    with pytest.raises(RulesError, match="two players"):
        Rules(players=3, ficus=True)
    with pytest.raises(RulesError, match="true or false"):
        Rules(ficus="yes")


def test_ficus_narration():
    p = start(FICUS, ["7♦", P2_FICUS], trump="♥")
    _, events = p.play_events("P1 attack 7♦")
    text = event_sentence(events[0])
    assert text.startswith("P2 shows 7♠ 9♥ 9♣ J♦ Q♠") and "ficus" in text and "P1 is the durak" in text
    assert events[0].text().startswith("P2 shows")


# ---------------------------------------------------------------- records, kernel, solver

def test_ficus_record_round_trip_and_finish():
    p = start(FICUS, ["7♦", P2_FICUS], trump="♥")
    g = Game(p)
    g.play("P1 attack 7♦")
    rec = record_from_game(g, expected_result="P1", expected_finish="ficus")
    d = rec.to_dict()
    assert d["rules"]["ficus"] is True and d["finish"] == "ficus"
    again = load_record(json.loads(rec.dump()))
    assert again == rec
    r = replay(again)
    assert r.ok and r.to_dict()["finish"] == "ficus"
    assert [s["kind"] for s in r.to_dict()["steps"][0]["events"]] == ["ficus", "over"]
    # a record that expects the ficus but does not end by it
    d2 = dict(d, moves=[], result=None)
    assert not replay(load_record(d2)).ok
    with pytest.raises(RecordError, match="finish"):
        load_record(dict(d, finish="fig"))
    with pytest.raises(RecordError, match="finish"):
        load_record(dict(d, rules={"preset": "podkidnoy"}, moves=[]))


def test_records_without_ficus_load_as_before():
    rec = load_record({"format": "durak-lab/1", "rules": {"players": 2}, "start": {"seed": 3}})
    assert rec.rules.ficus is False and "finish" not in rec.to_dict() and rec.expected_finish is None


def test_ficus_kernel_refuses_it():
    with pytest.raises(K.KernelUnsupported, match="ficus"):
        K.check_rules(FICUS)
    with pytest.raises(K.KernelUnsupported, match="ficus"):
        K.kernel_state(Position.deal(FICUS, seed=1))


def test_ficus_solver_refuses_it():
    p = start(FICUS, ["7♦ 8♣", "9♠ 6♥"], trump="♥")
    with pytest.raises(SolverDomainError, match="ficus"):
        check_domain(p)


def test_ficus_bots_play_it_through():
    import random
    from durak_lab.bots import BOTS
    for level in BOTS:
        for seed in range(3):
            g = Position.deal(FICUS, seed=seed)
            bots = [BOTS[level](), BOTS[level]()]
            rng = random.Random(seed)
            while g.result is None:
                seat = g.to_act()
                g = g.play(bots[seat].choose(g.view(seat), rng), sequential=True)
            assert_result_consistent(g)


def test_EX_HE_FICUS_replays_with_the_ficus_finish():
    from durak_lab.engine.records import load_example
    r = replay(load_example("EX-HE-FICUS"))
    assert r.ok, r.problem
    assert r.position.result == (0,) and finish_of(r.position) == "ficus"
    assert [e.kind for e in r.steps[2].events] == ["ficus", "over"]
    assert r.stopped_at == 3 and r.steps[3].reason.value == "game-over"


def test_ficus_random_games_stay_consistent_and_the_display_follows():
    # random two-player games under the option: results consistent, cards conserved, and the
    # stepper's derived display (text.frames) equal to the engine after every step, ficus or not
    import random
    from durak_lab.text.frames import derive_step, snapshot_of
    from helpers import random_game
    rng = random.Random("ficus")
    fired = 0
    for _ in range(40):
        p = Position.deal(Rules(ficus=True, hand_size=8, deck=24), seed=rng.randrange(10**6))
        last = p
        for step in random_game(p, rng):
            assert derive_step(snapshot_of(step.before), step.move, step.events)[-1] == snapshot_of(step.after)
            last = step.after
        if last.is_over:
            assert_conserved(last)
            assert_result_consistent(last)
            fired += finish_of(last) == "ficus"
    assert fired  # some of these games ended by the ficus


def test_a_simultaneous_finish_first_out_is_not_a_ficus():
    """Found by fuzzing (ficus=True with tie="first_out", 52 cards, hands of one): P2 attacks with its
    last card, P1 covers it with its last card; both hands are empty and the first out (P2) wins (KO),
    so P1 is the durak, but by the tie rule, not by the ficus (R28, R29)."""
    from durak_lab.engine.ficus import finish_of
    from durak_lab.engine.rules import Rules
    from durak_lab.engine.state import Position

    p = Position.start(Rules(deck=52, hand_size=1, ficus=True, tie="first_out"), ["K♣", "J♣"], trump="♥",
                       discard="rest", attacker=1)
    end = p.play("P2 attack J♣").play("P1 cover J♣ with K♣")
    assert end.result == (0,) and not any(end.hands)
    assert finish_of(end) is None
