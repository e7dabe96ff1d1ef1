"""Playing a move: the next position, the end of a bout, drawing, and the events on the way.

:class:`Playing` is a base class of :class:`~durak_lab.engine.state.Position`:
:meth:`Playing.play` checks a move and returns the next position,
:meth:`Playing.play_unchecked` applies a move already known to be legal (the fast
path), and both end the bout by themselves once nobody can or will act in it any
more (R16): bito or the pick-up, the draw (R19), players out (R28), the end of the
game (R27, R29) and the next bout (R17, R18).  An :class:`Event` records each of
these steps.

Standard library only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional, Union

from ._constants import _DRAW_ATTACK, _DRAW_EQUAL, _TAKE_NONE, _THROW_TURNS, _TIE_ALL, _TIE_FIRST
from ._constants import _DRAW_DEF_FIRST, _DRAW_ROUND
from ._constants import _CHOOSE_OFF
from ..cards import CARDS, Card, cards_of, popcount, rank_of
from ..errors import IllegalMoveError, Reason
from ..ficus import ficus_cards
from ..moves import ATTACK, CHALLENGE, CHOOSE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from .fields import Entry
from .seats import SeatQueries, _next_seat

if TYPE_CHECKING:
    from .position import Position

__all__ = ["Event", "Playing"]


class Event(NamedTuple):
    """Something that happens by itself after a move: the end of a bout and what follows.

    ``kind`` is one of ``"bito"`` (cards to the discard; with ``Rules.take_unbeaten`` also the beaten
    pairs of a take, just before its ``"pickup"``), ``"pickup"`` (the
    defender takes ``cards``), ``"return"`` (extra attack cards go back to their
    owner, R13 unlimited, or after the defender's choice), ``"draw"`` (``seat`` draws ``cards`` from the talon),
    ``"out"`` (``seat`` has no cards and the talon is empty: safe, R28),
    ``"bout"`` (a new bout: ``seat`` leads against ``other``), ``"over"`` (the game
    ends; ``cards`` is empty and ``losers`` the durak seats, empty for a draw),
    ``"ficus"`` (``Rules.ficus``: ``seat`` shows the five ``cards`` against the last
    card of ``other``, who becomes the durak; an ``"over"`` follows).
    """

    kind: str
    seat: int = -1
    cards: tuple[Card, ...] = ()
    other: int = -1
    losers: tuple[int, ...] = ()

    def text(self) -> str:
        """A sentence for the event.

        >>> Event("draw", 3, (Card("K♦"),)).text()
        'P4 draws 1 card'
        """
        n = len(self.cards)
        cs = " ".join(str(c) for c in self.cards)
        if self.kind == "bito":
            return f"bito: {cs} go to the discard"
        if self.kind == "pickup":
            return f"{seat_text(self.seat)} picks up {cs}"
        if self.kind == "return":
            return f"{cs} go back to {seat_text(self.seat)}"
        if self.kind == "draw":
            return f"{seat_text(self.seat)} draws {n} card{'s' if n != 1 else ''}"
        if self.kind == "out":
            return f"{seat_text(self.seat)} has no cards left and is out"
        if self.kind == "bout":
            return f"{seat_text(self.seat)} leads against {seat_text(self.other)}"
        if self.kind == "ficus":
            return f"{seat_text(self.seat)} shows {cs} against {seat_text(self.other)}'s last card: the ficus"
        if self.kind == "over":
            if not self.losers:
                return "game over: a draw, there is no durak"
            who = " and ".join(seat_text(s) for s in self.losers)
            return f"game over: {who} {'is the' if len(self.losers) == 1 else 'are'} durak"
        return self.kind


class Playing(SeatQueries):
    """Playing moves and what follows them by themselves; a base class of Position."""

    __slots__ = ()

    def play(self, move: Union[Move, str], sequential: bool = False) -> "Position":
        """The position after ``move``; raises IllegalMoveError (this position is unchanged).

        With ``sequential=True`` only the seat :meth:`to_act` may move.
        """
        return self.play_events(move, sequential)[0]

    def play_events(self, move: Union[Move, str], sequential: bool = False) -> tuple[Position, list[Event]]:
        """Like :meth:`play`, also returning the :class:`Event` list (bito, draws, …)."""
        if isinstance(move, str):
            move = Move.parse(move, self.players)
        self._check(move)
        if sequential:
            t = self.to_act()
            if move.seat != t:
                turn = seat_text(t) if t is not None else "nobody"
                raise IllegalMoveError(Reason.NOT_YOUR_TURN, f"it is {turn}'s turn, not "
                                       f"{seat_text(move.seat)}'s", move,
                                       facts={"case": "turn" if t is not None else "nobody", "seat": move.seat,
                                              "turn": t})
        events: list[Event] = []
        return self.play_unchecked(move, events), events

    def play_unchecked(self, m: Move, events: Optional[list[Event]] = None) -> "Position":
        """Apply a move taken from :meth:`legal_moves` without checking it again (fast path).

        With a list as ``events``, the :class:`Event` s that follow the move are
        appended to it, as :meth:`play_events` returns them.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0)
        >>> str(p.play_unchecked(p.sequential_moves()[0]).uncovered()[0])
        '7♦'
        """
        r = self.rules
        s = m.seat
        kind = m.kind
        hands = self.hands
        known = self.known
        table = self.table
        if kind == PASS:
            if self.swap_open and not table:
                return self._replace(swap_open=False)
            passed = self._turns_after_pass(s) if r.throw_in is _THROW_TURNS else self.passed | 1 << s
            return self._make(r, self.trump, self.trump_card, hands, self.talon, self.discard, table,
                               self.leader, self.defender, self.taking, passed,
                               self.first_limit, self.start_hand, self.attack_order, known,
                               self.shown_used, self.swap_open, self.in_bout, None, self._att,
                               self.sent_back)._settle(events)
        if kind == TAKE:
            return self._make(r, self.trump, self.trump_card, hands, self.talon, self.discard, table,
                               self.leader, self.defender, True, 0, self.first_limit, self.start_hand,
                               self.attack_order, known, self.shown_used, self.swap_open, self.in_bout,
                               None, self._att, self.sent_back)._settle(events)
        if kind == CHOOSE:
            return self._play_choose(m, events)
        if kind == CHALLENGE:
            return self._challenge(m, events)
        cm = 0
        for c in m.cards:
            cm |= 1 << c
        if kind == SWAP:
            six = m.cards[0]
            tc = self.trump_card
            hl = list(hands)
            hl[s] = hl[s] & ~(1 << six) | 1 << tc
            kn = list(known)
            kn[s] = kn[s] & ~(1 << six) | 1 << tc
            talon = self.talon[:-1] + (CARDS[six],)
            return self._replace(hands=tuple(hl), known=tuple(kn), talon=talon, trump_card=CARDS[six],
                                 swap_open=False)
        if kind != SHOW:
            hands = hands[:s] + (hands[s] & ~cm,) + hands[s + 1:]
            if known[s] & cm:
                known = known[:s] + (known[s] & ~cm,) + known[s + 1:]
        passed = 0  # a card lapses every pass (R16), but in attack by turns only some (R12)
        if r.throw_in is _THROW_TURNS and table and (kind == ATTACK or kind == COVER):
            passed = self._turns_after_card(s, kind == ATTACK, hands[s])
        elif r.pushing and table and kind == ATTACK and not self.taking and not self.standing_ranks() & cm:
            passed = self.passed  # pushing durak: a pushed card adds no rank until covered, lapses no pass
        leader = self.leader
        d = self.defender
        order = self.attack_order
        start_hand = self.start_hand
        in_bout = self.in_bout
        swap_open = self.swap_open
        shown_used = self.shown_used
        if kind == ATTACK:
            new: tuple[Entry, ...]
            if len(m.cards) == 1:
                new = ((m.cards[0], -1, s, -1),)
            else:
                new = tuple((c, -1, s, -1) for c in m.cards)
            if not table:
                order = (s,)
                start_hand = popcount(self.hands[d])
                if r.tie is _TIE_ALL:
                    in_bout = self._active_mask()
                swap_open = False
            elif s not in order:
                order = order + (s,)
            table = table + new
        elif kind == COVER:
            a = m.target
            c = m.cards[0]
            i = 0
            for e in table:
                if e[0] == a:
                    table = table[:i] + ((a, c, e[2], s),) + table[i + 1:]
                    break
                i += 1
        else:  # TRANSFER, SHOW
            nxt = self._next_opponent(d)
            assert nxt is not None  # a legal transfer has a next player to defend (R22)
            if kind == TRANSFER:
                table = table + tuple((c, -1, d, -1) for c in m.cards)
            else:
                shown_used |= cm
                known = known[:s] + (known[s] | cm,) + known[s + 1:]
            if d not in order:
                order = order + (d,)
            if nxt == leader:  # the attack came round to its leader (R23): the transferrer leads now
                leader = d
            d = nxt
            start_hand = popcount(hands[d])
        p = self._make(r, self.trump, self.trump_card, hands, self.talon, self.discard, table,
                        leader, d, self.taking, passed, self.first_limit, start_hand, order, known, shown_used,
                        swap_open, in_bout, None,
                        self._att if kind != TRANSFER and kind != SHOW and hands[s] else None, self.sent_back)
        if r.ficus and not hands[s] and not self.talon and kind != SHOW:
            fin = p._ficus_end(s, m, events)  # the ficus finish (R28, HE "פתיחת הפיקוס")
            if fin is not None:
                return fin
        if kind == ATTACK and not self.taking and hands[d]:
            return p  # a new uncovered card for a defender holding cards: the bout goes on (R16)
        return p._settle(events)

    def _play_choose(self, m: Move, events: Optional[list[Event]]) -> "Position":
        """The defender keeps the chosen uncovered cards; the others go back to the attackers who laid them,
        in public (R13).  Nobody adds a card until the defender beats one: every attacker counts as passed,
        so that one card cannot be laid and sent back for ever."""
        keep = set(m.cards)
        hands = list(self.hands)
        known = list(self.known)
        table = []
        back: dict[int, list[int]] = {}
        for e in self.table:
            if e[1] < 0 and e[0] not in keep:
                hands[e[2]] |= 1 << e[0]
                known[e[2]] |= 1 << e[0]
                back.setdefault(e[2], []).append(e[0])
            else:
                table.append(e)
        if events is not None:
            for owner, cs in back.items():
                events.append(Event("return", owner, tuple(Card(c) for c in sorted(cs))))
        p = self._replace(hands=tuple(hands), known=tuple(known), table=tuple(table), passed=0)
        passed = 0
        for s in p.attackers():
            passed |= 1 << s
        return p._replace(passed=passed)

    def _challenge(self, m: Move, events: Optional[list[Event]]) -> "Position":
        """Pushing durak (R12, R31): the challenged card goes back to its owner's hand, face up (known).
        Its owner keeps his right to throw in (R12); the card may not be pushed again in this bout
        (``sent_back``), so that a bout always ends."""
        a = int(m.cards[0])
        table = self.table
        i = next(j for j, e in enumerate(table) if e[0] == a)
        owner = table[i][2]
        hands = list(self.hands)
        known = list(self.known)
        hands[owner] |= 1 << a
        known[owner] |= 1 << a
        if self.rules.sent_back_passes:  # version 1 of the presets: the owner has passed, no guard
            passed, sent_back = self.passed | 1 << owner, self.sent_back
        else:
            passed, sent_back = self.passed, self.sent_back | 1 << a
        p = self._make(self.rules, self.trump, self.trump_card, tuple(hands), self.talon, self.discard,
                       table[:i] + table[i + 1:], self.leader, self.defender, self.taking,
                       passed, self.first_limit, self.start_hand, self.attack_order,
                       tuple(known), self.shown_used, self.swap_open, self.in_bout, None, None, sent_back)
        return p._settle(events)

    def _settle(self, events: Optional[list[Event]]) -> "Position":
        """End the bout if nobody can or will act in it any more (R16)."""
        # what this returns while the bout goes on: ``self``, a Position (this class is one of its parts,
        # which the type checker cannot know)
        stays: Position = self  # type: ignore[assignment]
        table = self.table
        if not table:
            return stays
        r = self.rules
        d = self.defender
        if not self.taking:
            unc = False
            for e in table:
                if e[1] < 0:
                    unc = True
                    break
            if not self.hands[d]:
                if not unc:
                    return self._end_bout(True, events)
                if not r.partner_covers or not any(self.hands[p] for p in self._defending_seats()):
                    return self._end_bout(True, events)  # extras go back (R13 unlimited)
            if unc and r.choose is not _CHOOSE_OFF and self.choice_keep() == 0:
                return self._end_bout(True, events)  # the defender has beaten all he must: the rest go back (R13, R16)
            if unc:
                return stays
        elif r.after_take is _TAKE_NONE:
            return self._end_bout(False, events)
        if self.room() > 0:
            if r.throw_in is _THROW_TURNS:
                if self._turns_go_on():
                    return stays
                return self._end_bout(not self.taking, events)
            tr = self._table_ranks()
            passed = self.passed
            for s in self.attackers():
                if not passed >> s & 1 and self.hands[s] & tr:
                    return stays
        return self._end_bout(not self.taking, events)

    def _end_bout(self, defended: bool, events: Optional[list[Event]]) -> "Position":
        r = self.rules
        n = r.players
        hands = list(self.hands)
        known = list(self.known)
        discard = self.discard
        d = self.defender
        tm = self.table_cards()
        if defended:
            bito = 0
            for a, c, owner, _ in self.table:
                if c >= 0:
                    bito |= 1 << a | 1 << c
                else:  # an extra card beyond what the defender could beat goes back (R13)
                    hands[owner] |= 1 << a
                    known[owner] |= 1 << a
                    if events is not None:
                        events.append(Event("return", owner, (Card(a),)))
            discard |= bito
            if events is not None:
                events.append(Event("bito", -1, tuple(cards_of(bito))))
        else:
            if r.take_unbeaten and not self.must_take():
                # doker: the beaten pairs are burned (the discard); the defender takes the rest (R18)
                burned = 0
                for a, c, _, _ in self.table:
                    if c >= 0:
                        burned |= 1 << a | 1 << c
                if burned:
                    tm &= ~burned
                    discard |= burned
                    if events is not None:
                        events.append(Event("bito", -1, tuple(cards_of(burned))))
            hands[d] |= tm
            known[d] |= tm
            if events is not None:
                events.append(Event("pickup", d, tuple(cards_of(tm))))
        # drawing (R19)
        talon = self.talon
        if talon:
            hs = r.hand_size
            order = self._draw_order(defended)
            pos = 0
            nt = len(talon)
            if r.draw_order is _DRAW_EQUAL:
                got: dict[int, list[Card]] = {}
                while pos < nt:
                    need = [s for s in order if popcount(hands[s]) < hs]
                    if not need:
                        break
                    s = min(need, key=lambda x: popcount(hands[x]))
                    hands[s] |= 1 << talon[pos]
                    got.setdefault(s, []).append(talon[pos])
                    pos += 1
                if events is not None:
                    for s in order:
                        if s in got:
                            events.append(Event("draw", s, tuple(got[s])))
            else:
                for s in order:
                    k = hs - popcount(hands[s])
                    if k <= 0 or pos >= nt:
                        continue
                    take = talon[pos:pos + k]
                    pos += len(take)
                    for c in take:
                        hands[s] |= 1 << c
                    if events is not None:
                        events.append(Event("draw", s, tuple(take)))
            if pos >= nt and self.trump_card >= 0:
                # whoever drew the face-up trump card holds it in public view
                for s in range(n):
                    if hands[s] >> self.trump_card & 1:
                        known[s] |= 1 << self.trump_card
            talon = talon[pos:]
        first_limit = self.first_limit
        if first_limit and (defended or not r.first_bout_carry):
            first_limit = False
        hands_t = tuple(hands)
        known_t = tuple(known)
        # players out (R28) and the end of the game (R27, R29)
        if not talon:
            was = 0
            if events is not None or r.tie is _TIE_ALL:
                was = self.in_bout if self.in_bout else self._active_mask_before()
            if events is not None:
                for s in range(n):
                    if was >> s & 1 and not hands[s]:
                        events.append(Event("out", s))
            t = r.teams
            groups = {s % t for s in range(n) if hands[s]} if t else [s for s in range(n) if hands[s]]
            if len(groups) <= 1:
                if groups:
                    g = next(iter(groups))
                    losers = tuple(s for s in range(n) if (s % t == g if t else s == g))
                elif r.tie is _TIE_ALL:
                    losers = tuple(s for s in range(n) if was >> s & 1)
                elif r.tie is _TIE_FIRST:  # KO: the first out wins; the defender's side emptied its hands last
                    losers = tuple(s for s in range(n) if (s % t == d % t if t else s == d))
                else:
                    losers = ()
                if events is not None:
                    events.append(Event("over", losers=losers))
                return self._make(r, self.trump, self.trump_card, hands_t, talon, discard, (),
                                   self.leader, d, False, 0, first_limit, 0, (), known_t,
                                   self.shown_used, False, 0, losers)
        # the next bout (R17, R18)
        # the game goes on, so two sides still hold cards: there is a next leader and a defender
        leader = d if defended and (hands[d] or talon) else _next_seat(hands_t, talon, n, d, 0)
        assert leader is not None
        defender = _next_seat(hands_t, talon, n, leader, r.teams)
        assert defender is not None
        in_bout = 0
        if r.tie is _TIE_ALL:
            in_bout = sum(1 << x for x in range(n) if hands[x] or talon)
        p = self._make(r, self.trump, self.trump_card, hands_t, talon, discard, (), leader, defender,
                        False, 0, first_limit, popcount(hands[defender]), (), known_t, self.shown_used,
                        False, in_bout, None)
        if events is not None:
            events.append(Event("bout", leader, (), defender))
        return p

    def _ficus_end(self, s: int, m: Move, events: Optional[list[Event]]) -> Optional["Position"]:
        """The ficus finish (``Rules.ficus``, HE "פתיחת הפיקוס"): ``s`` has just played his last card,
        the talon empty; if the other player's hand makes the ficus against its rank, the game ends
        now with ``s`` the durak (the table goes to the discard, the five cards are shown).  Else None.
        """
        other = 1 - s
        five = ficus_cards(self.hands[other], rank_of(m.cards[0]))
        if five is None:
            return None
        shown = 0
        for c in five:
            shown |= 1 << c
        known = list(self.known)
        known[other] |= shown
        if events is not None:
            events.append(Event("ficus", other, five, s))
            events.append(Event("over", losers=(s,)))
        return self._make(self.rules, self.trump, self.trump_card, self.hands, self.talon,
                          self.discard | self.table_cards(), (), self.leader, self.defender, False, 0,
                          self.first_limit, 0, (), tuple(known), self.shown_used, False, 0, (s,))

    def _active_mask_before(self) -> int:
        m = 0
        for s in range(self.players):
            if self.hands[s] or any(e[2] == s or e[3] == s for e in self.table) or s == self.defender:
                m |= 1 << s
        return m

    def _draw_order(self, defended: bool) -> list[int]:
        """Who draws after the bout, in order (R19): the leader, the other attackers clockwise (or in the
        order they attacked), the defender last; FI's 'round': after a take the defender draws in his
        turn clockwise; doker's 'defender_first': after a defence the defender draws first."""
        n = self.players
        d = self.defender
        dro = self.rules.draw_order
        if dro is _DRAW_DEF_FIRST and defended:
            return [d] + [s for s in ((self.leader + i) % n for i in range(n)) if s != d]
        if n == 2:
            return [1 - d, d]
        rest = [(self.leader + i) % n for i in range(n)]
        if dro is _DRAW_ROUND and not defended:
            return rest
        rest = [s for s in rest if s != d]
        if dro is _DRAW_ATTACK:
            first = [s for s in self.attack_order if s != d]
            rest = first + [s for s in rest if s not in first]
        return rest + [d]
