"""A key's declaration gives its value's Python type (issue 10, item 6; issue 27): a key type is
generic in the type of the values it checks (``Number`` is a ``KeyType[Exact]``), a
:class:`~pulka.convention.schema.Key` takes its type's, and ``Convention.__getitem__`` returns
it, so the type checker knows ``conv[WHIST_RATE]`` is a number with no list kept by hand. Here:
every value a built-in convention holds is of the type its key's declaration promises."""

from __future__ import annotations

import types
from decimal import Decimal
from fractions import Fraction
from typing import Union, get_args, get_origin

import pytest

from pulka.convention import Convention
from pulka.convention.loader import builtin_dir, load_file
from pulka.convention.schema import PRICE, every_key, keys_for
from pulka.convention.types import KeyType, ListOf, Number
from pulka.families.russian.keys import WHIST_QUOTA, WHIST_RATE


def promised(t: KeyType) -> tuple[type, ...] | tuple[str, tuple]:
    """The Python types a key type's values are declared to have: its class's argument to
    ``KeyType[...]``, with a list's items as its item type's."""
    if isinstance(t, ListOf):
        return ("tuple", promised(t.item))
    for base in getattr(type(t), "__orig_bases__", ()):
        if get_origin(base) is KeyType:
            (arg,) = get_args(base)
            if get_origin(arg) in (Union, types.UnionType):
                return tuple(a for a in get_args(arg))
            return (arg,)
    raise AssertionError(f"{type(t).__name__} does not say the type of its values")


def fits(value: object, want: tuple) -> bool:
    if want and want[0] == "tuple":
        return isinstance(value, tuple) and all(fits(v, want[1]) for v in value)
    if isinstance(value, bool):
        return bool in want
    return isinstance(value, tuple(w for w in want if isinstance(w, type)))


def test_the_promise_is_read_from_the_declaration():
    assert promised(Number()) == (int, Fraction)
    assert promised(PRICE.type) == (Decimal, type(None))
    assert promised(WHIST_QUOTA.type) == ("tuple", (int,))
    assert fits((4, 2, 1, 1, 1), promised(WHIST_QUOTA.type))
    assert not fits((4, "2"), promised(WHIST_QUOTA.type))
    assert not fits(True, promised(Number()))  # a flag is not a number


def test_every_key_type_says_the_type_of_its_values():
    for key in every_key():
        promised(key.type)  # raises for a type that does not


@pytest.mark.parametrize("path", sorted(builtin_dir().glob("*.yaml")), ids=lambda p: p.stem)
def test_every_value_of_a_builtin_convention_has_the_promised_type(path):
    conv = load_file(path)
    keys = keys_for(conv.family)
    wrong = [f"{path}: {value!r} is not what {type(keys[path].type).__name__} promises"
             for path, value in conv.values.items() if not fits(value, promised(keys[path].type))]
    assert wrong == []
    assert len(conv.values) >= 15


def test_a_key_is_read_through_its_declaration_or_its_path():
    conv = load_file(builtin_dir() / "sochi.yaml")
    assert isinstance(conv, Convention)
    assert conv[WHIST_RATE] == conv["whist.rate"] == conv.values["whist.rate"]
    assert conv[WHIST_QUOTA] == (4, 2, 1, 1, 1)
