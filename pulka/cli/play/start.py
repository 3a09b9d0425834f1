"""`pulka play` without a game: a few questions, then the new game made as `pulka new` makes
it (:func:`pulka.recorder.new_game`, the answers passed as the options would be).

The file (today's date by default, never a file that is there; or the one named to `pulka
play` that is not there yet, once the player says so), the convention (a name or alias; ``?``
lists them), the players (as many as it is played by, 2 to 5, by spaces or commas, in the order its
family's play moves round the table, which the question says: clockwise, or counter-clockwise
at a Greek table), the size its family asks for (the pulya) and the price of a whist (Enter:
the convention's; a decimal comma is read). A wrong answer is said and asked again; Ctrl-C or
Ctrl-D ends the dialogue with nothing made.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ... import recorder
from ...convention.schema import PLAYERS
from ...errors import PulkaError
from ...i18n import _, ngettext, pgettext, translated
from ..committed import say
from .ask import Ask
from .commands import NO, YES

DEFAULT_CONVENTION = "sochi"
SUFFIX = ".pulka"


def start(read: Callable[..., str] | None = None, path: Path | None = None) -> Path | None:
    """Ask for a new game and make it; its path, or None when the player gave up (Ctrl-D, or
    no to the offer of a game in ``path``, a file named that is not there yet).

    Raises:
        click.exceptions.Exit: Ctrl-C (status 130), nothing made.
    """
    dialogue = Dialogue(read or Ask())
    try:
        if path is not None and not dialogue.offer(path):
            click.echo(_("no game was started"))
            return None
        return dialogue.run(path)
    except EOFError:
        click.echo()
        click.echo(_("no game was started"))
        return None
    except KeyboardInterrupt:
        click.echo()
        click.echo(_("no game was started"))
        raise click.exceptions.Exit(130) from None


def free_name(folder: Path, today: datetime.date) -> Path:
    """Today's date as a file name that is not taken: 2026-12-01.pulka, 2026-12-01-2.pulka..."""
    path = folder / f"{today.isoformat()}{SUFFIX}"
    count = 2
    while path.exists() or path.is_symlink():
        path = folder / f"{today.isoformat()}-{count}{SUFFIX}"
        count += 1
    return path


class Dialogue:
    """The questions, each asked until its answer is one pulka can use."""

    def __init__(self, read: Callable[..., str]) -> None:
        self.read = read

    def ask(self, question: str, words: list[str] | None = None) -> str:
        return self.read(question, words or []).strip()

    def offer(self, path: Path) -> bool:
        """Whether to start a new game in ``path``, named to `pulka play` but not there yet."""
        while True:
            answer = self.ask(_("{file} is not there yet: start a new game in it? [Y/n] ").format(
                file=path)).casefold()
            if not answer or answer in YES:
                return True
            if answer in NO:
                return False

    def run(self, path: Path | None = None) -> Path:
        """The questions (the file's unless ``path`` is given), then the game made."""
        from ...convention.loader import keys_for
        from ...families import get_family

        path = path or self.file()
        convention, ref = self.convention()
        family = get_family(convention.family)
        names = self.players(convention, translated(family.seating))
        overrides: dict[str, str] = {}
        size = family.size_question
        if size is not None:
            key, question = size
            self.value(translated(question).format(value=convention[key]), key, convention,
                       overrides)
        if "price" in keys_for(convention.family):
            self.value(_("Price of a whist? [none] "), "price", convention, overrides)
        game = recorder.new_game(path, names, ref, overrides)
        click.echo(_("{file}: a new {title} game for {players} ({direction}); {dealer} deals "
                     "first").format(file=path, title=game.title, players=", ".join(game.players),
                                     direction=translated(family.seating),
                                     dealer=game.players[0]))
        if game.warning is not None:
            say(game.warning)
        return path

    def file(self) -> Path:
        default = free_name(Path("."), datetime.date.today())
        while True:
            answer = self.ask(_("Game file? [{file}] ").format(file=default.name))
            if not answer:
                return default
            path = Path(answer)
            if not path.suffix:
                path = path.with_name(path.name + SUFFIX)
            if path.is_dir():
                say(_("error: {file} is a folder; name a file").format(file=path))
            elif path.exists() or path.is_symlink():
                say(_("error: {file} is there already; name a new file").format(file=path))
            elif not path.parent.is_dir():
                say(_("error: there is no folder {folder}").format(folder=path.parent))
            else:
                return path

    def players(self, convention: Any, direction: str) -> tuple[str, ...]:
        """The players, in the order play moves round the table (``direction``, the
        family's), as many as the convention is played by."""
        from ...game import check_players

        while True:
            answer = self.ask(_("Players ({direction}, the first deals)? ").format(
                direction=direction))
            names = tuple(n for n in re.split(r"[\s,]+", answer) if n)
            try:
                names = check_players(names)  # 2 to 5 names, each one a name
            except PulkaError as exc:
                say(_("error: {message}").format(message=exc))
                continue
            allowed = convention[PLAYERS]
            if len(names) in allowed:
                return names
            counts = [str(n) for n in allowed]
            say(ngettext("error: {title} is not played by {count} player; it takes {counts}",
                         "error: {title} is not played by {count} players; it takes {counts}",
                         len(names)).format(
                             title=convention.title, count=len(names),
                             counts=counts[0] if len(counts) == 1 else _("{some} or {last}").format(
                                 some=", ".join(counts[:-1]), last=counts[-1])))

    def convention(self) -> tuple[Any, str]:
        """The convention read (and its name as typed, as `pulka new --convention` takes it)."""
        from ...convention.loader import available, find, load_file

        known = [(name, aliases) for name, _path, aliases in available()]
        words = [w for name, aliases in known for w in (name, *aliases)]
        while True:
            # Translators: the default convention as the players call it (an alias of sochi)
            shown = pgettext("convention", "sochi")
            answer = self.ask(_("Convention? [{name}] (? lists them) ").format(
                name=shown), words) or DEFAULT_CONVENTION
            if answer == "?":
                for name, aliases in known:
                    click.echo(f"  {name}" + (f" ({', '.join(aliases)})" if aliases else ""))
                continue
            try:
                return load_file(find(answer)), answer
            except PulkaError as exc:
                say(_("error: {message}").format(message=exc))

    def value(self, question: str, key: str, convention: Any,
              overrides: dict[str, str]) -> None:
        """One key of the convention: Enter keeps the convention's; a bad value is said."""
        from ...convention.loader import apply_text_overrides
        from ...convention.schema import keys_for
        from ...convention.types import BadValue

        while True:
            answer = self.ask(question)
            if not answer:
                return
            try:  # (the question named the key: the answer's error is only why it is wrong)
                keys_for(convention.family)[key].type.from_text(answer)
                apply_text_overrides(convention, {**overrides, key: answer}, None)
            except BadValue as exc:
                say(_("error: {message}").format(message=exc))
                continue
            except PulkaError as exc:
                say(_("error: {message}").format(message=exc.unplaced()))
                continue
            overrides[key] = answer
            return
