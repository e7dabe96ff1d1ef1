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

Binder must run what CI tested: ``binder/requirements.txt`` pins JupyterLab,
ipywidgets, plotly, anywidget and Voila exactly, ``.ci/setup`` installs with
those pins as constraints, and the tests here check that the pins fit
pyproject's ranges, that the test environment has exactly those versions, and
that each pinned release installs on Binder's Python.
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
from repo_helpers import repo_files

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




@pytest.fixture(scope="module")
def repo2docker_output(tmp_path_factory) -> str:
    if importlib.util.find_spec("repo2docker") is None:
        if os.environ.get("CI"):
            pytest.fail("jupyter-repo2docker is missing (it is in the test extra)")
        pytest.skip("jupyter-repo2docker is not installed (pip install -e '.[test]')")
    copy = tmp_path_factory.mktemp("binder-repo")
    for name in repo_files():
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
    assert "voila" in _pins(), "binder/requirements.txt should pin Voila (voila==X.Y.Z), the one the tests drive"


# ------------------------------------------------------------------ pins
# What Binder runs must be what CI tested: binder/requirements.txt pins these
# exactly, .ci/setup installs with those pins as constraints, and pyproject's
# ranges must allow them.
PINNED = ("jupyterlab", "ipywidgets", "plotly", "anywidget", "voila")
PIN_LINE = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins() -> dict:
    """``{name: version}`` of every ``name==version`` line of binder/requirements.txt."""
    pins = {}
    for req in _requirements():
        m = PIN_LINE.fullmatch(req)
        if m:
            assert _canonical(m.group(1)) not in pins, f"{m.group(1)} is pinned twice"
            pins[_canonical(m.group(1))] = m.group(2)
    return pins


def _pyproject_requirements() -> dict:
    """``{name: Requirement}`` from the package's dependencies and its lab extra."""
    from packaging.requirements import Requirement

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = {}
    for text in project["dependencies"] + project["optional-dependencies"]["lab"]:
        req = Requirement(text)
        found[_canonical(req.name)] = req
    return found


def test_binder_pins_the_tested_jupyter_stack_exactly():
    pins = _pins()
    assert set(PINNED) <= set(pins), f"binder/requirements.txt pins {sorted(pins)}; it should pin {PINNED}"
    # Every other requirement line is the package itself: nothing unpinned slips in.
    others = [r for r in _requirements() if not PIN_LINE.fullmatch(r)]
    assert others == [".[lab]"], others


def test_binder_pins_fit_the_pyproject_ranges():
    from packaging.version import Version

    declared = _pyproject_requirements()
    for name, version in _pins().items():
        assert name in declared, f"binder pins {name}, which pyproject.toml (dependencies or lab extra) does not list"
        assert declared[name].specifier.contains(Version(version), prereleases=True), (
            f"binder pins {name}=={version}, outside pyproject's {declared[name]}: "
            "change binder/requirements.txt and pyproject.toml together")


def test_setup_installs_with_the_binder_pins_as_constraints():
    setup = (REPO / ".ci" / "setup").read_text(encoding="utf-8")
    assert "PINS=binder/requirements.txt" in setup
    assert '-c "$constraints"' in setup
    # the shell's pattern for a pin line, applied to the file, gives the same pins as here
    pattern = re.search(r"grep -E '([^']+)' \"\$PINS\"", setup).group(1)
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    shell_pins = [re.sub(r"\s*#.*", "", line) for line in lines if re.match(pattern, line)]
    assert {_canonical(p.split("==")[0]): p.split("==")[1] for p in shell_pins} == _pins()


def test_the_test_environment_runs_the_binder_pins():
    # CI installs through .ci/setup, so this fails when the pins were changed without
    # a reinstall, or the environment came from elsewhere: then CI did not test Binder's lab.
    import importlib.metadata as metadata

    wrong = {}
    for name, version in _pins().items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = f"installed {installed}, Binder pins {version}"
    assert not wrong, f"{wrong}: run `bash .ci/setup` to install the pinned versions"


def test_binder_python_can_install_the_pins():
    # The installed releases are the pinned ones (the test above): their Requires-Python
    # must allow Binder's Python (binder/runtime.txt).
    import importlib.metadata as metadata
    from packaging.specifiers import SpecifierSet

    python = _python_version() + ".0"
    for name, version in _pins().items():
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            pytest.skip(f"{name} is not installed")
        if dist.version != version:
            pytest.skip(f"{name} {dist.version} is installed, not the pinned {version}")
        requires = dist.metadata.get("Requires-Python") or ""
        assert SpecifierSet(requires).contains(python), (
            f"{name}=={version} needs Python {requires}; binder/runtime.txt gives {python}")


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
    # the Voila apps README offers are among those `durak-lab binder-links` prints, the lessons among them
    from durak_lab.cli.binder_links import VOILA_APPS

    apps = {f"voila/render/{path}" for _, path, _ in VOILA_APPS}
    assert set(voila) <= apps, sorted(set(voila) - apps)
    assert {"voila/render/notebooks/01_worked_examples.ipynb", "voila/render/notebooks/learn.ipynb"} <= set(voila)
    for path in [lab[0].removeprefix("lab/tree/")] + [u.removeprefix("voila/render/") for u in voila]:
        assert (REPO / path).is_file(), f"README's Binder link opens {path}, which does not exist"
    # Every link names the same repository and branch; the badge is Binder's own.
    assert len({(owner, repo, ref) for owner, repo, ref, _ in links}) == 1, links
    assert "https://mybinder.org/badge_logo.svg" in readme
