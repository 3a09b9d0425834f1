"""`pulka conventions`: list, show and check convention files."""

from __future__ import annotations

from pathlib import Path

import click

from . import cli


@cli.group()
def conventions() -> None:
    """The conventions (house rules) pulka knows."""


@conventions.command("list")
def list_() -> None:
    """Every convention that can be named, with its aliases and file."""
    from ..convention.loader import available

    for name, path, aliases in available():
        also = f" ({', '.join(aliases)})" if aliases else ""
        click.echo(f"{name}{also}  {path}")


@conventions.command()
@click.argument("name")
def show(name: str) -> None:
    """Every key of a convention, its value, and where the value came from.

    Under each key: what it means and, where there is one, its Russian (or local) term.
    """
    import textwrap

    from ..convention.loader import find, load_file
    from ..convention.schema import keys_for

    convention = load_file(find(name))
    click.echo(f"{convention.title}  [{convention.family}]  hash {convention.digest()}")
    for path, key in keys_for(convention.family).items():
        value = key.type.text(convention[path])
        origin = convention.origins.get(path, "")
        click.echo(f"  {path:24} {value:16} {origin}")
        # indented: the first word of a key's own line stays its path (scripts split on it)
        for line in textwrap.wrap(key.meaning, width=_WIDTH, initial_indent=_INDENT,
                                  subsequent_indent=_INDENT):
            click.echo(line)
        if key.term:
            click.echo(f"{_INDENT}term: {key.term}")


#: the meaning and term lines under a key: indented past its path, and within 80 columns
_INDENT = " " * 6
_WIDTH = 80


@conventions.command("check")
@click.argument("file", type=click.Path(path_type=Path))  # a folder: pulka's own message
def check_(file: Path) -> None:
    """Check a convention file; prints its hash when it is sound."""
    from ..convention.loader import load_file

    convention = load_file(file)
    click.echo(f"{file}: ok ({convention.title}, {convention.family}, hash "
               f"{convention.digest()})")
