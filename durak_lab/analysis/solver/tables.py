"""Endgame tables: the exact value of every small bout start, worked out once and shipped.

Like a chess tablebase: for one set of endgame rules, the value of *every*
two-player bout start with at most ``max_cards`` cards in play (the attacker
about to lead, no first-bout limit, no trump shown), for the attacker (+1 win,
0 draw, -1 loss), by the solver's canonical key
(:func:`~durak_lab.analysis.solver.keys._canonical`: ranks out of play
closed up, non-trump suits sorted, so one table serves every trump suit and
every deck).  Up to :data:`KEYED_CARDS` cards a table keeps its values by key
(a dictionary); the sizes above, millions of positions, stand in a *dense
part*, two bits a position at an index worked out from the key
(:mod:`durak_lab.analysis.solver.dense`).  The search
(:mod:`durak_lab.analysis.solver.search`) looks a bout start up the first
time it meets it, after its own exact shortcuts, and searches nothing below a
position the table holds.  The values are the search's own, so a solve gives
the same values with or without a table, only sooner: the package's tests
re-solve a seeded sample of every shipped table without it, and every table
position of up to four cards.

**Which rules.**  A table belongs to the rules of the endgame, the fields of
the kernel's configuration the endgame model reads (:func:`signature`), not
to a preset name: every preset with the same endgame rules shares it (the
first bout's limit, R14, does not count: no table position is in the first
bout).  The package ships a table for the endgame rules of every preset the
solver plays (:data:`SHIPPED`), of up to :data:`MAX_CARDS` cards, and of up
to 8 for podkidnoy and perevodnoy (:data:`SHIPPED_CARDS`); for any other rules (say, a
changed attack limit) the solver searches as before.
``durak-lab tables build PRESET`` makes a table again (seconds up to 6 cards,
some minutes with 8), and ``durak-lab tables check`` re-solves a sample of
the shipped ones.

**What is left out.**  Positions a shortcut of the search settles without a
search (the ``quick`` values: one card left, the shedding bounds, one rank
against more cards) are not stored: the search never looks them up.  An empty
hand is a finished game, never a table entry.

**The file** (``*.dtb``): the line ``durak-lab endgame table/1``, a line of
JSON (``signature``, ``max_cards``, ``counts`` of losses, draws and wins,
``sha256`` of the packed keys), then the keys packed with zlib: 13 bytes each,
big-endian, the losses, then the draws, then the wins, each group sorted.  A
table with a dense part starts ``durak-lab endgame table/2``; its header adds
``keys_bytes`` (the length of the packed keys, which hold the sizes up to the
dense part's) and ``dense`` (``low`` and ``high``, its fewest and most cards,
``high`` being ``max_cards``; its ``counts``; the ``sha256`` of its array; the
``bytes`` it takes packed), and the array, packed with zlib, follows the keys.
A file that is not of this form raises :class:`EndgameTableError` naming
what is wrong.  A dense part is unpacked and checked when the search first
looks in it (:func:`table_for`): solving small positions never pays for it.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> t = build(Rules.preset("perevodnoy", players=2), max_cards=4)
>>> t.max_cards, len(t), t.counts()
(4, 1060, {'loss': 190, 'draw': 98, 'win': 772})
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import zlib
from typing import Callable, Iterator, Optional

from ...engine.errors import DurakError
from ...engine.kernel.config import CAP, HAND_LIMIT, LEAD, NO_THROW, SEEN_RANKS, TAKE_NONE, TRANSFER
from ...engine.rules import Rules
from .dense import MOST_CARDS, DenseValues, canonical_positions, position_at
from .keys import _canonical
from .model import _LOW13, endgame_config

__all__ = ["EndgameTable", "EndgameTableError", "build", "check_sample", "bout_start", "table_for", "signature",
           "positions", "shipped_path",
           "MAX_CARDS", "KEYED_CARDS", "SHIPPED", "SHIPPED_CARDS", "FORMAT", "FORMAT_DENSE"]

FORMAT = "durak-lab endgame table/1"
#: The first line of a table with a dense part (:mod:`durak_lab.analysis.solver.dense`).
FORMAT_DENSE = "durak-lab endgame table/2"
#: The most cards in play (both hands together) a shipped table holds.
MAX_CARDS = 6
#: The most cards in play a table keeps by key (a dictionary); the sizes above it go to a dense array.
KEYED_CARDS = 6
#: The presets whose tables the package ships, by file name (``endgame_tables/NAME.dtb``): one for each
#: endgame rules of the presets the solver plays (``podkidnoy`` serves ``classic``, ``neighbours`` and
#: ``by_turns`` too, ``perevodnoy_show`` serves doker's jokers without its house rules of a take, which the
#: solver does not play, R15, R18).
SHIPPED = ("podkidnoy", "perevodnoy", "perevodnoy_show", "simple", "finnish", "he_hand")
#: The shipped tables that hold more than :data:`MAX_CARDS` cards in play: how many (a dense part above
#: :data:`KEYED_CARDS`): 7 and 8 cards make podkidnoy's 8+8 solves about twice as fast.
SHIPPED_CARDS = {"podkidnoy": 8, "perevodnoy": 8}
_KEY_BYTES = 13  # a canonical key with x = 0 has 8 fields of 13 bits
_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "endgame_tables")
_TRUMP = 0  # the suit a table is built with (the canonical key does not name the trump suit)
_VALUES = (-1, 0, 1)
_NAMES = ("loss", "draw", "win")


class EndgameTableError(DurakError, ValueError):
    """An endgame table file that is not of the form :mod:`durak_lab.analysis.solver.tables` describes;
    the message names what is wrong.

    >>> issubclass(EndgameTableError, ValueError)
    True
    """


def signature(rules: Rules) -> tuple:
    """The rules of a two-player endgame after the first bout: the fields of the kernel's
    configuration that its endgame model reads (the attack limit, ``take_none``, ``transfer``,
    ``nothrow``, the hand limit, ``seen``, ``lead``) and whether a trump may be shown to transfer
    (R24).  The first bout's limit and ``carry`` (R14) are left out: a table holds no position of
    the first bout.

    >>> signature(Rules.preset("podkidnoy", players=2)) == signature(Rules.preset("perevodnoy", players=2))
    False
    >>> signature(Rules.preset("podkidnoy", players=2)) == signature(Rules.preset("classic", players=2))
    True
    """
    cfg, show = endgame_config(rules)
    fields = (CAP, TAKE_NONE, TRANSFER, NO_THROW, HAND_LIMIT, SEEN_RANKS, LEAD)
    return tuple(int(v) for v in (*(cfg[i] for i in fields), show))


class EndgameTable:
    """The values of every bout start with at most ``max_cards`` cards in play (see the module
    docstring): ``values`` maps a canonical key to -1, 0 or +1 for the attacker to lead.

    >>> t = build(Rules.preset("podkidnoy", players=2), max_cards=3)
    >>> len(t), t.counts()   # with three cards the attacker always wins what no shortcut settles
    (60, {'loss': 0, 'draw': 0, 'win': 60})
    """

    def __init__(self, signature: tuple, max_cards: int, values: dict, dense: Optional[DenseValues] = None) -> None:
        self.signature = tuple(signature)
        self.max_cards = max_cards
        self.values = values
        self.dense = dense

    @property
    def keyed_cards(self) -> int:
        """The most cards in play of the values kept by key (the dense part holds the sizes above)."""
        return self.dense.low - 1 if self.dense is not None else self.max_cards

    def __len__(self) -> int:
        return len(self.values) + (sum(self.dense.counts()) if self.dense is not None else 0)

    def counts(self) -> dict:
        """How many losses, draws and wins (for the attacker) the table holds."""
        out = dict.fromkeys(_NAMES, 0)
        for v in self.values.values():
            out[_NAMES[v + 1]] += 1
        if self.dense is not None:
            for word, n in zip(_NAMES, self.dense.counts()):
                out[word] += n
        return out

    def to_bytes(self) -> bytes:
        """The file's bytes (see the module docstring); the same table gives the same bytes.

        >>> t = build(Rules.preset("podkidnoy", players=2), max_cards=3)
        >>> EndgameTable.from_bytes(t.to_bytes()).values == t.values
        True
        """
        groups = [sorted(k for k, v in self.values.items() if v == want) for want in _VALUES]
        raw = b"".join(k.to_bytes(_KEY_BYTES, "big") for g in groups for k in g)
        packed = zlib.compress(raw, 9)
        head = {"signature": list(self.signature), "max_cards": self.max_cards,
                "counts": dict(zip(_NAMES, map(len, groups))), "sha256": hashlib.sha256(raw).hexdigest()}
        if self.dense is None:
            return (FORMAT + "\n" + json.dumps(head, sort_keys=True) + "\n").encode("ascii") + packed
        dv = self.dense
        blob = zlib.compress(bytes(dv.data), 9)
        head["keys_bytes"] = len(packed)
        head["dense"] = {"low": dv.low, "high": dv.high, "counts": dict(zip(_NAMES, dv.counts())),
                         "sha256": hashlib.sha256(dv.data).hexdigest(), "bytes": len(blob)}
        return (FORMAT_DENSE + "\n" + json.dumps(head, sort_keys=True) + "\n").encode("ascii") + packed + blob

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "the endgame table", lazy: bool = False) -> "EndgameTable":
        """Read a table from its file's bytes; :class:`EndgameTableError` says what is wrong.
        ``lazy``: a dense part is unpacked (and checked) when first looked in, not now.

        >>> EndgameTable.from_bytes(b"durak-lab endgame table/1\\n{}\\n")
        Traceback (most recent call last):
        ...
        durak_lab.analysis.solver.tables.EndgameTableError: the endgame table: the header has no signature, max_cards, counts, sha256
        """
        parts = data.split(b"\n", 2)
        first = parts[0].decode("ascii", "replace")
        if len(parts) < 3 or first not in (FORMAT, FORMAT_DENSE):
            raise EndgameTableError(f"{name}: not an endgame table (its first line must be {FORMAT!r} "
                                    f"or {FORMAT_DENSE!r})")
        try:
            head = json.loads(parts[1])
        except (ValueError, UnicodeDecodeError) as err:
            raise EndgameTableError(f"{name}: the header is not JSON ({err})") from None
        if not isinstance(head, dict):
            raise EndgameTableError(f"{name}: the header is not a JSON object")
        needed = ("signature", "max_cards", "counts", "sha256") + (("keys_bytes", "dense") if first == FORMAT_DENSE else ())
        missing = [k for k in needed if k not in head]
        if missing:
            raise EndgameTableError(f"{name}: the header has no {', '.join(missing)}")
        counts = head["counts"]
        if not _counts_ok(counts):
            raise EndgameTableError(f"{name}: counts must give a whole number of each of {', '.join(_NAMES)}")
        if not (isinstance(head["signature"], list) and all(_whole(v) for v in head["signature"])):
            raise EndgameTableError(f"{name}: the signature must be a list of whole numbers")
        if not _whole(head["max_cards"]) or head["max_cards"] < 1:
            raise EndgameTableError(f"{name}: max_cards must be a whole number, at least 1")
        payload, dense = parts[2], None
        if first == FORMAT_DENSE:
            payload, dense = _dense_part(head, payload, name, lazy)
        try:
            raw = zlib.decompress(payload)
        except zlib.error as err:
            raise EndgameTableError(f"{name}: the packed keys do not unpack ({err})") from None
        if hashlib.sha256(raw).hexdigest() != head["sha256"]:
            raise EndgameTableError(f"{name}: the keys do not match the header's sha256 (a damaged file)")
        sizes = [counts[n] for n in _NAMES]
        if len(raw) != _KEY_BYTES * sum(sizes):
            raise EndgameTableError(f"{name}: {len(raw)} bytes of keys, not {_KEY_BYTES} for each of the "
                                    f"{sum(sizes)} positions the counts give")
        values: dict = {}
        frm = int.from_bytes
        at = 0
        for v, word, n in zip(_VALUES, _NAMES, sizes):
            end = at + _KEY_BYTES * n
            keys = [frm(raw[i:i + _KEY_BYTES], "big") for i in range(at, end, _KEY_BYTES)]
            if any(k0 >= k1 for k0, k1 in zip(keys, keys[1:])):
                raise EndgameTableError(f"{name}: the keys of the {word}s are not in increasing order")
            values.update(dict.fromkeys(keys, v))
            at = end
        if len(values) != sum(sizes):
            raise EndgameTableError(f"{name}: {sum(sizes) - len(values)} keys stand in more than one group")
        return cls(tuple(head["signature"]), head["max_cards"], values, dense)

    def save(self, path: str) -> None:
        """Write the table to ``path``."""
        with open(path, "wb") as fh:
            fh.write(self.to_bytes())

    @classmethod
    def load(cls, path: str, lazy: bool = False) -> "EndgameTable":
        """Read the table file at ``path`` (``lazy``: see :meth:`from_bytes`)."""
        with open(path, "rb") as fh:
            return cls.from_bytes(fh.read(), os.path.basename(path), lazy)


def _counts_ok(counts: object) -> bool:
    return isinstance(counts, dict) and all(_whole(counts.get(n)) and counts[n] >= 0 for n in _NAMES)


def _dense_part(head: dict, payload: bytes, name: str, lazy: bool) -> tuple:
    """``(packed keys, dense values)`` of a ``/2`` file's payload, the header's ``dense`` checked."""
    info, kb = head["dense"], head["keys_bytes"]
    if not _whole(kb) or not 0 <= kb <= len(payload):
        raise EndgameTableError(f"{name}: keys_bytes must be a whole number, at most the {len(payload)} bytes "
                                "after the header")
    missing = [k for k in ("low", "high", "counts", "sha256", "bytes") if not isinstance(info, dict) or k not in info]
    if missing:
        raise EndgameTableError(f"{name}: the header's dense part has no {', '.join(missing)}")
    low, high = info["low"], info["high"]
    if not (_whole(low) and _whole(high) and 1 <= low <= high <= MOST_CARDS and high == head["max_cards"]):
        raise EndgameTableError(f"{name}: the dense part's cards (low {low}, high {high}) must be whole numbers "
                                f"from 1 to {MOST_CARDS}, high being max_cards")
    if not _counts_ok(info["counts"]):
        raise EndgameTableError(f"{name}: the dense part's counts must give a whole number of each of "
                                f"{', '.join(_NAMES)}")
    if info["bytes"] != len(payload) - kb:
        raise EndgameTableError(f"{name}: the dense part takes {len(payload) - kb} bytes, not the {info['bytes']} "
                                "its header gives")
    lazy_dense = _LazyDense(payload[kb:], info, name)
    return payload[:kb], (lazy_dense if lazy else lazy_dense.values())


class _LazyDense:
    """A dense part still packed: unpacked and checked at its first :meth:`get` (or :meth:`values`)."""

    def __init__(self, blob: bytes, info: dict, name: str) -> None:
        self.blob, self.info, self.name = blob, info, name
        self.low, self.high = info["low"], info["high"]
        self._dv: Optional[DenseValues] = None

    def values(self) -> DenseValues:
        if self._dv is None:
            name, info = self.name, self.info
            try:
                data = zlib.decompress(self.blob)
            except zlib.error as err:
                raise EndgameTableError(f"{name}: the dense part does not unpack ({err})") from None
            if hashlib.sha256(data).hexdigest() != info["sha256"]:
                raise EndgameTableError(f"{name}: the dense part does not match its sha256 (a damaged file)")
            try:
                dv = DenseValues(self.low, self.high, bytearray(data))
            except ValueError as err:
                raise EndgameTableError(f"{name}: {err}") from None
            dv._counts = [info["counts"][w] for w in _NAMES]
            self._dv, self.blob = dv, b""
        return self._dv

    def get(self, key: int, cards: int) -> Optional[int]:
        return self.values().get(key, cards)

    def counts(self) -> list:
        return [self.info["counts"][w] for w in _NAMES]


def _whole(v: object) -> bool:
    """A JSON whole number (not true or false, which Python counts as ints)."""
    return isinstance(v, int) and not isinstance(v, bool)


# ---------------------------------------------------------------------------- the positions
_ROWS = None


def _rows() -> list:
    """Every rank of cards in play, as ``(cards, a, d)``: 1 to 4 suits, each card the attacker's
    or the defender's (masks for rank 0, suit ``s`` at bit ``13 * s``)."""
    global _ROWS
    if _ROWS is None:
        rows = []
        for code in range(1, 81):  # each of the four suits: out of play, the attacker's, the defender's
            a = d = n = 0
            for s in range(4):
                code, who = divmod(code, 3)
                if who:
                    n += 1
                    if who == 1:
                        a |= 1 << (13 * s)
                    else:
                        d |= 1 << (13 * s)
            rows.append((n, a, d))
        _ROWS = rows
    return _ROWS


def positions(cards: int) -> Iterator[tuple]:
    """``(a, d)``: one bout start of each canonical class with exactly ``cards`` cards in play and
    both hands holding a card, the trump suit being suit 0 (ranks 0, 1, … all in play).

    >>> len(list(positions(2))), len(list(positions(3)))
    (13, 160)
    """
    canon = _canonical(_TRUMP)
    rows = _rows()
    seen: set = set()

    def grow(rank: int, left: int, a: int, d: int) -> Iterator[tuple]:
        if not left:
            if a and d:
                k = canon(a, d, 0)
                if k not in seen:
                    seen.add(k)
                    yield a, d
            return
        for n, ra, rd in rows:
            if n <= left:
                yield from grow(rank + 1, left - n, a | ra << rank, d | rd << rank)

    yield from grow(0, cards, 0, 0)


def bout_start(key: int) -> tuple:
    """``(a, d)``: a bout start whose canonical key (with ``x = 0``) is ``key``, the trump suit
    being suit 0: each 26-bit field of the key, the attacker's 13 bits above the defender's,
    is a suit (the trump suit the lowest field).

    >>> canon = _canonical(_TRUMP)
    >>> key = canon(1 | 1 << 14, 1 << 27 | 1 << 41, 0)
    >>> a, d = bout_start(key); canon(a, d, 0) == key, (a | d).bit_count()
    (True, 4)
    """
    a = d = 0
    for suit in range(4):
        field = key >> (26 * suit)
        a |= (field >> 13 & _LOW13) << (13 * suit)
        d |= (field & _LOW13) << (13 * suit)
    return a, d


def build(rules: Rules, max_cards: int = MAX_CARDS,
          progress: Optional[Callable[[int, int], None]] = None, jobs: int = 1) -> EndgameTable:
    """Work out the table of ``rules`` (two players) up to ``max_cards`` cards in play.

    The positions go by the number of cards, fewest first, each valued by the solver's search
    with the table made so far (a smaller position is looked up, not searched).  Up to
    :data:`KEYED_CARDS` cards the values are kept by key; the sizes above go to a dense array
    (:mod:`durak_lab.analysis.solver.dense`), worked out by ``jobs`` processes side by side.
    ``progress`` is called with ``(cards, positions stored)`` after each number of cards.

    >>> t = build(Rules.preset("podkidnoy", players=2), max_cards=4)
    >>> len(t), sum(t.values.values())
    (926, 463)
    """
    from .search import _Search  # the search, made once for each size

    values: dict = {}
    sig = signature(rules)
    canon = _canonical(_TRUMP)
    keyed = min(max_cards, KEYED_CARDS)
    for cards in range(1, keyed + 1):
        srch = _Search(rules, _TRUMP, None, (values, cards))
        quick = srch.quick
        for a, d in positions(cards):
            if quick(a, d, 0) is None:
                srch.arm(None)
                values[canon(a, d, 0)] = srch.value((a, d, 0, 0, 0, 0))
        srch.release()
        if progress is not None:
            progress(cards, len(values))
    dense = None
    if max_cards > keyed:
        dense = DenseValues(keyed + 1, max_cards)
        for cards in range(keyed + 1, max_cards + 1):
            if jobs <= 1:
                _dense_share(rules, values, dense, cards, 0, 1)
            else:
                import multiprocessing
                ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                                  else None)
                with ctx.Pool(jobs) as pool:
                    parts = pool.starmap(_dense_share, [(rules, values, dense, cards, j, jobs) for j in range(jobs)])
                for data in parts:
                    dense.merge(DenseValues(dense.low, dense.high, bytearray(data)))
            if progress is not None:
                progress(cards, len(values) + dense.filled())
    return EndgameTable(sig, max_cards, values, dense)


_BUILD_TABLE = 4_000_000  # a building search's transposition-table bound (thinned out past it)
_BLOCK = 4096  # positions of one size in a row that go to one building process


def _dense_share(rules: Rules, values: dict, dense: DenseValues, cards: int, job: int, jobs: int) -> bytes:
    """Value the canonical bout starts of ``cards`` cards that fall to process ``job`` of ``jobs``
    (blocks of :data:`_BLOCK` in turn) into ``dense``, and return its bytes."""
    from .search import _Search

    srch = _Search(rules, _TRUMP, _BUILD_TABLE, (values, dense.low - 1, dense))
    quick = srch.quick
    canon = _canonical(_TRUMP)
    put = dense.put
    srch.arm(None)  # once: its checkpoints keep the transposition table within its bound
    for i, (a, d) in enumerate(canonical_positions(cards)):
        if i // _BLOCK % jobs == job and quick(a, d, 0) is None:
            put(canon(a, d, 0), cards, srch.value((a, d, 0, 0, 0, 0)))
    srch.release()
    return bytes(dense.data)


# ---------------------------------------------------------------------------- the shipped tables
_INDEX: dict = {}  # signature -> path of a shipped table (read from the files' headers once)
_LOADED: dict = {}  # signature -> (values, keyed cards, dense part or None)


def check_sample(table: EndgameTable, rules: Rules, sample: int, seed: int = 0) -> tuple:
    """Re-solve a seeded random sample of ``sample`` entries of ``table`` (about half of them from its
    dense part, if it has one) with a search that uses no table, each position from scratch, and
    compare.  Returns ``(agreed, checked, first)``: ``first`` is None, or the first disagreement as
    ``(key, a, d, searched, stored)``: the bout start's hands, the search's value (None for a key
    that is not canonical) and the table's value.

    >>> rules = Rules.preset("podkidnoy", players=2)
    >>> check_sample(build(rules, max_cards=3), rules, 10)
    (10, 10, None)
    """
    from .search import _Search

    rng = random.Random(seed)
    dense = table.dense
    keyed = min(sample - sample // 2 if dense is not None else sample, len(table.values))
    # (sorted: the same sample each time)
    entries = [(k, table.values[k]) for k in rng.sample(sorted(table.values), keyed)]
    if dense is not None:
        entries += _dense_sample(dense, sample - keyed, rng)
    canon = _canonical(_TRUMP)
    srch = _Search(rules, _TRUMP, None, None)  # the search alone: no endgame table
    agree, first = 0, None
    for key, want in entries:
        a, d = bout_start(key)
        srch.arm(None)
        got = srch.value((a, d, 0, 0, 0, 0)) if canon(a, d, 0) == key else None
        srch.release()  # each position searched from scratch
        if got == want:
            agree += 1
        elif first is None:
            first = (key, a, d, got, want)
    return agree, len(entries), first


def _dense_sample(dense: DenseValues, n: int, rng: random.Random) -> list:
    """``n`` entries ``(key, value)`` of a dense part, drawn at random (empty slots skipped)."""
    out: dict = {}  # key -> value, in the order drawn
    filled = sum(dense.counts())
    while len(out) < min(n, filled):
        r = rng.randrange(dense.slots)
        cards = max(c for c in range(dense.low, dense.high + 1) if dense.base[c] <= r)
        key = position_at(r - dense.base[cards], cards)
        v = dense.get(key, cards)
        if v is not None:
            out.setdefault(key, v)
    return list(out.items())


def shipped_path(name: str) -> str:
    """The path of the shipped table ``name`` (one of :data:`SHIPPED`)."""
    return os.path.join(_DIR, f"{name}.dtb")


def _index() -> dict:
    if not _INDEX:
        for name in SHIPPED:
            path = shipped_path(name)
            if os.path.exists(path):
                with open(path, "rb") as fh:
                    first, head = fh.readline(), fh.readline()
                try:
                    sig = tuple(json.loads(head)["signature"]) if first.strip().decode("ascii", "replace") in (FORMAT, FORMAT_DENSE) else None
                except (ValueError, KeyError, TypeError):
                    sig = None
                if sig is None:
                    raise EndgameTableError(f"{os.path.basename(path)}: not an endgame table")
                _INDEX[sig] = path
        _INDEX.setdefault(None, None)  # read: not again
    return _INDEX


def table_for(rules: Rules) -> Optional[tuple]:
    """``(values, cards, dense)`` of the shipped table for the endgame rules of ``rules``, or None:
    the values kept by key and the most cards they cover, and the dense part above them (or None);
    each table read once per process, when first asked for, and a dense part unpacked when first
    looked in.

    >>> values, cards, dense = table_for(Rules.preset("podkidnoy", players=2))
    >>> cards, len(values) > 100_000, dense.high
    (6, True, 8)
    >>> table_for(Rules.preset("podkidnoy", players=2, attack_limit=4)) is None
    True
    """
    try:
        sig = signature(rules)
    except DurakError:
        return None
    got = _LOADED.get(sig)
    if got is None:
        path = _index().get(sig)
        if path is None:
            return None
        t = EndgameTable.load(path, lazy=True)
        got = _LOADED[sig] = (t.values, t.keyed_cards, t.dense)
    return got
