"""pulka's quick .mo reader builds exactly what gettext's own reader builds."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from pulka import i18n
from pulka.mofile import Catalog


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_quick_reader_reads_what_gettext_reads(lang: str) -> None:
    data = (Path(i18n.LOCALE_DIR) / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").read_bytes()
    standard = gettext.GNUTranslations(io.BytesIO(data))
    quick = Catalog(io.BytesIO(data))
    assert quick._catalog == standard._catalog  # type: ignore[attr-defined]
    assert quick.info() == standard.info() and quick.charset() == standard.charset()
    assert [quick.plural(n) for n in range(200)] == [standard.plural(n) for n in range(200)]
    if lang != "en":  # (the English .mo holds only rewordings, and no plural is reworded)
        assert any(isinstance(key, tuple) for key in quick._catalog)  # type: ignore[attr-defined]


def test_the_english_catalog_holds_only_rewordings_and_says_every_message_as_the_po() -> None:
    """The English .mo drops the messages the .po says in the code's own words; a lookup
    then answers every message of the .po exactly as the full catalog would."""
    po = (Path(i18n.LOCALE_DIR) / "en" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").read_text("utf-8")
    ids = po.count("\nmsgid ")
    i18n.use("en")
    assert 0 < len(i18n._messages) < ids / 10
    assert i18n.pgettext("paper sheet", "bule") == "буле"  # a reworded one
    assert i18n._("pulka: interrupted") == "pulka: interrupted"  # one said as the code says it
    assert i18n.ngettext("{n} trick", "{n} tricks", 1) == "{n} trick"
    assert i18n.ngettext("{n} trick", "{n} tricks", 5) == "{n} tricks"


def test_a_file_of_another_shape_goes_to_the_standard_reader() -> None:
    data = (Path(i18n.LOCALE_DIR) / "ru" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").read_bytes()
    with pytest.raises(OSError, match="Bad magic number"):
        Catalog(io.BytesIO(b"\0\0\0\0" + data[4:]))
