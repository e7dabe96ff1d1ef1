"""Doors for the game-AI libraries: Durak as a PettingZoo, Gymnasium and OpenSpiel game.

Install the optional extra: ``pip install "durak-lab[rl]"`` (numpy, PettingZoo, Gymnasium,
OpenSpiel).  Every adapter plays the rules engine's sequential protocol (one seat acts at a time),
for any preset and 2 to 6 players (8 where the rules allow), and every adapter observes and acts
through :mod:`durak_lab.rl.encoding`: an observation is what the seat knows and nothing more, with
a documented layout and a legal-action mask; the action numbers and their moves are documented
there.  A game's end pays −1 to the durak (each seat of a losing team), +1 to every other seat and
0 to all in a draw.

* :mod:`durak_lab.rl.aec` — a PettingZoo AEC environment (``aec.env(preset=…, players=…)``), which
  passes PettingZoo's own ``api_test``.
* :mod:`durak_lab.rl.single` — a Gymnasium environment for one seat, the other seats played by
  chosen bots of :data:`durak_lab.bots.BOTS` (``single.DurakEnv``), which passes Gymnasium's
  environment checker.
* :mod:`durak_lab.rl.openspiel` — an OpenSpiel game (``python_durak``) registered with pyspiel by
  ``openspiel.register()``, the deal as chance moves, which passes pyspiel's random simulation test.

The face imports only the encoding (numpy); each adapter imports its library when it is imported.
Layer: above the engine and the bots; nothing below imports it.
"""

from .encoding import (ActionCodec, ActionError, deck_cards, observation_layout, observation_size, observe,
                       returns_of)

__all__ = ["ActionCodec", "ActionError", "deck_cards", "observation_layout", "observation_size", "observe",
           "returns_of"]
