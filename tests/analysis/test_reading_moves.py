"""Reading the other players (durak_lab.analysis.inference.reading): what each kind of move says under the greedy
model, by rule id; every fact read from a greedy player's moves is true of its real hand; the history
reaches the bots that read it, in tournaments and at the play table."""

import random

import pytest

from durak_lab.bots import GreedyBot, RandomBot, SearchBot, play_game
from durak_lab.analysis.inference.reading import Reading, _arrivals, greedy_facts
from durak_lab.engine.cards import CardSet
from durak_lab.engine.moves import Move
from durak_lab.engine.state import Position
from durak_lab.session import PlaySession

from helpers import Recorder, play, rules, start


def facts(p, move, seat):
    return str(CardSet(greedy_facts(p.view(seat), Move.parse(move))))


def podkidnoy(hands, talon=("A♣", "10♥"), trump_card="10♥", attacker=0):
    return start(rules("podkidnoy"), hands, talon=list(talon), trump="♥", trump_card=trump_card,
                 attacker=attacker, first_bout=False)


def test_a_take_says_nothing_beat_the_uncovered_cards():
    # R15: the greedy defender covers whenever it can
    p = play(podkidnoy(["9♠ 7♦", "8♦ 6♥ K♠"]), "P1 attack 9♠")
    assert facts(p, "P2 take", 0) == "K♠ 6♥"


def test_a_cover_says_no_cheaper_card_beat_an_uncovered_card():
    # R11: K♠ covers 9♠, so P2 held neither 10♠, J♠ nor Q♠ (a trump is dearer than any spade)
    p = podkidnoy(["9♠ 7♦ J♦", "8♦ 6♥ K♠ 10♠"])
    p = play(p, "P1 attack 9♠")
    assert facts(p, "P2 cover 9♠ with K♠", 0) == "10♠"


def test_a_lead_says_no_cheaper_card_and_a_throw_in_no_cheaper_card_of_a_table_rank():
    # R10: the lowest card (a trump dearer than any other); R12: the lowest card of a rank on the table
    p = podkidnoy(["9♦ 10♠ K♣", "8♦ 6♦ 9♠ 8♣ 7♥"], attacker=1)
    assert facts(p, "P2 attack 8♦", 0) == "6♦"              # 8♣ is as cheap: either may come first
    q = play(p, "P2 attack 8♦", "P1 cover 8♦ with 9♦")
    assert facts(q, "P2 attack 9♠", 0) == "8♣"


def test_a_pass_says_no_card_of_a_rank_on_the_table_but_a_trump():
    # R12, R16: a pass is offered only to an attacker who could throw in; the greedy one passes holding
    # only trumps of the table's ranks while the talon lasts, so of the cards P2 has not seen it held
    # no 7 and no 8 but a trump
    p = play(podkidnoy(["7♠ 7♥ K♦", "8♠ 8♥ A♦ J♣"], talon=("7♣", "A♣", "10♥")), "P1 attack 7♠",
             "P2 cover 7♠ with 8♠")
    assert "P1 pass" in [str(m) for m in p.legal_moves()]
    assert facts(p, "P1 pass", 1) == "7♣"
    # its own moves say nothing to a seat
    assert greedy_facts(p.view(0), Move.parse("P1 pass")) == 0


def test_misfit_counts_excluded_cards_beyond_the_draws_since():
    p = play(podkidnoy(["9♠ 7♦", "8♦ 6♥ K♠"]), "P1 attack 9♠")
    r = Reading(0)
    r.add(p.view(0), Move.parse("P2 take"))
    both = CardSet.parse("K♠ 6♥").mask
    assert r.misfit((0, both), talon_size=2) == 2
    assert r.misfit((0, both), talon_size=1) == 1          # one card drawn since could be one of them
    assert r.misfit((0, both), talon_size=2, known=(0, CardSet.parse("K♠").mask)) == 1   # K♠ known


@pytest.mark.parametrize("preset,n", [("podkidnoy", 2), ("podkidnoy", 3), ("perevodnoy", 2), ("classic", 4)])
def test_every_fact_read_from_greedy_play_is_true_of_the_real_hands(preset, n):
    """Greedy players throughout: the real hands never break what their moves said (misfit 0)."""
    for seed in range(12):
        p = Position.deal(rules(preset, players=n), seed)
        rng = random.Random(seed)
        readings = [Reading(s) for s in range(n)]
        checked = 0
        while p.result is None:
            s = p.to_act()
            m = GreedyBot().choose(p.view(s), rng)
            for r in readings:
                r.add(p.view(r.seat), m)
            p = p.play(m)
            for r in readings:
                assert r.misfit(p.hands, len(p.talon), p.known) == 0
                checked += len(r.facts)
        assert checked > 0



def _arrivals_fit(cards: int, arrivals: list, barred: dict) -> bool:
    """Can ``cards`` be the cards that came at some of ``arrivals`` (one each), none barred from its
    own?  (Hall's condition: a card allowed at a time is allowed at every later one.)"""
    times = sorted(set(arrivals))
    first = []
    for c in range(54):
        if cards >> c & 1:
            ok = [t for t in times if not barred[t] >> c & 1]
            if not ok:
                return False
            first.append(ok[0])
    return all(sum(1 for f in first if f >= t) <= sum(1 for a in arrivals if a >= t) for t in times)


@pytest.mark.parametrize("preset,n", [("podkidnoy", 2), ("podkidnoy", 3), ("perevodnoy", 2), ("classic", 4)])
def test_each_hidden_card_keeps_the_facts_read_since_it_came(preset, n):
    """Greedy players: every real hidden card of another seat came at one of the plan's arrivals, and
    no fact read since then bars it; every world the search deals keeps the plan."""
    from durak_lab.analysis.evaluation import kernel_worlds
    for seed in range(6):
        p = Position.deal(rules(preset, players=n), seed)
        rng = random.Random(seed)
        came = {c: -1 for s in range(1, n) for c in range(54) if p.hands[s] >> c & 1}
        history = []
        met = 0
        while p.result is None:
            s = p.to_act()
            v = p.view(0)
            if s == 0 and history:
                plan = Reading.of(history, 0).plan(v)
                assert plan[0] is None
                for seat in range(1, n):
                    if plan[seat] is None:
                        continue
                    arrivals, barred, hidden = plan[seat].times, plan[seat].barred, plan[seat].hidden
                    real = p.hands[seat] & ~v.known[seat]
                    assert hidden == bin(real).count("1") <= len(arrivals)
                    for c in range(54):
                        if real >> c & 1:
                            assert came[c] in arrivals and not barred[came[c]] >> c & 1
                    assert _arrivals_fit(real, arrivals, barred)
                    met += any(barred.values())
                if met and met % 5 == 1 and n == 2:
                    worlds = kernel_worlds(v, random.Random(met), reading=Reading.of(history, 0))
                    for _ in range(10):
                        w = next(worlds)
                        assert w.hands[0] == p.hands[0]
                        arrivals, barred = plan[1].times, plan[1].barred
                        assert _arrivals_fit(w.hands[1] & ~v.known[1], arrivals, barred)
            m = GreedyBot().choose(p.view(s), rng)
            before = p.hands
            table = v.table_cards() | sum(1 << c for c in m.cards)
            history.append((v, m))
            p = p.play(m)
            for seat in range(1, n):
                for c in range(54):
                    if p.hands[seat] >> c & 1 and not before[seat] >> c & 1 and not table >> c & 1:
                        came[c] = len(history) - 1  # drawn after this move
        assert met > 0


def test_a_player_who_is_not_greedy_leaves_the_worlds_unconditioned():
    """Facts read from random play are false: once it lays a card its facts said it did not hold
    (no draw in between), it is not read; and a plan no world keeps leaves the worlds without it
    (never an error)."""
    from durak_lab.analysis.evaluation import kernel_worlds
    p = Position.deal(rules("podkidnoy", players=2), 5)
    rng = random.Random(5)
    history = []
    while p.result is None and len(p.talon) > 4:
        s = p.to_act()
        m = RandomBot().choose(p.view(s), rng) if s == 1 else GreedyBot().choose(p.view(s), rng)
        history.append((p.view(0), m))
        p = p.play(m)
    assert Reading.of(history, 0).plan(p.view(0))[1] is None
    read = [Reading.of(history[:k], 0).plan(p.view(0) if k == len(history) else history[k][0])[1] is not None
            for k in range(1, len(history) + 1)]
    assert any(read) and not read[-1]  # read while it looked greedy, then no more
    v = p.view(0)
    hidden = v.hand_sizes[1] - bin(v.known[1]).count("1")
    impossible = _arrivals([-1] * hidden, {-1: v.unseen_mask()}, hidden, {-1: 0})  # every card barred
    r = Reading.of(history, 0)
    r.plan = lambda view: (None, impossible)
    worlds = kernel_worlds(p.view(0), random.Random(0), reading=r, attempts=5)
    for _ in range(20):
        assert next(worlds).hands[0] == p.hands[0]


def test_a_tournament_gives_the_history_to_a_bot_that_reads_it():
    rec = Recorder()
    g = play_game(rules("podkidnoy"), [rec, GreedyBot()], seed=3)
    assert rec.seen
    for view, history, _ in rec.seen:
        # every move so far, each with the recorder's own view just before it
        assert all(v.seat == 0 for v, _ in history)
        assert [m for _, m in history] == list(g.moves[:len(history)])
    last_view, last_history, _ = rec.seen[-1]
    assert len(last_history) > 10


def test_the_play_table_gives_the_history_too():
    s = PlaySession(rules("podkidnoy"), ["human", "greedy"], seed=4)
    rec = Recorder()
    s.bots[1] = rec
    while not s.is_over and len(rec.seen) < 4:
        if s.bot_to_act() is not None:
            s.bot_move()
        else:
            s.play(s.legal()[0])
    assert len(rec.seen) == 4
    view, history, _ = rec.seen[-1]
    assert all(v.seat == 1 for v, _ in history)
    assert [m for _, m in history] == list(s.moves)[:len(history)] and len(history) >= 4
    # a search bot that reads plays at the table
    s.bots[1] = SearchBot(iterations=20, reading=True, name="reader")
    while not s.is_over and s.bot_to_act() is None:
        s.play(s.legal()[0])
    if not s.is_over:
        move, _ = s.bot_move()
        assert move == list(s.moves)[-1]
