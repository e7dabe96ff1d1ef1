"""A computer-room recipe: ``durak-lab classroom`` serves the apps to a class from one machine.

What it holds:

* :mod:`~durak_lab.cli.classroom.command`: the subcommand (the addresses students open,
  the Voila command line, its environment);
* :mod:`~durak_lab.cli.classroom.kernels`: the kernel manager with a limit and a second
  culling rule (loaded by Voila, by its class path);
* ``voila.json``: the Voila configuration (template, kernel manager, culling, limit);
* ``jupyter/voila/templates/durak-lab/``: the page template that fetches nothing from
  another host, and the page of a full server (``503.html``).

Standard library only when imported (the kernel manager loads Jupyter server on first use).

>>> from durak_lab.cli.classroom import shipped_config
>>> shipped_config()["VoilaConfiguration"]["multi_kernel_manager_class"]
'durak_lab.cli.classroom.kernels.ClassroomKernelManager'
"""

from .command import (CLASS_APPS, CONFIG_DIR, DEFAULT_PORT, JUPYTER_DIR, Classroom, add_parser, classroom,
                      run, shipped_config, student_urls, this_machine_address, voila_command, voila_environment)

__all__ = ["CLASS_APPS", "CONFIG_DIR", "DEFAULT_PORT", "JUPYTER_DIR", "Classroom", "add_parser", "classroom", "run",
           "shipped_config", "student_urls", "this_machine_address", "voila_command", "voila_environment"]
