"""Game records: the ``durak-lab/1`` JSON format, loading, saving and replaying.

The face of the folder: :mod:`.record` (the :class:`Record` value, loading and saving), :mod:`.parts`
(each part of a record read and checked) and :mod:`.replaying` (its moves played one by one).

Standard library only.
"""

from .record import (
    FORMAT, Record, RecordMove, ReplayStep, ReplayResult, load_record, record_from_game, replay,
    result_value, json_text, example_ids, load_example, list_examples,
)

__all__ = ["FORMAT", "Record", "RecordMove", "ReplayStep", "ReplayResult", "load_record", "record_from_game", "replay", "result_value", "json_text", "example_ids", "load_example", "list_examples"]
