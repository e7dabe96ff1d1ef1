"""Fit a ``FigureWidget`` to its box: a small anywidget that tells the page its width changed.

A plotly ``FigureWidget`` is drawn before its box is on the page, so plotly gives it its
default width, 700 px, too wide at 800 px and too narrow at 1366 px; with ``responsive``
in its config it refits itself when the *window* is resized, never when its box alone
changes (a sidebar opened, a figure put in a box later).  :class:`Refit` sits beside such a
chart, takes no room, and sends the page a window ``resize`` event when the box it is in
changes width, when it is first drawn, and when Python asks (:meth:`Refit.now`, after a
chart was put in).  Only the ``responsive`` charts (and JupyterLab's own layout) answer it.

Use :func:`responsive` on the ``FigureWidget`` and put a :class:`Refit` in the same box.

Presentation layer: needs anywidget and traitlets (no plotly).

>>> r = Refit(); r.kick
0
>>> r.now(); r.kick
1
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

__all__ = ["Refit", "responsive"]

_ESM = """
function render({ model, el }) {
  let last = -1;
  const timers = [];
  const fire = () => window.dispatchEvent(new Event("resize"));
  const kick = () => {
    while (timers.length) clearTimeout(timers.pop());
    timers.push(setTimeout(fire, 150), setTimeout(fire, 1000));
  };
  const watch = new ResizeObserver(entries => {
    const width = Math.round(entries[0].contentRect.width);
    if (width > 0 && width !== last) { last = width; kick(); }
  });
  watch.observe(el);
  model.on("change:kick", kick);
  return () => {
    watch.disconnect();
    while (timers.length) clearTimeout(timers.pop());
    model.off("change:kick", kick);
  };
}
export default { render };
"""


class Refit(anywidget.AnyWidget):
    """An invisible widget, as wide as its box: a change of its width (or :meth:`now`) refits the
    page's responsive plotly charts (see the module's text)."""

    _esm = _ESM
    kick = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.width = "100%"
        self.layout.height = "0px"
        self.layout.margin = "0"
        self.layout.overflow = "hidden"
        self.add_class("dl-refit")

    def now(self) -> None:
        """Refit the charts now (a moment after the browser has drawn what Python just sent)."""
        self.kick += 1


def responsive(fw: Any) -> Any:
    """``fw`` (a plotly ``FigureWidget``), refitting itself to its box when the window is resized.

    >>> import plotly.graph_objects as go
    >>> responsive(go.FigureWidget())._config
    {'responsive': True}
    """
    fw._config = {**fw._config, "responsive": True}
    return fw
