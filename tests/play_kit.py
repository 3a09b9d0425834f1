"""What the `pulka play` tests share: a session in a real pseudo-terminal, a journal's
header without its time stamp, and the sha256 of a file."""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def spawn(*args: object, cwd: Path, rows: int = 24, columns: int = 80, root: Path = ROOT,
          env: dict[str, str] | None = None) -> Any:
    """`pulka ARGS` in a pseudo-terminal (prompt_toolkit reads the lines), the pulka of
    ``root`` (this checkout, or a copy), with ``env`` added; skipped without pexpect. The
    timeout only keeps a broken session from hanging the run."""
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("prompt_toolkit")
    environ = {**os.environ, "PYTHONPATH": str(root), "TERM": "xterm", "NO_COLOR": "1",
               "PROMPT_TOOLKIT_NO_CPR": "1", **(env or {})}
    for name in ("PULKA_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "COLUMNS", "LINES"):
        environ.pop(name, None)
    environ["LANG"] = "C.UTF-8"
    child = pexpect.spawn(sys.executable, ["-m", "pulka", *map(str, args)], env=environ,
                          cwd=str(cwd), encoding="utf-8", dimensions=(rows, columns), timeout=60)
    if os.environ.get("PULKA_PLAY_LOG"):  # what the session showed, to look at a failure
        child.logfile_read = open(os.environ["PULKA_PLAY_LOG"], "a", encoding="utf-8")
    return child


def finished(child: Any) -> int:
    """Wait for the end of the session; its exit status."""
    import pexpect

    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus if child.exitstatus is not None else -1)


def header(path: Path) -> list[str]:
    """A journal's header lines (up to the first deal) without its ``created`` line."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return [line for line in lines if not line.startswith("created ")]


def created_lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("created ")]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
