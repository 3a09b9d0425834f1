"""Rebuilding a convention from the ``rule`` lines a journal keeps (no YAML involved)."""

from __future__ import annotations

from ..errors import ConventionError, Source
from ..i18n import _
from ..registry import FAMILIES
from . import Convention
from .schema import IDENTITY, keys_for
from .types import BadValue

#: values written by earlier versions of pulka, read as today's: (key, old text) -> new text
LEGACY = {
    ("premiums.jumps", "false"): "0",  # jumps were a flag before they were a count
}


#: the conventions rebuilt so far, by the texts of their rule lines: a run over many games of
#: the same rules (pulka stats, verify) reads and checks them once, and every game then shares
#: one convention object, which the rules' caches find at once
_REBUILT: dict[tuple[tuple[str, str], ...], Convention] = {}
_REBUILT_MAX = 256


def from_rule_lines(rules: dict[str, tuple[str, Source]], where: Source) -> Convention:
    """Rebuild the convention a journal stored as ``rule`` lines (once for the same lines).

    Raises:
        ConventionError: a rule line with an unknown key or a bad value, or a missing key.
    """
    texts = tuple((path, text) for path, (text, _line) in rules.items())
    found = _REBUILT.get(texts)
    if found is None:
        found = _rebuild(rules, where)  # (a refused one is read again, to say where)
        if len(_REBUILT) < _REBUILT_MAX:
            _REBUILT[texts] = found
    return found


def _rebuild(rules: dict[str, tuple[str, Source]], where: Source) -> Convention:
    family_text, family_where = rules.get("family", ("", where))
    if family_text not in FAMILIES:
        raise ConventionError(_("rule family: expected one of {families}").format(
            families=", ".join(FAMILIES)), family_where)
    keys = keys_for(family_text)
    values: dict[str, object] = {"aliases": ()}
    for path, (text, line) in rules.items():
        text = LEGACY.get((path, text.strip()), text)
        key = keys.get(path)
        if key is None:
            raise ConventionError(_("rule {key}: unknown key for the {family} family").format(
                key=path, family=family_text), line)
        try:
            values[path] = key.type.from_text(text)
        except BadValue as exc:
            raise ConventionError(_("rule {key}: {error}").format(key=path, error=exc),
                                  line) from None
    for path, key in keys.items():
        if path not in values and key.default is not None:  # (False counts as a default)
            values[path] = key.default  # a key added after this journal was written
    missing = [k for k in keys if k not in values and k not in IDENTITY]
    if missing:
        raise ConventionError(_("the journal's rules lack: {keys}").format(
            keys=", ".join(missing)), where)
    values.setdefault("name", "?")
    values.setdefault("title", values["name"])
    return Convention(values, {k: "journal" for k in values})
