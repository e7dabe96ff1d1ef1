"""The search bots (durak_lab.bots.search): legal play in every method and rules, replays from a seed,
hidden cards stay hidden (the unseen cards dealt again change no move), the solver once nothing is
hidden, and strength against the greedy and random bots."""

import itertools
import random
from dataclasses import replace

import pytest

from durak_lab.analysis.sampling import agrees, sample_worlds
from durak_lab.analysis.solver import solve
from durak_lab.bots import (BOTS, LEVELS, METHODS, BeginnerBot, GreedyBot, RandomBot, SearchBot, play_deals,
                            play_game)
from durak_lab.analysis.evaluation import kernel_worlds, score
from durak_lab.engine.kernel import core as kernel
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position

from helpers import play, rules, start


def midgame(preset, n, seed, moves=9):
    """A position a few greedy moves into a seeded game where the seat to act has a choice."""
    p = Position.deal(rules(preset, players=n), seed)
    rng = random.Random(seed)
    done = 0
    while done < moves or len(p.view(p.to_act()).legal) < 2:
        p = p.play(GreedyBot().choose(p.view(p.to_act()), rng))
        done += 1
    assert p.talon
    return p


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("preset,n", [("podkidnoy", 2), ("perevodnoy", 2), ("podkidnoy", 4), ("pairs", 4),
                                      ("perevodnoy_show", 3), ("by_turns", 3)])
def test_every_method_plays_legal_moves_to_the_end(method, preset, n):
    bots = [SearchBot(iterations=30, method=method, worlds=5, name=f"s{i}") for i in range(n)]
    g = play_game(rules(preset, players=n), bots, seed=11)
    assert not g.unfinished
    assert sum(bots[0].stats.values()) > 0


@pytest.mark.parametrize("preset", ["pushing", "unlimited_choice", "doker"])
def test_rules_the_kernel_does_not_play_go_to_the_base_bot(preset):
    bots = [SearchBot(iterations=20, name=f"s{i}") for i in range(2)]
    g = play_game(rules(preset, players=2), bots, seed=3)
    assert not g.unfinished
    assert bots[0].stats.get("base", 0) > 0 and bots[0].stats.get("search", 0) == 0


@pytest.mark.parametrize("method", METHODS)
def test_a_seed_replays_the_same_move(method):
    p = midgame("podkidnoy", 2, 5)
    v = p.view(p.to_act())
    moves = {str(SearchBot(iterations=60, method=method, worlds=4).choose(v, random.Random(9))) for _ in range(3)}
    assert len(moves) == 1


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("preset,n,seed", [("podkidnoy", 2, 1), ("perevodnoy", 3, 2), ("podkidnoy", 4, 3)])
def test_hidden_cards_stay_hidden(method, preset, n, seed):
    """Deal the cards the seat cannot see again: the view is the same, so is the move (for one rng seed)."""
    p = midgame(preset, n, seed)
    s = p.to_act()
    view = p.view(s)
    assert len(view.legal) > 1
    first = SearchBot(iterations=40, method=method, worlds=4).choose(view, random.Random(4))
    worlds = sample_worlds(view, 6, random.Random(seed))
    assert any(w.hands != p.hands or w.talon != p.talon for w in worlds)  # other hands, other talons
    for w in worlds:
        assert w.view(s) == view
        again = SearchBot(iterations=40, method=method, worlds=4).choose(w.view(s), random.Random(4))
        assert again == first


def test_kernel_worlds_agree_with_the_view_and_the_turn():
    p = midgame("podkidnoy", 4, 6, moves=7)
    s = p.to_act()
    view = p.view(s)
    it = kernel_worlds(view, random.Random(1))
    seen = set()
    for _ in range(30):
        k = next(it)
        w = kernel.to_position(k)
        assert agrees(w, view)
        assert kernel.to_act(k) == s
        seen.add(k.hands)
    assert len(seen) > 20  # the hidden hands differ from world to world


@pytest.mark.parametrize("preset,n", [("podkidnoy", 3), ("perevodnoy", 4), ("pairs", 4), ("neighbours", 5),
                                      ("classic", 6), ("by_turns", 3)])
def test_a_turn_called_public_is_every_worlds_turn(preset, n):
    """R10-R12, R26: where ``turn_is_public`` says the seat to act cannot depend on the hidden cards
    (so the worlds are not dealt again for it), every world dealt, for the seat to act and for
    another seat, has that seat to act; and it does say so for most views (the search's own turns)."""
    from durak_lab.analysis.evaluation.worlds import turn_is_public
    from durak_lab.analysis.sampling import iter_deals
    from durak_lab.engine.kernel.loop import run

    r = rules(preset, players=n)
    cfg = kernel.check_rules(r)
    public = views = 0
    for seed in range(6):
        p, rng = Position.deal(r, seed), random.Random(seed)
        while p.result is None:
            s = p.to_act()
            for viewer in (s, (s + 1) % n):
                view = p.view(viewer)
                views += 1
                if not turn_is_public(view):
                    continue
                public += 1
                head = kernel.kernel_state(p)
                for hands, talon in itertools.islice(iter_deals(view, random.Random(views), max_attempts=None), 6):
                    k = head._replace(hands=hands, talon=tuple(talon))
                    assert run(cfg, k, 0, None, None, None)[1][0] >> 12 & 15 == s
            legal = p.view(s).legal
            p = p.play(legal[rng.randrange(len(legal))] if rng.random() < 0.4 else GreedyBot().choose(p.view(s), rng))
    if preset == "by_turns":
        assert public == 0
    else:
        assert public > views / 2


@pytest.mark.parametrize("preset,n", [("podkidnoy", 2), ("perevodnoy", 3), ("pairs", 4)])
def test_kernel_worlds_are_the_samplers_worlds(preset, n):
    """The worlds are dealt without building positions: the same worlds, in the same order, as the
    sampler's positions for the same seed, the reading's bars included."""
    from durak_lab.analysis.inference.reading import Reading
    from durak_lab.analysis.sampling import iter_worlds

    p = Position.deal(rules(preset, players=n), 4)
    rng, history, checked = random.Random(4), [], 0
    while p.result is None and checked < 6:
        s = p.to_act()
        view = p.view(s)
        if len(view.legal) > 1 and s == 0 and history:
            reading = Reading.of(history, 0)
            plan = reading.plan(view)
            ours = kernel_worlds(view, random.Random(checked), tries=0, reading=reading)
            exclude = (lambda r: Reading.bars(plan, r)) if any(plan) else None
            theirs = iter_worlds(view, random.Random(checked), max_attempts=50 if exclude else None, exclude=exclude)
            for _ in range(5):
                assert tuple(next(ours)) == tuple(kernel.kernel_state(next(theirs)))
            checked += 1
        move = GreedyBot().choose(view, rng)
        history.append((p.view(0), move))
        p = p.play(move)
    assert checked >= 3


def test_the_flat_search_leaves_out_only_moves_far_behind():
    """With ``stop_z`` the search stops playing moves far behind the best; the move it keeps to the end
    has the counts the whole search gives it (the same worlds), and without ``stop_z`` nothing changes."""
    from durak_lab.bots.search import _flat
    from durak_lab.engine.kernel import check_rules

    for seed in (2, 5, 8):
        p = midgame("podkidnoy", 2, seed)
        view = p.view(p.to_act())
        cfg = check_rules(view.rules)
        moves = [kernel.kernel_move(m) for m in view.legal]
        whole = _flat(cfg, kernel_worlds(view, random.Random(seed)), moves, 600, random.Random(0), None)
        same = _flat(cfg, kernel_worlds(view, random.Random(seed)), moves, 600, random.Random(0), None, 0.0)
        cut = _flat(cfg, kernel_worlds(view, random.Random(seed)), moves, 600, random.Random(0), None, 3.0)
        assert same == whole
        best = max(cut, key=lambda m: cut[m][1] / cut[m][0])
        assert cut[best] == whole[best]
        assert sum(c[0] for c in cut.values()) <= sum(c[0] for c in whole.values())
        assert all(c[0] >= whole[m][0] // 2 for m, c in cut.items())  # half the worlds, at least, for every move
        early = _flat(cfg, kernel_worlds(view, random.Random(seed)), moves, 600, random.Random(0), None, 2.5, 0.2)
        best = max(early, key=lambda m: early[m][1] / early[m][0])
        assert early[best] == whole[best]
        per = -(-600 // len(moves))
        assert all(c[0] >= int(per * 0.2) for c in early.values())  # a fifth of the worlds, at least
        assert sum(c[0] for c in early.values()) <= sum(c[0] for c in cut.values())


def test_stop_from_is_a_share_of_the_playouts():
    with pytest.raises(ValueError, match="stop_from"):
        SearchBot(stop_from=0.0)
    with pytest.raises(ValueError, match="stop_from"):
        SearchBot(stop_from=1.5)


def test_score_of_a_result():
    # R27, R28: the durak scores 0, the others 1; R29: a draw 1/2 for all
    assert [score((2,), s) for s in range(3)] == [1.0, 1.0, 0.0]
    assert score((), 1) == 0.5


def test_the_solver_plays_once_nothing_is_hidden():
    # R19, R28: two players, an empty talon: every move the bot makes keeps the solver's value
    rng = random.Random(2)
    for i in range(6):
        p = random_endgame(rules("podkidnoy"), 4, 4, random.Random(i))
        bot = SearchBot(iterations=20)
        while p.result is None and len(p.hands) == 2 and p.to_act() is not None:
            s = p.to_act()
            value = solve(p, seat=s).value
            m = bot.choose(p.view(s), rng)
            after = p.play(m)
            if after.result is None:
                assert solve(after, seat=s).value == value, str(m)
            p = after
        assert bot.stats.get("solver", 0) > 0 and bot.stats.get("search", 0) == 0


def test_a_tiny_solver_budget_leaves_the_move_to_the_search():
    p = random_endgame(rules("podkidnoy"), 8, 8, random.Random(3))
    bot = SearchBot(iterations=20, solver_nodes=10)
    assert bot.choose(p.view(p.to_act()), random.Random(0)) in p.view(p.to_act()).legal
    assert bot.stats == {"search": 1}


def test_the_seconds_cap_stops_the_search():
    p = midgame("podkidnoy", 2, 8)
    v = p.view(p.to_act())
    assert SearchBot(iterations=10**9, seconds=0.05).choose(v, random.Random(0)) in v.legal


def test_bad_settings_say_what_is_wrong():
    with pytest.raises(ValueError, match="method"):
        SearchBot(method="minimax")
    with pytest.raises(ValueError, match="iterations"):
        SearchBot(iterations=0)


def test_search_beats_the_greedy_bot_and_greedy_beats_random():
    """Strength, measured small: 16 duplicate deals (32 games) of 2-player podkidnoy."""
    r = rules("podkidnoy")

    def wins(t, name):
        return sum(1 for g in t.games if g.losers and g.seats[g.losers[0]] != name)

    t = play_deals(r, [SearchBot(iterations=150, name="search"), GreedyBot()], deals=16, seed=1)
    assert wins(t, "search") >= 20
    t = play_deals(r, [GreedyBot(), RandomBot()], deals=16, seed=1)
    assert wins(t, "greedy") >= 24
    t = play_deals(r, [GreedyBot(), BeginnerBot()], deals=16, seed=1)
    assert wins(t, "greedy") >= 17


def test_the_levels_are_bots_weakest_first():
    assert set(LEVELS) <= set(BOTS)
    assert LEVELS[0] == "beginner"
    strongest = BOTS[LEVELS[-1]]()
    assert isinstance(strongest, SearchBot) and strongest.iterations == max(
        b.iterations for b in map(lambda n: BOTS[n](), LEVELS) if isinstance(b, SearchBot))


def test_every_level_and_the_style_of_thinking_ahead_pickle_and_play_the_same_games():
    # a process pool or a Dask worker gets each bot pickled: every style the reading holds must pickle
    import pickle

    from durak_lab.bots import play_game

    r = rules("podkidnoy")
    bots = [BOTS[name]() for name in BOTS] + [SearchBot(iterations=60, ahead=0.5, reading=True, method="ismcts",
                                                        opponents="styles", model_from=2, model_share=1.0)]
    for bot in bots:
        twin = pickle.loads(pickle.dumps(bot))
        assert type(twin) is type(bot) and twin.name == bot.name
    ahead, twin = bots[-1], pickle.loads(pickle.dumps(bots[-1]))
    one = play_game(r, [ahead, GreedyBot()], seed=3)
    two = play_game(r, [twin, GreedyBot()], seed=3)
    assert one.moves == two.moves and one.losers == two.losers and len(one.moves) > 10


def test_the_reply_breaks_its_ties_by_play_to_the_end():
    """With ``reply_ties`` the best reply keeps some of the moves it kept without (those that do best
    against perfect play after the talon, R19, R28), narrowed to those that do best if the greedy
    player goes on its way to the end; on the same worlds, near the end of greedy games."""
    from durak_lab.analysis.inference.reading import Reading
    from durak_lab.engine.kernel import check_rules

    podkidnoy = rules("podkidnoy", players=2)
    cfg = check_rules(podkidnoy)
    found = narrowed = 0
    for seed in range(12):
        p = Position.deal(podkidnoy, seed)
        rng, history = random.Random(seed), []
        while p.result is None:
            s = p.to_act()
            view = p.view(s)
            if s == 0 and 0 < view.talon_size <= 4 and len(view.legal) > 1:
                reading = Reading.of(history, 0)
                moves = [kernel.kernel_move(m) for m in view.legal]
                plain = SearchBot(reply_worlds=6)._reply(view, reading, cfg, moves, random.Random(1))
                ties = SearchBot(reply_worlds=6, reply_ties=True)._reply(view, reading, cfg, moves, random.Random(1))
                if plain is not None:
                    found += 1
                    assert ties and set(ties) <= set(plain)
                    narrowed += len(ties) < len(plain)
            move = GreedyBot().choose(view, rng)
            history.append((p.view(0), move))
            p = p.play(move)
    assert found >= 10 and narrowed >= 1, (found, narrowed)


def _ismcts_counted(view, iterations, seed=0, **options):
    """The tree of the information-set search from ``view``, and how many worlds it dealt."""
    from durak_lab.bots.search import _ismcts
    from durak_lab.engine.kernel import check_rules

    dealt = [0]
    source = kernel_worlds(view, random.Random(seed))

    def worlds():
        while True:
            dealt[0] += 1
            yield next(source)
    moves = [kernel.kernel_move(m) for m in view.legal]
    tree = _ismcts(check_rules(view.rules), worlds(), moves, iterations, 0.7, random.Random(seed), None, **options)
    return tree, dealt[0]


def _depth(kids: dict) -> int:
    return max((1 + _depth(node[3]) for node in kids.values()), default=0)


def test_a_settled_tree_search_chooses_the_whole_searchs_move_sooner():
    """``settle=1``: the search ends once no other root move could catch the most visited one: the
    same move, by the same counts of the same worlds, as the whole search, and fewer iterations."""
    shorter = 0
    for seed in range(2, 10):
        p = midgame("podkidnoy", 2, seed)
        view = p.view(p.to_act())
        whole, _ = _ismcts_counted(view, 400, seed)
        cut, _ = _ismcts_counted(view, 400, seed, settle=1.0)
        best = max(whole, key=lambda m: (whole[m][0], whole[m][1]))
        assert max(cut, key=lambda m: (cut[m][0], cut[m][1])) == best
        ahead = cut[best][0] - max(n[0] for m, n in cut.items() if m != best)
        done = sum(n[0] for n in cut.values())
        assert done == 400 or ahead > 400 - done
        shorter += done < 400
    assert shorter >= 2


def test_the_tree_grows_no_deeper_than_its_depth_and_a_pool_deals_its_worlds_once():
    p = midgame("podkidnoy", 2, 4)
    view = p.view(p.to_act())
    free, dealt = _ismcts_counted(view, 300)
    assert _depth(free) > 3 and dealt == 300
    capped, dealt = _ismcts_counted(view, 300, depth=3)
    assert _depth(capped) == 3 and sum(n[0] for n in capped.values()) == 300
    pooled, dealt = _ismcts_counted(view, 300, pool=40)
    assert dealt == 40 and sum(n[0] for n in pooled.values()) == 300


def test_the_tree_settings_must_make_sense():
    with pytest.raises(ValueError, match="depth"):
        SearchBot(depth=-1)
    with pytest.raises(ValueError, match="pool"):
        SearchBot(pool=-2)
    with pytest.raises(ValueError, match="settle"):
        SearchBot(settle=1.5)


def test_method_many_is_the_method_at_a_table_of_three_or_more():
    both = SearchBot(iterations=120, method="ismcts", method_many="flat")
    for n, alone in ((2, "ismcts"), (3, "flat"), (4, "flat")):
        for seed in (1, 6):
            p = midgame("podkidnoy", n, seed)
            v = p.view(p.to_act())
            assert both.choose(v, random.Random(seed)) == \
                SearchBot(iterations=120, method=alone).choose(v, random.Random(seed))
    with pytest.raises(ValueError, match="method_many"):
        SearchBot(method_many="minimax")


def _opponent_levels(kids: dict, me: int, out: list) -> list:
    """Every node's children where another seat than ``me`` moves: ``[(mover, {move: node})]`` (the next
    seat to move may differ between worlds: a throw-in in one, the next bout's lead in another)."""
    for node in kids.values():
        below = node[3]
        theirs = {m: n for m, n in below.items() if m >> 12 & 15 != me}
        if theirs:
            out.append((next(iter(theirs)) >> 12 & 15, theirs))
        _opponent_levels(below, me, out)
    return out


def test_a_modelled_seat_plays_its_policy_in_the_tree():
    """``models``: a seat played by a policy in a walk makes the policy's move there, and only
    that (each world may give another); a chance of 0 never plays it, and the tree then searches it."""
    p = midgame("podkidnoy", 2, 4)
    view = p.view(p.to_act())
    me, other = view.seat, 1 - view.seat
    chosen: list = []

    def policy(moves, trump, talon_left, rng):
        m = kernel.greedy(moves, trump, talon_left, rng)
        chosen.append((tuple(moves), m))
        return m
    tree, _ = _ismcts_counted(view, 300, models={other: [(1.0, policy)]})
    levels = _opponent_levels(tree, me, [])
    assert levels and chosen
    played = {m for _, m in chosen}
    for mover, kids in levels:
        assert mover == other and set(kids) <= played
    chosen.clear()
    searched, _ = _ismcts_counted(view, 300, models={other: [(0.0, policy), (1.0, None)]})
    assert not chosen
    assert any(len(kids) > 1 for _, kids in _opponent_levels(searched, me, []))
    assert sum(n[0] for n in searched.values()) == sum(n[0] for n in tree.values()) == 300


def test_opponents_by_styles_are_the_posteriors_policies():
    """``opponents="styles"``: each other seat played at a walk by a style drawn from the posterior (the
    styles with a kernel policy, the rest searched, their chances adding up to 1); ``"greedy"``:
    every other seat greedy; ``"search"`` or no posterior: no model."""
    from durak_lab.bots.styles import StyleReading
    p = midgame("podkidnoy", 3, 2)
    view = p.view(p.to_act())
    beliefs = StyleReading(view.seat, view.rules)
    bot = SearchBot(method="ismcts", reading=True, styles=True, opponents="styles")
    models = bot._models(view, beliefs)
    others = {s for s in range(3) if s != view.seat}
    assert set(models) == others
    for s in others:
        table = models[s]
        probs = beliefs.probabilities(s)
        assert abs(sum(x for x, _ in table) - 1) < 1e-9 and table[-1][1] is None
        assert [x for x, _ in table[:-1]] == [probs["greedy"], probs["greedy+throw"]]
        assert table[0][1] is kernel.greedy
    half = replace(bot, model_share=0.5)._models(view, beliefs)
    for s in others:
        assert [x for x, _ in half[s][:-1]] == [x / 2 for x, _ in models[s][:-1]]
        assert abs(sum(x for x, _ in half[s]) - 1) < 1e-9 and half[s][-1][1] is None
    # model_sure: a seat is played by a model only once the styles with a policy are at least that likely
    # (before any move, greedy and greedy+throw: 3 of the prior's 5 weights)
    modelled = probs["greedy"] + probs["greedy+throw"]
    assert abs(modelled - 0.6) < 1e-9
    assert replace(bot, model_sure=0.6)._models(view, beliefs) == models
    assert replace(bot, model_sure=0.61)._models(view, beliefs) is None
    assert replace(bot, model_share=0.5, model_sure=0.6)._models(view, beliefs) == half  # (of the chances unscaled)
    with pytest.raises(ValueError, match="model_sure"):
        SearchBot(model_sure=1.5)
    assert replace(bot, model_from=4)._models(view, beliefs) is None  # (three players at this table)
    assert replace(bot, model_from=3)._models(view, beliefs) == models
    assert bot._models(view, None) is None
    assert replace(bot, opponents="search")._models(view, beliefs) is None
    assert replace(bot, opponents="greedy")._models(view, None) == {s: [(1.0, kernel.greedy)] for s in others}
    with pytest.raises(ValueError, match="opponents"):
        SearchBot(opponents="mind-reading")
    with pytest.raises(ValueError, match="model_share"):
        SearchBot(model_share=1.5)
    with pytest.raises(ValueError, match="model_from"):
        SearchBot(model_from=1)
    with pytest.raises(ValueError, match="ahead"):
        SearchBot(ahead=1.0)


def test_the_styles_model_plays_whole_games():
    """The tree with the styles' model plays legal moves to the end (an illegal one would forfeit), and
    has a model to play once it has read some moves (hidden cards: tests/bots/test_styles.py)."""
    bot = SearchBot(iterations=60, method="ismcts", reading=True, styles=True, opponents="styles")
    modelled = []
    models = bot._models

    def counted(view, beliefs):
        out = models(view, beliefs)
        modelled.append(out is not None)
        return out
    bot._models = counted  # type: ignore[method-assign]
    for n in (2, 3):
        modelled.clear()
        r = play_game(rules("podkidnoy", players=n), [bot] + [GreedyBot()] * (n - 1), seed=5)
        assert not r.forfeit and not r.unfinished and r.losers is not None
        assert any(modelled), n
