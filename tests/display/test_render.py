"""Cards and tables drawn as SVG and HTML (durak_lab.display.render).

Every card has a text alternative (role, aria-label, <title>) and a stable hook
(class dl-card, data-card); hidden hands show counts, not cards; the markup is
well-formed XML with no external resource.
"""

import re
import xml.etree.ElementTree as ET

import pytest

from durak_lab.engine.cards import Card, CardSet, cards_of, deck_mask
from durak_lab.text.frames import frames_of, snapshot_of
from durak_lab.engine.records import load_example
from durak_lab.display.render import (FOUR_COLOURS, TWO_COLOURS, back_svg, card_svg, cards_svg, position_html,
                              set_four_colour, suit_colour)
from durak_lab.engine.rules import Rules
from durak_lab.engine.state import Position

from helpers import start

SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = cards_of(deck_mask(2))


def classes(el) -> list:
    return (el.get("class") or "").split()


def by_class(root, cls) -> list:
    return [el for el in root.iter() if cls in classes(el)]


def parse(markup: str):
    return ET.fromstring(markup)


def card_elements(root) -> list:
    return by_class(root, "dl-card")


def data_cards(root) -> list:
    return [el.get("data-card") for el in card_elements(root)]


def text_of(el) -> str:
    return " ".join("".join(el.itertext()).split())


# ---------------------------------------------------------------- one card
@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_an_svg_with_a_text_alternative(card):
    root = parse(card_svg(card))
    assert root.tag == f"{SVG}svg"
    assert classes(root) == ["dl-card"]
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name
    assert root.get("data-card") == str(card)
    assert root.find(f"{SVG}title").text == card.name
    # the rank is written in both corners, with the suit symbol
    texts = [t.text for t in root.iter(f"{SVG}text")]
    rank = str(card)[:-1]
    assert texts.count(rank) >= 2
    assert texts.count(str(card)[-1]) >= 2


def test_card_names_read_as_words():
    assert [Card(c).name for c in ("10♦", "7♥", "Q♣", "A♠", "J♦", "K♥")] == [
        "10 of diamonds", "7 of hearts", "queen of clubs", "ace of spades", "jack of diamonds", "king of hearts"]


def test_number_cards_show_their_pips():
    for c in ("2♠", "6♥", "9♦", "10♣"):
        card = Card(c)
        pips = [t for t in parse(card_svg(card)).iter(f"{SVG}text") if t.text == str(card)[-1]]
        assert len(pips) == card.rank + 2  # the pips plus the two corner suits


def test_red_and_black_and_the_four_colour_deck():
    def fill(card, **kw):
        return parse(card_svg(card, **kw)).find(f"{SVG}g").get("fill")

    assert [fill(c) for c in ("7♠", "7♥", "7♦", "7♣")] == list(TWO_COLOURS)
    assert TWO_COLOURS[1] == TWO_COLOURS[2] != TWO_COLOURS[0] == TWO_COLOURS[3]
    four = [fill(c, four_colour=True) for c in ("7♠", "7♥", "7♦", "7♣")]
    assert four == list(FOUR_COLOURS) and len(set(four)) == 4
    assert suit_colour(2, four_colour=True) == "#0b57b0" and suit_colour(3, four_colour=True) == "#17803a"


def test_the_four_colour_setting_changes_the_default():
    try:
        set_four_colour(True)
        assert FOUR_COLOURS[2] in card_svg("9♦") and FOUR_COLOURS[2] in Card("9♦")._repr_svg_()
        assert FOUR_COLOURS[3] in position_html(start(Rules(players=2), ["7♣", "Q♦"], trump="♥"))
    finally:
        set_four_colour(False)
    assert FOUR_COLOURS[2] not in card_svg("9♦")


def test_face_down_cards_hide_the_card():
    root = parse(card_svg("Q♥", face_down=True))
    assert root.get("data-card") is None and classes(root) == ["dl-card-back"]
    assert root.get("aria-label") == "a face-down card" and "queen" not in card_svg("Q♥", face_down=True)
    assert parse(back_svg()).get("aria-label") == "a face-down card"


def test_highlight_and_size():
    root = parse(card_svg("8♣", highlight=True, width=45))
    assert classes(root) == ["dl-card", "dl-last"]
    assert root.get("width") == "45" and root.get("height") == "63"


def test_cards_svg_is_one_document_with_one_labelled_image_per_card():
    root = parse(cards_svg(["6♠", "7♥", "Q♦"], highlight=["7♥"]))
    assert root.tag == f"{SVG}svg"
    assert root.get("aria-label") == "3 cards: 6 of spades, 7 of hearts, queen of diamonds"
    cards = card_elements(root)
    assert [c.get("data-card") for c in cards] == ["6♠", "7♥", "Q♦"]
    assert [c.get("aria-label") for c in cards] == ["6 of spades", "7 of hearts", "queen of diamonds"]
    assert [c.get("role") for c in cards] == ["img"] * 3
    assert [classes(c) for c in cards][1] == ["dl-card", "dl-last"]
    assert len({c.get("x") for c in cards}) == 3  # side by side
    assert parse(cards_svg([])).get("aria-label") == "no cards"


def test_a_whole_deck_is_drawn_one_suit_a_row():
    root = parse(cards_svg(cards_of(deck_mask(6))))
    cards = card_elements(root)
    assert len(cards) == 36
    rows = {}
    for el in cards:
        rows.setdefault(el.get("y"), []).append(Card(el.get("data-card")))
    assert len(rows) == 4 and all(len({c.suit for c in row}) == 1 and len(row) == 9 for row in rows.values())
    assert len({el.get("y") for el in card_elements(parse(cards_svg(ALL_CARDS[:20], per_row=8)))}) == 3


def test_rich_display_of_core_values_goes_through_the_renderer():
    assert parse(Card("10♦")._repr_svg_()).get("aria-label") == "10 of diamonds"
    assert data_cards(parse(CardSet.parse("6♠ 7♥")._repr_svg_())) == ["6♠", "7♥"]
    p = Position.deal(Rules(players=3), seed=7)
    assert p._repr_html_() == position_html(p)


# ---------------------------------------------------------------- a whole table
def zh(i):
    """Frame ``i`` of EX-ZH-BOUT (trump ♠, P4 attacks P1)."""
    return frames_of(load_example("EX-ZH-BOUT"))[i]


def seat(root, name):
    (el,) = [e for e in by_class(root, "dl-seat") if e.get("data-seat") == name]
    return el


def test_position_html_is_well_formed_and_self_contained():
    for ex_id in ("EX-ZH-BOUT", "EX-HE-TAKE", "EX-FI-PAIRS", "EX-HE-PUSH"):
        for f in frames_of(load_example(ex_id)):
            page = position_html(f.snapshot, last=f.last)
            parse(page)  # raises on malformed markup
            assert "<script" not in page and "<link" not in page and "url(" not in page
            assert re.findall(r"https?://[^\"' ]+", page) == ["http://www.w3.org/2000/svg"] * page.count("xmlns=")


def test_every_card_element_is_labelled_by_its_data_card():
    root = parse(position_html(zh(5).snapshot))
    cards = card_elements(root)
    assert len(cards) == 19 + 5 + 1  # in the hands, on the table, the trump card under the talon
    for el in cards:
        card = Card(el.get("data-card"))
        assert el.get("aria-label") == card.name and el.get("role") == "img"
        assert el.find(f"{SVG}title").text == card.name


def test_the_table_shows_attack_cover_pairs_in_order():
    root = parse(position_html(zh(5).snapshot, last=zh(5).last))
    (area,) = by_class(root, "dl-table-cards")
    pairs = by_class(area, "dl-pair")
    assert [data_cards(p) for p in pairs] == [["7♥", "10♥"], ["10♦", "8♠"], ["8♣"]]
    assert [(p.get("data-attack"), p.get("data-cover")) for p in pairs] == [
        ("7♥", "10♥"), ("10♦", "8♠"), ("8♣", None)]
    assert pairs[2].get("aria-label") == "8♣ from P3, not covered"
    assert pairs[1].get("aria-label") == "10♦ from P2, covered by 8♠ from P1"
    assert data_cards(area) == ["7♥", "10♥", "10♦", "8♠", "8♣"]


def test_the_last_card_played_is_marked_in_words_and_outline():
    root = parse(position_html(zh(5).snapshot, last=["8♣"]))
    lit = by_class(root, "dl-last")
    assert [el.get("data-card") for el in lit] == ["8♣"]
    assert [text_of(el) for el in by_class(root, "dl-new")] == ["new"]


def test_drawn_cards_are_marked_in_the_hand():
    f = zh(11)  # P1 draws 3 cards
    root = parse(position_html(f.snapshot, last=f.last))
    assert sorted(el.get("data-card") for el in by_class(root, "dl-last")) == ["10♠", "8♥", "9♣"]
    assert "6 cards, 3 new" in text_of(seat(root, "P1"))


def test_attacker_and_defender_are_named_in_words():
    root = parse(position_html(zh(1).snapshot))
    assert "attacker" in text_of(seat(root, "P4")) and "defender" in text_of(seat(root, "P1"))
    assert "attacker" not in text_of(seat(root, "P2")) + text_of(seat(root, "P3"))
    assert seat(root, "P1").get("aria-label") == "P1, defender: 6 cards"
    (summary,) = by_class(root, "dl-summary")
    assert "P4 attacks P1" in text_of(summary) and "Trump: ♠ spades" in text_of(summary)


def test_hidden_hands_show_counts_not_cards():
    p = Position.deal(Rules(players=4), seed=7)
    root = parse(position_html(p, viewer=0))
    assert data_cards(seat(root, "P1")) == [str(c) for c in p.hand(0)]
    assert "you" in text_of(seat(root, "P1"))
    for s in (1, 2, 3):
        el = seat(root, f"P{s + 1}")
        assert data_cards(el) == []
        assert len(by_class(el, "dl-card-back")) == len(p.hand(s)) == 6
        assert "6 cards, hidden" in text_of(el)
        for c in p.hand(s):
            assert f'data-card="{c}"' not in ET.tostring(el, encoding="unicode")
    # teaching view: every hand face up
    root = parse(position_html(p))
    for s in range(4):
        assert data_cards(seat(root, f"P{s + 1}")) == [str(c) for c in p.hand(s)]


def test_the_talon_with_the_trump_card_crosswise_and_the_bito_count():
    root = parse(position_html(zh(0).snapshot))
    (talon,) = by_class(root, "dl-talon")
    (trump,) = by_class(talon, "dl-trump-card")
    assert "rotate(90deg)" in trump.get("style")
    assert data_cards(trump) == ["9♠"]
    assert talon.get("aria-label") == "Talon: 12 cards; the trump card 9♠ lies face up under it"
    (bito,) = by_class(root, "dl-bito")
    assert bito.get("aria-label") == "Bito: empty"
    (bito,) = by_class(parse(position_html(zh(7).snapshot)), "dl-bito")
    assert bito.get("aria-label") == "Bito: 6 cards out of the game"


def test_no_talon_shows_the_trump_suit():
    p = start(Rules(players=2), ["7♣", "Q♦"], trump="♥")
    root = parse(position_html(p))
    (talon,) = by_class(root, "dl-talon")
    assert talon.get("aria-label") == "no talon; trump is hearts"
    assert data_cards(talon) == []


def test_game_over_names_the_durak():
    p = start(Rules(players=2), ["9♦", "Q♦ 6♣"], trump="♥").play("P1 attack 9♦").play("P2 cover 9♦ with Q♦")
    root = parse(position_html(p))
    assert "Game over: P2 is the durak" in text_of(by_class(root, "dl-summary")[0])
    assert "durak" in text_of(seat(root, "P2")) and "out" in text_of(seat(root, "P1"))


def test_the_defender_taking_is_said_in_words():
    f = frames_of(load_example("EX-HE-TAKE"))[6]
    assert str(f.move) == "P2 take"
    root = parse(position_html(f.snapshot))
    assert "P2 takes" in text_of(by_class(root, "dl-taking")[0])
    assert "defender: takes" in text_of(seat(root, "P2"))


def test_a_snapshot_and_its_position_draw_the_same_table():
    p = load_example("EX-ZH-BOUT").game_after(3).position
    assert position_html(snapshot_of(p)) == position_html(p)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_is_drawn_once_for_2_to_6_players(players):
    p = Position.deal(Rules(players=players), seed=players)
    root = parse(position_html(p))
    assert [e.get("data-seat") for e in by_class(root, "dl-seat")].count("P1") == 1
    assert sorted(e.get("data-seat") for e in by_class(root, "dl-seat")) == [f"P{i + 1}" for i in range(players)]
    shown = sorted(data_cards(root))
    expected = [str(c) for h in p.hands for c in cards_of(h)]
    if p.trump_card >= 0:
        expected.append(str(Card(p.trump_card)))
    assert shown == sorted(expected)


def test_the_renderer_needs_no_heavy_library():
    import json
    import subprocess
    import sys

    code = ("import sys, json; import durak_lab.display.render; "
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'ipywidgets', 'plotly', 'anywidget', 'pandas', 'networkx', 'numpy', 'IPython'})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
