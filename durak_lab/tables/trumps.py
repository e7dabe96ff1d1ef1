"""Trump probabilities as pandas tables: through a game, at one moment, and at the deal.

* :func:`trump_course` — for a record (or game) and a seat, the distribution
  of the number of trumps in every other hand and in the talon after every
  move: the card-counting answer and, with an opponent model, the posterior
  (:mod:`durak_lab.analysis.inference`), in one long table ready to plot.
* :func:`expected_trumps` — the expected numbers and the chance of holding at
  least one trump, per step, place and source.
* :func:`trump_count_table`, :func:`card_table`, :func:`side_by_side` — one
  moment: the count distributions, the card × place matrix, prior beside
  posterior.
* :func:`deal_questions` — the classic deal-time questions answered exactly
  and checked by simulated deals.

Exact values travel as text (``'5/17'``) in the ``exact`` column beside the
float ``probability``; sampled values carry a ``stderr``.

Analysis layer: needs pandas.

>>> from durak_lab.engine.records import load_example
>>> df = trump_course(load_example("EX-KO-2"), seat=0)
>>> sorted(df.columns)
['exact', 'move', 'place', 'probability', 'source', 'stderr', 'step', 'trumps']
>>> bool(df.groupby(["step", "place"])["probability"].sum().round(12).eq(1).all())
True
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional, Union

from ..engine.cards import SUIT_MASKS, Card, deck_mask, popcount
from ..engine.errors import PositionError
from ..analysis.inference.evidence import observe
from ..analysis.inference.infer import OpponentModel, Posterior, counting_knowledge, iter_exact_posteriors, sampled_posterior
from ..analysis.probability import (Knowledge, card_probabilities, count_distribution, fraction_text, prob_holds,
                          trump_counts, trump_mask, who_starts)
from ..engine.rules import Rules
from ..engine.state.position import Position
from ..engine.view import PlayerView
from ._pandas import needs_pandas

if TYPE_CHECKING:  # pandas is imported by the functions that build tables, so that importing
    import pandas as pd  # this module (and the plotly charts) needs no pandas (JupyterLite)

__all__ = ["trump_course", "expected_trumps", "trump_count_table", "card_table", "side_by_side",
           "deal_questions", "trump_rows", "COLUMNS"]

#: The columns of :func:`trump_course`.
COLUMNS = ["step", "move", "source", "place", "trumps", "probability", "exact", "stderr"]

Source = Union[Knowledge, PlayerView, Posterior]


def trump_rows(step: int, move: str, source: str, counts: dict, stderr: Any = None) -> list:
    """The rows of :data:`COLUMNS` for one step and source, without pandas: one per place and count of
    ``counts`` (``{place: {trumps: probability}}``); ``stderr(probability)``, if given, the standard error.

    >>> from fractions import Fraction
    >>> trump_rows(3, "P2 take", "counting", {"P2": {0: Fraction(1, 4), 1: Fraction(3, 4)}})[1]
    (3, 'P2 take', 'counting', 'P2', 1, 0.75, '3/4', 0.0)
    """
    rows = []
    for place, dist in counts.items():
        for x, p in dist.items():
            exact = fraction_text(p) if isinstance(p, (Fraction, int)) else None
            se = stderr(p) if stderr is not None else 0.0
            rows.append((step, move, source, place, int(x), float(p), exact, se))
    return rows


@needs_pandas
def trump_course(record: Any, seat: int, model: Optional[OpponentModel] = None, *, n: int = 1000,
                 seed: int = 0, every: int = 1, rule_facts: bool = True) -> pd.DataFrame:
    """The number of trumps in every other hand and the talon, after every move, from ``seat``.

    One row per step, source, place and count (see :data:`COLUMNS`): ``step``
    0 is the start, ``move`` the move just played; ``source`` is
    ``'counting'`` (:mod:`durak_lab.analysis.probability`, exact) and, when a ``model``
    is given, ``'posterior'`` (exact for two players, else ``n`` sampled
    hypotheses every ``every`` moves with ``stderr``; seeded by ``seed``).
    ``record`` is a record, a game or ``(start, moves)``.

    >>> from durak_lab.engine.records import load_example
    >>> from durak_lab.analysis.inference import EpsilonModel
    >>> df = trump_course(load_example("EX-KO-2"), seat=0, model=EpsilonModel("1/10"))
    >>> sorted(df["source"].unique()), int(df["step"].max())
    (['counting', 'posterior'], 4)
    """
    import pandas as pd
    if every < 1:
        raise ValueError("every: at least 1")
    t = observe(record, seat, rule_facts=rule_facts)
    moves = [""] + [str(m) for m in t.moves]
    rows: list = []
    for step in range(len(t.moves) + 1):
        rows += trump_rows(step, moves[step], "counting", trump_counts(counting_knowledge(t, step)))
    if model is not None:
        if t.players == 2:
            for post in iter_exact_posteriors(t, seat, model, rule_facts):
                rows += trump_rows(post.step, moves[post.step], "posterior", post.trump_counts())
        else:
            rng = random.Random(seed)
            steps = sorted(set(range(0, len(t.moves) + 1, every)) | {len(t.moves)})
            for step in steps:
                post = sampled_posterior(None, seat, model, n, rng, upto=step, rule_facts=rule_facts,
                                         timeline=t)
                rows += trump_rows(step, moves[step], "posterior", post.trump_counts(), post.stderr)
    df = pd.DataFrame(rows, columns=COLUMNS)
    df["step"] = df["step"].astype(int)
    df["trumps"] = df["trumps"].astype(int)
    return df


@needs_pandas
def expected_trumps(course: pd.DataFrame) -> pd.DataFrame:
    """Per step, source and place: the expected number of trumps and the chance of at least one.

    >>> from durak_lab.engine.records import load_example
    >>> e = expected_trumps(trump_course(load_example("EX-KO-1"), seat=0))
    >>> list(e.columns)
    ['step', 'move', 'source', 'place', 'expected', 'p_any', 'stderr']
    """
    df = course.assign(weighted=course["trumps"] * course["probability"],
                       any=course["probability"].where(course["trumps"] > 0, 0.0))
    keys = ["step", "move", "source", "place"]
    out = df.groupby(keys, sort=False).agg(expected=("weighted", "sum"), p_any=("any", "sum"),
                                           stderr=("stderr", "max")).reset_index()
    return out


def _as_source(x: Source) -> Source:
    if isinstance(x, PlayerView):
        return Knowledge.from_view(x)
    if isinstance(x, (Knowledge, Posterior)):
        return x
    raise TypeError(f"{x!r} is not a Knowledge, a PlayerView or a Posterior")


@needs_pandas
def trump_count_table(x: Source) -> pd.DataFrame:
    """The trump-count distributions of one moment: ``place``, ``trumps``, ``probability``, ``exact``.

    >>> from durak_lab.engine.rules import Rules
    >>> t = trump_count_table(Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣"))
    >>> t[t.place == "P2"].probability.round(4).tolist()[:3]     # 7 of the 29 unseen cards are trumps
    [0.1571, 0.3881, 0.3234]
    """
    import pandas as pd
    x = _as_source(x)
    counts = x.trump_counts() if isinstance(x, Posterior) else trump_counts(x)
    rows = trump_rows(0, "", "posterior" if isinstance(x, Posterior) else "counting", counts,
                      x.stderr if isinstance(x, Posterior) else None)
    df = pd.DataFrame(rows, columns=COLUMNS)
    return df[["place", "trumps", "probability", "exact", "stderr"]].reset_index(drop=True)


@needs_pandas
def card_table(x: Source, cards: Any = None, exact: bool = False) -> pd.DataFrame:
    """Card × place probabilities (default: the trumps): one row per card, one column per place.

    Columns: every seat, ``talon``, ``table``, ``discard``; each row sums to 1.
    With ``exact=True`` the cells are fraction texts.

    >>> from durak_lab.engine.rules import Rules
    >>> t = card_table(Knowledge.at_deal(Rules(players=2), "9♥", hand="6♠ 7♥ Q♦ K♦ J♣ A♣"))
    >>> t.loc["6♥", ["P1", "P2", "talon"]].round(4).tolist()
    [0.0, 0.2069, 0.7931]
    """
    import pandas as pd
    x = _as_source(x)
    probs = x.card_probabilities(cards) if isinstance(x, Posterior) else card_probabilities(x, cards)
    data = {str(c): {place: (fraction_text(p) if exact and not isinstance(p, float) else float(p))
                     for place, p in row.items()} for c, row in probs.items()}
    df = pd.DataFrame.from_dict(data, orient="index")
    df.index.name = "card"
    return df


@needs_pandas
def side_by_side(prior: Source, posterior: Posterior) -> pd.DataFrame:
    """Prior and posterior trump counts beside each other: ``place``, ``trumps``, ``prior``, ``posterior``.

    >>> from durak_lab.engine.records import load_example
    >>> from durak_lab.analysis.inference import EpsilonModel, posterior, counting_knowledge
    >>> from durak_lab.analysis.inference.evidence import observe
    >>> rec = load_example("EX-KO-2")
    >>> post = posterior(rec, 0, EpsilonModel("1/10"))
    >>> t = side_by_side(counting_knowledge(observe(rec, 0), len(rec)), post)
    >>> list(t.columns)
    ['place', 'trumps', 'prior', 'posterior']
    """
    a = trump_count_table(prior)[["place", "trumps", "probability"]].rename(columns={"probability": "prior"})
    b = trump_count_table(posterior)[["place", "trumps", "probability"]].rename(
        columns={"probability": "posterior"})
    out = a.merge(b, on=["place", "trumps"], how="outer").fillna(0.0)
    return out.sort_values(["place", "trumps"]).reset_index(drop=True)


# ---------------------------------------------------------------- the deal


def _deal_answers(rules: Rules) -> dict:
    """The exact answers, averaged over the face-up card (by symmetry only its rank matters)."""
    low = rules.lowest_rank
    ranks = range(low, 15)
    out: dict = {}
    for rank in ranks:
        tc = Card(rank - 2 + 13)  # a heart of that rank: the suit does not matter
        k = Knowledge.at_deal(rules, tc)
        tm = trump_mask(k)
        six = 1 << (13 + low - 2)
        starts = who_starts(k)
        answers = {
            "no_trump": count_distribution(k, "P1", tm)[0],
            "six": prob_holds(k, "P1", six),     # 0 when the six itself lies face up
            "three_plus": prob_holds(k, "P1", tm, at_least=3),
            "expected": sum(x * p for x, p in count_distribution(k, "P1", tm).items()),
            "starts": starts["P1"],
            "nobody": starts["nobody"],
        }
        for key, v in answers.items():
            out[key] = out.get(key, Fraction(0)) + Fraction(v) / len(ranks)
    return out


_QUESTIONS = (
    ("no_trump", "P1 is dealt no trump"),
    ("six", "P1 is dealt the lowest trump (the trump six on 36 cards)"),
    ("three_plus", "P1 is dealt three trumps or more"),
    ("expected", "the expected number of trumps in P1's hand"),
    ("starts", "P1 holds the lowest trump dealt, and so starts (R7)"),
    ("nobody", "no hand holds a trump"),
)


@needs_pandas
def deal_questions(rules: Optional[Rules] = None, n: int = 20000, seed: int = 0) -> pd.DataFrame:
    """The classic deal-time questions, answered exactly and checked by ``n`` simulated deals.

    Columns: ``question``, ``exact`` (a fraction), ``value`` (its float),
    ``simulated`` (the mean over ``n`` deals by :meth:`Position.deal`, seeded
    by ``seed``), ``stderr``, and ``z`` (how many standard errors apart).  The
    face-up card is part of the deal: the exact answers average over it.

    >>> from durak_lab.engine.rules import Rules
    >>> t = deal_questions(Rules(players=2), n=2000, seed=1)
    >>> t.loc[0, "question"], t.loc[0, "exact"], bool(abs(t.loc[0, "z"]) < 4)
    ('P1 is dealt no trump', '2691/14756', True)
    """
    import pandas as pd
    rules = rules or Rules()
    if rules.players * rules.hand_size >= rules.deck:
        raise PositionError("deal_questions: these rules deal every card; there is no face-up card (R5)")
    exact = _deal_answers(rules)
    rng = random.Random(seed)
    sums = dict.fromkeys(exact, 0.0)
    squares = dict.fromkeys(exact, 0.0)
    low = rules.lowest_rank
    deck = deck_mask(low)
    for _ in range(n):
        p = Position.deal(rules, rng)
        tm = SUIT_MASKS[p.trump] & deck
        mine = popcount(p.hands[0] & tm)
        held = 0
        for h in p.hands:
            held |= h & tm
        lowest = held & -held
        values = {
            "no_trump": float(mine == 0),
            "six": float(bool(p.hands[0] >> (p.trump * 13 + low - 2) & 1)),
            "three_plus": float(mine >= 3),
            "expected": float(mine),
            "starts": float(bool(held) and bool(p.hands[0] & lowest)),
            "nobody": float(not held),
        }
        for key, v in values.items():
            sums[key] += v
            squares[key] += v * v
    rows = []
    for key, question in _QUESTIONS:
        mean = sums[key] / n
        var = max(squares[key] / n - mean * mean, 0.0) * n / max(n - 1, 1)
        se = math.sqrt(var / n)
        value = float(exact[key])
        z = (mean - value) / se if se else 0.0
        rows.append((question, fraction_text(exact[key]), value, mean, se, z))
    return pd.DataFrame(rows, columns=["question", "exact", "value", "simulated", "stderr", "z"])
