"""Rebuilding a convention from the ``rule`` lines a journal keeps (no YAML involved)."""

from __future__ import annotations

from ..errors import ConventionError, Source
from ..i18n import _
from . import Convention
from .schema import FAMILIES, IDENTITY, keys_for
from .types import BadValue

#: values written by earlier versions of pulka, read as today's: (key, old text) -> new text
LEGACY = {
    ("premiums.jumps", "false"): "0",  # jumps were a flag before they were a count
}


def from_rule_lines(rules: dict[str, tuple[str, Source]], where: Source) -> Convention:
    """Rebuild the convention a journal stored as ``rule`` lines.

    Raises:
        ConventionError: a rule line with an unknown key or a bad value, or a missing key.
    """
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
