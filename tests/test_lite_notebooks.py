"""The browser copies of the notebooks that ``.ci/lite`` puts into the JupyterLite site.

No browser and no build here: ``.ci/lite_site.py``'s notebook step alone. The site's
Python (Pyodide) has no pandas or numpy, so a copy keeps every cell that runs without
them, replaces each cell that needs them by a plain sentence (or by a replacement cell
of ``LITE_CELLS``), and runs on the Pyodide kernel. The repository's notebooks are
left as they are. The site's pages, staged as the build stages them, hold every page
their relative links point to (a link to a page the site lacks becomes text), and
plotly and networkx wait for their first import. The site itself is tested in
``tests/browser/test_lite_site.py``.
"""

import ast
import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("packaging")

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lite_site", REPO / ".ci" / "lite_site.py")
lite_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_site)


def _code(nb):
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


SITE_NOTEBOOKS = [f"notebooks/{n}" for n in lite_site.NOTEBOOKS] + [
    f"tutorials/{n}" for n in lite_site.TUTORIALS if n.endswith(".ipynb")]


def _imports(code):
    """``[(module, names)]`` of the import statements of a cell, as the builder's probe takes them."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, [a.asname or a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            found.extend((a.name, []) for a in node.names)
    return found


@pytest.mark.parametrize("name", SITE_NOTEBOOKS)
def test_copy_runs_on_pyodide_and_imports_no_pandas(name):
    src = REPO / name
    before = src.read_text(encoding="utf-8")
    nb, _left_out = lite_site.lite_notebook(src)
    assert src.read_text(encoding="utf-8") == before  # the repository's notebook is untouched
    assert nb["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel's name
    imports = []
    for code in _code(nb):
        assert "pandas" not in code and "durak_lab.tables" not in code, code
        imports += _imports(code)
    # what the copy imports loads without pandas, and names nothing that needs it when called
    assert lite_site._lab_only_names(imports) == set()


def test_start_play_and_learn_keep_every_cell():
    for name in ("00_start_here.ipynb", "play.ipynb", "learn.ipynb", "01_worked_examples.ipynb"):
        original = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
        nb, left_out = lite_site.lite_notebook(REPO / "notebooks" / name)
        assert left_out == []
        assert _code(nb) == _code(original)


def test_trump_notebook_keeps_a_plotly_chart_and_says_what_is_left_out():
    nb, left_out = lite_site.lite_notebook(REPO / "notebooks" / "04_trump_probabilities.ipynb")
    assert left_out, "the trump notebook's tables need pandas"
    code = _code(nb)
    assert any("go.Figure()" in c and "fig.show()" in c for c in code)
    assert any("who_starts(mine)" in c for c in code)  # a cell without pandas stays
    notes = [c for c in nb["cells"] if c["cell_type"] == "markdown" and c["source"] == lite_site.NO_PANDAS_MD]
    assert len(notes) == len(left_out) - 1  # one left-out cell became the chart


def test_a_cell_keeps_its_figure_when_only_its_table_needs_pandas():
    """The table at the end of a cell goes, with the sentence after the cell; the figure stays."""
    nb, left_out = lite_site.lite_notebook(REPO / "notebooks" / "02_attack_and_defence.ipynb")
    cells = nb["cells"]
    i = next(i for i, c in enumerate(cells) if 'cover_plan_for("Q♦ 6♠ K♣ A♣ 8♥"' in "".join(c["source"]))
    assert "".join(cells[i]["source"]).endswith("cover_figure(plan).show()")
    assert cells[i + 1]["source"] == lite_site.NO_PANDAS_MD
    assert 'plan = cover_plan_for("Q♦ 6♠ K♣ A♣ 8♥", "7♦ 9♣ 7♥", trump="♠")' in left_out
    # the import keeps the names that need no pandas: tree_frame goes, game_tree stays
    nb, _ = lite_site.lite_notebook(REPO / "notebooks" / "03_game_tree_and_endgames.ipynb")
    first = _code(nb)[0]
    assert "from durak_lab.graphs import TreeTooLarge, game_tree, position_label\n" in first
    assert "tree_frame" not in "".join(_code(nb)) and "import pandas" not in first


# ------------------------------------------------------------------ the site's pages and links
@pytest.fixture(scope="module")
def content(tmp_path_factory):
    """The site's pages as the build stages them (no build, no browser)."""
    folder = tmp_path_factory.mktemp("lite") / "content"
    lite_site.stage_content(folder)
    return folder


def test_the_site_holds_the_pages_its_start_notebook_links_to(content):
    held = sorted(str(p.relative_to(content)) for p in content.rglob("*") if p.is_file())
    assert held == sorted([*lite_site.NOTEBOOKS, *(f"tutorials/{n}" for n in lite_site.TUTORIALS)])
    for page in ("tutorials/glossary.md", "tutorials/rules_summary.html", "tutorials/teacher_guide.md",
                 "02_attack_and_defence.ipynb", "03_game_tree_and_endgames.ipynb",
                 "tutorials/01_rules_step_by_step.ipynb", "tutorials/02_what_each_player_sees.ipynb"):
        assert page in held


def test_every_relative_link_of_the_staged_pages_resolves(content):
    """Read with the repository's own link checker (tests/test_links.py), against the staged folder."""
    from test_links import broken_links, document_links, filesystem_fetch

    links = [link for page in sorted(content.rglob("*")) if page.suffix in (".ipynb", ".md", ".html")
             for link in document_links(str(page.relative_to(content)), page.read_text(encoding="utf-8"))]
    assert len(links) > 40
    assert broken_links(links, filesystem_fetch(content)) == []
    # a link opens a page: none points to a folder (JupyterLab opens nothing for it)
    folders = [link for link in links if link.target.partition("#")[0]
               and (content / link.doc).parent.joinpath(link.target.partition("#")[0]).is_dir()]
    assert folders == []
    start = {link.target for link in links if link.doc == "00_start_here.ipynb"}
    assert {"tutorials/glossary.md", "tutorials/rules_summary.html", "tutorials/teacher_guide.md",
            "02_attack_and_defence.ipynb", "tutorials/README.md"} <= start


def test_a_link_to_a_page_the_site_lacks_becomes_text(content):
    start = (content / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert "05_bots_and_tournaments.ipynb](" not in start
    words = lite_site.NOT_IN_SITE.format(text="05_bots_and_tournaments.ipynb")
    assert any(words in cell["source"] for cell in json.loads(start)["cells"] if cell["cell_type"] == "markdown")
    # the repository's own start notebook keeps its link
    original = (REPO / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert "](05_bots_and_tournaments.ipynb)" in original


def test_site_links_rewrites_what_moved_and_leaves_code_alone():
    text, gone = lite_site.site_links(
        "See [the rules](rules_summary.html) and [05](../notebooks/05_bots_and_tournaments.ipynb) "
        "`[code](nowhere.md)`\n```\n[in a block](nowhere.md)\n```\n"
        "<a href=\"../notebooks/learn.ipynb\">learn</a> [web](https://e.org/x.md)",
        "tutorials/teacher_guide.md", "tutorials/teacher_guide.md")
    assert text == ("See [the rules](rules_summary.html) and " + lite_site.NOT_IN_SITE.format(text="05")
                    + " `[code](nowhere.md)`\n```\n[in a block](nowhere.md)\n```\n"
                    "<a href=\"../learn.ipynb\">learn</a> [web](https://e.org/x.md)")
    assert gone == ["../notebooks/05_bots_and_tournaments.ipynb"]
    with pytest.raises(SystemExit, match="image"):
        lite_site.site_links("![a card](images/missing.png)", "tutorials/README.md", "tutorials/README.md")
    with pytest.raises(SystemExit, match="HTML link"):
        lite_site.site_links('<a href="../binder/postBuild">x</a>', "tutorials/README.md", "tutorials/README.md")


def test_plotly_and_networkx_wait_for_their_first_import(tmp_path):
    """The lockfile makes no preloaded package depend on them, and the site's sitecustomize maps
    their import names to them (and plotly brings nbformat, which shows a figure)."""
    packages = {
        "durak-lab": {"depends": ["ipywidgets"], "imports": ["durak_lab"]},
        "ipywidgets": {"depends": [], "imports": ["ipywidgets"]},
        "plotly": {"depends": ["nbformat"], "imports": ["plotly", "_plotly_utils"]},
        "nbformat": {"depends": [], "imports": ["nbformat"]},
        "networkx": {"depends": [], "imports": ["networkx"]},
    }
    import zipfile
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip", "w") as z:
        z.writestr("site.py", "")
    lazy = lite_site.add_sitecustomize(tmp_path, packages, ["durak-lab"])
    assert lazy == {"nbformat": "nbformat", "networkx": "networkx", "plotly": "plotly", "_plotly_utils": "plotly"}
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip") as z:
        code = z.read("sitecustomize.py").decode()
    assert f"LAZY: dict = {lazy!r}" in code
    compile(code, "sitecustomize.py", "exec")
    assert set(lite_site.LATER) == {"plotly", "networkx"} and "nbformat" in lite_site.LATER["plotly"]
    assert not {"plotly", "networkx", "nbformat"} & set(lite_site.PRELOAD)


def test_the_builders_examples():
    """The ``>>>`` examples of ``.ci/lite_site.py`` (site_path, site_links)."""
    import doctest

    assert doctest.testmod(lite_site).failed == 0
