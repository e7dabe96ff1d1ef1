"""The bots play the exact values wherever their view hides nothing (durak_lab.analysis.solver.known_to):
two left at a bigger table with an empty talon (R28), and two players with only the face-up trump card
in the talon (R3, R19).  (Here with the solver's tests: the bots' side of its entry point.)"""

from __future__ import annotations

import random

from durak_lab.analysis.solver import Solver, exact_move_values, holding_seats, in_domain, talon_move_values
from durak_lab.bots import EndgameBot, GreedyBot, SearchBot
from durak_lab.bots.tournament import play_game
from durak_lab.engine.cards import SUIT_SYMBOLS, cards_of, deck_mask
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position


def two_left(rules: Rules, rng: random.Random, size: int) -> Position:
    """Two opponents holding ``size`` cards each at a table of ``rules.players``, the others out."""
    n = rules.players
    seats = sorted(rng.sample(range(n), 2))
    deck = cards_of(deck_mask(rules.lowest_rank))
    rng.shuffle(deck)
    hands = [0] * n
    hands[seats[0]] = sum(1 << c for c in deck[:size])
    hands[seats[1]] = sum(1 << c for c in deck[size:2 * size])
    return Position.start(rules, hands, trump=SUIT_SYMBOLS[rng.randrange(4)], discard="rest",
                          attacker=seats[rng.randrange(2)], first_bout=False)


def trump_card_left(rng: random.Random, size: int) -> Position:
    deck = cards_of(deck_mask(6))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[:size]), sum(1 << c for c in deck[size:2 * size])]
    return Position.start(Rules.preset("podkidnoy", players=2), hands, talon=[deck[2 * size]],
                          trump_card=deck[2 * size], discard="rest", attacker=rng.randrange(2), first_bout=False)


def best_moves(values: list) -> set:
    top = max(v for _, v in values)
    return {m for m, v in values if v == top}


def test_the_endgame_bot_plays_a_best_move_with_two_left_at_a_bigger_table():
    rng = random.Random(1)
    for players in (3, 4, 5):
        p = two_left(Rules.preset("podkidnoy", players=players), rng, 4)
        seat = p.to_act()
        bot = EndgameBot(max_nodes=10**6)
        m = bot.choose(p.view(seat), random.Random(0))
        assert m in best_moves(Solver().move_values(p, seat)) and bot.solved == 1


def test_the_endgame_bot_plays_a_best_move_with_the_trump_card_alone_in_the_talon():
    rng = random.Random(2)
    for _ in range(3):
        p = trump_card_left(rng, 3)
        seat = p.to_act()
        bot = EndgameBot(max_nodes=10**6)
        m = bot.choose(p.view(seat), random.Random(0))
        assert m in best_moves(talon_move_values(p, seat)) and bot.solved == 1


def test_the_search_bot_takes_the_solvers_best_moves_where_nothing_is_hidden():
    rng = random.Random(3)
    bot = SearchBot(iterations=20)
    for p in (two_left(Rules.preset("perevodnoy", players=3), rng, 3), trump_card_left(rng, 3)):
        seat = p.to_act()
        best = bot._exact(p.view(seat))
        values = exact_move_values(p, seat)
        assert values is not None and best is not None and set(best) == best_moves(values)
        assert bot.choose(p.view(seat), random.Random(0)) in best
    hidden = Position.deal(Rules.preset("podkidnoy", players=3), seed=2)
    assert bot._exact(hidden.view(hidden.to_act())) is None


def test_at_a_three_player_table_the_endgame_bot_solves_the_two_left_endgames():
    """Once only it and one greedy bot hold cards, the endgame bot plays the solver's moves (before,
    it never did at a table of three: the solver played two players only)."""
    bot = EndgameBot()
    two, solved = 0, 0
    for seed in range(4):
        p = Position.deal(Rules.preset("podkidnoy", players=3), seed)
        r = play_game(p.rules, [bot, GreedyBot(), GreedyBot()], seed)
        assert not r.unfinished
        for m in r.moves:
            # two left (R28; or one, the other's last card on the table), a choice of moves
            if p.to_act() == 0 and in_domain(p) and len(p.legal_moves(0)) > 1:
                assert not p.talon and len(holding_seats(p)) <= 2
                two += 1
            p = p.play(m)
    assert two > 0 and bot.solved + bot.fallbacks == two and bot.solved > 0
