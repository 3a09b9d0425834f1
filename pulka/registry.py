"""The scoring families pulka knows, one line each: where its rules live and where its drawing.

A family is a package of rules (``families/<name>/``, with the module whose ``FAMILY`` is
its :class:`pulka.families.base.Family`: its rules, keys, words and questions) and a package
that draws it (``render/<name>/``, whose ``RENDERER`` is a
:class:`pulka.render.registry.Renderer`). Every stage that needs a family asks for it by name
through this table, loading the module only then: adding a family is adding its two packages,
its convention file and a line here (or, from outside pulka, a call to :func:`register`).
This is the one place besides a family's own folders that names one.
"""

from __future__ import annotations

from .frozen import NamedTuple


class Registered(NamedTuple):
    """Where one family lives.

    Attributes:
        rules: the module that defines ``FAMILY`` (its rules, words, questions and keys).
        drawing: the module that defines ``RENDERER`` (its sheets in the terminal, PDF).
    """

    rules: str
    drawing: str


#: family name -> where it lives, in the order they are listed to players
FAMILIES: dict[str, Registered] = {
    "russian": Registered("pulka.families.russian.family", "pulka.render.russian"),
    "balkan": Registered("pulka.families.balkan.family", "pulka.render.balkan"),
    "austrian": Registered("pulka.families.payment.austrian", "pulka.render.payment.austrian"),
    "swabian": Registered("pulka.families.payment.swabian", "pulka.render.payment.swabian"),
    "greek": Registered("pulka.families.payment.greek", "pulka.render.payment.greek"),
}

#: the family whose sheet is drawn when no convention says which (a blank sheet of no rules)
DEFAULT = "russian"


def register(name: str, rules: str, drawing: str) -> None:
    """Add a family from outside pulka: the importable names of its rules and its drawing."""
    FAMILIES[name] = Registered(rules, drawing)


def names() -> list[str]:
    """Every family's name, in the order they are listed."""
    return list(FAMILIES)
