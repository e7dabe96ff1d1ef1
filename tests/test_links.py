"""Every relative link of the notebooks, the tutorials and README opens something.

The links are followed the way JupyterLab follows them when a learner clicks: a
relative link in a notebook's markdown resolves against the notebook's folder, and
the lab asks the server's contents API for that path. So the test starts a Jupyter
server on 127.0.0.1 whose root is a copy of the repository's files (as a fresh clone
holds them: ``bash .ci/lab`` serves the repository root) and asks it for every link
target: it must exist, a link to a notebook must reach a notebook, and a link with
an anchor (``glossary.md#bito``) must name a heading of its target (as GitHub writes
a heading's anchor, or as JupyterLab does). A root-absolute link (``/voila/...``) is
refused: it breaks under a server's base URL, as on Binder. A planted notebook with
broken links proves that the check finds them.

Links are read from the markdown cells of ``notebooks/*.ipynb`` (and the languages' copies,
``notebooks/<code>/*.ipynb``) and ``tutorials/*.ipynb`` and from ``README.md`` and
``tutorials/*.md`` (and ``tutorials/<code>/*.md``): markdown links
and images, reference definitions, and HTML ``href``/``src`` attributes; code
blocks and inline code are skipped, and so are links with a scheme (``https:``).
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Callable, NamedTuple, Optional

import pytest
from repo_helpers import repo_files, stop_process

REPO = Path(__file__).resolve().parents[1]
DOC_PATTERNS = ("notebooks/*.ipynb", "notebooks/*/*.ipynb", "tutorials/*.ipynb", "README.md", "tutorials/*.md",
                "tutorials/*/*.md")
SERVER_START_TIMEOUT = 90

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_MD_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
_REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
_HTML_ATTR = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.I)
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
_HTML_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']([^"']+)["']""", re.I)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


class Link(NamedTuple):
    """A link as written: the document it is in, where in it, and its target."""

    doc: str     # "notebooks/00_start_here.ipynb", relative to the served root
    where: str   # "cell 18", or "" for a markdown file
    target: str  # "../tutorials/glossary.md#bito"


# ------------------------------------------------------------------ reading documents
def markdown_parts(name: str, text: str) -> list:
    """``[(where, markdown)]`` of a document: a notebook's markdown cells, or a markdown file.

    >>> nb = json.dumps({"cells": [{"cell_type": "code", "source": "x"},
    ...                            {"cell_type": "markdown", "source": ["# Hi\\n", "[a](b.md)"]}]})
    >>> markdown_parts("n.ipynb", nb)
    [('cell 1', '# Hi\\n[a](b.md)')]
    """
    if not name.endswith(".ipynb"):
        return [("", text)]
    cells = json.loads(text)["cells"]
    return [(f"cell {i}", "".join(c["source"]) if isinstance(c["source"], list) else c["source"])
            for i, c in enumerate(cells) if c["cell_type"] == "markdown"]


def relative_links(markdown: str) -> list:
    """The link targets of ``markdown`` that point into the server (no scheme, no ``//``).

    >>> relative_links("[a](x.md) ![p](img/p.png) [w](https://e.org) `[no](n.md)` <a href='y.html#t'>y</a>")
    ['x.md', 'img/p.png', 'y.html#t']
    >>> relative_links("```\\n[in code](c.md)\\n```\\n[ref]: ../r.md")
    ['../r.md']
    """
    text = _CODE_SPAN.sub("", _FENCE.sub("", markdown))
    found = [(m.start(), m.group(1)) for rx in (_MD_LINK, _REF_DEF, _HTML_ATTR) for m in rx.finditer(text)]
    return [t for _, t in sorted(found) if not _SCHEME.match(t) and not t.startswith("//")]


def _strip_markup(heading: str) -> str:
    return re.sub(r"[*_`]", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)).strip()


def anchors(parts: list) -> set:
    """The anchors a document's headings and ``id``/``name`` attributes give.

    A heading gives its GitHub anchor (lowercase, punctuation dropped, spaces to
    ``-``) and its JupyterLab anchor (its text, spaces to ``-``).

    >>> sorted(anchors([("", "## Running the course\\n<a id='x1'></a>")]))
    ['Running-the-course', 'running-the-course', 'x1']
    """
    found = set()
    for _, md in parts:
        text = _FENCE.sub("", md)
        for m in _HEADING.finditer(text):
            plain = _strip_markup(m.group(1))
            found.add(plain.replace(" ", "-"))
            found.add(re.sub(r"[^\w\- ]", "", plain.lower()).replace(" ", "-"))
        found.update(_HTML_ID.findall(text))
    return found


def document_links(name: str, text: str) -> list:
    """Every relative link of document ``name`` (its text ``text``), in order."""
    return [Link(name, where, target) for where, md in markdown_parts(name, text) for target in relative_links(md)]


# ------------------------------------------------------------------ checking links
#: ``fetch(path, content)`` asks the server for ``path`` (relative to its root) and
#: returns its contents model (``type``: "notebook", "file" or "directory"; with
#: ``content``, also ``content``), or None when the server answers 404.
Fetch = Callable[[str, bool], Optional[dict]]


def check_link(link: Link, fetch: Fetch) -> Optional[str]:
    """What is wrong with ``link`` (a sentence naming the document and the link), or None."""
    where = f"{link.doc}{' ' + link.where if link.where else ''}: link {link.target!r}"
    raw, _, anchor = link.target.partition("#")
    raw = raw.partition("?")[0]
    if raw.startswith("/"):
        return f"{where} is root-absolute: it breaks under a base URL (Binder's); write it relative to {link.doc}"
    if raw:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(link.doc), urllib.parse.unquote(raw)))
        if path == ".." or path.startswith("../"):
            return f"{where} points outside the served folder"
    else:
        path = link.doc  # "#anchor": a heading of the same document
    model = fetch("" if path == "." else path, bool(anchor))
    if model is None:
        return f"{where}: {path} does not exist (the server answers 404)"
    if raw.endswith(".ipynb") and model.get("type") != "notebook":
        return f"{where}: {path} is a {model.get('type')}, not a notebook"
    if anchor:
        if model.get("type") == "directory":
            return f"{where}: a folder has no heading #{anchor}"
        content = model.get("content")
        text = json.dumps(content) if isinstance(content, dict) else (content or "")
        if urllib.parse.unquote(anchor) not in anchors(markdown_parts(path, text)):
            return f"{where}: {path} has no heading #{anchor}"
    return None


def broken_links(links: list, fetch: Fetch) -> list:
    """The problems of ``links``, one sentence each (empty when every link works)."""
    return [problem for problem in (check_link(link, fetch) for link in links) if problem]


def filesystem_fetch(root: Path) -> Fetch:
    """A ``fetch`` that reads ``root`` directly, as the server's contents API would answer."""

    def fetch(path: str, content: bool) -> Optional[dict]:
        target = root / path
        if target.is_dir():
            return {"type": "directory"}
        if not target.is_file():
            return None
        kind = "notebook" if target.suffix == ".ipynb" else "file"
        model = {"type": kind}
        if content:
            text = target.read_text(encoding="utf-8")
            model["content"] = json.loads(text) if kind == "notebook" else text
        return model

    return fetch


def server_fetch(base_url: str) -> Fetch:
    """A ``fetch`` that asks a Jupyter server's contents API (``/api/contents/<path>``)."""

    def fetch(path: str, content: bool) -> Optional[dict]:
        url = f"{base_url}/api/contents/{urllib.parse.quote(path)}?content={int(content)}"
        if content and not path.endswith((".ipynb", "/")):
            url += "&format=text&type=file"
        try:
            with urllib.request.urlopen(url, timeout=30) as r:
                return json.load(r)
        except urllib.error.HTTPError as err:
            if err.code == 404:
                return None
            if err.code == 400 and content:  # not text (an image): it exists, but has no headings
                return {"type": "file", "content": ""}
            raise

    return fetch


# ------------------------------------------------------------------ the documents


def documents(root: Path) -> list:
    """The documents whose links are checked, relative to ``root``, sorted."""
    return sorted({p.relative_to(root).as_posix() for pattern in DOC_PATTERNS for p in root.glob(pattern)})


def all_links(root: Path) -> list:
    return [link for name in documents(root)
            for link in document_links(name, (root / name).read_text(encoding="utf-8"))]


PLANTED = "notebooks/zz_planted_broken_links.ipynb"
PLANTED_CELLS = [
    "# Planted\n\nFine: [start](00_start_here.ipynb), [the glossary](../tutorials/glossary.md#bito), "
    "[a heading here](#Planted), [the tutorials](../tutorials/).\n",
    "Broken: [a missing notebook](02_no_such_notebook.ipynb), [a missing anchor](../tutorials/glossary.md#nope), "
    "[a folder as a notebook](../tutorials.ipynb), [outside](../../etc/passwd), "
    "<a href=\"/voila/render/notebooks/play.ipynb\">root-absolute</a>, `[code is skipped](gone.md)`\n",
]
PLANTED_BROKEN = ["02_no_such_notebook.ipynb", "../tutorials/glossary.md#nope", "../tutorials.ipynb",
                  "../../etc/passwd", "/voila/render/notebooks/play.ipynb"]


def plant(root: Path) -> None:
    """Write the planted notebook, whose second cell holds only broken links."""
    cells = [{"cell_type": "markdown", "metadata": {}, "source": src} for src in PLANTED_CELLS]
    nb = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (root / PLANTED).write_text(json.dumps(nb), encoding="utf-8")


# ------------------------------------------------------------------ tests without a server
def test_the_check_finds_planted_broken_links(tmp_path):
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "tutorials").mkdir()
    (tmp_path / "notebooks" / "00_start_here.ipynb").write_text(json.dumps({"cells": []}), encoding="utf-8")
    (tmp_path / "tutorials" / "glossary.md").write_text("# Words\n\n## bito\n", encoding="utf-8")
    plant(tmp_path)
    links = all_links(tmp_path)
    problems = broken_links(links, filesystem_fetch(tmp_path))
    assert [link.target for link in links if check_link(link, filesystem_fetch(tmp_path))] == PLANTED_BROKEN
    assert all(p.startswith(f"{PLANTED} cell 1: link ") for p in problems), problems
    assert "02_no_such_notebook.ipynb does not exist" in problems[0]


def test_documents_have_links_to_check():
    # guards against a reader that silently finds nothing
    links = all_links(REPO)
    docs = {link.doc for link in links}
    assert {"notebooks/00_start_here.ipynb", "tutorials/README.md", "tutorials/glossary.md"} <= docs, docs
    assert len(links) >= 40, len(links)


# ------------------------------------------------------------------ the server
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``(root, base URL)``: a Jupyter server (no token) on a copy of the repository, plus the planted notebook."""
    pytest.importorskip("jupyter_server", reason="jupyter_server comes with the lab extra")
    root = tmp_path_factory.mktemp("repo")
    for name in repo_files():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, root / name)
    cfg = tmp_path_factory.mktemp("server")
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root", "--ip=127.0.0.1",
           f"--port={port}", "--IdentityProvider.token=", "--ServerApp.password=",
           f"--ServerApp.root_dir={root}"]
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(cfg / "runtime"))
    base = f"http://127.0.0.1:{port}"
    log_path = cfg / "server.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        t0 = time.perf_counter()
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the Jupyter server exited with {proc.returncode}:\n{log_path.read_text()[-3000:]}")
            if time.perf_counter() - t0 > SERVER_START_TIMEOUT:
                pytest.fail(f"the Jupyter server did not answer in {SERVER_START_TIMEOUT} s:\n"
                            f"{log_path.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(base + "/api/status", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        yield root, base
    finally:
        stop_process(proc)  # this server's own PID only


@pytest.mark.slow  # the server takes a few seconds (20 s on a busy machine) to start
def test_every_relative_link_opens_through_the_server(served):
    root, base = served
    links = [link for link in all_links(root) if link.doc != PLANTED]
    t0 = time.perf_counter()
    problems = broken_links(links, server_fetch(base))
    seconds = time.perf_counter() - t0
    docs = [name for name in documents(root) if name != PLANTED]
    print(f"{len(links)} links checked in {seconds:.2f} s: {len(docs)} documents, "
          f"{len({link.doc for link in links})} of them with relative links")
    assert problems == [], "broken links:\n" + "\n".join(problems)
    # and the files are served for download as the lab's links point to them (/files/...)
    # (a browser sends the lab's page as Referer; the server refuses a file request from an unknown origin)
    request = urllib.request.Request(f"{base}/files/tutorials/rules_summary.html", headers={"Referer": f"{base}/lab"})
    with urllib.request.urlopen(request, timeout=30) as r:
        assert r.status == 200 and b"<html" in r.read(2000).lower()


@pytest.mark.slow  # the server takes a few seconds (20 s on a busy machine) to start
def test_the_server_check_finds_the_planted_broken_links(served):
    root, base = served
    plant(root)
    links = document_links(PLANTED, (root / PLANTED).read_text(encoding="utf-8"))
    fetch = server_fetch(base)
    assert [link.target for link in links if check_link(link, fetch)] == PLANTED_BROKEN
    problems = broken_links(links, fetch)
    assert problems[0] == (f"{PLANTED} cell 1: link '02_no_such_notebook.ipynb': "
                           "notebooks/02_no_such_notebook.ipynb does not exist (the server answers 404)")
