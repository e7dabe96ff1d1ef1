"""Learner tables: headers in words, values escaped, no NaN or row numbers, chances in percent."""

from __future__ import annotations

import math
from fractions import Fraction
from html.parser import HTMLParser

import pandas as pd
import pytest

from durak_lab.analysis import Knowledge
from durak_lab.display import LearnerTable, learner_table, percent, trump_chance_table
from durak_lab.engine import Rules
from durak_lab.graphs import cover_plan_for, table_graph
from durak_lab.engine import load_example
from durak_lab.tables import cover_words_table, edge_words_table, frame_table


class _Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.th, self.td, self._in = [], [], None

    def handle_starttag(self, tag, attrs):
        if tag in ("th", "td"):
            self._in = tag
            getattr(self, tag).append("")

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in:
            getattr(self, self._in)[-1] += data


def _cells(table):
    p = _Cells()
    p.feed(table._repr_html_())
    return p.th, p.td


def test_values_are_escaped_and_read_back_unchanged():
    t = learner_table([("<b>7♥</b>", "a & b")], ["card <i>", "note"], caption="x < y")
    page = t._repr_html_()
    assert "<b>" not in page and "<i>" not in page and "&lt;b&gt;" in page
    assert _cells(t) == (["card <i>", "note"], ["<b>7♥</b>", "a & b"])


@pytest.mark.parametrize("p, text", [(0, "0%"), (1, "100%"), (Fraction(23, 29), "79%"), (0.0049, "under 1%"),
                                     (0.005, "1%"), (0.9951, "over 99%"), (0.125, "13%")])
def test_percent(p, text):
    assert percent(p) == text


def test_percent_refuses_what_is_not_a_chance():
    with pytest.raises(ValueError, match="between 0 and 1"):
        percent(-0.1)


def test_a_frame_loses_its_index_nan_and_types():
    df = pd.DataFrame({"place": ["P1", "talon", None], "p": [0.25, math.nan, 0.75], "known": [True, False, pd.NA]},
                      index=[10, 11, 12])
    t = frame_table(df, {"place": "where", "p": "chance", "known": "seen"}, percent=["p"])
    head, cells = _cells(t)
    assert head == ["where", "chance", "seen"]
    assert cells == ["P1", "25%", "yes", "talon", "", "no", "", "75%", ""]
    text = str(t)
    for raw in ("NaN", "<NA>", "None", "dtype", "10", "True"):
        assert raw not in text


def test_the_cover_table_in_words():
    head, cells = _cells(cover_words_table(cover_plan_for("10♥ A♠ 6♣", "7♥ 9♥ J♥", "♠")))
    assert head == ["attack card", "in words", "cards that beat it", "best cover", "too few answers"]
    assert cells[-5:] == ["J♥", "jack of hearts", "A♠", "", "yes"]
    head, _ = _cells(cover_words_table(cover_plan_for("Q♦ 6♠", "7♦", "♠")))
    assert "too few answers" not in head  # only when some card has too few answers


def test_the_edge_table_in_words():
    t = edge_words_table(table_graph(load_example("EX-HE-BOUT").game_after(4).position))
    assert "P1 may throw in 6♣: 6♦ is on the table" in str(t)


def test_trump_chances_add_up_per_place():
    me = Knowledge.at_deal(Rules(players=2), "9♥", hand="7♥ 6♠ Q♦ K♦ J♣ A♣")
    t = trump_chance_table(me)
    assert t.headers == ("where", "trumps", "chance")
    assert {r[0] for r in t.rows} == {"P2", "talon"}
    assert all(r[2].endswith("%") for r in t.rows)


def test_a_row_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="row 2 has 1 values for 2 headers"):
        LearnerTable([("a", "b"), ("c",)], ["x", "y"])
