"""Record classes written as ``typing.NamedTuple`` class bodies, made at the cost of
``collections.namedtuple``.

``typing.NamedTuple`` checks the annotation of every field when the class is made; with
postponed annotations (every pulka module has them) each check compiles the annotation's text
into a forward reference, a third of a millisecond a class at every command's start. The
:data:`NamedTuple` here reads the same class body and skips that check: the class it makes
has the same fields, defaults, annotations (as text), methods and docstring, and it is a plain
``collections.namedtuple``. Type checkers see ``typing.NamedTuple`` itself.

    from .records import NamedTuple

    class Source(NamedTuple):
        path: str
        line: int | None = None
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    from collections import namedtuple

    #: what a record class may not define (namedtuple makes them), as typing refuses them
    _PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields",
                             "_field_defaults", "_make", "_replace", "_asdict", "_source"})
    #: what the class body holds that is not copied onto the record
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__", "__qualname__"})

    class _RecordMaker(type):
        def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> type:
            if ns.get("_base_of_records"):
                return super().__new__(mcls, name, bases, ns)
            annotations = ns.get("__annotations__", {})
            fields = list(annotations)
            defaults = [ns[f] for f in fields if f in ns]
            if any(f in ns for f in fields[:len(fields) - len(defaults)]):
                message = f"{name}: a field without a default follows one with a default"
                raise TypeError(message)  # untranslated: a programming error
            record = namedtuple(name, fields, defaults=defaults, module=ns["__module__"])
            record.__annotations__ = dict(annotations)
            record.__qualname__ = ns.get("__qualname__", name)
            for key, value in ns.items():
                if key in _PROHIBITED:
                    message = f"{name}: a record may not define {key}"
                    raise AttributeError(message)  # untranslated: a programming error
                if key not in _SPECIAL and key not in record._fields:
                    setattr(record, key, value)
            return record

    class NamedTuple(metaclass=_RecordMaker):
        """Base of record classes (see the module's docstring)."""

        _base_of_records = True


class Frozen:
    """Base of hand-written frozen records (a frozen dataclass is compiled from source at every
    start): ``__init__`` sets the fields through ``self.__dict__``, and nothing changes them
    afterwards."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")  # untranslated: a programming error

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")  # untranslated: a programming error
