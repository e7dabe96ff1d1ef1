"""Every sentence a learner reads at the play table and in ``durak-lab play`` is plain English:
no Python repr, no traceback, no word of the engine's inside (a reason code, a field name, the
name of a protocol).

Many seeded games are played through PlaySession with the coach on (every preset, 2 to 6
players, random legal moves for the person, illegal attempts, lines that fit no move, hints,
warnings, the review, the status) and through ``durak-lab play``; every sentence is collected.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from durak_lab.text.catalogue import templates

from durak_lab.cli.play import main as play_main
from durak_lab.engine.errors import IllegalMoveError, MoveTextError, Reason
from durak_lab.engine.moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from durak_lab.engine.cards import cards_of, deck_mask
from durak_lab.session import HUMAN, PlaySession, advice
from durak_lab.session.coach import Coach
from durak_lab.session.shorthand import read_move
from durak_lab.text.messages import MESSAGES, say
from durak_lab.text.catalogue import catalogue

REASON_WORDS = catalogue("en").family("reasons")
from durak_lab.text.reasons import learner_reason, reason_clause

from helpers import CONFIGS, candidate_moves, rules

PACKAGE = Path(__file__).resolve().parents[2] / "durak_lab"

REPR = ["Move.parse(", "Card(", "CardSet(", "Fraction(", "<durak_lab", "None", "True", "False"]
TRACEBACK = ["Traceback", 'File "']
INSIDE = ["position.known", "sequential protocol", "sequential play"] + [r.value for r in Reason]

#: Lines a person might type: short forms, move texts, words, nonsense.
TYPED = ["7h", "9h on 7h", "7h 9h", "take", "pass", "done", "transfer 7c", "show 7s", "swap", "swap 6s",
         "cover 7h with 9h", "cover 7h", "10♦", "qs ks", "7s 7c 7d", "xyz", "7x", "", "P9 take",
         "P1 dance", "attack", "take 7h", "a 7", "P2 cover 7♦ with", "7h on", "on 7h", "♠", "10", "P1"]

#: Keys only the clickable play table uses (its buttons and prompts, in the widget's own module).
PLAY_TABLE_ONLY = {"your-turn-hidden", "waiting", "pick-cover", "picked-attack", "pick-cards", "role-durak",
                   "button-take", "button-pass", "button-pass-partner", "button-transfer", "button-show",
                   "button-swap", "button-hint", "button-options", "button-undo", "button-new", "button-rematch",
                   "button-save", "button-reveal", "button-play-anyway", "button-think-again", "options",
                   "coach-ok"}


#: A rule id of the rules digest: the learner reads the rule in words, never its id.
RULE_ID = re.compile(r"\bR\d{1,2}\b")


@pytest.fixture(autouse=True)
def small_searches(monkeypatch):
    """The hint's, the coach's and the review's evaluations with few playouts: the same words, quickly."""
    monkeypatch.setattr(advice, "HINT_BUDGET", 0.03)
    monkeypatch.setattr(advice, "REVIEW_BUDGET", 0.01)


def check(lines, where: str) -> None:
    """None of ``lines`` holds a word a learner should not meet."""
    for line in lines:
        assert isinstance(line, str), (where, line)
        assert "\n" not in line, (where, line)
        for word in REPR + TRACEBACK + INSIDE:
            assert word not in line, f"{where}: {word!r} in {line!r}"
        assert not RULE_ID.search(line), f"{where}: a rule id in {line!r}"
        assert "{" not in line and "}" not in line, f"{where}: a template field in {line!r}"


def refused(err: IllegalMoveError) -> list:
    """What a learner reads of a refused move: the table's and the terminal's line, and the sentence alone."""
    return [say("illegal", why=reason_clause(err)), learner_reason(err)]


def random_move(s: PlaySession, rng: random.Random) -> Move:
    """A move that may well be illegal: any kind, any seat, cards of the deck."""
    deck = cards_of(deck_mask(s.rules.lowest_rank))
    kind = rng.choice([ATTACK, COVER, TRANSFER, SHOW, TAKE, PASS, SWAP])
    seat = rng.randrange(s.rules.players) if rng.random() < 0.2 else s.to_act()
    if kind in (TAKE, PASS):
        return Move(kind, seat)
    if kind == COVER:
        return Move(COVER, seat, (rng.choice(deck),), rng.choice(deck))
    return Move(kind, seat, (rng.choice(deck),))


def session_sentences(preset: str, players: int, seed: int, reasons: set) -> list:
    """Every sentence of one coached game with a person at a random seat."""
    rng = random.Random(seed)
    me = seed % players
    kinds = [HUMAN if k == me else ("random", "tips")[(seed + k) % 2] for k in range(players)]
    s = PlaySession(rules(preset, players=players), kinds, seed=seed, coach=True)
    s.coach = Coach(max_nodes=2_000)  # small searches: the endgame's words all the same, quickly
    out = []
    turns = 0
    while not s.is_over:
        out.append(s.status())
        out.append(s.hint())
        if s.bot_to_act() is not None:
            s.bot_move()
            continue
        turns += 1
        view = s.view(me)
        for m in s.legal():
            out.append(s.coach_warning(m) or "")
        for _ in range(3):
            try:
                s.play(random_move(s, rng))
            except IllegalMoveError as err:
                reasons.add(err.reason)
                out += refused(err)
            except MoveTextError as err:  # pragma: no cover - a Move is never read as text
                out.append(str(err))
            else:
                break
        else:
            if turns % 12 == 1:  # every reason the engine gives here, for a broad set of moves
                for m in candidate_moves(s.position, rng, covers_per_target=1):
                    err = s.position.why_illegal(m)
                    if err is not None:
                        reasons.add(err.reason)
                        out += refused(err)
            for text in rng.sample(TYPED, 4):
                try:
                    read_move(text, view)
                except MoveTextError as err:
                    out.append(say("terminal-bad-line", why=str(err)))
            if rng.random() < 0.1 and s.can_undo():
                s.undo()
                out.append(say("undone"))
                continue
            s.play(rng.choice(s.legal()))
    out += s.said + s.review() + [s.status(), s.hint(), s.end_sentence()]
    out += [s.seat_name(x, viewer=me) for x in range(players)]
    return out


@pytest.mark.parametrize("preset, players", CONFIGS, ids=[f"{p}-{n}" for p, n in CONFIGS])
def test_no_developer_words_at_the_play_table(preset, players):
    reasons: set = set()
    check(session_sentences(preset, players, seed=players * 31 + len(preset), reasons=reasons), preset)


def test_the_games_meet_many_reasons():
    reasons: set = set()
    for preset, players in [("podkidnoy", 2), ("perevodnoy_show", 3), ("pairs", 4), ("by_turns", 4),
                            ("simple", 3), ("neighbours", 5), ("he_hand", 3)]:
        check(session_sentences(preset, players, seed=players, reasons=reasons), preset)
    assert len(reasons) >= 20, sorted(r.value for r in reasons)


def terminal_answers(rng: random.Random, out: io.StringIO) -> str:
    """A restless player: moves from the list, short forms, nonsense, hint, help, undo."""
    last = out.getvalue().rstrip("\n").splitlines()[-1]
    if last == say("terminal-play-anyway"):
        return rng.choice(["y", "n", "yes", "maybe"])
    if last.endswith("then press Enter."):
        return ""
    moves = next(x for x in reversed(out.getvalue().splitlines()) if x.startswith("your moves: "))
    moves = moves[len("your moves: "):].split(" | ")
    r = rng.random()
    if r < 0.15:
        return rng.choice(TYPED)
    if r < 0.2:
        return rng.choice(["hint", "help", "undo"])
    return rng.choice(moves)


class Restless(io.TextIOBase):
    def __init__(self, out: io.StringIO, seed: int, limit: int) -> None:
        self.out, self.rng, self.left = out, random.Random(seed), limit

    def readline(self, size: int = -1) -> str:
        self.left -= 1
        return "" if self.left < 0 else terminal_answers(self.rng, self.out) + "\n"


@pytest.mark.parametrize("argv", [
    ["--preset", "podkidnoy", "--vs", "tips"],
    ["--preset", "perevodnoy_show", "--players", "3", "--vs", "random"],
    ["--preset", "pairs", "--vs", "random,tips,random"],
    ["--preset", "finnish", "--vs", "endgame"],
    ["--preset", "simple", "--players", "4", "--humans", "2", "--vs", "random"],
    ["--preset", "by_turns", "--players", "5", "--seat", "3", "--vs", "tips"],
])
def test_no_developer_words_in_durak_lab_play(argv):
    for seed in range(3):
        out = io.StringIO()
        code = play_main(argv + ["--coach", "--seed", str(seed)], stdin=Restless(out, seed, 400), stdout=out)
        assert code == 0
        lines = out.getvalue().splitlines()
        assert lines[-1] in {say("terminal-bye"), say("you-won"), say("you-lost"), say("draw")} \
            or lines[-1].startswith("Game over. ")
        check(lines, " ".join(argv))


@pytest.mark.parametrize("argv", [["--players", "9"], ["--vs", "x,y"], ["--preset", "x"], ["--seat", "z"],
                                  ["--preset", "pairs", "--players", "5"], ["--humans", "-1"]])
def test_no_developer_words_in_the_option_errors(argv, capsys):
    assert play_main(argv, stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    check(capsys.readouterr().err.splitlines(), " ".join(argv))


def test_every_message_is_said_somewhere():
    """Every template of MESSAGES is used by a ``say("key", …)`` of the package (the play table's
    own keys are used by its widget)."""
    source = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py") if p.name != "messages.py" and "catalogue" not in p.parts)
    # say_html says the sentence, then puts HTML in; a key in an f-string is in single quotes
    used = set(re.findall(r'say(?:_html)?\(\s*["\']([a-z0-9-]+)["\']', source))
    # a key chosen before it is said (key = "a" if … else "b"; say(key, …)) is written whole in the code
    code = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")
                   if p.name != "messages.py" and "catalogue" not in p.parts)
    literals = set(re.findall(r'["\']([a-z0-9]+(?:-[a-z0-9]+)+)["\']', code))
    used |= literals & set(MESSAGES)
    assert used <= set(MESSAGES), used - set(MESSAGES)
    # the reasons' templates are said by learner_reason, by the reason's code and case (tests/text/test_reasons.py)
    # the errors' sentences are said by learner_error, by the error's code (tests/text/test_reasons.py)
    unused = set(MESSAGES) - used - PLAY_TABLE_ONLY - set(REASON_WORDS) - set(catalogue("en").family("errors"))
    assert unused == set()
    assert {k for k in MESSAGES if k.startswith(("terminal-", "read-"))} <= used


def test_every_template_is_free_of_developer_words():
    check([text.replace("{", "").replace("}", "") for key in MESSAGES for text in templates(key)], "MESSAGES")


def test_the_check_itself_catches_each_kind_of_word():
    for bad in ["Move.parse('P1 take')", "a Card(5)", "x None y", "it is True", "Traceback (most recent",
                'File "x.py"', "rank-not-on-table", "position.known", "(sequential play)", "limit (R13)",
                "only {ranks} may"]:
        with pytest.raises(AssertionError):
            check([bad], "control")
