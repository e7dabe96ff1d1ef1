"""Mining puzzles (durak_lab.analysis.puzzles): what makes a position a puzzle, its themes, its
answers checked exactly, and the rating by the bot levels."""

from __future__ import annotations

import dataclasses
import random

import pytest

from durak_lab.analysis.puzzles import (Settings, Source, check_answer, equivalent, exact_values, judge, mine_bots,
                                        mine_game, mine_records, play_bots, rate, rating_of, recheck, stars_of,
                                        themes_of)
from durak_lab.analysis.solver import exact_move_values
from durak_lab.bots import BOTS, LEVELS
from durak_lab.engine.game import Game
from durak_lab.engine.moves import Move
from durak_lab.engine.records.record import record_from_game
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

SRC = Source("podkidnoy,players=2", None, 0)


def _start(hands, trump="♠", attacker=1, rules=None, moves=()):
    p = Position.start(rules or Rules(players=2), hands, trump=trump, discard="rest", attacker=attacker,
                       first_bout=False)
    for m in moves:
        p = p.play(m)
    return p


class Fixed:
    """A bot that always plays the first (or last) legal move: a rater whose misses are known."""

    def __init__(self, last: bool = False) -> None:
        self.name = "last" if last else "first"
        self.last = last

    def choose(self, view, rng):
        return view.legal[-1] if self.last else view.legal[0]


# ------------------------------------------------------------------ what makes a puzzle
def test_an_exact_ending_with_one_winning_move_is_a_puzzle_with_its_figures():
    p = _start(["6♦ 10♦ 10♣", "8♥ 7♦"])
    z = judge(p, "tiny", SRC)
    assert z is not None and z.exact and z.seat == 1 and z.playouts == 0
    assert [str(m) for m in z.answers] == ["P2 attack 8♥"]
    assert [(str(m), c) for m, c, _, _ in z.moves] == [("P2 attack 8♥", 1.0), ("P2 attack 7♦", 0.0)]
    assert z.best == (1.0, 1.0, 1.0) and z.next_best == (0.0, 0.0, 0.0)
    assert z.themes == ("endgame", "counting")  # P2 never saw P1's cards: it counts them


def test_one_legal_move_is_no_puzzle():
    p = _start(["7♦", "9♣"], attacker=0, moves=["P1 attack 7♦"])  # P2 cannot cover: a forced take
    assert [str(m) for m in p.view(1).legal] == ["P2 take"]
    assert judge(p, "forced", SRC) is None


def test_a_position_where_every_move_is_worth_the_same_is_no_puzzle():
    p = _start(["7♦ 8♦", "A♠"], attacker=0)  # P1 loses whatever it leads
    values = exact_move_values(p, 0)
    assert len(values) == 2 and {v for _, v in values} == {-1}
    assert judge(p, "lost", SRC) is None


def test_only_the_seat_to_act_is_judged():
    p = _start(["6♦ 10♦ 10♣", "8♥ 7♦"])
    assert judge(p, "x", SRC, seat=0) is None and judge(p, "x", SRC, seat=1) is not None


def test_too_many_answers_that_are_not_equivalent_make_no_puzzle():
    p = _start(["K♥ 7♦ Q♦", "Q♠ 7♠ 6♦ 9♦"])  # 6♦ and 9♦ both win (7♦ and 8♦ lie between them), the trumps lose
    z = judge(p, "x", SRC)
    assert [str(m) for m in z.answers] == ["P2 attack 6♦", "P2 attack 9♦"]
    assert not equivalent(*z.answers, p, 1)
    assert judge(p, "x", SRC, Settings(max_answers=1)) is None


def test_equivalent_cards_need_every_rank_between_them_seen():
    p = _start(["7♦ 8♦ J♦", "6♣ 9♣"], trump="♥", attacker=0)  # 9♦ 10♦ are in the discard
    assert equivalent(Move.parse("P1 attack 7♦"), Move.parse("P1 attack J♦"), p, 0)
    q = _start(["7♦ J♦", "6♣ 9♦"], trump="♥", attacker=0)  # 9♦ is in P2's hand: not the same
    assert not equivalent(Move.parse("P1 attack 7♦"), Move.parse("P1 attack J♦"), q, 0)
    assert not equivalent(Move.parse("P1 attack 7♦"), Move.parse("P1 attack 6♣"), p, 0)
    assert not equivalent(Move.parse("P1 attack 7♦"), Move.parse("P1 pass"), p, 0)


# ------------------------------------------------------------------ themes
def test_themes_take_trumps_and_endgame():
    p = _start(["7♦ 8♠", "9♦ 8♥ K♠"], trump="♥", attacker=0, moves=["P1 attack 7♦"])
    assert themes_of(p, 1, [Move.parse("P2 cover 7♦ with 9♦")]) == ("endgame", "take", "trumps")  # keeps 8♥
    assert themes_of(p, 1, [Move.parse("P2 cover 7♦ with 8♥")]) == ("endgame", "take", "trumps")  # spends it
    q = _start(["7♦ 8♠", "9♦ K♠"], trump="♥", attacker=0, moves=["P1 attack 7♦"])  # no trump to spend
    assert themes_of(q, 1, [Move.parse("P2 cover 7♦ with 9♦")]) == ("endgame", "take")


def test_themes_throw_in():
    p = _start(["7♦ 7♠ 9♣", "9♦ 8♥ K♠ A♣"], trump="♥", attacker=0,
               moves=["P1 attack 7♦", "P2 cover 7♦ with 9♦"])
    assert p.to_act() == 0
    assert "throw-in" in themes_of(p, 0, [Move.parse("P1 pass")])


def test_themes_transfer_in_perevodnoy():
    rules = Rules.preset("perevodnoy", players=2)
    p = _start(["7♦ 8♠ 9♠", "7♣ K♠ A♣"], trump="♥", attacker=0, rules=rules, moves=["P1 attack 7♦"])  # R22: room for two
    assert any(m.kind == "transfer" for m in p.view(1).legal)
    assert "transfer" in themes_of(p, 1, [Move.parse("P2 take")])
    assert "transfer" not in themes_of(_start(["7♦ 8♠", "9♦ K♠"], trump="♥", attacker=0,
                                              moves=["P1 attack 7♦"]), 1, [Move.parse("P2 take")])


def test_counting_needs_cards_the_seat_never_saw():
    p = _start(["6♦ 10♦ 10♣", "8♥ 7♦"])
    assert "counting" in themes_of(p, 1, [Move.parse("P2 attack 8♥")], exact=True)
    assert "counting" not in themes_of(p, 1, [Move.parse("P2 attack 8♥")], exact=False)
    known = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest", attacker=1,
                           first_bout=False, known=[["6♦", "10♦", "10♣"], []])
    assert "counting" not in themes_of(known, 1, [Move.parse("P2 attack 8♥")], exact=True)


# ------------------------------------------------------------------ checking an answer
def test_check_answer_uses_the_exact_value_so_an_equally_good_move_is_right_and_no_worse_one():
    found = mine_bots(Rules(players=2), [BOTS["greedy"], BOTS["tips"]], games=12, seed=1,
                      settings=Settings(sampled=False))
    assert found and all(z.exact for z in found)
    many = next(z for z in found if len(z.answers) > 1)
    trimmed = dataclasses.replace(many, answers=many.answers[:1])
    assert check_answer(trimmed, many.answers[1])  # not listed, but worth as much: right
    for z in found:
        values = exact_values(z)
        top = max(values.values())
        for m in z.position.view(z.seat).legal:
            assert check_answer(z, m) == (values[str(m)] == top), (z.id, m)
        assert recheck(z).ok


def test_check_answer_refuses_what_is_not_a_legal_move_of_the_seat():
    z = judge(_start(["6♦ 10♦ 10♣", "8♥ 7♦"]), "tiny", SRC)
    assert check_answer(z, "P2 attack 8♥") and check_answer(z, Move.parse("P2 attack 8♥"))
    for wrong in ("P2 attack 7♦", "P1 attack 6♦", "P2 take", "P2 fly away", "", "P2 attack 9♥"):
        assert not check_answer(z, wrong), wrong


def test_a_sampled_puzzle_keeps_every_other_move_far_below_on_two_seeds():
    settings = Settings(playouts=600)
    found = mine_bots(Rules(players=2), [BOTS["greedy"], BOTS["tips"]], games=4, seed=1, settings=settings)
    sampled = [z for z in found if not z.exact]
    assert sampled, "four games give a sampled puzzle"
    for z in sampled:
        low = min(z.figures_of(a)[1] for a in z.answers)
        assert all(z.figures_of(m)[2] <= low - settings.margin for m in z.wrong_moves)
        assert z.playouts == 600 and z.position.talon
        assert check_answer(z, z.answers[0]) and not any(check_answer(z, m) for m in z.wrong_moves)


# ------------------------------------------------------------------ mining games
def test_mining_is_seeded_and_caps_the_puzzles_of_a_game():
    rules = Rules(players=2)
    kw = dict(games=6, seed=3, settings=Settings(sampled=False))
    a = mine_bots(rules, [BOTS["greedy"], BOTS["tips"]], **kw)
    b = mine_bots(rules, [BOTS["greedy"], BOTS["tips"]], **kw)
    assert [z.id for z in a] == [z.id for z in b] and a
    seeds = [z.source.seed for z in a]
    assert len(seeds) == len(set(seeds))  # one exact puzzle a game at most
    z = a[0]
    assert z.id == f"podkidnoy-2p-s{z.source.seed}-m{z.source.move}" and z.source.bots in (("greedy", "tips"),
                                                                                          ("tips", "greedy"))
    start, moves = play_bots(rules, [BOTS[n]() for n in z.source.bots], z.source.seed)
    p = start
    for m in moves[:z.source.move]:
        p = p.play(m)
    assert p == z.position  # the source says where it came from


def test_mining_a_record_finds_what_mining_the_game_finds():
    rules = Rules(players=2)
    settings = Settings(sampled=False)
    for seed in range(1, 20):  # the first game with an exact puzzle
        start, moves = play_bots(rules, [BOTS["greedy"](), BOTS["tips"]()], seed)
        direct = mine_game(start, moves, lambda i: SRC, lambda i: f"g-m{i}", settings, exact_per_game=3)
        if direct:
            break
    g = Game(start)
    g.play_all(moves)
    record = record_from_game(g, seed=seed, title="a game")
    from_record = mine_records([record], settings, exact_per_game=3)
    assert [z.position for z in from_record] == [z.position for z in direct] and from_record
    assert from_record[0].source.record == "a game" and from_record[0].id.startswith("a-game-m")


def test_a_theme_filter_keeps_only_puzzles_of_that_theme():
    found = mine_bots(Rules.preset("perevodnoy", players=2), [BOTS["greedy"], BOTS["tips"]], games=10, seed=1001,
                      settings=Settings(playouts=600, themes=("transfer",)), exact_per_game=2, sampled_per_game=2)
    assert found and all("transfer" in z.themes for z in found)


# ------------------------------------------------------------------ rating
def test_rating_counts_the_misses_of_each_level():
    z = judge(_start(["6♦ 10♦ 10♣", "8♥ 7♦"]), "tiny", SRC)
    first, last = z.position.view(1).legal
    assert str(first) == "P2 attack 8♥"  # the first legal move is the answer here
    r = rate(z, {"first": Fixed, "last": lambda: Fixed(last=True)}, tries=3)
    assert r.misses == (("first", 0.0), ("last", 1.0)) and r.tries == 3
    assert r.rating == 800 and r.stars == 2


def test_rating_formula():
    assert rating_of([0] * 6) == 600 and rating_of([1] * 6) == 1800 and rating_of([0.5, 0.25]) == 750
    assert stars_of([0] * 6) == 1 and stars_of([1, 1, 0.5, 0.4, 0, 0]) == 4 and stars_of([1] * 6) == 5


def test_rating_with_the_ladder_is_seeded():
    z = judge(_start(["6♦ 10♦ 10♣", "8♥ 7♦"]), "tiny", SRC)
    levels = {n: BOTS[n] for n in LEVELS}
    a, b = rate(z, levels, tries=2, seed=4), rate(z, levels, tries=2, seed=4)
    assert a.misses == b.misses and [n for n, _ in a.misses] == list(LEVELS)
    assert dict(a.misses)["endgame"] == 0.0  # the endgame bot solves exact endings


def test_rate_needs_a_try():
    z = judge(_start(["6♦ 10♦ 10♣", "8♥ 7♦"]), "tiny", SRC)
    with pytest.raises(ValueError):
        rate(z, {"first": Fixed}, tries=0)
    assert random.Random(0)  # the rater's randomness is its own, seeded from the puzzle
