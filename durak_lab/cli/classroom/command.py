"""``durak-lab classroom``: one Voila server for a computer room, offline, that does not fill up.

It starts Voila on the notebooks folder (folder mode: a page per notebook at
``/voila/render/<name>.ipynb``) with the configuration shipped beside this module,
``voila.json``, and prints the addresses the students open. That configuration

* names the kernel manager :class:`~durak_lab.cli.classroom.kernels.ClassroomKernelManager`:
  at most ``--max-kernels`` kernels (default 40, for a class of about 30 with reloads; one
  more page gets a plain sentence), and a kernel is shut down when its page was left
  ``--idle-minutes`` without a click (default 15; checked every minute) or when no page has
  been connected to it for two minutes (a crashed tab, a lost network, a page that never
  finished loading);
* lets through the shutdown request a page sends when it closes or reloads (Voila 0.5.13
  asks for an XSRF token the page does not have, and refused it: every reload left its
  kernel running);
* names the page template ``durak-lab`` (``jupyter/voila/templates/durak-lab/``, found
  through ``JUPYTER_PATH``): Voila's "lab" page without its links to an internet CDN, so
  that nothing is fetched from another host and a network that drops outside traffic
  still shows the page at once.

Voila started by hand does not read this configuration; ``--dry-run`` prints the one
command this runs (with ``JUPYTER_PATH``). Further Voila options go after ``--``, e.g.
``durak-lab classroom -- --ClassroomKernelManager.cull_interval=10``. Exit status: Voila's
(0 after Ctrl+C); 2 for bad options, no notebooks folder, or no Voila installed.

Standard library only (Voila runs in a process of its own).

>>> ns = argparse.Namespace(notebooks=None, port=8866, ip="0.0.0.0", max_kernels=None, idle_minutes=None,
...                         voila_args=[])
>>> classroom(ns, cwd=CONFIG_DIR)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
durak_lab.cli.commands.OptionError: --notebooks: no notebooks folder here: start durak-lab classroom in ...
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import shlex
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, TextIO, Tuple

from ..binder_links import VOILA_APPS
from ..commands import OptionError, positive_int
from ..console import write_line

__all__ = ["CONFIG_DIR", "JUPYTER_DIR", "DEFAULT_PORT", "CLASS_APPS", "Classroom", "shipped_config", "classroom",
           "voila_command", "voila_environment", "this_machine_address", "student_urls", "add_parser", "run"]

#: The folder of ``voila.json``, the configuration Voila reads (``--Voila.config_file_paths``).
CONFIG_DIR = Path(__file__).resolve().parent
#: A Jupyter data folder (``JUPYTER_PATH``) holding the page template ``voila/templates/durak-lab/``.
JUPYTER_DIR = CONFIG_DIR / "jupyter"
#: Voila's own default port.
DEFAULT_PORT = 8866
#: The apps a class opens (keys of :data:`durak_lab.cli.binder_links.VOILA_APPS`), in this order.
CLASS_APPS = ("learn", "play", "worked-examples")
_EVERYWHERE = ("0.0.0.0", "", "::")

Launch = Callable[[List[str], Dict[str, str]], int]


def shipped_config() -> Dict[str, Any]:
    """The configuration shipped in ``voila.json``: traitlets sections by class name.

    >>> config = shipped_config()
    >>> config["VoilaConfiguration"]["template"], config["ClassroomKernelManager"]["kernel_limit"]
    ('durak-lab', 40)
    """
    return json.loads((CONFIG_DIR / "voila.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Classroom:
    """What ``durak-lab classroom`` starts: Voila on ``notebooks`` at ``ip``:``port``, at most
    ``max_kernels`` kernels, culled after ``idle_minutes`` without a click; ``extra``: further
    Voila options. ``None`` keeps the value of ``voila.json``."""

    notebooks: Path
    port: int = DEFAULT_PORT
    ip: str = "0.0.0.0"
    max_kernels: Optional[int] = None
    idle_minutes: Optional[int] = None
    extra: Tuple[str, ...] = ()

    def limit(self) -> int:
        """The kernel limit in force.

        >>> Classroom(Path("notebooks")).limit(), Classroom(Path("notebooks"), max_kernels=12).limit()
        (40, 12)
        """
        return self.max_kernels or shipped_config()["ClassroomKernelManager"]["kernel_limit"]

    def idle(self) -> int:
        """Minutes without a click before a page's kernel is shut down.

        >>> Classroom(Path("notebooks")).idle(), Classroom(Path("notebooks"), idle_minutes=30).idle()
        (15, 30)
        """
        return self.idle_minutes or shipped_config()["ClassroomKernelManager"]["cull_idle_timeout"] // 60


def classroom(ns: argparse.Namespace, cwd: Optional[Path] = None) -> Classroom:
    """The :class:`Classroom` of the parsed options ``ns``; the notebooks folder defaults to
    ``notebooks/`` of ``cwd`` (the current folder). Raises :class:`OptionError` naming the option."""
    extra = list(ns.voila_args or [])
    if extra and extra[0] == "--":
        extra = extra[1:]
    if extra and not extra[0].startswith("-"):
        raise OptionError("--", f"further Voila options go after --, e.g. -- --debug (not {extra[0]!r})")
    if ns.notebooks is None:
        folder = Path(cwd or os.getcwd()) / "notebooks"
        if not folder.is_dir():
            raise OptionError("--notebooks", "no notebooks folder here: start durak-lab classroom in the "
                              "durak_lab folder, or give --notebooks DIR")
    else:
        folder = Path(ns.notebooks)
        if not folder.is_dir():
            raise OptionError("--notebooks", f"{ns.notebooks} is not a folder")
    return Classroom(folder.resolve(), ns.port, ns.ip, ns.max_kernels, ns.idle_minutes, tuple(extra))


def voila_command(c: Classroom, python: str = sys.executable) -> List[str]:
    """The command line that starts Voila for ``c`` (run it with :func:`voila_environment`).

    >>> cmd = voila_command(Classroom(Path("/srv/notebooks"), port=9000, max_kernels=30), python="python")
    >>> cmd[:4]
    ['python', '-m', 'voila', '/srv/notebooks']
    >>> [a for a in cmd if "ClassroomKernelManager" in a or "port" in a]
    ['--port=9000', '--Voila.port_retries=0', '--ClassroomKernelManager.kernel_limit=30']
    """
    cmd = [python, "-m", "voila", str(c.notebooks), "--no-browser", f"--port={c.port}", f"--Voila.ip={c.ip}",
           "--Voila.port_retries=0", f"--Voila.config_file_paths={CONFIG_DIR}"]
    if c.max_kernels is not None:
        cmd.append(f"--ClassroomKernelManager.kernel_limit={c.max_kernels}")
    if c.idle_minutes is not None:
        cmd.append(f"--ClassroomKernelManager.cull_idle_timeout={c.idle_minutes * 60}")
    return cmd + list(c.extra)


def voila_environment(base: Mapping[str, str]) -> Dict[str, str]:
    """``base`` (the environment) with :data:`JUPYTER_DIR` first on ``JUPYTER_PATH``, where Voila
    looks for page templates.

    >>> env = voila_environment({"JUPYTER_PATH": "elsewhere"})
    >>> env["JUPYTER_PATH"].split(os.pathsep) == [str(JUPYTER_DIR), "elsewhere"]
    True
    """
    paths = [p for p in base.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != str(JUPYTER_DIR)]
    return dict(base, JUPYTER_PATH=os.pathsep.join([str(JUPYTER_DIR)] + paths))


def this_machine_address() -> str:
    """This machine's address on its network, as the students' browsers reach it (or its host name).

    Connecting a UDP socket sends nothing: it only picks the network interface.
    """
    with contextlib.suppress(OSError):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            address = s.getsockname()[0]
            if not address.startswith("127.") and address not in _EVERYWHERE:
                return address
    with contextlib.suppress(OSError):
        address = socket.gethostbyname(socket.gethostname())
        if not address.startswith("127."):
            return address
    return socket.gethostname() or "localhost"


def student_urls(host: str, port: int) -> List[Tuple[str, str, str]]:
    """``(app, address, what it is)`` of the pages a class opens on ``host``:``port``.

    >>> for app, url, what in student_urls("192.168.1.20", 8866):
    ...     print(f"{app:<16} {url}")
    learn            http://192.168.1.20:8866/voila/render/learn.ipynb
    play             http://192.168.1.20:8866/voila/render/play.ipynb
    worked-examples  http://192.168.1.20:8866/voila/render/01_worked_examples.ipynb
    """
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    apps = {key: (path, what) for key, path, what in VOILA_APPS}
    return [(key, f"http://{host}:{port}/voila/render/{Path(apps[key][0]).name}", apps[key][1])
            for key in CLASS_APPS]


def _port(text: str) -> int:
    value = positive_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is at most 65535, not {value}")
    return value


def add_parser(sub: Any) -> None:
    """Register ``classroom`` on an argparse subparsers object."""
    p = sub.add_parser(
        "classroom", help="serve the lessons, the play table and the worked examples to a class (Voila)",
        description="Start one Voila server for a class, on the notebooks folder, and print the addresses the "
        "students open. It needs no internet, runs at most --max-kernels pages at once and shuts down the "
        "kernel of a page that was closed or left --idle-minutes without a click. Stop it with Ctrl+C.")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    p.add_argument("--ip", default="0.0.0.0",
                   help="the address to listen on (default 0.0.0.0: every network of this machine; "
                   "127.0.0.1: this machine only)")
    p.add_argument("--max-kernels", type=positive_int, metavar="N",
                   help="at most N pages open at once, each runs a kernel (default 40, for a class of about 30 "
                   "with reloads); one more gets a sentence asking to wait")
    p.add_argument("--idle-minutes", type=positive_int, metavar="N",
                   help="shut down the kernel of a page left N minutes without a click (default 15); "
                   "a closed page's kernel goes after two minutes")
    p.add_argument("--notebooks", metavar="DIR", help="the notebooks folder (default: notebooks/ here)")
    p.add_argument("--dry-run", action="store_true", help="print the Voila command and the addresses; start nothing")
    p.add_argument("voila_args", nargs=argparse.REMAINDER, metavar="-- VOILA-OPTION",
                   help="further Voila options, after --")


def _summary(c: Classroom, host: str) -> List[str]:
    lines = [f"durak-lab classroom: Voila serves {c.notebooks} on port {c.port}.",
             "The students open one of these pages in their browser:"]
    for app, url, what in student_urls(host, c.port):
        missing = "" if (c.notebooks / url.rsplit("/", 1)[1]).is_file() else "  (missing from this folder)"
        lines.append(f"  {app:<16} {url}   {what}{missing}")
    teacher = student_urls(host, c.port)[0][1].rsplit("/", 1)[0] + "/teacher.ipynb"
    if (c.notebooks / "teacher.ipynb").is_file():
        lines.append(f"For you, the class's progress and class games: {teacher}")
    lines += [f"At most {c.limit()} pages run at once; one more is asked to wait. The kernel of a page left "
              f"{c.idle()} minutes without a click, or closed, is shut down (the page is reloaded to go on).",
              "Nothing is fetched from the internet."]
    return lines


def _launch(cmd: List[str], env: Dict[str, str]) -> int:
    """Run Voila: in place of this process where the system allows (Ctrl+C and a stop signal
    then reach Voila, which shuts its kernels down), else as a child process."""
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execve(cmd[0], cmd, env)
    with subprocess.Popen(cmd, env=env) as proc:
        try:
            return proc.wait()
        except KeyboardInterrupt:  # Voila got Ctrl+C too and stops
            return proc.wait()


def run(ns: argparse.Namespace, out: TextIO, err: TextIO, launch: Optional[Launch] = None,
        environ: Optional[Mapping[str, str]] = None) -> int:
    """Print the addresses and start Voila (``launch(command, environment)``, default: in place of this
    process); with ``ns.dry_run`` print the command instead. Return the exit status."""
    try:
        c = classroom(ns)
    except OptionError as e:
        write_line(err, f"durak-lab classroom: {e}")
        return 2
    cmd = voila_command(c)
    env = voila_environment(os.environ if environ is None else environ)
    host = c.ip if c.ip not in _EVERYWHERE else this_machine_address()
    for line in _summary(c, host):
        write_line(out, line)
    if ns.dry_run:
        write_line(out, "The Voila command (--dry-run: not started):")
        write_line(out, f"  JUPYTER_PATH={shlex.quote(env['JUPYTER_PATH'])} {shlex.join(cmd)}")
        return 0
    if importlib.util.find_spec("voila") is None:
        write_line(err, "durak-lab classroom: Voila is not installed here: pip install 'durak-lab[lab]'")
        return 2
    write_line(out, "Stop the server with Ctrl+C.")
    return (launch or _launch)(cmd, env)

