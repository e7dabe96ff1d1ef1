"""A game at a table: seats for people and bots, moves one at a time, undo, rematch, records.

:class:`PlaySession` is what the clickable play table and ``durak-lab play``
drive.  It holds a :class:`~durak_lab.engine.game.Game` played under the
sequential protocol (exactly one seat acts at a time,
:meth:`~durak_lab.engine.state.Position.to_act`), a kind for each seat (a person,
``"human"``, or a bot level of :data:`~durak_lab.bots.BOTS`), and the sentences
said so far.  A person's move is checked by the engine: an illegal one raises
:class:`~durak_lab.engine.errors.IllegalMoveError` and changes nothing.  A bot
sees only its seat's view and plays one move per :meth:`PlaySession.bot_move`,
so a widget can show the moves one at a time.  :meth:`PlaySession.undo` takes
back the people's last move and the bots' replies to it.  A person's move may
be typed as its text or a short form (``9h on 7h``, ``take``: see
:mod:`durak_lab.session.shorthand`).

Every random choice comes from the deal's ``seed``: the same seed deals the same
cards, and the bots answer the same moves with the same moves, also after an undo.

Standard library only.

>>> s = PlaySession(Rules.preset("podkidnoy", players=2), ["human", "tips"], seed=3)
>>> s.human_to_act() is not None or s.bot_to_act() is not None
True
>>> while not s.is_over and s.bot_to_act() is not None:
...     _ = s.bot_move()
>>> seat = s.human_to_act()
>>> move = s.legal()[0]
>>> said = s.play(move)
>>> said[0].startswith("P1")
True
>>> s.undo(); s.human_to_act() == seat
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Sequence, Union

from ..bots import BOTS, TABLE_LEVELS, Bot, BotError
from ..bots.redeal import bot_declares, redeal_claim
from ..engine.errors import DurakError, IllegalMoveError, Reason
from ..engine.reading import brief
from ..engine.game import Game
from ..engine.moves import Move, seat_text
from ..analysis.evaluation.review import BLUNDER, MISTAKE
from ..engine.records.players import BOT, PERSON, Player
from ..engine.records.record import Record, record_from_game
from ..engine.rules import Rules
from ..engine.state.position import Position
from ..engine.view import PlayerView
from ..text.explain import describe_move, result_sentence
from ..text.narrate import event_sentence
from ..text.catalogue import Colour, Items, Suit
from ..text.messages import say
from .advice import history_rng
from .coach import Coach
from .shorthand import read_move
from .store import write_text
from .table_review import TableReview

__all__ = ["HUMAN", "PlaySession", "SessionError", "seat_kinds", "most_players"]

#: The kind of a seat played by a person.
HUMAN = "human"

#: The largest seed :meth:`PlaySession.new_game` picks by itself.
_SEEDS = 1_000_000


#: Each bot level's name as the table shows it (the level a person types stays ``tips``, ``expert`` …).
_BOT_NAMES = {"random": "bot-name-random", "beginner": "bot-name-beginner", "tips": "bot-name-tips",
              "greedy": "bot-name-greedy", "endgame": "bot-name-endgame", "search": "bot-name-search",
              "expert": "bot-name-expert"}


class SessionError(DurakError, ValueError):
    """Seats, levels or players that do not make a table (the message says which)."""


def most_players(preset: str) -> int:
    """The most players a preset's deck deals a full hand to, at most 8 (R2, R5): what a table of the
    preset seats (7 and 8 players need the low ranks, which the 52-card presets have).

    >>> most_players("podkidnoy"), most_players("finnish"), most_players("doker")
    (6, 8, 8)
    """
    r = Rules.preset(preset)
    return min(8, (r.deck + r.jokers) // r.hand_size)


def seat_kinds(players: int, vs: Sequence[str] = ("tips",), seat: int = 0, humans: int = 1) -> list:
    """The kind of every seat: ``humans`` people from ``seat`` on, bots of the levels ``vs`` elsewhere.

    ``vs`` gives one level per bot, or one level for them all.

    >>> seat_kinds(3, ["random", "tips"], seat=1)
    ['random', 'human', 'tips']
    >>> seat_kinds(4, ["tips"], seat=0, humans=2)
    ['human', 'human', 'tips', 'tips']
    >>> seat_kinds(2, ["strong"])
    Traceback (most recent call last):
    ...
    durak_lab.session.play.SessionError: there is no bot level 'strong': the levels are random, beginner, tips, greedy, endgame, search, expert
    """
    if not 2 <= players <= 8:
        raise SessionError(f"a table has 2 to 8 players, not {players}")
    if not 0 <= seat < players:
        raise SessionError(f"seat P{seat + 1} is not at a table of {players}")
    if not 0 <= humans <= players:
        raise SessionError(f"{humans} people do not fit at a table of {players}")
    bots = players - humans
    levels = list(vs) or ["tips"]
    for level in levels:
        if not isinstance(level, str) or level not in BOTS:
            raise SessionError(f"there is no bot level {brief(level)}: the levels are {', '.join(TABLE_LEVELS)}")
    if len(levels) == 1:
        levels = levels * bots
    if len(levels) != bots:
        raise SessionError(f"{len(levels)} bot levels for {bots} bots")
    kinds = [""] * players
    for i in range(humans):
        kinds[(seat + i) % players] = HUMAN
    rest = iter(levels)
    return [k or next(rest) for k in kinds]


@dataclass
class _Step:
    """What one move of the session added: the move, who made it, how many sentences before it,
    and the state of the bots' random numbers before it."""

    move: Move
    by_human: bool
    said_before: int
    rng_before: tuple


class PlaySession:
    """One game at a table of people and bots, and the next games after it.

    ``seats`` holds each seat's kind: ``"human"`` or a bot level (a key of
    :data:`~durak_lab.bots.BOTS`).  ``seed`` deals the cards (a new one is drawn
    when it is None, and kept in :attr:`seed` so the deal can be replayed).
    """

    #: The person's seat asked now whether to declare a redeal (R4, :meth:`redeal_question`), or None.
    redeal_seat: Optional[int] = None
    #: The seats that declared a redeal (R4), one per redeal, in order (a record's ``start.redeal``).
    declared: Sequence[int] = ()

    def __init__(self, rules: Rules, seats: Sequence[str], seed: Optional[int] = None, coach: bool = False) -> None:
        if len(seats) != rules.players:
            raise SessionError(f"{len(seats)} seats for {rules.players} players")
        for kind in seats:
            if kind != HUMAN and kind not in BOTS:
                raise SessionError(f"there is no bot level {kind!r}: the levels are {', '.join(TABLE_LEVELS)}")
        self.rules = rules
        self.seats = list(seats)
        self.games_played = 0
        #: The coach behind the hints (and the warnings, when the coach is on); it remembers evaluations.
        self.adviser = Coach()
        self.coach: Optional[Coach] = self.adviser if coach else None
        #: The playouts of the review at the end of a game, per decision (None: the
        #: :data:`~durak_lab.session.advice.REVIEW_BUDGET`'s; see :mod:`.table_review`).
        self.review_playouts: Optional[int] = None
        self.new_game(seed)

    # ------------------------------------------------------------ games
    def new_game(self, seed: Optional[int] = None) -> list:
        """Deal a new game (``seed`` None: a fresh seed); return what is said."""
        if seed is None:
            seed = random.SystemRandom().randrange(_SEEDS)
        self.seed = int(seed)
        self.bots: dict = {s: BOTS[k]() for s, k in enumerate(self.seats) if k != HUMAN}
        self.rng = random.Random(self.seed * 7919 + len(self.seats))
        self.said: list = []
        self.notes: list = []  # what the coach said during this game, for the review
        self._steps: list = []
        self.declared = []
        self.redeal_seat = None
        self._kept: set = set()  # (redeal number, seat): who kept a hand that could declare
        self._deal()
        return list(self.said)

    # ------------------------------------------------------------ the redeal (R4)
    def _deal(self) -> None:
        """Deal with the redeals declared so far; with ``rules.redeal``, every seat whose hand may
        declare (R4) decides in seat order: a bot by :func:`~durak_lab.bots.redeal.bot_declares`,
        a person by :meth:`answer_redeal` (the game waits; :attr:`redeal_seat` says who)."""
        while True:
            p = Position.deal(self.rules, self.seed, declare=list(self.declared))
            self.game = Game(p, sequential=True)
            self._table_review: Optional[TableReview] = None
            for coach in {id(c): c for c in (self.adviser, self.coach) if c is not None}.values():
                coach.forget()
            self.redeal_seat = None
            again = False
            if self.rules.redeal:
                for seat in range(self.rules.players):
                    if redeal_claim(p.hands[seat]) is None or (len(self.declared), seat) in self._kept:
                        continue
                    if self.seats[seat] == HUMAN:
                        self.redeal_seat = seat
                        return
                    if bot_declares(p.hands[seat], p.trump):
                        self._declare(seat)
                        again = True
                        break
                    self._kept.add((len(self.declared), seat))
            if not again:
                break
        self._say(say("new-game", seed=self.seed, leader=seat_text(self.game.position.leader)))

    def _declare(self, seat: int) -> None:
        self.declared.append(seat)
        self._say(say("redeal-declared", seat=seat_text(seat)))

    def redeal_question(self) -> str:
        """The question for the person asked whether to declare a redeal (R4); empty when nobody is.

        >>> r = Rules.preset("podkidnoy", players=4, redeal=True)
        >>> s = PlaySession(r, ["tips", "tips", "human", "tips"], seed=29)
        >>> s.redeal_seat, s.redeal_question()
        (2, 'P3, you have 6 red cards. You may ask for a new deal. Do you want new cards?')
        >>> s.answer_redeal(False)[0], s.redeal_seat, s.declared
        ('You keep your cards.', None, [])
        """
        seat = self.redeal_seat
        if seat is None:
            return ""
        claim = redeal_claim(self.position.hands[seat])
        assert claim is not None
        what, which, count = claim
        if what == "suit":
            return say("redeal-ask-suit", seat=seat_text(seat), count=count, suit=Suit(which))
        return say("redeal-ask-colour", seat=seat_text(seat), count=count, colour=Colour(which))

    def answer_redeal(self, yes: bool) -> list:
        """The person's answer to :meth:`redeal_question`: True declares the redeal (R4) and the cards
        are dealt again (perhaps to ask again), False keeps the cards.  Returns what is said."""
        seat = self.redeal_seat
        if seat is None:
            raise SessionError(say("redeal-not-asked"))
        start = len(self.said)
        if yes:
            self._declare(seat)
        else:
            self._kept.add((len(self.declared), seat))
            self._say(say("redeal-kept"))
        self._deal()
        return self.said[start:]

    def rematch(self) -> list:
        """The same deal again with every kind of seat moved one place on: with two players
        the person gets the other hand."""
        self.seats = self.seats[-1:] + self.seats[:-1]
        self.games_played += 1
        return self.new_game(self.seed)

    # ------------------------------------------------------------ queries
    @property
    def position(self) -> Position:
        return self.game.position

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def result(self) -> Optional[tuple]:
        return self.game.result

    @property
    def humans(self) -> list:
        """The seats people play."""
        return [s for s, k in enumerate(self.seats) if k == HUMAN]

    def to_act(self) -> Optional[int]:
        """The seat that acts now (None once the game is over, or while a person decides on a redeal)."""
        return None if self.is_over or self.redeal_seat is not None else self.position.to_act()

    def human_to_act(self) -> Optional[int]:
        """The person's seat that acts now, or None."""
        seat = self.to_act()
        return seat if seat is not None and self.seats[seat] == HUMAN else None

    def bot_to_act(self) -> Optional[int]:
        """The bot's seat that acts now, or None."""
        seat = self.to_act()
        return seat if seat is not None and self.seats[seat] != HUMAN else None

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` knows now."""
        return self.position.view(seat)

    def legal(self) -> list:
        """The moves of the person who acts now (empty when a bot acts or the game is over)."""
        return self.position.sequential_moves() if self.human_to_act() is not None else []

    def seat_name(self, seat: int, viewer: Optional[int] = None) -> str:
        """``P2 (tips bot)``, ``P1 (you)`` or ``P3``."""
        kind = self.seats[seat]
        if kind != HUMAN:
            key = _BOT_NAMES.get(kind)
            return say("seat-bot", seat=seat_text(seat), level=say(key) if key else kind)
        if viewer is not None and seat == viewer and len(self.humans) == 1:
            return say("seat-you", seat=seat_text(seat))
        return say("seat-human", seat=seat_text(seat))

    def status(self) -> str:
        """One sentence: whose turn it is, or how the game ended."""
        if self.is_over:
            return self.end_sentence()
        if self.redeal_seat is not None:
            return self.redeal_question()
        seat = self.to_act()
        if self.seats[seat] == HUMAN:
            return say("your-turn", seat=seat_text(seat))
        return say("bot-thinking", seat=seat_text(seat))

    def end_sentence(self) -> str:
        """How the game ended, for the person at the table (or the people)."""
        result = self.result
        if result is None:
            return ""
        if not result:
            return say("draw")
        humans = self.humans
        if len(humans) == 1:
            return say("you-lost") if humans[0] in result else say("you-won")
        return say("game-over", result=result_sentence(result))

    # ------------------------------------------------------------ playing
    def _say(self, text: str) -> None:
        self.said.append(text)

    def _play(self, move: Move, by_human: bool, rng_before: tuple) -> list:
        before = self.position
        start = len(self.said)
        events = self.game.play(move)  # raises IllegalMoveError, and then nothing changed
        self._steps.append(_Step(move, by_human, start, rng_before))
        self._say(describe_move(before, move))
        for event in events:
            self._say(event_sentence(event))
        if self.is_over:
            self._say(self.end_sentence())
        return self.said[start:]

    def read(self, text: str) -> Move:
        """What the person who acts now means by ``text``: a move text or a short form (see
        :func:`~durak_lab.session.shorthand.read_move`); :class:`~durak_lab.engine.errors.MoveTextError` when it fits no
        move or several.  When no person acts, only a full move text is read.

        >>> s = PlaySession(Rules.preset("podkidnoy", players=2), ["human", "tips"], seed=3)
        >>> _ = s.run_bots()
        >>> s.read("take") == Move.parse(f"{seat_text(s.human_to_act())} take")
        True
        """
        seat = self.human_to_act()
        if seat is None:
            return Move.parse(text, self.rules.players)
        return read_move(text, self.view(seat))

    def check(self, move: Union[Move, str]) -> Move:
        """``move`` as a :class:`Move` if the person who acts now may play it; else
        :class:`IllegalMoveError` with the engine's reason (nothing changes).  A text is
        read with :meth:`read`."""
        if self.redeal_seat is not None:
            raise SessionError(say("redeal-first", seat=seat_text(self.redeal_seat)))
        if isinstance(move, str):
            move = self.read(move)
        seat = self.human_to_act()
        if seat is None:
            who = self.to_act()
            if who is None:
                raise IllegalMoveError(Reason.GAME_OVER, "the game is over", move,
                                       facts={"losers": tuple(self.position.result or ())})
            raise IllegalMoveError(Reason.NOT_YOUR_TURN, say("not-your-turn", seat=seat_text(who)), move,
                                   facts={"case": "turn", "seat": move.seat, "turn": who})
        if move.seat != seat:
            raise IllegalMoveError(Reason.NOT_YOUR_TURN, say("not-your-turn", seat=seat_text(seat)), move,
                                   facts={"case": "seat", "seat": move.seat, "turn": seat})
        err = self.position.why_illegal(move)
        if err is not None:
            raise err
        return move

    def play(self, move: Union[Move, str]) -> list:
        """Play the person's ``move`` (a :class:`Move`, its text or a short form); return what is said.

        An illegal move raises :class:`IllegalMoveError` and leaves everything as it was.
        """
        return self._play(self.check(move), True, self.rng.getstate())

    def bot_move(self) -> tuple:
        """Let the bot that acts now play one move; return ``(move, sentences)``."""
        seat = self.bot_to_act()
        if seat is None:
            raise SessionError("no bot acts now")
        bot: Bot = self.bots[seat]
        view = self.position.view(seat)
        rng_before = self.rng.getstate()
        if getattr(bot, "reads_history", False):  # the public moves so far, as this seat saw them
            history = tuple((step.before.view(seat), step.move) for step in self.game.steps)
            move = bot.choose(view, self.rng, history=history)
        else:
            move = bot.choose(view, self.rng)
        if move not in view.legal:
            raise BotError(f"{bot.name} at {seat_text(seat)} chose {move}, which is not one of its moves")
        return move, self._play(move, False, rng_before)

    def run_bots(self, limit: int = 10_000) -> list:
        """Let the bots play until a person acts or the game ends; return what is said."""
        said = []
        for _ in range(limit):
            if self.bot_to_act() is None:
                break
            said += self.bot_move()[1]
        return said

    def can_undo(self) -> bool:
        """Whether a person's move can be taken back."""
        return any(step.by_human for step in self._steps)

    def undo(self) -> None:
        """Take back the last move a person made, and every bot move after it (the bots'
        random numbers too, so the same move gets the same answers again)."""
        if not self.can_undo():
            raise SessionError(say("no-undo"))
        self._table_review = None  # the game goes on: its review will be another
        while self._steps:
            step = self._steps.pop()
            self.game.undo()
            del self.said[step.said_before:]
            self.rng.setstate(step.rng_before)
            if step.by_human:
                break

    # ------------------------------------------------------------ the coach
    def _adviser(self) -> Coach:
        return self.coach or self.adviser

    def history(self, seat: int) -> tuple:
        """The game so far as ``seat`` saw it: ``(its view before the move, move)`` for every move (what
        the expert bot, the hint and the coach read the other players' moves from)."""
        return tuple((step.before.view(seat), step.move) for step in self.game.steps)

    def coach_warning(self, move: Union[Move, str]) -> Optional[str]:
        """The coach's word before the person plays ``move`` (None: nothing to say, or no coach).

        ``move`` must be legal (see :meth:`check`); the warning is kept for the review.  The coach
        judges with the hint's evaluation (:meth:`hint`), so the two agree.
        """
        if self.coach is None:
            return None
        move = self.check(move)
        warning = self.coach.warning(self.view(move.seat), move, self._hint_rng(), self.history(move.seat))
        if warning is not None and warning not in self.notes:
            self.notes.append(warning)
        return warning

    def _hint_rng(self) -> random.Random:
        return history_rng(self.seed, len(self.game))

    def hint(self) -> str:
        """The move the evaluator rates best for the person who acts, and why (see
        :meth:`Coach.hint <durak_lab.session.coach.Coach.hint>`): from that seat's view and the
        game's public history only, with random numbers seeded by the deal and the moves played.

        >>> s = PlaySession(Rules.preset("podkidnoy", players=2), ["human", "tips"], seed=3)
        >>> _ = s.run_bots()
        >>> s.hint().startswith("Hint: ") and s.hint() == s.hint()
        True
        """
        seat = self.human_to_act()
        if seat is None:
            return self.status()
        return self._adviser().hint(self.view(seat), self._hint_rng(), self.history(seat))

    def hint_move(self) -> Optional[Move]:
        """The move :meth:`hint` names (None when no person acts): for a widget to show it."""
        seat = self.human_to_act()
        if seat is None:
            return None
        return self._adviser().hint_move(self.view(seat), self._hint_rng(), self.history(seat))

    # ------------------------------------------------------------ the review
    def table_review(self) -> Optional[TableReview]:
        """The review of the people's decisions once the game is over (None before, or without a
        person at the table): one decision per :meth:`TableReview.step`, for a table to show
        progress; :meth:`review` waits for it all."""
        if not self.is_over or not self.humans:
            return None
        if self._table_review is None:
            self._table_review = TableReview(self.game, self.humans, self.seed, self._adviser(),
                                             playouts=self.review_playouts)
        return self._table_review

    def review(self, wait: bool = True) -> list:
        """The review of the game: the result, the number of moves, and once the game is over the
        people's decisions judged by the evaluator (each person's accuracy, the labels counted, the
        key moments: :class:`~durak_lab.session.table_review.TableReview`), then the coach's notes.

        ``wait``: judge every decision first (a few seconds); False: only those judged so far,
        with "Looking at move k of n…" until the last (see :meth:`table_review`).
        """
        lines = [say("review-title")]
        if self.is_over:
            lines.append(self.end_sentence())
        lines.append(say("review-moves", count=len(self.game)))
        judged = self.table_review()
        if judged is not None:
            if wait:
                judged.run()
            lines += judged.lines()
            if judged.finished and any(d.label in (MISTAKE, BLUNDER) for d in judged.decisions):
                lines.append(say("review-practise"))  # the lesson player's Your games makes them exercises
        if self.coach is not None:
            n = len(self.notes)
            lines.append(say("review-notes", count=n) if n > 1 else say("review-notes-once") if n else
                         say("review-no-notes"))
            lines += self.notes
        return lines

    # ------------------------------------------------------------ records
    def record(self, title: Optional[str] = None, record_id: Optional[str] = None) -> Record:
        """The game so far as a ``durak-lab/1`` record (it opens in the stepper); ``record_id``
        its ``id`` (a class deal's, see :mod:`durak_lab.session.class_deal`)."""
        if title is None:  # in the learner's language: the stepper shows it when the game is opened
            who = Items([say("saved-game-seat", seat=seat_text(s),
                             kind=say("saved-game-human") if k == HUMAN else say(_BOT_NAMES[k]) if k in _BOT_NAMES
                             else k) for s, k in enumerate(self.seats)], "comma")
            title = say("saved-game-title", who=who)
        meta = {"id": record_id} if record_id else {}
        players = {s: Player(PERSON) if k == HUMAN else Player(BOT, level=k) for s, k in enumerate(self.seats)}
        return record_from_game(self.game, seed=self.seed, redeal=tuple(self.declared), title=title,
                                players=players, **meta)

    def save(self, path: str, title: Optional[str] = None) -> str:
        """Write :meth:`record` to ``path``; return the sentence that says so."""
        write_text(path, self.record(title).dump() + "\n")  # whole or not at all
        return say("saved", path=path)

    @property
    def moves(self) -> list:
        """The moves played so far."""
        return self.game.moves
