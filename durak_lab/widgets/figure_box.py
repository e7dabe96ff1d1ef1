"""Plotly charts in a widget, as wide as their box, not plotly's 700 px.

A widget's charts are plain ``go.Figure`` s shown through the notebook's plotly renderer in an
``Output`` (:func:`shown_figure_box`, :func:`show_figure`): the renderer draws a chart as wide as
its box and follows the box's width.  :func:`replace_figure` swaps another figure's traces and
layout into a figure the widget keeps, with no ``width`` of its own.

Why not a ``FigureWidget``: measured in JupyterLab (plotly 7.1, anywidget 0.11), of the trump
widget's three ``FigureWidget`` s usually only one drew its figure; the others kept an empty
chart (no traces, plotly's default layout) 700 px wide, and no refit could help, as they never
got their figure; the cover widget's one chart was also seen empty.  plotly's front-end module
keeps the model it was set up with in one variable for all the views it draws (``let Q`` in its
factory), which looks like the cause.

Presentation layer: needs ipywidgets and plotly.

>>> import plotly.graph_objects as go
>>> fig = go.Figure()
>>> replace_figure(fig, go.Figure(go.Bar(x=[1], y=[2]), layout=dict(width=700, height=300)))
>>> fig.layout.autosize, fig.layout.width, fig.layout.height, len(fig.data)
(True, None, 300, 1)
"""

from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

__all__ = ["replace_figure", "shown_figure_box", "show_figure"]


def replace_figure(fig: go.Figure, new: go.Figure) -> None:
    """Show ``new``'s traces and layout in ``fig``, its width left to the box (its height kept)."""
    with fig.batch_update():
        fig.data = []
        fig.add_traces(list(new.data))
        fig.layout = new.layout
        fig.layout.width = None  # the renderer fits a chart without a width to its box
        fig.layout.autosize = True


def shown_figure_box(cls: str) -> tuple:
    """``(box, out)``: a box of CSS class ``cls`` holding an Output ``out`` for :func:`show_figure`.

    >>> box, out = shown_figure_box("dl-chart"); box._dom_classes, box.children == (out,)
    (('dl-fit-box', 'dl-chart'), True)
    """
    out = widgets.Output(layout=widgets.Layout(width="100%", margin="0"))  # no margin: it fits the box
    box = widgets.VBox([out], layout=widgets.Layout(width="100%"))
    box.add_class("dl-fit-box")
    box.add_class(cls)
    return box, out


def show_figure(out: widgets.Output, fig: go.Figure) -> bool:
    """Show ``fig`` in ``out`` in place of what it showed; False outside a kernel (nothing to show it).

    >>> show_figure(widgets.Output(), go.Figure())   # no kernel here: a test, a doctest
    False
    """
    from IPython import get_ipython
    from IPython.display import display

    if get_ipython() is None or not hasattr(get_ipython(), "kernel"):
        return False
    out.clear_output(wait=True)
    with out:
        display(fig)
    return True

