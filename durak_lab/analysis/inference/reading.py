"""Reading the other players: what their moves say about the cards they hold.

Every move is public: the cards laid, a take, a pass (R10 to R16).  A player
who follows a policy gives away something with each move.  This module reads
the moves as the greedy policy (the greedy bot's, :mod:`durak_lab.bots.greedy`) would have made
them, a simple model of a sensible player:

* a defender who **takes** (R15) held no card that beats an uncovered card
  (the greedy defender covers whenever it can);
* a **cover** (R11) with card ``y``: no cheaper card beat an uncovered card;
* a **lead** (R10) of card ``x``: no cheaper card at all (the lowest card, a
  trump last);
* a **throw-in** (R12) of ``x``: no cheaper card of a rank on the table (no
  trump while the talon lasts);
* an attacker who **passes** while the table has room (R13): no card of a
  rank on the table (no trump while the talon lasts).

Each such *fact* is a set of cards the player did not hold then.  It holds
for every card the player still has from before it; a card drawn from the
talon later (R19) may be any card.  So a world keeps a fact card by card,
by *when each hidden card came into the hand*: at the deal or at one of the
seat's draws, which the views show (the hand sizes, the cards laid and picked
up).  :meth:`Reading.plan` works out, for each other seat, those arrival
times and the cards barred from a card that came at each (the facts read
since); :meth:`Reading.bars` chooses, for one world, which of the arrivals the
hand still holds (each choice as likely as the number of ways to deal the
hidden cards into it), and the dealer
(:func:`~durak_lab.analysis.sampling.iter_worlds`) gives each hidden card in
turn, the most barred first, a card drawn at random among the unseen cards
left that are not barred from it.  So every deal that keeps the facts is
equally likely, but for one thing left out: the cards the seat laid came at
some of its arrivals too.  The search bots deal their worlds this way
(:func:`~durak_lab.analysis.evaluation.kernel_worlds`).  A player whose moves the
greedy reading cannot explain (a card laid that its facts ruled out, with no
draw in between) is not read at all.
Cards everyone knows about (picked up, R18) are not hidden.  :meth:`Reading.misfit`
counts how far a world breaks the facts, bounding the draws by the talon's
shrinking (a check that needs no history).

Everything here is a function of what the seat saw: its own views and the
public moves.

Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2), ["7♦ 9♠", "8♦ 6♥ K♠"], trump="♥", discard="rest",
...                    talon=["A♣", "10♥"], trump_card="10♥", attacker=0, first_bout=False)
>>> from durak_lab.engine.cards import CardSet
>>> lead, take = Move.parse("P1 attack 9♠"), Move.parse("P2 take")
>>> q = p.play(lead)
>>> r = Reading.of([(p.view(0), lead), (q.view(0), take)], seat=0)
>>> r.facts[0][0], CardSet(r.facts[0][1])   # P2 took 9♠: it held no higher spade and no trump
(1, CardSet('K♠ 6♥'))
>>> r.misfit((q.hands[0], CardSet.parse("8♦ 6♥ K♠").mask), talon_size=2)   # a hand with both breaks it
2
>>> r.misfit((q.hands[0], CardSet.parse("8♦ 6♥ K♠").mask), talon_size=0)   # unless it drew them since
0
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import accumulate
from math import comb
from typing import NamedTuple, Optional, Sequence

from ...engine.cards import BEATERS, RANK_MASKS, SUIT_MASKS, popcount, rank_of
from ...engine.errors import DurakError, KernelUnsupported
from ...engine.kernel.core import greedy, greedy_key, kernel_move
from ...engine.moves import ATTACK, COVER, PASS, SHOW, TAKE, Move
from ...engine.view import PlayerView
from ..sampling import sample_world
from ..solver import position_of_view

__all__ = ["Arrivals", "Reading", "greedy_facts"]

_CARDS = tuple(range(54))


def _cheaper(cards: int, key: int, trump: int) -> int:
    """The cards of ``cards`` the greedy policy ranks below ``key`` (cheaper to give away)."""
    out = 0
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if greedy_key(c, trump) < key:
            out |= low
    return out


def _table_ranks(view: PlayerView) -> int:
    """The mask of every card of a rank on the table (R12)."""
    ranks = 0
    for a, c, _, _ in view.table:
        ranks |= RANK_MASKS[rank_of(a)]
        if c >= 0:
            ranks |= RANK_MASKS[rank_of(c)]
    return ranks


def greedy_facts(view: PlayerView, move: Move) -> int:
    """The cards a player following the greedy policy did not hold when it made ``move`` (0: the
    move says nothing), read from ``view``, another seat's view just before the move.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> from durak_lab.engine.cards import CardSet
    >>> p = Position.deal(Rules(players=2), seed=1)          # trump ♠; P2 sees its own hand:
    >>> p.view(1).hand
    CardSet('7♥ 8♥ A♥ 6♦ J♦ Q♣')
    >>> CardSet(greedy_facts(p.view(1), Move.parse("P1 attack 7♦")))   # a lead: nothing cheaper
    CardSet('6♥ 6♣')
    """
    trump = view.trump
    if move.seat == view.seat or view.rules.pushing:
        return 0
    unseen = view.rules.all_cards & ~view.hand_mask & ~view.table_cards() & ~view.discard
    if view.talon_size and view.trump_card is not None and view.trump_card_holder is None:
        unseen &= ~(1 << view.trump_card)  # face up under the talon (R7)
    uncovered = [a for a, c, _, _ in view.table if c < 0]
    if move.kind == TAKE:
        beat = 0
        for a in uncovered:
            beat |= BEATERS[trump][a]
        return beat & unseen
    if move.kind == COVER:
        beat = 0
        for a in uncovered:
            beat |= BEATERS[trump][a]
        return _cheaper(beat & unseen, greedy_key(move.cards[0], trump), trump)
    if move.kind == ATTACK and len(move.cards) == 1:
        if not view.table:
            return _cheaper(unseen, greedy_key(move.cards[0], trump), trump)
        allowed = _table_ranks(view)
        if view.talon_size:
            allowed &= ~SUIT_MASKS[trump]
        return _cheaper(allowed & unseen, greedy_key(move.cards[0], trump), trump)
    if move.kind == PASS and view.table and move.seat != view.defender:
        try:
            room = sample_world(view, random.Random(0)).room()
        except DurakError:
            return 0
        if room <= 0 or view.hand_sizes[view.defender] == 0:
            return 0
        allowed = _table_ranks(view)
        if view.talon_size:
            allowed &= ~SUIT_MASKS[trump]
        return allowed & unseen
    return 0


def _drawn(before: PlayerView, move: Move, after: PlayerView, seat: int) -> int:
    """How many cards ``seat`` drew from the talon (R19) between two views of one seat, ``move``
    made in between: the change of its hand, less the cards it laid and picked up (R18)."""
    laid = len(move.cards) if move.seat == seat and move.kind != SHOW else 0
    picked = 0
    if seat == before.defender and (before.taking or move.kind == TAKE) and not after.table:
        on_table = 2 * len(before.table) - sum(1 for _, c, _, _ in before.table if c < 0)
        picked = on_table + (len(move.cards) if move.kind == ATTACK else 0)
    return max(0, after.hand_sizes[seat] - before.hand_sizes[seat] + laid - picked)


def _breaks(facts: list, laid: list, arrivals: list) -> bool:
    """Whether a seat laid a card its facts said it did not hold, with no draw in between: then it
    does not play the greedy way, and its facts are not read at all."""
    for c, j in laid:
        last = max((i for i, f in facts if i < j and f >> c & 1), default=None)
        if last is not None and not any(last <= t < j for t in arrivals):
            return True
    return False


class Arrivals(NamedTuple):
    """How one seat's hidden cards may be dealt (:meth:`Reading.plan`).

    ``times``: when each card it got without showing it came (-1 at the deal, ``i`` after the
    ``i``-th move read, counted from 0); ``barred``: per arrival time, the cards the facts read
    since rule out for a card that came then; ``hidden``: how many cards of its hand nobody else
    can name now; ``free``: per arrival time, the number of unseen cards not barred then;
    ``groups``: the distinct times, earliest first, with how many cards came at each; ``ways``:
    ``ways[j][i]``, the number of ways to deal the rest of the hidden cards into the groups from
    ``j`` on, ``i`` of them dealt into the earlier groups (see :meth:`Reading.bars`); ``odds``:
    ``odds[j][i]``, the same split by how many of them came at group ``j`` (0, 1, …), added up
    one after another (the last is ``ways[j][i]``).
    """

    times: list
    barred: dict
    hidden: int
    free: dict
    groups: tuple
    ways: tuple
    odds: tuple


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1), 0 once a factor is 0 or less."""
    out = 1
    for m in range(k):
        if n - m <= 0:
            return 0
        out *= n - m
    return out


def _arrivals(times: list, barred: dict, hidden: int, free: dict) -> Arrivals:
    """An :class:`Arrivals` with its table of ways worked out (from the latest group back)."""
    groups = tuple(sorted(Counter(times).items()))
    ways = [[0] * (hidden + 1) for _ in range(len(groups) + 1)]
    ways[-1][hidden] = 1
    odds: list = [None] * len(groups)
    for j in range(len(groups) - 1, -1, -1):
        t, n = groups[j]
        row = []
        for i in range(hidden + 1):
            # c of its hidden cards came at time t: which c of the n (comb), and which cards
            # (free[t] not barred, i dealt already, each dealt one allowed for the later ones)
            cum = list(accumulate(comb(n, c) * _falling(free[t] - i, c) * ways[j + 1][i + c]
                                  for c in range(min(n, hidden - i) + 1)))
            row.append(cum)
            ways[j][i] = cum[-1]
        odds[j] = tuple(row)
    return Arrivals(times, barred, hidden, free, groups, tuple(tuple(w) for w in ways), tuple(odds))


def _greedy_move(view: PlayerView) -> Optional[Move]:
    """The greedy policy's move in ``view`` (the kernel's :func:`~durak_lab.engine.kernel.core.greedy`,
    the greedy bot's), or None for rules the kernel does not play."""
    legal = view.legal
    try:
        codes = [kernel_move(m) for m in legal]
    except KernelUnsupported:
        return None
    return legal[codes.index(greedy(codes, view.trump, bool(view.talon_size), None))]


class Reading:
    """The facts a seat has read from the other seats' moves (see the module's text).

    ``facts``: ``(seat, cards it did not hold, talon size then)`` for every telling move.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.facts: list = []
        self.steps: list = []  # every (view, move, cards it did not hold) read, in order

    @classmethod
    def of(cls, history: Sequence, seat: int) -> "Reading":
        """The reading of a history: ``(view before the move, move)`` pairs, the views ``seat``'s."""
        r = cls(seat)
        for view, move in history:
            r.add(view, move)
        return r

    def only(self, seats) -> "Reading":
        """This reading with the facts of ``seats`` alone (the moves of the others read as saying
        nothing): for a bot that trusts the greedy reading of some players and not of others.

        >>> r = Reading(0); r.facts = [(1, 6, 10), (2, 1, 10)]
        >>> r.only({2}).facts
        [(2, 1, 10)]
        """
        out = Reading(self.seat)
        out.steps = [(v, m, c if m.seat in seats else 0) for v, m, c in self.steps]
        out.facts = [f for f in self.facts if f[0] in seats]
        return out

    def add(self, view: PlayerView, move: Move) -> None:
        """Read one move, ``view`` being this seat's view just before it."""
        cards = greedy_facts(view, move)
        self.steps.append((view, move, cards))
        if cards:
            self.facts.append((move.seat, cards, view.talon_size))

    def plan(self, view: PlayerView) -> tuple:
        """For each seat, how its hidden cards may be dealt now (``view``: this seat's view after the
        last move read): None (nothing read, or its own seat), or its :class:`Arrivals`: when
        each card it got without showing it came (the deal, then each of its draws, seen in the
        views: the hand sizes, the cards laid and picked up), and the cards the facts read since
        rule out for each.  A seat that laid a card its facts said it did not hold, with no draw
        in between, is not read (None): it does not play the greedy way.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> from durak_lab.engine.cards import CardSet
        >>> p = Position.start(Rules(players=2), ["7♦ 9♠", "8♦ 6♥ K♠"], trump="♥", discard="rest",
        ...                    talon=["A♣", "10♥"], trump_card="10♥", attacker=0, first_bout=False)
        >>> lead = Move.parse("P1 attack 9♠")
        >>> q = p.play(lead).play(Move.parse("P2 take"))
        >>> r = Reading.of([(p.view(0), lead), (p.play(lead).view(0), Move.parse("P2 take"))], seat=0)
        >>> a = r.plan(q.view(0))[1]
        >>> a.times, str(CardSet(a.barred[-1])), a.hidden, a.free   # P2 took: read as no spade above 9, no trump
        ([-1, -1, -1], 'K♠ 6♥', 3, {-1: 1})
        """
        n = view.rules.players
        out: list = [None] * n
        if not self.facts:
            return tuple(out)
        views = [v for v, _, _ in self.steps] + [view]
        unseen = view.unseen_mask()
        for s in range(n):
            if s == self.seat or not any(seat == s for seat, _, _ in self.facts):
                continue
            arrivals, facts, laid = self._story(views, s)
            hidden = view.hand_sizes[s] - popcount(view.known[s])
            if not facts or hidden <= 0 or len(arrivals) < hidden or _breaks(facts, laid, arrivals):
                continue
            barred, free = {}, {}
            for t in set(arrivals):
                bar = 0
                for i, f in facts:
                    if i > t:  # a fact read while the card was held
                        bar |= f
                barred[t] = bar
                free[t] = popcount(unseen & ~bar)
            out[s] = _arrivals(arrivals, barred, hidden, free)
        return tuple(out)

    def _story(self, views: list, s: int) -> tuple:
        """``(arrivals, facts, laid)`` of seat ``s`` over the moves read (``views``: this seat's view
        before each, then the view now): when each card it got without showing it came (-1 at
        the deal, ``i`` after the ``i``-th move), its facts as ``(i, cards)``, and the cards it
        laid that nobody knew it held, as ``(card, i)``."""
        first = views[0]
        arrivals = [-1] * (first.hand_sizes[s] - popcount(first.known[s]))
        facts = []
        laid = []
        for i, (v, m, f) in enumerate(self.steps):
            if m.seat == s:
                if f:
                    facts.append((i, f))
                if m.kind != SHOW:
                    laid += [(c, i) for c in m.cards if not v.known[s] >> c & 1]
            arrivals += [i] * _drawn(v, m, views[i + 1], s)
        return arrivals, facts, laid

    def follows(self, view: PlayerView, seat: int) -> bool:
        """Whether ``seat`` has played the greedy way, as far as this seat can tell (``view``: its
        view after the last move read): it laid no card its facts ruled out with no draw in
        between, and while nothing was hidden (two players, the talon empty: R19, R28) each of
        its moves was the greedy bot's.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules.preset("podkidnoy", players=2), ["7♦ 9♠", "8♦ 6♥ K♠"],
        ...                    trump="♥", discard="rest", attacker=0, first_bout=False)
        >>> lead = Move.parse("P1 attack 9♠")
        >>> q = p.play(lead)
        >>> [Reading.of([(p.view(0), lead), (q.view(0), Move.parse(t))], 0).follows(q.play(t).view(0), 1)
        ...  for t in ("P2 cover 9♠ with K♠", "P2 cover 9♠ with 6♥", "P2 take")]   # greedy: K♠
        [True, False, False]
        """
        if seat == self.seat or not self.steps:
            return True
        views = [v for v, _, _ in self.steps] + [view]
        arrivals, facts, laid = self._story(views, seat)
        if facts and _breaks(facts, laid, arrivals):
            return False
        for v, m, _ in self.steps:
            if m.seat == seat and v.rules.players == 2 and not v.talon_size and not v.result:
                if _greedy_move(position_of_view(v).view(seat)) not in (None, m):
                    return False
        return True

    @staticmethod
    def bars(plan: tuple, rng: random.Random) -> tuple:
        """For one world: per seat, the cards barred from each of its hidden cards, the most barred
        first (0 for a seat without a plan); what :func:`~durak_lab.analysis.sampling.iter_worlds`
        takes as ``exclude``.

        Which of its arrivals (:meth:`plan`) a seat still holds is not known.  Each choice is as
        likely as the number of ways to deal its hidden cards into them (a choice of old
        arrivals, barred from many cards, has fewer): with the table of
        :class:`Arrivals`, group by group, how many of its cards came at each time.  (The
        cards it laid are left out of this count: they too came at some of the arrivals.)
        A plan no deal keeps gives its times at random (the dealer then finds no world).

        >>> a = _arrivals([-1, -1, 3], {-1: 6, 3: 0}, 2, {-1: 3, 3: 5})
        >>> a.ways[0][0]                     # 1 * 3*2 ways at the deal, or 2 * 3 * 4 ways with one at 3
        30
        >>> from collections import Counter
        >>> rng = random.Random(0)
        >>> sorted(Counter(Reading.bars((None, a), rng)[1] for _ in range(3000)).items())   # 24 : 6
        [((6, 0), 2381), ((6, 6), 619)]
        """
        out: list = []
        for a in plan:
            if a is None:
                out.append(0)
                continue
            if not a.ways[0][0]:
                out.append(tuple(a.barred[t] for t in sorted(rng.sample(a.times, a.hidden))))
                continue
            bars: list = []
            i = 0
            for j, (t, _) in enumerate(a.groups):
                cum = a.odds[j][i]
                total = cum[-1] + 0.0
                # rng.choices(range(len(cum)), cum_weights=cum)[0], the same draw without its overhead
                c = bisect_right(cum, rng.random() * total, 0, len(cum) - 1) if total > 0 else \
                    rng.choices(range(len(cum)), cum_weights=cum)[0]
                if c:
                    bars += [a.barred[t]] * c
                    i += c
            out.append(tuple(bars))
        return tuple(out)

    def misfit(self, hands: Sequence[int], talon_size: int, known: Optional[Sequence[int]] = None) -> int:
        """How many cards of ``hands`` (one mask per seat, as a world deals them now) break the facts:
        for each fact, the cards of that seat's hand it excludes, beyond the number of cards drawn
        since (and not counting cards everyone knows the seat holds, ``known``)."""
        total = 0
        for seat, cards, talon_then in self.facts:
            held = hands[seat] & cards
            if known is not None:
                held &= ~known[seat]
            if held:
                over = popcount(held) - (talon_then - talon_size)
                if over > 0:
                    total += over
        return total
