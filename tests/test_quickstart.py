"""The quick start: ``bash .ci/lab`` opens JupyterLab at the repository root, on the start notebook.

Serving the repository root (not ``notebooks/``) puts every notebook and tutorial in
the file browser and makes the links between them work (``tests/test_links.py``
follows them); the URL the server prints opens the start notebook, also with
``--no-browser``. ``.ci/setup`` has two installs: ``lab`` (no test tools) and the
default ``test``.
"""

import json
import os
import re
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from repo_helpers import stop_process

REPO = Path(__file__).resolve().parents[1]
START = "notebooks/00_start_here.ipynb"


def test_setup_knows_two_installs_and_refuses_others():
    proc = subprocess.run(["bash", str(REPO / ".ci" / "setup"), "everything"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2
    assert "usage: bash .ci/setup [lab|test]" in proc.stderr
    setup = (REPO / ".ci" / "setup").read_text(encoding="utf-8")
    assert '-e ".[$MODE]"' in setup and ".durak-lab-stamp-$" in setup
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^bash \.ci/setup( test)?$", run, re.M), "the test run must use the test install"


def test_lab_serves_the_repository_root_on_the_start_notebook():
    lab = (REPO / ".ci" / "lab").read_text(encoding="utf-8")
    assert "bash .ci/setup lab" in lab
    assert '--ServerApp.root_dir="$PWD"' in lab and '--LabApp.default_url="/lab/tree/$START"' in lab
    assert f"START={START}" in lab and (REPO / START).is_file()
    assert os.access(REPO / ".ci" / "lab", os.X_OK)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_lab_prints_a_url_that_opens_the_start_notebook(tmp_path):
    if not (REPO / ".venv" / "bin" / "jupyter").exists():
        pytest.skip("no .venv here: bash .ci/setup makes it")
    port = _free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    log_path = tmp_path / "lab.log"
    with open(log_path, "w") as log:  # .ci/lab execs JupyterLab: this PID is the server's
        proc = subprocess.Popen(["bash", str(REPO / ".ci" / "lab"), "--no-browser", "--ip=127.0.0.1",
                                 f"--port={port}", f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
                                 f"--LabApp.user_settings_dir={tmp_path / 'settings'}"],
                                cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        url = None
        t0 = time.perf_counter()
        while url is None and time.perf_counter() - t0 < 180:
            if proc.poll() is not None:
                pytest.fail(f".ci/lab exited with {proc.returncode}:\n{log_path.read_text()[-3000:]}")
            m = re.search(rf"http://127\.0\.0\.1:{port}/\S+", log_path.read_text())
            url = m.group(0) if m else None
            time.sleep(0.2)
        assert url, log_path.read_text()[-3000:]
        assert url.startswith(f"http://127.0.0.1:{port}/lab/tree/{START}?token="), url
        token = url.split("token=")[1]
        text = log_path.read_text()
        assert f"Serving notebooks from local directory: {REPO}" in text, text[-3000:]
        # the tutorials are in the file browser: the server's root is the repository
        api = f"http://127.0.0.1:{port}/api/contents/tutorials?content=1&token={token}"
        with urllib.request.urlopen(api, timeout=30) as r:
            names = {item["name"] for item in json.load(r)["content"]}
        assert "glossary.md" in names and "01_rules_step_by_step.ipynb" in names
        with urllib.request.urlopen(url, timeout=30) as r:
            assert r.status == 200
    finally:
        stop_process(proc)
