"""The start, play and learn notebooks, the teacher's first class and the teacher's printed pages in
every language of the catalogue.

A language's notebooks (``notebooks/<code>/``) are the English ones with their words translated:
the same cells in the same order, with the same ids; the code cells as in English (the same
program, string texts aside) except one line that chooses the language; no English sentence
left in the text. The glossary page and the rules summary of a language
(``tutorials/<code>/``) are what the package generates in that language, and its teacher guide
(the first class) is there beside them. Hebrew's pages read right to left.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from durak_lab.display.rules_sheet import rules_sheet_html
from durak_lab.text.catalogue import LANGUAGES, using
from durak_lab.text.glossary import glossary_markdown

ROOT = Path(__file__).resolve().parents[1]
OTHERS = [code for code in LANGUAGES if code != "en"]
NOTEBOOKS = ("00_start_here.ipynb", "play.ipynb", "learn.ipynb")
RTL = {"he"}

#: English words that a sentence can hardly do without, and no other language of the catalogue
#: writes (Finnish's "on" and "a" excepted, so they are not here).
ENGLISH = {"the", "and", "of", "to", "is", "you", "your", "with", "for", "are", "this", "that", "it", "can",
           "each", "from", "one", "what", "when", "which", "its", "at", "by", "be", "or", "not", "has", "have"}
_CODE_SPAN = re.compile(r"`[^`]*`")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAG = re.compile(r"<[^>]+>")
_FILE_NAME = re.compile(r"[\w./-]+\.(?:ipynb|md|html)\b")


def _nb(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def english_words(markdown: str) -> list:
    """The English words of ``markdown``'s prose (code, link targets and tags left out)."""
    prose = _FILE_NAME.sub(" ", _TAG.sub(" ", _LINK_TARGET.sub("]", _CODE_SPAN.sub(" ", markdown))))
    return [w for w in re.findall(r"[A-Za-z']+", prose) if w.lower() in ENGLISH]


class _Strings(ast.NodeTransformer):
    """Every string constant made the same, so that translated texts in code compare equal."""

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        return ast.Constant("…") if isinstance(node.value, str) else node


def program(source: str, code: str = "") -> str:
    """The program of a code cell, its strings aside, without the line that chooses ``code``."""
    choose = re.compile(rf"^\s*(?:dl|durak_lab)\.set_language\(\"{code}\"\)\s*$")
    lines = [line for line in source.splitlines() if not (code and choose.match(line))]
    return ast.dump(_Strings().visit(ast.parse("\n".join(lines))))


def test_the_checks_can_fail():
    assert english_words("Click **your** cards, and try not to be the durak! `the code` [x](the.md)") == \
        ["your", "and", "not", "to", "be", "the"]
    assert english_words("[02_attack_and_defence.ipynb](../02_attack_and_defence.ipynb)（英文）") == []
    assert english_words("Napsauta korttejasi, ja yritä olla jäämättä durakiksi! Valtti on vahvin maa.") == []
    assert program('dl.set_language("he")\nprint(card, "is the", card.name)', "he") == \
        program('print(card, "הוא", card.name)')
    assert program('print(card, "is the", card.name)') != program('print(card.name)')
    assert program('dl.set_language("ko")', "he") != program("")


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_language_has_the_notebook_with_the_same_cells_and_program(code, name):
    english, path = _nb(ROOT / "notebooks" / name), ROOT / "notebooks" / code / name
    assert path.exists(), f"notebooks/{code}/{name} is missing"
    theirs = _nb(path)
    assert theirs["metadata"] == english["metadata"]
    assert [(c["cell_type"], c.get("id")) for c in theirs["cells"]] == \
        [(c["cell_type"], c.get("id")) for c in english["cells"]]
    code_cells = [(c, e) for c, e in zip(theirs["cells"], english["cells"]) if c["cell_type"] == "code"]
    first, _ = code_cells[0]
    assert re.search(rf"^(?:dl|durak_lab)\.set_language\(\"{code}\"\)$", _text(first), re.M), \
        f"notebooks/{code}/{name}: the first code cell chooses the language"
    for n, (cell, eng) in enumerate(code_cells):
        assert program(_text(cell), code) == program(_text(eng)), f"notebooks/{code}/{name}: code cell {n + 1}"


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_no_english_sentence_is_left_in_a_translated_notebook(code, name):
    path = ROOT / "notebooks" / code / name
    text = "\n".join(_text(c) for c in _nb(path)["cells"] if c["cell_type"] == "markdown")
    assert len(english_words(text)) <= 1, (f"notebooks/{code}/{name}", english_words(text))
    if code in RTL:
        for cell in _nb(path)["cells"]:
            if cell["cell_type"] == "markdown":
                assert _text(cell).startswith(f'<div dir="rtl" lang="{code}">\n\n'), f"notebooks/{code}/{name}"


def test_the_english_start_notebook_leads_to_every_language():
    first = _text(_nb(ROOT / "notebooks" / "00_start_here.ipynb")["cells"][0])
    for code in OTHERS:
        assert f"({code}/00_start_here.ipynb)" in first


@pytest.mark.parametrize("code", OTHERS)
def test_a_language_has_the_teachers_first_class(code):
    guide = ROOT / "tutorials" / code / "teacher_guide.md"
    assert guide.exists(), f"tutorials/{code}/teacher_guide.md is missing"
    text = guide.read_text(encoding="utf-8")
    for target in ("rules_summary.html", "glossary.md", f"../../notebooks/{code}/learn.ipynb",
                   f"../../notebooks/{code}/play.ipynb", "../teacher_guide.md"):
        assert f"({target}" in text, (code, target)
    for lesson in ("cards", "trump", "covering", "throwing-in", "taking", "bito"):
        assert f"`{lesson}`" in text, (code, lesson)
    assert len(english_words(text)) <= 2, (code, english_words(text))
    if code in RTL:
        assert text.startswith(f'<div dir="rtl" lang="{code}">\n\n')


#: The teacher's pages a language has, each with the command that writes it.
PAGES = {"glossary.md": (glossary_markdown, "glossary"), "rules_summary.html": (rules_sheet_html, "rules-sheet")}


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("name", PAGES)
def test_a_languages_teacher_pages_are_what_the_package_makes(code, name):
    make, command = PAGES[name]
    with using(code):
        page = make()
    assert (ROOT / "tutorials" / code / name).read_text(encoding="utf-8") == page, \
        f"rewrite it: durak-lab --lang {code} {command} --output tutorials/{code}/{name}"
    rtl = page.startswith('<div dir="rtl"') if name.endswith(".md") else ' dir="rtl"' in page
    assert rtl == (code in RTL)
    if name.endswith(".html"):
        assert f'<html lang="{code}"' in page


@pytest.mark.parametrize("code", OTHERS)
def test_the_app_links_open_the_languages_own_notebooks(code):
    from durak_lab.display.links import TRANSLATED, app_links
    with using(code):
        links = app_links(base_url="/")
    for _name, url in links.links:
        path = url.split("/voila/render/", 1)[1]
        assert path.startswith(f"notebooks/{code}/") and (ROOT / path).exists(), url
    assert set(TRANSLATED) == set(NOTEBOOKS)
