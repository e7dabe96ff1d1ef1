"""Compile the JupyterLite site's Python files to bytecode, inside Pyodide (run by ``.ci/lite_pyc.mjs``).

The browser's Python imports from source: each ``.py`` of a wheel or of the standard
library is compiled on every page load, and that was most of the kernel's start (IPython
alone, about half of its import). Compiled here once, by the very Python the browser runs
(Pyodide's, so the bytecode's version is the browser's), the site carries the ``.pyc``
files beside the sources, and an import only reads them:

* a wheel gets ``__pycache__/NAME.cpython-3XX.pyc`` for each ``.py`` (listed in its
  ``RECORD``), the place the import system looks first;
* the standard library's zip gets ``NAME.pyc`` beside each ``NAME.py``, where ``zipimport``
  looks first.

The ``.pyc`` files are "unchecked hash" ones (PEP 552): the import uses them without
comparing them to the source, which does not change in the site. The sources stay, so a
traceback still shows the lines. Standard library only.

Usage: ``node .ci/lite_pyc.mjs PYODIDE_DIR .ci/lite_pyc.py JOBS.json``, where the file holds
``[{"kind": "wheel" or "stdlib", "src": PATH, "dst": PATH, "drop": [PREFIX, ...]}, ...]`` with
the host's absolute paths (``drop``, optional: the files to leave out); the Node.js driver
mounts the host's files under ``/host``.
"""

import importlib.util
import json
import sys
import sysconfig
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

HOST = "/host"  # where .ci/lite_pyc.mjs mounts the host's files


def pyc_bytes(source: bytes, filename: str) -> bytes:
    """The unchecked-hash ``.pyc`` of ``source``, as the import system reads it."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compile_zip(src: str, dst: str, kind: str, base: str, drop: tuple = ()) -> int:
    """Copy the zip ``src`` to ``dst`` with a ``.pyc`` for every ``.py``; the number compiled.

    ``base`` is where the browser's Python finds the zip's files (the file names in the
    bytecode, for tracebacks). Files whose names start with one of ``drop`` are left out.
    """
    done = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        names = zin.namelist()
        record = next((n for n in names if kind == "wheel" and n.endswith(".dist-info/RECORD")), None)
        added = []
        for info in zin.infolist():
            if drop and info.filename.startswith(drop):
                continue
            data = zin.read(info)
            if info.filename != record:
                zout.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            try:
                pyc = pyc_bytes(data, f"{base}/{info.filename}")
            except (SyntaxError, ValueError):  # a template or a test file that is not Python 3
                continue
            if kind == "wheel":
                name = importlib.util.cache_from_source("/" + info.filename)[1:]
            else:
                name = info.filename + "c"
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.external_attr = 0o644 << 16
            zout.writestr(entry, pyc, zipfile.ZIP_DEFLATED)
            added.append(name)
            done += 1
        if record is not None:
            lines = [line for line in zin.read(record).decode("utf-8").splitlines()
                     if line and not (drop and line.startswith(drop))]
            zout.writestr(zin.getinfo(record), "".join(f"{n}\n" for n in lines + [f"{a},," for a in added]))
    return done


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        jobs = json.load(f)
    site_packages = sysconfig.get_paths()["purelib"]
    stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))
    for job in jobs:
        base = site_packages if job["kind"] == "wheel" else stdlib_zip
        n = compile_zip(HOST + job["src"], HOST + job["dst"], job["kind"], base, tuple(job.get("drop", ())))
        print(f"lite: compiled {n} files of {job['src'].rsplit('/', 1)[-1]}")


if __name__ == "__main__":
    main()
