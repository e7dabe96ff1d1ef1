"""``durak-lab bench classroom``: a load test of one classroom server on this machine.

What a school asked for: at least 20 students at once on one ``durak-lab classroom``
server, answering lessons and playing; no error, no cross-talk (each student's progress
and games are exactly their own); the kernel count falls back once they leave; and the
click-to-redraw times (p50, p95) and the memory of a kernel. The command

1. copies ``learn.ipynb`` and ``play.ipynb`` to a folder of its own and starts
   ``durak-lab classroom`` there on 127.0.0.1 (the shipped configuration, a free port,
   culling made short for the run's end: :mod:`.server`);
2. runs ``--students`` simulated students at once (asyncio, one task each), every one
   speaking to its own pages as their JavaScript does, at the protocol level: the page,
   the kernel's websocket, the widget's comm messages (:mod:`.page`). Each says who they
   are, answers the exercises of ``--lessons`` lessons (the course's own answers, some
   wrong on purpose), then plays ``--moves`` moves of a game at the play table and saves
   it (:mod:`.student`), every click timed from the send to the redraw;
3. checks that no page showed an error, that no page ever showed another student's name,
   and that the class folder holds exactly what each student made (:mod:`.checks`);
4. prints the click-to-redraw times by app (p50, p95, max), the pages' opening times,
   the most kernels at once and their memory (RSS, PSS) then, and how long after the
   last page closed the server ran no kernel (:mod:`.command`).

The figures are measurements, printed with the machine and its load; the exit status
is 1 only for a functional failure. ``--results FILE`` keeps them as JSON. Linux (the
kernels are counted in ``/proc``) with Voila installed (``durak-lab[lab]``).

Standard library only when imported: Voila and tornado, which carry the server and the
pages, are imported where they are used.

>>> from durak_lab.cli.classroom_bench import student_names
>>> student_names(2)
['Ann 1', 'Boris 2']
"""

from .command import figures, main, parser, percentile, report, run_load
from .student import student_names

__all__ = ["main", "run_load", "figures", "report", "parser", "percentile", "student_names"]
