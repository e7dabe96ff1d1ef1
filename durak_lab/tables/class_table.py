"""A class's progress as pandas tables: one row a student and lesson, or a student by lesson grid.

Analysis layer: needs pandas (imported when a table is built).  The teacher's view and ``durak-lab class`` do not: they
show plain tables, so they also run where pandas is missing.

>>> import tempfile
>>> from durak_lab.lessons import Progress, read_class
>>> room = tempfile.mkdtemp()
>>> p = Progress.for_student("Ann", room); p.mark("cards", 2, first_try=True); p.save()
>>> report = read_class([room])
>>> class_frame(report).loc[("Ann", "cards"), ["solved", "first_try"]].tolist()
[1, 1]
>>> int(first_try_grid(report).loc["Ann", "cards"])
25
"""

from __future__ import annotations

from typing import Any

from ..lessons.class_report import CSV_FIELDS, ClassReport
from ._pandas import needs_pandas

__all__ = ["class_frame", "first_try_grid"]


@needs_pandas
def class_frame(report: ClassReport) -> Any:
    """The report's rows, indexed by student and lesson (the CSV's columns): a DataFrame."""
    import pandas as pd

    frame = pd.DataFrame([list(r) for r in report.rows()], columns=list(CSV_FIELDS))
    return frame.set_index(["student", "lesson"])


@needs_pandas
def first_try_grid(report: ClassReport) -> Any:
    """Students down, lessons with exercises across: percent of the lesson's exercises solved
    at the first try (missing where the student has not started the lesson)."""
    frame = class_frame(report).reset_index()
    frame = frame[frame["exercises"] > 0]
    share = (100 * frame["first_try"] / frame["exercises"]).round().where(frame["finished"] > 0)
    grid = frame.assign(share=share).pivot(index="student", columns="lesson", values="share")
    return grid[[c for c in dict.fromkeys(frame["lesson"])]]
