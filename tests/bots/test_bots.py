"""Bots (durak_lab.bots): the tips bot's choices per tip and rule id, legality everywhere,
the cheapest cover against brute force, and the endgame bot against the exact solver."""

import random
from dataclasses import replace
from itertools import permutations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from durak_lab.bots import (BOTS, Bot, BotError, EndgameBot, GreedyBot, RandomBot, SearchBot, TipsBot, card_cost,
                            cheapest_cover, play_game, position_of_view)
from durak_lab.engine.cards import BEATERS, HEARTS, Card, CardSet, cards_of, deck_mask
from durak_lab.analysis.inference import can_cover_all
from durak_lab.engine.rules import Rules
from durak_lab.analysis.solver import solve
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position

from helpers import configs, play, rules, seeds, start

def choose(bot, p, seat=None):
    seat = p.to_act() if seat is None else seat
    return str(bot.choose(p.view(seat), random.Random(0)))


def podkidnoy(hands, talon=(), trump="♥", trump_card=None, attacker=0, first_bout=False, **changes):
    return start(rules("podkidnoy", players=len(hands), **changes), hands, talon=talon, trump=trump,
                 trump_card=trump_card, attacker=attacker, first_bout=first_bout)


# ---------------------------------------------------------------- the tips, one by one


def test_lead_the_lowest_non_trump_keep_trumps_and_high_cards():
    # ZH tips: attack with low cards, keep trumps (R10, R11)
    p = podkidnoy(["6♥ Q♠ 8♣ A♦", "7♦ 9♠"])
    assert choose(TipsBot(), p) == "P1 attack 8♣"


def test_lead_from_a_pair_first():
    # ZH tips: pairs are ideal for throw-ins (R12): a pair of 9s counts as a 7
    p = podkidnoy(["8♣ 9♠ 9♦ K♥", "7♦ 10♠"])
    assert choose(TipsBot(), p) in ("P1 attack 9♠", "P1 attack 9♦")
    assert choose(TipsBot(pair_bonus=0), p) == "P1 attack 8♣"
    p = podkidnoy(["7♣ 9♠ 9♦ K♥", "7♦ 10♠"])
    assert choose(TipsBot(), p) == "P1 attack 7♣"             # a tie: the lower rank


def test_equally_cheap_leads_are_chosen_by_chance():
    # either 9 of the pair: the bot's rng decides, so that play cannot go round in a circle
    p = podkidnoy(["8♣ 9♠ 9♦ K♥", "7♦ 10♠"])
    picks = {str(TipsBot().choose(p.view(0), random.Random(s))) for s in range(20)}
    assert picks == {"P1 attack 9♠", "P1 attack 9♦"}


def test_three_players_no_longer_hand_the_same_cards_round_for_ever():
    # unlimited, 4 players, deal 24: once three were left with an empty talon, a fixed choice between
    # 8♥, 8♦ and 8♣ handed the same cards round the table for ever
    g = play_game(rules("unlimited", players=4), [TipsBot() for _ in range(4)], seed=24, max_moves=3000)
    assert not g.unfinished and len(g.losers) == 1


def test_lead_only_trumps_left_leads_the_lowest_trump():
    p = podkidnoy(["A♥ 7♥", "7♦ 10♠"])
    assert choose(TipsBot(), p) == "P1 attack 7♥"


def test_several_cards_of_a_rank_at_once_where_the_lead_allows_it():
    # R10: HE simple durak leads one card or two of a rank
    p = start(rules("simple"), ["7♠ 7♦ 10♣", "8♦ 9♠ J♣"], trump="♥", first_bout=False)
    assert choose(TipsBot(), p) == "P1 attack 7♠ 7♦"


def test_cover_with_the_cheapest_card_of_the_suit_not_a_trump():
    # ZH tips: cover with trumps only when you must (R11, R15)
    p = play(podkidnoy(["9♠ 7♣", "6♥ 10♠ K♠ A♠"]), "P1 attack 9♠")
    assert choose(TipsBot(), p) == "P2 cover 9♠ with 10♠"


def test_cover_with_a_trump_when_nothing_else_beats_it():
    p = play(podkidnoy(["A♠ 7♣", "6♥ 10♠ Q♥"]), "P1 attack A♠")
    assert choose(TipsBot(), p) == "P2 cover A♠ with 6♥"


def test_take_when_no_cover_exists():
    p = play(podkidnoy(["A♥ 7♣", "6♥ 10♠ Q♠"]), "P1 attack A♥")
    assert choose(TipsBot(), p) == "P2 take"


TALON = "6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ 6♦ 7♦ 9♦ 10♦ J♦ 6♣ 7♣ 9♥"   # 15 cards, the 9♥ face up


def test_take_rather_than_spend_trumps_early():
    # ZH tips: taking is sometimes cheaper than a trump (R18). Early: the talon holds > 12 cards.
    p = podkidnoy(["A♣ 8♣", "6♥ 7♥ 8♥ Q♠"], talon=TALON, trump_card="9♥")
    p = play(p, "P1 attack A♣")
    assert choose(TipsBot(), p) == "P2 cover A♣ with 6♥"      # one trump is allowed
    assert choose(TipsBot(early_trumps=0), p) == "P2 take"
    assert choose(TipsBot(early_trumps=0, early_talon=15), p) == "P2 cover A♣ with 6♥"   # not early
    # HE simple durak: a lead of two aces needs two trumps
    q = start(rules("simple"), ["A♣ A♦ 8♣", "6♥ 7♥ 8♥ Q♠"], talon=TALON, trump_card="9♥",
              first_bout=False)
    q = play(q, "P1 attack A♣ A♦")
    assert choose(TipsBot(), q) == "P2 take"
    assert choose(TipsBot(early_trumps=2), q).startswith("P2 cover")


def test_several_uncovered_cards_the_dearest_first_the_plan_is_cheapest():
    # HE simple durak: a lead of two 9s; 10♠ must go on 9♠, so 9♦ takes J♦, not a trump
    p = start(rules("simple"), ["9♠ 9♦ 7♣", "10♠ J♦ 6♥ Q♣"], trump="♥", first_bout=False)
    p = play(p, "P1 attack 9♠ 9♦")
    assert choose(TipsBot(), p) in ("P2 cover 9♠ with 10♠", "P2 cover 9♦ with J♦")
    p = play(p, choose(TipsBot(), p))
    p = play(p, choose(TipsBot(), p))
    assert p.table_text() == "" and p.discard & CardSet.parse("9♠ 9♦ 10♠ J♦").mask == \
        CardSet.parse("9♠ 9♦ 10♠ J♦").mask                     # bito, the trump 6♥ kept
    assert "6♥" in str(p.hand(1))


def test_throw_in_low_non_trumps_keep_high_cards_and_trumps_while_the_talon_lasts():
    # ZH tips: keep high cards for defence, keep trumps (R12)
    p = podkidnoy(["8♣ 8♦ Q♠ Q♥ K♣", "9♣ J♣ A♠ A♣ A♦"], talon=TALON, trump_card="9♥")
    p = play(p, "P1 attack 8♣", "P2 cover 8♣ with 9♣")
    assert choose(TipsBot(), p) == "P1 attack 8♦"             # a low card of a rank on the table
    q = podkidnoy(["8♣ Q♠ Q♥ K♣", "Q♣ A♠ A♣ A♦"], talon=TALON, trump_card="9♥")
    q = play(q, "P1 attack 8♣", "P2 cover 8♣ with Q♣")
    assert choose(TipsBot(), q) == "P1 pass"                  # Q♠ and the trump Q♥ are kept
    assert choose(TipsBot(keep_rank=13), q) == "P1 attack Q♠"


def test_endgame_throw_in_any_non_trump_and_trumps_onto_a_taker():
    p = podkidnoy(["8♣ Q♠ Q♥ K♣", "Q♣ A♠ 6♦"])
    p = play(p, "P1 attack 8♣", "P2 cover 8♣ with Q♣")
    assert choose(TipsBot(), p) == "P1 attack Q♠"
    p = podkidnoy(["8♣ Q♥ K♣ Q♦", "Q♣ A♠ 6♦"])
    p = play(p, "P1 attack 8♣", "P2 cover 8♣ with Q♣")
    assert choose(TipsBot(), p) == "P1 attack Q♦"             # not the trump Q♥: P2 did not take
    p = podkidnoy(["8♣ 8♥ K♣", "7♠ A♠ 6♦"])
    p = play(p, "P1 attack 8♣", "P2 take")
    assert choose(TipsBot(), p) == "P1 attack 8♥"             # the talon is empty: a trump onto a taker


def test_transfer_with_a_non_trump_rather_than_cover_with_a_trump():
    # R20: perevodnoy
    p = start(rules("perevodnoy", players=3), ["A♠ 7♣", "A♦ 6♥ 9♠", "8♦ 10♣ 6♣"], trump="♥", first_bout=False)
    p = play(p, "P1 attack A♠")
    assert choose(TipsBot(), p) == "P2 transfer A♦"
    p = start(rules("perevodnoy", players=3), ["9♠ 7♣", "9♦ 10♠ 6♥", "8♦ 10♣ 6♣"], trump="♥", first_bout=False)
    p = play(p, "P1 attack 9♠")
    assert choose(TipsBot(), p) == "P2 cover 9♠ with 10♠"      # a cheap cover: no transfer


def test_show_a_trump_rather_than_spend_it():
    # R24: the transfer by showing a trump of the rank
    p = start(rules("perevodnoy_show", players=3), ["A♠ 7♣", "A♥ 9♠", "8♦ 10♣ 6♣"], trump="♥", first_bout=False)
    p = play(p, "P1 attack A♠")
    assert choose(TipsBot(), p) == "P2 show A♥"


def test_swap_the_trump_six():
    # R6: the holder of the trump six may swap it for the face-up trump card
    r = Rules.preset("podkidnoy", players=2, trump_swap="any")
    for seed in range(50):
        p = Position.deal(r, seed)
        if p.swap_open and p.swap_holder() is not None:
            break
    else:
        pytest.fail("no deal with an open swap in 50 seeds")
    assert choose(TipsBot(), p, p.swap_holder()).split()[1] == "swap"


def test_a_defender_who_cannot_cover_leaves_it_to_the_partner():
    # R26: FI Paripeli, the defender's partner covers too
    p = start(rules("pairs"), ["9♠ 7♣", "6♦ 7♦", "8♣ 10♣", "10♠ K♦"], trump="♥", first_bout=False)
    p = play(p, "P1 attack 9♠")
    assert choose(TipsBot(), p) == "P2 pass"
    p = play(p, "P2 pass")
    assert choose(TipsBot(), p) == "P4 cover 9♠ with 10♠"
    q = start(rules("pairs"), ["9♠ 7♣", "6♦ 7♦", "8♣ 10♣", "A♦ K♦"], trump="♥", first_bout=False)
    q = play(q, "P1 attack 9♠")
    # nobody on the team can cover, but P2 cannot see that his partner cannot (R3): he passes
    # to him, the partner passes back, and P2 takes
    assert choose(TipsBot(), q) == "P2 pass"
    q = play(q, "P2 pass")
    assert choose(TipsBot(), q) == "P4 pass"
    q = play(q, "P4 pass")
    assert choose(TipsBot(), q) == "P2 take"


# ---------------------------------------------------------------- every bot, every game


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_is_a_bot(name):
    assert isinstance(BOTS[name](), Bot)
    assert BOTS[name]().name == name


@given(config=configs, seed=seeds,
       which=st.sampled_from(["random", "beginner", "tips", "greedy", "endgame", "search-small", "reading-small"]))
@example(config=("unlimited_choice", 6), seed=344, which="beginner")  # three seats hand cards round for ever
def test_bots_play_only_legal_moves_to_the_end(config, seed, which):
    name, n = config
    p = Position.deal(rules(name, players=n), seed)
    if which.endswith("-small"):  # a search bot with a small budget (reading: without a history)
        bot = SearchBot(iterations=8, reading=which.startswith("reading"), solver_nodes=500)
    else:
        bot = BOTS[which]()
    rng = random.Random(seed)
    seen: set = set()
    repeated = False
    for _ in range(3000):
        if p.result is not None:
            break
        s = p.to_act()
        view = p.view(s)
        m = bot.choose(view, rng)
        assert m in view.legal and p.why_illegal(m) is None
        p = p.play(m)
        repeated = repeated or p in seen
        seen.add(p)
    # with three or more players the same cards can go round the table for ever (the tournament
    # stops such a game as an unfinished draw): a game that has not ended must be going round
    assert p.result is not None or (n >= 3 and repeated), "the game did not end in 3000 moves"


def test_a_bot_without_moves_says_so():
    v = replace(play(podkidnoy(["7♦ 9♠", "8♦ 9♥"]), "P1 attack 7♦").view(0), legal=())
    for bot in (RandomBot(), TipsBot(), EndgameBot()):
        with pytest.raises(BotError, match="P1 has no move"):
            bot.choose(v, random.Random(0))


def test_random_bot_draws_from_its_rng_every_legal_move():
    p = Position.deal(Rules(players=2), 3)
    v = p.view(p.to_act())
    rng = random.Random(1)
    picks = [RandomBot().choose(v, rng) for _ in range(400)]
    assert set(picks) == set(v.legal)
    again = random.Random(1)
    assert picks[:20] == [RandomBot().choose(v, again) for _ in range(20)]


# ---------------------------------------------------------------- the cheapest cover


def _brute_cover(attacks, hand, trump):
    cards = cards_of(hand)
    best = None
    for combo in permutations(cards, len(attacks)):
        if all(c in cards_of(hand & BEATERS[trump][a]) for a, c in zip(attacks, combo)):
            cost = sum(card_cost(c, trump) for c in combo)
            if best is None or cost < best:
                best = cost
    return best


@given(data=st.data())
def test_cheapest_cover_agrees_with_brute_force(data):
    deck = cards_of(deck_mask(6))
    picked = data.draw(st.lists(st.sampled_from(deck), min_size=2, max_size=9, unique=True))
    k = data.draw(st.integers(min_value=1, max_value=min(4, len(picked) - 1)))
    attacks, hand_cards = picked[:k], picked[k:]
    hand = CardSet(hand_cards).mask
    trump = data.draw(st.integers(min_value=0, max_value=3))
    plan = cheapest_cover(attacks, hand, trump)
    want = _brute_cover(attacks, hand, trump)
    assert (plan is None) == (want is None) == (not can_cover_all(hand, attacks, trump))
    if plan is not None:
        assert sorted(plan) == sorted(attacks)
        assert len(set(plan.values())) == len(plan)
        assert all(hand >> c & 1 and BEATERS[trump][a] >> c & 1 for a, c in plan.items())
        assert sum(card_cost(c, trump) for c in plan.values()) == want


def test_cheapest_cover_of_a_huge_table_settles_for_a_greedy_cover():
    attacks = [Card(x) for x in "6♠ 7♠ 6♦ 7♦ 6♣ 7♣".split()]
    hand = CardSet.parse("8♠ 9♠ 10♠ J♠ Q♠ K♠ 8♦ 9♦ 10♦ J♦ Q♦ K♦ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 6♥ 7♥").mask
    plan = cheapest_cover(attacks, hand, HEARTS)
    assert plan is not None and len(set(plan.values())) == 6
    assert all(BEATERS[HEARTS][a] >> c & 1 for a, c in plan.items())


# ---------------------------------------------------------------- the endgame bot


@given(seed=seeds, preset=st.sampled_from(["podkidnoy", "perevodnoy"]), size=st.integers(2, 5))
def test_endgame_bot_plays_a_best_move_of_the_solver(seed, preset, size):
    p = random_endgame(Rules.preset(preset, players=2), size, size, random.Random(seed))
    assert position_of_view(p.view(0)) == p == position_of_view(p.view(1))
    s = solve(p)
    bot = EndgameBot(max_nodes=10**6)
    m = bot.choose(p.view(p.to_act()), random.Random(0))
    assert m in s.best_moves
    assert bot.solved + bot.fallbacks <= 1


def test_endgame_bot_falls_back_past_its_node_limit():
    p = random_endgame(Rules.preset("podkidnoy", players=2), 8, 8, random.Random(4))
    bot = EndgameBot(max_nodes=10)
    m = bot.choose(p.view(p.to_act()), random.Random(0))
    assert bot.fallbacks == 1 and bot.solved == 0
    assert m == TipsBot().choose(p.view(p.to_act()), random.Random(0))


def test_endgame_bot_plays_like_its_base_while_cards_are_hidden():
    p = Position.deal(Rules(players=2), 5)
    bot = EndgameBot(base=RandomBot())
    v = p.view(p.to_act())
    assert bot.choose(v, random.Random(7)) == RandomBot().choose(v, random.Random(7))
    assert bot.solved == bot.fallbacks == 0


@given(seed=seeds, size=st.integers(3, 6), reach=st.integers(4, 10))
def test_endgame_bot_solves_only_within_its_reach(seed, size, reach):
    # reach: the most cards the hands and the table hold together for the bot to solve; past it, the base
    # bot plays (a player who counts only the last few cards)
    p = random_endgame(Rules.preset("podkidnoy", players=2), size, size, random.Random(seed))
    near, full = EndgameBot(reach=reach, max_nodes=10**6), EndgameBot(max_nodes=10**6)
    beyond = 0  # choices past its reach
    while p.result is None:
        v = p.view(p.to_act())
        cards = sum(v.hand_sizes) + bin(v.table_cards()).count("1")
        m, best = near.choose(v, random.Random(0)), full.choose(v, random.Random(0))
        assert m == (best if cards <= reach else GreedyBot().choose(v, random.Random(0)))
        beyond += cards > reach and len(v.legal) > 1
        p = p.play(m)
    assert near.solved == full.solved - beyond and near.fallbacks == 0
    with pytest.raises(ValueError, match="reach must be at least 2"):
        EndgameBot(reach=1)


def test_a_view_with_hidden_cards_has_no_position():
    with pytest.raises(ValueError, match="hides cards"):
        position_of_view(Position.deal(Rules(players=2), 5).view(0))
    with pytest.raises(ValueError, match="hides cards"):
        position_of_view(start(rules("podkidnoy", players=3), ["7♦", "8♦", "9♦"], trump="♥").view(0))


def test_endgame_bot_keeps_its_tables_within_max_table():
    bot = EndgameBot(max_table=2_000)
    sizes = []
    for seed in range(6):
        p = random_endgame(Rules.preset("podkidnoy", players=2), 5, 5, random.Random(seed))
        while p.result is None:
            m = bot.choose(p.view(p.to_act()), random.Random(0))
            sizes.append(bot._solver.table_size)
            p = p.play(m)
    assert bot.solved > 10 and max(sizes) <= 2_000
