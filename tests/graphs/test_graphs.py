"""durak_lab.graphs: the beats graph, the table graph and the cover plan, checked against brute force."""

from itertools import combinations, permutations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from durak_lab.engine.cards import BEATERS, SUITS, Card, CardSet, cards_of, deck_mask
from durak_lab.engine.errors import CardError
from durak_lab.graphs import (TABLE_ROLES, beats_graph, beats_layout, card_cost, cover_plan, cover_plan_for,
                              cover_table, edge_table, table_graph)
from durak_lab.engine.records import load_example
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

DECK36 = cards_of(deck_mask(6))


# ---------------------------------------------------------------- brute force
def brute_min_cost(attack, hand, trump):
    """The cheapest full cover by trying every assignment, or None."""
    best = None
    for chosen in permutations(hand, len(attack)):
        if all(BEATERS[trump][a] >> c & 1 for a, c in zip(attack, chosen)):
            cost = sum(card_cost(c, trump) for c in chosen)
            best = cost if best is None else min(best, cost)
    return best


def brute_max_matching(attack, hand, trump):
    """The size of a maximum matching, by brute force over subsets of the attack cards."""
    for k in range(len(attack), -1, -1):
        for sub in combinations(attack, k):
            if brute_min_cost(list(sub), hand, trump) is not None or k == 0:
                return k
    return 0


def neighbours(cards, hand, trump):
    m = 0
    for a in cards:
        m |= BEATERS[trump][a]
    return set(cards_of(m & CardSet(hand).mask))


@st.composite
def puzzles(draw):
    trump = draw(st.sampled_from(SUITS))
    cards = draw(st.lists(st.sampled_from(DECK36), min_size=1, max_size=10, unique=True))
    k = draw(st.integers(min_value=1, max_value=min(4, len(cards))))
    attack, hand = cards[:k], cards[k:]
    return trump, attack, hand


@given(puzzles())
def test_cover_plan_agrees_with_brute_force(puzzle):
    trump, attack, hand = puzzle
    plan = cover_plan_for(hand, attack, trump)
    best = brute_min_cost(attack, hand, trump)
    assert plan.full == (best is not None)
    # the matching is a matching: distinct covers from the hand, each beats its attack card
    covers = [c for _, c in plan.matching]
    assert len(set(covers)) == len(covers) and set(covers) <= set(hand)
    assert all(BEATERS[trump][a] >> c & 1 for a, c in plan.matching)
    assert len(plan.matching) == brute_max_matching(attack, hand, trump)
    if plan.full:
        assert plan.cost == best == sum(card_cost(c, trump) for _, c in plan.cover)
        assert [a for a, _ in plan.cover] == attack
        assert plan.hall_set == () and plan.neighbours == ()
    else:
        assert plan.cover is None and plan.cost is None
        s = set(plan.hall_set)
        assert s and s <= set(attack)
        nb = neighbours(s, hand, trump)
        assert nb == set(plan.neighbours)
        assert len(nb) < len(s)
        # König: the deficiency of the set is exactly the number of unanswered cards
        assert plan.deficiency == len(attack) - len(plan.matching) == len(plan.unanswered)
        assert str(plan.hall_set[0]) in plan.sentence()


def test_the_sentence_of_a_hall_set():
    plan = cover_plan_for("10♥ A♠ 6♣", "7♥ 9♥ J♥", trump="♠")
    assert not plan.full
    assert plan.sentence() == ("7♥, 9♥ and J♥ can only be beaten by 10♥ and A♠: three cards, two answers, "
                               "so at least one of them stays uncovered.")
    assert "At most two can be covered" in plan.text()


def test_cheapest_cover_keeps_trumps_and_high_cards():
    # 7♦ can take Q♦ or the trump 6♠; 9♣ can take K♣ or A♣: keep the trump and the ace
    plan = cover_plan_for("Q♦ 6♠ K♣ A♣", "7♦ 9♣", "♠")
    assert plan.full and dict(plan.cover) == {Card("7♦"): Card("Q♦"), Card("9♣"): Card("K♣")}
    assert plan.trumps_used == 0 and "no trump needed" in plan.sentence()
    # a trump is spent only where nothing else answers
    plan = cover_plan_for("Q♦ 6♠ 8♠", "7♦ 10♣", "♠")
    assert dict(plan.cover) == {Card("7♦"): Card("Q♦"), Card("10♣"): Card("6♠")}


def test_nothing_to_cover_and_no_answer_at_all():
    assert cover_plan_for("6♠", "", "♠").sentence() == "Nothing to cover: no attack card is uncovered."
    plan = cover_plan_for("", "7♥ 8♥", "♠")
    assert plan.hall_set == (Card("7♥"), Card("8♥")) and plan.neighbours == ()
    assert "none of them can be covered" in plan.sentence()


def test_bad_cards_are_card_errors():
    with pytest.raises(CardError):
        cover_plan_for("8♠ X9", "7♥", "♠")
    with pytest.raises(CardError, match="both"):
        cover_plan_for("8♠ 7♥", "7♥", "♠")
    with pytest.raises(CardError):
        cover_plan_for("8♠", "7♥", "Z")


def test_cover_plan_of_a_worked_example():
    p = load_example("EX-ZH-BOUT").game_after(5).position   # 8♣ thrown in, uncovered
    plan = cover_plan(p)
    assert plan.attack == (Card("8♣"),) and plan.full
    # the source's P1 covers with Q♣; the cheapest cover keeps it and spends the 10♣
    assert plan.options[Card("8♣")] == (Card("10♣"), Card("Q♣"))
    assert plan.cover == ((Card("8♣"), Card("10♣")),) and plan.cost == 10
    df = cover_table(plan)
    assert list(df["attack in words"]) == ["8 of clubs"] and list(df["chosen cover"]) == ["10♣"]


# ---------------------------------------------------------------- the beats graph
@pytest.mark.parametrize("deck,lowest", [(36, 6), (52, 2), (24, 9)])
@pytest.mark.parametrize("trump", SUITS)
def test_beats_graph_edges_are_the_beaters_table(trump, deck, lowest):
    g = beats_graph(trump, deck=deck)
    dm = deck_mask(lowest)
    assert set(g.nodes) == set(cards_of(dm))
    want = {(a, b) for b in cards_of(dm) for a in cards_of(BEATERS[trump][b] & dm)}
    assert set(g.edges) == want
    reduced = beats_graph(trump, deck=deck, reduced=True)
    assert set(reduced.edges) == set(nx.transitive_reduction(g).edges)
    for c, d in g.nodes(data=True):
        assert d["is_trump"] == (c.suit == trump) and d["words"] == c.name and d["text"] == str(c)


def test_beats_layout_two_ranked_rows():
    pos = beats_layout("♥")
    assert all(y == 1.0 for c, (x, y) in pos.items() if c.suit == 1)
    assert all(y == 0.0 for c, (x, y) in pos.items() if c.suit != 1)
    row = sorted((x, c) for c, (x, y) in pos.items() if y == 0.0)
    assert [c.rank for _, c in row] == sorted(c.rank for _, c in row)  # rank order left to right
    assert pos == beats_layout(beats_graph("♥"))


def test_edge_table_words():
    df = edge_table(beats_graph("♦", reduced=True))
    assert "J♦ beats 10♦: a higher trump" in set(df["text"])


# ---------------------------------------------------------------- the table graph
def _bout():
    rules = Rules(players=3)
    hands = ["6♦ 6♣ 10♣ K♠", "10♦ Q♥ 7♠ 8♣", "10♥ Q♠ 9♣"]
    p = Position.start(rules, hands, trump="♥", discard="rest", attacker=0)
    for m in ("P1 attack 6♦", "P2 cover 6♦ with 10♦", "P3 attack 10♥"):
        p = p.play(m)
    return p


def test_table_graph_of_a_hand_built_bout():
    p = _bout()
    g = table_graph(p)
    roles = {str(c): d["role"] for c, d in g.nodes(data=True)}
    assert roles == {"6♦": "attack", "10♦": "cover", "10♥": "attack", "Q♥": "hand", "7♠": "hand",
                     "8♣": "hand", "6♣": "throw-in", "10♣": "throw-in"}
    assert set(roles.values()) <= set(TABLE_ROLES)
    edges = {(str(a), str(b), d["kind"]) for a, b, d in g.edges(data=True)}
    assert edges == {("6♦", "10♦", "covered by"), ("Q♥", "10♥", "beats"), ("6♣", "6♦", "may throw in"),
                     ("10♣", "10♦", "may throw in"), ("10♣", "10♥", "may throw in")}
    assert g.nodes[Card("10♥")]["player"] == "P3" and g.nodes[Card("10♥")]["player_role"] == "attacker"
    assert g.nodes[Card("6♦")]["player_role"] == "leader" and not g.nodes[Card("10♥")]["covered"]
    assert g.graph["players"] == {0: "leader", 1: "defender", 2: "attacker"}
    assert "P1 may throw in 6♣" in g.edges[Card("6♣"), Card("6♦")]["text"]


def test_table_graph_no_throw_ins_without_room():
    rules = Rules(players=2)
    p = Position.start(rules, ["6♦ 6♣", "10♦"], trump="♥", discard="rest", attacker=0).play("P1 attack 6♦")
    assert p.room() == 0   # the defender holds one card for one uncovered attack card (R13)
    g = table_graph(p)
    assert all(d["role"] != "throw-in" for _, d in g.nodes(data=True))
    assert {(str(a), str(b)) for a, b in g.edges} == {("10♦", "6♦")}
