"""pulka's message catalogs: extract the messages from the code, update and compile the .po files.

    python tools/catalogs.py update    # after changing messages: new ids in, gone ids out, .mo made
    python tools/catalogs.py check     # what tests/test_catalogs.py asserts, as a list
    python tools/catalogs.py todo ru > todo.json     # the messages ru lacks, as JSON
    python tools/catalogs.py fill ru todo.json       # put translations in (each "str" filled)

The template is every message the code marks (``_``, ``N_``, ``ngettext``, ``pgettext``), the
help text (docstring) of every click command, and click's own messages (usage, errors), which
pulka shows in the players' language too. The English catalog says what the code says unless a
translator changed its wording; every other catalog must translate every message. Needs Babel
(the test extra); pulka itself reads the compiled .mo files with the standard library.
"""

from __future__ import annotations

import ast
import copy
import inspect
import io
import json
import string
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pulka"
LOCALE = PACKAGE / "i18n" / "locale"
DOMAIN = "pulka"
SOURCE_LANGUAGE = "en"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: click's own words (usage lines, its error messages) are shown in the players' language too
CLICK_KEYWORDS = {"_": None, "ngettext": (1, 2)}
HEADER = "pulka's messages"


def _python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def command_docstrings(path: Path) -> Iterator[tuple[int, str]]:
    """(line, help text) of every function decorated as a click command or group."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            call = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = call.attr if isinstance(call, ast.Attribute) else getattr(call, "id", "")
            if name in ("command", "group"):
                doc = ast.get_docstring(node, clean=False)
                if doc:
                    yield node.lineno, inspect.cleandoc(doc)
                break


def template() -> Catalog:
    """Every message pulka can print, with where it comes from."""
    catalog = Catalog(domain=DOMAIN, project="pulka", header_comment=f"# {HEADER}")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"pulka/{filename}", lineno)], auto_comments=comments,
                    context=context)
    for path in _python_files(PACKAGE):
        for lineno, doc in command_docstrings(path):
            catalog.add(doc, None, [(str(path.relative_to(ROOT)), lineno)])
    import click

    click_dir = Path(click.__file__).parent
    for filename, lineno, message, comments, context in extract_from_dir(
            str(click_dir), method_map=[("**.py", "python")], keywords=CLICK_KEYWORDS):
        if message in catalog:
            continue
        catalog.add(message, None, [(f"click/{filename}", lineno)], context=context)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _from_click(message: Message) -> bool:
    return all(path.startswith("click/") for path, _ in message.locations)


def update(lang: str, tmpl: Catalog, extra: list[Catalog] | None = None) -> Catalog:
    """The language's catalog for this template: translations kept, new messages in (empty,
    or the English itself for the source language), messages the code lost dropped. ``extra``
    catalogs give translations for ids this one lacks (both sides of a merge)."""
    path = po_path(lang)
    if path.exists():
        catalog = read(lang)
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="pulka",
                          header_comment=f"# {HEADER}")
    catalog.update(copy.deepcopy(tmpl), no_fuzzy_matching=True)  # update shares its messages
    catalog.obsolete.clear()
    for message in catalog:
        if not message.id:
            continue
        message.flags.discard("fuzzy")
        if _translated(message):
            continue
        for other in extra or ():
            found = other.get(message.id, message.context)
            if found is not None and _translated(found):
                message.string = found.string
                break
        else:
            if lang == SOURCE_LANGUAGE:
                message.string = (message.id if isinstance(message.id, str)
                                  else tuple(message.id))
    return catalog


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
    return bool(strings) and all(strings)


def _steady_header(catalog: Catalog) -> None:
    """A header that does not change with every update (no dates, no placeholders), so the
    .po files change only where a message does."""
    catalog.project = "pulka"
    catalog.version = "1"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "the pulka developers"
    catalog.language_team = "pulka"
    catalog.creation_date = catalog.revision_date = _EPOCH
    catalog.fuzzy = False


_EPOCH = datetime(2026, 12, 1, tzinfo=timezone.utc)


def write(lang: str, catalog: Catalog) -> None:
    _steady_header(catalog)
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_by_file=True, include_lineno=False,
             omit_header=False)
    path.write_bytes(buf.getvalue())
    path.with_suffix(".mo").write_bytes(compiled(lang))  # from the file as written


def compiled(lang: str) -> bytes:
    """The ``.mo`` of a language's ``.po``. The source language's keeps only the messages whose
    wording differs from the code's (gettext answers a missing one with the code's own words),
    so that the catalog every English command reads at start-up is a few dozen messages, not
    a thousand."""
    catalog = read(lang)
    if lang == SOURCE_LANGUAGE:
        for message in list(catalog):
            if message.id and not _reworded(message):
                catalog.delete(message.id, message.context)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    return mo.getvalue()


def _reworded(message: Message) -> bool:
    """A source-language message whose text is not its id (or not yet filled in)."""
    if isinstance(message.id, str):
        return bool(message.string) and message.string != message.id
    return any(message.string) and tuple(message.string) != tuple(message.id)


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a message (what ``.format`` fills in)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<broken braces>"}


def problems(tmpl: Catalog | None = None) -> list[str]:
    """What is wrong with the catalogs: a message missing or untranslated, fields that differ,
    a .mo that is not the .po's."""
    tmpl = tmpl or template()
    found = []
    for lang in languages():
        catalog = read(lang)
        for message in tmpl:
            if not message.id:
                continue
            have = catalog.get(message.id, message.context)
            where = f"{lang}: {message.locations[0][0] if message.locations else '?'}"
            if have is None:
                found.append(f"{where}: not in the catalog: {message.id!r}")
                continue
            if not _translated(have):
                if not _from_click(message):
                    found.append(f"{where}: not translated: {message.id!r}")
                continue
            if isinstance(message.id, str):
                if fields(have.string) != fields(message.id):
                    found.append(f"{where}: fields {sorted(fields(have.string))} for "
                                 f"{sorted(fields(message.id))}: {message.id!r}")
            else:  # a plural form may leave a field out (Russian "одна"), never add one
                allowed = fields(message.id[0]) | fields(message.id[1])
                for text in have.string:
                    if not fields(text) <= allowed:
                        found.append(f"{where}: fields {sorted(fields(text))} for "
                                     f"{sorted(allowed)}: {message.id!r}")
        if po_path(lang).with_suffix(".mo").read_bytes() != compiled(lang):
            found.append(f"{lang}: the .mo is not compiled from the .po "
                         "(python tools/catalogs.py update)")
    return found


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        tmpl = template()
        extra = []
        for other in argv[1:]:  # more .po files whose translations to keep (a merge's sides)
            with open(other, "rb") as f:
                extra.append(read_po(f))
        for lang in languages():  # each language takes the translations of its own files
            write(lang, update(lang, tmpl, [c for c in extra if str(c.locale) == lang]))
        left = problems(tmpl)
        print("\n".join(left) or "catalogs complete")
        return 0
    if argv[:1] == ["todo"] and len(argv) == 2:
        catalog = read(argv[1])
        todo = [{"id": m.id[0] if isinstance(m.id, tuple) else m.id,
                 **({"plural": m.id[1]} if isinstance(m.id, tuple) else {}),
                 **({"context": m.context} if m.context else {}),
                 "where": m.locations[0][0] if m.locations else "",
                 "str": [""] * catalog.num_plurals if isinstance(m.id, tuple) else ""}
                for m in catalog if m.id and not _translated(m) and not _from_click(m)]
        print(json.dumps(todo, ensure_ascii=False, indent=1))
        return 0
    if argv[:1] == ["fill"] and len(argv) == 3:
        catalog = read(argv[1])
        for entry in json.loads(Path(argv[2]).read_text(encoding="utf-8")):
            key = (entry["id"], entry["plural"]) if "plural" in entry else entry["id"]
            message = catalog.get(key, entry.get("context"))
            if message is None:
                print(f"not in the catalog (run update first): {entry['id']!r}")
                return 1
            text = entry["str"]
            message.string = tuple(text) if isinstance(text, list) else text
        write(argv[1], catalog)
        print("\n".join(problems()) or "catalogs complete")
        return 0
    if argv[:1] == ["check"]:
        left = problems()
        print("\n".join(left) or "catalogs complete")
        return 1 if left else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
