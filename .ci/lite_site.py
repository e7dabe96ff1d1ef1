"""Assemble and build the JupyterLite site (called by ``.ci/lite``; run it with the build venv).

    python .ci/lite_site.py --cache build/lite --wheels build/lite/wheels \
        --pyodide build/lite/pyodide-314.0.6.tgz --out DIR

What it does, all offline once the downloads are cached:

1. A staging folder (``CACHE/stage``, made anew) with
   * ``static/pyodide/``: the Pyodide core from the npm tarball, every browser wheel
     (the pure-Python wheels from PyPI, the kernel's own ``pyodide_kernel``/``ipykernel``/
     ``widgetsnbextension`` wheels, and durak_lab's wheel) and a ``pyodide-lock.json``
     rewritten to list exactly those wheels, with their hashes and dependencies. This
     is the kernel's "well-known" local Pyodide: ``jupyter lite build`` copies it and
     points ``pyodideUrl`` at it. The wheels and the standard library's zip carry their
     Python files compiled to bytecode by Pyodide itself under Node.js
     (:func:`compile_python`; compiled wheels are cached in ``CACHE/pyc``), so the
     browser imports without compiling; jedi's type stubs of other packages are left
     out (LEAVE_OUT).
   * ``jupyter-lite.json``: no PyPI fallback, and the kernel preloads what it needs and
     durak_lab with ipywidgets and anywidget (PRELOAD), so no notebook needs a
     ``%pip install`` cell; plotly and networkx (LATER) load on their first import,
     through a ``sitecustomize`` put into the standard library (``.ci/lite_sitecustomize.py``),
     so that the play table and the lessons do not wait for them.
   * ``overrides.json``: Binder's JupyterLab settings (no news toast, no update check),
     every cell kept in the page, and markdown pages opened to read.
   * ``content/``: the site's pages (:func:`stage_content`): copies of the notebooks for
     the browser (the repository's notebooks are not changed) at the top, and the
     tutorials' notebooks and pages in ``tutorials/``. A notebook's kernel is set to the
     Pyodide one, and code that needs pandas (the tables) is replaced by a plain sentence;
     a notebook may get a replacement cell that shows the same idea without pandas
     (LITE_CELLS). Every relative link points to the site's copy of its page, or becomes
     text saying where the page is (JupyterLab or Binder) when the site lacks it.
2. ``jupyter lite build`` into ``--out``. The browser parts of ipywidgets, anywidget
   and plotly come from the build venv's installed lab extensions.
"""

from __future__ import annotations

import argparse
import ast
import copy
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.parse
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO = Path(__file__).resolve().parents[1]
KERNEL_EXT = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

# The notebooks of the site (from notebooks/, at the site's top), in the order of the file browser.
# 05_bots_and_tournaments is not among them: nearly all of it is pandas tables, so the
# site's pages name it as a notebook for JupyterLab or Binder instead of linking to it.
NOTEBOOKS = [
    "00_start_here.ipynb",
    "play.ipynb",
    "learn.ipynb",
    "01_worked_examples.ipynb",
    "02_attack_and_defence.ipynb",
    "03_game_tree_and_endgames.ipynb",
    "04_trump_probabilities.ipynb",
    "puzzles.ipynb",
    "analysis_board.ipynb",
    "live.ipynb",
]
# The tutorials and pages of the site (from tutorials/, in the site's tutorials/ folder):
# markdown and HTML pages open in JupyterLite's viewers, notebooks as above.
TUTORIALS = [
    "README.md",
    "01_rules_step_by_step.ipynb",
    "02_what_each_player_sees.ipynb",
    "glossary.md",
    "rules_summary.html",
    "teacher_guide.md",
    "writing_lessons.md",
]
# Each language's start, play and learn notebooks (notebooks/<code>/) and its teacher's pages
# (tutorials/<code>/), in folders named by the language's code.
LANGUAGE_CODES = ["ru", "he", "ko", "zh", "fi"]
NOTEBOOKS += [f"{code}/{name}" for code in LANGUAGE_CODES for name in ("00_start_here.ipynb", "play.ipynb",
                                                                        "learn.ipynb")]
TUTORIALS += [f"{code}/{name}" for code in LANGUAGE_CODES for name in ("glossary.md", "rules_summary.html",
                                                                        "teacher_guide.md")]
# A link to a page the site does not hold becomes its text and this note.
NOT_IN_SITE = "{text} (not in this browser version: open it in JupyterLab or on Binder)"
# Loaded when the kernel starts: what the kernel itself needs (the kernel skips
# installing these through piplite or micropip), and durak_lab with what its play table,
# lessons and stepper need (ipywidgets, anywidget).
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "durak-lab"]
# Loaded on their first import instead (.ci/lite_sitecustomize.py), with what they depend on
# and what is added here: plotly needs nbformat to show a figure. They are durak_lab's
# dependencies too, but only its figures and graphs import them.
LATER = {"plotly": ["nbformat"], "networkx": []}
# Where the browser's Python runs: for the markers of the wheels' dependencies.
MARKER_ENV = {
    "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
    "platform_machine": "wasm32", "platform_release": "", "platform_version": "",
    "python_version": "3.14", "python_full_version": "3.14.2",
    "implementation_name": "cpython", "implementation_version": "3.14.2",
    "platform_python_implementation": "CPython", "extra": "",
}
# Files of a wheel the site leaves out (prefixes of their names in the wheel). jedi, which the
# kernel loads at its start for completion, ships type stubs of about 170 other packages
# (typeshed's third-party stubs, Django's): 4,800 of its 5,600 files, none of them for a package
# of the site, and each file costs time as the kernel starts. Jedi reads the standard
# library's stubs and does without the others.
LEAVE_OUT = {"jedi": ("jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/")}
# Modules a learner's notebook in the browser cannot import (no wasm builds here).
LAB_ONLY_MODULES = ("pandas", "numpy")
NO_PANDAS_MD = ("*In the browser version this part is left out: it shows a table or a chart that "
                "needs a program (pandas) the browser cannot run. Open this notebook in JupyterLab "
                "or on Binder to see it.*")
# Cells that replace a left-out cell in the browser copy: {notebook: {text of the left-out
# cell: new code}}. The build fails if the text is not found, so an edit of the notebook
# cannot silently drop the replacement.
LITE_CELLS = {
    "04_trump_probabilities.ipynb": {
        "trump_bars(mine)": '''\
# The browser version draws this chart with plotly alone.
import plotly.graph_objects as go

counts = trump_counts(mine)
fig = go.Figure()
for place, label in (("P2", "trumps in P2's hand"), ("talon", "trumps in the talon")):
    dist = counts[place]
    fig.add_bar(x=list(dist), y=[round(100 * float(p), 1) for p in dist.values()], name=label)
fig.update_layout(title="How many trumps are where? (chance in %)", barmode="group",
                  xaxis_title="number of trumps", yaxis_title="chance in %")
fig.show()''',
    },
}


# ------------------------------------------------------------------ wheels and the lockfile
def wheel_meta(path: Path) -> dict:
    """Name, version, requirements and top-level imports of a wheel."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        meta = Parser().parsestr(z.read(f"{dist_info}/METADATA").decode("utf-8"))
        if f"{dist_info}/top_level.txt" in names:
            imports = [m for m in z.read(f"{dist_info}/top_level.txt").decode().split() if m]
        else:
            imports = sorted({
                n.split("/")[0].removesuffix(".py") for n in names
                if not n.split("/")[0].endswith((".dist-info", ".data", ".pth"))
                and (n.count("/") >= 1 and n.endswith("/__init__.py") or (n.count("/") == 0 and n.endswith(".py")))
            })
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "requires": meta.get_all("Requires-Dist") or [],
        "imports": [m for m in imports if m.isidentifier()],
    }


def needed(req: Requirement) -> bool:
    return req.marker is None or Marker(str(req.marker)).evaluate(MARKER_ENV)


def write_lock(pyodide_dir: Path, wheels: list[Path], kernel_wheels: list[Path], roots: list[str],
               later: dict | None = None) -> dict:
    """Rewrite ``pyodide-lock.json`` to list the wheels ``roots`` need (copied into ``pyodide_dir``).

    ``kernel_wheels`` (the kernel's own) win over ``wheels`` of the same name, and of
    two kernel wheels of one name the newer version wins. The packages of ``later``
    (name: more dependencies) are no package's dependency in the lockfile, so that loading
    another does not load them; they get their extra dependencies.
    """
    later = {canonicalize_name(k): [canonicalize_name(d) for d in v] for k, v in (later or {}).items()}
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    chosen: dict[str, tuple[Path, dict]] = {}
    for whl in wheels + kernel_wheels:
        meta = wheel_meta(whl)
        key = canonicalize_name(meta["name"])
        if key in chosen and chosen[key][0] in kernel_wheels and \
                Version(chosen[key][1]["version"]) > Version(meta["version"]):
            continue
        chosen[key] = (whl, meta)
    depends: dict[str, list[str]] = {}
    for key, (whl, meta) in chosen.items():
        deps = set()
        for line in meta["requires"]:
            req = Requirement(line)
            if not needed(req):
                continue
            dep = canonicalize_name(req.name)
            if dep not in chosen:
                raise SystemExit(f"lite: {whl.name} needs {req.name}, which no wheel provides")
            deps.add(dep)
        depends[key] = sorted((deps - set(later)) | set(later.get(key, ())))
    wanted, todo = set(), [canonicalize_name(r) for r in roots] + list(later)
    while todo:
        key = todo.pop()
        if key not in wanted:
            if key not in chosen:
                raise SystemExit(f"lite: no wheel for {key}")
            wanted.add(key)
            todo.extend(depends[key])
    packages = {}
    for key in sorted(wanted):
        whl, meta = chosen[key]
        shutil.copy2(whl, pyodide_dir / whl.name)
        packages[key] = {
            "name": key, "version": meta["version"], "file_name": whl.name,
            "install_dir": "site", "package_type": "package",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(),
            "imports": meta["imports"], "depends": depends[key],
            "unvendored_tests": False,
        }
    lock["packages"] = packages
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    return packages


def add_sitecustomize(pyodide_dir: Path, packages: dict, preload: list[str]) -> dict:
    """Put ``.ci/lite_sitecustomize.py`` into the standard library's zip, with the packages it loads.

    Those are the lockfile's ``packages`` that loading ``preload`` does not load; each of
    their import names maps to the package. Returns that map.
    """
    loaded, todo = set(), [canonicalize_name(p) for p in preload]
    while todo:
        key = todo.pop()
        if key not in loaded:
            loaded.add(key)
            todo.extend(packages[key]["depends"])
    lazy = {name: key for key, package in sorted(packages.items()) if key not in loaded
            for name in package["imports"]}
    text = (REPO / ".ci" / "lite_sitecustomize.py").read_text(encoding="utf-8")
    marker = "LAZY: dict = {}"
    if marker not in text:
        raise SystemExit(f"lite: .ci/lite_sitecustomize.py has no line {marker!r}")
    text = text.replace(marker, f"LAZY: dict = {lazy!r}")
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip", "a", zipfile.ZIP_DEFLATED) as z:
        if "sitecustomize.py" in z.namelist():
            raise SystemExit("lite: Pyodide's standard library has a sitecustomize.py of its own")
        z.writestr("sitecustomize.py", text)
    return lazy


def compile_python(pyodide_dir: Path, wheels: list[Path], cache: Path) -> list[Path]:
    """Wheels with their ``.pyc`` files, and the standard library's zip with its, compiled in Pyodide.

    Each ``.py`` gets an unchecked-hash ``.pyc`` made by the browser's own Python (Pyodide
    under Node.js: ``.ci/lite_pyc.mjs`` runs ``.ci/lite_pyc.py``), so the kernel imports
    without compiling; the sources stay. Compiled wheels are kept under ``cache/pyc``, named
    by a hash of the wheel, Pyodide's version and the compiler, so a later build compiles
    only durak_lab's new wheel. ``python_stdlib.zip`` in ``pyodide_dir`` is replaced. Returns
    the wheels to use instead of ``wheels``; without Node.js, ``wheels`` themselves (the
    site works, its kernel starts slower). Compiled files no longer used are removed.
    """
    node = shutil.which("node")
    if node is None:
        print("lite: no Node.js (node): the site's Python files stay uncompiled, so its kernel starts slower")
        return wheels
    version = json.loads((pyodide_dir / "package.json").read_text(encoding="utf-8"))["version"]
    tools = (REPO / ".ci" / "lite_pyc.py").read_bytes() + (REPO / ".ci" / "lite_pyc.mjs").read_bytes()
    out, jobs = [], []
    stdlib = pyodide_dir / "python_stdlib.zip"
    for src in wheels + [stdlib]:
        drop = list(LEAVE_OUT.get(canonicalize_name(src.name.split("-")[0]), ())) if src != stdlib else []
        key = hashlib.sha256(src.read_bytes() + version.encode() + tools + json.dumps(drop).encode()).hexdigest()[:20]
        dst = (cache / "pyc" / key / src.name).resolve()
        if not dst.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            part = dst.with_name(dst.name + ".part")
            jobs.append({"kind": "stdlib" if src == stdlib else "wheel", "src": str(src.resolve()), "dst": str(part),
                         "drop": drop})
        out.append(dst)
    if jobs:
        job_file = cache / "pyc" / "jobs.json"
        job_file.write_text(json.dumps(jobs, indent=1), encoding="utf-8")
        subprocess.run([node, str(REPO / ".ci" / "lite_pyc.mjs"), str(pyodide_dir), str(REPO / ".ci" / "lite_pyc.py"),
                        str(job_file)], check=True)
        for job in jobs:
            part = Path(job["dst"])
            os.replace(part, part.with_name(part.name.removesuffix(".part")))
    used = {dst.parent for dst in out}
    for old in (cache / "pyc").iterdir():  # earlier builds' durak_lab wheels, and the like
        if old.is_dir() and old.resolve() not in used:
            shutil.rmtree(old)
    shutil.copyfile(out.pop(), stdlib)
    return out


def unpack_pyodide(tgz: Path, dest: Path) -> None:
    """The runtime files of the npm package ``pyodide`` (no docs, types or source maps)."""
    dest.mkdir(parents=True)
    with tarfile.open(tgz) as tar:
        for m in tar.getmembers():
            name = m.name.removeprefix("package/")
            if not m.isfile() or "/" in name or name.endswith((".map", ".d.ts", ".html", ".md")):
                continue
            (dest / name).write_bytes(tar.extractfile(m).read())


# ------------------------------------------------------------------ notebooks
def _lab_only_names(imports: list[tuple[str, list[str]]]) -> set[str]:
    """Which of ``(module, names)`` cannot be imported, or used, without pandas or numpy.

    Asked of a fresh interpreter of the build venv that refuses pandas and numpy, with
    this checkout's durak_lab first on its path.
    """
    probe = f'''
import importlib, json, sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {LAB_ONLY_MODULES!r}:
            raise ImportError("no " + name)
sys.meta_path.insert(0, Refuse())
bad = []
for module, names in json.loads(sys.argv[1]):
    try:
        m = importlib.import_module(module)
        for n in names:
            if n != "*":
                try:
                    # a submodule (from durak_lab.cli import solver_bench) is imported by name
                    value = getattr(m, n) if hasattr(m, n) else importlib.import_module(module + "." + n)
                    # imported, but it imports pandas when called (durak_lab.tables._pandas)
                    if getattr(value, "needs_pandas", False) is True:
                        bad.append(n)
                except ImportError:
                    bad.append(n)
    except ImportError:
        bad.extend(names or [module.split(".")[0]])
print(json.dumps(bad))
'''
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", probe, json.dumps(imports)], env=env, check=True,
                         capture_output=True, text=True, cwd=REPO).stdout
    return set(json.loads(out))


def _cell_names(tree: ast.AST) -> tuple[set[str], set[str]]:
    used, bound = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, ast.Store) else used).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    return used, bound


def lite_notebook(src: Path) -> tuple[dict, list[str]]:
    """The browser copy of a notebook, and the first line of each code cell left out.

    A code cell that needs pandas is left out, with a sentence (or a LITE_CELLS cell) in its
    place; where only its last lines need pandas and show something (a table), without
    binding a name, those lines alone go, and the sentence follows the cell.
    """
    nb = json.loads(src.read_text(encoding="utf-8"))
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    cells = nb["cells"]
    trees = []
    imports = []
    for cell in cells:
        tree = ast.parse("".join(cell["source"])) if cell["cell_type"] == "code" else None
        trees.append(tree)
        for node in ast.walk(tree) if tree else ():
            if isinstance(node, ast.ImportFrom) and node.module:
                imports.append((node.module, [a.asname or a.name for a in node.names]))
            elif isinstance(node, ast.Import):
                imports.extend((a.name, []) for a in node.names)
    tainted = _lab_only_names(imports) | set(LAB_ONLY_MODULES) | {"pd", "np"}
    replacements = dict(LITE_CELLS.get(src.name, {}))
    out_cells, left_out = [], []
    for cell, tree in zip(cells, trees):
        if tree is None:
            out_cells.append(cell)
            continue
        # An import cell keeps its other imports: only the lab-only statements go.
        body = []
        dropped_here = False
        shown_dropped = False  # a line that only shows something (an expression) went
        for stmt in tree.body:
            used, bound = _cell_names(stmt)
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                names = {(a.asname or a.name).split(".")[0] for a in stmt.names}
                mod = getattr(stmt, "module", None) or ""
                if isinstance(stmt, ast.ImportFrom) and names & tainted and names - tainted \
                        and mod.split(".")[0] not in LAB_ONLY_MODULES:
                    # keep the names that need no pandas: "from durak_lab.graphs import game_tree"
                    stmt = ast.ImportFrom(module=stmt.module, level=stmt.level, lineno=stmt.lineno,
                                          end_lineno=stmt.end_lineno,
                                          names=[a for a in stmt.names if (a.asname or a.name) not in tainted])
                    body.append(stmt)
                    continue
                if names & tainted or mod.split(".")[0] in LAB_ONLY_MODULES:
                    tainted |= names
                    continue
            elif used & tainted:
                if isinstance(stmt, ast.Expr):
                    shown_dropped = True
                    continue
                dropped_here = True
                break
            body.append(stmt)
        source = "".join(cell["source"])
        if shown_dropped and not any(not isinstance(b, (ast.Import, ast.ImportFrom)) for b in body):
            dropped_here = True  # nothing but imports would be left: the whole cell goes
        if dropped_here:
            used, bound = _cell_names(tree)
            tainted |= bound
            left_out.append(source.splitlines()[0])
            new = next((code for key, code in replacements.items() if key in source), None)
            if new is not None:
                replacements = {k: v for k, v in replacements.items() if v is not new}
                out_cells.append({"cell_type": "code", "execution_count": None, "id": cell.get("id", "") + "-lite",
                                  "metadata": {}, "outputs": [], "source": new})
            else:
                out_cells.append({"cell_type": "markdown", "id": cell.get("id", "") + "-lite", "metadata": {},
                                  "source": NO_PANDAS_MD})
            continue
        if len(body) != len(tree.body) or any(b not in tree.body for b in body):
            lines = source.splitlines()
            source = "\n".join(ast.unparse(s) if s not in tree.body else "\n".join(lines[s.lineno - 1:s.end_lineno])
                               for s in body)
        new_cell = copy.deepcopy(cell)
        new_cell["source"] = source
        new_cell["outputs"], new_cell["execution_count"] = [], None
        out_cells.append(new_cell)
        if shown_dropped:
            left_out.append("".join(cell["source"]).splitlines()[0])
            out_cells.append({"cell_type": "markdown", "id": cell.get("id", "") + "-lite", "metadata": {},
                              "source": NO_PANDAS_MD})
    if replacements:
        raise SystemExit(f"lite: {src.name}: no left-out cell contains {sorted(replacements)}")
    nb["cells"] = out_cells
    return nb, left_out


# ------------------------------------------------------------------ pages and their links
def site_path(repo_path: str) -> str | None:
    """Where the site holds the repository's file ``repo_path`` (a POSIX path), or None.

    The notebooks of NOTEBOOKS are at the site's top, the pages of TUTORIALS in its
    ``tutorials/`` folder; a link to one of the two folders opens the top notebook or the
    folder's README (a folder link opens nothing in JupyterLab).

    >>> site_path("notebooks/play.ipynb"), site_path("tutorials/glossary.md"), site_path("tutorials")
    ('play.ipynb', 'tutorials/glossary.md', 'tutorials/README.md')
    >>> site_path("notebooks/05_bots_and_tournaments.ipynb") is None
    True
    >>> site_path("notebooks/he/play.ipynb"), site_path("tutorials/fi/glossary.md")
    ('he/play.ipynb', 'tutorials/fi/glossary.md')
    """
    folder, _, name = repo_path.strip("/").partition("/")
    if folder == "notebooks" and (name in NOTEBOOKS or not name):
        return name or NOTEBOOKS[0]
    if folder == "tutorials" and (name in TUTORIALS or not name):
        return f"tutorials/{name or 'README.md'}"
    return None


_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_MD_LINK = re.compile(r"(?P<image>!?)\[(?P<text>(?:[^\[\]]|\[[^\[\]]*\])*)\]"
                      r"\((?P<target>[^)\s]+)(?P<title>\s+\"[^\"]*\")?\)")
_HTML_ATTR = re.compile(r"""(?P<attr>\b(?:href|src)\s*=\s*)(?P<quote>["'])(?P<target>[^"']+)(?P=quote)""", re.I)


def _code_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` (markdown) has code: fenced blocks, and inline code outside them."""
    spans = [m.span() for m in _FENCE.finditer(text)]
    return spans + [m.span() for m in _CODE_SPAN.finditer(text) if not any(a <= m.start() < b for a, b in spans)]


def _relative(target: str) -> bool:
    parts = urllib.parse.urlsplit(target)
    return not (parts.scheme or parts.netloc or target.startswith(("#", "/")))


def site_links(text: str, src: str, dst: str) -> tuple[str, list[str]]:
    """``text`` of the repository's file ``src`` with its relative links made to work at ``dst`` in the site.

    A link to a page the site holds points to the site's copy; a markdown link to one it
    does not hold becomes plain text that says where to find the page (NOT_IN_SITE).
    Returns the new text and the targets turned into text. Code (fenced blocks, inline
    code) is left alone. An image or an HTML link to a missing file fails the build.

    >>> site_links("[the glossary](../tutorials/glossary.md#bito), [05](05_bots_and_tournaments.ipynb)",
    ...            "notebooks/00_start_here.ipynb", "00_start_here.ipynb")[0]
    '[the glossary](tutorials/glossary.md#bito), 05 (not in this browser version: open it in JupyterLab or on Binder)'
    >>> site_links("`[x](y.md)` [run it](../notebooks/play.ipynb)", "tutorials/README.md", "tutorials/README.md")[0]
    '`[x](y.md)` [run it](../play.ipynb)'
    """
    code = _code_spans(text)
    gone: list[str] = []

    def moved(target: str) -> str | None:
        path, hash_, fragment = target.partition("#")
        repo = posixpath.normpath(posixpath.join(posixpath.dirname(src), urllib.parse.unquote(path)))
        there = site_path(repo)
        if there is None:
            return None
        return urllib.parse.quote(posixpath.relpath(there, posixpath.dirname(dst) or ".")) + hash_ + fragment

    def md_link(m: re.Match) -> str:
        target = m.group("target")
        if any(a <= m.start() < b for a, b in code) or not _relative(target):
            return m.group(0)
        new = moved(target)
        if new is not None:
            return m.group(0).replace(f"]({target}", f"]({new}", 1)
        if m.group("image"):
            raise SystemExit(f"lite: {src}: the image {target} is not in the site")
        gone.append(target)
        return NOT_IN_SITE.format(text=m.group("text"))

    def html_link(m: re.Match) -> str:
        target = m.group("target")
        if any(a <= m.start() < b for a, b in code) or not _relative(target):
            return m.group(0)
        new = moved(target)
        if new is None:
            raise SystemExit(f"lite: {src}: the HTML link {target} is not in the site")
        return m.group("attr") + m.group("quote") + new + m.group("quote")

    text = _MD_LINK.sub(md_link, text)
    code = _code_spans(text)  # where the code is in the new text
    return _HTML_ATTR.sub(html_link, text), gone


def stage_content(content: Path) -> list[str]:
    """Write the site's pages into ``content`` (made anew); one line a page, saying what changed.

    Notebooks become their browser copies (:func:`lite_notebook`); in them and in the
    markdown and HTML pages, the relative links point to the site's copies, or become text
    where the site lacks the page (:func:`site_links`).
    """
    shutil.rmtree(content, ignore_errors=True)
    content.mkdir(parents=True)
    report = []
    pages = [(f"notebooks/{n}", site_path(f"notebooks/{n}")) for n in NOTEBOOKS]
    pages += [(f"tutorials/{n}", site_path(f"tutorials/{n}")) for n in TUTORIALS]
    for src, dst in pages:
        notes, gone = [], []
        if src.endswith(".ipynb"):
            nb, left_out = lite_notebook(REPO / src)
            for cell in nb["cells"]:
                if cell["cell_type"] == "markdown":
                    cell["source"], lost = site_links("".join(cell["source"]), src, dst)
                    gone += lost
            text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
            if left_out:
                notes.append(f"left out {len(left_out)} cells that need pandas")
        else:
            text, gone = site_links((REPO / src).read_text(encoding="utf-8"), src, dst)
        if gone:
            notes.append(f"links made text: {', '.join(gone)}")
        (content / dst).parent.mkdir(parents=True, exist_ok=True)
        (content / dst).write_text(text, encoding="utf-8")
        report.append(f"lite: {dst}{': ' if notes else ''}{'; '.join(notes)}")
    return report


# ------------------------------------------------------------------ the site
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, required=True)
    ap.add_argument("--wheels", type=Path, required=True, help="folder of the pure-Python browser wheels")
    ap.add_argument("--pyodide", type=Path, required=True, help="the npm tarball pyodide-<version>.tgz")
    ap.add_argument("--durak-wheel", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    stage = args.cache / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    pyodide_dir = stage / "static" / "pyodide"
    unpack_pyodide(args.pyodide, pyodide_dir)
    # The kernel's own wheels (its ipykernel and widgetsnbextension are small stand-ins
    # made for Pyodide) win over PyPI's; piplite stays in the lockfile for %pip install.
    kernel_wheels = sorted((KERNEL_EXT / "static" / "pypi").glob("*.whl"))
    wheels = sorted(args.wheels.glob("*.whl")) + [args.durak_wheel]
    compiled = compile_python(pyodide_dir, wheels + kernel_wheels, args.cache)
    wheels, kernel_wheels = compiled[:len(wheels)], compiled[len(wheels):]
    packages = write_lock(pyodide_dir, wheels, kernel_wheels, PRELOAD, LATER)
    lazy = add_sitecustomize(pyodide_dir, packages, PRELOAD)
    print(f"lite: {len(packages)} packages in the browser's lockfile; loaded on their first import: "
          f"{', '.join(sorted(set(lazy.values())))}")

    (stage / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "durak_lab in the browser",
            # window.jupyterapp, for the site's browser test (tests/browser/test_lite_site.py)
            "exposeAppInBrowser": True,
            "litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": PRELOAD},
            }},
        },
    }, indent=2), encoding="utf-8")

    overrides = json.loads((REPO / "binder" / "overrides.json").read_text(encoding="utf-8"))
    overrides.setdefault("@jupyterlab/notebook-extension:tracker", {})["windowingMode"] = "none"
    # the file browser opens the tutorials' markdown pages to read, not in the text editor
    overrides.setdefault("@jupyterlab/docmanager-extension:plugin", {}).setdefault(
        "defaultViewers", {})["markdown"] = "Markdown Preview"
    (stage / "overrides.json").write_text(json.dumps(overrides, indent=2), encoding="utf-8")

    for line in stage_content(stage / "content"):
        print(line)

    shutil.rmtree(args.out, ignore_errors=True)
    subprocess.run([
        str(Path(sys.executable).with_name("jupyter-lite")), "build",
        "--lite-dir", str(stage.resolve()), "--contents", "content", "--output-dir", str(args.out.resolve()),
        "--no-sourcemaps", "--apps", "lab",
    ], check=True, cwd=stage)
    settings = json.loads((args.out / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = settings["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if not kernel.get("pyodideUrl", "").startswith("./"):
        raise SystemExit(f"lite: the site's pyodideUrl is not local: {kernel.get('pyodideUrl')!r}")


if __name__ == "__main__":
    main()
