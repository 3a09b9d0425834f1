"""The user's folders (pulka.files.folders): the cache and the conventions' folder follow one
rule on every system. On Linux the environment and the platform are given to the function;
off Linux platformdirs answers, from the process's own environment (set here for it)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pulka.convention import finding
from pulka.files.folders import user_cache, user_config, user_folder

pytestmark = pytest.mark.skipif(os.sep != "/", reason="the paths are written with slashes")

HOME = {"HOME": "/home/anna"}


@pytest.mark.parametrize(("environ", "cache", "config"), [
    (HOME, "/home/anna/.cache/pulka", "/home/anna/.config/pulka"),
    ({**HOME, "XDG_CACHE_HOME": "/var/cache/anna", "XDG_CONFIG_HOME": "/etc/anna"},
     "/var/cache/anna/pulka", "/etc/anna/pulka"),
    ({**HOME, "XDG_CACHE_HOME": "/var/cache/anna"}, "/var/cache/anna/pulka", "/home/anna/.config/pulka"),
    ({**HOME, "XDG_CONFIG_HOME": "/etc/anna"}, "/home/anna/.cache/pulka", "/etc/anna/pulka"),
    # a relative path (or none) is ignored, as the XDG specification says, for both
    ({**HOME, "XDG_CACHE_HOME": "cache", "XDG_CONFIG_HOME": "~/config"},
     "/home/anna/.cache/pulka", "/home/anna/.config/pulka"),
    ({**HOME, "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": "  "}, "/home/anna/.cache/pulka",
     "/home/anna/.config/pulka"),
])
def test_on_linux_both_folders_follow_the_xdg_rule(environ, cache, config):
    assert user_cache(environ, "linux") == user_folder("cache", environ, "linux") == cache
    assert user_config(environ, "linux") == user_folder("config", environ, "linux") == config
    assert finding.user_dir(environ, "linux") == f"{config}/conventions"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="platformdirs' Unix answer")
@pytest.mark.parametrize("xdg", [None, "", "/tmp/somewhere-else", "relative", "  "])
def test_the_linux_rule_is_platformdirs_answer(xdg, monkeypatch):
    from platformdirs.unix import Unix

    for variable in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        if xdg is None:
            monkeypatch.delenv(variable, raising=False)
        else:
            monkeypatch.setenv(variable, xdg)
    assert user_cache(os.environ, "linux") == Unix("pulka").user_cache_dir
    assert user_config(os.environ, "linux") == Unix("pulka").user_config_dir


def test_plain_linux_is_answered_without_platformdirs():
    probe = ("import sys\nfrom pulka.files.folders import user_folder\n"
             "print(user_folder('cache', {'HOME': '/h'}, 'linux'), user_folder('config', {}, 'linux'))\n"
             "print('platformdirs' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0].startswith("/h/.cache/pulka ")
    assert out[1] == "False"


def test_on_macos_both_folders_are_in_the_library(monkeypatch):
    monkeypatch.setenv("HOME", "/Users/anna")
    for variable in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME"):  # (platformdirs honours them there too)
        monkeypatch.delenv(variable, raising=False)
    environ = {"HOME": "/Users/anna", "XDG_CACHE_HOME": "/not/on/a/mac"}  # (the Linux rule is not asked)
    assert user_cache(environ, "darwin") == "/Users/anna/Library/Caches/pulka"
    assert user_config(environ, "darwin") == "/Users/anna/Library/Application Support/pulka"
    assert finding.user_dir(environ, "darwin") == "/Users/anna/Library/Application Support/pulka/conventions"


def test_on_windows_both_folders_are_in_the_local_application_data(monkeypatch):
    # (off Windows, platformdirs finds the folder only where this variable names it)
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", "C:\\Users\\anna\\AppData\\Local")
    environ = {"HOME": "/home/anna", "XDG_CONFIG_HOME": "/etc/anna"}
    cache, config = user_cache(environ, "win32"), user_config(environ, "win32")
    assert cache.replace("\\", "/") == "C:/Users/anna/AppData/Local/pulka/pulka/Cache"
    assert config.replace("\\", "/") == "C:/Users/anna/AppData/Local/pulka/pulka"
    assert finding.user_dir(environ, "win32") == os.path.join(config, "conventions")


def test_android_is_asked_of_platformdirs():
    from pulka.files.folders import _plain_linux

    assert _plain_linux({}, "linux")
    assert not _plain_linux({"ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"}, "linux")
    assert not _plain_linux({}, "android")


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_pulka_conventions_wins(platform):
    environ = {**HOME, "PULKA_CONVENTIONS": "/srv/club/conventions", "XDG_CONFIG_HOME": "/etc/anna"}
    assert finding.user_dir(environ, platform) == "/srv/club/conventions"
    environ["PULKA_CONVENTIONS"] = ""  # (set to nothing: as if not set)
    if platform == "linux":
        assert finding.user_dir(environ, platform) == "/etc/anna/pulka/conventions"
