"""The lean kernel plays the same games as the reference engine (differential tests).

Seeded random games of every preset the kernel supports, 2 to 6 players, go
through both engines with the same move index at each step: the same legal
moves in the same order, the same events (bito or pick-up, the draws, players
out, who leads against whom next, the end of the game: R16-R19, R27-R29), the
same position after
every move and the same result.  The fast loop (uniform random play without
listing moves) plays the same games as ``durak-lab bench`` plays with the
reference engine.  ``durak-lab bench --verify N`` runs a larger version.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.kernel import core as K
from durak_lab.engine.kernel.check import KernelMismatch, differential, differential_game, fast_agrees
from durak_lab.engine.moves import Move
from durak_lab.engine.rules import PRESETS, Rules
from durak_lab.engine.state import Position


def _cases():
    for name in K.SUPPORTED_PRESETS:
        for n in range(2, 7):
            try:
                rules = Rules.preset(name, players=n)
            except ValueError:  # e.g. pairs need 4 or 6 players
                continue
            yield name, rules


CASES = list(_cases())
IDS = [f"{name}-{r.players}p" for name, r in CASES]


def test_every_player_count_of_the_main_presets_is_covered():
    got = {(name, r.players) for name, r in CASES}
    for name in ("podkidnoy", "perevodnoy", "classic", "neighbours", "he_hand", "unlimited",
                 "simple", "finnish"):
        assert {(name, n) for n in range(2, 7)} <= got
    assert {("by_turns", n) for n in range(2, 7)} <= got
    assert {("pairs_he", 4), ("pairs_he", 6)} <= got


@pytest.mark.parametrize("name, rules", CASES, ids=IDS)
def test_same_moves_events_positions_and_result(name, rules):
    # 12 games per case, 27 cases: over 300 games, every step compared
    assert differential(rules, games=12, seed=1000) == 12


@pytest.mark.parametrize("name, rules", CASES, ids=IDS)
def test_fast_loop_plays_the_benchmark_games(name, rules):
    assert fast_agrees(rules, games=10, seed=7) == 10


@pytest.mark.parametrize("deck, hand", [(24, 6), (52, 6), (36, 4), (20, 5)])
def test_other_decks_and_hand_sizes(deck, hand):
    for n in (2, 3, 4):
        if n * hand <= deck:
            differential(Rules(deck=deck, hand_size=hand, players=n, transfer=deck != 36), games=4, seed=3)


def test_six_players_on_36_cards_have_no_talon():
    # R5: the deal uses every card, the dealer's last card fixes trump and is public
    rules = Rules.preset("podkidnoy", players=6)
    k = K.deal(rules, 11)
    assert k.talon == () and k.trump_card == -1
    assert K.to_position(k) == Position.deal(rules, seed=11)


def test_options_beyond_the_presets():
    for changes in ({"attack_limit": 4}, {"first_bout_carry": True}, {"after_take": "none"},
                    {"throw_in": "none"}, {"show_lowest_trump": False},
                    {"teams": 2, "players": 4, "partner_throw_in": True},
                    {"hand_limit": "bout_start", "transfer": True}, {"hand_limit": "none", "transfer": True},
                    {"after_take": "seen_ranks", "attack_limit": None}, {"lead": 3, "transfer": True},
                    {"lead": None, "hand_limit": "none", "attack_limit": 8}):
        differential(Rules(**{"players": 3, **changes}), games=5, seed=21)


def test_a_difference_is_reported(monkeypatch):
    import durak_lab.engine.kernel.check as check

    monkeypatch.setattr(check, "legal_moves", lambda k: K.legal_moves(k)[::-1])
    with pytest.raises(KernelMismatch, match="legal moves differ"):
        differential_game(Rules.preset("podkidnoy"), 0)


# ---------------------------------------------------------------------- conversions
def test_position_round_trip_at_every_step():
    rng = random.Random(5)
    for name in ("podkidnoy", "perevodnoy"):
        for n in (2, 4):
            p = Position.deal(Rules.preset(name, players=n), seed=rng.randrange(10**6))
            while p.result is None:
                k = K.kernel_state(p)
                assert K.to_position(k) == p
                assert K.kernel_state(K.to_position(k)) == k
                moves = p.sequential_moves()
                p = p.play_unchecked(moves[rng.randrange(len(moves))])
            assert K.to_position(K.kernel_state(p)) == p


def test_deal_equals_the_reference_deal():
    for seed in range(20):
        rules = Rules.preset("perevodnoy", players=2 + seed % 5)
        assert K.deal(rules, seed) == K.kernel_state(Position.deal(rules, seed=seed))


def test_move_round_trip():
    texts = ["P1 attack 7♦", "P3 cover 7♦ with 10♦", "P2 transfer 6♣", "P6 take", "P4 pass",
             "P2 cover A♠ with 6♥"]
    for t in texts:
        m = Move.parse(t)
        assert K.to_move(K.kernel_move(m)) == m
        assert str(K.to_move(K.kernel_move(m))) == t


def test_events_include_draws_and_players_out():
    # R19 draws and R28 players out are reported as the reference engine reports them
    rules = Rules.preset("podkidnoy", players=3)
    kinds = set()
    k = K.deal(rules, 8)
    rng = random.Random(8)
    while k.result is None:
        moves = K.legal_moves(k)
        k, ev = K.play_events(k, moves[int(rng.random() * len(moves))])
        kinds |= {e[0] for e in ev}
    assert {"draw", "out", "bout", "over"} <= kinds


def test_kernel_moves_are_small_ints():
    k = K.deal(Rules.preset("podkidnoy", players=4), 3)
    moves = K.legal_moves(k)
    assert all(isinstance(m, int) and 0 <= m < 6 << 12 for m in moves)
    assert K.to_act(k) == K.to_position(k).to_act()


# ---------------------------------------------------------------------- what the kernel refuses
@pytest.mark.parametrize("name", sorted(set(PRESETS) - set(K.SUPPORTED_PRESETS)))
def test_unsupported_preset_raises_the_typed_error(name):
    rules = Rules.preset(name)
    with pytest.raises(K.KernelUnsupported, match="the kernel does not support"):
        K.check_rules(rules)
    with pytest.raises(K.KernelUnsupported):
        K.random_games(rules, 1, 0)
    with pytest.raises(K.KernelUnsupported):
        K.kernel_state(Position.deal(rules, seed=1))
    with pytest.raises(ValueError):  # also a ValueError, as every bad-input error
        K.deal(rules, 1)


def test_unsupported_error_names_the_option():
    with pytest.raises(K.KernelUnsupported, match="redeal"):
        K.check_rules(Rules(redeal=True))
    with pytest.raises(K.KernelUnsupported, match="trump_swap='ace'"):
        K.check_rules(Rules(trump_swap="ace"))


def test_multi_card_moves_round_trip():
    # R10 leads of several cards of one rank, R20 transfers of several cards
    for t in ("P1 attack 7♦ 7♣", "P3 transfer 9♠ 9♥ 9♦", "P2 attack 2♠ 2♥ 2♦ 2♣"):
        m = Move.parse(t)
        assert str(K.to_move(K.kernel_move(m))) == t


def test_a_move_the_kernel_has_not_is_refused():
    with pytest.raises(K.KernelUnsupported, match="has no move"):
        K.kernel_move(Move.parse("P1 swap 6♦"))  # the trump swap (R6)
    # a show (R24) has a code: the kernel plays the transfer by showing a trump
    assert str(K.to_move(K.kernel_move(Move.parse("P1 show 7♦")))) == "P1 show 7♦"


# ---------------------------------------------------------------------- playouts
def test_playout_from_a_position_and_a_state_agree():
    rules = Rules.preset("perevodnoy", players=3)
    p = Position.deal(rules, seed=9)
    for policy in ("random", "greedy"):
        a = K.playout(p, policy, random.Random(1))
        b = K.playout(K.kernel_state(p), policy, random.Random(1))
        assert a == b and a is not None


def test_random_playout_equals_the_reference_game():
    # the same draw as the benchmark: moves[int(rng.random() * len(moves))]
    rules = Rules.preset("podkidnoy", players=2)
    p = Position.deal(rules, seed=4)
    rng = random.Random(77)
    q = p
    while q.result is None:
        moves = q.sequential_moves()
        q = q.play_unchecked(moves[int(rng.random() * len(moves))])
    assert K.playout(p, "random", random.Random(77)) == q.result


def test_playout_with_a_function_policy():
    seen = []

    def first(moves, trump, talon_left, rng):
        seen.append(len(moves))
        return moves[0]

    res = K.playout(K.deal(Rules.preset("podkidnoy"), 2), first, random.Random(0))
    assert res in ((0,), (1,), ()) and seen


def test_greedy_plays_a_legal_game_and_beats_random_play():
    # greedy (issue 13): lowest non-trump first, no trump throw-ins while the talon lasts,
    # cheapest cover, take otherwise; against a random player it should lose far less often
    rules = Rules.preset("podkidnoy")
    rng = random.Random(3)
    lost = {0: 0, 1: 0}
    for g in range(200):
        k = K.deal(rules, rng)

        def policy(moves, trump, talon_left, r, greedy_seat=g % 2):
            if moves[0] >> 12 == greedy_seat:
                return K.greedy(moves, trump, talon_left, r)
            return moves[int(r.random() * len(moves))]

        res = K.playout(k, policy, rng)
        for s in res:
            lost[s == g % 2] += 1
    assert lost[1] < lost[0]  # lost[1]: games the greedy seat lost


def test_bad_policy_is_refused():
    with pytest.raises(ValueError, match="policy"):
        K.playout(K.deal(Rules.preset("podkidnoy"), 2), "clever")


def test_random_games_counts_actions_like_the_benchmark():
    from durak_lab.cli.bench import random_game

    rules = Rules.preset("perevodnoy", players=4)
    rng = random.Random(12)
    ref = sum(random_game(rules, rng) for _ in range(20))
    actions, results = K.random_games(rules, 20, 12)
    assert actions == ref and len(results) == 20


def test_an_illegal_kernel_move_raises_the_engines_error():
    from durak_lab.engine.errors import IllegalMoveError, Reason

    k = K.deal(Rules.preset("podkidnoy", players=3), 2)
    seat = K.to_act(k)
    other = (seat + 1) % 3
    card = (k.hands[other] & -k.hands[other]).bit_length() - 1
    with pytest.raises(IllegalMoveError) as err:
        K.play(k, K.kernel_move(Move("attack", other, (card,))))
    assert err.value.reason in (Reason.NOT_LEADER, Reason.NOT_YOUR_TURN, Reason.DEFENDER_CANNOT_ATTACK)
    with pytest.raises(IllegalMoveError):  # a card the seat does not hold
        K.play(k, K.kernel_move(Move("attack", seat, (card,))))
    assert K.legal_moves(k)  # the state is a value: unchanged
