"""Reading how a player plays (durak_lab.bots.styles): the posterior over styles finds the style a
player's moves show, says nothing from forced moves, applies only the styles the rules tell apart,
and the expert uses it: it trusts the greedy reading and replies only to styles that are likely,
replays from a seed and sees nothing hidden."""

import random
from dataclasses import replace

import pytest

from durak_lab.analysis.sampling import sample_worlds
from durak_lab.bots import BOTS, FlatMonteCarloBot, GreedyBot, GreedyVariant, SearchBot, play_game
from durak_lab.bots.greedy import greedy_move
from durak_lab.bots.styles import STYLES, StyleReading, ahead, with_ahead
from durak_lab.engine.moves import Move
from durak_lab.engine.state import Position

from helpers import rules


def watch(opponent, seed, preset="podkidnoy", observer=GreedyBot(), styles=STYLES):
    """Seat 0 (``observer``) plays ``opponent``; the StyleReading of seat 0 (over ``styles``) after the
    game, and how many of the opponent's moves were not the greedy bot's."""
    r = rules(preset, players=2)
    p = Position.deal(r, seed=seed)
    rng = random.Random(seed)
    reading = StyleReading(0, r, styles)
    off = 0
    while p.result is None:
        s = p.to_act()
        view = p.view(s)
        m = (observer if s == 0 else opponent).choose(view, rng)
        if s == 1 and m != greedy_move(view, list(view.legal)):
            off += 1
        reading.add(p.view(0), m, rng)
        p = p.play(m)
    return reading, off


def test_the_prior_before_any_move_and_bad_options():
    r = StyleReading(0, rules("podkidnoy", players=2), prior={"other": 3})
    assert r.probabilities(1) == pytest.approx({"greedy": 2 / 7, "greedy+throw": 1 / 7, "greedy+save": 1 / 7,
                                                "other": 3 / 7})
    with pytest.raises(ValueError, match="epsilon"):
        StyleReading(0, rules("podkidnoy", players=2), epsilon=0)
    with pytest.raises(ValueError, match="worlds"):
        StyleReading(0, rules("podkidnoy", players=2), worlds=0)


@pytest.mark.parametrize("preset,players,weighed", [
    ("podkidnoy", 2, {"greedy", "greedy+throw", "greedy+save", "other"}),
    ("perevodnoy", 3, {"greedy", "greedy+throw", "greedy+save", "greedy+transfer", "other"}),
    ("simple", 2, {"greedy", "greedy+throw", "greedy+save", "greedy+pairs", "other"}),
    ("finnish", 2, {st.name for st in STYLES}),
])
def test_only_the_styles_the_rules_tell_apart_are_weighed(preset, players, weighed):
    r = rules(preset, players=players)
    assert {st.name for st in STYLES if st.applies(r)} == weighed
    reading = StyleReading(0, r)
    assert set(reading.log) == set(range(1, players))
    assert set(reading.probabilities(players - 1)) == weighed


def test_a_greedy_player_is_read_as_one_whose_moves_keep_the_greedy_facts():
    # R10, R11, R15: lowest leads, cheapest covers, takes only without a cover
    reads = [watch(GreedyBot(), seed)[0].chance(1, lambda st: st.reads) for seed in range(6)]
    assert sum(p >= 0.5 for p in reads) >= 5, reads


@pytest.mark.parametrize("variant,name", [(GreedyVariant(throw_trumps=True), "greedy+throw"),
                                          (GreedyVariant(save_trumps=True), "greedy+save")])
def test_a_variant_that_showed_itself_is_read_as_that_variant(variant, name):
    shown = right = 0
    for seed in range(8):
        reading, off = watch(variant, seed)
        if off:  # it made a move the greedy bot would not have made
            shown += 1
            right += reading.likely(1)[0].name == name
    assert shown >= 4
    assert right >= shown - 1, (right, shown)


def test_a_searching_player_is_read_as_another_style():
    found = [watch(FlatMonteCarloBot(playouts=60), seed)[0].likely(1)[0].name for seed in range(4)]
    assert found.count("other") >= 3, found


WITH_AHEAD = with_ahead(0.5)


def test_a_player_who_thinks_ahead_is_told_from_a_greedy_one():
    """With the style of a player who mostly, not always, makes the greedy move: a searching player
    is read as that style, not as greedy; a greedy player stays greedy."""
    searched = [watch(FlatMonteCarloBot(playouts=60), seed, styles=WITH_AHEAD)[0] for seed in range(4)]
    assert all(r.probabilities(1)["greedy"] < 0.1 for r in searched), [r.probabilities(1) for r in searched]
    assert all(r.likely(1)[0].name in ("ahead", "other") for r in searched)
    assert any(r.likely(1)[0].name == "ahead" for r in searched)
    greedy = [watch(GreedyBot(), seed, styles=WITH_AHEAD)[0] for seed in range(4)]
    assert all(r.likely(1)[0].name == "greedy" for r in greedy), [r.probabilities(1) for r in greedy]


def test_a_greedy_move_counts_for_thinking_ahead_by_its_chance_and_another_by_the_rest():
    """The likelihood under ``ahead(q)``: q for the greedy move, (1 - q) shared by the other legal
    moves (R10: the greedy lead is the lowest card), each mixed with epsilon of any move."""
    r = rules("podkidnoy", players=2)
    p = Position.start(r, ["7♦ 9♠", "6♣ 8♦ K♣"], trump="♥", discard="rest", attacker=1, first_bout=False)
    view = p.view(0)
    reading = StyleReading(0, r, WITH_AHEAD, epsilon=0.1)
    k = len(p.view(1).legal)
    assert k == 3
    low, high = Move.parse("P2 attack 6♣"), Move.parse("P2 attack K♣")
    got = reading._likelihoods(view, low, random.Random(0))
    assert got["ahead"] == pytest.approx(0.9 * 0.5 + 0.1 / k)
    assert got["greedy"] == pytest.approx(0.9 + 0.1 / k) and got["other"] == pytest.approx(1 / k)
    got = reading._likelihoods(view, high, random.Random(0))
    assert got["ahead"] == pytest.approx(0.9 * 0.5 / (k - 1) + 0.1 / k)
    assert got["greedy"] == pytest.approx(0.1 / k)
    with pytest.raises(ValueError, match="follows"):
        ahead(1.0)


def test_forced_moves_and_the_observers_own_moves_say_nothing():
    r = rules("podkidnoy", players=2)
    p = Position.start(r, ["7♦ 9♠", "8♦"], trump="♥", discard="rest", attacker=0, first_bout=False)
    reading = StyleReading(0, r)
    before = reading.probabilities(1)
    lead = Move.parse("P1 attack 9♠")
    reading.add(p.view(0), lead, random.Random(0))       # its own move
    q = p.play(lead)
    reading.add(q.view(0), Move.parse("P2 take"), random.Random(0))   # 8♦ cannot cover: forced
    assert reading.probabilities(1) == before
    assert reading.moves == 2


def test_the_expert_with_styles_stops_trusting_the_greedy_reading_of_a_searching_player():
    r = rules("podkidnoy", players=2)
    expert = SearchBot(iterations=40, reading=True, styles=True)
    g = play_game(r, [expert, FlatMonteCarloBot(playouts=60)], seed=2)
    assert not g.unfinished
    model = expert._model[1]
    assert model.chance(1, lambda st: st.reads) < 0.5
    assert model.moves > 10


def test_with_ahead_the_tree_searches_a_player_who_thinks_ahead_and_models_a_greedy_one():
    """``SearchBot(ahead=…)`` reads the style of thinking ahead too: the expert (the styles' model in
    every walk, at two players too, and ``ahead=0.5``), against a searching player, searches that
    player in nearly every walk; against a greedy one it plays it by a greedy style in most walks of
    most games (a greedy player can look like one who saves its trumps, a style without a policy:
    then searched)."""
    r = rules("podkidnoy", players=2)
    view = Position.deal(r, seed=2).view(0)
    left: dict = {"FlatMonteCarloBot": [], "GreedyBot": []}
    for seed in range(2, 8):
        for opponent in (FlatMonteCarloBot(playouts=60), GreedyBot()):
            expert = replace(BOTS["expert"](), iterations=60, pool=20)
            g = play_game(r, [expert, opponent], seed=seed)
            assert not g.unfinished and not g.forfeit
            beliefs = expert._model[1]
            assert "ahead" in beliefs.probabilities(1) and beliefs.moves > 10
            table = expert._models(view, beliefs)[1]
            left[type(opponent).__name__].append(sum(p for p, policy in table if policy is None))
    assert all(x >= 0.9 for x in left["FlatMonteCarloBot"]), left
    assert sum(x < 0.5 for x in left["GreedyBot"]) >= 4, left


def test_the_expert_with_styles_replays_from_a_seed():
    r = rules("podkidnoy", players=2)
    games = [play_game(r, [SearchBot(iterations=30, reading=True, styles=True), GreedyVariant(save_trumps=True)],
                       seed=7) for _ in range(2)]
    assert games[0].moves == games[1].moves


@pytest.mark.parametrize("n", [2, 3])
def test_the_expert_with_styles_sees_nothing_hidden(n):
    """Deal the unseen cards again halfway through: the views and the history are the same, so is the move
    (at three players the expert's tree also plays the others by the styles it has read)."""
    r = rules("podkidnoy", players=n)
    p = Position.deal(r, seed=4)
    rng = random.Random(4)
    history = []
    other = GreedyVariant(throw_trumps=True)
    for _ in range(14):
        s = p.to_act()
        m = (GreedyBot() if s == 0 else other).choose(p.view(s), rng)
        history.append((p.view(0), m))
        p = p.play(m)
    while p.to_act() != 0 or len(p.view(0).legal) < 2:
        s = p.to_act()
        m = (GreedyBot() if s == 0 else other).choose(p.view(s), rng)
        history.append((p.view(0), m))
        p = p.play(m)
    view = p.view(0)
    # the flat search with styles, the expert level itself (its tree, pool of worlds, early stop, the
    # styles' models at two players and the style of thinking ahead), without that style, and the last
    # release's expert (half the walks modelled, from three players on), and with model_sure
    for make in (lambda: SearchBot(iterations=40, reading=True, styles=True),
                 lambda: replace(BOTS["expert"](), iterations=60, pool=20),
                 lambda: replace(BOTS["expert"](), iterations=60, pool=20, ahead=0.0),
                 lambda: replace(BOTS["expert"](), iterations=60, pool=20, model_from=3, model_share=0.5, ahead=0.0),
                 lambda: replace(BOTS["expert"](), iterations=60, pool=20, model_sure=0.8)):
        first = make().choose(view, random.Random(3), tuple(history))
        for w in sample_worlds(view, 4, random.Random(1)):
            assert w.view(0) == view
            assert make().choose(w.view(0), random.Random(3), tuple(history)) == first


def test_the_expert_reads_each_move_once_when_the_history_is_built_anew():
    """The play table builds the history's views anew for every move: equal views and the same moves
    read on from the last call; another game starts a new reading."""
    r = rules("podkidnoy", players=2)
    positions, moves = [], []
    p = Position.deal(r, seed=6)
    rng = random.Random(6)
    for _ in range(12):
        m = GreedyBot().choose(p.view(p.to_act()), rng)
        positions.append(p)
        moves.append(m)
        p = p.play(m)
    bot = SearchBot(iterations=20, reading=True, styles=True)
    first = bot.model(tuple((q.view(0), m) for q, m in zip(positions[:8], moves[:8])), 0, r, random.Random(1))
    assert first.moves == 8
    again = bot.model(tuple((q.view(0), m) for q, m in zip(positions, moves)), 0, r, random.Random(1))
    assert again is first and again.moves == 12
    other = Position.deal(r, seed=7)
    new = bot.model(((other.view(0), moves[0]),), 0, r, random.Random(1))
    assert new is not first and new.moves == 1
