"""The package's layers are its subpackages, and imports run one way: down.

One table, :data:`MAY_IMPORT`, says which layers and which libraries outside the
standard library each subpackage may import at module level. Every module's
imports are read with :mod:`ast` and checked against it; the imports between the
package's modules form no circle; and importing the standard-library layers in a
fresh interpreter loads none of the heavy libraries.
"""

import ast
import graphlib
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE_DIR = REPO / "durak_lab"

HEAVY = ("networkx", "pandas", "plotly", "ipywidgets", "anywidget", "IPython", "numpy", "traitlets")

#: Bottom to top. A layer may import the layers listed for it and the libraries
#: listed for it, besides the standard library and itself.
MAY_IMPORT = {
    "engine": ((), ()),
    "analysis": (("engine",), ()),
    "bots": (("engine", "analysis"), ()),
    "text": (("engine", "analysis"), ()),
    "display": (("engine", "analysis", "text"), ()),
    "session": (("engine", "analysis", "bots", "text"), ()),
    "lessons": (("engine", "analysis", "bots", "text", "session"), ()),
    "graphs": (("engine", "analysis", "bots", "text", "display", "session", "lessons"), ("networkx",)),
    "tables": (("engine", "analysis", "bots", "text", "display", "session", "lessons", "graphs"), ("pandas",)),
    "plots": (("engine", "analysis", "bots", "text", "display", "session", "lessons", "graphs", "tables"),
              ("plotly", "pandas", "networkx")),
    "widgets": (("engine", "analysis", "bots", "text", "display", "session", "lessons", "graphs", "tables",
                 "plots"),
                ("ipywidgets", "anywidget", "traitlets", "IPython", "plotly", "pandas", "networkx")),
    # the doors for the game-AI libraries (the "rl" extra): nothing of the package imports them but the command line
    "rl": (("engine", "analysis", "bots"), ("numpy", "gymnasium", "pettingzoo", "pyspiel")),
    "cli": (("engine", "analysis", "bots", "text", "display", "session", "lessons", "graphs", "tables", "plots",
             "widgets", "rl", "top"), ()),
    # durak_lab/__init__.py re-exports the engine and the choice of language (text.catalogue.languages).
    "top": (("engine", "text"), ()),
}
LAYERS = tuple(MAY_IMPORT)

#: Imports that may point up, inside a function, and which functions may make them:
#: a rich display (``_repr_svg_``, ``_repr_html_``…) of the engine draws itself with
#: the display layer, as python-chess's board imports its SVG module inside the
#: method; and ``durak_lab.play()``, ``durak_lab.learn()``, ``durak_lab.teacher()`` and ``durak_lab.board()``, in
#: the top package alone, open the play table, the lesson player, the teacher's view and the analysis board;
#: ``durak_lab.live()`` the live helper.
LAZY_UP = {("engine", "display"): "_repr_", ("top", "widgets"): ("play", "learn", "teacher", "board", "live")}


def lazy_up_allowed(module, mine, theirs, function):
    """Whether ``function`` of ``module`` (layer ``mine``) may import layer ``theirs`` in its body."""
    allowed = LAZY_UP.get((mine, theirs))
    if allowed is None or function is None:
        return False
    if (mine, theirs) == ("top", "widgets"):
        return module == "durak_lab" and function in allowed
    return function.startswith(allowed)

STANDARD = set(sys.stdlib_module_names) | {"__future__"}

#: The layers that must load no heavy library when imported.
LIGHT_PACKAGES = ("durak_lab", "durak_lab.engine", "durak_lab.analysis", "durak_lab.bots",
                  "durak_lab.text", "durak_lab.display", "durak_lab.session", "durak_lab.lessons", "durak_lab.cli")


def _modules():
    """(dotted name, path) of every module of the package."""
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        rel = path.relative_to(REPO).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


MODULES = dict(_modules())


def layer_of(name):
    """The layer of a module ``durak_lab.X.…``: X, or "top" for the package's ``__init__``
    (``__main__`` runs the command line: it counts as ``cli``)."""
    parts = name.split(".")
    if name == "durak_lab.__main__":
        return "cli"
    if len(parts) > 1 and parts[1] in MAY_IMPORT:
        return parts[1]
    return "top"


def _resolve(module_name, is_package, node):
    """The absolute names an import statement reaches."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level == 0:
        return [node.module]
    base = module_name.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    if node.module:
        return [".".join(base + node.module.split("."))]
    # ``from . import x``: the names may be submodules
    return [".".join(base + [alias.name]) if ".".join(base + [alias.name]) in MODULES else ".".join(base)
            for alias in node.names]


def _is_type_checking_guard(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(body, function=None):
    """Yield (lineno, import node, enclosing function name or None) for every import.

    ``if TYPE_CHECKING:`` bodies are skipped (they never run).
    """
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node.lineno, node, function
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _imports(node.body, node.name)
        elif isinstance(node, ast.If) and _is_type_checking_guard(node.test):
            yield from _imports(node.orelse, function)
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                block = getattr(node, field, None)
                if isinstance(block, list):
                    yield from _imports(block, function)


def imports_of(name):
    """[(lineno, imported absolute name, enclosing function or None)] of one module."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for lineno, node, function in _imports(tree.body):
        for target in _resolve(name, path.name == "__init__.py", node):
            out.append((lineno, target, function))
    return out


def test_every_module_sits_in_a_layer():
    stray = [name for name in MODULES if layer_of(name) == "top" and name != "durak_lab"]
    assert stray == [], f"modules outside every layer's folder: {stray}"
    assert set(LAYERS) - {"top"} <= {name.split(".")[1] for name in MODULES if name.count(".") >= 1}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_imports_follow_the_table(name):
    mine = layer_of(name)
    layers, libraries = MAY_IMPORT[mine]
    wrong = []
    for lineno, target, function in imports_of(name):
        top = target.split(".")[0]
        where = f"{MODULES[name].relative_to(REPO)}:{lineno} imports {target}"
        if top == "durak_lab":
            theirs = layer_of(target)
            if theirs == mine or theirs in layers:
                continue
            if lazy_up_allowed(name, mine, theirs, function):
                continue
            wrong.append(f"{where} (layer {theirs!r}, not allowed for {mine!r}"
                         f"{' inside ' + function if function else ' at module level'})")
        elif top in STANDARD:
            continue
        elif function is None and top not in libraries:
            wrong.append(f"{where} (a library {mine!r} may not import at module level)")
        elif function is not None and top in HEAVY and top not in libraries and mine in ("engine", "analysis",
                                                                                         "bots", "text",
                                                                                         "display", "session",
                                                                                         "lessons"):
            wrong.append(f"{where} (a heavy library inside {function}, in a standard-library layer)")
    assert wrong == []


def test_the_table_itself_runs_one_way():
    """No two layers may import each other: the table is an order."""
    sorter = graphlib.TopologicalSorter({layer: set(MAY_IMPORT[layer][0]) for layer in LAYERS})
    order = list(sorter.static_order())  # raises CycleError on a circle
    assert order[0] == "engine" and order[-1] == "cli"


def test_no_import_circle_between_modules():
    """Module-level imports between the package's modules form no circle (``records`` once
    went round through ``frames`` and ``explain``; ``cards`` through ``render``)."""
    graph = {}
    for name in MODULES:
        deps = set()
        for _, target, function in imports_of(name):
            if function is None and target.startswith("durak_lab"):
                while target not in MODULES and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target != name:
                    deps.add(target)
        graph[name] = deps
    # A package's __init__ imports its modules, and they import siblings through the
    # package path only as modules, so an edge into a package's own __init__ from inside
    # it would be a circle: none is allowed.
    graphlib.TopologicalSorter(graph).prepare()


def test_no_file_named_for_a_removed_flat_module():
    """The old flat modules (solver_cli.py, graph_plots.py, …) are gone from the top folder, and no
    shim brings their names back."""
    assert sorted(p.name for p in PACKAGE_DIR.glob("*.py")) == ["__init__.py", "__main__.py"]


#: The families that are folders with a face: no module beside the folder carries its name as a prefix.
FAMILIES = {"engine": ("kernel", "record", "state"), "analysis": ("solver", "inference"),
            "widgets": ("play", "lesson", "stepper")}


def test_a_family_of_modules_is_a_folder_not_a_name_prefix():
    """engine/kernel/, analysis/solver/, widgets/play/ …: a family of modules is a folder whose
    ``__init__`` is its face (see the style notes), not ``kernel_*.py`` files beside each other."""
    for layer, prefixes in FAMILIES.items():
        for prefix in prefixes:
            assert (PACKAGE_DIR / layer / prefix).is_dir() or (PACKAGE_DIR / layer / (prefix + "s")).is_dir(), prefix
            strays = [p.name for p in (PACKAGE_DIR / layer).glob(prefix + "_*.py")]
            assert not strays, f"{layer}/{strays} belong in the folder {layer}/{prefix}/"


def test_no_face_exports_a_name_its_own_module_has():
    """A face that exports ``solve`` beside a module ``solve.py`` hands out the module or the function
    depending on import order (importing a submodule sets the package's attribute): never the same name."""
    for init in PACKAGE_DIR.rglob("__init__.py"):
        folder = init.parent
        modules = {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}
        module = importlib.import_module(".".join(folder.relative_to(PACKAGE_DIR.parent).parts))
        clash = sorted(set(getattr(module, "__all__", ())) & modules)
        assert not clash, f"{module.__name__} exports {clash}, which are also its modules"


# Runs in a fresh interpreter: argv[1] is the modules to import, argv[2] the
# heavy libraries; prints the heavy top-level packages that ended up loaded.
_PROBE = """
import importlib, json, sys
modules, heavy = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for name in modules:
    importlib.import_module(name)
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules} & set(heavy))))
"""


def _loaded_by(modules):
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(list(modules)), json.dumps(HEAVY)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("package", LIGHT_PACKAGES)
def test_importing_a_light_layer_loads_no_heavy_library(package):
    assert _loaded_by([package]) == []


def test_importing_every_standard_library_module_loads_no_heavy_library():
    light = [name for name in MODULES
             if layer_of(name) in ("engine", "analysis", "bots", "text", "display", "session", "lessons", "cli")
             or name == "durak_lab"]
    assert _loaded_by(light) == []


#: What a learner runs needs neither pandas nor numpy (nor networkx), so that it also runs
#: in JupyterLite, where they cannot be installed.
LEARNER_MODULES = ("durak_lab.widgets.stepper", "durak_lab.widgets.play.table", "durak_lab.widgets.lessons.player",
                   "durak_lab.widgets.teacher", "durak_lab.widgets.board",
                   "durak_lab.widgets.live")  # the teacher's view reads handed-in files in JupyterLite too


@pytest.mark.parametrize("module", LEARNER_MODULES)
def test_learner_widgets_need_no_pandas(module):
    assert set(_loaded_by([module])) & {"pandas", "numpy", "networkx"} == set()


# Runs in a fresh interpreter: opens the play table as notebooks/play.ipynb does; prints the
# heavy top-level packages that ended up loaded.
_PLAY_PROBE = """
import json, sys
import durak_lab
durak_lab.play
table = durak_lab.play()
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules} & set(json.loads(sys.argv[1])))))
"""


def test_the_play_table_loads_no_figures_graphs_or_tables():
    """``import durak_lab; durak_lab.play()`` (notebooks/play.ipynb) loads neither plotly nor networkx
    nor pandas: the JupyterLite site loads plotly and networkx only when something imports them, so
    the play table is up before they would have loaded."""
    proc = subprocess.run([sys.executable, "-c", _PLAY_PROBE, json.dumps(HEAVY)], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    loaded = set(json.loads(proc.stdout.strip().splitlines()[-1]))
    assert "ipywidgets" in loaded  # the control: the probe did open the table
    assert loaded & {"plotly", "networkx", "pandas", "numpy"} == set()


# Runs in a fresh interpreter with pandas (and numpy) made unimportable, as in JupyterLite:
# argv[1] is the modules to import; prints whether pandas ended up loaded.
_NO_PANDAS_PROBE = """
import importlib, json, sys
sys.modules["pandas"] = None   # `import pandas` now raises ModuleNotFoundError
sys.modules["numpy"] = None
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
print(json.dumps(sys.modules.get("pandas") is not None))
"""


@pytest.mark.parametrize("module", ("durak_lab.plots", "durak_lab.plots.trumps", "durak_lab.tables",
                                    "durak_lab.widgets.trumps"))
def test_the_plots_and_the_trump_widget_import_without_pandas(module):
    """The plotly charts a JupyterLite notebook draws import where pandas cannot be imported:
    the tables layer imports pandas inside the functions that build DataFrames."""
    proc = subprocess.run([sys.executable, "-c", _NO_PANDAS_PROBE, json.dumps([module])],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.strip().splitlines()[-1]) is False


def test_the_no_pandas_probe_can_fail():
    """The control: with pandas blocked, building a trump table fails (it needs pandas)."""
    code = _NO_PANDAS_PROBE + ("from durak_lab.tables.trumps import trump_course\n"
                               "from durak_lab.engine.records import load_example\n"
                               "trump_course(load_example('EX-KO-1'), seat=0)\n")
    proc = subprocess.run([sys.executable, "-c", code, "[]"], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode != 0 and "import of pandas halted" in proc.stderr


def test_only_play_learn_teacher_board_and_live_in_the_top_package_may_import_the_widgets():
    """The upward imports of the top package are ``play``'s, ``learn``'s, ``teacher``'s, ``board``'s and ``live``'s, and
    the rule admits nothing else."""
    ups = [(lineno, target, function) for lineno, target, function in imports_of("durak_lab")
           if layer_of(target) == "widgets"]
    assert sorted((target, function) for _, target, function in ups) == [
        ("durak_lab.widgets.board", "board"), ("durak_lab.widgets.lessons.player", "learn"), ("durak_lab.widgets.live", "live"),
        ("durak_lab.widgets.play.table", "play"), ("durak_lab.widgets.teacher", "teacher")]
    assert lazy_up_allowed("durak_lab", "top", "widgets", "play")
    assert lazy_up_allowed("durak_lab", "top", "widgets", "learn")
    assert not lazy_up_allowed("durak_lab", "top", "widgets", "learning")
    assert not lazy_up_allowed("durak_lab", "top", "widgets", "_play")
    assert not lazy_up_allowed("durak_lab", "top", "widgets", None)
    assert not lazy_up_allowed("durak_lab.__main__", "top", "widgets", "play")
    assert not lazy_up_allowed("durak_lab.engine.game", "engine", "widgets", "play")
    assert not lazy_up_allowed("durak_lab", "top", "display", "play")
    assert lazy_up_allowed("durak_lab.engine.cards", "engine", "display", "_repr_svg_")
    assert not lazy_up_allowed("durak_lab.engine.cards", "engine", "display", "play")


def test_the_probe_can_fail():
    """The control: importing the plots layer does load plotly."""
    assert "plotly" in _loaded_by(["durak_lab.plots"])


def _private_imports_across_folders(name, path, source):
    """``from X import _name`` in the module ``name`` (file ``path``, text ``source``) where ``_name``
    lives in another folder than the module's own (a submodule ``X._name`` or a name of the module X)."""
    tree = ast.parse(source, filename=str(path))
    base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            target = ".".join(base[:len(base) - (node.level - 1)] + (node.module.split(".") if node.module else []))
        else:
            target = node.module or ""
        if target.split(".")[0] != "durak_lab":
            continue
        for alias in node.names:
            if not alias.name.startswith("_") or alias.name.startswith("__"):
                continue
            owner = MODULES.get(f"{target}.{alias.name}") or MODULES.get(target)
            if owner is not None and owner.parent != path.parent:
                yield f"{path.relative_to(REPO)}:{node.lineno} imports {alias.name} from {target}"


def test_no_module_imports_a_private_name_from_another_folder():
    """A name that starts with ``_`` is private to its folder: a module of another folder imports a public
    name (the folder's face, or its module's ``__all__``), so the private ones can change in one place.
    Inside one folder private names are shared freely; doctests and tests may use any name."""
    found = [hit for name, path in MODULES.items()
             for hit in _private_imports_across_folders(name, path, path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)
    # the control: the rule sees such an import, relative or absolute, and lets one folder share
    cli = PACKAGE_DIR / "cli" / "probe.py"
    assert len(list(_private_imports_across_folders(
        "durak_lab.cli.probe", cli, "from ..analysis.solver.search import _Search\n"
        "from durak_lab.engine.kernel.core import _pack\nfrom .console import _private\n"))) == 2
