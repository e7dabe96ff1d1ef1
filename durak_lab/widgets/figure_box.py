"""Plotly ``FigureWidget`` charts that take the width of their box, not plotly's 700 px.

A ``FigureWidget`` with no ``width`` and ``autosize`` off is drawn 700 px wide, wider than the
output area at 800 px (about 620 px with the file browser closed, 370 px with it open).
:func:`fitted_figure` makes one that sizes itself to its box and follows the window's size
(plotly's ``responsive`` option); :func:`replace_figure` swaps in another figure's traces and
layout and keeps the chart fitted.

Presentation layer: needs plotly and anywidget.

>>> fw = fitted_figure()
>>> fw.layout.autosize, fw._config["responsive"]
(True, True)
>>> import plotly.graph_objects as go
>>> replace_figure(fw, go.Figure(go.Bar(x=[1], y=[2]), layout=dict(width=700, height=300)))
>>> fw.layout.autosize, fw.layout.width, fw.layout.height
(True, None, 300)
"""

from __future__ import annotations

import plotly.graph_objects as go

__all__ = ["fitted_figure", "replace_figure"]


def fitted_figure() -> go.FigureWidget:
    """An empty ``FigureWidget`` that takes the width of its box and follows the window's size."""
    fw = go.FigureWidget(layout=dict(autosize=True))
    fw._config = {**fw._config, "responsive": True}
    return fw


def replace_figure(fw: go.FigureWidget, fig: go.Figure) -> None:
    """Show ``fig``'s traces and layout in ``fw``, its width left to the box (its height kept)."""
    with fw.batch_update():
        fw.data = []
        fw.add_traces(list(fig.data))
        fw.layout = fig.layout
        fw.layout.width = None
        fw.layout.autosize = True
