"""The solver's verdict on a recorded game, move by move, from the moment nothing is hidden.

Every move made where the mover knows the whole position is judged exactly: two
players, or two left at a bigger table (the others out of cards, R28), and the talon
empty, or, with two players, holding only the face-up trump card (both know it, R3,
R19).  Then nothing is hidden (see :mod:`durak_lab.analysis.solver`): the exact
solver plays the empty talon (two left at a bigger table as the two-player game they
play, :mod:`~durak_lab.analysis.solver.reduce`), the search through the draws the
trump card left in the talon (:mod:`~durak_lab.analysis.solver.talon`).  For each
such move the analyser works out the value of the position before it and after it,
both for the seat that moved (+1 win, 0 draw, -1 loss with best play from then on):

* **best**: the move keeps the value (``after >= before``); every move of a
  lost position is "best" too, since none saves it;
* **mistake**: the move changed the result (``after < before``), e.g. a win
  became a loss; ``better`` lists the moves that kept it.

A record is played in the free protocol (:meth:`Position.legal_moves
<durak_lab.engine.state.Position.legal_moves>`), so a seat may move while another is
"to act" in the sequential protocol the solver plays, e.g. throw in before
the defender has covered.  Such a move is judged the same way, against that
seat's own legal moves (``in_turn`` is then False); a pass out of turn changes
nothing.  Moves before that moment are counted, not judged; so are the rare later ones
outside the solver's domain (a joker still in play, doker R1; a defender with no cards
whose partner covers, R26).  Games of three to six players are judged once two are
left with an empty talon, those of two from the moment the talon holds at most the
trump card.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules.preset("podkidnoy", players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠",
...                    discard="rest", attacker=1, first_bout=False)
>>> a = analyse_moves(p, ["P2 attack 7♦", "P1 cover 7♦ with 10♦", "P1 attack 10♣", "P2 take",
...                       "P1 attack 6♦", "P2 take"])
>>> for v in a.verdicts:
...     print(v.text())
1. P2 attack 7♦: mistake, the win becomes a loss; better: P2 attack 8♥
2. P1 cover 7♦ with 10♦: best (keeps the win)
3. P1 attack 10♣: best (keeps the win)
4. P2 take: best (the loss was already certain)
5. P1 attack 6♦: best (the only move; keeps the win)
6. P2 take: best (the loss was already certain)
>>> a.result_text()
'P2 is durak'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

from ..engine.errors import SolverDomainError
from ..engine.game import Game
from ..engine.moves import Move, seat_text
from .solver.endgame import SearchLimitExceeded, Solver, check_rules_domain, result_word
from .solver.exact import check_exact_domain
from .solver.reduce import holding_seats
from .solver.talon import TalonSearch
from ..engine.state.position import Position

__all__ = ["MoveVerdict", "Analysis", "analyse_moves", "analyse_game", "analyse_record", "BEST", "MISTAKE",
           "UNKNOWN"]

BEST, MISTAKE, UNKNOWN = "best", "mistake", "unknown"


@dataclass(frozen=True)
class MoveVerdict:
    """The solver's verdict on one move (see the module docstring).

    ``index`` is the move's place in the game (0-based); ``before``/``after``
    the values for ``seat`` before and after it; ``better`` the moves of that
    seat that keep ``before`` (empty when the move was best); ``options`` how
    many legal moves the seat had; ``verdict`` ``'best'``, ``'mistake'`` or
    ``'unknown'`` (the search passed its limit; ``before``/``after`` are None).

    >>> v = MoveVerdict(4, Move.parse("P1 take"), 0, True, 0, -1, (Move.parse("P1 cover 7♦ with 8♦"),), 2, MISTAKE)
    >>> v.text()
    '5. P1 take: mistake, the draw becomes a loss; better: P1 cover 7♦ with 8♦'
    """

    index: int
    move: Move
    seat: int
    in_turn: bool
    before: Optional[int]
    after: Optional[int]
    better: tuple
    options: int
    verdict: str

    @property
    def is_mistake(self) -> bool:
        """Did this move change the result?"""
        return self.verdict == MISTAKE

    @property
    def forced(self) -> bool:
        """Was it the seat's only legal move?"""
        return self.options == 1

    def text(self) -> str:
        """One line: the move, the verdict in words, and the better moves of a mistake (a developer's view,
        in English; :func:`durak_lab.text.verdicts.verdict_line` says it to a learner, in the chosen language)."""
        head = f"{self.index + 1}. {self.move}"
        vb, va = self.before, self.after
        if self.verdict == UNKNOWN or vb is None or va is None:
            return f"{head}: not judged (the position is too big for the search limit)"
        before, after = result_word(vb), result_word(va)
        turn = "" if self.in_turn else " (out of turn)"
        if self.verdict == MISTAKE:
            better = ", ".join(str(m) for m in self.better) or "waiting for the other seat to act"
            return f"{head}{turn}: mistake, the {before} becomes a {after}; better: {better}"
        if va > vb:
            return f"{head}{turn}: best (the {before} becomes a {after})"
        if vb == -1:
            return f"{head}{turn}: best (the loss was already certain)"
        if self.forced:
            return f"{head}{turn}: best (the only move; keeps the {before})"
        return f"{head}{turn}: best (keeps the {before})"

    def to_dict(self) -> dict:
        """The verdict as JSON values.

        >>> v = MoveVerdict(0, Move.parse("P1 attack 7♦"), 0, True, 0, 0, (), 1, BEST)
        >>> v.to_dict()["verdict"], v.to_dict()["seat"]
        ('best', 'P1')
        """
        return {"index": self.index, "move": str(self.move), "seat": seat_text(self.seat), "in_turn": self.in_turn,
                "before": self.before, "after": self.after, "verdict": self.verdict,
                "better": [str(m) for m in self.better], "options": self.options}


@dataclass(frozen=True)
class Analysis:
    """The verdicts on a game's moves from the point where nothing was hidden any more.

    ``start`` is the first position, ``moves`` every move played, ``first`` the
    index of the first judged move (None if that point never came with the
    game still on), ``verdicts`` one per judged move, ``final`` the position
    after the last move, ``nodes`` the positions the exact searches searched.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> a = analyse_moves(p, ["P1 attack 7♦", "P2 take"])
    >>> a.first, len(a.verdicts), a.final.result
    (0, 2, (1,))
    """

    start: Position
    moves: tuple
    first: Optional[int]
    verdicts: tuple
    final: Position
    nodes: int = field(default=0, compare=False)

    @property
    def mistakes(self) -> list:
        """The verdicts that are mistakes.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> [v.text() for v in analyse_moves(p, ["P1 attack 7♦", "P2 take"]).mistakes]
        ['2. P2 take: mistake, the draw becomes a loss; better: P2 cover 7♦ with 8♦']
        """
        return [v for v in self.verdicts if v.verdict == MISTAKE]

    def result_text(self) -> str:
        """The result after the moves, in words.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> analyse_moves(p, ["P1 attack 7♦"]).result_text()
        'the game goes on'
        """
        return self.final.result_text()

    def text(self) -> str:
        """A report: where judging starts, one line per judged move, the mistakes counted per seat (a
        developer's view, in English; :func:`durak_lab.text.verdicts.analysis_lines` says it to a learner).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> print(analyse_moves(p, ["P1 attack 7♦", "P2 cover 7♦ with 8♦"]).text())
        0 moves before the talon ran out; judged from move 1 on.
        1. P1 attack 7♦: best (the only move; keeps the draw)
        2. P2 cover 7♦ with 8♦: best (keeps the draw)
        no mistakes
        result: draw: nobody is durak
        """
        lines = []
        if self.first is None:
            what = ("two players were never left with an empty talon" if self.start.players > 2 else
                    "the talon never ran out")
            lines.append(f"{what[0].upper()}{what[1:]} with the game still on: no move could be judged exactly.")
        else:
            p = self.start
            for mv in self.moves[:self.first]:
                p = p.play(mv)
            when = ("only the face-up trump card was left in the talon" if p.talon else
                    "two players were left with an empty talon" if p.players > 2 else "the talon ran out")
            lines.append(f"{self.first} move{'s' if self.first != 1 else ''} before {when}; "
                         f"judged from move {self.first + 1} on.")
            lines.extend(v.text() for v in self.verdicts)
            counts: dict[int, int] = {}
            for v in self.mistakes:
                counts[v.seat] = counts.get(v.seat, 0) + 1
            if counts:
                lines.append("mistakes: " + ", ".join(f"{seat_text(s)} {n}" for s, n in sorted(counts.items())))
            else:
                lines.append("no mistakes")
        lines.append("result: " + self.result_text())
        return "\n".join(lines)

    def rows(self) -> list:
        """One dict per judged move (for a table, e.g. ``pandas.DataFrame(analysis.rows())``).

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> analyse_moves(p, ["P1 attack 7♦", "P2 take"]).rows()[1]["verdict"]
        'mistake'
        """
        return [{"move #": v.index + 1, "move": str(v.move), "seat": seat_text(v.seat), "in turn": v.in_turn,
                 "before": result_word(v.before) if v.before is not None else "",
                 "after": result_word(v.after) if v.after is not None else "", "verdict": v.verdict,
                 "better": ", ".join(str(m) for m in v.better)} for v in self.verdicts]

    def to_dict(self) -> dict:
        """The analysis as JSON values.

        >>> from durak_lab.engine.rules import Rules
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
        ...                    discard="rest", attacker=0, first_bout=False)
        >>> d = analyse_moves(p, ["P1 attack 7♦", "P2 take"]).to_dict()
        >>> d["first"], d["mistakes"], d["result"]
        (0, 1, 'P2 is durak')
        """
        return {"first": self.first, "verdicts": [v.to_dict() for v in self.verdicts],
                "mistakes": len(self.mistakes), "result": self.result_text(), "nodes": self.nodes}


def _open(p: Position) -> bool:
    """Does every seat still in the game know the whole position: the game on, the talon empty or,
    with two players, holding only the face-up trump card (R3, R19), and two players left (R28)?"""
    if p.result is not None:
        return False
    if p.talon:
        return p.players == 2 and p.talon == (p.trump_card,)
    return p.players == 2 or len(holding_seats(p)) <= 2


def _judge(p: Position, index: int, move: Move, solver: Solver, searched: list) -> Optional[MoveVerdict]:
    """The verdict on ``move`` made in ``p``, or None if ``p`` is outside the solver's domain."""
    try:
        check_exact_domain(p)
    except SolverDomainError:
        return None
    seat = move.seat
    in_turn = p.to_act() == seat
    options = p.sequential_moves() if in_turn else p.legal_moves(seat)
    talon = TalonSearch(p.rules, solver, solver.max_nodes) if p.talon else None

    def value(q: Position) -> int:
        if q.talon and talon is not None:
            return talon.value(q, seat)
        return solver.value_for(q, seat)

    try:
        values = [(m, value(p.play_unchecked(m))) for m in options]
        before = value(p)
        after = value(p.play(move))
    except SearchLimitExceeded:
        return MoveVerdict(index, move, seat, in_turn, None, None, (), len(options), UNKNOWN)
    except SolverDomainError:  # a position further on outside the domain (not met so far)
        return None
    finally:
        if talon is not None:
            searched[0] += talon.nodes
    if after < before:
        better = tuple(m for m, v in values if v >= before)
        return MoveVerdict(index, move, seat, in_turn, before, after, better, len(options), MISTAKE)
    return MoveVerdict(index, move, seat, in_turn, before, after, (), len(options), BEST)


def analyse_moves(start: Position, moves: Sequence[Union[Move, str]], solver: Optional[Solver] = None,
                  max_nodes: Optional[int] = None) -> Analysis:
    """Play ``moves`` from ``start`` (free protocol) and judge each one made where the mover knew the
    whole position (see the module docstring).

    Raises :class:`~durak_lab.engine.errors.IllegalMoveError` at an illegal move and, once
    the talon has run out (or holds only the trump card, two players), a
    :class:`~durak_lab.engine.errors.SolverDomainError` when the game's rules are outside the
    solver's domain (:func:`~durak_lab.analysis.solver.check_rules_domain`).
    ``max_nodes`` bounds the search per position; a move whose position needs
    more gets the verdict ``'unknown'``.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                    discard="rest", attacker=0, first_bout=False)
    >>> a = analyse_moves(p, ["P1 attack 7♦", "P2 cover 7♦ with 8♦"])
    >>> [v.verdict for v in a.verdicts], a.result_text()
    (['best', 'best'], 'draw: nobody is durak')

    Three players, P2 out of cards: P1 and P3 play on as two (R28).

    >>> p = Position.start(Rules.preset("podkidnoy", players=3), ["10♥ K♦", "", "Q♠ 8♦"], trump="♦",
    ...                    discard="rest", attacker=2, first_bout=False)
    >>> print(analyse_moves(p, ["P3 attack 8♦", "P1 cover 8♦ with K♦"]).text())
    0 moves before two players were left with an empty talon; judged from move 1 on.
    1. P3 attack 8♦: mistake, the draw becomes a loss; better: P3 attack Q♠
    2. P1 cover 8♦ with K♦: best (keeps the win)
    mistakes: P3 1
    result: the game goes on
    """
    if solver is None:
        solver = Solver(max_nodes=max_nodes)
    nodes0 = solver.nodes
    searched = [0]  # the positions the searches through the draws searched
    checked = False
    p = start
    played = []
    verdicts = []
    first = None
    for i, mv in enumerate(moves):
        if isinstance(mv, str):
            mv = Move.parse(mv, p.players)
        if p.result is None and (not p.talon or p.talon == (p.trump_card,)):
            if not checked:  # the rules, once: outside the solver's domain the analysis is refused
                check_rules_domain(p.rules)
                checked = True
            if _open(p):
                verdict = _judge(p, i, mv, solver, searched)
                if verdict is not None:
                    if first is None:
                        first = i
                    verdicts.append(verdict)
        p = p.play(mv)
        played.append(mv)
    return Analysis(start, tuple(played), first, tuple(verdicts), p, solver.nodes - nodes0 + searched[0])


def analyse_game(game: Game, solver: Optional[Solver] = None, max_nodes: Optional[int] = None) -> Analysis:
    """Judge the moves of a :class:`~durak_lab.engine.game.Game` played so far.

    >>> from durak_lab.engine.rules import Rules
    >>> g = Game(Position.start(Rules.preset("podkidnoy", players=2), ["7♦", "8♦"], trump="♠",
    ...                         discard="rest", attacker=0, first_bout=False))
    >>> _ = g.play("P1 attack 7♦")
    >>> analyse_game(g).verdicts[0].text()
    '1. P1 attack 7♦: best (the only move; keeps the draw)'
    """
    return analyse_moves(game.start, game.moves, solver, max_nodes)


def analyse_record(record: Any, solver: Optional[Solver] = None, max_nodes: Optional[int] = None) -> Analysis:
    """Judge the moves of a ``durak-lab/1`` record (:class:`~durak_lab.engine.records.Record`);
    moves marked illegal are not played (the record stops there, as in a replay).

    >>> from durak_lab.engine.records import load_record
    >>> rec = load_record({"format": "durak-lab/1", "rules": {"preset": "podkidnoy", "players": 2},
    ...     "start": {"trump": "♠", "hands": {"P1": ["7♦"], "P2": ["8♦"]}, "discard": "rest",
    ...               "attacker": "P1", "first_bout": False},
    ...     "moves": ["P1 attack 7♦", "P2 take"]})
    >>> print(analyse_record(rec).text())
    0 moves before the talon ran out; judged from move 1 on.
    1. P1 attack 7♦: best (the only move; keeps the draw)
    2. P2 take: mistake, the draw becomes a loss; better: P2 cover 7♦ with 8♦
    mistakes: P2 1
    result: P2 is durak
    """
    moves = []
    for rm in record.moves:
        if rm.illegal:
            break
        moves.append(rm.move)
    return analyse_moves(record.start, moves, solver, max_nodes)
