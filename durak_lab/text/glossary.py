"""The words of Durak in plain words, and HTML that explains them on hover, in the chosen language.

:data:`GLOSSARY` holds one short definition, for a 12-year-old, of every Durak
word the notebooks, widgets and lessons use.  :func:`glossary_html` turns a
text into HTML in which the first use of each known word is wrapped in
``<abbr class="dl-term" title="…" tabindex="0">``: pointing at the word shows
its meaning, and Tab reaches it from the keyboard (with :data:`GLOSSARY_CSS` on
the page, the meaning also shows while the word has the focus).
:func:`rule_html` does the same for a rule id of the rules digest, with its
title from :data:`~durak_lab.text.explain.RULE_TITLES`.

**The words are the language's.**  A word of the glossary is named in code by
its id (the English word, ``"trump card"``: ids are data, like the rule ids).
Each language words it in its own files: ``glossary.json`` the meaning
(``glossary-trump-card``), ``words.json`` the word as shown and the other
spellings that mark it in a text (``"term.trump-card": {"name": "trump card",
"also": ["trump cards"]}``; ``"not-before"``: a pattern that, right after a
spelling, means the spelling is not this word).  Nothing is worded at import:
:data:`GLOSSARY` and :data:`FORMS` are read in the language chosen when they are read.

**Finding the words in a text** reads the chosen language's spellings (matched
in any case, longest first, spaces inside a spelling matching any run of
spaces), bounded as ``words.json``'s ``"terms.bound"`` says:

- ``"words"`` (English, Russian, Finnish, Hebrew): a spelling counts only as a
  whole word, with no letter, digit, ``_`` or ``-`` right before or after it;
- ``"start"`` (Korean): it must start a word, and anything may follow (a
  particle written onto the noun: 트럼프를 marks 트럼프);
- ``"none"`` (Chinese): anywhere, since no spaces part the words (将牌 in 我的将牌).

``"terms.prefixes"`` may list letters written onto the front of a word
(Hebrew's ה ו ב ל כ מ ש): a spelling with up to three of them in front still
counts, and the mark covers the whole written word.  The browser's copy of this
matching (``play_table.js``) reads the same data from :func:`glossary_json`.

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
import textwrap
from typing import Dict, Iterable, Iterator, List, Mapping, NamedTuple, Pattern, Tuple

from ..engine.errors import DurakError
from .catalogue import Items, catalogue, direction, language, say, word_forms
from .catalogue.loading import Catalogue, CatalogueError
from .explain import RULE_TITLES, rule_title

__all__ = ["GLOSSARY", "FORMS", "TERM_RULES", "GLOSSARY_CSS", "GlossaryError", "glossary_html", "rule_html",
           "terms_in", "term_word", "glossary_json", "glossary_markdown", "glossary_page"]


class GlossaryError(DurakError, ValueError):
    """A word that is not in the glossary, or a rule id that the rules digest does not have."""


#: Every Durak word a learner meets, by id (alphabetical): the catalogue key of its meaning, and the
#: key in ``words.json`` of the word as shown with its other spellings.
_TERMS: Dict[str, Tuple[str, str]] = {
    "attack": ("glossary-attack", "term.attack"),
    "attacker": ("glossary-attacker", "term.attacker"),
    "beat": ("glossary-beat", "term.beat"),
    "bito": ("glossary-bito", "term.bito"),
    "bout": ("glossary-bout", "term.bout"),
    "cover": ("glossary-cover", "term.cover"),
    "deal": ("glossary-deal", "term.deal"),
    "defender": ("glossary-defender", "term.defender"),
    "discard": ("glossary-discard", "term.discard"),
    "done": ("glossary-done", "term.done"),
    "draw": ("glossary-draw", "term.draw"),
    "durak": ("glossary-durak", "term.durak"),
    "first bout": ("glossary-first-bout", "term.first-bout"),
    "hand": ("glossary-hand", "term.hand"),
    "lead": ("glossary-lead", "term.lead"),
    "lowest trump": ("glossary-lowest-trump", "term.lowest-trump"),
    "pass": ("glossary-pass", "term.pass"),
    "perevodnoy": ("glossary-perevodnoy", "term.perevodnoy"),
    "podkidnoy": ("glossary-podkidnoy", "term.podkidnoy"),
    "rank": ("glossary-rank", "term.rank"),
    "suit": ("glossary-suit", "term.suit"),
    "take": ("glossary-take", "term.take"),
    "talon": ("glossary-talon", "term.talon"),
    "throw in": ("glossary-throw-in", "term.throw-in"),
    "transfer": ("glossary-transfer", "term.transfer"),
    "trump": ("glossary-trump", "term.trump"),
    "trump card": ("glossary-trump-card", "term.trump-card"),
}


class _Glossary(Mapping):
    """Every word's id, read as its meaning in the language chosen when it is read."""

    def __getitem__(self, term: str) -> str:
        return say(_TERMS[term][0])

    def __contains__(self, term: object) -> bool:
        return term in _TERMS

    def __iter__(self) -> Iterator[str]:
        return iter(_TERMS)

    def __len__(self) -> int:
        return len(_TERMS)

    def __repr__(self) -> str:
        return f"<glossary of {len(_TERMS)} words, in {language()!r}>"


class _Forms(Mapping):
    """The ids of the words that have other spellings in the chosen language, each read as them."""

    def __getitem__(self, term: str) -> Tuple[str, ...]:
        forms = _also(term)
        if not forms:
            raise KeyError(term)
        return forms

    def __iter__(self) -> Iterator[str]:
        return (term for term in _TERMS if _also(term))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return repr(dict(self))


#: Every Durak word a learner meets, by id, with a plain definition in the chosen language (alphabetical by id).
GLOSSARY: Mapping = _Glossary()

#: Other spellings of a word that count as using it (plural, past tense …), in the chosen language.
FORMS: Mapping = _Forms()

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

#: How a spelling must be bounded to count (``words.json``'s ``"terms.bound"``): what may not come right
#: before it and right after it.  ``\w`` is any letter or digit of any script (Python's ``re`` on text).
_BOUNDS = {"words": (r"(?<![\w-])", r"(?![\w-])"), "start": (r"(?<![\w-])", ""), "none": ("", "")}
_SKIP_TAGS = {"abbr", "a", "code", "pre", "script", "style", "title", "button", "textarea", "option",
              "select", "svg", "kbd"}
_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z][\w:-]*)[^>]*?(/?)\s*>", re.S)
_RULE_ID = re.compile(r"(?<![\w-])R([1-9]|[12][0-9]|3[01])(?![\w-])")
#: How many prefix letters may be written onto the front of a word (Hebrew's וּבַ "and in the").
_MAX_PREFIXES = 3
#: The glossary page's intro is wrapped at this width (Markdown joins the lines again).
_PAGE_WIDTH = 92


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _also(term: str) -> Tuple[str, ...]:
    return tuple(word_forms(_TERMS[term][1]).get("also", ()))


def term_word(term: str) -> str:
    """A word of the glossary as the chosen language shows it (its heading on the glossary page).

    >>> term_word("throw in")
    'throw in'
    >>> term_word("wizard")
    Traceback (most recent call last):
    ...
    durak_lab.text.glossary.GlossaryError: 'wizard' is not a word of the glossary
    """
    if term not in _TERMS:
        raise GlossaryError(f"{term!r} is not a word of the glossary")
    return str(word_forms(_TERMS[term][1])["name"])


class _Marks(NamedTuple):
    """How the words of the glossary are found in a text of one language."""

    terms: Dict[str, str]  # every spelling (lower case, single spaces) -> the word's id
    words: Pattern[str]  # any spelling, bounded as the language bounds words; group 1 is the spelling
    not_before: Dict[str, Pattern[str]]  # id -> what, right after a spelling, means it is not that word
    bound: str
    prefixes: Tuple[str, ...]


_made: Dict[str, Tuple[Catalogue, _Marks]] = {}


def _build(code: str) -> _Marks:
    terms: Dict[str, str] = {}
    not_before: Dict[str, Pattern[str]] = {}
    for term, (_, word) in _TERMS.items():
        forms = word_forms(word, code)
        for spelling in (forms["name"], *forms.get("also", ())):
            terms[_key(spelling)] = term
        if forms.get("not-before"):
            not_before[term] = re.compile(forms["not-before"], re.I)
    words = catalogue(code).words
    bound = words.get("terms.bound", "words")
    if bound not in _BOUNDS:
        raise CatalogueError(f"{code}: terms.bound is {bound!r}: it is one of {', '.join(_BOUNDS)}")
    prefixes = tuple(words.get("terms.prefixes", ()))
    before, after = _BOUNDS[bound]
    # the fewest prefix letters first: a spelling that starts with one (ההתקפה הראשונה) is found whole
    front = ("(?:" + "|".join(map(re.escape, sorted(prefixes, key=len, reverse=True))) + "){0,%d}?" % _MAX_PREFIXES
             if prefixes else "")
    spellings = "|".join(r"\s+".join(map(re.escape, f.split())) for f in sorted(terms, key=len, reverse=True))
    return _Marks(terms, re.compile(before + front + "(" + spellings + ")" + after, re.I), not_before, bound,
                  prefixes)


def _marks() -> _Marks:
    """The chosen language's marking, made the first time it is needed (never at import)."""
    code = language()
    cat = catalogue(code)
    made = _made.get(code)
    if made is None or made[0] is not cat:
        made = _made[code] = (cat, _build(code))
    return made[1]


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


def _found(text: str, marks: _Marks) -> Iterator[Tuple[re.Match, str]]:
    """Each use of a glossary word in ``text`` (the match and the word's id), but for a spelling that
    means another word where it stands."""
    for m in marks.words.finditer(text):
        term = marks.terms[_key(m.group(1))]
        after = marks.not_before.get(term)
        if not (after and after.match(text, m.end())):
            yield m, term


def _mark(text: str, seen: set, rules: bool, marks: _Marks) -> str:
    """Plain ``text`` as escaped HTML with its first uses of glossary words (and, if asked, rule ids) marked."""
    out = []
    pos = 0
    spans = []
    for m, term in _found(text, marks):
        if term in seen:
            continue
        seen.add(term)
        spans.append((m.start(), m.end(), _term_html(m.group(0), term)))
    if rules:
        taken = [(a, b) for a, b, _ in spans]
        for r in _RULE_ID.finditer(text):
            if not any(a < r.end() and r.start() < b for a, b in taken):
                spans.append((r.start(), r.end(), rule_html(r.group(0))))
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
    id (R1 to R31) with its title (:func:`rule_html`).  The words, their
    spellings and meanings are the chosen language's.

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
    marks = _marks()
    seen = set()
    for word in skip:
        term = marks.terms.get(_key(word))
        if term is None:
            raise GlossaryError(f"{word!r} is not a word of the glossary")
        seen.add(term)
    if not is_html:
        return _mark(text, seen, rules, marks)
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
            out.append(_mark(html.unescape(piece), seen, rules, marks))
    return "".join(out)


def terms_in(text: str) -> list:
    """The glossary words ``text`` uses (their ids), in the order of their first use.

    >>> terms_in("P4 leads 7♥; P1 covers it with 10♥, and the cards go to the bito.")
    ['lead', 'cover', 'bito']
    """
    found: List[str] = []
    for _, term in _found(text, _marks()):
        if term not in found:
            found.append(term)
    return found


def glossary_json() -> dict:
    """The glossary as JSON for a browser that marks the words itself (the play table, the lesson player).

    ``terms`` maps each word's id to its meaning; ``forms`` maps every spelling (in
    lower case, single spaces) to its word's id; ``not_before`` maps an id to a
    regular expression (valid in Python and JavaScript) that, matched right after
    a spelling, means the spelling is not that word ("passes the attack on" is a
    transfer).  A language that bounds its words otherwise than by whole words
    adds ``bound`` (``"start"`` or ``"none"``), and one with letters written onto
    the front of a word adds ``prefixes`` (see the module's docstring).

    >>> g = glossary_json()
    >>> g["forms"]["trump cards"], g["terms"]["bito"] == GLOSSARY["bito"], sorted(g["not_before"])
    ('trump card', True, ['pass'])
    >>> sorted(g)
    ['forms', 'not_before', 'terms']
    """
    marks = _marks()
    out: dict = {"terms": dict(GLOSSARY), "forms": dict(marks.terms),
                 "not_before": {term: rx.pattern for term, rx in marks.not_before.items()}}
    if marks.bound != "words":
        out["bound"] = marks.bound
    if marks.prefixes:
        out["prefixes"] = list(marks.prefixes)
    return out


def _anchor(word: str) -> str:
    return word.lower().replace(" ", "-")


def glossary_page(code: str) -> str:
    """Where the repository keeps the glossary page of the language ``code``.

    >>> glossary_page("en"), glossary_page("he")
    ('tutorials/glossary.md', 'tutorials/he/glossary.md')
    """
    return "tutorials/glossary.md" if code == "en" else f"tutorials/{code}/glossary.md"


def glossary_markdown() -> str:
    """The glossary page, ``tutorials/glossary.md``, as Markdown: every word, its meaning and its rule ids,
    in the chosen language, in the order of its words (``tutorials/<code>/glossary.md`` for another
    language; a right-to-left language's page is one right-to-left block).

    >>> page = glossary_markdown()
    >>> page.startswith("# Durak words"), "## bito" in page, "Rules: R17" in page
    (True, True, True)
    """
    names = {term: term_word(term) for term in _TERMS}
    order = sorted(_TERMS, key=lambda term: names[term].casefold())
    ids = list(RULE_TITLES)
    intro = say("glossary-page-intro", first=ids[0], last=ids[-1])
    code = language()
    command = ("durak-lab glossary" if code == "en" else f"durak-lab --lang {code} glossary") + \
        f" --output {glossary_page(code)}"
    lines = [
        "# " + say("glossary-page-title"),
        "",
        f"<!-- Generated from durak_lab/text/glossary.py: {command} -->",
        "",
        *textwrap.wrap(intro, _PAGE_WIDTH, break_long_words=False, break_on_hyphens=False),
        "",
        say("glossary-page-jump", links=" · ".join(f"[{names[t]}](#{_anchor(names[t])})" for t in order)),
        "",
    ]
    for term in order:
        lines.append(f"## {names[term]}")
        lines.append("")
        lines.append(GLOSSARY[term])
        forms = FORMS.get(term)
        if forms:
            lines.append("")
            lines.append(say("glossary-page-also", forms=Items([f"*{f}*" for f in forms], "comma")))
        rules = TERM_RULES.get(term)
        if rules:
            lines.append("")
            lines.append(say("glossary-page-rules", rules=Items(
                [say("glossary-page-rule", rule=r, title=rule_title(r)) for r in rules], "comma")))
        lines.append("")
    if direction() == "rtl":  # Markdown reads left to right unless told: the page in a right-to-left block
        lines = [f'<div dir="rtl" lang="{code}">', "", *lines, "</div>", ""]
    return "\n".join(lines)
