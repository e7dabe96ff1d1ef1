"""A game at the play table (durak_lab.session.play): people and bots, undo, rematch, records."""

from __future__ import annotations

import random

import pytest

from durak_lab.bots import BOTS
from durak_lab.engine.errors import IllegalMoveError, MoveTextError, Reason
from durak_lab.engine.moves import Move, seat_text
from durak_lab.engine.records import load_record, replay
from durak_lab.engine.rules import PRESETS
from durak_lab.engine.state import Position
from durak_lab.session import HUMAN, PlaySession, SessionError, seat_kinds
from durak_lab.text.messages import say
from durak_lab.text.narrate import move_words

from helpers import CONFIGS, assert_result_consistent, assert_sentence, rules

LEVELS = list(BOTS)


def session(players: int = 2, preset: str = "podkidnoy", seed: int = 6, **kw) -> PlaySession:
    """A person at P1 against tips bots, with the bots' first moves played."""
    kinds = kw.pop("seats", None) or [HUMAN] + ["tips"] * (players - 1)
    s = PlaySession(rules(preset, players=players), kinds, seed=seed, **kw)
    s.run_bots()
    return s


def state(s: PlaySession) -> tuple:
    """Everything a move or an undo may change."""
    return (s.position, list(s.said), list(s.moves), s.can_undo(), len(s._steps), s.rng.getstate())


def play_to_the_end(s: PlaySession, rng: random.Random, limit: int = 3000) -> None:
    """Random legal moves for the people, the bots' own for the bots."""
    for _ in range(limit):
        if s.is_over:
            return
        if s.bot_to_act() is not None:
            s.bot_move()
        else:
            s.play(rng.choice(s.legal()))
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- illegal and out of turn
def test_an_illegal_move_raises_and_changes_nothing():
    s = session()
    assert s.position.table_text() == "7♠" and s.human_to_act() == 0
    before = state(s)
    with pytest.raises(IllegalMoveError) as info:
        s.play("P1 cover 7♠ with 7♣")
    assert info.value.reason is Reason.DOES_NOT_BEAT
    assert_sentence(info.value.message)
    assert state(s) == before
    with pytest.raises(IllegalMoveError) as info:
        s.play(Move.parse("P1 cover 7♠ with A♥"))
    assert info.value.reason is Reason.NOT_IN_HAND
    with pytest.raises(MoveTextError):
        s.play("P1 dance")
    assert state(s) == before


def test_an_illegal_move_after_a_played_one_leaves_the_undo_as_it_was():
    s = session()
    s.play("ks")
    s.run_bots()
    before = state(s)
    assert s.can_undo()
    with pytest.raises(IllegalMoveError):
        s.play("P1 take")
    assert state(s) == before
    s.undo()
    assert s.position.table_text() == "7♠" and not s.can_undo()


def test_moves_out_of_turn_are_refused():
    s = PlaySession(rules(players=3), [HUMAN, "tips", "random"], seed=4)
    assert s.to_act() == 2 and s.bot_to_act() == 2 and s.human_to_act() is None and s.legal() == []
    before = state(s)
    with pytest.raises(IllegalMoveError) as info:
        s.play("P1 attack 10♥")
    assert info.value.reason is Reason.NOT_YOUR_TURN and info.value.message == say("not-your-turn", seat="P3")
    assert state(s) == before
    s.run_bots()
    seat = s.human_to_act()
    assert seat == 0
    other = Move("take", 1)
    with pytest.raises(IllegalMoveError) as info:
        s.play(other)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(SessionError):
        s.bot_move()  # a person acts now
    play_to_the_end(s, random.Random(1))
    with pytest.raises(IllegalMoveError) as info:
        s.play("P1 take")
    assert info.value.reason is Reason.GAME_OVER


# ---------------------------------------------------------------- bots to the end
@pytest.mark.parametrize("preset, players", CONFIGS, ids=[f"{p}-{n}" for p, n in CONFIGS])
def test_bots_play_every_preset_to_the_end(preset, players):
    seed = sorted(PRESETS).index(preset) * 10 + players
    # the endgame bot at two seats in ten: its solver is slower than the others
    kinds = [LEVELS[(seed + k) % 2] for k in range(players)]
    if seed % 5 == 0:
        kinds[0] = "endgame"
    s = PlaySession(rules(preset, players=players), kinds, seed=seed)
    said = s.run_bots()
    assert s.is_over and s.to_act() is None and s.bot_to_act() is None
    assert_result_consistent(s.position)
    assert said[-1] == s.said[-1] == s.end_sentence() == s.status()
    assert s.said[0] == say("new-game", seed=seed, leader=seat_text(Position.deal(s.rules, seed).leader))
    for line in s.said:
        assert line == line.strip() and "\n" not in line and line[0].isupper() and line[-1] in ".!", line
    with pytest.raises(SessionError):
        s.bot_move()


def test_the_same_seed_gives_the_same_game():
    def game(seed):
        s = PlaySession(rules(players=4), ["random", "tips", "endgame", "random"], seed=seed)
        s.run_bots()
        return s.moves, s.said, s.result

    assert game(11) == game(11)
    assert game(11) != game(12)


def test_the_same_seed_and_the_same_moves_get_the_same_answers():
    def game(seed):
        s = PlaySession(rules(players=3), [HUMAN, "random", "random"], seed=seed)
        play_to_the_end(s, random.Random(seed))
        return s.moves, s.said

    assert game(3) == game(3)


def test_a_new_seed_is_drawn_and_kept_when_none_is_given():
    s = PlaySession(rules(players=2), ["random", "random"])
    assert 0 <= s.seed < 1_000_000 and s.position == Position.deal(s.rules, s.seed)


# ---------------------------------------------------------------- undo
def test_undo_takes_back_the_persons_move_and_the_bots_replies_exactly():
    s = PlaySession(rules(players=3), [HUMAN, "random", "tips"], seed=9)
    rng = random.Random(2)
    for _ in range(25):
        s.run_bots()
        if s.is_over:
            break
        before = state(s)
        move = rng.choice(s.legal())
        s.play(move)
        s.run_bots()
        after = state(s)
        s.undo()
        assert state(s) == before
        # the same move gets the same answers again
        s.play(move)
        s.run_bots()
        assert state(s) == after


def test_undo_goes_back_move_by_move_to_the_start_and_then_says_there_is_nothing():
    s = session()
    first = state(s)
    s.play("ks")
    s.run_bots()
    s.play(s.legal()[0])
    s.run_bots()
    s.undo()
    s.undo()
    assert state(s) == first
    with pytest.raises(SessionError) as info:
        s.undo()
    assert str(info.value) == say("no-undo")


def test_undo_also_after_the_end():
    s = PlaySession(rules(players=2), [HUMAN, "random"], seed=5)
    play_to_the_end(s, random.Random(5))
    last = s.said[-1]
    assert last == s.end_sentence()
    s.undo()
    assert not s.is_over and s.human_to_act() is not None and last not in s.said[-2:]


# ---------------------------------------------------------------- rematch and records
def test_rematch_deals_the_same_cards_with_every_seat_moved_on():
    s = PlaySession(rules(players=3), [HUMAN, "random", "tips"], seed=8)
    play_to_the_end(s, random.Random(8))
    said = s.rematch()
    assert s.seats == ["tips", HUMAN, "random"] and s.humans == [1] and s.games_played == 1
    assert s.position == Position.deal(s.rules, 8) and s.moves == [] and not s.can_undo()
    assert said == s.said == [say("new-game", seed=8, leader=seat_text(s.position.leader))]
    s.rematch()
    s.rematch()
    assert s.seats == [HUMAN, "random", "tips"] and s.games_played == 3


def test_two_players_swap_hands_in_a_rematch():
    s = PlaySession(rules(players=2), [HUMAN, "tips"], seed=6)
    mine = s.view(0).hand
    s.rematch()
    assert s.humans == [1] and s.position.hand(0) == mine and s.view(1).hand != mine


@pytest.mark.parametrize("preset, players", [("podkidnoy", 2), ("perevodnoy", 3), ("pairs", 4), ("simple", 6)])
def test_the_record_loads_and_replays_to_the_same_position(preset, players, tmp_path):
    s = PlaySession(rules(preset, players=players), [HUMAN] + ["random"] * (players - 1), seed=21)
    rng = random.Random(21)
    for stop in (12, None):
        while not s.is_over and (stop is None or len(s.moves) < stop):
            if s.bot_to_act() is not None:
                s.bot_move()
            else:
                s.play(rng.choice(s.legal()))
        rec = load_record(s.record().dump())
        assert rec.seed == 21 and len(rec.moves) == len(s.moves)
        result = replay(rec)
        assert result.ok and result.position == s.position
    path = tmp_path / "game.json"
    assert s.save(str(path)) == say("saved", path=str(path))
    assert replay(load_record(str(path))).position == s.position


# ---------------------------------------------------------------- seats
def test_seat_kinds():
    assert seat_kinds(2) == [HUMAN, "tips"]
    assert seat_kinds(3, ["random", "tips"], seat=2) == ["random", "tips", HUMAN]
    assert seat_kinds(4, ["endgame"], seat=3, humans=2) == [HUMAN, "endgame", "endgame", HUMAN]
    assert seat_kinds(2, ["tips"], humans=0) == ["tips", "tips"]
    assert seat_kinds(2, ["tips"], humans=2) == [HUMAN, HUMAN]


@pytest.mark.parametrize("args, kw, why", [
    ((1,), {}, "a table has 2 to 8 players, not 1"),
    ((9,), {}, "a table has 2 to 8 players, not 9"),
    ((2,), {"seat": 2}, "seat P3 is not at a table of 2"),
    ((2,), {"seat": -1}, "seat P0 is not at a table of 2"),
    ((3,), {"humans": 4}, "4 people do not fit at a table of 3"),
    ((2, ["strong"]), {}, "there is no bot level 'strong': the levels are random, beginner, tips, greedy, endgame, search, expert"),
    ((4, ["random", "tips"]), {}, "2 bot levels for 3 bots"),
])
def test_seat_kinds_errors(args, kw, why):
    with pytest.raises(SessionError) as info:
        seat_kinds(*args, **kw)
    assert str(info.value) == why
    assert isinstance(info.value, ValueError)


def test_a_session_checks_its_seats():
    with pytest.raises(SessionError, match="3 seats for 2 players"):
        PlaySession(rules(players=2), [HUMAN, "tips", "tips"])
    with pytest.raises(SessionError, match="no bot level 'robot'"):
        PlaySession(rules(players=2), [HUMAN, "robot"])


def test_seat_names_and_status():
    s = PlaySession(rules(players=3), [HUMAN, "random", "tips"], seed=4)
    assert [s.seat_name(x, viewer=0) for x in range(3)] == ["P1 (you)", "P2 (random bot)", "P3 (tips bot)"]
    assert s.status() == say("bot-thinking", seat="P3")
    s.run_bots()
    assert s.status() == say("your-turn", seat="P1")
    two = PlaySession(rules(players=3), [HUMAN, HUMAN, "tips"], seed=4)
    assert two.seat_name(0, viewer=0) == "P1"


def test_the_end_sentence_speaks_to_the_person_or_the_people():
    for seed in range(40):
        s = PlaySession(rules(players=2), [HUMAN, "random"], seed=seed)
        play_to_the_end(s, random.Random(seed))
        expected = (say("draw") if s.result == () else say("you-lost") if 0 in s.result else say("you-won"))
        assert s.end_sentence() == expected == s.said[-1]
    s = PlaySession(rules(players=3), [HUMAN, HUMAN, "random"], seed=1)
    play_to_the_end(s, random.Random(1))
    assert s.end_sentence().startswith("Game over. ") or s.end_sentence() == say("draw")


# ---------------------------------------------------------------- the coach at the table
def test_coach_warning_and_hint_are_sentences_and_the_hint_is_legal():
    s = session(coach=True)
    assert s.legal() == [Move.parse(t) for t in ("P1 cover 7♠ with K♠", "P1 cover 7♠ with 10♦",
                                                   "P1 cover 7♠ with K♦", "P1 take")]
    # the evaluator finds the four moves about as good (within 5%): no word
    assert [s.coach_warning(m) for m in ("10d", "ks", "kd", "take")] == [None] * 4 and s.notes == []
    hint = s.hint()
    assert_sentence(hint) and hint.startswith("Hint: ")
    assert s.hint_move() in s.legal() and move_words(s.hint_move()) in hint
    with pytest.raises(IllegalMoveError):
        s.coach_warning("P1 cover 7♠ with 7♣")  # a warning only for a legal move
    # a game where the coach speaks: each warning is a sentence, and a note once
    s = session(coach=True, seed=3)
    while s.human_to_act() is not None:
        warned = [(m, w) for m in s.legal() for w in [s.coach_warning(m)] if w]
        if warned:
            move, warning = warned[0]
            assert_sentence(warning) and warning.startswith("Coach: ")
            assert s.coach_warning(move) == warning and s.notes.count(warning) == 1
            break
        s.play(s.hint_move())
        s.run_bots()
    else:
        raise AssertionError("the coach never spoke")


def test_hints_are_legal_all_game_long_and_a_bot_turn_has_none():
    s = PlaySession(rules(players=2), [HUMAN, "random"], seed=13, coach=True)
    rng = random.Random(13)
    while not s.is_over:
        if s.bot_to_act() is not None:
            assert s.hint_move() is None and s.hint() == s.status()
            s.bot_move()
            continue
        move = s.hint_move()
        assert move in s.legal()
        assert_sentence(s.hint())
        warning = s.coach_warning(move)
        assert warning is None or (warning.startswith("Coach: ") and "\n" not in warning)
        s.play(rng.choice(s.legal()))
    review = s.review()
    assert review[0] == say("review-title") and review[1] == s.end_sentence()
    assert review[2] == say("review-moves", count=len(s.moves))


def test_without_a_coach_there_is_no_warning_but_a_hint():
    s = session()
    assert s.coach is None and s.coach_warning("10d") is None and s.hint().startswith("Hint: ")
    assert s.review() == [say("review-title"), say("review-moves", count=len(s.moves))]
