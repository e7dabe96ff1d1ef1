"""Inference from play: what voluntary actions suggest about the cards you cannot see.

Counting (:mod:`durak_lab.analysis.probability`) uses what a seat has *seen*.  Players
also *choose*: taking instead of covering, declining to throw in, covering
with a trump while holding the suit.  Such choices are evidence, not proof.

**The model.**  A *hypothesis* says where every card unseen at the start lies:
each hidden hand and the talon in order, as far as the draws go.  The prior
is uniform over the hypotheses consistent with every card revealed later (a
card played must have been in its player's hand then); at any moment this
prior is exactly the card-counting model.  Then:

* *rule facts* are certain and weigh 0 or 1: at the deal every trump below
  the one shown is in the talon (R7); a bout that ended by itself shows that
  the attackers who did not pass held no card to throw in, one that went on
  that some of them did (R16); the seat that may swap the trump six holds it
  (R6).  See :mod:`durak_lab.analysis.inference.evidence` for the facts and how they are read.
* an *opponent model* gives the likelihood of each observed action of
  another seat, given that seat's hand *at that time* under the hypothesis:
  ``likelihood(view_before, move, hand) -> float or Fraction``, where
  ``view_before`` is an :class:`~durak_lab.analysis.inference.evidence.ActionView` (the public
  situation, with ``room`` and ``attackers``) and ``hand`` the mover's whole
  hand as a card mask.  Any callable works (a bot's policy, later);
  :class:`EpsilonModel` is the simple one.  A model may also offer
  ``relevant(view_before, move) -> mask``, the cards whose presence can change
  the likelihood, which lets the engines evaluate it once per class of hands.

The posterior is the prior times the product of the likelihoods and the rule
facts, normalised.  It is only as good as the opponent model: real players
are not ε-machines.

**Two engines.**

* :func:`exact_posterior`, two players: a forward filter over the opponent's
  hidden hand (at most C(29, 6) = 475,020 hands from one seat at the deal),
  weighting by each action's likelihood with the hand at that time, dealing
  the opponent's draws out of the talon exactly.  With rational likelihoods
  (an ``EpsilonModel`` with a ``Fraction``) every probability is an exact
  ``Fraction``; with float likelihoods the weights are floats (relative error
  of order 1e-12 over a game).
* :func:`sampled_posterior`, any number of players: sequential importance
  sampling over hypotheses.  The slots (hidden cards at the start, then the
  talon in drawing order) are filled one by one with cards allowed there: a
  card revealed by a seat goes to a slot that seat had by then, and no card
  goes where a rule fact excludes it; the product of the numbers of choices
  weighs each hypothesis so that the draw is uniform over the consistent
  ones.  The likelihoods multiply the weight; a "has" or "holds" fact that
  fails rejects the hypothesis.  Probabilities come with the effective sample
  size :attr:`Posterior.ess` (standard errors: :meth:`Posterior.stderr`).
  Long multi-player games with strong evidence make the weights collapse onto
  a few hypotheses; then the sample is drawn again by weight and every copy
  takes a few Metropolis steps that leave the posterior unchanged (resample
  and move), which spreads the copies over the likely hypotheses.

With ε = 1 the posterior is the prior; with ε = 0 voluntary actions become
hard constraints.

**Where things are.**  The opponent models are in
:mod:`durak_lab.analysis.inference.models`, the :class:`Posterior` value and the
prior :func:`counting_knowledge` in :mod:`durak_lab.analysis.inference.value`,
the two-player filter in :mod:`durak_lab.analysis.inference.exact` and the
history sampler in :mod:`durak_lab.analysis.inference.sampled`.  This module
holds :func:`posterior`, which picks the engine, and names them all.

Standard library only.

>>> from fractions import Fraction
>>> from durak_lab.engine.rules import Rules
>>> from durak_lab.engine.state import Position
>>> p = Position.start(Rules(players=2, deck=20, hand_size=3), ["10♦ A♣ J♥", "Q♦ 10♣ K♥"],
...                    talon="J♣ A♠ 10♥ Q♣ K♦ A♥", trump_card="A♥", discard="rest", attacker=0,
...                    first_bout=False)
>>> game = (p, ["P1 attack 10♦", "P2 take"])      # P2 took: could P2 have covered?
>>> prior = exact_posterior(game, seat=0, model=EpsilonModel(1))
>>> post = exact_posterior(game, seat=0, model=EpsilonModel(Fraction(1, 10)))
>>> hearts = "10♥ J♥ Q♥ K♥ A♥"                 # does P2 hold a trump?
>>> prior.prob_holds("P2", hearts), post.prob_holds("P2", hearts)
(Fraction(5, 7), Fraction(25, 44))
"""

from __future__ import annotations

import random
from typing import Any, Optional

from .evidence import observe
from .exact import exact_posterior, iter_exact_posteriors
from .models import EpsilonModel, OpponentModel, can_cover_all, uninformative
from .value import Posterior, counting_knowledge
from .sampled import sampled_posterior

__all__ = [
    "OpponentModel", "EpsilonModel", "uninformative", "can_cover_all", "Posterior", "exact_posterior",
    "iter_exact_posteriors", "sampled_posterior", "posterior", "counting_knowledge",
]


def posterior(source: Any, seat: int, model: Optional[OpponentModel] = None, upto: Optional[int] = None,
              n: int = 2000, rng: Optional[random.Random] = None, rule_facts: bool = True) -> Posterior:
    """The posterior after the moves of a game: exact for two players, sampled for more.

    >>> from durak_lab.engine.records import load_example
    >>> post = posterior(load_example("EX-KO-1"), seat=1, model=EpsilonModel("1/10"))
    >>> post.exact, post.knowledge.others()
    (True, ('P1', 'talon'))
    """
    t = observe(source, seat, upto, rule_facts)
    if t.players == 2:
        last = None
        for last in iter_exact_posteriors(t, seat, model, rule_facts):
            pass
        assert last is not None
        return last
    return sampled_posterior(None, seat, model, n, rng, rule_facts=rule_facts, timeline=t)
