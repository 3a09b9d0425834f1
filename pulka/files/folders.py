"""The user's folders, found by one rule for all: the cache, where pulka keeps what it can
always make again (the statistics' summaries, the snapshots of replayed games), the
config folder, where a player keeps his own conventions, and the state, where pulka keeps
what should outlive a run (the links of a served game).

On plain Linux the XDG rule: ``$XDG_CACHE_HOME/pulka``, ``$XDG_CONFIG_HOME/pulka`` and
``$XDG_STATE_HOME/pulka``, or ``~/.cache/pulka``, ``~/.config/pulka`` and
``~/.local/state/pulka`` (a relative XDG path is ignored, as the XDG specification says); that
is platformdirs' answer there, given without importing it (every ``show`` finds its folders).
On any other system (macOS, Windows, Android) platformdirs gives that system's own places.
Plain paths: pathlib is not on a command's way.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Literal

APP = "pulka"
#: the folders there are, with the XDG variable and the folder under home of each
KINDS = {"cache": ("XDG_CACHE_HOME", ".cache"), "config": ("XDG_CONFIG_HOME", ".config"),
         "state": ("XDG_STATE_HOME", os.path.join(".local", "state"))}


def user_folder(kind: Literal["cache", "config", "state"], environ: Mapping[str, str] = os.environ,
                platform: str = sys.platform) -> str:
    """The user's folder of that kind for pulka, by the rule of the module's docstring.

    Args:
        environ: the environment (the XDG variables and HOME are read from it on Linux;
            platformdirs reads the process's own).
        platform: ``sys.platform`` of the system asked about.
    """
    if _plain_linux(environ, platform):
        variable, under_home = KINDS[kind]
        base = environ.get(variable) or ""
        if not os.path.isabs(base):
            base = os.path.join(environ.get("HOME") or os.path.expanduser("~"), under_home)
        return os.path.join(base, APP)
    return getattr(_platform_dirs(platform)(APP), f"user_{kind}_dir")


def user_cache(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """The user's cache folder (``~/.cache/pulka`` on Linux)."""
    return user_folder("cache", environ, platform)


def user_config(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """The user's config folder (``~/.config/pulka`` on Linux)."""
    return user_folder("config", environ, platform)


def user_state(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """The user's state folder (``~/.local/state/pulka`` on Linux)."""
    return user_folder("state", environ, platform)


def _plain_linux(environ: Mapping[str, str], platform: str) -> bool:
    """Linux that is not Android (which platformdirs knows by these two variables)."""
    android = environ.get("ANDROID_DATA") == "/data" and environ.get("ANDROID_ROOT") == "/system"
    return platform.startswith("linux") and not android


def _platform_dirs(platform: str) -> type:
    """platformdirs' class for the system: macOS's or Windows's by name (so a test may ask
    about either anywhere), else the one platformdirs chose for this machine."""
    if platform == "darwin":
        from platformdirs.macos import MacOS

        return MacOS
    if platform == "win32":
        from platformdirs.windows import Windows

        return Windows
    from platformdirs import PlatformDirs

    return PlatformDirs
