"""The lines of the analysis board: the moves tried from a start, as a tree, with comments.

:class:`Lines` keeps a tree of :class:`Node` s.  The root is the start position; each node is a
move played from its parent's position.  A node's first child continues its line (the main line,
from the root, is the record's moves); the other children are variations, branching at any node
and nested as deep as one likes, as in a chess game's notation.  Every node may hold a comment
(the root's comment is the record's ``description``).

:meth:`Lines.record` writes the tree as a ``durak-lab/1`` :class:`~durak_lab.engine.records.Record`:
each main-line move a :class:`~durak_lab.engine.records.RecordMove` whose ``variations`` are the
lines of its younger siblings, played from the position before it, and ``comment`` its comment;
:meth:`Lines.from_record` rebuilds the same tree.  A start with cards on the table is no record's
start (records begin at a bout's start): :meth:`Lines.record` then raises :class:`LinesError`
(``board-record-mid-bout``), and the position's one-line text is what can be saved
(:func:`~durak_lab.engine.notation.position_text`).

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> start = Position.start(Rules(players=2), ["7♦ 9♣", "Q♦"], trump="♥", discard="rest", attacker=0)
>>> lines = Lines(start)
>>> a = lines.play(lines.root, "P1 attack 7♦")
>>> b = lines.play(lines.root, "P1 attack 9♣")       # a variation at the start
>>> c = lines.play(b, "P2 take")
>>> lines.comment(c, "P2 cannot beat the 9♣")
>>> rec = lines.record()
>>> [m.to_json() for m in rec.moves]
[{'move': 'P1 attack 7♦', 'variations': [['P1 attack 9♣', {'move': 'P2 take', 'comment': 'P2 cannot beat the 9♣'}]]}]
>>> again = Lines.from_record(rec)
>>> [str(n.move) for n in again.line_to(again.node(3))]
['P1 attack 9♣', 'P2 take']
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator, List, Optional, Union

from ...engine.errors import DurakError, IllegalMoveError
from ...engine.moves import Move
from ...engine.records import Record, RecordMove
from ...engine.state.position import Position

__all__ = ["Lines", "Node", "LinesError", "MAX_COMMENT", "MAX_NODES"]

#: The longest comment kept on a node, in characters (a record allows 2,000).
MAX_COMMENT = 2000
#: The most nodes one tree holds (a whole game with many variations stays far below).
MAX_NODES = 5000
#: How deep variations nest (a variation inside a variation …): a record nested deeper than
#: :data:`~durak_lab.engine.reading.MAX_DEPTH` levels of JSON cannot be read back.
MAX_NESTING = 9


class LinesError(DurakError, ValueError):
    """What the lines cannot do: ``key`` names the catalogue sentence, ``facts`` its words."""

    def __init__(self, key: str, message: str, **facts: Any) -> None:
        super().__init__(message, facts=facts)
        self.key = key

    def sentence(self) -> str:
        """The learner's sentence, in the chosen language."""
        from ...text.messages import say

        return say(self.key, **self.facts)


class Node:
    """One node of the tree: the ``move`` played from its parent (None at the root), the ``position``
    after it, its ``children`` (the first one continues the line), a ``comment``, and what the record
    said of the move (``say``, ``rules_cited``), kept for the record written back."""

    __slots__ = ("id", "move", "position", "parent", "children", "comment", "say", "rules_cited")

    def __init__(self, node_id: int, move: Optional[Move], position: Position, parent: Optional["Node"]) -> None:
        self.id = node_id
        self.move = move
        self.position = position
        self.parent = parent
        self.children: List[Node] = []
        self.comment: Optional[str] = None
        self.say: Optional[str] = None
        self.rules_cited: tuple = ()

    @property
    def ply(self) -> int:
        """How many moves from the start."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n

    def on_main_line(self) -> bool:
        """Whether the node lies on the main line (every step a first child)."""
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def __repr__(self) -> str:
        return f"<Node {self.id}: {self.move or 'start'}>"


def _legal_moves(record: Record) -> list:
    """The record's moves up to the first one marked illegal: the main line :meth:`Lines.from_record` plays."""
    out = []
    for rm in record.moves:
        if rm.illegal:
            break
        out.append(rm.move)
    return out


def _nesting(node: Node) -> int:
    """How deep ``node`` lies in variations: the steps from the start that are not a first child."""
    n = 0
    while node.parent is not None:
        n += node.parent.children[0] is not node
        node = node.parent
    return n


def _deepest(node: Node) -> int:
    """How deep the variations after ``node`` nest, counted from ``node`` (0: no variation after it)."""
    most, stack = 0, [(node, 0)]
    while stack:
        n, depth = stack.pop()
        most = max(most, depth)
        stack.extend((c, depth + (i > 0)) for i, c in enumerate(n.children))
    return most


class Lines:
    """The tree of lines from ``start`` (see the module).  ``record``: the record it came from, whose
    metadata (title, source, players, a seeded start …) :meth:`record` keeps."""

    def __init__(self, start: Position, record: Optional[Record] = None) -> None:
        self._next = 0
        self._nodes: dict = {}
        self.root = self._new(None, start, None)
        self.source = record

    def _new(self, move: Optional[Move], position: Position, parent: Optional[Node]) -> Node:
        if len(self._nodes) >= MAX_NODES:
            raise LinesError("board-too-many-moves", f"at most {MAX_NODES} moves in one board", count=MAX_NODES)
        node = Node(self._next, move, position, parent)
        self._nodes[node.id] = node
        self._next += 1
        return node

    @property
    def start(self) -> Position:
        """The start position."""
        return self.root.position

    def node(self, node_id: int) -> Node:
        """The node of that id; KeyError when there is none (deleted, or never made)."""
        return self._nodes[node_id]

    def _own(self, node: Node) -> Node:
        """``node`` if it is one of this tree's (not deleted), else KeyError, as :meth:`node` raises."""
        if not isinstance(node, Node) or self._nodes.get(node.id) is not node:
            raise KeyError(getattr(node, "id", node))
        return node

    def __contains__(self, node_id: object) -> bool:
        return node_id in self._nodes

    def __len__(self) -> int:
        return len(self._nodes)

    # ------------------------------------------------------------ changing the tree
    def play(self, node: Node, move: Union[Move, str]) -> Node:
        """The child of ``node`` after ``move``: an existing one, else a new one (the main line's if
        ``node`` had no child yet, else a new variation).  An illegal move raises
        :class:`~durak_lab.engine.errors.IllegalMoveError` and changes nothing; a variation nested deeper
        than :data:`MAX_NESTING` raises :class:`LinesError` (``board-too-deep``); a deleted node, KeyError."""
        self._own(node)
        m = move if isinstance(move, Move) else Move.parse(move, node.position.players)
        for child in node.children:
            if child.move == m:
                return child
        if node.children and _nesting(node) >= MAX_NESTING:
            raise LinesError("board-too-deep", f"variations nest at most {MAX_NESTING} deep", count=MAX_NESTING)
        position = node.position.play(m)
        child = self._new(m, position, node)
        node.children.append(child)
        return child

    def delete(self, node: Node) -> Node:
        """Take ``node`` and every move after it off the tree; return its parent.  The start stays."""
        parent = self._own(node).parent
        if parent is None:
            raise LinesError("board-delete-start", "the start cannot be deleted")
        parent.children.remove(node)
        for gone in self.walk(node):
            self._nodes.pop(gone.id, None)
        return parent

    def promote(self, node: Node) -> None:
        """Make ``node``'s variation the line its parent continues with (the first child)."""
        parent = self._own(node).parent
        if parent is not None and parent.children[0] is not node:
            if _nesting(parent) + 1 + _deepest(parent.children[0]) > MAX_NESTING:  # the old line becomes a variation
                raise LinesError("board-too-deep", f"variations nest at most {MAX_NESTING} deep", count=MAX_NESTING)
            parent.children.remove(node)
            parent.children.insert(0, node)

    def comment(self, node: Node, text: Optional[str]) -> None:
        """Set ``node``'s comment (an empty text removes it; at most :data:`MAX_COMMENT` characters)."""
        self._own(node)
        if text is not None and not isinstance(text, str):
            raise LinesError("board-bad-comment", "a comment is text")
        text = (text or "").strip()
        node.comment = text[:MAX_COMMENT].strip() or None

    # ------------------------------------------------------------ reading the tree
    def walk(self, node: Optional[Node] = None) -> Iterator[Node]:
        """``node`` (default: the root) and every node after it, depth first, lines in order."""
        stack = [node or self.root]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.children))

    def line_to(self, node: Node) -> List[Node]:
        """The nodes from the first move to ``node`` (not the root)."""
        out = []
        while node.parent is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def line_from(self, node: Node) -> List[Node]:
        """``node``'s continuation: first children, one after the other (not ``node`` itself)."""
        out = []
        while node.children:
            node = node.children[0]
            out.append(node)
        return out

    def main_line(self) -> List[Node]:
        """The main line: the record's moves."""
        return self.line_from(self.root)

    # ------------------------------------------------------------ records
    def record(self, **meta: Any) -> Record:
        """The tree as a ``durak-lab/1`` record (see the module); ``meta`` sets ``title`` and the like.
        A start with cards on the table raises :class:`LinesError` (``board-record-mid-bout``)."""
        if self.start.table:
            raise LinesError("board-record-mid-bout", "a record starts at the beginning of a bout")
        moves = self._record_line(self.root)
        description = self.root.comment
        if self.source is not None:
            changes: dict = {"moves": moves, "description": description}
            if [rm.move for rm in moves] != _legal_moves(self.source):
                # another main line: the source's result and finish say nothing of it (unchecked)
                changes.update(expected_result=None, expected_finish=None)
            return dataclasses.replace(self.source, **{**changes, **meta})
        return Record(self.start.rules, self.start, moves, description=description, **meta)

    def _record_line(self, before: Node) -> tuple:
        """The line continuing from ``before`` as RecordMoves, each with its variations."""
        out = []
        node = before
        while node.children:
            first, others = node.children[0], node.children[1:]
            assert first.move is not None
            variations = tuple(self._record_line_of(v) for v in others)
            out.append(RecordMove(first.move, say=first.say, rules_cited=first.rules_cited, comment=first.comment,
                                  variations=variations))
            node = first
        return tuple(out)

    def _record_line_of(self, head: Node) -> tuple:
        """A variation starting with ``head``: head, then its continuation, with nested variations."""
        assert head.move is not None
        first = RecordMove(head.move, say=head.say, rules_cited=head.rules_cited, comment=head.comment)
        return (first,) + self._record_line(head)

    @classmethod
    def from_record(cls, record: Record) -> "Lines":
        """The tree of ``record``: its moves as the main line (up to a move marked illegal, which the
        rules refuse: the worked examples show some), its variations as the other lines, its
        comments on the nodes and its ``description`` on the start."""
        lines = cls(record.start, record)
        lines.root.comment = record.description
        lines._add(lines.root, record.moves)
        return lines

    def _add(self, node: Node, moves: tuple) -> None:
        for rm in moves:
            if rm.illegal:
                return
            try:
                child = self.play(node, rm.move)  # the main move first, its variations after it
            except IllegalMoveError:  # pragma: no cover - load_record checked every move
                return
            child.comment = rm.comment
            child.say = rm.say
            child.rules_cited = tuple(rm.rules_cited)
            for line in rm.variations:
                self._add(node, line)  # each variation is a line from the position before this move
            node = child
