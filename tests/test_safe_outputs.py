"""Exports can never destroy a game (issue 9): where `export` and `blank` may write.

Every refused or failed command must exit 2 with one message on stderr that names the path
and says why, print nothing on stdout, and leave every file as it was (compared by sha256)
with no `.pulka-*` temporary file behind. The mount cases need root; they skip without it.
"""

from __future__ import annotations

import errno
import math
import os
import shutil
import socket
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from cli_kit import digests, ok, run
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics

PLAYERS = ("Аня", "Борис", "Вера")
DEALS = ("Аня 6s 6 Борис whist 2 Вера whist 2", "raspasy Аня 4 Борис 0 Вера 6")
#: two small vectors, a Russian and a Balkan game
VECTORS = {
    "sochi": """convention: sochi
options: {pulya: 10, price: "0.10"}
players: [A, B, C]
deals:
  - {declarer: A, contract: 6s, defence: {B: whist, C: whist}, tricks: {A: 6, B: 2, C: 2}}
  - {declarer: B, contract: 7h, defence: {A: whist, C: pass}, tricks: {B: 6, A: 4}}
  - {raspasy: {A: 4, B: 0, C: 6}}
  - {declarer: C, contract: 7s, defence: {A: whist, B: whist}, tricks: {C: 7, A: 2, B: 1}}
  - {declarer: A, contract: misere, tricks: {A: 1}}
  - {declarer: B, contract: 6c, defence: {C: pass, A: half}}
""",
    "croatian": """convention: croatian
options: {start: 30}
players: [A, B, C]
deals:
  - {declarer: C, contract: d, defence: {A: whist, B: whist}, tricks: {C: 6, A: 2, B: 2}}
  - {declarer: B, contract: c, defence: {C: whist, A: pass}, tricks: {B: 7, C: 3}}
  - {allpass: true}
  - {declarer: A, contract: c, defence: {B: pass, C: whist}, tricks: {A: 7, C: 3}}
""",
}


def new_game(folder: Path, name: str = "g.pulka") -> Path:
    path = folder / name
    ok("new", path, "--players", *PLAYERS)
    for deal in DEALS:
        ok("add", path, deal)
    return path


def no_temp_files(*folders: Path) -> None:
    for folder in folders:
        for _, dirs, files in os.walk(folder):
            assert not [n for n in dirs + files if n.startswith(".pulka-")]


def refused(args: tuple, named: object, needles: tuple[str, ...], *folders: Path):
    """The command exits 2 with one message naming ``named``; nothing under ``folders`` changes."""
    before = digests(*folders)
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith(f"error: {named}: "), result.stderr
    for needle in needles:
        assert needle in result.stderr, result.stderr
    assert digests(*folders) == before
    no_temp_files(*folders)
    return result


READS = "refused: this is a file the command reads"
JOURNAL = "refused: this is a pulka journal"
SPECIAL = "refused: this is a device, FIFO, socket or other special file"


# --- never over a journal or an input --------------------------------------------------------


@pytest.mark.parametrize("option", ["--xlsx", "--pdf"])
def test_export_over_its_own_journal_is_refused(tmp_path, option):
    game = new_game(tmp_path)
    refused(("export", game, option, game), game, (READS,), tmp_path)


def test_a_real_process_over_its_journal_exits_2_without_a_traceback(tmp_path):
    game = new_game(tmp_path)
    before = digests(tmp_path)
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-m", "pulka", "export", str(game), "--xlsx", str(game)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"error: {game}: {READS} (the same file, perhaps by a link or another " \
                          "spelling of the path)\n"
    assert digests(tmp_path) == before


@pytest.mark.parametrize("option", ["--xlsx", "--pdf"])
def test_export_over_its_journal_spelled_through_a_folder_and_back_is_refused(tmp_path, option):
    game = new_game(tmp_path)
    (tmp_path / "dir").mkdir()
    other = tmp_path / "dir" / ".." / "g.pulka"
    refused(("export", game, option, other), other, (READS,), tmp_path)


@pytest.mark.parametrize("force", [(), ("--force",)])
def test_export_over_another_games_journal_is_refused_even_with_force(tmp_path, force):
    game = new_game(tmp_path)
    other = new_game(tmp_path, "h.pulka")
    refused(("export", game, "--pdf", other, *force), other, (JOURNAL,), tmp_path)


def test_a_hand_written_journal_with_a_bom_and_comments_is_recognised(tmp_path):
    game = new_game(tmp_path)
    other = tmp_path / "hand.txt"
    other.write_bytes(b"\xef\xbb\xbf; mine\r\n\r\n# more\r\n  pulka 1\r\nplayers A B C\r\n")
    refused(("export", game, "--xlsx", other, "--force"), other, (JOURNAL,), tmp_path)


def test_a_file_of_nothing_but_comments_longer_than_the_prefix_read_is_kept(tmp_path):
    game = new_game(tmp_path)
    other = tmp_path / "notes.pdf"
    other.write_bytes(b"; a long preamble\n" * 10_000 + b"pulka 1\n")
    refused(("export", game, "--pdf", other, "--force"), other, (JOURNAL,), tmp_path)


def test_a_long_text_without_newlines_is_not_taken_for_a_journal(tmp_path):
    game = new_game(tmp_path)
    other = tmp_path / "one-line.txt"
    other.write_bytes(b"x" * 200_000)
    refused(("export", game, "--pdf", other), other, ("--force",), tmp_path)
    ok("export", game, "--pdf", other, "--force")
    assert other.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("force", [(), ("--force",)])
def test_export_over_a_symlink_to_its_journal_is_refused(tmp_path, force):
    game = new_game(tmp_path)
    link = tmp_path / "link.pdf"
    link.symlink_to("g.pulka")
    refused(("export", game, "--pdf", link, *force), link, (READS,), tmp_path)


def test_export_over_a_symlink_to_another_journal_is_refused(tmp_path):
    game = new_game(tmp_path)
    new_game(tmp_path, "h.pulka")
    link = tmp_path / "link.xlsx"
    link.symlink_to(tmp_path / "h.pulka")
    refused(("export", game, "--xlsx", link, "--force"), link, (JOURNAL,), tmp_path)


@pytest.mark.parametrize("force", [(), ("--force",)])
def test_export_over_a_hard_link_to_its_journal_is_refused(tmp_path, force):
    game = new_game(tmp_path)
    hard = tmp_path / "hard.xlsx"
    os.link(game, hard)
    refused(("export", game, "--xlsx", hard, *force), hard, (READS,), tmp_path)


def test_export_reading_the_journal_through_a_link_is_refused_over_the_journal(tmp_path):
    game = new_game(tmp_path)
    link = tmp_path / "link.pulka"
    link.symlink_to(game)
    refused(("export", link, "--pdf", game), game, (READS,), tmp_path)


@pytest.mark.parametrize("force", [(), ("--force",)])
def test_blank_over_a_journal_is_refused(tmp_path, force):
    game = new_game(tmp_path)
    refused(("blank", game, *force), game, (JOURNAL,), tmp_path)


@pytest.mark.parametrize("option", ["--xlsx", "--pdf"])
def test_export_over_its_vector_is_refused_even_with_force(tmp_path, option):
    vector = tmp_path / "v.yaml"
    vector.write_text(VECTORS["sochi"], encoding="utf-8")
    refused(("export", vector, option, vector, "--force"), vector, (READS,), tmp_path)


def test_export_over_the_font_it_reads_is_refused_even_with_force(tmp_path):
    game = new_game(tmp_path)
    font = tmp_path / "f.ttf"
    packaged = Path(__file__).resolve().parents[1] / "pulka" / "render" / "pdf" / "font_files"
    shutil.copyfile(packaged / "DejaVuSans.ttf", font)
    refused(("export", game, "--pdf", font, "--font", font, "--force"), font, (READS,), tmp_path)


def test_blank_over_the_convention_it_reads_is_refused_even_with_force(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("c.yaml").write_text("extends: sochi\n", encoding="utf-8")
    refused(("blank", "c.yaml", "--convention", "./c.yaml", "--force"), "c.yaml", (READS,),
            tmp_path)


# --- another kind of file: only with --force; the same kind: replaced -------------------------


@pytest.mark.parametrize("option, kind", [("--xlsx", "workbook"), ("--pdf", "PDF")])
def test_a_text_file_is_refused_then_replaced_with_force(tmp_path, option, kind):
    game = new_game(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    refused(("export", game, option, notes), notes,
            (f"holds something other than a {kind} report", "--force"), tmp_path)
    journal = game.read_bytes()
    assert ok("export", game, option, notes, "--force").stdout == f"wrote {notes}\n"
    assert game.read_bytes() == journal
    data = notes.read_bytes()
    assert data.startswith(b"%PDF-") if kind == "PDF" else data.startswith(b"PK")
    no_temp_files(tmp_path)


def test_blank_over_a_text_file_is_refused_then_replaced_with_force(tmp_path):
    notes = tmp_path / "notes.pdf"
    notes.write_text("my notes\n", encoding="utf-8")
    refused(("blank", notes), notes, ("holds something other than a PDF report",), tmp_path)
    ok("blank", notes, "--force")
    assert notes.read_bytes().startswith(b"%PDF-")


def test_a_pdf_is_not_a_workbook_nor_a_workbook_a_pdf(tmp_path):
    game = new_game(tmp_path)
    ok("export", game, "--xlsx", tmp_path / "a.xlsx", "--pdf", tmp_path / "a.pdf")
    refused(("export", game, "--xlsx", tmp_path / "a.pdf"), tmp_path / "a.pdf", ("workbook",),
            tmp_path)
    refused(("export", game, "--pdf", tmp_path / "a.xlsx"), tmp_path / "a.xlsx", ("PDF",), tmp_path)


def test_a_zip_that_is_not_a_workbook_is_refused(tmp_path):
    game = new_game(tmp_path)
    other = tmp_path / "other.xlsx"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("notes.txt", "not a workbook")
    refused(("export", game, "--xlsx", other), other, ("workbook",), tmp_path)


def test_existing_reports_are_replaced_and_an_empty_file_is_written(tmp_path):
    game = new_game(tmp_path)
    xlsx, pdf, empty = tmp_path / "g.xlsx", tmp_path / "g.pdf", tmp_path / "empty.pdf"
    ok("export", game, "--xlsx", xlsx, "--pdf", pdf)
    ok("add", game, "Борис 7h 7 Аня whist 2 Вера pass")
    journal = game.read_bytes()
    old_xlsx, old_pdf = xlsx.read_bytes(), pdf.read_bytes()
    result = ok("export", game, "--xlsx", xlsx, "--pdf", pdf)
    assert result.stdout == f"wrote {xlsx}\nwrote {pdf}\n"
    assert xlsx.read_bytes() != old_xlsx and pdf.read_bytes() != old_pdf
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert "xl/workbook.xml" in zipfile.ZipFile(xlsx).namelist()
    ok("blank", pdf)
    empty.touch()
    ok("blank", empty)
    assert empty.read_bytes().startswith(b"%PDF-")
    assert game.read_bytes() == journal
    no_temp_files(tmp_path)


def test_a_symlink_to_a_report_is_written_through(tmp_path):
    game = new_game(tmp_path)
    real = tmp_path / "real.pdf"
    ok("blank", real)
    blank = real.read_bytes()
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    ok("export", game, "--pdf", link)
    assert link.is_symlink()
    assert real.read_bytes() != blank and real.read_bytes().startswith(b"%PDF-")


# --- never over a folder, a device or a special file ---------------------------------------


@pytest.fixture
def null_device(tmp_path) -> Path:
    """A character device like /dev/null. A private node (root) when it can be made: a broken
    export would replace that one, never the machine's /dev/null; else /dev/null when this user
    cannot replace it."""
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        return node
    except (OSError, AttributeError):
        pass
    null = Path("/dev/null")
    if not null.is_char_device() or os.access("/dev", os.W_OK):
        pytest.skip("no device node to try safely here")
    return null


@pytest.mark.parametrize("force", [(), ("--force",)])
def test_export_to_a_null_device_is_refused(tmp_path, null_device, force):
    game = new_game(tmp_path)
    refused(("export", game, "--pdf", null_device, *force), null_device, (SPECIAL,), tmp_path)
    refused(("blank", null_device, *force), null_device, (SPECIAL,), tmp_path)
    assert null_device.is_char_device()


@pytest.mark.parametrize("force", [(), ("--force",)])
def test_export_to_a_fifo_is_refused(tmp_path, force):
    game = new_game(tmp_path)
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    refused(("export", game, "--pdf", fifo, *force), fifo, (SPECIAL,), tmp_path)
    refused(("blank", fifo, *force), fifo, (SPECIAL,), tmp_path)
    assert fifo.is_fifo()


def test_export_to_a_socket_is_refused(tmp_path):
    game = new_game(tmp_path)
    where = tmp_path / "s.xlsx"
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(where))
    except OSError as exc:
        pytest.skip(f"cannot make a unix socket here: {exc}")
    try:
        refused(("export", game, "--xlsx", where, "--force"), where, (SPECIAL,), tmp_path)
    finally:
        sock.close()


@pytest.mark.parametrize("command", ["export", "blank"])
def test_a_folder_is_refused(tmp_path, command):
    game = new_game(tmp_path)
    folder = tmp_path / "reports"
    folder.mkdir()
    args = ("export", game, "--pdf", folder) if command == "export" else ("blank", folder)
    refused((*args, "--force"), folder, ("refused: this is a folder",), tmp_path)


def test_the_two_reports_may_not_be_one_file(tmp_path):
    game = new_game(tmp_path)
    same = tmp_path / "out"
    refused(("export", game, "--xlsx", same, "--pdf", same), same, ("the same file",), tmp_path)
    link = tmp_path / "link"
    link.symlink_to(same)
    refused(("export", game, "--xlsx", same, "--pdf", link), link, ("the same file",), tmp_path)


# --- write errors: one message, the file and the cause; nothing changed ------------------------


@pytest.mark.parametrize("command", ["export", "blank"])
def test_a_missing_folder_is_named(tmp_path, command):
    game = new_game(tmp_path)
    target = tmp_path / "nowhere" / "x.pdf"
    args = ("export", game, "--pdf", target) if command == "export" else ("blank", target)
    refused(args, target, ("cannot write the PDF", "No such file or directory"), tmp_path)


def test_both_paths_are_checked_before_either_is_written(tmp_path):
    game = new_game(tmp_path)
    target = tmp_path / "nowhere" / "x.pdf"
    refused(("export", game, "--xlsx", tmp_path / "ok.xlsx", "--pdf", target), target,
            ("No such file or directory",), tmp_path)
    assert not (tmp_path / "ok.xlsx").exists()


def test_a_path_through_a_file_is_named(tmp_path):
    game = new_game(tmp_path)
    target = tmp_path / "g.pulka" / "x.pdf"
    refused(("export", game, "--pdf", target), target, ("Not a directory",), tmp_path)


def test_a_read_only_folder_is_named(tmp_path):
    game = new_game(tmp_path)
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "old.pdf").write_bytes(b"%PDF-1.4 old\n")
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this user writes in a read-only folder anyway (root)")
        refused(("export", game, "--pdf", folder / "old.pdf"), folder / "old.pdf",
                ("Permission denied",), tmp_path)
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("force", [(), ("--force",)])
def test_writing_under_proc_is_refused(tmp_path, force):
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc here")
    game = new_game(tmp_path)
    refused(("export", game, "--pdf", "/proc/self/x.pdf", *force), "/proc/self/x.pdf",
            ("cannot write the PDF in the folder /proc/self",), tmp_path)


def test_an_existing_file_under_proc_is_refused_then_not_written_with_force(tmp_path):
    version = Path("/proc/version")
    if not version.is_file():
        pytest.skip("no /proc/version here")
    game = new_game(tmp_path)
    before = version.read_bytes()
    refused(("export", game, "--pdf", version), version, ("--force",), tmp_path)
    refused(("export", game, "--pdf", version, "--force"), version, ("cannot write the PDF",),
            tmp_path)
    assert version.read_bytes() == before


def _failing_fsync(monkeypatch, code: int, on_folder: bool) -> None:
    real = os.fsync

    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode) == on_folder:
            raise OSError(code, os.strerror(code))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


@pytest.mark.parametrize("code", [errno.EIO, errno.ENOSPC, errno.EDQUOT])
@pytest.mark.parametrize("command", ["export", "blank"])
def test_a_failing_write_leaves_the_old_report_and_no_temporary_file(tmp_path, monkeypatch,
                                                                     code, command):
    game = new_game(tmp_path)
    target = tmp_path / "old.pdf"
    target.write_bytes(b"%PDF-1.4 the old sheet\n")
    _failing_fsync(monkeypatch, code, on_folder=False)
    args = ("export", game, "--pdf", target) if command == "export" else ("blank", target)
    refused(args, target, (f"cannot write the PDF: {os.strerror(code)}",), tmp_path)


@pytest.mark.parametrize("code", [errno.EIO, errno.EINVAL])
def test_a_folder_that_cannot_be_synced_leaves_the_old_report(tmp_path, monkeypatch, code):
    game = new_game(tmp_path)
    target = tmp_path / "old.xlsx"
    ok("export", game, "--xlsx", target)
    ok("add", game, "Борис 7h 7 Аня whist 2 Вера pass")
    _failing_fsync(monkeypatch, code, on_folder=True)
    refused(("export", game, "--xlsx", target), target,
            (f"cannot write the workbook: {os.strerror(code)}",), tmp_path)


def test_a_failing_write_over_the_same_bytes_is_not_taken_for_a_written_report(tmp_path,
                                                                              monkeypatch):
    game = new_game(tmp_path)
    target = tmp_path / "g.pdf"
    ok("export", game, "--pdf", target)  # the PDF is deterministic: the same bytes again
    _failing_fsync(monkeypatch, errno.EIO, on_folder=False)
    refused(("export", game, "--pdf", target), target,
            (f"cannot write the PDF: {os.strerror(errno.EIO)}",), tmp_path)


def test_a_folder_sync_failing_after_the_rename_says_the_report_was_written(tmp_path,
                                                                           monkeypatch):
    game = new_game(tmp_path)
    target = tmp_path / "g.pdf"
    real, calls = os.fsync, []

    def fsync(fd: int) -> None:  # the second sync of the folder: after the rename
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            calls.append(fd)
            if len(calls) == 2:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    result = run("export", game, "--pdf", target)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: {target}: the PDF was written, but its folder could not be "
                             f"synced ({os.strerror(errno.EIO)}): it may not survive a crash\n")
    assert target.read_bytes().startswith(b"%PDF-")
    no_temp_files(tmp_path)


# --- on small mounts (root only): disk full, read-only --------------------------------------


@pytest.fixture
def mount(tmp_path):
    """mount(options) -> a fresh tmpfs folder; skips when mounting is not permitted."""
    mounted: list[Path] = []

    def make(options: str) -> Path:
        if shutil.which("mount") is None:
            pytest.skip("no mount command")
        where = tmp_path / f"mnt{len(mounted)}"
        where.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
        mounted.append(where)
        return where

    yield make
    for where in reversed(mounted):
        subprocess.run(["umount", str(where)], capture_output=True, check=False)


def fill(folder: Path) -> None:
    """Fill the mount up: write until the disk says it is full (bounded: at most 128 KiB)."""
    with open(folder / "filler", "wb", buffering=0) as handle:
        for _ in range(128):
            try:
                handle.write(b"x" * 1024)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                return
    pytest.fail("the 64k tmpfs never filled up")


@pytest.mark.parametrize("command", ["export", "blank"])
def test_disk_full_names_the_file_and_changes_nothing(tmp_path, mount, command):
    game = new_game(tmp_path)
    small = mount("size=64k")
    target = small / "old.pdf"
    target.write_bytes(b"%PDF-1.4 the old sheet\n")
    fill(small)
    args = ("export", game, "--pdf", target) if command == "export" else ("blank", target)
    refused(args, target, ("cannot write the PDF: No space left on device",), tmp_path)


def test_disk_full_on_the_second_report_says_the_first_was_written(tmp_path, mount):
    game = new_game(tmp_path)
    small = mount("size=64k")
    fill(small)
    xlsx, pdf = tmp_path / "ok.xlsx", small / "g.pdf"
    before = digests(tmp_path)
    result = run("export", game, "--xlsx", xlsx, "--pdf", pdf)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: {pdf}: cannot write the PDF: No space left on device (the "
                             f"workbook was written to {xlsx})\n")
    after = digests(tmp_path)
    assert after.pop(str(xlsx))
    assert after == before
    assert "xl/workbook.xml" in zipfile.ZipFile(xlsx).namelist()  # complete, not half-done
    no_temp_files(tmp_path)


def test_a_read_only_mount_is_named(tmp_path, mount):
    game = new_game(tmp_path)
    ro = mount("size=64k")
    target = ro / "old.pdf"
    target.write_bytes(b"%PDF-1.4 the old sheet\n")
    done = subprocess.run(["mount", "-o", "remount,ro", str(ro)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("cannot remount read-only")
    refused(("export", game, "--pdf", target), target, ("Read-only file system",), tmp_path)
    refused(("blank", ro / "new.pdf"), ro / "new.pdf", ("Read-only file system",), tmp_path)


# --- long names: the work is bounded, not the clock -----------------------------------------


STRING_WIDTH = pdfmetrics.stringWidth


class Budget:
    """Counts the characters measured by reportlab's stringWidth; past the budget it stops the
    render (a quadratic fit would otherwise run for minutes before failing)."""

    def __init__(self, monkeypatch, limit: int) -> None:
        self.chars = 0
        self.limit = limit
        real = STRING_WIDTH  # not an earlier Budget's counter

        def counting(text, *args, **kwargs):
            self.chars += len(text)
            if self.chars > self.limit:
                raise RuntimeError("the PDF measured too much text")
            return real(text, *args, **kwargs)

        monkeypatch.setattr(pdfmetrics, "stringWidth", counting)


def long_vector(folder: Path, length: int, case: str) -> Path:
    """One of the VECTORS with its player A renamed to `length` letters."""
    data = yaml.safe_load(VECTORS[case])
    first, name = "A", "Ж" * length

    def rename(value: object) -> object:
        if isinstance(value, dict):
            return {rename(k): rename(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        return name if value == first else value

    path = folder / f"long-{length}.yaml"
    path.write_text(yaml.safe_dump(rename(data), allow_unicode=True, width=10**9), encoding="utf-8")
    return path


def measured(tmp_path: Path, monkeypatch, length: int, case: str) -> int:
    monkeypatch.setattr("pulka.game.MAX_NAME_LENGTH", 10**6)  # `new` refuses such names; the
    # renderer must still fit any name it is given in bounded work
    vector = long_vector(tmp_path, length, case)
    budget = Budget(monkeypatch, 100 * length * math.ceil(math.log2(length)))
    result = run("export", vector, "--pdf", tmp_path / f"long-{length}.pdf")
    assert result.exit_code == 0, (result.stderr, result.exception)
    return budget.chars


@pytest.mark.parametrize("case", sorted(VECTORS))
def test_a_ten_thousand_letter_name_is_fitted_in_n_log_n_work(tmp_path, monkeypatch, case):
    small = measured(tmp_path, monkeypatch, 1_000, case)
    large = measured(tmp_path, monkeypatch, 10_000, case)
    assert large < 20 * small  # ten times the name: about ten times the work, not a hundred


def test_blank_with_a_ten_thousand_letter_name_is_bounded(tmp_path, monkeypatch):
    name = "Ж" * 10_000
    monkeypatch.setattr("pulka.game.MAX_NAME_LENGTH", 10**6)
    budget = Budget(monkeypatch, 100 * len(name))
    ok("blank", tmp_path / "b.pdf", "--names", name, "--names", "Б", "--names", "В")
    assert 0 < budget.chars


def _old_clip(f, text, bold, size, width):  # pulka 0c435f1, one character at a time
    if f.width(text, bold) * size <= width:
        return text
    ellipsis = f.text("…")
    while text and f.width(text + ellipsis, bold) * size > width:
        text = text[:-1]
    return text + ellipsis


def _old_wrap(f, text, size, width, bold=False):  # pulka 0c435f1, one character at a time
    text = f.text(text)
    if f.width(text, bold) * size <= width:
        return [text]
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if f.width(trial, bold) * size <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while f.width(word, bold) * size > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and f.width(word[:cut], bold) * size > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="Жжil W.мm1 ", max_size=60), width=st.floats(0, 120),
       bold=st.booleans())
def test_the_fast_cuts_are_the_old_cuts(text, width, bold):
    from pulka.render.pdf.pages import _wrap
    from pulka.render.pdf.style import clip, load_fonts

    f = load_fonts()
    assert clip(f, text, bold, 7.0, width) == _old_clip(f, text, bold, 7.0, width)
    assert _wrap(f, text, 7.0, width, bold) == _old_wrap(f, text, 7.0, width, bold)
