"""durak_lab.plots.beats: the figures are built headless; their data says what they show."""

from durak_lab.engine.cards import Card
from durak_lab.plots.beats import beats_figure, cover_figure, cover_table, edge_table, table_figure
from durak_lab.graphs import beats_graph, cover_plan, cover_plan_for, table_graph
from durak_lab.engine.records import load_example


def _trace(fig, name):
    return next(t for t in fig.data if t.name == name)


def _legend(fig):
    return [t.name for t in fig.data if t.showlegend is not False]


def _hover(fig):
    return " | ".join(h for t in fig.data for h in (t.hovertext or ()))


def test_beats_figure_nodes_edges_and_words():
    fig = beats_figure("♦")
    assert fig.layout.title.text.startswith("Which card beats which: trump ♦")
    assert len(fig.data) == 8  # three edge kinds (line + hover points each), two node traces
    cards = list(_trace(fig, "trumps (♦)").customdata) + list(_trace(fig, "other suits").customdata)
    assert sorted(cards) == sorted(str(c) for c in beats_graph("♦").nodes)
    assert all(y == 1.0 for y in _trace(fig, "trumps (♦)").y) and all(y == 0.0 for y in _trace(fig, "other suits").y)
    edges = [tuple(d) for t in fig.data if t.name.endswith("(hover)") for d in t.customdata]
    assert sorted(edges) == sorted((str(a), str(b)) for a, b in beats_graph("♦", reduced=True).edges)
    hover = _hover(fig)
    assert "10 of diamonds (trump)" in hover and "J♥ beats 10♥: a higher heart" in hover
    assert "6♦ beats A♠: a trump" in hover


def test_beats_figure_full_graph():
    fig = beats_figure("♠", reduced=False)
    edges = [tuple(d) for t in fig.data if t.name.endswith("(hover)") for d in t.customdata]
    assert len(edges) == beats_graph("♠").number_of_edges() == 387


def test_table_figure_columns_and_hover():
    p = load_example("EX-ZH-BOUT").game_after(3).position   # 7♥/10♥, 10♦ uncovered
    fig = table_figure(p)
    assert _legend(fig) == ["covered by", "beats", "attack cards", "covers", "defender's hand"]
    xs = {name: set(_trace(fig, name).x) for name in ("attack cards", "covers", "defender's hand")}
    assert xs == {"attack cards": {1.0}, "covers": {2.0}, "defender's hand": {3.0}}
    assert list(_trace(fig, "attack cards").customdata) == ["7♥", "10♦"]
    beats = [tuple(d) for d in _trace(fig, "beats (hover)").customdata]
    g = table_graph(p)
    assert sorted(beats) == sorted((str(a), str(b)) for a, b, d in g.edges(data=True) if d["kind"] == "beats")
    hover = _hover(fig)
    assert "10 of diamonds" in hover and "P2 (attacker)" in hover and "not covered yet" in hover
    assert "P1 defender" in fig.layout.title.text
    df = edge_table(g)
    assert set(df["kind"]) == {"covered by", "beats"}


def test_table_figure_throw_ins():
    fig = table_figure(load_example("EX-HE-BOUT").game_after(4).position)
    assert "may throw in" in _legend(fig) and "may be thrown in" in _legend(fig)
    assert set(_trace(fig, "may be thrown in").x) == {0.0}
    assert "may throw in" in _hover(fig)


def test_cover_figure_highlights_the_matching():
    plan = cover_plan_for("8♥ 10♥ A♠ 7♠ K♦", "7♥ 9♥ Q♦", "♠")
    fig = cover_figure(plan)
    chosen = _trace(fig, "chosen cover (the matching)")
    possible = _trace(fig, "possible cover")
    assert chosen.line.width > possible.line.width and chosen.line.dash == "solid" and possible.line.dash == "dot"
    assert chosen.showlegend is not False
    picked = {tuple(d) for d in _trace(fig, "chosen cover (the matching) (hover)").customdata}
    assert picked == {(str(a), str(c)) for a, c in plan.cover}
    others = {tuple(d) for d in _trace(fig, "possible cover (hover)").customdata}
    every = {(str(a), str(c)) for a, opts in plan.options.items() for c in opts}
    assert picked | others == every and not picked & others
    assert fig.layout.title.text == "Can the defender cover everything? Yes"
    assert any(plan.sentence()[:30] in a.text.replace("<br>", " ") for a in fig.layout.annotations)
    assert "chosen: cover 7♥ with 8♥ (a higher heart), cost 8" in _hover(fig)
    assert "too few answers" not in _legend(fig)


def test_cover_figure_marks_the_hall_set():
    plan = cover_plan_for("10♥ A♠ 6♣", "7♥ 9♥ J♥", "♠")
    fig = cover_figure(plan)
    assert fig.layout.title.text == "Can the defender cover everything? No"
    assert list(_trace(fig, "too few answers").customdata) == ["7♥", "9♥", "J♥"]
    assert list(_trace(fig, "their only answers").customdata) == ["10♥", "A♠"]
    hover = _hover(fig)
    assert "7 of hearts" in hover and "stays uncovered" in hover
    df = cover_table(plan)
    assert df["in Hall set"].all() and list(df["attack"]) == ["7♥", "9♥", "J♥"]


def test_cover_figure_of_a_worked_example_and_of_nothing():
    p = load_example("EX-ZH-BOUT").game_after(5).position
    fig = cover_figure(cover_plan(p))
    assert {tuple(d) for d in _trace(fig, "chosen cover (the matching) (hover)").customdata} == {("8♣", "10♣")}
    empty = cover_figure(cover_plan_for("6♠", "", "♠"))
    assert empty.layout.title.text.endswith("Nothing to cover")
    assert Card("6♠") in cover_plan_for("6♠", "", "♠").hand
