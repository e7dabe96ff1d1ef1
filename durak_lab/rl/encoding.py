"""Observations and actions as numbers, for the game-AI libraries (PettingZoo, Gymnasium, OpenSpiel).

Both are fixed by the rules alone (the deck, the jokers, the number of players), so one network
serves every game of a preset.

**The observation** of a seat is a flat ``float32`` vector built from that seat's
:class:`~durak_lab.engine.view.PlayerView` and nothing else: what the seat knows, never another
hand or the talon's order.  Seats are counted from the observer: block ``k`` of a per-seat part is
the seat ``k`` places after it (0 is the observer itself), so a policy learnt in one seat plays in
any seat.  ``D`` is the number of cards in the deck, in card order (:func:`deck_cards`), ``n`` the
number of players.  The parts, in order (:func:`observation_layout` gives each part's slice):

==================  =========  =======================================================================
part                size       holds (1.0 where true, else 0.0)
==================  =========  =======================================================================
``hand``            D          the observer's own cards
``attacks_open``    D          attack cards on the table not covered yet
``attacks_covered`` D          attack cards on the table already covered
``covers``          D          the cards covering them
``discard``         D          the cards out of the game (bito)
``known``           (n−1)·D    for each other seat, the cards everyone knows it holds (taken up from the
                               table, shown as the lowest trump, shown to transfer, the trump card drawn)
``trump_card``      D          the face-up trump card while it lies under the talon
``trump_suit``      4          the trump suit (♠ ♥ ♦ ♣)
``hand_sizes``      n          each seat's number of cards, divided by D
``talon``           1          the talon's number of cards, divided by D
``leader``          n          who led this bout (one-hot)
``defender``        n          who defends (one-hot)
``to_act``          n          whose move it is (one-hot; all 0 once the game is over)
``passed``          n          the attackers who said pass in this bout
``in_bout``         n          the seats that held cards when this bout began
``flags``           3          the defender said take; the first bout's limit holds; the trump six
                               may still be swapped
``shown``           D          trumps already shown to transfer in this bout
``sent_back``       D          pushing durak: cards the defender sent back in this bout
==================  =========  =======================================================================

**The actions** are numbered once for the rules (:class:`ActionCodec`); ``R`` is the number of
ranks in the deck and ``J`` of jokers.  A group of cards of one rank is its rank and the set of its
suits (15 sets of the four suits).

==================  =========  ==============================================================
ids from …          count      the move
==================  =========  ==============================================================
0                   1          ``take``
1                   1          ``pass``
2                   R·15 + J   ``attack``: a rank's cards (one or several, R10, R12), then a joker
…                   R·15 + J   ``transfer``: the same groups (R20)
…                   D·D        ``cover``: the attack card's place in the deck · D + the cover's
…                   D          ``show``: a trump shown to transfer (R24)
…                   D          ``swap``: the trump six for the face-up card (R6)
…                   D          ``challenge``: pushing durak, a card sent back (R12, R31)
…                   4096       ``choose`` (only where ``Rules.choose`` is on, R13): the set of the
                               uncovered attack cards the defender beats, as bits of their
                               places among the uncovered cards in card order (bit 0 the
                               lowest id); at most 12 uncovered cards
==================  =========  ==============================================================

The legal-action mask (:meth:`ActionCodec.mask`) has a 1 at each legal move of the seat to act
under the sequential protocol (one seat acts at a time).  Only ``choose`` needs the table to be
numbered or read (``table=``, the position's or the view's); a move the numbering cannot hold
raises :class:`ActionError`.

Needs numpy (the ``rl`` extra); imports the engine only.

>>> from durak_lab.engine import Position, Rules
>>> rules = Rules.preset("podkidnoy", players=2)
>>> codec = ActionCodec(rules)
>>> codec.size, observation_size(rules)
(1676, 344)
>>> p = Position.deal(rules, seed=1)
>>> moves = p.sequential_moves()
>>> [codec.move(codec.action(m), p.to_act()) == m for m in moves] == [True] * len(moves)
True
>>> int(codec.mask(moves).sum()) == len(moves)
True
>>> obs = observe(p.view(0))
>>> obs.shape, obs.dtype.name, int(obs[observation_layout(rules)["hand"]].sum())
((344,), 'float32', 6)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

import numpy as np

from ..engine.cards import CARDS, iter_bits, rank_of, suit_of
from ..engine.errors import DurakError
from ..engine.moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from ..engine.rules import Choose, Rules
from ..engine.view import PlayerView

if TYPE_CHECKING:
    from ..engine.state import Position

__all__ = ["ActionError", "ActionCodec", "CHOOSE_BITS", "deck_cards", "observation_layout", "observation_size", "observe",
           "returns_of"]

#: The sets of the four suits a group of one rank may hold: bit s for suit s, 1 to 15.
_SUIT_SETS = 15
#: The most uncovered attack cards a ``choose`` number can name (its bits).
CHOOSE_BITS = 12


class ActionError(DurakError):
    """A move with no action number (``choose``), or an action number that is no move."""


def deck_cards(rules: Rules) -> tuple:
    """The deck's card ids in order (jokers last): the order of every card part of an observation.

    >>> len(deck_cards(Rules.preset("podkidnoy", players=2))), len(deck_cards(Rules.preset("doker", players=2)))
    (36, 54)
    """
    return tuple(CARDS[c] for c in iter_bits(rules.all_cards))


def _ranks(rules: Rules) -> tuple:
    return tuple(sorted({rank_of(c) for c in deck_cards(rules) if c < 52}))


class ActionCodec:
    """The action numbers of ``rules`` (see the module): :meth:`action` of a move, :meth:`move` of a
    number, :meth:`mask` of the legal moves; ``size`` actions in all."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.deck = deck_cards(rules)
        self.index = {c: i for i, c in enumerate(self.deck)}
        self.ranks = _ranks(rules)
        self.rank_index = {r: i for i, r in enumerate(self.ranks)}
        self.jokers = tuple(c for c in self.deck if c >= 52)
        d, groups = len(self.deck), len(self.ranks) * _SUIT_SETS + len(self.jokers)
        self.starts = {ATTACK: 2, TRANSFER: 2 + groups}
        self.starts[COVER] = self.starts[TRANSFER] + groups
        self.starts[SHOW] = self.starts[COVER] + d * d
        self.starts[SWAP] = self.starts[SHOW] + d
        self.starts[CHALLENGE] = self.starts[SWAP] + d
        self.starts[CHOOSE] = self.starts[CHALLENGE] + d
        self.size = self.starts[CHOOSE] + (1 << CHOOSE_BITS if rules.choose is not Choose.OFF else 0)
        self._groups = groups
        self._legal_for: object = None
        self._legal: dict = {}

    # ------------------------------------------------------------ moves to numbers
    def _group(self, cards: tuple) -> int:
        if len(cards) == 1 and cards[0] >= 52:
            return len(self.ranks) * _SUIT_SETS + self.jokers.index(cards[0])
        ranks = {rank_of(c) for c in cards}
        if len(ranks) != 1 or any(c >= 52 for c in cards):
            raise ActionError(f"{' '.join(map(str, cards))}: a group of cards has one rank and no joker")
        suits = 0
        for c in cards:
            suits |= 1 << suit_of(c)
        return self.rank_index[ranks.pop()] * _SUIT_SETS + suits - 1

    def action(self, move: Move, table: tuple = ()) -> int:
        """The number of ``move`` (whoever makes it); a ``choose`` needs ``table``."""
        kind = move.kind
        if kind == CHOOSE and self.size > self.starts[CHOOSE]:
            open_ = _uncovered(table)
            if not set(move.cards) <= set(open_) or len(open_) > CHOOSE_BITS:
                raise ActionError(f"{move}: a choice among at most {CHOOSE_BITS} uncovered cards of the table given")
            return self.starts[CHOOSE] + sum(1 << open_.index(c) for c in move.cards)
        try:
            if kind == TAKE:
                return 0
            if kind == PASS:
                return 1
            if kind in (ATTACK, TRANSFER):
                return self.starts[kind] + self._group(move.cards)
            if kind == COVER:
                return self.starts[COVER] + self.index[move.target] * len(self.deck) + self.index[move.cards[0]]
            if kind in (SHOW, SWAP, CHALLENGE):
                return self.starts[kind] + self.index[move.cards[0]]
        except (KeyError, IndexError):
            raise ActionError(f"{move}: a card that is not in this deck") from None
        raise ActionError(f"{move}: these rules have no {kind}, and it has no number")

    def move(self, action: int, seat: int, table: tuple = ()) -> Move:
        """The move of number ``action`` made by ``seat`` (0-based); a ``choose`` needs ``table``;
        :class:`ActionError` out of range."""
        a = int(action)
        if not 0 <= a < self.size:
            raise ActionError(f"action {a} is not between 0 and {self.size - 1}")
        if a >= self.starts[CHOOSE]:
            open_, bits = _uncovered(table), a - self.starts[CHOOSE]
            if bits >> len(open_):
                raise ActionError(f"action {a} chooses cards beyond the {len(open_)} uncovered on the table")
            return Move(CHOOSE, seat, tuple(c for i, c in enumerate(open_) if bits >> i & 1))
        if a == 0:
            return Move(TAKE, seat)
        if a == 1:
            return Move(PASS, seat)
        d = len(self.deck)
        for kind in (CHALLENGE, SWAP, SHOW, COVER, TRANSFER, ATTACK):
            start = self.starts[kind]
            if a < start:
                continue
            k = a - start
            if kind == COVER:
                return Move(COVER, seat, (self.deck[k % d],), self.deck[k // d])
            if kind in (SHOW, SWAP, CHALLENGE):
                return Move(kind, seat, (self.deck[k],))
            return Move(kind, seat, self._cards_of_group(k))
        raise AssertionError("unreachable")  # pragma: no cover

    def _cards_of_group(self, k: int) -> tuple:
        if k >= len(self.ranks) * _SUIT_SETS:
            return (CARDS[self.jokers[k - len(self.ranks) * _SUIT_SETS]],)
        rank, suits = self.ranks[k // _SUIT_SETS], k % _SUIT_SETS + 1
        return tuple(CARDS[s * 13 + rank - 2] for s in range(4) if suits >> s & 1)

    def mask(self, legal: Iterable[Move], table: tuple = ()) -> np.ndarray:
        """The legal-action mask (``int8``, 1 at each legal move's number; ``table`` for a ``choose``)."""
        out = np.zeros(self.size, dtype=np.int8)
        for m in legal:
            out[self.action(m, table)] = 1
        return out

    def legal_actions(self, legal: Iterable[Move], table: tuple = ()) -> dict:
        """``{number: move}`` of the legal moves, in number order (``table`` for a ``choose``)."""
        return dict(sorted((self.action(m, table), m) for m in legal))

    def legal_of(self, position: "Position") -> dict:
        """:meth:`legal_actions` of the seat to act in ``position`` (the sequential protocol), worked
        out once per position: an adapter's mask and its step ask for the same position."""
        if self._legal_for is not position:
            self._legal = self.legal_actions(position.sequential_moves(), position.table)
            self._legal_for = position
        return self._legal

    def describe(self, action: int, table: tuple = ()) -> str:
        """The action as a move text without its seat (``"attack 7♥ 7♣"``, ``"take"``)."""
        return str(self.move(action, 0, table)).split(" ", 1)[1]


def rules_of(preset: str, players: "int | None", rules: "Rules | None") -> Rules:
    """The adapters' rules: ``rules`` if given, else ``preset`` with ``players`` (its own count if None)."""
    if rules is not None:
        return rules
    return Rules.preset(preset) if players is None else Rules.preset(preset, players=players)


def _uncovered(table: tuple) -> list:
    """The uncovered attack cards of a table, in card order."""
    return sorted(CARDS[a] for a, c, _, _ in table if c < 0)


# ---------------------------------------------------------------- observations
def observation_layout(rules: Rules) -> dict:
    """``{part: slice}`` of an observation (see the module's table), in order.

    >>> lay = observation_layout(Rules.preset("podkidnoy", players=3))
    >>> list(lay)[:3], lay["known"]
    (['hand', 'attacks_open', 'attacks_covered'], slice(180, 252, None))
    """
    d, n = len(deck_cards(rules)), rules.players
    sizes = [("hand", d), ("attacks_open", d), ("attacks_covered", d), ("covers", d), ("discard", d),
             ("known", (n - 1) * d), ("trump_card", d), ("trump_suit", 4), ("hand_sizes", n), ("talon", 1),
             ("leader", n), ("defender", n), ("to_act", n), ("passed", n), ("in_bout", n), ("flags", 3),
             ("shown", d), ("sent_back", d)]
    out, at = {}, 0
    for name, size in sizes:
        out[name] = slice(at, at + size)
        at += size
    return out


def observation_size(rules: Rules) -> int:
    """The length of an observation vector for ``rules``."""
    return list(observation_layout(rules).values())[-1].stop


class _Plan:
    """The offsets of one rules' observation, worked out once."""

    __slots__ = ("index", "d", "n", "lay", "size", "ids")

    def __init__(self, rules: Rules):
        self.d, self.n = len(deck_cards(rules)), rules.players
        self.index = [-1] * 54
        for i, c in enumerate(deck_cards(rules)):
            self.index[c] = i
        self.ids = np.array(deck_cards(rules), dtype=np.intp)  # a deck place's card id
        self.lay = {k: v.start for k, v in observation_layout(rules).items()}
        self.size = observation_size(rules)


_PLANS: dict = {}


def _plan(rules: Rules) -> _Plan:
    plan = _PLANS.get(rules)
    if plan is None:
        plan = _PLANS[rules] = _Plan(rules)
    return plan


def observe(view: PlayerView, out: "np.ndarray | None" = None) -> np.ndarray:
    """The observation vector of ``view`` (see the module): a function of the view alone.

    ``out``: a zeroed-or-reused vector of the right size to fill (it is cleared first).
    """
    plan = _plan(view.rules)
    obs = np.zeros(plan.size, dtype=np.float32) if out is None else out
    if out is not None:
        obs.fill(0.0)
    idx, d, n, lay, me = plan.index, plan.d, plan.n, plan.lay, view.seat

    ids = plan.ids

    def cards(mask: int, at: int) -> None:
        if mask:  # the mask's bits, read all at once, at the deck's places
            bits = np.unpackbits(np.frombuffer(mask.to_bytes(7, "little"), np.uint8), bitorder="little")
            obs[at:at + d] = bits[ids]

    def rel(seat: int) -> int:
        return (seat - me) % n

    cards(view.hand_mask, lay["hand"])
    for attack, cover, _, _ in view.table:
        if cover >= 0:
            obs[lay["attacks_covered"] + idx[attack]] = 1.0
            obs[lay["covers"] + idx[cover]] = 1.0
        else:
            obs[lay["attacks_open"] + idx[attack]] = 1.0
    cards(view.discard, lay["discard"])
    for seat in range(n):
        if seat != me:
            cards(view.known[seat], lay["known"] + (rel(seat) - 1) * d)
    if view.trump_card is not None and view.trump_card_holder is None and view.talon_size:
        obs[lay["trump_card"] + idx[view.trump_card]] = 1.0
    obs[lay["trump_suit"] + view.trump] = 1.0
    for seat, size in enumerate(view.hand_sizes):
        obs[lay["hand_sizes"] + rel(seat)] = size / d
    obs[lay["talon"]] = view.talon_size / d
    if view.result is None:
        obs[lay["leader"] + rel(view.leader)] = 1.0
        obs[lay["defender"] + rel(view.defender)] = 1.0
        if view.to_act is not None:
            obs[lay["to_act"] + rel(view.to_act)] = 1.0
    for seat in range(n):
        if view.passed >> seat & 1:
            obs[lay["passed"] + rel(seat)] = 1.0
        if view.in_bout >> seat & 1:
            obs[lay["in_bout"] + rel(seat)] = 1.0
    flags = lay["flags"]
    obs[flags] = float(view.taking)
    obs[flags + 1] = float(view.first_limit)
    obs[flags + 2] = float(view.swap_open)
    cards(view.shown_used, lay["shown"])
    cards(view.sent_back, lay["sent_back"])
    return obs


def returns_of(result: "Sequence[int] | None", players: int) -> list:
    """Each seat's return at a game's end: −1 for a durak (every seat of a losing team, R29's "all
    durak" too), +1 for every other seat, 0 for all in a draw (``result`` empty); zeros while the game
    goes on (``None``).

    >>> returns_of((1,), 3), returns_of((), 2), returns_of(None, 2), returns_of((0, 2), 4)
    ([1.0, -1.0, 1.0], [0.0, 0.0], [0.0, 0.0], [-1.0, 1.0, -1.0, 1.0])
    """
    if not result:
        return [0.0] * players
    return [-1.0 if s in result else 1.0 for s in range(players)]
