"""Move generation: the legal moves of a position.

:class:`MoveGeneration` is a base class of :class:`~durak_lab.engine.state.Position`:
:meth:`MoveGeneration.legal_moves` lists every seat's legal moves (the free
protocol), :meth:`MoveGeneration.sequential_moves` those of the one seat that acts
now.  The moves most often listed (one attack card, a pass, a take, a cover) are
shared values built once.

Standard library only.
"""

from __future__ import annotations

from itertools import combinations
from typing import Optional

from ._constants import _CHOOSE_OFF, _TAKE_NONE, _THROW_TURNS, BIG
from ..cards import BEATERS, CARDS, RANK_MASKS, Card, cards_of, popcount, rank_of
from ..moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from .seats import SeatQueries

__all__ = ["MoveGeneration"]

#: Shared move values: one attack move per seat and card, one pass and one take per seat.
_ATTACK1 = tuple(tuple(Move(ATTACK, s, (CARDS[c],)) for c in range(54)) for s in range(8))
_PASS = tuple(Move(PASS, s) for s in range(8))
_TAKE = tuple(Move(TAKE, s) for s in range(8))
_COVERS: dict[int, Move] = {}


class MoveGeneration(SeatQueries):
    """The legal moves under the free and the sequential protocol; a base class of Position."""

    __slots__ = ()

    def legal_moves(self, seat: Optional[int] = None) -> list[Move]:
        """Every legal move under the free protocol, or only ``seat``'s.

        In attack by turns (R12) the attacker whose turn it is throws in or passes,
        and every attacker whose turn came earlier may cut in with a card at any time.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["7♦ 7♣", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> [str(m) for m in p.legal_moves()]
        ['P1 attack 7♦', 'P1 attack 7♣']
        """
        if self.result is not None:
            return []
        seats = range(self.players) if seat is None else (seat,)
        out: list[Move] = []
        for s in seats:
            self._moves_of(s, out)
        return out

    def sequential_moves(self) -> list[Move]:
        """The legal moves of :meth:`to_act`, the sequential protocol.

        In attack by turns (R12) the attacker whose turn it is is asked after every
        cover, and an earlier attacker's right to cut in is offered each time a turn
        ends (see :mod:`~durak_lab.engine.state`): when the current attacker passes,
        the earlier ones are asked in order, leader first, before the next one begins.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.deal(Rules(players=2), seed=3)
        >>> all(m.seat == p.to_act() for m in p.sequential_moves())
        True
        """
        s = self.to_act()
        if s is None:
            return []
        out: list[Move] = []
        self._moves_of(s, out)
        return out

    def _moves_of(self, s: int, out: list[Move]) -> None:
        r = self.rules
        hand = self.hands[s]
        if self.swap_open and s == self.swap_holder():
            out.append(Move(SWAP, s, (CARDS[self.trump * 13 + r.swap_rank - 2],)))
            out.append(_PASS[s])
        table = self.table
        d = self.defender
        can_pass = True
        if not table:  # the lead (R10)
            if s != self.leader or not hand:
                return
            cards = hand
        elif s == d or (r.partner_covers and s in self._defending_seats()):
            if self.taking:
                return
            if r.forced_take and s == d and self.must_take():
                out.append(_TAKE[s])  # doker: three sixes, or a 3, a 5 and a 9, force the take (R15)
                return
            beat = BEATERS[self.trump]
            cache = _COVERS
            unc = False
            for a, c, _, _ in table:
                if c >= 0:
                    continue
                unc = True
                m = hand & beat[a]
                while m:
                    low = m & -m
                    key = (s * 54 + a) * 54 + low.bit_length() - 1
                    mv = cache.get(key)
                    if mv is None:
                        mv = cache[key] = Move(COVER, s, (CARDS[low.bit_length() - 1],), CARDS[a])
                    out.append(mv)
                    m ^= low
            if not unc:
                return
            if s == d:
                if r.transfer:
                    self._transfers(s, out)
                out.append(_TAKE[s])
                if r.choose is not _CHOOSE_OFF:
                    self._choices(s, out)
                if r.pushing:  # pushing durak: send back a card that breaks R12 (public: the table alone)
                    for c in self.pushed_cards():
                        out.append(Move(CHALLENGE, s, (c,)))
                if r.partner_covers and not self.passed >> s & 1:
                    # offered whenever a partner still in the bout holds cards, whether or not he can
                    # cover: offering it only then would show the partner's hand (R3, R26)
                    hands = self.hands
                    if any(not self.passed >> p & 1 and hands[p] for p in self._defending_seats()[1:]):
                        out.append(_PASS[s])
            elif not self.passed >> s & 1:
                out.append(_PASS[s])
            return
        else:  # a throw-in (R12)
            if r.throw_in is _THROW_TURNS:
                # attack by turns: the attacker whose turn it is, and any earlier one cutting in (who may
                # pass only if he has not let the play go on since the last turn ended)
                if self.taking and r.after_take is _TAKE_NONE:
                    return
                if s not in self.attackers() or self.room() <= 0 or not self._turns_may_throw(s):
                    return
                can_pass = not self.passed >> s & 1
            else:
                if self.passed >> s & 1:
                    return
                if self.taking and r.after_take is _TAKE_NONE:
                    return
                if s not in self.attackers():
                    return
            cards = hand & self._table_ranks()
        lead = r.lead
        k_max = self.room()
        if lead is not None and lead < k_max:
            k_max = lead
        if k_max == 1:  # the common case, inline: single cards
            row = _ATTACK1[s]
            m = cards
            while m:
                low = m & -m
                out.append(row[low.bit_length() - 1])
                m ^= low
        elif k_max > 0:
            self._attack_sets(s, cards, k_max, out)
        if table and can_pass:
            out.append(_PASS[s])

    def _choices(self, s: int, out: list[Move]) -> None:
        """The defender's choices of the uncovered cards he beats, the others going back (R13)."""
        keep = self.choice_keep()
        if not keep:
            return
        unc = sorted(CARDS[a] for a, c, _, _ in self.table if c < 0)
        for combo in combinations(unc, keep):
            out.append(Move(CHOOSE, s, combo))

    @staticmethod
    def _attack_sets(s: int, cards: int, k_max: int, out: list[Move]) -> None:
        """Attacks of 1 to ``k_max`` (at least 2) cards of one rank from ``cards`` (R10); single
        cards alone are listed inline by :meth:`_moves_of`."""
        mine = []
        for rank in range(2, 17):  # 15, 16: the jokers (doker), each a rank of its own
            group = cards_of(cards & RANK_MASKS[rank])
            for k in range(1, min(k_max, len(group)) + 1):
                for combo in combinations(group, k):
                    mine.append(Move(ATTACK, s, combo))
        mine.sort(key=lambda m: m.cards)
        out.extend(mine)

    def _transfers(self, s: int, out: list[Move]) -> None:
        r = self.rules
        if not r.transfer or any(c >= 0 for _, c, _, _ in self.table):
            return
        ranks = {rank_of(a) for a, _, _, _ in self.table}
        if len(ranks) != 1:
            return
        rank = ranks.pop()
        if rank > 14:  # a joker has no rank: nothing transfers it (doker)
            return
        nxt = self._next_opponent(s)
        if nxt is None:
            return
        n_att = len(self.table)
        k_max = min(self._cap() - n_att, popcount(self.hands[nxt]) - n_att,
                    r.lead if r.lead is not None else BIG)
        group = cards_of(self.hands[s] & RANK_MASKS[rank])
        for k in range(1, min(k_max, len(group)) + 1):
            for combo in combinations(group, k):
                out.append(Move(TRANSFER, s, combo))
        if r.transfer_by_show and popcount(self.hands[nxt]) >= n_att:
            c = self.trump * 13 + rank - 2
            if self.hands[s] >> c & 1 and not self.shown_used >> c & 1:
                out.append(Move(SHOW, s, (Card(c),)))
