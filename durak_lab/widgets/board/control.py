"""The analysis board's control: what each click does, without a browser.

:class:`BoardControl` holds the board: the tree of lines (:class:`~durak_lab.session.board.lines.Lines`,
the main line a record's moves, the variations any moves tried), the node shown, the seat whose
knowledge counts and the mode ("from my seat" or "all cards open"), and the thinking about each node
(:class:`~durak_lab.session.board.thinking.Thinking`, kept per node, seat and mode so that going back
shows what was worked out).  :meth:`BoardControl.handle` takes the page's messages
(``{"do": …}``, listed in :mod:`durak_lab.widgets.board.widget`) and returns the new picture
(:func:`~durak_lab.widgets.board.state.board_state`).  A wrong message or an illegal move leaves the
board as it was and puts a sentence in ``feedback``.

What it opens: a ``durak-lab/1`` record (its moves the main line, its variations and comments the
other lines), a worked example's id, a whole position, a position with unknown cards
(:class:`~durak_lab.engine.partial.Partial`: only "from my seat", from a seat whose hand it names; the
stand-in cards it plays on are never shown), or nothing (a new deal).

Presentation layer, standard library only (no pandas, no numpy: it runs in JupyterLite).

>>> c = BoardControl("EX-KO-1", playouts=60)
>>> c.node.id, c.handle({"do": "end"})["ply"], c.handle({"do": "start"})["ply"]
(0, 2, 0)
>>> state = c.handle({"do": "think", "node": 0})
>>> state["evaluation"]["sentence"].startswith("P2 scores ")      # P2 is to act: the board looks from there
True
>>> c.handle({"do": "play", "move": "P9 take"})["feedback_kind"]
'illegal'
"""

from __future__ import annotations

import os
import random
import time
from typing import Any, Optional, Union

from ...engine.errors import DurakError, IllegalMoveError, MoveTextError
from ...engine.moves import Move, parse_seat
from ...engine.notation import position_text, rules_text
from ...engine.partial import Partial
from ...engine.records import Record, example_ids, load_example, load_record
from ...engine.rules import Rules
from ...engine.state.position import Position
from ...session.board.lines import Lines, LinesError, Node
from ...session.board.thinking import Thinking
from ...session.store import StoreError, write_new
from ...session.students import games_folder, hello_name
from ...text.messages import say
from ...text.reasons import learner_error
from ..stepper.open_game import record_of_upload, saved_games
from .setup import SetupError, SetupPanel
from .state import board_state, trumps_json

__all__ = ["BoardControl", "BoardError", "MAX_THINKING", "MAX_UPLOAD"]

#: The most bytes of a record file read from the page (a record is far smaller).
MAX_UPLOAD = 2_000_000
#: How many nodes' thinking the board keeps (the oldest is dropped past it).
MAX_THINKING = 200


class BoardError(DurakError, ValueError):
    """What the board cannot open or do, with ``key``: the catalogue sentence a page shows."""

    def __init__(self, key: str, message: str, **facts: Any) -> None:
        super().__init__(message, facts=facts)
        self.key = key


def _opened(what: Any, seed: int) -> tuple:
    """``(lines, partial, title)`` of what the board is asked to open (see the module)."""
    if isinstance(what, Lines):
        return what, None, ""
    if isinstance(what, Record):
        return Lines.from_record(what), None, what.title or what.id or ""
    if isinstance(what, Partial):
        return None, what, ""
    if isinstance(what, Position):
        return Lines(what), None, ""
    if what is None:
        return Lines(Position.deal(Rules.preset("podkidnoy"), random.Random(seed))), None, ""
    if isinstance(what, str):
        text = what.strip()
        if text.startswith("rules="):
            partial = Partial.parse(text)
            if not partial.unknown:
                return Lines(partial.position()), None, ""
            return None, partial, ""
        if text in example_ids():
            record = load_example(text)
        else:
            record = load_record(text)
        return Lines.from_record(record), None, record.title or record.id or ""
    raise BoardError("board-open-what", "the board opens a record, an example's id, a position or a position text")


class BoardControl:
    """The analysis board (see the module).

    ``what``: the record, example id, position, position text or :class:`Partial` to open (None: a new
    deal, ``seed``); ``at``: the move of the main line to show first (0: the start; default the start);
    ``seat``: whose knowledge counts (0-based or ``"P2"``; default: the record's person, else the seat to
    act); ``open``: all cards open; ``playouts``: a fixed number of playouts per thinking pass instead of
    the CPU budgets (the same figures on every machine); ``save_dir``/``student``/``class_dir``: where
    **Save** writes (as the play table: the student's ``games`` folder, else the notebook's folder).
    """

    def __init__(self, what: Any = None, *, at: Optional[int] = None, seat: Union[int, str, None] = None,
                 open: bool = False, seed: int = 0, playouts: Optional[int] = None,
                 save_dir: Optional[str] = None, student: Optional[str] = None,
                 class_dir: Optional[str] = None) -> None:
        self.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2 ** 63 else 0
        self.playouts = playouts
        self.save_dir, self.student, self.class_dir = save_dir, student, class_dir
        self.serial = 0
        self.feedback, self.feedback_kind = "", ""
        self.download: dict = {}
        self._saves = 0
        self._thinking: dict = {}
        self._trumps: dict = {}
        self._games: tuple = (None, [])  # (the games folder's listing, its saved games' names)
        self._load(what, seat, open, at)
        #: the "Set up a position" panel: the rules and the seat of what was opened, every card unknown
        rules = self.lines.start.rules
        try:
            self.setup = SetupPanel(rules_text(rules).split(",")[0], rules.players)
        except DurakError:  # the nearest preset does not take these players: the plain game
            self.setup = SetupPanel()

    # ------------------------------------------------------------ opening
    def _load(self, what: Any, seat: Union[int, str, None], open: bool, at: Optional[int]) -> None:
        try:
            lines, partial, title = _opened(what, self.seed)
        except DurakError as err:
            raise BoardError("board-open-failed", str(err), why=learner_error(err)) from None
        start = partial.world(partial.named_seats()[0]) if partial is not None and partial.named_seats() else None
        if partial is not None and start is None:
            raise BoardError("board-no-named-seat", "the position names no seat's whole hand")
        players = (partial.rules if partial is not None else lines.start.rules).players
        chosen = self._seat_of(seat, players)
        if partial is not None:
            if chosen is None or chosen not in partial.named_seats():
                chosen = partial.named_seats()[0]
            lines = Lines(partial.world(chosen, self.seed))
            open = False
        assert lines is not None
        if chosen is None:
            chosen = self._default_seat(lines)
        self.lines, self.partial, self.title = lines, partial, title
        self.seat, self.open = chosen, bool(open)
        self._thinking.clear()
        self._trumps.clear()
        self.node = lines.root
        for n in lines.main_line()[:max(0, at)] if isinstance(at, int) and not isinstance(at, bool) else ():
            self.node = n

    @staticmethod
    def _seat_of(seat: Union[int, str, None], players: int) -> Optional[int]:
        if seat is None:
            return None
        if isinstance(seat, bool) or not isinstance(seat, (int, str)):
            raise BoardError("board-bad-seat", "a seat is 0-based or P1, P2, …", players=players)
        if isinstance(seat, int):
            if not 0 <= seat < players:
                raise BoardError("board-bad-seat", f"no such seat at {players} players", players=players)
            return seat
        try:
            return parse_seat(seat, players)
        except MoveTextError:
            raise BoardError("board-bad-seat", "not a seat", players=players) from None

    @staticmethod
    def _default_seat(lines: Lines) -> int:
        source = lines.source
        for s, player in (source.players if source is not None else ()):
            if getattr(player, "kind", "") == "person":
                return s
        mover = lines.start.to_act()
        return mover if mover is not None else 0

    @property
    def open_allowed(self) -> bool:
        """Whether "all cards open" may be chosen: not where cards are unknown."""
        return self.partial is None

    def seat_choices(self) -> list:
        """The seats the board can be seen from."""
        return list(self.partial.named_seats()) if self.partial is not None else list(range(self.lines.start.players))

    def on_main_line(self, node: Node) -> bool:
        """Whether ``node`` lies on the main line (the record's moves)."""
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    # ------------------------------------------------------------ thinking
    def thinking(self) -> Optional[Thinking]:
        """The thinking about the node shown, for the seat and mode (made, not yet worked, on first ask)."""
        key = (self.node.id, self.seat, self.open)
        t = self._thinking.get(key)
        if t is None:
            if self.node.position.result is not None:
                return None
            if len(self._thinking) >= MAX_THINKING:
                self._thinking.pop(next(iter(self._thinking)))
            t = Thinking(self.node.position, self.seat, open=self.open, seed=self.seed, playouts=self.playouts)
            self._thinking[key] = t
        return t

    def trumps(self) -> list:
        """The trumps' chances from the seat's view at the node shown (kept per node and seat)."""
        key = (self.node.id, self.seat)
        if key not in self._trumps:
            try:
                self._trumps[key] = trumps_json(self.node.position.view(self.seat))
            except DurakError:
                self._trumps[key] = []
        return self._trumps[key]

    # ------------------------------------------------------------ messages
    def state(self) -> dict:
        """The picture of the board for the page."""
        self.serial += 1
        return board_state(self)

    def handle(self, msg: Any) -> dict:
        """Do what a page's message asks; return the new picture.  Nothing changes on a wrong message."""
        if not isinstance(msg, dict) or not isinstance(msg.get("do"), str):
            return self.state()
        if msg["do"] not in ("think", "hello"):  # the paced thinking keeps what the last click said
            self.feedback, self.feedback_kind = "", ""
        handler = getattr(self, "_on_" + msg["do"].replace("-", "_"), None)
        if handler is None or msg["do"] not in _MESSAGES:
            return self.state()
        try:
            handler(msg)
        except IllegalMoveError as err:
            self._tell("illegal", learner_error(err))
        except (BoardError, LinesError, SetupError) as err:
            self._tell("illegal", say(err.key, **err.facts))
        except DurakError as err:
            self._tell("illegal", say("board-cannot", why=learner_error(err)))
        return self.state()

    def _tell(self, kind: str, text: str) -> None:
        self.feedback_kind, self.feedback = kind, text

    def _go(self, node: Node) -> None:
        self.node = node

    def _on_go(self, msg: dict) -> None:
        node_id = msg.get("node")
        if isinstance(node_id, int) and not isinstance(node_id, bool) and node_id in self.lines:
            self._go(self.lines.node(node_id))

    def _on_start(self, msg: dict) -> None:
        self._go(self.lines.root)

    def _on_back(self, msg: dict) -> None:
        if self.node.parent is not None:
            self._go(self.node.parent)

    def _on_forward(self, msg: dict) -> None:
        if self.node.children:
            self._go(self.node.children[0])

    def _on_end(self, msg: dict) -> None:
        line = self.lines.line_from(self.node)
        if line:
            self._go(line[-1])

    def _on_play(self, msg: dict) -> None:
        text = msg.get("move")
        if not isinstance(text, str) or len(text) > 200:
            raise BoardError("board-bad-move", "not a move")
        move = Move.parse(text, self.node.position.players)
        if not self.open and move.seat != self.seat and not any(ch.move == move for ch in self.node.children):
            raise BoardError("board-not-your-move", "from a seat, only its own moves are tried")
        self._go(self.lines.play(self.node, move))  # an illegal move raises and changes nothing

    def _on_delete(self, msg: dict) -> None:
        if self.node.parent is None or self.on_main_line(self.node):
            raise BoardError("board-delete-main", "the main line stays")
        self._go(self.lines.delete(self.node))

    def _on_promote(self, msg: dict) -> None:
        if self.node.parent is not None:
            self.lines.promote(self.node)

    def _on_comment(self, msg: dict) -> None:
        text = msg.get("text")
        if not isinstance(text, str):
            raise BoardError("board-bad-comment", "a comment is text")
        self.lines.comment(self.node, text)
        self._tell("info", say("board-comment-kept"))

    def _on_mode(self, msg: dict) -> None:
        want = msg.get("open") is True
        if want and not self.open_allowed:
            raise BoardError("board-open-unknown", "cards are unknown")
        self.open = want

    def _on_seat(self, msg: dict) -> None:
        seat = self._seat_of(msg.get("seat"), self.lines.start.players)
        if seat is None or seat not in self.seat_choices():
            raise BoardError("board-seat-unnamed", "that seat's hand is not named")
        self.seat = seat

    def _on_think(self, msg: dict) -> None:
        """One more piece of thinking about the node the page shows (``node``): an old node's ask is
        ignored, so a late answer never draws over a newer node."""
        if msg.get("node") != self.node.id:
            return
        t = self.thinking()
        if t is not None and not t.done:
            t.step()

    def _on_hello(self, msg: dict) -> None:
        """The page has opened: the student's name its browser remembers (from the lessons)."""
        if self.student is None:
            self.student = hello_name(msg.get("student"))

    # ------------------------------------------------------------ opening from the page
    def games_folder(self) -> str:
        """Where **Save** writes and the saved games are found: ``save_dir``, the student's ``games``
        folder, or the notebook's folder."""
        return games_folder(self.save_dir, self.student, self.class_dir)

    def example_choices(self) -> list:
        """The worked examples' ids."""
        return example_ids()

    def game_choices(self) -> list:
        """The saved games' file names, newest name last.  Every picture lists them, the thinking's
        too: the files are read again only when the folder's listing (names, sizes, times) changes."""
        folder = self.games_folder()
        try:
            with os.scandir(folder) as entries:
                listing: Any = (folder, tuple(sorted((e.name, e.stat().st_size, e.stat().st_mtime_ns)
                                                     for e in entries if e.name.lower().endswith(".json"))))
        except OSError:
            listing = (folder, None)
        if listing != self._games[0]:
            self._games = (listing, [name for name, _ in saved_games(folder)])
        return list(self._games[1])

    def _open(self, what: Any, seat: Optional[int] = None) -> None:
        before = (self.lines, self.partial, self.title, self.node, self.seat, self.open)
        try:
            self._load(what, seat, False, None)
        except BoardError:
            self.lines, self.partial, self.title, self.node, self.seat, self.open = before
            raise
        self._tell("info", say("board-opened"))

    def _on_open(self, msg: dict) -> None:
        if isinstance(msg.get("example"), str) and msg["example"] in example_ids():
            self._open(msg["example"])
        elif isinstance(msg.get("game"), str):
            found = dict(saved_games(self.games_folder()))
            if msg["game"] not in found:
                raise BoardError("board-no-game", "no such saved game")
            self._open(load_record(found[msg["game"]]))
        elif isinstance(msg.get("upload"), dict):
            upload = dict(msg["upload"])
            content = upload.get("content")
            if isinstance(content, list) and len(content) <= MAX_UPLOAD:  # the page sends the file's bytes
                try:
                    upload["content"] = bytes(content)
                except (TypeError, ValueError):
                    raise BoardError("board-open-failed", "not a file", why=say("board-not-a-file")) from None
            try:
                record = record_of_upload(upload)
            except DurakError as err:
                raise BoardError("board-open-failed", str(err), why=learner_error(err)) from None
            self._open(record)
        else:
            raise BoardError("board-open-what", "nothing to open")

    # ------------------------------------------------------------ setting a position up by clicking
    def _on_setup_target(self, msg: dict) -> None:
        self.setup.set_target(msg.get("place"))

    def _on_setup_card(self, msg: dict) -> None:
        self.setup.place(msg.get("card"))

    def _on_setup_hidden(self, msg: dict) -> None:
        self.setup.set_hidden(msg.get("seat"), msg.get("count"))

    def _on_setup_roles(self, msg: dict) -> None:
        self.setup.set_roles(msg.get("leader"), msg.get("defender"))

    def _on_setup_seat(self, msg: dict) -> None:
        self.setup.set_seat(msg.get("seat"))

    def _on_setup_suit(self, msg: dict) -> None:
        self.setup.set_suit(msg.get("suit"))

    def _on_setup_rules(self, msg: dict) -> None:
        self.setup.set_rules(msg.get("preset"), msg.get("players"))

    def _on_setup_clear(self, msg: dict) -> None:
        self.setup.clear()

    def _on_setup_from_board(self, msg: dict) -> None:
        """The panel filled with the position shown, as the board's seat knows it."""
        self.setup.seat = self.seat
        self.setup.fill_from(Partial.seen_from(self.node.position, self.seat))

    def _on_setup_analyse(self, msg: dict) -> None:
        """Open the set-up position on the board, from the panel's seat."""
        text = self.setup.text()
        try:
            Partial.parse(text)
        except DurakError as err:
            raise BoardError("board-setup-impossible", str(err), why=learner_error(err)) from None
        self._open(text, self.setup.seat)
        self._tell("info", say("board-setup-opened"))

    # ------------------------------------------------------------ saving
    def record(self) -> Record:
        """The lines as a ``durak-lab/1`` record: the main line's moves, the variations and comments.
        A position with unknown cards, or with cards on the table at the start, is no record:
        :class:`BoardError` (save :meth:`position_text` instead)."""
        if self.partial is not None:
            raise BoardError("board-record-unknown", "cards are unknown: no record")
        return self.lines.record()

    def position_text(self) -> str:
        """The one-line text of the node shown ("from my seat" with a position of unknown cards: what
        the seat knows, ``?N`` for the rest)."""
        p = self.node.position
        if self.partial is not None:
            return str(Partial.seen_from(p, self.seat))
        return position_text(p)

    def _on_save(self, msg: dict) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime())
        try:
            text = self.record().dump() + "\n"
            name, said = f"durak-analysis-{stamp}.json", "board-saved"
        except (BoardError, LinesError):
            text = self.position_text() + "\n"
            name, said = f"durak-position-{stamp}.txt", "board-saved-text"
        try:
            name = os.path.basename(write_new(os.path.join(self.games_folder(), name), text))
            told = say(said, path=name)
        except StoreError:
            told = say("board-save-failed")
        self._saves += 1
        self.download = {"name": name, "text": text, "serial": self._saves}
        self._tell("info", told)


#: The messages the page sends (``{"do": …}``).
_MESSAGES = frozenset({"go", "start", "back", "forward", "end", "play", "delete", "promote", "comment", "mode",
                       "seat", "think", "hello", "open", "save", "setup-target", "setup-card", "setup-hidden",
                       "setup-roles", "setup-seat", "setup-suit", "setup-rules", "setup-clear", "setup-from-board",
                       "setup-analyse"})
