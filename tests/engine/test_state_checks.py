"""The move check of the reference engine: one method per move kind, dispatched by a table."""

import re

import pytest

from durak_lab.engine.cards import Card
from durak_lab.engine.errors import Reason
from durak_lab.engine.moves import KINDS, Move
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.engine.state.checks import KIND_CHECKS, MoveChecks
from durak_lab.engine.state.fields import FIELDS, PositionFields


def test_every_move_kind_has_its_check():
    assert set(KIND_CHECKS) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_each_check_states_its_rule(kind):
    check = KIND_CHECKS[kind]
    assert check.__name__.startswith("_check_") and getattr(MoveChecks, check.__name__) is check
    assert re.search(r"\bR\d+\b", check.__doc__ or ""), f"{check.__name__} cites no rule id"


def test_an_unknown_kind_is_refused_after_the_shared_checks():
    p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
    err = p.why_illegal(Move("juggle", 0))
    assert err.reason is Reason.NOT_IN_HAND and err.facts["case"] == "kind"
    # the cards of an unknown kind are still checked first
    err = p.why_illegal(Move("juggle", 0, (Card("Q♦"),)))
    assert err.reason is Reason.NOT_IN_HAND and err.facts["case"] == "cards"


def test_a_position_is_its_declared_slots():
    p = Position.deal(Rules(players=3), seed=7)
    assert not hasattr(p, "__dict__")
    assert set(FIELDS) <= set(PositionFields.__slots__)
    assert set(PositionFields.__slots__) == set(PositionFields.__annotations__)  # every slot has its type
    assert p._replace() == p and hash(p._replace()) == hash(p)
