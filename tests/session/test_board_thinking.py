"""The analysis board's paced thinking (durak_lab.session.board.thinking): the first pass, the merged
refinement passes, the best line, the tree of a small endgame, the trumps' chances, and the same figures
whatever the cards the seat cannot see."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from durak_lab.analysis.evaluation import evaluate
from durak_lab.analysis.solver import exact_move_values, exact_value
from durak_lab.engine.cards import Card, cards_of, popcount, suit_of
from durak_lab.engine.errors import DurakError, KernelUnsupported
from durak_lab.engine.partial import Partial
from durak_lab.engine.kernel.config import check_rules
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.session.board.lines import LinesError
from durak_lab.session.board.thinking import BUDGETS, FIRST_BUDGET, TREE_NODES, Thinking, trump_chances

ENDGAME = Position.start(Rules(players=2), ["6♦ 10♦ 10♣ K♠", "8♥ 7♦ J♣ 9♠"], trump="♥", discard="rest",
                         attacker=0)


def run(t: Thinking) -> Thinking:
    while not t.done:
        t.step()
    return t


def figures(t: Thinking) -> tuple:
    ev = t.evaluation
    return (ev.value, [(str(mv.move), mv.counts, mv.exact) for mv in ev.moves], [str(m) for m in ev.best],
            [str(m) for m in t.line], t.line_exact, t.tree)


def other_world(p: Position, seat: int, rng: random.Random) -> Position:
    """``p`` with the cards ``seat`` cannot see dealt again (what the seat knows, as a Partial, dealt)."""
    return Partial.seen_from(p, seat).world(seat, rng)


def mid_game(players: int, seed: int, plies: int) -> Position:
    rng = random.Random(seed)
    p = Position.deal(Rules.preset("podkidnoy", players=players), rng)
    for _ in range(plies):
        p = p.play(rng.choice(p.legal_moves()))
    return p


# ---------------------------------------------------------------- the passes
def test_the_first_pass_values_the_seats_legal_moves_with_the_fixed_playouts():
    p = Position.deal(Rules.preset("podkidnoy"), seed=5)
    t = Thinking(p, 0, playouts=40, seed=3)
    assert t.evaluation is None and not t.done
    t.step()
    ev = t.evaluation
    assert t.passes == 1 and not ev.exact and t.error is None
    assert sorted(str(mv.move) for mv in ev.moves) == sorted(str(m) for m in p.view(0).legal)
    alone = evaluate(p.view(0), 0, budget=FIRST_BUDGET, playouts=40, rng=random.Random(3), calibrated=False)
    assert {str(mv.move): mv.counts for mv in ev.moves} == {str(mv.move): mv.counts for mv in alone.moves}
    assert ev.best == (ev.moves[0].move,) and ev.moves[0].share == max(mv.share for mv in ev.moves)
    again = Thinking(p, 0, playouts=40, seed=3)
    again.step()
    assert figures(again)[:3] == figures(t)[:3]


def test_passes_merge_their_playouts_and_the_range_narrows():
    p = Position.deal(Rules.preset("podkidnoy"), seed=5)
    t = Thinking(p, 0, playouts=600, seed=3)
    t.step()
    first = t.evaluation
    t.step()  # the best line
    t.step()  # the tree: none, cards are hidden
    assert t.tree is None
    t.step()  # the second pass
    second = t.evaluation
    assert t.passes == 2
    extra = evaluate(p.view(0), 0, budget=BUDGETS[0], playouts=600, rng=random.Random(4), calibrated=False)
    want = {str(mv.move): mv.counts for mv in first.moves}
    for mv in extra.moves:
        want[str(mv.move)] = tuple(a + b for a, b in zip(want[str(mv.move)], mv.counts))
    assert {str(mv.move): mv.counts for mv in second.moves} == want
    assert second.playouts == first.playouts + extra.playouts > first.playouts
    assert second.worlds == first.worlds + extra.worlds
    run(t)
    last = t.evaluation
    assert last.playouts == first.playouts * t.passes  # every pass the same number (100 a move here)
    # the same move's range over more playouts: narrower (a share that moves may widen it a little)
    width = {}
    for ev in (first, second, last):
        mv = next(m for m in ev.moves if m.move == first.best[0])
        width[ev] = mv.interval[1] - mv.interval[0]
    assert width[last] < width[second] + 0.02 and width[second] < width[first] + 0.02 and width[last] < width[first]
    assert t.passes == 1 + len(BUDGETS) and t.line == [last.best[0]] and not t.line_exact
    t.step()  # done: nothing more happens
    assert t.passes == 1 + len(BUDGETS) and t.evaluation is last


def test_a_seat_not_to_act_gets_the_positions_value_and_no_line_from_its_seat():
    p = Position.deal(Rules.preset("podkidnoy"), seed=5)
    mover = p.to_act()
    other = 1 - mover
    t = Thinking(p, other, playouts=30, seed=1)
    t.step()
    worlds = t.evaluation.worlds
    run(t)
    assert worlds > 0 and t.evaluation.worlds > worlds  # the deals of every pass together
    assert t.evaluation.moves == () and t.evaluation.best == () and t.line == []
    assert t.evaluation.value.playouts == 30 * (1 + len(BUDGETS))


@pytest.mark.parametrize("players,seed,plies", [(2, 1, 3), (3, 2, 5), (4, 3, 6), (2, 4, 9)])
def test_from_my_seat_the_likely_line_holds_only_the_seats_own_move(players, seed, plies):
    p = mid_game(players, seed, plies)
    for seat in range(players):
        t = Thinking(p, seat, playouts=30, seed=2)
        for _ in range(2):
            t.step()
        if t.line_exact:
            continue
        assert all(m.seat == seat for m in t.line), (seat, [str(m) for m in t.line])
        assert len(t.line) <= 1
        assert (len(t.line) == 1) == (p.to_act() == seat)


def test_all_cards_open_the_likely_line_plays_on_for_every_seat():
    p = mid_game(3, 2, 5)
    t = Thinking(p, 0, open=True, playouts=40, seed=2)
    t.step()
    t.step()
    assert not t.line_exact and 1 <= len(t.line) <= 3
    q = p
    for m in t.line:
        q = q.play(m)  # a line of legal moves, one after the other
    assert t.line[0] == t.evaluation.best[0]


# ---------------------------------------------------------------- an exact endgame
@pytest.mark.parametrize("open_", [False, True])
def test_an_exact_endgame_gives_exact_values_a_line_to_the_end_and_a_tree_the_solver_agrees_with(open_):
    seat = 0
    t = Thinking(ENDGAME, seat, open=open_, playouts=50)
    t.step()
    ev = t.evaluation
    assert ev.exact and ev.value.playouts == 0
    values = {str(m): v for m, v in exact_move_values(ENDGAME, seat)}
    got = {str(mv.move): (mv.counts[0] - mv.counts[2]) for mv in ev.moves}
    assert got == values and all(mv.exact for mv in ev.moves)
    run(t)
    assert t.passes == 1 and t.error is None  # nothing to refine
    assert t.line_exact and t.line
    p = ENDGAME
    for m in t.line:
        mover = p.to_act()
        assert m.seat == mover
        best = max(v for _, v in exact_move_values(p, mover))
        assert exact_value(p.play(m), mover) == best  # every move of the line is a best one
        p = p.play(m)
    assert p.result is not None
    assert exact_value(p, seat) == exact_value(ENDGAME, seat)

    tree = t.tree
    assert tree is not None and {str(ch["move"]): ch["value"] for ch in tree["children"]} == values
    count = 0

    def check(position, node):
        nonlocal count
        mover = position.to_act()
        sign = 1 if mover == seat else -1
        kids = node["children"]
        if node.get("more"):
            return
        if position.result is not None:
            assert kids == []
            return
        assert sorted(str(ch["move"]) for ch in kids) == sorted(str(m) for m in position.sequential_moves())
        assert [ch["value"] for ch in kids] == sorted((ch["value"] for ch in kids), key=lambda v: -sign * v)
        for ch in kids:
            count += 1
            child = position.play(ch["move"])
            assert ch["value"] == exact_value(child, seat)
            if ch["children"]:
                best = (max if child.to_act() == seat else min)(g["value"] for g in ch["children"])
                assert ch["value"] == best
            check(child, ch)

    check(ENDGAME, tree)
    assert 0 < count <= TREE_NODES


def test_no_tree_while_cards_are_hidden_or_hands_are_big():
    assert run(Thinking(Position.deal(Rules.preset("podkidnoy"), seed=5), 0, playouts=20)).tree is None
    big = Position.start(Rules(players=2), ["6♦ 10♦ 10♣ K♠ A♠", "8♥ 7♦ J♣ 9♠ Q♣"], trump="♥", discard="rest",
                         attacker=0)
    t = Thinking(big, 0, playouts=20)
    for _ in range(3):
        t.step()
    assert t.tree is None and t.evaluation.exact


# ---------------------------------------------------------------- the same whatever is hidden
@pytest.mark.parametrize("players,seed,plies", [(2, 11, 4), (3, 11, 7), (4, 5, 5)])
def test_from_my_seat_the_figures_do_not_depend_on_the_hidden_cards(players, seed, plies):
    p = mid_game(players, seed, plies)
    seat = p.to_act()
    rng = random.Random(seed)
    for _ in range(2):
        q = other_world(p, seat, rng)
        assert q.view(seat) == p.view(seat)
        runs = []
        for x in (p, q):
            t = Thinking(x, seat, playouts=40, seed=2)
            for _ in range(4):
                t.step()
            runs.append(figures(t))
        assert runs[0] == runs[1]


# ---------------------------------------------------------------- rules and seats it cannot think about
def test_rules_the_kernel_does_not_play_set_the_error_and_end_the_thinking():
    rules = Rules.preset("doker")
    with pytest.raises(KernelUnsupported):
        check_rules(rules)
    t = Thinking(Position.deal(rules, seed=1), 0, playouts=20)
    t.step()
    assert t.error == "board-rules-unsupported" and t.done and t.evaluation is None
    t.step()
    assert t.passes == 0


@pytest.mark.parametrize("seat", [-1, 2, 10 ** 5000, "P1", None, True, 1.0],
                         ids=["minus-one", "two", "huge", "text", "none", "true", "float"])
def test_a_seat_that_is_not_one_is_a_typed_error(seat):
    with pytest.raises(LinesError) as err:
        Thinking(ENDGAME, seat)
    assert err.value.key == "board-bad-seat" and err.value.facts == {"players": 2}
    assert isinstance(err.value, DurakError)


def test_a_finished_game_is_done_after_one_pass():
    p = Position.start(Rules(players=2), ["7♦", "8♦"], trump="♠", discard="rest", attacker=0)
    end = p.play("P1 attack 7♦").play("P2 take")
    t = run(Thinking(end, 1, playouts=20))
    assert t.evaluation.exact and t.line == [] and t.tree is None and t.error is None and t.passes == 1


# ---------------------------------------------------------------- the trumps' chances
def brute_trumps(p: Position, seat: int) -> dict:
    """{place: {trumps: chance}} counting every deal of the unseen cards into the hidden places."""
    v = p.view(seat)
    unseen = cards_of(v.unseen_mask())
    trump = v.trump
    others = [s for s in range(p.players) if s != seat]
    hidden = {s: v.hidden_count(s) for s in others}
    known = {s: sum(1 for c in cards_of(v.known[s]) if suit_of(c) == trump) for s in others}
    face_up = 1 if (p.talon and v.trump_card is not None and v.trump_card_holder is None
                    and suit_of(v.trump_card) == trump) else 0
    counts: dict = {f"P{s + 1}": {} for s in others}
    counts["talon"] = {}
    total = 0

    def deal(rest: list, k: int, got: dict) -> None:
        nonlocal total
        if k == len(others):
            tally = {**got, "talon": face_up + sum(1 for c in rest if suit_of(c) == trump)}
            for place, n in tally.items():
                counts[place][n] = counts[place].get(n, 0) + 1
            total += 1
            return
        s = others[k]
        for hand in combinations(rest, hidden[s]):
            left = [c for c in rest if c not in hand]
            deal(left, k + 1, {**got, f"P{s + 1}": known[s] + sum(1 for c in hand if suit_of(c) == trump)})

    deal(unseen, 0, {})
    return {place: {n: Fraction(c, total) for n, c in sorted(d.items())} for place, d in counts.items()}


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_trumps_chances_sum_to_one_and_agree_with_counting_every_deal(seat):
    p = Position.start(Rules(players=3), ["6♥ 7♦ 8♣", "Q♦ 8♠ 9♥", "J♥ 10♣ A♦"],
                       talon=["K♣", "A♥", "7♠", "9♣"], trump_card="9♣", discard="rest", first_bout=False)
    got = trump_chances(p.view(seat))
    want = brute_trumps(p, seat)
    assert [place for place, _, _ in got] == [f"P{s + 1}" for s in range(3) if s != seat] + ["talon"]
    for place, pairs, expected in got:
        assert sum(c for _, c in pairs) == 1 and all(isinstance(c, Fraction) and c > 0 for _, c in pairs)
        assert dict(pairs) == want[place], place
        assert expected == sum(n * c for n, c in want[place].items())
