"""A PDF's first page as a PNG picture (``pulka export --png``): the filled sheet to send to
the table's chat, drawn exactly as the PDF draws it. PDFium (pypdfium2: the rasterizer of
Chromium, a wheel with its library inside) is imported here only, when a picture is made."""

from __future__ import annotations

import io

#: the picture's resolution: an A4 sheet 1240 × 1754 pixels, sharp on a phone, a few hundred KB
DPI = 150


def first_page(pdf: bytes, dpi: int = DPI) -> bytes:
    """The first page of the PDF ``pdf`` as the bytes of a PNG file, on white."""
    # (its wheel has no type stubs)
    import pypdfium2  # type: ignore[import-untyped]

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        bitmap = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255))
        image = bitmap.to_pil()
        out = io.BytesIO()
        image.save(out, "PNG", optimize=True)
        page.close()
    finally:
        document.close()
    return out.getvalue()
