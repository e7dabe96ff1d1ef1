"""pandas tables made readable for learners: headers in words, no row numbers, no NaN, chances in percent.

:func:`frame_table` turns any DataFrame into a
:class:`~durak_lab.display.plain_tables.LearnerTable` (it shows as a styled
HTML table in a notebook): the columns chosen and renamed, missing values
blank, True/False as yes/no, chosen columns as percentages.
:func:`cover_words_table` and :func:`edge_words_table` are the learner forms of
:func:`~durak_lab.graphs.cover_table` and :func:`~durak_lab.graphs.edge_table`.

Analysis layer: needs pandas.

>>> import pandas as pd
>>> df = pd.DataFrame({"place": ["P1", "talon"], "probability": [0.2357, float("nan")], "in hand": [True, False]})
>>> print(frame_table(df, {"place": "where", "probability": "chance", "in hand": "in a hand"},
...                   percent=["probability"]))
where  chance  in a hand
P1        24%  yes
talon          no
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional

from ..display.plain_tables import LearnerTable, percent as percent_text
from ..graphs.beats import CoverPlan, cover_table, edge_table
from ..text.messages import say
from ._pandas import needs_pandas

if TYPE_CHECKING:  # pandas is imported by the functions that build tables, so that importing
    import pandas as pd  # this module (and the plotly charts) needs no pandas (JupyterLite)

__all__ = ["frame_table", "cover_words_table", "edge_words_table"]

#: The columns of :func:`~durak_lab.graphs.cover_table` a learner sees, with the catalogue key of each header.
COVER_WORDS = {"attack": "table-col-attack-card", "attack in words": "table-col-in-words",
               "possible covers": "table-col-beat-it", "chosen cover": "table-col-best-cover",
               "in Hall set": "table-col-too-few"}
#: The columns of :func:`~durak_lab.graphs.edge_table` a learner sees, with the catalogue key of each header.
EDGE_WORDS = {"from": "table-col-card", "to": "table-col-other-card", "text": "table-col-in-words"}


def _headers(keys: Mapping[str, str]) -> dict:
    """Columns to headers in the chosen language's words."""
    return {column: say(key) for column, key in keys.items()}


@needs_pandas
def frame_table(df: pd.DataFrame, columns: Optional[Mapping[str, str]] = None, caption: str = "",
                percent: Iterable[str] = (), limit: Optional[int] = None) -> LearnerTable:
    """``df`` as a learner table: the ``columns`` (old name → header in words; default all, as they are),
    ``percent`` columns written as percentages, at most ``limit`` rows.

    >>> import pandas as pd
    >>> frame_table(pd.DataFrame({"a": [1]}), {"b": "bee"})
    Traceback (most recent call last):
    ...
    KeyError: "no column 'b' in the table (its columns: a)"
    """
    import pandas as pd
    names = dict(columns) if columns is not None else {c: str(c) for c in df.columns}
    for c in names:
        if c not in df.columns:
            raise KeyError(f"no column {c!r} in the table (its columns: {', '.join(map(str, df.columns))})")
    pct = set(percent)
    part = df if limit is None else df.head(limit)
    rows = []
    for rec in part[list(names)].itertuples(index=False, name=None):
        row = []
        for c, v in zip(names, rec):
            missing = v is None or (not isinstance(v, str) and bool(pd.isna(v)))
            row.append(None if missing else (percent_text(v) if c in pct else _plain(v)))
        rows.append(row)
    return LearnerTable(rows, list(names.values()), caption)


def _plain(v: Any) -> Any:
    """A numpy scalar as the Python value it holds (so it prints without its type)."""
    item = getattr(v, "item", None)
    return item() if callable(item) and not isinstance(v, str) else v


@needs_pandas
def cover_words_table(plan: CoverPlan, caption: str = "") -> LearnerTable:
    """The cover plan, one row per attack card: what beats it, the best cover, and whether it has too few answers.

    >>> from durak_lab.graphs import cover_plan_for
    >>> print(cover_words_table(cover_plan_for("10♥ A♠", "7♥ 9♥ J♥", "♠")))
    attack card  in words        cards that beat it  best cover  too few answers
    7♥           7 of hearts     10♥ A♠              A♠          yes
    9♥           9 of hearts     10♥ A♠              10♥         yes
    J♥           jack of hearts  A♠                              yes
    """
    df = cover_table(plan)
    words = _headers(COVER_WORDS)
    if not df["in Hall set"].any():
        del words["in Hall set"]
    return frame_table(df, words, caption)


@needs_pandas
def edge_words_table(graph: Any, limit: Optional[int] = None, caption: str = "") -> LearnerTable:
    """The lines of a beats or table graph in words, one row each (at most ``limit``).

    >>> from durak_lab.graphs import beats_graph
    >>> print(edge_words_table(beats_graph("♠", deck=24, reduced=True), limit=2))
    card  other card  in words
    9♠    A♥          9♠ beats A♥: a trump
    9♠    A♦          9♠ beats A♦: a trump
    """
    return frame_table(edge_table(graph), _headers(EDGE_WORDS), caption, limit=limit)
