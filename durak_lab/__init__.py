"""durak_lab: learn the card game Durak step by step.

The core names, all from :mod:`durak_lab.engine` (standard library only)::

    Card, CardSet      cards and sets of cards (engine.cards)
    Rules              every rule option of the four sources, with presets (engine.rules)
    Move               a move and its text form (engine.moves)
    Position           the immutable position and the rules engine (engine.state)
    Game               a position with a move stack, play and undo (engine.game)
    Match              several games, R8 and R30 (engine.match)

The layers are subpackages, each importing only the ones before it::

    engine     the rules, positions, moves, records (standard library)
    analysis   solver, analyser, probabilities, inference (standard library)
    bots       bots and tournaments (standard library)
    text       the sentences a learner reads (standard library)
    display    SVG and HTML drawings (standard library)
    graphs     networkx graphs and game trees
    tables     pandas tables
    plots      plotly figures
    widgets    ipywidgets and anywidget widgets
    cli        the durak-lab command line and its benchmarks

>>> import durak_lab as dl
>>> g = dl.Game(dl.Position.start(dl.Rules(players=2), ["7♦ Q♥", "Q♦ 9♣"], trump="♥",
...                               discard="rest", attacker=0))
>>> _ = g.play("P1 attack 7♦"); _ = g.play("P2 cover 7♦ with Q♦"); _ = g.play("P1 attack Q♥")
>>> [str(m) for m in g.legal_moves()]
['P2 take']

:func:`play` opens a table to play at in a notebook, :func:`learn` the lessons, :func:`board` the
analysis board (the names here that load widgets, and only when called).
"""

from typing import TYPE_CHECKING, Any

from .engine import (PRESETS, Card, CardError, CardSet, DurakError, Event, Game, IllegalMoveError, Match, Move,
                     MoveTextError, Position, PositionError, Reason, RecordError, Rules, RulesError)

from .text.catalogue.languages import LANGUAGES, language, set_language

if TYPE_CHECKING:  # the widgets load only when play() or learn() is called
    from .widgets.lessons.player import LessonPlayer
    from .widgets.play.table import PlayTable
    from .widgets.board import AnalysisBoard
    from .widgets.live import LiveHelper
    from .widgets.teacher import TeacherView

__version__ = "0.1.0"


def play(**options: Any) -> "PlayTable":
    """A Durak table to play at in the notebook: :class:`durak_lab.widgets.PlayTable`.

    Options: ``vs`` (a bot level, ``"random"``, ``"tips"`` or ``"endgame"``, or one per
    bot), ``players`` (2 to 8; 7 and 8 need a 52-card deck, R5), ``preset`` (a name of :data:`PRESETS`), ``seat`` (yours:
    0-based, or ``"P2"``), ``seed`` (the deal, to play it again), ``coach`` (True: a word
    before a doubtful move), ``speed`` (``"slow"``, ``"normal"``, ``"fast"``, ``"instant"``)
    ``humans`` (people sharing the screen: pass and play), ``redeal`` (True: R4, a
    player dealt 5 cards of one suit or 6 of one colour is asked whether to ask for a new deal),
    ``deal`` (a class deal code from the teacher, such as ``"podkidnoy-2-tips-4817"``: the rules,
    the bots and the cards the whole class plays) and ``student`` (whose folder **Save game**
    writes to; by default the name the lessons left in this browser).

    >>> table = play(vs="endgame", seed=7)
    >>> table.state["seats"][0]["name"]
    'P2 (endgame bot)'
    """
    from .widgets.play.table import PlayTable

    return PlayTable(**options)


def learn(**options: Any) -> "LessonPlayer":
    """The lessons of the course, to click through in the notebook: :class:`durak_lab.widgets.LessonPlayer`.

    Options: ``lesson`` (the id of a lesson to open at once), ``student`` (the learner's
    name; by default the player asks "Who are you?" and the browser remembers the answer;
    each student's progress is kept in their own file in the class folder ``class_dir``,
    default ``durak-lab-class`` in the notebook's folder), ``progress_path`` (one progress
    file instead, for a single learner), ``speed`` (the bots' speed in a lesson's game) and
    ``lessons`` (a list of lessons instead of the course).

    >>> import os, tempfile
    >>> player = learn(progress_path=os.path.join(tempfile.mkdtemp(), "progress.json"))
    >>> player.state["view"], player.state["menu"]["title"]
    ('menu', 'Learn Durak')
    """
    from .widgets.lessons.player import LessonPlayer

    return LessonPlayer(**options)


def teacher(*folders: str) -> "TeacherView":
    """The teacher's view of a class: each student's progress in the lessons, per lesson, solved and
    right at the first try, and the exercises most students miss: :class:`durak_lab.widgets.TeacherView`.

    ``folders``: the class folder of a server and folders of files the students handed in (default:
    the class folder, ``durak-lab-class`` beside the notebook).

    >>> import tempfile
    >>> teacher(tempfile.mkdtemp()).report.students
    []
    """
    from .widgets.teacher import TeacherView

    return TeacherView(list(folders) if folders else None)


def board(what: Any = None, **options: Any) -> "AnalysisBoard":
    """The analysis board: open a game or a position, try moves, see how good each one is for a seat:
    :class:`durak_lab.widgets.board.AnalysisBoard`.

    ``what``: a ``durak-lab/1`` record (or its file's path), a worked example's id (``"EX-KO-1"``), a
    :class:`Position`, a position text (``?N`` for cards you do not know: ``hands=7♦.Q♦|?6``) or None
    (a new deal).  Options: ``at`` (the game's move to show first), ``seat`` (whose view: ``"P2"``),
    ``open`` (True: every card open), ``language``, ``student`` (whose ``games`` folder **Save** uses)
    and ``playouts`` (a fixed amount of thinking per step: the same figures on every computer).

    >>> b = board("EX-KO-1", at=2, playouts=50)
    >>> b.state["ply"], b.state["mode"]
    (2, 'seat')
    """
    from .widgets.board import AnalysisBoard

    return AnalysisBoard(what, **options)



def live(**options: Any) -> "LiveHelper":
    """The live helper for a real game at the kitchen table: click your cards and the face-up trump
    card, then each move as it happens and the cards you draw; it shows your chances and each of your
    moves' from what your seat knows, and where the trumps you have not seen may be:
    :class:`durak_lab.widgets.live.LiveHelper`.  Options: ``preset``, ``players``, ``seat`` and
    ``leader`` (0-based: the setup's first choices), ``language``, ``seed`` (the stand-in deal of the
    cards you cannot see) and ``playouts`` (a fixed amount of thinking per step).

    >>> helper = live(players=3, playouts=40)
    >>> helper.state["phase"], helper.state["setup"]["players"]
    ('setup', 3)
    """
    from .widgets.live import LiveHelper

    return LiveHelper(**options)

__all__ = [
    "Card", "CardSet", "Rules", "PRESETS", "Move", "Position", "Event", "Game", "Match",
    "DurakError", "CardError", "RulesError", "MoveTextError", "PositionError", "IllegalMoveError",
    "RecordError", "Reason", "play", "learn", "teacher", "board", "live", "set_language", "language", "LANGUAGES", "__version__",
]
