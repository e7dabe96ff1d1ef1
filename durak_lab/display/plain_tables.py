"""Tables for learners: headers in words, no row numbers, chances as percentages.

A :class:`LearnerTable` shows itself in a notebook as a small styled HTML
table (a caption, a header row in words, striped rows; every value escaped)
and prints as aligned plain text.  :func:`percent` writes a chance the way a
learner reads it ("24%", "under 1%"), and :func:`trump_chance_table` is the
table of "how many trumps does each place hold?" seen from one seat.  Nothing
here needs pandas, so it also runs where pandas is missing (JupyterLite);
:mod:`durak_lab.tables.learner` turns a pandas DataFrame into one.

Standard library and the durak_lab core only.

>>> t = learner_table([("P1", 2, percent(0.4419)), ("talon", 6, percent(0.0001))],
...                   headers=["where", "trumps", "chance"], caption="Trumps P2 cannot see")
>>> print(t)
Trumps P2 cannot see
where  trumps    chance
P1          2       44%
talon       6  under 1%
>>> "<th scope=\\"col\\">where</th>" in t._repr_html_()
True
"""

from __future__ import annotations

import html
import math
import numbers
from fractions import Fraction
import re
from typing import Any, Iterable, Optional, Sequence

from ..analysis.probability import trump_counts
from ..text.glossary import term_word
from ..text.messages import say

__all__ = ["LearnerTable", "learner_table", "percent", "cell_text", "trump_chance_table", "TABLE_CSS"]

#: The look of a learner table (scoped by its class, so a page may hold several).
TABLE_CSS = (
    "table.dl-learner{border-collapse:collapse;margin:4px 0 10px 0;font-size:14px;"
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}"
    "table.dl-learner caption{caption-side:top;text-align:left;font-weight:700;padding:2px 0 6px 0}"
    "table.dl-learner th{background:#1f6b41;color:#ffffff;text-align:left;padding:4px 10px;font-weight:600}"
    "table.dl-learner td{padding:3px 10px;border-bottom:1px solid #d5ddd8;color:#1a1a1a;background:#ffffff}"
    "table.dl-learner tr:nth-child(even) td{background:#f1f6f3}"
    "table.dl-learner td.dl-num{text-align:right;font-variant-numeric:tabular-nums}"
)


def percent(p: Any) -> str:
    """A chance between 0 and 1 as a whole percentage, the ends said in words (the chosen language's).

    >>> percent(Fraction(23, 29)), percent(0.5), percent(0), percent(1), percent(0.003), percent(0.998)
    ('79%', '50%', '0%', '100%', 'under 1%', 'over 99%')
    >>> percent(1.5)
    Traceback (most recent call last):
    ...
    ValueError: a chance is between 0 and 1, not 1.5
    """
    x = float(p)
    if not 0 <= x <= 1:
        raise ValueError(f"a chance is between 0 and 1, not {p}")
    if x == 0:
        return say("table-percent", value=0)
    if x == 1:
        return say("table-percent", value=100)
    if x < 0.005:
        return say("table-percent-under")
    if x >= 0.995:
        return say("table-percent-over")
    return say("table-percent", value=math.floor(x * 100 + 0.5))  # halves round up, as learners are taught


def cell_text(value: Any) -> str:
    """A value as a learner reads it in a table: yes/no (in the chosen language), nothing for a missing value,
    cards as text.

    >>> [cell_text(v) for v in (True, False, None, float("nan"), 3, 2.50, Fraction(1, 4), "7♥")]
    ['yes', 'no', '', '', '3', '2.5', '1/4', '7♥']
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return say("table-yes") if value else say("table-no")
    if isinstance(value, float):
        if value != value:  # NaN
            return ""
        return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    text = str(value)
    return "" if text in ("<NA>", "nan", "NaT") else text


#: A percentage as :func:`percent` writes it in any language: one number and its % sign, maybe words around.
_PERCENT = re.compile(r"^[^\d%]*\d+\s?%[^\d%]*$")


def _numeric(value: Any) -> bool:
    if isinstance(value, str):
        return bool(_PERCENT.match(value))
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


class LearnerTable:
    """A table for learners: rows of values under headers in words, shown as HTML in a notebook.

    ``rows`` are sequences as long as ``headers``; values are shown with
    :func:`cell_text`; numbers are right-aligned.

    >>> t = LearnerTable([("7♥", True)], ["attack card", "too few answers"])
    >>> t.rows, t.headers
    ([('7♥', 'yes')], ('attack card', 'too few answers'))
    >>> LearnerTable([("a", "b")], ["one"])
    Traceback (most recent call last):
    ...
    ValueError: row 1 has 2 values for 1 headers
    """

    def __init__(self, rows: Iterable[Sequence[Any]], headers: Sequence[str], caption: str = "") -> None:
        self.headers = tuple(str(h) for h in headers)
        self.caption = caption
        raw = [tuple(r) for r in rows]
        for i, r in enumerate(raw, 1):
            if len(r) != len(self.headers):
                raise ValueError(f"row {i} has {len(r)} values for {len(self.headers)} headers")
        self._numeric = [bool(raw) and all(_numeric(r[j]) or cell_text(r[j]) == "" for r in raw)
                         for j in range(len(self.headers))]
        self.rows = [tuple(cell_text(v) for v in r) for r in raw]

    def __len__(self) -> int:
        return len(self.rows)

    def to_html(self) -> str:
        """The table as HTML with its own style (inline ``<style>``), every value escaped."""
        esc = html.escape
        head = "".join(f'<th scope="col">{esc(h)}</th>' for h in self.headers)
        body = []
        for r in self.rows:
            cells = "".join(f'<td class="dl-num">{esc(v)}</td>' if self._numeric[j] else f"<td>{esc(v)}</td>"
                            for j, v in enumerate(r))
            body.append(f"<tr>{cells}</tr>")
        if not self.rows:
            body.append(f'<tr><td colspan="{len(self.headers)}">{esc(say("table-nothing"))}</td></tr>')
        caption = f"<caption>{esc(self.caption)}</caption>" if self.caption else ""
        return (f"<style>{TABLE_CSS}</style><table class=\"dl-learner\">{caption}<thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>")

    def _repr_html_(self) -> str:
        return self.to_html()

    def text(self) -> str:
        """The table as aligned plain text (numbers right-aligned)."""
        widths = [max([len(h)] + [len(r[j]) for r in self.rows]) for j, h in enumerate(self.headers)]

        def line(values: Sequence[str]) -> str:
            parts = [v.rjust(w) if self._numeric[j] else v.ljust(w) for j, (v, w) in enumerate(zip(values, widths))]
            return "  ".join(parts).rstrip()

        lines = ([self.caption] if self.caption else []) + [line(self.headers)] + [line(r) for r in self.rows]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__


def learner_table(rows: Iterable[Sequence[Any]], headers: Sequence[str], caption: str = "") -> LearnerTable:
    """A :class:`LearnerTable` of ``rows`` under ``headers``.

    >>> print(learner_table([("6♠", "A♥")], ["card", "beats"]))
    card  beats
    6♠    A♥
    """
    return LearnerTable(rows, headers, caption)


def trump_chance_table(knowledge: Any, caption: Optional[str] = None) -> LearnerTable:
    """How many trumps each place the seat cannot see holds, with its chance, as a learner table.

    ``knowledge`` is a :class:`~durak_lab.analysis.probability.Knowledge` (what
    one seat knows); a place is another player or the talon.

    >>> from durak_lab.analysis import Knowledge
    >>> from durak_lab.engine import Rules
    >>> me = Knowledge.at_deal(Rules(players=2), "9♥", hand="7♥ 6♠ Q♦ K♦ J♣ A♣")
    >>> print(trump_chance_table(me))  # doctest: +ELLIPSIS
    How many trumps, and how likely
    where  trumps    chance
    P2          0       16%
    P2          1       39%
    ...
    talon       8       16%
    >>> from durak_lab.text.catalogue import using
    >>> with using("ru"):
    ...     str(trump_chance_table(me)).splitlines()[-1].split()[0]
    'колода'
    """
    rows = []
    for place, dist in trump_counts(knowledge).items():
        where = term_word("talon") if place == "talon" else place  # the talon in the language's word
        for n in sorted(dist):
            rows.append((where, n, percent(dist[n])))
    return LearnerTable(rows, [say("table-col-where"), say("table-col-trumps"), say("table-col-chance")],
                        say("table-trumps-caption") if caption is None else caption)
