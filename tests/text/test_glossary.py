"""The glossary: plain definitions, first uses marked in HTML, rule ids with their titles, and its page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from durak_lab.text import GLOSSARY, GlossaryError, RULE_TITLES, glossary_html, glossary_markdown, rule_html, terms_in
from durak_lab.text.catalogue import LANGUAGES, catalogue, using
from durak_lab.text.glossary import FORMS, TERM_RULES, glossary_json, term_word

from glossary_helpers import NO_SPACES, PARTICLES, PREFIXES, as_language

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "durak_lab" / "text" / "locales"

#: The words the brief of the glossary names; each must have a definition.
REQUIRED = ["durak", "bito", "talon", "trump", "trump card", "podkidnoy", "perevodnoy", "take", "throw in",
            "transfer", "cover", "beat", "attacker", "defender", "bout", "lead", "pass", "done", "deal", "rank",
            "suit"]
DEVELOPER_WORDS = ["posterior", "mask", "bitmask", "enum", "repr", "position.known", "protocol", "ply", "node"]


@pytest.mark.parametrize("term", REQUIRED)
def test_every_game_word_has_a_plain_definition(term):
    meaning = GLOSSARY[term]
    assert meaning.lstrip("“")[0].isupper() and meaning.endswith((".", "”."))
    words = re.findall(r"[\w’'.-]+", meaning.lower())
    assert len(words) <= 45, f"{term}: {len(words)} words, too long for a tooltip"
    for bad in DEVELOPER_WORDS:
        assert bad not in words, f"{term}: the definition uses {bad!r}"


def test_the_rule_ids_of_the_words_exist():
    for term, rules in TERM_RULES.items():
        assert term in GLOSSARY
        assert all(r in RULE_TITLES for r in rules)
    assert set(FORMS) <= set(GLOSSARY)


def test_every_form_is_found_as_its_word():
    for term in GLOSSARY:
        for form in (term, *FORMS.get(term, ())):
            assert terms_in(f"Then {form.upper()} here.") == [term], form


class _Abbrs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.abbrs, self.stack, self.text = [], [], []

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        if tag == "abbr":
            self.abbrs.append([dict(attrs), ""])

    def handle_endtag(self, tag):
        assert self.stack.pop() == tag, "tags do not nest"

    def handle_data(self, data):
        self.text.append(data)
        if self.stack and self.stack[-1] == "abbr":
            self.abbrs[-1][1] += data


def _parse(markup):
    p = _Abbrs()
    p.feed(markup)
    p.close()
    assert p.stack == []
    return p


def test_only_the_first_use_is_marked_and_the_text_is_unchanged():
    text = "P4 leads 7♥ (R10). P1 covers it with 10♥; then P2 covers, and P3 throws in 8♣: bito."
    p = _parse(glossary_html(text))
    assert [(a["class"], a["tabindex"], word) for a, word in p.abbrs] == [
        ("dl-term", "0", "leads"), ("dl-term", "0", "covers"), ("dl-term", "0", "throws in"), ("dl-term", "0", "bito")]
    assert p.abbrs[1][0]["title"] == GLOSSARY["cover"]
    assert "".join(p.text) == text


def test_text_is_escaped_and_titles_are_attribute_safe(monkeypatch):
    monkeypatch.setitem(catalogue("en").messages, "glossary-bito", 'A "pile" <b>&</b>')
    out = glossary_html('<img src=x onerror="alert(1)"> bito & "talon"')
    assert "<img" not in out and "&lt;img" in out
    p = _parse(out)
    assert p.abbrs[0][0]["title"] == 'A "pile" <b>&</b>'
    assert "".join(p.text) == '<img src=x onerror="alert(1)"> bito & "talon"'


def test_html_input_marks_only_text_outside_tags_links_and_svg():
    markup = ('<p title="trump">A <a href="#">trump</a> <svg><title>trump</title></svg> beats'
              ' &lt;trump&gt; <abbr title="x">bito</abbr> bito</p>')
    p = _parse(glossary_html(markup, is_html=True))
    marked = [(a.get("class"), w) for a, w in p.abbrs]
    assert marked == [("dl-term", "beats"), ("dl-term", "trump"), (None, "bito"), ("dl-term", "bito")]
    assert 'title="trump"' in glossary_html(markup, is_html=True)


def test_skip_and_rules():
    out = glossary_html("The talon is empty (R19, R28; not R32).", skip=["talons"], rules=True)
    p = _parse(out)
    assert [(a["class"], a["title"]) for a, _ in p.abbrs] == [
        ("dl-rule", "R19: " + RULE_TITLES["R19"]), ("dl-rule", "R28: " + RULE_TITLES["R28"])]
    with pytest.raises(GlossaryError, match="'wizard' is not a word"):
        glossary_html("x", skip=["wizard"])


def test_rule_html_names_the_bad_id():
    assert _parse(rule_html("R11")).abbrs[0][0]["title"] == "R11: how to cover a card"
    with pytest.raises(GlossaryError, match="no rule 'R0'"):
        rule_html("R0")
    assert issubclass(GlossaryError, ValueError)


def test_the_glossary_page_is_what_the_module_generates():
    page = (ROOT / "tutorials" / "glossary.md").read_text(encoding="utf-8")
    assert page == glossary_markdown(), "rewrite it: durak-lab glossary --output tutorials/glossary.md"
    for term in GLOSSARY:
        assert f"\n## {term}\n" in page


def test_the_command_line_prints_and_writes_the_page(tmp_path, capsys):
    from durak_lab.cli import main
    assert main(["glossary"]) == 0
    assert capsys.readouterr().out == glossary_markdown()
    target = tmp_path / "glossary.md"
    assert main(["glossary", "--output", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == glossary_markdown()
    assert main(["glossary", "--output", str(tmp_path / "no" / "such" / "dir.md")]) == 2
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.parametrize("code", [c for c in LANGUAGES if (LOCALES / c / "glossary.json").exists()])
def test_a_language_with_the_glossary_words_every_word_and_its_spellings(code):
    """A language that words the meanings (glossary.json) words the words too (words.json's ``term.<id>``),
    bounds them in a way the matching knows, and every spelling finds its own word."""
    words = catalogue(code).words
    for term in GLOSSARY:
        entry = words.get("term." + term.replace(" ", "-"))
        assert isinstance(entry, dict) and entry.get("name"), (code, term)
        assert all(isinstance(f, str) and f.strip() for f in entry.get("also", ())), (code, term)
    assert words.get("terms.bound", "words") in ("words", "start", "none")
    with using(code):
        assert len(set(glossary_json()["forms"].values())) == len(GLOSSARY)
        for term in GLOSSARY:
            assert GLOSSARY[term] and term_word(term)


def test_words_are_found_without_spaces_where_the_language_writes_none(monkeypatch):
    as_language(monkeypatch, NO_SPACES)
    assert terms_in("他用将牌盖住了。然后他收下所有的牌") == ["trump", "take"]
    assert terms_in("将牌牌是最后一张") == ["trump card"]  # the longest spelling first
    out = glossary_html("我的将牌")
    assert out.startswith('我的<abbr class="dl-term"') and out.endswith('tabindex="0">将牌</abbr>')
    assert glossary_json()["bound"] == "none" and "prefixes" not in glossary_json()


def test_a_particle_may_follow_a_word_where_the_language_writes_one_on(monkeypatch):
    as_language(monkeypatch, PARTICLES)
    assert terms_in("수비자가 트럼프를 냅니다") == ["defender", "trump"]
    assert terms_in("비트럼프") == []  # a word must still start there
    assert glossary_html("트럼프를").endswith('tabindex="0">트럼프</abbr>를')
    assert glossary_json()["bound"] == "start"


def test_a_prefix_letter_may_stand_before_a_word(monkeypatch):
    as_language(monkeypatch, PREFIXES)
    assert terms_in("הקוזירים ובקופה") == ["trump", "talon"]
    assert terms_in("אקוזיר") == []  # not a prefix of the language
    assert glossary_html("שם הקוזיר").endswith('tabindex="0">הקוזיר</abbr>')  # the whole written word
    assert glossary_json()["prefixes"] == ["ה", "ו", "ב"] and "bound" not in glossary_json()


def test_a_word_that_starts_with_a_prefix_letter_is_found_whole(monkeypatch):
    """Hebrew writes "the" on the noun and on its adjective: ההתקפה הראשונה (the first bout) is one
    word of the glossary, not ה + התקפה (bout) with the rest left over."""
    as_language(monkeypatch, {**PREFIXES, "term.bout": {"name": "התקפה"},
                              "term.first-bout": {"name": "ההתקפה הראשונה"}})
    assert terms_in("זו ההתקפה הראשונה") == ["first bout"]
    assert terms_in("וההתקפה הראשונה") == ["first bout"]
    assert terms_in("ההתקפה השנייה") == ["bout"]


def test_the_glossary_is_worded_when_read_not_when_imported(monkeypatch):
    as_language(monkeypatch, {"term.bito": {"name": "pile", "also": ["piles"]}})
    monkeypatch.setitem(catalogue("en").messages, "glossary-bito", "The cards out of the game.")
    assert GLOSSARY["bito"] == "The cards out of the game." and FORMS["bito"] == ("piles",)
    assert terms_in("the piles") == ["bito"] and "\n## pile\n" in glossary_markdown()
