"""The exact probability engine against brute-force enumeration, 2–6 players.

Every query of :mod:`durak_lab.analysis.probability` is checked exactly (Fractions)
against the enumeration of every assignment of the unseen cards to the hidden
slots, on small decks, along random games that pick up, show (R24) and draw
the trump card.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_lab.engine.cards import BEATERS, Card, CardSet, cards_of, deck_mask, popcount
from durak_lab.engine.errors import PositionError
from durak_lab.analysis.probability import (Knowledge, card_probabilities, deal_talon_facts,
                                   distribution_json, expected_count, fraction_text, joint_count_distribution,
                                   prob_can_beat, prob_holds, trump_card_draw, trump_count_distribution,
                                   trump_counts, trump_mask, who_starts)
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.engine.view import view_of

from prob_helpers import assignments, brute, count_assignments, positions_within, random_position

# Small decks, every player count, taking and showing trumps (R24) included.
CASES = [
    (Rules(deck=20, players=2, hand_size=3), 1),
    (Rules(deck=20, players=2, hand_size=3, transfer=True, transfer_by_show=True), 2),
    (Rules(deck=20, players=3, hand_size=3), 3),
    (Rules(deck=20, players=3, hand_size=2, transfer=True, transfer_by_show=True), 4),
    (Rules(deck=20, players=4, hand_size=3, transfer=True, transfer_by_show=True), 5),
    (Rules(deck=24, players=4, hand_size=2), 6),
    (Rules(deck=20, players=5, hand_size=3), 7),
    (Rules(deck=20, players=6, hand_size=3, transfer=True, transfer_by_show=True), 8),
    (Rules(deck=24, players=6, hand_size=2), 9),
    (Rules(deck=20, players=2, hand_size=2, draw_order="equal"), 10),
]
LIMIT = 3000  # assignments per brute force


def _cases():
    """(rules, position, seat, knowledge) along random games, a dozen per configuration: from
    each game one position where a trump was shown (R24), one where another hand holds known
    cards, and one more."""
    out = []
    for rules, seed in CASES:
        found = 0
        for game in range(40):
            rng = random.Random(game)
            cands = list(positions_within(rules, seed * 100 + game, LIMIT))
            shown = [c for c in cands if c[0].shown_used]
            known = [c for c in cands if any(m for i, m in enumerate(c[2].known[:-1]) if i != c[1])]
            for group in (shown, known, cands):
                if group:
                    p, seat, k = group[rng.randrange(len(group))]
                    out.append((rules, p, seat, k))
                    found += 1
            if found >= 12:
                break
    return out


ALL = _cases()


def test_the_cases_cover_players_pickups_shows_and_the_trump_card():
    players = {r.players for r, _, _, _ in ALL}
    assert players == {2, 3, 4, 5, 6}
    # another seat holds cards publicly known (picked up or shown) ...
    assert sum(any(k.known[i] for i in range(len(k.labels) - 1) if i != k.viewer) for *_, k in ALL) > 20
    # ... trumps shown to transfer (R24), and the face-up trump card drawn by another seat
    assert sum(bool(p.shown_used) for _, p, _, _ in ALL) >= 3
    assert sum(p.trump_card >= 0 and not p.talon and any(
        s != seat and h >> p.trump_card & 1 for s, h in enumerate(p.hands)) for _, p, seat, _ in ALL) >= 3
    assert len(ALL) > 60


def _trumps(k):
    return trump_mask(k)


@pytest.mark.parametrize("idx", range(0, len(ALL)))
def test_exact_equals_brute_force(idx):
    rules, p, seat, k = ALL[idx]
    tm = _trumps(k)
    rng = random.Random(idx)
    # trump counts of every place, one by one and jointly
    joint = brute(k, lambda full: tuple(popcount(m & tm) for m in full))
    assert joint_count_distribution(k, tm) == joint
    for i, label in enumerate(k.labels):
        marginal: dict = {}
        for key, pr in joint.items():
            marginal[key[i]] = marginal.get(key[i], 0) + pr
        assert trump_count_distribution(k, label) == marginal
        assert expected_count(k, label, tm) == sum(x * pr for x, pr in marginal.items())
    assert set(trump_counts(k)) == set(k.labels) - {k.labels[seat]}
    # where each card lies
    where = brute(k, lambda full: tuple(full))
    deck = deck_mask(rules.lowest_rank)
    probs = card_probabilities(k, deck)
    for c in cards_of(deck):
        for i, label in enumerate(k.labels):
            assert probs[c][label] == sum(pr for full, pr in where.items() if full[i] >> c & 1), (c, label)
        assert sum(probs[c].values()) == 1
        assert probs[c]["table"] == (1 if p.table_cards() >> c & 1 else 0)
        assert probs[c]["discard"] == (1 if p.discard >> c & 1 else 0)
    # "does P2 hold at least one trump", several places together, random card sets
    others = [i for i in range(len(k.labels)) if i != seat]
    for _ in range(4):
        places = rng.sample(others, rng.randint(1, len(others)))
        cards = sum(1 << c for c in cards_of(deck) if rng.random() < 0.3)
        need = rng.randint(1, 3)
        want = sum(pr for full, pr in where.items() if sum(popcount(full[i] & cards) for i in places) >= need)
        assert prob_holds(k, [k.labels[i] for i in places], cards, need) == want
    # "can anyone still beat my card?"
    seats = [i for i in range(rules.players) if i != seat]
    for c in cards_of(p.hands[seat])[:3]:
        beat = BEATERS[p.trump][c]
        want = sum(pr for full, pr in where.items() if any(full[i] & beat for i in seats))
        assert prob_can_beat(k, c) == want


@pytest.mark.parametrize("idx", range(0, len(ALL), 3))
def test_the_truth_is_always_possible(idx):
    """The real hidden cards form one of the counted assignments."""
    rules, p, seat, k = ALL[idx]
    real = []
    for i in range(rules.players):
        real.append(p.hands[i] & ~k.known[i] if i != seat else 0)
    talon = sum(1 << c for c in p.talon)
    real.append(talon & ~k.known[-1])
    assert tuple(real) in set(assignments(k))
    assert [popcount(m) for m in real] == list(k.slots)


# ---------------------------------------------------------------- the deal


def test_deal_time_questions_have_their_textbook_answers():
    k = Knowledge.at_deal(Rules(players=4), trump_card="9♥")
    t = trump_mask(k)
    # no trump among my 6 of the 35 cards, 8 of them trumps
    assert trump_count_distribution(k, "P1")[0] == Fraction(comb(27, 6), comb(35, 6))
    # dealt the trump six
    assert prob_holds(k, "P1", "6♥") == Fraction(6, 35)
    assert prob_holds(k, "P1", t, at_least=1) == 1 - Fraction(comb(27, 6), comb(35, 6))
    # the trump card itself is seen, in the talon
    assert card_probabilities(k, "9♥")[Card("9♥")]["talon"] == 1
    starts = who_starts(k)
    assert len({starts[s] for s in ("P1", "P2", "P3", "P4")}) == 1
    assert sum(starts.values()) == 1
    # nobody holds a trump: all 8 unseen trumps among the 11 hidden talon cards
    assert starts["nobody"] == Fraction(comb(11, 8), comb(35, 8))


@pytest.mark.parametrize("players,hand_size,seed", [(2, 3, 1), (3, 2, 2), (4, 2, 3), (2, 2, 4), (3, 3, 5)])
def test_who_starts_equals_brute_force(players, hand_size, seed):
    rules = Rules(deck=20, players=players, hand_size=hand_size)
    rng = random.Random(seed)
    deck = cards_of(deck_mask(rules.lowest_rank))
    trump_card = rng.choice(deck)
    for hand in (None, sum(1 << c for c in rng.sample([c for c in deck if c != trump_card], hand_size))):
        k = Knowledge.at_deal(rules, trump_card, hand=hand, seat=players - 1)
        if count_assignments(k) > 200_000:
            continue
        tm = trump_mask(k)
        n = players

        def lowest(full):
            held = 0
            for m in full[:n]:
                held |= m & tm
            if not held:
                return "nobody"
            low = held & -held
            return next(k.labels[i] for i in range(n) if full[i] & low)

        want = brute(k, lowest)
        got = {key: v for key, v in who_starts(k).items() if v}
        assert got == want


def test_deal_talon_facts_match_enumerated_deals():
    """From P1's seat at a 2-player deal: condition every possible P2 hand on the card P2 (or
    P1) showed under R7; the survivors are exactly what the counting model says with the facts."""
    rules = Rules(deck=20, players=2, hand_size=3)
    checked = 0
    for seed in range(60):
        p = Position.deal(rules, seed)
        facts = deal_talon_facts(p)
        v = view_of(p, 0)
        k = Knowledge.from_view(v, talon_known=facts & v.unseen_mask())
        # enumerate P2's hands: every 3 of the cards P1 does not see (the shown card excepted)
        unseen = v.unseen_mask() | (p.known[1] if p.leader == 1 else 0)
        ok = []
        for combo in combinations(cards_of(unseen), 3):
            h2 = sum(1 << c for c in combo)
            q = Position.start(rules, [p.hands[0], h2], [c for c in cards_of(deck_mask(rules.lowest_rank) & ~p.hands[0] & ~h2)
                                                         if c != p.trump_card] + [p.trump_card],
                               trump_card=p.trump_card)
            if q.leader == p.leader and q.known == p.known:
                ok.append(h2)
        tm = trump_mask(k)
        want: dict = {}
        for h2 in ok:
            x = popcount(h2 & tm)
            want[x] = want.get(x, 0) + Fraction(1, len(ok))
        assert trump_count_distribution(k, "P2") == want, seed
        checked += bool(facts)
    assert checked >= 10


def test_deal_talon_facts_need_a_show_or_a_fresh_deal():
    r = Rules(players=2)
    p = Position.start(r, ["8♥ 7♦", "Q♦ 9♣"], talon="6♥ K♣ 7♥ 9♥", trump_card="9♥", discard="rest")
    assert CardSet(deal_talon_facts(p)) == CardSet("6♥ 7♥")
    mid = Position.start(r, ["8♥ 7♦", "Q♦ 9♣"], talon="6♥ K♣ 7♥ 9♥", trump_card="9♥", discard="rest",
                         first_bout=False)
    assert deal_talon_facts(mid) == 0
    told = Position.start(r, ["8♥ 7♦", "Q♦ 9♣"], talon="6♥ K♣ 7♥ 9♥", trump_card="9♥", discard="rest",
                          attacker=1)
    assert deal_talon_facts(told) == 0
    # a fresh deal where nobody holds a trump: every trump but the face-up card is in the talon
    for seed in range(400):
        q = Position.deal(Rules(players=2), seed)
        if not any(h & trump_mask(Knowledge.from_position(q, 0)) for h in q.hands):
            facts = deal_talon_facts(q)
            assert popcount(facts) == 8 and facts & ~sum(1 << c for c in q.talon) == 0
            assert deal_talon_facts(q, attacker_by_r7=False) == 0
            break
    else:  # pragma: no cover
        pytest.fail("no deal without trumps in 400 seeds")


# ---------------------------------------------------------------- who draws the trump card


def test_trump_card_draw_matches_the_engine():
    """Wherever the bout can end as it stands (all covered, or the defender taking), let every
    attacker pass and compare the engine's draws with the prediction (R19; R15, R18 in doker)."""
    checked = 0
    for rules in (Rules(players=2), Rules(players=3), Rules(players=4, draw_order="attack_order"),
                  Rules(players=3, draw_order="equal"), Rules(players=5, hand_size=4),
                  Rules(players=4, hand_size=4, draw_order="round"),  # FI: the taker draws in his turn (R19)
                  Rules(players=3, draw_order="defender_first"),  # doker: a full defence draws first (R19)
                  Rules.preset("doker", players=4, hand_size=4)):  # doker's takes (R15, R18)
        for seed in range(40):
            rng = random.Random(seed)
            p = Position.deal(rules, rng)
            while not p.is_over and p.talon:
                if p.table and (p.taking or all(c >= 0 for _, c, _, _ in p.table)):
                    pred = trump_card_draw(view_of(p, 0))
                    q, events = p, []
                    while q.table and not q.is_over:
                        passes = [m for m in q.legal_moves() if m.kind == "pass"]
                        q, ev = q.play_events(passes[0])
                        events += ev
                    draws = tuple((e.seat, len(e.cards)) for e in events if e.kind == "draw")
                    assert tuple(d for d in pred.draws if d[1]) == draws
                    drew = [e.seat for e in events if e.kind == "draw" and p.trump_card in e.cards]
                    assert pred.seat == (drew[0] if drew else None)
                    checked += bool(drew)
                moves = p.legal_moves()
                p = p.play(moves[rng.randrange(len(moves))])
    assert checked >= 20


def test_trump_card_draw_when_uncovered_cards_remain():
    r = Rules(players=2, hand_size=2)
    p = Position.start(r, ["7♦ 8♦", "Q♦ 9♣"], talon="K♣ 9♥", trump_card="9♥", discard="rest", attacker=0)
    p = p.play("P1 attack 7♦")
    assert trump_card_draw(p).seat == 1                      # P2 covers: one card each
    taken = trump_card_draw(p, outcome="taken")                  # P2 picks up: P1 draws one
    assert taken.seat is None and taken.draws == ((0, 1), (1, 0)) and taken.left == 1
    assert "1 talon card(s) remain" in taken.text()
    with pytest.raises(ValueError):
        trump_card_draw(p, outcome="maybe")
    assert "talon" in trump_card_draw(Position.deal(Rules(players=2), 1)).text()


# ---------------------------------------------------------------- properties on full decks


@settings(max_examples=40)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1), st.integers(0, 5))
def test_distributions_are_proper_on_36_cards(players, seed, seat_pick):
    p = random_position(Rules(players=players), seed)
    seat = seat_pick % players
    k = Knowledge.from_position(p, seat)
    tm = trump_mask(k)
    total_trumps = popcount(tm & ~(p.table_cards() | p.discard | p.hands[seat]))
    means = 0
    for label, dist in trump_counts(k).items():
        assert sum(dist.values()) == 1
        assert all(v > 0 for v in dist.values())
        means += sum(x * v for x, v in dist.items())
    assert means == total_trumps
    # the truth has positive probability
    for i in range(players):
        if i != seat:
            assert trump_count_distribution(k, i)[popcount(p.hands[i] & tm)] > 0
    assert distribution_json(trump_counts(k)["talon"])


def test_views_with_equal_information_give_equal_answers():
    """Nothing hidden leaks in: two positions with the same view give the same knowledge."""
    r = Rules(players=2)
    a = Position.start(r, ["7♦ 8♦ A♠", "Q♦ 9♣ 6♥"], talon="K♣ J♥ 9♥", trump_card="9♥", discard="rest",
                       attacker=0, first_bout=False)
    b = Position.start(r, ["7♦ 8♦ A♠", "Q♦ K♣ J♥"], talon="9♣ 6♥ 9♥", trump_card="9♥", discard="rest",
                       attacker=0, first_bout=False)
    assert Knowledge.from_position(a, 0) == Knowledge.from_position(b, 0)


def test_bad_input_is_rejected_with_typed_errors():
    k = Knowledge.at_deal(Rules(players=2), "9♥")
    with pytest.raises(PositionError):
        k.place("P7")
    with pytest.raises(PositionError):
        k.place("nowhere")
    with pytest.raises(PositionError):
        Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♠")        # not 6 cards
    with pytest.raises(PositionError):
        Knowledge.at_deal(Rules(players=2))                          # no trump card
    with pytest.raises(PositionError):
        Knowledge.at_deal(Rules(players=6), "9♥")                     # R5: there is none
    with pytest.raises(PositionError):
        joint_count_distribution(k, trump_mask(k), ["P1", "p1"])
    p = Position.deal(Rules(players=2), 3)
    with pytest.raises(PositionError):
        Knowledge.from_view(view_of(p, 0), talon_known=p.hands[0])
    assert Knowledge.at_deal(Rules(players=6), trump="♠").slots == (6, 6, 6, 6, 6, 6, 0)


def test_fraction_text():
    assert fraction_text(Fraction(5, 17)) == "5/17"
    assert fraction_text(Fraction(0)) == "0"
    assert fraction_text(1) == "1"
