"""The opponents written apart from the search bots (``durak_lab.bots.population``): the flat Monte
Carlo bot, the determinised MCTS bot and the information-set MCTS bot find won moves, see only their view, and replay for a seed; the greedy variants are
the greedy bot with every flag off and each flag changes the moves it says it changes."""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.solver import exact_move_values
from durak_lab.bots import GreedyBot, play_deals
from durak_lab.bots.population import (POPULATION, DeterminizedMCTSBot, FlatMonteCarloBot, GreedyVariant, ISMCTSBot,
                                      value_for)
from durak_lab.bots.tournament import InProcess
from durak_lab.engine.partial import Partial
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from helpers import CONFIGS


def game_positions(rules: Rules, seed: int):
    rng = random.Random(seed)
    p = Position.deal(rules, rng)
    while p.result is None:
        yield p
        p = p.play_unchecked(rng.choice(p.sequential_moves()))


def won_moves_found(make, seed: int, count: int = 12) -> int:
    """In how many of ``count`` small open endgames (3+3 cards, 2-player podkidnoy; some moves win
    against perfect play and some do not, R19, R28) the bot ``make()`` plays a move that wins."""
    rules = Rules.preset("podkidnoy", players=2)
    rng, right, tried = random.Random(seed), 0, 0
    while tried < count:
        q = random_endgame(rules, 3, 3, rng)
        seat = q.to_act()
        values = dict(exact_move_values(q, seat) or [])
        wins = {m for m, v in values.items() if v > 0}
        if not wins or len(wins) == len(values):
            continue
        right += make().choose(q.view(seat), random.Random(tried)) in wins
        tried += 1
    return right


def test_flat_monte_carlo_values_moves_by_their_playouts():
    """A move that ends the game at once is valued by its result: the defender covers his last card
    with his last card (a draw, R29) rather than take and be the durak; and with more playouts it
    prefers the moves the exact solver says win, in small open endgames, far more often than not."""
    rules = Rules.preset("podkidnoy", players=2)
    p = Position.start(rules, ["7♠", "9♠"], trump="♥", discard="rest", attacker=0, first_bout=False)
    p = p.play("P1 attack 7♠")
    values = dict(exact_move_values(p, 1))
    assert {str(m): v for m, v in values.items()} == {"P2 cover 7♠ with 9♠": 0, "P2 take": -1}
    assert str(FlatMonteCarloBot(playouts=10).choose(p.view(1), random.Random(0))) == "P2 cover 7♠ with 9♠"
    right = won_moves_found(lambda: FlatMonteCarloBot(playouts=400, rollout="greedy"), seed=3)
    assert right >= 8, right


def test_flat_monte_carlo_sees_only_its_view_and_replays_for_a_seed():
    rules = Rules.preset("perevodnoy", players=3)
    bot = FlatMonteCarloBot(playouts=60)
    for i, p in enumerate(game_positions(rules, 5)):
        if i % 9 or len(p.sequential_moves()) < 2:
            continue
        seat = p.to_act()
        move = bot.choose(p.view(seat), random.Random(i))
        other = Partial.seen_from(p, seat).deal(random.Random(i + 1))  # the hidden cards dealt again
        assert bot.choose(other.view(seat), random.Random(i)) == move
        if i > 60:
            break


def test_flat_monte_carlo_plays_rules_the_kernel_does_not():
    rules = Rules.preset("pushing", players=2)
    t = play_deals(rules, [FlatMonteCarloBot(playouts=8), GreedyBot()], deals=1, seed=2, executor=InProcess())
    assert all(g.losers is not None and not g.unfinished for g in t.games)


TREES = {
    "dmcts": lambda n, rollout="random": DeterminizedMCTSBot(iterations=n, worlds=3, rollout=rollout),
    "ismcts": lambda n, rollout="random": ISMCTSBot(iterations=n, rollout=rollout),
}


@pytest.mark.parametrize("tree", sorted(TREES))
@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_the_tree_searches_find_won_moves_of_open_endgames(tree, rollout):
    """In small open endgames (every card known, R19, R28) the trees prefer the moves the exact solver
    says win far more often than not."""
    right = won_moves_found(lambda: TREES[tree](300, rollout), seed=5)
    assert right >= 9, right


@pytest.mark.parametrize("tree", sorted(TREES))
def test_the_tree_searches_see_only_their_view_and_replay_for_a_seed(tree):
    rules = Rules.preset("perevodnoy", players=3)
    bot = TREES[tree](60)
    checked = 0
    for i, p in enumerate(game_positions(rules, 7)):
        if i % 9 or len(p.sequential_moves()) < 2:
            continue
        seat = p.to_act()
        move = bot.choose(p.view(seat), random.Random(i))
        assert move in p.view(seat).legal
        assert bot.choose(p.view(seat), random.Random(i)) == move
        other = Partial.seen_from(p, seat).deal(random.Random(i + 1))  # the hidden cards dealt again
        assert bot.choose(other.view(seat), random.Random(i)) == move
        checked += 1
        if i > 60:
            break
    assert checked >= 4


@pytest.mark.parametrize("tree", sorted(TREES))
def test_the_tree_searches_play_rules_the_kernel_does_not_and_refuse_bad_options(tree):
    rules = Rules.preset("pushing", players=2)
    t = play_deals(rules, [TREES[tree](8), GreedyBot()], deals=1, seed=2, executor=InProcess())
    assert all(g.losers is not None and not g.unfinished for g in t.games)
    with pytest.raises(ValueError, match="rollout"):
        TREES[tree](8, "smart")
    with pytest.raises(ValueError, match="at least 1"):
        TREES[tree](0)


@pytest.mark.parametrize("preset,players", [(p, n) for p, n in CONFIGS if n <= 4])
def test_the_variant_with_no_flag_is_the_greedy_bot(preset, players):
    rules = Rules.preset(preset, players=players)
    plain, greedy = GreedyVariant(), GreedyBot()
    for p in game_positions(rules, players):
        v = p.view(p.to_act())
        assert plain.choose(v, random.Random(0)) == greedy.choose(v, random.Random(0)), str(p)


def test_each_flag_changes_the_moves_it_names():
    changed = {"throw": 0, "save": 0, "pairs": 0, "transfer": 0}
    greedy = GreedyBot()
    variants = {"throw": GreedyVariant(throw_trumps=True), "save": GreedyVariant(save_trumps=True),
                "pairs": GreedyVariant(pairs=True), "transfer": GreedyVariant(transfer=True)}
    for preset in ("podkidnoy", "perevodnoy", "finnish"):
        rules = Rules.preset(preset, players=2)
        for seed in range(6):
            for p in game_positions(rules, seed):
                v = p.view(p.to_act())
                base = greedy.choose(v, random.Random(0))
                for flag, bot in variants.items():
                    m = bot.choose(v, random.Random(0))
                    if m == base:
                        continue
                    changed[flag] += 1
                    if flag == "throw":
                        assert m.kind == "attack" and m.cards[0].suit == v.trump and v.talon_size > 0
                    elif flag == "save":
                        # the trump cover of a low card is put off: take, or cover another card first
                        assert base.kind == "cover" and base.cards[0].suit == v.trump and m.kind in ("take", "cover")
                    elif flag == "pairs":
                        assert m.kind == "attack" and len(m.cards) > 1
                    else:
                        assert m.kind == "transfer"
    assert all(changed.values()), changed


def test_the_population_plays():
    rules = Rules.preset("perevodnoy", players=2)
    for name, make in POPULATION.items():
        bot = make()
        if isinstance(bot, FlatMonteCarloBot):
            bot = FlatMonteCarloBot(playouts=10, rollout=bot.rollout, name=bot.name)
        elif isinstance(bot, (DeterminizedMCTSBot, ISMCTSBot)):  # the same bot, a smaller budget
            bot = type(bot)(iterations=40, rollout=bot.rollout, name=bot.name)
        t = play_deals(rules, [bot, GreedyBot()], deals=1, seed=3, executor=InProcess())
        assert len(t.games) == 2 and all(not g.unfinished for g in t.games), name
    assert value_for((0, 2), 2) == -1.0 and value_for(None, 1) == 0.0
