"""SHA-256 from CPython's own module where there is one: ``hashlib`` loads OpenSSL first, a
tenth of a command's start-up."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import sha256 as sha256
else:
    try:
        from _sha256 import sha256  # CPython up to 3.11
    except ImportError:
        try:
            from _sha2 import sha256  # 3.12 on
        except ImportError:
            from hashlib import sha256


def hex_sha256(data: bytes) -> str:
    """The SHA-256 of ``data``, in hex."""
    return sha256(data).hexdigest()


def digest_of(chunks: Iterable[bytes]) -> bytes:
    """The SHA-256 of the bytes given piece by piece."""
    found = sha256()
    for chunk in chunks:
        found.update(chunk)
    return found.digest()
