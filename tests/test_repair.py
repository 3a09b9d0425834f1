"""`pulka repair` and `pulka new` never lose or leave data (issue 9, "data loss 2").

repair mends only a journal whose last line has no newline: a complete, valid last line gets
its newline, a cut-off one is removed; anything that is not a pulka journal is refused and left
byte for byte as it was. A refused command exits 2 with one message naming the file and the
cause, prints nothing on stdout, and changes nothing on disk (every file's sha256 is compared).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_kit import digests, run

from pulka.files import atomic

PLAYERS = ("Аня", "Борис", "Вера")
ROOT = Path(__file__).resolve().parents[1]
DEALS = ("raspasy Аня 4 Борис 3 Вера 3", "Аня 6s 6 Борис whist 2 Вера whist 2")


def ok(*args: object) -> str:
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def refused(args: tuple[object, ...], folders: tuple[Path, ...], *needles: str) -> str:
    """The command exits 2 with one message holding every needle; stdout empty; no change."""
    before = digests(*folders)
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines and lines[0].startswith("error: "), result.stderr
    assert all(line.startswith("  hint: ") for line in lines[1:]), result.stderr  # one message
    for needle in needles:
        assert needle in lines[0], (needle, result.stderr)
    assert digests(*folders) == before
    return lines[0]


def temps(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.startswith(".pulka-"))


def new_game(folder: Path, name: str = "g.pulka", deals: tuple[str, ...] = DEALS) -> Path:
    path = folder / name
    ok("new", path, "--players", *PLAYERS)
    for deal in deals:
        ok("add", path, deal)
    return path


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return new_game(tmp_path)


# --- what is not a journal is refused, unchanged ----------------------------------------------


def test_a_journal_with_cr_only_line_endings_is_refused_and_named(game):
    game.write_bytes(game.read_bytes().replace(b"\n", b"\r"))
    refused(("repair", game), (game.parent,), f"{game}:", "CR alone")
    assert game.stat().st_size > 0


@pytest.mark.parametrize("encoding, what", [
    ("utf-16", "UTF-16 text, little-endian with a byte-order mark"),
    ("utf-16-le", "UTF-16 text, little-endian"),
    ("utf-16-be", "UTF-16 text, big-endian"),
    ("utf-32", "UTF-32 text"),
])
def test_a_journal_saved_in_utf16_is_refused_and_named(game, encoding, what):
    text = game.read_text(encoding="utf-8")
    game.write_bytes(text.encode(encoding))
    refused(("repair", game), (game.parent,), f"{game}:", what, "not a pulka journal")
    game.write_bytes(text.encode(encoding)[:-3])  # and with its end cut off
    refused(("repair", game), (game.parent,), f"{game}:", what)


@pytest.mark.parametrize("data", [b"shopping: milk\nbread\n", b"shopping: milk\nbread",
                                  b"; a comment\nplayers A B C\n"])
def test_a_text_file_is_refused_and_left_whole(tmp_path, data):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(data)
    line = 2 if data.startswith(b";") else 1
    refused(("repair", notes), (tmp_path,), f"{notes}:{line}:", "not a pulka journal", "`pulka 1`")
    assert notes.read_bytes() == data


def test_a_workbook_is_refused_and_left_whole(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active["A1"] = "pulka 1"
    path = tmp_path / "g.xlsx"
    book.save(path)
    refused(("repair", path), (tmp_path,), f"{path}:", "zip archive")


def test_a_pdf_is_refused_and_left_whole(tmp_path):
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    path = tmp_path / "g.pdf"
    page = canvas.Canvas(str(path))
    page.drawString(72, 720, "pulka 1")
    page.save()
    refused(("repair", path), (tmp_path,), f"{path}:", "a PDF document")


@pytest.mark.parametrize("data, what", [(b"", "the file is empty"),
                                        (b"pulka 1\n\x00\x01\x02\x03" * 40, "binary data")])
def test_an_empty_or_binary_file_is_refused(tmp_path, data, what):
    path = tmp_path / "g.pulka"
    path.write_bytes(data)
    refused(("repair", path), (tmp_path,), f"{path}:", what)


def test_a_journal_damaged_before_its_last_line_is_refused_whole(game):
    good = game.read_bytes()
    game.write_bytes(good.replace(b"2. ", b"7. ") + "3. raspasy Аня 4 Бо".encode())
    refused(("repair", game), (game.parent,), f"{game}:", "out of sequence")


def test_a_journal_whose_only_line_is_cut_is_refused(tmp_path):
    path = tmp_path / "g.pulka"
    path.write_bytes(b"pulka 1")
    refused(("repair", path), (tmp_path,), f"{path}:", "names no players")
    path.write_bytes(b"; a note\npulka")
    refused(("repair", path), (tmp_path,), f"{path}:2:", "not known")


# --- a journal's last line: kept with its newline, or dropped ----------------------------------


@pytest.mark.parametrize("last", ["3. Борис misere 0", "void 2", "fix 1 Аня 6s 6 Борис pass Вера whist 4",
                                  "; a note", "4. Вера 7h 7 Аня whist 1 Борис pass ; good game"])
def test_a_complete_last_line_without_its_newline_is_kept_and_gets_it(game, last):
    if last.startswith("4."):
        ok("add", game, "Борис misere 0")
    good = game.read_bytes() + last.encode() + b"\n"
    game.write_bytes(good[:-1])
    result = run("show", game)  # the reader still points at repair
    assert result.exit_code == 2 and "pulka repair" in result.stderr
    out = ok("repair", game)
    assert out == f"{game}: the last line was complete; added its newline: {last!r}\n"
    assert game.read_bytes() == good
    assert ok("check", game) == ""
    assert ok("repair", game) == f"{game}: nothing to repair\n"
    assert temps(game.parent) == []


def test_a_complete_last_line_keeps_the_file_and_its_inode(game):
    good = game.read_bytes()
    game.write_bytes(good[:-1])
    inode = game.stat().st_ino
    ok("repair", game)
    assert game.stat().st_ino == inode and game.read_bytes() == good


@pytest.mark.parametrize("torn", ["3. raspasy Аня 4 Бор", "3. raspasy Аня 4", "3. Борис 6s 6 Аня wh",
                                  "3. Борис 6", "3"])
def test_a_torn_deal_line_is_dropped(game, torn):
    good = game.read_bytes()
    game.write_bytes(good + torn.encode())
    out = ok("repair", game)
    assert out.startswith(f"{game}: removed the cut-off last line: ")
    assert game.read_bytes() == good
    assert ok("check", game) == "" and temps(game.parent) == []


@pytest.mark.parametrize("whole, cut", [
    ("raspasy Аня 4 Борис 3 Вера 3", "raspasy Аня 4 Борис 3 Ве"),
    ("Борис 7h 8 Аня pass Вера whist 2", "Борис 7h 8 Аня pass Вера whist"),
])
def test_a_cut_that_leaves_a_valid_line_keeps_the_same_deal(game, whole, cut):
    """What is cut off is forced by the rest (the tricks add up to 10): the line is kept."""
    ok("add", game, whole)
    settled = ok("settle", game, "--json")
    lines = game.read_bytes().splitlines(keepends=True)
    game.write_bytes(b"".join(lines[:-1]) + b"3. " + cut.encode())
    assert "added its newline" in ok("repair", game)
    assert ok("settle", game, "--json") == settled


def test_a_deal_torn_inside_a_letter_is_dropped(game):
    good = game.read_bytes()
    game.write_bytes(good + "3. raspasy Аня 4 Б".encode()[:-1])  # half of a Cyrillic letter
    ok("repair", game)
    assert game.read_bytes() == good


@pytest.mark.parametrize("torn", ["fix 2 Аня 6s 6 Борис whist 2 Вера", "fix 2 Аня 6", "fix",
                                  "fix 2 Аня 6s 6 Борис whist 2", "vo", "void"])
def test_a_torn_fix_or_void_line_is_dropped(game, torn):
    good = game.read_bytes()
    game.write_bytes(good + torn.encode())
    assert ok("repair", game) == f"{game}: removed the cut-off last line: {torn!r}\n"
    assert game.read_bytes() == good
    ok("fix", game, "2", "Аня 6s 7 Борис whist 2 Вера whist 1")  # and the journal takes writes


def test_a_cut_header_line_is_dropped(tmp_path):
    path = new_game(tmp_path, deals=())
    good = path.read_bytes()
    path.write_bytes(good + b"title Fri")  # a header line cannot be appended by pulka, but
    # a complete one is valid: it is kept
    assert "added its newline" in ok("repair", path)
    assert path.read_bytes() == good + b"title Fri\n"


# --- the file is rewritten in place of the target, as it was owned ----------------------------


def test_repair_through_a_symlink_repairs_the_target_and_keeps_the_link(tmp_path):
    games, links = tmp_path / "games", tmp_path / "links"
    games.mkdir(), links.mkdir()
    target = new_game(games)
    good = target.read_bytes()
    target.write_bytes(good + "3. raspasy Аня".encode())
    target.chmod(0o640)
    link = links / "friday.pulka"
    link.symlink_to(target)
    ok("repair", link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == good
    assert target.stat().st_mode & 0o7777 == 0o640
    assert temps(games) == [] and temps(links) == []


def test_repair_through_a_symlink_adds_the_newline_to_the_target(tmp_path):
    target = new_game(tmp_path)
    good = target.read_bytes()
    target.write_bytes(good[:-1])
    link = tmp_path / "link.pulka"
    link.symlink_to(target.name)
    ok("repair", link)
    assert link.is_symlink() and target.read_bytes() == good


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_repair_keeps_the_owner(game):
    good = game.read_bytes()
    game.write_bytes(good + b"3. rasp")
    os.chown(game, 12345, 23456)
    game.chmod(0o604)
    ok("repair", game)
    info = game.stat()
    assert (info.st_uid, info.st_gid, info.st_mode & 0o7777) == (12345, 23456, 0o604)
    assert game.read_bytes() == good


# --- temporary files: a killed run's are removed, a live run's are not ------------------------


def stale_temp(folder: Path, target: str, data: bytes) -> Path:
    temp = folder / f".pulka-{target}.0123456789ab.tmp"
    temp.write_bytes(data)
    return temp


def test_a_stale_temp_of_a_killed_repair_is_removed_on_the_next(game):
    good = game.read_bytes()
    stale_temp(game.parent, game.name, good)
    other = stale_temp(game.parent, "other.pulka", good)  # another file's: left alone
    game.write_bytes(good + b"3. ras")
    ok("repair", game)
    assert temps(game.parent) == [other.name] and game.read_bytes() == good
    stale_temp(game.parent, game.name, good)
    assert "nothing to repair" in ok("repair", game)  # also when there is nothing to mend
    assert temps(game.parent) == [other.name]


def test_a_temp_still_in_use_is_not_removed(game):
    good = game.read_bytes()
    temp = stale_temp(game.parent, game.name, good)
    with open(temp, "rb") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # as a live run holds its temp
        game.write_bytes(good + b"3. ras")
        ok("repair", game)
        assert temps(game.parent) == [temp.name]
    assert game.read_bytes() == good


def test_a_stale_temp_of_a_killed_new_is_removed_by_the_next(tmp_path):
    stale_temp(tmp_path, "g.pulka", b"; pulka game journal")
    new_game(tmp_path, deals=())
    assert temps(tmp_path) == []


def big_journal(folder: Path, deals: int) -> bytes:
    """A journal of many deals (written whole, quicker than by `add`)."""
    path = new_game(folder, deals=DEALS[:1])
    line = path.read_bytes().splitlines(keepends=True)[-1].split(b" ", 1)[1]
    body = b"".join(b"%d. " % n + line for n in range(2, deals + 1))
    path.write_bytes(path.read_bytes() + body)
    return path.read_bytes()


KILLED_AT = """
import os, signal, sys
from pulka.cli import cli
step, args = sys.argv[1], sys.argv[2:]
real = getattr(os, step)
def killed(*a, **k):  # the process dies as this step begins on the temporary file
    if any(".pulka-" in str(x) for x in a) or (a and isinstance(a[0], int)
                                             and ".pulka-" in os.readlink(f"/proc/self/fd/{a[0]}")):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(*a, **k)
setattr(os, step, killed)
cli.main(args)
"""


@pytest.mark.parametrize("command, step", [
    ("repair", "write"), ("repair", "fchmod"), ("repair", "fsync"), ("repair", "replace"),
    ("new", "write"), ("new", "fchmod"), ("new", "fsync"), ("new", "link"),
])
def test_a_run_killed_at_any_step_changes_nothing_and_the_next_run_cleans_up(
        tmp_path, command, step):
    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("no /proc")
    game = new_game(tmp_path)
    torn = game.read_bytes() + b"3. rasp"
    game.write_bytes(torn)
    second = tmp_path / "second.pulka"
    args = ["repair", str(game)] if command == "repair" else ["new", str(second), *PLAYERS]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", KILLED_AT, step, *args], env=env,
                          capture_output=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert game.read_bytes() == torn and not second.exists()  # the old state, whole
    ok(*args)  # the next run does the work and removes the killed run's temporary file
    assert temps(tmp_path) == []
    assert sorted(os.listdir(tmp_path)) == ["g.pulka", *(["second.pulka"] * (command == "new"))]


@pytest.mark.slow  # a campaign of kills: the exhaustive tier
def test_sigkill_during_repair_leaves_the_old_or_the_new_file(tmp_path):
    good = big_journal(tmp_path, 3000)
    path = tmp_path / "g.pulka"
    torn = good + "3001. raspasy Аня 4 Бо".encode()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(9)
    outcomes = set()
    for _ in range(10):
        path.write_bytes(torn)
        proc = subprocess.Popen([sys.executable, "-m", "pulka", "repair", str(path)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.2, 1.0))  # spreads the kills, asserts nothing about time
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = path.read_bytes()
        assert data in (torn, good)
        outcomes.add(data == good)
        for name in temps(tmp_path):  # a temp left is the killed run's, and is not the journal
            assert not os.path.samefile(tmp_path / name, path)
        ok("repair", path)  # the next run mends the journal and removes what was left
        assert path.read_bytes() == good and temps(tmp_path) == []
    assert os.listdir(tmp_path) == ["g.pulka"]


# --- write errors: exit 2, one message with the file and the cause, nothing changed -----------


def test_new_in_a_missing_folder(tmp_path):
    path = tmp_path / "nowhere" / "g.pulka"
    refused(("new", path, *PLAYERS), (tmp_path,), f"{path}:", f"there is no folder {path.parent}")


def test_new_in_proc(tmp_path):
    if not os.path.isdir("/proc/self"):
        pytest.skip("no /proc")
    path = Path("/proc/self/g.pulka")
    refused(("new", path, *PLAYERS), (tmp_path,), f"{path}:", "cannot create the journal")
    assert not path.exists()


def test_repair_of_a_proc_file_is_refused(tmp_path):
    if not os.path.isfile("/proc/self/status"):
        pytest.skip("no /proc")
    refused(("repair", "/proc/self/status"), (tmp_path,), "/proc/self/status:",
            "not a pulka journal")


def test_new_and_repair_with_a_folder_at_the_path(tmp_path):
    folder = tmp_path / "g.pulka"
    folder.mkdir()
    refused(("new", folder, *PLAYERS), (tmp_path,), f"{folder}:", "a folder of that name")
    refused(("repair", folder), (tmp_path,), f"{folder}:", "Is a directory")


def test_new_never_replaces_anything(tmp_path):
    game = new_game(tmp_path)
    dangling = tmp_path / "dangling.pulka"
    dangling.symlink_to(tmp_path / "nowhere.pulka")
    for path in (game, dangling):
        refused(("new", path, *PLAYERS), (tmp_path,), f"{path}:", "already exists")
    assert not (tmp_path / "nowhere.pulka").exists()


@contextlib.contextmanager
def small_disk(tmp_path: Path, size: str = "64k") -> Iterator[Path]:
    """A small tmpfs of our own (skips when mounting is not allowed here)."""
    point = tmp_path / "disk"
    point.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("no mount command")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], capture_output=True)


def fill(folder: Path) -> None:
    """Fill the disk the folder is on."""
    with contextlib.suppress(OSError), open(folder / "filler", "wb", buffering=0) as handle:
        while True:
            handle.write(b"\0" * 4096)


def read_only(point: Path) -> None:
    done = subprocess.run(["mount", "-o", "remount,ro", str(point)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot remount read-only")


def test_new_on_a_full_disk(tmp_path):
    with small_disk(tmp_path) as disk:
        fill(disk)
        path = disk / "g.pulka"
        refused(("new", path, *PLAYERS), (disk,), f"{path}:", "No space left on device")
        assert temps(disk) == []


def test_repair_on_a_full_disk(tmp_path):
    with small_disk(tmp_path) as disk:
        game = new_game(disk, deals=DEALS * 3)
        game.write_bytes(game.read_bytes() + b"7. rasp")
        fill(disk)
        refused(("repair", game), (disk,), f"{game}:", "No space left on device")
        assert temps(disk) == []


def test_new_and_repair_on_a_read_only_mount(tmp_path):
    with small_disk(tmp_path) as disk:
        game = new_game(disk)
        torn = disk / "torn.pulka"
        torn.write_bytes(game.read_bytes() + b"3. ra")
        nonl = disk / "nonl.pulka"
        nonl.write_bytes(game.read_bytes()[:-1])
        read_only(disk)
        path = disk / "second.pulka"
        refused(("new", path, *PLAYERS), (disk,), f"{path}:", "Read-only file system")
        for path in (torn, nonl):
            refused(("repair", path), (disk,), f"{path}:", "Read-only file system")


def without_override(args: list[str]) -> subprocess.CompletedProcess:
    """Run pulka where file permissions hold (root: without its power to override them)."""
    command = [sys.executable, "-m", "pulka", *args]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("no setpriv to give up the override as root")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    if "setpriv:" in done.stderr:
        pytest.skip(f"setpriv cannot run here: {done.stderr.strip()}")
    return done


@pytest.mark.parametrize("case", ["new in a read-only folder", "repair a read-only file",
                                  "repair in a read-only folder"])
def test_permission_denied(tmp_path, case):
    game = new_game(tmp_path)
    game.write_bytes(game.read_bytes() + b"3. ra")
    if case == "repair a read-only file":
        game.chmod(0o444)
    path = tmp_path / "second.pulka" if case.startswith("new") else game
    args = ["new", str(path), *PLAYERS] if case.startswith("new") else ["repair", str(game)]
    if case.endswith("folder"):
        tmp_path.chmod(0o555)
    try:
        before = digests(tmp_path)
        done = without_override(args)
        assert done.returncode == 2, (done.stdout, done.stderr)
        assert done.stdout == "" and len(done.stderr.splitlines()) == 1, done.stderr
        assert done.stderr.startswith(f"error: {path}: ") and "Permission denied" in done.stderr
        assert digests(tmp_path) == before
    finally:
        tmp_path.chmod(0o755)


def test_repair_of_an_immutable_file(game):
    """A file that cannot be written (chattr +i: even root cannot)."""
    if shutil.which("chattr") is None:
        pytest.skip("no chattr")
    game.write_bytes(game.read_bytes() + b"3. ra")
    if subprocess.run(["chattr", "+i", str(game)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not possible here")
    try:
        refused(("repair", game), (game.parent,), f"{game}:", "cannot")
    finally:
        subprocess.run(["chattr", "-i", str(game)], capture_output=True)


def fail(code: int):
    def failing(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))
    return failing


def test_new_when_the_folder_cannot_be_synced_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "fsync_dir", fail(errno.EIO))
    path = tmp_path / "g.pulka"
    refused(("new", path, *PLAYERS), (tmp_path,), f"{path}:", os.strerror(errno.EIO))
    assert os.listdir(tmp_path) == []


def test_new_and_repair_when_the_data_cannot_be_synced(game, monkeypatch):
    good = game.read_bytes()
    game.write_bytes(good + b"3. ra")
    monkeypatch.setattr(os, "fsync", fail(errno.EIO))
    path = game.with_name("second.pulka")
    refused(("new", path, *PLAYERS), (game.parent,), f"{path}:", os.strerror(errno.EIO))
    refused(("repair", game), (game.parent,), f"{game}:", os.strerror(errno.EIO))
    assert temps(game.parent) == []


def test_repair_when_flock_is_not_supported(game, monkeypatch):
    game.write_bytes(game.read_bytes() + b"3. ra")
    monkeypatch.setattr(fcntl, "flock", fail(errno.EOPNOTSUPP))
    refused(("repair", game), (game.parent,), f"{game}:", os.strerror(errno.EOPNOTSUPP))
    path = game.with_name("second.pulka")
    refused(("new", path, *PLAYERS), (game.parent,), f"{path}:", os.strerror(errno.EOPNOTSUPP))
