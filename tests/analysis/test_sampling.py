"""The world sampler: consistent worlds, uniform over the hidden cards, agreeing with the exact engine."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from durak_lab.engine.cards import popcount
from durak_lab.engine.errors import DurakError, PositionError, SamplingError
from durak_lab.analysis.probability import Knowledge, deal_talon_facts, trump_counts
from durak_lab.engine.rules import Rules
from durak_lab.analysis.sampling import (Estimate, agrees, estimate, iter_worlds, sample_world, sample_worlds,
                                sampled_trump_counts, simulate_trump_card_draw)
from durak_lab.engine.state import Position
from durak_lab.engine.view import view_of

from helpers import assert_conserved
from prob_helpers import assignments, count_assignments, random_position

CONFIGS = [
    Rules(players=2), Rules(players=3), Rules(players=4, transfer=True, transfer_by_show=True),
    Rules(players=5), Rules(players=6), Rules(players=6, hand_size=5),
    Rules.preset("he_hand", players=3), Rules(players=4, draw_order="attack_order"),
    Rules(players=3, tie="all_durak"), Rules(players=2, trump_swap="any"),
    Rules(players=4, first_bout_carry=True), Rules(players=6, deck=36, hand_size=6),  # R5: no talon
]


def _public(p: Position) -> tuple:
    return (p.rules, p.trump, p.trump_card, p.table, p.discard, p.leader, p.defender, p.taking, p.passed,
            p.first_limit, p.start_hand, p.attack_order, p.known, p.shown_used, p.swap_open, p.in_bout,
            p.result, tuple(popcount(h) for h in p.hands), len(p.talon))


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.short_name()}-{r.players}")
def test_worlds_agree_with_the_view_and_rebuild_the_public_fields(rules):
    rng = random.Random(rules.players)
    for game in range(6):
        p = random_position(rules, 1000 * rules.players + game)
        for seat in range(rules.players):
            v = view_of(p, seat)
            for w in sample_worlds(v, 3, rng):
                assert agrees(w, v)
                assert_conserved(w)
                assert _public(w) == _public(p), (str(p), seat)
                assert w.hands[seat] == p.hands[seat]
                # the world plays on: every listed move applies
                for m in w.legal_moves()[:5]:
                    w.play(m)
            w = sample_world(v, rng, template=p)
            assert _public(w) == _public(p) and agrees(w, v)


def test_a_template_must_match_the_view():
    p = Position.deal(Rules(players=3), 1)
    q = Position.deal(Rules(players=3), 2)
    with pytest.raises(PositionError):
        sample_world(view_of(p, 0), random.Random(0), template=q)


def test_strict_worlds_agree_on_every_field_of_the_view():
    rng = random.Random(9)
    for seed in range(15):
        p = random_position(Rules(players=3), seed)
        if p.is_over:
            continue
        v = view_of(p, 1)
        for w in sample_worlds(v, 3, rng, strict=True, max_attempts=20000):
            assert view_of(w, 1) == v


def test_the_sampler_is_uniform_over_the_hidden_cards():
    """On a position with few assignments every assignment turns up about equally often."""
    rules = Rules(deck=20, players=3, hand_size=2)
    for seed in range(200):
        p = random_position(rules, seed, steps=25)
        k = Knowledge.from_position(p, 0)
        if not p.is_over and 6 <= count_assignments(k) <= 40:
            break
    else:  # pragma: no cover
        pytest.fail("no small position found")
    all_ = list(assignments(k))
    index = {a: i for i, a in enumerate(all_)}
    n = 300 * len(all_)
    freq = Counter()
    for w in sample_worlds(view_of(p, 0), n, random.Random(1)):
        hidden = tuple(w.hands[i] & ~k.known[i] for i in range(rules.players))
        talon = sum(1 << c for c in w.talon) & ~k.known[-1]
        freq[index[hidden + (talon,)]] += 1
    assert len(freq) == len(all_)
    expected = n / len(all_)
    chi2 = sum((freq[i] - expected) ** 2 / expected for i in range(len(all_)))
    dof = len(all_) - 1
    assert chi2 < dof + 5 * math.sqrt(2 * dof), (chi2, dof)


def _binomial_tail(n: int, p: float, k: int) -> float:
    """The smaller tail probability of ``k`` successes in Binomial(n, p), doubled."""
    pmf = [math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(n + 1)]
    return min(1.0, 2 * min(sum(pmf[:k + 1]), sum(pmf[k:])))


def test_sampled_and_exact_trump_counts_agree_within_three_standard_errors():
    """Over many positions of 2-6 players.  Where the normal approximation holds (n p and
    n (1 - p) at least 5): at most 1% beyond three standard errors of the exact probability
    (chance alone: 0.3%), none beyond five.  Rare counts: the exact binomial tail, never below 1e-4."""
    n = 400
    zs = []
    tails = []
    rng = random.Random(2024)
    for players in range(2, 7):
        for seed in range(12):
            p = random_position(Rules(players=players), 77 * players + seed)
            seat = seed % players
            v = view_of(p, seat)
            exact = trump_counts(v)
            sampled = sampled_trump_counts(v, n, rng)
            for label, dist in exact.items():
                assert set(sampled[label]) <= set(dist)
                for x, pr in dist.items():
                    got = sampled[label].get(x, Estimate(0.0, 0.0, n)).mean
                    q = float(pr)
                    if n * q >= 5 and n * (1 - q) >= 5:
                        zs.append(abs(got - q) / math.sqrt(q * (1 - q) / n))
                    else:
                        tails.append(_binomial_tail(n, q, round(got * n)))
    assert len(zs) > 300 and len(tails) > 50
    assert sum(z > 3 for z in zs) <= 0.01 * len(zs)
    assert max(zs) < 5
    assert min(tails) > 1e-4


def test_talon_facts_put_the_lower_trumps_in_the_talon():
    rules = Rules(players=2)
    for seed in range(80):
        p = Position.deal(rules, seed)
        facts = deal_talon_facts(p) & view_of(p, 0).unseen_mask()
        if popcount(facts) >= 2:
            break
    ws = sample_worlds(view_of(p, 0), 50, random.Random(3), talon_known=facts)
    for w in ws:
        talon = sum(1 << c for c in w.talon)
        assert talon & facts == facts and w.talon[-1] == p.talon[-1]
    # and they land in random places of the talon, not always the same
    assert len({tuple(w.talon) for w in ws}) == 50


def test_constraints_and_the_typed_error():
    p = Position.deal(Rules(players=3), 4)
    v = view_of(p, 0)
    unseen = v.unseen_mask()
    ace = unseen & -unseen  # some card P1 cannot see
    ws = sample_worlds(v, 20, random.Random(5), [lambda w: bool(w.hands[1] & ace)])
    assert all(w.hands[1] & ace for w in ws)
    with pytest.raises(SamplingError) as info:
        sample_worlds(v, 3, random.Random(5), [lambda w: False], max_attempts=30)
    err = info.value
    assert isinstance(err, DurakError) and (err.wanted, err.found, err.attempts) == (3, 0, 30)
    assert "0 of 3" in str(err)
    it = iter_worlds(v, random.Random(5), [lambda w: False], max_attempts=10)
    with pytest.raises(SamplingError):
        next(it)
    with pytest.raises(TypeError):
        sample_worlds(v, 1, 5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        sample_worlds(v, -1, random.Random(0))


def test_seeded_runs_repeat():
    p = Position.deal(Rules(players=4), 6)
    a = sample_worlds(view_of(p, 2), 10, random.Random(11))
    b = sample_worlds(view_of(p, 2), 10, random.Random(11))
    assert a == b
    c = sample_worlds(view_of(p, 2), 10, random.Random(12))
    assert a != c


def test_estimate_and_simulated_trump_card_draw():
    p = Position.deal(Rules(players=2), 3)
    ws = sample_worlds(view_of(p, 0), 100, random.Random(1))
    e = estimate(ws, lambda w: popcount(w.hands[1] & 1))
    assert e.n == 100 and 0 <= e.mean <= 1
    with pytest.raises(ValueError):
        estimate([], len)
    # the last talon card in a 2-player game: the deterministic answer and the simulation agree
    q = Position.start(Rules(players=2, hand_size=2), ["7♦ 8♦", "Q♦ 9♣"], talon="K♣ 9♥", trump_card="9♥",
                       discard="rest", attacker=0)
    sim = simulate_trump_card_draw(view_of(q, 0), 40, random.Random(2))
    assert sum(x.mean for x in sim.values()) == pytest.approx(1)
    assert set(sim) == {"P1", "P2", "nobody"}
    again = simulate_trump_card_draw(view_of(q, 0), 40, random.Random(2))
    assert again == sim


def test_excluded_cards_are_dealt_around_uniformly():
    """``exclude``: a seat's hidden cards come from the unseen cards it may hold; with one seat so
    conditioned, every world that keeps to it is as likely as with the same condition as a constraint."""
    p = Position.start(Rules(players=2), ["7♦ 9♠ 10♣", "8♦ 6♥ K♠"], trump="♥", discard="rest",
                       talon=["A♣", "Q♦", "10♥"], trump_card="10♥", attacker=0, first_bout=False)
    v = view_of(p, 0)
    unseen = v.unseen_mask()
    low = unseen & -unseen
    bar = low | (unseen ^ low) & -(unseen ^ low)  # two unseen cards P2 does not hold
    exclude = (0, bar)
    dealt = Counter()
    for w in sample_worlds(v, 3000, random.Random(1), exclude=exclude):
        assert not w.hands[1] & bar and agrees(w, v)
        dealt[(w.hands[1], w.talon)] += 1
    kept = Counter((w.hands[1], w.talon) for w in sample_worlds(
        v, 3000, random.Random(2), [lambda w: not w.hands[1] & bar]))
    assert set(dealt) == set(kept)
    worlds = len(kept)
    for counts in (dealt, kept):  # each world about 3000 / worlds times (a chi-square test, 1 in 10**4)
        chi2 = sum((n - 3000 / worlds) ** 2 / (3000 / worlds) for n in counts.values())
        assert chi2 < worlds + 5 * math.sqrt(2 * worlds) + 10


def test_an_exclusion_no_world_keeps_is_a_sampling_error():
    p = Position.deal(Rules(players=2), 4)
    v = view_of(p, 0)
    with pytest.raises(SamplingError):
        next(iter_worlds(v, random.Random(0), max_attempts=20, exclude=(0, v.unseen_mask())))


def test_a_mask_per_hidden_card_deals_every_arrival_order_alike():
    """``exclude`` with one mask per hidden card (the most barred first, each allowing all the earlier
    ones allow): each card is the first shuffled card not barred from it, so every assignment of
    cards to the hidden places that keeps the masks is equally likely; a hand is as likely as the
    number of such assignments it has, as when every shuffled deal is kept only if it fits."""
    p = Position.start(Rules(players=2), ["7♦ 9♠ 10♣", "8♦ 6♥ K♠"], trump="♥", discard="rest",
                       talon=["A♣", "Q♦", "10♥"], trump_card="10♥", attacker=0, first_bout=False)
    v = view_of(p, 0)
    unseen = [c for c in range(52) if v.unseen_mask() >> c & 1]
    wide = 1 << unseen[0] | 1 << unseen[1]
    bars = (wide, 1 << unseen[0], 0)  # nested: the first card barred from two, the second from one
    dealt = Counter()
    for w in sample_worlds(v, 4000, random.Random(1), exclude=(0, bars)):
        assert agrees(w, v)
        dealt[(w.hands[1], w.talon)] += 1
    # the same by rejection: a plain deal, its hidden cards in a random order, kept if each fits
    rng = random.Random(2)
    kept = Counter()
    worlds = iter_worlds(v, random.Random(3))
    while sum(kept.values()) < 4000:
        w = next(worlds)
        order = [c for c in range(52) if w.hands[1] >> c & 1]
        rng.shuffle(order)
        if all(not b >> c & 1 for b, c in zip(bars, order)):
            kept[(w.hands[1], w.talon)] += 1
    assert set(dealt) == set(kept)
    # two samples of one distribution (a chi-square test of homogeneity, 1 in 10**4)
    chi2 = sum((dealt[k] - kept[k]) ** 2 / (dealt[k] + kept[k]) for k in kept)
    cells = len(kept)
    assert chi2 < cells + 5 * math.sqrt(2 * cells) + 10
    # a place every card is barred from: no world; a mask too few or too many: a mistake
    with pytest.raises(SamplingError):
        next(iter_worlds(v, random.Random(0), max_attempts=20, exclude=(0, (v.unseen_mask(), 0, 0))))
    with pytest.raises(ValueError):
        next(iter_worlds(v, random.Random(0), exclude=(0, (0, 0))))
