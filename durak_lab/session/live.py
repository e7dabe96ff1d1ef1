"""The live helper: follow a real game at the kitchen table from your seat, move by move.

You tell it what you see (your hand, the face-up trump card, who leads) and then each move as it
happens: "P2 attacks with 9♣", "I cover with J♣", "P3 takes", and the cards you draw after a bout.
It keeps the game as the engine plays it, and at any moment it can say what your seat may do, the
chances of each of your moves (the evaluator, from what your seat has seen) and where the trumps
you have not seen may be (exact card counting).

How it works: the engine needs a whole position, so the cards you cannot see (the other hands, the
talon) are dealt at random, seeded; they are never shown, and nothing computed here uses them but
through your seat's :class:`~durak_lab.engine.view.PlayerView`, which depends only on what you
know.  When the real game shows a card the random deal put elsewhere (P2 plays 9♣, which the deal
had left in the talon), :func:`~durak_lab.engine.hidden.exchange` swaps it with one of P2's hidden
cards first: both cards were hidden from you, so your view is the same either way.  After a bout
you draw: the engine hands you cards from its talon, and :meth:`LiveGame.drew` puts the cards you
really drew in their place (until then the next move waits).

Errors keep the game as it was: a move the rules forbid raises
:class:`~durak_lab.engine.errors.IllegalMoveError` (its reason is data a page turns into a
sentence), and anything the live game cannot take raises :class:`LiveError`, whose ``key`` and
``facts`` are a catalogue sentence (:meth:`LiveError.sentence`).

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> g = LiveGame(Rules(players=2), seat=0, hand="6♠ 8♦ 9♦ J♣ Q♥ A♠", trump_card="10♠", leader=1, seed=1)
>>> g.waiting_for()
'P2'
>>> _ = g.move("P2 attack 7♦")          # whatever the random deal had given P2, 7♦ is now P2's card
>>> _ = g.move("P1 cover 7♦ with 9♦")
>>> _ = g.move("P2 pass")                # the bout ends in bito: each draws, P2 first (R19)
>>> g.to_draw, g.waiting_for()           # the engine cannot know which card you drew
(1, 'you')
>>> _ = g.drew(["K♥"])
>>> str(g.view.hand), g.view.talon_size
('6♠ A♠ Q♥ K♥ 8♦ J♣', 22)
"""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence, Union

from ..engine.cards import Card, CardSet
from ..engine.errors import DurakError, IllegalMoveError, PositionError
from ..engine.hidden import exchange, place_of
from ..engine.moves import Move, seat_text
from ..engine.rules import Rules
from ..engine.state.position import Position
from ..engine.view import PlayerView
from ..analysis.evaluation import Evaluation
from .advice import evaluate_view

__all__ = ["LiveGame", "LiveError"]

#: The move kinds whose cards come from the mover's hand.
_FROM_HAND = ("attack", "cover", "transfer", "show", "swap")


class LiveError(DurakError, ValueError):
    """What the live helper cannot take: ``key`` names the catalogue sentence, ``facts`` its words."""

    def __init__(self, key: str, message: str, **facts: Any) -> None:
        super().__init__(message, facts=facts)
        self.key = key

    def sentence(self) -> str:
        """The learner's sentence (the chosen language's)."""
        from ..text.messages import say

        return say(self.key, **{k: (str(v) if isinstance(v, (Card, CardSet)) else v) for k, v in self.facts.items()})


def _cards(value: Union[str, Sequence[Any]], what: str) -> list:
    try:
        return [Card(c) for c in (value.replace(",", " ").split() if isinstance(value, str) else value)]
    except (ValueError, TypeError, DurakError):
        raise LiveError("live-bad-cards", f"{what}: not cards: {value!r}"[:200]) from None


class LiveGame:
    """A real game followed from ``seat`` (see the module's text).

    ``hand``: the seat's cards; ``trump_card``: the face-up card under the talon (or ``trump``, a
    suit, when there is none); ``leader``: who leads the first bout; ``shown``: the lowest trump
    the leader showed (R7), if you saw it; ``talon``: the talon's size (default: what the deal
    leaves); ``seed`` or ``rng``: the random deal of the hidden cards.
    """

    def __init__(self, rules: Rules, seat: int, hand: Union[str, Sequence[Any]], trump_card: Any = None, *,
                 trump: Any = None, leader: int = 0, shown: Any = None, talon: Optional[int] = None,
                 seed: Optional[int] = None, rng: Optional[random.Random] = None) -> None:
        if not 0 <= seat < rules.players or not 0 <= leader < rules.players:
            raise LiveError("live-bad-seat", f"seats are P1 to P{rules.players}", players=rules.players)
        self.rules, self.seat = rules, seat
        self.rng = rng if rng is not None else random.Random(seed)
        mine = _cards(hand, "hand")
        if len(mine) != rules.hand_size or len(set(mine)) != len(mine):
            raise LiveError("live-hand-size", f"your hand must hold {rules.hand_size} different cards",
                            count=rules.hand_size)
        deck = list(CardSet(rules.all_cards))
        face = Card(trump_card) if trump_card is not None else None
        for c in mine + ([face] if face is not None else []):
            if c not in deck:
                raise LiveError("live-not-in-deck", f"{c} is not in this deck", card=c)
        if face is not None and face in mine:
            raise LiveError("live-twice", f"{face} cannot be both in your hand and under the talon", card=face)
        shown_card = Card(shown) if shown is not None else None
        if shown_card is not None and (shown_card == face or (leader == seat) != (shown_card in mine)):
            if leader == seat:
                raise LiveError("live-not-yours", f"{shown_card} is not in your hand", card=shown_card)
            raise LiveError("live-seen-card", f"{shown_card} cannot be the card {seat_text(leader)} showed",
                            card=shown_card, seat=seat_text(leader))
        rest = [c for c in deck if c not in mine and c != face and c != shown_card]
        self.rng.shuffle(rest)
        low: list = []  # R7: the trump shown is the lowest dealt, so every lower trump lies in the talon
        if shown_card is not None:
            low = [c for c in rest if c.suit == shown_card.suit and c.rank < shown_card.rank]
            if any(c.suit == shown_card.suit and c.rank < shown_card.rank for c in mine):
                raise LiveError("live-lower-trump", f"you hold a trump lower than {shown_card}", card=shown_card,
                                seat=seat_text(leader))
            rest = [c for c in rest if c not in low]
        n, h = rules.players, rules.hand_size
        hands: list = []
        for s in range(n):
            if s == seat:
                hands.append(mine)
            elif s == leader and shown_card is not None:  # the lowest trump, shown to lead (R7)
                hands.append([shown_card] + rest[:h - 1])
                rest = rest[h - 1:]
            else:
                hands.append(rest[:h])
                rest = rest[h:]
        up = 1 if face is not None else 0
        size = len(rest) + len(low) + up if talon is None else talon
        if not len(low) + up <= size <= len(rest) + len(low) + up or (face is not None and size == 0):
            raise LiveError("live-talon-size", f"the talon cannot hold {size} cards", count=size)
        hidden_pile = low + rest[:size - up - len(low)]
        out = rest[size - up - len(low):]
        self.rng.shuffle(hidden_pile)
        pile = hidden_pile + ([face] if face is not None else [])
        try:
            known = [CardSet([shown_card] if s == leader and shown_card is not None else []) for s in range(n)]
            p = Position.start(rules, [CardSet(x) for x in hands], talon=pile, trump_card=face, trump=trump,
                               discard=CardSet(out), attacker=leader, known=known)
        except PositionError as err:
            raise LiveError("live-bad-start", str(err)) from None
        if rules.show_lowest_trump and shown_card is None:
            # R7 with no shown card said: the engine marked the lowest trump of the random deal as shown;
            # keep only what the seat knows (its own lowest trump, shown if it leads), so nothing depends on
            # that deal
            mine_trumps = [c for c in mine if c.suit == p.trump]
            said = [0] * n
            if leader == seat and mine_trumps:
                said[seat] = 1 << min(mine_trumps, key=lambda c: c.rank)
            p = p._replace(known=tuple(said))
        self.position = p
        self.history: list = []  # (position, cards to draw, the engine's guess) before each change, for undo
        self.seen: list = []  # (the seat's view before the move, the move): what the seat saw happen
        self.to_draw = 0  # cards the engine handed the seat that the person has not confirmed
        self._guess: tuple = ()

    # ------------------------------------------------------------ what the person sees
    @property
    def view(self) -> PlayerView:
        """The seat's view: everything shown or computed here comes from it."""
        return self.position.view(self.seat)

    @property
    def stand_ins(self) -> tuple:
        """The cards the engine drew for you that you have not confirmed (:meth:`drew` replaces them
        with the real ones): stand-ins, never to be shown as your cards."""
        return self._guess if self.to_draw else ()

    def waiting_for(self) -> Optional[str]:
        """Who must say something next: ``"you"`` (your move, or the cards you drew), a seat such as
        ``"P3"``, or None once the game is over."""
        if self.to_draw:
            return "you"
        to_act = self.position.to_act()
        if self.position.result is not None or to_act is None:
            return None
        return "you" if to_act == self.seat else seat_text(to_act)

    # ------------------------------------------------------------ what happened at the table
    def _bring(self, p: Position, card: Card, seat: int) -> Position:
        """``p`` with ``card`` in ``seat``'s hand, traded with one of that hand's hidden cards."""
        where = place_of(p, card)
        if where == seat:
            return p
        if where == self.seat or not (self.view_of(p).unseen_mask() >> card) & 1:
            raise LiveError("live-seen-card", f"{card} cannot be in {seat_text(seat)}'s hand: you know where it is",
                            card=card, seat=seat_text(seat))
        hidden = [c for c in CardSet(p.hands[seat] & ~p.known[seat])]
        if not hidden:
            raise LiveError("live-seen-card", f"every card of {seat_text(seat)} is known", card=card,
                            seat=seat_text(seat))
        return exchange(p, card, self.rng.choice(hidden))

    def view_of(self, p: Position) -> PlayerView:
        return p.view(self.seat)

    def move(self, move: Union[Move, str]) -> Position:
        """Play what happened at the table: any seat's move, as a move or its text ("P2 take").

        Another seat's cards are moved into its hand first if the random deal had put them
        elsewhere.  Raises :class:`~durak_lab.engine.errors.IllegalMoveError` for a move the rules
        forbid and :class:`LiveError` for one the live game cannot take; the game stays as it was.
        """
        if self.to_draw:
            raise LiveError("live-draw-first", "say which cards you drew first", count=self.to_draw)
        m = move if isinstance(move, Move) else Move.parse(move, self.rules.players)
        p = self.position
        if m.seat != self.seat and m.kind in _FROM_HAND:
            for card in m.cards:
                p = self._bring(p, card, m.seat)
        p = self._keep_open(p, m)
        hand_before = p.hands[self.seat]
        table_before = p.table_cards() | sum(1 << c for c in m.cards)  # a card thrown into a take is picked up too
        after = p.play(m)  # IllegalMoveError: nothing changed
        self.history.append((self.position, self.to_draw, self._guess))
        self.seen.append((self.position.view(self.seat), m))
        self.position = after
        # new cards that were not on the table (a take picks those up, in sight): drawn from the talon
        drawn = CardSet(after.hands[self.seat] & ~hand_before & ~table_before)
        if drawn:
            self.to_draw, self._guess = len(drawn), tuple(drawn)
        return after

    def _keep_open(self, p: Position, m: Move) -> Position:
        """``p`` with a card of the table's ranks in the hidden hand of every other attacker who may
        still throw in, where such a card is still unseen: then the engine asks them (R12, R18)
        rather than end the bout because the random deal gave them nothing to add.  At the real
        table they may still add a card, or say "pass"."""
        if m.kind not in ("attack", "cover", "take", "pass"):
            return p
        ranks = {Card(c).rank for c in CardSet(p.table_cards())} | {c.rank for c in m.cards}
        for s in p.attackers():
            if s == self.seat or (m.kind == "pass" and s == m.seat):
                continue
            if m.kind in ("take", "pass") and p.passed >> s & 1:
                continue  # no new card: who passed has passed (a new card asks everyone again)
            hand = p.hands[s] & ~sum(1 << c for c in m.cards)  # what is left once the move is played
            if any(Card(c).rank in ranks for c in CardSet(hand)):
                continue
            hidden = [c for c in CardSet(hand & ~p.known[s])]
            unseen = self.view_of(p).unseen_mask() & ~p.hands[s]
            fits = [c for c in CardSet(unseen) if c.rank in ranks and c not in m.cards]
            if hidden and fits:
                p = exchange(p, self.rng.choice(fits), self.rng.choice(hidden))
        return p

    def drew(self, cards: Union[str, Sequence[Any]]) -> Position:
        """The cards the seat really drew after the bout (as many as :attr:`to_draw`)."""
        if not self.to_draw:
            raise LiveError("live-no-draw", "you have no card to draw now")
        real = _cards(cards, "drawn")
        if len(real) != self.to_draw or len(set(real)) != len(real):
            raise LiveError("live-draw-count", f"you drew {self.to_draw} cards", count=self.to_draw)
        p = self.position
        guess = list(self._guess)
        unseen_before = self.view_of(self.history[-1][0]).unseen_mask() if self.history else 0
        face = p.trump_card if p.trump_card >= 0 else None
        for c in real:
            if c in guess:
                continue
            if not (unseen_before >> c) & 1 and c != face:
                raise LiveError("live-seen-card", f"{c} cannot be a card you drew: you know where it is", card=c,
                                seat=seat_text(self.seat))
        wrong = [c for c in guess if c not in real]
        new = [c for c in real if c not in guess]
        for g, c in zip(wrong, new):
            if g == face or c == face:
                raise LiveError("live-face-card", "the face-up trump card is drawn last, by whoever draws it",
                                card=Card(face) if face is not None else g)
            p = _swap_own(p, self.seat, g, c)
        self.history.append((self.position, self.to_draw, self._guess))
        self.position, self.to_draw, self._guess = p, 0, ()
        return p

    def undo(self) -> None:
        """Take back the last move or draw."""
        if not self.history:
            raise LiveError("live-nothing-to-undo", "nothing to take back")
        drawing = self.to_draw == 0 and self.history[-1][1] > 0  # the last change was a draw
        self.position, self.to_draw, self._guess = self.history.pop()
        if not drawing:
            self.seen.pop()

    # ------------------------------------------------------------ what may be said next
    def choices(self, seat: Optional[int] = None) -> list:
        """What ``seat`` (default: the one the game waits for) may do now, as moves: your own legal
        moves; another seat's moves with any card it may hold (a card it is known to hold, or one you
        have not seen) and its moves without a card (take, pass); nothing while a draw is unsaid or the
        game is over.  Moves of several cards at once are not listed (say them with :meth:`move`).  The
        list depends only on what your seat knows, never on the random deal of the cards you cannot see.

        >>> from durak_lab.engine.rules import Rules
        >>> g = LiveGame(Rules(players=2), seat=0, hand="6♠ 8♦ 9♦ J♣ Q♥ A♠", trump_card="10♠", leader=1, seed=1)
        >>> moves = g.choices()
        >>> len(moves), str(moves[0]), all(m.seat == 1 and m.kind == "attack" for m in moves)
        (29, 'P2 attack 7♠', True)
        >>> g.choices(0)          # P1 defends: nothing to do before P2 leads
        []
        """
        p = self.position
        if self.to_draw or p.result is not None or p.to_act() is None:
            return []
        seat = p.to_act() if seat is None else seat
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise LiveError("live-bad-seat", f"seats are P1 to P{self.rules.players}", players=self.rules.players)
        if seat == self.seat:
            return [m for m in p.legal_moves(seat) if m.seat == seat]
        found: dict = {str(m): m for m in p.legal_moves(seat) if m.seat == seat and not m.cards}
        theirs = CardSet(self.view.unseen_mask() | (p.known[seat] & p.hands[seat]))
        for card in sorted(theirs, key=lambda c: (c.suit, c.rank)):
            try:
                q = self._bring(p, card, seat)
            except LiveError:
                continue
            for m in q.legal_moves(seat):
                if m.seat == seat and (m.cards == (card,) or not m.cards):
                    found.setdefault(str(m), m)
        return [m for m in found.values() if m.cards] + [m for m in found.values() if not m.cards]

    def acting(self) -> list:
        """The seats that may act now (0-based), the one the game waits for first: at a throw-in
        several may (R12), and the page asks which of them moved."""
        first = self.position.to_act()
        if first is None or self.to_draw or self.position.result is not None:
            return []
        others = [s for s in range(self.rules.players) if s != first and self.choices(s)]
        return [first] + others

    def draw_choices(self) -> list:
        """The cards you may say you drew (while :attr:`to_draw` waits): the ones you had not seen,
        and the face-up trump card when it was the talon's last."""
        if not self.to_draw:
            return []
        before = self.history[-1][0]
        mask = self.view_of(before).unseen_mask()
        face = before.trump_card if before.trump_card >= 0 and before.talon else -1
        cards = set(CardSet(mask)) | set(self._guess)
        if face >= 0 and self._guess and Card(face) in self._guess:
            cards.add(Card(face))
        return sorted(cards, key=lambda c: (c.suit, c.rank))

    # ------------------------------------------------------------ what the helper says
    def evaluate(self, playouts: Optional[int] = None, seed: int = 0) -> Optional[Evaluation]:
        """The evaluator's figures for the seat, from its view and what it saw the others do (the
        expert's reading of their moves); None while a draw is unsaid, or where the evaluator
        cannot play these rules."""
        if self.to_draw:
            return None
        return evaluate_view(self.view, random.Random(seed), self.seen, playouts=playouts)


def _swap_own(p: Position, seat: int, mine: Card, real: Card) -> Position:
    """Put ``real`` in ``seat``'s hand in place of ``mine``, a card the engine drew for it.  ``mine``
    is in the seat's hand (not known to others: drawn from the talon), ``real`` hidden elsewhere."""
    if not (p.hands[seat] >> mine) & 1 or (p.known[seat] >> mine) & 1:
        raise PositionError(f"{mine} is not a card {seat_text(seat)} just drew")
    return exchange(p, mine, real)
