"""The greedy bot (durak_lab.bots.greedy): each of its rules by rule id, and the same moves as the
lean kernel's greedy policy (the search bots' playouts) in every position of seeded games."""

import random

import pytest
from hypothesis import given

from durak_lab.bots import GreedyBot, play_game
from durak_lab.engine.kernel import core as kernel
from durak_lab.engine.kernel import SUPPORTED_PRESETS, KernelUnsupported
from durak_lab.engine.state import Position

from helpers import configs, play, rules, seeds, start


def choose(p, seat=None):
    seat = p.to_act() if seat is None else seat
    return str(GreedyBot().choose(p.view(seat), random.Random(0)))


def podkidnoy(hands, talon=(), trump="♥", trump_card=None, attacker=0, **changes):
    return start(rules("podkidnoy", players=len(hands), **changes), hands, talon=talon, trump=trump,
                 trump_card=trump_card, attacker=attacker, first_bout=False)


def test_leads_the_lowest_non_trump():
    # R10, R11: the lowest card that is not a trump
    assert choose(podkidnoy(["6♥ Q♠ 8♣ A♦", "7♦ 9♠"])) == "P1 attack 8♣"
    # a pair is no reason to lead higher (unlike the tips bot)
    assert choose(podkidnoy(["8♣ 9♠ 9♦ K♥", "7♦ 10♠"])) == "P1 attack 8♣"


def test_leads_the_lowest_trump_when_it_holds_only_trumps():
    assert choose(podkidnoy(["A♥ 7♥", "7♦ 10♠"])) == "P1 attack 7♥"


def test_no_trump_throw_in_while_the_talon_lasts():
    # R12: a 7 stands on the table, P1 holds 7♥ (a trump) and the talon is not empty: pass
    p = play(podkidnoy(["7♠ 7♥ K♦", "8♠ 9♦ A♣"], talon=["10♣", "J♥"], trump_card="J♥"),
             "P1 attack 7♠", "P2 cover 7♠ with 8♠")
    assert choose(p) == "P1 pass"
    # with the talon empty it throws the trump in
    q = play(podkidnoy(["7♠ 7♥ K♦", "8♠ 9♦ A♣"]), "P1 attack 7♠", "P2 cover 7♠ with 8♠")
    assert choose(q) == "P1 attack 7♥"


def test_throws_in_the_lowest_card_of_a_rank_on_the_table():
    p = play(podkidnoy(["7♠ 8♦ 7♣ K♦", "8♠ 9♦ A♣ 6♣"]), "P1 attack 7♠", "P2 cover 7♠ with 8♠")
    assert choose(p) == "P1 attack 7♣"


def test_covers_with_the_cheapest_card_that_beats_a_non_trump_first():
    # R11: 9♠ or a trump beat 8♠; the 9 is cheaper
    p = play(podkidnoy(["8♠ K♦", "6♥ 9♠ A♠"]), "P1 attack 8♠")
    assert choose(p) == "P2 cover 8♠ with 9♠"
    # only a trump beats it: the lowest trump
    p = play(podkidnoy(["A♠ K♦", "6♥ 9♥ 7♣"]), "P1 attack A♠")
    assert choose(p) == "P2 cover A♠ with 6♥"


def test_takes_when_nothing_beats():
    # R15
    p = play(podkidnoy(["A♥ K♦", "6♥ 9♠"]), "P1 attack A♥")
    assert choose(p) == "P2 take"


def test_never_transfers():
    # R20: perevodnoy, P2 holds 8♦ to transfer 8♠ and 9♠ to cover it: the cover
    p = start(rules("perevodnoy", players=3), ["8♠ K♦", "8♦ 9♠", "6♣ 7♣"], trump="♥", first_bout=False)
    p = play(p, "P1 attack 8♠")
    assert choose(p) == "P2 cover 8♠ with 9♠"
    q = start(rules("perevodnoy", players=3), ["8♠ K♦", "8♦ 7♠", "6♣ 7♣"], trump="♥", first_bout=False)
    assert choose(play(q, "P1 attack 8♠")) == "P2 take"


@given(config=configs, seed=seeds)
def test_the_same_moves_as_the_kernels_greedy_policy(config, seed):
    """Every position of a seeded game: GreedyBot's move is the kernel policy's (which the search bots'
    playouts use), and it plays to the end."""
    name, n = config
    if name not in SUPPORTED_PRESETS or n > 6:
        return
    r = rules(name, players=n)
    p = Position.deal(r, seed)
    for _ in range(1000):
        if p.result is not None:
            break
        s = p.to_act()
        view = p.view(s)
        m = GreedyBot().choose(view, random.Random(0))
        assert m in view.legal
        try:
            k = kernel.kernel_state(p)
        except KernelUnsupported:
            return
        moves = kernel.legal_moves(k)
        expect = kernel.greedy(moves, p.trump, bool(p.talon), None)
        assert kernel.kernel_move(m) == expect, (str(m), str(kernel.to_move(expect)))
        p = p.play(m)


@pytest.mark.parametrize("preset,n", [("pushing", 3), ("unlimited_choice", 2), ("doker", 2), ("pairs", 4)])
def test_plays_rules_the_kernel_does_not_to_the_end(preset, n):
    # pushing durak (R12, R31), the defender's choice (R13), jokers (R1), partners (R26)
    g = play_game(rules(preset, players=n), [GreedyBot() for _ in range(n)], seed=7)
    assert not g.unfinished and len(g.moves) > 10
