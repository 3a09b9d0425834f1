"""Many small whole numbers added up at once: each is given a field of one Python integer
(``FIELD`` bits, signed), so that adding two such vectors is one addition of two integers.

The compiled replay packs what each step adds to the sheet, and ``pulka stats`` what each
deal adds to the players' counts; a game's hundred steps or deals are then summed in one
``sum`` and unpacked once. A field holds a sum exactly while it stays below 2**63 in size:
callers pack only amounts below ``SMALL`` and add up fewer than 2**26 of them at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from struct import Struct
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypeGuard

FIELD = 64
SMALL = 1 << 36  #: the largest amount packed (exclusive), positive or negative


def packable(amount: object) -> TypeGuard[int]:
    """Whether ``amount`` can go into a field (a whole number, not too large)."""
    return type(amount) is int and -SMALL < amount < SMALL


def pack(fields: Iterable[tuple[int, int]]) -> int:
    """``(field, amount)`` pairs as one integer (amounts :func:`packable`)."""
    return sum(amount << FIELD * field for field, amount in fields)


def unpack(packed: int, into: list) -> None:
    """Add each field of a sum of packed integers to ``into`` (by field; ``into`` has a place
    for every field). The integer's bytes are read as signed fields at once: a field read as
    negative borrowed one from the field above it, which is given back."""
    count = len(into)
    read = _fields(count).unpack(packed.to_bytes(count * _BYTES, "little", signed=True))
    into[:] = [was + field + (below < 0)
               for was, field, below in zip(into, read, (0, *read), strict=False)]


_BYTES = FIELD // 8


def _fields(count: int) -> Struct:
    found = _STRUCTS.get(count)
    if found is None:
        found = _STRUCTS[count] = Struct(f"<{count}q")
    return found


_STRUCTS: dict[int, Struct] = {}
