"""The table's commands at the `pulka play` prompt, in each language pulka speaks.

A command is read in any language whatever the session speaks (``отмена`` in an English
session too); Tab offers the session's words. Words are compared folded (case, ``ё`` as
``е``: ``расчет`` is ``расчёт``). A deal line is anything else.
"""

from __future__ import annotations

from ...notation.vocabulary import fold

#: each command by its English word, with its spellings in every language (the first one is
#: the language's own, the one Tab offers)
COMMANDS: dict[str, dict[str, tuple[str, ...]]] = {
    "undo": {"en": ("undo",), "ru": ("отмена", "отменить")},
    "redo": {"en": ("redo",), "ru": ("вернуть",)},
    "fix": {"en": ("fix",), "ru": ("исправить",)},
    "show": {"en": ("show",), "ru": ("лист",)},
    "settle": {"en": ("settle",), "ru": ("расчёт",)},
    "help": {"en": ("help",), "ru": ("помощь",)},
    "quit": {"en": ("quit",), "ru": ("выход",)},
    "step": {"en": ("step", "?"), "ru": ("шаг",)},
}
#: a folded word -> its command
_BY_WORD = {fold(word): command for command, spellings in COMMANDS.items()
            for words in spellings.values() for word in words}
#: the commands that take the rest of the line (the others stand alone)
WITH_ARGUMENTS = frozenset({"fix"})
#: the answers to a yes-or-no question, in either language (folded); an empty answer is no
YES = frozenset({"y", "yes", "д", "да"})
NO = frozenset({"n", "no", "н", "нет"})


def command_of(word: str) -> str | None:
    """The command a word typed at the prompt names (its English word), or None."""
    return _BY_WORD.get(fold(word))


def offered(language: str) -> list[str]:
    """The commands' words Tab offers in a session speaking ``language`` (English where the
    language has none)."""
    return [(spellings.get(language) or spellings["en"])[0] for spellings in COMMANDS.values()]


def said_in_session(command: str) -> str:
    """A command's word in the session's language (for a message that names it)."""
    from ...i18n import language

    spellings = COMMANDS[command]
    return (spellings.get(language()) or spellings["en"])[0]


def every_word() -> list[str]:
    """Every spelling of every command (what Tab offers when the session's words miss)."""
    return [word for spellings in COMMANDS.values() for words in spellings.values()
            for word in words if word != "?"]
