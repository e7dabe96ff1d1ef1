"""The lean kernel plays the options added after its first presets, as the reference engine does.

Each option is checked by the differential test (:mod:`durak_lab.engine.kernel.check`):
seeded random games through both engines, the same legal moves in the same
order, the same events, the same position after every move and the same result.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.kernel import core as K
from durak_lab.engine.kernel.check import differential, differential_game, fast_agrees
from durak_lab.engine.moves import Move
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position


# ---------------------------------------------------------------------- the partner's cover (R26)
@pytest.mark.parametrize("changes", [{}, {"players": 6}, {"players": 6, "teams": 3},
                                     {"hand_limit": "none"}, {"lead": 3}, {"after_take": "seen_ranks",
                                                                           "attack_limit": None},
                                     {"throw_in": "neighbours"}, {"deck": 52, "lead": None}],
                         ids=["4p", "6p-2teams", "6p-3pairs", "no-hand-limit", "lead-3", "seen-ranks",
                              "neighbours", "52-several"])
def test_partner_covers_plays_as_the_reference(changes):
    # R26 (FI pairs): the defender's partner covers with his own cards; the defender may pass to him
    assert differential(Rules.preset("pairs", **changes), games=15, seed=40) == 15


def test_partner_covers_random_games_are_the_benchmark_games():
    for n in (4, 6):
        assert fast_agrees(Rules.preset("pairs", players=n), games=10, seed=3) == 10


def test_a_partner_cover_keeps_its_owner():
    # R26: the cover is the partner's card; the table says who laid it, through the round trip
    rules = Rules.preset("pairs")
    rng = random.Random(2)
    seen = 0
    for seed in range(40):
        p = Position.deal(rules, seed=seed)
        while p.result is None:
            moves = p.sequential_moves()
            m = moves[int(rng.random() * len(moves))]
            p = p.play_unchecked(m)
            k = K.kernel_state(p)
            assert K.to_position(k) == p and K.kernel_state(K.to_position(k)) == k
            if m.kind == "cover" and m.seat != p.defender and p.table:
                seen += 1
                assert K.to_move(K.kernel_move(m)) == m
    assert seen > 10


def test_the_defender_may_pass_to_his_partner():
    # R26: with cards uncovered, the defender's moves end with take, then pass (his partner covers)
    rules = Rules.preset("pairs")
    k = K.deal(rules, 1)
    k = K.play(k, K.legal_moves(k)[0])
    moves = [K.to_move(m) for m in K.legal_moves(k)]
    assert [m.kind for m in moves[-2:]] == ["take", "pass"]
    k2 = K.play(k, K.kernel_move(moves[-1]))
    partner = (k.defender + 2) % 4
    assert K.to_act(k2) == partner
    assert [K.to_move(m) for m in K.legal_moves(k2)] == K.to_position(k2).sequential_moves()


# ---------------------------------------------------------------------- transfer by showing a trump (R24)
@pytest.mark.parametrize("changes", [{}, {"players": 4, "teams": 2}, {"deck": 52, "lead": None},
                                     {"hand_limit": "none", "attack_limit": None}, {"hand_limit": "bout_start"},
                                     {"throw_in": "neighbours", "players": 5}],
                         ids=["3p", "4p-pairs", "52-several", "no-hand-limit", "bout-start", "neighbours"])
def test_transfer_by_show_plays_as_the_reference(changes):
    # R24: the defender shows the trump of the attack rank, keeps it, and the attack moves on
    assert differential(Rules.preset("perevodnoy_show", **{"players": 3, **changes}), games=15, seed=60) == 15


def test_show_moves_round_trip_and_are_played():
    for t in ("P1 show 7♥", "P4 show A♠"):
        m = Move.parse(t)
        assert str(K.to_move(K.kernel_move(m))) == t
    rules = Rules.preset("perevodnoy_show", players=3)
    rng = random.Random(4)
    shows = 0
    for seed in range(30):
        k = K.deal(rules, seed)
        while k.result is None:
            moves = K.legal_moves(k)
            m = moves[int(rng.random() * len(moves))]
            before = k
            k = K.play(k, m)
            if K.to_move(m).kind == "show":
                shows += 1
                card = K.to_move(m).cards[0]
                # the trump stays in the hand, now known, and may not be shown again this game (R24)
                assert before.hands == k.hands and k.known[m >> 12] >> card & 1 and k.shown >> card & 1
                assert K.to_position(k).shown_used == k.shown
    assert shows > 5


def test_transfer_by_show_random_games_are_the_benchmark_games():
    assert fast_agrees(Rules.preset("perevodnoy_show", players=4), games=10, seed=5) == 10


# ---------------------------------------------------------------------- attack by turns, 3-6 players (R12)
@pytest.mark.parametrize("changes", [{}, {"turns_direction": "anticlockwise"}, {"transfer": True},
                                     {"after_take": "seen_ranks", "attack_limit": None}, {"lead": 3},
                                     {"hand_limit": "none", "attack_limit": None}],
                         ids=["clockwise", "anticlockwise", "transfer", "seen-ranks", "lead-3", "no-hand-limit"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_attack_by_turns_plays_as_the_reference(n, changes):
    # R12: the attacker whose turn it is throws in or stops; an earlier one may cut in
    assert differential(Rules.preset("by_turns", players=n, **changes), games=6, seed=70 + n) == 6


def test_two_player_attack_by_turns_ends_a_turn_on_the_last_card():
    # R12: an attacker who throws in his last card has ended his turn, as if he had passed (the reference
    # engine's passes); game 64 reaches it
    assert differential_game(Rules.preset("by_turns", players=2), 64)[1] > 0


@pytest.mark.parametrize("changes", [{"players": 4, "teams": 2}, {"players": 6, "teams": 3},
                                     {"players": 4, "teams": 2, "partner_covers": True}])
def test_attack_by_turns_in_teams(changes):
    # R12 with R25/R26: partners do not attack each other; with the partner's cover, the partner covers
    assert differential(Rules.preset("by_turns", **changes), games=10, seed=5) == 10


def test_an_earlier_attacker_is_asked_when_a_turn_ends():
    # R12: once the attacker whose turn it is stops, the leader (whose turn came first) may cut in
    rules = Rules.preset("by_turns", players=4)
    rng = random.Random(1)
    asked_again = 0
    for seed in range(30):
        k = K.deal(rules, seed)
        while k.result is None:
            moves = K.legal_moves(k)
            m = moves[int(rng.random() * len(moves))]
            before = k
            k = K.play(k, m)
            mv = K.to_move(m)
            if mv.kind == "pass" and mv.seat != before.leader and k.atk and K.to_act(k) == k.leader:
                asked_again += 1
    assert asked_again > 0


# ---------------------------------------------------------------------- draw orders (R19) and the tie (R29)
@pytest.mark.parametrize("changes", [{"draw_order": "attack_order"}, {"draw_order": "equal"},
                                     {"tie": "all_durak"}, {"draw_order": "equal", "tie": "all_durak"},
                                     {"draw_order": "round"}],
                         ids=["attack-order", "equal", "all-durak", "equal-all-durak", "round"])
@pytest.mark.parametrize("name", ["podkidnoy", "perevodnoy", "by_turns", "pairs", "perevodnoy_show"])
def test_draw_orders_and_the_tie_play_as_the_reference(name, changes):
    # R19: who draws first after a bout; R29: when the last cards go together, all are durak
    for n in range(2, 7):
        try:
            rules = Rules.preset(name, players=n, **changes)
        except ValueError:  # pairs: 4 or 6 players
            continue
        assert differential(rules, games=4, seed=90 + n) == 4


def test_the_fast_path_leaves_draw_orders_and_the_tie_to_the_listing_loop():
    for changes in ({"draw_order": "attack_order"}, {"draw_order": "equal"}, {"tie": "all_durak"},
                    {"draw_order": "round"}):
        assert fast_agrees(Rules.preset("podkidnoy", players=4, **changes), games=8, seed=2) == 8


def test_all_durak_names_every_seat_out_together():
    # R29 (HE variant): the last ones to go out at the same time are all durak, as the reference says
    rules = Rules.preset("podkidnoy", players=2, tie="all_durak")
    ties = 0
    for seed in range(300):
        k = K.deal(rules, seed)
        res = K.playout(k, "random", random.Random(seed))
        if len(res) == 2:
            ties += 1
            p = Position.deal(rules, seed=seed)
            rng = random.Random(seed)
            while p.result is None:
                moves = p.sequential_moves()
                p = p.play_unchecked(moves[int(rng.random() * len(moves))])
            assert p.result == res
    assert ties > 0


def test_the_attack_order_is_kept_in_the_state():
    # R19 (HE): with the attack-order draw, the state keeps who attacked, in order, through the round trip
    rules = Rules.preset("podkidnoy", players=4, draw_order="attack_order")
    p = Position.deal(rules, seed=3)
    rng = random.Random(3)
    orders = set()
    while p.result is None:
        k = K.kernel_state(p)
        assert k.order == p.attack_order and K.to_position(k) == p
        orders.add(len(k.order))
        moves = p.sequential_moves()
        p = p.play_unchecked(moves[int(rng.random() * len(moves))])
    assert max(orders) >= 2
