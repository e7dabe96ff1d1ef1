"""The greedy playouts (``kernel_greedy``) end where the listing loop ends with the greedy policy.

``greedy_two`` replaces ``kernel_loop.run(cfg, st, -1, greedy, …)`` in the
search bots' rollouts, so it must reach the same final state (hands, talon,
discard, who knows what, the durak: R16-R19, R27-R29) after the same number
of moves, for every two-player configuration it accepts: from the deal, and
from states in the middle of a game (mid-bout, while the defender takes,
after a transfer, R20), reached by random moves.  The listing loop is itself
checked move by move against ``Position`` (test_kernel.py).  The same for
``greedy_multi`` (three to six players, every preset the fast loop plays, and
the partner's cover of pairs, R26),
where greedy players can pass the same cards round for ever: stopped at a move
limit, both leave the game unfinished.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_lab.engine.kernel import core as K
from durak_lab.engine.kernel.rollout import greedy_multi, greedy_run, greedy_two, supports, supports_multi
from durak_lab.engine.kernel.loop import run
from durak_lab.engine.rules import Rules

from test_kernel_two import OPTIONS, PRESETS2  # (this folder is on the path: pytest puts it there)


def _agree(cfg: tuple, state, limit: int = -1) -> bool:
    """greedy_run against the listing loop, both stopped past ``limit`` moves (-1: none): the same
    final state and move count, or both unfinished; True if the game finished."""
    fields, steps = greedy_run(cfg, state, limit)
    listed, moves, listed_steps = run(cfg, state, limit, K.greedy, None, None)
    if listed[14] is None:  # stopped at the limit: unfinished for both
        assert limit >= 0 and moves and fields[14] is None
        return False
    assert moves == []
    assert (K.from_fields(fields), steps) == (K.from_fields(listed), listed_steps)
    return True


def _agree_from_deals_and_midgames(rules: Rules, seeds: int, limit: int = -1) -> None:
    """:func:`_agree` from each seeded deal and from a state a random number of random moves into it."""
    cfg = K.check_rules(rules)
    for seed in range(seeds):
        _agree(cfg, K.deal(rules, seed), limit)
        state = _midgame(rules, seed)
        if state is not None:
            _agree(cfg, state, limit)


def _midgame(rules: Rules, seed: int) -> tuple:
    """A state after a random number of uniformly random moves from a seeded deal (None: the game ended)."""
    rng = random.Random(seed)
    cfg = K.check_rules(rules)
    fields, moves, _ = run(cfg, K.deal(rules, seed), rng.randrange(0, 60), None, rng, None)
    return K.from_fields(fields) if moves else None


@pytest.mark.parametrize("name, rules", PRESETS2, ids=[n for n, _ in PRESETS2])
def test_from_the_deal_as_the_listing_loop(name, rules):
    cfg = K.check_rules(rules)
    for seed in range(200):
        _agree(cfg, K.deal(rules, seed))


@pytest.mark.parametrize("name, rules", PRESETS2, ids=[n for n, _ in PRESETS2])
def test_from_the_middle_of_games_as_the_listing_loop(name, rules):
    cfg = K.check_rules(rules)
    met = 0
    for seed in range(400):
        state = _midgame(rules, seed)
        if state is not None:
            met += 1
            _agree(cfg, state)
    assert met > 300


@pytest.mark.parametrize("changes", OPTIONS, ids=[str(o) for o in OPTIONS])
def test_every_option_of_the_two_player_loop(changes):
    rules = Rules.preset("podkidnoy", players=2, **changes)
    assert supports(K.check_rules(rules))
    _agree_from_deals_and_midgames(rules, 120)


def test_after_a_transfer_the_defender_faces_two_cards():
    """R20: a transfer leaves two uncovered cards, which the greedy playout covers as the listing loop does."""
    rules = Rules.preset("perevodnoy", players=2)
    cfg = K.check_rules(rules)
    found = 0
    for seed in range(400):
        state = _midgame(rules, seed)
        if state is not None and len(state.atk) > len(state.cov) + 1 and not state.taking:
            found += 1
            _agree(cfg, state)
    assert found > 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), name=st.sampled_from([n for n, _ in PRESETS2]))
def test_property_any_seed_any_two_player_preset(seed, name):
    rules = Rules.preset(name, players=2)
    cfg = K.check_rules(rules)
    _agree(cfg, K.deal(rules, seed))
    state = _midgame(rules, seed)
    if state is not None:
        _agree(cfg, state)


def test_other_rules_are_refused():
    with pytest.raises(ValueError, match="two players"):
        greedy_two(K.check_rules(Rules.preset("podkidnoy", players=3)), K.deal(Rules.preset("podkidnoy", players=3), 1))


def _presets_multi():
    for name in K.SUPPORTED_PRESETS:
        for n in range(3, 7):
            try:
                rules = Rules.preset(name, players=n)
            except ValueError:
                continue
            if supports_multi(K.check_rules(rules)):
                yield f"{name}-{n}", rules


PRESETS_MULTI = list(_presets_multi())


def test_three_to_six_players_take_the_greedy_loop():
    names = {name for name, _ in PRESETS_MULTI}
    assert {"podkidnoy-3", "podkidnoy-6", "perevodnoy-4", "classic-5", "neighbours-6", "pairs-4", "pairs-6"} <= names
    # leads of several cards (R10) stay on the listing loop
    assert not supports_multi(K.check_rules(Rules.preset("podkidnoy", players=3, lead=3)))


@pytest.mark.parametrize("name, rules", PRESETS_MULTI, ids=[n for n, _ in PRESETS_MULTI])
def test_three_to_six_players_as_the_listing_loop(name, rules):
    _agree_from_deals_and_midgames(rules, 40, 1000)


def test_a_game_greedy_players_never_finish_stops_at_the_limit():
    rules = Rules.preset("neighbours", players=6)
    cfg = K.check_rules(rules)
    state = K.deal(rules, 28)
    assert not _agree(cfg, state, 1000)
    fields, steps = greedy_multi(cfg, state, 1000)
    assert fields[14] is None and steps > 1000
    assert not _agree(cfg, state, limit=5000)


def test_greedy_run_takes_every_rule_set():
    """Leads of several cards (R10) go to the listing loop, the same games."""
    rules = Rules.preset("podkidnoy", players=3, lead=3)
    cfg = K.check_rules(rules)
    for seed in range(10):
        _agree(cfg, K.deal(rules, seed), 1000)


_TEAMS = [(4, 2, {}), (6, 2, {}), (6, 3, {}), (4, 2, {"throw_in": "neighbours"}), (4, 2, {"after_take": "none"}),
          (4, 2, {"first_bout_limit": 5, "attack_limit": 6}), (6, 3, {"deck": 52})]


@pytest.mark.parametrize("players, teams, changes", _TEAMS, ids=[f"{p}-{t}-{c}" for p, t, c in _TEAMS])
def test_the_partners_cover_as_the_listing_loop(players, teams, changes):
    """R26: the greedy defender who cannot cover passes the card on to a partner who holds cards (the
    greedy policy's last listed move), who covers or passes in turn; once every partner has passed,
    the defender takes.  Teams of two and of three, from the deal and from the middle of games."""
    rules = Rules.preset("pairs", players=players, teams=teams, **changes)
    assert supports_multi(K.check_rules(rules))
    _agree_from_deals_and_midgames(rules, 60, 1000)


def test_a_playout_that_starts_after_the_defender_passed_the_cover_on():
    """R26: from a state where the defender (or his partner too) passed an uncovered card on, the
    greedy playout asks the partner, as the listing loop does; a search's root move makes such states."""
    rules = Rules.preset("pairs")
    cfg = K.check_rules(rules)
    found = 0
    for seed in range(600):
        state = _midgame(rules, seed)
        if state is None or state.taking or len(state.atk) == len(state.cov):
            continue
        if state.passed >> state.defender & 1:
            found += 1
            _agree(cfg, state, 1000)
    assert found >= 5


@pytest.mark.parametrize("name, players", [("podkidnoy", 2), ("perevodnoy", 3), ("pairs", 4), ("by_turns", 3)])
def test_one_move_unlisted_reaches_the_same_state(name, players):
    """``run(…, listed=False)``, the searches' root move before their own playout: the same state as
    the listing run, no moves listed after it; a move that is not legal plays nothing."""
    rules = Rules.preset(name, players=players)
    cfg = K.check_rules(rules)
    for seed in range(150):
        state = _midgame(rules, seed)
        if state is None:
            continue
        _, moves, _ = run(cfg, state, 0, None, None, None)
        for m in moves:
            listed, after, steps = run(cfg, state, 1, m, None, None)
            fields, none, quiet_steps = run(cfg, state, 1, m, None, None, False)
            assert (K.from_fields(fields), none, quiet_steps) == (K.from_fields(listed), [], steps) and steps == 1
            assert (fields[14] is None) == bool(after)  # the game goes on while there are moves
        fields, listed_here, steps = run(cfg, state, 1, -5, None, None, False)
        assert (K.from_fields(fields), steps, listed_here) == (state, 0, moves)
