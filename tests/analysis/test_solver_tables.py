"""The endgame tables (durak_lab/analysis/solver/tables.py) and their use by the solver.

A table holds, for one set of endgame rules, the value for the attacker to lead of every
two-player bout start with at most ``max_cards`` cards in play (no first-bout limit, R14; no
trump shown, R24), keyed by the search's canonical key.  These tests decode the keys back to
cards and check the shipped tables entry by entry against the search without a table, and a
sample against the plain retrograde oracle over the engine (tests/solver_oracle.py); that the
tables are complete and rebuild to the same values; that the solver gives the same answers
with and without them (R28: the game ends when a player is out; R20-R22: transfers, where a
line of play can repeat); which rules get a table; and that a damaged file is refused with a
message naming what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import random
import zlib

import pytest

from durak_lab.analysis.solver import Solver
from durak_lab.analysis.solver.keys import _canonical
from durak_lab.analysis.solver.search import _Search
from durak_lab.analysis.solver.tables import (FORMAT, MAX_CARDS, SHIPPED, SHIPPED_CARDS, EndgameTable, EndgameTableError, build,
                                              positions, shipped_path, signature, table_for)
from durak_lab.engine.errors import DurakError
from durak_lab.engine.random_play import random_endgame
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from solver_oracle import Oracle

M13 = (1 << 13) - 1
M26 = (1 << 26) - 1
CANON0 = _canonical(0)


def decode(key: int) -> tuple:
    """A bout start ``(a, d)`` with trump suit 0 whose canonical key is ``key``.

    The layout of :func:`_canonical` with trump 0: bits 0-12 the defender's trumps, 13-25 the
    attacker's, then one 26-bit field ``a_s << 13 | d_s`` for each non-trump suit (sorted) at
    bits 26, 52 and 78, then the first-bout bit (104) and the shown trumps (105 on).  The three
    fields go to suits 1, 2, 3 in order.
    """
    a = key >> 13 & M13
    d = key & M13
    for suit, at in enumerate((26, 52, 78), start=1):
        p = key >> at & M26
        a |= (p >> 13) << (13 * suit)
        d |= (p & M13) << (13 * suit)
    return a, d


def ranks_in_play(a: int, d: int) -> int:
    both = a | d
    return (both | both >> 13 | both >> 26 | both >> 39) & M13


def random_disjoint(rng: random.Random, n: int, m: int) -> tuple:
    cards = rng.sample(range(52), n + m)
    return sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n:])


@pytest.fixture(scope="module")
def shipped() -> dict:
    """The shipped tables, read from their files, by preset name."""
    return {name: EndgameTable.load(shipped_path(name)) for name in SHIPPED}


def rules_of(name: str) -> Rules:
    return Rules.preset(name, players=2)


# ---------------------------------------------------------------------------- 1. the keys
def test_decode_hand_made_keys():
    # one non-trump suit: the attacker's lowest card against the next one up; nothing to close up
    key = CANON0(1 << 13, 1 << 14, 0)
    assert key == (1 << 13 | 2) << 78  # the lone non-trump suit sorts last
    assert decode(key) == (1 << 39, 1 << 40)
    # trumps only, ranks 0 and 5: rank 5 closes up to rank 1
    key = CANON0(1, 1 << 5, 0)
    assert key == 1 << 13 | 2
    assert decode(key) == (1, 2)


def test_decode_then_canonicalise_gives_the_key_back():
    """For random bout starts under every trump suit: the key does not name the trump suit, and
    the decoded trump-0 representative has that key, the same cards per hand and closed-up ranks."""
    rng = random.Random(20240611)
    canons = [_canonical(t) for t in range(4)]
    for _ in range(2000):
        a, d = random_disjoint(rng, rng.randint(1, 6), rng.randint(1, 6))
        trump = rng.randrange(4)
        key = canons[trump](a, d, 0)
        a2, d2 = decode(key)
        assert CANON0(a2, d2, 0) == key, (hex(a), hex(d), trump)
        assert (a2.bit_count(), d2.bit_count()) == (a.bit_count(), d.bit_count())
        # the trumps stay the trumps
        tm = M13 << (13 * trump)
        assert ((a & tm).bit_count(), (d & tm).bit_count()) == ((a2 & M13).bit_count(), (d2 & M13).bit_count())
        # closed up: the ranks in play are 0, 1, ... with no gap
        r = ranks_in_play(a2, d2)
        assert r & (r + 1) == 0 and r.bit_count() == ranks_in_play(a, d).bit_count()


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_key_is_a_canonical_bout_start(name, shipped):
    """Each key decodes to a bout start of at most max_cards cards, both hands holding a card,
    no first-bout bit and no shown trump, ranks closed up, that canonicalises to itself; and no
    position a shortcut of the search settles is stored (the search never looks those up)."""
    t = shipped[name]
    srch = _Search(rules_of(name), 0, None, None)
    quick = srch.quick
    bad = []
    for key, v in t.values.items():
        a, d = decode(key)
        r = ranks_in_play(a, d)
        if not (key >> 104 == 0 and a and d and not a & d and (a | d).bit_count() <= t.max_cards
                and r & (r + 1) == 0 and CANON0(a, d, 0) == key and v in (-1, 0, 1)
                and quick(a, d, 0) is None):
            bad.append(hex(key))
            if len(bad) > 10:
                break
    srch.release()
    assert not bad, f"{name}: keys that are not canonical bout starts the search would look up: {bad}"


# ---------------------------------------------------------------------------- 2. the values
def table_free_values(name: str, keys: list) -> dict:
    srch = _Search(rules_of(name), 0, None, None)
    out = {}
    for key in keys:
        a, d = decode(key)
        srch.arm(None)
        out[key] = srch.value((a, d, 0, 0, 0, 0))
    srch.release()
    return out


def sample_5_6(t: EndgameTable, seed: int, five: int = 50, six: int = 100) -> list:
    """A seeded sample of the keys with 5 and with 6 cards in play, chosen by key alone (not by
    value: a wrong value cannot move its entry out of the sample)."""
    rng = random.Random(seed)
    out = []
    for cards, n in ((5, five), (6, six)):
        out += rng.sample(sorted(k for k in t.values if k.bit_count() == cards), n)
    return out


@pytest.mark.parametrize("name", SHIPPED)
def test_every_entry_of_up_to_four_cards_is_the_searchs_value(name, shipped):
    t = shipped[name]
    keys = sorted(k for k in t.values if k.bit_count() <= 4)
    assert len(keys) > 800  # 926 in podkidnoy, 1060 in perevodnoy
    got = table_free_values(name, keys)
    wrong = [(hex(k), t.values[k], got[k]) for k in keys if got[k] != t.values[k]]
    assert not wrong, f"{name}: (key, table, search) differ for {len(wrong)} entries: {wrong[:10]}"


@pytest.mark.parametrize("name", SHIPPED)
def test_a_sample_of_five_and_six_card_entries_is_the_searchs_value(name, shipped):
    t = shipped[name]
    keys = sample_5_6(t, seed=sum(map(ord, name)))
    assert len(set(keys)) == 150
    assert {t.values[k] for k in keys} == {-1, 0, 1}  # losses, draws and wins all met
    got = table_free_values(name, keys)
    wrong = [(hex(k), t.values[k], got[k]) for k in keys if got[k] != t.values[k]]
    assert not wrong, f"{name}: (key, table, search) differ: {wrong[:10]}"


@pytest.mark.parametrize("name", SHIPPED)
def test_a_sample_agrees_with_the_oracle_over_the_engine(name, shipped):
    """Independent of the search and its fast model: the retrograde oracle over engine positions
    (R28 game end; in perevodnoy endless play by transfers is a draw, R20-R22)."""
    t = shipped[name]
    rules = rules_of(name)
    low = rules.lowest_rank  # decoded ranks start at 0: move them into the deck
    rng = random.Random(7)
    small = sorted(k for k in t.values if k.bit_count() <= 4)
    keys = rng.sample(small, 100) + sample_5_6(t, seed=8, five=20, six=30)
    wrong = []
    for key in keys:
        a, d = decode(key)
        p = Position.start(rules, hands=[a << low, d << low], trump=0, discard="rest", attacker=0,
                           first_bout=False)
        v = Oracle(p).values[0]
        if v != t.values[key]:
            wrong.append((str(p), t.values[key], v))
    assert not wrong, f"{name}: (position, table, oracle) differ: {wrong[:5]}"


# ---------------------------------------------------------------------------- 3. complete and reproducible
@pytest.mark.parametrize("name", SHIPPED)
def test_build_up_to_four_cards_is_the_shipped_table_restricted(name, shipped):
    rules = rules_of(name)
    t = shipped[name]
    calls = []
    small = build(rules, max_cards=4, progress=lambda cards, stored: calls.append((cards, stored)))
    restricted = {k: v for k, v in t.values.items() if k.bit_count() <= 4}
    assert small.max_cards == 4 and small.signature == t.signature == signature(rules)
    assert small.values.keys() == restricted.keys()
    assert small.values == restricted
    # the same bytes, whichever way the table was made (sorted groups, no order from the search)
    assert small.to_bytes() == EndgameTable(t.signature, 4, restricted).to_bytes() == build(rules, 4).to_bytes()
    # progress after each number of cards, positions stored so far
    assert [c for c, _ in calls] == [1, 2, 3, 4]
    assert [s for _, s in calls] == sorted(s for _, s in calls) and calls[-1][1] == len(small)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_unsettled_position_of_up_to_four_cards_is_in_the_table(name, shipped):
    t = shipped[name]
    srch = _Search(rules_of(name), 0, None, None)
    expected = set()
    for k in range(1, 5):
        for a, d in positions(k):
            assert a and d and not a & d and (a | d).bit_count() == k
            if srch.quick(a, d, 0) is None:
                key = CANON0(a, d, 0)
                assert key in t.values, (name, k, hex(a), hex(d))
                expected.add(key)
    srch.release()
    # and nothing else of up to four cards
    assert expected == {key for key in t.values if key.bit_count() <= 4}


def test_positions_are_one_per_canonical_class():
    for k in range(1, 5):
        got = list(positions(k))
        keys = {CANON0(a, d, 0) for a, d in got}
        assert len(keys) == len(got)
        # every bout start of k cards (random ones here) falls in a listed class
        rng = random.Random(k)
        for _ in range(300):
            n = rng.randint(1, k - 1) if k > 1 else 1
            if k == 1:
                break  # one card: no bout start with both hands holding a card
            a, d = random_disjoint(rng, n, k - n)
            assert _canonical(rng.randrange(4))(a, d, 0) in keys
    assert [len(list(positions(k))) for k in (1, 2, 3)] == [0, 13, 160]


# ---------------------------------------------------------------------------- 4. the solver with and without
@pytest.mark.parametrize("name,n", [("podkidnoy", 4), ("podkidnoy", 5), ("perevodnoy", 4), ("perevodnoy", 5)])
def test_solver_with_and_without_tables_agree(name, n):
    rules = rules_of(name)
    nodes_with = nodes_without = 0
    for i in range(15):
        p = random_endgame(rules, n, n, random.Random(1000 * n + i + (7 if rules.transfer else 0)))
        a = Solver().solve(p)
        b = Solver(tables=False).solve(p)
        assert a.value == b.value, str(p)
        assert a.move_values == b.move_values, str(p)
        assert a.best_moves == b.best_moves, str(p)
        assert a.pv == b.pv, (str(p), a.pv_text(), b.pv_text())
        nodes_with += a.nodes
        nodes_without += b.nodes
    assert nodes_with <= nodes_without
    # and the tables were really used: a bout after the first leaves at most 2n - 2 cards
    assert nodes_with < nodes_without, (nodes_with, nodes_without)


def test_the_search_looks_bout_starts_up_only_within_the_tables_cards():
    """A made-up table is believed for a bout start it covers (x = 0, at most max_cards cards),
    and not read for more cards or with the first-bout bit (R14) set."""
    rules = rules_of("podkidnoy")
    key = min(k for k in table_for(rules)[0] if k.bit_count() == 5)  # a real table entry of 5 cards
    a, d = decode(key)
    true = table_free_values("podkidnoy", [key])[key]
    for fake in (-1, 0, 1):
        srch = _Search(rules, 0, None, ({key: fake}, 5))
        srch.arm(None)
        assert srch.value((a, d, 0, 0, 0, 0)) == fake
        assert srch.counter[0] <= 2  # looked up at once
        srch = _Search(rules, 0, None, ({key: fake}, 4))  # too many cards for this table
        srch.arm(None)
        assert srch.value((a, d, 0, 0, 0, 0)) == true
        srch = _Search(rules, 0, None, ({key: fake}, 5))
        srch.arm(None)
        assert srch.value((a, d, 0, 0, 0, 1)) == table_free_first_bout(rules, a, d)


def table_free_first_bout(rules: Rules, a: int, d: int) -> int:
    srch = _Search(rules, 0, None, None)
    srch.arm(None)
    return srch.value((a, d, 0, 0, 0, 1))


# ---------------------------------------------------------------------------- 5. which rules
def test_table_for_the_shipped_presets(shipped):
    for name in SHIPPED:
        rules = rules_of(name)
        got = table_for(rules)
        assert got is not None
        values, cards, dense = got
        assert cards == MAX_CARDS == 6
        assert values == shipped[name].values
        assert table_for(rules) is got  # read once per process
        most = SHIPPED_CARDS.get(name, 6)
        assert shipped[name].signature == signature(rules) and shipped[name].max_cards == most
        assert (dense is None) == (most == 6) and (dense is None or (dense.low, dense.high) == (7, most))


def test_table_for_other_rules_is_none():
    limited = Rules.preset("podkidnoy", players=2, attack_limit=4)
    assert limited.attack_limit == 4
    assert signature(limited) != signature(rules_of("podkidnoy"))
    assert table_for(limited) is None
    for players in (3, 4):
        assert table_for(Rules.preset("podkidnoy", players=players)) is None
        assert table_for(Rules.preset("perevodnoy", players=players)) is None
    # an unlimited attack is outside the model
    assert table_for(Rules.preset("unlimited", players=2)) is None
    with pytest.raises(DurakError):
        signature(Rules.preset("podkidnoy", players=3))


def test_signature_reads_only_the_endgame():
    pod, per = rules_of("podkidnoy"), rules_of("perevodnoy")
    assert signature(pod) != signature(per)
    five = Rules.preset("podkidnoy", players=2, hand_size=5)
    assert five.hand_size == 5 and five != pod
    assert signature(five) == signature(pod)
    assert table_for(five) is not None and table_for(five)[0] is table_for(pod)[0]
    # with two players only the defender's one neighbour throws in anyway (R12)
    assert signature(rules_of("neighbours")) == signature(pod)
    big = Rules.preset("perevodnoy", players=2, deck=52)
    assert big.deck == 52 and signature(big) == signature(per)
    # the first bout's limit (R14) never acts in a table's positions: classic shares podkidnoy's table
    assert rules_of("classic").first_bout_limit != pod.first_bout_limit
    assert table_for(rules_of("classic"))[0] is table_for(pod)[0]
    # a transfer by showing a trump (R24) is another endgame, with a table of its own
    assert signature(rules_of("perevodnoy_show")) != signature(per)
    assert table_for(rules_of("perevodnoy_show"))[0] is not table_for(per)[0]
    assert all(type(v) is int for v in signature(pod))


def test_every_preset_the_solver_plays_has_a_shipped_table():
    from durak_lab.analysis.solver.model import check_domain
    from durak_lab.engine.rules import PRESETS

    served = 0
    for name in PRESETS:
        try:
            rules = Rules.preset(name, players=2)
            check_domain(Position.start(rules, ["K♦", "A♦"], trump="♠", discard="rest", attacker=0,
                                        first_bout=False))
        except DurakError:
            continue
        assert table_for(rules) is not None, name
        served += 1
    assert served >= len(SHIPPED)


# ---------------------------------------------------------------------------- 6. the file
@pytest.fixture(scope="module")
def small_bytes() -> bytes:
    return build(rules_of("podkidnoy"), max_cards=3).to_bytes()


def split(data: bytes) -> tuple:
    first, head, payload = data.split(b"\n", 2)
    return first, json.loads(head), payload


def join(first: bytes, head, payload: bytes) -> bytes:
    h = head if isinstance(head, bytes) else json.dumps(head, sort_keys=True).encode("ascii")
    return first + b"\n" + h + b"\n" + payload


def test_small_table_bytes(small_bytes):
    first, head, payload = split(small_bytes)
    assert first == FORMAT.encode("ascii")
    assert head["counts"] == {"loss": 0, "draw": 0, "win": 60} and head["max_cards"] == 3
    raw = zlib.decompress(payload)
    assert len(raw) == 13 * 60 and head["sha256"] == hashlib.sha256(raw).hexdigest()


def bad_cases(data: bytes) -> list:
    """``(what, bytes, words the message must hold)``."""
    first, head, payload = split(data)
    raw = zlib.decompress(payload)
    cases = [
        ("wrong first line", join(b"durak-lab endgame table/3", head, payload), "not an endgame table"),
        ("no lines", b"durak-lab endgame table/1", "not an endgame table"),
        ("header not JSON", join(first, b'{"signature": [1,', payload), "the header is not JSON"),
        ("header not UTF-8", join(first, b"\xff\xfe", payload), "the header is not JSON"),
        ("header a list", join(first, b"[1, 2, 3]", payload), "not a JSON object"),
    ]
    for drop in (("sha256",), ("counts", "sha256"), ("signature",), ("max_cards",)):
        cases.append((f"header without {drop}", join(first, {k: v for k, v in head.items() if k not in drop},
                                                       payload), "the header has no " + ", ".join(drop)))
    for counts in ({"loss": 0, "draw": 0}, {"loss": 0, "draw": -1, "win": 61}, {"loss": 0, "draw": 0, "win": "60"},
                   {"loss": 0, "draw": 0, "win": 60.0}, [0, 0, 60]):
        cases.append((f"counts {counts}", join(first, {**head, "counts": counts}, payload), "counts must give"))
    cases += [
        ("signature not a list", join(first, {**head, "signature": "podkidnoy"}, payload), "signature must be"),
        ("signature not numbers", join(first, {**head, "signature": [6, "5"]}, payload), "signature must be"),
        ("max_cards 0", join(first, {**head, "max_cards": 0}, payload), "max_cards must be"),
        ("max_cards text", join(first, {**head, "max_cards": "3"}, payload), "max_cards must be"),
        ("payload not zlib", join(first, head, b"these are not packed keys"), "do not unpack"),
        ("payload cut short", join(first, head, payload[: len(payload) // 2]), "do not unpack"),
    ]
    # one key changed, the header's sha256 kept
    other = raw[:-1] + bytes([raw[-1] ^ 1])
    cases.append(("sha256 mismatch", join(first, head, zlib.compress(other, 9)), "sha256"))
    # the keys match their sha256, but not the counts
    cases.append(("counts one short", join(first, {**head, "counts": {"loss": 0, "draw": 0, "win": 59}}, payload),
                  "780 bytes of keys, not 13 for each of the 59"))
    longer = raw + b"\x00"
    cases.append(("a byte too many", join(first, {**head, "sha256": hashlib.sha256(longer).hexdigest()},
                                           zlib.compress(longer, 9)), "781 bytes of keys"))
    return cases


def test_malformed_tables_are_refused_with_a_reason(small_bytes):
    assert issubclass(EndgameTableError, ValueError) and issubclass(EndgameTableError, DurakError)
    EndgameTable.from_bytes(small_bytes)  # the untouched bytes are fine
    for what, data, words in bad_cases(small_bytes):
        with pytest.raises(EndgameTableError) as info:
            EndgameTable.from_bytes(data, "t.dtb")
        msg = str(info.value)
        assert msg.startswith("t.dtb: ") and words in msg, (what, msg)
        with pytest.raises(ValueError):
            EndgameTable.from_bytes(data)


def test_a_damaged_file_names_itself(tmp_path, small_bytes):
    path = tmp_path / "broken.dtb"
    first, head, payload = split(small_bytes)
    path.write_bytes(join(first, head, payload[:-5]))
    with pytest.raises(EndgameTableError, match=r"^broken\.dtb: the packed keys do not unpack"):
        EndgameTable.load(str(path))


def test_round_trip_keeps_everything(tmp_path):
    t = build(rules_of("perevodnoy"), max_cards=4)
    assert set(t.counts().values()) and min(t.counts().values()) > 0  # losses, draws and wins
    data = t.to_bytes()
    back = EndgameTable.from_bytes(data)
    assert back.values == t.values and back.signature == t.signature and back.max_cards == 4
    assert back.counts() == t.counts() and len(back) == len(t)
    assert back.to_bytes() == data
    path = tmp_path / "perevodnoy4.dtb"
    t.save(str(path))
    assert path.read_bytes() == data
    loaded = EndgameTable.load(str(path))
    assert loaded.values == t.values and loaded.signature == t.signature == signature(rules_of("perevodnoy"))
    assert loaded.max_cards == 4


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_files_are_in_canonical_form(name, shipped):
    """The keys of a shipped file are grouped and sorted as the writer writes them, without
    duplicates (compared unpacked: the packed bytes depend on the zlib build)."""
    with open(shipped_path(name), "rb") as fh:
        data = fh.read()
    first, head, payload = split(data)
    t = shipped[name]
    first2, head2, payload2 = split(t.to_bytes())
    def sizes_aside(h: dict) -> dict:  # packed sizes depend on the zlib build too
        return {**h, "keys_bytes": None, "dense": {**h["dense"], "bytes": None}} if "dense" in h else h

    assert first == first2 and sizes_aside(head) == sizes_aside(head2)
    if t.dense is None:
        assert zlib.decompress(payload) == zlib.decompress(payload2)
        assert sum(head["counts"].values()) == len(t)
    else:  # the packed keys, then the packed dense array
        kb, kb2 = head["keys_bytes"], head2["keys_bytes"]
        assert zlib.decompress(payload[:kb]) == zlib.decompress(payload2[:kb2])
        assert zlib.decompress(payload[kb:]) == zlib.decompress(payload2[kb2:]) == bytes(t.dense.data)
        assert sum(head["counts"].values()) + sum(head["dense"]["counts"].values()) == len(t)


# ---------------------------------------------------------------------------- the reader's own rules
def _tampered_keys(keys_of_groups):
    """The bytes of a small podkidnoy table whose groups hold the given keys (valid header)."""
    raw = b"".join(k.to_bytes(13, "big") for g in keys_of_groups for k in g)
    head = {"signature": list(signature(Rules.preset("podkidnoy", players=2))), "max_cards": 3,
            "counts": dict(zip(("loss", "draw", "win"), map(len, keys_of_groups))),
            "sha256": hashlib.sha256(raw).hexdigest()}
    return (FORMAT + "\n" + json.dumps(head) + "\n").encode("ascii") + zlib.compress(raw)


def test_a_key_twice_or_keys_out_of_order_or_true_for_a_number_are_refused():
    t = build(Rules.preset("podkidnoy", players=2), max_cards=3)
    wins = sorted(k for k, v in t.values.items() if v == 1)
    with pytest.raises(EndgameTableError, match="more than one group"):
        EndgameTable.from_bytes(_tampered_keys([[wins[0]], [], wins]))
    with pytest.raises(EndgameTableError, match="increasing order"):
        EndgameTable.from_bytes(_tampered_keys([[], [], [wins[1], wins[0]] + wins[2:]]))
    with pytest.raises(EndgameTableError, match="increasing order"):  # the same key twice in a group
        EndgameTable.from_bytes(_tampered_keys([[], [], [wins[0]] + wins]))
    assert EndgameTable.from_bytes(_tampered_keys([[], [], wins])).values == t.values
    data = t.to_bytes()
    first, head, rest = data.split(b"\n", 2)
    for field, bad in (("max_cards", True), ("counts", {"loss": 0, "draw": False, "win": 60})):
        h = json.loads(head)
        h[field] = bad
        with pytest.raises(EndgameTableError, match=field if field != "counts" else "whole number"):
            EndgameTable.from_bytes(first + b"\n" + json.dumps(h).encode() + b"\n" + rest)


def test_the_modules_bout_start_decodes_as_this_file_does():
    from durak_lab.analysis.solver.tables import bout_start

    for name in SHIPPED:
        t = EndgameTable.load(shipped_path(name))
        for key in sorted(t.values)[::499]:
            assert bout_start(key) == decode(key)
