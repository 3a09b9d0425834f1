"""pulka's record classes are namedtuples made from NamedTuple class bodies, as typing's are."""

from __future__ import annotations

import pickle
import typing

import pytest

from pulka.errors import Source
from pulka.frozen import NamedTuple


class Cell(NamedTuple):
    """A cell of the sheet."""

    column: str
    player: str
    amount: int = 0
    note: str | None = None

    def twice(self) -> int:
        return 2 * self.amount


class TypingCell(typing.NamedTuple):
    column: str
    player: str
    amount: int = 0
    note: str | None = None


def test_a_record_is_what_typing_would_make() -> None:
    cell = Cell("pulya", "Аня", 4)
    assert cell == ("pulya", "Аня", 4, None) and cell.twice() == 8
    assert Cell._fields == TypingCell._fields == ("column", "player", "amount", "note")
    assert Cell._field_defaults == TypingCell._field_defaults == {"amount": 0, "note": None}
    assert Cell.__doc__ == "A cell of the sheet." and Cell.__module__ == __name__
    assert Cell.__annotations__ == {"column": "str", "player": "str", "amount": "int",
                                    "note": "str | None"}
    assert cell._replace(amount=5) == Cell("pulya", "Аня", 5)
    assert cell._asdict() == {"column": "pulya", "player": "Аня", "amount": 4, "note": None}
    assert repr(cell) == "Cell(column='pulya', player='Аня', amount=4, note=None)"
    assert pickle.loads(pickle.dumps(cell)) == cell
    assert pickle.loads(pickle.dumps(Source("a.pulka", 3))) == Source("a.pulka", 3)


def test_a_field_without_a_default_after_one_with_a_default_is_refused() -> None:
    with pytest.raises(TypeError, match="Bad: a field without a default"):
        class Bad(NamedTuple):
            a: int = 0
            b: int


def test_what_namedtuple_makes_cannot_be_redefined() -> None:
    with pytest.raises(AttributeError, match="may not define _replace"):
        class Bad(NamedTuple):
            a: int

            def _replace(self) -> None: ...
