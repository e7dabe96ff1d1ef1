"""The catalogue: every language has English's keys and fields, its plural forms, the forms its
templates name; say() words meanings per language; the language is chosen as documented."""

from __future__ import annotations

import ast
import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from durak_lab.text.catalogue import (FAMILIES, LANGUAGES, CatalogueError, Items, LanguageError, MessageError, Rank,
                                      Suit, Word, catalogue, counted, direction, fields_of, language, say,
                                      set_language, templates, using)
from durak_lab.text.catalogue.languages import PLURAL_CATEGORIES, plural_category

LOCALES = Path(__file__).resolve().parents[2] / "durak_lab" / "text" / "locales"
TRANSLATED = [code for code in LANGUAGES if code != "en" and (LOCALES / code / "table.json").exists()]
EN = catalogue("en")


def _forms_named(text: str) -> set:
    out = set()
    for _, name, spec, _ in string.Formatter().parse(text):
        if name and spec:
            form = spec.split("#")[0]
            if form:
                out.add(form)
    return out


def _word_forms(code: str) -> set:
    forms = set()
    for key, value in catalogue(code).words.items():
        if isinstance(value, dict) and not key.startswith(("list.", "count.")):
            forms |= set(value)
    nouns = {key[len("count."):] for key in catalogue(code).words if key.startswith("count.")}
    return forms | nouns | {"symbol", "words"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_its_files(code):
    assert (LOCALES / code / "meta.json").exists() and (LOCALES / code / "words.json").exists()
    meta = json.loads((LOCALES / code / "meta.json").read_text(encoding="utf-8"))
    assert meta["dir"] == ("rtl" if code == "he" else "ltr") and meta["name"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_language_has_the_keys_of_english_file_by_file(code):
    for family in FAMILIES:
        theirs = catalogue(code).family(family)
        ours = EN.family(family)
        assert set(theirs) == set(ours), (family, sorted(set(ours) ^ set(theirs))[:20])


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_language_has_the_fields_of_english_message_by_message(code):
    wrong = [key for key in EN.messages if key in catalogue(code).messages
             and fields_of(key, code) != fields_of(key, "en")]
    assert wrong == [], [(k, sorted(fields_of(k, code)), sorted(fields_of(k, "en"))) for k in wrong[:10]]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_forms_a_template_names_are_words_of_its_language(code):
    known = _word_forms(code)
    wrong = {key: sorted(_forms_named(text) - known) for key in catalogue(code).messages
             for text in templates(key, code) if _forms_named(text) - known}
    assert wrong == {}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_words_of_a_language_are_complete(code):
    words = catalogue(code).words
    for key in ("suit.s", "suit.h", "suit.d", "suit.c", "suit.joker", "rank.joker", "colour.red", "colour.black",
                "list.and", "list.or", "count.cards", "count.moves"):
        assert key in words, key
    assert all(f"rank.{r}" in words for r in range(2, 15))
    assert len(words["numbers"]) >= 11
    for how in ("and", "or"):
        assert set(words[f"list.{how}"]) == {"two", "start", "middle", "end"}
    for key, value in words.items():
        if key.startswith("count."):
            assert "other" in value and set(value) <= set(PLURAL_CATEGORIES[code]) | {"1", "2"}, key
        elif isinstance(value, dict) and not key.startswith("list."):
            assert "name" in value, key


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_fills_in_every_language(code):
    """Every template of every language fills in with sample values of the right kinds."""
    samples = {"suit": Suit(1), "trump": Suit(0), "rank": Rank(12), "ranks": Items([Rank(7), Rank(10)]),
               "high": Rank(14), "partners": Items(["P2", "P4"]), "cards": Items(["7♦", "8♣"]),
               "before": Word("outcome.win"), "after": Word("outcome.loss"), "value": Word("outcome.draw")}
    with using(code):
        for key in EN.messages:
            for n in (1, 2, 5, 22):
                fields = {}
                for name in fields_of(key, code):
                    fields[name] = samples.get(name, n)
                text = say(key, **fields)
                assert "{" not in text.replace("{{", "") or key.startswith("picture-"), (key, text)


def test_plural_categories_follow_cldr():
    assert [plural_category("ru", n) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 101, 111, 1004)] == \
        ["many", "one", "few", "few", "many", "many", "many", "many", "one", "one", "many", "few"]
    assert [plural_category("he", n) for n in (0, 1, 2, 3, 20)] == ["other", "one", "two", "other", "other"]
    assert [plural_category(c, 1) for c in ("en", "fi", "ko", "zh")] == ["one", "one", "other", "other"]
    with pytest.raises(TypeError):
        plural_category("en", "3")


def test_a_meaning_is_worded_by_the_chosen_language():
    assert say("cover-higher", suit=Suit(1)) == "a higher heart"
    assert counted(1, "cards") == "1 card" and counted(7, "cards") == "7 cards"
    assert str(Items(["a", "b", "c"], "or")) == "a, b or c"
    with using("zh"):
        assert str(Items(["7♦", "8♣", "9♠"])) == "7♦、8♣和9♠"
    with using("ru"):
        assert [counted(n, "cards") for n in (1, 2, 5, 21, 12)] == ["1 карта", "2 карты", "5 карт", "21 карта", "12 карт"]
        assert Suit(1).word("many") == "червей"


def test_the_language_is_chosen_in_the_documented_order(monkeypatch):
    monkeypatch.delenv("DURAK_LAB_LANG", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    set_language(None)
    assert language() == "en"
    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    assert language() == "fi"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")  # a locale the catalogue lacks: the next one asked
    assert language() == "fi"
    monkeypatch.setenv("DURAK_LAB_LANG", "he")
    assert language() == "he" and direction() == "rtl"
    try:
        set_language("ko")
        assert language() == "ko"
        with using("zh"):
            assert language() == "zh"
        assert language() == "ko"
    finally:
        set_language(None)


def test_a_wrong_language_is_a_typed_error_naming_the_choices():
    with pytest.raises(LanguageError, match="choose one of en, ru, he, ko, zh, fi"):
        set_language("xx")
    with pytest.raises(LanguageError):
        with using(""):
            pass


def test_fields_that_do_not_fit_are_a_programming_error():
    with pytest.raises(MessageError, match="needs seat"):
        say("your-turn")
    with pytest.raises(MessageError, match="no field"):
        say("your-turn", seat="P1", card="7♦")
    say("class-deal-playing", code="x")  # a field may be named like say's own words


def test_a_broken_locale_file_is_a_catalogue_error(tmp_path, monkeypatch):
    from durak_lab.text.catalogue import loading

    with pytest.raises(CatalogueError, match="plural category"):
        loading._check_message("he", "k", {"one": "a", "few": "b", "other": "c"}, ("one", "two", "other"))
    with pytest.raises(CatalogueError, match="'other'"):
        loading._check_message("en", "k", {"one": "a"}, ("one", "other"))


def test_nothing_is_worded_at_import():
    """Importing the package reads no catalogue: a language chosen after import words everything."""
    code = ("import durak_lab, durak_lab.widgets, durak_lab.cli.app\n"
            "from durak_lab.text.catalogue import loading\n"
            "print(sorted(loading._loaded))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, DURAK_LAB_LANG="en"))
    assert out.stdout.strip() == "[]", out.stdout


PACKAGE = Path(__file__).resolve().parents[2] / "durak_lab"
SAYING = {"say", "say_html", "role_words", "learner_reason", "learner_error", "counted", "list_words"}


def _said_at_import(tree: ast.AST) -> list:
    """Calls of the catalogue's functions that run when the module is imported (at module or class level)."""
    found = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Call):
                f = child.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in SAYING:
                    found.append((child.lineno, name))
            visit(child)

    visit(tree)
    return found


def test_no_sentence_is_worded_at_module_level():
    """A sentence worded when a module is imported would stay in the language of that moment."""
    found = {str(p.relative_to(PACKAGE)): hits for p in sorted(PACKAGE.rglob("*.py"))
             if (hits := _said_at_import(ast.parse(p.read_text(encoding="utf-8"))))}
    assert found == {}


def test_the_scan_finds_a_sentence_worded_at_import():
    tree = ast.parse("X = say('a')\nclass C:\n    Y = {1: role_words('attacker')}\ndef f():\n    return say('b')\n")
    assert _said_at_import(tree) == [(1, "say"), (3, "role_words")]
