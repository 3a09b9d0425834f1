"""What pulka says (its exit status and message) agrees with what is on disk (issue 32 §1).

A deal is acknowledged only when its line is in the file the path names; a line taken back is
said to be taken back; when pulka cannot know (another program changed the journal at the
moment of the write), it says so, with exit status 5, and says how to look. Faults are
injected in-process through the fault kit, or with strace into a real process (skipped where
strace is absent).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from faults_kit import (
    eio,
    needs_strace,
    nth_call,
    on_file,
    replace_by_rename,
    strace_inject,
    strace_log,
)
from test_write_faults import DEAL, RASPASY, env, new_game, numbers_in, pulka

from pulka.cli import cli
from pulka.files import atomic

ROOT = Path(__file__).resolve().parents[1]
LINE = f"2. {' '.join(DEAL)}"


def add(path: Path):
    return CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])


def after_the_fsync(monkeypatch, path: Path, then) -> list[int]:
    """Call ``then()`` once, right after the journal's first fsync (the line is saved)."""
    real, done = os.fsync, []

    def fault(real_fsync, fd):
        real_fsync(fd)
        if not done:
            done.append(1)
            then()

    monkeypatch.setattr(os, "fsync", on_file(path, fault)(real))
    return done


# -- the path is looked at again after the fsync ------------------------------------------------

def test_a_folder_on_the_path_swapped_for_a_file_during_the_fsync(tmp_path, monkeypatch):
    """The journal's folder is a symlink, replaced by a file while the line is saved: the
    path names nothing now, so the line is taken back from the file it went into."""
    real = tmp_path / "real"
    real.mkdir()
    path = new_game(real, deals=1)
    before = path.read_bytes()
    link = tmp_path / "d"
    link.symlink_to(real)

    def swap() -> None:
        link.unlink()
        link.write_text("not a folder\n")

    done = after_the_fsync(monkeypatch, path, swap)
    result = add(link / "g.pulka")
    assert done == [1]
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    assert "Not a directory" in result.stderr and "was recorded in" not in result.stderr
    assert path.read_bytes() == before


def test_the_path_cannot_be_looked_at_after_the_fsync(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    before = path.read_bytes()
    failing: list[int] = []
    real_stat = os.stat

    def stat(name, *args, **kwargs):
        if failing and os.fspath(name) == str(path):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real_stat(name, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    after_the_fsync(monkeypatch, path, lambda: failing.append(1))
    result = add(path)
    assert failing == [1]
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"error: {path}: the line was written, but then the journal could "
                             "not be looked at (Input/output error); it was taken back, so "
                             "nothing was recorded\n")
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", ["add", "fix"])
def test_eio_on_the_stat_after_the_fsync_with_strace(tmp_path, command):
    """The issue's own case: EIO injected into the newfstatat of the journal's path that
    follows the fsync (found in a trace of the same command)."""
    needs_strace()
    path = new_game(tmp_path, deals=2)
    before = path.read_bytes()
    args = [sys.executable, "-m", "pulka", command, str(path),
            *(["Вера", "misere", "0"] if command == "add" else
              ["2", "Борис", "misere", "0"])]
    run = {"env": env(PULKA_SNAPSHOTS="off"), "cwd": tmp_path}
    calls = strace_log(args, "newfstatat,fsync", tmp_path / "trace", **run)
    path.write_bytes(before)
    synced = next(i for i, line in enumerate(calls) if " fsync(" in line)
    when = nth_call(calls, "newfstatat", lambda i, line: i > synced and f'"{path}"' in line)
    assert when is not None, calls[synced:]
    done = strace_inject(args, "newfstatat", "EIO", when, tmp_path / "log", **run)
    injected = [line for line in (tmp_path / "log").read_text().splitlines() if "INJECTED" in line]
    assert len(injected) == 1 and f'"{path}"' in injected[0], injected
    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b"", err
    assert "it was taken back, so nothing was recorded" in err and "Traceback" not in err
    assert path.read_bytes() == before


# -- other programs writing the journal at the moment of the write ------------------------------

def test_a_sync_tool_copies_the_file_with_the_line_and_renames_the_copy_over_it(tmp_path,
                                                                              monkeypatch):
    """The copy holds the line just written: it is recorded there, once, and said so (not
    "the same as deal 2; add --again")."""
    path = new_game(tmp_path, deals=1)
    old = tmp_path / "old"
    os.link(path, old)
    before = path.read_bytes()
    done = after_the_fsync(monkeypatch, path, lambda: replace_by_rename(path, path.read_bytes()))
    result = CliRunner().invoke(cli, ["add", str(path), *DEAL])
    assert done == [1]
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"deal {LINE}\n")
    assert numbers_in(path) == [1, 2]
    assert path.read_bytes() == before + f"{LINE}\n".encode()
    assert old.read_bytes() == before  # the line was taken back from the file replaced


def test_a_sync_tool_copies_the_file_before_the_line(tmp_path, monkeypatch):
    """The copy was made before the write: the line goes into the copy, as before."""
    path = new_game(tmp_path, deals=1)
    before = path.read_bytes()
    done = after_the_fsync(monkeypatch, path, lambda: replace_by_rename(path, before))
    result = CliRunner().invoke(cli, ["add", str(path), *DEAL])
    assert done == [1] and result.exit_code == 0, result.output
    assert path.read_bytes() == before + f"{LINE}\n".encode()


@pytest.mark.parametrize("saved", ["what it loaded", "what it loaded and more"])
def test_another_program_rewrites_the_journal_in_place_during_the_fsync(tmp_path, monkeypatch,
                                                                         saved):
    """An editor saves what it loaded over the file itself, as the line is saved: pulka
    cannot stop it, but it sees the file no longer ends with its line and says so (exit 5),
    leaving the file as the editor made it."""
    path = new_game(tmp_path, deals=1)
    before = path.read_bytes()
    edited = before if saved == "what it loaded" else before + b"; a note\n"

    def rewrite() -> None:
        with open(path, "r+b") as handle:
            handle.write(edited)
            handle.truncate()

    done = after_the_fsync(monkeypatch, path, rewrite)
    result = add(path)
    assert done == [1]
    assert result.exit_code == 5, result.output
    assert result.stdout == ""
    assert result.stderr == (
        f"error: {path}: the line {LINE!r} was written and saved, but another program changed "
        "the journal at the same moment: it no longer ends with that line, and pulka left it "
        "as the other program made it\n"
        f"  hint: `pulka show {path}` shows what the journal holds: look before you enter the "
        "deal again\n")
    assert path.read_bytes() == edited


def test_the_line_cannot_be_read_back(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    after_the_fsync(monkeypatch, path, lambda: monkeypatch.setattr(os, "pread", eio))
    result = add(path)
    assert result.exit_code == 5, result.output
    assert "but the journal could not be read back (Input/output error): pulka cannot tell " \
           "whether it holds the line" in result.stderr
    assert "pulka show" in result.stderr


def test_a_line_saved_that_cannot_be_taken_back_is_said_to_be_there(tmp_path, monkeypatch):
    """After the fsync the path is gone and the cut back fails: the line is in the file."""
    path = new_game(tmp_path, deals=1)
    moved = tmp_path / "moved.pulka"
    after_the_fsync(monkeypatch, path, lambda: os.replace(path, moved))
    monkeypatch.setattr(os, "ftruncate", eio)
    result = add(path)
    assert result.exit_code == 5, result.output
    assert f"the line {LINE!r} was written, but the journal was replaced, and it could not be " \
           "taken back (Input/output error)" in result.stderr
    assert moved.read_text().endswith(f"{LINE}\n")


# -- whole-file writes: new, repair, exports -----------------------------------------------------

def test_repair_whose_folder_cannot_be_synced_after_the_rename_says_it_repaired(tmp_path,
                                                                                monkeypatch):
    path = new_game(tmp_path, deals=1)
    good = path.read_bytes()
    path.write_bytes(good + "2. Ан".encode())
    monkeypatch.setattr(atomic, "fsync_dir", eio)
    result = CliRunner().invoke(cli, ["repair", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{path}: removed the cut-off last line: '2. Ан'\n"
    assert result.stderr == (f"warning: {path}: the journal was written, but its folder could "
                             "not be saved to disk (Input/output error): a crash of the "
                             "computer now may still lose the change\n")
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["g.pulka"]


def test_new_whose_folder_cannot_be_synced_nor_the_file_removed_says_it_is_there(tmp_path,
                                                                                 monkeypatch):
    path = tmp_path / "g.pulka"
    real_unlink = os.unlink

    def unlink(name, *args, **kwargs):
        if os.fspath(name) == str(path):
            eio()
        return real_unlink(name, *args, **kwargs)

    monkeypatch.setattr(atomic, "fsync_dir", eio)
    monkeypatch.setattr(os, "unlink", unlink)
    result = CliRunner().invoke(cli, ["new", str(path), "--players", "Аня", "Борис", "Вера"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{path}: a new ")
    assert result.stderr.startswith(f"warning: {path}: the journal was written, but its folder "
                                    "could not be saved to disk (Input/output error)")
    assert numbers_in(path) == []
    assert [p.name for p in tmp_path.iterdir()] == ["g.pulka"]


def test_new_whose_temporary_name_cannot_be_removed_says_it_made_the_game(tmp_path,
                                                                          monkeypatch):
    path = tmp_path / "g.pulka"
    real_unlink, failed = os.unlink, []

    def unlink(name, *args, **kwargs):
        if not failed and os.path.basename(os.fspath(name)).startswith(".pulka-"):
            failed.append(name)
            eio()
        return real_unlink(name, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)
    result = CliRunner().invoke(cli, ["new", str(path), "--players", "Аня", "Борис", "Вера"])
    assert failed and result.exit_code == 0, result.output
    assert result.stderr == ""
    assert numbers_in(path) == []
    assert [p.name for p in tmp_path.iterdir()] == ["g.pulka"]  # the next look removed it


@pytest.mark.parametrize("syscall", ["unlink", "fsync"])
def test_new_with_eio_on_each_unlink_and_fsync_with_strace(tmp_path, syscall):
    """Each unlink and fsync of `new` failing in turn: exit 0 exactly when the journal is
    there, and a warning whenever it may not be saved."""
    needs_strace()
    path = tmp_path / "n.pulka"
    args = [sys.executable, "-m", "pulka", "new", str(path), "--players", "А", "Б", "В"]
    run = {"env": env(), "cwd": tmp_path}
    calls = strace_log(args, syscall, tmp_path / "trace", **run)
    total = sum(f" {syscall}(" in line for line in calls)
    path.unlink()
    assert total >= 1
    for when in range(1, total + 1):
        done = strace_inject(args, syscall, "EIO", when, tmp_path / "log", **run)
        err = done.stderr.decode()
        assert "Traceback" not in err
        if path.exists():
            assert done.returncode == 0, (when, err)
            path.unlink()
        else:
            assert done.returncode == 2 and "cannot create the journal" in err, (when, err)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["log", "trace"], when


def test_the_folder_probe_of_an_export_leaves_nothing_when_unlink_fails(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    monkeypatch.setattr(os, "unlink", eio)
    out = tmp_path / "out"
    out.mkdir()
    for args in (["export", str(path), "--xlsx", str(out / "g.xlsx")],
                 ["blank", str(out / "b.pdf")]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["b.pdf", "g.xlsx"]


def test_without_unnamed_files_a_probe_left_behind_is_removed_by_the_next_export(tmp_path,
                                                                                  monkeypatch):
    path = new_game(tmp_path, deals=1)
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    monkeypatch.setattr(os, "unlink", eio)
    assert CliRunner().invoke(cli, ["blank", str(out / "b.pdf")]).exit_code == 0
    left = sorted(p.name for p in out.iterdir() if p.name.startswith(".pulka-"))
    assert len(left) == 1 and left[0].endswith(".tmp")
    monkeypatch.undo()
    assert CliRunner().invoke(cli, ["export", str(path), "--pdf", str(out / "g.pdf")]).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["b.pdf", "g.pdf"]


def test_temporary_files_of_killed_exports_are_removed_by_the_next_export(tmp_path):
    """What SIGKILLed exports leave (of this pulka, and of older ones, unnamed), removed by
    the next export into that folder; a temporary file of a run still going is kept."""
    import fcntl

    path = new_game(tmp_path, deals=1)
    out = tmp_path / "out"
    out.mkdir()
    mine = out / ".pulka-g.pdf.0123456789ab.tmp"
    other = out / ".pulka-h.xlsx.0123456789ab.tmp"
    older = out / ".pulka-ab3_x9zq"
    young = out / ".pulka-cd4_y8wr"
    live = out / ".pulka-k.pdf.ba9876543210.tmp"
    for stray in (mine, other, older, young, live):
        stray.write_bytes(b"half a report")
    os.utime(older, (time.time() - 7200, time.time() - 7200))
    holder = os.open(live, os.O_RDONLY)
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        result = CliRunner().invoke(cli, ["export", str(path), "--pdf", str(out / "g.pdf")])
        assert result.exit_code == 0, result.output
    finally:
        os.close(holder)
    assert sorted(p.name for p in out.iterdir()) == sorted([young.name, live.name, "g.pdf"])


def test_export_with_eio_on_every_unlink_with_strace(tmp_path):
    needs_strace()
    path = new_game(tmp_path, deals=1)
    out = tmp_path / "out"
    out.mkdir()
    for args in (["export", str(path), "--xlsx", str(out / "g.xlsx"), "--pdf", str(out / "g.pdf")],
                 ["blank", str(out / "b.pdf")]):
        done = strace_inject([sys.executable, "-m", "pulka", *args], "unlink", "EIO", "1+",
                             tmp_path / "log", env=env())
        assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["b.pdf", "g.pdf", "g.xlsx"]


# -- what follows the write: its report --------------------------------------------------------

PLAYED = "Вера misere 0\nquit\nn\n"


def three_deal_game(folder: Path) -> Path:
    path = new_game(folder, deals=0)
    runner = CliRunner()
    for deal in ("Аня 6s 6 Борис whist 2 Вера whist 2", "Борис 7h 6 Аня whist 4 Вера pass"):
        assert runner.invoke(cli, ["add", str(path), deal]).exit_code == 0
    return path


def test_play_whose_output_pipe_closes_after_a_deal_says_it_was_recorded(tmp_path):
    """`printf 'Вера misere 0\\nquit\\nn\\n' | pulka play g.pulka | head -c 330`."""
    path = three_deal_game(tmp_path)
    proc = pulka("play", str(path), stdin=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(PLAYED.encode())
    proc.stdin.close()
    proc.stdout.read(330)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert numbers_in(path) == [1, 2, 3]
    assert proc.returncode == 3, err
    assert f"pulka: deal 3 was recorded in {path}" in err and "Traceback" not in err


@pytest.mark.parametrize("when", ["its report", "later"])
def test_play_whose_output_fails_after_a_deal_says_it_was_recorded(tmp_path, monkeypatch, when):
    from pulka.cli.committed import OutputError
    from pulka.cli.play import Table

    path = three_deal_game(tmp_path)

    def fails(*args: object, **kwargs: object) -> None:
        raise OutputError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Table, "told" if when == "its report" else "end", fails)
    result = CliRunner().invoke(cli, ["play", str(path)], input=PLAYED)
    assert numbers_in(path) == [1, 2, 3]
    assert result.exit_code == 3, result.output
    said = (f"pulka: deal 3 was recorded in {path}, but its report could not be shown: No space "
            "left on device\n" if when == "its report" else
            f"pulka: deal 3 was recorded in {path}; after that the output could not be "
            "written: No space left on device\n")
    assert result.stderr == said


@pytest.mark.parametrize("command", ["add", "undo", "fix"])
def test_stdout_and_stderr_both_failing_after_the_write(tmp_path, command):
    """Every write after the journal's fails (strace): the exit status alone tells, 3."""
    needs_strace()
    path = new_game(tmp_path, deals=2)
    args = {"add": ["add", "--again", str(path), *RASPASY], "undo": ["undo", str(path)],
            "fix": ["fix", str(path), "1", *DEAL]}[command]
    done = strace_inject([sys.executable, "-m", "pulka", *args], "write", "ENOSPC", "2+",
                         tmp_path / "log", env=env(PULKA_SNAPSHOTS="off"))
    assert done.returncode == 3, done.stderr
    assert len(numbers_in(path)) == (1 if command == "undo" else 2 + (command == "add"))


def test_stdout_and_stderr_on_dev_full(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    path = new_game(tmp_path, deals=1)
    with open("/dev/full", "w") as full:
        proc = pulka("add", "--again", str(path), *DEAL, stdout=full, stderr=full)
        proc.wait(timeout=120)
    assert proc.returncode == 3
    assert numbers_in(path) == [1, 2]


# -- the campaign: every call on the journal failing in turn (the exhaustive tier) -----------

CAMPAIGN = {"add": ["add", "{path}", "Вера", "misere", "0"], "undo": ["undo", "{path}"],
            "fix": ["fix", "{path}", "1", "Аня", "6s", "7", "Борис", "whist", "2", "Вера", "pass"],
            "void": ["void", "{path}", "1"], "repair": ["repair", "{path}"]}


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(CAMPAIGN))
@pytest.mark.parametrize("error", ["EIO", "ENOSPC"])
def test_every_call_on_the_journal_failing_in_turn_with_strace(tmp_path, command, error):
    """Each system call that names the journal (strace -P: its path or an fd open on it)
    fails in turn: the exit status says whether the journal changed (0 or 3: it did; 2, 4 or
    130: it did not; 5: pulka said it cannot tell), and there is never a traceback."""
    needs_strace()
    path = new_game(tmp_path, deals=2)
    before = path.read_bytes()
    args = [sys.executable, "-m", "pulka", *(a.format(path=path) for a in CAMPAIGN[command])]
    run = {"env": env(PULKA_SNAPSHOTS="off"), "cwd": tmp_path}
    trace = tmp_path / "trace"
    subprocess.run(["strace", "-f", "-o", str(trace), "-P", str(path), *args],
                   capture_output=True, timeout=300, **run)
    calls = [line.split("(", 1)[0].split()[-1] for line in trace.read_text().splitlines()
             if "(" in line and "resumed>" not in line and "+++" not in line]
    disagreements = []
    for index, syscall in enumerate(calls):
        when = calls[:index + 1].count(syscall)
        path.write_bytes(before)
        done = subprocess.run(["strace", "-f", "-o", os.devnull, "-P", str(path), "-e",
                               f"trace={syscall}", "-e",
                               f"inject={syscall}:error={error}:when={when}", *args],
                              capture_output=True, timeout=300, **run)
        err = done.stderr.decode(errors="replace")
        changed = path.read_bytes() != before
        agrees = {0: changed or command == "repair", 3: changed, 5: True}.get(
            done.returncode, not changed and done.returncode in (2, 4, 130))
        if not agrees or "Traceback" in err:
            disagreements.append((syscall, when, done.returncode, changed, err[-300:]))
    assert calls and disagreements == []


@pytest.mark.slow
@pytest.mark.parametrize("error", ["EIO", "ENOSPC"])
def test_play_with_each_write_failing_in_turn_with_strace(tmp_path, error):
    """`pulka play` recording one deal, each of its writes (the journal's and every one to
    stdout or stderr) failing in turn: the journal holds the deal exactly when the exit
    status or the message says so (0 or 3; or the deal refused and said, and the session
    ended well), never a traceback."""
    needs_strace()
    path = three_deal_game(tmp_path)
    before = path.read_bytes()
    args = [sys.executable, "-m", "pulka", "play", str(path)]
    run = {"env": env(PULKA_SNAPSHOTS="off"), "input": PLAYED.encode()}
    calls = strace_log(args, "write", tmp_path / "trace", **run)
    total = sum(" write(" in line for line in calls)
    assert total > 5
    disagreements = []
    for when in range(1, total + 1):
        path.write_bytes(before)
        done = strace_inject(args, "write", error, when, tmp_path / "log", **run)
        err = done.stderr.decode(errors="replace")
        recorded = numbers_in(path) == [1, 2, 3]
        if done.returncode in (0, 3):
            agrees = recorded or "nothing was recorded" in err
        else:
            agrees = not recorded and done.returncode in (2, 4)
        if not agrees or "Traceback" in err:
            disagreements.append((when, done.returncode, recorded, err[-300:]))
    assert disagreements == []
