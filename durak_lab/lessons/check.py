"""Checking a learner's answer to an exercise step: :class:`Attempt` and :class:`Verdict`.

An :class:`Attempt` is one learner's tries at one step.  :meth:`Attempt.answer` takes the
answer (a move or its text, cards, a seat, yes/no, an option) and returns a
:class:`Verdict`:

* right: ``right`` is true, ``done`` is true, ``explain`` says why (the lesson's
  ``explain`` or a sentence from the engine);
* the first wrong try: ``sentence`` says what is wrong with this answer (the lesson's
  ``feedback`` for it, else a sentence made from the engine, e.g. the reason an illegal
  move is illegal);
* the second wrong try: the same kind of sentence, and ``hint`` (the lesson's hint or one
  made from the engine);
* the third wrong try: also ``shown``, the answer as a sentence, and ``done``.  A yes-no
  question shows its answer after the first wrong try (there is only one other answer).

The step is *solved* when it was answered right before the answer was shown.  An answer
that is no answer at all (a move text that cannot be read, a move of another seat than the
learner's) gets a sentence but does not count as a try.  Every sentence goes through
:func:`durak_lab.text.messages.say`.

Standard library only.

>>> from durak_lab.lessons.format import load_lesson
>>> step = load_lesson({"format": "durak-lab-lesson/1", "id": "cover", "title": "Cover", "summary": "Cover.",
...     "steps": [{"kind": "move", "text": "Cover the 7♦ and keep your trump.",
...                "position": {"hands": ["7♦ 8♠", "9♦ Q♦ 8♥ K♠"], "trump": "♥", "discard": "rest",
...                             "attacker": "P1", "moves": ["P1 attack 7♦"]},
...                "answers": ["P2 cover 7♦ with 9♦"], "hint": "Use the lowest card that still beats 7♦.",
...                "feedback": {"P2 cover 7♦ with Q♦": "Q♦ beats it, but a lower diamond does the job too."}}]}).steps[0]
>>> a = Attempt(step)
>>> a.answer("P2 cover 7♦ with K♠").sentence
'K♠ does not beat 7♦: cover with a higher diamond or with a trump (a heart).'
>>> v = a.answer("P2 cover 7♦ with Q♦")
>>> v.sentence, v.hint
('Q♦ beats it, but a lower diamond does the job too.', 'Use the lowest card that still beats 7♦.')
>>> v = a.answer("P2 take")
>>> v.shown, v.done, a.solved
('The answer: P2 covers 7♦ with 9♦ (a higher diamond).', True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional, Union

from ..engine.cards import Card
from ..engine.errors import CardError, DurakError, IllegalMoveError, MoveTextError
from ..engine.moves import ATTACK, Move, parse_seat, seat_text
from ..engine.rules import DrawOrder
from ..text.explain import RULE_TITLES, describe_move, explain_move, rule_title, sentence
from ..text.catalogue import Items, Suit
from ..text.messages import say
from .format import Step

__all__ = ["Attempt", "Verdict", "AnswerError", "MAX_TRIES", "answer_of"]

#: Wrong tries before the answer is shown.
MAX_TRIES = 3


class AnswerError(DurakError, TypeError):
    """An answer of the wrong type for the step (a program's mistake, not a learner's)."""


@dataclass(frozen=True)
class Verdict:
    """What the lesson player shows after an answer.

    ``right``; ``sentence`` (for the learner: "Right!" or what is wrong); ``hint`` (from
    the second wrong try on, else None); ``shown`` (the answer as a sentence once it is
    shown, else None); ``done`` (go on to the next step); ``explain`` (why the answer is
    right, once the step is done, else None); ``counted`` (whether it counted as a try).
    """

    right: bool
    sentence: str
    hint: Optional[str] = None
    shown: Optional[str] = None
    done: bool = False
    explain: Optional[str] = None
    counted: bool = True


def _reason_sentence(err: IllegalMoveError) -> str:
    """The engine's reason for an illegal move as a learner's sentence."""
    try:
        from ..text import learner_reason  # type: ignore[attr-defined]
    except ImportError:
        return sentence(err.message)
    return learner_reason(err)


def _bare(text: str) -> str:
    return text.rstrip(".")


class Attempt:
    """One learner's tries at one exercise step (see the module docstring).

    ``tries`` counts the wrong answers and the right one; ``solved`` is true once the step
    was answered right before its answer was shown; ``done`` once it is right or shown;
    ``last`` is the last :class:`Verdict`.  After ``done``, :meth:`answer` returns the last
    verdict again.
    """

    def __init__(self, step: Step) -> None:
        if not isinstance(step, Step) or not step.is_exercise:
            kind = getattr(step, "kind", type(step).__name__)
            raise AnswerError(f"a {kind} step is not an exercise: nothing to answer")
        self.step = step
        self.tries = 0
        self.wrong = 0
        self.solved = False
        self.done = False
        self.last: Optional[Verdict] = None

    # ------------------------------------------------------------ answering
    def answer(self, value: Any) -> Verdict:
        """Check ``value``: a :class:`Move` or move text (move), cards (cards: a list of Card or
        card texts), a seat (seat: 0-based int or ``"P2"``), a bool (yes-no), an option (choice)."""
        if self.done and self.last is not None:
            return self.last
        kind = self.step.kind
        judge = {"move": self._move, "cards": self._cards, "seat": self._seat, "yes-no": self._yes_no,
                 "choice": self._choice}[kind]
        right, text, counted, extra = judge(value)
        if not counted:
            verdict = Verdict(False, text, counted=False)
        elif right:
            self.tries += 1
            self.solved = self.done = True
            verdict = Verdict(True, say("lesson-right"), done=True, explain=self.step.explain or extra)
        else:
            self.tries += 1
            self.wrong += 1
            show = self.wrong >= MAX_TRIES or kind == "yes-no"
            hint = self.hint_text() if self.wrong >= 2 and not kind == "yes-no" else None
            if show:
                self.done = True
            verdict = Verdict(False, text, hint, self.shown_text() if show else None, show,
                              (self.step.explain or self._default_explain()) if show else None)
        self.last = verdict
        return verdict

    def _move(self, value: Any) -> tuple:
        s = self.step
        p = s.position
        if isinstance(value, str):
            try:
                value = Move.parse(value, p.players)
            except MoveTextError as err:
                return False, say("lesson-not-a-move", why=sentence(str(err))), False, None
        if not isinstance(value, Move):
            raise AnswerError(f"a move step takes a Move or a move text, not {type(value).__name__}")
        m = value
        if m.seat != s.seat:
            return False, say("lesson-wrong-seat", seat=seat_text(s.seat)), False, None
        err = p.why_illegal(m)
        fb = s.feedback
        if err is None and ((s.accept == "legal" and str(m) not in fb) or m in s.answers):
            return True, "", True, sentence(explain_move(p, m).text)
        text = fb.get(str(m))
        if text is None and err is not None:
            text = fb.get(err.reason.value)
        if text is None:
            text = next((fb[str(c)] for c in m.cards if str(c) in fb), None)
        if text is None:
            if err is not None:
                text = _reason_sentence(err)
            else:
                text = say("lesson-legal-not-listed", why=explain_move(p, m).text)
        return False, text, True, None

    def _cards(self, value: Any) -> tuple:
        s = self.step
        if isinstance(value, str):
            value = value.split()
        try:
            picked = {Card(c) for c in value}
        except (CardError, ValueError, TypeError) as err:
            raise AnswerError(f"a cards step takes a list of cards: {err}") from None
        right = set(s.answer)
        wrong = sorted(picked - right)
        missed = sorted(right - picked)
        if not wrong and not missed:
            return True, "", True, None
        if wrong:
            c = wrong[0]
            return False, s.feedback.get(str(c)) or self._why_not(c), True, None
        for c in missed:
            if str(c) in s.feedback:
                return False, s.feedback[str(c)], True, None
        return False, self._missed(len(missed)), True, None

    def _why_not(self, c: Card) -> str:
        s = self.step
        p = s.position
        check = s.check
        pool = p.hands[s.seat] if s.pick_from == "hand" else p.table_cards()
        if not pool >> c & 1:
            if s.pick_from == "hand":
                return say("lesson-cards-not-in-hand", card=str(c))
            return say("lesson-cards-not-on-table", card=str(c))
        if isinstance(check, dict) and "beats" in check:
            x = Card(check["beats"])
            if x.suit == p.trump:
                return say("lesson-cards-trump-only", card=str(c), target=str(x))
            if c.suit == x.suit:
                return say("lesson-cards-lower", card=str(c), target=str(x))
            return say("lesson-cards-other-suit", card=str(c), target=str(x), suit=Suit(x.suit))
        if check == "trumps":
            return say("lesson-cards-not-trump", card=str(c), suit=Suit(p.trump))
        if check == "uncovered":
            return say("lesson-cards-covered", card=str(c))
        if check == "illegal":
            return say("lesson-cards-follows-rules", card=str(c))
        if check == "covers" or (check == "playable" and s.seat == p.defender and p.uncovered()):
            return say("lesson-cards-no-cover", card=str(c))
        if check in ("throw-in", "playable"):
            err = p.why_illegal(Move(ATTACK, s.seat, (c,)))
            if err is not None:
                return _reason_sentence(err)
        return say("lesson-cards-wrong", card=str(c))

    def _missed(self, n: int) -> str:
        s = self.step
        check = s.check
        one = n == 1
        if isinstance(check, dict) and "beats" in check:
            card = str(Card(check["beats"]))
            what = say("lesson-what-beats-one", card=card) if one else say("lesson-what-beats-many", card=card)
        elif check == "playable":
            what = say("lesson-what-playable")
        elif check == "throw-in":
            what = say("lesson-what-throw-in")
        elif check == "trumps":
            what = say("lesson-what-trumps-one") if one else say("lesson-what-trumps-many")
        elif check == "covers":
            what = say("lesson-what-covers")
        elif check == "uncovered":
            what = say("lesson-what-uncovered-one") if one else say("lesson-what-uncovered-many")
        elif check == "illegal":
            what = say("lesson-what-illegal-one") if one else say("lesson-what-illegal-many")
        else:
            return say("lesson-cards-missed-one-plain") if one else say("lesson-cards-missed-many-plain", count=n)
        return say("lesson-cards-missed-one", what=what) if one else say("lesson-cards-missed-many", count=n,
                                                                        what=what)

    def _seat(self, value: Any) -> tuple:
        s = self.step
        players = s.position.players
        if isinstance(value, str):
            try:
                value = parse_seat(value, players)
            except MoveTextError as err:
                raise AnswerError(str(err)) from None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise AnswerError(f"a seat step takes a seat, 0 to {players - 1} or P1 to P{players}")
        if value == s.answer:
            return True, "", True, None
        who = seat_text(value)
        text = s.feedback.get(who)
        if text is None:
            text = {
                "to-act": lambda: say("lesson-seat-to-act", seat=who),
                "leader": lambda: say("lesson-seat-leader", seat=who),
                "defender": lambda: say("lesson-seat-defender", seat=who),
                "lowest-trump": lambda: say("lesson-seat-lowest-trump", seat=who),
                "next-leader": lambda: say("lesson-seat-next-leader", seat=who),
                "next-defender": lambda: say("lesson-seat-next-defender", seat=who),
                "draws-first": lambda: say("lesson-seat-draws-first", seat=who),
                "draws-last": lambda: say("lesson-seat-draws-last", seat=who),
                "durak": lambda: say("lesson-seat-durak", seat=who),
            }.get(s.check, lambda: say("lesson-seat-wrong", seat=who))()
        return False, text, True, None

    def _yes_no(self, value: Any) -> tuple:
        s = self.step
        if not isinstance(value, bool):
            raise AnswerError(f"a yes-no step takes true or false, not {type(value).__name__}")
        if value == s.answer:
            return True, "", True, self._default_explain()
        err = s.position.why_illegal(s.move)
        text = s.feedback.get("yes" if value else "no")
        if text is None and err is not None:
            text = s.feedback.get(err.reason.value)
        if text is None:
            if err is not None:
                text = say("lesson-yes-no-illegal", why=_reason_sentence(err))
            else:
                text = say("lesson-yes-no-legal", why=sentence(explain_move(s.position, s.move).text))
        return False, text, True, None

    def _choice(self, value: Any) -> tuple:
        s = self.step
        if value not in s.options:
            raise AnswerError(f"{value!r} is not one of the options")
        if value == s.answer:
            return True, "", True, None
        return False, s.feedback.get(value) or say("lesson-choice-wrong", option=value), True, None

    # ------------------------------------------------------------ hints and answers
    def _example_move(self) -> Optional[Move]:
        s = self.step
        if s.answers:
            return s.answers[0]
        moves = [m for m in s.position.legal_moves(s.seat) if str(m) not in s.feedback]
        return moves[0] if moves else None

    def _default_explain(self) -> Optional[str]:
        s = self.step
        if s.kind == "move":
            m = self._example_move()
            return sentence(explain_move(s.position, m).text) if m is not None else None
        if s.kind == "yes-no":
            err = s.position.why_illegal(s.move)
            return _reason_sentence(err) if err is not None else sentence(explain_move(s.position, s.move).text)
        return None

    def hint_text(self) -> str:
        """The hint of the second wrong try: the lesson's ``hint``, or one made from the engine."""
        s = self.step
        if s.hint:
            return s.hint
        p = s.position
        if s.kind == "move":
            m = self._example_move()
            rule = explain_move(p, m).rule if m is not None else ""
            return say("lesson-hint-rule", title=rule_title(rule)) if rule in RULE_TITLES else say("lesson-hint-look")
        if s.kind == "cards":
            check = s.check
            if isinstance(check, dict) and "beats" in check:
                x = Card(check["beats"])
                if x.suit == p.trump:
                    return say("lesson-hint-beats-trump", card=str(x))
                return say("lesson-hint-beats", card=str(x), suit=Suit(x.suit),
                           trump=Suit(p.trump))
            n = len(s.answer)
            if n == 0:
                return say("lesson-hint-count-none")
            return say("lesson-hint-count-one") if n == 1 else say("lesson-hint-count-many", count=n)
        if s.kind == "seat":
            if s.check == "next-leader":
                return say("lesson-hint-seat-bito") if s.bout_end == "bito" else say("lesson-hint-seat-take")
            hand = p.rules.hand_size
            if s.check == "draws-last" and p.rules.draw_order is DrawOrder.ATTACK_ORDER:
                return say("lesson-hint-seat-draws-attack-order")
            return {
                "next-defender": lambda: say("lesson-hint-seat-next-defender"),
                "draws-first": lambda: say("lesson-hint-seat-draws-first", hand=hand),
                "draws-last": lambda: say("lesson-hint-seat-draws-last", hand=hand),
                "to-act": lambda: say("lesson-hint-seat-to-act"),
                "leader": lambda: say("lesson-hint-seat-leader"),
                "defender": lambda: say("lesson-hint-seat-defender"),
                "lowest-trump": lambda: say("lesson-hint-seat-lowest-trump", suit=Suit(p.trump)),
                "durak": lambda: say("lesson-hint-seat-durak"),
            }.get(s.check, lambda: say("lesson-hint-seat"))()
        if s.kind == "yes-no":
            err = p.why_illegal(s.move)
            if err is None:
                rule = explain_move(p, s.move).rule
            else:
                found = re.search(r"\((R\d+)\)", err.message)
                rule = found.group(1) if found else ""
            return say("lesson-hint-rule", title=rule_title(rule)) if rule in RULE_TITLES else say("lesson-hint-look")
        return say("lesson-hint-choice")

    def shown_text(self) -> str:
        """The answer as a sentence (shown after the third wrong try)."""
        s = self.step
        p = s.position
        if s.kind == "move":
            if s.accept == "legal":
                m = self._example_move()
                return say("lesson-shown-any", move=_bare(describe_move(p, m)))
            return say("lesson-shown-move", move=Items([_bare(describe_move(p, m)) for m in s.answers], "or"))
        if s.kind == "cards":
            if not s.answer:
                return say("lesson-shown-no-cards")
            return say("lesson-shown-cards", cards=" ".join(str(c) for c in s.answer))
        if s.kind == "seat":
            return say("lesson-shown-seat", seat=seat_text(s.answer))
        if s.kind == "yes-no":
            return say("lesson-shown-yes") if s.answer else say("lesson-shown-no")
        return say("lesson-shown-option", option=s.answer)

    def __repr__(self) -> str:
        return f"<Attempt {self.step.where} ({self.step.kind}): {self.tries} tries, solved={self.solved}>"


def answer_of(step: Step) -> Union[list, int, bool, str, Move]:
    """A right answer of ``step``, in the form :meth:`Attempt.answer` takes (for tests and demos).

    >>> from durak_lab.lessons.format import load_lesson
    >>> step = load_lesson({"format": "durak-lab-lesson/1", "id": "x", "title": "X", "summary": "X.", "steps": [
    ...     {"kind": "seat", "text": "Who defends?", "check": "defender",
    ...      "position": {"hands": ["7♦", "9♦"], "trump": "♥", "discard": "rest"}}]}).steps[0]
    >>> answer_of(step), Attempt(step).answer(answer_of(step)).right
    (1, True)
    """
    if step.kind == "move":
        if step.answers:
            return step.answers[0]
        return next(m for m in step.position.legal_moves(step.seat) if str(m) not in step.feedback)
    if step.kind == "cards":
        return list(step.answer)
    return step.answer
