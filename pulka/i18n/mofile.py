"""A compiled gettext catalog (``.mo``) read in a few C calls.

The standard :class:`gettext.GNUTranslations` decodes the file one message at a time in
Python: for pulka's thousand messages that is a few milliseconds of every command's start.
:class:`Catalog` is that class with a faster reader that builds the same catalog (the same
keys and texts, header, charset and plural rule). A file of another shape (big-endian, no
header first, a charset other than UTF-8 or ASCII) or a damaged one is left to the standard
reader, which also says what is wrong with it.
"""

from __future__ import annotations

import gettext
import io
from struct import error as StructError
from struct import unpack_from
from typing import Any

_FAST_CHARSETS = ("utf-8", "utf8", "ascii", "us-ascii")


class Catalog(gettext.GNUTranslations):
    """gettext's catalog of a ``.mo`` file, read faster."""

    _info: dict[str, str]  # set by GNUTranslations (the stubs leave them out)
    _charset: str | None

    def _parse(self, fp: Any) -> None:
        buf = fp.read()
        try:
            catalog = self._read(buf)
        except (StructError, ValueError, UnicodeDecodeError):
            catalog = None
        if catalog is None:
            self._info.clear()
            self._charset = None
            super()._parse(io.BytesIO(buf))
        else:
            self._catalog = catalog

    def _read(self, buf: bytes) -> dict[Any, str] | None:
        """The catalog in ``buf`` as gettext reads it, or None where this reader does not
        know the file's shape."""
        magic, version, count, ids_at, texts_at = unpack_from("<5I", buf)
        if magic != self.LE_MAGIC or version >> 16 not in self.VERSIONS or count == 0:
            return None
        ids = unpack_from(f"<{2 * count}I", buf, ids_at)  # length, offset, length, ...
        texts = unpack_from(f"<{2 * count}I", buf, texts_at)
        if ids[0] != 0:
            return None  # the header (the empty message) is not first
        id_spans = list(zip(ids[::2], ids[1::2], strict=True))
        text_spans = list(zip(texts[::2], texts[1::2], strict=True))
        if max(at + n for n, at in id_spans + text_spans) >= len(buf):
            return None  # damaged
        self.plural = lambda n: int(n != 1)  # germanic plural by default, as gettext's
        self._header(buf[texts[1]:texts[1] + texts[0]])
        charset = self._charset or "ascii"
        if charset.lower() not in _FAST_CHARSETS:
            return None
        keys = [str(buf[at:at + n], charset) for n, at in id_spans]
        values = [str(buf[at:at + n], charset) for n, at in text_spans]
        catalog: dict[Any, str] = dict(zip(keys, values, strict=True))
        for key in [k for k in keys if "\x00" in k]:  # plural forms: by (singular, index)
            singular, _plural = key.split("\x00")
            for i, form in enumerate(catalog.pop(key).split("\x00")):
                catalog[(singular, i)] = form
        return catalog

    def _header(self, text: bytes) -> None:
        """The catalog's description (the empty message's text), read as gettext reads it."""
        lastk = None
        for b_item in text.split(b"\n"):
            item = b_item.decode().strip()
            if not item or (item.startswith("#-#-#-#-#") and item.endswith("#-#-#-#-#")):
                continue
            k = v = None
            if ":" in item:
                k, v = item.split(":", 1)
                k = k.strip().lower()
                v = v.strip()
                self._info[k] = v
                lastk = k
            elif lastk:
                self._info[lastk] += "\n" + item
            if k == "content-type" and v is not None:
                self._charset = v.split("charset=")[1]
            elif k == "plural-forms" and v is not None:
                self.plural = gettext.c2py(v.split(";")[1].split("plural=")[1])
