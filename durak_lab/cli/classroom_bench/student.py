"""One simulated student: the lessons, then a game at the play table, as the pages' clicks.

:class:`Student` opens ``learn.ipynb`` (a :class:`~.page.Page`), says who they are (a
new browser says ``hello`` with no name and then types it in the name form; a browser
that remembers the name says it in ``hello``), and works through a few lessons of the
course: **Next** on a reading step, and every exercise answered with the lesson's own
answer (:class:`~durak_lab.lessons.format.Step`), by the clicks the page would send: a
seat, yes or no, an option; the cards of a ``cards`` step and **Check**; the move of a
``move`` step on the lesson's table (the attack card, then the card that covers it…).
Some answers are wrong on purpose and some steps ask for a hint first, so that the
marks differ from student to student; every answer's verdict is checked against what
the lesson must say. The student keeps the marks the progress file must hold
(:attr:`StudentRun.marks`).

Then the student leaves the page (as a browser tab that goes on to another page) and
opens ``play.ipynb``: ``hello`` with the name the lessons left in the browser, then a
game against the page's bot, as a learner who clicks **Show my options** and then what
it lights up; the bot moves when the student's page asks (after the page's pause). After
``moves`` moves of the student (or at the end of the game) **Save game**; the student
keeps the saved record's name and text, the first hand and the cards played, which the
saved file must match (:mod:`~.checks`).

Every click is timed from the send to the redraw (:class:`Click`), and every state drawn is
searched for the sentences a page shows when something went wrong (:data:`ERROR_KEYS`).
Standard library only.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from ...engine.moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move, seat_text
from ...engine.state.position import Position
from ...lessons.check import MAX_TRIES
from ...lessons.format import Lesson, Step
from ...text.messages import say
from .page import Page, PageError

__all__ = ["Student", "StudentRun", "Click", "Expected", "SavedGame", "Unexpected", "student_names",
           "move_clicks", "lesson_pool", "APPS"]

#: The two pages, by what they are called in the figures.
APPS = {"learn": "learn.ipynb", "play": "play.ipynb"}
#: First names of the class (several alphabets); each student's name adds a number.
FIRST_NAMES = ("Ann", "Boris", "Юля", "Dana", "שרה", "Li Wei", "José", "Zoë")
#: The share of the seat, yes-no, choice and cards exercises answered wrong first, on purpose.
WRONG_SHARE = 0.3
#: The share of the exercises where the student asks for a hint first.
HINT_SHARE = 0.15
#: The messages a page shows when something went wrong: a step, the game, a save, a progress file.
ERROR_KEYS = ("learn-error", "error", "learn-not-saved", "save-failed", "lesson-progress-broken")


class Unexpected(Exception):
    """A page that did not show what it must after a click."""


def student_names(n: int) -> List[str]:
    """``n`` names, each a first name and a number of the same width: no name holds another.

    >>> student_names(3)
    ['Ann 1', 'Boris 2', 'Юля 3']
    >>> student_names(12)[9:]
    ['Boris 10', 'Юля 11', 'Dana 12']
    """
    width = len(str(n))
    return [f"{FIRST_NAMES[i % len(FIRST_NAMES)]} {i + 1:0{width}d}" for i in range(n)]


def lesson_pool(lessons: Sequence[Lesson]) -> List[Lesson]:
    """The lessons a student may take here: those without a ``play`` step (a whole game inside a
    lesson; the game is measured on the play table)."""
    return [L for L in lessons if all(s.kind != "play" for s in L.steps)]


def move_clicks(move: Move) -> List[dict]:
    """The clicks on a table that make ``move``: the attack card(s); the card attacked, then the
    card that covers it; the button of take, pass, transfer, show, swap. (After cards of an
    attack, a **Play** click may still be needed: the player asks the table.)

    >>> move_clicks(Move.parse("P2 cover 7♦ with 9♦", 2))
    [{'do': 'target', 'card': '7♦'}, {'do': 'card', 'card': '9♦'}]
    >>> move_clicks(Move.parse("P1 take", 2))
    [{'do': 'take'}]
    """
    if move.kind == ATTACK:
        return [{"do": "card", "card": str(c)} for c in move.cards]
    if move.kind == COVER:
        return [{"do": "target", "card": str(move.target)}, {"do": "card", "card": str(move.cards[0])}]
    if move.kind in (TAKE, PASS, TRANSFER, SHOW, SWAP):
        return [{"do": move.kind}]
    raise ValueError(f"no clicks known for {move}")


@dataclass(frozen=True)
class Click:
    """One click: the ``app`` (``learn``, ``play``), ``kind`` (``learn``, ``play``: the student's;
    ``bot``: the page asking for the bot's move) and the seconds from the send to the redraw."""

    app: str
    kind: str
    seconds: float


@dataclass(frozen=True)
class Expected:
    """The mark a finished step must leave in the progress file."""

    solved: bool
    first_try: Optional[bool]
    tries: Optional[int]
    hints: Optional[int]


@dataclass
class SavedGame:
    """A game the student saved: the file's ``name`` and ``text`` (the page's download), the
    student's first ``hand`` and the cards of each of their moves, in order."""

    name: str
    text: str
    hand: List[str]
    played: List[Set[str]]


@dataclass
class StudentRun:
    """What one student did and saw: the marks their progress must hold, the games saved, the
    clicks, the pages' opening times; ``problems`` (functional failures), ``crossed`` (another
    student's work seen) and ``notes`` (what the kernels logged that no page shows)."""

    name: str
    lessons: List[str] = field(default_factory=list)
    marks: Dict[str, Dict[int, Expected]] = field(default_factory=dict)
    saves: List[SavedGame] = field(default_factory=list)
    clicks: List[Click] = field(default_factory=list)
    opens: Dict[str, List[float]] = field(default_factory=dict)
    problems: List[str] = field(default_factory=list)
    crossed: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    moves: int = 0
    left_at: float = 0.0


class Student:
    """The student ``name`` on the server ``base``: ``lessons`` to work through, ``moves`` of their
    own in the game, about ``think`` seconds before each click (0: none, nor the bot's pause),
    ``others`` the other students' names, ``rng`` their random choices, ``beacon`` whether a
    closing page sends its shutdown request, ``remembered`` whether the browser knows the name;
    ``page`` makes a page (``page(base, notebook, others)``; default :class:`~.page.Page`, a test
    may give pages that call the widgets in its own process)."""

    def __init__(self, name: str, base: str, lessons: Sequence[Lesson], moves: int, think: float,
                 others: Sequence[str], rng: random.Random, beacon: bool = True, remembered: bool = False,
                 page: Callable[[str, str, Sequence[str]], Any] = Page) -> None:
        self.name = name
        self.base = base
        self.lessons = list(lessons)
        self.moves = moves
        self.think = think
        self.others = tuple(others)
        self.rng = rng
        self.beacon = beacon
        self.remembered = remembered
        self.page = page
        self.run_ = StudentRun(name, [L.id for L in self.lessons])

    # ------------------------------------------------------------ the day
    async def run(self) -> StudentRun:
        """The lessons, then the game; whatever fails is noted and the student goes on to the next page."""
        for app, work in (("learn", self._learn), ("play", self._play)):
            page = self.page(self.base, APPS[app], self.others)
            try:
                await page.open()
                self.run_.opens.setdefault(app, []).append(page.timings["open"])
                await work(page)
            except (PageError, Unexpected, asyncio.TimeoutError, OSError) as err:
                self.run_.problems.append(f"{self.name}, {app}: {err}")
            except Exception as err:  # noqa: BLE001 - a tool error, said with the student who met it
                self.run_.problems.append(f"{self.name}, {app}: {type(err).__name__}: {err}")
            finally:
                await self._leave(page, app)
        loop = asyncio.get_running_loop()
        self.run_.left_at = loop.time()
        return self.run_

    async def _leave(self, page: Page, app: str) -> None:
        try:
            status = await page.leave(beacon=self.beacon)
        except (OSError, asyncio.TimeoutError) as err:
            status = None
            self.run_.problems.append(f"{self.name}, {app}: leaving the page failed: {err}")
        if self.beacon and page.kernel and status != 204:
            self.run_.problems.append(f"{self.name}, {app}: the shutdown a closing page asks for got HTTP {status}")
        self.run_.problems += [f"{self.name}, {e}" for e in page.errors]
        self.run_.crossed += [f"{self.name}, {e}" for e in page.crossed]
        self.run_.notes += list(getattr(page, "notes", []))

    async def _pause(self, seconds: Optional[float] = None) -> None:
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5) if seconds is None else seconds)

    async def _click(self, page: Page, app: str, kind: str, msg: dict, pause: bool = True) -> dict:
        if pause:
            await self._pause()
        state, seconds = await page.click(msg)
        self.run_.clicks.append(Click(app, kind, seconds))
        text = json.dumps(state, ensure_ascii=False)
        for key, sentence in _error_sentences().items():
            said = f"{self.name}, {app}: the page says {sentence!r} ({key})"
            if sentence in text and said not in self.run_.problems:
                self.run_.problems.append(said)
        return state

    # ------------------------------------------------------------ the lessons
    async def _learn(self, page: Page) -> None:
        send = lambda msg: self._click(page, "learn", "learn", msg)  # noqa: E731
        if self.remembered:
            st = await send({"do": "hello", "student": self.name, "copy": None})
        else:
            st = await send({"do": "hello", "student": "", "copy": None})
            _expect(st["view"] == "who", f"a new browser's hello shows {st['view']!r}, not the name form")
            st = await send({"do": "student", "name": self.name})
        _expect(st["view"] == "menu" and st["student"]["name"] == self.name,
                f"after the name the page shows {st['view']!r} for {st['student'].get('name')!r}")
        for lesson in self.lessons:
            st = await send({"do": "open", "lesson": lesson.id})
            _expect(st["view"] == "lesson" and st["lesson"]["id"] == lesson.id, f"{lesson.id} did not open")
            marks = self.run_.marks.setdefault(lesson.id, {})
            for step in lesson.steps:
                _expect(st["lesson"]["index"] == step.index and st["lesson"]["kind"] == step.kind,
                        f"{lesson.id}: step {st['lesson']['index']} ({st['lesson']['kind']}) shown, not "
                        f"{step.index} ({step.kind})")
                if step.kind == "read":
                    marks[step.index] = Expected(True, None, None, None)
                else:
                    st, marks[step.index] = await self._exercise(page, lesson, step, st)
                st = await send({"do": "next"})
            _expect(st["view"] == "done", f"{lesson.id}: the end of the lesson is not shown ({st['view']!r})")
        st = await send({"do": "menu"})
        done = {item["id"] for item in st["menu"]["lessons"] if item["done"]}
        _expect(done == {L.id for L in self.lessons}, f"the menu shows as done {sorted(done)}, not the lessons "
                f"this student finished, {sorted(L.id for L in self.lessons)}")

    async def _exercise(self, page: Page, lesson: Lesson, step: Step, st: dict) -> Tuple[dict, Expected]:
        """Answer one exercise (perhaps a hint first, perhaps wrong first); return the state and the mark."""
        send = lambda msg: self._click(page, "learn", "learn", msg)  # noqa: E731
        where = f"{lesson.id} step {step.index} ({step.kind})"
        hints = 0
        if self.rng.random() < HINT_SHARE:
            st = await send({"do": "hint"})
            _expect(st["lesson"]["feedback_kind"] == "hint", f"{where}: Hint said {st['lesson']['feedback_kind']!r}")
            hints = 1
        wrong = self._wrong(step) if self.rng.random() < WRONG_SHARE else None
        tries = 0
        if wrong is not None:
            st = await self._answer(page, step, wrong, st)
            tries += 1
            kind = st["lesson"]["feedback_kind"]
            if step.kind == "yes-no":  # the answer is shown at once: the step is done, not solved
                _expect(kind == "shown" and st["lesson"]["done"], f"{where}: a wrong yes-no answer said {kind!r}")
                return st, Expected(False, False, tries, hints)
            _expect(kind == "wrong" and not st["lesson"]["done"], f"{where}: a wrong answer said {kind!r}")
        st = await self._answer(page, step, self._right(step), st)
        tries += 1
        kind = st["lesson"]["feedback_kind"]
        if kind == "right" and st["lesson"]["done"]:
            _expect(st["lesson"]["tries"] == tries, f"{where}: {st['lesson']['tries']} tries counted, not {tries}")
            return st, Expected(True, tries == 1 and hints == 0, tries, hints)
        # The lesson refused its own answer: a problem of the lesson, said once; the student goes on as a
        # learner would, trying again until the answer is shown, and the mark is what the lesson counted.
        self.run_.problems.append(f"{self.name}, learn: {where}: the lesson's own answer, given by the page's "
                                  f"clicks, was not taken ({kind!r}): {st['lesson']['feedback']}")
        for _ in range(2 * MAX_TRIES):
            if st["lesson"]["done"]:
                break
            st = await self._answer(page, step, self._right(step), st)
        _expect(st["lesson"]["done"], f"{where}: the step never ends")
        solved, tries = st["lesson"]["feedback_kind"] == "right", st["lesson"]["tries"]
        return st, Expected(solved, solved and tries == 1 and hints == 0, tries, hints)

    def _right(self, step: Step) -> Any:
        if step.kind == "seat":
            return seat_text(step.answer)
        if step.kind == "move":
            return step.answers[0] if step.answers else _first_legal(step)
        return step.answer

    def _wrong(self, step: Step) -> Any:
        """A wrong answer to ``step``, or None where the student answers only right."""
        if step.kind == "seat":
            seats = [s for s in range(_position(step).players) if s != step.answer]
            return seat_text(self.rng.choice(seats)) if seats else None
        if step.kind == "yes-no":
            return not step.answer
        if step.kind == "choice":
            options = [o for o in step.options if o != step.answer]
            return self.rng.choice(options) if options else None
        if step.kind == "cards" and len(step.answer) > 1:
            return tuple(step.answer[:-1])  # one card missed
        return None

    async def _answer(self, page: Page, step: Step, value: Any, st: dict) -> dict:
        """The clicks of one answer: a button of the lesson, or clicks on its table."""
        send = lambda msg: self._click(page, "learn", "learn", msg)  # noqa: E731
        table = lambda msg: send({"do": "table", "msg": msg})  # noqa: E731
        tries = st["lesson"]["tries"]
        if step.kind in ("seat", "yes-no", "choice"):
            return await send({"do": "answer", "value": value})
        if step.kind == "cards":
            picked = {c["card"] for c in _table_cards(st["table"]) if c.get("selected") or c.get("picked")}
            where = "card" if step.pick_from == "hand" else "target"
            for card in value:
                if str(card) not in picked:
                    st = await table({"do": where, "card": str(card)})
            return await send({"do": "check"})
        move = value if isinstance(value, Move) else Move.parse(str(value), _position(step).players)
        for msg in move_clicks(move):
            st = await table(msg)
        if st["lesson"]["tries"] == tries and move.kind == ATTACK:  # several cards picked: then Play
            st = await table({"do": "play"})
        elif st["lesson"]["tries"] == tries and move.kind == TRANSFER:  # which cards: pick them, Transfer
            for card in move.cards:
                st = await table({"do": "card", "card": str(card)})
            st = await table({"do": "transfer"})
        return st

    # ------------------------------------------------------------ the game
    async def _play(self, page: Page) -> None:
        send = lambda msg, kind="play": self._click(page, "play", kind, msg)  # noqa: E731
        st = await send({"do": "hello", "student": self.name})  # the name the lessons left in the browser
        hand = [c["card"] for c in st["hand"]]
        played: List[Set[str]] = []
        moves = 0
        for _ in range(20 * self.moves + 200):
            if st["acting"] == "over" or moves >= self.moves:
                break
            if st["acting"] == "bot":  # the page asks for the bot's move after its pause
                await self._pause(st["pace"] / 1000)
                st = await self._click(page, "play", "bot", {"do": "bot", "tick": st["tick"]}, pause=False)
                continue
            before = {c["card"] for c in st["hand"]}
            tick = st["tick"]
            st = await self._turn(send, st)
            if st["tick"] != tick:
                moves += 1
                gone = before - {c["card"] for c in st["hand"]}
                if gone:
                    played.append(gone)
        self.run_.moves = moves
        st = await send({"do": "save"})
        download = page.widget.get("download") or {}
        _expect(bool(download.get("name")) and download.get("name", "") in st["feedback"],
                f"Save game said {st['feedback']!r}")
        self.run_.saves.append(SavedGame(download["name"], download["text"], hand, played))

    async def _turn(self, send: Any, st: dict) -> dict:
        """One move of the student, as a learner who asks for the options and clicks what lights up."""
        if st["reveal"]:
            return await send({"do": "reveal"})
        if st["coach"]["warning"]:
            return await send({"do": "anyway"})
        st = await send({"do": "options"})
        tick = st["tick"]
        if any(c.get("selected") for c in st["hand"]):
            act = next(a for a in st["actions"] if a["do"] in ("play", "transfer"))
            st = await send({"do": act["do"]})
        elif any(p["attack"].get("playable") for p in st["table"]):
            target = next(p["attack"]["card"] for p in st["table"] if p["attack"].get("playable"))
            st = await send({"do": "target", "card": target})
            card = next((c["card"] for c in st["hand"] if c.get("playable")), None)
            _expect(card is not None, f"no card lights up to cover {target}")
            st = await send({"do": "card", "card": card})
        elif any(c.get("playable") for c in st["hand"]):
            st = await send({"do": "card", "card": next(c["card"] for c in st["hand"] if c.get("playable"))})
        elif st["actions"]:
            st = await send({"do": st["actions"][0]["do"]})
        else:
            raise Unexpected(f"the student's turn, and nothing to click: {st['status']!r}")
        _expect(st["feedback_kind"] != "illegal", f"a move the table lit up was refused: {st['feedback']!r}")
        if st["tick"] == tick and st["coach"]["warning"]:
            st = await send({"do": "anyway"})
        return st


def _error_sentences() -> Dict[str, str]:
    """The sentences a page shows when something went wrong (a step, the game, a save), by message key."""
    return {key: say(key) for key in ERROR_KEYS}


def _expect(condition: bool, text: str) -> None:
    if not condition:
        raise Unexpected(text)


def _table_cards(table: Optional[dict]) -> List[dict]:
    """Every card a lesson's table shows: the hand's, and the table's attack and cover cards."""
    if not table:
        return []
    cards = list(table.get("hand", []))
    for pair in table.get("table", []):
        cards += [c for c in (pair.get("attack"), pair.get("cover")) if c]
    return cards


def _first_legal(step: Step) -> Move:
    """The move a ``move`` step that takes any legal move gets: the first not named in its feedback."""
    return next(m for m in _position(step).legal_moves(step.seat) if str(m) not in step.feedback)


def _position(step: Step) -> Position:
    """The position of a step that has one (seat, move, cards steps all do)."""
    if step.position is None:
        raise Unexpected(f"step {step.index} ({step.kind}) has no position")
    return step.position

