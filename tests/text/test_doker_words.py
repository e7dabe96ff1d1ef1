"""Learner words for doker's jokers (HE "דוקר", R1): covers, refusals and quick typing."""

from __future__ import annotations

import pytest

from durak_lab.engine.errors import IllegalMoveError
from durak_lab.engine.moves import Move
from durak_lab.engine.rules import Rules
from durak_lab.session.shorthand import card_letters
from durak_lab.engine.cards import Card
from durak_lab.text.explain import describe_move, explain_move
from durak_lab.text.reasons import learner_reason

from helpers import start


def _p():
    return start(Rules.preset("doker", players=2), ["A♠ BJ 9♦", "RJ 8♥ K♠"], trump="♠", attacker=0)


def test_doker_a_joker_cover_is_explained_as_burning_any_card():
    p = _p().play("P1 attack A♠")
    m = Move.parse("P2 cover A♠ with RJ")
    assert "joker beats any card" in explain_move(p, m).text
    assert "joker beats any card" in describe_move(p, m)


def test_doker_covering_a_joker_is_refused_in_plain_words():
    p = _p().play("P1 attack BJ")
    with pytest.raises(IllegalMoveError) as info:
        p.play("P2 cover BJ with K♠")
    words = learner_reason(info.value)
    assert words == "K♠ does not beat the joker: only the other joker beats a joker."
    assert "P2 cover BJ with RJ" in {str(m) for m in p.legal_moves(1)}
    assert "cover-joker" not in explain_move(p, Move.parse("P2 cover BJ with RJ")).text


def test_doker_jokers_are_typed_as_bj_and_rj():
    assert card_letters(Card("BJ")) == "bj" and Card.parse(card_letters(Card("RJ"))) == Card("RJ")
