"""Widgets for JupyterLab and Voila (ipywidgets, anywidget): the stepper, the cover widget,
the trump widget, the play table, the lesson player, the teacher's view, the review board.

Each widget's module is imported when one of its names is first used, so that the
stepper, which needs neither pandas nor numpy, also runs where they are missing
(JupyterLite): ``from durak_lab.widgets import Stepper`` loads the stepper alone.

>>> from durak_lab.widgets import Stepper
>>> Stepper.__module__
'durak_lab.widgets.stepper.widget'
"""

import importlib
from typing import Any

#: Each public name and the module that holds it.
_HOME = {
    "Stepper": "stepper", "EXAMPLE_ORDER": "stepper", "SOURCES": "stepper", "example_label": "stepper",
    "JUDGE_NODES": "stepper",
    "CoverWidget": "cover", "example_moments": "cover", "OWN": "cover",
    "TrumpWidget": "trumps", "MODELS": "trumps",
    "PlayTable": "play",
    "LessonPlayer": "lessons",
    "TeacherView": "teacher",
    "ReviewBoard": "review",
}

__all__ = list(_HOME)


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
