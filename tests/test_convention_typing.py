"""The key-name lists the type checker reads (pulka/convention/keys.py) agree with the schema
(issue 10, item 6): each schema key is in exactly the list of its value type, and every value
a built-in convention holds has the Python type its list promises."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import get_args

import pytest

from pulka.convention import keys
from pulka.convention.loader import builtin_dir, load_file
from pulka.convention.schema import KEYS
from pulka.convention.types import (
    Choice,
    Currency,
    Flag,
    Integer,
    KeyType,
    ListOf,
    Money,
    Number,
    NumberOrWord,
    Text,
)

#: each Literal alias of keys.py, and what a value of one of its keys is
LISTS = {
    "NumberKey": lambda v: _exact(v),
    "NumberOrWordKey": lambda v: _exact(v) or isinstance(v, str),
    "IntegerKey": lambda v: _whole(v),
    "FlagKey": lambda v: isinstance(v, bool),
    "WordKey": lambda v: isinstance(v, str),
    "MoneyKey": lambda v: v is None or isinstance(v, Decimal),
    "CurrencyKey": lambda v: isinstance(v, str),
    "NumbersKey": lambda v: isinstance(v, tuple) and all(_exact(x) for x in v),
    "IntegersKey": lambda v: isinstance(v, tuple) and all(_whole(x) for x in v),
    "WordsKey": lambda v: isinstance(v, tuple) and all(isinstance(x, str) for x in v),
}


def _exact(v: object) -> bool:
    return isinstance(v, (int, Fraction)) and not isinstance(v, bool)


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _list_for(t: KeyType) -> str:
    """The keys.py alias a key of this schema type belongs in."""
    if isinstance(t, ListOf):
        item = t.item
        return ("NumbersKey" if isinstance(item, Number) else
                "IntegersKey" if isinstance(item, Integer) else "WordsKey")
    for kind, name in ((NumberOrWord, "NumberOrWordKey"), (Number, "NumberKey"),
                       (Integer, "IntegerKey"), (Flag, "FlagKey"),
                       (Choice, "WordKey"), (Text, "WordKey"), (Money, "MoneyKey"),
                       (Currency, "CurrencyKey")):
        if isinstance(t, kind):
            return name
    raise AssertionError(f"no keys.py list for {type(t).__name__}")


def _members() -> dict[str, set[str]]:
    return {name: set(get_args(getattr(keys, name))) for name in LISTS}


def test_every_schema_key_is_in_the_list_of_its_type_and_no_other():
    members = _members()
    wrong = []
    for key in KEYS:
        want = _list_for(key.type)
        found = sorted(name for name, paths in members.items() if key.path in paths)
        if found != [want]:
            wrong.append(f"{key.path}: in {found}, expected [{want!r}]")
    assert wrong == []


def test_the_lists_name_only_schema_keys():
    schema = {key.path for key in KEYS}
    extra = sorted(p for paths in _members().values() for p in paths if p not in schema)
    assert extra == []
    assert sum(len(paths) for paths in _members().values()) >= 50  # the lists are not empty


@pytest.mark.parametrize("path", sorted(builtin_dir().glob("*.yaml")), ids=lambda p: p.stem)
def test_every_value_of_a_builtin_convention_has_the_promised_type(path):
    conv = load_file(path)
    lists = {p: name for name, paths in _members().items() for p in paths}
    wrong = [f"{key}: {value!r} is not what {lists[key]} promises"
             for key, value in conv.values.items() if not LISTS[lists[key]](value)]
    assert wrong == []
    assert len(conv.values) >= 15
