"""What a full solve returns: :class:`Solution` (the value, every move's value, the best
moves and a line of best play), and the words for a value (:func:`result_word`).

:func:`durak_lab.analysis.solver.solve` and
:meth:`durak_lab.analysis.solver.Solver.solve` make it; the solver's module
re-exports both names.  Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.moves import Move, moves_text, seat_text
from ...engine.state.position import Position

__all__ = ["Solution", "WIN", "DRAW", "LOSS", "result_word"]

WIN, DRAW, LOSS = 1, 0, -1
_WORDS = {WIN: "win", DRAW: "draw", LOSS: "loss"}


def result_word(value: int) -> str:
    """``'win'``, ``'draw'`` or ``'loss'`` for a value +1, 0, -1.

    >>> result_word(-1)
    'loss'
    """
    return _WORDS[value]


@dataclass(frozen=True)
class Solution:
    """The exact result of a position with best play.

    ``value`` is +1, 0 or -1 for ``seat`` (see the docstring of :mod:`durak_lab.analysis.solver`);
    ``move_values`` pairs every legal move (engine order) with its value for
    ``seat``; ``best_moves`` are the moves that keep ``value``; ``pv`` is a line
    of best play, to the end of the game or, for an endless draw, until a
    position of the line comes back (``pv_repeats``; "the same position" here
    also allows the non-trump suits renamed, see that docstring);
    ``pv_positions`` are the positions along it; ``nodes`` counts the positions
    searched.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.analysis.solver import solve
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> s = solve(p)
    >>> s.value, s.result, s.pv_text()
    (0, 'draw', 'P1 attack 7♦; P2 cover 7♦ with 8♦')
    """

    position: Position
    seat: int
    value: int
    move_values: tuple
    best_moves: tuple
    pv: tuple
    nodes: int
    pv_repeats: bool = False
    pv_positions: tuple = field(default=(), repr=False, compare=False)

    @property
    def result(self) -> str:
        """``'win'``, ``'draw'`` or ``'loss'`` for :attr:`seat`.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.analysis.solver import solve
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solve(p).result, solve(p, seat=1).result
        ('draw', 'draw')
        """
        return _WORDS[self.value]

    def value_of(self, move: Move | str) -> int:
        """The value of one legal move for :attr:`seat`.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.analysis.solver import solve
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["10♥ K♦", "Q♠ 8♦"], trump="♦",
        ...                    discard="rest", attacker=1, first_bout=False)
        >>> s = solve(p)
        >>> s.value_of("P2 attack Q♠"), s.value_of("P2 attack 8♦")
        (0, -1)
        """
        if isinstance(move, str):
            move = Move.parse(move, self.position.players)
        for m, v in self.move_values:
            if m == move:
                return v
        raise ValueError(f"{move} is not a legal move here")

    def pv_text(self) -> str:
        """The principal variation as move texts joined by ``'; '``.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.analysis.solver import solve
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> solve(p).pv_text()
        'P1 attack 7♦; P2 cover 7♦ with 8♦'
        """
        return moves_text(self.pv)

    def to_dict(self) -> dict:
        """``{"value", "best_moves", "pv", "nodes"}`` plus ``seat``, ``result``, ``moves`` and
        ``pv_repeats`` (JSON-ready).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.analysis.solver import solve
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> d = solve(p).to_dict()
        >>> d["value"], d["best_moves"], d["seat"]
        (0, ['P1 attack 7♦'], 'P1')
        """
        return {
            "value": self.value,
            "best_moves": [str(m) for m in self.best_moves],
            "pv": [str(m) for m in self.pv],
            "nodes": self.nodes,
            "seat": seat_text(self.seat),
            "result": self.result,
            "moves": {str(m): v for m, v in self.move_values},
            "pv_repeats": self.pv_repeats,
        }

    def text(self) -> str:
        """A few lines for people: the result, the best moves, the others, the line of play.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.analysis.solver import solve
        >>> p = Position.start(Rules.preset("perevodnoy", players=2), ["10♠ Q♥ 7♣", "7♠ 6♥ J♥"],
        ...                    trump="♥", discard="rest", attacker=0, first_bout=False)
        >>> print(solve(p).text())  # doctest: +ELLIPSIS
        P1 to act: win with best play (+1)
        best: P1 attack 7♣
        worse: P1 attack 10♠ (draw), P1 attack Q♥ (loss)
        line: P1 attack 7♣; P2 cover 7♣ with 6♥; P2 attack 7♠; P1 cover 7♠ with 10♠; P1 attack Q♥; P2 take
        positions searched: ...
        """
        sign = "+" if self.value > 0 else ""
        lines = [f"{seat_text(self.seat)} to act: {self.result} with best play ({sign}{self.value})"]
        lines.append("best: " + ", ".join(str(m) for m in self.best_moves))
        others = [f"{m} ({_WORDS[v]})" for m, v in self.move_values if v != self.value]
        if others:
            lines.append("worse: " + ", ".join(others))
        tail = " … and the position repeats: endless play, a draw" if self.pv_repeats else ""
        lines.append("line: " + (self.pv_text() or "-") + tail)
        lines.append(f"positions searched: {self.nodes}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()
