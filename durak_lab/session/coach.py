"""The coach: a word before a doubtful move, a hint on request, both from the evaluator.

:class:`Coach` looks only at what the player's seat knows (its
:class:`~durak_lab.engine.view.PlayerView`, and the game's public history as the seat
saw it), like a bot.  Its judge is the evaluator
(:func:`~durak_lab.session.advice.evaluate_view`: the hidden cards dealt again and
again from the seat's view, with a reading of the other players' moves; the exact
solver once nothing is hidden, R19, R28).

:meth:`Coach.hint` names the move the evaluator rates best, and why: its chance of
not being the durak, and the next best move's (or, exactly, a win, a draw or a
loss).  :meth:`Coach.hint_move` is that move.

:meth:`Coach.warning` speaks before a legal move the evaluator judges **a mistake
or a big mistake** (the review's labels,
:func:`~durak_lab.analysis.evaluation.review.label_for`: the move loses clearly more
than 0.10 of the chance, its margin of error taken off first), and says by how
much: the chance before and after, and the better move.  Before **a small slip**
(an inaccuracy) it gives one of the tips for beginners of the Chinese source
(digest, "Tips for beginners (ZH)") when one fits (:meth:`Coach.tip`):

* covering with a trump while a plain card of the suit beats the attack card,
  unless that plain card is wanted for another card on the table (R11);
* leading or throwing in a trump while the talon lasts, when a plain card would do (R10, R12);
* leading a high card when a low plain card would do (the tips: attack low, keep high cards);
* taking when the whole table can be covered without a trump (R15, R18).

A move the evaluator rates best or good gets no word, and a seat's only move is
never doubtful.  Under rules the evaluator does not play (pushing durak, the
defender's choice, a joker, an open trump swap) the coach falls back on the tips
and the exact solver of the two-player endgame, and the hint on the endgame bot's
move.

Standard library only.

>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.engine.moves import Move
>>> p = Position.start(Rules(players=2), ["9♠ 7♦", "K♠ 6♥ 8♦"], talon=["Q♣", "A♥"], trump_card="A♥",
...                    discard="rest", attacker=0, first_bout=False).play("P1 attack 9♠")
>>> print(Coach().tip(p.view(1), Move.parse("P2 cover 9♠ with 6♥")))
you cover 9♠ with a trump, but K♠ beats it too. Keep your trumps for later.
>>> q = Position.start(Rules(players=2), ["6♦ 10♦ 10♣", "8♥ 7♦"], trump="♠", discard="rest",
...                    attacker=1, first_bout=False)
>>> print(Coach().warning(q.view(1), Move.parse("P2 attack 7♦")))
Coach: with best play this move turns a win into a loss. Better: play 8♥.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import replace
from typing import Optional, Sequence

from ..analysis.evaluation import Evaluation
from ..analysis.evaluation.review import BLUNDER, INACCURACY, MISTAKE
from ..analysis.solver.endgame import SearchLimitExceeded, Solver
from ..bots.endgame import position_of_view
from ..bots.tips import TipsBot, card_cost, cheapest_cover
from ..engine.cards import BEATERS, Card, cards_of, rank_of, suit_of
from ..engine.errors import SolverDomainError
from ..engine.moves import ATTACK, COVER, TAKE, Move
from ..engine.rules import Rules
from ..engine.view import PlayerView
from ..text.catalogue import Rank
from ..text.messages import say
from ..text.narrate import hint_why, move_words, value_words
from ..text.review import hint_sentence, label_words, percent
from . import advice
from .advice import EXACT_NODES, evaluate_view, judge

__all__ = ["Coach"]

#: ``max_nodes=None``: an exact search as large as it takes.
_UNBOUNDED = 10 ** 12


def _cards(cards) -> str:
    return " ".join(str(Card(c)) for c in cards)


def _uncovered(view: PlayerView) -> list:
    return [a for a, c, _, _ in view.table if c < 0]


class Coach:
    """Advice for one seat from what it knows (see the module's text).

    ``budget``: the CPU seconds (on a laptop) of a hint or a warning (default: the setting
    :data:`~durak_lab.session.advice.HINT_BUDGET`), turned into playouts by the rules' cost
    (:func:`~durak_lab.session.advice.playouts_for`); ``playouts``: a number of playouts instead;
    ``max_nodes``: the exact search's size once nothing is hidden (None: as large as it takes).
    The coach remembers its last :attr:`MEMORY` evaluations, so that a hint, the warning before
    the move and the review of it afterwards cost one search.
    """

    #: How many evaluations (and, under rules the evaluator does not play, solver values) the
    #: coach remembers.
    MEMORY = 256

    def __init__(self, max_nodes: Optional[int] = EXACT_NODES, playouts: Optional[int] = None,
                 budget: Optional[float] = None) -> None:
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        if budget is not None and not budget > 0:
            raise ValueError(f"budget must be a positive number of seconds, not {budget}")
        self.max_nodes = max_nodes
        self.playouts = playouts
        self.budget = budget
        self._solver = Solver(max_nodes=max_nodes, max_table=200_000)
        self._tips_bot = TipsBot()
        self._memory: dict = {}
        self._evaluations: OrderedDict = OrderedDict()

    def hint_playouts(self, rules: Rules) -> int:
        """The playouts of a hint or a warning under ``rules``.

        >>> Coach().hint_playouts(Rules.preset("podkidnoy")), Coach(budget=0.1).hint_playouts(Rules.preset("podkidnoy"))
        (3000, 1000)
        """
        if self.playouts is not None:
            return self.playouts
        return advice.playouts_for(rules, advice.HINT_BUDGET if self.budget is None else self.budget)

    def forget(self) -> None:
        """Forget the evaluations remembered (a new game)."""
        self._evaluations.clear()

    # ------------------------------------------------------------ the evaluator
    def evaluation(self, view: PlayerView, rng: Optional[random.Random] = None, history: Sequence = (),
                   playouts: Optional[int] = None) -> Optional[Evaluation]:
        """The evaluator's figures for ``view``'s seat, to act now (None when it does not act, has no
        move, or the evaluator cannot play these rules): see
        :func:`~durak_lab.session.advice.evaluate_view`.

        ``rng``: the random numbers (default ``random.Random(0)``); ``history``: the game so far as
        ``(this seat's view before the move, move)`` pairs; ``playouts``: default :meth:`hint_playouts`.
        An evaluation remembered for the same view, history and random numbers, with at least as
        many playouts, is given again.
        """
        if view.to_act != view.seat or not view.legal:
            return None
        playouts = self.hint_playouts(view.rules) if playouts is None else playouts
        rng = random.Random(0) if rng is None else rng
        key = (view, rng.getstate(), tuple(m for _, m in history))
        known = self._evaluations.get(key)
        if known is not None and known[0] >= playouts:
            self._evaluations.move_to_end(key)
            return known[1]
        nodes = _UNBOUNDED if self.max_nodes is None else self.max_nodes
        ev = evaluate_view(view, rng, history, playouts=playouts, exact_nodes=nodes)
        self._evaluations[key] = (playouts, ev)
        while len(self._evaluations) > self.MEMORY:
            self._evaluations.popitem(last=False)
        return ev

    # ------------------------------------------------------------ warnings
    def warning(self, view: PlayerView, move: Move, rng: Optional[random.Random] = None,
                history: Sequence = ()) -> Optional[str]:
        """A sentence before a legal but doubtful ``move``, or None when the coach has nothing to say.

        The evaluator judges (see the module's text): before a mistake or a big mistake, by how
        much the chance goes down and the better move; before a small slip, a tip if one fits.
        ``rng`` and ``history`` as for :meth:`evaluation` (the hint's, so that both agree).
        """
        if len(view.legal) < 2:
            return None
        ev = self.evaluation(view, rng, history)
        if ev is None:  # rules the evaluator does not play: the solver's endgame, else the tips
            values = self._values(view)
            why = self._endgame(values, move) if values else self.tip(view, move)
            return None if why is None else say("coach-warning", why=why)
        try:
            d = judge(ev, move)
        except KeyError:
            return None
        if d.label in (MISTAKE, BLUNDER):
            better = d.better[0] if d.better else ev.best[0]
            if d.exact:
                why = say("coach-endgame", best=value_words(_value(d.before)), mine=value_words(_value(d.after)),
                          move=move_words(better))
            else:
                why = say("coach-eval-slip", label=label_words(d.label), before=percent(d.before),
                          after=percent(d.after), better=move_words(better))
        elif d.label == INACCURACY:
            why = self.tip(view, move)
        else:
            why = None
        return None if why is None else say("coach-warning", why=why)

    def tip(self, view: PlayerView, move: Move) -> Optional[str]:
        """The tip for beginners that advises against ``move`` (see the module's list), or None."""
        trump = view.trump
        hand = view.hand_mask
        talon = view.talon_size > 0
        if move.kind == COVER:
            a, c = int(move.target), int(move.cards[0])
            if suit_of(c) == trump and suit_of(a) != trump:
                plain = _spare_plain_cover(view, a, c)
                if plain is not None:
                    return say("coach-trump-cover", card=str(Card(a)), plain=str(Card(plain)))
        elif move.kind == TAKE:
            attacks = _uncovered(view)
            if attacks and talon:
                plan = cheapest_cover(attacks, hand, trump)
                if plan and all(suit_of(c) != trump for c in plan.values()):
                    return say("coach-take-coverable", cards=_cards(plan.values()))
        elif move.kind == ATTACK:
            cards = [int(c) for c in move.cards]
            others = [m for m in view.legal if m.kind == ATTACK and all(suit_of(int(c)) != trump for c in m.cards)]
            if talon and any(suit_of(c) == trump for c in cards) and others:
                return say("coach-keep-trumps", cards=_cards(others[0].cards))
            if not view.table and all(suit_of(c) != trump for c in cards):
                low = min((int(m.cards[0]) for m in others), key=lambda c: card_cost(c, trump), default=None)
                high = max(cards, key=rank_of)
                if low is not None and rank_of(high) - rank_of(low) >= 4 and rank_of(high) >= 11:
                    return say("coach-lead-low", low=str(Card(low)), high=Rank(rank_of(high)))
        return None

    def _values(self, view: PlayerView) -> Optional[list]:
        """The solver's value of every move, when nothing is hidden and the search fits ``max_nodes``
        (under rules the evaluator does not play).

        Remembered for the last :attr:`MEMORY` views, failures too.
        """
        if view.rules.players != 2 or view.talon_size or len(view.legal) < 2:
            return None
        if view in self._memory:
            return self._memory[view]
        try:
            values = self._solver.move_values(position_of_view(view))
        except (SolverDomainError, SearchLimitExceeded, ValueError):
            values = None
        if self._solver.table_size > self._solver.max_table:  # bound the memory over a long session
            self._solver = Solver(max_nodes=self.max_nodes, max_table=self._solver.max_table)
        if len(self._memory) >= self.MEMORY:
            self._memory.clear()
        self._memory[view] = values
        return values

    @staticmethod
    def _endgame(values: list, move: Move) -> Optional[str]:
        best = max(v for _, v in values)
        mine = dict(values).get(move)
        if mine is None or mine >= best:
            return None
        better = next(m for m, v in values if v == best)
        return say("coach-endgame", best=value_words(best), mine=value_words(mine), move=move_words(better))

    # ------------------------------------------------------------ hints
    def hint_move(self, view: PlayerView, rng: random.Random, history: Sequence = ()) -> Optional[Move]:
        """The move :meth:`hint` names (for a widget to show it), or None without a move.

        >>> from durak_lab.engine.rules import Rules
        >>> from durak_lab.engine.state import Position
        >>> p = Position.start(Rules(players=2), ["9♠ 7♦", "K♠ 6♥ 8♦"], talon=["Q♣", "A♥"], trump_card="A♥",
        ...                    discard="rest", attacker=0, first_bout=False).play("P1 attack 9♠")
        >>> coach = Coach()
        >>> move = coach.hint_move(p.view(1), random.Random(0))
        >>> move in p.view(1).legal and move_words(move) in coach.hint(p.view(1), random.Random(0))
        True
        """
        return self._advice(view, rng, history)[0]

    def hint(self, view: PlayerView, rng: random.Random, history: Sequence = ()) -> str:
        """The move the evaluator rates best now, and why, as one sentence (the move of
        :meth:`hint_move` for the same ``rng`` and ``history``)."""
        return self._advice(view, rng, history)[1]

    def _advice(self, view: PlayerView, rng: random.Random, history: Sequence) -> tuple:
        """``(move, sentence)`` of the hint."""
        if not view.legal:
            return None, say("options-none")
        if len(view.legal) == 1:
            return view.legal[0], say("hint-best-only", move=move_words(view.legal[0]))
        ev = self.evaluation(view, rng, history)
        if ev is None or not ev.best:
            move = self._choose(view, rng)
            return move, self._old_hint(view, move)
        move = ev.best[0]
        if len(ev.best) > 1:  # several moves of the same exact value: the tips' choice among them
            move = self._tips_bot.choose(replace(view, legal=tuple(ev.best)), random.Random(0))
        sentence = hint_sentence(ev, move)
        assert sentence is not None
        return move, sentence

    def _choose(self, view: PlayerView, rng: random.Random) -> Move:
        """Under rules the evaluator does not play, the endgame bot's move
        (:class:`~durak_lab.bots.endgame.EndgameBot`): a best move of the solver, the tips'
        choice among equals; the tips' move where the solver cannot see the whole game."""
        values = self._values(view)
        if not values:
            return self._tips_bot.choose(view, rng)
        top = max(v for _, v in values)
        best = tuple(m for m, v in values if v == top)
        return best[0] if len(best) == 1 else self._tips_bot.choose(replace(view, legal=best), rng)

    def _old_hint(self, view: PlayerView, move: Move) -> str:
        """The hint of :meth:`_choose`'s move: the solver's value, else the tips' reason."""
        values = self._values(view)
        if values:
            value = dict(values).get(move)
            why = say("hint-value", value=value_words(value)) if value is not None else ""
        else:
            why = hint_why(view, move)
        return say("coach-hint", move=move_words(move), why=why).strip()


def _value(chance: float) -> int:
    """An exact chance (1, 1/2, 0) as the solver's value (1, 0, -1)."""
    return 1 if chance > 0.75 else (-1 if chance < 0.25 else 0)


def _trumps_needed(attacks: list, hand: int, trump: int) -> Optional[int]:
    """How many trumps the cheapest cover of ``attacks`` from ``hand`` uses (None: they cannot all be covered)."""
    if not attacks:
        return 0
    plan = cheapest_cover(attacks, hand, trump)
    return None if plan is None else sum(1 for c in plan.values() if suit_of(c) == trump)


def _spare_plain_cover(view: PlayerView, attack: int, trump_card: int) -> Optional[int]:
    """The lowest plain card that covers ``attack`` instead of ``trump_card`` and leaves the other
    uncovered cards coverable with fewer trumps in all (None when the trump is needed after all:
    a plain card that beats ``attack`` is wanted for another card on the table)."""
    trump, hand = view.trump, view.hand_mask
    rest = [u for u in _uncovered(view) if u != attack]
    with_trump = _trumps_needed(rest, hand & ~(1 << trump_card), trump)
    for x in cards_of(hand & BEATERS[trump][attack]):
        if suit_of(x) == trump:
            continue
        with_plain = _trumps_needed(rest, hand & ~(1 << x), trump)
        if with_plain is None and with_trump is not None:
            continue  # x is needed for another card
        if with_plain is not None and with_trump is not None and with_plain >= with_trump + 1:
            continue  # the rest then needs the trump anyway
        return x
    return None
