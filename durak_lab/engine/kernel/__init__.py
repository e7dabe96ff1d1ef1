"""The lean kernel: the rules over ints and bit masks, for fast playouts (bots, samplers, benchmarks).

The face of the folder: :mod:`.core` (states, moves, deals, playouts), :mod:`.config` (the rules as
the loops read them, and which loop plays which), :mod:`.fields` (the state's fields named once),
:mod:`.loop` (the rules as one function),
:mod:`.fast` and :mod:`.two` (random playouts without listing moves), :mod:`.rollout` (greedy
rollouts), :mod:`.endgame` (the two-player endgame model) and :mod:`.check` (the proof that the
kernel and the reference engine agree).  :class:`KernelUnsupported` lives with the other errors
(:mod:`durak_lab.engine.errors`).

Standard library only.
"""

from ..errors import KernelUnsupported
from .config import check_rules
from .core import (
    KState, SUPPORTED_PRESETS, deal, kernel_state, from_fields, to_position, kernel_move, to_move, legal_moves,
    play, play_events, to_act, playout, random_games, greedy,
)

__all__ = ["KernelUnsupported", "KState", "SUPPORTED_PRESETS", "check_rules", "deal", "kernel_state", "from_fields",
           "to_position", "kernel_move", "to_move", "legal_moves", "play", "play_events", "to_act", "playout",
           "random_games", "greedy"]
