"""Bots written anywhere: the engine protocol ``durak-engine/1``, in the spirit of chess's UCI.

A bot is a program that reads commands on its standard input and answers on its standard
output, one line each, UTF-8.  :class:`ExternalBot` plays such a program in
:func:`~durak_lab.bots.play_game`, :func:`~durak_lab.bots.round_robin` and
:func:`~durak_lab.bots.ladder`, a process of its own for each game; ``durak-lab engine
--bot NAME`` (:func:`serve`) makes any bot of this package such a program.

The host sends (a word, then its argument):

==============================  ================================================================
``durak-engine 1``              the greeting, the first line; the engine answers ``name NAME``,
                                then ``ok``
``newgame {JSON}``              a game begins: ``{"rules": {...}, "seat": "P2", "seed": N}``;
                                ``rules`` as in a ``durak-lab/1`` record, ``seed`` for the
                                engine's own random choices; the engine answers ``ok``
``view {JSON}``                 the seat's view (``durak-view/1``, see
                                :mod:`durak_lab.engine.view_json`): at the start, and after
                                each ``moved``; no answer
``moved MOVE``                  a move just played, by any seat, in the move text
                                (``P2 cover 7♥ with 10♥``); a ``view`` follows; no answer
``go MS``                       your move, in at most ``MS`` milliseconds; the engine answers
                                ``move MOVE`` with one of the view's ``legal`` moves
``isready``                     the engine answers ``readyok``
``gameover {JSON}``             the game is over: ``{"duraks": ["P1"]}`` (empty: a draw)
``quit``                        the engine exits
==============================  ================================================================

The engine may also send ``info TEXT`` lines at any time (the host skips them) and
``error TEXT`` for a command it cannot follow.  The host sends views and moves lazily, just
before ``go``: all an engine learns comes before it is asked to move.

What the host counts as the engine's loss, with the reason kept in
:attr:`GameResult.forfeit <durak_lab.bots.GameResult.forfeit>`: no ``move`` within ``MS`` plus
the host's grace, the program stopping, an ``error`` line, an answer that is not a move text,
or a move that is not legal.  The game ends there; a tournament goes on.

A minimal engine in Python, playing the first legal move::

    import json, sys
    view = None
    for line in sys.stdin:
        word, _, arg = line.strip().partition(" ")
        if word == "durak-engine":
            print("name first-move"); print("ok", flush=True)
        elif word == "newgame":
            print("ok", flush=True)
        elif word == "view":
            view = json.loads(arg)
        elif word == "go":
            print("move", view["legal"][0], flush=True)
        elif word == "quit":
            break

Standard library only.
"""

from .engine import THINK_SHARE, serve
from .external import BotForfeit, ExternalBot
from .wire import MAX_LINE, PROTOCOL

__all__ = ["ExternalBot", "BotForfeit", "serve", "PROTOCOL", "MAX_LINE", "THINK_SHARE"]
