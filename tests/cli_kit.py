"""What the CLI tests share: run a command in-process, and fingerprint a folder's files."""

from __future__ import annotations

import hashlib
from pathlib import Path

from click.testing import CliRunner, Result

from pulka.cli import cli


def run(*args: object) -> Result:
    """Run `pulka ARGS...` in-process (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, [str(a) for a in args])


def ok(*args: object) -> Result:
    """Run a command that must succeed."""
    result = run(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def digests(folder: Path) -> dict[str, str]:
    """The sha256 of every file under the folder (a refused command must leave them all)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(folder: Path, *args: object, needles: tuple[str, ...]) -> str:
    """Run a command that must be refused: exit 2, nothing on stdout, one message on stderr
    holding every needle, and every file under the folder as it was. Returns the stderr."""
    before = digests(folder)
    result = run(*args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.startswith(("error: ", "ошибка: ")), result.stderr
    errors = [line for line in result.stderr.splitlines()
              if "rror" in line or line.startswith("ошибка")]
    assert len(errors) == 1, result.stderr
    for needle in needles:
        assert needle in result.stderr, (needle, result.stderr)
    assert digests(folder) == before
    return result.stderr
