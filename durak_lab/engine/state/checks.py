"""Checking a move: why a move is illegal, with the reason and a sentence for a learner.

:class:`MoveChecks` is a base class of :class:`~durak_lab.engine.state.Position`:
:meth:`MoveChecks.why_illegal` returns None for a legal move (free protocol), else
the :class:`~durak_lab.engine.errors.IllegalMoveError` that names the
:class:`~durak_lab.engine.errors.Reason` and the rule broken.  The checks every
move shares are in :meth:`MoveChecks._check`; then one method per move kind
(``_check_attack``, ``_check_cover`` …), found in :data:`KIND_CHECKS`, states its
rule in its docstring and cites the rule ids.

Standard library only.
"""

from __future__ import annotations

from typing import Callable, Optional, Union

from ._constants import _HL_START, _TAKE_NONE, _THROW_NEIGH, _THROW_NONE, _THROW_TURNS
from ._constants import _CHOOSE_LIMIT, _CHOOSE_OFF
from ..cards import (BEATERS, RANK_MASKS, SUIT_NAMES, SUIT_SYMBOLS, Card, CardSet, cards_of, popcount, rank_of,
                    rank_text, suit_of)
from ..errors import CardError, IllegalMoveError, Reason
from ..moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from ..rules import TrumpSwap
from .seats import SeatQueries

__all__ = ["MoveChecks", "KIND_CHECKS"]

#: The kinds whose cards the shared checks do not look for in the mover's hand: a show looks for its
#: trump itself, after the checks of R24; a choice and a challenge name cards on the table (R13, R31).
_NOT_FROM_HAND = (SHOW, CHOOSE, CHALLENGE)


class MoveChecks(SeatQueries):
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

    def _fail(self, reason: Reason, msg: str, move: Move, **facts: object) -> IllegalMoveError:
        """The error for ``move``: the reason, the developer's sentence and the facts it states."""
        return IllegalMoveError(reason, msg, move, facts=facts)

    def _check(self, m: Move) -> None:
        """Raise the :class:`~durak_lab.engine.errors.IllegalMoveError` of ``m`` if it is illegal (free protocol).

        The checks every move shares come first, in this order: the game goes on (R28), the seat
        exists, no card is named twice, and the cards played are in the mover's hand (not for a show,
        whose check looks for its trump itself, nor for a choice or a challenge, whose cards lie on the
        table).  Then the check of the move's kind, one method per kind, looked up in :data:`KIND_CHECKS`.
        """
        F = self._fail
        if not isinstance(m, Move):
            raise TypeError(f"{m!r} is not a Move")
        if self.result is not None:
            raise F(Reason.GAME_OVER, "the game is over", m, losers=tuple(self.result))
        s = m.seat
        if not 0 <= s < self.players:
            raise F(Reason.NO_SUCH_SEAT, f"there is no seat {seat_text(s)} in a {self.players}-player game", m,
                    seat=s, players=self.players)
        kind = m.kind
        cm = 0
        for c in m.cards:
            if cm >> c & 1:
                raise F(Reason.DUPLICATE_CARD, f"{Card(c)} is named twice", m, card=Card(c))
            cm |= 1 << c
        if kind not in _NOT_FROM_HAND:
            hand = self.hands[s]
            if cm & ~hand:
                raise F(Reason.NOT_IN_HAND, f"{seat_text(s)} does not hold {CardSet(cm & ~hand)}", m, case="cards",
                        seat=s, cards=tuple(cards_of(cm & ~hand)))
        check = KIND_CHECKS.get(kind)
        if check is None:
            raise F(Reason.NOT_IN_HAND, f"unknown move kind {kind!r}", m, case="kind", seat=s)
        check(self, m)

    def _check_attack(self, m: Move) -> None:
        """An attack: the leader leads one card, or several of one rank where the rules allow (R10); then
        an attacker throws in cards of a rank already on the table (R12), if he may throw in (R12, R25,
        R26), not after a take unless the rules allow it (R18), within the room on the table (R13, R14)."""
        r = self.rules
        F = self._fail
        s = m.seat
        cards = m.cards
        table = self.table
        d = self.defender
        if not cards:
            raise F(Reason.NOT_IN_HAND, "an attack needs a card", m, case="no-card", seat=s)
        if s == d:
            raise F(Reason.DEFENDER_CANNOT_ATTACK, f"{seat_text(s)} is the defender and cannot attack", m, seat=s)
        ranks = {rank_of(c) for c in cards}
        if len(ranks) > 1:
            raise F(Reason.MIXED_RANKS, "several cards in one attack must all have one rank (R10)", m,
                    cards=tuple(Card(c) for c in cards), ranks=tuple(sorted(ranks)))
        k = len(cards)
        if r.lead is not None and k > r.lead:
            if r.lead == 1:
                raise F(Reason.TOO_MANY_LEAD_CARDS, "these rules allow one card at a time (R10)", m,
                        case="one", limit=1, count=k)
            raise F(Reason.TOO_MANY_LEAD_CARDS, f"these rules allow at most {r.lead} cards at once "
                    "(R10)", m, case="several", limit=r.lead, count=k)
        if not table:
            if s != self.leader:
                raise F(Reason.NOT_LEADER, f"{seat_text(self.leader)} leads this bout, not {seat_text(s)}", m,
                        seat=s, leader=self.leader)
        else:
            if r.throw_in is _THROW_NONE:
                raise F(Reason.NO_THROW_IN, "in these rules nobody throws in: the lead is the whole "
                        "attack (R12)", m, seat=s)
            if self.taking and r.after_take is _TAKE_NONE:
                raise F(Reason.NO_THROW_IN_AFTER_TAKE, "once the defender takes, nothing more may be "
                        "added (R18)", m, seat=s, defender=d)
            if s not in self.attackers():
                who = seat_text(s)
                if r.teams and self._team(s) == self._team(d):
                    raise F(Reason.NOT_AN_ATTACKER, f"{who} may not throw in against their own "
                            f"partner {seat_text(d)} (R26)", m, case="partner", seat=s, defender=d)
                if r.throw_in is _THROW_NEIGH:
                    raise F(Reason.NOT_AN_ATTACKER, f"only the defender's neighbours may throw in, "
                            f"and {who} is not one (R12)", m, case="neighbours", seat=s, defender=d)
                raise F(Reason.NOT_AN_ATTACKER, f"{who} is not attacking in this bout", m, case="throw",
                        seat=s)
            rank = ranks.pop()
            if not RANK_MASKS[rank] & self.table_cards() and not (r.pushing and not self.taking):
                on = sorted({rank_of(c) for c in cards_of(self.table_cards()) if c < 52})
                raise F(Reason.RANK_NOT_ON_TABLE, f"no {rank_text(rank)} is on the table: throw in "
                        f"only ranks already there ({', '.join(rank_text(x) for x in on)}) (R12)", m,
                        case="one" if k == 1 else "several", card=Card(cards[0]),
                        cards=tuple(Card(c) for c in cards), rank=rank, ranks=tuple(on))
            back = self.sent_back & ~self.standing_ranks()
            if back and not self.taking and any(back >> c & 1 for c in cards):
                # pushing durak: a card sent back comes again only by the rules, once its rank stands (R12, R31)
                c = next(c for c in cards if back >> c & 1)
                raise F(Reason.PUSH_SENT_BACK, f"{Card(c)} was sent back in this bout: it may be thrown in "
                        f"again only once a {rank_text(rank)} stands on the table (R12, R31)", m, seat=s,
                        card=Card(c), rank=rank)
            if r.throw_in is _THROW_TURNS:
                # the attacker whose turn it is throws in, or an earlier one cuts in (R12)
                if self.room() <= 0:
                    raise F(Reason.NOT_ATTACKERS_TURN, "attack by turns: nobody may throw in now (R12)", m,
                            case="nobody", seat=s)
                if not self._turns_may_throw(s):
                    t = self._turns_holder()
                    assert t is not None  # while every turn is over, every attacker may throw in
                    raise F(Reason.NOT_ATTACKERS_TURN, f"attack by turns: {seat_text(t)} throws in "
                            f"now, {seat_text(s)} waits until they stop (R12)", m, case="other", seat=s,
                            thrower=t)
            elif self.passed >> s & 1:
                if r.choose is not _CHOOSE_OFF and any(c < 0 for _, c, _, _ in table):
                    raise F(Reason.ALREADY_PASSED, f"{seat_text(s)} has passed, or the defender has chosen the "
                            "cards to beat: nobody adds a card until the next one is beaten (R13)", m,
                            case="throw-choose", seat=s)
                raise F(Reason.ALREADY_PASSED, f"{seat_text(s)} has passed: a pass holds until the next card "
                        "is played", m, case="throw", seat=s)
        room = self.room()
        if k > room:
            self._limit_error(m, k, room)

    def _check_cover(self, m: Move) -> None:
        """A cover: the defender (in the pairs game also his partner, R26) lays one card on an uncovered
        attack card: a higher card of its suit, or any trump on a card that is not trump; a trump only
        by a higher trump (R11).  Not once he has decided to take (R15)."""
        r = self.rules
        F = self._fail
        s = m.seat
        cards = m.cards
        table = self.table
        d = self.defender
        if s != d and not (r.partner_covers and s in self._defending_seats()):
            raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} covers"
                    + (" (and their partner, R26)" if r.partner_covers else ""), m,
                    case="cover-partner" if r.partner_covers else "cover", seat=s, defender=d)
        if not table:
            raise F(Reason.NOTHING_TO_COVER, "there is nothing on the table to cover", m, case="cover", seat=s)
        if self.taking:
            raise F(Reason.ALREADY_TAKING, f"{seat_text(d)} has decided to take and covers no more (R15)",
                    m, case="cover", seat=s, defender=d)
        if self.must_take():
            self._must_take_error(m)
        a = m.target
        if a is None:  # a cover names the attack card it covers: refused as Card(None) refuses it
            raise CardError(f"{a!r} is not a card id (0..51, jokers 52 and 53)")
        entry = next((e for e in table if e[0] == a), None)
        if entry is None:
            raise F(Reason.NOT_ON_TABLE, f"{a} is not an attack card on the table", m, card=Card(a))
        if entry[1] >= 0:
            raise F(Reason.ALREADY_COVERED, f"{a} is already covered by {Card(entry[1])}", m, card=Card(a),
                    cover=Card(entry[1]))
        if len(cards) != 1:
            raise F(Reason.NOT_IN_HAND, "a cover is one card", m, case="one-cover", seat=s, count=len(cards))
        c = cards[0]
        if not BEATERS[self.trump][a] >> c & 1:
            raise F(Reason.DOES_NOT_BEAT, self._no_beat_text(c, a), m,
                    case="joker" if a >= 52 else "trump" if suit_of(a) == self.trump else "plain",
                    card=Card(c), target=Card(a),
                    suit=suit_of(a), trump=self.trump)

    def _must_take_error(self, m: Move) -> None:
        """Doker's forced take (``Rules.forced_take``, R15): three sixes, or a 3, a 5 and a 9, among the
        attack cards leave the defender only the take."""
        d = self.defender
        sixes = sum(1 for a, _, _, _ in self.table if rank_of(a) == 6) >= 3
        what = "three sixes" if sixes else "a 3, a 5 and a 9"
        F = self._fail
        raise F(Reason.MUST_TAKE, f"{what} attack {seat_text(d)}, who must take every card (doker, R15)", m,
                case="sixes" if sixes else "three-five-nine", seat=m.seat, defender=d)

    def _check_take(self, m: Move) -> None:
        """A take: the defender may pick up the table instead of covering, even when he could cover,
        while an attack card lies uncovered (R15, R18)."""
        F = self._fail
        s = m.seat
        d = self.defender
        if s != d:
            raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} takes", m, case="take", seat=s,
                    defender=d)
        if self.taking:
            raise F(Reason.ALREADY_TAKING, f"{seat_text(s)} is already taking", m, case="take", seat=s, defender=d)
        if not any(c < 0 for _, c, _, _ in self.table):
            raise F(Reason.NOTHING_TO_TAKE, "there is no uncovered card: nothing to take", m, seat=s)

    def _check_transfer(self, m: Move) -> None:
        """A transfer (or a show): before covering anything, the defender passes the attack on to the
        next player by laying cards of the attack rank (R20, R21), or by showing the trump of that rank
        once a game (R24), if the next player holds at least as many cards as the attack then has (R22)
        and the bout's limit allows it (R13, R14)."""
        r = self.rules
        F = self._fail
        s = m.seat
        kind = m.kind
        cards = m.cards
        table = self.table
        d = self.defender
        if kind == TRANSFER and not r.transfer:
            raise F(Reason.TRANSFER_OFF, "these rules have no transfer (perevodnoy, R20)", m, seat=s)
        if kind == SHOW and not r.transfer_by_show:
            raise F(Reason.SHOW_OFF, "these rules have no transfer by showing a trump (R24)", m, seat=s)
        if s != d:
            raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} can pass the attack on", m,
                    case="transfer", seat=s, defender=d)
        if not table:
            raise F(Reason.NOTHING_TO_COVER, "there is no attack to pass on", m, case="transfer", seat=s)
        if self.taking:
            raise F(Reason.ALREADY_TAKING, f"{seat_text(s)} has decided to take", m, case="transfer", seat=s,
                    defender=d)
        if self.must_take():
            self._must_take_error(m)
        if any(c >= 0 for _, c, _, _ in table):
            raise F(Reason.TRANSFER_AFTER_COVER, "once a card is covered the attack can no longer be "
                    "passed on (R21)", m, seat=s)
        ranks = {rank_of(a) for a, _, _, _ in table}
        rank = next(iter(ranks))
        if len(ranks) != 1 or any(rank_of(c) != rank for c in cards) or not cards:
            raise F(Reason.TRANSFER_RANK, f"to pass the attack on, lay a card of the attack rank "
                    f"({rank_text(rank)}) (R20)", m, case="rank" if len(ranks) == 1 else "mixed", seat=s,
                    rank=rank, ranks=tuple(sorted(ranks)), show=kind == SHOW)
        k = len(cards) if kind == TRANSFER else 0
        if kind == TRANSFER and r.lead is not None and k > r.lead:
            raise F(Reason.TOO_MANY_LEAD_CARDS, f"at most {r.lead} card(s) at once (R10, R20)", m,
                    case="transfer", limit=r.lead, count=k)
        if kind == SHOW:
            c = cards[0]
            if len(cards) != 1 or suit_of(c) != self.trump:
                raise F(Reason.SHOW_NOT_TRUMP, f"only a trump ({SUIT_SYMBOLS[self.trump]}) of the attack "
                        f"rank can be shown to pass the attack on (R24)", m, seat=s, rank=rank,
                        trump=self.trump, card=Card(self.trump * 13 + rank - 2))
            if not self.hands[s] >> c & 1:
                raise F(Reason.NOT_IN_HAND, f"{seat_text(s)} does not hold {Card(c)}", m, case="cards", seat=s,
                        cards=(Card(c),))
            if self.shown_used >> c & 1:
                raise F(Reason.SHOW_USED, f"{Card(c)} has already been shown once this game; now it "
                        "passes the attack on only by being played (R24)", m, seat=s, card=Card(c))
        nxt = self._next_opponent(s)
        n_att = len(table) + k
        if nxt is None or popcount(self.hands[nxt]) < n_att:
            held = popcount(self.hands[nxt]) if nxt is not None else 0
            raise F(Reason.TRANSFER_NEXT_TOO_FEW, f"{seat_text(nxt) if nxt is not None else 'nobody'} "
                    f"holds {held} card(s), fewer than the {n_att} attack cards (R22)", m,
                    case="seat" if nxt is not None else "nobody", seat=s, next=nxt, held=held,
                    count=n_att)
        if n_att > self._cap():
            raise F(Reason.BOUT_LIMIT, f"the bout would have {n_att} attack cards, more than the limit "
                    f"of {self._cap()} (R13, R14)", m, case="transfer", seat=s, count=n_att,
                    limit=self._cap())

    def _check_pass(self, m: Move) -> None:
        """A pass: an attacker adds nothing more for now (R16), or, in attack by turns, ends his turn
        (R12).  The defender covers, transfers or takes instead, but in the pairs game may leave the
        cover to a partner still holding cards (R26).  The holder of the lowest trump passes to decline
        the swap (R6)."""
        r = self.rules
        F = self._fail
        s = m.seat
        table = self.table
        d = self.defender
        if self.swap_open and s == self.swap_holder() and not table:
            return
        if not table:
            raise F(Reason.CANNOT_PASS, f"{seat_text(self.leader)} must lead a card: the bout has not "
                    "begun", m, case="not-begun", seat=s, leader=self.leader)
        if self.passed >> s & 1:
            if r.throw_in is _THROW_TURNS and s in self.attackers():
                raise F(Reason.ALREADY_PASSED, f"attack by turns: {seat_text(s)} has already let the others go "
                        "on; they may still cut in with a card (R12)", m, case="turns", seat=s)
            raise F(Reason.ALREADY_PASSED, f"{seat_text(s)} has already passed since the last card", m,
                    case="pass", seat=s)
        if s == d or (r.partner_covers and s in self._defending_seats()):
            if not r.partner_covers or self.taking or not any(c < 0 for _, c, _, _ in table):
                raise F(Reason.CANNOT_PASS, f"the defender {seat_text(s)} covers, transfers or takes; "
                        "passing is for attackers", m, case="defender", seat=s, defender=d,
                        transfer=bool(r.transfer))
            if s == d and not any(not self.passed >> p & 1 and self.hands[p]
                                  for p in self._defending_seats()[1:]):
                raise F(Reason.CANNOT_PASS, f"{seat_text(s)}'s partner has passed or holds no cards: cover or "
                        "take (R26)", m, case="partner", seat=s)
            return
        if self.taking and r.after_take is _TAKE_NONE:
            raise F(Reason.CANNOT_PASS, "the defender is picking up", m, case="taking", seat=s, defender=d)
        if s not in self.attackers():
            raise F(Reason.NOT_AN_ATTACKER, f"{seat_text(s)} is not attacking in this bout", m, case="pass",
                    seat=s)
        if r.throw_in is _THROW_TURNS and (self.room() <= 0 or not self._turns_may_throw(s)):
            t = self._turns_holder() if self.room() > 0 else None
            raise F(Reason.NOT_ATTACKERS_TURN, "attack by turns: it is not your turn to throw in (R12)",
                    m, case="pass" if t is not None else "pass-nobody", seat=s, thrower=t)

    def _check_swap(self, m: Move) -> None:
        """The trump swap: before the first lead, the holder of the lowest trump (with ``swap_six``, the
        trump six) may swap it for the face-up trump card, if that is an ace (or, by the rules, any other
        trump) (R6)."""
        r = self.rules
        F = self._fail
        s = m.seat
        cards = m.cards
        if r.trump_swap is TrumpSwap.OFF:
            raise F(Reason.SWAP_OFF, "these rules have no trump-card swap (R6)", m, seat=s)
        six = self.trump * 13 + r.swap_rank - 2
        if not self.swap_open:
            tc = self.trump_card
            # the true reason, first what the face-up card rules out, then the moment (R6)
            if tc < 0:
                raise F(Reason.SWAP_NOT_NOW, "there is no face-up trump card to swap for (R5, R6)", m,
                        case="no-trump-card", seat=s)
            if tc == six:
                raise F(Reason.SWAP_NOT_NOW, f"the face-up trump card is already the card to swap in, "
                        f"{Card(six)}: there is nothing to swap (R6)", m, case="lowest", seat=s,
                        card=Card(six))
            if r.trump_swap is TrumpSwap.ACE and rank_of(tc) != 14:
                raise F(Reason.SWAP_NOT_NOW, f"the trump card {Card(tc)} is not an ace: these rules "
                        "allow the swap only for a face-up ace (R6)", m, case="not-ace", seat=s,
                        trump_card=Card(tc))
            if len(cards) == 1 and cards[0] == six:
                raise F(Reason.SWAP_NOT_NOW, "the trump card can be swapped only before the first lead "
                        "(R6)", m, case="late", seat=s)
        if len(cards) != 1 or cards[0] != six:
            raise F(Reason.SWAP_NOT_NOW, f"only {Card(six)} can be swapped for "
                    f"the trump card {Card(self.trump_card)} (R6)", m, case="card", seat=s, card=Card(six),
                    trump_card=Card(self.trump_card) if self.trump_card >= 0 else None)

    def _check_challenge(self, m: Move) -> None:
        """A challenge, pushing durak only: the defender sends an uncovered attack card whose rank stands
        nowhere on the table back to its owner, before he covers it or takes (R12, R15, R31)."""
        F = self._fail
        s = m.seat
        d = self.defender
        if not self.rules.pushing:
            raise F(Reason.CHALLENGE_OFF, "challenging a card is a move of pushing durak only (Rules.pushing, "
                    "R12)", m, seat=s)
        if len(m.cards) != 1:
            raise F(Reason.NOT_IN_HAND, "challenge exactly one card", m, case="kind", seat=s)
        a = int(m.cards[0])
        if s != d:
            raise F(Reason.CHALLENGE_NOT_DEFENDER, f"only the defender {seat_text(d)} may challenge a card "
                    "(R31)", m, seat=s, defender=d, card=Card(a))
        entry = next((e for e in self.table if e[0] == a), None)
        if entry is None:
            raise F(Reason.CHALLENGE_NOT_UNCOVERED, f"{Card(a)} is not an attack card on the table", m,
                    case="missing", seat=s, card=Card(a))
        if entry[1] >= 0:
            raise F(Reason.CHALLENGE_NOT_UNCOVERED, f"{Card(a)} is covered by {Card(entry[1])}: once covered a "
                    "pushed card stands (R12)", m, case="covered", seat=s, card=Card(a), cover=Card(entry[1]))
        if self.taking:
            raise F(Reason.CHALLENGE_TAKING, f"{seat_text(d)} is taking: the challenge comes before the take "
                    "(R15, R31)", m, seat=s, defender=d, card=Card(a))
        sr = self.standing_ranks()
        if sr >> a & 1:
            ranks = tuple(sorted({rank_of(c) for c in cards_of(sr & self.table_cards())}))
            raise F(Reason.CHALLENGE_CARD_STANDS, f"{Card(a)} follows the rules: its rank stands on the table "
                    "(R12)", m, case="lead" if self.table[0][0] == a else "rank", seat=s,
                    card=Card(a), ranks=ranks, owner=entry[2])

    def _limit_error(self, m: Move, k: int, room: int) -> None:
        r = self.rules
        n_att = len(self.table)
        cap = self._cap()
        if n_att + k > cap and (r.choose is not _CHOOSE_LIMIT or self.taking):
            first = " in the first bout (R14)" if self.first_limit and cap == r.first_bout_limit else " (R13)"
            raise IllegalMoveError(Reason.BOUT_LIMIT, f"at most {cap} attack cards in a bout{first}; "
                                   f"{n_att} already on the table", m,
                                   facts={"case": "first" if "R14" in first else "bout", "seat": m.seat,
                                          "limit": cap, "on_table": n_att, "count": k})
        if r.hand_limit is _HL_START:
            raise IllegalMoveError(Reason.DEFENDER_HAND_LIMIT, f"the attack may not exceed the "
                                   f"{self.start_hand} cards the defender held when the bout began (R13)", m,
                                   facts={"case": "start", "seat": m.seat, "defender": self.defender,
                                          "limit": self.start_hand, "count": k})
        d = self.defender
        raise IllegalMoveError(Reason.DEFENDER_HAND_LIMIT, f"{seat_text(d)} holds "
                               f"{popcount(self.hands[d])} card(s): uncovered attack cards may not "
                               "outnumber them (R13)", m,
                               facts={"case": "hand", "seat": m.seat, "defender": d,
                                      "held": popcount(self.hands[d]), "count": k})

    def _check_choose(self, m: Move) -> None:
        """A choice: where the rules let more cards be laid than the defender must beat, he names the
        uncovered cards he beats and the others go back to their owners (R13, HE "התקפה בלתי מוגבלת",
        FI)."""
        r = self.rules
        F = self._fail
        s = m.seat
        who = seat_text(s)
        d = self.defender
        if r.choose is _CHOOSE_OFF:
            raise F(Reason.CHOOSE_OFF, "these rules have no choice of the cards to beat: the defender beats "
                    "every card or takes (R13)", m, seat=s)
        if s != d:
            raise F(Reason.NOT_DEFENDER, f"only the defender {seat_text(d)} chooses the cards to beat", m,
                    case="choose", seat=s, defender=d)
        if not self.table:
            raise F(Reason.NOTHING_TO_COVER, "there is nothing on the table to choose from", m,
                    case="choose", seat=s)
        if self.taking:
            raise F(Reason.ALREADY_TAKING, f"{who} has decided to take", m, case="choose", seat=s,
                    defender=d)
        keep = self.choice_keep()
        unc = [a for a, c, _, _ in self.table if c < 0]
        held = popcount(self.hands[d])
        if not keep:
            limit = r.choose is _CHOOSE_LIMIT
            raise F(Reason.CHOOSE_NOT_NOW, f"{len(unc)} uncovered card(s) lie and {who} "
                    + (f"may be given {self._cap()} in the bout" if limit else f"holds {held}")
                    + ": there is nothing to choose, beat them or take (R13)", m,
                    case="limit" if limit else "hand", seat=s, uncovered=len(unc), held=held,
                    limit=self._cap() if limit else held)
        wrong = [c for c in m.cards if c not in unc]
        if wrong:
            raise F(Reason.CHOOSE_NOT_UNCOVERED, f"{CardSet(sum(1 << c for c in wrong))} "
                    f"{'is not an uncovered attack card' if len(wrong) == 1 else 'are not uncovered attack cards'}"
                    " on the table (R13)", m, seat=s, cards=tuple(Card(c) for c in wrong))
        if len(m.cards) != keep:
            raise F(Reason.CHOOSE_COUNT, f"choose exactly {keep} of the {len(unc)} uncovered cards to beat, "
                    f"not {len(m.cards)} (R13)", m, seat=s, count=keep, given=len(m.cards),
                    uncovered=len(unc))

    def _no_beat_text(self, c: int, a: int) -> str:
        t = self.trump
        ts = SUIT_SYMBOLS[t]
        if a >= 52:
            return f"{Card(c)} does not beat {Card(a)}: only the other joker beats a joker (doker)"
        if suit_of(a) == t:
            return f"{Card(c)} does not beat {Card(a)}: a trump is covered only by a higher trump (R11)"
        suit_word = SUIT_NAMES[suit_of(a)][:-1]
        return f"{Card(c)} does not beat {Card(a)}: cover with a higher {suit_word} or a trump ({ts})"


#: The check of each move kind, one method each (its docstring states the rule and cites it);
#: :meth:`MoveChecks._check` runs the checks every move shares, then the one of the move's kind.
KIND_CHECKS: dict[str, Callable[[MoveChecks, Move], None]] = {
    ATTACK: MoveChecks._check_attack,
    COVER: MoveChecks._check_cover,
    TRANSFER: MoveChecks._check_transfer,
    SHOW: MoveChecks._check_transfer,
    TAKE: MoveChecks._check_take,
    PASS: MoveChecks._check_pass,
    SWAP: MoveChecks._check_swap,
    CHOOSE: MoveChecks._check_choose,
    CHALLENGE: MoveChecks._check_challenge,
}
