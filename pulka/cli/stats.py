"""``pulka stats``: statistics across every game of an archive (a folder of journals).

sqlite3, concurrent.futures, rich and XlsxWriter are imported by this command only,
when it runs.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..files import outputs
from ..i18n import N_, _
from . import EXIT_BAD_INPUT, cli
from .arg_types import Count, OutputFile
from .committed import say
from .export import FORCE


class _Bar:
    """rich's progress bar on stderr while games are replayed (only on a terminal)."""

    def __init__(self) -> None:
        self._progress: Any = None
        self._task: Any = None

    def start(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import Progress

        self._progress = Progress(console=Console(stderr=True), transient=True)
        self._progress.start()
        self._task = self._progress.add_task(_("replaying"), total=total)

    def advance(self, done: int) -> None:
        self._progress.advance(self._task, done)

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="DIR|FILES...",
                type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True,
              help=N_("Print the statistics as JSON (language-neutral keys and values)."))
@click.option("--xlsx", type=OutputFile(),
              help=N_("Write the statistics workbook here (a sheet per table, a chart of "
                      "the running totals)."))
@FORCE
@click.option("--cache", "cache_path", type=click.Path(path_type=Path),
              help=N_("The cache file (default: pulka/stats.sqlite3 in the user's cache "
                      "folder)."))
@click.option("--no-cache", is_flag=True, help=N_("Replay every game; read and write no cache."))
@click.option("--jobs", type=Count(1, 64), metavar="COUNT",
              help=N_("Worker processes for the replay (default: one per core)."))
def stats(paths: tuple[Path, ...], as_json: bool, xlsx: Path | None, force: bool,
          cache_path: Path | None, no_cache: bool, jobs: int | None) -> None:
    """Statistics across every game of an archive: per player, convention and month.

    \b
    Reads every journal under each folder (a file named is read whatever its name); a
    journal that does not read is listed on stderr and skipped. Exit status:
      0  at least one game was counted;
      2  no journal was found, or none could be read.
    """
    from ..stats import files
    from ..stats.cache import Cache, default_path
    from ..stats.collect import collect

    if no_cache and cache_path is not None:
        raise click.UsageError(_("--cache and --no-cache cannot be given together"))
    found = files.journals(paths)
    if not found:
        say(_("error: no journal found in {paths}").format(
            paths=", ".join(str(p) for p in paths)))
        raise SystemExit(EXIT_BAD_INPUT)
    where = None if no_cache else cache_path or default_path()
    target = outputs.check_all([(xlsx, "workbook")], [*found, *([where] if where else [])],
                               force)[0] if xlsx else None
    cache = Cache(where)
    bar = _Bar() if sys.stderr.isatty() else None
    try:
        collected = collect(found, cache, bar, jobs)
    finally:
        if bar is not None:
            bar.close()
        cache.close()
    if cache.warning:
        say(cache.warning)
    for _file, message in collected.bad:
        say(_("skipped: {message}").format(message=message))
    if not collected.tables.total:
        say(_("error: no journal could be read ({n} skipped); nothing was counted").format(
            n=len(collected.bad)))
        raise SystemExit(EXIT_BAD_INPUT)
    table = collected.tables.finish()
    if target is not None:
        from ..stats.workbook import render

        outputs.write([(target, render(table))])
    if as_json:
        _print_json(table, collected.replayed, collected.cached, _in_english(collected.bad))
    elif target is not None:
        click.echo(_("wrote {file}").format(file=target.given))
    else:
        from ..stats.render import show

        show(table, collected.bad)


def _in_english(bad: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The messages of the journals skipped, read again in English for the JSON."""
    from .. import i18n
    from ..stats.summary import read_one

    if not bad or i18n.language() == "en":
        return bad
    spoken = i18n.language()
    i18n.use("en")
    try:
        return [(file, read_one(file).error or message) for file, message in bad]
    finally:
        i18n.use(spoken)


def _print_json(table: dict, replayed: int, cached: int, bad: list[tuple[str, str]]) -> None:
    import json

    from ..settlement.figures import to_json

    data = to_json({k: v for k, v in table.items() if k != "evenings"})
    assert isinstance(data, dict)
    data["evenings"] = table["evenings"]  # the games' own numbers, in settle --json's form
    data["skipped"] = [{"file": f, "error": m} for f, m in bad]
    data["run"] = {"replayed": replayed, "cached": cached}
    # on one line: an archive's JSON is long, and json's C encoder writes no indentation
    click.echo(json.dumps(data, ensure_ascii=False))
