"""The words of Durak in plain English, and HTML that explains them on hover.

:data:`GLOSSARY` holds one short definition, for a 12-year-old, of every Durak
word the notebooks, widgets and lessons use.  :func:`glossary_html` turns a
text into HTML in which the first use of each known word is wrapped in
``<abbr class="dl-term" title="…" tabindex="0">``: pointing at the word shows
its meaning, and Tab reaches it from the keyboard (with :data:`GLOSSARY_CSS` on
the page, the meaning also shows while the word has the focus).
:func:`rule_html` does the same for a rule id of the rules digest, with its
title from :data:`~durak_lab.text.explain.RULE_TITLES`.

The glossary page ``tutorials/glossary.md`` is generated from this module by
:func:`glossary_markdown`; rewrite it with
``durak-lab glossary --output tutorials/glossary.md``.

Standard library only.

>>> GLOSSARY["bito"].startswith("The pile of cards that are out of the game")
True
>>> print(glossary_html("P1 covers 7♦ with Q♦ & P1's trumps stay."))  # doctest: +NORMALIZE_WHITESPACE
P1 <abbr class="dl-term" title="To put one of your cards on an attack card to beat it: a higher card of the same suit, or a trump. A trump is covered only by a higher trump." tabindex="0">covers</abbr> 7♦ with Q♦ &amp; P1's <abbr class="dl-term" title="The strongest suit of the game: the suit of the trump card. A trump beats every card of the other suits, and only a higher trump beats a trump." tabindex="0">trumps</abbr> stay.
>>> rule_html("R11")
'<abbr class="dl-rule" title="R11: how to cover a card" tabindex="0">R11</abbr>'
"""

from __future__ import annotations

import html
import re
from typing import Iterable

from ..engine.errors import DurakError
from .explain import RULE_TITLES, rule_title

__all__ = ["GLOSSARY", "FORMS", "TERM_RULES", "GLOSSARY_CSS", "GlossaryError", "glossary_html", "rule_html",
           "terms_in", "glossary_json", "glossary_markdown"]


class GlossaryError(DurakError, ValueError):
    """A word that is not in the glossary, or a rule id that the rules digest does not have."""


#: Every Durak word a learner meets, with a plain definition (alphabetical).
GLOSSARY: dict = {
    "attack": "A card put down for the defender to beat; also putting such a card down. "
              "The first attack card of a bout is the lead.",
    "attacker": "A player who puts down cards for the defender to beat. The attacker who starts "
                "the bout is the leader; the others may throw in.",
    "beat": "The same as cover: a card beats another if it is a higher card of the same suit, "
            "or a trump put on a card that is not a trump.",
    "bito": "The pile of cards that are out of the game. When the defender beats every attack card, "
            "all the cards on the table go face down onto it. “Bito” is Russian for “beaten”.",
    "bout": "One round of attack and defence: from the first card led until the cards go to the bito "
            "or the defender takes them.",
    "cover": "To put one of your cards on an attack card to beat it: a higher card of the same suit, "
             "or a trump. A trump is covered only by a higher trump.",
    "deal": "To hand out the cards at the start: 6 to each player, then the next card is turned face "
            "up under the talon to show the trump suit.",
    "defender": "The player being attacked, who must beat every attack card or take them all. "
                "The defender sits on the attacker's left.",
    "discard": "Another name for the bito: the pile of cards that are out of the game.",
    "done": "The button you press to pass: you have nothing more to add, or you do not want to add more.",
    "draw": "To take cards from the talon after a bout until you hold 6 again: the leader first, the "
            "defender last. A game is also called a draw when nobody is durak, because the last cards "
            "went at the same time.",
    "durak": "Russian for “fool”: the name of the game, and of its loser, the last player still holding "
             "cards when everyone else is out. Durak has no winner, only a loser.",
    "first bout": "The very first bout of a game. In podkidnoy it may have at most 5 attack cards, not 6.",
    "hand": "The cards you hold. Only you see them, until you play them.",
    "lead": "To start a bout by putting down its first card. The player who does it is the leader.",
    "lowest trump": "The smallest trump anyone was dealt, often the trump 6. Its owner shows it and leads "
                    "the first bout of the game.",
    "pass": "To say you will not add any more cards (the Done button). When every attacker has passed "
            "and every card is beaten, the bout ends.",
    "perevodnoy": "“Transfer Durak”: like podkidnoy, but the defender may also transfer the attack to "
                  "the next player with a card of the same rank.",
    "podkidnoy": "“Throw-in Durak”, the usual game: while a bout goes on, other players may throw in "
                 "cards of a rank already on the table.",
    "rank": "What a card is worth, without its suit: 6, 7, 8, 9, 10, jack (J), queen (Q), king (K), "
            "ace (A). The ace is the highest. A 52-card deck also has 2 to 5.",
    "suit": "One of the four families of cards: spades ♠, hearts ♥, diamonds ♦ and clubs ♣.",
    "take": "What a defender does instead of beating the cards: pick up every card on the table. "
            "Then the defender does not lead the next bout.",
    "talon": "The face-down pile of cards left after the deal. After each bout players draw from it "
             "until they hold 6 again. It is also called the stock.",
    "throw in": "To add one more attack card during a bout. It must have the rank of a card already on "
                "the table: another 7 when a 7 is there.",
    "transfer": "In perevodnoy: before beating anything, the defender puts down a card of the same rank "
                "and passes the whole attack on to the next player, who defends now.",
    "trump": "The strongest suit of the game: the suit of the trump card. A trump beats every card of "
             "the other suits, and only a higher trump beats a trump.",
    "trump card": "The card turned face up under the talon after the deal. Its suit is trump for the whole "
                  "game, and it is the last card anyone draws.",
}

#: Other spellings of a word that count as using it (plural, past tense …), matched in any case.
FORMS: dict = {
    "attack": ("attacks", "attacked", "attacking"),
    "attacker": ("attackers",),
    "beat": ("beats", "beaten", "beating"),
    "bout": ("bouts",),
    "cover": ("covers", "covered", "covering"),
    "deal": ("deals", "dealt", "dealing", "dealer"),
    "defender": ("defenders",),
    "draw": ("draws", "drew", "drawn", "drawing"),
    "hand": ("hands",),
    "lead": ("leads", "led", "leader", "leaders", "leading"),
    "pass": ("passes",),
    "rank": ("ranks",),
    "suit": ("suits",),
    "take": ("takes", "took", "taken", "taking"),
    "talon": ("talons", "stock"),
    "throw in": ("throws in", "threw in", "thrown in", "throwing in", "throw-in", "throw-ins"),
    "transfer": ("transfers", "transferred", "transferring"),
    "trump": ("trumps",),
    "trump card": ("trump cards",),
}

#: The rule ids of the rules digest where each word is defined or used.
TERM_RULES: dict = {
    "attack": ("R10", "R12"), "attacker": ("R9", "R12"), "beat": ("R11",), "bito": ("R17",),
    "bout": ("R10", "R16"), "cover": ("R11",), "deal": ("R3",), "defender": ("R9", "R15"),
    "discard": ("R17",), "done": ("R16",), "draw": ("R19", "R29"), "durak": ("R28",),
    "first bout": ("R14",), "hand": ("R3",), "lead": ("R7", "R10"), "lowest trump": ("R7",),
    "pass": ("R16",), "perevodnoy": ("R20", "R21", "R22"), "podkidnoy": ("R12",), "rank": ("R1",),
    "suit": ("R1",), "take": ("R15", "R18"), "talon": ("R3", "R19"), "throw in": ("R12", "R13"),
    "transfer": ("R20", "R21", "R22"), "trump": ("R3", "R11"), "trump card": ("R3",),
}

#: CSS for pages that show glossary words: a dotted underline, and the meaning shown while a word has the focus.
GLOSSARY_CSS = (
    "abbr.dl-term,abbr.dl-rule{text-decoration:underline dotted;text-underline-offset:2px;cursor:help;"
    "position:relative}"
    "abbr.dl-term:focus,abbr.dl-rule:focus{outline:2px solid #1a5fb4;outline-offset:1px;border-radius:2px}"
    "abbr.dl-term:focus::after,abbr.dl-rule:focus::after{content:attr(title);position:absolute;left:0;"
    "top:1.5em;z-index:20;width:18em;background:#fffbe6;color:#1a1a1a;border:1px solid #b89b2c;"
    "border-radius:4px;padding:4px 6px;font-size:0.9em;font-weight:400;line-height:1.3;white-space:normal}"
)

# forms that mean something else when followed by these words ("passing the attack on" is a transfer)
_NOT_BEFORE = {"pass": re.compile(r"\s+(?:the\s+attack\s+)?on\b", re.I)}
_SKIP_TAGS = {"abbr", "a", "code", "pre", "script", "style", "title", "button", "textarea", "option",
              "select", "svg", "kbd"}
_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z][\w:-]*)[^>]*?(/?)\s*>", re.S)
_RULE_ID = re.compile(r"(?<![\w-])R([1-9]|[12][0-9]|3[01])(?![\w-])")


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _lookup() -> dict:
    table = {}
    for term in GLOSSARY:
        for form in (term, *FORMS.get(term, ())):
            table[_key(form)] = term
    return table


_FORM_TERM = _lookup()
_WORDS = re.compile(
    r"(?<![\w-])(" + "|".join(r"\s+".join(map(re.escape, f.split())) for f in sorted(_FORM_TERM, key=len,
                                                                                      reverse=True))
    + r")(?![\w-])", re.I)


def rule_html(rule_id: str) -> str:
    """A rule id as HTML whose hover text (and focus text) is the rule's title.

    >>> print(rule_html("r17"))
    <abbr class="dl-rule" title="R17: defended: bito, the defender leads next" tabindex="0">R17</abbr>
    >>> rule_html("R40")
    Traceback (most recent call last):
    ...
    durak_lab.text.glossary.GlossaryError: no rule 'R40': the rule ids run from R1 to R31
    """
    rid = str(rule_id).strip().upper()
    if rid not in RULE_TITLES:
        raise GlossaryError(f"no rule {rule_id!r}: the rule ids run from R1 to R31")
    title = html.escape(f"{rid}: {rule_title(rid)}", quote=True)
    return f'<abbr class="dl-rule" title="{title}" tabindex="0">{rid}</abbr>'


def _term_html(word: str, term: str) -> str:
    return (f'<abbr class="dl-term" title="{html.escape(GLOSSARY[term], quote=True)}" tabindex="0">'
            f'{html.escape(word, quote=False)}</abbr>')


def _mark(text: str, seen: set, rules: bool) -> str:
    """Plain ``text`` as escaped HTML with its first uses of glossary words (and, if asked, rule ids) marked."""
    out = []
    pos = 0
    spans = []
    for m in _WORDS.finditer(text):
        term = _FORM_TERM[_key(m.group(1))]
        after = _NOT_BEFORE.get(term)
        if term in seen or (after and after.match(text, m.end())):
            continue
        seen.add(term)
        spans.append((m.start(), m.end(), _term_html(m.group(1), term)))
    if rules:
        taken = [(a, b) for a, b, _ in spans]
        for m in _RULE_ID.finditer(text):
            if not any(a < m.end() and m.start() < b for a, b in taken):
                spans.append((m.start(), m.end(), rule_html(m.group(0))))
    for start, end, markup in sorted(spans):
        out.append(html.escape(text[pos:start], quote=False))
        out.append(markup)
        pos = end
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


def glossary_html(text: str, *, is_html: bool = False, skip: Iterable[str] = (), rules: bool = False) -> str:
    """``text`` as HTML, the first use of each glossary word wrapped in an ``<abbr>`` with its meaning.

    ``text`` is plain text (escaped here), or with ``is_html=True`` HTML whose
    text between the tags is marked (never the inside of a tag, a link, code,
    a button, an SVG or an ``<abbr>`` already there).  ``skip`` names words
    explained before (not marked again); ``rules=True`` also marks every rule
    id (R1 to R31) with its title (:func:`rule_html`).

    >>> out = glossary_html("Trumps beat a card; a trump is beaten only by a trump.")
    >>> out.count('class="dl-term"'), out.startswith('<abbr class="dl-term" title="The strongest suit')
    (2, True)
    >>> "<script>" in glossary_html("<script>bito</script>"), "&lt;script&gt;" in glossary_html("<script>")
    (False, True)
    >>> out = glossary_html('<b>P2 takes</b> <a href="#take">take</a>', is_html=True)
    >>> out.startswith('<b>P2 <abbr class="dl-term"'), out.endswith('takes</abbr></b> <a href="#take">take</a>')
    (True, True)
    >>> print(glossary_html("P1 covers it (R11)", skip=["cover"], rules=True))  # doctest: +ELLIPSIS
    P1 covers it (<abbr class="dl-rule" title="R11: how to cover a card" tabindex="0">R11</abbr>)
    >>> terms_in("P2 passes the attack on"), terms_in("P2 passes")
    (['attack'], ['pass'])
    """
    seen = set()
    for word in skip:
        term = _FORM_TERM.get(_key(word))
        if term is None:
            raise GlossaryError(f"{word!r} is not a word of the glossary")
        seen.add(term)
    if not is_html:
        return _mark(text, seen, rules)
    out = []
    depth = 0  # inside how many tags whose text is left alone
    for piece in _TAG.split(text):
        if not piece:
            continue
        if piece.startswith("<"):
            out.append(piece)
            m = _TAG_NAME.match(piece)
            if m and m.group(2).lower() in _SKIP_TAGS and not m.group(3):
                depth = max(0, depth - 1) if m.group(1) else depth + 1
        elif depth:
            out.append(piece)
        else:
            out.append(_mark(html.unescape(piece), seen, rules))
    return "".join(out)


def terms_in(text: str) -> list:
    """The glossary words ``text`` uses, in the order of their first use.

    >>> terms_in("P4 leads 7♥; P1 covers it with 10♥, and the cards go to the bito.")
    ['lead', 'cover', 'bito']
    """
    found: list = []
    for m in _WORDS.finditer(text):
        term = _FORM_TERM[_key(m.group(1))]
        after = _NOT_BEFORE.get(term)
        if term not in found and not (after and after.match(text, m.end())):
            found.append(term)
    return found


def glossary_json() -> dict:
    """The glossary as JSON for a browser that marks the words itself (the play table, the lesson player).

    ``terms`` maps each word to its meaning; ``forms`` maps every spelling (in
    lower case, single spaces) to its word; ``not_before`` maps a word to a
    regular expression (valid in Python and JavaScript) that, matched right after
    a form, means the form is not that word ("passes the attack on" is a transfer).

    >>> g = glossary_json()
    >>> g["forms"]["trump cards"], g["terms"]["bito"] == GLOSSARY["bito"], sorted(g["not_before"])
    ('trump card', True, ['pass'])
    """
    return {"terms": dict(GLOSSARY), "forms": dict(_FORM_TERM),
            "not_before": {term: rx.pattern for term, rx in _NOT_BEFORE.items()}}


def _anchor(term: str) -> str:
    return term.replace(" ", "-")


def glossary_markdown() -> str:
    """The glossary page, ``tutorials/glossary.md``, as Markdown: every word, its meaning and its rule ids.

    >>> page = glossary_markdown()
    >>> page.startswith("# Durak words"), "## bito" in page, "Rules: R17" in page
    (True, True, True)
    """
    lines = [
        "# Durak words",
        "",
        "<!-- Generated from durak_lab/text/glossary.py: durak-lab glossary --output tutorials/glossary.md -->",
        "",
        "The words of the game in plain English, A to Z. In the notebooks and widgets, point at an",
        "underlined word (or reach it with Tab) to read its meaning there. The rule ids (R1 to R31)",
        "name the rules of the rules digest where the word matters.",
        "",
        "Jump to: " + " · ".join(f"[{term}](#{_anchor(term)})" for term in GLOSSARY),
        "",
    ]
    for term, meaning in GLOSSARY.items():
        lines.append(f"## {term}")
        lines.append("")
        lines.append(meaning)
        forms = FORMS.get(term)
        if forms:
            lines.append("")
            lines.append("Also written: " + ", ".join(f"*{f}*" for f in forms) + ".")
        rules = TERM_RULES.get(term)
        if rules:
            lines.append("")
            lines.append("Rules: " + ", ".join(f"{r} ({rule_title(r)})" for r in rules) + ".")
        lines.append("")
    return "\n".join(lines)

