"""Legal moves explained in words, grouped by player (durak_lab.text.explain)."""

import random

import pytest

from durak_lab.engine.cards import Card
from durak_lab.engine.moves import Move
from durak_lab.text.explain import (RULE_TITLES, describe_move, explain_move, legal_by_seat, legal_sentences,
                               legal_text, rank_phrase, reason_sentence, result_sentence, seat_role, sentence)
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from helpers import CONFIGS, random_game, start


def zh(n_moves):
    """EX-ZH-BOUT (trump ♠, P4 attacks P1) after its first ``n_moves`` moves."""
    return load_example("EX-ZH-BOUT").game_after(n_moves).position


def by_seat(p):
    return {f"P{s + 1}": [e.text for e in group] for s, group in legal_by_seat(p)}


# ---------------------------------------------------------------- the brief's sentences, on EX-ZH-BOUT
def test_zh_start_only_the_leader_moves_and_may_lead_any_card():
    assert by_seat(zh(0)) == {"P4": ["P4 may lead 6♠", "P4 may lead 7♥", "P4 may lead K♥", "P4 may lead A♥",
                                     "P4 may lead J♦", "P4 may lead 6♣"]}


def test_zh_after_the_lead_the_defender_covers_with_a_higher_heart_or_a_trump_or_takes():
    got = by_seat(zh(1))
    assert got["P1"] == ["P1 may cover 7♥ with 8♠ (a trump)",
                         "P1 may cover 7♥ with 10♥ (a higher heart)",
                         "P1 may cover 7♥ with Q♥ (a higher heart)",
                         "P1 may take"]
    # nobody holds another 7: the attackers can only pass
    for s in ("P2", "P3", "P4"):
        assert got[s] == [f"{s} may pass: nothing to throw in"]


def test_zh_throw_in_of_a_rank_on_the_table_is_explained_R12():
    got = by_seat(zh(2))
    assert got["P2"] == ["P2 may throw in 10♦: a 10 is on the table", "P2 may pass"]
    assert got["P3"] == ["P3 may pass: nothing to throw in"]
    assert "P1" not in got  # the defender has nothing to cover and cannot pass


def test_zh_no_higher_diamond_so_only_trumps_cover_the_10_of_diamonds():
    got = by_seat(zh(3))
    covers = [t for t in got["P1"] if "cover" in t]
    assert covers == ["P1 may cover 10♦ with 8♠ (a trump)"]
    assert got["P1"][-1] == "P1 may take"


def test_zh_an_8_on_the_table_lets_p3_throw_in_the_8_of_clubs():
    got = by_seat(zh(4))
    assert got["P3"] == ["P3 may throw in 8♣: an 8 is on the table", "P3 may pass"]


def test_groups_follow_the_seating_order_from_the_attacker():
    assert [s for s, _ in legal_by_seat(zh(4))] == [3, 1, 2]  # P4, then P2 and P3 (P1 defends, all covered)
    assert [s for s, _ in legal_by_seat(zh(5))] == [3, 0, 1, 2]


def test_after_the_bout_the_defender_leads_the_next_one():
    p = zh(6)
    assert (p.leader, p.defender) == (0, 1)
    assert all(t.startswith("P1 may lead ") for t in legal_sentences(p))


# ---------------------------------------------------------------- every kind of move
def test_cover_trump_with_a_higher_trump():
    p = start(Rules(players=2), ["6♠", "Q♠ 7♠"], trump="♠").play("P1 attack 6♠")
    assert legal_sentences(p) == ["P2 may cover 6♠ with 7♠ (a higher trump)",
                                  "P2 may cover 6♠ with Q♠ (a higher trump)", "P2 may take"]


def test_several_cards_of_one_rank_at_once_R10():
    p = start(Rules.preset("finnish", players=2), ["9♦ 9♣", "Q♦ 8♠ 7♣"], trump="♥")
    assert "P1 may lead 9♦ 9♣ together: cards of one rank" in legal_sentences(p)


def test_transfer_names_the_new_defender_R20():
    r = Rules.preset("perevodnoy", players=3, first_bout_limit=None)
    p = start(r, ["7♣ 9♦", "7♥ 10♣ K♠", "J♦ Q♣ A♣"], trump="♠").play("P1 attack 7♣")
    e = explain_move(p, Move.parse("P2 transfer 7♥"))
    assert (e.text, e.rule) == ("P2 may transfer with 7♥, passing the attack on to P3", "R20")


def test_show_a_trump_to_transfer_R24():
    r = Rules.preset("perevodnoy_show", players=3, first_bout_limit=None)
    p = start(r, ["7♣ 9♦", "7♠ 10♣ K♦", "J♦ Q♣ A♣"], trump="♠").play("P1 attack 7♣")
    assert "P2 may show the trump 7♠, passing the attack on to P3" in legal_sentences(p)


def test_partner_cover_in_the_pairs_game_R26():
    p = load_example("EX-FI-PAIRS").game_after(2).position
    got = by_seat(p)
    assert "P4 may cover 9♦ with K♦ (a higher diamond), helping partner P2" in got["P4"]
    assert "P2 may pass, leaving the cover to partner P4" in got["P2"]


def test_adding_cards_after_the_take_R18():
    p = load_example("EX-HE-TAKE").game_after(6).position  # P2 has decided to take
    assert p.taking
    e = explain_move(p, Move.parse("P1 attack 6♥"))
    assert (e.text, e.rule) == ("P1 may add 6♥ for P2 to pick up: a 6 is on the table", "R18")


def test_trump_swap_R6():
    r = Rules(players=2, trump_swap="ace")
    p = Position.start(r, ["6♥ 7♦", "Q♦ 8♠"], talon=["K♣", "A♥"], trump_card="A♥", discard="rest", attacker=1)
    got = legal_sentences(p)
    assert "P1 may swap 6♥ for the trump card A♥" in got
    assert "P1 may pass and keep 6♥" in got


def test_game_over_lists_no_move():
    p = start(Rules(players=2), ["9♦", "Q♦ 6♣"], trump="♥").play("P1 attack 9♦").play("P2 cover 9♦ with Q♦")
    assert p.result == (1,)
    assert legal_by_seat(p) == []
    assert legal_text(p) == "The game is over: P2 is the durak."
    assert [seat_role(p, s) for s in range(2)] == ["out", "durak"]


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_every_legal_move_is_explained_once_in_seat_groups(preset, players):
    rng = random.Random(f"{preset}-{players}")
    p = Position.deal(Rules.preset(preset, players=players), seed=rng.randrange(10**6))
    for step in random_game(p, rng):
        p = step.before
        groups = legal_by_seat(p)
        flat = [e for _, g in groups for e in g]
        assert sorted(map(str, (e.move for e in flat))) == sorted(map(str, p.legal_moves()))
        for seat, group in groups:
            assert all(e.seat == seat == e.move.seat for e in group)
            for e in group:
                assert e.text.startswith(f"P{seat + 1} may "), e.text
                assert e.rule in RULE_TITLES, e
        seats = [s for s, _ in groups]
        assert len(seats) == len(set(seats))


# ---------------------------------------------------------------- sentences
def test_reason_sentence_quotes_the_move_and_ends_with_a_full_stop():
    msg = "no Q is on the table: throw in only ranks already there (7, J) (R12)"
    assert reason_sentence(Move.parse("P3 attack Q♦"), msg) == (
        "The rules do not allow “P3 attack Q♦”. No Q is on the table: throw in only ranks already there "
        "(7, J).")  # a text without its error: the rule id is left out


def test_reason_sentence_of_an_error_is_the_learners_sentence():
    p = Position.start(Rules(players=2), ["7♦ 7♠ Q♣", "J♦ 9♠"], trump="♥", discard="rest", attacker=0)
    p = p.play("P1 attack 7♦").play("P2 cover 7♦ with J♦")
    err = p.why_illegal("P1 attack Q♣")
    assert reason_sentence(err.move, err) == (
        "The rules do not allow “P1 attack Q♣”. The Q♣ matches no rank on the table: only 7s and jacks may be "
        "thrown in.")  # R12


def test_result_sentences():
    assert [result_sentence(r) for r in (None, (), (2,), (0, 2))] == [
        "The game goes on", "Draw: nobody is durak", "P3 is the durak", "P1 and P3 are the durak"]


def test_small_words():
    assert [rank_phrase(r) for r in (2, 6, 8, 10, 11, 12, 13, 14)] == [
        "a 2", "a 6", "an 8", "a 10", "a jack", "a queen", "a king", "an ace"]
    assert sentence("  bito ") == "Bito."
    assert sentence("") == ""


def test_describe_move_narrates_each_kind():
    p = zh(0)
    assert describe_move(p, Move.parse("P4 attack 7♥")) == "P4 leads 7♥ against P1."
    p = zh(3)
    assert describe_move(p, Move.parse("P1 cover 10♦ with 8♠")) == "P1 covers 10♦ with 8♠ (a trump)."
    assert describe_move(p, Move.parse("P1 take")) == "P1 takes."
    assert describe_move(zh(2), Move.parse("P2 attack 10♦")) == "P2 throws in 10♦."
    assert describe_move(zh(2), Move.parse("P3 pass")) == "P3 passes."


def test_every_rule_id_has_a_title():
    assert sorted(RULE_TITLES, key=lambda r: int(r[1:])) == [f"R{i}" for i in range(1, 32)]
    assert Card("7♥").name == "7 of hearts"
