"""Mining puzzles from games: at each decision, is one move clearly best for the seat to act?

:func:`judge` looks at one position from the view of the seat to act and returns a
:class:`~durak_lab.analysis.puzzles.puzzle.Puzzle` only when the answer is unambiguous:

* **trivial positions are skipped**: one legal move (a forced take, a forced pass …);
* **exact** (the seat's view determines every card: two players, or two left, with an empty
  talon or only the face-up trump card in it, :func:`~durak_lab.analysis.solver.known_to`): the
  solver values every legal move (+1, 0, -1); the answers are the moves of the best value, which
  must be strictly better than some other move's, and few: at most :attr:`Settings.max_answers`
  moves, or moves that are the same up to equivalent cards (:func:`equivalent`);
* **sampled** (cards hidden): a screening evaluation (``screen`` playouts a move) must show the best
  move ahead of every other by the margin; then two evaluations with ``playouts`` playouts a move
  and two seeds must each find the same best move (or moves equivalent to it), and every other
  move's 95% range must end at least ``margin`` (15 points of chance by default) below the bottom
  of the best's range.

:func:`mine_game` walks one game's decisions (at most ``exact_per_game`` exact and
``sampled_per_game`` sampled puzzles a game, the first found, so that one endgame does not fill
the set); :func:`mine_bots` plays seeded games between bots (any objects with ``choose(view, rng)``,
as :mod:`durak_lab.bots` makes them: this layer is below the bots, so they are given) and mines
them, :func:`mine_records` mines ``durak-lab/1`` records.  Positions already found are not found again.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.analysis.puzzles.puzzle import Source
>>> p = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
...                    attacker=1, first_bout=False)
>>> z = judge(p, "tiny", Source("podkidnoy,players=2", None, 0))
>>> z.exact, [str(m) for m in z.answers], z.themes, z.best, z.next_best
(True, ['P2 attack 8♥'], ('endgame', 'counting'), (1.0, 1.0, 1.0), (0.0, 0.0, 0.0))
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

from ...engine.cards import suit_of
from ...engine.moves import Move
from ...engine.notation import position_text, rules_text
from ...engine.records.record import Record
from ...engine.rules import Rules
from ...engine.state.position import Position
from ..evaluation import Evaluation, evaluate
from ..solver import exact_move_values, known_to, position_of_view
from .puzzle import Puzzle, Source
from .themes import themes_of

__all__ = ["Settings", "equivalent", "judge", "mine_game", "mine_bots", "mine_records", "game_decisions",
           "puzzle_id", "play_bots", "MAX_MOVES"]

#: Moves after which a bots' game stops (endless transfers can repeat a position for ever).
MAX_MOVES = 5_000


@dataclass(frozen=True)
class Settings:
    """How hard :func:`judge` looks.

    ``playouts``: per legal move, for each of the two ``seeds``; ``screen``: per legal move, for the
    screening evaluation (its seed is ``seeds[0] + 1``); ``margin``: how far below the best's range
    every other move's range must end (a chance, 0.15 = 15 points); ``max_answers``: the most
    answers a puzzle may have (unless they are all equivalent); ``exact_nodes``: the solver's bound
    a position; ``sampled``: whether to judge positions with hidden cards at all; ``themes``: keep
    only puzzles with one of these themes (empty: any), and judge only positions that may have one."""

    playouts: int = 1500
    screen: int = 200
    seeds: tuple = (1, 2)
    margin: float = 0.15
    max_answers: int = 2
    exact_nodes: int = 400_000
    sampled: bool = True
    themes: tuple = ()


def equivalent(a: Move, b: Move, position: Position, seat: int) -> bool:
    """Whether moves ``a`` and ``b`` are the same up to equivalent cards, seen from ``seat``: the same
    kind and target, and each pair of cards of the same suit with every rank between them in the
    seat's hand or out of the game (the discard), so that nobody can tell them apart in play.

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["7♦ 8♦ J♦", "6♣ 9♣"], trump="♥", discard="rest", attacker=0,
    ...                    first_bout=False)
    >>> equivalent(Move.parse("P1 attack 7♦"), Move.parse("P1 attack 8♦"), p, 0)
    True
    >>> p2 = Position.start(Rules(players=2), ["7♦ J♦", "6♣ 9♦"], trump="♥", discard="rest", attacker=0,
    ...                     first_bout=False)
    >>> equivalent(Move.parse("P1 attack 7♦"), Move.parse("P1 attack J♦"), p2, 0)
    False
    """
    if a == b:
        return True
    if a.kind != b.kind or a.target != b.target or len(a.cards) != len(b.cards):
        return False
    known = position.hands[seat] | position.discard
    for x, y in zip(sorted(a.cards), sorted(b.cards)):
        if x == y:
            continue
        if suit_of(x) != suit_of(y):
            return False
        lo, hi = sorted((int(x), int(y)))
        for c in range(lo + 1, hi):
            if not known >> c & 1:
                return False
    return True


def _all_equivalent(moves: Sequence[Move], p: Position, seat: int) -> bool:
    return all(equivalent(moves[0], m, p, seat) for m in moves[1:])


def puzzle_id(rules: Rules, seed: Optional[int], index: int, record: Optional[str] = None) -> str:
    """A puzzle's id: the rules, the players, the deal's seed and the move's index (or the record's id).

    >>> puzzle_id(Rules.preset("perevodnoy", players=2), 17, 40)
    'perevodnoy-2p-s17-m40'
    >>> puzzle_id(Rules(players=3), None, 5, "EX-ZH-BOUT")
    'ex-zh-bout-m5'
    """
    if record is not None:
        head = _slug(record)
    else:
        head = f"{_slug(rules.short_name())}-{rules.players}p" + (f"-s{seed}" if seed is not None else "")
    return f"{head}-m{index}"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:48] or "game"


def _figures(ev: Evaluation) -> tuple:
    return tuple((m.move, m.chance) + tuple(m.interval) for m in ev.moves)


def _exact(p: Position, seat: int, settings: Settings) -> Optional[tuple]:
    """``(answers, moves)`` of an exact puzzle, ``()`` when the exact position is not one, None when
    the view hides cards or the solver does not reach the end."""
    view = p.view(seat)
    if not known_to(view):
        return None
    values = exact_move_values(position_of_view(view), seat, max_nodes=settings.exact_nodes)
    if values is None:
        return None
    top = max(v for _, v in values)
    answers = [m for m, v in values if v == top]
    if len(answers) == len(values):
        return ()
    if len(answers) > settings.max_answers and not _all_equivalent(answers, p, seat):
        return ()
    ordered = sorted(values, key=lambda mv: -mv[1])
    moves = tuple((m, (v + 1) / 2, (v + 1) / 2, (v + 1) / 2) for m, v in ordered)
    return tuple(answers), moves


def _clear(ev: Evaluation, p: Position, seat: int, margin: float, screen: bool = False) -> Optional[tuple]:
    """The answers if ``ev`` shows one move (with its equivalents) clearly best, else None."""
    top = ev.moves[0]
    answers = [m.move for m in ev.moves if equivalent(top.move, m.move, p, seat)]
    floor = top.chance if screen else min(ev.move_value(a).interval[0] for a in answers)
    for m in ev.moves:
        if m.move in answers:
            continue
        gap = floor - (m.chance if screen else m.interval[1])
        if gap < margin:
            return None
    return tuple(answers)


def _sampled(p: Position, seat: int, settings: Settings) -> Optional[tuple]:
    view = p.view(seat)
    k = len(view.legal)
    first = evaluate(view, playouts=settings.screen * k, rng=settings.seeds[0] + 1)
    if _clear(first, p, seat, settings.margin, screen=True) is None:
        return None
    found = None
    moves: tuple = ()
    for seed in settings.seeds:
        ev = evaluate(view, playouts=settings.playouts * k, rng=seed)
        answers = _clear(ev, p, seat, settings.margin)
        if answers is None or (found is not None and set(map(str, answers)) != set(map(str, found))):
            return None
        if found is None:
            found, moves = answers, _figures(ev)
    return found, moves


def judge(position: Position, puzzle_id: str, source: Source, settings: Settings = Settings(),
          seat: Optional[int] = None) -> Optional[Puzzle]:
    """The puzzle ``position`` makes for the seat to act, or None (see the module docstring).

    ``seat``: the seat to judge (default, and the only one allowed: the seat to act).  The puzzle
    is unrated (:func:`~durak_lab.analysis.puzzles.rating.rate` rates it).
    """
    p = position
    to_act = p.to_act()
    if p.result is not None or to_act is None or (seat is not None and seat != to_act):
        return None
    seat = to_act
    legal = p.view(seat).legal
    if len(legal) < 2:
        return None
    found = _exact(p, seat, settings)
    exact = found is not None
    if found is None:
        if not settings.sampled:
            return None
        found = _sampled(p, seat, settings)
    if not found:
        return None
    answers, moves = found
    return Puzzle(puzzle_id, p, seat, answers, themes_of(p, seat, answers, exact), exact, moves, source,
                  0 if exact else settings.playouts)


def _may_have(p: Position, view: Any, exact: bool, themes: tuple) -> bool:
    """Whether a puzzle of ``p`` could have one of ``themes``, whatever its answer."""
    seat = view.seat
    found: set = set()
    for m in view.legal:
        found.update(themes_of(p, seat, [m], exact))
    return bool(found & set(themes))


def game_decisions(start: Position, moves: Iterable[Move]) -> Iterator[tuple]:
    """``(index, position)`` before each move of a game that its mover chose while it was their turn
    (under the sequential protocol: the seat to act), until the first illegal move."""
    p = start
    for i, m in enumerate(moves):
        if p.why_illegal(m) is not None:
            return
        if m.seat == p.to_act():
            yield i, p
        p = p.play(m)


def mine_game(start: Position, moves: Sequence[Move], source: Callable[[int], Source], ids: Callable[[int], str],
              settings: Settings = Settings(), *, exact_per_game: int = 1, sampled_per_game: int = 1,
              seen: Optional[set] = None) -> list:
    """The puzzles of one game: ``source(i)`` and ``ids(i)`` name the decision at move ``i``; at most
    ``exact_per_game`` exact and ``sampled_per_game`` sampled ones, the first found; ``seen``: the
    position texts found already (updated)."""
    seen = set() if seen is None else seen
    out: list = []
    counts = {True: 0, False: 0}
    caps = {True: exact_per_game, False: sampled_per_game}
    for i, p in game_decisions(start, moves):
        if all(counts[k] >= caps[k] for k in caps):
            break
        view = p.view(p.to_act())
        if len(view.legal) < 2:
            continue
        kind = known_to(view)
        if counts[kind] >= caps[kind]:
            continue
        text = position_text(p)
        if text in seen:
            continue
        if not kind and not settings.sampled:
            continue
        if settings.themes and not _may_have(p, view, kind, settings.themes):
            continue
        z = judge(p, ids(i), source(i), settings)
        if z is None or (settings.themes and not set(z.themes) & set(settings.themes)):
            continue
        seen.add(text)
        counts[z.exact] += 1
        out.append(z)
    return out


def play_bots(rules: Rules, lineup: Sequence[Any], seed: int, max_moves: int = MAX_MOVES) -> tuple:
    """``(start, moves)``: a game of ``rules`` dealt with ``seed`` (:meth:`Position.deal
    <durak_lab.engine.state.Position.deal>`), ``lineup[s]`` playing seat ``s`` from its view (any
    object with ``choose(view, rng)``, :class:`durak_lab.bots.Bot`), with one ``random.Random`` seeded
    from the deal; it stops after ``max_moves`` moves."""
    start = Position.deal(rules, seed)
    rng = random.Random(f"durak-lab puzzles {seed}")
    p = start
    moves: list = []
    while p.result is None and len(moves) < max_moves:
        s = p.to_act()
        assert s is not None
        m = lineup[s].choose(p.view(s), rng)
        moves.append(m)
        p = p.play(m, sequential=True)
    return start, moves


def mine_bots(rules: Rules, bots: Sequence[Callable[[], Any]], games: int, seed: int,
              settings: Settings = Settings(), *, exact_per_game: int = 1, sampled_per_game: int = 1,
              seen: Optional[set] = None, progress: Optional[Callable[[int, int], Any]] = None) -> list:
    """Play ``games`` seeded games (deal seeds ``seed``, ``seed + 1`` …) of ``rules`` (:func:`play_bots`)
    and mine them (:func:`mine_game`).  ``bots``: factories of the bots (``durak_lab.bots.BOTS["tips"]``),
    repeated round the table when fewer than the seats; game ``g`` turns the lineup by ``g`` seats.
    ``progress(game, found)`` is called after each game.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.moves import Move
    >>> class Lowest:
    ...     name = "lowest"
    ...     def choose(self, view, rng):
    ...         return view.legal[0]
    >>> found = mine_bots(Rules(players=2), [Lowest], games=2, seed=1, settings=Settings(sampled=False))
    >>> all(z.exact and z.source.bots == ("lowest", "lowest") for z in found)
    True
    """
    if not bots:
        raise ValueError("bots: name at least one bot")
    n = rules.players
    seen = set() if seen is None else seen
    found: list = []
    rtext = rules_text(rules)
    for g in range(games):
        s = seed + g
        lineup = [bots[(k + g) % len(bots)]() for k in range(n)]
        names = tuple(str(b.name) for b in lineup)
        start, moves = play_bots(rules, lineup, s)
        found += mine_game(start, moves, functools.partial(Source, rtext, s, bots=names),
                           functools.partial(puzzle_id, rules, s), settings, exact_per_game=exact_per_game,
                           sampled_per_game=sampled_per_game, seen=seen)
        if progress is not None:
            progress(g + 1, len(found))
    return found


def mine_records(records: Iterable[Record], settings: Settings = Settings(), *, exact_per_game: int = 1,
                 sampled_per_game: int = 1, seen: Optional[set] = None,
                 progress: Optional[Callable[[int, int], Any]] = None) -> list:
    """Mine ``durak-lab/1`` records (:func:`mine_game`), each up to its first illegal move."""
    seen = set() if seen is None else seen
    found: list = []
    for g, rec in enumerate(records):
        name = rec.id or rec.title or f"game-{g + 1}"
        rtext = rules_text(rec.start.rules)
        moves = [rm.move for rm in itertools.takewhile(lambda rm: not rm.illegal, rec.moves)]
        found += mine_game(rec.start, moves, functools.partial(Source, rtext, rec.seed, record=name),
                           functools.partial(puzzle_id, rec.start.rules, rec.seed, record=name), settings,
                           exact_per_game=exact_per_game, sampled_per_game=sampled_per_game, seen=seen)
        if progress is not None:
            progress(g + 1, len(found))
    return found
