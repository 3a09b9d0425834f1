"""`show`'s note when a game's convention has changed since the game started: told alike whether
the built-in convention comes from its resolved rules (conventions/resolved.tsv, no YAML read)
or from its file, and the file read in full whenever the resolved rules may not be its rules
(the file changed, the convention it extends is now a user's file, no resolved rules)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_kit import digests, ok

import pulka.convention.finding as finding
import pulka.convention.loader as loader
import pulka.convention.prebuilt as prebuilt
import pulka.files.safe_yaml as yamlsafe

BUILTIN = loader.builtin_dir()
KEEPS = "; the game keeps its recorded rules"


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """A copy of the built-in folder standing for it (to be changed), and the user's folder."""
    builtin, user = tmp_path / "builtin", tmp_path / "user"
    shutil.copytree(BUILTIN, builtin)
    user.mkdir()
    monkeypatch.setattr(finding, "builtin_dir", lambda: str(builtin))
    monkeypatch.setattr(prebuilt, "builtin_dir", lambda: str(builtin))
    monkeypatch.setenv("PULKA_CONVENTIONS", str(user))
    return builtin, user


def new_game(folder: Path, convention: str, *options: str) -> Path:
    game = folder / "g.pulka"
    ok("new", game, "--players", "Аня", "Борис", "Вера", "--convention", convention, *options)
    ok("add", game, "Аня 6s 6 Борис whist 2 Вера whist 2")
    return game


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def shown(game: Path, monkeypatch) -> str:
    """`show`'s output, after making sure that reading the convention in full says the same."""
    before = digests_of(game)
    quick = ok("show", game).output
    with monkeypatch.context() as patch:
        patch.setattr(prebuilt, "prebuilt", lambda path: None)
        assert ok("show", game).output == quick
    assert digests_of(game) == before
    return quick


def digests_of(game: Path) -> dict[str, str]:
    return digests(game.parent)


def last_line(output: str) -> str:
    return output.rstrip("\n").splitlines()[-1]


def test_an_unchanged_builtin_is_not_parsed(folders, monkeypatch):
    game = new_game(folders[0].parent, "leningrad", "--pulya", "30", "--set", "whist.rate=3")

    def no_yaml(*args, **kwargs):
        raise AssertionError("the convention was parsed")

    monkeypatch.setattr(yamlsafe, "load", no_yaml)
    assert KEEPS not in ok("show", game).output


def test_a_changed_builtin_is_read_in_full(folders, monkeypatch):
    builtin, _ = folders
    game = new_game(builtin.parent, "leningrad", "--pulya", "30")
    assert KEEPS not in shown(game, monkeypatch)
    edit(builtin / "sochi.yaml", "value: 10              #", "value: 12              #")
    assert last_line(shown(game, monkeypatch)) == (
        "the convention 'leningrad' has changed since this game started (misere.value)" + KEEPS)


def test_a_changed_key_that_the_table_set_is_no_change(folders, monkeypatch):
    builtin, _ = folders
    game = new_game(builtin.parent, "sochi", "--set", "misere.value=14")
    edit(builtin / "sochi.yaml", "value: 10              #", "value: 12              #")
    assert KEEPS not in shown(game, monkeypatch)
    edit(builtin / "sochi.yaml", "penalty: 10", "penalty: 11")
    assert last_line(shown(game, monkeypatch)).endswith("(misere.penalty)" + KEEPS)


def test_a_user_file_that_a_builtin_now_extends_is_read(folders, monkeypatch):
    builtin, user = folders
    game = new_game(builtin.parent, "leningrad")
    mine = user / "mine.yaml"  # the user's own Sochi, which the built-in Leningrad extends now
    mine.write_text((builtin / "sochi.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert KEEPS not in shown(game, monkeypatch)
    edit(mine, "value: 10              #", "value: 16              #")
    assert last_line(shown(game, monkeypatch)).endswith("(misere.value)" + KEEPS)
    mine.write_text("family: russian\nname: sochi\n", encoding="utf-8")  # no longer whole
    assert last_line(shown(game, monkeypatch)) == (
        "the convention 'leningrad' cannot be read now; the game keeps its recorded rules")


@pytest.mark.parametrize("damage", ["missing", "empty", "short lines"])
def test_resolved_rules_that_cannot_be_used_are_not_used(folders, monkeypatch, damage):
    builtin, _ = folders
    game = new_game(builtin.parent, "rostov")
    resolved = builtin / prebuilt.RESOLVED
    if damage == "missing":
        resolved.unlink()
    elif damage == "empty":
        resolved.write_text("", encoding="utf-8")
    else:
        resolved.write_text("rostov\tabc\n", encoding="utf-8")
    assert prebuilt.prebuilt(builtin / "rostov.yaml") is None
    assert KEEPS not in shown(game, monkeypatch)
    edit(builtin / "sochi.yaml", "penalty: 10", "penalty: 11")
    assert prebuilt.prebuilt(builtin / "rostov.yaml") is None
    assert last_line(shown(game, monkeypatch)).endswith("(misere.penalty)" + KEEPS)
