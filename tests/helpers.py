"""Shared builders, checks and strategies for the engine tests.

Positions are built by hand with :func:`start` (every card not listed goes to
the discard), moves are written as text, and :func:`expect_illegal` checks the
whole contract of an illegal move: the reason, a readable sentence, and a
position (and game) left exactly as it was.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Iterable, Iterator, NamedTuple, Optional, Sequence

import pytest
from hypothesis import strategies as st

from durak_lab.engine.cards import RANK_MASKS, Card, CardSet, cards_of, deck_mask
from durak_lab.engine.errors import IllegalMoveError, Reason, RulesError
from durak_lab.engine.ficus import finish_of
from durak_lab.engine.game import Game
from durak_lab.engine.moves import ATTACK, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from durak_lab.engine.rules import PRESETS, AfterTake, Choose, DrawOrder, HandLimit, Rules, ThrowIn, Tie, TrumpSwap, TurnsDirection
from durak_lab.engine.moves import ATTACK, CHALLENGE, COVER, PASS, SHOW, SWAP, TAKE, TRANSFER, Move
from durak_lab.engine.state import Event, Position

# ---------------------------------------------------------------- configurations


def _configs() -> list[tuple[str, int]]:
    out = []
    for name in PRESETS:
        for n in range(2, 9):
            try:
                Rules.preset(name, players=n)
            except RulesError:
                continue
            out.append((name, n))
    return out


#: Every (preset, players) pair the rules accept, 2 to 8 players (7 and 8 need 52 cards, R5).
CONFIGS: list[tuple[str, int]] = _configs()


def rules(preset: str = "podkidnoy", **changes) -> Rules:
    """A preset with changes (players default to the preset's)."""
    return Rules.preset(preset, **changes)


# ---------------------------------------------------------------- building positions


def start(rules: Rules, hands: Sequence[str], talon: str | Sequence = (), trump: Optional[str] = None,
          trump_card: Optional[str] = None, attacker: Optional[int] = 0, **kw) -> Position:
    """``Position.start`` with every unlisted card in the discard."""
    return Position.start(rules, hands=list(hands), talon=talon, trump_card=trump_card, trump=trump,
                          discard="rest", attacker=attacker, **kw)


def cards(text: str) -> tuple:
    """``"7♦ Q♠"`` as a tuple of Card, in the order written."""
    return tuple(Card.parse(t) for t in text.split())


def cs(text: str) -> str:
    """Cards as canonical text, in id order (suit by suit), as events and hands print them."""
    return str(CardSet.parse(text))


def hand(p: Position, seat: int) -> str:
    """A seat's hand as canonical text (suit by suit)."""
    return str(p.hand(seat))


def play(p: Position, *moves: str, sequential: bool = False) -> Position:
    """Play several move texts in a row."""
    for m in moves:
        p = p.play(m, sequential=sequential)
    return p


def legal(p: Position, seat: Optional[int] = None) -> list[str]:
    """The legal moves (free protocol) as texts, in the engine's order."""
    return [str(m) for m in p.legal_moves(seat)]


def seq_legal(p: Position) -> list[str]:
    """The sequential protocol's moves as texts."""
    return [str(m) for m in p.sequential_moves()]


def ev(events: Iterable[Event]) -> list[tuple]:
    """Events in a compact comparable form.

    ``("bito", "7♦ Q♦")``, ``("pickup", 1, "7♦ Q♦")``, ``("draw", 0, 2)``,
    ``("out", 2)``, ``("bout", 1, 2)``, ``("over", (0,))``, ``("return", 0, "9♣")``.
    """
    out = []
    for e in events:
        cs = " ".join(str(c) for c in e.cards)
        if e.kind == "bito":
            out.append(("bito", cs))
        elif e.kind in ("pickup", "return"):
            out.append((e.kind, e.seat, cs))
        elif e.kind == "draw":
            out.append(("draw", e.seat, len(e.cards)))
        elif e.kind == "out":
            out.append(("out", e.seat))
        elif e.kind == "bout":
            out.append(("bout", e.seat, e.other))
        elif e.kind == "over":
            out.append(("over", tuple(e.losers)))
        elif e.kind == "ficus":
            out.append(("ficus", e.seat, cs, e.other))
        else:  # pragma: no cover - a new kind should get a form here
            out.append((e.kind,))
    return out


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


# ---------------------------------------------------------------- illegal moves


def snapshot(p: Position) -> tuple:
    """Every public field of a position, to prove an error changed nothing."""
    return (p.rules, p.trump, p.trump_card, p.hands, p.talon, p.discard, p.table, p.leader, p.defender,
            p.taking, p.passed, p.first_limit, p.start_hand, p.attack_order, p.known, p.shown_used,
            p.swap_open, p.in_bout, p.result, p.sent_back)


def assert_sentence(message: str) -> None:
    """A message a learner can read: one line, several words, no stray blanks."""
    assert isinstance(message, str)
    assert message == message.strip() and "\n" not in message
    assert len(message.split()) >= 3, message


def expect_illegal(p: Position, move: str | Move, reason: Reason, mentions: Sequence[str] = (),
                   sequential: bool = False) -> IllegalMoveError:
    """``move`` raises IllegalMoveError with ``reason``; the message is a sentence that
    contains every text of ``mentions``; ``p`` (and a Game around it) is unchanged;
    ``why_illegal`` agrees and the move is not listed as legal."""
    before = snapshot(p)
    h = hash(p)
    with pytest.raises(IllegalMoveError) as info:
        p.play(move, sequential=sequential)
    err = info.value
    assert err.reason is reason, (str(err), err.reason)
    assert_sentence(err.message)
    for text in mentions:
        assert text in err.message, (text, err.message)
    m = Move.parse(move, p.players) if isinstance(move, str) else move
    assert err.move == m
    assert str(err).startswith(str(m) + ": ")
    assert snapshot(p) == before and hash(p) == h
    if sequential:
        assert m not in p.sequential_moves()
    else:
        why = p.why_illegal(m)
        assert why is not None and why.reason is reason and why.message == err.message
        assert not p.is_legal(m)
        assert m not in p.legal_moves()
    # a Game around the position is left as it was, too
    g = Game(p, sequential=sequential)
    with pytest.raises(IllegalMoveError):
        g.play(move)
    assert g.position is p and len(g) == 0 and g.steps == []
    assert g.why_illegal(move) is not None
    return err


# ---------------------------------------------------------------- invariants


def masks(p: Position) -> list[int]:
    """The card masks that must partition the deck: each hand, table, talon, discard."""
    talon = 0
    for c in p.talon:
        talon |= 1 << c
    return list(p.hands) + [p.table_cards(), talon, p.discard]


def assert_conserved(p: Position) -> None:
    """hands + table + talon + discard is exactly the deck, no card twice."""
    deck = p.rules.all_cards  # the jokers too (doker, R1)
    ms = masks(p)
    for i in range(len(ms)):
        for j in range(i + 1, len(ms)):
            assert ms[i] & ms[j] == 0, f"{CardSet(ms[i] & ms[j])} in two places"
    assert len(set(p.talon)) == len(p.talon)
    table_ids = [a for a, _, _, _ in p.table] + [c for _, c, _, _ in p.table if c >= 0]
    assert len(set(table_ids)) == len(table_ids)
    union = 0
    for m in ms:
        union |= m
    assert union == deck, f"missing {CardSet(deck & ~union)}, extra {CardSet(union & ~deck)}"
    assert p.card_count() == p.rules.deck + p.rules.jokers


def assert_roles(p: Position) -> None:
    """Leader and defender distinct, the defending side holds cards, the seat to act is in play."""
    if p.is_over:
        assert p.to_act() is None
        return
    n = p.players
    assert 0 <= p.leader < n and 0 <= p.defender < n
    assert p.leader != p.defender
    r = p.rules
    if r.teams:
        # every attack goes to an opponent (R25); after a transfer the leader of the bout may be
        # the new defender's partner, but the partner never throws in unless the rules allow it
        if not p.table:
            assert p.leader % r.teams != p.defender % r.teams, "a bout is led against an opponent (R25)"
        if not r.partner_throw_in:
            assert all(s % r.teams != p.defender % r.teams for s in p.attackers())
    if not p.table:
        assert p.hands[p.defender], "a bout starts against a defender holding cards"
        assert p.hands[p.leader], "the leader holds cards"
    if r.partner_covers:
        # FI pairs: the defender's partner may go on covering after the defender's last card
        assert any(p.hands[s] for s in [p.defender] + p.partners(p.defender))
    else:
        assert p.hands[p.defender], "the defender holds cards while the bout goes on"
    t = p.to_act()
    assert t is not None and 0 <= t < n
    assert p.hands[t] or (r.partner_covers and t == p.defender), f"P{t + 1} acts with no cards"


def assert_result_consistent(p: Position) -> None:
    """After the end: a tuple of seats (empty for a draw) matching the hands (R27, R28, R29)."""
    res = p.result
    assert isinstance(res, tuple)
    assert all(isinstance(s, int) and 0 <= s < p.players for s in res)
    assert len(set(res)) == len(res)
    assert not p.talon and not p.table
    holding = {s for s in range(p.players) if p.hands[s]}
    r = p.rules
    if finish_of(p) == "ficus":  # the one who went out is durak, the other holds the ficus (R28, HE)
        assert len(res) == 1 and not p.hands[res[0]] and holding == {1 - res[0]}
        assert p.to_act() is None and p.legal_moves() == [] and p.sequential_moves() == []
        return
    if r.teams:
        teams = {s % r.teams for s in holding}
        assert len(teams) <= 1
        if teams:
            team = teams.pop()
            assert set(res) == {s for s in range(p.players) if s % r.teams == team}
    else:
        assert len(holding) <= 1, "at most one seat with cards remains"
        if holding:
            assert set(res) == holding
    if not holding:
        # the last cards went at once: a draw, or all the last ones durak (R29)
        assert res == () if r.tie is Tie.NO_DURAK else res
    assert p.to_act() is None and p.legal_moves() == [] and p.sequential_moves() == []


# ---------------------------------------------------------------- candidate moves


def candidate_moves(p: Position, rng: Optional[random.Random] = None, covers_per_target: Optional[int] = None
                    ) -> list[Move]:
    """A broad set of moves, legal or not, for ``legal ⇔ no reason`` checks.

    Every seat x every card of the deck: attack, transfer, show, swap with one
    card, attack and transfer with same-rank pairs, take and pass; covers of every
    table card (and one card not on the table) with every card of the deck, or
    with ``covers_per_target`` random cards plus every card of the seat's hand.
    """
    deck = cards_of(p.rules.all_cards)  # the jokers too (doker)
    pairs = [pair for r in range(2, 15) for pair in combinations(cards_of(deck_mask(p.rules.lowest_rank)
                                                                            & RANK_MASKS[r]), 2)]
    targets = [Card(a) for a, _, _, _ in p.table]
    off_table = [c for c in deck if c not in targets]
    if off_table:
        targets.append(off_table[(len(p.table) * 7 + p.players) % len(off_table)])
    out: list[Move] = []
    for s in range(p.players):
        out.append(Move(TAKE, s))
        out.append(Move(PASS, s))
        for c in deck:
            out.append(Move(ATTACK, s, (c,)))
            out.append(Move(TRANSFER, s, (c,)))
            out.append(Move(SHOW, s, (c,)))
            out.append(Move(SWAP, s, (c,)))
        for pair in pairs:
            out.append(Move(ATTACK, s, pair))
            out.append(Move(TRANSFER, s, pair))
        own = cards_of(p.hands[s])
        for a in targets:
            if covers_per_target is None or rng is None:
                with_ = deck
            else:
                with_ = sorted(set(own) | set(rng.sample(deck, min(covers_per_target, len(deck)))))
            for c in with_:
                out.append(Move(COVER, s, (c,), a))
        for a in targets:  # pushing durak: challenges of every table card and one card not on it
            out.append(Move(CHALLENGE, s, (a,)))
    return out


# ---------------------------------------------------------------- random games


class Step(NamedTuple):
    before: Position
    move: Move
    after: Position
    events: list


def random_game(p: Position, rng: random.Random, sequential: bool = False,
                max_moves: int = 3000) -> Iterator[Step]:
    """Play random legal moves (chosen by ``rng``) until the game ends; fail past ``max_moves``."""
    for _ in range(max_moves):
        if p.is_over:
            return
        moves = p.sequential_moves() if sequential else p.legal_moves()
        assert moves, "a running game always has a legal move"
        m = moves[rng.randrange(len(moves))]
        after, events = p.play_events(m, sequential=sequential)
        yield Step(p, m, after, events)
        p = after
    assert p.is_over, f"the game did not end within {max_moves} moves"


def position_after(preset: str, players: int, seed: int, steps: int) -> tuple:
    """``(position, rng)``: a seeded deal of ``preset`` for ``players`` after up to ``steps`` random legal
    moves (fewer if the game ends), and the ``random.Random`` that chose them, to go on with."""
    rng = random.Random(seed)
    p = Position.deal(Rules.preset(preset, players=players), rng)
    for _ in range(steps):
        if p.is_over:
            break
        p = p.play(rng.choice(p.legal_moves()))
    return p, rng


# ---------------------------------------------------------------- strategies

configs = st.sampled_from(CONFIGS)


@st.composite
def any_rules(draw) -> Rules:
    """Any valid combination of options, presets or not (invalid ones are redrawn)."""
    players = draw(st.integers(min_value=2, max_value=8))  # 7 and 8: R2, R5
    kw = dict(
        deck=draw(st.sampled_from([20, 24, 28, 32, 36, 52])),
        players=players,
        hand_size=draw(st.integers(min_value=1, max_value=7)),
        throw_in=draw(st.sampled_from(list(ThrowIn))),
        turns_direction=draw(st.sampled_from(list(TurnsDirection))),
        lead=draw(st.sampled_from([1, 2, 3, None])),
        attack_limit=draw(st.sampled_from([1, 4, 6, 12, None])),
        hand_limit=draw(st.sampled_from(list(HandLimit))),
        first_bout_limit=draw(st.sampled_from([None, 3, 5])),
        first_bout_carry=draw(st.booleans()),
        after_take=draw(st.sampled_from(list(AfterTake))),
        transfer=draw(st.booleans()),
        transfer_by_show=draw(st.booleans()),
        teams=draw(st.sampled_from([0, 2, 3])),
        partner_throw_in=draw(st.booleans()),
        partner_covers=draw(st.booleans()),
        draw_order=draw(st.sampled_from(list(DrawOrder))),
        tie=draw(st.sampled_from(list(Tie))),
        trump_swap=draw(st.sampled_from(list(TrumpSwap))),
        redeal=draw(st.booleans()),
        show_lowest_trump=draw(st.booleans()),
        choose=draw(st.sampled_from(list(Choose))),
        jokers=draw(st.sampled_from([0, 0, 1, 2])),  # doker (R1)
        ficus=draw(st.booleans()),
        swap_six=draw(st.booleans()),  # R6: the trump six swapped in on a deck with lower ranks
        take_unbeaten=draw(st.booleans()),  # doker: a take picks up only the unbeaten cards (R18)
        forced_take=draw(st.booleans()),  # doker: three sixes or 3-5-9 force a take (R15)
    )
    # repair the contradictions the rules reject (each is tested in test_rules_options)
    teams = kw["teams"]
    if teams and (players % teams or players // teams < 2):
        kw["teams"] = 0
    if not kw["teams"]:
        kw["partner_covers"] = kw["partner_throw_in"] = False
    if kw["partner_covers"]:
        kw["transfer"] = kw["partner_throw_in"] = False
    if not kw["transfer"]:
        kw["transfer_by_show"] = False
    if kw["throw_in"] is not ThrowIn.BY_TURNS:
        kw["turns_direction"] = TurnsDirection.CLOCKWISE
    if players != 2 or kw["teams"] or kw["jokers"]:  # the ficus finish: two players, no jokers (R28, R1)
        kw["ficus"] = False
    kw["hand_size"] = min(kw["hand_size"], (kw["deck"] + kw["jokers"]) // players)
    if kw["trump_swap"] is TrumpSwap.OFF or kw["deck"] < 36:
        kw["swap_six"] = False
    # the defender's choice of cards to beat (R13)
    if (kw["choose"] is Choose.HAND and kw["hand_limit"] is not HandLimit.NONE) or (
            kw["choose"] is Choose.LIMIT and kw["attack_limit"] is None) or (
            kw["throw_in"] is ThrowIn.BY_TURNS or kw["partner_covers"]):
        kw["choose"] = Choose.OFF
    if kw["partner_covers"] or kw["choose"] is not Choose.OFF:
        kw["forced_take"] = False
    return Rules(**kw)


seeds = st.integers(min_value=0, max_value=2**32 - 1)
protocols = st.sampled_from(["free", "sequential"])


class Recorder:
    """A bot that reads the history and keeps ``(view, history, move)`` of every choice: it plays
    like ``bot`` (which may read the history too), or the first legal move."""

    name = "recorder"
    reads_history = True

    def __init__(self, bot=None):
        self.bot = bot
        self.seen = []

    def choose(self, view, rng, history=()):
        if self.bot is None:
            move = view.legal[0]
        elif getattr(self.bot, "reads_history", False):
            move = self.bot.choose(view, rng, history=history)
        else:
            move = self.bot.choose(view, rng)
        self.seen.append((view, tuple(history), move))
        return move
