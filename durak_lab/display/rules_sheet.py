"""The rules of Durak on one printable page, with pictures of the cards.

:func:`rules_sheet_html` returns a self-contained HTML document (inline CSS and
inline SVG cards from :mod:`durak_lab.display.render`; no scripts, no links to
fetch, no buttons) laid out to print on one A4 page: the cards and their order,
the deal, who starts, covering, throwing in, taking, bito, drawing, the
transfer game and the end of the game, each with the rule ids of the rules
digest (R1 to R31).  ``tutorials/rules_summary.html`` is its output; rewrite it
with ``durak-lab rules-sheet --output tutorials/rules_summary.html``.

Every sentence is a key of the catalogue's ``sheet`` family, worded in the
language chosen when the page is made (``durak-lab --lang ru rules-sheet``); the
HTML around the sentences is built here.  In a sentence, ``**words**`` are
printed bold (the words a learner should notice), so a translation puts the
bold where its own grammar puts those words.

Standard library and the durak_lab core only.

>>> page = rules_sheet_html()
>>> page.startswith("<!DOCTYPE html>"), "@page" in page, "<script" in page, "<button" in page
(True, True, False, False)
>>> page.count('class="dl-card"') > 20, 'aria-label="10 of diamonds"' in page
(True, True)
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterable, Optional, Sequence

from ..engine.cards import Card
from ..text.catalogue import Items, Suit, direction, language
from ..text.explain import RULE_TITLES
from ..text.glossary import GLOSSARY, glossary_page, term_word
from ..text.messages import say
from ..text.reasons import card_words
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


#: Words in bold in a sentence of the sheet: ``**talon**``.
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _said(key: str, **fields: Any) -> str:
    """The sentence ``key`` as HTML text: escaped (quotes may stay, it is never an attribute), its
    ``**words**`` in bold.

    >>> _said("sheet-start-text").startswith("The player with the <b>lowest trump</b> shows it")
    True
    """
    return _BOLD.sub(r"<b>\1</b>", html.escape(say(key, **fields), quote=False))


def _cards(cards: Iterable[str], width: float = SHEET_CARD_WIDTH) -> str:
    return "".join(card_svg(Card(c), width=width) for c in cards)


def _fig(inner: str, caption: str) -> str:
    return f'<span class="fig"><span class="row">{inner}</span>{_esc(caption)}</span>'


def _pair(attack: str, cover: str, caption: str) -> str:
    a, c = Card(attack), Card(cover)
    label = say("sheet-pair-label", attack=card_words(a), cover=card_words(c))
    inner = (f'<span class="pair" role="img" aria-label="{_esc(label)}">'
             f'{card_svg(a, width=SHEET_CARD_WIDTH)}{card_svg(c, width=SHEET_CARD_WIDTH)}</span>')
    return _fig(inner, caption)


def _talon(trump_card: str) -> str:
    t = Card(trump_card)
    label = say("sheet-talon-label", card=card_words(t))
    inner = (f'<span class="talon" role="img" aria-label="{_esc(label)}">'
             f'<span class="under">{card_svg(t, width=SHEET_CARD_WIDTH)}</span>'
             f'<span class="stack">{back_svg(SHEET_CARD_WIDTH, say("sheet-talon-back"))}</span></span>')
    return _fig(inner, say("sheet-talon-caption", card=str(t)))


def _section(title: str, rule_ids: Sequence[str], body: str, cards: str = "", side: bool = False) -> str:
    for rid in rule_ids:
        if rid not in RULE_TITLES:
            raise ValueError(f"no rule {rid!r}")
    ids = str(Items(list(rule_ids), "comma"))
    pictures = f'<div class="cards{" side" if side else ""}">{cards}</div>' if cards else ""
    head = f'<h2>{_esc(title)}<span class="ids">{_esc(ids)}</span></h2>'
    if side:
        return f"<section>{head}{pictures}{body}</section>"
    return f"<section>{head}{body}{pictures}</section>"


def _words(terms: Sequence[tuple]) -> str:
    """The box of words: each glossary word (by id) as the language shows it, with its short meaning."""
    for term, _ in terms:
        if term not in GLOSSARY:
            raise ValueError(f"{term!r} is not in the glossary")
    items = "".join(f"<dt>{_esc(term_word(t))}</dt><dd>{_esc(say(short))}</dd>" for t, short in terms)
    return (f'<section class="words"><h2>{_esc(say("sheet-words-title"))} <span class="ids">'
            f'{_esc(say("sheet-words-all", page=glossary_page(language())))}</span></h2><dl>{items}</dl></section>')


def _p(key: str, **fields: Any) -> str:
    return f"<p>{_said(key, **fields)}</p>"


def rules_sheet_html(title: Optional[str] = None) -> str:
    """The one-page rules summary as a self-contained HTML document (prints on one A4 page), in the
    chosen language; ``title`` replaces its title.

    Every section names its rule ids; every card picture has a text
    alternative; nothing is fetched from elsewhere (the only ``http`` text is
    the SVG namespace name).

    >>> page = rules_sheet_html()
    >>> [u for u in __import__("re").findall(r"https?://[^\\s\\"'<>)]+", page) if u != "http://www.w3.org/2000/svg"]
    []
    >>> "R11" in page and "R28" in page and "<title>Durak: the rules on one page</title>" in page
    True
    """
    title = say("sheet-title") if title is None else title
    sections = [
        _section(say("sheet-cards-title"), ["R1"], _p("sheet-cards-text"),
                 _fig(_cards(["6♥", "7♥", "8♥", "9♥", "10♥", "J♥", "Q♥", "K♥", "A♥"], 27), say("sheet-cards-caption"))),
        _section(say("sheet-deal-title"), ["R3"], _p("sheet-deal-text"), _talon("9♠"), side=True),
        _section(say("sheet-start-title"), ["R7", "R9"], _p("sheet-start-text"),
                 _fig(_cards(["6♠"]), say("sheet-start-caption")), side=True),
        _section(say("sheet-cover-title"), ["R11"], _p("sheet-cover-text", trump=Suit(0)),
                 _pair("7♥", "10♥", say("sheet-cover-higher", suit=Suit(1))) + _pair("10♦", "8♠", say("sheet-cover-trump"))
                 + _pair("Q♠", "K♠", say("sheet-cover-higher-trump"))),
        _section(say("sheet-throw-title"), ["R12", "R13", "R14"], _p("sheet-throw-text"),
                 _pair("7♥", "10♥", say("sheet-throw-on-table")) + _fig(_cards(["10♦", "7♣"]), say("sheet-throw-may"))),
        _section(say("sheet-take-title"), ["R15", "R18"], _p("sheet-take-text")),
        _section(say("sheet-bito-title"), ["R16", "R17"], _p("sheet-bito-text"),
                 _fig(back_svg(SHEET_CARD_WIDTH, say("sheet-bito-back")), say("sheet-bito-caption")), side=True),
        _section(say("sheet-draw-title"), ["R19"], _p("sheet-draw-text")),
        _section(say("sheet-transfer-title"), ["R20", "R21", "R22"], _p("sheet-transfer-text"),
                 _fig(_cards(["7♣", "7♥"], 28), say("sheet-transfer-caption", card="7♣")), side=True),
        _section(say("sheet-end-title"), ["R28", "R29"], _p("sheet-end-text")),
        _section(say("sheet-tips-title"), ["R31"],
                 "<ul>" + "".join(f"<li>{_said(key)}</li>" for key in (
                     "sheet-tip-trumps", "sheet-tip-low", "sheet-tip-take", "sheet-tip-wrong")) + "</ul>"),
    ]
    words = _words([("bito", "sheet-word-bito"), ("talon", "sheet-word-talon"), ("trump", "sheet-word-trump"),
                    ("bout", "sheet-word-bout"), ("throw in", "sheet-word-throw-in"),
                    ("durak", "sheet-word-durak")])
    ids = list(RULE_TITLES)
    rtl = ' dir="rtl"' if direction() == "rtl" else ""
    return ("<!DOCTYPE html>\n"
            f'<html lang="{language()}"{rtl}><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_esc(title)}</title><style>{_CSS}</style></head><body>"
            f"<h1>{_esc(title)}</h1>"
            f'<p class="sub">{_said("sheet-intro")}</p>'
            f'<div class="grid">{"".join(sections)}</div>{words}'
            f'<p class="foot">{_said("sheet-foot", first=ids[0], last=ids[-1])}</p>'
            "</body></html>\n")
