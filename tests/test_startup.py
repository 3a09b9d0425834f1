"""Start-up: a convention is found without reading every file (an index of the built-ins,
the name and alias lines of a user's files), the loader fills in keys added since a file was
written, and commands that draw nothing do not import the drawing libraries."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests, run
from conftest import tiered_samples

import pulka.convention.loader as loader
import pulka.convention.prebuilt as prebuilt
import pulka.files.safe_yaml as yamlsafe
from pulka.convention.index import INDEX
from pulka.convention.loader import builtin_dir
from pulka.convention.make_index import build_index, build_resolved
from pulka.convention.prebuilt import RESOLVED
from pulka.errors import ConventionError

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "sochi-3.pulka"


@pytest.fixture(autouse=True)
def _user_folder(tmp_path, monkeypatch):
    user = tmp_path / "user"
    user.mkdir()
    monkeypatch.setenv("PULKA_CONVENTIONS", str(user))
    return user


def test_the_index_of_the_builtins_is_in_sync_with_their_files():
    # regenerate with `python -m pulka.convention.make_index` after changing a name or an alias
    shipped = (builtin_dir() / INDEX).read_text(encoding="utf-8")
    assert shipped == build_index(builtin_dir())
    assert {line.split("\t")[0] for line in shipped.splitlines()[1:]} == {
        p.stem for p in builtin_dir().glob("*.yaml")}


def test_show_reads_only_the_convention_its_journal_names(tmp_path, monkeypatch):
    game = tmp_path / "g.pulka"
    game.write_bytes(SAMPLE.read_bytes())
    read: list[str] = []
    real = loader.read_text

    def counting(path, *args, **kwargs):
        read.append(Path(path).name)
        return real(path, *args, **kwargs)

    def no_yaml(*args, **kwargs):
        raise AssertionError("show parsed a convention file")

    monkeypatch.setattr(loader, "read_text", counting)
    monkeypatch.setattr(prebuilt, "read_text", counting)
    monkeypatch.setattr(yamlsafe, "load", no_yaml)
    before = digests(tmp_path, builtin_dir())
    result = run("show", game)
    assert result.exit_code == 0, result.output
    assert "Сочинка (Sochi)" in result.output
    # the drift check hashes the one file (before the index every file was read), and parses
    # none: the built-in's rules are in resolved.tsv
    assert read == ["sochi.yaml"]
    assert digests(tmp_path, builtin_dir()) == before


def test_the_resolved_rules_of_the_builtins_are_their_files_read_in_full():
    # regenerate with `python -m pulka.convention.make_index` after changing a built-in (not
    # after adding a key with a default: the rules are rebuilt with it, as a journal's are)
    shipped = (builtin_dir() / RESOLVED).read_text(encoding="utf-8")
    assert {line.split("\t")[0] for line in shipped.splitlines()[1:]} == {
        p.stem for p in builtin_dir().glob("*.yaml")}
    for path in sorted(builtin_dir().glob("*.yaml")):  # each rebuilt as its file reads
        rebuilt, read = prebuilt.prebuilt(path), loader.load_file(path)
        assert rebuilt is not None, path  # (None: the file is not the one resolved)
        assert ({k: v for k, v in rebuilt.values.items() if k != "aliases"}
                == {k: v for k, v in read.values.items() if k != "aliases"}), path
        assert (rebuilt.rule_lines(), rebuilt.digest()) == (read.rule_lines(), read.digest())


def test_the_resolved_rules_are_what_make_index_writes():
    # the generator writes each file's rules as a journal keeps them; rebuilt, they are the file
    written = build_resolved(builtin_dir()).splitlines()[1:]
    shipped = (builtin_dir() / RESOLVED).read_text(encoding="utf-8").splitlines()[1:]
    assert [line.split("\t")[:3] for line in written] == [line.split("\t")[:3] for line in shipped]
    sochi = next(line for line in written if line.startswith("sochi\t")).split("\t")
    assert "whist.rate=1" in sochi and "family=russian" in sochi


def test_a_builtin_file_the_index_does_not_list_is_found_and_listed(tmp_path, monkeypatch):
    """The folder is the truth, the index only a short cut: a file added beside the built-ins
    (a new family's convention) answers to its name and aliases before the index is
    generated again, in its place in the list, and a file the index lists but the folder no
    longer holds is not offered."""
    import pulka.convention.finding as finding

    folder = tmp_path / "builtins"
    folder.mkdir()
    for name in ("classic.yaml", "sochi.yaml", INDEX):
        (folder / name).write_bytes((builtin_dir() / name).read_bytes())
    (folder / "house.yaml").write_text("extends: sochi\nname: house\naliases: [дома]\n",
                                       encoding="utf-8")
    monkeypatch.setattr(finding, "builtin_dir", lambda: str(folder))
    assert finding.find("ДОМА") == str(folder / "house.yaml")
    assert finding.find("сочинка") == str(folder / "sochi.yaml")
    assert [name for name, _path, _aliases in finding.named()] == ["classic", "house", "sochi"]
    with pytest.raises(ConventionError):
        finding.find("serbian")  # in the index, not in the folder


def test_a_user_convention_is_found_by_a_block_list_alias(tmp_path, _user_folder):
    (_user_folder / "house.yaml").write_text(
        "# our table\nextends: sochi\nname: house\ntitle: Дома\naliases:\n  - дома\n"
        "  - hausregeln\nwhist:\n  rate: 2\n", encoding="utf-8")
    game = tmp_path / "g.pulka"
    result = run("new", game, "--players", "A", "B", "C", "--convention", "HAUSREGELN")
    assert result.exit_code == 0, result.output
    text = game.read_text(encoding="utf-8")
    assert "rule name house\n" in text and "rule whist.rate 2\n" in text
    listed = run("conventions", "list")
    assert "house (дома, hausregeln)" in listed.output


def test_a_user_file_named_like_a_builtin_shadows_it(tmp_path, _user_folder):
    (_user_folder / "zz-mine.yaml").write_text(
        "extends: croatian\nname: sochi\naliases: [моя]\n", encoding="utf-8")
    result = run("conventions", "show", "сочи")  # the builtin's alias goes with it
    assert result.exit_code == 2
    assert "unknown convention 'сочи'" in result.output
    result = run("conventions", "show", "SOCHI")
    assert result.exit_code == 0, result.output
    assert "zz-mine.yaml" in result.output


def test_an_unreadable_user_file_does_not_hide_the_builtins(tmp_path, _user_folder):
    (_user_folder / "broken.yaml").write_bytes(b"name: [unclosed\n\xff\xfe")
    result = run("conventions", "show", "питер")
    assert result.exit_code == 0, result.output
    assert "leningrad.yaml" in result.output


def test_a_file_without_extends_gets_the_defaults_of_keys_added_since(tmp_path):
    # Sochi as written before the robber stage and the bomb multipliers were keys
    defaulted = {"robber.stage", "robber.games", "robber.raspasy_laps", "robber.strict",
                 "dark.bombs"}
    lines, skipping = [], False
    for line in (builtin_dir() / "sochi.yaml").read_text(encoding="utf-8").splitlines():
        if line[:1] not in (" ", "#", ""):
            skipping = line.startswith("robber:")
        if not skipping and not line.startswith("  bombs:"):
            lines.append(line.replace("name: sochi", "name: old"))
    assert len(lines) < len((builtin_dir() / "sochi.yaml").read_text().splitlines()) - 4
    house = tmp_path / "old.yaml"
    house.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = digests(tmp_path)
    result = run("conventions", "check", house)
    assert result.exit_code == 0, result.output
    assert digests(tmp_path) == before
    shown = run("conventions", "show", house.resolve())
    assert shown.exit_code == 0, shown.output
    for row in shown.output.splitlines()[1:]:
        if row.split()[0] in defaulted:
            assert row.split()[-1] == "default"
    game = tmp_path / "g.pulka"
    result = run("new", game, "--players", "A", "B", "C", "--convention", house)
    assert result.exit_code == 0, result.output
    result = run("add", game, "A 6s 6 B whist 2 C whist 2")
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rule is Linux's")
def test_the_user_folder_is_platformdirs_answer(monkeypatch):
    import platformdirs

    monkeypatch.delenv("PULKA_CONVENTIONS")
    for xdg in ("", "/tmp/somewhere-else", "  "):
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
        expected = Path(platformdirs.user_config_dir("pulka")) / "conventions"
        assert loader.user_dir() == expected


DRAWING = {"rich", "openpyxl", "xlsxwriter", "reportlab"}
#: pulka serve's web stack and QR codes: imported by no other command
WEB = {"starlette", "uvicorn", "anyio", "segno", "h11", "httpx"}
#: imported only for a hint, or off Linux: not on the way of a command that goes well
SLOW = {"platformdirs", "difflib"}
#: pathlib brings urllib.parse and ipaddress: a command that reads a journal or appends to it
#: needs none of them
PATHS = {"pathlib", "urllib", "ipaddress"}


@pytest.mark.parametrize(("command", "unwanted"), [
    (["check"], DRAWING | SLOW | PATHS | WEB),
    (["settle", "--json"], DRAWING | SLOW | PATHS | WEB),
    (["add"], DRAWING | SLOW | PATHS | WEB),
    (["show"], DRAWING | SLOW | PATHS | WEB),  # (not on a terminal: drawn without rich)
])
def test_commands_import_only_what_they_use(tmp_path, command, unwanted):
    if "platformdirs" in unwanted and not sys.platform.startswith("linux"):
        unwanted = unwanted - {"platformdirs"}  # it finds the user's folder there
    game = tmp_path / "g.pulka"
    game.write_bytes(SAMPLE.read_bytes())
    args = [command[0], str(game), *command[1:]]
    if command[0] == "add":  # the sample's game is over: a new one takes a deal
        assert run("new", game.with_name("n.pulka"), "--players", "A", "B", "C").exit_code == 0
        args = ["add", str(game.with_name("n.pulka")), "raspasy A 4 B 3 C 3"]
    probe = ("import sys\nfrom click.testing import CliRunner\nfrom pulka.cli import cli\n"
             f"r = CliRunner().invoke(cli, {args!r})\n"
             "loaded = {m.split('.')[0] for m in sys.modules}\n"
             f"print(r.exit_code, sorted(loaded & set({sorted(unwanted)!r})))\n")
    env = {k: v for k, v in os.environ.items() if k != "PULKA_CONVENTIONS"}
    env.update(PYTHONPATH=str(ROOT), XDG_CONFIG_HOME=str(tmp_path / "config"))
    before = digests(tmp_path) if command[0] != "add" else None
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, cwd=tmp_path, check=True).stdout.strip()
    assert out == "0 []"
    if before is not None:
        assert digests(tmp_path) == before


SAMPLES = sorted((ROOT / "samples").glob("*.pulka"))


@pytest.mark.parametrize("columns", ["40", "80"])
@pytest.mark.parametrize("sample", tiered_samples(SAMPLES, ids=lambda p: p.stem))
def test_show_draws_every_family_without_rich(tmp_path, sample, columns):
    """Every family's sheet starts as quickly as Sochi's: none imports rich (or any other
    drawing library) to draw `show` where it is not on a terminal, at any width from 40."""
    probe = ("import sys\nfrom click.testing import CliRunner\nfrom pulka.cli import cli\n"
             f"r = CliRunner().invoke(cli, ['show', {str(sample)!r}])\n"
             "loaded = {m.split('.')[0] for m in sys.modules}\n"
             f"print(r.exit_code, sorted(loaded & set({sorted(DRAWING)!r})))\n")
    env = {k: v for k, v in os.environ.items() if k != "PULKA_CONVENTIONS"}
    env.update(PYTHONPATH=str(ROOT), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), COLUMNS=columns)
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, cwd=tmp_path, check=True).stdout.strip()
    assert out == "0 []"


@pytest.mark.parametrize("sample", tiered_samples(SAMPLES, ids=lambda p: p.stem))
def test_the_sheet_drawn_without_rich_is_rich_byte_for_byte(sample, tmp_path, monkeypatch):
    import pulka.render.without_rich as plain

    game = tmp_path / sample.name
    game.write_bytes(sample.read_bytes())
    before = digests(tmp_path)
    commands = [["show", game], ["show", game, "--deals"], ["settle", game],
                ["settle", game, "--explain"]]
    real = plain._rich_console

    def no_rich():
        raise AssertionError("rich was used where the plain drawing was enough")

    # sochi-4's sheet is 74 wide; under it the tables are drawn in parts, wrapped where they
    # must be (40: the narrowest a sheet is drawn for)
    for columns in ("", "0", "30", "40", "52", "74", "75", "200"):
        if columns:
            monkeypatch.setenv("COLUMNS", columns)
        else:
            monkeypatch.delenv("COLUMNS", raising=False)
        for args in commands:
            monkeypatch.setattr(plain, "_plain_stream", lambda: True)
            monkeypatch.setattr(plain, "_rich_console", real if columns in ("0", "30") else no_rich)
            ours = run(*args)
            monkeypatch.setattr(plain, "_plain_stream", lambda: False)
            monkeypatch.setattr(plain, "_rich_console", real)
            theirs = run(*args)
            assert (ours.exit_code, ours.output) == (theirs.exit_code, theirs.output), (
                columns, args)
            assert theirs.exit_code == 0
    assert digests(tmp_path) == before


def test_a_name_rich_would_read_differently_is_left_to_rich(tmp_path, monkeypatch):
    import pulka.render.without_rich as plain

    game = tmp_path / "g.pulka"
    assert run("new", game, "--players", ":smile:", "東京", "C").exit_code == 0
    assert run("add", game, "raspasy :smile: 4 東京 3 C 3").exit_code == 0
    outputs = []
    for stream in (True, False):
        monkeypatch.setattr(plain, "_plain_stream", lambda s=stream: s)
        result = run("show", game)
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    assert outputs[0] == outputs[1]
    assert "😄" in outputs[0]  # rich's emoji code: what the sheet has always printed


def test_the_rules_digest_is_sha256_without_hashlib():

    from pulka.files.sha256 import hex_sha256

    for data in (b"", b"whist.rate=1", "rule name сочи\n".encode() * 300):
        assert hex_sha256(data) == hashlib.sha256(data).hexdigest()
    shown = run("conventions", "show", "sochi")
    assert shown.exit_code == 0
    sochi = loader.load_file(builtin_dir() / "sochi.yaml")
    digest = sochi.digest()
    assert shown.output.splitlines()[0].endswith(f"hash {digest}")
    assert len(digest) == 12 and int(digest, 16) >= 0
