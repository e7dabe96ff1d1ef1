"""The coach (durak_lab.session.coach): each tip with a position that sets it off and a near one that
does not; the warning is the evaluator's verdict (a mistake or a big mistake, by how much), the tips only
before a small slip; the endgame warning against the exact solver; the hint is the evaluator's best move,
the same for every deal of the hidden cards."""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis import Solver
from durak_lab.engine.moves import Move
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.state import Position
from durak_lab.session.coach import Coach
from durak_lab.text.messages import say

from helpers import rules, start

COACH = Coach()
TALON = dict(talon=["Q♣", "A♥"], trump_card="A♥")  # two cards in the talon, trump ♥


def warn(p: Position, move: str) -> str | None:
    """The coach's tip against ``move`` of the seat to act (checked legal first), as the coach says it."""
    m = Move.parse(move, p.players)
    assert m in p.sequential_moves(), move
    tip = COACH.tip(p.view(m.seat), m)
    return None if tip is None else say("coach-warning", why=tip)


def two(hands, **kw) -> Position:
    """Two players, trump ♥, P1 leads, the talon holds Q♣ and A♥ unless ``kw`` says otherwise."""
    return start(rules(players=2), hands, **{**TALON, **kw}, first_bout=False)


def three(hands, **kw) -> Position:
    """Three players (the solver never judges), trump ♥, P1 leads."""
    return start(rules(players=3), hands, **kw, first_bout=False)


# ---------------------------------------------------------------- R11: a trump where a plain card covers
def test_a_trump_cover_when_a_plain_card_beats_the_attack_too():
    p = two(["9♠ 7♦", "K♠ 6♥ 8♦"]).play("P1 attack 9♠")
    assert warn(p, "P2 cover 9♠ with 6♥") == ("Coach: you cover 9♠ with a trump, but K♠ beats it too. "
                                              "Keep your trumps for later.")
    assert warn(p, "P2 cover 9♠ with K♠") is None


def test_no_word_for_a_trump_cover_when_no_plain_card_beats_the_attack():
    p = two(["9♠ 7♦", "8♠ 6♥ 8♦"]).play("P1 attack 9♠")
    assert warn(p, "P2 cover 9♠ with 6♥") is None


def test_no_word_for_a_trump_on_a_trump():
    p = two(["9♥ 7♦", "K♥ 10♥ 8♦"]).play("P1 attack 9♥")
    assert warn(p, "P2 cover 9♥ with 10♥") is None


def test_no_word_for_a_trump_cover_when_the_plain_card_is_wanted_for_another_card():
    # 9♠ and 10♠ to cover with K♠ and 6♥: one trump is needed whichever card K♠ covers
    p = three(["9♦ 9♠ A♣", "10♦ K♠ 6♥ 7♣", "10♠ 8♣ J♣"], **TALON)
    p = p.play("P1 attack 9♦").play("P2 cover 9♦ with 10♦").play("P1 attack 9♠").play("P3 attack 10♠")
    assert p.to_act() == 1
    assert warn(p, "P2 cover 9♠ with 6♥") is None
    assert warn(p, "P2 cover 10♠ with 6♥") is None
    # with a second plain spade, the trump is not needed
    q = three(["9♦ 9♠ A♣", "10♦ K♠ Q♠ 6♥", "10♠ 8♣ J♣"], **TALON)
    q = q.play("P1 attack 9♦").play("P2 cover 9♦ with 10♦").play("P1 attack 9♠").play("P3 attack 10♠")
    assert warn(q, "P2 cover 9♠ with 6♥") == ("Coach: you cover 9♠ with a trump, but Q♠ beats it too. "
                                              "Keep your trumps for later.")


# ---------------------------------------------------------------- R10, R12: a trump while the talon lasts
def test_a_trump_lead_while_the_talon_lasts():
    p = two(["6♥ 7♦ 8♠", "K♠ 9♦ 8♦"])
    assert warn(p, "P1 attack 6♥") == ("Coach: keep your trumps while there are cards in the talon: "
                                       "8♠ would do.")
    assert warn(p, "P1 attack 7♦") is None


def test_no_word_for_a_trump_lead_once_the_talon_is_empty_or_with_only_trumps():
    p = three(["6♥ 7♦ 8♠", "K♠ 9♦ 8♦", "A♠ 6♣"], trump="♥")
    assert warn(p, "P1 attack 6♥") is None
    q = two(["6♥ 7♥", "K♠ 9♦ 8♦"])
    assert warn(q, "P1 attack 6♥") is None


def test_a_trump_throw_in_while_a_plain_one_would_do():
    p = two(["7♠ 7♥ 7♣ 10♦", "K♠ 9♦ 8♦ A♣"]).play("P1 attack 7♠").play("P2 cover 7♠ with K♠")
    assert warn(p, "P1 attack 7♥") == ("Coach: keep your trumps while there are cards in the talon: "
                                       "7♣ would do.")
    assert warn(p, "P1 attack 7♣") is None
    assert warn(p, "P1 pass") is None


# ---------------------------------------------------------------- the tips: attack low
def test_a_high_lead_when_a_low_card_would_do():
    p = two(["K♠ 6♦ 9♣", "10♠ 9♦ 8♦"])
    assert warn(p, "P1 attack K♠") == ("Coach: lead low: 6♦ would do, and a king is good for defending "
                                       "later.")
    assert warn(p, "P1 attack 6♦") is None


@pytest.mark.parametrize("hand, lead", [
    ("10♠ 6♦ 9♣", "P1 attack 10♠"),   # a ten is not a high card here
    ("J♠ 8♦ 9♣", "P1 attack J♠"),     # the jack is only three above the lowest
])
def test_no_word_for_a_lead_that_is_not_much_higher(hand, lead):
    assert warn(two([hand, "10♥ Q♦ 7♥"]), lead) is None


# ---------------------------------------------------------------- R15, R18: a needless take
def test_a_take_when_everything_can_be_covered_without_a_trump():
    p = two(["9♠ 7♦", "K♠ 6♥ 8♦"]).play("P1 attack 9♠")
    assert warn(p, "P2 take") == ("Coach: you could cover everything without a trump (K♠). "
                                  "Taking gives you more cards to get rid of.")


def test_no_word_for_a_take_when_a_trump_is_needed_or_the_talon_is_empty():
    p = two(["9♠ 7♦", "8♠ 6♥ 8♦"]).play("P1 attack 9♠")
    assert warn(p, "P2 take") is None
    q = three(["9♠ 7♦", "K♠ 6♥ 8♦", "A♣ 6♣"], trump="♥").play("P1 attack 9♠")
    assert warn(q, "P2 take") is None


# ---------------------------------------------------------------- an only move
def test_no_word_for_an_only_move():
    p = two(["9♠ 7♦", "6♥ 8♦"]).play("P1 attack 9♠")
    view = p.view(1)
    assert [str(m) for m in view.legal] == ["P2 cover 9♠ with 6♥", "P2 take"]
    p = two(["K♠", "6♥ 8♦"])
    assert [str(m) for m in p.view(0).legal] == ["P1 attack K♠"]
    assert COACH.warning(p.view(0), Move.parse("P1 attack K♠")) is None
    assert COACH.hint(p.view(0), random.Random(0)) == "Hint: play K♠. It is your only move."


# ---------------------------------------------------------------- the endgame: the solver's word
def test_the_endgame_warning_names_the_values_and_a_better_move():
    # P2 to lead: 8♥ wins, 7♦ loses (the endgame bot's doctest)
    p = start(rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", attacker=1, first_bout=False)
    assert COACH.warning(p.view(1), Move.parse("P2 attack 7♦")) == (
        "Coach: with best play this move turns a win into a loss. Better: play 8♥.")
    assert COACH.warning(p.view(1), Move.parse("P2 attack 8♥")) is None
    assert COACH.hint(p.view(1), random.Random(0)) == "Hint: play 8♥. With best play it is a win for you."
    assert str(COACH.hint_move(p.view(1), random.Random(0))) == "P2 attack 8♥"


def test_in_the_endgame_the_tips_keep_quiet():
    # the trump cover wins and the plain king loses: the tips would say the opposite
    p = start(rules(players=2), ["7♠ J♥ K♣", "K♠ Q♦ 10♣"], trump="♠", attacker=1, first_bout=False)
    p = p.play("P2 attack 10♣")
    values = {str(m): v for m, v in Solver().move_values(p)}
    assert values == {"P1 cover 10♣ with 7♠": 1, "P1 cover 10♣ with K♣": -1, "P1 take": -1}
    assert COACH.warning(p.view(0), Move.parse("P1 cover 10♣ with 7♠")) is None
    assert COACH.warning(p.view(0), Move.parse("P1 cover 10♣ with K♣")) == (
        "Coach: with best play this move turns a win into a loss. Better: cover 10♣ with 7♠.")


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_the_endgame_warning_agrees_with_the_solver(preset):
    rng = random.Random(preset == "perevodnoy")
    solver, coach = Solver(), Coach(max_nodes=None)
    warned = judged = 0
    for _ in range(80):
        p = random_endgame(rules(preset, players=2), rng.randint(1, 5), rng.randint(1, 5), rng)
        while not p.is_over:
            values = solver.move_values(p)
            best = max(v for _, v in values)
            view = p.view(p.to_act())
            for move, value in values:
                warning = coach.warning(view, move)
                assert (warning is not None) == (value < best), (str(p), str(move), value, best, warning)
                judged += 1
                if warning is not None:
                    warned += 1
                    better = warning.rsplit("Better: ", 1)[1]
                    assert better.endswith(".")
            hint = coach.hint_move(view, rng)
            assert dict(values)[hint] == best
            p = p.play(rng.choice(p.sequential_moves()))
    assert judged > 500 and warned > 50  # the check saw many moves, and many warnings


def test_past_its_search_limit_the_coach_plays_the_game_out_instead():
    p = random_endgame(rules(players=2), 6, 6, random.Random(4))
    coach = Coach(max_nodes=5)
    view = p.view(p.to_act())
    hint = coach.hint(view, random.Random(0))
    assert hint.startswith("Hint: ") and "best play" not in hint and "chance of not being the durak" in hint
    ev = coach.evaluation(view, random.Random(0))
    assert not ev.exact and coach.hint_move(view, random.Random(0)) == ev.best[0]
