"""R13: the defender chooses the cards he beats; the others go back to the attackers who laid them.

HE "התקפה בלתי מוגבלת" (unlimited attack): "נוצר מצב בו מונחים על השולחן קלפים רבים יותר ממה שמסוגל
השחקן המגן להדוף באופן תאורטי. במקרים כאלו רשאי השחקן המגן לבחור את הקלפים אותם הוא מעוניין להדוף,
ושאר הקלפים מוחזרים לתוקפים שהניחו אותם" (more cards lie on the table than the defender can in theory
beat; then he may choose the cards he wants to beat, and the other cards go back to the attackers who
laid them): ``choose='hand'``, preset ``unlimited_choice``.

FI: "Kaatajalle voidaan lyödä enintään kuusi korttia kaadettavaksi. Jos hyökkääjät lyövät suuremman
määrän kortteja pöytään, kaataja saa päättää, mitkä kortit hän haluaa kaataa." (at most six cards may be
laid for the defender to beat; if the attackers lay more, the defender decides which he wants to beat):
``choose='limit'``, preset ``finnish_choice``.
"""

from __future__ import annotations

import random

import pytest

from durak_lab.engine.cards import CardSet
from durak_lab.engine.errors import IllegalMoveError, MoveTextError, Reason, RulesError
from durak_lab.engine.game import Game
from durak_lab.engine.kernel import KernelUnsupported, check_rules
from durak_lab.engine.moves import CHOOSE, KINDS, Move, choose
from durak_lab.engine.records import load_record, record_from_game
from durak_lab.engine.rules import PRESETS, Choose, Rules
from durak_lab.engine.state import Position


_HE_MOVES = ("P1 attack 7♦", "P2 cover 7♦ with Q♦", "P1 attack 7♣", "P3 attack 7♠", "P3 attack 7♥",
             "P1 attack Q♣", "P3 attack Q♠")


def _he_start() -> Position:
    rules = Rules.preset("unlimited_choice", players=3)
    return Position.start(rules, ["7♦ 7♣ Q♣ 8♦", "Q♦ A♣ 9♠ K♠", "7♠ 7♥ Q♠ 10♣"], trump="♥", discard="rest",
                          attacker=0)


def _he_five_against_three() -> Position:
    """HE: five uncovered cards lie (laid by P1 and P3) and the defender P2 holds three."""
    p = _he_start()
    for m in _HE_MOVES:
        p = p.play(m)
    return p


def _fi_seven_attack_cards() -> Position:
    """FI: three attack cards covered, four uncovered: seven in the bout, one more than six."""
    rules = Rules.preset("finnish_choice")
    p = Position.start(rules, ["7♥ 7♦ 7♣ 10♣ 10♠ 7♠ J♦ 2♦", "10♥ 10♦ J♣ A♣ K♦ Q♠ 3♦ 4♦ 2♥"], trump="♠",
                       discard="rest", attacker=0)
    for m in ("P1 attack 7♥ 7♦ 7♣", "P2 cover 7♥ with 10♥", "P2 cover 7♦ with 10♦", "P2 cover 7♣ with J♣",
              "P1 attack 10♣ 10♠", "P1 attack 7♠", "P1 attack J♦"):
        p = p.play(m)
    return p


# ------------------------------------------------------------------ HE


def test_R13_HE_five_lie_the_defender_holds_three_and_chooses_three():
    p = _he_five_against_three()
    assert len(p.uncovered()) == 5 and len(p.hand(1)) == 3
    assert p.choice_keep() == 3
    choices = [m for m in p.legal_moves(1) if m.kind == CHOOSE]
    assert len(choices) == 10  # 3 of 5
    q, events = p.play_events("P2 choose 7♣ 7♠ Q♠")
    # the two others go back to the attackers who laid them, who hold them again, in public
    assert q.table_text() == "7♦/Q♦ 7♣ 7♠ Q♠"
    assert [(e.kind, e.seat, " ".join(map(str, e.cards))) for e in events] == [("return", 2, "7♥"),
                                                                                  ("return", 0, "Q♣")]
    assert q.hand(0) == CardSet.parse("Q♣ 8♦") and q.hand(2) == CardSet.parse("7♥ 10♣")
    assert q.known[0] & CardSet.parse("Q♣").mask and q.known[2] & CardSet.parse("7♥").mask
    assert q.card_count() == 36
    # the bout goes on as normal: he beats the chosen ones (or takes)
    assert q.to_act() == 1 and q.choice_keep() is None
    r, ev = q.play("P2 cover 7♣ with A♣").play("P2 cover 7♠ with 9♠").play_events("P2 cover Q♠ with K♠")
    # bito; P2 has no cards and the talon is empty: P2 is out (R28), P3 leads against P1
    assert [e.kind for e in ev] == ["bito", "out", "bout"] and r.table_text() == ""
    assert (r.leader, r.defender) == (2, 0)


def test_R13_HE_after_the_choice_nobody_adds_until_a_card_is_beaten():
    q = _he_five_against_three().play("P2 choose 7♣ 7♠ Q♠")
    err = q.why_illegal("P1 attack Q♣")
    assert err is not None and err.reason is Reason.ALREADY_PASSED and err.facts["case"] == "throw-choose"
    assert all(m.seat == 1 for m in q.legal_moves())
    # once he has beaten a card the attackers may add again (the attack is unlimited)
    r = q.play("P2 cover 7♣ with A♣")
    assert r.is_legal("P1 attack Q♣")


def test_R13_HE_the_defender_may_take_everything_instead():
    p = _he_five_against_three()
    q = p.play("P2 take")
    assert q.table_text() == "" and len(q.hand(1)) == 3 + 7


def test_R13_HE_taking_after_the_choice_takes_the_chosen_cards():
    q = _he_five_against_three().play("P2 choose 7♣ 7♠ Q♠").play("P2 take").play("P1 pass").play("P3 pass")
    assert q.hand(1) == CardSet.parse("7♦ Q♦ 7♣ 7♠ Q♠ A♣ 9♠ K♠")


def test_R13_HE_basic_game_six_laid_against_fewer_cards_the_defender_chooses():
    """HE's basic game: "ההגבלה ... היא שישה קלפים ... ובמקרה שהתוקפים הניחו יותר קלפים ממה שיש בידו,
    רשאי המגן לבחור על אלו קלפים להגן. הקלפים המיותרים מוחזרים לתוקפים שהניחו אותם" (the limit is six
    cards; if the attackers laid more cards than he holds, the defender may choose which to beat, the extra
    cards go back to the attackers who laid them): the existing options, not a new one, with the limit
    of six: ``hand_limit='none'`` and ``choose='hand'`` over ``classic``."""
    assert "יותר קלפים ממה שיש בידו" in Rules.field_doc("choose")
    rules = Rules.preset("classic", players=3, hand_limit="none", choose="hand")
    assert rules.attack_limit == 6 and Rules.preset("classic").choose is Choose.OFF
    p = Position.start(rules, ["7♦ 7♣ Q♣ Q♥", "Q♦ A♣ K♠", "7♠ 7♥ Q♠ 10♣"], trump="♥", discard="rest",
                       attacker=0, first_bout=False)
    for m in _HE_MOVES[:6]:
        p = p.play(m)
    p = p.play("P3 attack Q♠")  # six attack cards; the defender holds two
    assert len(p.table) == 6 and len(p.uncovered()) == 5 and len(p.hand(1)) == 2
    assert p.why_illegal("P1 attack Q♥").reason is Reason.BOUT_LIMIT  # six is still the limit (R13)
    assert p.choice_keep() == 2
    q, events = p.play_events("P2 choose 7♣ Q♠")
    assert sorted((e.seat, str(c)) for e in events for c in e.cards) == [(0, "Q♣"), (2, "7♠"), (2, "7♥")]
    assert q.table_text() == "7♦/Q♦ 7♣ Q♠" and q.card_count() == 36


def test_R13_HE_no_choice_while_he_holds_enough():
    rules = Rules.preset("unlimited_choice", players=3)
    p = Position.start(rules, ["7♦ 7♣", "Q♦ A♣ 9♠", "7♠ 10♣"], trump="♥", discard="rest", attacker=0)
    p = p.play("P1 attack 7♦").play("P1 attack 7♣").play("P3 attack 7♠")
    assert p.choice_keep() is None
    assert not [m for m in p.legal_moves() if m.kind == CHOOSE]
    err = p.why_illegal("P2 choose 7♦ 7♣")
    assert err.reason is Reason.CHOOSE_NOT_NOW and err.facts["case"] == "hand"


@pytest.mark.parametrize("text,reason", [
    ("P2 choose 7♣ 7♠", Reason.CHOOSE_COUNT),                  # two, not three
    ("P2 choose 7♣ 7♠ Q♠ 7♥", Reason.CHOOSE_COUNT),            # four, not three
    ("P2 choose 7♦ 7♠ Q♠", Reason.CHOOSE_NOT_UNCOVERED),       # 7♦ is covered already
    ("P2 choose 7♣ 7♠ A♣", Reason.CHOOSE_NOT_UNCOVERED),       # A♣ is in his hand, not on the table
    ("P1 choose 7♣ 7♠ Q♠", Reason.NOT_DEFENDER),
    ("P3 choose 7♣ 7♠ Q♠", Reason.NOT_DEFENDER),
])
def test_R13_HE_illegal_choices_are_refused_and_the_game_is_unchanged(text, reason):
    from durak_lab.text.reasons import learner_reason

    game = Game(_he_five_against_three())
    before = game.position
    with pytest.raises(IllegalMoveError) as info:
        game.play(text)
    assert info.value.reason is reason
    assert game.position == before
    sentence = learner_reason(info.value)
    assert sentence and "{" not in sentence and "do not allow this move" not in sentence, sentence


def test_R13_every_choose_reason_has_a_learner_sentence():
    from durak_lab.text.reasons import learner_reason

    p = _he_five_against_three()
    errors = [p.play("P2 choose 7♣ 7♠ Q♠").play("P2 take").why_illegal("P2 choose 7♣ 7♠"), p.why_illegal("P2 choose 7♣ 7♠"),
              p.why_illegal("P2 choose 7♦ 7♠ Q♠"), p.why_illegal("P1 choose 7♣ 7♠ Q♠"),
              p.play("P2 choose 7♣ 7♠ Q♠").why_illegal("P1 attack Q♣"),
              _he_start().play("P1 attack 7♦").why_illegal("P2 choose 7♦"),
              _fi_seven_attack_cards().play("P2 choose 10♣ J♦ 7♠").why_illegal("P2 choose 10♣ J♦ 7♠"),
              Position.start(Rules(), ["7♦", "Q♦"], trump="♥", discard="rest", attacker=0).play("P1 attack 7♦")
              .why_illegal("P2 choose 7♦")]
    seen = set()
    for err in errors:
        assert err is not None
        seen.add(err.reason)
        sentence = learner_reason(err)
        assert "do not allow this move" not in sentence and "{" not in sentence, (err, sentence)
    assert {Reason.CHOOSE_OFF, Reason.CHOOSE_NOT_NOW, Reason.CHOOSE_COUNT, Reason.CHOOSE_NOT_UNCOVERED} <= seen


def test_R13_choose_after_take_or_without_the_option_is_refused():
    p = _he_five_against_three().play("P2 choose 7♣ 7♠ Q♠").play("P2 take")  # P1 may still add Q♣
    assert p.taking and p.why_illegal("P2 choose 7♣ 7♠").reason is Reason.ALREADY_TAKING
    p = Position.start(Rules(players=2), ["7♦", "Q♦ 8♠"], trump="♥", discard="rest", attacker=0).play("P1 attack 7♦")
    err = p.why_illegal("P2 choose 7♦")
    assert err.reason is Reason.CHOOSE_OFF


def test_R13_the_old_unlimited_preset_still_returns_only_once_the_hand_is_empty():
    rules = Rules.preset("unlimited", players=3)
    assert rules.choose is Choose.OFF
    p = Position.start(rules, ["7♦ 7♣ 8♦", "Q♦ A♣", "7♠ 10♣"], trump="♥", discard="rest", attacker=0)
    p = p.play("P1 attack 7♦").play("P1 attack 7♣").play("P3 attack 7♠")
    assert p.why_illegal("P2 choose 7♦ 7♣").reason is Reason.CHOOSE_OFF
    q, ev = p.play("P2 cover 7♦ with Q♦").play_events("P2 cover 7♣ with A♣")
    assert ("return", 2) in [(e.kind, e.seat) for e in ev]


# ------------------------------------------------------------------ FI


def test_R13_FI_seven_attack_cards_the_defender_chooses_which_to_beat():
    p = _fi_seven_attack_cards()
    assert len(p.table) == 7 and len(p.uncovered()) == 4
    assert p.choice_keep() == 3  # six in all, three already beaten
    q, events = p.play_events("P2 choose 10♣ J♦ 7♠")
    assert [(e.kind, e.seat, " ".join(map(str, e.cards))) for e in events] == [("return", 0, "10♠")]
    assert CardSet.parse("10♠ 2♦") == q.hand(0)
    r = q.play("P2 cover 10♣ with A♣").play("P2 cover J♦ with K♦")
    r, ev = r.play_events("P2 cover 7♠ with Q♠")
    assert [e.kind for e in ev][:1] == ["bito"] and r.table_text() == ""


def test_R13_FI_six_beaten_the_rest_go_back_by_themselves_R16():
    p = _fi_seven_attack_cards()
    p = p.play("P2 cover 10♣ with A♣").play("P2 cover J♦ with K♦")
    q, ev = p.play_events("P2 cover 7♠ with Q♠")
    assert [(e.kind, e.seat) for e in ev][:2] == [("return", 0), ("bito", -1)]
    assert CardSet.parse("10♠ 2♦") == q.hand(0)


def test_R13_FI_no_choice_with_six_or_fewer_and_the_old_preset_keeps_the_hard_cap():
    rules = Rules.preset("finnish_choice")
    p = Position.start(rules, ["7♥ 7♦ 7♣ 10♣ 10♠ 7♠ J♦ 2♦", "10♥ 10♦ J♣ A♣ K♦ Q♠ 3♦ 4♦ 2♥"], trump="♠",
                       discard="rest", attacker=0)
    for m in ("P1 attack 7♥ 7♦ 7♣", "P2 cover 7♥ with 10♥", "P2 cover 7♦ with 10♦", "P2 cover 7♣ with J♣",
              "P1 attack 10♣ 10♠", "P1 attack 7♠"):
        p = p.play(m)
    assert len(p.table) == 6 and p.choice_keep() is None
    assert p.why_illegal("P2 choose 10♣ 10♠").reason is Reason.CHOOSE_NOT_NOW
    old = Position.start(Rules.preset("finnish"), [CardSet(h.mask) for h in (p.hand(0), p.hand(1))],
                         trump="♠", discard=p.discard | p.table_cards(), attacker=0)
    assert Rules.preset("finnish").choose is Choose.OFF
    assert old.why_illegal("P1 attack J♦") is None  # a new bout: no limit reached
    full = p._replace(rules=Rules.preset("finnish"))
    assert full.why_illegal("P1 attack J♦").reason is Reason.BOUT_LIMIT


# ------------------------------------------------------------------ text, records, options


def test_R13_choose_move_text_round_trips():
    m = Move.parse("p2 CHOOSE 9c 7h")
    assert str(m) == "P2 choose 7♥ 9♣" and Move.parse(str(m)) == m == choose(1, "9♣", "7♥")
    assert KINDS[-1] == CHOOSE or CHOOSE in KINDS
    with pytest.raises(MoveTextError):
        Move.parse("P2 choose")


def test_R13_a_record_with_a_choice_dumps_loads_and_replays():
    game = Game(_he_start())
    for m in _HE_MOVES:
        game.play(m)
    game.play("P2 choose 7♣ 7♠ Q♠")
    game.play("P2 cover 7♣ with A♣")
    rec = record_from_game(game)
    again = load_record(rec.dump())
    assert again == rec
    assert again.game_after(len(again)).position == game.position
    assert "P2 choose 7♠ Q♠ 7♣" in rec.dump()  # canonical order: by suit ♠ ♥ ♦ ♣, then rank


def test_R13_option_validation_names_the_field():
    with pytest.raises(RulesError, match="choose"):
        Rules(choose="hand")  # hand_limit is 'current'
    with pytest.raises(RulesError, match="choose"):
        Rules(choose="limit", attack_limit=None)
    with pytest.raises(RulesError, match="choose"):
        Rules.preset("unlimited_choice", throw_in="by_turns")
    with pytest.raises(RulesError, match="choose"):
        Rules(choose="maybe")
    assert Rules.from_dict(Rules.preset("finnish_choice").to_dict()) == Rules.preset("finnish_choice")


@pytest.mark.parametrize("name", ["unlimited_choice", "finnish_choice"])
def test_R13_the_kernel_refuses_the_choice(name):
    with pytest.raises(KernelUnsupported, match="choose"):
        check_rules(Rules.preset(name))


def test_R13_the_solver_refuses_the_choice():
    from durak_lab.analysis.solver import solve
    from durak_lab.engine.errors import SolverDomainError

    p = Position.start(Rules.preset("finnish_choice"), ["7♥ 8♦", "10♥ 9♦"], trump="♠", discard="rest",
                       attacker=0)
    with pytest.raises(SolverDomainError, match="choose"):
        solve(p)


@pytest.mark.parametrize("name", ["unlimited_choice", "finnish_choice"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R13_random_games_with_the_choice_end_and_keep_every_card(name, players):
    chosen = 0
    for seed in range(12):
        rng = random.Random(seed)
        rules = Rules.preset(name, players=players)
        p = Position.deal(rules, rng)
        for _ in range(3000):
            if p.result is not None:
                break
            moves = p.legal_moves() if seed % 2 else p.sequential_moves()
            m = rng.choice(moves)
            chosen += m.kind == CHOOSE
            p = p.play(m)
            assert p.card_count() == rules.deck
        assert p.result is not None
    assert name in PRESETS


@pytest.mark.parametrize("name", ["unlimited_choice", "finnish_choice"])
@pytest.mark.parametrize("players", [2, 3])
def test_R13_bots_play_whole_games_with_the_choice(name, players):
    from durak_lab.bots import BOTS, play_game

    rules = Rules.preset(name, players=players)
    for seed in range(4):
        for bot in BOTS:
            result = play_game(rules, [BOTS[bot]() for _ in range(players)], seed=seed)
            assert not result.unfinished


def test_R13_sampled_worlds_and_the_sampled_posterior_follow_a_choice():
    from durak_lab.analysis.inference.sampled import sampled_posterior
    from durak_lab.analysis.sampling import agrees, sample_worlds

    game = Game(_he_start())
    for m in _HE_MOVES + ("P2 choose 7♣ 7♠ Q♠", "P2 cover 7♣ with A♣"):
        game.play(m)
    view = game.position.view(0)
    assert view.known[2] & CardSet.parse("7♥").mask  # the returned card is public (R13)
    worlds = sample_worlds(view, 10, random.Random(1))
    assert len(worlds) == 10 and all(agrees(w, view) for w in worlds)
    assert all(w.hands[2] & CardSet.parse("7♥").mask for w in worlds)
    assert sampled_posterior(game, 0, n=50) is not None


@pytest.mark.parametrize("old,choice", [("unlimited", "hand"), ("finnish", "limit")])
def test_R13_games_of_the_old_presets_replay_the_same_with_the_choice(old, choice):
    # every game of 'unlimited' or 'finnish' played so far is legal, move for move and position for
    # position, with the choice on: the presets could take the choice without breaking old records
    for players in (2, 3):
        for seed in range(8):
            rng = random.Random(seed)
            p = Position.deal(Rules.preset(old, players=players), seed)
            q = Position.deal(Rules.preset(old, players=players, choose=choice), seed)
            while p.result is None:
                m = rng.choice(p.legal_moves() if seed % 2 else p.sequential_moves())
                p, q = p.play(m), q.play(m)
                assert p._key() == q._key()
