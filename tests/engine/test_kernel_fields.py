"""The kernel state's field names (durak_lab.engine.kernel.fields) agree with KState's fields, in order."""

from durak_lab.engine.kernel import fields
from durak_lab.engine.kernel.core import KState


def test_every_field_index_names_the_kstate_field_of_its_place():
    names = [name.upper() for name in KState._fields]
    assert [getattr(fields, name) for name in names] == list(range(len(names)))
    assert fields.FIELDS == len(names) and sorted(fields.__all__) == sorted(names + ["FIELDS"])
