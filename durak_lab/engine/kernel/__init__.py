"""The lean kernel: the rules over ints and bit masks, for fast playouts (bots, samplers, benchmarks).

The face of the folder: :mod:`.core` (states, moves, deals, playouts), :mod:`.loop` (the rules as one
function), :mod:`.fast` and :mod:`.two` (random playouts without listing moves), :mod:`.rollout`
(greedy rollouts), :mod:`.endgame` (the two-player endgame model) and :mod:`.check` (the proof that
the kernel and the reference engine agree).

Standard library only.
"""

from .core import (
    KernelUnsupported, KState, SUPPORTED_PRESETS, check_rules, deal, kernel_state, to_position, kernel_move,
    to_move, legal_moves, play, play_events, to_act, playout, random_games, greedy,
)

__all__ = ["KernelUnsupported", "KState", "SUPPORTED_PRESETS", "check_rules", "deal", "kernel_state", "to_position", "kernel_move", "to_move", "legal_moves", "play", "play_events", "to_act", "playout", "random_games", "greedy"]
