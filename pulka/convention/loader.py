"""Finding, reading and checking convention files.

Finding a file is :mod:`.finding`'s job (paths as text); the functions here give its answers
as ``pathlib.Path`` objects, for the code that reads and writes convention files.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import ConventionError, Source
from ..files.inputs import read_text
from ..i18n import _, ngettext, pgettext
from ..registry import FAMILIES
from . import Convention, finding
from .conflicts import refuse as refuse_conflicts
from .finding import MAX_BYTES, MAX_EXTENDS, did_you_mean
from .schema import IDENTITY, keys_for
from .types import BadValue

if TYPE_CHECKING:  # YAML is imported only where a file is read (finding one by name needs none)
    from pathlib import Path

    from ..files.inputs import FilePath
    from ..files.safe_yaml import Located


def _as_path(text: str) -> Path:
    """A found file as a pathlib.Path (imported here: reading and checking a convention,
    which `show` does on every run, need no pathlib)."""
    from pathlib import Path

    return Path(text)



def builtin_dir() -> Path:
    """The folder of the built-in conventions, in a wheel install or a source checkout."""
    return _as_path(finding.builtin_dir())


def user_dir() -> Path:
    """The folder where a player keeps his own conventions."""
    return _as_path(finding.user_dir())


def search_dirs() -> list[Path]:
    return [_as_path(d) for d in finding.search_dirs()]


def available() -> list[tuple[str, Path, list[str]]]:
    """(name, path, aliases) of every convention that can be named, user files first."""
    return [(name, _as_path(path), aliases) for name, path, aliases in finding.named()]


def find(ref: str, relative_to: FilePath | None = None) -> Path:
    """The file a convention name, alias or path refers to (see :func:`.finding.find`).

    Raises:
        ConventionError: nothing matches; the message lists close names.
    """
    return _as_path(finding.find(ref, relative_to))


def load_convention(ref: str, overrides: dict | None = None) -> Convention:
    """Find, read and check a convention, then apply the table's overrides."""
    convention = load_file(find(ref))
    if overrides:
        convention = apply_overrides(convention, overrides, Source(pgettext("source", "<options>")))
    return convention


def load_file(path: FilePath, depth: int = 0, chain: tuple[str, ...] = ()) -> Convention:
    """Read one convention file (following ``extends``) into a complete Convention.

    Raises:
        ConventionError: the first error that stops the reading (bad YAML, no family, a
            broken ``extends``); or else every unknown key, bad value, key given twice and
            missing key of the file: one error as it is, several as one error listing each
            at its file:line.
    """
    if depth > MAX_EXTENDS:
        raise ConventionError(_("too many levels of `extends` (a loop?)"), Source(str(path)))
    chain = (*chain, str(path))
    from ..files.safe_yaml import Located, load

    text = read_text(path, "convention", MAX_BYTES, ConventionError)
    doc = load(text, str(path), ConventionError)
    if doc is None or not isinstance(doc.value, dict):
        raise ConventionError(_("a convention must be a mapping of keys"),
                              Source(str(path), 1, 1))
    items = dict(doc.value)
    base: Convention | None = None
    parent = items.pop("extends", None)
    if parent is not None:
        if not isinstance(parent.value, str):
            raise ConventionError(_("`extends` takes a convention name or path"), parent.source)
        try:
            # (normalised: `extends: ./././c.yaml` is named c.yaml, in a loop's message too)
            found = os.path.normpath(finding.find(parent.value, os.path.dirname(path)))
            if any(os.path.realpath(found) == os.path.realpath(seen) for seen in chain):
                raise ConventionError(_("`extends` goes round in a loop: {chain}").format(
                    chain=" → ".join([*chain, found])), parent.source)
            base = load_file(found, depth + 1, chain)
        except ConventionError as exc:
            raise exc.located(parent.source) from None
    family_item = items.get("family")
    family = base.family if base else None
    if family_item is not None:
        if not isinstance(family_item.value, str) or family_item.value not in FAMILIES:
            raise ConventionError(
                _("family: expected one of {families}, got {value!r}").format(
                    families=", ".join(FAMILIES), value=family_item.value),
                family_item.source,
            )
        if base and family_item.value != base.family:
            raise ConventionError(_("family cannot change in a convention that extends another"),
                                  family_item.source)
        family = str(family_item.value)
    if family is None:
        raise ConventionError(_("the convention does not say its family (family: russian)"),
                              Source(str(path), 1, 1))
    errors: list[ConventionError] = []
    given = flatten(Located(items, doc.source), family, errors=errors)
    values = check_items(given, family, errors)
    origins = {k: str(src) for k, (_value, src) in values.items()}
    merged = dict(base.values) if base else {}
    merged_origins = dict(base.origins) if base else {}
    merged.update({k: v for k, (v, _src) in values.items()})
    merged_origins.update(origins)
    if base is not None:  # identity is never inherited
        for key in ("name", "title", "aliases"):
            if key not in values:
                merged.pop(key, None)
    merged["family"] = family
    for key_path, spec in keys_for(family).items():  # as the journal reader does
        if key_path not in merged and spec.default is not None:  # (False counts as a default)
            merged[key_path] = spec.default  # a key added after the file was written
            merged_origins[key_path] = "default"
    errors.sort(key=_place)
    # a key given with a bad value is reported as that, not as missing too
    missing = [k for k in keys_for(family) if k not in merged and k not in IDENTITY
               and k not in given]
    if missing:
        errors.append(ConventionError(
            _("missing keys: {keys}").format(keys=", ".join(missing)), Source(str(path), 1, 1),
            hint=_("define them, or start the file with `extends: sochi`")))
    if errors:
        raise every_error(errors, Source(str(path)))
    merged.setdefault("name", finding.stem(os.fspath(path)))
    merged.setdefault("title", merged["name"])
    merged.setdefault("aliases", ())
    refuse_conflicts(merged, merged_origins)
    return Convention(merged, merged_origins)


def _place(error: ConventionError) -> tuple[int, int]:
    """Where an error stands in its file, to list a file's errors in its order."""
    return (error.source.line, error.source.col) if error.source is not None else (0, 0)


def every_error(errors: list[ConventionError], where: Source) -> ConventionError:
    """One error for all of a file's errors: the error itself when there is one, else a
    count followed by each error, at its place, on its own lines."""
    if len(errors) == 1:
        return errors[0]
    lines = [ngettext("{n} error in the convention:", "{n} errors in the convention:",
                      len(errors)).format(n=len(errors))]
    lines += ["  " + str(error).replace("\n", "\n  ") for error in errors]
    return ConventionError("\n".join(lines), where)


def _report(error: ConventionError, errors: list[ConventionError] | None) -> None:
    """Raise the error, or note it when the caller collects every error."""
    if errors is None:
        raise error
    errors.append(error)


def flatten(doc: Located, family: str, prefix: str = "",
            errors: list[ConventionError] | None = None) -> dict[str, Located]:
    """Nested mappings to dotted keys: ``{whist: {rate: 1}}`` -> ``{"whist.rate": ...}`` (a
    mapping given for a key of the family is that key's value, and wrong).

    A key given twice is raised, or noted in ``errors`` when it is a list (the first stays).
    """
    from ..files.safe_yaml import Located

    out: dict[str, Located] = {}
    assert isinstance(doc.value, dict)  # callers flatten mappings only
    for raw_key, item in doc.value.items():
        key = f"{prefix}{raw_key}"
        if isinstance(item.value, dict) and key not in keys_for(family):
            for inner, value in flatten(item, family, key + ".", errors).items():
                if inner in out:
                    _report(ConventionError(_("{key}: given twice").format(key=inner),
                                            value.key_source or value.source), errors)
                    continue
                out[inner] = value
        else:
            if key in out:
                _report(ConventionError(_("{key}: given twice").format(key=key),
                                        item.key_source or item.source), errors)
                continue
            if item.key_source is not None:
                item = Located(item.value, item.source, item.key_source)
            out[key] = item
    return out


def check_items(items: dict[str, Located], family: str,
                errors: list[ConventionError] | None = None) -> dict[str, tuple[object, Source]]:
    """Check each dotted key against the schema of the family.

    Raises:
        ConventionError: at the key's file:line:col, with a did-you-mean hint; when
            ``errors`` is a list, every error is noted there instead and the good keys
            are returned.
    """
    keys = keys_for(family)
    out: dict[str, tuple[object, Source]] = {}
    for path, item in items.items():
        where = item.key_source or item.source
        key = keys.get(path)
        if key is None:
            import difflib  # only for the hint of an unknown key

            close = difflib.get_close_matches(path, list(keys), n=1, cutoff=0.6)
            hint = did_you_mean(close) if close else None
            _report(ConventionError(
                _("{key}: unknown key for the {family} family").format(key=path, family=family),
                where, hint=hint), errors)
            continue
        try:
            out[path] = (key.type.check(item.plain()), item.source)
        except BadValue as exc:
            _report(ConventionError(f"{path}: {exc}", item.source), errors)
    return out


def apply_overrides(convention: Convention, overrides: dict, where: Source) -> Convention:
    """The convention with the table's own values (dotted or nested keys, plain values)."""
    from ..files.safe_yaml import Located

    located = Located({k: _locate(v, where) for k, v in overrides.items()}, where)
    items = flatten(located, convention.family)
    if "family" in items and items["family"].value != convention.family:
        raise ConventionError(_("an override cannot change the family"), where)
    checked = check_items(items, convention.family)
    # each value keeps where it was given (a vector's options: their file:line)
    convention = Convention({**convention.values, **{k: v for k, (v, _) in checked.items()}},
                            {**convention.origins, **{k: str(s) for k, (_, s) in checked.items()}})
    refuse_conflicts(convention.values, convention.origins)
    return convention


def _locate(value: object, where: Source) -> Located:
    from ..files.safe_yaml import Located

    if isinstance(value, Located):
        return value
    if isinstance(value, dict):
        return Located({k: _locate(v, where) for k, v in value.items()}, where, where)
    if isinstance(value, list):
        return Located([_locate(v, where) for v in value], where, where)
    return Located(value, where, where)


def apply_text_overrides(convention: Convention, overrides: dict[str, str],
                         where: Source | None) -> Convention:
    """Overrides typed as text (``--pulya 20``, ``--set whist.half="6 7"``, ``set`` lines)."""
    keys = keys_for(convention.family)
    changes: dict[str, object] = {}
    for path, text in overrides.items():
        key = keys.get(path)
        if path in IDENTITY or path == "family":
            raise ConventionError(_("{key}: a convention's {key} is set in its file, not by a "
                                    "table").format(key=path), where)
        if key is None:
            import difflib  # only for the hint of an unknown key

            settable = [k for k in keys if k not in IDENTITY and k != "family"]
            close = difflib.get_close_matches(path, settable, n=1, cutoff=0.6)
            raise ConventionError(_("{key}: not a key that a table can set").format(key=path),
                                  where, hint=did_you_mean(close) if close else None)
        try:
            changes[path] = key.type.from_text(text)
        except BadValue as exc:
            raise ConventionError(f"{path}: {exc}", where) from None
    return convention.with_values(changes, "override")
