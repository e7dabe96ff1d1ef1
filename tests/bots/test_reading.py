"""Reading the other players (durak_lab.bots.reading): what each kind of move says under the greedy
model, by rule id; every fact read from a greedy player's moves is true of its real hand; the history
reaches the bots that read it, in tournaments and at the play table."""

import random

import pytest

from durak_lab.bots import GreedyBot, SearchBot, play_game
from durak_lab.bots.reading import Reading, greedy_facts
from durak_lab.engine.cards import CardSet
from durak_lab.engine.moves import Move
from durak_lab.engine.state import Position
from durak_lab.session import PlaySession

from helpers import play, rules, start


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



def test_the_facts_since_the_last_draw_are_dealt_around():
    """The current facts (no card drawn since) hold exactly in every world the search draws, the
    real hands keep them too; a fact no world can keep leaves the worlds to the weights."""
    from durak_lab.bots.search import kernel_worlds
    p = Position.deal(rules("podkidnoy", players=2), 3)
    rng = random.Random(3)
    history = []
    met = 0
    while p.result is None and len(p.talon) > 3:
        s = p.to_act()
        if s == 0:
            r = Reading.of(history, 0)
            bar = r.excluded(len(p.talon), 2)
            assert not p.hands[1] & bar[1] and bar[0] == 0
            if bar[1]:
                met += 1
                worlds = kernel_worlds(p.view(0), random.Random(met), reading=r, pool=1)
                for _ in range(30):
                    w = next(worlds)
                    assert not w.hands[1] & bar[1] and w.hands[0] == p.hands[0]
        m = GreedyBot().choose(p.view(s), rng)
        history.append((p.view(0), m))
        p = p.play(m)
    assert met >= 3
    r = Reading(0)
    r.facts.append((1, p.view(0).unseen_mask(), len(p.talon)))  # no world keeps this one
    w = next(kernel_worlds(p.view(0), random.Random(0), reading=r, pool=1)) if p.result is None else None
    assert w is None or w.hands[0] == p.hands[0]


class Recorder:
    """A bot that reads the history and keeps what it was given."""

    name = "recorder"
    reads_history = True

    def __init__(self):
        self.seen = []

    def choose(self, view, rng, history=()):
        self.seen.append((view, history))
        return view.legal[0]


def test_a_tournament_gives_the_history_to_a_bot_that_reads_it():
    rec = Recorder()
    g = play_game(rules("podkidnoy"), [rec, GreedyBot()], seed=3)
    assert rec.seen
    for view, history in rec.seen:
        # every move so far, each with the recorder's own view just before it
        assert all(v.seat == 0 for v, _ in history)
        assert [m for _, m in history] == list(g.moves[:len(history)])
    last_view, last_history = rec.seen[-1]
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
    view, history = rec.seen[-1]
    assert all(v.seat == 1 for v, _ in history)
    assert [m for _, m in history] == list(s.moves)[:len(history)] and len(history) >= 4
    # a search bot that reads plays at the table
    s.bots[1] = SearchBot(iterations=20, reading=True, name="reader")
    while not s.is_over and s.bot_to_act() is None:
        s.play(s.legal()[0])
    if not s.is_over:
        move, _ = s.bot_move()
        assert move == list(s.moves)[-1]
