"""`pulka conventions`: list, show and check convention files."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import click

from ..convention.schema import ALIASES
from ..i18n import N_, _, ngettext, pgettext
from ..numbers import json_number
from . import cli

JSON = click.option("--json", "as_json", is_flag=True,
                    help=N_("Print JSON (language-neutral) instead of text."))


@cli.group()
def conventions() -> None:
    """The conventions (house rules) pulka knows."""


@conventions.command("list")
@JSON
def list_(as_json: bool) -> None:
    """Every convention that can be named, with its aliases and file."""
    from ..convention.loader import available

    found = available()
    if as_json:
        _print_json([{"name": name, "aliases": list(aliases), "file": str(path)}
                     for name, path, aliases in found])
        return
    for name, path, aliases in found:
        also = f" ({', '.join(aliases)})" if aliases else ""
        click.echo(f"{name}{also}  {path}")


@conventions.command()
@click.argument("name")
@JSON
def show(name: str, as_json: bool) -> None:
    """Every key of a convention, its value, and where the value came from.

    Under each key: what it means and, where there is one, its Russian (or local) term.
    """
    import textwrap

    from ..convention.loader import find, load_file
    from ..convention.schema import keys_for

    path = find(name)
    convention = load_file(path)
    keys = keys_for(convention.family)
    if as_json:
        _print_json({
            "name": convention.name, "title": convention.title, "family": convention.family,
            "hash": convention.digest(), "file": str(path),
            "aliases": list(convention[ALIASES]),
            "keys": {key_path: {"value": _json_value(convention[key_path]),
                                "text": key.type.text(convention[key_path]),
                                "source": convention.origins.get(key_path, ""),
                                "meaning": key.en, "term": key.term}
                     for key_path, key in keys.items()},
        })
        return
    click.echo(_("{title}  [{family}]  hash {hash}").format(
        title=convention.title, family=convention.family, hash=convention.digest()))
    for key_path, key in keys.items():
        value = key.type.text(convention[key_path])
        origin = convention.origins.get(key_path, "")
        if origin == "default":  # a key the file predates (the JSON keeps the word)
            origin = pgettext("where a value came from", "default")
        click.echo(f"  {key_path:24} {value:16} {origin}")
        # indented: the first word of a key's own line stays its path (scripts split on it)
        for line in textwrap.wrap(key.meaning(), width=_WIDTH, initial_indent=_INDENT,
                                  subsequent_indent=_INDENT):
            click.echo(line)
        if key.term:
            click.echo(_INDENT + _("term: {term}").format(term=key.term))


@conventions.command()
@click.argument("first")
@click.argument("second")
@JSON
def diff(first: str, second: str, as_json: bool) -> None:
    """The keys two conventions set differently (built-in names, aliases or files), with what
    each key means: how a table's house rules differ from Sochi.

    \b
    pulka conventions diff sochi leningrad
    pulka conventions diff sochi ./our-rules.yaml
    """
    import textwrap

    from ..convention.loader import find, load_file
    from ..convention.schema import IDENTITY, keys_for

    one, two = load_file(find(first)), load_file(find(second))
    keys = {**keys_for(one.family), **keys_for(two.family)}
    skip = {*IDENTITY, "aliases"}
    changed = []
    for key_path, key in keys.items():
        if key_path in skip:
            continue
        a = one.values.get(key_path, _ABSENT)
        b = two.values.get(key_path, _ABSENT)
        if a != b:
            changed.append((key_path, key, a, b))
    if as_json:
        _print_json({"first": one.name, "second": two.name,
                     "families": [one.family, two.family],
                     "keys": {path: {"first": None if a is _ABSENT else _json_value(a),
                                     "second": None if b is _ABSENT else _json_value(b),
                                     "meaning": key.en, "term": key.term}
                              for path, key, a, b in changed}})
        return
    click.echo(_("{first} → {second}").format(first=one.title, second=two.title))
    families = {"first": one.family, "second": two.family}
    if one.family != two.family:  # (a family's keys are its own: two may have the same ones)
        if keys_for(one.family).keys() != keys_for(two.family).keys():
            click.echo(_("different families ({first}, {second}): their keys are not the same")
                       .format(**families))
        else:
            click.echo(_("different families ({first}, {second}): the same keys, each read "
                         "by its own family's rules").format(**families))
    if not changed:
        click.echo(_("the two conventions score alike: no key differs") if one.family == two.family
                   else _("no key differs, but each family scores by its own rules"))
        return
    click.echo(ngettext("{n} key differs:", "{n} keys differ:", len(changed)).format(
        n=len(changed)))
    for key_path, key, a, b in changed:
        left = "—" if a is _ABSENT else keys[key_path].type.text(a)
        right = "—" if b is _ABSENT else keys[key_path].type.text(b)
        click.echo(f"  {key_path:24} {left:>12} → {right}")
        for line in textwrap.wrap(key.meaning(), width=_WIDTH, initial_indent=_INDENT,
                                  subsequent_indent=_INDENT):
            click.echo(line)
        if key.term:
            click.echo(_INDENT + _("term: {term}").format(term=key.term))


#: a key one of two conventions does not have (another family's)
_ABSENT = object()
#: the meaning and term lines under a key: indented past its path, and within 80 columns
_INDENT = " " * 6
_WIDTH = 80


def _json_value(value: object) -> object:
    """A convention value in JSON: whole numbers as numbers, fractions as "1/2", money as
    its decimal text ("0.10"), lists as lists."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, Fraction)):
        return json_number(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    return str(value)


def _print_json(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


@conventions.command("check")
@click.argument("file", type=click.Path(path_type=Path))  # a folder: pulka's own message
def check_(file: Path) -> None:
    """Check a convention file; prints its hash when it is sound, or every error it holds
    (each at its file:line)."""
    from ..convention.loader import load_file

    convention = load_file(file)
    click.echo(_("{file}: ok ({title}, {family}, hash {hash})").format(
        file=file, title=convention.title, family=convention.family, hash=convention.digest()))
