"""Conventions: the house rules a table plays by, read from YAML files.

:class:`Convention` is the resolved, checked set of keys (see :mod:`.schema`); the scoring
rules read it through a key's declaration, ``conv[WHIST_RATE]``, whose type gives the value's.
:mod:`.loader` finds and reads the files.
"""

from __future__ import annotations

import functools
from typing import Any, overload

from ..files.sha256 import hex_sha256
from ..frozen import Frozen
from .schema import IDENTITY, Key, keys_for
from .types import T


class Convention(Frozen):
    """A complete, checked convention: a frozen record, equal to another of the same values
    (written by hand: a frozen dataclass is compiled from source at every start).

    Attributes:
        values: every key of the family, by dotted path.
        origins: where each value came from (a file:line, "override", or "journal"); not
            compared.
    """

    values: dict[str, object]
    origins: dict[str, str]

    def __init__(self, values: dict[str, object], origins: dict[str, str] | None = None) -> None:
        self.__dict__.update(values=values, origins={} if origins is None else origins)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.values == other.values

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(values={self.values!r}, "
                f"origins={self.origins!r})")

    def __hash__(self) -> int:  # by content, so rules can be cached per convention
        return self._hash

    @functools.cached_property
    def _hash(self) -> int:
        return hash(frozenset(self.values.items()))

    # read through its declaration, a key's value has the type the declaration gives it; read
    # by its dotted path (code every family shares), it is an object
    @overload
    def __getitem__(self, key: Key[T]) -> T: ...
    @overload
    def __getitem__(self, key: str) -> object: ...

    def __getitem__(self, key: Key[Any] | str) -> object:
        # (the class compared, not isinstance: a third of the cost, in the rules' inner loops)
        return self.values[key if key.__class__ is str else key.path]  # type: ignore[union-attr]

    @property
    def family(self) -> str:
        return str(self.values["family"])

    @property
    def name(self) -> str:
        return str(self.values["name"])

    @property
    def title(self) -> str:
        return str(self.values.get("title") or self.name)

    def rule_lines(self) -> list[tuple[str, str]]:
        """Every scoring key as (path, text), in schema order: what a journal stores."""
        keys = keys_for(self.family)
        return [
            (path, key.type.text(self.values[path]))
            for path, key in keys.items()
            if path != "aliases"
        ]

    @functools.cached_property
    def _digest(self) -> str:
        keys = keys_for(self.family)
        # a key at its default is left out: a key added to pulka with a default changes no
        # digest (a game's, shown by show --json; the snapshots of its replay)
        text = "\n".join(f"{k}={v}" for k, v in self.rule_lines()
                         if k not in IDENTITY and not _at_default(keys[k], v))
        return hex_sha256(text.encode())

    def digest(self) -> str:
        """A short hash of the scoring keys, to tell two conventions apart (the identity, and
        the keys at their defaults, left out)."""
        return self._digest[:12]

    def with_values(self, changes: dict[str, object], origin: str) -> Convention:
        values = dict(self.values)
        values.update(changes)
        origins = dict(self.origins)
        origins.update({k: origin for k in changes})
        return Convention(values, origins)


def _at_default(key: Key[Any], text: str) -> bool:
    """Is a key's value, written as text, its default? (None: the key has no default.)"""
    return key.default is not None and text == key.type.text(key.default)
