"""The two links of a served game: the scorer's, which can record, and the table's, which only
views. Each is the server's address and a secret of its own in the path (``/s…/``): random,
256 bits for the scorer and 128 for the table, told apart in constant time. They are kept
for the user alone (``$XDG_STATE_HOME/pulka/serve/``), so a server started again on the same
game gives the same links, and the phones find it again."""

from __future__ import annotations

import hmac
import os
import re
import secrets
import socket

from ..frozen import NamedTuple

SCORER = "scorer"
TABLE = "table"


class Secrets(NamedTuple):
    """The path secret of each link (url-safe text, never logged)."""

    scorer: str
    table: str

    def role(self, token: str) -> str | None:
        """Whose link ``token`` is (SCORER, TABLE), or None; both are always compared, in
        constant time, so the answer's time says nothing about either secret."""
        given = token.encode("utf-8", "surrogateescape")
        scorer = hmac.compare_digest(given, self.scorer.encode("ascii"))
        table = hmac.compare_digest(given, self.table.encode("ascii"))
        if scorer:
            return SCORER
        return TABLE if table else None


def new_secrets() -> Secrets:
    """Two fresh secrets (never the same: 256 and 128 random bits)."""
    return Secrets(secrets.token_urlsafe(32), secrets.token_urlsafe(16))


def url(host: str, port: int, token: str) -> str:
    """The link for a secret: ``http://host:port/token/`` (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/{token}/"


def lan_address() -> str | None:
    """This machine's address on its local network, as the phones at the table reach it (None
    when it has none). A UDP socket is pointed at a private address to learn which interface
    the system would use: connect() on UDP sends nothing."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def remembered(journal: str) -> tuple[Secrets, int] | None:
    """The secrets and port a game was served with last time, so that a server started again
    gives the phones the same links (None: none kept, or a file that is not the user's own
    alone)."""
    import json
    import stat

    path = _memory(journal)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if (not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid()
                or info.st_mode & 0o077 or info.st_size > 4096):
            return None
        data = json.loads(os.read(fd, 4096).decode("utf-8"))
        kept = Secrets(str(data["scorer"]), str(data["table"]))
        port = int(data["port"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    finally:
        os.close(fd)
    if not (_SECRET.fullmatch(kept.scorer) and _SECRET.fullmatch(kept.table)
            and len(kept.scorer) >= 43 and len(kept.table) >= 22
            and kept.scorer != kept.table and 0 < port < 65536):
        return None
    return kept, port


def remember(journal: str, kept: Secrets, port: int) -> None:
    """Keep the secrets and port of this game's server (for the user alone: 0600); a folder
    that cannot be written costs only fresh links next time."""
    import json
    from pathlib import Path

    from ..files.atomic import write_atomic

    path = _memory(journal)
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        data = {"journal": journal, "scorer": kept.scorer, "table": kept.table, "port": port}
        write_atomic(Path(path), json.dumps(data).encode("utf-8"), 0o600)
    except OSError:
        pass


def forget(journal: str) -> None:
    """Fresh links next time (``--new-links``)."""
    try:
        os.unlink(_memory(journal))
    except OSError:
        pass


def _memory(journal: str) -> str:
    return kept_path(journal, ".json")


def kept_path(journal: str, suffix: str) -> str:
    """Where what a game's server keeps for the next one is (its links: ``.json``; its
    submissions: ``.ids``), named by the journal's real path."""
    import hashlib

    from ..files.folders import user_state

    name = hashlib.sha256(os.path.realpath(journal).encode("utf-8", "surrogateescape"))
    return os.path.join(user_state(), "serve", name.hexdigest()[:32] + suffix)


_SECRET = re.compile(r"[A-Za-z0-9_-]+")
