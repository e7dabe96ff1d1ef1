"""Checking a move: why a move is illegal, with the reason and a sentence for a learner.

:class:`MoveChecks` is a base class of :class:`~durak_lab.engine.state.Position`:
:meth:`MoveChecks.why_illegal` returns None for a legal move (free protocol), else
the :class:`~durak_lab.engine.errors.IllegalMoveError` that names the
:class:`~durak_lab.engine.errors.Reason` and the rule broken.

Standard library only.
"""

from __future__ import annotations

from typing import Optional, Union

from ._constants import _HL_START, _TAKE_NONE, _THROW_NEIGH, _THROW_NONE, _THROW_TURNS
from .cards import (BEATERS, RANK_MASKS, SUIT_NAMES, SUIT_SYMBOLS, Card, CardSet, cards_of, popcount, rank_of,
                    rank_text, suit_of)
from .errors import IllegalMoveError, Reason
from .moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from .rules import TrumpSwap

__all__ = ["MoveChecks"]


class MoveChecks:
    """The legality check of a move and its reason texts; a base class of Position."""

    __slots__ = ()

    def why_illegal(self, move: Union[Move, str]) -> Optional[IllegalMoveError]:
        """None if ``move`` is legal (free protocol), else the error saying why.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> p = p.play("P1 attack 7♦")
        >>> print(p.why_illegal("P2 cover 7♦ with 8♠").message)
        8♠ does not beat 7♦: cover with a higher diamond or a trump (♥)
        """
        if isinstance(move, str):
            move = Move.parse(move, self.players)
        try:
            self._check(move)
        except IllegalMoveError as err:
            return err
        return None

    def is_legal(self, move: Union[Move, str]) -> bool:
        """Is ``move`` legal now (free protocol)?"""
        return self.why_illegal(move) is None

    def _fail(self, reason: Reason, msg: str, move: Move) -> IllegalMoveError:
        return IllegalMoveError(reason, msg, move)

    def _check(self, m: Move) -> None:
        r = self.rules
        F = self._fail
        if not isinstance(m, Move):
            raise TypeError(f"{m!r} is not a Move")
        if self.result is not None:
            raise F(Reason.GAME_OVER, "the game is over", m)
        s = m.seat
        who = seat_text(s) if 0 <= s < self.players else f"P{s + 1}"
        if not 0 <= s < self.players:
            raise F(Reason.NO_SUCH_SEAT, f"there is no seat {who} in a {self.players}-player game", m)
        hand = self.hands[s]
        kind = m.kind
        cards = m.cards
        cm = 0
        for c in cards:
            if cm >> c & 1:
                raise F(Reason.DUPLICATE_CARD, f"{Card(c)} is named twice", m)
            cm |= 1 << c
        if kind != SHOW and cm & ~hand:
            raise F(Reason.NOT_IN_HAND, f"{who} does not hold {CardSet(cm & ~hand)}", m)
        if kind == SWAP:
            if r.trump_swap is TrumpSwap.OFF:
                raise F(Reason.SWAP_OFF, "these rules have no trump-card swap (R6)", m)
            six = self.trump * 13 + r.lowest_rank - 2
            if not self.swap_open:
                raise F(Reason.SWAP_NOT_NOW, "the trump card can be swapped only before the first lead "
                        "(R6)", m)
            if len(cards) != 1 or cards[0] != six:
                raise F(Reason.SWAP_NOT_NOW, f"only the lowest trump, {Card(six)}, can be swapped for "
                        f"the trump card {Card(self.trump_card)} (R6)", m)
            return
        if kind == PASS and self.swap_open and s == self.swap_holder() and not self.table:
            return
        table = self.table
        d = self.defender
        if kind == ATTACK:
            if not cards:
                raise F(Reason.NOT_IN_HAND, "an attack needs a card", m)
            if s == d:
                raise F(Reason.DEFENDER_CANNOT_ATTACK, f"{who} is the defender and cannot attack", m)
            ranks = {rank_of(c) for c in cards}
            if len(ranks) > 1:
                raise F(Reason.MIXED_RANKS, "several cards in one attack must all have one rank (R10)", m)
            k = len(cards)
            if r.lead is not None and k > r.lead:
                if r.lead == 1:
                    raise F(Reason.TOO_MANY_LEAD_CARDS, "these rules allow one card at a time (R10)", m)
                raise F(Reason.TOO_MANY_LEAD_CARDS, f"these rules allow at most {r.lead} cards at once "
                        "(R10)", m)
            if not table:
                if s != self.leader:
                    raise F(Reason.NOT_LEADER, f"{seat_text(self.leader)} leads this bout, not {who}", m)
            else:
                if r.throw_in is _THROW_NONE:
                    raise F(Reason.NO_THROW_IN, "in these rules nobody throws in: the lead is the whole "
                            "attack (R12)", m)
                if self.taking and r.after_take is _TAKE_NONE:
                    raise F(Reason.NO_THROW_IN_AFTER_TAKE, "once the defender takes, nothing more may be "
                            "added (R18)", m)
                if s not in self.attackers():
                    if r.teams and self._team(s) == self._team(d):
                        raise F(Reason.NOT_AN_ATTACKER, f"{who} may not throw in against their own "
                                f"partner {seat_text(d)} (R26)", m)
                    if r.throw_in is _THROW_NEIGH:
                        raise F(Reason.NOT_AN_ATTACKER, f"only the defender's neighbours may throw in, "
                                f"and {who} is not one (R12)", m)
                    raise F(Reason.NOT_AN_ATTACKER, f"{who} is not attacking in this bout", m)
                rank = ranks.pop()
                if not RANK_MASKS[rank] & self.table_cards():
                    on = sorted({rank_of(c) for c in cards_of(self.table_cards())})
                    raise F(Reason.RANK_NOT_ON_TABLE, f"no {rank_text(rank)} is on the table: throw in "
                            f"only ranks already there ({', '.join(rank_text(x) for x in on)}) (R12)", m)
                if r.throw_in is _THROW_TURNS:
                    t = self._turns_thrower()
                    if t != s:
                        raise F(Reason.NOT_ATTACKERS_TURN, f"attack by turns: {seat_text(t)} throws in now, "
                                f"{who} waits until they stop (R12)" if t is not None else
                                "attack by turns: nobody may throw in now (R12)", m)
                if self.passed >> s & 1:
                    raise F(Reason.ALREADY_PASSED, f"{who} has passed: a pass holds until the next card "
                            "is played", m)
            room = self.room()
            if k > room:
                self._limit_error(m, k, room)
            return
        if kind == COVER:
            if s != d and not (r.partner_covers and s in self._defending_seats()):
                raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} covers"
                        + (" (and their partner, R26)" if r.partner_covers else ""), m)
            if not table:
                raise F(Reason.NOTHING_TO_COVER, "there is nothing on the table to cover", m)
            if self.taking:
                raise F(Reason.ALREADY_TAKING, f"{seat_text(d)} has decided to take and covers no more (R15)",
                        m)
            a = m.target
            entry = next((e for e in table if e[0] == a), None)
            if entry is None:
                raise F(Reason.NOT_ON_TABLE, f"{a} is not an attack card on the table", m)
            if entry[1] >= 0:
                raise F(Reason.ALREADY_COVERED, f"{a} is already covered by {Card(entry[1])}", m)
            if len(cards) != 1:
                raise F(Reason.NOT_IN_HAND, "a cover is one card", m)
            c = cards[0]
            if not BEATERS[self.trump][a] >> c & 1:
                raise F(Reason.DOES_NOT_BEAT, self._no_beat_text(c, a), m)
            return
        if kind == TAKE:
            if s != d:
                raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} takes", m)
            if self.taking:
                raise F(Reason.ALREADY_TAKING, f"{who} is already taking", m)
            if not any(c < 0 for _, c, _, _ in table):
                raise F(Reason.NOTHING_TO_TAKE, "there is no uncovered card: nothing to take", m)
            return
        if kind in (TRANSFER, SHOW):
            if kind == TRANSFER and not r.transfer:
                raise F(Reason.TRANSFER_OFF, "these rules have no transfer (perevodnoy, R20)", m)
            if kind == SHOW and not r.transfer_by_show:
                raise F(Reason.SHOW_OFF, "these rules have no transfer by showing a trump (R24)", m)
            if s != d:
                raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} can pass the attack on", m)
            if not table:
                raise F(Reason.NOTHING_TO_COVER, "there is no attack to pass on", m)
            if self.taking:
                raise F(Reason.ALREADY_TAKING, f"{who} has decided to take", m)
            if any(c >= 0 for _, c, _, _ in table):
                raise F(Reason.TRANSFER_AFTER_COVER, "once a card is covered the attack can no longer be "
                        "passed on (R21)", m)
            ranks = {rank_of(a) for a, _, _, _ in table}
            rank = next(iter(ranks))
            if len(ranks) != 1 or any(rank_of(c) != rank for c in cards) or not cards:
                raise F(Reason.TRANSFER_RANK, f"to pass the attack on, lay a card of the attack rank "
                        f"({rank_text(rank)}) (R20)", m)
            k = len(cards) if kind == TRANSFER else 0
            if kind == TRANSFER and r.lead is not None and k > r.lead:
                raise F(Reason.TOO_MANY_LEAD_CARDS, f"at most {r.lead} card(s) at once (R10, R20)", m)
            if kind == SHOW:
                c = cards[0]
                if len(cards) != 1 or suit_of(c) != self.trump:
                    raise F(Reason.SHOW_NOT_TRUMP, f"only a trump ({SUIT_SYMBOLS[self.trump]}) of the attack "
                            f"rank can be shown to pass the attack on (R24)", m)
                if not hand >> c & 1:
                    raise F(Reason.NOT_IN_HAND, f"{who} does not hold {Card(c)}", m)
                if self.shown_used >> c & 1:
                    raise F(Reason.SHOW_USED, f"{Card(c)} has already been shown once this game; now it "
                            "passes the attack on only by being played (R24)", m)
            nxt = self._next_opponent(s)
            n_att = len(table) + k
            if nxt is None or popcount(self.hands[nxt]) < n_att:
                held = popcount(self.hands[nxt]) if nxt is not None else 0
                raise F(Reason.TRANSFER_NEXT_TOO_FEW, f"{seat_text(nxt) if nxt is not None else 'nobody'} "
                        f"holds {held} card(s), fewer than the {n_att} attack cards (R22)", m)
            if n_att > self._cap():
                raise F(Reason.BOUT_LIMIT, f"the bout would have {n_att} attack cards, more than the limit "
                        f"of {self._cap()} (R13, R14)", m)
            return
        if kind == PASS:
            if not table:
                raise F(Reason.CANNOT_PASS, f"{seat_text(self.leader)} must lead a card: the bout has not "
                        "begun", m)
            if self.passed >> s & 1:
                raise F(Reason.ALREADY_PASSED, f"{who} has already passed since the last card", m)
            if s == d or (r.partner_covers and s in self._defending_seats()):
                if not r.partner_covers or self.taking or not any(c < 0 for _, c, _, _ in table):
                    raise F(Reason.CANNOT_PASS, f"the defender {who} covers, transfers or takes; "
                            "passing is for attackers", m)
                if s == d and not any(not self.passed >> p & 1 and self._covers_any(p)
                                      for p in self._defending_seats()[1:]):
                    raise F(Reason.CANNOT_PASS, f"{who}'s partner cannot cover: cover or take", m)
                return
            if self.taking and r.after_take is _TAKE_NONE:
                raise F(Reason.CANNOT_PASS, "the defender is picking up", m)
            if s not in self.attackers():
                raise F(Reason.NOT_AN_ATTACKER, f"{who} is not attacking in this bout", m)
            if r.throw_in is _THROW_TURNS and self._turns_thrower() != s:
                raise F(Reason.NOT_ATTACKERS_TURN, "attack by turns: it is not your turn to throw in (R12)",
                        m)
            return
        raise F(Reason.NOT_IN_HAND, f"unknown move kind {kind!r}", m)

    def _limit_error(self, m: Move, k: int, room: int) -> None:
        r = self.rules
        n_att = len(self.table)
        cap = self._cap()
        if n_att + k > cap:
            first = " in the first bout (R14)" if self.first_limit and cap == r.first_bout_limit else " (R13)"
            raise IllegalMoveError(Reason.BOUT_LIMIT, f"at most {cap} attack cards in a bout{first}; "
                                   f"{n_att} already on the table", m)
        if r.hand_limit is _HL_START:
            raise IllegalMoveError(Reason.DEFENDER_HAND_LIMIT, f"the attack may not exceed the "
                                   f"{self.start_hand} cards the defender held when the bout began (R13)", m)
        d = self.defender
        raise IllegalMoveError(Reason.DEFENDER_HAND_LIMIT, f"{seat_text(d)} holds "
                               f"{popcount(self.hands[d])} card(s): uncovered attack cards may not "
                               "outnumber them (R13)", m)

    def _no_beat_text(self, c: int, a: int) -> str:
        t = self.trump
        ts = SUIT_SYMBOLS[t]
        if suit_of(a) == t:
            return f"{Card(c)} does not beat {Card(a)}: a trump is covered only by a higher trump (R11)"
        suit_word = SUIT_NAMES[suit_of(a)][:-1]
        return f"{Card(c)} does not beat {Card(a)}: cover with a higher {suit_word} or a trump ({ts})"
