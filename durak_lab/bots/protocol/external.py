"""The host's side of ``durak-engine/1``: :class:`ExternalBot` plays a program, in its own process,
as a bot of :func:`~durak_lab.bots.play_game`, :func:`~durak_lab.bots.round_robin` and
:func:`~durak_lab.bots.ladder`.

The program is started for each game and quits at its end, so nothing it learns or breaks
carries over to the next game, and it sees nothing but its seat's views and the moves played:
it cannot read another bot's cards or steer another bot's random numbers.  When it answers
late, crashes, says something that is not a move, or chooses a move that is not legal, the
game ends there: its seat loses, and the reason is kept (:attr:`GameResult.forfeit
<durak_lab.bots.GameResult.forfeit>`); a tournament goes on with the next game.

>>> import sys
>>> from durak_lab.bots import GreedyBot, play_game
>>> from durak_lab.engine.rules import Rules
>>> bot = ExternalBot([sys.executable, "-m", "durak_lab", "engine", "--bot", "greedy"], name="greedy-ext")
>>> g = play_game(Rules(players=2), [bot, GreedyBot()], seed=4)
>>> g.seats, g.forfeit, g.moves == play_game(Rules(players=2), [GreedyBot(), GreedyBot()], seed=4).moves
(('greedy-ext', 'greedy'), (), True)

Standard library only.
"""

from __future__ import annotations

import collections
import queue
import random
import shlex
import subprocess
import threading
import time
from typing import Any, Optional, Sequence, Union

from ...engine.errors import MoveTextError
from ...engine.moves import Move, seat_text
from ...engine.view import PlayerView
from ...engine.view_json import view_to_json
from ..base import BotError
from .wire import MAX_LINE, VERSION, json_line, line, split

__all__ = ["ExternalBot", "BotForfeit"]


class BotForfeit(BotError):
    """A bot in another process lost the game by what it did: ``reason`` says what (it answered
    too late, crashed, or chose a move that is not legal)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


_EOF = object()


def _pump(stream: Any, into: "queue.Queue[Any]", keep: Optional[collections.deque] = None) -> None:
    """Copy ``stream``'s lines into ``into`` (or the last ones into ``keep``), then an end mark."""
    try:
        for text in stream:
            if keep is not None:
                keep.append(text.rstrip()[:300])
            else:
                into.put(text)
    except (OSError, ValueError):  # closed under us at the end
        pass
    into.put(_EOF)


class ExternalBot:
    """A bot that is a program speaking ``durak-engine/1`` on its standard input and output.

    ``command``: the program and its arguments (a list, or one string split as a shell would);
    ``name``: the bot's name in results (default: the command); ``move_ms``: the time of each
    ``go``, in milliseconds; ``grace_ms``: how much later than that an answer still counts (the
    program's start, the pipes); ``start_s``: the time to start and greet (a Python program
    importing a big package needs a second or two); ``cwd``, ``env``: where and with what
    environment it runs (default: this process's).
    """

    reads_history = True

    def __init__(self, command: Union[str, Sequence[str]], *, name: Optional[str] = None, move_ms: int = 1000,
                 grace_ms: int = 1000, start_s: float = 30.0, cwd: Optional[str] = None,
                 env: Optional[dict] = None):
        argv = shlex.split(command) if isinstance(command, str) else [str(a) for a in command]
        if not argv:
            raise ValueError("command: give the program to run")
        if move_ms < 1 or grace_ms < 0 or start_s <= 0:
            raise ValueError("move_ms must be at least 1, grace_ms at least 0, start_s above 0")
        self.argv = argv
        self.name = name or shlex.join(argv)[:60]
        self.move_ms = int(move_ms)
        self.grace_ms = int(grace_ms)
        self.start_s = float(start_s)
        self.cwd = cwd
        self.env = env
        self.engine_name: Optional[str] = None
        self._proc: Optional[subprocess.Popen] = None
        self._lines: "queue.Queue[Any]" = queue.Queue()
        self._stderr: collections.deque = collections.deque(maxlen=5)
        self._views = 0
        self._moves = 0
        #: The wall seconds the last :meth:`choose` spent starting the program (0.0 when it was running).
        self.last_start = 0.0

    # ------------------------------------------------------------ copies travel without a process
    def _config(self) -> dict:
        return dict(name=self.name, move_ms=self.move_ms, grace_ms=self.grace_ms, start_s=self.start_s,
                    cwd=self.cwd, env=self.env)

    def __deepcopy__(self, memo: dict) -> "ExternalBot":
        return ExternalBot(list(self.argv), **self._config())

    def __reduce__(self) -> tuple:
        return (_rebuild, (list(self.argv), self._config()))

    def __repr__(self) -> str:
        return f"ExternalBot({self.argv!r}, name={self.name!r})"

    # ------------------------------------------------------------ the process
    def _send(self, text: str) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(text + "\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BotForfeit(f"the program stopped{self._why_stopped()}") from None

    def _why_stopped(self) -> str:
        if self._proc is None:
            return ""
        try:
            code = self._proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            code = None
        said = f"; its last words: {self._stderr[-1]}" if self._stderr else ""
        return (f" (exit status {code}{said})" if code is not None else said)

    def _answer(self, seconds: float, wanted: str) -> str:
        """The argument of the next ``wanted`` line within ``seconds``; ``info`` lines are skipped."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                got = self._lines.get(timeout=max(0.0, left))
            except queue.Empty:
                raise BotForfeit(f"no answer to {wanted!r} within {seconds:.1f} s") from None
            if got is _EOF:
                raise BotForfeit(f"the program stopped{self._why_stopped()}")
            if len(got) > MAX_LINE:
                raise BotForfeit(f"it answered a line of {len(got)} characters")
            word, arg = split(got)
            if word in ("info", ""):
                continue
            if word == "error":
                raise BotForfeit(f"it said: {arg[:300]}")
            if word != wanted:
                raise BotForfeit(f"it answered {got.strip()[:80]!r} where {wanted!r} was due")
            return arg

    def _start(self, view: PlayerView, rng: random.Random) -> None:
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                encoding="utf-8", errors="replace", bufsize=1, cwd=self.cwd,
                env=None if self.env is None else dict(self.env))
        except OSError as err:
            raise BotForfeit(f"the program could not start: {err.strerror or err}") from None
        threading.Thread(target=_pump, args=(self._proc.stdout, self._lines), daemon=True).start()
        threading.Thread(target=_pump, args=(self._proc.stderr, queue.Queue(), self._stderr), daemon=True).start()
        self._send(line("durak-engine", VERSION))
        self.engine_name = self._answer(self.start_s, "name")
        self._answer(self.start_s, "ok")
        seed = rng.getrandbits(32)  # the program's own random numbers, from the game's seed
        self._send(json_line("newgame", {"rules": view.rules.to_dict(), "seat": seat_text(view.seat),
                                         "seed": seed}))
        self._answer(self.start_s, "ok")

    def choose(self, view: PlayerView, rng: random.Random, history: tuple = ()) -> Move:
        """Send the views and moves not sent yet, then ``go``; the program's move, checked.
        A :class:`BotForfeit` when it does not answer in time, stops, or answers wrong."""
        self.last_start = 0.0
        if self._proc is None:
            t0 = time.monotonic()
            self._start(view, rng)
            self.last_start = time.monotonic() - t0
        views = [v for v, _ in history] + [view]
        moves = [m for _, m in history]
        if self._views == 0:
            self._send(json_line("view", view_to_json(views[0])))
            self._views = 1
        for i in range(self._moves, len(moves)):
            self._send(line("moved", moves[i]))
            self._send(json_line("view", view_to_json(views[i + 1])))
        self._moves = len(moves)
        self._send(line("go", self.move_ms))
        text = self._answer((self.move_ms + self.grace_ms) / 1000, "move")
        try:
            move = Move.parse(text, view.rules.players)
        except MoveTextError as err:
            raise BotForfeit(f"its answer is not a move: {err}") from None
        if move not in view.legal:
            raise BotForfeit(f"it chose {move}, not one of its legal moves")
        return move

    def finish(self, result: Optional[tuple] = None) -> None:
        """Tell the program the game is over (``result``: the durak seats) and stop it."""
        proc, self._proc = self._proc, None
        self._views = self._moves = 0
        self._lines = queue.Queue()
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin is not None:
                if result is not None:
                    proc.stdin.write(json_line("gameover", {"duraks": [seat_text(s) for s in result]}) + "\n")
                proc.stdin.write("quit\n")
                proc.stdin.flush()
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def _rebuild(argv: list, config: dict) -> ExternalBot:
    return ExternalBot(argv, **config)
