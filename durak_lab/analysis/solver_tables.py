"""Endgame tables: the exact value of every small bout start, worked out once and shipped.

Like a chess tablebase: for one set of endgame rules, the value of *every*
two-player bout start with at most :data:`MAX_CARDS` cards in play (the
attacker about to lead, no first-bout limit, no trump shown), for the
attacker (+1 win, 0 draw, -1 loss), keyed by the solver's canonical key
(:func:`~durak_lab.analysis.solver_keys._canonical`: ranks out of play
closed up, non-trump suits sorted, so one table serves every trump suit and
every deck).  The search (:mod:`durak_lab.analysis.solver_search`) looks a
bout start up the first time it meets it, after its own exact shortcuts, and
searches nothing below a position the table holds.  The values are the
search's own, so a solve gives the same values with or without a table, only
sooner: the package's tests re-solve a seeded sample of every shipped table
without it, and every table position of up to four cards.

**Which rules.**  A table belongs to the rules of the endgame, the fields of
the kernel's configuration the endgame model reads (:func:`signature`), not
to a preset name: every preset with the same endgame rules shares it (the
first bout's limit, R14, does not count: no table position is in the first
bout).  The package ships a table for the endgame rules of every preset the
solver plays (:data:`SHIPPED`); for any other rules (say, a changed attack
limit) the solver searches as before.
``durak-lab tables build PRESET`` makes a table again (some seconds), and
``durak-lab tables check`` re-solves a sample of the shipped ones.

**What is left out.**  Positions a shortcut of the search settles without a
search (the ``quick`` values: one card left, the shedding bounds, one rank
against more cards) are not stored: the search never looks them up.  An empty
hand is a finished game, never a table entry.

**The file** (``*.dtb``): the line ``durak-lab endgame table/1``, a line of
JSON (``signature``, ``max_cards``, ``counts`` of losses, draws and wins,
``sha256`` of the packed keys), then the keys packed with zlib: 13 bytes each,
big-endian, the losses, then the draws, then the wins, each group sorted.
A file that is not of this form raises :class:`EndgameTableError` naming
what is wrong.

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
import zlib
from typing import Callable, Iterator, Optional

from ..engine.errors import DurakError
from ..engine.rules import Rules
from .solver_keys import _canonical
from .solver_model import _LOW13, endgame_config

__all__ = ["EndgameTable", "EndgameTableError", "build", "bout_start", "table_for", "signature", "positions", "shipped_path",
           "MAX_CARDS", "SHIPPED", "FORMAT"]

FORMAT = "durak-lab endgame table/1"
#: The most cards in play (both hands together) a shipped table holds.
MAX_CARDS = 6
#: The presets whose tables the package ships, by file name (``endgame_tables/NAME.dtb``): one for each
#: endgame rules of the presets the solver plays (``podkidnoy`` serves ``classic``, ``neighbours`` and
#: ``by_turns`` too, ``perevodnoy_show`` serves ``doker``).
SHIPPED = ("podkidnoy", "perevodnoy", "perevodnoy_show", "simple", "finnish", "he_hand")
_KEY_BYTES = 13  # a canonical key with x = 0 has 8 fields of 13 bits
_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "endgame_tables")
_TRUMP = 0  # the suit a table is built with (the canonical key does not name the trump suit)
_VALUES = (-1, 0, 1)
_NAMES = ("loss", "draw", "win")


class EndgameTableError(DurakError, ValueError):
    """An endgame table file that is not of the form :mod:`durak_lab.analysis.solver_tables` describes;
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
    return tuple(int(v) for v in (cfg[2], *cfg[5:7], cfg[8], cfg[12], cfg[13], cfg[14], show))


class EndgameTable:
    """The values of every bout start with at most ``max_cards`` cards in play (see the module
    docstring): ``values`` maps a canonical key to -1, 0 or +1 for the attacker to lead.

    >>> t = build(Rules.preset("podkidnoy", players=2), max_cards=3)
    >>> len(t), t.counts()   # with three cards the attacker always wins what no shortcut settles
    (60, {'loss': 0, 'draw': 0, 'win': 60})
    """

    def __init__(self, signature: tuple, max_cards: int, values: dict) -> None:
        self.signature = tuple(signature)
        self.max_cards = max_cards
        self.values = values

    def __len__(self) -> int:
        return len(self.values)

    def counts(self) -> dict:
        """How many losses, draws and wins (for the attacker) the table holds."""
        out = dict.fromkeys(_NAMES, 0)
        for v in self.values.values():
            out[_NAMES[v + 1]] += 1
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
        return (FORMAT + "\n" + json.dumps(head, sort_keys=True) + "\n").encode("ascii") + packed

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "the endgame table") -> "EndgameTable":
        """Read a table from its file's bytes; :class:`EndgameTableError` says what is wrong.

        >>> EndgameTable.from_bytes(b"durak-lab endgame table/1\\n{}\\n")
        Traceback (most recent call last):
        ...
        durak_lab.analysis.solver_tables.EndgameTableError: the endgame table: the header has no signature, max_cards, counts, sha256
        """
        parts = data.split(b"\n", 2)
        if len(parts) < 3 or parts[0] != FORMAT.encode("ascii"):
            raise EndgameTableError(f"{name}: not an endgame table (its first line must be {FORMAT!r})")
        try:
            head = json.loads(parts[1])
        except (ValueError, UnicodeDecodeError) as err:
            raise EndgameTableError(f"{name}: the header is not JSON ({err})") from None
        if not isinstance(head, dict):
            raise EndgameTableError(f"{name}: the header is not a JSON object")
        missing = [k for k in ("signature", "max_cards", "counts", "sha256") if k not in head]
        if missing:
            raise EndgameTableError(f"{name}: the header has no {', '.join(missing)}")
        counts = head["counts"]
        if not (isinstance(counts, dict) and all(_whole(counts.get(n)) and counts[n] >= 0 for n in _NAMES)):
            raise EndgameTableError(f"{name}: counts must give a whole number of each of {', '.join(_NAMES)}")
        if not (isinstance(head["signature"], list) and all(_whole(v) for v in head["signature"])):
            raise EndgameTableError(f"{name}: the signature must be a list of whole numbers")
        if not _whole(head["max_cards"]) or head["max_cards"] < 1:
            raise EndgameTableError(f"{name}: max_cards must be a whole number, at least 1")
        try:
            raw = zlib.decompress(parts[2])
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
        return cls(tuple(head["signature"]), head["max_cards"], values)

    def save(self, path: str) -> None:
        """Write the table to ``path``."""
        with open(path, "wb") as fh:
            fh.write(self.to_bytes())

    @classmethod
    def load(cls, path: str) -> "EndgameTable":
        """Read the table file at ``path``."""
        with open(path, "rb") as fh:
            return cls.from_bytes(fh.read(), os.path.basename(path))


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
          progress: Optional[Callable[[int, int], None]] = None) -> EndgameTable:
    """Work out the table of ``rules`` (two players) up to ``max_cards`` cards in play.

    The positions go by the number of cards, fewest first, each valued by the solver's search
    with the table made so far (a smaller position is looked up, not searched).  ``progress``
    is called with ``(cards, positions stored)`` after each number of cards.

    >>> t = build(Rules.preset("podkidnoy", players=2), max_cards=4)
    >>> len(t), sum(t.values.values())
    (926, 463)
    """
    from .solver_search import _Search  # the search, made once for the whole table

    values: dict = {}
    sig = signature(rules)
    canon = _canonical(_TRUMP)
    for cards in range(1, max_cards + 1):
        srch = _Search(rules, _TRUMP, None, (values, cards))
        quick = srch.quick
        for a, d in positions(cards):
            if quick(a, d, 0) is None:
                srch.arm(None)
                values[canon(a, d, 0)] = srch.value((a, d, 0, 0, 0, 0))
        srch.release()
        if progress is not None:
            progress(cards, len(values))
    return EndgameTable(sig, max_cards, values)


# ---------------------------------------------------------------------------- the shipped tables
_INDEX: dict = {}  # signature -> path of a shipped table (read from the files' headers once)
_LOADED: dict = {}  # signature -> (values, max_cards)


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
                    sig = tuple(json.loads(head)["signature"]) if first.strip() == FORMAT.encode("ascii") else None
                except (ValueError, KeyError, TypeError):
                    sig = None
                if sig is None:
                    raise EndgameTableError(f"{os.path.basename(path)}: not an endgame table")
                _INDEX[sig] = path
        _INDEX.setdefault(None, None)  # read: not again
    return _INDEX


def table_for(rules: Rules) -> Optional[tuple]:
    """``(values, max_cards)`` of the shipped table for the endgame rules of ``rules``, or None;
    each table read once per process, when first asked for.

    >>> values, cards = table_for(Rules.preset("podkidnoy", players=2))
    >>> cards, len(values) > 100_000
    (6, True)
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
        t = EndgameTable.load(path)
        got = _LOADED[sig] = (t.values, t.max_cards)
    return got
