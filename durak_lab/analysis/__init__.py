"""Analysis on the engine: the exact endgame solver, the analyser, trump probabilities,
sampled worlds and inference from play.

Standard library only; imports the engine.
"""

from .analyser import MoveVerdict, Analysis, analyse_moves, analyse_game, analyse_record, BEST, MISTAKE, UNKNOWN
from .counting import cards_mask
from .inference.evidence import ActionView, Fact, Timeline, observe, history_of
from .inference.infer import (OpponentModel, EpsilonModel, uninformative, can_cover_all, Posterior, exact_posterior,
                        iter_exact_posteriors, sampled_posterior, posterior, counting_knowledge)
from .probability import (Knowledge, TrumpDraw, TALON, trump_mask, count_distribution, trump_count_distribution,
                          trump_counts, expected_count, joint_count_distribution, card_probabilities, prob_holds,
                          prob_can_beat, who_starts, trump_card_draw, deal_talon_facts, fraction_text,
                          distribution_json)
from .sampling import (Constraint, Estimate, sample_world, sample_worlds, iter_worlds, agrees, estimate,
                       sampled_trump_counts, simulate_trump_card_draw)
from .solver.endgame import (Solution, Solver, solve, solve_value, value_for, check_domain, in_domain,
                     SearchLimitExceeded, WIN, DRAW, LOSS, result_word, transitions, MAX_TABLE)

__all__ = [
    'MoveVerdict', 'Analysis', 'analyse_moves', 'analyse_game', 'analyse_record', 'BEST',
    'MISTAKE', 'UNKNOWN', 'ActionView', 'Fact', 'Timeline', 'observe', 'history_of',
    'OpponentModel', 'EpsilonModel', 'uninformative', 'can_cover_all', 'Posterior',
    'exact_posterior', 'iter_exact_posteriors', 'sampled_posterior', 'posterior',
    'counting_knowledge', 'Knowledge', 'TrumpDraw', 'TALON', 'trump_mask', 'count_distribution',
    'trump_count_distribution', 'trump_counts', 'expected_count', 'joint_count_distribution',
    'card_probabilities', 'prob_holds', 'prob_can_beat', 'who_starts', 'trump_card_draw',
    'deal_talon_facts', 'fraction_text', 'distribution_json', 'cards_mask', 'Constraint', 'Estimate',
    'sample_world', 'sample_worlds', 'iter_worlds', 'agrees', 'estimate',
    'sampled_trump_counts', 'simulate_trump_card_draw', 'Solution', 'Solver', 'solve',
    'solve_value', 'value_for', 'check_domain', 'in_domain', 'SearchLimitExceeded', 'WIN',
    'DRAW', 'LOSS', 'result_word', 'transitions', 'MAX_TABLE'
]
