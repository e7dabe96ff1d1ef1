"""How does that player play?  A posterior over styles, read from its moves.

A bot that assumes how its opponents play is strong against players who do play that way and
may be weak against anyone else.  This module infers it instead.  A *style* is a way of playing
(:data:`STYLES`): the greedy bot's (:mod:`durak_lab.bots.greedy`), the greedy variants of
:mod:`durak_lab.bots.population` (trumps thrown in early, trumps saved, pairs led together,
transfers made), and ``"other"``, any legal move as likely as any other (a player who thinks
ahead, or a person: the style that explains every move a little).

:class:`StyleReading` keeps, for every other seat, the probability of each style given the
moves it made, by Bayes' rule, move by move.  The likelihood of a move under a style is how
often that style makes it in worlds dealt from what the observer knew just before it (each
world a deal of the cards it had not seen, the mover holding the cards it laid, as
:func:`~durak_lab.analysis.sampling.iter_worlds` deals them), mixed with a small chance
``epsilon`` of any legal move: a style's player may slip, and one move never rules a style out
for good.  The greedy styles' worlds keep what the seat's earlier moves said about its cards
when read the greedy way (:class:`~durak_lab.analysis.inference.reading.Reading`: a player who
took held nothing that beats); so a greedy player who leads a king late in the game, having led
its low cards before, is not held to be unlikely to play greedy.

Styles that play the same moves under the rules at hand are one style there (pairs where a lead
is one card, transfers where there are none), so only those that apply are weighed
(:meth:`Style.applies`).  Forced moves (one legal move) say nothing and are skipped.

What a bot does with it (:class:`~durak_lab.bots.search.SearchBot` with ``styles``): it reads
the moves the greedy way only while a style whose moves keep those facts is likely
(:attr:`Style.reads`), plays its best reply near the end of the talon only against a style
it can reply to (:attr:`Style.reply`, a policy of the lean kernel) that is very likely, and, with
``opponents="styles"`` (the expert level, at a table of three or more), plays a player in each
walk down its tree by a style drawn from the posterior (:attr:`Style.policy`; a style without one is searched).

Everything here is a function of what the observing seat saw: its views and the public moves
(a property test deals the hidden cards again).  Standard library only.

>>> import random
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> from durak_lab.bots import GreedyBot, GreedyVariant
>>> rules = Rules.preset("podkidnoy", players=2)
>>> p, rng = Position.deal(rules, seed=0), random.Random(0)
>>> reading, players = StyleReading(0, rules), [GreedyBot(), GreedyVariant(save_trumps=True)]
>>> while p.result is None:
...     move = players[p.to_act()].choose(p.view(p.to_act()), rng)
...     reading.add(p.view(0), move, rng)      # P1 reads every move
...     p = p.play(move)
>>> style, chance = reading.likely(1)
>>> style.name, chance > 0.9
('greedy+save', True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import partial
from typing import Callable, Optional, Sequence

from ..analysis.inference.reading import Reading
from ..analysis.sampling import iter_worlds
from ..engine.errors import SamplingError
from ..engine.kernel.core import greedy
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .greedy import greedy_move

__all__ = ["STYLES", "Style", "StyleReading", "ahead", "with_ahead"]


def _greedy_play(view: PlayerView, legal: Sequence[Move], **habit) -> Move:
    """Greedy play's move, with ``habit`` (:func:`greedy_move`'s options); a module function, bound
    with :func:`functools.partial`, not a lambda, so a bot holding its styles pickles for a pool."""
    return greedy_move(view, list(legal), **habit)


def _throwing(moves: list, trump: int, talon_left: bool, rng: Optional[random.Random]) -> int:
    """The lean kernel's greedy policy that throws trumps in while the talon lasts too."""
    return greedy(moves, trump, False, rng)


@dataclass(frozen=True)
class Style:
    """A way of playing: ``name``; ``play(view, legal) -> Move`` (None: every legal move equally
    likely); ``reads``: whether its moves keep the facts the greedy reading draws from them (a
    take: no card that beats; a lead: no cheaper card, …); ``reply``: its policy on the lean
    kernel (``policy(moves, trump, talon_left, rng)``) once the talon holds four cards or fewer,
    which a best reply may be searched against (None: none); ``needs``: the rule it needs to
    differ from greedy play (``"transfer"``, ``"lead"``: a lead of several cards), or ``""``;
    ``policy``: its policy on the lean kernel for the whole game, which a tree may play it by (None:
    searched); ``follows``: the chance that its player makes ``play``'s move (below 1, any other
    legal move otherwise, each as likely: :func:`ahead`).

    >>> STYLES[0].name, STYLES[0].applies(Rules.preset("podkidnoy"))
    ('greedy', True)
    >>> [s.name for s in STYLES if s.applies(Rules.preset("podkidnoy"))]
    ['greedy', 'greedy+throw', 'greedy+save', 'other']
    """

    name: str
    play: Optional[Callable[[PlayerView, Sequence[Move]], Move]]
    reads: bool
    reply: Optional[Callable] = None
    needs: str = ""
    policy: Optional[Callable] = None
    follows: float = 1.0

    def applies(self, rules: Rules) -> bool:
        """Whether the style plays other moves than greedy play under ``rules`` (greedy itself
        and ``"other"`` always apply)."""
        if self.needs == "transfer":
            return bool(rules.transfer)
        if self.needs == "lead":
            return rules.lead is None or rules.lead > 1
        return True


#: The styles weighed, greedy first.  ``greedy+save`` saves its trumps only while the talon holds
#: more than four cards, so near the end it plays the greedy way and the greedy reply fits it.
STYLES = (
    Style("greedy", _greedy_play, reads=True, reply=greedy, policy=greedy),
    Style("greedy+throw", partial(_greedy_play, throw_trumps=True), reads=True, reply=_throwing, policy=_throwing),
    Style("greedy+save", partial(_greedy_play, save_above=4), reads=False, reply=greedy),
    Style("greedy+pairs", partial(_greedy_play, pairs=True), reads=True, reply=None, needs="lead"),
    Style("greedy+transfer", partial(_greedy_play, transfer=True), reads=True, reply=None, needs="transfer"),
    Style("other", None, reads=False),
)


def ahead(follows: float) -> Style:
    """A player who thinks ahead (a search bot, a person who counts cards): the greedy move with
    chance ``follows``, else any other legal move, each as likely.  Its moves are not read the greedy
    way, and it has no policy: a bot searches its moves.  Beside greedy play and ``"other"`` it tells
    a player who mostly plays the greedy move from one who always does: each greedy move counts
    less for greedy play than against ``"other"``, and a move that is not greedy counts more against it.

    >>> st = ahead(0.8)
    >>> st.name, st.follows, st.reads, st.policy is None
    ('ahead', 0.8, False, True)
    """
    if not 0 < follows < 1:
        raise ValueError(f"follows must be above 0 and below 1, not {follows}")
    return Style("ahead", _greedy_play, reads=False, follows=follows)


def with_ahead(follows: float) -> tuple:
    """:data:`STYLES` with :func:`ahead` weighed too, before ``"other"``.

    >>> [st.name for st in with_ahead(0.5)][-2:]
    ['ahead', 'other']
    """
    rest = tuple(st for st in STYLES if st.name != "other")
    return rest + (ahead(follows),) + tuple(st for st in STYLES if st.name == "other")


class StyleReading:
    """For each seat but ``seat``, a posterior over ``styles`` (those that apply under ``rules``),
    updated by :meth:`add` with every move of the game (see the module's text).

    ``prior``: the styles' prior weights by name (missing ones: 1; greedy 2 by default, the
    usual player of the bots' tables); ``worlds``: worlds dealt per move and kind of world;
    ``epsilon``: the chance that a player of a style makes any legal move instead;
    ``attempts``: deals tried per move for worlds where the mover holds what it laid.

    >>> r = StyleReading(0, Rules.preset("podkidnoy"))
    >>> sorted(r.probabilities(1).items())        # before any move: the prior
    [('greedy', 0.4), ('greedy+save', 0.2), ('greedy+throw', 0.2), ('other', 0.2)]
    """

    def __init__(self, seat: int, rules: Rules, styles: Sequence[Style] = STYLES, prior: Optional[dict] = None,
                 worlds: int = 12, epsilon: float = 0.05, attempts: int = 300) -> None:
        if not 0 < epsilon <= 1:
            raise ValueError(f"epsilon must be above 0 and at most 1, not {epsilon}")
        if worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds}")
        self.seat = seat
        self.rules = rules
        self.styles = tuple(s for s in styles if s.applies(rules))
        weights = {"greedy": 2.0, **(prior or {})}
        self.log = {s: {st.name: math.log(weights.get(st.name, 1.0)) for st in self.styles}
                    for s in range(rules.players) if s != seat}
        self.worlds = worlds
        self.epsilon = epsilon
        self.attempts = attempts
        self.moves = 0  # the moves read (all of them, the forced ones too)
        self.reading = Reading(seat)

    def probabilities(self, seat: int) -> dict:
        """``{style name: probability}`` for ``seat``, from the moves read so far."""
        logs = self.log[seat]
        top = max(logs.values())
        w = {k: math.exp(v - top) for k, v in logs.items()}
        total = sum(w.values())
        return {k: x / total for k, x in w.items()}

    def likely(self, seat: int) -> tuple:
        """``(style, probability)``: the most likely style of ``seat`` (the first of equals)."""
        p = self.probabilities(seat)
        best = max(self.styles, key=lambda st: p[st.name])
        return best, p[best.name]

    def chance(self, seat: int, test: Callable[[Style], bool]) -> float:
        """The probability that ``seat`` plays one of the styles ``test`` is true of."""
        p = self.probabilities(seat)
        return sum(p[st.name] for st in self.styles if test(st))

    def add(self, view: PlayerView, move: Move, rng: random.Random) -> None:
        """Read one move, ``view`` being this seat's view just before it."""
        self.moves += 1
        mover = move.seat
        if mover != self.seat and mover in self.log:
            for name, lik in self._likelihoods(view, move, rng).items():
                self.log[mover][name] += math.log(lik)
        self.reading.add(view, move)

    def _likelihoods(self, view: PlayerView, move: Move, rng: random.Random) -> dict:
        """The likelihood of ``move`` under each style (see the module); ``{}`` if the move says
        nothing (forced, or no world dealt where its seat could make it)."""
        s = move.seat
        need = 0
        for c in move.cards:
            if not view.known[s] >> c & 1:
                need |= 1 << c

        def holds(w) -> bool:
            return w.hands[s] & need == need

        read = self.reading.plan(view)
        if read and read[s] is not None:  # the greedy styles' worlds keep what its moves said
            plan = read
            groups = [(False, None), (True, lambda r: Reading.bars(plan, r))]
        else:
            groups = [(None, None)]
        out: dict = {}
        any_move = None
        for reads, exclude in groups:
            styles = [st for st in self.styles if reads is None or st.reads == reads]
            if not styles:
                continue
            made = dict.fromkeys((st.name for st in styles), 0.0)
            uniform = 0.0
            seen = forced = 0
            try:
                source = iter_worlds(view, rng, [holds], max_attempts=self.attempts, exclude=exclude)
                for _ in range(self.worlds):
                    w = next(source)
                    if w.to_act() != s:
                        continue
                    mover = w.view(s)
                    legal = mover.legal
                    if move not in legal:
                        continue
                    seen += 1
                    forced += len(legal) == 1
                    uniform += 1 / len(legal)
                    for st in styles:
                        if st.play is None:
                            made[st.name] += 1 / len(legal)
                        elif st.play(mover, legal) == move:
                            made[st.name] += st.follows
                        elif len(legal) > 1:
                            made[st.name] += (1 - st.follows) / (len(legal) - 1)
            except SamplingError:
                pass
            if not seen:
                if reads and any_move is not None:
                    # no world of the greedy reading lets it make this move: those styles did not make it
                    for st in styles:
                        out[st.name] = self.epsilon * any_move
                    continue
                return {}
            if forced == seen:
                return {}
            any_move = uniform / seen
            for st in styles:
                out[st.name] = (1 - self.epsilon) * made[st.name] / seen + self.epsilon * any_move
        return out

    @classmethod
    def of(cls, history: Sequence, seat: int, rules: Rules, rng: random.Random, **options) -> "StyleReading":
        """The reading of a history of ``(seat's view before the move, move)`` pairs."""
        r = cls(seat, rules, **options)
        r.extend(history, rng)
        return r

    def extend(self, history: Sequence, rng: random.Random) -> None:
        """Read the moves of ``history`` after the :attr:`moves` already read."""
        for view, move in history[self.moves:]:
            self.add(view, move, rng)
