"""What a convention key is, the keys every family has, and where each family's own keys are.

A key is declared once, as a :class:`Key`: its dotted path, its type (which gives the Python
type of its value), what it means in English and in Russian, its local term, and the default a
journal written before it existed is read with. Each family declares its own keys in its own
folder (``pulka/families/<family>/keys.py``, exposed as ``FAMILY.keys``); the scoring rules read
a key through its declaration, ``conv[WHIST_RATE]``. Adding a key means declaring it there,
reading it in one rule, and testing it. The keys and meanings follow the project's spec
(conventions.md); conventions/*.yaml explain them.
"""

from __future__ import annotations

import importlib
from typing import Any, Generic, TypeVar

from .. import registry
from ..i18n import language
from .types import Choice, Currency, Integer, KeyType, ListOf, Money, Text

#: the Python type of a key's value (a key of tuples is read where an iterable will do)
T_co = TypeVar("T_co", covariant=True)


class Key(Generic[T_co]):
    """One convention key, generic in the Python type of its value (a plain class: a generic
    NamedTuple needs Python 3.11).

    Attributes:
        path: the dotted name, e.g. ``whist.rate``.
        type: how its value is checked and written.
        en: what it means, for a player, in English.
        ru: the same in Russian.
        term: the Russian (or local) term.
        default: the value a journal or file written before the key existed is read with
            (None: the key is required).
    """

    __slots__ = ("default", "en", "path", "ru", "term", "type")

    def __init__(self, path: str, type: KeyType[T_co], en: str, ru: str, term: str = "",
                 default: T_co | None = None) -> None:
        self.path, self.type, self.en, self.ru = path, type, en, ru
        self.term, self.default = term, default

    def meaning(self, lang: str | None = None) -> str:
        """What the key means, in ``lang`` (the session's language by default)."""
        return self.ru if (lang or language()) == "ru" else self.en

    def __repr__(self) -> str:
        return f"Key({self.path!r})"



FAMILY_KEY = Key(
    "family", Choice(registry.FAMILIES),
    "which scoring family the rules belong to",
    "к какому семейству правил подсчёта относится соглашение")
NAME = Key(
    "name", Text(),
    "the convention's short name",
    "короткое имя соглашения")
TITLE = Key(
    "title", Text(),
    "the name shown to players",
    "название, которое видят игроки")
ALIASES = Key(
    "aliases", ListOf(Text(), 0),
    "other names the convention answers to",
    "другие имена, по которым находится соглашение")
PLAYERS = Key(
    "players", ListOf(Integer(2, 5), 1, 4),
    "table sizes the convention is played at",
    "на сколько игроков играют по этому соглашению")
PRICE = Key(
    "price", Money(),
    "money per whist (none: settle in whists only)",
    "цена виста в деньгах (none: расчёт только в вистах)", term="цена виста")
CURRENCY = Key(
    "currency", Currency(),
    "the sign written after an amount of money, such as ₽ or € (none: the number alone)",
    "знак, который пишется после суммы денег, например ₽ или € (none: одно число)",
    term="валюта", default="")

#: the keys every family has, first in every family's list (the identity, the table sizes,
#: the money)
COMMON: tuple[Key[Any], ...] = (FAMILY_KEY, NAME, TITLE, ALIASES, PLAYERS, PRICE, CURRENCY)
#: keys that say what a convention is rather than how it scores
IDENTITY = ("family", "name", "title", "aliases")
#: the table sizes of a family that does not name its own (``FAMILY.seats``)
ANY_SEATS: tuple[int, ...] = (2, 3, 4)


def family_rules(family: str) -> Any:
    """The family's ``FAMILY`` object (a :class:`pulka.families.base.Family`), loaded by name
    through :mod:`pulka.registry`: the conventions ask it for its keys, table sizes and checks,
    and may not import the families themselves.

    Raises:
        KeyError: no family of that name is registered.
    """
    return importlib.import_module(registry.FAMILIES[family].rules).FAMILY


def keys_for(family: str) -> dict[str, Key[Any]]:
    """The keys a convention of this family defines, by path: those every family has, then
    the family's own (``FAMILY.keys``), in the order a journal writes them.

    Raises:
        KeyError: no family of that name is registered.
    """
    rules = family_rules(family)
    found = _BY_FAMILY.get(family)
    if found is None or found[0] is not rules:  # (a family registered again, or reloaded)
        keys = {key.path: key for key in (*COMMON, *getattr(rules, "keys", ()))}
        found = _BY_FAMILY[family] = (rules, keys)
    return found[1]


def seats_for(family: str) -> tuple[int, ...]:
    """The table sizes the family's rules are written for, whatever a convention's
    ``players`` says (``FAMILY.seats``)."""
    return tuple(getattr(family_rules(family), "seats", ANY_SEATS))


def every_key() -> list[Key[Any]]:
    """Every registered family's keys, each once (a key two families share is one)."""
    seen: dict[int, Key[Any]] = {}
    for family in registry.FAMILIES:
        for key in keys_for(family).values():
            seen.setdefault(id(key), key)
    return list(seen.values())


#: each family's keys by path, with the family object they were read from
_BY_FAMILY: dict[str, tuple[object, dict[str, Key[Any]]]] = {}
