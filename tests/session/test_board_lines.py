"""The analysis board's tree of lines (durak_lab.session.board.lines): playing, variations, deleting,
promoting, comments, the walk, the node limits, and the ``durak-lab/1`` record written and read back."""

from __future__ import annotations

import pytest

import durak_lab.session.board.lines as lines_module
from durak_lab.engine.errors import DurakError, IllegalMoveError, MoveTextError
from durak_lab.engine.records import example_ids, json_text, load_example, load_record, replay
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.session.board.lines import MAX_COMMENT, MAX_NESTING, MAX_NODES, Lines, LinesError

START = Position.start(Rules(players=2), ["7♦ 9♣ Q♠", "Q♦ 6♥ 8♣"], trump="♥", discard="rest", attacker=0)
DEEP = Position.deal(Rules(players=2), seed=3)


def shape(lines: Lines) -> list:
    """The tree as nested lists of (move text, comment, children), children in order."""
    def of(node):
        return [(str(c.move), c.comment, of(c)) for c in node.children]
    return [lines.root.comment, of(lines.root)]


def build() -> tuple:
    """A tree with variations at the start and inside the main line, one nested in a variation."""
    lines = Lines(START)
    a = lines.play(lines.root, "P1 attack 7♦")          # 1  main line
    b = lines.play(a, "P2 cover 7♦ with Q♦")            # 2  main line
    c = lines.play(lines.root, "P1 attack 9♣")          # 3  variation at the start
    d = lines.play(c, "P2 take")                         # 4
    e = lines.play(a, "P2 take")                         # 5  variation at the main line's second move
    f = lines.play(lines.root, "P1 attack Q♠")          # 6  a second variation at the start
    g = lines.play(d, "P1 attack 7♦")                         # 7  continues the first variation
    lines.comment(lines.root, "a teaching start")
    lines.comment(c, "the nine instead")
    lines.comment(e, "he could take")
    return lines, (a, b, c, d, e, f, g)


# ---------------------------------------------------------------- changing the tree
def test_play_makes_the_main_line_then_variations_and_reuses_a_move_already_there():
    lines, (a, b, c, d, e, f, g) = build()
    assert [n.id for n in (a, b, c, d, e, f, g)] == [1, 2, 3, 4, 5, 6, 7]
    assert lines.root.children == [a, c, f] and a.children == [b, e] and c.children == [d] and d.children == [g]
    assert lines.play(lines.root, "P1 attack 9♣") is c and lines.play(a, "P2 take") is e
    assert len(lines) == 8
    assert [str(n.move) for n in lines.main_line()] == ["P1 attack 7♦", "P2 cover 7♦ with Q♦"]
    assert [n.ply for n in (lines.root, a, b, d, g)] == [0, 1, 2, 2, 3]
    assert [n.on_main_line() for n in (lines.root, a, b, c, e, g)] == [True, True, True, False, False, False]
    assert b.position == START.play("P1 attack 7♦").play("P2 cover 7♦ with Q♦")
    assert g.position == START.play("P1 attack 9♣").play("P2 take").play("P1 attack 7♦")


def test_walk_is_depth_first_with_each_nodes_children_in_order():
    lines, (a, b, c, d, e, f, g) = build()
    assert [n.id for n in lines.walk()] == [0, 1, 2, 5, 3, 4, 7, 6]
    assert [n.id for n in lines.walk(c)] == [3, 4, 7]
    assert [n.id for n in lines.walk(b)] == [2]


def test_line_to_and_line_from():
    lines, (a, b, c, d, e, f, g) = build()
    assert lines.line_to(g) == [c, d, g] and lines.line_to(e) == [a, e] and lines.line_to(lines.root) == []
    assert lines.line_from(lines.root) == [a, b] and lines.line_from(c) == [d, g] and lines.line_from(g) == []


def test_delete_takes_the_whole_line_off_and_ids_are_never_reused():
    lines, (a, b, c, d, e, f, g) = build()
    assert lines.delete(c) is lines.root
    assert [n.id for n in lines.walk()] == [0, 1, 2, 5, 6]
    assert all(i not in lines for i in (3, 4, 7)) and len(lines) == 5
    with pytest.raises(KeyError):
        lines.node(4)
    h = lines.play(lines.root, "P1 attack 9♣")
    assert h.id == 8 and lines.root.children == [a, f, h]
    with pytest.raises(LinesError) as err:
        lines.delete(lines.root)
    assert err.value.key == "board-delete-start" and len(lines) == 6


def test_a_deleted_node_is_no_longer_part_of_the_tree():
    lines, (a, b, c, d, e, f, g) = build()
    lines.delete(c)
    before = shape(lines), len(lines)
    for act in (lambda: lines.delete(c), lambda: lines.delete(d), lambda: lines.play(d, "P1 attack 7♦"),
                lambda: lines.promote(d), lambda: lines.comment(d, "gone")):
        with pytest.raises(KeyError):
            act()
    assert (shape(lines), len(lines)) == before


def test_promote_puts_a_variation_first_at_any_depth():
    lines, (a, b, c, d, e, f, g) = build()
    lines.promote(f)
    assert lines.root.children == [f, a, c] and lines.main_line() == [f]
    lines.promote(e)
    assert a.children == [e, b]
    lines.promote(lines.root)  # the start: nothing to do
    lines.promote(a)
    assert lines.main_line() == [a, e] and lines.root.children == [a, f, c]


def test_comments_are_trimmed_cut_removed_and_must_be_text():
    lines, (a, *_) = build()
    lines.comment(a, "  low first \n")
    assert a.comment == "low first"
    lines.comment(a, "x" * (MAX_COMMENT + 50))
    assert a.comment == "x" * MAX_COMMENT
    lines.comment(a, None)
    assert a.comment is None
    lines.comment(a, "kept")
    for bad in (5, b"bytes", ["a"], 10 ** 5000):
        with pytest.raises(LinesError) as err:
            lines.comment(a, bad)
        assert err.value.key == "board-bad-comment"
    assert a.comment == "kept"


def test_an_illegal_move_raises_and_changes_nothing():
    lines, _ = build()
    before = shape(lines), len(lines), [n.id for n in lines.walk()]
    with pytest.raises(IllegalMoveError):
        lines.play(lines.root, "P2 take")  # P1 leads
    with pytest.raises(IllegalMoveError):
        lines.play(lines.root, "P1 attack Q♦")  # not P1's card
    for bad in ("P1 dance", "", 123, None, "P1 attack " + "9" * 5000):
        with pytest.raises(MoveTextError):
            lines.play(lines.root, bad)
    assert (shape(lines), len(lines), [n.id for n in lines.walk()]) == before
    assert lines.play(lines.root, "P1 attack 7♦").id == 1
    assert lines.play(lines.node(5), "P1 attack 9♣").id == 8  # the ids go on from the last one made


def test_the_tree_holds_at_most_max_nodes(monkeypatch):
    assert MAX_NODES == 5000
    monkeypatch.setattr(lines_module, "MAX_NODES", 3)
    lines = Lines(START)
    a = lines.play(lines.root, "P1 attack 7♦")
    lines.play(lines.root, "P1 attack 9♣")
    before = shape(lines)
    with pytest.raises(LinesError) as err:
        lines.play(a, "P2 take")
    assert err.value.key == "board-too-many-moves" and err.value.facts == {"count": 3}
    assert shape(lines) == before and len(lines) == 3
    assert lines.play(lines.root, "P1 attack 9♣").id == 2  # an existing move is still found


def test_variations_nest_only_as_deep_as_a_record_can_be_read_back():
    lines = Lines(DEEP)
    node = lines.root
    for _ in range(MAX_NESTING):
        legal = node.position.legal_moves()
        lines.play(node, legal[0])
        node = lines.play(node, legal[1])
    lines.comment(node, "deepest")
    text = json_text(lines.record().to_dict())
    back = Lines.from_record(load_record(text))
    assert shape(back) == shape(lines)
    legal = node.position.legal_moves()
    lines.play(node, legal[0])  # continuing a line nests no deeper
    before = shape(lines), len(lines)
    with pytest.raises(LinesError) as err:
        lines.play(node, legal[1])  # a variation inside the deepest variation
    assert err.value.key == "board-too-deep" and err.value.facts == {"count": MAX_NESTING}
    assert (shape(lines), len(lines)) == before


# ---------------------------------------------------------------- records
def test_record_json_and_back_keep_the_whole_tree():
    lines, (a, b, c, d, e, f, g) = build()
    rec = lines.record(title="My lines")
    assert [m.to_json() for m in rec.moves] == [
        {"move": "P1 attack 7♦", "variations": [
            [{"move": "P1 attack 9♣", "comment": "the nine instead"}, "P2 take", "P1 attack 7♦"], ["P1 attack Q♠"]]},
        {"move": "P2 cover 7♦ with Q♦", "variations": [[{"move": "P2 take", "comment": "he could take"}]]},
    ]
    again = load_record(json_text(rec.to_dict()))
    assert again == rec and again.title == "My lines" and again.description == "a teaching start"
    back = Lines.from_record(again)
    assert shape(back) == shape(lines) and len(back) == len(lines) == 8
    assert [str(n.move) for n in back.walk()] == [str(n.move) for n in lines.walk()]
    assert [n.comment for n in back.walk()] == [n.comment for n in lines.walk()]
    assert replay(again).ok


def test_record_of_a_bare_start_and_of_the_start_alone():
    lines = Lines(START)
    rec = lines.record()
    assert rec.moves == () and rec.description is None and rec.start == START
    assert shape(Lines.from_record(load_record(rec.dump()))) == [None, []]


def test_a_start_with_cards_on_the_table_is_no_record():
    lines = Lines(START.play("P1 attack 7♦"))
    lines.play(lines.root, "P2 take")
    with pytest.raises(LinesError) as err:
        lines.record()
    assert err.value.key == "board-record-mid-bout" and isinstance(err.value, DurakError)


@pytest.mark.parametrize("ex", example_ids())
def test_every_worked_example_loads_and_its_record_replays_the_same_main_line(ex):
    record = load_example(ex)
    lines = Lines.from_record(record)
    legal = []
    for rm in record.moves:
        if rm.illegal:
            break
        legal.append(rm.move)
    assert [n.move for n in lines.main_line()] == legal
    written = lines.record()
    again = load_record(json_text(written.to_dict()))
    assert [m.move for m in again.moves] == legal
    assert again.rules == record.rules and again.start == record.start and again.title == record.title
    result = replay(again)
    assert result.ok, (ex, result.problem)
    assert result.moves_applied == len(legal)
    assert shape(Lines.from_record(again)) == shape(lines)


def test_a_changed_main_line_no_longer_claims_the_examples_result():
    for ex in example_ids():
        record = load_example(ex)
        if record.expected_result is None or not record.moves or any(m.illegal for m in record.moves):
            continue
        lines = Lines.from_record(record)
        lines.delete(lines.main_line()[-1])
        written = lines.record()
        assert replay(load_record(written.dump())).ok, ex
    record = load_example("EX-HE-DOKER")
    assert record.expected_result is not None
    assert Lines.from_record(record).record().expected_result == record.expected_result  # unchanged: kept


def test_promoting_refuses_to_push_the_old_line_past_the_deepest_nesting():
    lines = Lines(DEEP)
    first = DEEP.legal_moves()
    node = lines.play(lines.root, first[0])
    nested = 0
    while nested < MAX_NESTING:  # the main line holds variations nested as deep as they may go
        legal = node.position.legal_moves()
        if len(legal) < 2:
            node = lines.play(node, legal[0])
            continue
        lines.play(node, legal[0])
        node = lines.play(node, legal[1])
        nested += 1
    other = lines.play(lines.root, first[1])
    before = shape(lines)
    with pytest.raises(LinesError) as err:
        lines.promote(other)  # the main line would become a variation, one level deeper
    assert err.value.key == "board-too-deep" and shape(lines) == before
    load_record(lines.record().dump())  # still a record that reads back
