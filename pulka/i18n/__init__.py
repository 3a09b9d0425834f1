"""The players' language: every word pulka prints is looked up here.

Messages are written in English in the code and marked for the catalogs::

    _("{path}: not a pulka journal").format(path=path)     # translated now
    ngettext("{n} trick", "{n} tricks", n).format(n=n)      # with the language's plurals
    pgettext("defence", "pass")                            # a short word with a context
    N_("Show the sheet now.")                              # marked only, translated when shown

The catalogs are standard gettext files, ``pulka/i18n/locale/<lang>/LC_MESSAGES/pulka.po`` (what a
translator edits) and the ``.mo`` compiled from it (what is read here); ``tools/catalogs.py``
extracts the messages from the code, updates the ``.po`` files and compiles them. A new language
is one more catalog folder.

The language is chosen once, before the first word is printed: ``--lang``, then ``PULKA_LANG``,
then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ru_RU.UTF-8`` means Russian), English
otherwise. The journal is never translated: it keeps its one canonical form.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Mapping

from .mofile import Catalog

LOCALE_DIR = os.path.join(os.path.dirname(__file__), "locale")
DOMAIN = "pulka"
DEFAULT = "en"
#: the languages pulka has catalogs for
LANGUAGES = ("en", "ru")
#: the environment variables that name the locale, strongest first (POSIX order)
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_active: _gettext.NullTranslations = _gettext.NullTranslations()
_language = DEFAULT
#: the catalogs read so far, by language (tests switch languages many times in one process)
_read: dict[str, Catalog] = {}
#: the active catalog's messages, which the lookups below read themselves (a long game's
#: replay looks up thousands; gettext's own lookup is a call more for each, and an exception
#: for each plural it lacks)
_messages: dict[object, str] = {}
#: the active catalog's plural rule: the index of the form for a number
_plural: Callable[[int], int] = lambda n: int(n != 1)  # noqa: E731 (gettext's default rule)


def language_of(value: str | None) -> str | None:
    """The catalog a language or locale name stands for (``ru``, ``ru_RU.UTF-8``, ``RU``),
    or None when pulka has none for it."""
    if not value:
        return None
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose(option: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: the ``--lang`` option, then ``PULKA_LANG``, then the locale.

    A locale the catalogs lack (``de_DE``, ``C``) means English; a set ``LC_ALL`` decides even
    when it names such a locale, as it does for every other program.
    """
    for value in (option, environ.get("PULKA_LANG")):
        chosen = language_of(value)
        if chosen:
            return chosen
    for name in LOCALE_VARIABLES:
        if environ.get(name):
            return language_of(environ[name]) or DEFAULT
    return DEFAULT


def use(lang: str) -> None:
    """Speak ``lang`` from now on (one of :data:`LANGUAGES`)."""
    global _active, _language, _messages, _plural
    if lang not in LANGUAGES:
        raise ValueError(f"no catalog for {lang!r}")  # untranslated: a programming error
    try:
        _active = _read.get(lang) or _catalog(lang)
    except OSError:  # a catalog missing from a broken install: speak the English of the code
        _active = _gettext.NullTranslations()
    _messages = dict(getattr(_active, "_catalog", {}))
    _plural = getattr(_active, "plural", _plural)
    for key, text in list(_messages.items()):  # gettext finds a plural's singular by its id
        if isinstance(key, tuple) and key[1] == _plural(1):
            _messages.setdefault(key[0], text)
    _language = lang


def _catalog(lang: str) -> Catalog:
    """The compiled catalog of ``lang``, read once (where gettext.translation would find it,
    without its search through the locale's variants: pulka's folders are named ``en``, ``ru``)."""
    with open(os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", f"{DOMAIN}.mo"), "rb") as fp:
        _read[lang] = found = Catalog(fp)
    return found


def language() -> str:
    """The language in use (``en`` or ``ru``)."""
    return _language


# The lookups answer as gettext's do for a catalog without a fallback: the catalog's text,
# else the code's own words (the English catalog holds only what it rewords).

def _(message: str) -> str:
    """The message in the language in use."""
    return _messages.get(message, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (Russian has three: 1, 2–4, 5–20)."""
    found = _messages.get((singular, _plural(n)))
    if found is not None:
        return found
    return singular if n == 1 else plural


def pgettext(context: str, message: str) -> str:
    """A short message whose translation depends on where it stands (``defence``/``pass``)."""
    return _messages.get(f"{context}\x04{message}", message)


def translated(message: str) -> str:
    """A message marked with :func:`N_` elsewhere, translated where it is shown."""
    return _messages.get(message, message)


def N_(message: str) -> str:
    """Marks a message for the catalogs without translating it (translate it where it is
    shown, with :func:`_`): help texts and tables made when a module is imported."""
    return message


def decimal(text: str) -> str:
    """A number written with a decimal point, as the language writes it (``0,10`` in
    Russian). Only for what people read: the journal, JSON and vectors keep the point."""
    return text.replace(".", pgettext("decimal separator", "."))
