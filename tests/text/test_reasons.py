"""The learner's sentence for every reason the engine refuses a move (durak_lab.text.reasons).

Every :class:`Reason` and every case the engine raises has a template; seeded random
illegal moves in random positions of every preset and 2 to 6 players all get a plain
sentence (no template field, no reason code, no rule id, no quoted repr); a few
sentences are pinned word for word; the worked examples narrate refused moves
without reason codes.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from durak_lab.engine.cards import Card, cards_of, deck_mask
from durak_lab.engine.errors import IllegalMoveError, Reason
from durak_lab.engine.moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from durak_lab.engine.records import example_ids, load_example
from durak_lab.engine.state import Position
from durak_lab.session import HUMAN, PlaySession
from durak_lab.text import frames_of, learner_reason, reason_clause, reason_rule
from durak_lab.text.messages import MESSAGES, fields_of
from durak_lab.text.catalogue import catalogue
from durak_lab.text.reason_rules import REASON_RULES

REASON_WORDS = catalogue("en").family("reasons")
from durak_lab.text.reasons import reason_fields, reason_key

from helpers import CONFIGS, candidate_moves, random_game, rules, start

PACKAGE = Path(__file__).resolve().parents[2] / "durak_lab"
#: The modules that raise IllegalMoveError.
RAISERS = [PACKAGE / "engine" / "state" / "checks.py", PACKAGE / "engine" / "state" / "playing.py", PACKAGE / "session" / "play.py"]
CODES = [r.value for r in Reason]
RULE_ID = re.compile(r"\bR\d{1,2}\b")
QUOTED = re.compile(r"'[^'\s]+'|\"")


def raised_cases() -> dict:
    """``{reason value: {case, …}}`` for every raise of the package's modules that raise IllegalMoveError."""
    out: dict = {}
    for path in RAISERS:
        source = path.read_text(encoding="utf-8")
        for chunk in re.split(r"\braise\b", source)[1:]:
            m = re.match(r"\s*(?:F|IllegalMoveError)\(Reason\.([A-Z_]+)", chunk)
            if not m:
                continue
            reason = Reason[m.group(1)].value
            body = chunk[:chunk.find("\n\n")] if "\n\n" in chunk else chunk
            cases = set()
            for expr in re.findall(r"""["']?case["']?\s*[:=]\s*([^,\n]+(?:\n\s+[^,\n]+)?)""", body):
                cases |= set(re.findall(r'"([a-z-]+)"', expr))
            out.setdefault(reason, set()).update(cases)
    return out


def assert_plain(text: str, where: object) -> None:
    assert text and text[0] == text[0].upper() and text.endswith("."), (where, text)
    assert "{" not in text and "}" not in text, (where, text)
    assert not RULE_ID.search(text), (where, text)
    assert not QUOTED.search(text), (where, text)
    for word in CODES + ["Card(", "Move", "None", "True", "False", "facts", "case"]:
        assert word not in text, (where, word, text)


def check_error(err: IllegalMoveError, seen: dict) -> None:
    """The error's template fits its facts (no fallback) and its sentence is plain."""
    key = reason_key(err)
    case = err.facts.get("case")
    if case:
        assert key == f"reason-{err.reason.value}-{case}", (err, case)
    assert key != "reason-unknown", err
    assert fields_of(key) <= set(reason_fields(err.facts)), (key, err.facts)
    text = learner_reason(err)
    assert_plain(text, (str(err), err.facts))
    clause = reason_clause(err)
    assert text == clause[:1].upper() + clause[1:], (text, clause)
    rule = reason_rule(err)
    assert rule == "" or RULE_ID.fullmatch(rule)
    seen.setdefault(key, text)


# ---------------------------------------------------------------- every reason, every case
def test_every_reason_has_a_template_and_a_rule_entry():
    for r in Reason:
        assert f"reason-{r.value}" in MESSAGES, r
        assert f"reason-{r.value}" in REASON_RULES, r


def test_every_case_the_engine_raises_has_a_template():
    found = raised_cases()
    assert "cannot-pass" in found and found["cannot-pass"] == {"not-begun", "defender", "partner", "taking"}
    assert len(found) >= 30, sorted(found)
    for reason, cases in found.items():
        for case in cases:
            assert f"reason-{reason}-{case}" in MESSAGES, (reason, case)


def test_every_template_belongs_to_a_reason_and_has_its_rule_entry():
    found = raised_cases()
    assert set(REASON_RULES) == set(REASON_WORDS)
    for key, rule in REASON_RULES.items():
        assert rule == "" or (RULE_ID.fullmatch(rule) and 1 <= int(rule[1:]) <= 31), key
    for key in REASON_WORDS:
        if key == "reason-unknown":
            continue
        code = max((c for c in CODES if key == f"reason-{c}" or key.startswith(f"reason-{c}-")), key=len)
        case = key[len(f"reason-{code}-"):] if key != f"reason-{code}" else ""
        assert not case or case in found.get(code, set()), (key, "a case nobody raises")


def test_templates_are_clauses_with_a_full_stop_and_plain_words():
    for key, text in REASON_WORDS.items():
        assert text.endswith("."), key
        assert not RULE_ID.search(text) and not any(c in text for c in CODES), key


# ---------------------------------------------------------------- sentences word for word
def test_a_throw_in_of_a_rank_not_on_the_table_names_the_ranks_there():
    p = start(rules(players=2), ["7♦ 10♠ 8♣", "10♦ J♦ 9♥"], trump="♥")
    p = p.play("P1 attack 7♦").play("P2 cover 7♦ with 10♦")
    err = p.why_illegal("P1 attack 8♣")
    assert err.reason is Reason.RANK_NOT_ON_TABLE  # R12
    assert err.facts == {"case": "one", "card": Card("8♣"), "cards": (Card("8♣"),), "rank": 8, "ranks": (7, 10)}
    assert learner_reason(err) == "The 8♣ matches no rank on the table: only 7s and 10s may be thrown in."
    assert reason_rule(err) == "R12"
    assert err.message == "no 8 is on the table: throw in only ranks already there (7, 10) (R12)"  # unchanged


def test_a_cover_that_does_not_beat_says_how_to_cover():
    p = start(rules(players=2), ["10♦ 7♠", "9♦ 6♥ 8♠"], trump="♥").play("P1 attack 10♦")
    err = p.why_illegal("P2 cover 10♦ with 9♦")
    assert learner_reason(err) == "9♦ does not beat 10♦: cover with a higher diamond or with a trump (a heart)."  # R11
    q = start(rules(players=2), ["7♥ 7♠", "6♥ 8♠"], trump="♥").play("P1 attack 7♥")
    assert learner_reason(q.why_illegal("P2 cover 7♥ with 6♥")) == \
        "6♥ does not beat 7♥: a trump is beaten only by a higher trump."
    assert learner_reason(q.why_illegal("P2 cover 7♥ with 8♠")) == \
        "8♠ does not beat 7♥: a trump is beaten only by a higher trump."


def test_out_of_turn_in_the_sequential_game():
    p = start(rules(players=3), ["7♦ 9♣", "Q♦ 8♠", "7♣ A♥"], trump="♥").play("P1 attack 7♦")
    assert p.is_legal("P3 attack 7♣") and p.to_act() == 1  # the defender acts first in the sequential game
    with pytest.raises(IllegalMoveError) as info:
        p.play("P3 attack 7♣", sequential=True)
    err = info.value
    assert err.reason is Reason.NOT_YOUR_TURN and err.facts == {"case": "turn", "seat": 2, "turn": 1}
    assert learner_reason(err) == "It is P2's turn, not yours."
    assert reason_clause(err) == "it is P2's turn, not yours."


def test_the_four_cases_of_cannot_pass():
    # the bout has not begun (R10)
    p = start(rules(players=2), ["7♦ 9♣", "Q♦ 8♠"], trump="♥")
    err = p.why_illegal("P1 pass")
    assert err.facts["case"] == "not-begun"
    assert learner_reason(err) == "The bout has not begun: P1 must lay the first card."
    # the defender does not say done (R16)
    q = p.play("P1 attack 7♦")
    err = q.why_illegal("P2 pass")
    assert err.facts["case"] == "defender"
    assert learner_reason(err) == "P2 defends, and only attackers say they are done."
    # pairs: the partner has passed (R26)
    r = rules("pairs")
    assert r.partner_covers
    pp = start(r, ["7♦ 9♣", "Q♦ 8♠", "6♣ 10♣", "6♠ 6♦"], trump="♥").play("P1 attack 7♦").play("P4 pass")
    err = pp.why_illegal("P2 pass")
    assert err.reason is Reason.CANNOT_PASS and err.facts["case"] == "partner", err
    assert learner_reason(err) == ("P2's partner has already passed or has no cards left, so P2 must cover or "
                                   "take the cards.")
    # the defender picks up (R18): the words exist for it, though the bout ends at once in these rules
    err = IllegalMoveError(Reason.CANNOT_PASS, "the defender is picking up", "P1 pass",
                           facts={"case": "taking", "seat": 0, "defender": 1})
    assert learner_reason(err) == "P2 is picking up the cards: nothing more happens in this bout."


def test_not_in_hand_and_missing_facts_fall_back_to_plain_words():
    p = start(rules(players=2), ["7♦ 9♣", "Q♦ 8♠"], trump="♥")
    err = p.why_illegal("P1 attack A♥")
    assert learner_reason(err) == "P1 does not hold A♥."
    # an error made without facts (a script's own) still reads as a sentence
    bare = IllegalMoveError(Reason.DOES_NOT_BEAT, "8♠ does not beat 7♦")
    assert learner_reason(bare) == "The rules do not allow this move."
    with pytest.raises(TypeError):
        learner_reason("not an error")  # type: ignore[arg-type]


def test_limits_covers_and_transfers_in_words():
    p = start(rules(players=2), ["7♠ 7♥ 7♦ 7♣ 8♦ 8♣", "8♠ 8♥ 9♦ 9♣ 10♠ 10♥ J♠"], trump="♣", first_bout=True)
    for m in ["P1 attack 7♠", "P2 cover 7♠ with 8♠", "P1 attack 7♥", "P2 cover 7♥ with 8♥", "P1 attack 7♦",
              "P2 cover 7♦ with 9♦", "P1 attack 7♣", "P2 cover 7♣ with 9♣", "P1 attack 8♦"]:
        p = p.play(m)
    err = p.why_illegal("P1 attack 8♣")
    assert err.reason is Reason.BOUT_LIMIT and reason_rule(err) == "R14"
    assert learner_reason(err) == "The first bout of a game may have at most 5 attack cards: this would make 6."
    err = p.why_illegal(Move(COVER, 1, (Card("10♠"), Card("J♠")), Card("8♦")))
    assert learner_reason(err) == "Cover a card with exactly one card."  # R11
    q = start(rules("perevodnoy", players=3), ["7♠ 8♠", "7♥ 9♦", "A♠"], trump="♣").play("P1 attack 7♠")
    err = q.why_illegal("P2 transfer 7♥")
    assert err.reason is Reason.TRANSFER_NEXT_TOO_FEW and reason_rule(err) == "R22"
    assert learner_reason(err) == ("P3 holds only 1 card, fewer than the 2 attack cards: the attack cannot be "
                                   "passed on to P3.")


# ---------------------------------------------------------------- random illegal moves everywhere
def random_illegal(p, rng: random.Random, n: int) -> list:
    """Moves likely illegal: cards not in hand, wrong covers, throw-ins of missing ranks, passes, …"""
    deck = cards_of(deck_mask(p.rules.lowest_rank))
    out = rng.sample(candidate_moves(p, rng, covers_per_target=2), n)
    for _ in range(n // 2):
        seat = rng.randrange(p.players)
        kind = rng.choice([ATTACK, COVER, TRANSFER, SHOW, TAKE, PASS, SWAP])
        if kind in (TAKE, PASS):
            out.append(Move(kind, seat))
        elif kind == COVER:
            target = rng.choice([a for a, _, _, _ in p.table] or deck)
            out.append(Move(COVER, seat, (rng.choice(deck),), target))
        else:
            k = rng.choice([1, 1, 2, 3])
            out.append(Move(kind, seat, tuple(rng.sample(deck, k))))
    out.append(Move(ATTACK, 0, ()))
    out.append(Move(ATTACK, 0, (deck[0], deck[0])))
    out.append(Move(PASS, p.players + 1))
    return out


@pytest.mark.parametrize("preset, players", CONFIGS, ids=[f"{p}-{n}" for p, n in CONFIGS])
def test_random_illegal_moves_get_plain_learner_sentences(preset, players):
    rng = random.Random(players * 101 + len(preset))
    seen: dict = {}
    p0 = rules(preset, players=players)
    for game in range(2):
        p = Position.deal(p0, rng.randrange(10_000))
        for i, step in enumerate(random_game(p, rng)):
            if i % 7:
                continue
            q = step.before
            for m in random_illegal(q, rng, 40):
                err = q.why_illegal(m)
                if err is not None:
                    check_error(err, seen)
            t = q.to_act()
            other = next(s for s in range(q.players) if s != t) if t is not None else 0
            for m in q.legal_moves(other)[:3]:
                try:
                    q.play(m, sequential=True)
                except IllegalMoveError as err:
                    check_error(err, seen)
        end = step.after
        for m in random_illegal(end, rng, 5):
            err = end.why_illegal(m)
            if err is not None:
                check_error(err, seen)
    assert len(seen) >= 8, sorted(seen)


def test_the_session_refuses_in_learner_words():
    s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=5)
    s.run_bots()
    me = s.human_to_act()
    other = 1 - me
    with pytest.raises(IllegalMoveError) as info:
        s.check(Move(TAKE, other))
    assert learner_reason(info.value) == f"You play P{me + 1} now: choose a move for P{me + 1}, not for P{other + 1}."


# ---------------------------------------------------------------- the worked examples
@pytest.mark.parametrize("ex_id", ["EX-HE-PUSH", "EX-HE-SIMPLE"])
def test_worked_examples_narrate_refused_moves_without_codes(ex_id):
    frames = frames_of(load_example(ex_id))
    last = frames[-1]
    assert last.kind == "rejected"
    for f in frames:
        for text in (f.text, f.reason or ""):
            assert not any(code in text for code in CODES), (ex_id, f.index, text)
    assert not RULE_ID.search(last.reason), last.reason  # the narration may cite rules; the reason is plain
    assert last.reason.startswith(f"The rules do not allow “{last.move}”. ")
    if ex_id == "EX-HE-SIMPLE":
        assert last.reason.endswith("In these rules nobody throws in: the first cards of a bout are the whole "
                                    "attack.")  # R12


def test_no_worked_example_shows_a_code_or_a_developer_word():
    for ex_id in example_ids():
        for f in frames_of(load_example(ex_id)):
            for text in (f.text, f.reason or ""):
                for word in CODES + ["position.known", "sequential protocol", "Move.parse(", "Card("]:
                    assert word not in text, (ex_id, f.index, word, text)
