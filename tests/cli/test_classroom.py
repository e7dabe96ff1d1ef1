"""``durak-lab classroom``: one Voila server for a computer room, offline, that does not fill up.

The shipped configuration (``durak_lab/cli/classroom/voila.json``) is valid: every setting is a
setting of the class it names, the kernel manager loads by its class path and the template by its
name. The command prints the students' addresses and runs Voila with that configuration. A real
server, started by the command on 127.0.0.1 with short culling times, refuses the page beyond the
limit with the plain sentence, grants the shutdown a closing page asks for, shuts down the kernels
of pages nobody is connected to, and then serves again (the browser half: the play table offline,
a reload, a page left open and a page closed, is in ``tests/browser/test_classroom.py``).
"""

from __future__ import annotations

import json
import os
import re
import sys
import urllib.request
from fnmatch import fnmatch
from pathlib import Path

import pytest

from durak_lab.cli import main
from durak_lab.cli.classroom import CONFIG_DIR, JUPYTER_DIR, shipped_config, student_urls, voila_command
from durak_lab.cli.classroom.command import Classroom
from durak_lab.cli.classroom.kernels import refusal
from durak_lab.text.messages import say

from classroom_helpers import get, kernels_of, needs_proc, start_classroom, wait_for_kernels, write_tiny_notebook
from repo_helpers import REPO, stop_process

TEMPLATE = JUPYTER_DIR / "voila" / "templates" / "durak-lab"
CDN_HOSTS = ("cdn.jsdelivr.net", "cdnjs.cloudflare.com", "unpkg.com")


# ------------------------------------------------------------------ the configuration
def test_the_shipped_config_is_valid_and_reaches_voilas_kernel_manager():
    """Every setting of voila.json is a setting of the class it names, and reaches the kernel manager
    Voila makes of the class it names (Voila subclasses it: the settings go by the class's name)."""
    loader = pytest.importorskip("traitlets.config.loader")
    configuration = pytest.importorskip("voila.configuration")
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from durak_lab.cli.classroom.kernels import ClassroomKernelManager

    from voila.app import Voila

    config = loader.JSONFileConfigLoader("voila.json", path=str(CONFIG_DIR)).load_config()
    classes = {"Voila": Voila, "VoilaConfiguration": configuration.VoilaConfiguration,
               "ClassroomKernelManager": ClassroomKernelManager}
    assert set(config) == set(classes)
    for section, cls in classes.items():
        settable = set(cls.class_trait_names(config=True))
        assert set(config[section]) <= settable, (section, set(config[section]) - settable)
    # the page's shutdown request when it closes carries no XSRF token: Voila 0.5.13 refused it
    assert config["Voila"]["tornado_settings"] == {"disable_check_xsrf": True}
    voila = configuration.VoilaConfiguration(config=config)
    assert voila.template == "durak-lab" and voila.multi_kernel_manager_class is ClassroomKernelManager
    km = voila_kernel_manager_factory(voila.multi_kernel_manager_class, False, 0)(config=config)
    assert isinstance(km, ClassroomKernelManager) and type(km) is not ClassroomKernelManager
    assert (km.cull_idle_timeout, km.cull_interval, km.cull_connected, km.cull_busy) == (15 * 60, 60, True, False)
    assert km.kernel_limit == 40 and 0 < km.cull_disconnected_timeout < km.cull_idle_timeout


def test_the_kernel_manager_loads_by_its_class_path():
    kernelmanager = pytest.importorskip("jupyter_server.services.kernels.kernelmanager")
    from traitlets.utils.importstring import import_item

    cls = import_item(shipped_config()["VoilaConfiguration"]["multi_kernel_manager_class"])
    assert issubclass(cls, kernelmanager.AsyncMappingKernelManager)
    assert cls.kernel_limit.default_value == 40 and cls.__module__ == "durak_lab.cli.classroom.kernels"


def test_the_template_extends_lab_and_links_no_other_host():
    assert shipped_config()["VoilaConfiguration"]["template"] == TEMPLATE.name
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"
    for page in TEMPLATE.iterdir():
        text = page.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, page.name


def test_the_refusal_is_a_plain_sentence_of_the_message_tables():
    title, sentence = refusal(40)
    assert title == say("classroom-full-title") and sentence == say("classroom-full", limit=40)
    assert "40 pages" in sentence and "teacher" in sentence


def test_the_wheel_ships_the_classroom_files():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    globs = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["durak_lab"]
    data = [p for p in CONFIG_DIR.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")]
    assert len(data) >= 4
    for p in data:
        rel = p.relative_to(REPO / "durak_lab").as_posix()
        assert any(fnmatch(rel, g) for g in globs), rel


# ------------------------------------------------------------------ the command
def test_dry_run_prints_the_addresses_and_the_voila_command(tmp_path, capsys):
    (tmp_path / "play.ipynb").write_text("{}")
    code = main(["classroom", "--dry-run", "--notebooks", str(tmp_path), "--ip", "127.0.0.1", "--port", "9001",
                 "--max-kernels", "30", "--idle-minutes", "20"])
    out = capsys.readouterr().out
    assert code == 0
    for app, url, _ in student_urls("127.0.0.1", 9001):
        assert url in out
    assert "http://127.0.0.1:9001/voila/render/play.ipynb" in out
    assert "learn.ipynb   the lessons, for a class  (missing from this folder)" in out
    assert "At most 30 pages run at once" in out and "20 minutes without a click" in out
    command = out.split("The Voila command (--dry-run: not started):\n", 1)[1]
    assert f"JUPYTER_PATH={JUPYTER_DIR}" in command and "-m voila" in command
    assert "--ClassroomKernelManager.kernel_limit=30" in command
    assert "--ClassroomKernelManager.cull_idle_timeout=1200" in command


def test_every_network_means_this_machines_address(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("durak_lab.cli.classroom.command.this_machine_address", lambda: "192.0.2.7")
    assert main(["classroom", "--dry-run", "--notebooks", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "http://192.0.2.7:8866/voila/render/learn.ipynb" in out and "At most 40 pages" in out
    assert "--Voila.ip=0.0.0.0" in out and "15 minutes" in out


def test_run_starts_voila_with_the_shipped_config(tmp_path, capsys, monkeypatch):
    pytest.importorskip("voila")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notebooks").mkdir()
    started = []

    def launch(cmd, env):
        started.append((cmd, env))
        return 0

    from durak_lab.cli.app import _parser
    from durak_lab.cli.classroom import run

    ns = _parser().parse_args(["classroom", "--port", "8899", "--", "--ClassroomKernelManager.cull_interval=5"])
    assert run(ns, sys.stdout, sys.stderr, launch=launch, environ={"JUPYTER_PATH": "other"}) == 0
    [(cmd, env)] = started
    assert cmd[1:4] == ["-m", "voila", str((tmp_path / "notebooks").resolve())]
    assert f"--Voila.config_file_paths={CONFIG_DIR}" in cmd and "--port=8899" in cmd
    assert "--Voila.port_retries=0" in cmd and "--no-browser" in cmd
    assert cmd[-1] == "--ClassroomKernelManager.cull_interval=5"
    assert env["JUPYTER_PATH"] == os.pathsep.join([str(JUPYTER_DIR), "other"])
    assert "Stop the server with Ctrl+C." in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["--notebooks", "no-such-folder"], "--notebooks: no-such-folder is not a folder"),
    (["--port", "70000"], "at most 65535"),
    (["--max-kernels", "0"], "at least 1"),
    (["--notebooks", ".", "stray"], "further Voila options go after --"),
])
def test_bad_options_exit_2_naming_the_option(argv, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["classroom", "--dry-run", *argv]) == 2
    assert words in capsys.readouterr().err


def test_without_a_notebooks_folder_it_says_where_to_start(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["classroom", "--dry-run"]) == 2
    assert "start durak-lab classroom in the durak_lab folder, or give --notebooks DIR" in capsys.readouterr().err


def test_the_command_line_keeps_what_the_teacher_chose():
    cmd = voila_command(Classroom(Path("/srv/nb"), port=8000, ip="127.0.0.1", idle_minutes=10), python="py")
    assert cmd[:4] == ["py", "-m", "voila", str(Path("/srv/nb"))]
    assert "--ClassroomKernelManager.cull_idle_timeout=600" in cmd and "--Voila.ip=127.0.0.1" in cmd
    assert not any("kernel_limit" in a for a in cmd)  # voila.json's limit holds


# ------------------------------------------------------------------ a real server
@pytest.mark.slow
@needs_proc
def test_a_real_server_refuses_beyond_the_limit_and_shuts_kernels_down(tmp_path):
    """Two tiny pages fill a server limited to 2 kernels; the third visitor gets the sentence (503).
    A page that closes asks for its kernel's shutdown without an XSRF token, as Voila's page does
    (Voila refused it: every reload left a kernel behind); it is granted. Fetched without a browser,
    the other page never connects: its kernel goes after 10 s without a page (checked every second),
    and the server serves again."""
    pytest.importorskip("voila")
    folder = tmp_path / "notebooks"
    folder.mkdir()
    write_tiny_notebook(folder)
    proc, base, log = start_classroom(folder, tmp_path, "--max-kernels", "2", "--",
                                      "--ClassroomKernelManager.cull_interval=1",
                                      "--ClassroomKernelManager.cull_disconnected_timeout=10")
    try:
        url = base + "/voila/render/tiny.ipynb"
        pages = [get(url) for _ in range(2)]
        for status, body in pages:
            assert status == 200 and "tiny page ready" in body
            assert not any(host in body for host in CDN_HOSTS)  # the durak-lab template, no CDN link
        assert len(kernels_of(proc.pid)) == 2
        status, body = get(url)
        title, sentence = refusal(2)
        assert status == 503 and f"<h1>{title}</h1>" in body and f"<p>{sentence}</p>" in body
        assert "https://" not in body and "Traceback" not in body
        assert len(kernels_of(proc.pid)) == 2

        kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', pages[0][1]).group(1)
        form = urllib.request.Request(f"{base}/voila/api/shutdown/{kernel_id}", data=b"_xsrf=", method="POST")
        with urllib.request.urlopen(form, timeout=30) as r:
            assert r.status == 204
        wait_for_kernels(proc.pid, 1, timeout=10)

        waited = wait_for_kernels(proc.pid, 0, timeout=30)
        assert waited < 20
        text = log.read_text()
        assert "Classroom: a page was refused" in text and "no page connected to it" in text
        status, body = get(url)
        assert status == 200 and len(kernels_of(proc.pid)) == 1
    finally:
        stop_process(proc)
    assert kernels_of(proc.pid) == []  # (the PID is gone: nothing of it is left)
