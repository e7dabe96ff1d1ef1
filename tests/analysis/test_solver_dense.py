"""The dense part of the endgame tables (durak_lab/analysis/solver/dense.py), its file form
(durak_lab/analysis/solver/tables.py, ``durak-lab endgame table/2``) and its use by the search.

A dense part holds the values of every bout start of some numbers of cards in play (podkidnoy's
shipped table: 7 and 8), two bits each, at an index computed from the canonical key.  These tests
check the index against an enumeration of all rows (one slot per row, no two rows on one slot),
the list of canonical positions against the keyed tables' own enumeration, the shipped values
against the search without tables and against the retrograde oracle over the engine (R28: the
game ends when a player is out), that the dense part is complete (every position the search
would look up has a value, no other slot is filled), that building with one or two processes
gives the same bytes, and that a damaged file is refused with a message naming what is wrong.
"""

from __future__ import annotations

import json
import random
import zlib

import pytest

from durak_lab.analysis.solver import tables as solver_tables
from durak_lab.analysis.solver import Solver
from durak_lab.analysis.solver.dense import (MOST_CARDS, DenseValues, canonical_positions, index, position_at,
                                             rows_of)
from durak_lab.analysis.solver.keys import _canonical
from durak_lab.analysis.solver.search import _Search
from durak_lab.analysis.solver.tables import (FORMAT_DENSE, SHIPPED_CARDS, EndgameTable, EndgameTableError,
                                              bout_start, build, positions, shipped_path, table_for)
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from solver_oracle import Oracle

CANON0 = _canonical(0)
M13 = (1 << 13) - 1


def rules_of(name: str) -> Rules:
    return Rules.preset(name, players=2)


DENSE = sorted(SHIPPED_CARDS)  # the shipped tables with a dense part


@pytest.fixture(scope="module")
def dense_tables() -> dict:
    return {name: EndgameTable.load(shipped_path(name)) for name in DENSE}


@pytest.fixture(scope="module")
def podkidnoy(dense_tables) -> EndgameTable:
    return dense_tables["podkidnoy"]


def raw_key(a: int, d: int) -> int:
    """The key layout of (a, d) with trump suit 0, suits in their own order (not sorted)."""
    return sum(((a >> 13 * s & M13) << 13 | (d >> 13 * s & M13)) << 26 * s for s in range(4))


def sample_slots(dense: DenseValues, n: int, seed: int, cards: int) -> list:
    """``n`` filled slots of ``cards`` cards, drawn by index alone (not by value)."""
    rng = random.Random(seed)
    out: dict = {}
    while len(out) < n:
        key = position_at(rng.randrange(rows_of(cards)), cards)
        v = dense.get(key, cards)
        if v is not None:
            out[key] = v
    return sorted(out.items())


# ---------------------------------------------------------------------------- 1. the index
@pytest.mark.parametrize("cards", [1, 2, 3, 4])
def test_every_row_has_its_own_index(cards):
    seen = set()
    for i in range(rows_of(cards)):
        key = position_at(i, cards)
        assert key.bit_count() == cards
        assert index(key, cards) == i
        seen.add(key)
    assert len(seen) == rows_of(cards)


def test_row_counts():
    # a column holds 1-4 cards: 8, 24, 32 and 16 ways (which suits, whose card)
    counts = [rows_of(n) for n in range(10)]
    assert counts[:4] == [1, 8, 8 * 8 + 24, 928]
    for n in range(4, 10):
        assert counts[n] == 8 * counts[n - 1] + 24 * counts[n - 2] + 32 * counts[n - 3] + 16 * counts[n - 4]
    with pytest.raises(ValueError, match="no row 928 among the 928 rows of 3 cards"):
        position_at(928, 3)


def test_index_of_random_big_rows_goes_back_and_forth():
    rng = random.Random(5)
    for cards in (7, 8, 9):
        for _ in range(300):
            i = rng.randrange(rows_of(cards))
            assert index(position_at(i, cards), cards) == i


# ---------------------------------------------------------------------------- 2. the canonical positions
@pytest.mark.parametrize("cards", [2, 3, 4, 5])
def test_canonical_positions_are_the_canonical_classes(cards):
    got = list(canonical_positions(cards))
    keys = [CANON0(a, d, 0) for a, d in got]
    assert keys == [raw_key(a, d) for a, d in got]  # each is its own canonical form
    assert len(set(keys)) == len(keys)
    assert set(keys) == {CANON0(a, d, 0) for a, d in positions(cards)}
    assert all(a and d and not a & d for a, d in got)


def test_every_random_bout_start_has_a_canonical_position():
    rng = random.Random(11)
    listed = {raw_key(a, d) for a, d in canonical_positions(5)}
    for _ in range(500):
        cards = rng.sample(range(52), 5)
        n = rng.randint(1, 4)
        a, d = sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n:])
        assert _canonical(rng.randrange(4))(a, d, 0) in listed


# ---------------------------------------------------------------------------- 3. DenseValues
def test_dense_values_put_get_merge_counts():
    dv = DenseValues(2, 3)
    assert len(dv.data) == (88 + 928 + 3) // 4 and dv.slots == 88 + 928
    keys = [CANON0(a, d, 0) for a, d in canonical_positions(3)][:30]
    for j, key in enumerate(keys):
        assert dv.get(key, 3) is None
        dv.put(key, 3, j % 3 - 1)
    assert [dv.get(k, 3) for k in keys] == [j % 3 - 1 for j in range(30)]
    assert dv.counts() == [10, 10, 10]
    other = DenseValues(2, 3)
    two = next(CANON0(a, d, 0) for a, d in canonical_positions(2))
    other.put(two, 2, 1)
    dv.merge(other)
    assert dv.get(two, 2) == 1 and dv.counts() == [10, 10, 11]
    dv.put(two, 2, -1)  # overwritten, not or-ed
    assert dv.get(two, 2) == -1 and dv.counts() == [11, 10, 10]
    with pytest.raises(ValueError, match="different cards"):
        dv.merge(DenseValues(2, 4))
    with pytest.raises(ValueError, match="from 1 to"):
        DenseValues(3, MOST_CARDS + 1)
    with pytest.raises(ValueError, match="takes 254 bytes, not 3"):
        DenseValues(2, 3, bytearray(3))


# ---------------------------------------------------------------------------- 4. the shipped dense part
@pytest.mark.parametrize("name", DENSE)
def test_shipped_dense_parts_hold_seven_and_eight_cards(name, dense_tables):
    assert SHIPPED_CARDS == {"podkidnoy": 8, "perevodnoy": 8}
    t = dense_tables[name]
    dv = t.dense
    assert (dv.low, dv.high, t.max_cards, t.keyed_cards) == (7, 8, 8, 6)
    assert all(dv.counts())  # losses, draws and wins (draws with 8 cards in play only)
    values, cards, dense = table_for(rules_of(name))
    assert cards == 6 and values == t.values and dense.high == 8
    for key, v in sample_slots(dv, 20, 0, 8):
        assert dense.get(key, 8) == v


@pytest.mark.parametrize("name", DENSE)
@pytest.mark.parametrize("cards", [7, 8])
def test_a_sample_of_the_dense_part_is_the_searchs_value(name, dense_tables, cards):
    entries = sample_slots(dense_tables[name].dense, 30, seed=cards, cards=cards)
    assert {v for _, v in entries} >= {-1, 1}
    srch = _Search(rules_of(name), 0, None, None)
    wrong = []
    for key, v in entries:
        a, d = bout_start(key)
        assert CANON0(a, d, 0) == key
        srch.arm(None)
        got = srch.value((a, d, 0, 0, 0, 0))
        if got != v:
            wrong.append((hex(key), v, got))
    srch.release()
    assert not wrong, f"(key, table, search) differ: {wrong}"


@pytest.mark.parametrize("name", DENSE)
def test_a_sample_of_seven_card_entries_agrees_with_the_oracle(name, dense_tables):
    """Independent of the search: the retrograde oracle over engine positions (R28; with
    transfers endless play is a draw, R20-R22)."""
    rules = rules_of(name)
    low = rules.lowest_rank
    wrong = []
    for key, v in sample_slots(dense_tables[name].dense, 5, seed=70, cards=7):
        a, d = bout_start(key)
        p = Position.start(rules, hands=[a << low, d << low], trump=0, discard="rest", attacker=0, first_bout=False)
        got = Oracle(p).values[0]
        if got != v:
            wrong.append((str(p), v, got))
    assert not wrong, f"(position, table, oracle) differ: {wrong}"


@pytest.mark.parametrize("name", DENSE)
def test_the_dense_part_holds_exactly_what_the_search_looks_up(name, dense_tables):
    """Filled slots are canonical positions no shortcut settles; every such position is filled."""
    dv = dense_tables[name].dense
    srch = _Search(rules_of(name), 0, None, None)
    rng = random.Random(3)
    filled = empty = 0
    for cards in (7, 8):
        for _ in range(4000):
            key = position_at(rng.randrange(rows_of(cards)), cards)
            a, d = bout_start(key)
            canonical = CANON0(a, d, 0) == key
            wanted = canonical and bool(a) and bool(d) and srch.quick(a, d, 0) is None
            got = dv.get(key, cards)
            assert (got is not None) == wanted, (hex(key), got)
            filled += got is not None
            empty += got is None
    assert filled > 200 and empty > 2000


# ---------------------------------------------------------------------------- 5. building, the file
@pytest.fixture()
def keyed_three(monkeypatch):
    """Tables that keep only up to 3 cards by key: a dense part from 4 cards on."""
    monkeypatch.setattr(solver_tables, "KEYED_CARDS", 3)


def test_build_with_a_dense_part_has_the_keyed_build_values(keyed_three):
    for name in ("podkidnoy", "perevodnoy"):
        rules = rules_of(name)
        dense = build(rules, max_cards=5)
        keyed = solver_tables.EndgameTable.from_bytes(
            EndgameTable(dense.signature, 5, dict(dense.values)).to_bytes())  # the values up to 3 cards
        full = {}
        srch = _Search(rules, 0, None, None)
        for cards in (4, 5):
            for a, d in canonical_positions(cards):
                if srch.quick(a, d, 0) is None:
                    srch.arm(None)
                    full[CANON0(a, d, 0)] = (cards, srch.value((a, d, 0, 0, 0, 0)))
        srch.release()
        assert dense.keyed_cards == 3 and (dense.dense.low, dense.dense.high) == (4, 5)
        assert all(k.bit_count() <= 3 for k in keyed.values)
        assert all(dense.dense.get(k, c) == v for k, (c, v) in full.items()), name
        assert sum(dense.dense.counts()) == len(full)
        assert len(dense) == len(dense.values) + len(full)


def test_two_processes_build_the_same_bytes(keyed_three):
    rules = rules_of("podkidnoy")
    one = build(rules, max_cards=5, jobs=1)
    two = build(rules, max_cards=5, jobs=2)
    assert one.to_bytes() == two.to_bytes()


def test_dense_file_round_trip_and_lazy_reading(keyed_three, tmp_path):
    t = build(rules_of("podkidnoy"), max_cards=5)
    data = t.to_bytes()
    assert data.startswith(FORMAT_DENSE.encode() + b"\n")
    back = EndgameTable.from_bytes(data)
    assert back.values == t.values and back.dense.data == t.dense.data and back.counts() == t.counts()
    lazy = EndgameTable.from_bytes(data, lazy=True)
    key = next(CANON0(a, d, 0) for a, d in canonical_positions(5) if t.dense.get(CANON0(a, d, 0), 5) is not None)
    assert lazy.dense.counts() == t.dense.counts() and lazy.dense.high == 5
    assert lazy.dense.get(key, 5) == t.dense.get(key, 5)
    path = tmp_path / "t.dtb"
    t.save(str(path))
    assert EndgameTable.load(str(path)).to_bytes() == data


def split(data: bytes) -> tuple:
    first, head, payload = data.split(b"\n", 2)
    return first, json.loads(head), payload


def join(first: bytes, head: dict, payload: bytes) -> bytes:
    return first + b"\n" + json.dumps(head).encode() + b"\n" + payload


def test_damaged_dense_files_are_refused_by_name(keyed_three):
    data = build(rules_of("podkidnoy"), max_cards=5).to_bytes()
    first, head, payload = split(data)
    kb = head["keys_bytes"]
    dense = head["dense"]
    bad = {
        "no dense": (join(first, {k: v for k, v in head.items() if k != "dense"}, payload), "the header has no dense"),
        "keys_bytes": (join(first, {**head, "keys_bytes": len(payload) + 1}, payload), "keys_bytes must be"),
        "dense field": (join(first, {**head, "dense": {k: v for k, v in dense.items() if k != "sha256"}}, payload),
                        "dense part has no sha256"),
        "high": (join(first, {**head, "dense": {**dense, "high": 9}}, payload), "high being max_cards"),
        "counts": (join(first, {**head, "dense": {**dense, "counts": {"loss": 1}}}, payload),
                   "dense part's counts"),
        "bytes": (join(first, {**head, "dense": {**dense, "bytes": dense["bytes"] + 1}}, payload),
                  f"takes {dense['bytes']} bytes, not the {dense['bytes'] + 1}"),
        "unpack": (join(first, head, payload[:kb] + b"x" * dense["bytes"]), "does not unpack"),
        "sha": (join(first, head, payload[:kb] + zlib.compress(bytes(len(zlib.decompress(payload[kb:]))))),
                "does not match its sha256"),
    }
    for what, (blob, words) in bad.items():
        if what == "sha":  # the length changed with the payload: fix the header's byte count
            _, h, p = split(blob)
            blob = join(first, {**h, "dense": {**h["dense"], "bytes": len(p) - kb}}, p)
        with pytest.raises(EndgameTableError, match=words):
            EndgameTable.from_bytes(blob, "t.dtb")
    # a lazily read file is refused when its dense part is first looked in
    blob = join(first, head, payload[:kb] + b"x" * dense["bytes"])
    lazy = EndgameTable.from_bytes(blob, "t.dtb", lazy=True)
    with pytest.raises(EndgameTableError, match="t.dtb: the dense part does not unpack"):
        lazy.dense.get(0, 5)


# ---------------------------------------------------------------------------- 6. in the search
def test_the_search_believes_the_dense_part_within_its_cards(podkidnoy):
    rules = rules_of("podkidnoy")
    key, true = sample_slots(podkidnoy.dense, 1, seed=9, cards=7)[0]
    a, d = bout_start(key)
    for fake in (-1, 0, 1):
        dv = DenseValues(7, 7)
        dv.put(key, 7, fake)
        srch = _Search(rules, 0, None, ({}, 6, dv))
        srch.arm(None)
        assert srch.value((a, d, 0, 0, 0, 0)) == fake and srch.counter[0] <= 2
    srch = _Search(rules, 0, None, ({}, 6, DenseValues(7, 7)))  # an empty slot: searched
    srch.arm(None)
    assert srch.value((a, d, 0, 0, 0, 0)) == true


@pytest.mark.parametrize("name", DENSE)
@pytest.mark.parametrize("seed", range(4))
def test_solver_with_and_without_tables_agree_at_six_cards_each(name, seed):
    """6+6: the bouts after the first reach bout starts of 7 and 8 cards (the dense part); with
    transfers a line of best play that comes back to one of its positions is a draw there."""
    p = random_endgame(rules_of(name), 6, 6, random.Random(600 + seed))
    a = Solver().solve(p)
    b = Solver(tables=False).solve(p)
    assert (a.value, a.move_values, a.best_moves, a.pv) == (b.value, b.move_values, b.best_moves, b.pv), str(p)
    assert a.nodes < b.nodes
