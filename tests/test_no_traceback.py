"""Odd input and a failing machine are said in one line, never a traceback (issue 32 §2).

Each case runs the command as a player would (in-process where the fault can be put there,
a real process where the process's own files or environment are the point) and checks the
exit status, the message, and that nothing on disk changed.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests, run_untraced
from test_write_faults import env, new_game, numbers_in

ROOT = Path(__file__).resolve().parents[1]


def pulka(*args: str, **extra: object) -> subprocess.CompletedProcess:
    """A real `python -m pulka`, its output as bytes (stdin empty unless given)."""
    runs: dict = {"env": env(), "capture_output": True, "timeout": 120}
    if "input" not in extra:
        runs["stdin"] = subprocess.DEVNULL
    runs.update(extra)
    return subprocess.run([sys.executable, "-m", "pulka", *args], **runs)


def untraced(done: subprocess.CompletedProcess) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    return err


# -- names that are not UTF-8 ----------------------------------------------------------------------

@pytest.mark.parametrize("name", [b"\xff", "Аня".encode("cp1251")], ids=["a stray byte", "cp1251"])
def test_a_name_that_is_not_utf8_is_refused(tmp_path, name):
    path = tmp_path / "g.pulka"
    done = pulka("new", str(path), "--players", name, "Борис", "Вера")  # type: ignore[arg-type]
    err = untraced(done)
    assert done.returncode == 2
    assert err.startswith("error: player name '") and "is not UTF-8 text" in err
    assert not path.exists()


def test_play_asks_again_for_a_name_that_is_not_utf8(tmp_path):
    # the file, the convention (Enter: the defaults), the players twice, the pulya, the price
    answers = b"\n\n\xff \xd0\x91 \xd0\x92\n\xd0\x90 \xd0\x91 \xd0\x92\n\n\nquit\nn\n"
    done = pulka("play", input=answers, cwd=tmp_path)
    err = untraced(done)
    assert done.returncode == 0, err
    assert "player name '\\xff' is not UTF-8 text" in err
    made = [p for p in tmp_path.iterdir() if p.suffix == ".pulka"]
    assert len(made) == 1 and numbers_in(made[0]) == []


# -- YAML aliases that point into themselves ------------------------------------------------------

LOOP = "family: russian\nextends: sochi\nname: looped\npulya: &a [1, *a]\n"


@pytest.mark.parametrize("command", ["new", "show", "blank", "diff"])
def test_a_convention_whose_alias_holds_itself(tmp_path, command):
    (tmp_path / "c.yaml").write_text(LOOP)
    game = new_game(tmp_path, deals=1)
    before = digests(tmp_path)
    args = {"new": ["new", tmp_path / "n.pulka", "--players", "А", "Б", "В", "--convention",
                    tmp_path / "c.yaml"],
            "show": ["conventions", "show", tmp_path / "c.yaml"],
            "blank": ["blank", tmp_path / "b.pdf", "--convention", tmp_path / "c.yaml"],
            "diff": ["conventions", "diff", "sochi", tmp_path / "c.yaml"]}[command]
    result = run_untraced(*args)
    assert result.exit_code == 2, result.output
    assert "c.yaml:4:15: the alias *a stands inside its own anchor &a" in result.stderr
    assert digests(tmp_path) == before and numbers_in(game) == [1]


@pytest.mark.parametrize("text", ["players: &p [A, B, C, *p]\n", "deals: &d [{raspasy: *d}]\n"])
def test_a_vector_whose_alias_holds_itself(tmp_path, text):
    vector = tmp_path / "v.yaml"
    vector.write_text("title: t\nconvention: sochi\n" + text)
    result = run_untraced("verify", vector)
    assert result.exit_code == 2, result.output
    assert "stands inside its own anchor" in result.output


# -- a poisoned stats cache ----------------------------------------------------------------------

@pytest.mark.parametrize("row", ["{}", "NaN", "[" * 5000 + "]" * 5000, '{"players": 5}',
                                 '{"players": ["A"], "result": "many"}', 3, b"\xff\xfe"],
                         ids=["empty", "nan", "deep", "wrong type", "wrong types", "a number",
                              "a blob"])
def test_a_poisoned_row_of_the_stats_cache_is_replayed(tmp_path, row):
    game = new_game(tmp_path, deals=2)
    cache = tmp_path / "cache.sqlite3"
    first = run_untraced("stats", game, "--cache", cache, "--json")
    assert first.exit_code == 0, first.output
    with sqlite3.connect(cache) as db:
        db.execute("UPDATE games SET summary = ?", (row,))
    again = run_untraced("stats", game, "--cache", cache, "--json")
    assert again.exit_code == 0, again.output
    assert '"replayed": 1' in again.stdout
    assert again.stdout.replace('"replayed": 1, "cached": 0', "") == \
        first.stdout.replace('"replayed": 1, "cached": 0', "")


# -- fonts: not a file, too large, unreadable --------------------------------------------------

def test_a_font_that_is_a_fifo_or_a_device(tmp_path):
    game = new_game(tmp_path, deals=1)
    fifo = tmp_path / "font.ttf"
    os.mkfifo(fifo)
    for font in (fifo, Path("/dev/zero")):
        result = run_untraced("export", game, "--pdf", tmp_path / "g.pdf", "--font", font)
        assert result.exit_code == 2
        assert result.stderr.startswith(f"error: {font}: not a regular file (a folder, a pipe "
                                        "or a device); a font is a .ttf file")
    assert not (tmp_path / "g.pdf").exists()


def test_a_huge_font_is_refused_without_reading_it(tmp_path):
    game = new_game(tmp_path, deals=1)
    font = tmp_path / "huge.ttf"
    with open(font, "wb") as handle:
        handle.truncate(6 << 30)  # sparse: 6 GB that take no room
    result = run_untraced("export", game, "--pdf", tmp_path / "g.pdf", "--font", font)
    assert result.exit_code == 2
    assert f"{font}: 6442450944 bytes, more than the 67108864 bytes pulka reads in a font" \
        in result.stderr


def test_a_font_that_cannot_be_read(tmp_path, monkeypatch):
    from faults_kit import eio

    from pulka.render.pdf import fonts

    game = new_game(tmp_path, deals=1)
    font = ROOT / "pulka" / "render" / "pdf" / "font_files" / "DejaVuSans.ttf"
    monkeypatch.setattr(fonts, "font_bytes", eio)
    fonts._cmap_codes.cache_clear()
    result = run_untraced("export", game, "--pdf", tmp_path / "g.pdf", "--font", font)
    fonts._cmap_codes.cache_clear()
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: cannot read the font {font}: Input/output error")


# -- play's input: endless, closed, or an ASCII console --------------------------------------

@pytest.fixture
def game(tmp_path: Path) -> Path:
    return new_game(tmp_path, deals=2)


def test_play_from_an_endless_line(game):
    with open("/dev/zero", "rb") as zero:
        done = pulka("play", str(game), stdin=zero)
    err = untraced(done)
    assert done.returncode == 0
    assert err == "error: a line of more than 65536 characters: this input is not typed " \
                  "answers; it is read no further\n"
    assert numbers_in(game) == [1, 2]


def test_play_with_stdin_closed(game):
    done = subprocess.run(f'exec {sys.executable} -m pulka play "{game}" <&-', shell=True,
                          capture_output=True, env=env(), timeout=120)
    assert done.returncode == 0, untraced(done)
    assert numbers_in(game) == [1, 2]


@pytest.mark.parametrize("console", [{"PYTHONIOENCODING": "ascii"},
                                     {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}],
                         ids=["ascii", "C locale"])
def test_play_on_an_ascii_console_reads_what_is_typed(game, console):
    done = pulka("play", str(game), input="Вера misere 0\nquit\nn\n".encode(), env=env(**console))
    assert done.returncode == 0, untraced(done)
    assert numbers_in(game) == [1, 2, 3]


def test_stats_with_stderr_closed(game):
    done = subprocess.run(f'exec {sys.executable} -m pulka stats "{game}" --no-cache 2>&-',
                          shell=True, capture_output=True, env=env(), timeout=120)
    assert done.returncode == 0
    assert b"1 game" in done.stdout


# -- the environment ------------------------------------------------------------------------------

def test_a_width_beyond_reason_is_refused(game, monkeypatch):
    monkeypatch.setenv("COLUMNS", "9" * 20)
    result = run_untraced("show", game, "--paper")
    assert result.exit_code == 2
    assert result.stderr == (f"error: COLUMNS={'9' * 20}: a sheet is drawn at most 1000 columns "
                             "wide; set COLUMNS to the terminal's width, or unset it\n")


def test_export_pdf_with_home_not_a_folder(game, tmp_path):
    out = tmp_path / "g.pdf"
    done = pulka("export", str(game), "--pdf", str(out), env=env(HOME="/dev/null"))
    assert done.returncode == 0, untraced(done)
    assert out.read_bytes().startswith(b"%PDF")


# -- EIO where pulka reads: the journal's body, the user's conventions folder (strace) -----------

@pytest.mark.parametrize("command", [["show"], ["settle"], ["check"], ["show", "--paper"],
                                     ["add", "Вера", "misere", "0"], ["stats", "--no-cache"]])
@pytest.mark.parametrize("when", [1, 2])
def test_eio_reading_the_journal_with_strace(tmp_path, command, when):
    from faults_kit import needs_strace

    needs_strace()
    path = new_game(tmp_path, deals=2)
    before = digests(tmp_path)
    done = subprocess.run(["strace", "-f", "-o", os.devnull, "-P", str(path), "-e", "trace=read",
                           "-e", f"inject=read:error=EIO:when={when}", sys.executable, "-m",
                           "pulka", command[0], str(path), *command[1:]],
                          capture_output=True, env=env(PULKA_SNAPSHOTS="off"), timeout=120)
    err = untraced(done)
    if done.returncode == 0:  # (the injected read was not needed: the one after the end)
        assert digests(tmp_path) == before or command[0] == "add"
        return
    assert done.returncode == 2, err
    assert "cannot read the journal: Input/output error" in err
    assert digests(tmp_path) == before


@pytest.mark.parametrize("command", [["conventions", "list"], ["conventions", "show", "mine"]])
def test_eio_listing_the_conventions_folder_with_strace(tmp_path, command):
    from faults_kit import needs_strace

    needs_strace()
    folder = tmp_path / "conventions"
    folder.mkdir()
    (folder / "mine.yaml").write_text("family: russian\nextends: sochi\nname: mine\n")
    done = subprocess.run(["strace", "-f", "-o", os.devnull, "-P", str(folder), "-e",
                           "trace=getdents64", "-e", "inject=getdents64:error=EIO:when=1",
                           sys.executable, "-m", "pulka", *command], capture_output=True,
                          env=env(PULKA_CONVENTIONS=str(folder)), timeout=120)
    err = untraced(done)
    assert done.returncode == 2
    assert err == f"error: {folder}: Input/output error\n"


# -- the campaign: every command in hostile environments and with its standard files gone ------

ENVIRONMENTS = {
    "plain": {}, "columns": {"COLUMNS": "9" * 20}, "home": {"HOME": "/dev/null"},
    "c locale": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"},
    "ascii": {"PYTHONIOENCODING": "ascii"}, "lock wait": {"PULKA_LOCK_WAIT": "9" * 400},
    "conventions": {"PULKA_CONVENTIONS": "/dev/null"},
    "cache": {"XDG_CACHE_HOME": "/dev/null", "XDG_STATE_HOME": "/dev/null"},
}
STANDARD_FILES = {"open": "", "stdin closed": "<&-", "stdout closed": ">&-",
                  "stderr closed": "2>&-", "stdout full": ">/dev/full"}
COMMANDS = {
    "show": ["show", "{game}"], "paper": ["show", "{game}", "--paper"],
    "settle": ["settle", "{game}", "--explain"], "check": ["check", "{game}"],
    "add": ["add", "{game}", "Вера", "misere", "0"], "undo": ["undo", "{game}"],
    "stats": ["stats", "{game}"], "xlsx": ["export", "{game}", "--xlsx", "{out}/g.xlsx"],
    "blank": ["blank", "{out}/b.pdf"], "conventions": ["conventions", "list"],
    "notation": ["help", "notation"], "play": ["play", "{game}"],
}


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_in_hostile_environments(tmp_path, command):
    """Each command under each environment and with each standard file closed or full: never
    a traceback (exit 1 where stderr is gone), an exit status pulka gives, and the journal
    changed exactly when the status says a line was recorded."""
    import shlex

    writes = command in ("add", "undo", "play")
    found = []
    for env_name, extra in ENVIRONMENTS.items():
        for files_name, redirect in STANDARD_FILES.items():
            folder = tmp_path / f"{env_name}-{files_name}".replace(" ", "_")
            folder.mkdir()
            game = new_game(folder, deals=2)
            out = folder / "out"
            out.mkdir()
            before = game.read_bytes()
            args = [a.format(game=game, out=out) for a in COMMANDS[command]]
            feed = "" if "stdin" in files_name else "<<< $'Вера misere 0\\nquit\\nn'"
            line = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "pulka", *args])
            done = subprocess.run(["bash", "-c", f"exec {line} {feed} {redirect}"],
                                  capture_output=True, env=env(PULKA_SNAPSHOTS="off", **extra),
                                  timeout=120, cwd=folder)
            err = done.stderr.decode(errors="replace")
            changed = game.read_bytes() != before
            status_fits = done.returncode in (0, 2, 3, 4, 5, 141)
            disk_fits = (changed if done.returncode in (0, 3) else not changed) if writes \
                else not changed
            if done.returncode in (0, 3) and command == "play" and not changed:
                disk_fits = True  # (play may end before its first deal: input refused)
            if done.returncode == 5:
                disk_fits = True
            if "Traceback" in err or not status_fits or not disk_fits:
                found.append((env_name, files_name, done.returncode, changed, err[-300:]))
    assert found == []
