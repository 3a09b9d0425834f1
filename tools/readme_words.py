"""Writes the README's tables of each family's words (between its two markers) from the
families' vocabularies: ``python tools/readme_words.py`` after a family's words change
(tests/test_glossary.py fails while the README differs)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- the words of each table: written by tools/readme_words.py -->"
END = "<!-- end of the words of each table -->"


def tables() -> str:
    from pulka import i18n
    from pulka.families import get_family
    from pulka.notation.glossary import readme
    from pulka.registry import FAMILIES

    i18n.use("en")
    return "\n".join(readme((get_family(f).title or f, get_family(f).words) for f in FAMILIES))


def main() -> None:
    path = ROOT / "README.md"
    text = path.read_text(encoding="utf-8")
    before, _begin, rest = text.partition(BEGIN)
    _old, _end, after = rest.partition(END)
    if not rest:
        sys.exit(f"{path}: no {BEGIN!r}")
    path.write_text(f"{before}{BEGIN}\n{tables()}\n{END}{after}", encoding="utf-8")


if __name__ == "__main__":
    main()
