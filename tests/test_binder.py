"""The Binder configuration does what README's launch links promise.

repo2docker (the tool Binder builds images with) runs here with ``--no-build``:
it needs no Docker engine and no network, and prints the Dockerfile Binder
would build. The test runs it on a clean copy of the repository's files
(tracked or not ignored by git; no virtualenv, no caches) and checks that the
image installs this package from ``binder/requirements.txt`` after the whole
repository is copied in, on the Python of ``binder/runtime.txt``; that Voila is
installed for the app-mode link; that ``binder/postBuild`` installs JupyterLab's
settings overrides (no news toast, no update check: the browser tests run with
the same file); and that README's Binder links open notebooks that exist.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.binder

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
PIP_LINE = '${KERNEL_PYTHON_PREFIX}/bin/pip install --no-cache-dir -r "binder/requirements.txt"'
BINDER_URL = re.compile(r"https://mybinder\.org/v2/gh/([^/\s)>]+)/([^/\s)>]+)/([^?\s)>]+)\?urlpath=([^\s)>#]+)")


def _requirements() -> list:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


def _python_version() -> str:
    text = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    m = re.fullmatch(r"python-(3\.\d+)", text)
    assert m, f"binder/runtime.txt should read like python-3.11, not {text!r}"
    return m.group(1)


def _repo_files() -> list:
    """The repository's files as a fresh clone (plus new, unignored files) would hold them."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=REPO, capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: cannot tell the repository's files from local ones")
    return [name for name in out.decode().split("\0") if name and (REPO / name).is_file()]


@pytest.fixture(scope="module")
def repo2docker_output(tmp_path_factory) -> str:
    if importlib.util.find_spec("repo2docker") is None:
        if os.environ.get("CI"):
            pytest.fail("jupyter-repo2docker is missing (it is in the test extra)")
        pytest.skip("jupyter-repo2docker is not installed (pip install -e '.[test]')")
    copy = tmp_path_factory.mktemp("binder-repo")
    for name in _repo_files():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, copy / name)
    proc = subprocess.run([sys.executable, "-m", "repo2docker", "--no-build", "--debug", "."],
                          cwd=copy, capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    return out


def _dockerfile_lines(out: str) -> list:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("FROM "))
    return lines[start:]


def test_binder_folder_uses_pip_not_conda():
    # environment.yml would silently replace requirements.txt; with binder/,
    # root-level files are ignored, so everything Binder needs lives here.
    names = sorted(p.name for p in BINDER.iterdir())
    assert "requirements.txt" in names and "runtime.txt" in names
    assert not {"environment.yml", "environment.yaml", "Dockerfile", "Pipfile"} & set(names), names
    assert not (REPO / ".binder").exists(), "binder/ and .binder/ are mutually exclusive"


def test_requirements_install_the_package_and_voila():
    reqs = _requirements()
    assert ".[lab]" in reqs, "binder/requirements.txt must install the package itself with its lab extra ('.[lab]')"
    voila = [r for r in reqs if re.match(r"voila\b", r)]
    assert len(voila) == 1, reqs
    lab_extra = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]["lab"]
    assert voila[0] in lab_extra, (
        f"binder pins {voila[0]!r}; the lab extra should hold the same, so Binder runs the tested Voila")


def test_runtime_python_satisfies_the_package():
    from packaging.specifiers import SpecifierSet

    requires = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    assert SpecifierSet(requires).contains(_python_version() + ".0"), requires


def test_repo2docker_builds_python_env_from_runtime(repo2docker_output):
    version = _python_version()
    assert f"Building conda environment for python={version}" in repo2docker_output
    assert "Python version unspecified" not in repo2docker_output


def test_repo2docker_installs_the_package_after_copying_the_repo(repo2docker_output):
    lines = _dockerfile_lines(repo2docker_output)
    pip_runs = [i for i, line in enumerate(lines) if line.strip() == f"RUN {PIP_LINE}"]
    assert len(pip_runs) == 1, "\n".join(lines)
    copy_repo = [i for i, line in enumerate(lines) if re.fullmatch(r"COPY --chown=\S+ src/ \$\{REPO_DIR\}/", line)]
    assert len(copy_repo) == 1, "\n".join(lines)
    # "." means the repository: pip must run after the whole repository is in
    # the image, from its root (the working directory is REPO_DIR).
    assert copy_repo[0] < pip_runs[0]
    workdirs = [line for line in lines[: pip_runs[0]] if line.startswith("WORKDIR ")]
    assert workdirs and workdirs[-1] == "WORKDIR ${REPO_DIR}"
    assert "mamba env update" not in repo2docker_output  # no environment.yml took over


def test_repo2docker_runs_post_build_after_installing(repo2docker_output):
    lines = _dockerfile_lines(repo2docker_output)
    pip_run = next(i for i, line in enumerate(lines) if line.strip() == f"RUN {PIP_LINE}")
    post = [i for i, line in enumerate(lines) if line.startswith("RUN ") and "binder/postBuild" in line]
    assert post and post[0] > pip_run, "\n".join(lines)
    # postBuild's "python" is the one that runs JupyterLab: one environment, first on PATH
    assert "ENV KERNEL_PYTHON_PREFIX=${NB_PYTHON_PREFIX}" in lines
    assert any(line.startswith("ENV PATH=${NB_PYTHON_PREFIX}/bin:") for line in lines)


def test_post_build_installs_the_lab_settings_overrides(tmp_path):
    overrides = json.loads((BINDER / "overrides.json").read_text(encoding="utf-8"))
    assert overrides == {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                                          "checkForUpdates": False}}
    assert os.access(BINDER / "postBuild", os.X_OK)
    # run it with a stand-in "python" that names a fresh prefix, as the image's python names its own
    prefix = tmp_path / "prefix"
    shim = tmp_path / "bin" / "python"
    shim.parent.mkdir()
    shim.write_text(f"#!/bin/sh\necho {prefix}\n")
    shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{shim.parent}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.run(["bash", str(BINDER / "postBuild")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    installed = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(installed.read_text(encoding="utf-8")) == overrides


def test_readme_binder_links_open_existing_notebooks():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    links = BINDER_URL.findall(readme)
    urlpaths = {urlpath for *_, urlpath in links}
    lab = [u for u in urlpaths if u.startswith("lab/tree/")]
    voila = [u for u in urlpaths if u.startswith("voila/render/")]
    assert lab == ["lab/tree/notebooks/00_start_here.ipynb"], urlpaths
    assert sorted(voila) == ["voila/render/notebooks/01_worked_examples.ipynb",
                             "voila/render/notebooks/learn.ipynb"], urlpaths
    for path in [lab[0].removeprefix("lab/tree/")] + [u.removeprefix("voila/render/") for u in voila]:
        assert (REPO / path).is_file(), f"README's Binder link opens {path}, which does not exist"
    # Every link names the same repository and branch; the badge is Binder's own.
    assert len({(owner, repo, ref) for owner, repo, ref, _ in links}) == 1, links
    assert "https://mybinder.org/badge_logo.svg" in readme
