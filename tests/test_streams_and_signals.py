"""pulka as a real process: its output stream closed or full, names typed in a C locale
without UTF-8 mode, and Ctrl-C after a recorded deal or while pulka starts. Each ends in one
line and a status that says what happened, never a traceback, and leaves the files as they
were unless the command finished.

Found by attacking the CLI; each test failed before its fix.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import digests, ok

DEAL = ("Вера", "6s", "6", "Аня", "whist", "2", "Борис", "whist", "2")


def game(folder: Path) -> Path:
    path = folder / "g.pulka"
    ok("new", path, "--players", "Аня", "Борис", "Вера")
    return path


def pulka_process(args: list[str], cwd: Path, env: dict[str, str] | None = None,
                  **streams: object) -> subprocess.CompletedProcess[bytes]:
    """`python -m pulka` in a real process, this worktree's pulka first on the path."""
    root = str(Path(__file__).resolve().parent.parent)
    full = {**os.environ, "PYTHONPATH": root, **(env or {})}
    streams.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "pulka", *args], cwd=cwd, env=full,
                          stderr=subprocess.PIPE, timeout=60, **streams)


@pytest.mark.parametrize("option", ["--help", "--version"])
@pytest.mark.parametrize("where", ["closed", "full"])
def test_help_to_a_closed_or_full_stdout_is_one_message_and_status_4(tmp_path, option, where):
    # Before: a traceback (OutputError from click's eager option) and exit status 120.
    if where == "full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    before = digests(tmp_path)
    if where == "closed":
        done = pulka_process([option], tmp_path, stdout=None, pass_fds=(),
                             preexec_fn=lambda: os.close(1))
    else:
        with open("/dev/full", "wb") as full:
            done = pulka_process([option], tmp_path, stdout=full)
    message = done.stderr.decode().strip()
    assert done.returncode == 4, message
    assert "Traceback" not in message and len(message.splitlines()) == 1, message
    assert message.startswith("pulka: cannot write the output"), message
    assert digests(tmp_path) == before


def test_names_typed_in_a_c_locale_without_utf8_mode_are_read_as_utf8(tmp_path):
    # Before: with LC_ALL=C and PYTHONUTF8=0, `Вера` arrived as surrogates and was refused
    # as "not at the table" (and `fix` likewise). A refusal still names the file and deal.
    path = game(tmp_path)
    env = {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    done = pulka_process(["add", str(path), *DEAL], tmp_path, env=env)
    assert done.returncode == 0, done.stderr.decode()
    assert "Вера 6s 6" in path.read_text(encoding="utf-8")
    before = digests(tmp_path)
    done = pulka_process(["add", str(path), "Ёлка", "6s", "6"], tmp_path, env=env)
    message = done.stderr.decode("utf-8").strip()
    assert done.returncode == 2 and done.stdout == b"", message
    assert message.startswith(f"error: {path}: deal 2:") and "Ёлка" in message, message
    assert "Traceback" not in message and len(message.splitlines()) == 1, message
    assert digests(tmp_path) == before


AFTER_THE_COMMAND = """
import os, signal, sys
sys.argv = ["pulka", *sys.argv[1:]]
from pulka import _start
try:
    _start.main()
except SystemExit as done:
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C once the command is over
    sys.exit(done.code)
"""

WHILE_STARTING = """
import sys
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "pulka.cli":
            raise KeyboardInterrupt  # Ctrl-C while pulka's modules load
sys.meta_path.insert(0, Interrupt())
from pulka import _start
_start.main()
"""


def _python(code: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    root = str(Path(__file__).resolve().parent.parent)
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, timeout=60,
                          env={**os.environ, "PYTHONPATH": root}, capture_output=True)


def test_ctrl_c_after_a_recorded_deal_keeps_its_status_and_says_nothing_more(tmp_path):
    # Before: a Ctrl-C in Python's shutdown, after `add` had recorded and reported the deal,
    # killed the process (status -2, or a traceback): "nothing acknowledged", yet written.
    path = game(tmp_path)
    done = _python(AFTER_THE_COMMAND, ["add", str(path), *DEAL], tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b"" and b"deal 1" in done.stdout
    assert path.read_text(encoding="utf-8").count("Вера 6s 6") == 1


def test_ctrl_c_while_pulka_starts_is_one_line_and_status_130(tmp_path):
    # Before: a traceback from the import of pulka.cli.
    path = game(tmp_path)
    before = digests(tmp_path)
    done = _python(WHILE_STARTING, ["add", str(path), *DEAL], tmp_path)
    assert done.returncode == 130, done.stderr.decode()
    assert done.stderr.decode().strip() == "pulka: interrupted" and done.stdout == b""
    assert digests(tmp_path) == before
