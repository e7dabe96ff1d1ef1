"""Inference from play: what voluntary actions suggest about the cards you cannot see.

The face of the folder: :mod:`.evidence` (what a seat observes), :mod:`.models` (opponent models),
:mod:`.value` (the value returned), :mod:`.exact` (two players, exact) and :mod:`.sampled`
(any number of players, sampled), and :func:`posterior`, which picks one (:mod:`.infer`).

Standard library only.
"""

from .infer import (
    OpponentModel, EpsilonModel, uninformative, can_cover_all, Posterior, exact_posterior,
    iter_exact_posteriors, sampled_posterior, posterior, counting_knowledge,
)

__all__ = ["OpponentModel", "EpsilonModel", "uninformative", "can_cover_all", "Posterior", "exact_posterior", "iter_exact_posteriors", "sampled_posterior", "posterior", "counting_knowledge"]
