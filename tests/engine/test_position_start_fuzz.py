"""``Position.start`` from random hands, talon, discard, trump and attacker, over every preset and
player count (issue 35): it either builds a position someone can act in (or one with a result), or
refuses with a PositionError, RulesError or CardError; never another exception, never a dead end.

The hands are drawn the way a person types them in: mostly cards of the deck, dealt anywhere, but
also a card twice, a card of another deck, a joker, too many or too few hands, a seat that does not
exist, a trump that contradicts the trump card.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_lab.engine.cards import Card, cards_of
from durak_lab.engine.errors import CardError, PositionError, RulesError
from durak_lab.engine.notation import position_text
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from helpers import CONFIGS

#: Examples tried per run (the closing note of issue 35 counts them).
EXAMPLES = 2000
REFUSED = (PositionError, RulesError, CardError)
SUITS = ["♠", "♥", "♦", "♣", "S", "h", "c", "D"] * 3 + ["x", "", "♠♥"]


def _arguments(rules: Rules, rng: random.Random) -> dict:
    """Random arguments of ``Position.start`` for ``rules``: mostly sensible, sometimes not."""
    n = rules.players
    deck = cards_of(rules.all_cards)
    rng.shuffle(deck)
    hands: list = [[] for _ in range(n)]
    talon: list = []
    discard: list = []
    for c in deck[:rng.randrange(len(deck) + 1)]:  # the rest: out of the game, or listed nowhere
        where = rng.random()
        if where < 0.5:
            hands[rng.randrange(n)].append(c)
        elif where < 0.8:
            talon.append(c)
        else:
            discard.append(c)
    if rng.random() < 0.1:  # a card twice, or one of another deck (a 52-card card, a joker)
        rng.choice(hands + [talon, discard]).append(rng.choice(deck + list(range(54))))
    if rng.random() < 0.05:
        hands = hands[:-1] if rng.random() < 0.5 else hands + [[]]
    as_text = rng.random() < 0.5
    args: dict = {"hands": [" ".join(str(Card(c)) for c in h) if as_text else h for h in hands],
                  "talon": " ".join(str(Card(c)) for c in talon) if as_text and rng.random() < 0.5 else talon}
    k = rng.randrange(6)
    if k == 0 and talon:
        args["trump_card"] = talon[-1]
    elif k == 1:
        args["trump_card"] = rng.choice(deck)
    elif k in (2, 3):
        args["trump"] = rng.choice(SUITS) if k == 2 else rng.randrange(4)  # out of 0-3: see below
    elif k == 4 and talon:
        args["trump_card"], args["trump"] = talon[-1], rng.choice(SUITS)
    args["discard"] = "rest" if rng.random() < 0.6 else discard
    a = rng.randrange(5)
    args["attacker"] = (None if a == 0 else rng.randrange(-1, n + 1) if a == 1
                        else f"P{rng.randrange(0, n + 2)}" if a == 2 else rng.randrange(n))
    if rng.random() < 0.2:
        args["known"] = [rng.choice([0, h if isinstance(h, list) else []]) for h in hands]
    args["first_bout"] = rng.random() < 0.5
    return args


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2 ** 32))
def test_fuzz_position_start_builds_a_live_position_or_refuses_in_its_own_words(config, seed):
    preset, players = config
    rules = Rules.preset(preset, players=players)
    rng = random.Random(seed)
    args = _arguments(rules, rng)
    try:
        p = Position.start(rules, **args)
    except REFUSED as err:
        assert str(err) and "Traceback" not in str(err)
        return
    assert Position.parse(position_text(p)) == p
    if p.result is not None:
        assert not p.legal_moves()
        return
    assert p.to_act() is not None and p.legal_moves(), f"a dead end: {position_text(p)}"
    for m in p.legal_moves():  # every move listed is one the rules accept
        p.play(m)
    q = p
    for _ in range(30):  # and play goes on from it: a few random moves, each leaving a live position
        if q.is_over:
            break
        q = q.play(rng.choice(q.legal_moves()))
        assert q.is_over or q.legal_moves()


def test_the_fuzz_reaches_both_outcomes():
    """The arguments are neither always refused nor always accepted (the fuzz tests something)."""
    accepted = refused = 0
    for seed in range(300):
        preset, players = CONFIGS[seed % len(CONFIGS)]
        rules = Rules.preset(preset, players=players)
        try:
            Position.start(rules, **_arguments(rules, random.Random(seed)))
            accepted += 1
        except REFUSED:
            refused += 1
    assert accepted >= 30 and refused >= 30, (accepted, refused)


# Found by the fuzz: an int trump out of 0-3 beside a trump card indexed SUIT_SYMBOLS (IndexError), and a
# 10**5000 trump was formatted with !r (ValueError); a list raised TypeError.
@pytest.mark.parametrize("trump,card", [(4, "6♠"), (7, "6♠"), (-1, "6♠"), (10 ** 5000, None), ([1], None),
                                        (True, "6♠")], ids=["4", "7", "-1", "5001 digits", "list", "bool"])
def test_a_trump_that_is_no_suit_is_refused_as_a_position_error(trump, card):
    talon = [card] if card else []
    with pytest.raises(PositionError, match="trump: .*is not a suit"):
        Position.start(Rules(players=2), ["7♦", "Q♦"], talon=talon, trump_card=card, trump=trump, discard="rest")
