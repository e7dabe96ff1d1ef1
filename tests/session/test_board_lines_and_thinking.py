"""The analysis board's model without a page: the tree of lines (variations and comments, to and from a
``durak-lab/1`` record) and the paced thinking about one node (durak_lab.session.board)."""

from __future__ import annotations

import random

import pytest

from durak_lab.analysis.solver import exact_move_values
from durak_lab.engine.errors import IllegalMoveError
from durak_lab.engine.records import example_ids, load_example, load_record
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position
from durak_lab.session.board.lines import MAX_COMMENT, Lines, LinesError
from durak_lab.session.board.thinking import BUDGETS, Thinking, trump_chances

START = Position.start(Rules(players=2), ["7♦ 9♣ Q♠", "Q♦ 6♥ 8♣"], trump="♥", discard="rest", attacker=0)
ENDGAME = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest", attacker=1)


def _shape(lines: Lines) -> list:
    """The tree as nested lists of (move, comment) from the root, children in order."""
    def of(node):
        return [(str(c.move), c.comment, of(c)) for c in node.children]
    return of(lines.root)


# ---------------------------------------------------------------- the lines
def test_a_move_from_a_node_with_a_child_is_a_variation_and_the_same_move_is_not_added_twice():
    lines = Lines(START)
    a = lines.play(lines.root, "P1 attack 7♦")
    assert lines.play(lines.root, "P1 attack 7♦") is a
    b = lines.play(lines.root, "P1 attack 9♣")
    c = lines.play(b, "P2 take")
    assert [n.move for n in lines.main_line()] == [a.move]
    assert lines.line_to(c) == [b, c] and lines.line_from(lines.root) == [a]
    assert [n.id for n in lines.walk()] == [0, a.id, b.id, c.id]
    assert len(lines) == 4


def test_an_illegal_move_raises_and_the_tree_stays_as_it_was():
    lines = Lines(START)
    lines.play(lines.root, "P1 attack 7♦")
    before = _shape(lines)
    with pytest.raises(IllegalMoveError):
        lines.play(lines.root, "P2 take")  # P1 leads (R9)
    assert _shape(lines) == before and len(lines) == 2


def test_delete_takes_a_line_off_and_promote_puts_it_first():
    lines = Lines(START)
    a = lines.play(lines.root, "P1 attack 7♦")
    b = lines.play(lines.root, "P1 attack 9♣")
    c = lines.play(b, "P2 take")
    lines.promote(b)
    assert lines.main_line() == [b, c]
    assert lines.delete(b) is lines.root and c.id not in lines and b.id not in lines
    assert lines.main_line() == [a]
    with pytest.raises(LinesError) as err:
        lines.delete(lines.root)
    assert err.value.key == "board-delete-start"


def test_a_comment_is_trimmed_cut_and_removed_by_an_empty_text():
    lines = Lines(START)
    a = lines.play(lines.root, "P1 attack 7♦")
    lines.comment(a, "  low first  ")
    assert a.comment == "low first"
    lines.comment(a, "x" * (MAX_COMMENT + 50))
    assert len(a.comment) == MAX_COMMENT
    lines.comment(a, "   ")
    assert a.comment is None


def test_variations_and_comments_go_into_the_record_and_come_back_the_same():
    lines = Lines(START)
    a = lines.play(lines.root, "P1 attack 7♦")
    lines.comment(lines.root, "a teaching position")
    b = lines.play(lines.root, "P1 attack 9♣")
    lines.comment(b, "the nine instead")
    c = lines.play(b, "P2 take")
    assert lines.play(b, "P2 take") is c  # the same move again: no new node
    d = lines.play(a, "P2 cover 7♦ with Q♦")
    e = lines.play(a, "P2 take")  # a variation inside the main line, at its second move
    lines.comment(e, "he could take")
    record = lines.record(title="My lines")
    again = load_record(record.dump())
    assert again.title == "My lines" and again.description == "a teaching position"
    assert again.moves[0].variations[0][0].comment == "the nine instead"
    back = Lines.from_record(again)
    assert _shape(back) == _shape(lines) and back.root.comment == "a teaching position"
    assert len(back) == len(lines) == 6 and {c.id, d.id} <= set(n.id for n in lines.walk())


def test_every_worked_example_loads_as_lines_whose_record_keeps_its_moves():
    for ex in example_ids():
        record = load_example(ex)
        lines = Lines.from_record(record)
        legal = [m for m in record.moves if not m.illegal]
        assert [n.move for n in lines.main_line()] == [m.move for m in legal[:len(lines.main_line())]], ex
        assert lines.record().rules == record.rules


def test_a_start_with_cards_on_the_table_is_no_record():
    mid = START.play("P1 attack 7♦")
    lines = Lines(mid)
    with pytest.raises(LinesError) as err:
        lines.record()
    assert err.value.key == "board-record-mid-bout"


# ---------------------------------------------------------------- the thinking
def test_the_first_pass_values_every_legal_move_and_more_passes_narrow_the_range():
    p = Position.deal(Rules.preset("podkidnoy"), seed=5)
    t = Thinking(p, 0, playouts=200, seed=3)
    t.step()
    first = t.evaluation
    assert {str(mv.move) for mv in first.moves} == {str(m) for m in p.view(0).legal}
    lo, hi = first.value.interval
    while not t.done:
        t.step()
    last = t.evaluation
    assert t.passes == 1 + len(BUDGETS) and last.playouts > first.playouts
    assert last.value.interval[1] - last.value.interval[0] < hi - lo
    assert t.line and t.line[0] == last.best[0] and not t.line_exact  # from P1's seat: P1's move only
    assert len(t.line) == 1


def test_an_exact_endgame_gives_an_exact_line_to_the_end_and_a_tree_that_agrees_with_the_solver():
    t = Thinking(ENDGAME, 1, open=True, playouts=50)
    while not t.done:
        t.step()
    assert t.evaluation.exact and t.line_exact
    p = ENDGAME
    for m in t.line:
        p = p.play(m)
    assert p.result is not None  # the line plays the game out
    values = dict((str(m), v) for m, v in exact_move_values(ENDGAME, 1))
    assert {str(ch["move"]): ch["value"] for ch in t.tree["children"]} == values


def test_from_my_seat_the_thinking_is_the_same_whatever_the_hidden_cards():
    rng = random.Random(11)
    p = Position.deal(Rules.preset("podkidnoy", players=3), rng)
    for _ in range(7):
        p = p.play(rng.choice(p.legal_moves()))
    seat = p.to_act()
    v = p.view(seat)
    from durak_lab.engine.partial import Partial

    q = Partial.seen_from(p, seat).world(seat, 5)
    assert q.view(seat).unseen_mask() == v.unseen_mask()
    runs = []
    for x in (p, q):
        t = Thinking(x, seat, playouts=120, seed=2)
        t.step()
        t.step()
        runs.append((t.evaluation.value, [(str(mv.move), mv.counts) for mv in t.evaluation.moves], t.line))
    assert runs[0] == runs[1]


def test_rules_the_evaluator_does_not_play_end_the_thinking_with_a_sentence_key():
    p = Position.deal(Rules.preset("doker"), seed=1)
    t = Thinking(p, 0, playouts=20)
    t.step()
    assert t.done and t.error in ("board-rules-unsupported", "board-think-failed")


def test_the_trumps_chances_sum_to_one_and_agree_with_counting_every_deal():
    p = Position.start(Rules(players=2), ["6♥ 7♦ 8♣", "Q♦ 8♠ 9♥"], talon=["K♣", "A♥", "9♣"], trump_card="9♣",
                       discard="rest")
    view = p.view(0)
    chances = dict((place, dict(pairs)) for place, pairs, _ in trump_chances(view))
    for dist in chances.values():
        assert sum(dist.values()) == 1
    # brute force: the unseen cards dealt every way into P2's three hidden cards and the talon's two
    from itertools import combinations

    from durak_lab.engine.cards import cards_of, suit_of

    unseen = cards_of(view.unseen_mask())
    hidden = view.hidden_count(1)
    counts: dict = {}
    total = 0
    for hand in combinations(unseen, hidden):
        k = sum(1 for c in hand if suit_of(c) == view.trump)
        counts[k] = counts.get(k, 0) + 1
        total += 1
    assert {k: v for k, v in chances["P2"].items()} == {k: pytest.approx(n / total) for k, n in counts.items()}
