"""The sentences a learner reads: moves, reasons, results, and the frames of a replayed game, and the glossary.

Every sentence is a template of :data:`~durak_lab.text.messages.MESSAGES` filled in by
:func:`~durak_lab.text.messages.say`.  :func:`learner_reason` says why the engine
refused a move; :func:`event_sentence` tells what followed a move by itself.

Standard library only; imports the engine and analysis.
"""

from .explain import (Explanation, RULE_TITLES, cover_why, rule_title, explain_move, legal_by_seat, legal_sentences,
                      legal_text, describe_move, reason_sentence, result_sentence, seat_role, rank_phrase, sentence)
from .frames import (Snapshot, Frame, snapshot_of, after_move, after_event, derive_step, frames_of, EVENT_RULES,
                     MOVE_RULES)
from .glossary import (GLOSSARY, GLOSSARY_CSS, GlossaryError, glossary_html, glossary_markdown, rule_html,
                       terms_in)
from .messages import MESSAGES, say
from .narrate import event_sentence, hint_why, move_words, role_words
from .reasons import card_words, learner_reason, plain_reason, reason_clause, reason_rule

__all__ = [
    'Explanation', 'RULE_TITLES', 'cover_why', 'rule_title', 'explain_move', 'legal_by_seat', 'legal_sentences',
    'legal_text', 'describe_move', 'reason_sentence', 'result_sentence', 'seat_role',
    'rank_phrase', 'sentence', 'Snapshot', 'Frame', 'snapshot_of', 'after_move', 'after_event',
    'GLOSSARY', 'GLOSSARY_CSS', 'GlossaryError', 'glossary_html', 'glossary_markdown', 'rule_html', 'terms_in',
    'derive_step', 'frames_of', 'EVENT_RULES', 'MOVE_RULES', 'MESSAGES', 'say', 'event_sentence', 'hint_why',
    'move_words', 'role_words', 'card_words', 'learner_reason', 'plain_reason', 'reason_clause', 'reason_rule',
]
