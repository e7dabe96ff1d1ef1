"""The one-page rules summary: committed as generated, self-contained, printable, citing its rule ids."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from durak_lab.display.rules_sheet import rules_sheet_html
from durak_lab.text import RULE_TITLES

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT / "tutorials" / "rules_summary.html"
SVG_NS = "http://www.w3.org/2000/svg"


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.attrs, self.cards, self.headings, self._h2 = [], [], [], [], None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        a = dict(attrs)
        self.attrs.append((tag, a))
        if tag == "svg" and "dl-card" in (a.get("class") or "").split():
            self.cards.append(a)
        if tag == "h2":
            self._h2 = ""

    def handle_endtag(self, tag):
        if tag == "h2":
            self.headings.append(self._h2)
            self._h2 = None

    def handle_data(self, data):
        if self._h2 is not None:
            self._h2 += data


def _parse(page):
    p = _Page()
    p.feed(page)
    return p


def test_the_committed_sheet_is_what_the_generator_makes():
    assert SHEET.read_text(encoding="utf-8") == rules_sheet_html(), \
        "rewrite it: durak-lab rules-sheet --output tutorials/rules_summary.html"


def external_urls(page):
    """Every address the page could fetch or link to, apart from the SVG namespace name."""
    found = [u for u in re.findall(r"""(?:https?:)?//[^\s"'<>)]+""", page) if u != SVG_NS]
    found += re.findall(r"""@import|url\(""", page)
    for tag, attrs in _parse(page).attrs:
        for name in ("src", "href", "action", "data", "poster"):
            if attrs.get(name):
                found.append(f"<{tag} {name}={attrs[name]}>")
    return found


def test_the_sheet_fetches_nothing_and_has_no_scripts_or_buttons():
    page = SHEET.read_text(encoding="utf-8")
    assert external_urls(page) == []
    tags = set(_parse(page).tags)
    assert not tags & {"script", "button", "input", "iframe", "link", "img", "form", "select"}


def test_the_url_check_can_fail():
    assert external_urls('<img src="https://example.org/a.png">') == ["https://example.org/a.png",
                                                                     "<img src=https://example.org/a.png>"]
    assert external_urls("<style>@import 'x.css'</style>") == ["@import"]
    assert external_urls('<a href="other.html">x</a>') == ["<a href=other.html>"]


def test_it_prints_on_one_a4_page():
    page = rules_sheet_html()
    assert re.search(r"@page\s*\{[^}]*size:\s*A4", page)
    assert "print-color-adjust: exact" in page and "break-inside: avoid" in page
    sizes = [float(x) for x in re.findall(r"font-size:\s*([\d.]+)pt", page)]
    assert min(sizes) >= 7 and max(sizes) <= 18
    assert len(page) < 120_000


def test_every_card_has_a_text_alternative_and_the_sections_cite_rules():
    p = _parse(rules_sheet_html())
    assert len(p.cards) >= 20
    assert all(a.get("aria-label") and a.get("role") == "img" for a in p.cards)
    cited = set()
    for heading in p.headings:
        cited.update(re.findall(r"R\d+", heading))
    assert cited <= set(RULE_TITLES)
    for rid in ("R1", "R3", "R7", "R11", "R12", "R15", "R17", "R19", "R20", "R28", "R29"):
        assert rid in cited, rid


@pytest.mark.parametrize("text", ["trump card 9♠", "8♠", "higher trump", "durak", "bito", "talon"])
def test_the_sheet_says_the_main_rules(text):
    assert text in rules_sheet_html()


def test_the_command_line_writes_the_sheet(tmp_path, capsys):
    from durak_lab.cli import main
    target = tmp_path / "sheet.html"
    assert main(["rules-sheet", "--output", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == rules_sheet_html()
    assert main(["rules-sheet"]) == 0
    assert capsys.readouterr().out == rules_sheet_html()


@pytest.mark.browser
@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs /usr/bin/chromium")
def test_chromium_prints_it_on_one_page(tmp_path):
    import subprocess
    pdf = tmp_path / "sheet.pdf"
    subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", SHEET.as_uri()], check=True, capture_output=True, timeout=120)
    pages = re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())
    assert len(pages) == 1


def test_the_sheet_is_worded_in_the_chosen_language(monkeypatch):
    """Every sentence comes from the catalogue when the page is made; ``**words**`` print bold."""
    from durak_lab.text.catalogue import catalogue, using
    monkeypatch.setitem(catalogue("en").messages, "sheet-take-text", "Pick up **every** card & go on.")
    page = rules_sheet_html()
    assert "<p>Pick up <b>every</b> card &amp; go on.</p>" in page
    with using("he"):
        assert rules_sheet_html().startswith('<!DOCTYPE html>\n<html lang="he" dir="rtl">')
