"""The kernel's configuration tuple: its indexes are named once, and one predicate picks the loop.

:mod:`durak_lab.engine.kernel.config` names every field of :func:`check_rules`'s tuple; the loops
read the fields by those names, and :func:`loop_for` alone says which loop plays which rules (the
listing loop, the two-player fast loops, the fast loops for three to six players).
"""

from __future__ import annotations

import pytest

from durak_lab.engine.kernel import SUPPORTED_PRESETS, check_rules
from durak_lab.engine.kernel import config as C
from durak_lab.engine.kernel.rollout import supports_multi
from durak_lab.engine.kernel.two import supports
from durak_lab.engine.rules import Rules

INDEXES = ("PLAYERS", "HAND_SIZE", "CAP", "CAP_FIRST", "CARRY", "TAKE_NONE", "TRANSFER", "NEIGHBOURS", "NO_THROW",
           "TEAMS", "ORDERS", "HAND_LIMIT", "SEEN_RANKS", "LEAD", "MATES", "SHOW", "TURNS", "DRAW_ORDER", "TIE_ALL")


def _games():
    for name in SUPPORTED_PRESETS:
        for n in range(2, 7):
            try:
                yield name, Rules.preset(name, players=n)
            except ValueError:  # pairs: 4 or 6 players
                continue


def test_every_field_has_one_name():
    assert sorted(getattr(C, name) for name in INDEXES) == list(range(C.FIELDS))
    assert len(check_rules(Rules())) == C.FIELDS


def test_the_fields_say_the_rules():
    cfg = check_rules(Rules.preset("perevodnoy", players=3, attack_limit=None, first_bout_limit=5))
    assert (cfg[C.PLAYERS], cfg[C.TRANSFER], cfg[C.CAP], cfg[C.CAP_FIRST]) == (3, True, C.NO_LIMIT, 5)  # R13, R14
    assert check_rules(Rules.preset("he_hand"))[C.HAND_LIMIT] == C.HL_BOUT_START  # R13
    assert check_rules(Rules.preset("unlimited"))[C.HAND_LIMIT] == C.HL_NONE  # R13
    assert check_rules(Rules(players=4, draw_order="equal"))[C.DRAW_ORDER] == C.DRAW_EQUAL  # R19
    assert check_rules(Rules.preset("finnish", players=4))[C.DRAW_ORDER] == C.DRAW_ROUND  # R19, FI
    assert check_rules(Rules.preset("pairs", players=4))[C.MATES] == ((2,), (3,), (0,), (1,))  # R26
    assert check_rules(Rules())[C.MATES] is None


@pytest.mark.parametrize("changes", [{"hand_limit": "bout_start"}, {"hand_limit": "none"},
                                     {"after_take": "seen_ranks"}, {"lead": 2}, {"transfer": True,
                                     "transfer_by_show": True}, {"draw_order": "attack_order"},
                                     {"draw_order": "equal"}, {"tie": "all_durak"}, {"draw_order": "round"}])
def test_the_options_only_the_listing_loop_plays(changes):
    for n in (2, 4):
        assert C.loop_for(check_rules(Rules(players=n, **changes))) == C.LISTING_LOOP


def test_attack_by_turns_is_fast_for_two_only():
    # R12: with two players the attacker attacks alone, so the turns change nothing
    assert C.loop_for(check_rules(Rules.preset("by_turns", players=2))) == C.TWO_LOOP
    assert C.loop_for(check_rules(Rules.preset("by_turns", players=3))) == C.LISTING_LOOP


def test_the_loops_ask_the_one_predicate():
    for name, rules in _games():
        cfg = check_rules(rules)
        loop = C.loop_for(cfg)
        assert supports(cfg) == (loop == C.TWO_LOOP), name
        # the greedy playout plays the partner's cover (R26) too; the fast random loop does not
        assert supports_multi(cfg) == (loop == C.MULTI_LOOP or (rules.partner_covers and rules.lead == 1)), name
        assert loop == C.LISTING_LOOP or (loop == C.TWO_LOOP) == (rules.players == 2), name
