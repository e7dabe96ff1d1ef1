"""The core engine must stay importable with the standard library alone.

Analysis (networkx, pandas) and presentation (plotly, ipywidgets, anywidget)
live in their own layers; importing the core must not drag any of them in.
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE_DIR = REPO / "durak_lab"

HEAVY = ("networkx", "pandas", "plotly", "ipywidgets", "anywidget", "IPython", "numpy")

CORE_MODULES = (
    "durak_lab",
    "durak_lab.cards",
    "durak_lab.errors",
    "durak_lab.rules",
    "durak_lab.moves",
    "durak_lab.state",
    "durak_lab.game",
    "durak_lab.view",
    "durak_lab.notation",
    "durak_lab.records",
    "durak_lab.cli",
    "durak_lab.explain",
    "durak_lab.frames",
    "durak_lab.probability",
    "durak_lab.sampling",
    "durak_lab.evidence",
    "durak_lab.inference",
    "durak_lab.trumps_cli",
    "durak_lab.match",
    "durak_lab.console",
    "durak_lab.solver",
    "durak_lab.solver_bench",
    "durak_lab.analyser",
    "durak_lab.solver_cli",
    "durak_lab.analyse_cli",
    "durak_lab.commands",
    "durak_lab.probability_bench",
    "durak_lab.bots",
    "durak_lab.tournament",
)

# Files checked statically: the core modules above plus __main__.py and bench.py,
# which the import test leaves out (importing __main__ would run the CLI).
CORE_FILES = (
    "__init__.py",
    "__main__.py",
    "cards.py",
    "errors.py",
    "rules.py",
    "moves.py",
    "state.py",
    "game.py",
    "view.py",
    "notation.py",
    "records.py",
    "cli.py",
    "bench.py",
    "explain.py",
    "frames.py",
    "probability.py",
    "sampling.py",
    "match.py",
    "console.py",
    "evidence.py",
    "inference.py",
    "trumps_cli.py",
    "solver.py",
    "solver_bench.py",
    "analyser.py",
    "solver_cli.py",
    "analyse_cli.py",
    "commands.py",
    "probability_bench.py",
    "bots.py",
    "tournament.py",
)

# Runs in a fresh interpreter: argv[1] is the modules to import, argv[2] the
# heavy libraries; prints the heavy top-level packages that ended up loaded.
_PROBE = """
import importlib, json, sys
modules, heavy = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for name in modules:
    importlib.import_module(name)
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules} & set(heavy))))
"""


def _is_heavy(module_name):
    return module_name.split(".")[0] in HEAVY


def test_importing_core_loads_no_heavy_library():
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(CORE_MODULES), json.dumps(HEAVY)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    loaded = json.loads(proc.stdout.strip().splitlines()[-1])
    assert loaded == [], f"importing the core loaded heavy modules: {loaded}"


def _is_type_checking_guard(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_time_imports(body):
    """Yield (lineno, module) for imports that run when the module is imported.

    Function bodies are skipped (they run later); class bodies and if/try/with
    blocks at module level are searched; ``if TYPE_CHECKING:`` bodies are skipped.
    """
    for node in body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                yield node.lineno, node.module
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        elif isinstance(node, ast.If) and _is_type_checking_guard(node.test):
            yield from _import_time_imports(node.orelse)
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                block = getattr(node, field, None)
                if isinstance(block, list):
                    yield from _import_time_imports(block)


@pytest.mark.parametrize("filename", CORE_FILES)
def test_core_file_has_no_top_level_heavy_import(filename):
    path = PACKAGE_DIR / filename
    assert path.is_file(), f"missing core module {path.relative_to(REPO)}"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    offending = [
        f"{filename}:{lineno} imports {module}"
        for lineno, module in _import_time_imports(tree.body)
        if _is_heavy(module)
    ]
    assert offending == []
