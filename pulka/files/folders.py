"""The user's folders: the cache, where pulka keeps what it can always make again (the
statistics' summaries, the snapshots of replayed games), and the state, where it keeps what
should outlive a run (the links of a served game)."""

from __future__ import annotations

import os
from collections.abc import Mapping


def user_cache(environ: Mapping[str, str] = os.environ) -> str:
    """``$XDG_CACHE_HOME/pulka``, or ``~/.cache/pulka`` (a relative XDG_CACHE_HOME is ignored,
    as the XDG specification says). A plain path: pathlib is not on a command's way."""
    base = environ.get("XDG_CACHE_HOME") or ""
    root = base if os.path.isabs(base) else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(root, "pulka")


def user_state(environ: Mapping[str, str] = os.environ) -> str:
    """``$XDG_STATE_HOME/pulka``, or ``~/.local/state/pulka`` (a relative XDG_STATE_HOME is
    ignored, as the XDG specification says)."""
    base = environ.get("XDG_STATE_HOME") or ""
    root = base if os.path.isabs(base) else os.path.join(os.path.expanduser("~"), ".local",
                                                          "state")
    return os.path.join(root, "pulka")
