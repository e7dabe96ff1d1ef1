"""The search's node savings of durak_lab/analysis/solver/search.py, each where it fires.

Every saving must keep the solver exact: at positions where it fires, the value
and every move's value are those of the earlier search (tests/solver_reference.py),
which has none of them.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.solver import Solver
from durak_lab.analysis.solver.model import _state_of
from durak_lab.analysis.solver.search import _Search
from durak_lab.engine.cards import BEATERS, CardSet
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from solver_oracle import score
from solver_reference import _Search as _ReferenceSearch


def reference_value(p: Position, seat: int) -> int:
    """The earlier search's value of ``p`` for ``seat`` (a finished game: its result)."""
    if p.result is not None:
        return score(p.result, seat)
    v = _ReferenceSearch(p.rules, p.trump, max_table=None).value(_state_of(p))
    return v if p.to_act() == seat else -v


def check_exact(p: Position) -> None:
    """The solver's value and every move's value at ``p`` are the earlier search's."""
    s = Solver().solve(p)
    mover = p.to_act()
    assert s.value == reference_value(p, mover), str(p)
    for mv, v in s.move_values:
        assert v == reference_value(p.play_unchecked(mv), mover), (str(p), str(mv))


def start(preset: str, hands: list, trump: str, attacker: int) -> Position:
    return Position.start(Rules.preset(preset, players=2), hands, trump=trump, discard="rest",
                          attacker=attacker, first_bout=False)


# ---------------------------------------------------------------- the shedding bounds at a bout start
@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_a_defender_who_beats_nothing_loses(preset):
    # R11: 6♣ 7♣ 8♦ beat none of 9♣ 10♦ J♥ (♠ trump); R18: the attacker leads again after each take
    p = start(preset, ["9♣ 10♦ J♥", "6♣ 7♣ 8♦"], "♠", 0)
    srch = _Search(p.rules, p.trump)
    a, d, _, _, _, x = _state_of(p)
    assert srch.shed_bound(a, d, x) == 1
    assert Solver().value(p) == 1
    check_exact(p)


@pytest.mark.parametrize("hands", [["9♣ 10♦ 7♥", "6♣ 9♦ 8♦"], ["9♣ 10♦ 9♥", "6♣ 7♣ 8♦"]])
def test_with_transfers_a_shared_rank_blocks_the_bound(hands):
    # R20: the defender's 9♦ (or a 9 he picked up) could pass a 9 on: no bound
    p = start("perevodnoy", hands, "♠", 0)
    srch = _Search(p.rules, p.trump)
    a, d, _, _, _, x = _state_of(p)
    assert srch.shed_bound(a, d, x) is None
    check_exact(p)


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_one_defender_card_that_beats_everything_wins(preset):
    # R11, R28: the trump ace covers whatever is led and the defender goes out first
    p = start(preset, ["9♣ 10♦ K♠", "A♠"], "♠", 0)
    srch = _Search(p.rules, p.trump)
    a, d, _, _, _, x = _state_of(p)
    assert srch.shed_bound(a, d, x) == -1
    assert Solver().value(p) == -1
    check_exact(p)


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_the_shedding_bounds_where_they_fire_on_random_endgames(preset):
    rules = Rules.preset(preset, players=2)
    rng = random.Random(f"shed:{preset}")
    fired = {1: 0, -1: 0}
    for i in range(4000):
        n = 2 + i % 3
        p = random_endgame(rules, n, rng.choice((1, 2, n)), rng)
        srch = _Search(p.rules, p.trump)
        a, d, tbl, _, _, x = _state_of(p)
        v = srch.shed_bound(a, d, x) if not tbl and a & (a - 1) else None
        if v is None or fired[v] >= 8:
            continue
        fired[v] += 1
        assert v == reference_value(p, p.to_act()), str(p)
        check_exact(p)
        if min(fired.values()) >= 8:
            break
    assert min(fired.values()) >= 8, fired


# ---------------------------------------------------------------- what the table keeps
@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_the_table_keeps_no_defenders_choice_inside_a_bout_and_stays_exact(preset):
    rules = Rules.preset(preset, players=2)
    rng = random.Random(f"table:{preset}")
    kept = 0
    for i in range(12):
        p = random_endgame(rules, 4 + i % 2, 4 + i % 2, rng)
        moves = p.sequential_moves()
        p = p.play_unchecked(moves[rng.randrange(len(moves))])  # a lead: mid-bout
        if p.result is not None:
            continue
        solver = Solver()
        check_exact(p)
        solver.solve(p)
        (srch,) = solver._searches.values()
        for key in srch.tt:
            if type(key) is tuple:  # a position inside a bout: (a, d, table, uncovered, taking, x)
                assert not key[3] or key[4], key
                kept += 1
    assert kept > 0  # the attacker's choices inside a bout are kept


# ---------------------------------------------------------------- one rank to shed, with transfers
def test_with_transfers_one_rank_the_defender_cannot_pass_on_is_shed():
    # R12, R20: 9♣ 9♦ are led and thrown in; without a 9 the defender cannot pass them on
    p = start("perevodnoy", ["9♣ 9♦", "6♣ 7♣ A♠"], "♠", 0)
    srch = _Search(p.rules, p.trump)
    a, d, _, _, _, x = _state_of(p)
    assert srch.quick(a, d, x) == 1
    check_exact(p)
    # with a 9 the defender may transfer: no shortcut
    q = start("perevodnoy", ["9♣ 9♦", "6♣ 9♥ A♠"], "♠", 0)
    a, d, _, _, _, x = _state_of(q)
    assert srch.quick(a, d, x) is None
    check_exact(q)


def test_one_rank_shortcut_with_transfers_on_random_endgames():
    rules = Rules.preset("perevodnoy", players=2)
    rng = random.Random("one-rank")
    fired = 0
    for i in range(3000):
        p = random_endgame(rules, 2 + i % 2, 3 + i % 3, rng)
        srch = _Search(p.rules, p.trump)
        a, d, tbl, _, _, x = _state_of(p)
        if tbl or not a & (a - 1) or srch.quick(a, d, x) is None:
            continue
        fired += 1
        check_exact(p)
        if fired >= 10:
            break
    assert fired >= 10



def test_only_the_lowest_of_a_run_of_interchangeable_covers_is_searched():
    """7♥ led against 8♥ 9♥ 10♥ 6♠ (♠ trump): the three hearts are a run (each the next card in
    play above the other, each alone in its rank), so the search tries 8♥, then the trump (R11);
    9♥ and 10♥ are as good as 8♥.  The value and every move's value stay the earlier search's."""
    p = start("podkidnoy", ["7♥ J♣ Q♣", "8♥ 9♥ 10♥ 6♠"], "♠", 0)
    led = p.play("P1 attack 7♥")
    srch = _Search(p.rules, p.trump)
    a, d, tbl, _, _, x = _state_of(led)
    bt = d & BEATERS[p.trump][mask("7♥").bit_length() - 1]
    assert bt == d  # every card of his covers
    assert srch.cover_order(bt, a | d | tbl, x >> 1) == (mask("8♥"), mask("6♠"))
    # 9♥ and 10♥ stand apart once a club shares a rank with one of them
    p2 = start("podkidnoy", ["7♥ J♣ 9♣", "8♥ 9♥ 10♥ 6♠"], "♠", 0)
    a2, d2, tbl2, _, _, x2 = _state_of(p2.play("P1 attack 7♥"))
    assert srch.cover_order(d2, a2 | d2 | tbl2, x2 >> 1) == (mask("8♥"), mask("9♥"), mask("10♥"), mask("6♠"))
    for q in (p, led, p2):
        check_exact(q)


def mask(text: str) -> int:
    return CardSet.parse(text).mask


# ---------------------------------------------------------------- the bout-start keys
def random_hands(rng: random.Random) -> tuple:
    """Two disjoint hands of a 36-card deck (ranks 6 to ace), the attacker's not empty."""
    cards = rng.sample([13 * s + r for s in range(4) for r in range(4, 13)], rng.randrange(2, 19))
    a = d = 0
    for i, c in enumerate(cards):
        if i == 0 or rng.random() < 0.5:
            a |= 1 << c
        else:
            d |= 1 << c
    return a, d


def test_the_written_out_key_functions_give_the_earlier_searchs_keys():
    """_canonical (with x = 0 through the functions _closers writes for each set of ranks in
    play, with x > 0 its general path) gives the keys of the earlier search's _canonical."""
    from durak_lab.analysis.solver.keys import _canonical
    from solver_reference import _canonical as reference_canonical

    rng = random.Random("keys")
    for trump in range(4):
        new, old = _canonical(trump), reference_canonical(trump)
        for _ in range(3000):
            a, d = random_hands(rng)
            x = 0
            if rng.random() < 0.3:  # the first bout, and trumps in hand shown (a subset of them)
                trumps = (a | d) & (8191 << 13 * trump)
                x = (trumps & rng.getrandbits(52)) << 1 | rng.randrange(2)
            assert new(a, d, x) == old(a, d, x), (trump, a, d, x)

