"""The seats of a position: simple queries, who attacks, how much room the table has, whose turn.

:class:`SeatQueries` is a base class of :class:`~durak_lab.engine.state.Position`
and of its other parts: the cards of a seat and of the table, the seats still in
the game, the attackers of the bout (R12, R25, R26), the room for more attack
cards (R13, R14, R18), the holder of the R6 swap, and :meth:`SeatQueries.to_act`,
the one seat that acts under the sequential protocol.  It reads the fields
declared in :mod:`~durak_lab.engine.state.fields`.

Standard library only.
"""

from __future__ import annotations

from typing import Optional

from ._constants import _HL_CURRENT, _HL_START, _TAKE_SEEN, _THROW_NEIGH, _THROW_NONE, _THROW_TURNS, _TURNS_ANTI, BIG
from ._constants import _CHOOSE_LIMIT, _CHOOSE_OFF, _HL_NONE
from ..cards import RANK_MASKS, Card, CardSet, popcount, ranks_mask
from .fields import PositionFields

__all__ = ["SeatQueries", "forces_take"]

_ALL_CARDS = (1 << 52) - 1
#: The ranks of doker's forced take (R15): three sixes, or a 3, a 5 and a 9.
_SIXES, _THREES, _FIVES, _NINES = RANK_MASKS[6], RANK_MASKS[3], RANK_MASKS[5], RANK_MASKS[9]


def forces_take(attack_cards: int) -> bool:
    """Doker (``Rules.forced_take``, R15): do these attack cards (a mask) hold three sixes, or a 3, a 5
    and a 9?

    >>> forces_take(CardSet.parse("6♠ 6♥ 6♣").mask), forces_take(CardSet.parse("3♦ 5♦ 9♣ K♠").mask)
    (True, True)
    >>> forces_take(CardSet.parse("6♠ 6♥ 3♦ 5♦").mask)
    False
    """
    m = attack_cards
    return popcount(m & _SIXES) >= 3 or bool(m & _THREES and m & _FIVES and m & _NINES)


class SeatQueries(PositionFields):
    """Queries about seats, the table and whose turn it is; a base class of Position."""

    __slots__ = ()

    # ------------------------------------------------------------ simple queries
    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def is_over(self) -> bool:
        """Has the game ended (R28, R29)?"""
        return self.result is not None

    def hand(self, seat: int) -> CardSet:
        """The cards of one seat.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> Position.deal(Rules(), seed=1).hand(0)
        CardSet('8♠ 7♦ 10♦ 6♣ 9♣ K♣')
        """
        return CardSet(self.hands[seat])

    def table_cards(self) -> int:
        """Mask of every card on the table."""
        m = self._tm
        if m is None:
            m = 0
            for a, c, _, _ in self.table:
                m |= 1 << a
                if c >= 0:
                    m |= 1 << c
            object.__setattr__(self, "_tm", m)
        return m

    def _table_ranks(self) -> int:
        """Every card of a rank on the table (what may be thrown in, R12), cached."""
        m = self._tr
        if m is None:
            if self.rules.pushing and not self.taking:
                # pushing durak: any card may be laid, but not one sent back in this bout unless its
                # rank now stands (R12, R31)
                m = _ALL_CARDS & ~(self.sent_back & ~self.standing_ranks())
            else:
                m = ranks_mask(self.table_cards())
            object.__setattr__(self, "_tr", m)
        return m

    # ------------------------------------------------------------ pushing durak (R12, R31)
    def standing_ranks(self) -> int:
        """Pushing durak: every card of a rank that stands on the table: the lead's and every covered
        pair's (R12).  A card of another rank breaks the normal rules; once covered it stands.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules.preset("pushing", players=3, deck=52), ["7♦ Q♦", "J♦ 3♥ 4♠", "Q♣"],
        ...                    trump="♥", discard="rest", attacker=0)
        >>> p = p.play("P1 attack 7♦").play("P2 cover 7♦ with J♦").play("P3 attack Q♣")
        >>> CardSet(p.standing_ranks() & p.table_cards())
        CardSet('7♦ J♦')
        >>> [str(c) for c in p.pushed_cards()]
        ['Q♣']
        """
        table = self.table
        if not table:
            return 0
        m = 1 << table[0][0]
        for a, c, _, _ in table:
            if c >= 0:
                m |= 1 << a | 1 << c
        return ranks_mask(m)

    def pushed_cards(self) -> list[Card]:
        """Pushing durak: the uncovered attack cards that break the normal rules, in the order they
        were played: their rank stands nowhere on the table (R12, R31).  Empty under the normal rules."""
        if not self.rules.pushing or not self.table:
            return []
        sr = self.standing_ranks()
        return [Card(a) for a, c, _, _ in self.table if c < 0 and not sr >> a & 1]

    # ------------------------------------------------------------ doker's forced take (R15)
    def must_take(self) -> bool:
        """Doker (``Rules.forced_take``): do the attack cards on the table include three sixes, or a 3, a 5
        and a 9?  Then the defender may only take, and picks up every card (R15, R18).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules.preset("doker", players=3), ["6♠ 6♦", "9♥ K♣ A♣", "6♣ 2♠"],
        ...                    trump="♥", discard="rest", attacker=0)
        >>> p = p.play("P1 attack 6♠").play("P3 attack 6♣")
        >>> p.must_take(), p.play("P1 attack 6♦").must_take()
        (False, True)
        """
        if not self.rules.forced_take:
            return False
        m = 0
        for a, _, _, _ in self.table:
            m |= 1 << a
        return forces_take(m)

    def uncovered(self) -> list[Card]:
        """The attack cards not yet covered, in the order they were played."""
        return [Card(a) for a, c, _, _ in self.table if c < 0]

    def table_text(self) -> str:
        """The table as ``7♥/10♥ 10♦/8♠ 8♣`` (attack/cover).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> Position.deal(Rules(), seed=1).table_text()
        ''
        """
        return " ".join(f"{Card(a)}/{Card(c)}" if c >= 0 else str(Card(a)) for a, c, _, _ in self.table)

    def _team(self, seat: int) -> int:
        t = self.rules.teams
        return seat % t if t else seat

    def partners(self, seat: int) -> list[int]:
        """The seats of ``seat``'s team other than itself (empty without teams)."""
        t = self.rules.teams
        if not t:
            return []
        return [s for s in range(self.players) if s != seat and s % t == seat % t]

    def _active(self, seat: int) -> bool:
        return bool(self.hands[seat]) or bool(self.talon)

    def _active_mask(self) -> int:
        m = 0
        for s in range(self.players):
            if self.hands[s] or self.talon:
                m |= 1 << s
        return m

    def active_seats(self) -> list[int]:
        """Seats still in the game: holding cards, or anyone while the talon lasts (R28)."""
        return [s for s in range(self.players) if self._active(s)]

    def _next_opponent(self, seat: int) -> Optional[int]:
        return _next_seat(self.hands, self.talon, self.rules.players, seat, self.rules.teams)

    def _next_active(self, seat: int) -> Optional[int]:
        n = self.players
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.hands[s] or self.talon:
                return s
        return None

    def _defending_seats(self) -> list[int]:
        d = self.defender
        if not self.rules.partner_covers:
            return [d]
        return [d] + [s for s in self._clockwise_from(d) if s != d and self._team(s) == self._team(d)
                      and self.hands[s]]

    def _clockwise_from(self, seat: int) -> list[int]:
        n = self.players
        return [(seat + i) % n for i in range(n)]

    def attackers(self) -> tuple[int, ...]:
        """Seats that may throw in this bout, in order from the leader (R12, R25, R26).

        The defender never; in a team game not the defender's partners unless
        ``partner_throw_in``; with 'neighbours' only the defender's two
        neighbours; with 'none' nobody.  Players out of cards are left out.
        With 'by_turns' the order is the order of the turns (``turns_direction``).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> hands = ["7♦", "8♦", "9♦", "10♦", "J♦"]
        >>> Position.start(Rules.preset("by_turns", players=5), hands, trump="♥", discard="rest",
        ...                attacker=0).attackers()
        (0, 2, 3, 4)
        >>> Position.start(Rules.preset("by_turns", players=5, turns_direction="anticlockwise"), hands,
        ...                trump="♥", discard="rest", attacker=0).attackers()
        (0, 4, 3, 2)
        """
        att = self._att
        if att is None:
            att = tuple(self._attackers())
            object.__setattr__(self, "_att", att)
        return att

    def _attackers(self) -> list[int]:
        r = self.rules
        if r.throw_in is _THROW_NONE:
            return []
        d = self.defender
        if r.players == 2:  # the common case, fast: the other player, if they hold cards
            return [1 - d] if self.hands[1 - d] else []
        if r.throw_in is _THROW_TURNS:
            hands = self.hands
            return [s for s in self._turns_ring() if hands[s]]
        t = r.teams
        out = []
        for s in self._clockwise_from(self.leader):
            if s == d or not self.hands[s]:
                continue
            if t and s % t == d % t and not r.partner_throw_in:
                continue
            out.append(s)
        if r.throw_in is _THROW_NEIGH:
            left = self._next_active(d)
            right = None
            n = self.players
            for i in range(1, n):
                s = (d - i) % n
                if self.hands[s] or self.talon:
                    right = s
                    break
            out = [s for s in out if s == left or s == right]
        return out

    def _cap(self) -> int:
        r = self.rules
        cap = r.attack_limit if r.attack_limit is not None else BIG
        if self.first_limit and r.first_bout_limit is not None:
            cap = min(cap, r.first_bout_limit)
        return cap

    def room(self) -> int:
        """How many more attack cards the table takes now (R13, R14, R18).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> Position.deal(Rules(), seed=1).room()   # first bout: 5 (R14)
        5
        """
        room = self._room
        if room is None:
            room = self._compute_room()
            object.__setattr__(self, "_room", room)
        return room

    def _compute_room(self) -> int:
        r = self.rules
        if self.taking and r.after_take is _TAKE_SEEN:
            return BIG
        n_att = len(self.table)
        cap = r.attack_limit if r.attack_limit is not None else BIG
        if self.first_limit and r.first_bout_limit is not None and r.first_bout_limit < cap:
            cap = r.first_bout_limit
        if r.choose is _CHOOSE_LIMIT and not self.taking:
            # FI: attackers may lay more than the limit while the defender has beaten fewer (R13)
            covered = 0
            for e in self.table:
                if e[1] >= 0:
                    covered += 1
            if covered >= cap:
                return 0
            cap = BIG
        room = cap - n_att
        hl = r.hand_limit
        if hl is _HL_CURRENT:
            unc = 0
            for e in self.table:
                if e[1] < 0:
                    unc += 1
            hand = popcount(self.hands[self.defender])
            if r.partner_covers and not self.taking:
                for s in self._defending_seats()[1:]:
                    hand += popcount(self.hands[s])
            room = min(room, hand - unc)
        elif hl is _HL_START:
            start = self.start_hand if self.table else popcount(self.hands[self.defender])
            room = min(room, start - n_att)
        return room

    def choice_keep(self) -> Optional[int]:
        """How many of the uncovered cards the defender must choose to beat, or None (no choice) (R13).

        A choice is due (``Rules.choose``) when more cards lie uncovered than the
        defender has to beat: with 'hand', more than he holds; with 'limit', more
        than the attack limit leaves after the cards already covered.  The number
        is what he can be made to beat; 0 means every uncovered card goes back.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules.preset("unlimited_choice"), ["7♦ 7♣ 7♠ 7♥ 8♦", "Q♦ A♣ 9♠"],
        ...                    trump="♥", discard="rest", attacker=0).play("P1 attack 7♦")
        >>> p.choice_keep() is None
        True
        >>> p.play("P1 attack 7♣").play("P1 attack 7♠").play("P1 attack 7♥").choice_keep()
        3
        """
        r = self.rules
        if r.choose is _CHOOSE_OFF or self.taking:
            return None
        table = self.table
        unc = 0
        for e in table:
            if e[1] < 0:
                unc += 1
        if not unc:
            return None
        keep = unc
        if r.hand_limit is _HL_NONE:
            keep = min(keep, popcount(self.hands[self.defender]))
        if r.choose is _CHOOSE_LIMIT:
            keep = min(keep, self._cap() - (len(table) - unc))
        return max(keep, 0) if keep < unc else None

    # ------------------------------------------------------------ attack by turns (R12)
    def _turns_ring(self) -> list[int]:
        """Attack by turns: the seats that attack in this bout in the order of their turns, from the
        leader (``turns_direction``), those out of cards included."""
        r = self.rules
        n = r.players
        d = self.defender
        lead = self.leader
        step = -1 if r.turns_direction is _TURNS_ANTI else 1
        t = r.teams
        out = []
        for i in range(n):
            s = (lead + step * i) % n
            if s == d or (t and s % t == d % t and not r.partner_throw_in):
                continue
            out.append(s)
        return out

    def _turns_holder(self) -> Optional[int]:
        """Attack by turns: the attacker whose turn it is, or None once every attacker's turn is over.

        In attack by turns ``passed`` holds who has stopped: the turn is with the first attacker
        after the last seat (in the order of the turns) whose bit is set.  Every attacker before him
        has had his turn and keeps the right to cut in; a bit of such an earlier attacker says that he
        let the play go on since the last turn ended (see :meth:`_turns_after_card`).
        """
        ring = self._turns_ring()
        passed = self.passed
        last = -1
        for i, s in enumerate(ring):
            if passed >> s & 1:
                last = i
        hands = self.hands
        for s in ring[last + 1:]:
            if hands[s]:
                return s
        return None

    def _turns_may_throw(self, seat: int) -> bool:
        """Attack by turns: may ``seat`` (an attacker) throw in now?  The attacker whose turn it is may,
        and so may every attacker whose turn came before: he may stop the current one and attack
        himself (HE: "בכל שלב יש לתוקף המקורי זכות לעצור את התוקף הנוכחי ולתקוף בעצמו")."""
        h = self._turns_holder()
        if h is None or h == seat:
            return True
        ring = self._turns_ring()
        return ring.index(seat) < ring.index(h)

    def _turns_after_pass(self, seat: int) -> int:
        """Attack by turns: ``passed`` after ``seat`` passes.  The attacker whose turn it is stops: the
        turn goes on to the next, and every earlier attacker is asked again whether he cuts in (his
        bit is cleared).  An earlier attacker's pass lets the play go on (his bit is set)."""
        if seat == self._turns_holder():
            ring = 0
            for s in self._turns_ring():
                ring |= 1 << s
            return self.passed & ~ring | 1 << seat
        return self.passed | 1 << seat

    def _turns_after_card(self, seat: int, attack: bool, left: int) -> int:
        """Attack by turns: ``passed`` after a card.  A throw-in by ``seat`` gives him the turn (the
        attackers before him have had theirs: their bits are set), unless it was his last card
        (``left`` is his hand after it): then his turn is over, as if he had passed.  A cover changes
        nobody's turn, but once every turn is over it lapses every pass, as a take always does (see
        :meth:`Playing.play_unchecked`): the turns start again from the leader.  The defending seats'
        passes lapse, as always.
        """
        ring = self._turns_ring()
        if attack:
            if not left:
                return 1 << seat
            m = 0
            for s in ring:
                if s == seat:
                    break
                m |= 1 << s
            return m
        if self._turns_holder() is None:
            return 0
        m = 0
        for s in ring:
            m |= 1 << s
        return self.passed & m

    def _turns_go_on(self) -> bool:
        """Attack by turns, once the table is covered (or the defender takes): does the bout go on?
        It ends once no attacker can add a card, or once every turn is over and every attacker who
        could add has let it end since the last turn ended (R16).  While a turn is not over, the
        attacker holding it is asked even if he can add nothing (R3), and when it ends the earlier
        attackers are asked whether they cut in."""
        tr = self._table_ranks()
        hands = self.hands
        can = [s for s in self.attackers() if hands[s] & tr]
        if not can:
            return False
        if self._turns_holder() is not None:
            return True
        passed = self.passed
        return any(not passed >> s & 1 for s in can)

    def swap_holder(self) -> Optional[int]:
        """Who may make the R6 swap now (holder of the lowest trump), or None."""
        if not self.swap_open:
            return None
        six = self.trump * 13 + self.rules.swap_rank - 2
        for s in range(self.players):
            if self.hands[s] >> six & 1:
                return s
        return None


    # ------------------------------------------------------------ whose turn
    def to_act(self) -> Optional[int]:
        """The one seat that acts now under the sequential protocol (None when over).

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> Position.deal(Rules(players=3), seed=7).to_act()
        2
        """
        if self.result is not None:
            return None
        if self.swap_open:
            return self.swap_holder()
        table = self.table
        if not table:
            return self.leader
        if not self.taking:
            for e in table:
                if e[1] < 0:
                    if self.rules.partner_covers:
                        d = self.defender
                        if not self.passed >> d & 1:
                            return d
                        for s in self._defending_seats()[1:]:
                            if not self.passed >> s & 1:
                                return s
                        return d
                    return self.defender
        if self.room() > 0:
            # every attacker who holds cards and has not passed is asked in turn, whether or not he holds
            # a rank of the table: skipping those who cannot add would tell the others so (R3)
            passed = self.passed
            hands = self.hands
            for s in self.attackers():
                if not passed >> s & 1 and hands[s]:
                    return s
        return self.defender  # not reached once the bout has settled


def _next_seat(hands: tuple[int, ...], talon: tuple[int, ...], n: int, seat: int,
               teams: int) -> Optional[int]:
    """The next seat clockwise from ``seat`` still in the game; with ``teams``, the next opponent."""
    for i in range(1, n):
        s = (seat + i) % n
        if (hands[s] or talon) and (not teams or s % teams != seat % teams):
            return s
    return None
