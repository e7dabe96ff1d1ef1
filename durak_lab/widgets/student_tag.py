"""Who is at this page: the student's name the browser remembers, for a widget that keeps progress.

The lesson player asks "Who are you?" and the browser keeps the answer in its local
storage.  :class:`StudentTag` is a small anywidget that reads that name when it is
drawn and sends it to Python (its ``name`` trait), and shows it ("Ann"); a widget
that keeps a student's work (the stepper's Guess the move) holds one and reads
:attr:`StudentTag.name` when it saves.  Where the browser knows no name, ``name``
stays empty and the tag shows nothing.

UI contract: ``span.dl-student-tag`` with ``data-student`` (the name, empty when none).

Presentation layer: needs anywidget and traitlets.

>>> tag = StudentTag()
>>> tag.name
''
>>> StudentTag(name="Ann").name
'Ann'
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["StudentTag", "STUDENT_KEY"]

#: The browser's local storage key of the student's name (the lesson player writes it).
STUDENT_KEY = "durak-lab-student"

_ESM = """
function render({ model, el }) {
  const tag = document.createElement("span");
  tag.className = "dl-student-tag";
  el.append(tag);
  const draw = () => {
    const name = model.get("name") || "";
    tag.dataset.student = name;
    tag.textContent = name ? model.get("label").replace("{name}", name) : "";
    tag.hidden = !name;
  };
  let remembered = null;
  try { remembered = window.localStorage.getItem(%(key)s); } catch (e) { remembered = null; }
  if (remembered && !model.get("name")) {
    model.set("name", remembered);
    model.save_changes();
  }
  model.on("change:name", draw);
  draw();
  return () => model.off("change:name", draw);
}
export default { render };
""" % {"key": repr(STUDENT_KEY)}

_CSS = """
.dl-student-tag { font-size: 13px; opacity: 0.8; }
"""


class StudentTag(anywidget.AnyWidget):
    """The student's name the browser remembers (see the module docstring)."""

    _esm = _ESM
    _css = _CSS
    name = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("{name}").tag(sync=True)
