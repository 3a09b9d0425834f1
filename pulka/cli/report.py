"""Commands that read a game (a journal or a scoring vector): show, settle, verify, check."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import PulkaError
from ..gamefile import open_game
from ..journal import read
from ..replay import family_of
from ..replay import steps as replay_steps
from ..report import build, to_json
from . import EXIT_BAD_INPUT, cli

GAME = click.argument("file", type=click.Path(path_type=Path))  # a folder: pulka's own message


@cli.command()
@GAME
@click.option("--deals", "with_deals", is_flag=True, help="Also list every deal and what it wrote.")
def show(file: Path, with_deals: bool) -> None:
    """The sheet now: pulya, gora, whists, whose deal is next, and the settlement so far."""
    from ..render import text

    journal = None if file.suffix.lower() in (".yaml", ".yml") else read(file)  # read once
    game = journal.game() if journal is not None else open_game(file)[0]
    report, state, settlement, steps = build(game)
    if with_deals:
        text.deals(steps)
    text.show(game, report, state, settlement, steps)
    if journal is not None:
        from ..ledger import convention_drift

        note = convention_drift(journal)
        if note:
            click.echo(note)


@cli.command()
@GAME
@click.option("--json", "as_json", is_flag=True, help="Print the sheet and settlement as JSON.")
@click.option("--explain", is_flag=True, help="Show the settlement the paper way, step by step.")
def settle(file: Path, as_json: bool, explain: bool) -> None:
    """Settle the game (расписать пулю): whists, money, and who pays whom."""
    game, _ = open_game(file)
    report, state, settlement, _ = build(game, keep_steps=False)
    if as_json:
        data = to_json(report)
        if explain:
            data["explain"] = [  # type: ignore[index]
                {"step": title, "lines": list(lines)}
                for title, lines in family_of(game.table).explain(state).steps
            ]
        import json  # only here: the other commands start without it

        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    from ..render import text

    explanation = family_of(game.table).explain(state) if explain else None
    text.settlement_text(game, settlement, explanation, state)


@cli.command()
@click.argument("files", nargs=-1, required=True,
                type=click.Path(path_type=Path))  # a folder: pulka's own message
def verify(files: tuple[Path, ...]) -> None:
    """Check scoring vectors against their `expect` (a journal is only checked).

    \b
    Every file is checked, whatever the others hold. Exit status:
      0  every file read and matched its expect;
      1  a file read well but its numbers differ (each difference is printed);
      2  a file could not be read or replayed (bad input: its message goes to stderr).
    """
    from ..verify import differences

    passed = failed = bad = 0
    for path in files:
        try:
            game, expect = open_game(path)
            report, *_ = build(game)
        except PulkaError as exc:
            click.echo(f"error: {exc}", err=True)
            bad += 1
            continue
        if expect is None:
            passed += 1
            click.echo(f"ok   {path} (a journal: checked, no expectations)")
            continue
        diffs = differences(expect, report)
        if diffs:
            failed += 1
            click.echo(f"FAIL {path}")
            for line in diffs:
                click.echo(f"  {line}")
        else:
            passed += 1
            click.echo(f"ok   {path}")
    if passed or failed:  # nothing on stdout when no file could be read at all
        tail = f", {bad} not read (bad input)" if bad else ""
        click.echo(f"{passed} passed, {failed} failed{tail}")
    if bad:
        raise SystemExit(EXIT_BAD_INPUT)
    if failed:
        raise SystemExit(1)


@cli.command()
@GAME
def check(file: Path) -> None:
    """Replay the game and run every check; prints nothing and exits 0 when all is well."""
    game, _ = open_game(file)
    for _ in replay_steps(game):
        pass
