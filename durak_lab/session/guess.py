"""Guess the move: the next move of a worked example stays hidden and the learner picks it.

:class:`Guesses` holds the guessing game of one record, over its display
frames (:func:`durak_lab.text.frames.frames_of`).  At a frame where players
act and the next frame is a move of the record, :meth:`Guesses.question`
offers the choices: every legal move, grouped by player as "What may happen
now" groups them, and, where the source shows an attempt the rules reject
(``"illegal": true`` in the record), that attempt too.  :meth:`Guesses.guess`
answers a choice with an :class:`Outcome`:

* ``right``: the source's move; the stepper shows it.
* ``other``: a legal move, but not the source's; the first time the learner
  may try again, the second time (or at :meth:`Guesses.give_up`) the answer
  names the source's move.
* ``illegal``: the source's attempt that the rules reject, with the engine's
  reason as a sentence.  It is the source's move, so it counts as guessed.

Each move of the record counts once in the score, and its outcome is kept
(:meth:`Guesses.results`): guessed at the first try, guessed after a wrong try,
or shown (given up, or two wrong tries).  :meth:`Guesses.score` gives the numbers
as a :class:`Score`, :meth:`Guesses.score_text` the words ("4 of 6 guessed, 3 at
the first try").

Standard library only: the widget (:mod:`durak_lab.widgets.stepper.guess`) only draws it.

>>> from durak_lab.engine.records import load_example
>>> g = Guesses(frames_of(load_example("EX-ZH-BOUT")))
>>> q = g.question(1)             # after P4 leads the 7♥: what does P1 do?
>>> [c.label for c in q.choices if c.seat == 0]
['P1 covers 7♥ with 8♠', 'P1 covers 7♥ with 10♥', 'P1 covers 7♥ with Q♥', 'P1 takes the cards']
>>> g.guess(1, "P1 take").text
'That move is allowed, but it is not the move in the source. Try another one, or click “Show the move”.'
>>> o = g.guess(1, "P1 cover 7♥ with 10♥"); o.kind, o.text, o.done
('right', 'Right: that is the move in the source.', True)
>>> g.score_text(), g.score()
('1 of 1 guessed, 0 at the first try', Score(asked=1, guessed=1, first_try=0, shown=0))
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence, Union

from ..engine.cards import Card
from ..engine.errors import DurakError, IllegalMoveError
from ..engine.moves import ATTACK, CHOOSE, COVER, KINDS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from ..engine.state.position import Position
from ..text.explain import seat_role, sentence
from ..text.frames import Frame, frames_of  # noqa: F401  (frames_of: the examples)
from ..text.messages import say

__all__ = ["Choice", "Question", "Outcome", "Result", "Score", "Guesses", "GuessError", "move_words", "reason_words"]

RIGHT, OTHER, ILLEGAL, SHOWN = "right", "other", "illegal", "shown"
#: How a move of the record was answered (:attr:`Result.how`).
GUESSED = "guessed"
#: How many legal moves other than the source's a learner may try before the answer names it.
TRIES = 2


class GuessError(DurakError, ValueError):
    """A guess at a frame where there is nothing to guess, or of a move that is not offered."""


class Choice(NamedTuple):
    """A move the learner can pick: the move, its words, its seat, and whether the rules allow it."""

    move: Move
    label: str
    seat: int
    legal: bool = True


class Question(NamedTuple):
    """What to guess at frame ``frame``: the record's move ``step``, shown at frame ``answer``.

    ``groups`` are ``(seat, heading, choices)`` in seating order from the
    attacker; ``source`` is the record's move and ``illegal`` whether the rules
    reject it.  ``seat`` is the seat that plays ``source``.
    """

    frame: int
    answer: int
    step: int
    position: Position
    source: Move
    illegal: bool
    groups: tuple

    @property
    def seat(self) -> int:
        """The seat that plays the source's move."""
        return self.source.seat

    @property
    def choices(self) -> list:
        """Every choice, player by player."""
        return [c for _, _, group in self.groups for c in group]


class Outcome(NamedTuple):
    """The answer to a guess: ``kind`` (right, other, illegal, shown), the sentence to show, the move
    picked (None when the learner gave up), whether the question is answered (``done``: show the
    source's move now), and whether this answer changed the score."""

    kind: str
    text: str
    move: Optional[Move]
    done: bool
    counted: bool


class Result(NamedTuple):
    """How one move of the record was answered, the first time: ``how`` is ``"guessed"`` (the
    source's move picked) or ``"shown"`` (given up, or two other moves tried); ``tries`` counts
    the other legal moves tried before.  ``step`` is the record's move (0-based)."""

    step: int
    how: str
    tries: int

    @property
    def first_try(self) -> bool:
        """Guessed with no wrong try before."""
        return self.how == GUESSED and self.tries == 0


class Score(NamedTuple):
    """The score of a guessing game as numbers, for a program to keep (e.g. in a learner's progress).

    ``asked``: the moves answered (each move of the record once: guessed or shown);
    ``guessed``: the source's move picked, at any try; ``first_try``: picked with no wrong
    try before; ``shown``: given up, or named after two wrong tries.  A move the learner could
    not pick (another seat's, under "Seen by") is not in the score.

    >>> Score(6, 4, 3, 2).guessed <= Score(6, 4, 3, 2).asked
    True
    """

    asked: int
    guessed: int
    first_try: int
    shown: int


def _cards(cards: Sequence[int]) -> str:
    return " ".join(str(Card(c)) for c in cards)


def move_words(position: Position, move: Move) -> str:
    """A move in plain words, for the position it is played in: "P1 covers 7♦ with Q♦".

    >>> from durak_lab.engine.rules import Rules
    >>> p = Position.start(Rules(players=2), ["7♦ 7♠", "Q♦ 8♥"], trump="♥", discard="rest", attacker=0)
    >>> move_words(p, Move.parse("P1 attack 7♦"))
    'P1 leads 7♦'
    >>> p = p.play("P1 attack 7♦")
    >>> [move_words(p, m) for m in p.legal_moves()]
    ['P1 throws in 7♠', 'P1 passes', 'P2 covers 7♦ with 8♥', 'P2 covers 7♦ with Q♦', 'P2 takes the cards']
    """
    seat = seat_text(move.seat)
    cards = _cards(move.cards)
    kind = move.kind
    if kind == ATTACK:
        if not position.table:
            return say("guess-move-lead", seat=seat, cards=cards)
        return say("guess-move-throw", seat=seat, cards=cards)
    if kind == COVER:
        return say("guess-move-cover", seat=seat, target=str(move.target), card=str(move.cards[0]))
    if kind == TRANSFER:
        return say("guess-move-transfer", seat=seat, cards=cards)
    if kind == SHOW:
        return say("guess-move-show", seat=seat, cards=cards)
    if kind == TAKE:
        return say("guess-move-take", seat=seat)
    if kind == SWAP:
        return say("guess-move-swap", seat=seat, cards=cards)
    if kind == CHOOSE:
        return say("guess-move-choose", seat=seat, cards=cards)
    return say("guess-move-pass", seat=seat)


def reason_words(err: IllegalMoveError) -> str:
    """The engine's reason for rejecting a move, as a sentence a learner reads.

    The text layer's ``learner_reason`` where there is one, else the engine's message as a sentence.

    >>> from durak_lab.engine.records import load_example
    >>> p = load_example("EX-HE-PUSH").game_after(2).position
    >>> err = p.why_illegal("P3 attack Q♦")
    >>> err.reason.value, "rank-not-on-table" in reason_words(err), "Q" in reason_words(err)
    ('rank-not-on-table', False, True)
    """
    try:
        from ..text import learner_reason  # type: ignore[attr-defined]
    except ImportError:
        return sentence(err.message)
    return learner_reason(err)


def _order(move: Move) -> int:
    return KINDS.index(move.kind)  # a stable sort: the engine's order inside a kind


def _heading(position: Position, seat: int) -> str:
    role = seat_role(position, seat)
    if role:
        return say("guess-seat-role", seat=seat_text(seat), role=role)
    return say("guess-seat", seat=seat_text(seat))


class Guesses:
    """The guessing game of one record, over its frames (see the module's description).

    ``viewer`` (a 0-based seat, or None) guesses only that seat's moves, as
    "Seen by" shows the game: at another seat's move :meth:`question` offers no
    choices (the learner cannot see that seat's cards) and only
    :meth:`give_up` answers it, outside the score.

    >>> from durak_lab.engine.records import load_example
    >>> g = Guesses(frames_of(load_example("EX-HE-PUSH")))
    >>> q = g.question(2)
    >>> str(q.source), q.illegal, [c.label for c in q.choices if not c.legal]
    ('P3 attack Q♦', True, ['P3 throws in Q♦'])
    >>> o = g.guess(2, "P3 attack Q♦"); o.kind, o.done
    ('illegal', True)
    >>> why = reason_words(q.position.why_illegal(q.source))      # the engine's reason, in words
    >>> o.text == say("guess-illegal", why=why) + " " + say("guess-illegal-source")
    True
    >>> o.text.startswith("That move is not allowed: ")
    True
    """

    def __init__(self, frames: Sequence[Frame], viewer: Optional[int] = None) -> None:
        self._frames = list(frames)
        self.viewer = viewer
        self._tries: dict = {}
        self._answers: dict = {}

    # ---------------------------------------------------------------- questions
    def question(self, index: int) -> Optional[Question]:
        """What to guess at frame ``index``, or None (nobody acts, or the next frame is no move).

        >>> from durak_lab.engine.records import load_example
        >>> g = Guesses(frames_of(load_example("EX-ZH-BOUT")))
        >>> g.question(0).step, g.question(0).answer, g.question(6), g.question(11)
        (0, 1, None, None)
        """
        frames = self._frames
        if not 0 <= index < len(frames) - 1:
            return None
        here, nxt = frames[index], frames[index + 1]
        if here.position is None or nxt.kind not in ("move", "rejected") or nxt.move is None:
            return None
        p = here.position
        source = nxt.move
        illegal = nxt.kind == "rejected"
        if self.viewer is not None and source.seat != self.viewer:
            return Question(index, index + 1, nxt.step, p, source, illegal, ())
        moves = p.legal_moves() if self.viewer is None else p.legal_moves(self.viewer)
        choices = [Choice(m, move_words(p, m), m.seat) for m in moves]
        if illegal and source not in moves:
            choices.append(Choice(source, move_words(p, source), source.seat, legal=False))
        n = p.players
        groups = []
        for seat in ((p.leader + i) % n for i in range(n)):
            mine = sorted((c for c in choices if c.seat == seat), key=lambda c: _order(c.move))
            if mine:
                groups.append((seat, _heading(p, seat), tuple(mine)))
        return Question(index, index + 1, nxt.step, p, source, illegal, tuple(groups))

    def tried(self, index: int) -> tuple:
        """The other legal moves the learner has tried at frame ``index``'s question, in order."""
        q = self.question(index)
        return tuple(self._tries.get(q.step, ())) if q else ()

    def answered(self, index: int) -> Optional[str]:
        """How frame ``index``'s question was first answered: ``"guessed"``, ``"shown"`` or None."""
        q = self.question(index)
        result = self._answers.get(q.step) if q else None
        return result.how if result is not None else None

    # ---------------------------------------------------------------- answers
    def _ask(self, index: int) -> Question:
        q = self.question(index)
        if q is None:
            raise GuessError(f"there is no move to guess at step {index}")
        return q

    def _settle(self, q: Question, how: str) -> bool:
        tries = len(self._tries.pop(q.step, ()))
        if q.step in self._answers:
            return False
        if how == SHOWN and not q.groups:
            return False  # nothing could be picked: not in the score
        self._answers[q.step] = Result(q.step, how, tries)
        return True

    def guess(self, index: int, move: Union[Move, str]) -> Outcome:
        """The answer to picking ``move`` (one of the question's choices) at frame ``index``."""
        q = self._ask(index)
        if isinstance(move, str):
            move = Move.parse(move, q.position.players)
        if move not in [c.move for c in q.choices]:
            raise GuessError(f"{move} is not one of the moves to pick from")
        again = q.step in self._answers
        if move == q.source:
            counted = self._settle(q, GUESSED)
            if q.illegal:
                err = q.position.why_illegal(move)
                why = reason_words(err) if err is not None else ""
                text = say("guess-illegal", why=why) + " " + say("guess-illegal-source")
                kind = ILLEGAL
            else:
                text, kind = say("guess-right"), RIGHT
            if again:
                text += " " + say("guess-again")
            return Outcome(kind, text, move, True, counted)
        tries = self._tries.setdefault(q.step, [])
        if move not in tries:
            tries.append(move)
        if len(tries) < TRIES:
            return Outcome(OTHER, say("guess-other"), move, False, False)
        counted = self._settle(q, SHOWN)
        return Outcome(OTHER, say("guess-other-shown", move=move_words(q.position, q.source)), move, True, counted)

    def give_up(self, index: int) -> Outcome:
        """The answer to "Show the move" at frame ``index``: it names the source's move.

        >>> from durak_lab.engine.records import load_example
        >>> g = Guesses(frames_of(load_example("EX-ZH-BOUT")))
        >>> g.give_up(0).text, g.score_text()
        ('The source plays this: P4 leads 7♥.', '0 of 1 guessed')
        """
        q = self._ask(index)
        words = move_words(q.position, q.source)
        text = say("guess-other-shown", move=words) if self._tries.get(q.step) else say("guess-shown", move=words)
        counted = self._settle(q, SHOWN)
        return Outcome(SHOWN, text, None, True, counted)

    # ---------------------------------------------------------------- the score
    def results(self) -> tuple:
        """How each move answered so far went (:class:`Result`), in the record's order.

        >>> from durak_lab.engine.records import load_example
        >>> g = Guesses(frames_of(load_example("EX-ZH-BOUT")))
        >>> _ = g.guess(0, "P4 attack K♥"); _ = g.guess(0, "P4 attack 7♥"); _ = g.give_up(1)
        >>> [(r.step, r.how, r.tries, r.first_try) for r in g.results()]
        [(0, 'guessed', 1, False), (1, 'shown', 0, False)]
        """
        return tuple(self._answers[step] for step in sorted(self._answers))

    def score(self) -> Score:
        """The score as numbers: moves asked, guessed, guessed at the first try, shown.

        >>> from durak_lab.engine.records import load_example
        >>> g = Guesses(frames_of(load_example("EX-ZH-BOUT")))
        >>> _ = g.guess(0, "P4 attack 7♥"); _ = g.guess(1, "P1 take"); _ = g.guess(1, "P1 cover 7♥ with 10♥")
        >>> g.score()
        Score(asked=2, guessed=2, first_try=1, shown=0)
        """
        results = self._answers.values()
        guessed = sum(1 for r in results if r.how == GUESSED)
        first = sum(1 for r in results if r.first_try)
        return Score(len(self._answers), guessed, first, len(self._answers) - guessed)

    @property
    def guessed(self) -> int:
        """How many moves were guessed, at any try (each move of the record once)."""
        return self.score().guessed

    @property
    def first_try(self) -> int:
        """How many moves were guessed at the first try."""
        return self.score().first_try

    @property
    def total(self) -> int:
        """How many moves were answered: guessed or shown."""
        return len(self._answers)

    def score_text(self) -> str:
        """The score in words: "4 of 6 guessed, 3 at the first try" ("0 of 2 guessed" while
        nothing is guessed; "Nothing guessed yet" before the first answer).

        >>> Guesses([]).score_text()
        'Nothing guessed yet'
        """
        score = self.score()
        if not score.asked:
            return say("guess-score-none")
        if not score.guessed:
            return say("guess-score-zero", asked=score.asked)
        return say("guess-score", guessed=score.guessed, asked=score.asked, first=score.first_try)

    def reset(self) -> None:
        """Forget every answer and try: the score starts again."""
        self._tries.clear()
        self._answers.clear()
