"""The sentences a learner reads: moves, reasons, results, and the frames of a replayed game, and the glossary.

Standard library only; imports the engine and analysis.
"""

from .explain import (Explanation, RULE_TITLES, explain_move, legal_by_seat, legal_sentences, legal_text,
                      describe_move, reason_sentence, result_sentence, seat_role, rank_phrase, sentence)
from .frames import (Snapshot, Frame, snapshot_of, after_move, after_event, derive_step, frames_of, EVENT_RULES,
                     MOVE_RULES)
from .glossary import (GLOSSARY, GLOSSARY_CSS, GlossaryError, glossary_html, glossary_markdown, rule_html,
                       terms_in)

__all__ = [
    'Explanation', 'RULE_TITLES', 'explain_move', 'legal_by_seat', 'legal_sentences',
    'legal_text', 'describe_move', 'reason_sentence', 'result_sentence', 'seat_role',
    'rank_phrase', 'sentence', 'Snapshot', 'Frame', 'snapshot_of', 'after_move', 'after_event',
    'derive_step', 'frames_of', 'EVENT_RULES', 'MOVE_RULES', 'GLOSSARY', 'GLOSSARY_CSS', 'GlossaryError',
    'glossary_html', 'glossary_markdown', 'rule_html', 'terms_in'
]
