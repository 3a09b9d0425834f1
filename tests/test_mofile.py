"""pulka's quick .mo reader builds exactly what gettext's own reader builds."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from pulka import i18n
from pulka.i18n.mofile import Catalog


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
    from babel.messages.pofile import read_po

    with open(Path(i18n.LOCALE_DIR) / "en" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", "rb") as fp:
        po = read_po(fp)
    i18n.use("en")
    messages = [m for m in po if m.id]
    assert len(i18n._messages) < len(messages) / 10
    for m in messages:
        if isinstance(m.id, tuple):
            forms = m.string if any(m.string) else m.id
            assert i18n.ngettext(m.id[0], m.id[1], 1) == forms[0], m.id
            assert i18n.ngettext(m.id[0], m.id[1], 5) == forms[1], m.id
        elif m.context:
            assert i18n.pgettext(m.context, m.id) == (m.string or m.id), m.id
        else:
            assert i18n._(m.id) == (m.string or m.id), m.id


def test_a_file_of_another_shape_goes_to_the_standard_reader() -> None:
    data = (Path(i18n.LOCALE_DIR) / "ru" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").read_bytes()
    with pytest.raises(OSError, match="Bad magic number"):
        Catalog(io.BytesIO(b"\0\0\0\0" + data[4:]))
