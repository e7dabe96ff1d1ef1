"""Fixtures for the browser tests: JupyterLab and Voila servers, headless Chromium.

Both servers are started once per test session, on free ports of 127.0.0.1, and
serve a temporary copy of ``notebooks/`` and ``tutorials/`` (so autosave and
checkpoints never touch the repository) with their own settings, workspace and
runtime folders. Pages get the server as ``base_url``: ``lab_page`` and
``voila_page`` take paths like ``/lab/tree/notebooks/00_start_here.ipynb``; see
``jupyter_pages.py`` for the helpers that open and run notebooks.

Chromium is Debian's ``/usr/bin/chromium`` (set ``DURAK_LAB_CHROMIUM`` to use
another binary), driven by the ``playwright`` package from PyPI; Playwright's own
browser downloads are never used. Without the browser, or without playwright,
every test marked ``browser`` is skipped.

Screenshots go to ``test-output/browser/`` (gitignored); set
``DURAK_LAB_TEST_OUTPUT`` to write them elsewhere.
"""

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Optional

import pytest
from repo_helpers import stop_process

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("DURAK_LAB_CHROMIUM", "/usr/bin/chromium")
# --no-sandbox: CI runs as root. The rest keep Chromium from calling home on a
# closed network (and from waiting for it).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# A deterministic JupyterLab: Binder's settings (binder/overrides.json: no news
# toast, no update check), no other notifications, and every cell in the DOM (the
# default windowing leaves offscreen cells out of it).
LAB_OVERRIDES = json.loads((REPO / "binder" / "overrides.json").read_text(encoding="utf-8"))
LAB_OVERRIDES["@jupyterlab/apputils-extension:notification"]["doNotDisturbMode"] = True
LAB_OVERRIDES["@jupyterlab/notebook-extension:tracker"] = {"windowingMode": "none"}
# Folders served to both servers (a temporary copy of each that exists).
SERVED_DIRS = ("notebooks", "tutorials")
SERVER_START_TIMEOUT = 90
VIEWPORT = {"width": 1400, "height": 1400}

_missing = None
if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
    _missing = f"no Chromium at {CHROMIUM} (install Debian's chromium or set DURAK_LAB_CHROMIUM)"
else:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing = "the playwright package is not installed (pip install -e '.[test]')"

# Figures the tests report (server start-up, click-to-update times), printed
# again at the end of the run, also without -s.
_REPORT = pytest.StashKey[list]()


@pytest.fixture(scope="session")
def report(request):
    """``report(line)``: print a figure now (visible with -s) and in the terminal summary."""
    lines = request.config.stash.setdefault(_REPORT, [])

    def add(line: str) -> None:
        print(line)
        lines.append(line)

    return add


def pytest_collection_modifyitems(config, items):
    if _missing is None:
        return
    skip = pytest.mark.skip(reason=f"browser tests skipped: {_missing}")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter, config):
    lines = config.stash.get(_REPORT, [])
    if lines:
        terminalreporter.section("browser test figures")
        for line in lines:
            terminalreporter.write_line(line)


# ------------------------------------------------------------------ servers
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _log_tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _start_server(name: str, cmd: list, env: dict, ready_url: str, log_path: Path):
    """Start a server process and wait until ``ready_url`` answers 200.

    Returns ``(process, seconds)``. The process is this function's own child, and
    only that PID is ever signalled.
    """
    log = open(log_path, "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    log.close()  # the child holds its own copy
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < SERVER_START_TIMEOUT:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} exited early with {proc.returncode}:\n{_log_tail(log_path)}")
        try:
            with urllib.request.urlopen(ready_url, timeout=2) as r:
                if r.status == 200:
                    return proc, time.perf_counter() - t0
        except OSError:
            time.sleep(0.1)
    _stop_server(proc)
    raise TimeoutError(f"{name} not ready after {SERVER_START_TIMEOUT}s at {ready_url}:\n{_log_tail(log_path)}")


def _stop_server(proc) -> None:
    # SIGTERM to this PID only: jupyter-server and Voila shut their kernels down.
    stop_process(proc)


def _server_env(runtime_dir: Path) -> dict:
    # Connection files and the cookie secret go to a temporary folder, not ~.
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(runtime_dir))
    # The kernels import the package of this checkout, the one under test (where the package
    # is installed from this checkout, as in CI, that is the same code).
    path = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in path if Path(p).resolve() != REPO])
    return env


@pytest.fixture(scope="session")
def notebook_root(tmp_path_factory) -> Path:
    """A temporary copy of the served folders; both servers use it as their root."""
    root = tmp_path_factory.mktemp("served")
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for name in SERVED_DIRS:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, root / name, ignore=ignore)
    return root


def start_lab(root: Path, cfg: Path, overrides: Optional[dict]) -> tuple:
    """Start a JupyterLab server (no token) serving ``root``, its settings, workspaces and
    runtime files under ``cfg``, with ``overrides`` as its settings overrides (None: none).
    Returns ``(process, base URL, seconds to start)``; stop it with ``_stop_server``."""
    (cfg / "app_settings").mkdir(parents=True, exist_ok=True)
    if overrides is not None:
        (cfg / "app_settings" / "overrides.json").write_text(json.dumps(overrides))
    port = _free_port()
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ip=127.0.0.1", f"--port={port}",
        "--IdentityProvider.token=", "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--expose-app-in-browser",  # window.jupyterapp, for kernel readiness and run-all
        f"--LabApp.app_settings_dir={cfg / 'app_settings'}",
        f"--LabApp.user_settings_dir={cfg / 'user_settings'}",
        f"--LabApp.workspaces_dir={cfg / 'workspaces'}",
    ]
    base = f"http://127.0.0.1:{port}"
    proc, seconds = _start_server("jupyter lab", cmd, _server_env(cfg / "runtime"),
                                  base + "/api/status", cfg / "lab.log")
    return proc, base, seconds


@pytest.fixture(scope="session")
def lab_url(notebook_root, tmp_path_factory, report) -> str:
    """Base URL of a JupyterLab server (no token) serving ``notebook_root``."""
    cfg = tmp_path_factory.mktemp("lab")
    proc, base, seconds = start_lab(notebook_root, cfg, LAB_OVERRIDES)
    report(f"jupyter lab ready in {seconds:.1f} s (log: {cfg / 'lab.log'})")
    try:
        yield base
    finally:
        _stop_server(proc)


@pytest.fixture(scope="session")
def voila_url(notebook_root, tmp_path_factory, report) -> str:
    """Base URL of a Voila server in folder mode over ``notebook_root``.

    Pages are at ``/voila/render/notebooks/<name>.ipynb``: the same path as on
    Binder, where Voila runs as a Jupyter server extension.
    """
    cfg = tmp_path_factory.mktemp("voila")
    port = _free_port()
    cmd = [
        sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
        "--Voila.ip=127.0.0.1", "--show_tracebacks=True", str(notebook_root),
    ]
    base = f"http://127.0.0.1:{port}"
    proc, seconds = _start_server("voila", cmd, _server_env(cfg / "runtime"), base + "/", cfg / "voila.log")
    report(f"voila ready in {seconds:.1f} s (log: {cfg / 'voila.log'})")
    try:
        yield base
    finally:
        _stop_server(proc)


# ------------------------------------------------------------------ browser
@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def _new_page(browser, base_url: str):
    ctx = browser.new_context(base_url=base_url, viewport=VIEWPORT)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    # Uncaught exceptions in the page; tests assert on them (see jupyter_pages).
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    # Requests not answered yet: a page that does not load names them (jupyter_pages.open_voila).
    page.pending_requests = {}
    page.on("request", lambda r: page.pending_requests.__setitem__(r.url, time.monotonic()))
    page.on("requestfinished", lambda r: page.pending_requests.pop(r.url, None))
    page.on("requestfailed", lambda r: page.pending_requests.pop(r.url, None))
    return ctx, page


def _shutdown_kernels(base_url: str) -> None:
    """Shut down the notebook sessions of a Jupyter server, so kernels do not pile up."""
    # A change needs an XSRF token sent twice, as cookie and header; any value will do.
    xsrf = secrets.token_hex(16)
    headers = {"X-XSRFToken": xsrf, "Cookie": f"_xsrf={xsrf}"}
    try:
        with urllib.request.urlopen(base_url + "/api/sessions", timeout=10) as r:
            sessions = json.load(r)
        for session in sessions:
            req = urllib.request.Request(f"{base_url}/api/sessions/{session['id']}", method="DELETE",
                                         headers=headers)
            urllib.request.urlopen(req, timeout=30).close()
    except OSError as err:  # the server stops at the end of the session anyway
        print(f"could not shut down the kernels of {base_url}: {err}")


@pytest.fixture
def lab_page(browser, lab_url):
    """A fresh browser page whose relative URLs go to the JupyterLab server.

    The same server also serves Voila as an extension (``/voila/render/...``),
    the way Binder does. Kernels started by the test are shut down afterwards.
    """
    ctx, page = _new_page(browser, lab_url)
    yield page
    ctx.close()
    _shutdown_kernels(lab_url)


@pytest.fixture
def voila_page(browser, voila_url):
    """A fresh browser page whose relative URLs go to the Voila server."""
    ctx, page = _new_page(browser, voila_url)
    yield page
    ctx.close()


@pytest.fixture
def screenshot(request):
    """``screenshot(target, suffix="")`` saves a PNG of a page or a locator.

    The file is ``test-output/browser/<test name><suffix>.png`` (gitignored);
    its path is printed and returned.
    """
    base = Path(os.environ.get("DURAK_LAB_TEST_OUTPUT", REPO / "test-output")) / "browser"
    base.mkdir(parents=True, exist_ok=True)
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in request.node.name)

    def take(target, suffix: str = "") -> Path:
        path = base / f"{stem}{suffix}.png"
        target.screenshot(path=str(path))
        print(f"screenshot: {path}")
        return path

    return take
