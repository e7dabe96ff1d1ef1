"""The analysis board's model, without a browser: the tree of lines and the thinking about a node.

The face of the folder: :mod:`.lines` (:class:`Lines`: the moves tried from a start, with variations
and comments, to and from a ``durak-lab/1`` record) and :mod:`.thinking` (:class:`Thinking`: the
evaluation of one node in passes the page asks for, the best line, the trumps' chances and the tree
of a small endgame).  The widget is :mod:`durak_lab.widgets.board`.

Standard library only.
"""

from .lines import MAX_COMMENT, MAX_NODES, Lines, LinesError, Node
from .thinking import Thinking, trump_chances

__all__ = ["Lines", "LinesError", "Node", "MAX_COMMENT", "MAX_NODES", "Thinking", "trump_chances"]
