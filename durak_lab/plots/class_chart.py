"""A class's progress as a chart: solved at the first try, by student and lesson (a heat map).

Presentation layer: needs plotly.

>>> import tempfile
>>> from durak_lab.lessons import Progress, read_class
>>> room = tempfile.mkdtemp()
>>> p = Progress.for_student("Ann", room); p.mark("cards", 2, first_try=True); p.save()
>>> fig = class_heatmap(read_class([room]))
>>> fig.data[0].type, list(fig.data[0].y)
('heatmap', ['Ann'])
"""

from __future__ import annotations

import plotly.graph_objects as go

from ..lessons.class_report import ClassReport
from ..text.messages import say

__all__ = ["class_heatmap"]


def class_heatmap(report: ClassReport) -> go.Figure:
    """Students down, the course's lessons with exercises across; each cell the share of the
    lesson's exercises solved at the first try (empty where the student has not started)."""
    lessons = [lesson for lesson in report.lessons if any(s.is_exercise for s in lesson.steps)]
    rows = {(r.student, r.lesson): r for r in report.rows()}
    z, text = [], []
    for name in report.students:
        zs, ts = [], []
        for lesson in lessons:
            r = rows[(name, lesson.id)]
            share = round(100 * r.first_try / r.exercises) if r.finished else None
            zs.append(share)
            ts.append(say("class-chart-share", share=share) if share is not None else "")
        z.append(zs)
        text.append(ts)
    fig = go.Figure(go.Heatmap(z=z, x=[lesson.title for lesson in lessons], y=report.students, text=text,
                               hovertemplate="%{y}<br>%{x}<br>%{text}<extra></extra>", zmin=0, zmax=100,
                               colorscale="Greens", showscale=False))
    fig.update_layout(title=say("class-chart-title"), height=160 + 28 * max(1, len(report.students)),
                      margin=dict(l=10, r=10, t=50, b=10), yaxis=dict(autorange="reversed"),
                      xaxis=dict(tickangle=-40))
    return fig
