"""Dense endgame values: two bits per bout start, found by arithmetic, not by a key.

The bigger sizes of an endgame table (:mod:`durak_lab.analysis.solver.tables`)
hold tens of millions of positions: too many for a dictionary of keys, so
their values stand in a flat array, two bits each, at a position's *index*:

* A bout start with ``n`` cards in play, ranks out of play closed up, is a
  row of *columns*, one per rank in play, low to high; a column says, for each
  of the four suits, whether that card is out of play, the attacker's or the
  defender's (a code ``1 … 80``, base 3, the trump suit the lowest digit; a
  column holds one to four cards).
* The index is the row's place among all rows of ``n`` cards in lexicographic
  order of the codes: ``sum(_PREFIX[code][left])`` over the columns, where
  ``left`` is the cards in the columns from this one up and ``_PREFIX[c][m]``
  counts the rows of ``m`` cards whose first code is below ``c``
  (:func:`index`; :func:`position_at` goes back).  Every row has an index, so
  the array has a slot for each; only the canonical rows (non-trump suits
  sorted, :func:`~durak_lab.analysis.solver.keys._canonical`) are filled, about
  one slot in six, which packing squeezes out of the file.
* A slot holds 0 (no value: a position a shortcut of the search settles, or
  not worked out), or the value plus 2: 1 a loss, 2 a draw, 3 a win for the
  attacker to lead.

:func:`canonical_positions` lists the canonical bout starts of a size without
going through the others (the non-trump suits are compared from the highest
rank down, and a row whose suits are already out of order is not grown
further).

Standard library only.

>>> rows_of(8), rows_of(8) // 6        # rows of 8 cards; about a sixth of them canonical
(122453248, 20408874)
>>> from durak_lab.analysis.solver.keys import _canonical
>>> key = _canonical(0)(1 | 1 << 14, 1 << 27 | 1 << 41, 0)   # trump 6 and ♦8 v ♣7 and ♣9 (ranks closed up)
>>> i = index(key, 4); position_at(i, 4) == key
True
"""

from __future__ import annotations

from typing import Iterator, Optional

__all__ = ["DenseValues", "rows_of", "index", "position_at", "canonical_positions", "MOST_CARDS"]

#: The most cards in play a dense array can hold (the index arithmetic goes further; the arrays do not).
MOST_CARDS = 9
_MAXN = 12
_LOW13 = (1 << 13) - 1
_F26 = (1 << 26) - 1
# A column's cells in a canonical key: the defender's bit of suit field s at 26 s, the attacker's at 26 s + 13.
_COLUMN_MASK = sum(1 << (26 * s) | 1 << (26 * s + 13) for s in range(4))


def _tables() -> tuple:
    cells = []  # code -> (cards, key bits of the column at rank 0)
    for code in range(81):
        c, n, bits = code, 0, 0
        for s in range(4):
            c, who = divmod(c, 3)
            if who:
                n += 1
                bits |= 1 << (26 * s + (13 if who == 1 else 0))
        cells.append((n, bits))
    rows = [1] + [0] * _MAXN  # rows[m]: rows of m cards
    for m in range(1, _MAXN + 1):
        rows[m] = sum(rows[m - n] for n, _ in cells[1:] if n <= m)
    prefix = []  # prefix[code][m]: rows of m cards whose first column's code is below code
    for code in range(82):
        prefix.append(tuple(sum(rows[m - n] for n, _ in cells[1:code] if n <= m) for m in range(_MAXN + 1)))
    column = {bits: (n, prefix[code]) for code, (n, bits) in enumerate(cells) if code}
    return tuple(rows), tuple(prefix), column, tuple(cells)


_ROWS, _PREFIX, _COLUMN, _CELLS = _tables()


def rows_of(cards: int) -> int:
    """How many rows (bout starts, ranks closed up, suits not sorted) of ``cards`` cards there are.

    >>> [rows_of(n) for n in range(5)]
    [1, 8, 88, 928, 9808]
    """
    return _ROWS[cards]


def index(key: int, cards: int) -> int:
    """The index of a canonical key (``x = 0``) with ``cards`` cards in play among the rows of
    that many cards (see the module docstring): ``0 <= index < rows_of(cards)``.

    >>> index(1 << 13, 1), index(1, 1)     # the attacker's trump, the defender's trump
    (0, 1)
    """
    r = 0
    i = 0
    col = _COLUMN
    m = _COLUMN_MASK
    while cards:
        n, row = col[key >> i & m]
        r += row[cards]
        cards -= n
        i += 1
    return r


def position_at(i: int, cards: int) -> int:
    """The key (the layout of a canonical key, suits not sorted) of the row with index ``i``
    among the rows of ``cards`` cards: :func:`index` backwards.

    >>> all(index(position_at(i, 3), 3) == i for i in range(rows_of(3)))
    True
    """
    if not 0 <= i < _ROWS[cards]:
        raise ValueError(f"no row {i} among the {_ROWS[cards]} rows of {cards} cards")
    key = 0
    rank = 0
    while cards:
        code = 1
        while code < 80 and _PREFIX[code + 1][cards] <= i:
            code += 1
        i -= _PREFIX[code][cards]
        n, bits = _CELLS[code]
        key |= bits << rank
        cards -= n
        rank += 1
    return key


def canonical_positions(cards: int) -> Iterator[tuple]:
    """``(a, d)``: every canonical bout start with exactly ``cards`` cards in play, both hands
    holding a card, the trump suit being suit 0 (card ``13 * suit + rank``, ranks 0, 1, … all in
    play), each once.

    >>> sum(1 for _ in canonical_positions(3))
    160
    """
    cells = [(n, _split(bits)) for n, bits in _CELLS[1:]]

    def grow(i: int, left: int, a: int, d: int) -> Iterator[tuple]:
        # rank i next (from the highest down); suits 1-3 must stay in order (a's bits above d's)
        if i < 0:
            if a and d:
                f1 = (a >> 13 & _LOW13) << 13 | d >> 13 & _LOW13
                f2 = (a >> 26 & _LOW13) << 13 | d >> 26 & _LOW13
                f3 = (a >> 39 & _LOW13) << 13 | d >> 39 & _LOW13
                if f1 <= f2 <= f3:
                    yield a, d
            return
        for n, (ca, cd) in cells:
            rest = left - n
            if rest < i or rest > 4 * i:
                continue
            na = a | ca << i
            nd = d | cd << i
            a1, a2, a3 = na >> 13 & _LOW13, na >> 26 & _LOW13, na >> 39
            if a1 > a2 or a2 > a3:  # the attacker's bits decide first: out of order for good
                continue
            yield from grow(i - 1, rest, na, nd)

    for ranks in range((cards + 3) // 4, cards + 1):
        yield from grow(ranks - 1, cards, 0, 0)


def _split(bits: int) -> tuple:
    """A column's key bits at rank 0 as ``(a, d)`` card masks (suit s at bit 13 s)."""
    a = d = 0
    for s in range(4):
        if bits >> (26 * s + 13) & 1:
            a |= 1 << (13 * s)
        if bits >> (26 * s) & 1:
            d |= 1 << (13 * s)
    return a, d


class DenseValues:
    """The values of the bout starts of ``low`` to ``high`` cards in play, two bits each (see the
    module docstring): :meth:`get` and :meth:`put` by canonical key and number of cards.

    >>> dv = DenseValues(1, 2)
    >>> dv.get(1 << 13, 1) is None
    True
    >>> dv.put(1 << 13, 1, -1); dv.get(1 << 13, 1)
    -1
    >>> len(dv.data), dv.filled()
    (24, 1)
    """

    def __init__(self, low: int, high: int, data: Optional[bytearray] = None) -> None:
        if not 1 <= low <= high <= MOST_CARDS:
            raise ValueError(f"the cards of a dense array go from 1 to {MOST_CARDS}, not {low} to {high}")
        self.low = low
        self.high = high
        base = [0] * (high + 2)
        for n in range(low, high + 1):
            base[n + 1] = base[n] + _ROWS[n]
        self.base = tuple(base)
        self.slots = base[high + 1]
        size = (self.slots + 3) // 4
        if data is None:
            data = bytearray(size)
        elif len(data) != size:
            raise ValueError(f"a dense array of {low} to {high} cards takes {size} bytes, not {len(data)}")
        self.data = data
        self._counts: Optional[list] = None

    def slot(self, key: int, cards: int) -> int:
        """The slot of a canonical key with ``cards`` cards in play."""
        return self.base[cards] + index(key, cards)

    def get(self, key: int, cards: int) -> Optional[int]:
        """The value (for the attacker to lead) of a canonical key with ``cards`` cards in play
        (``low <= cards <= high``), or None if the array has none."""
        r = self.base[cards]
        i = 0
        col = _COLUMN
        m = _COLUMN_MASK
        left = cards
        while left:
            n, row = col[key >> i & m]
            r += row[left]
            left -= n
            i += 1
        v = self.data[r >> 2] >> ((r & 3) << 1) & 3
        return v - 2 if v else None

    def put(self, key: int, cards: int, value: int) -> None:
        """Store ``value`` (-1, 0 or +1) for a canonical key with ``cards`` cards in play."""
        r = self.slot(key, cards)
        sh = (r & 3) << 1
        self.data[r >> 2] = self.data[r >> 2] & ~(3 << sh) & 255 | (value + 2) << sh
        self._counts = None

    def counts(self) -> list:
        """``[losses, draws, wins]`` stored (a pass over the array the first time)."""
        if self._counts is None:
            out = [0, 0, 0]
            for v in range(1, 4):
                table = bytes(sum(1 for j in range(4) if b >> (2 * j) & 3 == v) for b in range(256))
                out[v - 1] = sum(self.data.translate(table))
            self._counts = out
        return list(self._counts)

    def filled(self) -> int:
        """How many slots hold a value."""
        return sum(self.counts())

    def merge(self, other: "DenseValues") -> None:
        """Take every value ``other`` (of the same cards) holds; the two must not both fill a slot
        with different values (slots are or-ed together)."""
        if (other.low, other.high) != (self.low, self.high):
            raise ValueError("dense arrays of different cards")
        a = int.from_bytes(self.data, "little") | int.from_bytes(other.data, "little")
        self.data = bytearray(a.to_bytes(len(self.data), "little"))
        self._counts = None
