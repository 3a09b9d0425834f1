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
