"""``durak-lab play``: a game of Durak at the terminal, against bots or with people at one keyboard.

Options: ``--vs LEVEL[,LEVEL…]`` (the bots' level, :data:`~durak_lab.bots.BOTS`:
random, beginner, tips, greedy, endgame, search, expert, weakest first; one level for every bot or one per bot),
``--players N`` (2 to 8; default: the preset's, else 2), ``--preset NAME``
(:data:`~durak_lab.engine.rules.PRESETS`, default podkidnoy), ``--seed N`` (the
deal; a new one when left out, printed as the deal number), ``--seat N`` (your
seat, 1 for P1), ``--coach`` (a word before a doubtful move, and ``play it
anyway? (y/n)``), ``--humans N`` (people taking turns at one keyboard from
``--seat`` on; 0 lets the bots play alone), ``--redeal`` (R4: a player dealt five
cards of one suit or six of one colour may ask for a new deal; you are asked
``new cards? (y/n)``, the bots declare unless they hold three trumps).

Before each of your turns it prints the table (trump, talon, how many cards
every seat holds and its role, the cards on the table, your hand), then a line that starts
``your moves: `` with your legal moves in the move text, separated by `` | ``.
Every move is said as a sentence.  Type one move a line: its text, or a short
form (:mod:`durak_lab.session.shorthand`: ``7h``, ``9h on 7h``, ``take``…);
``hint``, ``undo``, ``help`` and ``quit`` work too.  A line that is not a move
you may make gets one line saying why, and nothing changes.

Exit status: 0 at the end of the game, after ``quit`` and at the end of the
input; 2 for bad options, with one line on stderr saying what is wrong.

Standard library and the durak_lab core only.

>>> import io
>>> out = io.StringIO()
>>> main(["--seed", "6"], stdin=io.StringIO("7c\\ndance\\nks\\nquit\\n"), stdout=out)
0
>>> print(out.getvalue(), end="")
Durak (podkidnoy): P1 (you), P2 (tips bot). Type help to see how to write your moves.
New game (deal number 6). P2 leads.
P2 leads 7♠ against P1.
<BLANKLINE>
Trump: ♦ (the face-up card at the bottom of the talon is A♦)
Talon: 24 cards
P1 (you): 6 cards, defends
P2 (tips bot): 5 cards, attacks
On the table: 7♠
Your cards (P1): K♠ 7♣ Q♣ A♣ 10♦ K♦
P1, your turn.
your moves: P1 cover 7♠ with K♠ | P1 cover 7♠ with 10♦ | P1 cover 7♠ with K♦ | P1 take
You can't do that: 7♣ does not beat 7♠: cover with a higher spade or with a trump (a diamond).
not understood: 'dance' is not a card or a move: write a card like 7h, or take, pass or help
P1 covers 7♠ with K♠ (a higher spade).
Bito: 7♠ K♠ go to the discard.
P2 draws 1 card.
P1 draws 1 card.
P1 leads against P2.
<BLANKLINE>
Trump: ♦ (the face-up card at the bottom of the talon is A♦)
Talon: 22 cards
P1 (you): 6 cards, attacks
P2 (tips bot): 6 cards, defends
On the table: nothing yet
Your cards (P1): 6♥ 7♣ Q♣ A♣ 10♦ K♦
P1, your turn.
your moves: P1 attack 6♥ | P1 attack 10♦ | P1 attack K♦ | P1 attack 7♣ | P1 attack Q♣ | P1 attack A♣
Bye! The game stopped before the end.
>>> main(["--players", "9"], stdin=io.StringIO(""), stdout=out, stderr=out)
2
>>> out.getvalue().splitlines()[-1]
'durak-lab play: --players: a table has 2 to 8 players, not 9'
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Optional, Sequence, TextIO

from .commands import run_standalone
from .console import MAX_LINE, read_line, write_line
from ..bots import BOTS, TABLE_LEVELS
from ..engine.cards import SUIT_SYMBOLS, Card, rank_of, suit_of
from ..engine.errors import IllegalMoveError, MoveTextError, RulesError
from ..engine.moves import seat_text
from ..engine.rules import PRESETS, Rules
from ..session.play import HUMAN, PlaySession, seat_kinds
from ..text.catalogue import Items
from ..text.messages import say
from ..text.reasons import reason_clause, without_rule_ids

__all__ = ["add_parser", "run", "main", "Terminal", "table_lines"]

PROG = "durak-lab play"
_QUIT = {"quit", "exit", "bye", "stop"}
_YES = {"y", "yes"}
_NO = {"n", "no"}
#: Blank lines that scroll one person's cards off the screen before the next person plays.
_SCROLL = 40


class _Bad(Exception):
    """A bad option: the message says which and why."""


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``play`` subcommand on an argparse subparsers object.

    >>> ap = argparse.ArgumentParser(prog="durak-lab")
    >>> p = add_parser(ap.add_subparsers(dest="command"))
    >>> ns = ap.parse_args(["play", "--vs", "random,tips", "--players", "3", "--coach"])
    >>> ns.vs, ns.players, ns.coach
    ('random,tips', '3', True)
    """
    p = sub.add_parser("play", help="play a game of Durak at the terminal against bots",
                       description="Play Durak at the terminal: type one move a line (a move text or a short "
                       "form such as 7h, '9h on 7h', take, pass), or hint, undo, help, quit.")
    _arguments(p)
    return p


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--vs", default="tips", metavar="LEVEL[,LEVEL…]",
                   help=f"the bots' level, one for all or one per bot: {', '.join(TABLE_LEVELS)} (weakest first; "
                   "default tips)")
    p.add_argument("--players", default=None, metavar="N", help="players at the table, 2 to 6 (default: "
                   "the preset's, else 2)")
    p.add_argument("--preset", default="podkidnoy", metavar="NAME",
                   help=f"the rules: {', '.join(PRESETS)} (default podkidnoy)")
    p.add_argument("--seed", default=None, metavar="N", help="the deal number (default: a new deal)")
    p.add_argument("--seat", default="1", metavar="N", help="your seat: 1 for P1 (default 1)")
    p.add_argument("--coach", action="store_true", help="the coach warns before a doubtful move")
    p.add_argument("--humans", default="1", metavar="N",
                   help="people taking turns at this keyboard, from --seat on (default 1; 0: bots only)")
    p.add_argument("--redeal", action="store_true",
                   help="a player dealt 5 cards of one suit or 6 of one colour may ask for a new deal (R4): "
                   "you are asked, the bots declare unless they hold 3 trumps")


def _whole(option: str, text: str) -> int:
    t = text.strip()
    if len(t.lstrip("+-").lstrip("0")) > 12:  # no option needs more digits; int() refuses past 4,300
        raise _Bad(say("terminal-option-digits", option=option, value=t[:12] + "…"))
    try:
        return int(t)
    except ValueError:
        raise _Bad(say("terminal-option-number", option=option, value=text)) from None


def _bots(n: int) -> str:
    return say("terminal-no-bots") if not n else say("terminal-one-bot") if n == 1 else say("terminal-bots", count=n)


def session_of(ns: argparse.Namespace) -> PlaySession:
    """The table the options ask for; :class:`_Bad` with one line when they do not make one.

    >>> ap = argparse.ArgumentParser(); _arguments(ap)
    >>> s = session_of(ap.parse_args(["--players", "3", "--vs", "random,endgame", "--seat", "2", "--seed", "1"]))
    >>> s.seats, s.seed
    (['random', 'human', 'endgame'], 1)
    """
    if ns.preset not in PRESETS:
        raise _Bad(say("terminal-option-preset", value=ns.preset, presets=", ".join(PRESETS)))
    players = PRESETS[ns.preset].get("players", 2) if ns.players is None else _whole("--players", ns.players)
    if not 2 <= players <= 8:
        raise _Bad(say("terminal-option-players", value=players))
    base = Rules.preset(ns.preset)
    most = min(8, (base.deck + base.jokers) // base.hand_size)
    if players > most and "players" not in PRESETS[ns.preset]:  # 7 and 8 need the low ranks (R5)
        bigs = [k for k in PRESETS if Rules.preset(k).deck + Rules.preset(k).jokers >= 48]
        raise _Bad(say("terminal-option-players-deck", preset=ns.preset, most=most, value=players,
                       presets=Items(bigs, "or")))
    try:
        redeal = {"redeal": True} if getattr(ns, "redeal", False) else {}  # R4, asked at the deal
        rules = Rules.preset(ns.preset, players=players, **redeal)
    except RulesError as err:
        raise _Bad(say("terminal-option-rules", preset=ns.preset, players=players,
                       why=without_rule_ids(str(err)))) from None
    seat = _whole("--seat", ns.seat)
    if not 1 <= seat <= players:
        raise _Bad(say("terminal-option-seat", players=players, value=seat))
    humans = _whole("--humans", ns.humans)
    if not 0 <= humans <= players:
        raise _Bad(say("terminal-option-humans", players=players, value=humans))
    levels = [level.strip().lower() for level in ns.vs.split(",") if level.strip()]
    for level in levels:
        if level not in BOTS:
            raise _Bad(say("terminal-option-level", value=level, levels=", ".join(TABLE_LEVELS)))
    bots = players - humans
    if len(levels) > 1 and len(levels) != bots:
        raise _Bad(say("terminal-option-levels", count=len(levels), bots=_bots(bots)))
    seed = None if ns.seed is None else _whole("--seed", ns.seed)
    if seed is not None and seed < 0:
        raise _Bad(say("terminal-option-seed", value=seed))
    kinds = seat_kinds(players, levels, seat=seat - 1, humans=humans)
    return PlaySession(rules, kinds, seed=seed, coach=ns.coach)


# ---------------------------------------------------------------- what the table shows
def _cards_text(cards: Sequence[int], trump: int) -> str:
    """Cards suit by suit, low to high, the trumps last."""
    order = sorted(cards, key=lambda c: (suit_of(c) == trump, suit_of(c), rank_of(c)))
    return " ".join(str(Card(c)) for c in order)


def _count(n: int) -> str:
    return say("one-card") if n == 1 else say("cards-count", count=n)


def seats_and_table_lines(view: Any, name: Callable[[int], str] = seat_text) -> list:
    """The seats (each one's cards and role, the view's own seat first, then in the order they play)
    and the table, as the terminal game shows them from ``view``; ``name`` names a seat.

    >>> from durak_lab.engine.rules import Rules
    >>> from durak_lab.engine.state import Position
    >>> p = Position.start(Rules(players=2), ["7♦ Q♥", "Q♦"], trump="♥", discard="rest", attacker=0)
    >>> seats_and_table_lines(p.view(1))
    ['P2: 1 card, defends', 'P1: 2 cards, attacks', 'On the table: nothing yet']
    """
    lines = []
    seat, talon = view.seat, view.talon_size
    n = view.rules.players
    for i in range(n):  # this seat first, then the others in the order they play
        s = (seat + i) % n
        who = name(s)
        count = view.hand_sizes[s]
        if not count and not talon:
            lines.append(say("terminal-seat", seat=who, cards=say("role-out")))
        elif s == view.defender:
            lines.append(say("terminal-seat-role", seat=who, cards=_count(count), role=say("role-defender")))
        elif s == view.leader:
            lines.append(say("terminal-seat-role", seat=who, cards=_count(count), role=say("role-attacker")))
        else:
            lines.append(say("terminal-seat", seat=who, cards=_count(count)))
    if view.table:
        pairs = [say("terminal-covered", card=Card(a), cover=Card(c)) if c >= 0 else str(Card(a))
                 for a, c, _, _ in view.table]
        lines.append(say("terminal-table", cards=", ".join(pairs)))
    else:
        lines.append(say("terminal-table-empty"))
    return lines


def table_lines(session: PlaySession, seat: int) -> list:
    """What ``seat`` sees of the table, as lines: trump, talon, every seat's cards and role (this
    seat's first), the cards on the table, the hand.

    >>> s = PlaySession(Rules.preset("podkidnoy", players=3), ["human", "tips", "random"], seed=4)
    >>> for line in table_lines(s, 0):
    ...     print(line)
    Trump: ♠ (the face-up card at the bottom of the talon is A♠)
    Talon: 18 cards
    P1 (you): 6 cards, defends
    P2 (tips bot): 6 cards
    P3 (random bot): 6 cards, attacks
    On the table: nothing yet
    Your cards (P1): 10♥ 8♦ 10♦ J♦ Q♦ Q♣
    """
    view = session.view(seat)
    trump = view.trump
    lines = []
    if view.talon_size and view.trump_card is not None and view.trump_card_holder is None:
        lines.append(say("terminal-trump-card", suit=SUIT_SYMBOLS[trump], card=view.trump_card))
    else:
        lines.append(say("trump-is", suit=SUIT_SYMBOLS[trump]))
    talon = view.talon_size
    lines.append(say("talon-empty") if not talon else say("terminal-talon-one") if talon == 1
                 else say("talon-count", count=talon))
    lines += seats_and_table_lines(view, lambda s: session.seat_name(s, viewer=seat))
    if view.taking:
        lines.append(say("terminal-taking", seat=seat_text(view.defender)))
    hand = _cards_text([int(c) for c in view.hand], trump) or say("terminal-no-cards")
    lines.append(say("terminal-hand", seat=seat_text(seat), cards=hand))
    return lines


# ---------------------------------------------------------------- the game loop
class Terminal:
    """A game at the terminal: reads lines from ``stdin``, writes sentences to ``stdout``."""

    def __init__(self, session: PlaySession, stdin: TextIO, stdout: TextIO, rules_name: str = "") -> None:
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.rules_name = rules_name or session.rules.short_name()
        self._interactive = _isatty(stdin) and _isatty(stdout)
        self._last_seat: Optional[int] = None

    def write(self, text: str) -> None:
        write_line(self.stdout, text)

    def write_all(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.write(line)

    def read(self) -> Optional[str]:
        """The next line typed, without its end; None at the end of the input.

        What was written is flushed first, so a program that drives the game through
        pipes sees the question before it answers.  A line longer than any move
        (:data:`~durak_lab.cli.console.MAX_LINE`) gets one sentence and counts as an empty line.
        """
        if self._interactive:
            self.stdout.write("> ")
        self.stdout.flush()
        line = read_line(self.stdin)
        if line is not None and len(line) > MAX_LINE:
            self.write(say("terminal-line-too-long"))
            return ""
        return line

    def play(self) -> int:
        """Play until the game ends or the person stops; return the exit status (0)."""
        s = self.session
        viewer = s.humans[0] if len(s.humans) == 1 else None
        names = ", ".join(s.seat_name(seat, viewer=viewer) for seat in range(s.rules.players))
        self.write(say("terminal-welcome", rules=self.rules_name, seats=names))
        self.write_all(s.said)
        while not s.is_over:
            if s.redeal_seat is not None:
                if not self.redeal_turn():
                    self.write(say("terminal-bye"))
                    return 0
            elif s.bot_to_act() is not None:
                self.write_all(s.bot_move()[1])
            elif not self.turn():
                self.write(say("terminal-bye"))
                return 0
        if s.coach is not None:
            end = s.end_sentence()
            self.write_all([line for line in s.review() if line != end] + [end])
        return 0

    def _moves_line(self) -> str:
        return say("terminal-moves", moves=" | ".join(str(m) for m in self.session.legal()))

    def _hand_over(self, seat: int) -> bool:
        """With several people at the keyboard: wait until the next one is there."""
        if len(self.session.humans) < 2 or seat == self._last_seat:
            return True
        self.write(say("terminal-hand-over", seat=seat_text(seat)))
        if self.read() is None:
            return False
        if self._interactive:
            self.write("\n" * _SCROLL)
        return True

    def _show_table(self, seat: Optional[int]) -> bool:
        """Hand the screen to ``seat`` (pass and play) and show the table as that seat sees it; False
        when the person stops."""
        assert seat is not None
        if not self._hand_over(seat):
            return False
        self._last_seat = seat
        self.write("")
        self.write_all(table_lines(self.session, seat))
        return True

    def redeal_turn(self) -> bool:
        """Ask the person whose hand may declare a redeal (R4): ``y`` deals again, ``n`` keeps the
        cards.  False when the person stops (``quit`` or the end of the input)."""
        s = self.session
        seat = s.redeal_seat
        if not self._show_table(seat):
            return False
        self.write(s.redeal_question())
        while True:
            self.write(say("redeal-terminal"))
            line = self.read()
            if line is None:
                return False
            word = line.strip().lower()
            if word in _QUIT:
                return False
            if word in _YES or word in _NO:
                self.write_all(s.answer_redeal(word in _YES))
                return True

    def turn(self) -> bool:
        """One turn of the person who acts: show the table, read lines until a move is played.

        False when the person stops (``quit`` or the end of the input).
        """
        s = self.session
        seat = s.human_to_act()
        if not self._show_table(seat):
            return False
        self.write(s.status())
        self.write(self._moves_line())
        while True:
            line = self.read()
            if line is None:
                return False
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in _QUIT:
                return False
            if word == "help":
                self.write_all([say("terminal-help-moves"), say("terminal-help-cards"), say("terminal-help-words")])
                self.write(self._moves_line())
                continue
            if word == "hint":
                self.write(s.hint())
                continue
            if word == "undo":
                if not s.can_undo():
                    self.write(say("no-undo"))
                    continue
                s.undo()
                self.write(say("undone"))
                return True
            try:
                move = s.read(text)
                if move.seat != seat:
                    self.write(say("terminal-not-your-seat", seat=seat_text(seat), other=seat_text(move.seat)))
                    continue
                s.check(move)
            except MoveTextError as err:
                self.write(say("terminal-bad-line", why=str(err)))
                continue
            except IllegalMoveError as err:
                self.write(say("illegal", why=reason_clause(err)))
                continue
            warning = s.coach_warning(move)
            if warning is not None:
                self.write(warning)
                self.write(say("terminal-play-anyway"))
                answer = self.read()
                if answer is None:
                    return False
                if answer.strip().lower() not in _YES:
                    self.write(say("terminal-think-again"))
                    continue
            self.write_all(s.play(move))
            return True


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def run(ns: argparse.Namespace, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None,
        stderr: Optional[TextIO] = None) -> int:
    """Play with the parsed options (default streams: ``sys.stdin``, ``sys.stdout``, ``sys.stderr``);
    return the exit status.

    >>> ap = argparse.ArgumentParser(); _arguments(ap)
    >>> import io; err = io.StringIO()
    >>> run(ap.parse_args(["--vs", "strong"]), io.StringIO(""), io.StringIO(), err)
    2
    >>> print(err.getvalue(), end="")
    durak-lab play: --vs: there is no bot level 'strong': the levels are random, beginner, tips, greedy, endgame, search, expert (weakest first)
    """
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    try:
        session = session_of(ns)
    except _Bad as err:
        write_line(stderr, f"{PROG}: {err}")
        return 2
    terminal = Terminal(session, stdin, stdout, ns.preset)
    try:
        return terminal.play()
    except KeyboardInterrupt:
        terminal.write("")
        terminal.write(say("terminal-bye"))
        return 130


def main(argv: Optional[Sequence[str]] = None, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None,
         stderr: Optional[TextIO] = None) -> int:
    """``durak-lab play`` on its own: parse ``argv`` (default ``sys.argv[1:]``) and :func:`run`
    with the given streams.

    >>> import io
    >>> main(["--humans", "0", "--players", "3", "--seed", "2"], io.StringIO(""), io.StringIO())
    0
    """
    return run_standalone(PROG, "Play Durak at the terminal.", _arguments,
                          lambda ns: run(ns, stdin, stdout, stderr), argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
