"""The cached value of every formula, written into the saved workbook.

A formula cell in an .xlsx file is ``<c r="B8"><f>SUM(B5:B7)</f><v>60</v></c>``: the ``<v>``
is the value the formula last gave, and a reader that does not recalculate (a preview, a
phone, ``openpyxl.load_workbook(data_only=True)``, LibreOffice under its default "never
recalculate") shows that and nothing else. openpyxl has no way to write it: it saves every
formula with an empty ``<v/>``. pulka knows each value exactly (the same Fractions that the
numbers beside the formulas come from), so after openpyxl has saved the workbook this fills
in each formula's ``<v>``, in the worksheet parts only, and copies every other part of the
zip unchanged. A formula that was not given a value, or a value whose cell is not a formula,
is a bug and stops the export.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from decimal import Decimal
from fractions import Fraction
from xml.etree import ElementTree

from ..numbers import Exact
from .xlsx_cells import Cached

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"
#: a formula cell as openpyxl writes it (ElementTree ``<v />``, lxml ``<v/>`` or ``<v></v>``)
_FORMULA = re.compile(rb'<c r="([A-Z]{1,3}[0-9]{1,7})"([^>]*)><f>([^<]*)</f>'
                      rb"(?:<v ?/>|<v></v>)?</c>")


def number_text(value: Exact | Decimal) -> str:
    """The value as the file stores a number: whole numbers as such, others as the nearest
    double (what the formula's floating point gives, to its last digit); never ``-0``."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return repr(float(exact))


def with_cached_values(data: bytes, cached: Cached) -> bytes:
    """The workbook ``data`` with the value of every formula stored beside it."""
    by_tab: dict[str, dict[str, bytes]] = {}
    for (tab, cell), value in cached.items():
        by_tab.setdefault(tab, {})[cell] = number_text(value).encode("ascii")
    source = zipfile.ZipFile(io.BytesIO(data))
    parts = _worksheet_parts(source)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename in parts:
                content = _fill(content, by_tab.pop(parts[info.filename], {}), info.filename)
            target.writestr(info, content)
    if by_tab:
        raise AssertionError(f"values for tabs not in the workbook: {sorted(by_tab)}")  # untranslated: a bug
    return out.getvalue()


def _worksheet_parts(book: zipfile.ZipFile) -> dict[str, str]:
    """Worksheet part name (``xl/worksheets/sheet1.xml``) -> the tab's name."""
    workbook = ElementTree.fromstring(book.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    targets = {rel.get("Id"): rel.get("Target", "") for rel in rels.iter(f"{_PACKAGE_REL}Relationship")}
    parts = {}
    for sheet in workbook.iter(f"{_MAIN}sheet"):
        target = targets[sheet.get(f"{_REL}id")]
        name = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
            posixpath.join("xl", target))
        parts[name] = sheet.get("name", "")
    return parts


def _fill(xml: bytes, values: dict[str, bytes], part: str) -> bytes:
    missing: list[str] = []

    def cell(match: re.Match[bytes]) -> bytes:
        value = values.pop(match[1].decode("ascii"), None)
        if value is None:
            missing.append(match[1].decode("ascii"))
            return match[0]
        return b'<c r="%s"%s><f>%s</f><v>%s</v></c>' % (match[1], match[2], match[3], value)

    xml = _FORMULA.sub(cell, xml)
    if missing or values:
        raise AssertionError(f"{part}: formulas without a value {missing}, "  # untranslated: a bug
                             f"values without a formula {sorted(values)}")
    return xml
