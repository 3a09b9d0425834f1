"""An acknowledged deal is always in the journal, and nothing fails after the write without
saying so (issue 9).

Each case runs the command line (CliRunner in-process where a fault is simulated, a real
`python -m pulka` where a real process is needed: locks, signals, consoles, closed pipes) and
checks the exit status, the located message, and the sha256 of every file before and after.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from cli_kit import digests
from click.testing import CliRunner
from faults_kit import fill, mount_tmpfs, replace_by_rename, unmount

from pulka import journal
from pulka.cli import cli
from pulka.journal import writing

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Аня", "Борис", "Вера"]
DEAL = ["Аня", "6s", "6", "Борис", "whist", "2", "Вера", "whist", "2"]
RASPASY = ["raspasy", "Аня", "4", "Борис", "3", "Вера", "3"]

#: holds the flock on a file until its stdin closes (a second pulka, or a tool that locks)
HOLDER = textwrap.dedent("""
    import fcntl, os, sys
    fd = os.open(sys.argv[1], os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    print("locked", flush=True)
    sys.stdin.read()
""")


# -- helpers -------------------------------------------------------------------------------

def new_game(folder: Path, deals: int = 0) -> Path:
    path = folder / "g.pulka"
    runner = CliRunner()
    result = runner.invoke(cli, ["new", str(path), "--players", *PLAYERS, "--set", "end=manual",
                                 "--pulya", "100000"])
    assert result.exit_code == 0, result.output
    for _ in range(deals):
        assert runner.invoke(cli, ["add", "--again", str(path), *RASPASY]).exit_code == 0
    return path


def numbers_in(path: Path) -> list[int]:
    return [entry.number for entry in journal.read(path).game().entries]


def env(**extra: str) -> dict[str, str]:
    here = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": str(ROOT) + (os.pathsep + here if here else ""),
            **extra}


def pulka(*args: str, **popen: object) -> subprocess.Popen:
    """A real `python -m pulka` process (the caller communicates)."""
    popen.setdefault("stdout", subprocess.PIPE)
    popen.setdefault("stderr", subprocess.PIPE)
    popen.setdefault("env", env())
    return subprocess.Popen([sys.executable, "-m", "pulka", *args], **popen)  # type: ignore[call-overload]


def holder(path: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "locked\n"
    return proc


def release(proc: subprocess.Popen) -> None:
    assert proc.stdin is not None
    proc.stdin.close()
    proc.wait(timeout=60)


def wait_until_open(pid: int, path: Path) -> None:
    """Until process ``pid`` has ``path`` open (it is then waiting for the lock)."""
    if not Path(f"/proc/{pid}/fd").is_dir():
        pytest.skip("needs /proc to see a process's open files")
    target = str(path.resolve())
    for _ in range(3000):  # bounded: a few seconds of polls at most
        try:
            links = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        except OSError:
            links = set()
        if target in links:
            return
        time.sleep(0.005)
    raise AssertionError(f"pid {pid} never opened {path}")


def assert_refused(result, before: dict[str, str], folder: Path, *needles: str) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == ""
    for needle in needles:
        assert needle in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert digests(folder) == before


def pad_to_page_end(path: Path, room: int) -> None:
    """A comment that leaves only ``room`` bytes before the file's next 4 KiB page."""
    size = path.stat().st_size
    need = (-size - room) % 4096
    if need < 3:
        need += 4096
    with open(path, "ab") as handle:
        handle.write(b";" + b"." * (need - 2) + b"\n")
    assert (path.stat().st_size + room) % 4096 == 0


WRITERS = {
    "add": lambda p: ["add", "--again", str(p), *DEAL],
    "fix": lambda p: ["fix", str(p), "1", *DEAL],
    "void": lambda p: ["void", str(p), "1"],
    "undo": lambda p: ["undo", str(p)],
}


# -- the journal replaced or deleted while add waits for the lock or holds it ---------------

@pytest.mark.parametrize("how", ["rename", "delete"])
def test_journal_replaced_while_add_waits_for_the_lock(tmp_path, how):
    path = new_game(tmp_path, deals=1)
    old = tmp_path / "old.pulka"
    os.link(path, old)  # keeps the old file reachable, to see that it is left alone
    old_bytes = path.read_bytes()
    lock = holder(path)
    try:
        proc = pulka("add", "--again", str(path), *DEAL, env=env(PULKA_LOCK_WAIT="60"))
        wait_until_open(proc.pid, path)
        if how == "rename":
            replace_by_rename(path, old_bytes + f"2. {' '.join(DEAL)}\n".encode())
        else:
            path.unlink()
    finally:
        release(lock)
    out, err = proc.communicate(timeout=120)
    assert old.read_bytes() == old_bytes  # nothing went into the file that is gone
    assert b"Traceback" not in err
    if how == "rename":  # landed in the new file, and said so
        assert proc.returncode == 0, err
        assert out.decode().startswith("deal 3. Аня 6s 6")
        assert numbers_in(path) == [1, 2, 3]
    else:  # refused clearly, and said nothing of a deal
        assert proc.returncode == 2
        assert out == b""
        assert f"{path}: cannot open the journal for writing: No such file or directory" in \
            err.decode()
        assert not path.exists()


def _replace_during(monkeypatch, path: Path, times: int, delete: bool = False) -> list[int]:
    """The journal is replaced (or deleted) between the read and the append, ``times`` times."""
    calls: list[int] = []
    real = journal.check_line

    def check_then_replace(j, line):
        real(j, line)
        if len(calls) < times:
            calls.append(1)
            if delete:
                path.unlink()
            else:
                replace_by_rename(path, path.read_bytes())

    monkeypatch.setattr(writing, "check_line", check_then_replace)
    return calls


def test_journal_replaced_while_add_holds_the_lock_goes_into_the_new_file(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    old = tmp_path / "old.pulka"
    os.link(path, old)
    old_bytes = old.read_bytes()
    calls = _replace_during(monkeypatch, path, times=1)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert result.exit_code == 0, result.output
    assert calls == [1]
    assert result.stdout.startswith("deal 2. Аня 6s 6")
    assert numbers_in(path) == [1, 2]
    assert old.read_bytes() == old_bytes  # the replaced file did not get the deal


def test_journal_replaced_again_and_again_is_refused(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    _replace_during(monkeypatch, path, times=100)
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert_refused(result, before, tmp_path, f"{path}: the journal was replaced or deleted "
                   "while the deal was being checked; nothing was written")


def test_journal_deleted_while_add_holds_the_lock_is_refused(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    old = tmp_path / "old.pulka"
    os.link(path, old)
    _replace_during(monkeypatch, path, times=1, delete=True)
    before = {k: v for k, v in digests(tmp_path).items() if k != str(path)}
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert_refused(result, before, tmp_path,
                   f"{path}: cannot open the journal for writing: No such file or directory")


def test_journal_replaced_during_the_write_is_taken_back_and_redone(tmp_path, monkeypatch):
    """A rename between the write and its fsync: the old file is cut back, the deal goes
    into the file now at the path."""
    path = new_game(tmp_path, deals=1)
    old = tmp_path / "old.pulka"
    os.link(path, old)
    old_bytes = old.read_bytes()
    real = os.fsync
    done: list[int] = []

    def fsync_after_a_rename(fd):
        if not done and os.fstat(fd).st_ino == old.stat().st_ino:
            done.append(1)
            replace_by_rename(path, old_bytes)  # the editor saved what it had read
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync_after_a_rename)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert result.exit_code == 0, result.output
    assert done == [1]
    assert result.stdout.startswith("deal 2. ")
    assert numbers_in(path) == [1, 2]
    assert old.read_bytes() == old_bytes


# -- files that cannot be written: refused before anything is done -------------------------

@pytest.mark.parametrize("command", sorted(WRITERS))
def test_read_only_journal(tmp_path, command):
    path = new_game(tmp_path, deals=1)
    path.chmod(0o444)
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, WRITERS[command](path))
    assert_refused(result, before, tmp_path, f"{path}: the journal is read-only")


def test_journal_is_a_directory(tmp_path):
    folder = tmp_path / "g.pulka"
    folder.mkdir()
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["add", "--again", str(folder), *DEAL])
    assert_refused(result, before, tmp_path, "g.pulka", "Is a directory")


def test_journal_behind_a_symlink_to_a_directory(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "g.pulka").symlink_to(tmp_path / "folder")
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["add", "--again", str(tmp_path / "g.pulka"), *DEAL])
    assert_refused(result, before, tmp_path, "g.pulka", "Is a directory")


def test_journal_in_a_missing_folder(tmp_path):
    path = tmp_path / "nowhere" / "g.pulka"
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert_refused(result, before, tmp_path,
                   f"{path}: cannot open the journal for writing: No such file or directory")
    assert not path.parent.exists()


@pytest.mark.parametrize("name", ["/proc/version", "/proc/self/status", "/proc/no-such/g.pulka"])
def test_a_proc_path(tmp_path, name):
    if not Path("/proc/version").exists():
        pytest.skip("no /proc here")
    before = Path("/proc/version").read_bytes()
    result = CliRunner().invoke(cli, ["add", name, *DEAL])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {name}: ")
    assert any(word in result.stderr for word in ("read-only", "cannot open the journal"))
    assert Path("/proc/version").read_bytes() == before


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL])
def test_a_file_system_without_locks(tmp_path, monkeypatch, code):
    path = new_game(tmp_path, deals=1)
    before = digests(tmp_path)

    def no_locks(fd, operation):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(fcntl, "flock", no_locks)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert_refused(result, before, tmp_path,
                   f"{path}: this file system cannot lock the journal ({os.strerror(code)})")


def test_a_read_only_mount(tmp_path):
    mnt = mount_tmpfs(tmp_path / "mnt", "1m")
    try:
        path = new_game(mnt, deals=1)
        done = subprocess.run(["mount", "-o", "remount,ro", str(mnt)], capture_output=True)
        if done.returncode:
            pytest.skip("cannot remount read-only here")
        before = digests(mnt)
        result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
        assert_refused(result, before, mnt,
                       f"{path}: cannot open the journal for writing: Read-only file system")
    finally:
        unmount(mnt)


# -- a failed append is rolled back to the exact old bytes ----------------------------------

@pytest.mark.parametrize("room", [0, 7])
def test_disk_full_mid_append_on_a_small_tmpfs(tmp_path, room):
    """``room`` bytes left before the next page, and no page free: the line does not fit
    (7: a part of it is written, then cut back)."""
    mnt = mount_tmpfs(tmp_path / "mnt", "256k")
    try:
        path = new_game(mnt, deals=2)
        pad_to_page_end(path, room)
        fill(mnt)
        before = digests(mnt)
        result = CliRunner().invoke(cli, ["add", "--again", str(path), *RASPASY])
        assert_refused(result, before, mnt, f"{path}: cannot write the journal: ",
                       "nothing was recorded")
        assert (f"only {room} of " if room else "No space left on device") in result.stderr
        # the disk has room again: the same deal goes in
        (mnt / "filler").unlink()
        assert CliRunner().invoke(cli, ["add", "--again", str(path), *RASPASY]).exit_code == 0
        assert numbers_in(path) == [1, 2, 3]
    finally:
        unmount(mnt)


def _journal_fd_only(path: Path, fault):
    """A stand-in for an os function that faults on the journal's file only."""
    inode = path.stat().st_ino

    def wrapped(real):
        def call(fd, *args):
            if os.fstat(fd).st_ino == inode:
                return fault(real, fd, *args)
            return real(fd, *args)
        return call
    return wrapped


def test_fsync_failing_is_rolled_back(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    before = digests(tmp_path)
    failed: list[int] = []

    def fault(real, fd):
        if not failed:
            failed.append(1)
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real(fd)

    monkeypatch.setattr(os, "fsync", _journal_fd_only(path, fault)(os.fsync))
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert failed == [1]
    assert_refused(result, before, tmp_path, f"{path}: the line was written but could not be "
                   "saved to disk (fsync: Input/output error); it was taken back, so nothing "
                   "was recorded")


def test_a_short_write_is_cut_back(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    before = digests(tmp_path)

    def half(real, fd, data):
        return real(fd, data[:len(data) // 2])

    monkeypatch.setattr(os, "write", _journal_fd_only(path, half)(os.write))
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert_refused(result, before, tmp_path, f"{path}: cannot write the journal: only ",
                   "the part written was removed, nothing was recorded")


def test_a_write_error_is_told(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    before = digests(tmp_path)

    def eio(real, fd, data):
        real(fd, data[:5])  # a part reached the file before the error
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "write", _journal_fd_only(path, eio)(os.write))
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert_refused(result, before, tmp_path,
                   f"{path}: cannot write the journal: Input/output error; nothing was recorded")


def test_when_the_write_cannot_be_undone_the_player_is_told(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    old = path.read_bytes()

    def half(real, fd, data):
        return real(fd, data[:10])

    def no_truncate(fd, size):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "write", _journal_fd_only(path, half)(os.write))
    monkeypatch.setattr(os, "ftruncate", no_truncate)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{path}: cannot write the journal (the disk is full), and the part written could " \
           "not be removed (Input/output error)" in result.stderr
    assert f"pulka repair {path}" in result.stderr
    assert path.read_bytes() == old + f"2. {' '.join(DEAL)}".encode()[:10]  # as it says
    monkeypatch.undo()
    assert CliRunner().invoke(cli, ["repair", str(path)]).exit_code == 0
    assert path.read_bytes() == old


# -- PULKA_LOCK_WAIT ------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["soon", "-1", "", " ", "nan", "inf", "1e3", "0x10", "5s"])
def test_bad_lock_wait(tmp_path, value):
    path = new_game(tmp_path, deals=1)
    before = digests(tmp_path)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL], env={"PULKA_LOCK_WAIT": value})
    assert_refused(result, before, tmp_path, "PULKA_LOCK_WAIT: must be a number of seconds, 0 "
                   f"or more (like 5 or 0.5), not {value!r}")


@pytest.mark.parametrize("value", ["0", "0.5", "3", " 2 ", ".25"])
def test_good_lock_wait(tmp_path, value):
    path = new_game(tmp_path, deals=1)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL], env={"PULKA_LOCK_WAIT": value})
    assert result.exit_code == 0, result.output
    assert numbers_in(path) == [1, 2]


# -- after the write: always "deal N was recorded", never a crash ---------------------------

RECORDED = "pulka: deal 2 was recorded in {path}"


def test_stdout_to_dev_full_after_the_write(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    path = new_game(tmp_path, deals=1)
    with open("/dev/full", "w") as full:
        proc = pulka("add", "--again", str(path), *DEAL, stdout=full)
        _, err = proc.communicate(timeout=120)
    text = err.decode()
    assert proc.returncode == 3, text
    assert text == f"{RECORDED.format(path=path)}, but its report could not be shown: No " \
                   "space left on device\n"
    assert numbers_in(path) == [1, 2]


def test_a_closed_pipe_after_the_write(tmp_path):
    path = new_game(tmp_path, deals=1)
    proc = pulka("add", "--again", str(path), *DEAL)
    assert proc.stdout is not None
    proc.stdout.close()  # the reader is gone before pulka writes a word
    err = proc.stderr.read().decode()  # type: ignore[union-attr]
    proc.wait(timeout=120)
    assert proc.returncode == 3, err
    assert err == f"{RECORDED.format(path=path)}, but its report could not be shown: Broken " \
                  "pipe\n"
    assert numbers_in(path) == [1, 2]


@pytest.mark.parametrize("command", ["add", "fix", "void", "undo"])
def test_stdout_closed_entirely(tmp_path, command):
    if shutil.which("bash") is None:
        pytest.skip("needs bash to close stdout")
    path = new_game(tmp_path, deals=1)
    args = " ".join(f"'{a}'" for a in WRITERS[command](path))
    proc = subprocess.run(["bash", "-c", f"exec '{sys.executable}' -m pulka {args} >&-"],
                          capture_output=True, env=env(), timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 3, err
    said = {"add": "deal 2 was recorded", "fix": "the fix of deal 1 was recorded",
            "void": "void 1 (deal 1 taken back) was recorded",
            "undo": "void 1 (deal 1 taken back) was recorded"}[command]
    assert err == f"pulka: {said} in {path}, but its report could not be shown: standard " \
                  "output is closed\n"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[-1].startswith({"add": "2. ", "fix": "fix 1 ", "void": "void 1",
                                 "undo": "void 1"}[command])


def test_ctrl_c_after_the_write_says_it_was_recorded(tmp_path, monkeypatch):
    from pulka.cli import record

    path = new_game(tmp_path, deals=1)

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(record, "_report", interrupted)
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert result.exit_code == 3
    assert result.stderr == f"{RECORDED.format(path=path)}; interrupted before its report " \
                            "was shown\n"
    assert numbers_in(path) == [1, 2]


def test_ctrl_c_while_waiting_for_the_lock(tmp_path):
    path = new_game(tmp_path, deals=1)
    before = digests(tmp_path)
    lock = holder(path)
    try:
        proc = pulka("add", "--again", str(path), *DEAL, env=env(PULKA_LOCK_WAIT="60"),
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        wait_until_open(proc.pid, path)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        release(lock)
    assert proc.returncode == 130, err
    assert out == b""
    assert err.decode() == f"pulka: interrupted; nothing was recorded in {path}\n"
    assert digests(tmp_path) == before


def test_read_only_commands_on_a_closed_pipe_stop_quietly(tmp_path):
    path = new_game(tmp_path, deals=3)
    before = digests(tmp_path)
    proc = pulka("show", str(path), "--deals")
    proc.stdout.close()  # type: ignore[union-attr]
    err = proc.stderr.read()  # type: ignore[union-attr]
    proc.wait(timeout=120)
    assert proc.returncode == 141
    assert err == b""
    assert digests(tmp_path) == before


@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
def test_read_only_commands_say_when_the_output_cannot_be_written(tmp_path, redirect):
    if shutil.which("bash") is None:
        pytest.skip("needs bash to redirect stdout")
    if redirect == ">/dev/full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    path = new_game(tmp_path, deals=3)
    before = digests(tmp_path)
    proc = subprocess.run(["bash", "-c", f"exec '{sys.executable}' -m pulka show '{path}' "
                                         f"{redirect}"], capture_output=True, env=env(),
                          timeout=120)
    cause = "No space left on device" if "full" in redirect else "standard output is closed"
    assert proc.returncode == 4
    assert proc.stderr.decode() == f"pulka: cannot write the output: {cause}\n"
    assert digests(tmp_path) == before


# -- consoles that cannot show every character ----------------------------------------------

CONSOLES = {
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "cp1251": {"PYTHONIOENCODING": "cp1251"},
    "cp866": {"PYTHONIOENCODING": "cp866"},
    "LANG=C": {"LANG": "C", "LC_ALL": "C"},
    "LANG=C, no UTF-8 mode": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0",
                              "PYTHONCOERCECLOCALE": "0"},
}


@pytest.mark.parametrize("console", sorted(CONSOLES))
def test_a_console_that_lacks_arrows_and_suits(tmp_path, console):
    path = new_game(tmp_path, deals=1)
    deal = DEAL
    if "no UTF-8" in console:  # argv is not read as UTF-8 there: a game with Latin names
        latin = {"Аня": "Anya", "Борис": "Boris", "Вера": "Vera"}
        path.write_text(path.read_text(encoding="utf-8").replace(
            "players Аня Борис Вера", "players Anya Boris Vera").replace(
            "Аня", "Anya").replace("Борис", "Boris").replace("Вера", "Vera"), encoding="utf-8")
        deal = [latin.get(word, word) for word in DEAL]
    run_env = env()
    for key in ("PYTHONIOENCODING", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONUTF8"):
        run_env.pop(key, None)
    run_env.update(CONSOLES[console])
    encoding = CONSOLES[console].get("PYTHONIOENCODING")
    for args in (["add", "--again", str(path), *deal], ["fix", str(path), "2", *deal],
                 ["show", str(path)], ["settle", str(path), "--explain"]):
        proc = subprocess.run([sys.executable, "-m", "pulka", *args], capture_output=True,
                              env=run_env, timeout=120)
        assert proc.returncode == 0, (args, proc.stderr.decode(errors="replace"))
        assert proc.stderr == b"", args
        if encoding in ("cp1251", "cp866"):
            text = proc.stdout.decode(encoding)  # strictly: every byte is the console's
            if args[0] in ("add", "fix"):
                assert "Борис -> Аня whists +4  (2 tricks on 6s)" in text
            if args[0] == "settle":
                assert " x " in text
    assert numbers_in(path) == [1, 2]
    assert path.read_text(encoding="utf-8").splitlines()[-1] == f"fix 2 {' '.join(deal)}"


def test_when_the_cut_back_cannot_be_saved_the_player_is_told(tmp_path, monkeypatch):
    path = new_game(tmp_path, deals=1)
    before = digests(tmp_path)

    def eio(real, fd):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", _journal_fd_only(path, eio)(os.fsync))
    result = CliRunner().invoke(cli, ["add", "--again", str(path), *DEAL])
    assert_refused(result, before, tmp_path, f"{path}: cannot write the journal (Input/output "
                   "error); it was cut back to what it was, but that could not be saved to "
                   "disk (Input/output error); nothing was recorded")
