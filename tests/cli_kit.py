"""What the CLI tests share: run a command in-process, and fingerprint a folder's files."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from fractions import Fraction
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


def run_untraced(*args: object) -> Result:
    """Run `pulka ARGS...` in-process; a traceback (any exception but an exit) fails the test."""
    result = run(*args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"a traceback: {result.exception!r}") from result.exception
    return result


def digests(*folders: Path, head: int | None = None) -> dict[str, str]:
    """Every entry under the folders, by its path, to compare before and after a command that
    must change nothing: a file's sha256, a link's target, the kind of anything else (a
    folder, a FIFO: never opened). ``head``: only a file's first bytes are read, with its size
    (a sparse file of many GB)."""
    out: dict[str, str] = {}
    for folder in folders:
        for top, dirs, files in os.walk(folder):
            for name in sorted(dirs + files):
                path = os.path.join(top, name)
                mode = os.lstat(path).st_mode
                if stat.S_ISLNK(mode):
                    out[path] = "link to " + os.readlink(path)
                elif stat.S_ISREG(mode):
                    with open(path, "rb") as handle:
                        digest = hashlib.sha256(handle.read() if head is None else handle.read(head))
                    out[path] = digest.hexdigest() if head is None else (
                        f"{os.path.getsize(path)}:{digest.hexdigest()}")
                else:
                    out[path] = stat.filemode(mode)
    return out


def settle_json(path: Path) -> dict:
    """`pulka settle FILE --json`, which must leave every file beside the game as it was."""
    before = digests(path.parent)
    report = json.loads(ok("settle", path, "--json").stdout)
    assert digests(path.parent) == before
    return report


def exact(values: dict) -> dict[str, Fraction]:
    """The numbers of a JSON report (written as text or as numbers), exact."""
    return {k: Fraction(str(v)) for k, v in values.items()}


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


#: three names of thirty letters, two of them alike for twenty-two (the paper's hardest case)
LONG_NAMES = ("Александра-Констанция Петровна", "Александра-Констанция Ивановна",
              "Владимир-Святослав Мономахович")


def long_names_game(folder: Path) -> Path:
    """A Sochi game of the three long names with one deal (a whist each)."""
    journal = folder / "names.pulka"
    ok("new", journal, "--players", *LONG_NAMES, "--convention", "sochi")
    a, b, c = LONG_NAMES
    with journal.open("a", encoding="utf-8") as out:
        out.write(f'1. "{a}" 6s 6 "{b}" whist 2 "{c}" whist 2\n')
    return journal
