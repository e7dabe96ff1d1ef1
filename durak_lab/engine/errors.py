"""The errors durak_lab raises.

One base class, :class:`DurakError`; every error whose cause is bad input is
also a :class:`ValueError`, so ``except ValueError`` keeps working in scripts.
An illegal move carries a machine-readable :class:`Reason`, the engine's
sentence (for developers) and the facts of the sentence, which the text layer
says in a learner's words (``durak_lab.text.learner_reason``); a malformed
record names the place that is wrong.

Standard library only.

>>> from durak_lab.engine.cards import Card
>>> try:
...     Card.parse("X9")
... except CardError as err:
...     print(err)
'X9' is not a card: write a rank (2-10, J, Q, K, A; T for ten) and a suit (♠ ♥ ♦ ♣ or S H D C), e.g. 10♦ or TD
"""

from __future__ import annotations

import enum
from typing import Optional

__all__ = [
    "DurakError",
    "CardError",
    "RulesError",
    "MoveTextError",
    "PositionError",
    "IllegalMoveError",
    "RecordError",
    "SolverDomainError",
    "SamplingError",
    "KernelUnsupported",
    "Reason",
]


class DurakError(Exception):
    """Base class of every error durak_lab raises on purpose.

    Its message is for developers.  What a learner reads is worded from data: :attr:`code`
    names the kind of error (the catalogue's ``error-<code>``) and :attr:`facts` the things
    the sentence may quote (the text that was typed).  See
    :func:`durak_lab.text.reasons.learner_error`.

    >>> err = CardError("'7x' is not a card text", facts={"text": "7x"})
    >>> err.code, err.facts
    ('card', {'text': '7x'})
    """

    #: The kind of error, for the learner's sentence (``error-<code>`` in the catalogue).
    code = "any"

    def __init__(self, *args: object, facts: Optional[dict] = None) -> None:
        super().__init__(*args)
        self.facts: dict = dict(facts) if facts else {}


class CardError(DurakError, ValueError):
    """A card or card-set text that cannot be read; the message quotes it."""

    code = "card"


class RulesError(DurakError, ValueError):
    """A :class:`~durak_lab.engine.rules.Rules` value whose options contradict each other."""

    code = "rules"


class MoveTextError(DurakError, ValueError):
    """A move text that cannot be read (see :mod:`durak_lab.engine.moves`)."""

    code = "move-text"


class PositionError(DurakError, ValueError):
    """A position that cannot exist: cards missing or twice, bad seats, bad text form."""

    code = "position"


class RecordError(DurakError, ValueError):
    """A malformed ``durak-lab/1`` game record; the message names the place, e.g. ``hands.P2[3]``."""

    code = "record"

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


class SolverDomainError(DurakError, ValueError):
    """A position the exact endgame solver cannot play; the message says why (see :mod:`durak_lab.analysis.solver`).

    >>> issubclass(SolverDomainError, ValueError)
    True
    """

    code = "solver-domain"


class KernelUnsupported(DurakError, ValueError):
    """Rules (or a position) the lean kernel (:mod:`durak_lab.engine.kernel`) does not play; the message
    names the option, and the reference engine (:class:`~durak_lab.engine.state.Position`) plays them.

    >>> from durak_lab.engine.kernel import check_rules
    >>> from durak_lab.engine.rules import Rules
    >>> check_rules(Rules(trump_swap="ace"))
    Traceback (most recent call last):
    ...
    durak_lab.engine.errors.KernelUnsupported: the kernel does not support trump_swap='ace'; use Position
    """

    code = "kernel-unsupported"


class SamplingError(DurakError):
    """The world sampler found too few worlds that meet its constraints within its attempts.

    Raised by :mod:`durak_lab.analysis.sampling` (and the inference built on it); ``wanted``,
    ``found`` and ``attempts`` say how far it got.

    >>> err = SamplingError("only 2 of 10 worlds met the constraints", wanted=10, found=2, attempts=1000)
    >>> err.found, isinstance(err, ValueError)
    (2, False)
    """

    code = "sampling"

    def __init__(self, message: str, wanted: int = 0, found: int = 0, attempts: int = 0) -> None:
        self.wanted = wanted
        self.found = found
        self.attempts = attempts
        super().__init__(message)


class Reason(enum.Enum):
    """Why a move is illegal: machine-readable, one value per broken rule.

    The value is a short slug that a widget or a script can match on; the
    developer's sentence travels in :attr:`IllegalMoveError.message`, the data
    of a learner's sentence in :attr:`IllegalMoveError.facts`.  A learner never
    reads the slug.
    """

    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"
    NO_SUCH_SEAT = "no-such-seat"
    PLAYER_OUT = "player-out"
    NOT_IN_HAND = "not-in-hand"
    DUPLICATE_CARD = "duplicate-card"
    # attacking
    DEFENDER_CANNOT_ATTACK = "defender-cannot-attack"
    NOT_AN_ATTACKER = "not-an-attacker"
    NOT_LEADER = "not-leader"
    MIXED_RANKS = "mixed-ranks"
    TOO_MANY_LEAD_CARDS = "too-many-lead-cards"
    ONE_CARD_PER_THROW_IN = "one-card-per-throw-in"
    RANK_NOT_ON_TABLE = "rank-not-on-table"
    NO_THROW_IN = "no-throw-in"
    BOUT_LIMIT = "bout-limit"
    DEFENDER_HAND_LIMIT = "defender-hand-limit"
    NOT_ATTACKERS_TURN = "not-attackers-turn"
    NO_THROW_IN_AFTER_TAKE = "no-throw-in-after-take"
    # defending
    NOT_DEFENDER = "not-defender"
    NOTHING_TO_COVER = "nothing-to-cover"
    NOT_ON_TABLE = "not-on-table"
    ALREADY_COVERED = "already-covered"
    DOES_NOT_BEAT = "does-not-beat"
    ALREADY_TAKING = "already-taking"
    NOTHING_TO_TAKE = "nothing-to-take"
    # transferring
    TRANSFER_OFF = "transfer-off"
    TRANSFER_AFTER_COVER = "transfer-after-cover"
    TRANSFER_RANK = "transfer-rank"
    TRANSFER_NEXT_TOO_FEW = "transfer-next-too-few"
    SHOW_OFF = "show-off"
    SHOW_NOT_TRUMP = "show-not-trump"
    SHOW_USED = "show-used"
    # passing and other
    CANNOT_PASS = "cannot-pass"
    ALREADY_PASSED = "already-passed"
    SWAP_OFF = "swap-off"
    SWAP_NOT_NOW = "swap-not-now"
    # the defender chooses the cards to beat (R13)
    CHOOSE_OFF = "choose-off"
    CHOOSE_NOT_NOW = "choose-not-now"
    CHOOSE_NOT_UNCOVERED = "choose-not-uncovered"
    CHOOSE_COUNT = "choose-count"
    # pushing durak (Rules.pushing, R12, R31): the challenge
    CHALLENGE_OFF = "challenge-off"
    CHALLENGE_NOT_DEFENDER = "challenge-not-defender"
    CHALLENGE_NOT_UNCOVERED = "challenge-not-uncovered"
    CHALLENGE_CARD_STANDS = "challenge-card-stands"
    CHALLENGE_TAKING = "challenge-taking"
    PUSH_SENT_BACK = "push-sent-back"
    # doker's forced take (Rules.forced_take, R15)
    MUST_TAKE = "must-take"


class IllegalMoveError(DurakError, ValueError):
    """A move the rules forbid in this position.

    ``reason`` is a :class:`Reason`, ``message`` the engine's sentence in
    English (for developers and logs: it names rule ids), and ``move`` the
    offending move.  ``facts`` holds the data of the sentence, so that the text
    layer (:func:`durak_lab.text.learner_reason`) can say it in a learner's
    words: cards as :class:`~durak_lab.engine.cards.Card`, ranks, seats and
    limits as ints, and ``case`` (a str) where one reason covers several
    situations.  The game or position is left unchanged.

    >>> from durak_lab.engine.cards import Card
    >>> err = IllegalMoveError(Reason.NOT_IN_HAND, "P1 does not hold A♥", "P1 attack A♥",
    ...                        facts={"seat": 0, "cards": (Card("A♥"),)})
    >>> str(err), err.facts["seat"]
    ('P1 attack A♥: P1 does not hold A♥', 0)
    >>> IllegalMoveError(Reason.GAME_OVER, "the game is over").facts
    {}
    """

    def __init__(self, reason: Reason, message: str, move: object = None, *,
                 facts: Optional[dict] = None) -> None:
        self.reason = reason
        self.message = message
        self.move = move
        prefix = f"{move}: " if move is not None else ""
        super().__init__(prefix + message, facts=facts)
