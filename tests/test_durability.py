"""A recorded deal survives a crash and a second writer (issue: nothing lost).

These tests run real processes: a writer killed with SIGKILL at random moments, and two
writers appending to one journal at once.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pulka import journal, recorder
from pulka.cli import cli
from pulka.errors import JournalError
from pulka.journal.commit import Locked

PLAYERS = ["Аня", "Борис", "Вера"]

WRITER = textwrap.dedent("""
    import sys
    from pulka.cli import cli
    path, count, deal = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    for _ in range(count):
        code = cli.main(["add", "--again", path, deal], standalone_mode=False)
        sys.stdout.flush()
        if code:
            sys.exit(code)
""")


def new_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.pulka"
    result = CliRunner().invoke(cli, ["new", str(path), "--players", *PLAYERS, "--pulya",
                                      "100000", "--set", "end=manual"])
    assert result.exit_code == 0, result.output
    return path


def writer(path: Path, count: int, deal: str, **env: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(count), deal],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **env})


def reported(stdout: str) -> list[int]:
    """Deal numbers the writer said it had written ("deal 12. ...")."""
    return [int(line.split()[1].rstrip(".")) for line in stdout.splitlines()
            if line.startswith("deal ")]


def numbers_in(path: Path) -> list[int]:
    return [entry.number for entry in journal.read(path).game().entries]


@pytest.mark.slow  # a campaign of writers killed or racing: the exhaustive tier
def test_sigkill_at_random_moments_loses_no_reported_deal(tmp_path):
    path = new_game(tmp_path)
    rng = random.Random(20261129)
    written: list[int] = []
    kills = 0
    while len(written) < 500:
        proc = writer(path, 500 - len(written), "raspasy Аня 4 Борис 3 Вера 3")
        time.sleep(rng.uniform(0.05, 0.6))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        kills += 1
        written += reported(out)
        try:
            in_file = numbers_in(path)
        except JournalError as exc:  # a line cut off in the middle of its write
            assert "was cut off part-way" in str(exc)
            recorder.repair(path)
            in_file = numbers_in(path)
        # every deal the tool reported is there; at most one more (written, not yet reported)
        assert in_file[:len(written)] == written
        assert len(in_file) - len(written) in (0, 1)
        written = in_file
    assert kills > 3
    assert numbers_in(path) == list(range(1, len(written) + 1))


def test_a_torn_last_line_is_reported_and_repair_removes_only_it(tmp_path):
    path = new_game(tmp_path)
    runner = CliRunner()
    for _ in range(3):
        assert runner.invoke(cli, ["add", "--again", str(path), "raspasy А 4 Б 3 В 3"]).exit_code == 0
    sound = path.read_bytes()
    path.write_bytes(sound + "4. raspasy Аня 4 Бор".encode())  # a crash mid-write
    result = runner.invoke(cli, ["show", str(path)])
    lines = sound.count(b"\n") + 1
    assert result.exit_code == 2
    assert f"game.pulka:{lines}: the last line (line {lines}) was cut off part-way" in result.stderr
    result = runner.invoke(cli, ["add", "--again", str(path), "raspasy А 4 Б 3 В 3"])
    assert result.exit_code == 2 and path.read_bytes().startswith(sound)
    assert runner.invoke(cli, ["repair", str(path)]).exit_code == 0
    assert path.read_bytes() == sound
    assert runner.invoke(cli, ["add", "--again", str(path), "raspasy А 4 Б 3 В 3"]).exit_code == 0
    assert numbers_in(path) == [1, 2, 3, 4]


@pytest.mark.slow  # a campaign of writers killed or racing: the exhaustive tier
def test_two_writers_take_turns_and_lose_nothing(tmp_path):
    path = new_game(tmp_path)
    first = writer(path, 250, "raspasy Аня 4 Борис 3 Вера 3")
    second = writer(path, 250, "Аня misere 0")
    out1, err1 = first.communicate(timeout=600)
    out2, err2 = second.communicate(timeout=600)
    assert first.returncode == 0 and second.returncode == 0, err1 + err2
    mine, theirs = reported(out1), reported(out2)
    assert len(mine) == len(theirs) == 250
    game = list(journal.read(path).game().entries)
    assert [e.number for e in game] == list(range(1, 501))
    kinds = {e.number: e.deal.kind.value for e in game}
    assert {kinds[n] for n in mine} == {"raspasy"} and {kinds[n] for n in theirs} == {"contract"}
    body = path.read_text(encoding="utf-8").splitlines()
    assert all(line.endswith(("Вера 3", "misere 0")) for line in body if line[:1].isdigit())


def test_a_second_writer_waits_then_names_the_holder(tmp_path):
    path = new_game(tmp_path)
    before = path.read_bytes()
    with Locked(path):
        proc = writer(path, 1, "raspasy Аня 4 Борис 3 Вера 3", PULKA_LOCK_WAIT="0.3")
        _, err = proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert "another pulka is writing to this journal" in err
    if Path("/proc/locks").exists():
        assert f"pid {os.getpid()}" in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", [["repair"], ["add", "raspasy А 4 Б 3 В 3"]])
def test_no_rewrite_in_place(tmp_path, command):
    """Writes append (same inode, old bytes kept) or replace the file whole (repair)."""
    path = new_game(tmp_path)
    inode, before = path.stat().st_ino, path.read_bytes()
    result = CliRunner().invoke(cli, [command[0], str(path), *command[1:]])
    assert result.exit_code == 0
    assert path.read_bytes().startswith(before)
    assert path.stat().st_ino == inode  # nothing to repair: the file is left alone


@pytest.mark.slow  # a campaign of writers killed or racing: the exhaustive tier
def test_kills_replacements_and_a_full_disk_lose_no_reported_deal(tmp_path):
    """The attack harness's loop (issue 9): writers killed, the journal replaced by rename
    (by a tool that takes the lock, and by one that does not, while the writer is stopped),
    the disk filled (on a small tmpfs, where one can be mounted). At every turn each deal the
    tool reported is in the file at the path, and no line is torn but by a kill."""
    import fcntl

    from faults_kit import fill, mount_tmpfs, replace_by_rename, unmount

    try:
        folder = mount_tmpfs(tmp_path / "mnt", "2m")
        mounted = True
    except pytest.skip.Exception:
        folder, mounted = tmp_path, False
    try:
        path = new_game(folder)
        rng = random.Random(20261201)
        reported_ever: list[int] = []
        unreported_allowed = 0
        actions = ["kill", "replace", "stop-replace"] + (["full"] if mounted else [])
        seen: set[str] = set()
        for turn in range(16):  # bounded: 16 turns of at most 30 deals
            action = actions[turn % len(actions)] if turn < len(actions) else rng.choice(actions)
            seen.add(action)
            proc = writer(path, 30, "raspasy Аня 4 Борис 3 Вера 3")
            if action == "kill":
                time.sleep(rng.uniform(0.05, 0.5))
                proc.send_signal(signal.SIGKILL)
                unreported_allowed += 1
            elif action == "replace":  # a sync tool that takes the lock, then renames
                for _ in range(5):
                    time.sleep(rng.uniform(0.02, 0.1))
                    fd = os.open(path, os.O_RDONLY)
                    fcntl.flock(fd, fcntl.LOCK_EX)
                    replace_by_rename(path, path.read_bytes())
                    os.close(fd)
            elif action == "stop-replace":  # an editor that ignores the lock
                for _ in range(5):
                    time.sleep(rng.uniform(0.02, 0.1))
                    if proc.poll() is not None:
                        break
                    proc.send_signal(signal.SIGSTOP)
                    replace_by_rename(path, path.read_bytes())
                    proc.send_signal(signal.SIGCONT)
                    unreported_allowed += 1  # a line written, not yet reported, copied along
            else:  # the disk fills up under the writer, then has room again
                time.sleep(rng.uniform(0.05, 0.3))
                filler = fill(folder)
                proc.wait(timeout=600)
                filler.unlink()
            out, err = proc.communicate(timeout=600)
            assert "Traceback" not in err, err
            if proc.returncode not in (0, -signal.SIGKILL):
                assert action == "full", (action, err)
                assert "cannot write the journal" in err and "nothing was recorded" in err, err
            reported_ever += reported(out)
            # a number said twice: the first deal of that number went to a replaced file
            assert len(set(reported_ever)) == len(reported_ever), (action, reported_ever)
            try:
                in_file = numbers_in(path)
            except JournalError as exc:  # a line cut off: only a kill may leave one
                assert action == "kill" and "was cut off part-way" in str(exc), (action, exc)
                recorder.repair(path)
                in_file = numbers_in(path)
            assert in_file == list(range(1, len(in_file) + 1))
            assert set(reported_ever) <= set(in_file), (action, reported_ever, in_file)
            assert len(in_file) - len(reported_ever) <= unreported_allowed
        assert seen == set(actions)
        assert path.read_bytes().endswith(b"\n")
    finally:
        if mounted:
            unmount(folder)
