"""The CLI in the players' language: the ``--lang`` option, translated help, click's own words.

Help texts are written in English in the code (command docstrings, ``help=N_(...)``) and are
translated when they are shown, so one process can answer in either language (the tests run
many commands in one). Click's own words (``Usage:``, ``No such option``) are in pulka's
catalogs too: click looks them up through the names it imported from :mod:`gettext`, which are
pointed at pulka's catalog here.
"""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from .. import i18n
from ..i18n import N_, _, ngettext, translated


def choose_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """The ``--lang`` option's callback: the option, then PULKA_LANG, then the locale."""
    if value is None and ctx.parent is not None:
        return  # a command without its own --lang keeps the one the group chose
    i18n.use(i18n.choose(value, os.environ))
    translate_click()


def language_from_args(args: list[str]) -> None:
    """Choose the language before click reads anything, so that its first words (the help
    of a bare ``pulka``, a usage error in the group's own options) are in it too."""
    i18n.use(i18n.choose(_lang_in(args), os.environ))
    translate_click()


def _lang_in(args: list[str]) -> str | None:
    """The last ``--lang`` value among a command's options (before ``--``), or None."""
    option = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            option = args[i + 1]
        elif arg.startswith("--lang="):
            option = arg.split("=", 1)[1]
    return option


def _lang_first(args: list[str]) -> None:
    """A command's own ``--lang`` chosen before its options are processed: click handles an
    eager ``--help`` written before ``--lang`` first, and the help would be in the language
    of before (`pulka show --help --lang ru`). A value that is not a language is left to the
    option itself to refuse."""
    option = _lang_in(args)
    if option in i18n.LANGUAGES:
        i18n.use(option)
        translate_click()


@contextmanager
def _translated(command: click.Command, ctx: click.Context | None = None) -> Iterator[None]:
    """The command's help texts in the language in use, for as long as they are shown."""
    params = command.get_params(ctx) if ctx is not None else command.params
    saved: list[tuple[Any, str | None, str | None]] = [
        (command, command.help, command.short_help)]
    saved += [(p, getattr(p, "help", None), None) for p in params]
    try:
        if command.help:
            command.help = translated(inspect.cleandoc(command.help))
        if command.short_help:
            command.short_help = translated(command.short_help)
        for param in params:
            text = getattr(param, "help", None)
            if text:
                param.help = translated(text)
        yield
    finally:
        for owner, help_text, short in saved:
            owner.help = help_text
            if isinstance(owner, click.Command):
                owner.short_help = short


class _SpokenHelp(click.Command):
    """The help of a command or group in the language in use (shared by the two below)."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _translated(self, ctx):
            super().format_help(ctx, formatter)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return _help_option(super().get_help_option(ctx))

    def get_short_help_str(self, limit: int = 45) -> str:
        with _translated(self):
            return super().get_short_help_str(limit)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [spoken_placeholder(piece) for piece in super().collect_usage_pieces(ctx)]


class TranslatedCommand(_SpokenHelp):
    """A command whose help is shown in the players' language and which takes ``--lang``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.append(_lang_option())

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _lang_first(args)  # the language first: the help and the path types speak it
        _name_path_types(self.params)
        return super().parse_args(ctx, args)



#: the placeholders click writes in capitals (the usage line, an option's help, a missing
#: argument), each said in the players' language (`pulka add [ПАРАМЕТРЫ] ФАЙЛ СДАЧА...`)
PLACEHOLDERS = {word: word for word in (
    N_("OPTIONS"), N_("COMMAND"), N_("ARGS"), N_("FILE"), N_("FILES"), N_("DIR"), N_("DEAL"),
    N_("NUMBER"), N_("OUT"), N_("NAMES"), N_("NAME"), N_("COUNT"), N_("TEXT"), N_("KEY"),
    N_("VALUE"), N_("PORT"), N_("FIRST"), N_("SECOND"), N_("INTEGER"))}
_CAPITALS = None


def spoken_placeholder(text: str) -> str:
    """A usage piece or metavar (``[OPTIONS]``, ``FILES...``, ``KEY=VALUE``) with each of
    click's placeholders in the language in use."""
    global _CAPITALS
    if _CAPITALS is None:
        import re

        _CAPITALS = re.compile(r"\b[A-Z]{2,}\b")
    return _CAPITALS.sub(lambda m: translated(PLACEHOLDERS[m.group()])
                         if m.group() in PLACEHOLDERS else m.group(), text)


def _spoken_metavar(param: click.Parameter) -> None:
    """The parameter's metavar (its help line, a missing argument's name) in the language in
    use when it is shown (set once)."""
    if getattr(param, "pulka_metavar", False):
        return
    made = type(param).make_metavar

    def make_metavar(ctx: click.Context) -> str:
        return spoken_placeholder(made(param, ctx))

    param.make_metavar = make_metavar  # type: ignore[method-assign]
    param.pulka_metavar = True  # type: ignore[attr-defined]


def _name_path_types(params: list[click.Parameter]) -> None:
    """A path parameter's type names itself ("File 'x' does not exist", the FILE metavar) in
    the language in use when its command runs: click names it once, when the option is made,
    in whatever language was in use then."""
    for param in params:
        _spoken_metavar(param)
        kind = param.type
        if isinstance(kind, click.Path):
            if kind.file_okay and not kind.dir_okay:
                kind.name = _("file")
            elif kind.dir_okay and not kind.file_okay:
                kind.name = _("directory")
            else:
                kind.name = _("path")


class TranslatedGroup(_SpokenHelp, click.Group):
    """A group of translated commands (``pulka conventions``): alone, it prints its help
    (to stdout, exit 0); a mistyped command gets the commands it may have meant."""

    command_class = TranslatedCommand

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.append(_lang_option())

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _lang_first(args[:_command_at(self, ctx, args)])
        _name_path_types(self.params)
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            self._help(ctx)
        rest = super().parse_args(ctx, args)
        # options but no command (`pulka --lang ru`): the help too, not "Missing command"
        command = getattr(ctx, "_protected_args", None)
        if command is None:  # click before 8.2
            command = ctx.protected_args
        if not command and not self.invoke_without_command and not ctx.resilient_parsing:
            self._help(ctx)
        return rest

    @staticmethod
    def _help(ctx: click.Context) -> None:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit(0)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            name = args[0] if args else ""
            if not name or name.startswith("-") or exc.ctx is not ctx:
                raise
            import difflib  # only for a mistyped command (start-up time)

            # commands are loaded when first used: click itself knows only those loaded
            close = difflib.get_close_matches(name, self.list_commands(ctx))
            if not close:
                raise
            raise click.UsageError(ngettext(
                "No such command {name!r}. Did you mean {possibilities}?",
                "No such command {name!r}. Did you mean one of {possibilities}?",
                len(close)).format(name=name, possibilities=", ".join(map(repr, close))),
                ctx) from None



TranslatedGroup.group_class = TranslatedGroup


def _command_at(group: click.Group, ctx: click.Context, args: list[str]) -> int:
    """Where a group's own options end: at the first word that names one of its commands
    (a sub-command's --lang is its own, and is chosen when it is parsed)."""
    names = set(group.list_commands(ctx))
    for i, arg in enumerate(args):
        if arg == "--" or arg in names:
            return i
    return len(args)


#: the help of -h/--help: click makes the option once, its text in the language then in use
HELP = N_("Show this message and exit.")


def _help_option(option: click.Option | None) -> click.Option | None:
    """The help option with its help text as a message id, translated when shown (set once:
    while its help is shown, the text is the translation)."""
    if option is not None and not getattr(option, "pulka_help", False):
        option.help = HELP
        option.pulka_help = True  # type: ignore[attr-defined]
    return option


def _lang_option() -> click.Option:
    return click.Option(
        ["--lang"], type=click.Choice(i18n.LANGUAGES), is_eager=True, expose_value=False,
        callback=choose_language,
        help=N_("Language of everything printed (default: PULKA_LANG, then the locale)."))


def translate_click() -> None:
    """Point click's own message lookups at pulka's catalog (once, when the CLI is built)."""
    for name, module in list(sys.modules.items()):
        if name == "click" or name.startswith("click."):
            if callable(getattr(module, "_", None)):
                setattr(module, "_", _)  # noqa: B010 (a module's global, not an attribute)
            if callable(getattr(module, "ngettext", None)):
                setattr(module, "ngettext", i18n.ngettext)  # noqa: B010
