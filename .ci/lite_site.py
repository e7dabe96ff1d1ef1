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
     points ``pyodideUrl`` at it.
   * ``jupyter-lite.json``: no PyPI fallback, and the kernel preloads durak_lab (and
     with it ipywidgets, plotly, networkx, anywidget), so no notebook needs a
     ``%pip install`` cell.
   * ``overrides.json``: Binder's JupyterLab settings (no news toast, no update check)
     and every cell kept in the page.
   * ``content/``: copies of the notebooks for the browser (the repository's notebooks
     are not changed): their kernel is set to the Pyodide one, and code cells that
     need pandas (the tables, the plots built on them) are replaced by a plain
     sentence. A notebook may get a replacement cell that shows the same idea without
     pandas (LITE_CELLS).
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
import shutil
import subprocess
import sys
import tarfile
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

# The notebooks of the site, in the order of the file browser.
NOTEBOOKS = [
    "00_start_here.ipynb",
    "play.ipynb",
    "learn.ipynb",
    "01_worked_examples.ipynb",
    "04_trump_probabilities.ipynb",
]
# Loaded when the kernel starts: what the kernel itself needs (the kernel skips
# installing these through piplite), plus durak_lab with its dependencies, and
# nbformat, which plotly needs to show a figure.
PRELOAD = ["micropip", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "nbformat", "durak-lab"]
# Where the browser's Python runs: for the markers of the wheels' dependencies.
MARKER_ENV = {
    "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
    "platform_machine": "wasm32", "platform_release": "", "platform_version": "",
    "python_version": "3.14", "python_full_version": "3.14.2",
    "implementation_name": "cpython", "implementation_version": "3.14.2",
    "platform_python_implementation": "CPython", "extra": "",
}
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


def write_lock(pyodide_dir: Path, wheels: list[Path], kernel_wheels: list[Path], roots: list[str]) -> dict:
    """Rewrite ``pyodide-lock.json`` to list the wheels ``roots`` need (copied into ``pyodide_dir``).

    ``kernel_wheels`` (the kernel's own) win over ``wheels`` of the same name, and of
    two kernel wheels of one name the newer version wins.
    """
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
        depends[key] = sorted(deps)
    wanted, todo = set(), [canonicalize_name(r) for r in roots]
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
                    # imported, but it imports pandas when called (durak_lab.tables._pandas)
                    if getattr(getattr(m, n), "needs_pandas", False) is True:
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
    """The browser copy of a notebook, and the first line of each code cell left out."""
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
        for stmt in tree.body:
            used, bound = _cell_names(stmt)
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                names = {(a.asname or a.name).split(".")[0] for a in stmt.names}
                mod = getattr(stmt, "module", None) or ""
                if names & tainted or mod.split(".")[0] in LAB_ONLY_MODULES:
                    tainted |= names
                    continue
            elif used & tainted:
                dropped_here = True
                break
            body.append(stmt)
        source = "".join(cell["source"])
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
        if len(body) != len(tree.body):
            lines = source.splitlines()
            source = "\n".join("\n".join(lines[s.lineno - 1:s.end_lineno]) for s in body)
        new_cell = copy.deepcopy(cell)
        new_cell["source"] = source
        new_cell["outputs"], new_cell["execution_count"] = [], None
        out_cells.append(new_cell)
    if replacements:
        raise SystemExit(f"lite: {src.name}: no left-out cell contains {sorted(replacements)}")
    nb["cells"] = out_cells
    return nb, left_out


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
    packages = write_lock(pyodide_dir, wheels, kernel_wheels, PRELOAD + ["piplite"])
    print(f"lite: {len(packages)} packages in the browser's lockfile")

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
    (stage / "overrides.json").write_text(json.dumps(overrides, indent=2), encoding="utf-8")

    content = stage / "content"
    content.mkdir()
    for name in NOTEBOOKS:
        nb, left_out = lite_notebook(REPO / "notebooks" / name)
        (content / name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        note = f", left out {len(left_out)} cells that need pandas" if left_out else ""
        print(f"lite: {name}{note}")

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
