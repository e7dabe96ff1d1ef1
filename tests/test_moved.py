"""The module names of durak_lab 0.1 still import, as the moved modules themselves, with a warning."""

import importlib
import subprocess
import sys
import warnings

import pytest

import durak_lab
from durak_lab._moved import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_old_name_is_the_new_module(old):
    new = importlib.import_module(f"durak_lab.{MOVED[old]}")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sys.modules.pop(f"durak_lab.{old}", None)
        module = importlib.import_module(f"durak_lab.{old}")
    assert module is new
    assert [str(w.message).split(":")[0] for w in caught if w.category is FutureWarning] == [
        f"durak_lab.{old} moved to durak_lab.{MOVED[old]}"]


def test_every_new_home_exists_and_no_old_file_is_left():
    for old, new in MOVED.items():
        assert importlib.util.find_spec(f"durak_lab.{new}") is not None, new
        assert not (durak_lab.__path__ and any((p / f"{old}.py").exists() for p in map(__import__("pathlib").Path,
                                                                                      durak_lab.__path__)))


def test_an_old_import_line_runs_in_a_fresh_interpreter():
    code = ("import warnings; warnings.simplefilter('error', FutureWarning)\n"
            "try:\n    from durak_lab.stepper import Stepper\nexcept FutureWarning as e:\n    print(e)\n"
            "warnings.simplefilter('ignore')\nfrom durak_lab.stepper import Stepper\n"
            "from durak_lab.records import load_example\nprint(Stepper.__module__, load_example('EX-KO-1').id)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "durak_lab.stepper moved to durak_lab.widgets.stepper: import it from there (or from durak_lab.widgets)",
        "durak_lab.widgets.stepper EX-KO-1"]


def test_names_that_never_existed_still_fail():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("durak_lab.no_such_module")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("durak_lab.engine.solver")
