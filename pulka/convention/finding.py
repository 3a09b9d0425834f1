"""Finding a convention file by name, alias or path, with paths as text.

Search order for a name: the user's convention folder (``$PULKA_CONVENTIONS`` or the
user's config folder), then the built-in folder. A name matches a file's ``name`` or any of
its ``aliases``, without regard to case. Anything with a slash or a .yaml ending is a path.

Paths are plain text here (``os.path``): `show` finds a game's convention on every run, and
pathlib would bring urllib.parse and ipaddress with it. :mod:`.loader` gives the same answers
as ``pathlib.Path`` objects, to the code that reads the files.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping

from ..errors import ConventionError
from ..files.folders import user_config
from ..files.inputs import read_text
from ..i18n import _, pgettext
from ..names import nfc
from .index import read_index

#: how deep ``extends`` may go
MAX_EXTENDS = 8
#: a convention is a page of keys (a few KB); anything near this is not one
MAX_BYTES = 1 << 20


def builtin_dir() -> str:
    """The folder of the built-in conventions, in a wheel install or a source checkout."""
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    packaged = os.path.join(here, "conventions")
    if os.path.isdir(packaged):
        return packaged
    # editable install: the repository's top-level folder
    return os.path.join(os.path.dirname(here), "conventions")


def user_dir(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """The folder where a player keeps his own conventions: ``$PULKA_CONVENTIONS``, else
    ``conventions`` in the user's config folder (:mod:`pulka.files.folders`)."""
    return environ.get("PULKA_CONVENTIONS") or os.path.join(user_config(environ, platform), "conventions")


def search_dirs() -> list[str]:
    return [d for d in (user_dir(), builtin_dir()) if os.path.isdir(d)]


def named() -> Iterator[tuple[str, str, list[str]]]:
    """(name, path, aliases) of every convention that can be named, user files first, one
    file at a time (so a lookup can stop at its match)."""
    seen: set[str] = set()
    builtin = builtin_dir()
    for folder in search_dirs():
        for name, path, aliases in _listed(folder, folder == builtin):
            if name.casefold() not in seen:
                seen.add(name.casefold())
                yield name, path, aliases


def _listed(folder: str, builtin: bool) -> Iterable[tuple[str, str, list[str]]]:
    """The folder's files in name order, each from its `name:` and `aliases:` lines; the
    built-in folder's from its index, where the index lists the file (the folder is the truth:
    a file added since the index was generated, a new family's, is read like a user's)."""
    try:
        files = sorted(f for f in os.listdir(folder) if f.endswith(".yaml"))
    except PermissionError:  # a folder that cannot be listed offers nothing (as pathlib's glob)
        files = []
    indexed = {path: (name, path, aliases)
               for name, path, aliases in (read_index(folder) if builtin else None) or ()}
    paths = (os.path.join(folder, f) for f in files)
    return (indexed.get(path) or _entry(path) for path in paths)


def _entry(path: str) -> tuple[str, str, list[str]]:
    name, aliases = _identity(path)
    return name, path, aliases


def stem(path: str) -> str:
    """The file's name without its ending (``sochi`` for ``conventions/sochi.yaml``)."""
    return os.path.splitext(os.path.basename(path))[0]


#: a top-level `name:` or `aliases:` line, where a convention says what it is called
_IDENTITY_LINE = r"(?:name|aliases)[ \t]*:"  # compiled when first used (re keeps it)


def _identity(path: str) -> tuple[str, list[str]]:
    """The name and aliases of a convention file, read from its `name:` and `aliases:` lines
    (and their indented continuation) only: a lookup by name does not parse every file."""
    try:
        text = read_text(path, "convention", MAX_BYTES, ConventionError)
    except ConventionError:
        return stem(path), []
    fragment: list[str] = []
    taking = False
    for line in text.splitlines():
        if line[:1] in (" ", "\t") or not line.strip():
            if taking:
                fragment.append(line)
            continue
        taking = bool(re.match(_IDENTITY_LINE, line))
        if taking:
            fragment.append(line)
    found = identity_of("\n".join(fragment), path)
    if found is None:  # no such lines, or lines written in a way only the whole file explains
        found = identity_of(text, path)
    return found or (stem(path), [])


def identity_of(text: str, path: str) -> tuple[str, list[str]] | None:
    """The name and aliases a convention's text gives itself, or None where it says none."""
    if not text:
        return None
    from ..files.safe_yaml import load

    try:
        doc = load(text, path, ConventionError)
    except ConventionError:
        return None
    if doc is None or not isinstance(doc.value, dict):
        return None
    plain = doc.plain()
    assert isinstance(plain, dict)  # the plain form of a mapping
    name = str(plain.get("name") or stem(path))
    aliases = plain.get("aliases") or []
    return name, [str(a) for a in aliases] if isinstance(aliases, list) else []


def looks_like_path(ref: str) -> bool:
    return "/" in ref or os.sep in ref or ref.endswith((".yaml", ".yml"))


def find(ref: str, relative_to: str | os.PathLike[str] | None = None) -> str:
    """The file a convention name, alias or path refers to.

    Raises:
        ConventionError: nothing matches; the message lists close names.
    """
    if looks_like_path(ref):
        if not ref.endswith((".yaml", ".yml")):
            raise ConventionError(_("{ref!r}: a convention is a name (sochi, питер, ...) or the "
                                    "path of a .yaml file").format(ref=ref))
        path = ref
        if relative_to is not None and not os.path.isabs(path):
            path = os.path.join(relative_to, path)
        if os.path.isdir(path):
            raise ConventionError(_("convention file {ref} is a folder, not a file").format(
                ref=ref))
        if not os.path.exists(path):  # a FIFO or a device is refused when it is read
            raise ConventionError(_("convention file {ref} does not exist").format(ref=ref))
        return path
    wanted = nfc(ref).casefold()  # (österreichisch typed with its ö in two code points too)
    names: list[str] = []
    for name, path, aliases in named():  # stops at the first file that answers to the name
        if wanted in (nfc(n).casefold() for n in [name, *aliases]):
            return path
        names.extend([name, *aliases])
    import difflib  # only for the hint of a name that matched nothing

    close = difflib.get_close_matches(ref, names, n=3, cutoff=0.5)
    hint = did_you_mean(close) if close else _("see `pulka conventions list`")
    raise ConventionError(_("unknown convention {ref!r}").format(ref=ref), hint=hint)


def did_you_mean(close: list[str]) -> str:
    """The hint naming the close matches of a mistyped name: ``did you mean a or b?``."""
    names = pgettext("between the names of a hint", " or ").join(close)
    return _("did you mean {names}?").format(names=names)
