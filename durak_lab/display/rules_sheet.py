"""The rules of Durak on one printable page, with pictures of the cards.

:func:`rules_sheet_html` returns a self-contained HTML document (inline CSS and
inline SVG cards from :mod:`durak_lab.display.render`; no scripts, no links to
fetch, no buttons) laid out to print on one A4 page: the cards and their order,
the deal, who starts, covering, throwing in, taking, bito, drawing, the
transfer game and the end of the game, each with the rule ids of the rules
digest (R1 to R31).  ``tutorials/rules_summary.html`` is its output; rewrite it
with ``durak-lab rules-sheet --output tutorials/rules_summary.html``.

Standard library and the durak_lab core only.

>>> page = rules_sheet_html()
>>> page.startswith("<!DOCTYPE html>"), "@page" in page, "<script" in page, "<button" in page
(True, True, False, False)
>>> page.count('class="dl-card"') > 20, 'aria-label="10 of diamonds"' in page
(True, True)
"""

from __future__ import annotations

import html
from typing import Iterable, Sequence

from ..engine.cards import Card
from ..text.explain import RULE_TITLES
from ..text.glossary import GLOSSARY
from .render import back_svg, card_svg

__all__ = ["rules_sheet_html", "SHEET_CARD_WIDTH"]

#: The width of a card on the sheet, in CSS pixels (about 9 mm printed).
SHEET_CARD_WIDTH = 34

_esc = html.escape

_CSS = """
@page { size: A4 portrait; margin: 10mm 11mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0 auto; max-width: 190mm; font-family: 'DejaVu Sans', 'Segoe UI', Arial, sans-serif;
       font-size: 9.2pt; line-height: 1.25; color: #1a1a1a; background: #ffffff; }
h1 { font-size: 17pt; margin: 0 0 1mm 0; }
.sub { font-size: 9pt; margin: 0 0 2.2mm 0; color: #333333; }
.grid { column-count: 2; column-gap: 5mm; }
section { border: 0.3mm solid #9aa5a0; border-radius: 2mm; padding: 1.4mm 2.6mm 1.6mm 2.6mm;
          margin: 0 0 1.6mm 0; break-inside: avoid; page-break-inside: avoid; display: inline-block; width: 100%; }
h2 { font-size: 10.5pt; margin: 0 0 0.8mm 0; color: #17553a; }
h2 .ids { font-size: 8pt; font-weight: 400; color: #444444; margin-left: 1.5mm; }
p { margin: 0.6mm 0; }
ul { margin: 0.6mm 0; padding-left: 4.5mm; }
li { margin: 0.3mm 0; }
.cards.side { float: right; margin: 0 0 0.5mm 2mm; }
section::after { content: ''; display: block; clear: both; }
.cards { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 1.2mm 2.2mm; margin: 1mm 0 0.4mm 0; }
.fig { display: inline-flex; flex-direction: column; align-items: center; font-size: 7.5pt; color: #333333; }
.fig .row { display: flex; gap: 0.8mm; align-items: flex-end; }
.pair { position: relative; display: inline-block; width: 48px; height: 62px; }
.pair svg { position: absolute; }
.pair svg + svg { left: 12px; top: 14px; }
.talon { position: relative; display: inline-block; width: 76px; height: 50px; }
.talon .under { position: absolute; left: 30px; top: 1px; transform: rotate(90deg); }
.talon .stack { position: absolute; left: 0; top: 1px; }
.words { margin-top: 0; }
.words dl { display: grid; grid-template-columns: auto 1fr auto 1fr auto 1fr; gap: 0.4mm 2mm; margin: 0.6mm 0 0 0; }
.words dt { font-weight: 700; }
.words dd { margin: 0; }
.foot { margin-top: 2mm; font-size: 7.5pt; color: #444444; }
svg { display: inline-block; vertical-align: bottom; }
@media print { body { max-width: none; } }
"""


def _cards(cards: Iterable[str], width: float = SHEET_CARD_WIDTH) -> str:
    return "".join(card_svg(Card(c), width=width) for c in cards)


def _fig(inner: str, caption: str) -> str:
    return f'<span class="fig"><span class="row">{inner}</span>{_esc(caption)}</span>'


def _pair(attack: str, cover: str, caption: str) -> str:
    a, c = Card(attack), Card(cover)
    inner = (f'<span class="pair" role="img" aria-label="{_esc(f"{a.name} covered by {c.name}")}">'
             f'{card_svg(a, width=SHEET_CARD_WIDTH)}{card_svg(c, width=SHEET_CARD_WIDTH)}</span>')
    return _fig(inner, caption)


def _talon(trump_card: str) -> str:
    t = Card(trump_card)
    inner = (f'<span class="talon" role="img" aria-label="{_esc(f"the talon, with the trump card {t.name} face up under it")}">'
             f'<span class="under">{card_svg(t, width=SHEET_CARD_WIDTH)}</span>'
             f'<span class="stack">{back_svg(SHEET_CARD_WIDTH, "the talon, face down")}</span></span>')
    return _fig(inner, f"talon, trump card {t}")


def _section(title: str, rule_ids: Sequence[str], body: str, cards: str = "", side: bool = False) -> str:
    for rid in rule_ids:
        if rid not in RULE_TITLES:
            raise ValueError(f"no rule {rid!r}")
    ids = ", ".join(rule_ids)
    pictures = f'<div class="cards{" side" if side else ""}">{cards}</div>' if cards else ""
    head = f'<h2>{_esc(title)}<span class="ids">{_esc(ids)}</span></h2>'
    if side:
        return f"<section>{head}{pictures}{body}</section>"
    return f"<section>{head}{body}{pictures}</section>"


def _words(terms: Sequence[tuple]) -> str:
    for term, _ in terms:
        if term not in GLOSSARY:
            raise ValueError(f"{term!r} is not in the glossary")
    items = "".join(f"<dt>{_esc(t)}</dt><dd>{_esc(short)}</dd>" for t, short in terms)
    return f'<section class="words"><h2>Words <span class="ids">(all of them: tutorials/glossary.md)</span></h2><dl>{items}</dl></section>'


def rules_sheet_html(title: str = "Durak: the rules on one page") -> str:
    """The one-page rules summary as a self-contained HTML document (prints on one A4 page).

    Every section names its rule ids; every card picture has a text
    alternative; nothing is fetched from elsewhere (the only ``http`` text is
    the SVG namespace name).

    >>> page = rules_sheet_html()
    >>> [u for u in __import__("re").findall(r"https?://[^\\s\\"'<>)]+", page) if u != "http://www.w3.org/2000/svg"]
    []
    >>> "R11" in page and "R28" in page and "<title>Durak: the rules on one page</title>" in page
    True
    """
    sections = [
        _section("The cards", ["R1"],
                 "<p>36 cards: 6, 7, 8, 9, 10, jack, queen, king, ace in four suits ♠ ♥ ♦ ♣. "
                 "The ace is highest.</p>",
                 _fig(_cards(["6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", "A♥"], 27), "low → high")),
        _section("The deal", ["R3"],
                 "<p>Everyone gets 6 cards. The next card is turned face up under the <b>talon</b> "
                 "(the pile left over). Its suit is <b>trump</b> for the whole game, and it is drawn last.</p>",
                 _talon("9♠"), side=True),
        _section("Who starts", ["R7", "R9"],
                 "<p>The player with the <b>lowest trump</b> shows it and attacks first. The "
                 "<b>defender</b> is always the player on the attacker's left.</p>",
                 _fig(_cards(["6♠"]), "lowest trump"), side=True),
        _section("Covering (beating) a card", ["R11"],
                 "<p>The defender covers each attack card with a higher card of the <b>same suit</b>, or "
                 "with <b>any trump</b>. A trump is covered only by a higher trump. Here ♠ is trump:</p>",
                 _pair("7♥", "10♥", "higher heart") + _pair("10♦", "8♠", "a trump")
                 + _pair("Q♠", "K♠", "higher trump")),
        _section("Throwing in", ["R12", "R13", "R14"],
                 "<p>The others (never the defender) may add cards of a <b>rank already on the table</b>. "
                 "At most 6 attack cards, never more than the defender holds; at most 5 in the first "
                 "bout.</p>",
                 _pair("7♥", "10♥", "on the table") + _fig(_cards(["10♦", "7♣"]), "may be thrown in")),
        _section("Taking", ["R15", "R18"],
                 "<p>The defender may <b>take</b> instead of covering, at any time, and picks up every card "
                 "on the table (the others may first throw in matching cards). The player on the "
                 "defender's left attacks next.</p>"),
        _section("Bito: the bout is won", ["R16", "R17"],
                 "<p>When every attack card is covered and nobody adds more, the cards go face down to the "
                 "<b>bito</b> pile, out of the game. The defender attacks next.</p>",
                 _fig(back_svg(SHEET_CARD_WIDTH, "the bito pile, face down"), "bito"), side=True),
        _section("Drawing", ["R19"],
                 "<p>After every bout, everyone draws back up to 6 cards from the talon: the attacker "
                 "first, the defender last. When the talon is empty, play goes on without drawing.</p>"),
        _section("Transfer (perevodnoy Durak)", ["R20", "R21", "R22"],
                 "<p>Before covering anything, the defender may add a card of the <b>same rank</b> and "
                 "pass the whole attack on to the next player. Not after a cover, and not to a player "
                 "with too few cards.</p>",
                 _fig(_cards(["7♣", "7♥"], 28), "7♣, passed on"), side=True),
        _section("The end of the game", ["R28", "R29"],
                 "<p>Once the talon is empty, a player with no cards is <b>out</b> and safe. The last "
                 "player holding cards is the <b>durak</b> (the fool). If the last cards go at the same "
                 "time, nobody is durak: a draw.</p>"),
        _section("Tips and mistakes", ["R31"],
                 "<ul><li>Keep your trumps; cover with them only when you must.</li>"
                 "<li>Attack with low cards, keep high ones. Pairs are good for throwing in.</li>"
                 "<li>Taking is sometimes cheaper than a trump. Count the trumps played.</li>"
                 "<li>A wrong cover is taken back; noticed later, the defender takes.</li></ul>"),
    ]
    words = _words([("bito", "the cards out of the game"), ("talon", "the face-down pile you draw from"),
                    ("trump", "the strongest suit"), ("bout", "one attack, until bito or a take"),
                    ("throw in", "add a card of a rank on the table"), ("durak", "the loser: “fool”")])
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_esc(title)}</title><style>{_CSS}</style></head><body>"
            f"<h1>{_esc(title)}</h1>"
            '<p class="sub">Podkidnoy (throw-in) Durak for 2 to 6 players with 36 cards. Nobody wins: the '
            "last player left with cards loses and is the <b>durak</b>.</p>"
            f'<div class="grid">{"".join(sections)}</div>{words}'
            '<p class="foot">Rule ids (R1 to R31) are those of the durak_lab rules digest. '
            "Made with durak_lab.</p>"
            "</body></html>\n")

