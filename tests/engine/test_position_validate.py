"""Positions nobody can be in are refused where they are built (Position.parse, Position.start), with a
PositionError naming what is wrong; every position the rules reach passes; the fuzzers find no dead end.

The regressions are texts the fuzzers found accepted before: dead ends where nobody could move and
the game had no result, a cover that does not beat its card (the exact solver then failed an
assertion), a swap open under rules without the swap (its moves listed, then refused).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_lab.analysis.solver.endgame import SearchLimitExceeded, Solver
from durak_lab.cli import main
from durak_lab.engine.cards import Card
from durak_lab.engine.errors import DurakError, PositionError
from durak_lab.engine.notation import position_text
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.engine.state.validate import validate_position

from helpers import CONFIGS

TWO = "rules=podkidnoy,players=2 trump=♠ card=- hands=8♠.9♥|10♦ talon=- discard=rest "


@pytest.mark.parametrize("text,message", [
    # the fuzzers' dead ends: the bout should have ended, nobody can move, no result
    (TWO + "table=7♦@P1>Q♦@P2 lead=P1 def=P2 passed=P1", "table: P2 is to act but has no legal move"),
    ("rules=neighbours,players=2 trump=♠ card=J♠ hands=7♥.10♥.K♥.K♦.J♣|7♠.8♦ talon=- discard=rest "
     "table=J♠@P2 lead=P2 def=P1 passed=P2 take", "table: P1 is to act but has no legal move"),
    # the exact solver failed an assertion on this one ("no move keeps the value")
    ("rules=simple,players=2 trump=♠ card=J♠ hands=A♥.8♦.8♣.10♣|10♠.J♠.A♠.7♣ talon=- discard=rest "
     "table=10♥@P2>6♥@P1 lead=P2 def=P1", "table[0]: 6♥ does not beat 10♥ (R11)"),
    (TWO + "table=- lead=P1 def=P2 swap", "swap: these rules have no trump-card swap (R6)"),
    (TWO + "table=- lead=P1 def=P2 result=P1", "result: P2 still holds cards"),
    (TWO + "table=- lead=P1 def=P2 take", "take: there is nothing on the table to take (R15)"),
    (TWO + "table=- lead=P1 def=P2 passed=P2", "passed: nobody can pass before the first card"),
    (TWO + "table=- lead=P2 def=P2", "def: P2 leads and cannot also defend (R9)"),
    (TWO + "table=7♦@P1>Q♦@P1 lead=P1 def=P2", "table[0]: P1 covered, but only the defender's side covers"),
    ("rules=podkidnoy,players=2 trump=♠ card=- hands=-|10♦ talon=- discard=rest table=- lead=P1 def=P2",
     "lead: P1 holds no cards and cannot lead (R28)"),
    ("rules=podkidnoy,players=2 trump=♠ card=- hands=7♠|- talon=- discard=rest table=7♦@P1>Q♦@P2 lead=P1 "
     "def=P2", "def: P2 holds no cards and cannot defend"),
    ("rules=pairs,players=4 trump=♠ card=- hands=8♠|9♥|10♦|J♦ talon=- discard=rest table=- lead=P1 def=P3",
     "def: P3 is P1's partner"),
    ("rules=classic,players=2 trump=♠ card=- hands=8♠.9♥|10♦ talon=- discard=rest table=- lead=P1 def=P2 first",
     "first: these rules have no first-bout limit (R14)"),
    (TWO + "table=- lead=P1 def=P2 start=99999", "start: the defender cannot have held 99999 cards"),
])
def test_an_impossible_position_text_is_refused_naming_what_is_wrong(text, message):
    with pytest.raises(PositionError) as err:
        Position.parse(text)
    assert str(err.value).startswith(message)


def test_discard_rest_reads_as_records_write_it():
    p = Position.parse(TWO + "table=- lead=P1 def=P2")
    assert len(p.hand(0)) == 2 and p.card_count() == 36
    assert Position.parse(position_text(p)) == p  # the text written lists the discard, as it always did
    assert "discard=rest" not in position_text(p)


def test_solve_says_what_is_wrong_with_an_impossible_position_instead_of_failing(capsys):
    text = ("rules=simple,players=2 trump=♠ card=J♠ hands=A♥.8♦.8♣.10♣|10♠.J♠.A♠.7♣ talon=- "
            "discard=rest table=10♥@P2>6♥@P1 lead=P2 def=P1")
    assert main(["solve", text]) == 2
    assert capsys.readouterr().err.strip() == ("durak-lab solve: the position text: table[0]: 6♥ does not beat "
                                               "10♥ (R11)")


def test_position_start_is_validated_too():
    rules = Rules(players=2)
    p = Position.start(rules, ["7♦", "Q♦"], trump="♥", discard="rest", attacker=0)
    assert validate_position(p) is p
    with pytest.raises(PositionError, match="def: P1 leads and cannot also defend"):
        validate_position(p._replace(defender=0))
    with pytest.raises(PositionError, match="def: P2 holds no cards"):
        validate_position(p._replace(table=((Card("7♦"), Card("Q♦"), 0, 1),), hands=(0, 0)))
    with pytest.raises(PositionError, match="attacker: P3|no seat 3"):
        Position.start(rules, ["7♦", "Q♦"], trump="♥", discard="rest", attacker=2)


# ---------------------------------------------------------------- every position the rules reach passes
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10 ** 6))
def test_every_position_of_a_random_game_passes(config, seed):
    preset, players = config
    rng = random.Random(seed)
    p = Position.deal(Rules.preset(preset, players=players), rng)
    for _ in range(150):
        assert validate_position(p) is p
        if p.is_over:
            break
        p = p.play(rng.choice(p.legal_moves() if rng.random() < 0.5 else p.sequential_moves()))


# ---------------------------------------------------------------- fuzzing: no accepted text is a dead end
def _game_texts() -> list:
    out = []
    for preset, players in (("podkidnoy", 2), ("perevodnoy_show", 3), ("by_turns", 4), ("pairs", 4),
                            ("neighbours", 3), ("simple", 2), ("unlimited", 3), ("pushing", 3)):
        rng = random.Random(players)
        try:
            p = Position.deal(Rules.preset(preset, players=players), rng)
        except DurakError:
            continue
        for _ in range(60):
            out.append(position_text(p))
            if p.is_over:
                break
            p = p.play(rng.choice(p.legal_moves()))
    return out


_TEXTS = _game_texts()


def _mutate(text: str, rng: random.Random) -> str:
    """One change a person could make by hand: a role, a flag, who passed, a card moved between
    hands, the discard and the table (as an attack or a cover, owned by anyone)."""
    head, *tokens = text.split(" ")
    fields = {t.partition("=")[0]: t.partition("=")[2] for t in tokens if "=" in t}
    flags = [t for t in tokens if "=" not in t]
    n = len(fields["hands"].split("|"))
    seats = [f"P{i + 1}" for i in range(n)]
    k = rng.randrange(7)
    if k == 0:
        fields[rng.choice(["lead", "def"])] = rng.choice(seats)
    elif k == 1:
        flag = rng.choice(["take", "first", "swap"])
        flags = [f for f in flags if f != flag] if flag in flags else flags + [flag]
    elif k == 2:
        who = ".".join(s for s in seats if rng.random() < 0.5)
        fields.pop("passed", None)
        if who:
            fields["passed"] = who
    else:
        hands = [[c for c in h.split(".") if c != "-"] for h in fields["hands"].split("|")]
        discard = [c for c in fields["discard"].split(".") if c != "-"]
        groups = hands + [discard]
        src = rng.choice([g for g in groups if g] or [discard])
        if not src:
            return text
        card = src.pop(rng.randrange(len(src)))
        if k == 3:
            rng.choice(groups).append(card)
        else:
            table = [] if fields["table"] == "-" else fields["table"].split(",")
            open_ = [i for i, e in enumerate(table) if ">" not in e]
            if k == 4 and open_:
                i = rng.choice(open_)
                table[i] += f">{card}@{rng.choice(seats)}"
            else:
                table.append(f"{card}@{rng.choice(seats)}")
            fields["table"] = ",".join(table)
        fields["hands"] = "|".join(".".join(h) or "-" for h in hands)
        fields["discard"] = ".".join(discard) or "-"
    return " ".join([head] + [f"{key}={value}" for key, value in fields.items()] + flags)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(_TEXTS), seed=st.integers(0, 2 ** 32), changes=st.integers(1, 3))
def test_fuzz_an_accepted_position_always_has_a_move_or_a_result(start, seed, changes):
    rng = random.Random(seed)
    text = start
    for _ in range(changes):
        text = _mutate(text, rng)
    try:
        p = Position.parse(text)
    except PositionError:
        return
    assert Position.parse(position_text(p)) == p
    if p.result is not None:
        assert not p.legal_moves()
        return
    assert p.to_act() is not None and p.sequential_moves() and p.legal_moves()
    for m in p.legal_moves():  # every move listed is one the rules accept
        p.play(m)
    if p.players == 2 and not p.talon:
        try:  # the exact solver either answers or refuses in its own words, never an assertion
            Solver(max_nodes=2000).solve(p)
        except (SearchLimitExceeded, DurakError):
            pass
