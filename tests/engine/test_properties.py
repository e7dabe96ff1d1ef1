"""Properties of the engine over every preset and 2–6 players, on random games.

Games come from ``Position.deal(rules, seed)``; moves are chosen by a
``random.Random`` seeded from the example (never the global one), so a
failure is replayed exactly from the seed hypothesis prints.
"""

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from durak_lab.engine.cards import Card, CardSet
from durak_lab.engine.errors import CardError, DurakError, IllegalMoveError, MoveTextError, Reason
from durak_lab.engine.game import Game
from durak_lab.engine.moves import Move
from durak_lab.engine.state import Position

from helpers import (CONFIGS, any_rules, assert_conserved, assert_result_consistent, assert_roles,
                     assert_sentence, candidate_moves, configs, random_game, rules, seeds)

MAX_MOVES = 3000


def _game(config, seed, sequential):
    """The positions and moves of one random game; checks it ends within MAX_MOVES."""
    name, n = config
    p = Position.deal(rules(name, players=n), seed)
    rng = random.Random(f"moves/{seed}")
    positions, moves = [p], []
    for step in random_game(p, rng, sequential=sequential, max_moves=MAX_MOVES):
        positions.append(step.after)
        moves.append(step.move)
    return positions, moves


# ---------------------------------------------------------------- whole games


@given(config=configs, seed=seeds, sequential=st.booleans())
def test_random_games_conserve_cards_keep_roles_and_end(config, seed, sequential):
    positions, moves = _game(config, seed, sequential)
    assert len(moves) <= MAX_MOVES
    for p in positions:
        assert_conserved(p)
        assert_roles(p)
    final = positions[-1]
    assert final.is_over and all(not p.is_over for p in positions[:-1])
    assert_result_consistent(final)


@given(config=configs, seed=seeds, sequential=st.booleans())
def test_legal_move_texts_round_trip(config, seed, sequential):
    positions, _ = _game(config, seed, sequential)
    for p in positions[:: max(1, len(positions) // 40)]:
        for m in p.legal_moves():
            text = str(m)
            assert Move.parse(text, p.players) == m
            assert Move.parse(text.lower(), p.players) == m
            assert p.is_legal(text)


@given(config=configs, seed=seeds, sequential=st.booleans())
def test_equal_positions_have_equal_hashes(config, seed, sequential):
    positions, moves = _game(config, seed, sequential)
    q = Position.deal(rules(config[0], players=config[1]), seed)
    assert q == positions[0] and hash(q) == hash(positions[0])
    for m, want in zip(moves, positions[1:]):
        q = q.play(m, sequential=sequential)
        assert q == want and hash(q) == hash(want)
        assert q is not want
    table = {p: i for i, p in enumerate(positions)}
    assert all(positions[table[p]] == p for p in positions)


# ---------------------------------------------------------------- legal ⇔ plays ⇔ no reason


def check_free_protocol(p, candidates):
    """Every legal move plays; a candidate is legal iff why_illegal is None iff play succeeds."""
    legal = p.legal_moves()
    assert len(set(legal)) == len(legal), "no move listed twice"
    lset = set(legal)
    for m in legal:
        assert p.why_illegal(m) is None
        assert p.play_unchecked(m) == p.play(m)
    for m in candidates:
        why = p.why_illegal(m)
        if m in lset:
            assert why is None
            continue
        assert isinstance(why, IllegalMoveError), m
        assert isinstance(why.reason, Reason) and why.move == m
        assert_sentence(why.message)
        try:
            p.play(m)
        except IllegalMoveError as err:
            assert err.reason is why.reason
        else:
            raise AssertionError(f"{m} played although why_illegal says {why}")


def check_sequential_protocol(p, candidates):
    """The sequential moves are the free moves of to_act(); they, and only they, play sequentially."""
    t = p.to_act()
    seq = p.sequential_moves()
    assert seq == p.legal_moves(t) and seq
    assert all(m.seat == t for m in seq)
    sset = set(seq)
    g = Game(p, sequential=True)
    assert g.legal_moves() == seq
    for m in seq:
        p.play(m, sequential=True)
        assert g.why_illegal(m) is None
    for m in candidates:
        if m in sset:
            continue
        with pytest.raises(IllegalMoveError):
            p.play(m, sequential=True)
        assert g.why_illegal(m) is not None
    assert g.position is p and len(g) == 0


def _sample_positions(positions, rng, k):
    running = [p for p in positions if not p.is_over]
    return rng.sample(running, min(k, len(running)))


@given(config=configs, seed=seeds, sequential=st.booleans())
def test_legal_iff_play_succeeds_iff_no_reason(config, seed, sequential):
    positions, _ = _game(config, seed, sequential)
    rng = random.Random(f"check/{seed}")
    for p in _sample_positions(positions, rng, 1):
        candidates = candidate_moves(p, rng, covers_per_target=4)
        check_free_protocol(p, candidates)
        check_sequential_protocol(p, candidates)


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[f"{name}-{n}" for name, n in CONFIGS])
def test_legal_iff_no_reason_every_preset_and_player_count(index):
    """Every cover with every card of the deck, at three points of one game per configuration
    (played under the free protocol or the sequential one, alternately)."""
    config = CONFIGS[index]
    positions, _ = _game(config, 2024 + index, sequential=bool(index % 2))
    running = [p for p in positions if not p.is_over]
    for p in (running[0], running[len(running) // 2], running[-1]):
        candidates = candidate_moves(p)
        # every legal move of at most two cards is among the candidates
        assert {m for m in p.legal_moves() if len(m.cards) <= 2} <= set(candidates)
        check_free_protocol(p, candidates)
        check_sequential_protocol(p, candidates)


def test_moves_of_missing_seats_are_refused():
    p = Position.deal(rules("podkidnoy", players=3), 1)
    for m in (Move("take", 3), Move("attack", -1, (Card("7♦"),)), Move("pass", 7)):
        why = p.why_illegal(m)
        assert why is not None and why.reason is Reason.NO_SUCH_SEAT
        assert_sentence(why.message)
    why = p.why_illegal(Move("attack", p.leader, (Card("7♦"), Card("7♦"))))
    assert why is not None and why.reason in (Reason.DUPLICATE_CARD, Reason.NOT_IN_HAND)
    assert p.why_illegal(Move("dance", p.leader)) is not None
    with pytest.raises(TypeError):
        p.why_illegal(("attack", 0))


# ---------------------------------------------------------------- undo


@given(config=configs, seed=seeds, sequential=st.booleans())
def test_game_undo_restores_the_position_exactly(config, seed, sequential):
    name, n = config
    g = Game.deal(rules(name, players=n), seed, sequential=sequential)
    rng = random.Random(f"undo/{seed}")
    history = [g.position]
    for _ in range(400):
        if g.is_over:
            break
        if len(g) and rng.random() < 0.3:
            before_moves = g.moves
            m = g.undo()
            history.pop()
            assert m == before_moves[-1] and g.moves == before_moves[:-1]
            assert g.position == history[-1] and hash(g.position) == hash(history[-1])
            assert g.position is history[-1], "undo keeps the previous value"
            continue
        moves = g.legal_moves()
        m = moves[rng.randrange(len(moves))]
        events = g.play(m)
        assert isinstance(events, tuple) and g.moves[-1] == m
        history.append(g.position)
    # undo everything: back to the deal
    while len(g):
        g.undo()
    assert g.position == history[0] == Position.deal(rules(name, players=n), seed)
    with pytest.raises(DurakError):
        g.undo()


@given(config=configs, seed=seeds)
def test_game_play_leaves_the_game_unchanged_on_error(config, seed):
    name, n = config
    g = Game.deal(rules(name, players=n), seed)
    rng = random.Random(f"err/{seed}")
    for _ in range(30):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    if g.is_over:
        return
    p, steps = g.position, list(g.steps)
    for m in candidate_moves(p, rng, covers_per_target=1)[:: 7]:
        if p.why_illegal(m) is None:
            continue
        with pytest.raises(IllegalMoveError):
            g.play(m)
        assert g.position is p and g.steps == steps
    for text in ("P1 dance", "P9 take", "P1 attack X9"):
        with pytest.raises(MoveTextError):
            g.play(text)
        assert g.position is p and g.steps == steps
        assert g.why_illegal(text)


# ---------------------------------------------------------------- text fuzzing

CARD_CHARS = "0123456789TJQKAtjqkaXxBRr♠♥♦♣♤♡♢♧SHDCshdc \t,\ufe0f🂡🃊🃏🂬²٣"
card_texts = st.text(alphabet=CARD_CHARS, max_size=8) | st.text(max_size=8)

TOKENS = ["P1", "p2", "P3", "P6", "P7", "P0", "P", "P²", "P٣", "attack", "ATTACK", "lead", "throw", "cover",
          "beat", "with", "WITH", "transfer", "show", "take", "pass", "swap", "dance", "7♥", "7h", "10♦",
          "TD", "td", "Q♠", "QS", "A♣", "🂡", "6♥", "X9", "1♦", "10", "♦", "7♥7♣", ",", ""]
move_texts = (st.lists(st.sampled_from(TOKENS), max_size=6).map(" ".join)
              | st.text(max_size=30) | st.text(alphabet="P1 atckovwih7♥TD", max_size=20))


@given(text=card_texts)
@example(text="RJ")
@example(text="🃏")
def test_card_parse_fuzz(text):
    try:
        c = Card.parse(text)
    except CardError:
        return
    assert isinstance(c, Card) and 0 <= c < 54  # 52 and 53: the jokers of doker (R1: BJ, RJ, JK, 🃏)
    assert Card.parse(str(c)) is c and Card.parse(c.text(ascii=True)) is c


@given(text=st.lists(card_texts, max_size=6).map(" ".join) | st.text(max_size=30))
def test_cardset_parse_fuzz(text):
    try:
        cs = CardSet.parse(text)
    except CardError:
        return
    assert CardSet.parse(str(cs)) == cs
    assert len(cs) == len(str(cs).split())


@given(text=move_texts, players=st.integers(min_value=2, max_value=6))
def test_move_parse_fuzz(text, players):
    try:
        m = Move.parse(text, players)
    except MoveTextError:
        return
    assert 0 <= m.seat < players
    canonical = str(m)
    assert Move.parse(canonical, players) == m
    assert str(Move.parse(canonical, players)) == canonical
    assert Move.parse(str(Move.parse(text, players)), players) == Move.parse(text, players)


@given(config=configs, seed=seeds, text=move_texts)
def test_why_illegal_of_any_text_is_a_reason_or_a_text_error(config, seed, text):
    name, n = config
    p = Position.deal(rules(name, players=n), seed)
    try:
        why = p.why_illegal(text)
    except MoveTextError:
        return
    m = Move.parse(text, n)
    assert (why is None) == (m in p.legal_moves())


# ---------------------------------------------------------------- any combination of options


@given(r=any_rules(), seed=seeds, sequential=st.booleans())
def test_any_valid_rules_give_consistent_games(r, seed, sequential):
    p = Position.deal(r, seed)
    rng = random.Random(f"any/{seed}")
    checked, q = 0, p
    for step in random_game(p, rng, sequential=sequential, max_moves=MAX_MOVES):
        q = step.after
        assert_conserved(q)
        assert_roles(q)
        if not q.is_over and not checked and rng.random() < 0.05:
            checked += 1
            candidates = candidate_moves(q, rng, covers_per_target=2)
            check_free_protocol(q, candidates)
            check_sequential_protocol(q, candidates)
    assert q.is_over
    assert_result_consistent(q)
