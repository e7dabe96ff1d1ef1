"""Plotly ``FigureWidget`` charts that take the width of their box, not plotly's 700 px.

A ``FigureWidget`` with no ``width`` and ``autosize`` off is drawn 700 px wide, wider than the
output area at 800 px (about 620 px with the file browser closed, 370 px with it open).
:func:`fitted_figure` makes one that sizes itself to its box and follows the window's size
(plotly's ``responsive`` option); :func:`replace_figure` swaps in another figure's traces and
layout and keeps the chart fitted (no ``width`` of its own); :func:`figure_box` puts a chart in
a box (CSS class ``cls``) with a small watcher (``static/fit_watch.js``) that, whenever the box
is first shown or changes width, has plotly refit the chart to the box, in the page, and tells
Python the box's width (plotly itself only follows the window, and a ``FigureWidget`` is first
drawn before it is on the page, so at plotly's 700 px).

The chart's ``layout.width`` is never set from Python: plotly refits only charts without a
width, and a chart's view does not always apply the layout messages Python sends it (seen in
JupyterLab with plotly 6 and three charts in one widget: two of them stayed 700 px wide).

The trump widget and the cover widget no longer use a ``FigureWidget``: in JupyterLab with plotly
7.1 a ``FigureWidget``'s view at times never receives its figure and stays an empty chart 700 px
wide (of the trump widget's three charts, usually two). They show plain figures with
:func:`shown_figure_box` and :func:`show_figure`, through the notebook's plotly renderer, which
draws a chart as wide as its box and follows the box's width.

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

import pathlib

import anywidget
import ipywidgets as widgets
import plotly.graph_objects as go
import traitlets

__all__ = ["fitted_figure", "replace_figure", "figure_box", "shown_figure_box", "show_figure"]

_STATIC = pathlib.Path(__file__).parent / "static"


class _FitWatch(anywidget.AnyWidget):
    """An invisible watcher: it tells Python the width of its box (the chart's box) when that changes."""

    _esm = _STATIC / "fit_watch.js"
    # a flex item is never narrower than its content unless told: without min-width 0 a chart
    # drawn 700 px wide keeps its box 700 px wide, and plotly measures the box to fit the chart
    _css = (".dl-fit-watch { height: 0; width: 100%; margin: 0; }"
            # and should plotly not have refitted yet, the chart scrolls inside its box
            " .dl-fit-box { min-width: 0; max-width: 100%; overflow-x: auto; }"
            " .dl-fit-box > * { min-width: 0; max-width: 100%; }")
    width = traitlets.Int(0).tag(sync=True)  # the box's width in pixels, measured in the browser


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
        fw.layout.width = None  # plotly fits a chart without a width to its box (the watcher asks it to)
        fw.layout.autosize = True


def figure_box(fw: go.FigureWidget, cls: str) -> widgets.VBox:
    """A box of CSS class ``cls`` holding the chart ``fw``, fitted to the box's width.

    >>> fw = fitted_figure(); box = figure_box(fw, "dl-chart"); box._dom_classes, len(box.children)
    (('dl-fit-box', 'dl-chart'), 2)
    >>> box.children[1].width = 368   # the browser measured the box (and refitted the chart)
    >>> fw._dl_box_width, fw.layout.width
    (368, None)
    """
    watch = _FitWatch(layout=widgets.Layout(width="100%", height="0px", margin="0"))
    watch.add_class("dl-fit-watch")

    def fit(change: dict) -> None:
        if change.get("new", 0) > 0:
            fw._dl_box_width = int(change["new"])  # kept for tests; the chart is refitted in the page

    watch.observe(fit, names="width")
    box = widgets.VBox([fw, watch], layout=widgets.Layout(width="100%"))
    box.add_class("dl-fit-box")
    box.add_class(cls)  # on the box: a FigureWidget draws no classes of its own
    return box



# ---------------------------------------------------------------- several charts in one widget
# Measured in JupyterLab (plotly 7.1, anywidget 0.11): of the trump widget's three FigureWidgets
# usually only one drew its figure; the others kept an empty chart (no traces, plotly's default
# layout, without the responsive option) 700 px wide, and no refit could help, as they never got
# their figure; the cover widget's one chart was also seen empty. plotly's front-end module keeps
# the model it was set up with in one variable for all the views it draws (``let Q`` in its
# factory), which looks like the cause. A widget's charts are shown instead through the
# notebook's plotly renderer, in an Output: the chart fits its box and follows its width there.


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

