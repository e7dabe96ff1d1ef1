"""No learner template, and nothing the trump widget shows, holds a developer word.

Every sentence a learner reads comes from :data:`durak_lab.text.messages.MESSAGES` (through
``say``): its templates are scanned for :data:`BANNED`, the words of the analysis inside
(posterior, prior, likelihood, inference, ε…). The trump widget's charts come from the analyst's
plots (:mod:`durak_lab.plots.trumps`, which keep their words); what the widget shows of them
(trace names, titles, axes, legends, hover texts), its caption, its dropdowns and its table are
scanned too, for a two-player record (exact) and a four-player one (sampled), with every choice
of the guess.
"""

from __future__ import annotations

import html
import re

import pytest

from durak_lab.text.catalogue import templates

from durak_lab.text.messages import MESSAGES

#: Words a learner should not meet (whole words, case ignored).
BANNED = ("posterior", "posteriors", "prior", "priors", "likelihood", "likelihoods", "inference", "infer",
          "hypothesis", "hypotheses", "epsilon", "ε", "stderr", "standard error", "effective sample",
          "ess", "Bayes", "Bayesian", "sampled", "EpsilonModel", "Knowledge", "P(")


def banned_in(text: str) -> list:
    """The banned words in ``text``.

    >>> banned_in("the exact posterior, P(at least one)"), banned_in("the cards you saw before the game")
    (['posterior', 'P('], [])
    >>> banned_in("priority"), banned_in("ε = 1/3")
    ([], ['ε'])
    """
    found = []
    for word in BANNED:
        pattern = (r"(?<![\w])" + re.escape(word) + (r"(?![\w])" if word[-1].isalnum() else ""))
        if re.search(pattern, text, re.IGNORECASE):
            found.append(word)
    return found


def test_the_scan_can_fail():
    assert sorted(banned_in("Inference: ε = 1/10 (exact posterior)")) == ["inference", "posterior", "ε"]
    assert banned_in("the prior and the likelihood") == ["prior", "likelihood"]


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_no_learner_template_holds_a_developer_word(key):
    assert banned_in(" ".join(templates(key))) == [], (key, templates(key))


def _shown_by_figure(fw) -> list:
    """The words a learner can read on a chart: trace names, hover texts, titles, axes, legend."""
    out = []
    for tr in fw.data:
        out += [str(tr.name or ""), str(tr.hovertemplate or "")]
        out += [str(h) for h in (tr.hovertext or ())] if not isinstance(tr.hovertext, str) else [tr.hovertext]
        if getattr(tr, "colorbar", None) is not None:
            out.append(str(tr.colorbar.title.text or ""))
    layout = fw.layout.to_plotly_json()
    out += [str(layout.get("title", {}).get("text", "")), str(layout.get("legend", {}).get("title", {}).get("text", ""))]
    for name, value in layout.items():
        if name.startswith(("xaxis", "yaxis")):
            out.append(str(value.get("title", {}).get("text", "")))
    out += [str(a.get("text", "")) for a in layout.get("annotations", ())]
    return out


@pytest.mark.parametrize("ident, players", [("EX-KO-2", 2), ("EX-ZH-BOUT", 4)])
def test_the_trump_widget_shows_no_developer_word(ident, players):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("plotly")
    from durak_lab.widgets.trumps import MODELS, TrumpWidget

    w = TrumpWidget(ident, seat=0, n=60)
    seen = [w.viewpoint.description, w.inference.description] + [label for label, _ in w.inference.options]
    for eps in MODELS.values():
        w.inference.value = eps
        for index in (0, len(w.stepper.frames) - 1):
            w.stepper.go(index)
            seen += [html.unescape(re.sub(r"<[^>]*>", " ", v)) for v in (w.caption.value, w.summary.value,
                                                                        w.message.value)]
            for fw in (w.bars, w.heatmap, w.course):
                seen += _shown_by_figure(fw)
    assert len(w.viewpoint.options) == players
    found = sorted({(word, text) for text in seen for word in banned_in(text)})
    assert found == []
